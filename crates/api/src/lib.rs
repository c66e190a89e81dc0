//! # ply-api: ply's operations, one layer under every front end
//!
//! What `ply tree`, `ply solve` and the web lab compute lives here, as typed requests
//! and responses (serde), one function per operation. The command line renders the
//! responses as text or JSON; the server (`ply serve`) sends the same JSON; the C and
//! Python bindings call the same functions. So every front end gives the same answers.
//!
//! | module | operation |
//! |---|---|
//! | [`tree`] | evaluate a hand-made tree: every backed-up value, the cuts, the visit trace |
//! | [`games`] | the catalog of games: their specs and names |
//! | [`analyze`] | the engine on a position: iterative deepening within limits, each iteration told as it comes |
//! | [`solve`] | a position solved exactly: its value, its best moves, every move's value |
//! | [`batch`] | many positions solved in a row or on several threads, each to its value only |
//! | [`play`] | a game's state after a list of moves, every move's value, the engine's move |
//! | [`boards`] | the boards of the play state: a chessboard, a pursuit graph, piles and their theory |
//! | [`practice`] | exercises on random trees (values, cuts, search order, a game's best move), and a student's answers checked |
//! | [`session`] | a game played move by move, its position kept (the bindings' games) |
//! | [`service`] | the JSON API as one function: a path and a body in, the server's status and body out |
//! | [`perft`] | chess move sequences counted, the test of a move generator |
//! | [`control`] | stopping an operation: a flag, and the time it is given |
//! | [`words`] | results in words, the same everywhere |
//! | [`lang`] | the languages ply speaks, and the one set of catalogs of words every front end reads |
//! | [`explain`] | a game's explanation of a move, said in a language |
//! | [`resources`] | what an operation may ask of the machine, checked before it starts |
//! | [`pig`] | Pig, the dice game: a position solved (each decision's chance of winning), a decision taken and the die thrown |
//! | [`cyclic`] | exact values of games whose positions repeat (retrograde tables) |
//!
//! Errors are values ([`ApiError`]): what kind of mistake (a text that does not
//! parse, a request past a limit, a request that makes no sense) and a one-line
//! message. No input makes these functions panic.
//!
//! ```
//! use ply_api::tree::{TreeRequest, evaluate_tree};
//!
//! let request = TreeRequest::new("(a (b 3 12 8) (c 2 4 6) (d 14 5 2))");
//! let json: serde_json::Value = serde_json::from_str(&evaluate_tree(&request, &Default::default()).unwrap()).unwrap();
//! assert_eq!(json["value"], 3);
//! assert_eq!(json["cutoffs"], 1);
//! ```
#![deny(missing_docs)]

pub mod analyze;
pub mod batch;
pub mod boards;
pub mod control;
pub mod cyclic;
pub mod explain;
pub mod games;
pub mod grade;
pub mod lang;
pub mod perft;
pub mod pig;
pub mod play;
pub mod position_graph;
pub mod practice;
mod refusal;

pub mod resources;
pub mod service;
pub mod session;
pub mod solve;
pub mod tree;
pub mod words;

use lang::Lang;
/// The message of a refusal: an id of the catalogs' `errors` area and its parts.
pub use ply_core::phrase::Phrase;
use serde::Serialize;
use std::fmt;

/// What kind of mistake a request made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// A text (a tree, a position, a move) that does not read; the message says where.
    Parse,
    /// A request past one of the limits that protect the machine; the message names it.
    Limit,
    /// Anything else a request can get wrong: an unknown game or option, a move that is not legal.
    BadRequest,
}

/// An operation's refusal: its kind and a one-line message, in English (`error`) and in
/// the request's language (`message`, from the catalogs' `errors` area).
///
/// A refusal is made from a [`Phrase`]: a message id of the catalogs and its parts
/// (numbers, names, quoted excerpts of the input as written). Its `error` is the
/// English catalog's text for it; [`ApiError::message_in`] says it in any language.
/// There is no constructor from a text: every refusal has an id and its words in the
/// four catalogs (a test checks), so that none reaches a reader in English alone.
///
/// ```
/// use ply_api::ApiError;
/// use ply_api::lang::Lang;
/// use ply_core::phrase::Phrase;
///
/// let error = ApiError::bad_request_said(Phrase::new("errors.game.over"));
/// assert_eq!(error.error, "the game is over: no move to play");
/// assert_eq!(error.message_in(Lang::Sv), "partiet är slut: det finns inget drag att spela");
/// let json = serde_json::to_value(error.in_lang(Lang::Sv)).unwrap();
/// assert_eq!(json["message"], "partiet är slut: det finns inget drag att spela");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The message, one line, in English (for programs and logs).
    pub error: String,
    /// What kind of mistake.
    pub kind: ErrorKind,
    /// The limit a [`ErrorKind::Limit`] refusal went past (its configuration name).
    pub limit: Option<&'static str>,
    /// Where a [`ErrorKind::Parse`] error of a multi-line text (a tree) is: its line,
    /// from 1.
    pub line: Option<u32>,
    /// See `line`: the column, in characters from 1.
    pub column: Option<u32>,
    /// The message as an id of the catalogs and its parts.
    pub phrase: Phrase,
    /// The language its JSON says `message` in (English unless told:
    /// [`ApiError::in_lang`]).
    pub lang: Lang,
}

/// The id of the words ply cannot give in another language: `{detail}`, the English of
/// a text error from below the API that has no id (see docs/reliability.md, "errors"),
/// in every language. Only this crate's wrappers of such errors use it.
pub(crate) const UNTRANSLATED: &str = "errors.detail";

/// The JSON of a refusal: `{"error", "message", "kind", "limit"?, "line"?, "column"?}`.
#[derive(Serialize)]
struct ErrorJson<'a> {
    error: &'a str,
    message: String,
    kind: ErrorKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<u32>,
}

impl Serialize for ApiError {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        ErrorJson {
            error: &self.error,
            message: self.message_in(self.lang),
            kind: self.kind,
            limit: self.limit,
            line: self.line,
            column: self.column,
        }
        .serialize(serializer)
    }
}

impl ApiError {
    /// A refusal of `kind` whose message is `phrase`, its `error` the English
    /// catalog's words for it.
    pub fn said(kind: ErrorKind, phrase: Phrase) -> ApiError {
        ApiError {
            error: explain::phrase(Lang::En, &phrase),
            kind,
            limit: None,
            line: None,
            column: None,
            phrase,
            lang: Lang::En,
        }
    }

    /// A text that does not read, said by `phrase`.
    pub fn parse_said(phrase: Phrase) -> ApiError {
        ApiError::said(ErrorKind::Parse, phrase)
    }

    /// A request past the limit called `limit`, said by `phrase`.
    pub fn limit_said(limit: &'static str, phrase: Phrase) -> ApiError {
        ApiError {
            limit: Some(limit),
            ..ApiError::said(ErrorKind::Limit, phrase)
        }
    }

    /// Any other mistake, said by `phrase`.
    pub fn bad_request_said(phrase: Phrase) -> ApiError {
        ApiError::said(ErrorKind::BadRequest, phrase)
    }

    /// A refusal for want of memory (limit `memory`): what needed it, how much, and how
    /// much there is (`ply_core::memory::MemoryError`, said as its `Display` is).
    pub fn memory(error: &ply_core::memory::MemoryError) -> ApiError {
        refusal::memory(error)
    }

    /// The message in `lang`: the catalog's words for its phrase, each part said in
    /// the same language (English where the catalog lacks it).
    pub fn message_in(&self, lang: Lang) -> String {
        explain::phrase(lang, &self.phrase)
    }

    /// This refusal, its JSON's `message` said in `lang`.
    pub fn in_lang(self, lang: Lang) -> ApiError {
        ApiError { lang, ..self }
    }
}

impl ApiError {
    /// This error, placed at `line`:`column` of its text (0 for either: not at a place).
    pub fn at(self, line: u32, column: u32) -> ApiError {
        ApiError {
            line: (line > 0).then_some(line),
            column: (column > 0).then_some(column),
            ..self
        }
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.error)
    }
}

impl std::error::Error for ApiError {}
