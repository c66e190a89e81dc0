//! A sentence for a person, as a message id and its named parts, in no language.
//!
//! The search core and the games know no language: where a game explains a move in
//! words, it returns a [`Phrase`], the id of a message in the catalogs of words
//! (`explain.nim.zero`) and the values of its `{name}` placeholders. A front end says
//! it in a language (`ply_api::explain::phrase` renders it from the catalog of that
//! language). A part may be a phrase itself (the move in "take 12 from pile 3: the
//! xor of the piles becomes 0" is the phrase "take {amount} from pile {pile}"), so
//! each language puts the parts in its own order; a number named `count` chooses the
//! plural form of the message.
//!
//! ```
//! use ply_core::phrase::{Phrase, PhraseArg};
//!
//! let take = Phrase::new("explain.move.take_from_pile")
//!     .arg("amount", 12u32)
//!     .arg("pile", 3u32);
//! let why = Phrase::new("explain.nim.zero").arg("move", take);
//! assert_eq!(why.id, "explain.nim.zero");
//! assert_eq!(why.get("move").and_then(PhraseArg::as_phrase).map(|p| p.id), Some("explain.move.take_from_pile"));
//! assert_eq!(why.ids(), ["explain.nim.zero", "explain.move.take_from_pile"]);
//! ```

/// A message id with the values of its placeholders.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Phrase {
    /// The message's id in the catalogs of words (dotted, lowercase: `explain.nim.zero`).
    pub id: &'static str,
    /// The placeholders' values, by name, in the order they were given.
    pub args: Vec<(&'static str, PhraseArg)>,
}

/// The value of a placeholder.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PhraseArg {
    /// A text written the same in every language (a position in the game's notation).
    Text(String),
    /// A number (as the name `count`, it chooses the message's plural form).
    Number(i64),
    /// A phrase, said in the same language as the one it is part of.
    Phrase(Box<Phrase>),
    /// Several values, said one after the other with the language's list separator.
    List(Vec<PhraseArg>),
}

impl Phrase {
    /// The message `id`, with no placeholder filled yet.
    pub fn new(id: &'static str) -> Phrase {
        Phrase {
            id,
            args: Vec::new(),
        }
    }

    /// This phrase with the placeholder `name` filled by `value`.
    pub fn arg(mut self, name: &'static str, value: impl Into<PhraseArg>) -> Phrase {
        self.args.push((name, value.into()));
        self
    }

    /// The value of the placeholder `name`, if given.
    pub fn get(&self, name: &str) -> Option<&PhraseArg> {
        self.args.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// The ids of this phrase and of every phrase within it, in order (this one first).
    pub fn ids(&self) -> Vec<&'static str> {
        let mut ids = Vec::new();
        self.collect_ids(&mut ids);
        ids
    }

    fn collect_ids(&self, ids: &mut Vec<&'static str>) {
        ids.push(self.id);
        for (_, arg) in &self.args {
            arg.collect_ids(ids);
        }
    }
}

impl PhraseArg {
    /// The phrase, if this value is one.
    pub fn as_phrase(&self) -> Option<&Phrase> {
        match self {
            PhraseArg::Phrase(phrase) => Some(phrase),
            _ => None,
        }
    }

    /// The number, if this value is one.
    pub fn as_number(&self) -> Option<i64> {
        match self {
            PhraseArg::Number(n) => Some(*n),
            _ => None,
        }
    }

    fn collect_ids(&self, ids: &mut Vec<&'static str>) {
        match self {
            PhraseArg::Phrase(phrase) => phrase.collect_ids(ids),
            PhraseArg::List(items) => items.iter().for_each(|item| item.collect_ids(ids)),
            PhraseArg::Text(_) | PhraseArg::Number(_) => {}
        }
    }
}

impl From<Phrase> for PhraseArg {
    fn from(phrase: Phrase) -> PhraseArg {
        PhraseArg::Phrase(Box::new(phrase))
    }
}

impl From<String> for PhraseArg {
    fn from(text: String) -> PhraseArg {
        PhraseArg::Text(text)
    }
}

impl From<&str> for PhraseArg {
    fn from(text: &str) -> PhraseArg {
        PhraseArg::Text(text.to_string())
    }
}

impl From<i64> for PhraseArg {
    fn from(n: i64) -> PhraseArg {
        PhraseArg::Number(n)
    }
}

impl From<i32> for PhraseArg {
    fn from(n: i32) -> PhraseArg {
        PhraseArg::Number(n.into())
    }
}

impl From<u32> for PhraseArg {
    fn from(n: u32) -> PhraseArg {
        PhraseArg::Number(n.into())
    }
}

/// Numbers past `i64::MAX` (no game's explanation has one) are said as `i64::MAX`.
impl From<u64> for PhraseArg {
    fn from(n: u64) -> PhraseArg {
        PhraseArg::Number(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

/// Numbers past `i64::MAX` (no game's explanation has one) are said as `i64::MAX`.
impl From<usize> for PhraseArg {
    fn from(n: usize) -> PhraseArg {
        PhraseArg::Number(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

impl<T: Into<PhraseArg>> From<Vec<T>> for PhraseArg {
    fn from(items: Vec<T>) -> PhraseArg {
        PhraseArg::List(items.into_iter().map(Into::into).collect())
    }
}

impl Phrase {
    /// The phrase said from `templates` (id, text with `{name}` placeholders): the
    /// English a crate below the catalogs writes its errors in, from the same templates
    /// as the English catalog's (a test of `ply-api` checks they are equal). Each part
    /// said by the same templates (a number in digits, a list's items joined by ", "); a
    /// phrase whose id is not in `templates` is said as its id, and a placeholder with
    /// no part stays as it is written.
    ///
    /// ```
    /// use ply_core::phrase::Phrase;
    ///
    /// const EN: &[(&str, &str)] = &[("example.is", "{what} is {n}")];
    /// let p = Phrase::new("example.is").arg("what", "depth").arg("n", 3u32);
    /// assert_eq!(p.english(EN), "depth is 3");
    /// ```
    pub fn english(&self, templates: &[(&str, &str)]) -> String {
        let Some((_, template)) = templates.iter().find(|(id, _)| *id == self.id) else {
            return self.id.to_string();
        };
        fill(template, |name| Some(self.get(name)?.english(templates)))
    }
}

/// `template` with each `{name}` replaced by `value(name)`; a placeholder `value` has
/// nothing for stays as written (so a literal `{ }` in a text needs no escape). The one
/// filler of the catalogs' texts and the lower crates' English.
///
/// ```
/// let filled = ply_core::phrase::fill("{a} and {b}", |n| (n == "a").then(|| "1".to_string()));
/// assert_eq!(filled, "1 and {b}");
/// ```
pub fn fill(template: &str, mut value: impl FnMut(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after
            .split_once('}')
            .and_then(|(name, tail)| Some((value(name)?, tail)))
        {
            Some((value, tail)) => {
                out.push_str(&value);
                rest = tail;
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

impl PhraseArg {
    /// This part said from `templates`: see [`Phrase::english`].
    pub fn english(&self, templates: &[(&str, &str)]) -> String {
        match self {
            PhraseArg::Text(text) => text.clone(),
            PhraseArg::Number(n) => n.to_string(),
            PhraseArg::Phrase(phrase) => phrase.english(templates),
            PhraseArg::List(items) => items
                .iter()
                .map(|item| item.english(templates))
                .collect::<Vec<_>>()
                .join(", "),
        }
    }
}
