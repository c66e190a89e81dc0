#![no_main]
//! The text policy (`ply_core::text`) on any text: `check_text` and `check_line` refuse
//! exactly the first character that `refusal` names, at its line and column; `strip_bom`
//! takes one leading byte-order mark and nothing else; `excerpt` quotes at most 40
//! characters with every control and invisible character escaped, and quotes a plain
//! text as it is; `display_name` shows a short printable path whole, and anything else
//! as `excerpt` quotes it.
use libfuzzer_sys::fuzz_target;
use ply_core::input::{DISPLAY_NAME_CHARS, display_name};
use ply_core::text::{EXCERPT_CHARS, check_line, check_text, excerpt, refusal, strip_bom};

/// The line, column and message of the first character the policy refuses, worked
/// out directly.
fn first_refused(text: &str) -> Option<(usize, usize, String)> {
    text.split('\n').enumerate().find_map(|(index, line)| {
        line.chars()
            .enumerate()
            .find_map(|(column, c)| refusal(c).map(|message| (index + 1, column + 1, message)))
    })
}

/// True when `c` may be shown to a terminal as it is.
fn shown_raw(c: char) -> bool {
    refusal(c).is_none() && !matches!(c, '\t' | '\n' | '\r')
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };

    let expected = first_refused(text);
    let found = check_text(text)
        .err()
        .map(|e| (e.line, e.column, e.message));
    assert_eq!(found, expected);
    let shifted = check_line(text, 41)
        .err()
        .map(|e| (e.line, e.column, e.message));
    assert_eq!(
        shifted,
        expected.map(|(line, column, message)| (line + 40, column, message))
    );

    let stripped = strip_bom(text);
    match text.strip_prefix('\u{feff}') {
        Some(rest) => assert_eq!(stripped, rest),
        None => assert_eq!(stripped, text),
    }

    let quoted = excerpt(text);
    let inner = quoted
        .strip_prefix('\'')
        .and_then(|q| q.strip_suffix('\''))
        .expect("quoted");
    assert!(
        inner.chars().all(|c| shown_raw(c) || c == '\''),
        "{quoted:?}"
    );
    let length = text.chars().count();
    let plain: String = text.chars().take(EXCERPT_CHARS).collect();
    if plain.chars().all(shown_raw) {
        let ellipsis = if length > EXCERPT_CHARS { "…" } else { "" };
        assert_eq!(inner, format!("{plain}{ellipsis}"));
    }
    // `\u{10ffff}` is the longest escape: ten characters.
    assert!(
        inner.chars().count() <= EXCERPT_CHARS * 10 + 1,
        "{quoted:?}"
    );

    let name = display_name(text);
    assert!(name == text || name == quoted, "{name:?}");
    assert!(name.chars().all(|c| c == '\'' || shown_raw(c)), "{name:?}");
    if length <= DISPLAY_NAME_CHARS && text.chars().all(|c| c.is_ascii_graphic() || c == ' ') {
        assert_eq!(name, text);
    }
});
