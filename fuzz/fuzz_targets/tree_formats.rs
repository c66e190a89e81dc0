#![no_main]
//! Each tree reader on its own (`parse_text`, `parse_bracket`, `parse_json`, as a program
//! calls them, whatever the text looks like) and the leaf values they share
//! (`Decimal`): errors, never panics. An error is one short line whose place lies in
//! the text; a tree that is read writes back to its own format in a text that reads to
//! the same tree; `parse` agrees with the reader of the format it detects. A value that
//! is read prints back to itself and is the number a float reading of the text gives.
use libfuzzer_sys::fuzz_target;
use ply_fuzz::check_message;
use ply_tree::value::{Decimal, MAX_DECIMALS, MAX_SCALED, NumberError};
use ply_tree::{
    ExplicitTree, Format, JSON_MAX_DEPTH, LeafPerspective, Limits, ParseOptions, TreeError,
    detect_format, parse, parse_bracket, parse_json, parse_text,
};

/// Checks that `error` is one short line placed in `text` (line 0: the whole tree).
fn check_error(text: &str, error: &TreeError) {
    check_message(&error.to_string());
    if error.line == 0 {
        return;
    }
    let text = ply_core::text::strip_bom(text);
    let line = text.split('\n').nth(error.line as usize - 1);
    let Some(line) = line else {
        panic!("{error}: the text has {} lines", text.split('\n').count());
    };
    let columns = line.chars().count() as u32 + 1;
    assert!(
        error.column >= 1 && error.column <= columns,
        "{error}: line of {columns} columns"
    );
}

/// Checks that a number's text and its reading agree.
fn check_number(word: &str) {
    match word.parse::<Decimal>() {
        Ok(number) => {
            assert!(number.decimals <= MAX_DECIMALS && number.mantissa.abs() <= MAX_SCALED);
            assert_eq!(number.to_string().parse::<Decimal>(), Ok(number), "{word}");
            let float: f64 = word
                .replace('\u{2212}', "-")
                .parse()
                .expect("a float reads it too");
            let exact = number.mantissa as f64 / 10f64.powi(number.decimals as i32);
            assert!(
                (float - exact).abs() <= 1e-9 * exact.abs().max(1.0),
                "{word}: {exact}"
            );
        }
        Err(error) => {
            check_message(&error.to_string());
            if let NumberError::TooPrecise(_) | NumberError::TooLarge(_) = error {
                assert!(
                    word.replace('\u{2212}', "-").parse::<f64>().is_ok(),
                    "{error}"
                );
            }
        }
    }
}

/// `tree` written in `format` and read back by `reader`.
fn round_trip(tree: &ExplicitTree, format: Format, options: &ParseOptions) {
    match format {
        Format::Text => assert_eq!(parse_text(&tree.to_text(), options).as_ref(), Ok(tree)),
        Format::Bracket => assert_eq!(
            parse_bracket(&tree.to_bracket(), options).as_ref(),
            Ok(tree)
        ),
        Format::Json => {
            if tree.height() <= JSON_MAX_DEPTH {
                let json = serde_json::to_string(&tree.to_json()).expect("JSON");
                assert_eq!(parse_json(&json, options).as_ref(), Ok(tree));
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let perspective = if data.len().is_multiple_of(2) {
        LeafPerspective::Max
    } else {
        LeafPerspective::Mover
    };
    let options = ParseOptions {
        limits: Limits {
            max_nodes: 5_000,
            max_depth: 200,
        },
        perspective,
    };
    let detected = detect_format(ply_core::text::strip_bom(text));
    for (format, reader) in [
        (
            Format::Text,
            parse_text as fn(&str, &ParseOptions) -> Result<ExplicitTree, TreeError>,
        ),
        (Format::Bracket, parse_bracket),
        (Format::Json, parse_json),
    ] {
        let read = reader(text, &options);
        match &read {
            Ok(tree) => round_trip(tree, format, &options),
            Err(error) => check_error(text, error),
        }
        if format == detected {
            assert_eq!(
                parse(text, &options),
                read,
                "parse agrees with the {format:?} reader"
            );
        }
    }
    check_number(text);
    for word in text.split([' ', '\n', '(', ')', '=', ',']).take(20) {
        check_number(word);
    }
});
