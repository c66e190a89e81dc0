//! The languages ply speaks, and the one set of catalogs of words every front end reads.
//!
//! Every sentence ply shows a person (a value in words, a cut explained, a practice
//! question, every label of the web lab) is a message in a catalog, by id. The catalogs
//! are JSON files, one folder per language and one file per area of the lab:
//! `crates/api/words/<lang>/<area>.json` (the Swedish words of the practice page are in
//! `words/sv/practice.json`). The API reads them compiled in; the web pages fetch the
//! same files (`ply serve` serves them from here, `scripts/build-site` copies them), so
//! a sentence is written once for every front end.
//!
//! A message is a string with `{name}` placeholders, or, where a number changes the
//! words, one string per CLDR plural category of the language (`one`, `other`, ...),
//! chosen by the parameter `count`:
//!
//! ```
//! use ply_api::lang::Lang;
//!
//! assert_eq!(Lang::En.say("value.win", &[("count", &3)]), "win in 3");
//! assert_eq!(Lang::En.say("tree.summary.nodes", &[("count", &1)]), "1 node visited");
//! assert_eq!(Lang::from_tag("sv-SE"), Some(Lang::Sv));
//! assert_eq!(Lang::from_tag("tlh"), None);
//! ```
//!
//! English is the reference: every other catalog has exactly its ids and placeholders
//! (the tests check each one). A message missing from a catalog falls back to English.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::{BTreeMap, HashMap};
use std::fmt::{self, Display};
use std::sync::OnceLock;

/// A language of the lab.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    /// English (`en`), the reference catalog.
    #[default]
    En,
    /// Swedish (`sv`).
    Sv,
    /// Chinese, simplified (`zh`).
    Zh,
    /// Greek (`el`).
    El,
}

/// The areas of the lab, one catalog file each: `words/<lang>/<area>.json`.
pub const AREAS: [&str; 11] = [
    "common", "values", "tree", "play", "boards", "lessons", "practice", "exercise", "explain",
    "grade", "errors",
];

/// The catalog files, compiled in: `SOURCES[lang][area]`.
macro_rules! catalog_files {
    ($($lang:literal),*) => {
        [$([
            include_str!(concat!("../words/", $lang, "/common.json")),
            include_str!(concat!("../words/", $lang, "/values.json")),
            include_str!(concat!("../words/", $lang, "/tree.json")),
            include_str!(concat!("../words/", $lang, "/play.json")),
            include_str!(concat!("../words/", $lang, "/boards.json")),
            include_str!(concat!("../words/", $lang, "/lessons.json")),
            include_str!(concat!("../words/", $lang, "/practice.json")),
            include_str!(concat!("../words/", $lang, "/exercise.json")),
            include_str!(concat!("../words/", $lang, "/explain.json")),
            include_str!(concat!("../words/", $lang, "/grade.json")),
            include_str!(concat!("../words/", $lang, "/errors.json")),
        ]),*]
    };
}

const SOURCES: [[&str; AREAS.len()]; 4] = catalog_files!("en", "sv", "zh", "el");

/// The text drawings of `ply_tree` (`ply tree`'s picture and steps) in this language,
/// from the catalogs' `tree.text.*` messages (and `tree.picture.max`, ...).
impl ply_tree::render::TextWords for Lang {
    fn say(&self, id: &str, args: &[(&str, &dyn Display)]) -> String {
        Lang::say(*self, id, args)
    }
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Sv, Lang::Zh, Lang::El];

    /// The language's code, as requests and URLs write it: `en`, `sv`, `zh`, `el`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Sv => "sv",
            Lang::Zh => "zh",
            Lang::El => "el",
        }
    }

    /// The language a BCP 47 tag names (`sv`, `sv-SE`, `zh-Hans-CN`, `EL`), by its
    /// primary subtag; `None` for a language the lab does not speak, and for Chinese in
    /// traditional characters (`zh-Hant`, `zh-TW`: see [`Lang::asks_traditional`]), which
    /// the lab does not write: its Chinese is simplified.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        let lang = Lang::ALL.into_iter().find(|lang| lang.code() == primary)?;
        (!(lang == Lang::Zh && Lang::asks_traditional(tag))).then_some(lang)
    }

    /// Whether a tag asks for Chinese in traditional characters: the script `Hant` (or
    /// the old `zh-CHT`), or, with no script named, a region that writes them (`TW`,
    /// `HK`, `MO`). `zh-Hans-TW` asks for simplified characters, and gets them.
    pub fn asks_traditional(tag: &str) -> bool {
        let mut subtags = tag.trim().split(['-', '_']).map(str::to_ascii_lowercase);
        if subtags.next().as_deref() != Some("zh") {
            return false;
        }
        let subtags: Vec<String> = subtags.collect();
        let named = |names: &[&str]| subtags.iter().any(|s| names.contains(&s.as_str()));
        !named(&["hans", "chs"]) && named(&["hant", "cht", "tw", "hk", "mo"])
    }

    fn index(self) -> usize {
        self as usize
    }

    /// The text of one catalog file as it is written (`area` one of [`AREAS`]), for a
    /// front end that hands the catalogs on (the server serves them to the pages).
    pub fn source(self, area: &str) -> Option<&'static str> {
        let area = AREAS.iter().position(|a| *a == area)?;
        Some(SOURCES[self.index()][area])
    }

    /// The language's catalog: every message of every area.
    pub fn catalog(self) -> &'static Catalog {
        static CATALOGS: OnceLock<[Catalog; 4]> = OnceLock::new();
        &CATALOGS.get_or_init(|| Lang::ALL.map(Catalog::read))[self.index()]
    }

    /// The message `id` in this language (English where this catalog lacks it), its
    /// `{name}` placeholders filled from `args`; a plural message takes the form of the
    /// language's plural category of the argument `count`. An id no catalog has is
    /// returned as it is (the tests make sure every id the code uses is in English).
    pub fn say(self, id: &str, args: &[(&str, &dyn Display)]) -> String {
        let message = self
            .catalog()
            .get(id)
            .map(|m| (self, m))
            .or_else(|| Lang::En.catalog().get(id).map(|m| (Lang::En, m)));
        let Some((lang, message)) = message else {
            return id.to_string();
        };
        let text = match message {
            Message::Text(text) => text.as_str(),
            Message::Plural(forms) => {
                let count = args
                    .iter()
                    .find(|(name, _)| *name == "count")
                    .map_or(String::new(), |(_, value)| value.to_string());
                let category = lang.plural_category(&count);
                forms
                    .get(category)
                    .or_else(|| forms.get("other"))
                    .map_or("", String::as_str)
            }
        };
        fill(text, args)
    }

    /// The CLDR cardinal plural category of a number written `count` in this language:
    /// English, Swedish and Greek say `one` for exactly 1 (an integer; "1.0" is
    /// `other` in English and Swedish), Chinese has `other` only.
    pub fn plural_category(self, count: &str) -> &'static str {
        let count = count.trim();
        match self {
            Lang::Zh => "other",
            Lang::En | Lang::Sv => {
                if count == "1" {
                    "one"
                } else {
                    "other"
                }
            }
            Lang::El => {
                if count.parse::<f64>() == Ok(1.0) {
                    "one"
                } else {
                    "other"
                }
            }
        }
    }
}

impl Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl std::str::FromStr for Lang {
    type Err = String;

    /// [`Lang::from_tag`], or the refusal of a tag that names no language ply speaks;
    /// a tag that asks for Chinese in traditional characters is refused rather than
    /// answered in simplified ones, and the refusal says so.
    fn from_str(tag: &str) -> Result<Lang, String> {
        Lang::from_tag(tag).ok_or_else(|| {
            let quoted = ply_core::text::excerpt(tag);
            if Lang::asks_traditional(tag) {
                format!(
                    "{quoted} asks for Chinese in traditional characters, which ply does not \
                     write: its Chinese (zh, zh-Hans) is in simplified characters; ply speaks \
                     en, sv, zh and el"
                )
            } else {
                format!("unknown language {quoted}: ply speaks en, sv, zh and el")
            }
        })
    }
}

impl Serialize for Lang {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

impl<'de> Deserialize<'de> for Lang {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Lang, D::Error> {
        let tag = String::deserialize(deserializer)?;
        tag.parse().map_err(serde::de::Error::custom)
    }
}

/// A message of a catalog.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum Message {
    /// A sentence with `{name}` placeholders.
    Text(String),
    /// One sentence per plural category (`one`, `other`, ...), chosen by `count`.
    Plural(BTreeMap<String, String>),
}

impl Message {
    /// The placeholders the message names, each once, sorted.
    pub fn placeholders(&self) -> Vec<String> {
        let texts: Vec<&str> = match self {
            Message::Text(text) => vec![text],
            Message::Plural(forms) => forms.values().map(String::as_str).collect(),
        };
        let mut names: Vec<String> = texts
            .iter()
            .flat_map(|text| placeholders(text))
            .map(str::to_string)
            .collect();
        names.sort();
        names.dedup();
        names
    }
}

/// One language's messages, from every area.
#[derive(Debug)]
pub struct Catalog {
    messages: HashMap<String, (usize, Message)>,
    problems: Vec<String>,
}

impl Catalog {
    fn read(lang: Lang) -> Catalog {
        let mut catalog = Catalog {
            messages: HashMap::new(),
            problems: Vec::new(),
        };
        for (area, source) in SOURCES[lang.index()].iter().enumerate() {
            match serde_json::from_str::<BTreeMap<String, Message>>(source) {
                Ok(messages) => {
                    for (id, message) in messages {
                        if let Some((first, _)) = catalog.messages.get(&id) {
                            catalog.problems.push(format!(
                                "{}: {id} is in both {}.json and {}.json",
                                lang.code(),
                                AREAS[*first],
                                AREAS[area]
                            ));
                        }
                        catalog.messages.insert(id, (area, message));
                    }
                }
                Err(e) => catalog.problems.push(format!(
                    "{}/{}.json does not read: {e}",
                    lang.code(),
                    AREAS[area]
                )),
            }
        }
        catalog
    }

    /// The message `id`, if this catalog has it.
    pub fn get(&self, id: &str) -> Option<&Message> {
        self.messages.get(id).map(|(_, message)| message)
    }

    /// The area `id` is written in.
    pub fn area(&self, id: &str) -> Option<&'static str> {
        self.messages.get(id).map(|(area, _)| AREAS[*area])
    }

    /// Every id, sorted.
    pub fn ids(&self) -> Vec<&str> {
        let mut ids: Vec<&str> = self.messages.keys().map(String::as_str).collect();
        ids.sort_unstable();
        ids
    }

    /// What is wrong with the catalog's files as files: one that does not read, an id
    /// written in two areas. (Empty for a sound catalog; the tests check.)
    pub fn problems(&self) -> &[String] {
        &self.problems
    }
}

/// The `{name}` placeholders of a text, in order.
fn placeholders(text: &str) -> impl Iterator<Item = &str> {
    text.split('{').skip(1).filter_map(|rest| {
        let name = rest.split_once('}')?.0;
        (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
            .then_some(name)
    })
}

/// `text` with each `{name}` replaced by its argument; a placeholder with no argument
/// stays as written.
fn fill(text: &str, args: &[(&str, &dyn Display)]) -> String {
    ply_core::phrase::fill(text, |name| {
        let (_, value) = args.iter().find(|(n, _)| *n == name)?;
        Some(value.to_string())
    })
}
