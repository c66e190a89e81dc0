//! Graphviz: `ply tree FILE --format dot | dot -Tpng > tree.png`, for trees with chance
//! nodes too.

use super::shown;
use super::text::{kind_word, label, player_word, ratio_valued, valued, window_text};
use crate::annotate::Annotation;
use crate::chance::ChanceRun;
use crate::tree::{ExplicitTree, NodeId};
use ply_core::Player;
use ply_core::chance::NodeKind;
use std::fmt::Write;

/// A dot string's content: backslashes and quotes escaped, control characters
/// written out (see [`shown`]).
fn escape(text: &str) -> String {
    shown(text).replace('\\', "\\\\").replace('"', "\\\"")
}

/// MAX nodes are triangles, MIN nodes upside-down triangles, leaves boxes;
/// the principal variation is red and bold, pruned nodes grey and dashed.
pub fn dot(tree: &ExplicitTree, run: &Annotation) -> String {
    let mut out = String::new();
    write_dot(tree, run, &mut out);
    out
}

/// [`dot()`], written to `out` (a string, or a [`super::ByteCount`] that sizes it).
pub fn write_dot(tree: &ExplicitTree, run: &Annotation, out: &mut dyn Write) {
    // (Writing to a string or a count cannot fail.)
    let _ = out.write_str(
        "digraph tree {\n  graph [ordering=out, nodesep=0.25, ranksep=0.6];\n  node [fontname=\"Helvetica\", fontsize=12, style=filled, fillcolor=white];\n  edge [arrowhead=none];\n",
    );
    for id in 0..tree.len() as NodeId {
        let node = tree.node(id);
        let report = &run.nodes[id as usize];
        let shape = match (node.is_leaf(), node.mover) {
            (true, _) => "box",
            (false, Player::First) => "triangle",
            (false, Player::Second) => "invtriangle",
        };
        let value = if node.is_leaf() {
            tree.format_value(tree.max_value(id).unwrap_or(0))
        } else {
            match report.value {
                Some(v) if !report.pruned => valued(tree, v, report.bound)
                    .trim_start_matches("= ")
                    .to_string(),
                _ => String::new(),
            }
        };
        let mut text = if node.is_leaf() && !node.named {
            value
        } else {
            format!("{}\\n{}", escape(&node.name), escape(&value))
        };
        if !node.is_leaf() {
            text = format!("{text}\\n{}", player_word(node.mover));
        }
        let mut attributes = vec![format!("label=\"{text}\""), format!("shape={shape}")];
        if report.on_pv {
            attributes.push("color=\"#c0392b\", penwidth=2.5".into());
        }
        if report.pruned {
            attributes.push(
                "color=gray70, fontcolor=gray60, style=\"filled,dashed\", fillcolor=gray95".into(),
            );
        }
        if let Some(cut) = &report.cutoff {
            attributes.push(format!(
                "xlabel=\"cut {}\"",
                escape(&window_text(tree, cut.window))
            ));
        }
        let _ = writeln!(out, "  n{id} [{}];", attributes.join(", "));
    }
    for id in 1..tree.len() as NodeId {
        let Some(parent) = tree.node(id).parent else {
            continue;
        };
        let report = &run.nodes[id as usize];
        let style = if report.on_pv && run.nodes[parent as usize].on_pv {
            " [color=\"#c0392b\", penwidth=3]"
        } else if report.pruned {
            " [color=gray70, style=dashed]"
        } else {
            ""
        };
        let _ = writeln!(out, "  n{parent} -> n{id}{style};");
    }
    let _ = out.write_str("}\n");
}

/// A tree with chance nodes after a chance search, for Graphviz: MAX and MIN nodes as
/// triangles, chance nodes as green circles, leaves as boxes; each outcome's probability
/// on its edge, each value exact (`7/2`, `19/6 ≈ 3.167`, `≥ 4` for a bound), the line
/// both players choose red and bold, what the search never reached grey and dashed.
///
/// ```
/// use ply_tree::chance::{ChanceAlgorithm, annotate_chance};
/// use ply_tree::{parse, render::chance_dot};
///
/// let tree = parse("((l[chance] [1/2]3 [1/2]9) (r[chance] 8 0))", &Default::default()).unwrap();
/// let run = annotate_chance(&tree, ChanceAlgorithm::Expectiminimax, None).unwrap();
/// let dot = chance_dot(&tree, &run);
/// assert!(dot.contains("shape=circle"));
/// assert!(dot.contains("label=\"1/2\""));
/// ```
pub fn chance_dot(tree: &ExplicitTree, run: &ChanceRun) -> String {
    let mut out = String::new();
    write_chance_dot(tree, run, &mut out);
    out
}

/// [`chance_dot`], written to `out` (a string, or a [`super::ByteCount`] that sizes it).
pub fn write_chance_dot(tree: &ExplicitTree, run: &ChanceRun, out: &mut dyn Write) {
    // (Writing to a string or a count cannot fail.)
    let _ = out.write_str(
        "digraph tree {\n  graph [ordering=out, nodesep=0.25, ranksep=0.7];\n  node [fontname=\"Helvetica\", fontsize=12, style=filled, fillcolor=white];\n  edge [arrowhead=none, fontname=\"Helvetica\", fontsize=11, fontcolor=\"#1e7b45\"];\n",
    );
    for id in 0..tree.len() as NodeId {
        let node = tree.node(id);
        let report = &run.nodes[id as usize];
        let mut attributes = Vec::new();
        let text = if node.is_leaf() {
            let value = tree.format_value(tree.max_value(id).unwrap_or(0));
            attributes.push("shape=box".to_string());
            if node.named {
                format!("{}\\n{}", escape(&node.name), escape(&value))
            } else {
                escape(&label(tree, id))
            }
        } else {
            let kind = tree.kind(id);
            attributes.push(
                match kind {
                    NodeKind::Max => "shape=triangle",
                    NodeKind::Min => "shape=invtriangle",
                    NodeKind::Chance => "shape=circle, fillcolor=\"#d8f0e0\"",
                }
                .to_string(),
            );
            let value = match report.value {
                Some(v) if !report.pruned => ratio_valued(v, report.bound),
                _ => String::new(),
            };
            let value = value.trim_start_matches("= ");
            format!(
                "{}\\n{}\\n{}",
                escape(&node.name),
                escape(value),
                kind_word(tree, id)
            )
        };
        attributes.insert(0, format!("label=\"{text}\""));
        if report.on_pv {
            attributes.push("color=\"#c0392b\", penwidth=2.5".into());
        }
        if report.pruned {
            attributes.push(
                "color=gray70, fontcolor=gray60, style=\"filled,dashed\", fillcolor=gray95".into(),
            );
        }
        let _ = writeln!(out, "  n{id} [{}];", attributes.join(", "));
    }
    for id in 1..tree.len() as NodeId {
        let Some(parent) = tree.node(id).parent else {
            continue;
        };
        let report = &run.nodes[id as usize];
        let mut attributes = Vec::new();
        if let Some(p) = tree.probability(id) {
            attributes.push(format!("label=\"{p}\""));
        }
        if report.on_pv && run.nodes[parent as usize].on_pv {
            attributes.push("color=\"#c0392b\", penwidth=3".into());
        } else if report.pruned {
            attributes.push("color=gray70, style=dashed".into());
        }
        if attributes.is_empty() {
            let _ = writeln!(out, "  n{parent} -> n{id};");
        } else {
            let _ = writeln!(out, "  n{parent} -> n{id} [{}];", attributes.join(", "));
        }
    }
    let _ = out.write_str("}\n");
}
