//! The tree drawn with box characters, the search trace, and the summary line.

use super::shown;
use crate::annotate::{Annotation, Bound, Step, Window};
use crate::chance::{ChanceAlgorithm, ChanceRun, ChanceStep};
use crate::tree::{ExplicitTree, NodeId};
use ply_core::chance::{NodeKind, Ratio};
use ply_core::{Algorithm, Player, Score};
use std::fmt::{Display, Write};

/// The words of the text drawings ([`write_text_in`], [`write_trace_in`],
/// [`write_chance_text_in`], [`write_chance_trace_in`]): a message by id with its
/// `{name}` placeholders filled, as a front end's catalogs say it. The ids are those of
/// [`English`], which says them as [`text()`] and [`trace()`] write them; a front end
/// that speaks other languages says the same ids from its catalogs (`ply_api` does, from
/// `words/<lang>/tree.json`).
pub trait TextWords {
    /// The message `id` with its placeholders filled from `args`.
    fn say(&self, id: &str, args: &[(&str, &dyn Display)]) -> String;
}

/// The text drawings' words in English: what [`text()`], [`trace()`], [`chance_text`]
/// and [`chance_trace`] write.
#[derive(Clone, Copy, Debug, Default)]
pub struct English;

/// Every message id a text drawing says, with its English words (`{name}`: a placeholder).
pub const TEXT_MESSAGES: [(&str, &str); 20] = [
    ("tree.picture.max", "MAX"),
    ("tree.picture.min", "MIN"),
    ("tree.picture.chance", "CHANCE"),
    ("tree.list.separator", ", "),
    (
        "tree.text.why.max",
        "{value} ≥ β={beta}: MIN can keep MAX to {beta} elsewhere",
    ),
    (
        "tree.text.why.min",
        "{value} ≤ α={alpha}: MAX can get {alpha} elsewhere",
    ),
    ("tree.text.cutoff", "cutoff: {why}; prunes {pruned}"),
    ("tree.text.pruned", "pruned"),
    ("tree.text.pruned.at", "pruned at {node}, window {window}"),
    ("tree.text.pruned.at.only", "pruned at {node}"),
    ("tree.text.probe", "probe {bound}"),
    ("tree.text.pv", "* principal variation: {line}"),
    ("tree.text.steps", "steps:"),
    ("tree.text.step.enter", "enter {node}"),
    ("tree.text.step.leaf", "leaf {value}"),
    (
        "tree.text.step.cutoff",
        "cutoff at {node}: {why}; prune {pruned}",
    ),
    ("tree.text.step.exit", "back at {node}"),
    (
        "tree.text.step.exit.cut",
        "back at {node}; cut, never looks at {pruned}",
    ),
    (
        "tree.text.step.probe",
        "probe {node} through its first move: {bound}",
    ),
    (
        "tree.text.step.add",
        "{node}: + {probability} × {value} ({child}) → sum {sum}",
    ),
];

impl TextWords for English {
    fn say(&self, id: &str, args: &[(&str, &dyn Display)]) -> String {
        let Some((_, text)) = TEXT_MESSAGES.iter().find(|(known, _)| *known == id) else {
            return id.to_string();
        };
        let mut out = String::with_capacity(text.len());
        let mut rest = *text;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            match after.find('}') {
                Some(close) => {
                    let name = &after[..close];
                    match args.iter().find(|(n, _)| *n == name) {
                        Some((_, value)) => {
                            let _ = write!(out, "{value}");
                        }
                        None => {
                            out.push('{');
                            out.push_str(name);
                            out.push('}');
                        }
                    }
                    rest = &after[close + 1..];
                }
                None => {
                    out.push_str(&rest[open..]);
                    rest = "";
                }
            }
        }
        out.push_str(rest);
        out
    }
}

/// How a node is called in the drawings: its name, or for an unnamed leaf its value.
pub(crate) fn label(tree: &ExplicitTree, id: NodeId) -> String {
    let node = tree.node(id);
    match tree.max_value(id) {
        Some(v) if !node.named => tree.format_value(v),
        _ => shown(&node.name).into_owned(),
    }
}

pub(crate) fn player_word(player: Player) -> &'static str {
    match player {
        Player::First => "MAX",
        Player::Second => "MIN",
    }
}

fn player_words(words: &dyn TextWords, player: Player) -> String {
    match player {
        Player::First => words.say("tree.picture.max", &[]),
        Player::Second => words.say("tree.picture.min", &[]),
    }
}

/// `= 3`, `≤ 2`, `≥ 7`.
pub(crate) fn valued(tree: &ExplicitTree, value: Score, bound: Option<Bound>) -> String {
    let relation = match bound {
        Some(Bound::Lower) => "≥",
        Some(Bound::Upper) => "≤",
        _ => "=",
    };
    format!("{relation} {}", tree.format_score(value))
}

pub(crate) fn window_text(tree: &ExplicitTree, window: Window) -> String {
    format!(
        "α={} β={}",
        tree.format_score(window.alpha),
        tree.format_score(window.beta)
    )
}

/// Why a node stopped early, in words.
pub(crate) fn cutoff_text(tree: &ExplicitTree, id: NodeId, value: Score, window: Window) -> String {
    cutoff_words(&English, tree, id, value, window)
}

fn cutoff_words(
    words: &dyn TextWords,
    tree: &ExplicitTree,
    id: NodeId,
    value: Score,
    window: Window,
) -> String {
    let value = tree.format_score(value);
    match tree.node(id).mover {
        Player::First => words.say(
            "tree.text.why.max",
            &[("value", &value), ("beta", &tree.format_score(window.beta))],
        ),
        Player::Second => words.say(
            "tree.text.why.min",
            &[
                ("value", &value),
                ("alpha", &tree.format_score(window.alpha)),
            ],
        ),
    }
}

fn names(words: &dyn TextWords, tree: &ExplicitTree, ids: &[NodeId]) -> String {
    ids.iter()
        .map(|&id| label(tree, id))
        .collect::<Vec<_>>()
        .join(&words.say("tree.list.separator", &[]))
}

/// One line per node: name, MAX/MIN, backed-up value; `*` on the principal
/// variation; cutoffs and pruned nodes with the window at the cut.
pub fn text(tree: &ExplicitTree, run: &Annotation) -> String {
    let mut out = String::new();
    write_text(tree, run, &mut out);
    out
}

/// [`text()`], written to `out` (a string, or a [`super::ByteCount`] that sizes it).
pub fn write_text(tree: &ExplicitTree, run: &Annotation, out: &mut dyn Write) {
    write_text_in(tree, run, &English, out);
}

/// [`write_text`] in `words`: the same drawing, its words said by a front end.
pub fn write_text_in(
    tree: &ExplicitTree,
    run: &Annotation,
    words: &dyn TextWords,
    out: &mut dyn Write,
) {
    // (Writing to a string or a count cannot fail.)
    for_each_line(tree, |id, prefix| {
        let _ = out.write_str(prefix);
        let _ = out.write_str(&node_line(words, tree, run, id));
        let _ = out.write_char('\n');
    });
    let path: Vec<String> = run.pv.iter().map(|&id| label(tree, id)).collect();
    let line = path.join(" → ");
    let _ = writeln!(out, "{}", words.say("tree.text.pv", &[("line", &line)]));
}

/// Calls `line` with every node in reading order and the branches drawn before its
/// name (`│  ├─ `). The branches of the nodes waiting their turn are not kept: each
/// line's are made from one flag a level (whether a later sibling is still to come
/// there), so the memory is the depth's, not the depth's times the nodes waiting.
fn for_each_line(tree: &ExplicitTree, mut line: impl FnMut(NodeId, &str)) {
    // (node, whether it is its parent's last child)
    let mut stack: Vec<(NodeId, bool)> = vec![(tree.root(), true)];
    // Per level from 1, on the line being drawn: a later sibling is still to come.
    let mut more: Vec<bool> = Vec::new();
    let mut prefix = String::new();
    while let Some((id, last)) = stack.pop() {
        let depth = tree.node(id).depth as usize;
        if depth > 0 {
            more.truncate(depth - 1);
            prefix.clear();
            for &open in &more {
                prefix.push_str(if open { "│  " } else { "   " });
            }
            prefix.push_str(if last { "└─ " } else { "├─ " });
            more.push(!last);
        }
        line(id, &prefix);
        let children = tree.children(id);
        for (i, &child) in children.iter().enumerate().rev() {
            stack.push((child, i + 1 == children.len()));
        }
    }
}

fn node_line(words: &dyn TextWords, tree: &ExplicitTree, run: &Annotation, id: NodeId) -> String {
    let node = tree.node(id);
    let report = &run.nodes[id as usize];
    let mut line = if node.is_leaf() {
        let value = tree.format_value(tree.max_value(id).unwrap_or(0));
        if node.named {
            format!("{} = {value}", shown(&node.name))
        } else {
            value
        }
    } else {
        match report.value {
            Some(v) if !report.pruned => format!(
                "{} {} {}",
                shown(&node.name),
                player_words(words, node.mover),
                valued(tree, v, report.bound)
            ),
            _ => format!("{} {}", shown(&node.name), player_words(words, node.mover)),
        }
    };
    if report.on_pv {
        line.push_str("  *");
    }
    if let Some(cut) = &report.cutoff {
        let why = cutoff_words(words, tree, id, cut.value, cut.window);
        let pruned = names(words, tree, &cut.pruned);
        line.push_str("  ");
        line.push_str(&words.say("tree.text.cutoff", &[("why", &why), ("pruned", &pruned)]));
    }
    if report.pruned {
        line.push_str("  ");
        match report.pruned_at {
            Some(at) if tree.node(id).parent == Some(at) => {
                let window = run.nodes[at as usize].cutoff.as_ref().map(|c| c.window);
                let node = label(tree, at);
                line.push_str(&match window {
                    Some(w) => words.say(
                        "tree.text.pruned.at",
                        &[("node", &node), ("window", &window_text(tree, w))],
                    ),
                    None => words.say("tree.text.pruned.at.only", &[("node", &node)]),
                });
            }
            _ => line.push_str(&words.say("tree.text.pruned", &[])),
        }
    }
    line
}

/// The steps of the search, one per line, indented by depth: entering a node
/// (with the alpha-beta window), a leaf's value, a cutoff, a node's backed-up value.
pub fn trace(tree: &ExplicitTree, run: &Annotation) -> String {
    let mut out = String::new();
    write_trace(tree, run, &mut out);
    out
}

/// [`trace()`], written to `out` (a string, or a [`super::ByteCount`] that sizes it).
pub fn write_trace(tree: &ExplicitTree, run: &Annotation, out: &mut dyn Write) {
    write_trace_in(tree, run, &English, out);
}

/// [`write_trace`] in `words`.
pub fn write_trace_in(
    tree: &ExplicitTree,
    run: &Annotation,
    words: &dyn TextWords,
    out: &mut dyn Write,
) {
    let windows = run.algorithm == Algorithm::AlphaBeta;
    let width = run.steps.len().to_string().len();
    for (i, step) in run.steps.iter().enumerate() {
        let node = match step {
            Step::Enter { node, .. }
            | Step::Leaf { node, .. }
            | Step::Cutoff { node, .. }
            | Step::Exit { node, .. } => *node,
        };
        let indent = "  ".repeat(tree.node(node).depth as usize);
        let who = format!(
            "{} {}",
            label(tree, node),
            player_words(words, tree.node(node).mover)
        );
        let text = match step {
            Step::Enter { window, .. } if windows => {
                let node = format!("{who}  {}", window_text(tree, *window));
                words.say("tree.text.step.enter", &[("node", &node)])
            }
            Step::Enter { .. } => words.say("tree.text.step.enter", &[("node", &who)]),
            Step::Leaf { value, .. } => {
                let node = tree.node(node);
                let value = if node.named {
                    format!("{} = {}", shown(&node.name), tree.format_score(*value))
                } else {
                    tree.format_score(*value)
                };
                words.say("tree.text.step.leaf", &[("value", &value)])
            }
            Step::Cutoff {
                value,
                window,
                pruned,
                ..
            } => words.say(
                "tree.text.step.cutoff",
                &[
                    ("node", &label(tree, node)),
                    ("why", &cutoff_words(words, tree, node, *value, *window)),
                    ("pruned", &names(words, tree, pruned)),
                ],
            ),
            Step::Exit { value, bound, .. } => {
                let node = format!("{who} {}", valued(tree, *value, Some(*bound)));
                words.say("tree.text.step.exit", &[("node", &node)])
            }
        };
        let _ = writeln!(out, "{:>width$}  {indent}{text}", i + 1);
    }
}

/// `alphabeta: value 3, best #2 (child 1 of 3), 11 nodes visited, 7 leaves evaluated, 1 cutoff`.
pub fn summary(tree: &ExplicitTree, run: &Annotation) -> String {
    let (result, work) = summary_parts(tree, run);
    format!("{result}, {work}")
}

/// The summary in two halves: the result, and the work done.
pub(crate) fn summary_parts(tree: &ExplicitTree, run: &Annotation) -> (String, String) {
    let best = match run.best {
        Some(best) => {
            let children = tree.children(tree.root());
            let index = children
                .iter()
                .position(|&c| c == best)
                .map_or(0, |i| i + 1);
            format!(
                "best {} (child {index} of {})",
                label(tree, best),
                children.len()
            )
        }
        None => "no move (the root is a leaf)".to_string(),
    };
    let plural = |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    (
        format!(
            "{}: value {}, {best}",
            run.algorithm.name(),
            tree.format_score(run.value)
        ),
        format!(
            "{} visited, {} evaluated, {}",
            plural(run.stats.nodes, "node", "nodes"),
            plural(run.stats.leaves, "leaf", "leaves"),
            plural(run.cutoffs, "cutoff", "cutoffs"),
        ),
    )
}

/// A chance search's value written exactly: `4`, `3.5` (a fraction a short decimal
/// writes exactly), or `19/6 ≈ 3.167`.
pub fn ratio_text(value: Ratio) -> String {
    let mut denominator = value.denominator();
    for factor in [2, 5] {
        while denominator % factor == 0 {
            denominator /= factor;
        }
    }
    let decimal = value.to_decimal(6);
    if denominator == 1 && value == decimal.parse::<Ratio>().unwrap_or(Ratio::ZERO) {
        decimal
    } else {
        format!("{value} ≈ {}", value.to_decimal(3))
    }
}

pub(crate) fn kind_word(tree: &ExplicitTree, id: NodeId) -> &'static str {
    match tree.kind(id) {
        NodeKind::Max => "MAX",
        NodeKind::Min => "MIN",
        NodeKind::Chance => "CHANCE",
    }
}

fn kind_words(words: &dyn TextWords, tree: &ExplicitTree, id: NodeId) -> String {
    match tree.kind(id) {
        NodeKind::Max => words.say("tree.picture.max", &[]),
        NodeKind::Min => words.say("tree.picture.min", &[]),
        NodeKind::Chance => words.say("tree.picture.chance", &[]),
    }
}

pub(crate) fn ratio_valued(value: Ratio, bound: Option<Bound>) -> String {
    let relation = match bound {
        Some(Bound::Lower) => "≥",
        Some(Bound::Upper) => "≤",
        _ => "=",
    };
    format!("{relation} {}", ratio_text(value))
}

/// A tree with chance nodes after a chance search, one line per node: each outcome's
/// probability before it, each node's kind and value (`≤`/`≥` for a bound), `*` on the
/// line both players choose, Star2's probes, and the nodes the search never reached.
pub fn chance_text(tree: &ExplicitTree, run: &ChanceRun) -> String {
    let mut out = String::new();
    write_chance_text(tree, run, &mut out);
    out
}

/// [`chance_text`], written to `out` (a string, or a [`super::ByteCount`] that sizes it).
pub fn write_chance_text(tree: &ExplicitTree, run: &ChanceRun, out: &mut dyn Write) {
    write_chance_lines(tree, run, &English, out);
    write_chance_summary(run, out);
}

/// [`write_chance_text`] in `words`, without its last line (the summary, which a front
/// end says in its own words).
pub fn write_chance_text_in(
    tree: &ExplicitTree,
    run: &ChanceRun,
    words: &dyn TextWords,
    out: &mut dyn Write,
) {
    write_chance_lines(tree, run, words, out);
}

/// The lines of [`write_chance_text`], one per node.
fn write_chance_lines(
    tree: &ExplicitTree,
    run: &ChanceRun,
    words: &dyn TextWords,
    out: &mut dyn Write,
) {
    // (Writing to a string or a count cannot fail.)
    for_each_line(tree, |id, prefix| {
        let _ = out.write_str(prefix);
        let node = tree.node(id);
        let report = &run.nodes[id as usize];
        if let Some(p) = tree.probability(id) {
            let _ = write!(out, "[{p}] ");
        }
        if node.is_leaf() {
            let _ = out.write_str(&label(tree, id));
            if node.named {
                let value = tree.format_value(tree.max_value(id).unwrap_or(0));
                let _ = write!(out, " = {value}");
            }
        } else {
            let _ = write!(out, "{} {}", shown(&node.name), kind_words(words, tree, id));
            if let Some(value) = report.value {
                let _ = write!(out, " {}", ratio_valued(value, report.bound));
            }
        }
        if report.on_pv {
            let _ = out.write_str("  *");
        }
        if let Some(probe) = report.probe {
            let relation = if tree.kind(id) == NodeKind::Max {
                "≥"
            } else {
                "≤"
            };
            let bound = format!("{relation} {}", ratio_text(probe));
            let _ = write!(
                out,
                "  {}",
                words.say("tree.text.probe", &[("bound", &bound)])
            );
        }
        if report.pruned {
            let _ = write!(out, "  {}", words.say("tree.text.pruned", &[]));
        }
        let _ = out.write_char('\n');
    });
}

/// The summary line of [`write_chance_text`].
fn write_chance_summary(run: &ChanceRun, out: &mut dyn Write) {
    let _ = writeln!(
        out,
        "{}: value {}, {} visited, {}, {}{}",
        run.algorithm.name(),
        ratio_text(run.value),
        counted(run.stats.nodes, "node", "nodes"),
        counted(run.stats.leaves, "leaf", "leaves"),
        counted(run.stats.cuts, "cut", "cuts"),
        if run.algorithm == ChanceAlgorithm::Star2 {
            format!(", {}", counted(run.stats.probes, "probe", "probes"))
        } else {
            String::new()
        }
    );
}

/// The steps of a chance search, one per line, indented by depth; a chance node's sum
/// is shown as it is built, child by child.
pub fn chance_trace(tree: &ExplicitTree, run: &ChanceRun) -> String {
    let mut out = String::new();
    write_chance_trace(tree, run, &mut out);
    out
}

/// [`chance_trace`], written to `out` (a string, or a [`super::ByteCount`] that sizes it).
pub fn write_chance_trace(tree: &ExplicitTree, run: &ChanceRun, out: &mut dyn Write) {
    write_chance_trace_in(tree, run, &English, out);
}

/// [`write_chance_trace`] in `words`.
pub fn write_chance_trace_in(
    tree: &ExplicitTree,
    run: &ChanceRun,
    words: &dyn TextWords,
    out: &mut dyn Write,
) {
    let width = run.steps.len().to_string().len();
    for (i, step) in run.steps.iter().enumerate() {
        let node = match step {
            ChanceStep::Enter { node, .. }
            | ChanceStep::Leaf { node, .. }
            | ChanceStep::Probe { node, .. }
            | ChanceStep::Add { node, .. }
            | ChanceStep::Exit { node, .. } => *node,
        };
        let indent = "  ".repeat(tree.node(node).depth as usize);
        let who = format!("{} {}", label(tree, node), kind_words(words, tree, node));
        let text = match step {
            ChanceStep::Enter {
                window: Some((alpha, beta)),
                ..
            } => {
                let node = format!("{who}  α={} β={}", ratio_text(*alpha), ratio_text(*beta));
                words.say("tree.text.step.enter", &[("node", &node)])
            }
            ChanceStep::Enter { .. } => words.say("tree.text.step.enter", &[("node", &who)]),
            ChanceStep::Leaf { value, .. } => {
                let value = if tree.node(node).named {
                    format!("{} = {}", shown(&tree.node(node).name), ratio_text(*value))
                } else {
                    ratio_text(*value)
                };
                words.say("tree.text.step.leaf", &[("value", &value)])
            }
            ChanceStep::Probe { bound, .. } => {
                let relation = if tree.kind(node) == NodeKind::Max {
                    "≥"
                } else {
                    "≤"
                };
                let bound = format!("{relation} {}", ratio_text(*bound));
                words.say("tree.text.step.probe", &[("node", &who), ("bound", &bound)])
            }
            ChanceStep::Add {
                child,
                probability,
                value,
                sum,
                ..
            } => words.say(
                "tree.text.step.add",
                &[
                    ("node", &who),
                    ("probability", probability),
                    ("value", &ratio_text(*value)),
                    ("child", &label(tree, *child)),
                    ("sum", &ratio_text(*sum)),
                ],
            ),
            ChanceStep::Exit {
                value,
                bound,
                pruned,
                ..
            } => {
                let node = format!("{who} {}", ratio_valued(*value, Some(*bound)));
                if pruned.is_empty() {
                    words.say("tree.text.step.exit", &[("node", &node)])
                } else {
                    words.say(
                        "tree.text.step.exit.cut",
                        &[("node", &node), ("pruned", &names(words, tree, pruned))],
                    )
                }
            }
        };
        let _ = writeln!(out, "{:>width$}  {indent}{text}", i + 1);
    }
}

/// `1 cut`, `2 cuts`.
fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
