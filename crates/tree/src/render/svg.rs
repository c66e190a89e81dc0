//! A self-contained SVG picture of the annotated tree, laid out by ply itself.
//!
//! Layout ([`super::layout`]): one row per depth, every inner node centred over its
//! children, subtrees packed as close as their drawings allow. MAX nodes are
//! triangles pointing up, MIN nodes triangles pointing down, leaves boxes; values
//! are written inside. A game tree whose positions have a picture
//! ([`ExplicitTree::diagram`]) shows each position as a small board instead, framed
//! in its mover's colour, with its value under it and the stone just played
//! highlighted. The principal variation is red and bold; pruned subtrees are grey
//! and dashed, with a cut mark and the alpha-beta window on the pruned edges.
//!
//! Every label is placed inside the room its node takes in the layout (names on the
//! left, visit numbers on the right, a leaf's name and a cut's window underneath),
//! so no label runs into another node or another label. Shapes carry
//! `class="node"` and labels `class="label"` (with a second class saying which label:
//! `value`, `name`, `order`, `window`), for style sheets and for tests.
//!
//! A page draws on top of the picture (clicks, steps through the search), so every part
//! that belongs to a node says which one, by its place in the tree: `data-path="0.2.1"`
//! is the root's first child's third child's second child (the root's path is empty).
//! Each node is a group `<g id="node-0.2.1" class="node KIND …" data-path="0.2.1">`, KIND
//! being `max`, `min`, `leaf` or `collapsed`, followed by `board` when it shows one, `pv`
//! on the principal variation, `pruned` when never looked at, `cut` when it cut its
//! remaining children off, `visited` when the search visited it. The edge into a node
//! (`class="edge …"`, with `pv` or `pruned`) and the cut mark across it (`class="cut-mark"`)
//! carry the node's path; a cut's window carries the path of the node that cut.

use super::layout::tidy;
use super::shown;
use super::text::{cutoff_text, player_word, summary_parts, window_text};
use crate::annotate::{Annotation, Bound};
use crate::tree::{ExplicitTree, NodeId};
use ply_core::{Diagram, Player};
use std::fmt::Write;

/// Height of a triangle (an inner node without a board).
const TRIANGLE_HEIGHT: f64 = 40.0;
/// Height of a leaf's box.
const LEAF_HEIGHT: f64 = 26.0;
/// Space between rows, beyond the tallest node.
const ROW_GAP: f64 = 50.0;
/// Space between the drawings of two neighbours in a row.
const GAP: f64 = 12.0;
/// Room on the left for the row labels (MAX, MIN).
const LEFT: f64 = 64.0;
/// Room above the tree for the title.
const TOP: f64 = 78.0;
const FONT: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";
const PV: &str = "#c0392b";
const GREY: &str = "#b0b0b0";
/// Font sizes: values in nodes, names, visit numbers, cut windows.
const VALUE_SIZE: f64 = 14.0;
const NAME_SIZE: f64 = 11.0;
const ORDER_SIZE: f64 = 10.0;
const WINDOW_SIZE: f64 = 11.0;

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

/// How wide a text is drawn, erring wide: DejaVu Sans (the first font asked for)
/// gives digits and most letters 0.64 of the size, the symbols below up to 0.9.
pub(crate) fn text_width(text: &str, size: f64) -> f64 {
    shown(text)
        .chars()
        .map(|c| match c {
            '≥' | '≤' | '∞' | '✂' | '…' | '—' | 'M' | 'W' | 'm' | 'w' => 0.9,
            c if c.is_ascii() => 0.64,
            // Letters of other scripts, and symbols: as wide as the widest above.
            _ => 0.9,
        })
        .sum::<f64>()
        * size
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

/// What a drawn node looks like.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// An inner node: a triangle, up for MAX, down for MIN.
    Triangle,
    /// A leaf, or a pruned subtree drawn as one mark: a box.
    Box,
    /// A position with a board: the board in a frame, its value under it.
    Board,
}

/// A board's cell size: boards of every size drawn about 56 px across, readable.
fn cell_size(diagram: &Diagram) -> f64 {
    (56.0 / diagram.rows().max(diagram.columns()) as f64)
        .floor()
        .clamp(5.0, 12.0)
}

/// The board's width and height.
fn board_size(diagram: &Diagram) -> (f64, f64) {
    let cell = cell_size(diagram);
    (
        cell * diagram.columns() as f64,
        cell * diagram.rows() as f64,
    )
}

/// A board drawn with its top-left corner at (`x`, `y`); cells that differ from
/// `before` (the parent's board: the stone just played) highlighted.
fn draw_board(out: &mut String, diagram: &Diagram, before: Option<&Diagram>, x: f64, y: f64) {
    let cell = cell_size(diagram);
    let (width, height) = board_size(diagram);
    let changed = |row: u32, column: u32| {
        before.is_some_and(|b| {
            b.rows() == diagram.rows()
                && b.columns() == diagram.columns()
                && b.stone(row, column) != diagram.stone(row, column)
        })
    };
    if diagram.discs() {
        let _ = write!(
            out,
            r##"<rect x="{x:.1}" y="{y:.1}" width="{width:.1}" height="{height:.1}" rx="2" fill="#2f5fb3"/>"##
        );
        for row in 0..diagram.rows() {
            for column in 0..diagram.columns() {
                let fill = match diagram.stone(row, column) {
                    Some(Player::First) => "#d63a2f",
                    Some(Player::Second) => "#f2c81d",
                    None => "white",
                };
                let ring = if changed(row, column) {
                    r##" stroke="#111" stroke-width="1.4""##
                } else {
                    ""
                };
                let _ = write!(
                    out,
                    r#"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="{fill}"{ring}/>"#,
                    x + (column as f64 + 0.5) * cell,
                    y + (row as f64 + 0.5) * cell,
                    cell * 0.38
                );
            }
        }
        return;
    }
    let _ = write!(
        out,
        r#"<rect x="{x:.1}" y="{y:.1}" width="{width:.1}" height="{height:.1}" fill="white"/>"#
    );
    for row in 0..diagram.rows() {
        for column in 0..diagram.columns() {
            let (cx, cy) = (x + column as f64 * cell, y + row as f64 * cell);
            if changed(row, column) {
                let _ = write!(
                    out,
                    r##"<rect x="{cx:.1}" y="{cy:.1}" width="{cell:.1}" height="{cell:.1}" fill="#ffe98a"/>"##
                );
            }
            let inset = cell * 0.22;
            match diagram.stone(row, column) {
                Some(Player::First) => {
                    let (a, b) = (inset, cell - inset);
                    let _ = write!(
                        out,
                        r##"<path d="M{:.1} {:.1}L{:.1} {:.1}M{:.1} {:.1}L{:.1} {:.1}" stroke="#1d4477" stroke-width="1.8" stroke-linecap="round"/>"##,
                        cx + a,
                        cy + a,
                        cx + b,
                        cy + b,
                        cx + b,
                        cy + a,
                        cx + a,
                        cy + b
                    );
                }
                Some(Player::Second) => {
                    let _ = write!(
                        out,
                        r##"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="none" stroke="#a4461b" stroke-width="1.8"/>"##,
                        cx + cell / 2.0,
                        cy + cell / 2.0,
                        cell / 2.0 - inset
                    );
                }
                None => {}
            }
        }
    }
    // The grid: inner lines only, as tic-tac-toe is drawn on paper.
    let mut grid = String::new();
    for column in 1..diagram.columns() {
        let gx = x + column as f64 * cell;
        let _ = write!(grid, "M{gx:.1} {y:.1}V{:.1}", y + height);
    }
    for row in 1..diagram.rows() {
        let gy = y + row as f64 * cell;
        let _ = write!(grid, "M{x:.1} {gy:.1}H{:.1}", x + width);
    }
    let _ = write!(
        out,
        r##"<path d="{grid}" stroke="#777" stroke-width="1"/>"##
    );
}

/// A window written `α=… β=…`, as two lines: `α=…` over `β=…`.
fn window_lines(window: &str) -> Vec<String> {
    match window.split_once(" β=") {
        Some((alpha, beta)) => vec![alpha.to_string(), format!("β={beta}")],
        None => vec![window.to_string()],
    }
}

/// How [`svg_drawing`] draws a tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SvgOptions {
    /// Each node's visit order, in blue beside it.
    pub visit_order: bool,
    /// The subtrees alpha-beta never looked at below each cut drawn as one small grey
    /// mark (see [`svg_with`]).
    pub collapse_pruned: bool,
    /// The search's result as a title above the tree and a legend under it. Without
    /// them the picture is the tree alone, as wide as the tree: for a page that writes
    /// its own summary and legend around it.
    pub frame: bool,
}

impl Default for SvgOptions {
    /// What `ply tree --format svg` draws: the title and the legend, every node drawn,
    /// no visit order.
    fn default() -> SvgOptions {
        SvgOptions {
            visit_order: false,
            collapse_pruned: false,
            frame: true,
        }
    }
}

/// The picture, with the visit order of each node when `visit_order` is set.
pub fn svg(tree: &ExplicitTree, run: &Annotation, visit_order: bool) -> String {
    svg_with(tree, run, visit_order, false)
}

/// Each node's place in the tree, written as its `data-path` (`0.2.1`; the root's is
/// empty). Children have larger ids than their parent, so one pass in id order writes
/// every path after its parent's.
fn paths(tree: &ExplicitTree) -> Vec<String> {
    let mut out = vec![String::new(); tree.len()];
    for id in 0..tree.len() {
        for (i, &child) in tree.children(id as NodeId).iter().enumerate() {
            let path = if out[id].is_empty() {
                i.to_string()
            } else {
                format!("{}.{i}", out[id])
            };
            out[child as usize] = path;
        }
    }
    out
}

/// The bytes of every node's path: each is its parent's, a dot and its index.
fn path_lengths(tree: &ExplicitTree) -> Vec<u64> {
    let mut out = vec![0u64; tree.len()];
    for id in 0..tree.len() {
        for (i, &child) in tree.children(id as NodeId).iter().enumerate() {
            let digits = i.checked_ilog10().unwrap_or(0) as u64 + 1;
            let dot = u64::from(tree.node(id as NodeId).parent.is_some());
            out[child as usize] = out[id] + dot + digits;
        }
    }
    out
}

/// The most bytes a node's drawing takes apart from its name and its path: its group,
/// shape, labels, edge, cut mark and window, every number at its widest (measured:
/// about 900 for a pruned inner node with a window; boards add their cells, counted
/// apart).
const NODE_BYTES: u64 = 2_048;
/// The most bytes a board's cell takes (a stone, a highlight, its grid line).
const CELL_BYTES: u64 = 320;
/// The most bytes of the picture's frame apart from names: header, row labels, title
/// and legend.
const FRAME_BYTES: u64 = 4_096;
/// How many times a node's path is written, at most: its group's id and `data-path`,
/// its edge, its cut mark and the window of its cut.
const PATH_COPIES: u64 = 5;
/// How many times a node's name is written, at most (its tooltip, its label, the title),
/// and how much longer writing it out can make it (`"` is `&quot;`, a control character
/// `\u{7}` and up to `\u{10fffe}`).
const NAME_COPIES: u64 = 3;
const NAME_GROWTH: u64 = 10;

/// An upper bound on the bytes of [`svg_drawing`]'s picture of `tree`, from the tree
/// alone: what a caller that must bound an answer before making it counts.
pub fn svg_bound(tree: &ExplicitTree) -> u64 {
    let mut bytes = FRAME_BYTES;
    for (id, path) in path_lengths(tree).into_iter().enumerate() {
        let cells = tree
            .diagram(id as NodeId)
            .map_or(0, |d| u64::from(d.rows()) * u64::from(d.columns()));
        let name = tree.node(id as NodeId).name.len() as u64;
        bytes = bytes
            .saturating_add(NODE_BYTES)
            .saturating_add(cells.saturating_mul(CELL_BYTES))
            .saturating_add(path.saturating_mul(PATH_COPIES))
            .saturating_add(name.saturating_mul(NAME_COPIES * NAME_GROWTH));
    }
    bytes
}

/// [`svg`], and with `collapse_pruned` the subtrees alpha-beta never looked at below each
/// cut drawn as one small grey mark (`✂ N`: their N nodes) where the first of them would
/// be: the picture keeps the search's shape and loses the branches that played no part in
/// it.
pub fn svg_with(
    tree: &ExplicitTree,
    run: &Annotation,
    visit_order: bool,
    collapse_pruned: bool,
) -> String {
    svg_drawing(
        tree,
        run,
        &SvgOptions {
            visit_order,
            collapse_pruned,
            frame: true,
        },
    )
}

/// The picture, drawn as `options` ask.
pub fn svg_drawing(tree: &ExplicitTree, run: &Annotation, options: &SvgOptions) -> String {
    let SvgOptions {
        visit_order,
        collapse_pruned,
        frame,
    } = *options;
    let n = tree.len();
    let path = paths(tree);
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
    let mut marked_size = subtree_size.clone();
    if collapse_pruned {
        for id in 1..n {
            let parent = tree.node(id as NodeId).parent.map(|p| p as usize);
            let parent_pruned = parent.is_some_and(|p| run.nodes[p].pruned);
            hidden[id] = parent.is_some_and(|p| hidden[p] || collapsed[p]);
            // (A pruned leaf is drawn as it is: it is already one small mark.)
            collapsed[id] =
                !hidden[id] && run.nodes[id].pruned && !parent_pruned && subtree_size[id] > 1;
        }
        // The siblings one cut left unsearched share one mark: the first of them stands
        // for all, their nodes added up (a node with thirty moves cut after the first
        // becomes two shapes, not thirty-one).
        let mut mark_of: Vec<Option<usize>> = vec![None; n];
        for id in 1..n {
            let Some(parent) = tree.node(id as NodeId).parent.map(|p| p as usize) else {
                continue;
            };
            if hidden[id] || !run.nodes[id].pruned || run.nodes[parent].pruned {
                continue;
            }
            match mark_of[parent] {
                None => mark_of[parent] = Some(id),
                Some(first) => {
                    collapsed[first] = true;
                    marked_size[first] += subtree_size[id];
                    hidden[id] = true;
                    collapsed[id] = false;
                }
            }
        }
        for id in 1..n {
            if let Some(parent) = tree.node(id as NodeId).parent.map(|p| p as usize) {
                hidden[id] |= hidden[parent] || collapsed[parent];
            }
        }
    }
    let shape = |id: usize| {
        if collapsed[id] {
            Shape::Box
        } else if tree.diagram(id as NodeId).is_some() {
            Shape::Board
        } else if tree.node(id as NodeId).is_leaf() {
            Shape::Box
        } else {
            Shape::Triangle
        }
    };
    let labels: Vec<String> = (0..n)
        .map(|id| {
            if collapsed[id] {
                format!("✂ {}", marked_size[id])
            } else {
                inside(tree, run, id as NodeId)
            }
        })
        .collect();
    // Triangles share one size, so that a row reads evenly.
    let triangle_width = (0..n)
        .filter(|&id| !hidden[id] && shape(id) == Shape::Triangle)
        .map(|id| text_width(&labels[id], VALUE_SIZE) + 26.0)
        .fold(44.0, f64::max);
    // Each node's shape: half its width, and its height.
    let extent = |id: usize| -> (f64, f64) {
        match shape(id) {
            Shape::Triangle => (triangle_width / 2.0, TRIANGLE_HEIGHT),
            Shape::Box => (
                (text_width(&labels[id], VALUE_SIZE) + 14.0).max(30.0) / 2.0,
                LEAF_HEIGHT,
            ),
            Shape::Board => {
                let (w, h) = tree.diagram(id as NodeId).map_or((0.0, 0.0), board_size);
                let value = text_width(&labels[id], 13.0);
                ((w.max(value) + 8.0) / 2.0, h + 24.0)
            }
        }
    };
    let node_height = (0..n)
        .filter(|&id| !hidden[id])
        .map(|id| extent(id).1)
        .fold(LEAF_HEIGHT, f64::max);
    let level = node_height + ROW_GAP;

    // The cut windows to write, one under each node that cut.
    let mut window_of: Vec<Option<(String, String)>> = vec![None; n];
    for id in (1..n).filter(|&id| !hidden[id]) {
        let Some(parent) = tree.node(id as NodeId).parent else {
            continue;
        };
        let parent = parent as usize;
        if run.nodes[id].pruned
            && run.nodes[id].pruned_at == Some(parent as NodeId)
            && window_of[parent].is_none()
            && let Some(cut) = &run.nodes[parent].cutoff
        {
            window_of[parent] = Some((
                window_text(tree, cut.window),
                cutoff_text(tree, parent as NodeId, cut.value, cut.window),
            ));
        }
    }
    let order_of = |id: usize| {
        run.nodes[id]
            .visit_order
            .filter(|_| visit_order)
            .map(|order| order.to_string())
    };

    // The room each node takes in its row: its shape and its labels.
    let room: Vec<(f64, f64)> = (0..n)
        .map(|id| {
            if hidden[id] {
                return (0.0, 0.0);
            }
            let node = tree.node(id as NodeId);
            let (half, _) = extent(id);
            let (mut left, mut right) = (half, half);
            if node.named {
                let name = text_width(&node.name, NAME_SIZE);
                if shape(id) == Shape::Box {
                    left = left.max(name / 2.0);
                    right = right.max(name / 2.0);
                } else {
                    left = left.max(half + 4.0 + name);
                }
            }
            if let Some(order) = order_of(id) {
                right = right.max(half + 3.0 + text_width(&order, ORDER_SIZE));
            }
            if let Some((window, _)) = &window_of[id] {
                for line in window_lines(window) {
                    let w = text_width(&line, WINDOW_SIZE) / 2.0;
                    left = left.max(w);
                    right = right.max(w);
                }
            }
            (left, right)
        })
        .collect();
    let drawn_children = |id: usize| -> Vec<NodeId> {
        if collapsed[id] {
            Vec::new()
        } else {
            tree.children(id as NodeId)
                .iter()
                .copied()
                .filter(|&c| !hidden[c as usize])
                .collect()
        }
    };
    let x = tidy(tree, |id| !hidden[id], drawn_children, &room, GAP);
    let tree_width = (0..n)
        .filter(|&id| !hidden[id])
        .map(|id| x[id] + room[id].1)
        .fold(0.0, f64::max);

    let height = (0..n)
        .filter(|&id| !hidden[id])
        .map(|id| tree.node(id as NodeId).depth)
        .max()
        .unwrap_or(0) as f64;
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
    // Without the frame, the tree alone: a small margin above it, room under the last
    // row for its leaves' names, and no width but the tree's.
    let (top, width, picture_height) = if frame {
        let legend_width = 700.0;
        let width = (LEFT + tree_width + 24.0)
            .max(text_width(&result, 17.0) + 24.0)
            .max(legend_width);
        (TOP, width, TOP + height * level + node_height + 110.0)
    } else {
        let top = 16.0;
        (
            top,
            LEFT + tree_width + 24.0,
            top + height * level + node_height + 36.0,
        )
    };
    let px = |id: usize| LEFT + x[id];
    let py = |id: usize| top + tree.node(id as NodeId).depth as f64 * level + node_height / 2.0;
    let half_height = |id: usize| extent(id).1 / 2.0;

    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{picture_height:.0}" viewBox="0 0 {width:.0} {picture_height:.0}" font-family="{FONT}">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    if frame {
        let _ = writeln!(
            out,
            r##"<text x="12" y="26" font-size="17" font-weight="bold" fill="#222">{}</text><text x="12" y="46" font-size="13" fill="#444">{}</text>"##,
            escape(&result),
            escape(&work)
        );
    }

    // Row labels, where every inner node of a row has the same player.
    let mut row_player: Vec<Option<Option<Player>>> = vec![None; height as usize + 1];
    for id in (0..n).filter(|&id| !hidden[id] && !tree.node(id as NodeId).is_leaf()) {
        let node = tree.node(id as NodeId);
        let row = &mut row_player[node.depth as usize];
        *row = match *row {
            None => Some(Some(node.mover)),
            Some(Some(p)) if p == node.mover => Some(Some(p)),
            _ => Some(None),
        };
    }
    for (depth, row) in row_player.iter().enumerate() {
        if let Some(Some(player)) = row {
            let y = top + depth as f64 * level + node_height / 2.0 + 5.0;
            let _ = writeln!(
                out,
                r##"<text x="12" y="{y:.1}" font-size="14" font-weight="bold" fill="#555">{}</text>"##,
                player_word(*player)
            );
        }
    }

    // Edges first, so that nodes are drawn over them.
    for id in (1..n).filter(|&id| !hidden[id]) {
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
        // A cut mark across each edge that alpha-beta never followed.
        if report.pruned && report.pruned_at == Some(parent as NodeId) {
            let (mx, my) = (x1 + (x2 - x1) * 0.72, y1 + (y2 - y1) * 0.72);
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
        let (w, h) = (extent(id).0, extent(id).1 / 2.0);
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
        let kind = if collapsed[id] {
            "collapsed"
        } else if node.is_leaf() {
            "leaf"
        } else if node.mover == Player::First {
            "max"
        } else {
            "min"
        };
        let flags = [
            (shape(id) == Shape::Board, " board"),
            (report.on_pv, " pv"),
            (report.pruned, " pruned"),
            (report.cutoff.is_some(), " cut"),
            (report.visit_order.is_some(), " visited"),
        ];
        let flags: String = flags
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, flag)| *flag)
            .collect();
        let place = &path[id];
        let id_suffix = if place.is_empty() { "" } else { "-" };
        let _ = write!(
            out,
            r#"<g id="node{id_suffix}{place}" class="node {kind}{flags}" data-path="{place}"><title>{}</title>"#,
            escape(&tooltip)
        );
        let weight = if report.on_pv {
            r#" font-weight="bold""#
        } else {
            ""
        };
        match shape(id) {
            Shape::Box => {
                let _ = write!(
                    out,
                    r#"<rect class="node" x="{:.1}" y="{:.1}" width="{:.1}" height="{LEAF_HEIGHT}" rx="4" fill="{fill}" stroke="{stroke}" stroke-width="{stroke_width}"{dash}/>"#,
                    cx - w,
                    cy - h,
                    2.0 * w
                );
                let _ = write!(
                    out,
                    r#"<text class="label value" x="{cx:.1}" y="{:.1}" font-size="{VALUE_SIZE}" text-anchor="middle" fill="{text_fill}"{weight}>{}</text>"#,
                    cy + 5.0,
                    escape(label)
                );
            }
            Shape::Triangle => {
                let (points, text_y) = if node.mover == Player::First {
                    ([cx, cy - h, cx + w, cy + h, cx - w, cy + h], cy + h - 7.0)
                } else {
                    ([cx - w, cy - h, cx + w, cy - h, cx, cy + h], cy - h + 16.0)
                };
                let _ = write!(
                    out,
                    r#"<polygon class="node" points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{fill}" stroke="{stroke}" stroke-width="{stroke_width}" stroke-linejoin="round"{dash}/>"#,
                    points[0], points[1], points[2], points[3], points[4], points[5]
                );
                let _ = write!(
                    out,
                    r#"<text class="label value" x="{cx:.1}" y="{text_y:.1}" font-size="{VALUE_SIZE}" text-anchor="middle" fill="{text_fill}"{weight}>{}</text>"#,
                    escape(label)
                );
            }
            Shape::Board => {
                let frame_fill = if report.pruned {
                    "#f2f2f2"
                } else if node.is_leaf() {
                    "white"
                } else if node.mover == Player::First {
                    "#dbe8f7"
                } else {
                    "#fbe5d2"
                };
                let _ = write!(
                    out,
                    r#"<rect class="node" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="4" fill="{frame_fill}" stroke="{stroke}" stroke-width="{stroke_width}"{dash}/>"#,
                    cx - w,
                    cy - h,
                    2.0 * w,
                    2.0 * h
                );
                if let Some(diagram) = tree.diagram(id as NodeId) {
                    let before = node.parent.and_then(|p| tree.diagram(p));
                    let (bw, _) = board_size(diagram);
                    let opacity = if report.pruned {
                        r#" opacity="0.45""#
                    } else {
                        ""
                    };
                    let _ = write!(out, "<g{opacity}>");
                    draw_board(&mut out, diagram, before, cx - bw / 2.0, cy - h + 4.0);
                    out.push_str("</g>");
                }
                let _ = write!(
                    out,
                    r#"<text class="label value" x="{cx:.1}" y="{:.1}" font-size="13" text-anchor="middle" fill="{text_fill}"{weight}>{}</text>"#,
                    cy + h - 6.0,
                    escape(label)
                );
            }
        }
        if node.named {
            let (nx, ny, anchor) = if shape(id) == Shape::Box {
                (cx, cy + h + 13.0, "middle")
            } else {
                (cx - w - 4.0, cy - h + 9.0, "end")
            };
            let _ = write!(
                out,
                r##"<text class="label name" x="{nx:.1}" y="{ny:.1}" font-size="{NAME_SIZE}" text-anchor="{anchor}" fill="#555">{}</text>"##,
                escape(&node.name)
            );
        }
        if let Some(order) = order_of(id) {
            // To the right of the shape, clear of the edges that come in from above.
            let _ = write!(
                out,
                r##"<text class="label order" x="{:.1}" y="{:.1}" font-size="{ORDER_SIZE}" fill="#1f5fbf" font-weight="bold">{order}</text>"##,
                cx + w + 3.0,
                if shape(id) == Shape::Box {
                    cy + 4.0
                } else {
                    cy - h + 10.0
                }
            );
        }
        let _ = writeln!(out, "</g>");
    }

    // The window at each cut, under the node that cut: α over β, as narrow as the node
    // (drawn last, over the edges, with a white halo so that no edge runs through it).
    for (id, window) in window_of.iter().enumerate() {
        if let Some((window, why)) = window {
            for (line, text) in window_lines(window).into_iter().enumerate() {
                let _ = writeln!(
                    out,
                    r##"<text class="label window" data-path="{}" x="{:.1}" y="{:.1}" font-size="{WINDOW_SIZE}" fill="#7a1f16" stroke="white" stroke-width="4" paint-order="stroke" text-anchor="middle">{}<title>{}</title></text>"##,
                    path[id],
                    px(id),
                    py(id) + half_height(id) + 13.0 + 12.0 * line as f64,
                    escape(&text),
                    escape(why)
                );
            }
        }
    }

    if !frame {
        out.push_str("</svg>\n");
        return out;
    }

    // Legend, one row per topic.
    let base = 12.0;
    let mut y = TOP + height * level + node_height + 36.0;
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
    if (0..n).any(|id| !hidden[id] && shape(id) == Shape::Board) {
        y += 20.0;
        let _ = write!(
            legend,
            r##"<text x="{base}" y="{y:.1}">boards: framed blue where MAX moves, orange where MIN moves; highlighted: the stone just played</text>"##,
        );
    }
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
