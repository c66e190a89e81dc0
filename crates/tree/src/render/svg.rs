//! A self-contained SVG picture of the annotated tree, laid out by ply itself.
//!
//! Layout: one row per depth; leaves take consecutive slots from left to right
//! (reading order), and every inner node sits centred above its first and last
//! child. That is the classic tidy layout for layered trees: no edge crosses
//! another, and subtrees never overlap. MAX nodes are triangles pointing up,
//! MIN nodes triangles pointing down, leaves boxes; values are written inside.
//! The principal variation is red and bold; pruned subtrees are grey and
//! dashed, with a cut mark and the alpha-beta window on the pruned edges.

use super::shown;
use super::text::{cutoff_text, player_word, summary_parts, window_text};
use crate::annotate::{Annotation, Bound};
use crate::tree::{ExplicitTree, NodeId};
use ply_core::Player;
use std::fmt::Write;

const LEVEL: f64 = 86.0;
const NODE_HEIGHT: f64 = 40.0;
const LEAF_HEIGHT: f64 = 26.0;
const CHAR_WIDTH: f64 = 8.0;
const FONT: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";
const PV: &str = "#c0392b";
const GREY: &str = "#b0b0b0";

/// Text for XML content or a quoted attribute: the five markup characters escaped,
/// control and invisible characters written out (see [`shown`]; XML 1.0 cannot
/// carry most control characters at all, not even as references), and the two
/// non-characters XML forbids (U+FFFE, U+FFFF) likewise.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in shown(text).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\u{fffe}' | '\u{ffff}' => out.extend(c.escape_unicode()),
            c => out.push(c),
        }
    }
    out
}

/// The text written inside a node.
fn inside(tree: &ExplicitTree, run: &Annotation, id: NodeId) -> String {
    let node = tree.node(id);
    let report = &run.nodes[id as usize];
    if node.is_leaf() {
        return tree.format_value(tree.max_value(id).unwrap_or(0));
    }
    match report.value {
        Some(v) if !report.pruned => {
            let relation = match report.bound {
                Some(Bound::Lower) => "≥",
                Some(Bound::Upper) => "≤",
                _ => "",
            };
            format!("{relation}{}", tree.format_score(v))
        }
        _ => String::new(),
    }
}

fn text_width(text: &str) -> f64 {
    text.chars().count() as f64 * CHAR_WIDTH
}

/// The picture, with the visit order of each node when `visit_order` is set.
pub fn svg(tree: &ExplicitTree, run: &Annotation, visit_order: bool) -> String {
    svg_with(tree, run, visit_order, false)
}

/// [`svg`], and with `collapse_pruned` every subtree alpha-beta never looked at drawn as
/// one small grey mark (`✂ N`: its N nodes) where its root would be: the picture keeps
/// the search's shape and loses the branches that played no part in it.
pub fn svg_with(
    tree: &ExplicitTree,
    run: &Annotation,
    visit_order: bool,
    collapse_pruned: bool,
) -> String {
    let n = tree.len();
    // With collapse_pruned: the root of a pruned subtree is a mark (`collapsed`), its
    // descendants are not drawn (`hidden`).
    let mut hidden = vec![false; n];
    let mut collapsed = vec![false; n];
    let mut subtree_size = vec![1usize; n];
    for id in (1..n).rev() {
        if let Some(parent) = tree.node(id as NodeId).parent {
            subtree_size[parent as usize] += subtree_size[id];
        }
    }
    if collapse_pruned {
        for id in 1..n {
            let parent = tree.node(id as NodeId).parent.map(|p| p as usize);
            let parent_pruned = parent.is_some_and(|p| run.nodes[p].pruned);
            hidden[id] = parent.is_some_and(|p| hidden[p] || collapsed[p]);
            // (A pruned leaf is drawn as it is: it is already one small mark.)
            collapsed[id] =
                !hidden[id] && run.nodes[id].pruned && !parent_pruned && subtree_size[id] > 1;
        }
    }
    // A node that takes a slot of its own in the layout: a leaf, or a mark.
    let takes_slot = |id: usize| tree.node(id as NodeId).is_leaf() || collapsed[id];
    let mark = |id: usize| format!("✂ {}", subtree_size[id]);
    let labels: Vec<String> = (0..n as NodeId)
        .map(|id| {
            if collapsed[id as usize] {
                mark(id as usize)
            } else {
                inside(tree, run, id)
            }
        })
        .collect();
    let widest = labels.iter().map(|l| text_width(l)).fold(0.0, f64::max);
    let node_width = (widest + 26.0).max(44.0);
    // Room between neighbours for the names of inner nodes (on their left) and
    // the visit numbers (on their right).
    let widest_name = tree
        .nodes()
        .iter()
        .filter(|node| node.named && !node.is_leaf())
        .map(|node| text_width(&node.name) * 0.85)
        .fold(0.0, f64::max);
    let slot =
        node_width + 8.0 + if visit_order { 16.0 } else { 0.0 } + (widest_name - 10.0).max(0.0);

    // x by slots: leaves left to right, inner nodes centred over their children.
    let mut x = vec![0.0f64; n];
    let mut next_slot = 0.0;
    for (id, slot_x) in x.iter_mut().enumerate() {
        if takes_slot(id) && !hidden[id] {
            *slot_x = next_slot;
            next_slot += 1.0;
        }
    }
    for id in (0..n).rev() {
        if takes_slot(id) || hidden[id] {
            continue;
        }
        let children = tree.children(id as NodeId);
        if let (Some(&first), Some(&last)) = (children.first(), children.last()) {
            x[id] = (x[first as usize] + x[last as usize]) / 2.0;
        }
    }
    let height = tree.height() as f64;
    let left = 70.0;
    let top = 78.0;
    let width = (left + next_slot * slot + 30.0).max(600.0);
    let picture_height = top + height * LEVEL + NODE_HEIGHT + 110.0;
    let px = |id: usize| left + x[id] * slot + slot / 2.0;
    let py = |id: usize| top + tree.node(id as NodeId).depth as f64 * LEVEL + NODE_HEIGHT / 2.0;
    let half_height = |id: usize| {
        if takes_slot(id) {
            LEAF_HEIGHT / 2.0
        } else {
            NODE_HEIGHT / 2.0
        }
    };

    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{picture_height:.0}" viewBox="0 0 {width:.0} {picture_height:.0}" font-family="{FONT}">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let (mut result, work) = summary_parts(tree, run);
    // An unnamed best child is `#N` in the text output, a name the picture does not
    // show: the title then says which child it is, counted from the left.
    if let Some(best) = run.best
        && !tree.node(best).named
    {
        let children = tree.children(tree.root());
        let index = children
            .iter()
            .position(|&c| c == best)
            .map_or(0, |i| i + 1);
        let named = format!(
            "best {} (child {index} of {})",
            tree.node(best).name,
            children.len()
        );
        result = result.replace(
            &named,
            &format!("best: child {index} of {}", children.len()),
        );
    }
    let _ = writeln!(
        out,
        r##"<text x="12" y="26" font-size="17" font-weight="bold" fill="#222">{}</text><text x="12" y="46" font-size="13" fill="#444">{}</text>"##,
        escape(&result),
        escape(&work)
    );

    // Row labels, where every inner node of a row has the same player.
    let mut row_player: Vec<Option<Option<Player>>> = vec![None; tree.height() as usize + 1];
    for node in tree.nodes().iter().filter(|node| !node.is_leaf()) {
        let row = &mut row_player[node.depth as usize];
        *row = match *row {
            None => Some(Some(node.mover)),
            Some(Some(p)) if p == node.mover => Some(Some(p)),
            _ => Some(None),
        };
    }
    for (depth, row) in row_player.iter().enumerate() {
        if let Some(Some(player)) = row {
            let y = top + depth as f64 * LEVEL + NODE_HEIGHT / 2.0 + 5.0;
            let _ = writeln!(
                out,
                r##"<text x="12" y="{y:.1}" font-size="14" font-weight="bold" fill="#555">{}</text>"##,
                player_word(*player)
            );
        }
    }

    // Edges first, so that nodes are drawn over them.
    let mut labelled_cuts = vec![false; n];
    let mut cut_labels = Vec::new();
    for id in (1..n).filter(|&id| !hidden[id]) {
        let Some(parent) = tree.node(id as NodeId).parent else {
            continue;
        };
        let parent = parent as usize;
        let report = &run.nodes[id];
        let (x1, y1) = (px(parent), py(parent) + half_height(parent));
        let (x2, y2) = (px(id), py(id) - half_height(id));
        let style = if report.on_pv && run.nodes[parent].on_pv {
            format!(r#"stroke="{PV}" stroke-width="3.5""#)
        } else if report.pruned {
            format!(r#"stroke="{GREY}" stroke-width="1.5" stroke-dasharray="5 4""#)
        } else {
            r##"stroke="#555" stroke-width="1.5""##.to_string()
        };
        let _ = writeln!(
            out,
            r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" {style}/>"#
        );
        // A cut mark across each edge that alpha-beta never followed.
        if report.pruned && report.pruned_at == Some(parent as NodeId) {
            let (mx, my) = (x1 + (x2 - x1) * 0.55, y1 + (y2 - y1) * 0.55);
            let length = ((x2 - x1).powi(2) + (y2 - y1).powi(2)).sqrt().max(1.0);
            let (nx, ny) = (-(y2 - y1) / length * 7.0, (x2 - x1) / length * 7.0);
            let (tx, ty) = ((x2 - x1) / length * 2.5, (y2 - y1) / length * 2.5);
            for k in [-1.0, 1.0] {
                let _ = writeln!(
                    out,
                    r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{PV}" stroke-width="2"/>"#,
                    mx - nx + k * tx,
                    my - ny + k * ty,
                    mx + nx + k * tx,
                    my + ny + k * ty
                );
            }
            if !labelled_cuts[parent]
                && let Some(cut) = &run.nodes[parent].cutoff
            {
                labelled_cuts[parent] = true;
                cut_labels.push((parent, cut.clone()));
            }
        }
    }

    // Nodes.
    for (id, label) in labels.iter().enumerate() {
        if hidden[id] {
            continue;
        }
        let node = tree.node(id as NodeId);
        let report = &run.nodes[id];
        let (cx, cy) = (px(id), py(id));
        let (fill, stroke, stroke_width, dash, text_fill) = if report.pruned {
            (
                "#f2f2f2",
                GREY,
                1.5,
                r#" stroke-dasharray="4 3""#,
                "#9a9a9a",
            )
        } else if report.on_pv {
            (
                if node.is_leaf() {
                    "#fde2de"
                } else if node.mover == Player::First {
                    "#dbe8f7"
                } else {
                    "#fbe5d2"
                },
                PV,
                3.0,
                "",
                "#111",
            )
        } else if node.is_leaf() {
            ("white", "#444", 1.5, "", "#111")
        } else if node.mover == Player::First {
            ("#dbe8f7", "#2c4f7c", 1.5, "", "#111")
        } else {
            ("#fbe5d2", "#8a4b16", 1.5, "", "#111")
        };
        let (w, h) = (node_width / 2.0, NODE_HEIGHT / 2.0);
        let tooltip = format!(
            "{} ({}), depth {}",
            node.name,
            if node.is_leaf() {
                "leaf"
            } else {
                player_word(node.mover)
            },
            node.depth
        );
        let _ = write!(out, "<g><title>{}</title>", escape(&tooltip));
        let text_y = if takes_slot(id) {
            let lw = (text_width(label) + 14.0).max(30.0) / 2.0;
            let _ = write!(
                out,
                r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{LEAF_HEIGHT}" rx="4" fill="{fill}" stroke="{stroke}" stroke-width="{stroke_width}"{dash}/>"#,
                cx - lw,
                cy - LEAF_HEIGHT / 2.0,
                2.0 * lw
            );
            cy + 5.0
        } else if node.mover == Player::First {
            let _ = write!(
                out,
                r#"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{fill}" stroke="{stroke}" stroke-width="{stroke_width}" stroke-linejoin="round"{dash}/>"#,
                cx,
                cy - h,
                cx + w,
                cy + h,
                cx - w,
                cy + h
            );
            cy + h - 7.0
        } else {
            let _ = write!(
                out,
                r#"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{fill}" stroke="{stroke}" stroke-width="{stroke_width}" stroke-linejoin="round"{dash}/>"#,
                cx - w,
                cy - h,
                cx + w,
                cy - h,
                cx,
                cy + h
            );
            cy - h + 16.0
        };
        let weight = if report.on_pv {
            r#" font-weight="bold""#
        } else {
            ""
        };
        let _ = write!(
            out,
            r#"<text x="{cx:.1}" y="{text_y:.1}" font-size="14" text-anchor="middle" fill="{text_fill}"{weight}>{}</text>"#,
            escape(label)
        );
        if node.named {
            let (nx, ny, anchor) = if node.is_leaf() {
                (cx, cy + LEAF_HEIGHT / 2.0 + 13.0, "middle")
            } else if node.mover == Player::First {
                (cx - w * 0.5 - 4.0, cy - h + 8.0, "end")
            } else {
                (cx - w - 3.0, cy - h + 8.0, "end")
            };
            let _ = write!(
                out,
                r##"<text x="{nx:.1}" y="{ny:.1}" font-size="11" text-anchor="{anchor}" fill="#555">{}</text>"##,
                escape(&node.name)
            );
        }
        if visit_order && let Some(order) = report.visit_order {
            // To the right of the shape, clear of the edges that come in from above.
            let (ox, oy) = if node.is_leaf() {
                (
                    cx + (text_width(label) + 14.0).max(30.0) / 2.0 + 3.0,
                    cy + 4.0,
                )
            } else if node.mover == Player::First {
                (cx + w * 0.5 + 4.0, cy - h + 10.0)
            } else {
                (cx + w * 0.5 + 5.0, cy + 6.0)
            };
            let _ = write!(
                out,
                r##"<text x="{ox:.1}" y="{oy:.1}" font-size="10" fill="#1f5fbf" font-weight="bold">{order}</text>"##
            );
        }
        let _ = writeln!(out, "</g>");
    }

    // The window at each cut, under the node that cut (drawn last, over the edges).
    for (id, cut) in cut_labels {
        let _ = writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" font-size="11" fill="#7a1f16" stroke="white" stroke-width="4" paint-order="stroke" text-anchor="middle">{}<title>{}</title></text>"##,
            px(id),
            py(id) + NODE_HEIGHT / 2.0 + 14.0,
            escape(&window_text(tree, cut.window)),
            escape(&cutoff_text(tree, id as NodeId, cut.value, cut.window))
        );
    }

    // Legend, one row per topic.
    let base = 12.0;
    let mut y = top + height * LEVEL + NODE_HEIGHT + 36.0;
    let mut legend = format!(
        r##"<g font-size="12" fill="#333"><polygon points="{l0:.1},{y1:.1} {l1:.1},{y2:.1} {l2:.1},{y2:.1}" fill="#dbe8f7" stroke="#2c4f7c"/><text x="{t0:.1}" y="{y:.1}">MAX</text><polygon points="{m0:.1},{y0:.1} {m1:.1},{y0:.1} {m2:.1},{y3:.1}" fill="#fbe5d2" stroke="#8a4b16"/><text x="{t1:.1}" y="{y:.1}">MIN</text><rect x="{b0:.1}" y="{y0:.1}" width="16" height="14" rx="3" fill="white" stroke="#444"/><text x="{t3:.1}" y="{y:.1}">leaf (value for MAX)</text><line x1="{p0:.1}" y1="{yl:.1}" x2="{p1:.1}" y2="{yl:.1}" stroke="{PV}" stroke-width="3.5"/><text x="{t2:.1}" y="{y:.1}">principal variation</text>"##,
        l0 = base + 9.0,
        l1 = base + 18.0,
        l2 = base,
        y0 = y - 12.0,
        y1 = y - 13.0,
        y2 = y + 3.0,
        y3 = y + 4.0,
        t0 = base + 24.0,
        m0 = base + 70.0,
        m1 = base + 88.0,
        m2 = base + 79.0,
        t1 = base + 94.0,
        b0 = base + 140.0,
        t3 = base + 162.0,
        p0 = base + 300.0,
        p1 = base + 330.0,
        yl = y - 4.0,
        t2 = base + 336.0,
    );
    if run.cutoffs > 0 {
        y += 20.0;
        let _ = write!(
            legend,
            r##"<line x1="{base}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{GREY}" stroke-width="1.5" stroke-dasharray="5 4"/><text x="{:.1}" y="{y:.1}">pruned, never looked at; under the node that cut: its window α, β; ≤ and ≥: bounds</text>"##,
            y - 4.0,
            base + 30.0,
            y - 4.0,
            base + 36.0
        );
    }
    if visit_order {
        y += 20.0;
        let _ = write!(
            legend,
            r##"<text x="{base}" y="{y:.1}" fill="#1f5fbf">blue numbers: the order in which the search visits the nodes</text>"##,
        );
    }
    legend.push_str("</g>");
    out.push_str(&legend);
    out.push_str("\n</svg>\n");
    out
}
