#![no_main]
//! Any bytes read line by line (`ply solve connect4 --batch`, `ply bench`, the `play`
//! prompt: `ply_core::input::Lines`) or whole (`Input::read_text`: graph files) give
//! lines and texts that keep every promise, or errors, never a panic: each line is at
//! most its limit, holds no line break, passes the text policy and parses as a test-set
//! line or is refused; line numbers count every line; a whole text within its limit is
//! read back unchanged (less a leading byte-order mark).
use libfuzzer_sys::fuzz_target;
use ply_core::input::Input;
use ply_core::text::check_line;
use ply_games::Connect4;
use ply_games::connect4::score::parse_set_line;
use std::io::Cursor;

fuzz_target!(|data: &[u8]| {
    // The first byte picks the line limit, so that short limits are exercised too.
    let Some((&pick, bytes)) = data.split_first() else {
        return;
    };
    let limit = 1 + pick as usize % 64;
    let breaks = bytes.iter().filter(|&&b| b == b'\n').count();
    let input = Input::from_reader("fuzz", Cursor::new(bytes.to_vec()));
    let mut expected_number = 0;
    for line in input.lines(limit) {
        expected_number += 1;
        match line {
            Ok(line) => {
                assert_eq!(line.number, expected_number);
                assert!(line.text.len() <= limit, "{} > {limit}", line.text.len());
                assert!(!line.text.contains('\n'));
                assert!(check_line(&line.text, line.number).is_ok());
                let _ = parse_set_line(&Connect4::standard(), &line.text);
            }
            Err(error) => {
                assert_eq!(error.number, expected_number);
                assert!(
                    error
                        .to_string()
                        .starts_with(&format!("line {}", error.number))
                );
            }
        }
    }
    assert!(expected_number <= breaks + 1);

    let whole = Input::from_reader("fuzz", Cursor::new(bytes.to_vec())).read_text(256, "a test");
    match whole {
        Ok(text) => {
            let original = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
            assert_eq!(text.as_bytes(), original);
            assert!(ply_core::text::check_text(&text).is_ok());
        }
        Err(error) => assert!(error.to_string().starts_with("fuzz")),
    }
});
