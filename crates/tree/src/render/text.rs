//! The tree drawn with box characters, the search trace, and the summary line.

use super::shown;
use crate::annotate::{Annotation, Bound, Step, Window};
use crate::chance::{ChanceAlgorithm, ChanceRun, ChanceStep};
use crate::tree::{ExplicitTree, NodeId};
use ply_core::chance::{NodeKind, Ratio};
use ply_core::{Algorithm, Player, Score};
use std::fmt::Write;

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
    match tree.node(id).mover {
        Player::First => format!(
            "{} ≥ β={}: MIN can keep MAX to {} elsewhere",
            tree.format_score(value),
            tree.format_score(window.beta),
            tree.format_score(window.beta)
        ),
        Player::Second => format!(
            "{} ≤ α={}: MAX can get {} elsewhere",
            tree.format_score(value),
            tree.format_score(window.alpha),
            tree.format_score(window.alpha)
        ),
    }
}

fn names(tree: &ExplicitTree, ids: &[NodeId]) -> String {
    ids.iter()
        .map(|&id| label(tree, id))
        .collect::<Vec<_>>()
        .join(", ")
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
    // (Writing to a string or a count cannot fail.)
    for_each_line(tree, |id, prefix| {
        let _ = out.write_str(prefix);
        let _ = out.write_str(&node_line(tree, run, id));
        let _ = out.write_char('\n');
    });
    let path: Vec<String> = run.pv.iter().map(|&id| label(tree, id)).collect();
    let _ = writeln!(out, "* principal variation: {}", path.join(" → "));
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

fn node_line(tree: &ExplicitTree, run: &Annotation, id: NodeId) -> String {
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
                player_word(node.mover),
                valued(tree, v, report.bound)
            ),
            _ => format!("{} {}", shown(&node.name), player_word(node.mover)),
        }
    };
    if report.on_pv {
        line.push_str("  *");
    }
    if let Some(cut) = &report.cutoff {
        line.push_str(&format!(
            "  cutoff: {}; prunes {}",
            cutoff_text(tree, id, cut.value, cut.window),
            names(tree, &cut.pruned)
        ));
    }
    if report.pruned {
        match report.pruned_at {
            Some(at) if tree.node(id).parent == Some(at) => {
                let window = run.nodes[at as usize].cutoff.as_ref().map(|c| c.window);
                let window = window
                    .map(|w| format!(", window {}", window_text(tree, w)))
                    .unwrap_or_default();
                line.push_str(&format!("  pruned at {}{window}", label(tree, at)));
            }
            _ => line.push_str("  pruned"),
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
            player_word(tree.node(node).mover)
        );
        let text = match step {
            Step::Enter { window, .. } if windows => {
                format!("enter {who}  {}", window_text(tree, *window))
            }
            Step::Enter { .. } => format!("enter {who}"),
            Step::Leaf { value, .. } => {
                let node = tree.node(node);
                if node.named {
                    format!("leaf {} = {}", shown(&node.name), tree.format_score(*value))
                } else {
                    format!("leaf {}", tree.format_score(*value))
                }
            }
            Step::Cutoff {
                value,
                window,
                pruned,
                ..
            } => format!(
                "cutoff at {}: {}; prune {}",
                label(tree, node),
                cutoff_text(tree, node, *value, *window),
                names(tree, pruned)
            ),
            Step::Exit { value, bound, .. } => {
                format!("back at {who} {}", valued(tree, *value, Some(*bound)))
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
            let _ = write!(out, "{} {}", shown(&node.name), kind_word(tree, id));
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
            let _ = write!(out, "  probe {relation} {}", ratio_text(probe));
        }
        if report.pruned {
            let _ = out.write_str("  pruned");
        }
        let _ = out.write_char('\n');
    });
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
        let who = format!("{} {}", label(tree, node), kind_word(tree, node));
        let text = match step {
            ChanceStep::Enter {
                window: Some((alpha, beta)),
                ..
            } => format!(
                "enter {who}  α={} β={}",
                ratio_text(*alpha),
                ratio_text(*beta)
            ),
            ChanceStep::Enter { .. } => format!("enter {who}"),
            ChanceStep::Leaf { value, .. } if tree.node(node).named => {
                format!(
                    "leaf {} = {}",
                    shown(&tree.node(node).name),
                    ratio_text(*value)
                )
            }
            ChanceStep::Leaf { value, .. } => format!("leaf {}", ratio_text(*value)),
            ChanceStep::Probe { bound, .. } => {
                let relation = if tree.kind(node) == NodeKind::Max {
                    "≥"
                } else {
                    "≤"
                };
                format!(
                    "probe {who} through its first move: {relation} {}",
                    ratio_text(*bound)
                )
            }
            ChanceStep::Add {
                child,
                probability,
                value,
                sum,
                ..
            } => format!(
                "{who}: + {probability} × {} ({}) → sum {}",
                ratio_text(*value),
                label(tree, *child),
                ratio_text(*sum)
            ),
            ChanceStep::Exit {
                value,
                bound,
                pruned,
                ..
            } => {
                let mut text = format!("back at {who} {}", ratio_valued(*value, Some(*bound)));
                if !pruned.is_empty() {
                    text.push_str(&format!("; cut, never looks at {}", names(tree, pruned)));
                }
                text
            }
        };
        let _ = writeln!(out, "{:>width$}  {indent}{text}", i + 1);
    }
}

/// `1 cut`, `2 cuts`.
fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
