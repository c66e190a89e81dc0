//! One policy for every text ply reads (tree files, graph files, test sets, positions,
//! moves, game specs) and for the pieces of it that ply writes back in messages.
//!
//! **What a text may contain.** A UTF-8 byte-order mark (U+FEFF) at the very start of
//! a file is skipped: editors on some systems write one. Anywhere else, ply refuses:
//!
//! * control characters (Unicode category Cc: U+0000-U+001F, U+007F-U+009F), except
//!   tab, line feed and carriage return, which are white space;
//! * invisible formatting characters that would make two texts that look the same
//!   read differently: a byte-order mark after the start, zero-width spaces and
//!   joiners, bidirectional controls, the soft hyphen and the like (see [`invisible_name`]).
//!
//! The refusal names the line and column (both from 1, columns in characters), so a
//! person can find the character their editor does not show.
//!
//! **What ply echoes.** Messages quote user input through [`excerpt`]: at most
//! [`EXCERPT_CHARS`] characters, control and invisible characters escaped, so that a
//! 100 MB line or a terminal escape sequence never reaches the terminal whole.
//!
//! ```
//! use ply_core::text::{check_text, excerpt, strip_bom};
//!
//! assert_eq!(strip_bom("\u{feff}(3 12 8)"), "(3 12 8)");
//! let error = check_text("root\n  a\u{200b} = 3\n").unwrap_err();
//! assert_eq!((error.line, error.column), (2, 4));
//! assert_eq!(error.to_string(), "2:4: invisible character U+200B (zero width space) is not allowed");
//! assert!(check_text("root\r\n\ta = 3\r\n").is_ok());
//! assert_eq!(excerpt("bell\u{7}"), "'bell\\u{7}'");
//! assert_eq!(excerpt(&"x".repeat(1000)).chars().count(), 2 + 40 + 1);
//! ```

use std::fmt;

/// The most characters of user input a message quotes (see [`excerpt`]).
pub const EXCERPT_CHARS: usize = 40;

/// A character a text may not contain, and where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextError {
    /// Line of the character, from 1.
    pub line: usize,
    /// Column of the character in characters, from 1.
    pub column: usize,
    /// What is wrong, without the position.
    pub message: String,
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for TextError {}

/// The text without a leading byte-order mark, if it has one.
#[inline]
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// The name of an invisible formatting character that ply refuses in its inputs,
/// or `None` for any other character.
pub fn invisible_name(c: char) -> Option<&'static str> {
    Some(match c {
        '\u{00ad}' => "soft hyphen",
        '\u{034f}' => "combining grapheme joiner",
        '\u{061c}' => "arabic letter mark",
        '\u{115f}' | '\u{1160}' => "hangul filler",
        '\u{17b4}' | '\u{17b5}' => "khmer inherent vowel",
        '\u{180e}' => "mongolian vowel separator",
        '\u{200b}' => "zero width space",
        '\u{200c}' => "zero width non-joiner",
        '\u{200d}' => "zero width joiner",
        '\u{200e}' => "left-to-right mark",
        '\u{200f}' => "right-to-left mark",
        '\u{2028}' => "line separator",
        '\u{2029}' => "paragraph separator",
        '\u{202a}'..='\u{202e}' => "bidirectional embedding",
        '\u{2060}' => "word joiner",
        '\u{2061}'..='\u{2064}' => "invisible operator",
        '\u{2066}'..='\u{2069}' => "bidirectional isolate",
        '\u{206a}'..='\u{206f}' => "deprecated format character",
        '\u{3164}' => "hangul filler",
        '\u{feff}' => "byte-order mark",
        '\u{ffa0}' => "halfwidth hangul filler",
        '\u{fff9}'..='\u{fffb}' => "interlinear annotation",
        '\u{1d173}'..='\u{1d17a}' => "musical format character",
        '\u{e0001}' | '\u{e0020}'..='\u{e007f}' => "tag character",
        _ => return None,
    })
}

/// Why `c` may not appear in a text ply reads, or `None` when it may.
pub fn refusal(c: char) -> Option<String> {
    if c.is_control() && !matches!(c, '\t' | '\n' | '\r') {
        return Some(format!(
            "control character U+{:04X} is not allowed",
            c as u32
        ));
    }
    invisible_name(c).map(|name| {
        format!(
            "invisible character U+{:04X} ({name}) is not allowed",
            c as u32
        )
    })
}

/// Checks a whole text (after [`strip_bom`]) against the policy of this module.
pub fn check_text(text: &str) -> Result<(), TextError> {
    check_from(text, 1)
}

/// [`check_text`] for one line of a larger input: errors say `line`.
pub fn check_line(text: &str, line: usize) -> Result<(), TextError> {
    check_from(text, line)
}

fn check_from(text: &str, first_line: usize) -> Result<(), TextError> {
    // The common case (plain ASCII without control characters) in one quick pass.
    if text
        .bytes()
        .all(|b| (0x20..0x7f).contains(&b) || matches!(b, b'\t' | b'\n' | b'\r'))
    {
        return Ok(());
    }
    let (mut line, mut column) = (first_line, 1);
    for c in text.chars() {
        if let Some(message) = refusal(c) {
            return Err(TextError {
                line,
                column,
                message,
            });
        }
        if c == '\n' {
            line += 1;
            column = 1;
        } else {
            column += 1;
        }
    }
    Ok(())
}

/// What a caught panic said (the payload of `std::panic::catch_unwind` or of a panic
/// hook): its text when it carries one, as `panic!` and failed assertions do, else
/// "a panic". Raw: quote it through [`excerpt`] before it reaches a message.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|text| text.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_string())
}

/// User input quoted for a message: in single quotes, at most [`EXCERPT_CHARS`]
/// characters (then `…`), control and invisible characters written as `\u{..}`.
pub fn excerpt(text: &str) -> String {
    let mut out = String::with_capacity(EXCERPT_CHARS + 8);
    out.push('\'');
    for (shown, c) in text.chars().enumerate() {
        if shown == EXCERPT_CHARS {
            out.push('…');
            break;
        }
        if refusal(c).is_some() || matches!(c, '\t' | '\n' | '\r') {
            out.push_str(&c.escape_unicode().to_string());
        } else {
            out.push(c);
        }
    }
    out.push('\'');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_controls_and_invisibles_with_their_place() {
        for (text, line, column) in [
            ("a\u{0}b", 1, 2),
            ("ab\ncd\u{7}", 2, 3),
            ("\u{feff}x", 1, 1), // not stripped: check_text sees the mark itself
            ("x\u{feff}", 1, 2),
            ("é\u{202e}", 1, 2),
            ("\u{85}", 1, 1), // C1 control: next line
            ("\u{7f}", 1, 1),
        ] {
            let e = check_text(text).expect_err(text);
            assert_eq!((e.line, e.column), (line, column), "{text:?}: {e}");
        }
        for text in ["", "plain", "tab\there\r\n", "é ü 日本 ≤ α"] {
            assert_eq!(check_text(text), Ok(()), "{text:?}");
        }
        assert_eq!(check_line("ok\u{1b}", 7).unwrap_err().line, 7);
    }

    #[test]
    fn excerpts_are_short_and_escaped() {
        assert_eq!(excerpt("4453"), "'4453'");
        assert_eq!(excerpt("a\nb"), "'a\\u{a}b'");
        assert_eq!(excerpt("\u{1b}[2J"), "'\\u{1b}[2J'");
        let long = "é".repeat(100);
        let quoted = excerpt(&long);
        assert_eq!(quoted.chars().count(), EXCERPT_CHARS + 3);
        assert!(quoted.ends_with("…'"));
    }
}
