//! A game's explanation of a move, said in a language.
//!
//! The games explain a move as a [`Phrase`]: a message id of the catalog area `explain`
//! (`explain.nim.zero`) and its parts, some of them phrases themselves (the move, "take
//! 12 from pile 3"). [`phrase`] says it in one of the lab's languages, each part in the
//! same language, every front end through this one function (the solve report's
//! `explanation`, the command line's "why:").
//!
//! ```
//! use ply_api::explain::phrase;
//! use ply_api::lang::Lang;
//! use ply_games::{Nim, Notation, Playable};
//!
//! let nim = Nim::new(&[14, 21, 39]).unwrap();
//! let why = nim.explain_move(nim.parse_move("3:12").unwrap()).unwrap();
//! assert_eq!(
//!     phrase(Lang::En, &why),
//!     "take 12 from pile 3: the xor of the piles becomes 0"
//! );
//! ```

use crate::lang::Lang;
use ply_core::phrase::{Phrase, PhraseArg};
use std::fmt::Display;

/// The id of the text said between the items of a list ("g(17) = 1, g(17) = 1").
pub const LIST_SEPARATOR: &str = "explain.list.separator";

/// The phrase said in `lang`: its message from the language's catalog (English where
/// that lacks it), each placeholder filled with its part said in the same language (a
/// number in digits, a list with the language's separator between its items).
pub fn phrase(lang: Lang, phrase: &Phrase) -> String {
    let parts: Vec<(&str, String)> = phrase
        .args
        .iter()
        .map(|(name, value)| (*name, part(lang, value)))
        .collect();
    let args: Vec<(&str, &dyn Display)> = parts
        .iter()
        .map(|(name, text)| (*name, text as &dyn Display))
        .collect();
    lang.say(phrase.id, &args)
}

/// One part of a phrase, said in `lang`.
fn part(lang: Lang, value: &PhraseArg) -> String {
    match value {
        PhraseArg::Text(text) => text.clone(),
        PhraseArg::Number(n) => n.to_string(),
        PhraseArg::Phrase(inner) => phrase(lang, inner),
        PhraseArg::List(items) => {
            let separator = lang.say(LIST_SEPARATOR, &[]);
            items
                .iter()
                .map(|item| part(lang, item))
                .collect::<Vec<_>>()
                .join(&separator)
        }
    }
}
