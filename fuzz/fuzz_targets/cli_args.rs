#![no_main]
//! The command line's grammar: any words after `ply` (subcommands, options and their
//! values: depths, ranges such as `gen --stones 4..14`, times, node budgets, thread counts, table sizes, algorithms, formats)
//! are read or refused, never a panic (clap checks its own definitions in debug builds,
//! so a conflicting definition fails here too).
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // Words separated by NUL, as the kernel hands them over; the first picks a command
    // half of the time, so the fuzzer reaches every subcommand's options quickly.
    let mut words: Vec<&str> = text.split('\0').collect();
    const COMMANDS: [&str; 9] = [
        "play", "solve", "count", "analyze", "tree", "grundy", "bench", "book", "gen",
    ];
    if let Some(first) = words.first_mut()
        && let Some(&byte) = first.as_bytes().first()
        && byte % 2 == 0
    {
        *first = COMMANDS[(byte as usize / 2) % COMMANDS.len()];
    }
    let _ = ply_cli::check_arguments(std::iter::once("ply").chain(words));
});
