#![no_main]
//! Algorithm names as people type them (`ply tree --algorithm`, read by
//! `Algorithm::from_str`): one of the three algorithms, whose own name reads back to
//! it, or an error that is one short line quoting the text escaped.
use libfuzzer_sys::fuzz_target;
use ply_core::Algorithm;
use ply_fuzz::check_message;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match text.parse::<Algorithm>() {
        Ok(algorithm) => {
            assert_eq!(algorithm.name().parse::<Algorithm>(), Ok(algorithm));
            // Case, `-` and `_` aside, the text is the name (or `ab`).
            let bare = text.to_ascii_lowercase().replace(['-', '_'], "");
            assert!(bare == algorithm.name() || bare == "ab", "{text:?}");
        }
        Err(message) => check_message(&message),
    }
});
