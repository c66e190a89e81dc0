#![no_main]
//! Lines of a chess tuning set (`ply tune chess FILE`): a FEN and a result, read or
//! refused with a message that follows the policy, never a panic.
use libfuzzer_sys::fuzz_target;
use ply_fuzz::check_message;
use ply_games::chess::tune::parse_sample_line;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for line in text.lines() {
        if let Err(message) = parse_sample_line(line) {
            check_message(&message);
        }
    }
});
