//! How results are said, the same in every front end, in each language ply speaks.
//!
//! The functions without a language say it in English, as the command line prints it;
//! those ending in `_in` take the [`Lang`] of a request and say it from the catalogs
//! (`crates/api/words/<lang>/values.json`). Identifiers a program reads (`win`,
//! `loss`, `draw`, `estimate`) are never translated: only the words meant for people.

use crate::lang::Lang;
use ply_core::Score;
use ply_core::chance::{NodeKind, Ratio};
use ply_core::engine::{Bound, SearchInfo};
use ply_tree::chance::{ChanceAlgorithm, ChanceRun, ChanceStep};
use ply_tree::{ExplicitTree, NodeId};
use serde::{Deserialize, Deserializer};
use std::fmt::Display;

/// `win`, `loss` or `draw`: a proved value's result for the side it is seen from.
pub fn result_word(score: Score) -> &'static str {
    if score.is_win() {
        "win"
    } else if score.is_loss() {
        "loss"
    } else {
        "draw"
    }
}

/// A proved value in words: "win in 3", "loss in 4", "draw".
pub fn plies_text(score: Score, line_length: usize) -> String {
    plies_text_in(Lang::En, score, line_length)
}

/// [`plies_text`] in `lang`: "vinst i 3 drag", "3 步内胜", "νίκη σε 3".
pub fn plies_text_in(lang: Lang, score: Score, line_length: usize) -> String {
    let plies = score.plies_to_end().unwrap_or(line_length as u32);
    result_text_in(lang, score, Some(plies))
}

/// A result in words in `lang`, with its distance in plies when it is known: "win in
/// 3", "loss in 4", "draw"; "win", "loss" alone where the distance is unknown (a weak
/// solve).
pub fn result_text_in(lang: Lang, score: Score, plies: Option<u32>) -> String {
    match (result_word(score), plies) {
        ("draw", _) => lang.say("value.draw", &[]),
        ("win", Some(plies)) => lang.say("value.win", &[("count", &plies)]),
        ("win", None) => lang.say("result.win", &[]),
        (_, Some(plies)) => lang.say("value.loss", &[("count", &plies)]),
        (_, None) => lang.say("result.loss", &[]),
    }
}

/// A score in words in `lang`, as [`Score`]'s `Display` writes it in English: "win in
/// 5", "loss in 2", "draw" for a zero, heuristic values as signed numbers ("+0.37").
pub fn score_text_in(lang: Lang, score: Score) -> String {
    match score.plies_to_end() {
        Some(plies) if score.is_win() => lang.say("value.win", &[("count", &plies)]),
        Some(plies) => lang.say("value.loss", &[("count", &plies)]),
        None if score == Score::DRAW => lang.say("value.draw", &[]),
        None => score.to_string(),
    }
}

/// A heuristic value marked as an estimate in `lang`: "+0.35 (estimate)".
pub fn estimate_text_in(lang: Lang, score: Score) -> String {
    lang.say("value.estimate", &[("number", &estimate_number(score))])
}

/// A heuristic value as a signed number ("+0.00", "-3.00"), for lists that a legend
/// explains; decisive values in words.
pub fn estimate_number(score: Score) -> String {
    if score == Score::DRAW {
        "+0.00".to_string()
    } else {
        score.to_string()
    }
}

/// A value in words that says how much is known of it: decisive results and proved
/// draws in words ("win in 5", "draw"); heuristic values as signed numbers marked as
/// estimates ("+0.00 (estimate)"), never as "draw".
pub fn value_words(score: Score, proved: bool) -> String {
    value_words_in(Lang::En, score, proved)
}

/// [`value_words`] in `lang`.
pub fn value_words_in(lang: Lang, score: Score, proved: bool) -> String {
    if score.plies_to_end().is_some() || (proved && score == Score::DRAW) {
        score_text_in(lang, score)
    } else {
        estimate_text_in(lang, score)
    }
}

/// The score in words, with the bound when it is one. A depth-limited search's
/// zero is an estimate ("0.00"), not a proved draw: only exact mode says "draw".
pub fn score_words(score: Score, bound: Bound, depth_limited: bool) -> String {
    score_words_in(Lang::En, score, bound, depth_limited)
}

/// [`score_words`] in `lang` (the bounds' signs are the same in every language).
pub fn score_words_in(lang: Lang, score: Score, bound: Bound, depth_limited: bool) -> String {
    let words = if depth_limited && score == Score::DRAW {
        "0.00".to_string()
    } else {
        score_text_in(lang, score)
    };
    match bound {
        Bound::Exact => words,
        Bound::Lower => format!(">= {words}"),
        Bound::Upper => format!("<= {words}"),
    }
}

/// What a search proved of the root's value, from its iterations: the greatest lower
/// and the least upper bound among them (`None`: nothing on that side). Equal bounds
/// are the exact value.
pub fn proved_bounds<M>(iterations: &[SearchInfo<M>]) -> (Option<Score>, Option<Score>) {
    let (mut lower, mut upper) = (None::<Score>, None::<Score>);
    for info in iterations {
        if matches!(info.bound, Bound::Exact | Bound::Lower) {
            lower = Some(lower.map_or(info.score, |l| l.max(info.score)));
        }
        if matches!(info.bound, Bound::Exact | Bound::Upper) {
            upper = Some(upper.map_or(info.score, |u| u.min(info.score)));
        }
    }
    (lower, upper)
}

/// The proved range of a value in words: "loss in 40", ">= loss in 34", "<= win in 7",
/// "between loss in 34 and draw", or "unknown" when nothing was proved.
pub fn bounds_words(lower: Option<Score>, upper: Option<Score>) -> String {
    bounds_words_in(Lang::En, lower, upper)
}

/// [`bounds_words`] in `lang`.
pub fn bounds_words_in(lang: Lang, lower: Option<Score>, upper: Option<Score>) -> String {
    let say = |score| score_text_in(lang, score);
    match (lower, upper) {
        (Some(l), Some(u)) if l == u => say(l),
        (Some(l), Some(u)) => lang.say("value.between", &[("lower", &say(l)), ("upper", &say(u))]),
        (Some(l), None) => format!(">= {}", say(l)),
        (None, Some(u)) => format!("<= {}", say(u)),
        (None, None) => lang.say("value.unknown", &[]),
    }
}

/// A player's name in a sentence in `lang`: the names that are English words
/// ("first player", "White", "cops") from the catalog, marks and letters ("X", "O")
/// as they are.
pub fn player_text_in(lang: Lang, name: &str) -> String {
    let id = match name {
        "first player" => "player.first",
        "second player" => "player.second",
        "White" => "player.white",
        "Black" => "player.black",
        "cops" => "player.cops",
        "cop" => "player.cop",
        "fugitive" => "player.fugitive",
        _ => return name.to_string(),
    };
    lang.say(id, &[])
}

/// How a finished game ended, in `lang`: "X wins", "the cops win", "draw".
pub fn outcome_text_in(lang: Lang, winner: Option<&str>) -> String {
    match winner {
        // A name said in the plural takes its own sentence (the verb agrees with it).
        Some("cops") => lang.say("outcome.win.cops", &[]),
        Some(name) => lang.say("outcome.win", &[("winner", &player_text_in(lang, name))]),
        None => lang.say("outcome.draw", &[]),
    }
}

/// The note a report carries when `asked` threads were asked for and this build runs
/// fewer (WebAssembly runs one, [`ply_core::threads::capped`]), in `lang`; `None` when it
/// runs them all.
pub fn threads_note_in(lang: Lang, asked: usize) -> Option<String> {
    let runs = ply_core::threads::capped(asked);
    (runs < asked).then(|| lang.say("note.threads", &[("asked", &asked), ("count", &runs)]))
}

/// Reads the field `lang` of a request: a language ply speaks (`"sv"`, `"sv-SE"`), or
/// a refusal that names the field (`lang: unknown language "fr": ply speaks en, sv, zh
/// and el`). For `#[serde(default, deserialize_with = "...")]`.
pub fn lang_field<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Lang, D::Error> {
    let tag = String::deserialize(deserializer)?;
    tag.parse()
        .map_err(|e: String| serde::de::Error::custom(format!("lang: {e}")))
}

/// [`lang_field`] for a field that may be absent or null (`None`: not asked).
pub fn optional_lang_field<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Lang>, D::Error> {
    match Option::<String>::deserialize(deserializer)? {
        None => Ok(None),
        Some(tag) => tag
            .parse()
            .map(Some)
            .map_err(|e: String| serde::de::Error::custom(format!("lang: {e}"))),
    }
}

/// A chance search (expectiminimax, Star1, Star2) of `tree` told in words in `lang`:
/// the field `words` of `/api/tree`'s answer for a tree with chance nodes, and what
/// `ply tree --lang` prints for one. The sentences the tree lab writes for it, from the
/// same catalog: the summary (`tree.summary`, as for a minimax search: the search's
/// name, the root's value, its best child, the nodes visited, the leaves evaluated, the
/// cuts and the leaves never looked at) and, in the order the search made them, every
/// cut with why it happened: a chance node whose sum can no longer reach into its
/// window whatever the outcomes left are worth (`tree.chance.cut.low`,
/// `tree.chance.cut.high`), a MIN node at α, a MAX node at β (`tree.chance.cut.min`,
/// `tree.chance.cut.max`).
///
/// Values are written as the lab writes them: a whole number or a short decimal when
/// the value has one (`4`, `3.5`, `-0.25`), else the fraction (`11/3`); a chance node's
/// sum term by term, each outcome's probability times its value (`1/3 × 0 + 1/3 ×
/// (-1)`); a leaf the tree gave no name by its value.
pub fn chance_words(lang: Lang, tree: &ExplicitTree, run: &ChanceRun) -> crate::tree::TreeWords {
    let algorithm = match run.algorithm {
        ChanceAlgorithm::Expectiminimax => "tree.algorithm.name.expectiminimax",
        ChanceAlgorithm::Star1 => "tree.algorithm.name.star1",
        ChanceAlgorithm::Star2 => "tree.algorithm.name.star2",
    };
    let pruned_leaves = (0..tree.len())
        .filter(|&id| tree.node(id as NodeId).is_leaf() && run.nodes[id].pruned)
        .count();
    let best = match run.best {
        Some(best) => chance_label(tree, best),
        None => lang.say("tree.summary.best.none", &[]),
    };
    let summary = lang.say(
        "tree.summary",
        &[
            ("algorithm", &lang.say(algorithm, &[])),
            ("value", &exact_text(run.value)),
            ("best", &best),
            (
                "nodes",
                &lang.say("tree.summary.nodes", &[("count", &run.stats.nodes)]),
            ),
            (
                "leaves",
                &lang.say("tree.summary.leaves", &[("count", &run.stats.leaves)]),
            ),
            (
                "cutoffs",
                &lang.say("tree.summary.cutoffs", &[("count", &run.stats.cuts)]),
            ),
            (
                "pruned",
                &lang.say("tree.summary.pruned", &[("count", &pruned_leaves)]),
            ),
        ],
    );
    // The trace walked as the lab walks it: each node's window as it was last entered,
    // each chance node's terms since it was.
    let separator = lang.say("tree.list.separator", &[]);
    let mut windows: Vec<Option<(Ratio, Ratio)>> = vec![None; tree.len()];
    let mut terms: Vec<Vec<String>> = vec![Vec::new(); tree.len()];
    let mut cuts = Vec::new();
    for step in &run.steps {
        match step {
            ChanceStep::Enter { node, window } => {
                windows[*node as usize] = *window;
                terms[*node as usize].clear();
            }
            ChanceStep::Add {
                node,
                probability,
                value,
                ..
            } => {
                let value = exact_text(*value);
                let value = if value.starts_with('-') {
                    format!("({value})")
                } else {
                    value
                };
                terms[*node as usize].push(format!("{probability} × {value}"));
            }
            ChanceStep::Exit {
                node,
                value,
                bound,
                pruned,
            } if !pruned.is_empty() => {
                let id = *node;
                let name = chance_label(tree, id);
                let value = exact_text(*value);
                let pruned = pruned
                    .iter()
                    .map(|&p| chance_label(tree, p))
                    .collect::<Vec<_>>()
                    .join(&separator);
                let window = windows[id as usize];
                let alpha = window.map_or("−∞".to_string(), |(a, _)| exact_text(a));
                let beta = window.map_or("+∞".to_string(), |(_, b)| exact_text(b));
                let sum = terms[id as usize].join(" + ");
                let args: [(&str, &dyn Display); 6] = [
                    ("node", &name),
                    ("sum", &sum),
                    ("value", &value),
                    ("alpha", &alpha),
                    ("beta", &beta),
                    ("pruned", &pruned),
                ];
                let id = match (tree.kind(id), bound) {
                    (NodeKind::Chance, ply_tree::Bound::Upper) => "tree.chance.cut.low",
                    (NodeKind::Chance, _) => "tree.chance.cut.high",
                    (NodeKind::Min, _) => "tree.chance.cut.min",
                    (NodeKind::Max, _) => "tree.chance.cut.max",
                };
                cuts.push(lang.say(id, &args));
            }
            ChanceStep::Leaf { .. } | ChanceStep::Probe { .. } | ChanceStep::Exit { .. } => {}
        }
    }
    crate::tree::TreeWords { summary, cuts }
}

/// How the words of a chance search call a node: its name, or for a leaf the tree gave
/// no name its value as written.
fn chance_label(tree: &ExplicitTree, id: NodeId) -> String {
    let node = tree.node(id);
    match tree.max_value(id) {
        Some(value) if node.is_leaf() && (!node.named || node.name.starts_with('#')) => {
            tree.format_value(value)
        }
        _ => node.name.clone(),
    }
}

/// The most decimal places [`exact_text`] writes before it writes the fraction instead.
const EXACT_DECIMALS: u32 = 12;

/// An exact value as the tree lab writes it: a whole number or a decimal when it has a
/// short one (`4`, `3.5`, `-0.25`: its denominator a product of 2s and 5s), else the
/// fraction (`11/3`).
pub fn exact_text(value: Ratio) -> String {
    // 1/(2^a 5^b) has max(a, b) decimal places.
    let mut rest = value.denominator();
    let mut factors = [0u32; 2];
    for (count, factor) in factors.iter_mut().zip([2, 5]) {
        while rest % factor == 0 {
            rest /= factor;
            *count += 1;
        }
    }
    let places = factors[0].max(factors[1]);
    if rest == 1 && places <= EXACT_DECIMALS {
        value.to_decimal(places)
    } else {
        value.to_string()
    }
}

/// Milliseconds with microsecond resolution, for `time_ms` fields.
pub fn millis(elapsed: std::time::Duration) -> f64 {
    (elapsed.as_secs_f64() * 1e6).round() / 1e3
}

/// A count for a progress line: `9999`, `12.3k`, `4.56M`.
pub fn human_count(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=9_999_999 => format!("{:.1}k", n as f64 / 1e3),
        _ => format!("{:.2}M", n as f64 / 1e6),
    }
}
