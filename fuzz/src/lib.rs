//! What every fuzz target checks of an error message, whatever the parser: the text
//! policy of `ply_core::text` says that messages quote user input through `excerpt`,
//! so a message never carries a raw control or invisible character, and its length
//! does not grow with the input.

use ply_core::text::refusal;

/// The longest message a parser may give, in characters: a few quoted excerpts
/// (at most 40 characters each, escaped) and the help around them. A message longer
/// than this echoes its input whole.
pub const MAX_MESSAGE_CHARS: usize = 1_000;

/// Panics unless `message` is one line, holds no tab nor any character the text policy refuses
/// and is at most [`MAX_MESSAGE_CHARS`] long.
pub fn check_message(message: &str) {
    assert!(!message.is_empty(), "an empty message");
    let raw = message
        .chars()
        .find(|&c| matches!(c, '\t' | '\n' | '\r') || refusal(c).is_some());
    assert_eq!(raw, None, "a raw character in the message {message:?}");
    let length = message.chars().count();
    assert!(
        length <= MAX_MESSAGE_CHARS,
        "a message of {length} characters: {message:?}"
    );
}
