//! Graphviz: `ply tree FILE --format dot | dot -Tpng > tree.png`.

use super::shown;
use super::text::{player_word, valued, window_text};
use crate::annotate::Annotation;
use crate::tree::{ExplicitTree, NodeId};
use ply_core::Player;

/// A dot string's content: backslashes and quotes escaped, control characters
/// written out (see [`shown`]).
fn escape(text: &str) -> String {
    shown(text).replace('\\', "\\\\").replace('"', "\\\"")
}

/// MAX nodes are triangles, MIN nodes upside-down triangles, leaves boxes;
/// the principal variation is red and bold, pruned nodes grey and dashed.
pub fn dot(tree: &ExplicitTree, run: &Annotation) -> String {
    let mut out = String::from(
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
        out.push_str(&format!("  n{id} [{}];\n", attributes.join(", ")));
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
        out.push_str(&format!("  n{parent} -> n{id}{style};\n"));
    }
    out.push_str("}\n");
    out
}
