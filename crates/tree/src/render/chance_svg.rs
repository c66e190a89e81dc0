//! The SVG picture of a tree with chance nodes after a chance search
//! ([`crate::chance::annotate_chance`]), laid out as [`super::svg()`] lays out minimax
//! trees.
//!
//! MAX nodes are triangles pointing up, MIN nodes triangles pointing down, as in the
//! minimax picture; chance nodes are circles, leaves boxes. Each outcome of a chance
//! node has its probability written just above it, on its edge (`1/6`, exact, as
//! [`Ratio`] writes it: `[0.25]` is `1/4`). Values are MAX's, exact: a whole number or
//! a short decimal (`3.5`) when the value has one, else the fraction (`11/3`) — the
//! first half of what [`super::chance_text`] writes (`11/3 ≈ 3.667`), whose decimal goes
//! in the node's tooltip. A bound is written `≤`/`≥` before it.
//!
//! Star1's and Star2's cuts are drawn as alpha-beta's: the outcomes never looked at grey
//! and dashed, a cut mark across their edges, the node that cut marked `cut` with its
//! window under it (`α=… β=…`). Star2's probes are in the tooltips.
//!
//! Every node is a group `<g id="node-0.1" class="node KIND …" data-path="0.1">`, KIND
//! being `max`, `min`, `chance` or `leaf`, then `pv`, `pruned`, `cut`, `visited` as in
//! [`super::svg_drawing`]; the probability is `<text class="label probability"
//! data-path="…">` with its outcome's path, and rows where every inner node is of one
//! kind are labelled `<text class="row-label" data-player="first|second|chance">`.

use super::layout::tidy;
use super::svg::{SvgOptions, escape, paths, text_width, window_lines};
use super::text::{label, ratio_text};
use crate::annotate::Bound;
use crate::chance::{ChanceAlgorithm, ChanceRun, ChanceStep};
use crate::tree::{ExplicitTree, NodeId};
use ply_core::chance::{NodeKind, Ratio};
use std::fmt::Write;

const TRIANGLE_HEIGHT: f64 = 40.0;
const LEAF_HEIGHT: f64 = 26.0;
const ROW_GAP: f64 = 56.0;
const GAP: f64 = 12.0;
const LEFT: f64 = 64.0;
const TOP: f64 = 78.0;
const FONT: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";
const PV: &str = "#c0392b";
const GREY: &str = "#b0b0b0";
const VALUE_SIZE: f64 = 14.0;
const NAME_SIZE: f64 = 11.0;
const ORDER_SIZE: f64 = 10.0;
const WINDOW_SIZE: f64 = 11.0;
const PROBABILITY_SIZE: f64 = 12.0;
const PROBABILITY_COLOUR: &str = "#5b2a86";
const ROW_LABEL_SIZE: f64 = 14.0;
/// The legend's row on probabilities, after an example of one.
const PROBABILITY_WORDS: &str = ": the probability of an outcome, over it; a chance node's value is the sum of its outcomes' values, each times its probability";
/// The fills and strokes of MAX's, MIN's and chance's nodes.
const MAX_FILL: (&str, &str) = ("#dbe8f7", "#2c4f7c");
const MIN_FILL: (&str, &str) = ("#fbe5d2", "#8a4b16");
const CHANCE_FILL: (&str, &str) = ("#e9f5e1", "#3f7a2a");

/// A value as the picture writes it: a whole number or a short decimal when it has one
/// (`4`, `3.5`), else the exact fraction (`11/3`).
pub fn ratio_short(value: Ratio) -> String {
    let text = ratio_text(value);
    match text.split_once(" ≈ ") {
        Some((exact, _)) => exact.to_string(),
        None => text,
    }
}

fn bounded(value: Ratio, bound: Option<Bound>) -> String {
    let relation = match bound {
        Some(Bound::Lower) => "≥",
        Some(Bound::Upper) => "≤",
        _ => "",
    };
    format!("{relation}{}", ratio_short(value))
}

fn kind_class(tree: &ExplicitTree, id: NodeId) -> &'static str {
    if tree.node(id).is_leaf() {
        return "leaf";
    }
    match tree.kind(id) {
        NodeKind::Max => "max",
        NodeKind::Min => "min",
        NodeKind::Chance => "chance",
    }
}

/// The picture of `tree` after the chance search `run`, drawn as `options` ask
/// (`collapse_pruned` is not used: a chance tree is drawn whole).
pub fn chance_svg(tree: &ExplicitTree, run: &ChanceRun, options: &SvgOptions) -> String {
    let n = tree.len();
    let path = paths(tree);
    let is_leaf = |id: usize| tree.node(id as NodeId).is_leaf();
    let kind = |id: usize| tree.kind(id as NodeId);
    // What each node says inside: a leaf its value as written, an inner node the value
    // the search gave it (nothing when never reached).
    let labels: Vec<String> = (0..n)
        .map(|id| {
            let report = &run.nodes[id];
            if is_leaf(id) {
                tree.format_value(tree.max_value(id as NodeId).unwrap_or(0))
            } else {
                match report.value {
                    Some(v) if !report.pruned => bounded(v, report.bound),
                    _ => String::new(),
                }
            }
        })
        .collect();
    let probability: Vec<Option<String>> = (0..n)
        .map(|id| tree.probability(id as NodeId).map(|p| p.to_string()))
        .collect();
    // The nodes that cut, and the children each left unsearched.
    let mut cut = vec![false; n];
    let mut pruned_at: Vec<Option<usize>> = vec![None; n];
    for step in &run.steps {
        if let ChanceStep::Exit { node, pruned, .. } = step
            && !pruned.is_empty()
        {
            cut[*node as usize] = true;
            for &child in pruned {
                pruned_at[child as usize] = Some(*node as usize);
            }
        }
    }
    let order_of = |id: usize| {
        run.nodes[id]
            .visit_order
            .filter(|_| options.visit_order)
            .map(|order| order.to_string())
    };
    let triangle_width = (0..n)
        .filter(|&id| !is_leaf(id) && kind(id) != NodeKind::Chance)
        .map(|id| text_width(&labels[id], VALUE_SIZE) + 26.0)
        .fold(44.0, f64::max);
    // A circle holds its value, and the sums a page shows while stepping (`Σ 15/4`).
    let sums = run.steps.iter().filter_map(|step| match step {
        ChanceStep::Add { sum, .. } => Some(format!("Σ {}", ratio_short(*sum))),
        _ => None,
    });
    let circle_diameter = (0..n)
        .filter(|&id| !is_leaf(id) && kind(id) == NodeKind::Chance)
        .map(|id| labels[id].clone())
        .chain(sums)
        .map(|text| text_width(&text, VALUE_SIZE) + 12.0)
        .fold(TRIANGLE_HEIGHT, f64::max);
    let extent = |id: usize| -> (f64, f64) {
        if is_leaf(id) {
            (
                (text_width(&labels[id], VALUE_SIZE) + 14.0).max(30.0) / 2.0,
                LEAF_HEIGHT,
            )
        } else if kind(id) == NodeKind::Chance {
            (circle_diameter / 2.0, circle_diameter)
        } else {
            (triangle_width / 2.0, TRIANGLE_HEIGHT)
        }
    };
    let node_height = (0..n).map(|id| extent(id).1).fold(LEAF_HEIGHT, f64::max);
    let level = node_height + ROW_GAP;
    let window_of: Vec<Option<String>> = (0..n)
        .map(|id| {
            let (alpha, beta) = run.nodes[id].window.filter(|_| cut[id])?;
            Some(format!("α={} β={}", ratio_short(alpha), ratio_short(beta)))
        })
        .collect();
    let room: Vec<(f64, f64)> = (0..n)
        .map(|id| {
            let node = tree.node(id as NodeId);
            let (half, _) = extent(id);
            let (mut left, mut right) = (half, half);
            if node.named {
                let name = text_width(&node.name, NAME_SIZE);
                if is_leaf(id) {
                    left = left.max(name / 2.0);
                    right = right.max(name / 2.0);
                } else {
                    left = left.max(half + 4.0 + name);
                }
            }
            if let Some(p) = &probability[id] {
                // Written over the top of the node, centred, with a halo.
                let w = text_width(p, PROBABILITY_SIZE) / 2.0 + 3.0;
                left = left.max(w);
                right = right.max(w);
            }
            if let Some(order) = order_of(id) {
                right = right.max(half + 3.0 + text_width(&order, ORDER_SIZE));
            }
            if let Some(window) = &window_of[id] {
                for line in window_lines(window) {
                    let w = text_width(&line, WINDOW_SIZE) / 2.0;
                    left = left.max(w);
                    right = right.max(w);
                }
            }
            (left, right)
        })
        .collect();
    let x = tidy(
        tree,
        |_| true,
        |id| tree.children(id as NodeId).to_vec(),
        &room,
        GAP,
    );
    let tree_width = (0..n).map(|id| x[id] + room[id].1).fold(0.0, f64::max);
    let height = tree.height() as f64;
    let row_word = |k: NodeKind| match k {
        NodeKind::Max => "MAX",
        NodeKind::Min => "MIN",
        NodeKind::Chance => "CHANCE",
    };
    let left_margin = [NodeKind::Max, NodeKind::Min, NodeKind::Chance]
        .into_iter()
        .map(|k| 24.0 + 1.1 * text_width(row_word(k), ROW_LABEL_SIZE))
        .fold(LEFT, f64::max);
    let best = run.best.map(|b| label(tree, b));
    let result = match &best {
        Some(best) => format!(
            "{}: value {}, best {best}",
            run.algorithm.name(),
            ratio_text(run.value)
        ),
        None => format!("{}: value {}", run.algorithm.name(), ratio_text(run.value)),
    };
    let count = |k: u64, one: &str, many: &str| format!("{k} {}", if k == 1 { one } else { many });
    let mut work = format!(
        "{} visited, {}, {}",
        count(run.stats.nodes, "node", "nodes"),
        count(run.stats.leaves, "leaf", "leaves"),
        count(run.stats.cuts, "cut", "cuts"),
    );
    if run.algorithm == ChanceAlgorithm::Star2 {
        work.push_str(&format!(", {}", count(run.stats.probes, "probe", "probes")));
    }
    let legend_words = [
        "MAX",
        "MIN",
        "chance (expected value)",
        "leaf (value for MAX)",
        "principal variation",
    ];
    let (top, width, picture_height) = if options.frame {
        let legend_width = legend_words
            .iter()
            .map(|words| 46.0 + text_width(words, 12.0))
            .sum::<f64>()
            .max(text_width(PROBABILITY_WORDS, 12.0) + 30.0)
            .max(676.0)
            + 24.0;
        let width = (left_margin + tree_width + 24.0)
            .max(text_width(&result, 17.0) + 24.0)
            .max(legend_width);
        (TOP, width, TOP + height * level + node_height + 130.0)
    } else {
        (
            16.0 + PROBABILITY_SIZE,
            left_margin + tree_width + 24.0,
            16.0 + PROBABILITY_SIZE + height * level + node_height + 36.0,
        )
    };
    let px = |id: usize| left_margin + x[id];
    let py = |id: usize| top + tree.node(id as NodeId).depth as f64 * level + node_height / 2.0;
    let half_height = |id: usize| extent(id).1 / 2.0;

    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{picture_height:.0}" viewBox="0 0 {width:.0} {picture_height:.0}" font-family="{FONT}">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    if options.frame {
        let _ = writeln!(
            out,
            r##"<text x="12" y="26" font-size="17" font-weight="bold" fill="#222">{}</text><text x="12" y="46" font-size="13" fill="#444">{}</text>"##,
            escape(&result),
            escape(&work)
        );
    }
    // Row labels, where every inner node of a row is of one kind.
    let mut row_kind: Vec<Option<Option<NodeKind>>> = vec![None; height as usize + 1];
    for id in (0..n).filter(|&id| !is_leaf(id)) {
        let row = &mut row_kind[tree.node(id as NodeId).depth as usize];
        *row = match *row {
            None => Some(Some(kind(id))),
            Some(Some(k)) if k == kind(id) => Some(Some(k)),
            _ => Some(None),
        };
    }
    for (depth, row) in row_kind.iter().enumerate() {
        if let Some(Some(k)) = row {
            let y = top + depth as f64 * level + node_height / 2.0 + 5.0;
            let data = match k {
                NodeKind::Max => "first",
                NodeKind::Min => "second",
                NodeKind::Chance => "chance",
            };
            let _ = writeln!(
                out,
                r##"<text class="row-label" data-player="{data}" data-view="chance" x="12" y="{y:.1}" font-size="{ROW_LABEL_SIZE}" font-weight="bold" fill="#555">{}</text>"##,
                row_word(*k)
            );
        }
    }
    // Edges, then their cut marks.
    for id in 1..n {
        let Some(parent) = tree.node(id as NodeId).parent else {
            continue;
        };
        let parent = parent as usize;
        let report = &run.nodes[id];
        let (x1, y1) = (px(parent), py(parent) + half_height(parent));
        let (x2, y2) = (px(id), py(id) - half_height(id));
        let (class, style) = if report.on_pv && run.nodes[parent].on_pv {
            ("edge pv", format!(r#"stroke="{PV}" stroke-width="3.5""#))
        } else if report.pruned {
            (
                "edge pruned",
                format!(r#"stroke="{GREY}" stroke-width="1.5" stroke-dasharray="5 4""#),
            )
        } else {
            ("edge", r##"stroke="#555" stroke-width="1.5""##.to_string())
        };
        let _ = writeln!(
            out,
            r#"<line class="{class}" data-path="{}" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" {style}/>"#,
            path[id]
        );
        if pruned_at[id] == Some(parent) {
            let (mx, my) = (x1 + (x2 - x1) * 0.55, y1 + (y2 - y1) * 0.55);
            let length = ((x2 - x1).powi(2) + (y2 - y1).powi(2)).sqrt().max(1.0);
            let (nx, ny) = (-(y2 - y1) / length * 7.0, (x2 - x1) / length * 7.0);
            let (tx, ty) = ((x2 - x1) / length * 2.5, (y2 - y1) / length * 2.5);
            for k in [-1.0, 1.0] {
                let _ = writeln!(
                    out,
                    r#"<line class="cut-mark" data-path="{}" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{PV}" stroke-width="2"/>"#,
                    path[id],
                    mx - nx + k * tx,
                    my - ny + k * ty,
                    mx + nx + k * tx,
                    my + ny + k * ty
                );
            }
        }
    }
    // Nodes.
    for id in 0..n {
        let node = tree.node(id as NodeId);
        let report = &run.nodes[id];
        let (cx, cy) = (px(id), py(id));
        let colours = match kind(id) {
            _ if is_leaf(id) => ("white", "#444"),
            NodeKind::Max => MAX_FILL,
            NodeKind::Min => MIN_FILL,
            NodeKind::Chance => CHANCE_FILL,
        };
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
                if is_leaf(id) { "#fde2de" } else { colours.0 },
                PV,
                3.0,
                "",
                "#111",
            )
        } else {
            (colours.0, colours.1, 1.5, "", "#111")
        };
        let (w, h) = (extent(id).0, extent(id).1 / 2.0);
        let mut tooltip = format!(
            "{} ({}), depth {}",
            node.name,
            match kind(id) {
                _ if is_leaf(id) => "leaf",
                k => row_word(k),
            },
            node.depth
        );
        if let Some(p) = &probability[id] {
            let _ = write!(tooltip, ", probability {p}");
        }
        if let Some(v) = report.value.filter(|_| !report.pruned && !is_leaf(id)) {
            let _ = write!(tooltip, ", value {}", ratio_text(v));
        }
        if let Some(probe) = report.probe {
            let relation = if kind(id) == NodeKind::Max {
                "≥"
            } else {
                "≤"
            };
            let _ = write!(tooltip, ", probe {relation} {}", ratio_text(probe));
        }
        let flags: String = [
            (report.on_pv, " pv"),
            (report.pruned, " pruned"),
            (cut[id], " cut"),
            (report.visit_order.is_some(), " visited"),
        ]
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, flag)| *flag)
        .collect();
        let place = &path[id];
        let id_suffix = if place.is_empty() { "" } else { "-" };
        let _ = write!(
            out,
            r#"<g id="node{id_suffix}{place}" class="node {}{flags}" data-path="{place}"><title>{}</title>"#,
            kind_class(tree, id as NodeId),
            escape(&tooltip)
        );
        let weight = if report.on_pv {
            r#" font-weight="bold""#
        } else {
            ""
        };
        let text_y = if is_leaf(id) {
            let _ = write!(
                out,
                r#"<rect class="node" x="{:.1}" y="{:.1}" width="{:.1}" height="{LEAF_HEIGHT}" rx="4" fill="{fill}" stroke="{stroke}" stroke-width="{stroke_width}"{dash}/>"#,
                cx - w,
                cy - h,
                2.0 * w
            );
            cy + 5.0
        } else if kind(id) == NodeKind::Chance {
            let _ = write!(
                out,
                r#"<circle class="node" cx="{cx:.1}" cy="{cy:.1}" r="{w:.1}" fill="{fill}" stroke="{stroke}" stroke-width="{stroke_width}"{dash}/>"#
            );
            cy + 5.0
        } else {
            let (points, text_y) = if kind(id) == NodeKind::Max {
                ([cx, cy - h, cx + w, cy + h, cx - w, cy + h], cy + h - 7.0)
            } else {
                ([cx - w, cy - h, cx + w, cy - h, cx, cy + h], cy - h + 16.0)
            };
            let _ = write!(
                out,
                r#"<polygon class="node" points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{fill}" stroke="{stroke}" stroke-width="{stroke_width}" stroke-linejoin="round"{dash}/>"#,
                points[0], points[1], points[2], points[3], points[4], points[5]
            );
            text_y
        };
        let _ = write!(
            out,
            r#"<text class="label value" x="{cx:.1}" y="{text_y:.1}" font-size="{VALUE_SIZE}" text-anchor="middle" fill="{text_fill}"{weight}>{}</text>"#,
            escape(&labels[id])
        );
        if node.named {
            let (nx, ny, anchor) = if is_leaf(id) {
                (cx, cy + h + 13.0, "middle")
            } else {
                (cx - w - 4.0, cy - h + 9.0, "end")
            };
            let _ = write!(
                out,
                r##"<text class="label name" x="{nx:.1}" y="{ny:.1}" font-size="{NAME_SIZE}" text-anchor="{anchor}" fill="#1a1a1a">{}</text>"##,
                escape(&node.name)
            );
        }
        if let Some(order) = order_of(id) {
            let _ = write!(
                out,
                r##"<text class="label order" x="{:.1}" y="{:.1}" font-size="{ORDER_SIZE}" fill="#1f5fbf">{order}</text>"##,
                cx + w + 3.0,
                if is_leaf(id) { cy + 4.0 } else { cy - h + 10.0 }
            );
        }
        let _ = writeln!(out, "</g>");
    }
    // Each outcome's probability, over its top on the edge coming in (drawn after the
    // nodes, with a white halo, so that no edge runs through it).
    for id in 0..n {
        if let Some(p) = &probability[id] {
            let fill = if run.nodes[id].pruned {
                "#9a9a9a"
            } else {
                PROBABILITY_COLOUR
            };
            let _ = writeln!(
                out,
                r#"<text class="label probability" data-path="{}" x="{:.1}" y="{:.1}" font-size="{PROBABILITY_SIZE}" font-weight="bold" fill="{fill}" stroke="white" stroke-width="4" paint-order="stroke" text-anchor="middle">{}</text>"#,
                path[id],
                px(id),
                py(id) - half_height(id) - 5.0,
                escape(p)
            );
        }
    }
    // The window at each cut, under the node that cut.
    for (id, window) in window_of.iter().enumerate() {
        if let Some(window) = window {
            for (line, text) in window_lines(window).into_iter().enumerate() {
                let _ = writeln!(
                    out,
                    r##"<text class="label window" data-path="{}" x="{:.1}" y="{:.1}" font-size="{WINDOW_SIZE}" fill="#7a1f16" stroke="white" stroke-width="4" paint-order="stroke" text-anchor="middle">{}</text>"##,
                    path[id],
                    px(id),
                    py(id) + half_height(id) + 13.0 + 12.0 * line as f64,
                    escape(&text)
                );
            }
        }
    }
    if !options.frame {
        out.push_str("</svg>\n");
        return out;
    }
    // The legend: each symbol, then its words; the cuts on a row of their own.
    let mut y = TOP + height * level + node_height + 36.0;
    let mut at = 12.0;
    let mut legend = String::from(r##"<g font-size="12" fill="#333">"##);
    for (i, words) in legend_words.iter().enumerate() {
        let symbol = match i {
            0 => format!(
                r#"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{}" stroke="{}"/>"#,
                at + 9.0,
                y - 13.0,
                at + 18.0,
                y + 3.0,
                at,
                y + 3.0,
                MAX_FILL.0,
                MAX_FILL.1
            ),
            1 => format!(
                r#"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{}" stroke="{}"/>"#,
                at,
                y - 12.0,
                at + 18.0,
                y - 12.0,
                at + 9.0,
                y + 4.0,
                MIN_FILL.0,
                MIN_FILL.1
            ),
            2 => format!(
                r#"<circle cx="{:.1}" cy="{:.1}" r="8" fill="{}" stroke="{}"/>"#,
                at + 9.0,
                y - 4.5,
                CHANCE_FILL.0,
                CHANCE_FILL.1
            ),
            3 => format!(
                r##"<rect x="{:.1}" y="{:.1}" width="16" height="14" rx="3" fill="white" stroke="#444"/>"##,
                at,
                y - 12.0
            ),
            _ => format!(
                r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{PV}" stroke-width="3.5"/>"#,
                at - 6.0,
                y - 4.0,
                at + 18.0,
                y - 4.0
            ),
        };
        legend.push_str(&symbol);
        let _ = write!(
            legend,
            r#"<text x="{:.1}" y="{y:.1}">{}</text>"#,
            at + 24.0,
            escape(words)
        );
        at += 46.0 + text_width(words, 12.0);
    }
    y += 20.0;
    let _ = write!(
        legend,
        r##"<text x="12" y="{y:.1}"><tspan fill="{PROBABILITY_COLOUR}" font-weight="bold">1/6</tspan>{PROBABILITY_WORDS}</text>"##,
    );
    if run.stats.cuts > 0 {
        y += 20.0;
        let _ = write!(
            legend,
            r##"<line x1="12" y1="{:.1}" x2="42" y2="{:.1}" stroke="{GREY}" stroke-width="1.5" stroke-dasharray="5 4"/><text x="48" y="{y:.1}">pruned, never looked at; under the node that cut: its window α, β; ≤ and ≥: bounds</text>"##,
            y - 4.0,
            y - 4.0,
        );
    }
    legend.push_str("</g>");
    out.push_str(&legend);
    out.push_str("\n</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chance::annotate_chance;
    use crate::parse;

    fn drawn(text: &str, algorithm: ChanceAlgorithm) -> String {
        let tree = parse(text, &Default::default()).unwrap();
        let run = annotate_chance(&tree, algorithm, None).unwrap();
        chance_svg(&tree, &run, &SvgOptions::default())
    }

    /// The texts of every `<text>` with `class` among its classes, in order.
    fn texts(svg: &str, class: &str) -> Vec<String> {
        svg.split("<text ")
            .skip(1)
            .filter(|t| {
                t.split_once("class=\"")
                    .and_then(|(_, rest)| rest.split_once('"'))
                    .is_some_and(|(classes, _)| classes.split(' ').any(|c| c == class))
            })
            .map(|t| {
                let body = &t[t.find('>').unwrap() + 1..];
                body[..body.find('<').unwrap()].to_string()
            })
            .collect()
    }

    #[test]
    fn dice_draws_a_circle_per_chance_node_and_every_probability() {
        let svg = drawn(
            &std::fs::read_to_string(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../examples/trees/dice.txt"
            ))
            .unwrap(),
            ChanceAlgorithm::Expectiminimax,
        );
        // Two chance nodes, two circles (the legend's is not a node).
        assert_eq!(svg.matches("<circle class=\"node\"").count(), 2);
        assert_eq!(svg.matches("class=\"node chance").count(), 2);
        assert_eq!(svg.matches("class=\"node max").count(), 1);
        assert_eq!(
            texts(&svg, "probability"),
            ["1/2", "1/4", "1/4", "1/2", "1/2"]
        );
        // In reading order: the root 4, left 3.5 (3/2 + 9/4 - 1/4) and its leaves,
        // right 4 and its leaves.
        assert_eq!(
            texts(&svg, "value"),
            ["4", "3.5", "3", "9", "-1", "4", "8", "0"]
        );
        assert!(svg.contains(r#"<g id="node-1" class="node chance pv visited" data-path="1">"#));
        assert!(svg.contains(r#"data-path="0.2">"#));
        assert!(svg.contains(r#"data-player="chance""#));
        assert!(svg.contains("expectiminimax: value 4, best right"));
    }

    #[test]
    fn values_without_a_short_decimal_are_fractions() {
        // (1 + 2 + 8) / 3 = 11/3; a sixth of 1 and five sixths of 2 = 11/6; 0.25 is 1/4.
        let svg = drawn(
            "(r (a[chance] 1 2 8) (b[chance] [1/6]1 [5/6]2) (c[chance] [0.25]4 [0.75]0))",
            ChanceAlgorithm::Expectiminimax,
        );
        assert_eq!(
            texts(&svg, "probability"),
            ["1/3", "1/3", "1/3", "1/6", "5/6", "1/4", "3/4"]
        );
        assert_eq!(
            texts(&svg, "value"),
            [
                "11/3", "11/3", "1", "2", "8", "11/6", "1", "2", "1", "4", "0"
            ]
        );
        assert!(svg.contains("value 11/3 ≈ 3.667"));
    }

    #[test]
    fn star1_cuts_are_marked_as_alpha_betas() {
        // After the sure 3.5, the risky die's first two outcomes (0, 0) leave at most
        // 0 + 0 + 9/3 = 3 < 3.5: its last outcome is never looked at.
        let svg = drawn(
            "(root (sure[chance] 3.5) (risky[chance] 0 0 9))",
            ChanceAlgorithm::Star1,
        );
        assert!(svg.contains(r#"class="node chance cut visited" data-path="1""#));
        assert!(svg.contains(r#"class="node leaf pruned" data-path="1.2""#));
        assert_eq!(
            svg.matches(r#"class="cut-mark" data-path="1.2""#).count(),
            2
        );
        // The window of the leaves' bounds, 0 to 9, raised to the sure 3.5.
        assert_eq!(texts(&svg, "window"), ["α=3.5", "β=9"]);
        assert_eq!(texts(&svg, "value")[3], "≤3");
    }

    /// The picture of a tree with chance nodes stays within the bound of the pictures
    /// (`svg_bound`), what `ply tree --format svg` counts before drawing it: a shallow
    /// tree of six outcomes a throw and a chain 40 levels deep, whose places in the tree
    /// (`data-path`) grow with the depth.
    #[test]
    fn the_picture_stays_within_the_bound_of_pictures() {
        let mut chain = String::new();
        for level in 0..20 {
            let indent = "  ".repeat(2 * level);
            let tag = if level == 0 { "" } else { " [2/3]" };
            chain.push_str(&format!("{indent}n{level}{tag} [max]\n"));
            chain.push_str(&format!("{indent}  c{level} [chance]\n"));
            chain.push_str(&format!("{indent}    l&{level} [1/3] = {}\n", level % 7));
        }
        chain.push_str(&format!("{}end [2/3] = 5\n", "  ".repeat(40)));
        let pig = include_str!("../../../../examples/trees/pig-small.txt");
        for text in [pig, chain.as_str()] {
            let tree = parse(text, &Default::default()).unwrap();
            // (Star2 probes again at each chance node of a chain: the pig tree only.)
            let algorithms: &[ChanceAlgorithm] = if tree.height() > 10 {
                &[ChanceAlgorithm::Expectiminimax]
            } else {
                &[ChanceAlgorithm::Expectiminimax, ChanceAlgorithm::Star2]
            };
            for &algorithm in algorithms {
                let run = annotate_chance(&tree, algorithm, None).unwrap();
                for visit_order in [false, true] {
                    let options = SvgOptions {
                        visit_order,
                        ..SvgOptions::default()
                    };
                    let drawn = chance_svg(&tree, &run, &options).len() as u64;
                    let bound = crate::render::svg_bound(&tree);
                    assert!(drawn <= bound, "{drawn} > {bound}");
                }
            }
        }
    }
}
