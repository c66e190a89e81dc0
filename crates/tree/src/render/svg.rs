//! A self-contained SVG picture of the annotated tree, laid out by ply itself.
//!
//! Layout ([`super::layout`]): one row per depth, every inner node centred over its
//! children, subtrees packed as close as their drawings allow. MAX nodes are
//! triangles pointing up, MIN nodes triangles pointing down, leaves boxes; values
//! are written inside, from MAX's point of view. A game tree whose positions have a
//! picture ([`ExplicitTree::diagram`]) shows each position as a small board instead
//! (marks, discs, a chessboard or rows of counters, as the game draws it), framed in
//! its mover's colour, its move written above the board and its value under it, and
//! what the last move changed highlighted. The principal variation is red and bold;
//! pruned subtrees are grey and dashed, with a cut mark and the alpha-beta window on
//! the pruned edges.
//!
//! Negamax is drawn as it is taught: every value is the one for the player to move at
//! its node (leaves included), signs flipping from row to row, and inner nodes are
//! circles for both players, coloured by the player to move, with rows labelled by who
//! moves (`first to move`, `second to move`) instead of MAX and MIN.
//!
//! Every label is placed inside the room its node takes in the layout (names on the
//! left, or in a board's frame, visit numbers on the right, a leaf's name and a cut's
//! window underneath, `×N` on the left of a node that stands for N moves), so no label
//! runs into another node or another label. Shapes carry `class="node"` and labels
//! `class="label"` (with a second class saying which label: `value`, `name`, `order`,
//! `window`, `stands-for`), for style sheets and for tests. Row labels are
//! `<text class="row-label" data-player="first|second" data-view="minimax|negamax">`.
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
use ply_core::{Algorithm, Diagram, DiagramStyle, Player};
use std::fmt::Write;

/// Height of a triangle (an inner node without a board).
const TRIANGLE_HEIGHT: f64 = 40.0;
/// Height of a leaf's box.
const LEAF_HEIGHT: f64 = 26.0;
/// Space between rows, beyond the tallest node.
const ROW_GAP: f64 = 50.0;
/// Space between the drawings of two neighbours in a row.
const GAP: f64 = 12.0;
/// The same between boards: their frames already keep the boards apart, and a game
/// tree's widest row holds dozens of them.
const BOARD_GAP: f64 = 8.0;
/// Room on the left for the row labels (MAX, MIN), at least.
const LEFT: f64 = 64.0;
/// Font size of the row labels.
const ROW_LABEL_SIZE: f64 = 14.0;
/// Room above the tree for the title.
const TOP: f64 = 78.0;
const FONT: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";
const PV: &str = "#c0392b";
const GREY: &str = "#b0b0b0";
/// Font sizes: values in nodes, names, visit numbers, cut windows. A node's name (a
/// position's own text: count to 10's running total) is drawn stronger than its visit
/// number, larger and in dark ink where the number is blue and plain.
const VALUE_SIZE: f64 = 14.0;
const NAME_SIZE: f64 = 11.0;
/// A name beside its node (not in a board's frame): the position's own text, larger.
const NODE_NAME_SIZE: f64 = 13.0;
const ORDER_SIZE: f64 = 10.0;
const WINDOW_SIZE: f64 = 11.0;
/// A board's value, under the board.
const BOARD_VALUE_SIZE: f64 = 13.0;
/// A board's frame: its padding left, right and above, the line above the board for
/// its move and visit number (when drawn), and the height it adds under the board for
/// its value, the padding above included.
const BOARD_PAD: f64 = 3.0;
const BOARD_HEADER: f64 = 12.0;
const BOARD_FOOTER: f64 = 21.0;

/// Text for XML content or a quoted attribute: the five markup characters escaped,
/// control and invisible characters written out (see [`shown`]; XML 1.0 cannot
/// carry most control characters at all, not even as references), and the two
/// non-characters XML forbids (U+FFFE, U+FFFF) likewise.
pub(crate) fn escape(text: &str) -> String {
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

/// The text written inside a node: its value for MAX, or with `negamax` for the player
/// to move there (MAX's value negated where MIN moves, a bound turned round with it).
fn inside(tree: &ExplicitTree, run: &Annotation, id: NodeId, negamax: bool) -> String {
    let node = tree.node(id);
    let report = &run.nodes[id as usize];
    let flip = negamax && node.mover == Player::Second;
    if node.is_leaf() {
        let value = tree.max_value(id).unwrap_or(0);
        return tree.format_value(if flip { -value } else { value });
    }
    match report.value {
        Some(v) if !report.pruned => {
            let (v, bound) = if flip {
                let turned = report.bound.map(|b| match b {
                    Bound::Lower => Bound::Upper,
                    Bound::Upper => Bound::Lower,
                    Bound::Exact => Bound::Exact,
                });
                (-v, turned)
            } else {
                (v, report.bound)
            };
            let relation = bound.map_or("", Bound::symbol);
            format!("{relation}{}", tree.format_score(v))
        }
        _ => String::new(),
    }
}

/// What the rows say of their player: MAX and MIN in MAX's view, who moves in negamax's.
fn row_word(player: Player, negamax: bool) -> &'static str {
    match (negamax, player) {
        (false, _) => player_word(player),
        (true, Player::First) => "first to move",
        (true, Player::Second) => "second to move",
    }
}

/// What a drawn node looks like.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// An inner node: a triangle, up for MAX, down for MIN.
    Triangle,
    /// An inner node in the negamax view: a circle for either player.
    Circle,
    /// A leaf, or a pruned subtree drawn as one mark: a box.
    Box,
    /// A position with a board: the board in a frame, its value under it.
    Board,
}

/// A board's cell size: most boards drawn about 33 to 56 px across (a 3x3 board 33,
/// so that a row of dozens of them stays narrow), a chessboard 80, for its pieces.
/// `columns` is how many columns are drawn: the diagram's, or for piles of counters the
/// widest pile of the whole tree, so that every board of a tree has the same width and
/// a counter taken leaves a ring where it was.
fn cell_size(diagram: &Diagram, columns: u32) -> f64 {
    if diagram.style() == DiagramStyle::Chess {
        return 10.0;
    }
    (56.0 / diagram.rows().max(columns) as f64)
        .floor()
        .clamp(5.0, 11.0)
}

/// The board's width and height, `columns` drawn.
fn board_size(diagram: &Diagram, columns: u32) -> (f64, f64) {
    let cell = cell_size(diagram, columns);
    (cell * columns as f64, cell * diagram.rows() as f64)
}

/// Colours of the boards.
const HIGHLIGHT: &str = "#ffe98a";
const LIGHT_SQUARE: &str = "#f0d9b5";
const DARK_SQUARE: &str = "#b58863";
const COUNTER: &str = "#8a5a2b";

/// A board drawn with its top-left corner at (`x`, `y`), as its style asks; what
/// differs from `before` (the parent's board: what the last move changed) highlighted.
fn draw_board(
    out: &mut String,
    diagram: &Diagram,
    columns: u32,
    before: Option<&Diagram>,
    x: f64,
    y: f64,
) {
    let cell = cell_size(diagram, columns);
    let (width, height) = board_size(diagram, columns);
    let counters = diagram.style() == DiagramStyle::Counters;
    let changed = |row: u32, column: u32| {
        before.is_some_and(|b| {
            b.rows() == diagram.rows()
                && (b.columns() == diagram.columns() || counters)
                && (b.stone(row, column) != diagram.stone(row, column)
                    || b.piece(row, column) != diagram.piece(row, column))
        })
    };
    let centre = |row: u32, column: u32| {
        (
            x + (column as f64 + 0.5) * cell,
            y + (row as f64 + 0.5) * cell,
        )
    };
    match diagram.style() {
        DiagramStyle::Discs => {
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
                    let (cx, cy) = centre(row, column);
                    let _ = write!(
                        out,
                        r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{:.1}" fill="{fill}"{ring}/>"#,
                        cell * 0.38
                    );
                }
            }
        }
        DiagramStyle::Counters => draw_counters(out, diagram, columns, &changed, x, y),
        DiagramStyle::Chess => draw_chess(out, diagram, &changed, x, y),
        DiagramStyle::Marks => draw_marks(out, diagram, &changed, x, y),
    }
}

/// X and O on a grid drawn as on paper (inner lines only).
fn draw_marks(
    out: &mut String,
    diagram: &Diagram,
    changed: &dyn Fn(u32, u32) -> bool,
    x: f64,
    y: f64,
) {
    let columns = diagram.columns();
    let cell = cell_size(diagram, columns);
    let (width, height) = board_size(diagram, columns);
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
                    r#"<rect x="{cx:.1}" y="{cy:.1}" width="{cell:.1}" height="{cell:.1}" fill="{HIGHLIGHT}"/>"#
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

/// Piles of counters, a row a pile, on a plain ground: each counter a brown dot; the
/// counters the last move took away drawn as highlighted rings where they were.
fn draw_counters(
    out: &mut String,
    diagram: &Diagram,
    columns: u32,
    changed: &dyn Fn(u32, u32) -> bool,
    x: f64,
    y: f64,
) {
    let cell = cell_size(diagram, columns);
    let (width, height) = board_size(diagram, columns);
    let _ = write!(
        out,
        r##"<rect x="{x:.1}" y="{y:.1}" width="{width:.1}" height="{height:.1}" rx="2" fill="#fbf6ec"/>"##
    );
    let radius = cell * 0.36;
    for row in 0..diagram.rows() {
        for column in 0..columns {
            let (cx, cy) = (
                x + (column as f64 + 0.5) * cell,
                y + (row as f64 + 0.5) * cell,
            );
            if diagram.stone(row, column).is_some() {
                let _ = write!(
                    out,
                    r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{radius:.1}" fill="{COUNTER}"/>"#
                );
            } else if changed(row, column) {
                let _ = write!(
                    out,
                    r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="{radius:.1}" fill="{HIGHLIGHT}" stroke="#b08a00" stroke-width="1"/>"##
                );
            }
        }
    }
}

/// A chessboard: light and dark squares, rank 8 at the top; each piece a disc, white
/// or black for its side, with its letter (K, Q, R, B, N) in the other colour; a pawn
/// a smaller disc without a letter, so that the pieces stand out. The squares the last
/// move changed are highlighted.
///
/// A board is a handful of elements, whatever its pieces: the discs of each side are
/// one path, and the letters of each side one text placed letter by letter (`x` and
/// `y` lists). A tree of 900 boards (chess two plies deep) is then some 9,000 elements
/// in a page, not 50,000, and a browser takes a fifth of the time to read and lay it
/// out.
fn draw_chess(
    out: &mut String,
    diagram: &Diagram,
    changed: &dyn Fn(u32, u32) -> bool,
    x: f64,
    y: f64,
) {
    let columns = diagram.columns();
    let cell = cell_size(diagram, columns);
    let (width, height) = board_size(diagram, columns);
    let _ = write!(
        out,
        r#"<rect x="{x:.1}" y="{y:.1}" width="{width:.1}" height="{height:.1}" fill="{LIGHT_SQUARE}"/>"#
    );
    let mut dark = String::new();
    for row in 0..diagram.rows() {
        for column in 0..diagram.columns() {
            let (sx, sy) = (x + column as f64 * cell, y + row as f64 * cell);
            if changed(row, column) {
                let _ = write!(
                    out,
                    r#"<rect x="{sx:.1}" y="{sy:.1}" width="{cell:.1}" height="{cell:.1}" fill="{HIGHLIGHT}"/>"#
                );
            } else if (row + column) % 2 == 1 {
                let _ = write!(dark, "M{sx:.1} {sy:.1}h{cell:.1}v{cell:.1}h-{cell:.1}z");
            }
        }
    }
    if !dark.is_empty() {
        let _ = write!(out, r#"<path d="{dark}" fill="{DARK_SQUARE}"/>"#);
    }
    /// One side's pieces: their discs as one path, their letters with each one's place.
    #[derive(Default)]
    struct Side {
        discs: String,
        xs: String,
        ys: String,
        letters: String,
    }
    // White's pieces (white discs, dark letters), then Black's.
    let mut sides = [Side::default(), Side::default()];
    for row in 0..diagram.rows() {
        for column in 0..diagram.columns() {
            let Some(piece) = diagram.piece(row, column) else {
                continue;
            };
            let (cx, cy) = (
                x + (column as f64 + 0.5) * cell,
                y + (row as f64 + 0.5) * cell,
            );
            let side = &mut sides[usize::from(!piece.is_ascii_uppercase())];
            let letter = piece.to_ascii_uppercase();
            let r = if letter == 'P' {
                cell * 0.24
            } else {
                cell * 0.46
            };
            // A circle as two half arcs.
            let _ = write!(
                side.discs,
                "M{:.1} {cy:.1}a{r:.1} {r:.1} 0 1 0 {:.1} 0a{r:.1} {r:.1} 0 1 0 -{:.1} 0z",
                cx - r,
                2.0 * r,
                2.0 * r
            );
            if letter != 'P' {
                let sep = if side.letters.is_empty() { "" } else { " " };
                let _ = write!(side.xs, "{sep}{cx:.1}");
                let _ = write!(side.ys, "{sep}{:.1}", cy + cell * 0.27);
                side.letters.push(letter);
            }
        }
    }
    for (side, (fill, ink)) in sides.iter().zip([("white", "#111"), ("#111", "white")]) {
        if !side.discs.is_empty() {
            let _ = write!(
                out,
                r##"<path d="{}" fill="{fill}" stroke="#111" stroke-width="0.8"/>"##,
                side.discs
            );
        }
        if !side.letters.is_empty() {
            let _ = write!(
                out,
                r#"<text x="{}" y="{}" font-size="{:.1}" font-weight="bold" text-anchor="middle" fill="{ink}">{}</text>"#,
                side.xs,
                side.ys,
                cell * 0.72,
                side.letters
            );
        }
    }
}

/// `name` as it fits in `width` px at `size`: whole, or cut short with `…` (at least
/// its first character is kept).
fn fitted(name: &str, width: f64, size: f64) -> String {
    let shown = shown(name);
    if text_width(&shown, size) <= width {
        return shown.into_owned();
    }
    let room = width - text_width("…", size);
    let mut cut = String::new();
    let mut used = 0.0;
    for c in shown.chars() {
        let mut one = [0u8; 4];
        let w = text_width(c.encode_utf8(&mut one), size);
        if !cut.is_empty() && used + w > room {
            break;
        }
        used += w;
        cut.push(c);
    }
    cut.push('…');
    cut
}

/// The legend's first row: the words for MAX's and MIN's nodes (or the first and
/// second player's, in the negamax view), the leaves, and the principal variation.
fn legend_words(negamax: bool) -> [&'static str; 4] {
    if negamax {
        [
            "first to move",
            "second to move",
            "leaf (value for the player to move)",
            "principal variation",
        ]
    } else {
        ["MAX", "MIN", "leaf (value for MAX)", "principal variation"]
    }
}

/// The legend's row on boards.
fn board_words(negamax: bool) -> &'static str {
    if negamax {
        "boards: framed blue where the first player moves, orange where the second does; highlighted: what the last move changed"
    } else {
        "boards: framed blue where MAX moves, orange where MIN moves; highlighted: what the last move changed"
    }
}

/// A window written `α=… β=…`, as two lines: `α=…` over `β=…`.
pub(crate) fn window_lines(window: &str) -> Vec<String> {
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

/// Which levels of a tree a picture draws ([`svg_folded`]): a wide tree drawn to a depth,
/// each subtree below it folded into its top node, so that its first levels fit a screen.
/// The search is the same; only the drawing leaves nodes out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Folding {
    /// The deepest level whose nodes show their children: a node at this depth with
    /// children is drawn folded (its value, and a mark `+N nodes` under it: the N nodes
    /// below it, not drawn). `None`: every level.
    pub below: Option<usize>,
    /// The paths (`data-path`: `0.1`, the root's empty) of nodes whose children are
    /// drawn all the same, one level more each: a folded node opened by a click.
    pub expand: Vec<String>,
}

/// The most paths a [`Folding`] may open, and the longest of them in bytes: bounds for a
/// caller that takes them from a request.
pub const FOLDING_PATHS: usize = 4_096;
/// The longest path a [`Folding`] takes, in bytes.
pub const FOLDING_PATH_BYTES: usize = 4_096;

/// The picture, with the visit order of each node when `visit_order` is set.
pub fn svg(tree: &ExplicitTree, run: &Annotation, visit_order: bool) -> String {
    svg_with(tree, run, visit_order, false)
}

/// Each node's place in the tree, written as its `data-path` (`0.2.1`; the root's is
/// empty). Children have larger ids than their parent, so one pass in id order writes
/// every path after its parent's.
pub(crate) fn paths(tree: &ExplicitTree) -> Vec<String> {
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
pub(crate) fn path_lengths(tree: &ExplicitTree) -> Vec<u64> {
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
        // Piles of counters are drawn as wide as the tree's widest pile: up to a side.
        let cells = tree.diagram(id as NodeId).map_or(0, |d| {
            let columns = if d.style() == DiagramStyle::Counters {
                Diagram::MAX_SIDE
            } else {
                d.columns()
            };
            u64::from(d.rows()) * u64::from(columns)
        });
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
    svg_folded(tree, run, options, &Folding::default())
}

/// [`svg_drawing`], to the levels `folding` asks: each drawn node whose children are
/// not drawn is a `folded` node (the group's class), its shape and value as ever, with a
/// label `<text class="label folded-count" data-count="N">+N nodes</text>` under it,
/// N being the nodes below it.
pub fn svg_folded(
    tree: &ExplicitTree,
    run: &Annotation,
    options: &SvgOptions,
    folding: &Folding,
) -> String {
    let SvgOptions {
        visit_order,
        collapse_pruned,
        frame,
    } = *options;
    let n = tree.len();
    let path = paths(tree);
    // Negamax is drawn from the side of the player to move at each node.
    let negamax = run.algorithm == Algorithm::Negamax;
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
    // Folded: a node drawn whose children are not (below the levels asked, and not
    // opened). Its children and theirs are hidden.
    let mut folded = vec![false; n];
    if let Some(below) = folding.below {
        let open: std::collections::HashSet<&str> =
            folding.expand.iter().map(String::as_str).collect();
        for id in 0..n {
            if let Some(parent) = tree.node(id as NodeId).parent.map(|p| p as usize) {
                hidden[id] |= hidden[parent] || collapsed[parent] || folded[parent];
            }
            folded[id] = !hidden[id]
                && !collapsed[id]
                && !tree.node(id as NodeId).is_leaf()
                && tree.node(id as NodeId).depth as usize >= below
                && !open.contains(path[id].as_str());
        }
    }
    let folded_label = |id: usize| format!("+{} nodes", subtree_size[id] - 1);
    let shape = |id: usize| {
        if collapsed[id] {
            Shape::Box
        } else if tree.diagram(id as NodeId).is_some() {
            Shape::Board
        } else if tree.node(id as NodeId).is_leaf() {
            Shape::Box
        } else if negamax {
            Shape::Circle
        } else {
            Shape::Triangle
        }
    };
    let labels: Vec<String> = (0..n)
        .map(|id| {
            if collapsed[id] {
                format!("✂ {}", marked_size[id])
            } else {
                inside(tree, run, id as NodeId, negamax)
            }
        })
        .collect();
    // Triangles share one size, and circles too, so that a row reads evenly.
    let triangle_width = (0..n)
        .filter(|&id| !hidden[id] && shape(id) == Shape::Triangle)
        .map(|id| text_width(&labels[id], VALUE_SIZE) + 26.0)
        .fold(44.0, f64::max);
    let circle_diameter = (0..n)
        .filter(|&id| !hidden[id] && shape(id) == Shape::Circle)
        .map(|id| text_width(&labels[id], VALUE_SIZE) + 14.0)
        .fold(TRIANGLE_HEIGHT, f64::max);
    let order_of = |id: usize| {
        run.nodes[id]
            .visit_order
            .filter(|_| visit_order)
            .map(|order| order.to_string())
    };
    // A board's move and visit number go in a line of its frame, above the board: in
    // every board's frame when any has one, so that the boards of a row line up.
    let board_header = (0..n).any(|id| {
        !hidden[id]
            && shape(id) == Shape::Board
            && (tree.node(id as NodeId).named || order_of(id).is_some())
    });
    let header_height = if board_header { BOARD_HEADER } else { 0.0 };
    // Piles of counters are drawn as wide as the widest pile of the tree.
    let counter_columns = (0..n)
        .filter_map(|id| tree.diagram(id as NodeId))
        .filter(|d| d.style() == DiagramStyle::Counters)
        .map(Diagram::columns)
        .max()
        .unwrap_or(0);
    let columns = |d: &Diagram| {
        if d.style() == DiagramStyle::Counters {
            d.columns().max(counter_columns)
        } else {
            d.columns()
        }
    };
    let size = |d: &Diagram| board_size(d, columns(d));
    // A board's name as its frame shows it: cut short (`…`) where it would make the
    // frame wider than its board and value, or 48 px (a chess position's FEN at the
    // root); the tooltip keeps it whole.
    let board_names: Vec<Option<String>> = (0..n)
        .map(|id| {
            let node = tree.node(id as NodeId);
            if hidden[id] || shape(id) != Shape::Board || !node.named {
                return None;
            }
            let board = tree.diagram(id as NodeId).map_or(0.0, |d| size(d).0);
            let order = order_of(id).map_or(0.0, |o| text_width(&o, ORDER_SIZE) + 4.0);
            let room = board
                .max(text_width(&labels[id], BOARD_VALUE_SIZE))
                .max(48.0)
                - order;
            Some(fitted(&node.name, room, NAME_SIZE))
        })
        .collect();
    // Each node's shape: half its width, and its height.
    let extent = |id: usize| -> (f64, f64) {
        match shape(id) {
            Shape::Triangle => (triangle_width / 2.0, TRIANGLE_HEIGHT),
            Shape::Circle => (circle_diameter / 2.0, circle_diameter),
            Shape::Box => (
                (text_width(&labels[id], VALUE_SIZE) + 14.0).max(30.0) / 2.0,
                LEAF_HEIGHT,
            ),
            Shape::Board => {
                let (w, h) = tree.diagram(id as NodeId).map_or((0.0, 0.0), size);
                let value = text_width(&labels[id], BOARD_VALUE_SIZE);
                let name = board_names[id]
                    .as_ref()
                    .map_or(0.0, |name| text_width(name, NAME_SIZE));
                let order = order_of(id).map_or(0.0, |o| text_width(&o, ORDER_SIZE));
                let header = name + order + if name > 0.0 && order > 0.0 { 4.0 } else { 0.0 };
                (
                    (w.max(value).max(header) + 2.0 * BOARD_PAD) / 2.0,
                    h + header_height + BOARD_FOOTER,
                )
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
    let stands_for = |id: usize| {
        let count = tree.stands_for(id as NodeId);
        (count > 1).then(|| format!("×{count}"))
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
            // A board's name and visit number are in its frame.
            if node.named && shape(id) != Shape::Board {
                let name = text_width(&node.name, NODE_NAME_SIZE);
                if shape(id) == Shape::Box {
                    left = left.max(name / 2.0);
                    right = right.max(name / 2.0);
                } else {
                    left = left.max(half + 4.0 + name);
                }
            }
            if let Some(order) = order_of(id).filter(|_| shape(id) != Shape::Board) {
                right = right.max(half + 3.0 + text_width(&order, ORDER_SIZE));
            }
            if let Some(count) = stands_for(id) {
                left = left.max(half + 4.0 + text_width(&count, NAME_SIZE));
            }
            if let Some((window, _)) = &window_of[id] {
                for line in window_lines(window) {
                    let w = text_width(&line, WINDOW_SIZE) / 2.0;
                    left = left.max(w);
                    right = right.max(w);
                }
            }
            if folded[id] {
                let w = text_width(&folded_label(id), NAME_SIZE) / 2.0;
                left = left.max(w);
                right = right.max(w);
            }
            (left, right)
        })
        .collect();
    let drawn_children = |id: usize| -> Vec<NodeId> {
        if collapsed[id] || folded[id] {
            Vec::new()
        } else {
            tree.children(id as NodeId)
                .iter()
                .copied()
                .filter(|&c| !hidden[c as usize])
                .collect()
        }
    };
    let gap = if (0..n).any(|id| !hidden[id] && shape(id) == Shape::Board) {
        BOARD_GAP
    } else {
        GAP
    };
    let x = tidy(tree, |id| !hidden[id], drawn_children, &room, gap);
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
    // Room on the left for the row labels: MAX and MIN, or who moves (bold text is
    // counted a tenth wider).
    let left_margin = [Player::First, Player::Second]
        .into_iter()
        .map(|p| 12.0 + 1.1 * text_width(row_word(p, negamax), ROW_LABEL_SIZE) + 12.0)
        .fold(LEFT, f64::max);
    // Without the frame, the tree alone: a small margin above it, room under the last
    // row for its leaves' names, and no width but the tree's.
    let (top, width, picture_height) = if frame {
        // The legend's widest row, at least 700 px.
        let boards = (0..n).any(|id| !hidden[id] && shape(id) == Shape::Board);
        let legend_width = legend_words(negamax)
            .iter()
            .map(|words| 24.0 + text_width(words, 12.0) + 22.0)
            .sum::<f64>()
            .max(if boards {
                text_width(board_words(negamax), 12.0)
            } else {
                0.0
            })
            .max(676.0)
            + 24.0;
        let width = (left_margin + tree_width + 24.0)
            .max(text_width(&result, 17.0) + 24.0)
            .max(legend_width);
        let symmetry_row = if (0..n).any(|id| !hidden[id] && stands_for(id).is_some()) {
            20.0
        } else {
            0.0
        };
        (
            TOP,
            width,
            TOP + height * level + node_height + 110.0 + symmetry_row,
        )
    } else {
        let top = 16.0;
        (
            top,
            left_margin + tree_width + 24.0,
            top + height * level + node_height + 36.0,
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
            let (data_player, view) = (
                match player {
                    Player::First => "first",
                    Player::Second => "second",
                },
                if negamax { "negamax" } else { "minimax" },
            );
            let _ = writeln!(
                out,
                r##"<text class="row-label" data-player="{data_player}" data-view="{view}" x="12" y="{y:.1}" font-size="{ROW_LABEL_SIZE}" font-weight="bold" fill="#555">{}</text>"##,
                row_word(*player, negamax)
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
                row_word(node.mover, negamax)
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
            (folded[id], " folded"),
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
            Shape::Circle => {
                let _ = write!(
                    out,
                    r#"<circle class="node" cx="{cx:.1}" cy="{cy:.1}" r="{w:.1}" fill="{fill}" stroke="{stroke}" stroke-width="{stroke_width}"{dash}/>"#
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
                    let (bw, _) = size(diagram);
                    let opacity = if report.pruned {
                        r#" opacity="0.45""#
                    } else {
                        ""
                    };
                    let _ = write!(out, "<g{opacity}>");
                    let board_top = cy - h + BOARD_PAD + header_height;
                    let drawn = columns(diagram);
                    draw_board(&mut out, diagram, drawn, before, cx - bw / 2.0, board_top);
                    out.push_str("</g>");
                }
                let _ = write!(
                    out,
                    r#"<text class="label value" x="{cx:.1}" y="{:.1}" font-size="{BOARD_VALUE_SIZE}" text-anchor="middle" fill="{text_fill}"{weight}>{}</text>"#,
                    cy + h - 5.0,
                    escape(label)
                );
                // The move on the left of the line above the board, the visit number
                // on its right.
                let header_y = cy - h + BOARD_PAD + 9.0;
                if let Some(name) = &board_names[id] {
                    let _ = write!(
                        out,
                        r##"<text class="label name" x="{:.1}" y="{header_y:.1}" font-size="{NAME_SIZE}" fill="#333">{}</text>"##,
                        cx - w + BOARD_PAD,
                        escape(name)
                    );
                }
                if let Some(order) = order_of(id) {
                    let _ = write!(
                        out,
                        r##"<text class="label order" x="{:.1}" y="{header_y:.1}" font-size="{ORDER_SIZE}" text-anchor="end" fill="#1f5fbf">{order}</text>"##,
                        cx + w - BOARD_PAD
                    );
                }
            }
        }
        if let Some(count) = stands_for(id) {
            // On the left, low: clear of the name (high on the left or under a leaf).
            let y = if shape(id) == Shape::Box {
                cy + 4.0
            } else {
                cy + h - 3.0
            };
            let _ = write!(
                out,
                r##"<text class="label stands-for" x="{:.1}" y="{y:.1}" font-size="{NAME_SIZE}" text-anchor="end" fill="#6b3fa0" font-weight="bold">{count}<title>{}</title></text>"##,
                cx - w - 4.0,
                escape(&format!(
                    "stands for {} moves that lead to the same position, up to symmetry",
                    tree.stands_for(id as NodeId)
                ))
            );
        }
        if node.named && shape(id) != Shape::Board {
            let (nx, ny, anchor) = if shape(id) == Shape::Box {
                (cx, cy + h + 13.0, "middle")
            } else {
                (cx - w - 4.0, cy - h + 9.0, "end")
            };
            let _ = write!(
                out,
                r##"<text class="label name" x="{nx:.1}" y="{ny:.1}" font-size="{NODE_NAME_SIZE}" text-anchor="{anchor}" fill="#1a1a1a">{}</text>"##,
                escape(&node.name)
            );
        }
        if let Some(order) = order_of(id).filter(|_| shape(id) != Shape::Board) {
            // To the right of the shape, clear of the edges that come in from above.
            let _ = write!(
                out,
                r##"<text class="label order" x="{:.1}" y="{:.1}" font-size="{ORDER_SIZE}" fill="#1f5fbf">{order}</text>"##,
                cx + w + 3.0,
                if shape(id) == Shape::Box {
                    cy + 4.0
                } else {
                    cy - h + 10.0
                }
            );
        }
        if folded[id] {
            // Under the shape, below the cut's window when it has one.
            let lines = window_of[id]
                .as_ref()
                .map_or(0, |(window, _)| window_lines(window).len());
            let _ = write!(
                out,
                r##"<text class="label folded-count" data-count="{}" x="{cx:.1}" y="{:.1}" font-size="{NAME_SIZE}" text-anchor="middle" fill="#444" font-style="italic">{}</text>"##,
                subtree_size[id] - 1,
                cy + h + 13.0 + 12.0 * lines as f64,
                folded_label(id)
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

    // Legend, one row per topic. The first names the shapes: each symbol, then its words.
    let base = 12.0;
    let mut y = TOP + height * level + node_height + 36.0;
    let mut legend = String::from(r##"<g font-size="12" fill="#333">"##);
    let [first, second, leaf, pv] = legend_words(negamax);
    let mut at = base;
    // A symbol drawn at `at`, its words after it; `at` moves on past them.
    let item = |legend: &mut String, at: &mut f64, symbol: String, words: &str| {
        legend.push_str(&symbol);
        let _ = write!(
            legend,
            r#"<text x="{:.1}" y="{y:.1}">{words}</text>"#,
            *at + 24.0
        );
        *at += 24.0 + text_width(words, 12.0) + 22.0;
    };
    for (player, words) in [(Player::First, first), (Player::Second, second)] {
        let (fill, stroke) = match player {
            Player::First => ("#dbe8f7", "#2c4f7c"),
            Player::Second => ("#fbe5d2", "#8a4b16"),
        };
        let symbol = if negamax {
            format!(
                r#"<circle cx="{:.1}" cy="{:.1}" r="8" fill="{fill}" stroke="{stroke}"/>"#,
                at + 9.0,
                y - 4.5
            )
        } else if player == Player::First {
            format!(
                r#"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{fill}" stroke="{stroke}"/>"#,
                at + 9.0,
                y - 13.0,
                at + 18.0,
                y + 3.0,
                at,
                y + 3.0
            )
        } else {
            format!(
                r#"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{fill}" stroke="{stroke}"/>"#,
                at,
                y - 12.0,
                at + 18.0,
                y - 12.0,
                at + 9.0,
                y + 4.0
            )
        };
        item(&mut legend, &mut at, symbol, words);
    }
    let symbol = format!(
        r##"<rect x="{:.1}" y="{:.1}" width="16" height="14" rx="3" fill="white" stroke="#444"/>"##,
        at,
        y - 12.0
    );
    item(&mut legend, &mut at, symbol, leaf);
    let symbol = format!(
        r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{PV}" stroke-width="3.5"/>"#,
        at - 6.0,
        y - 4.0,
        at + 18.0,
        y - 4.0
    );
    item(&mut legend, &mut at, symbol, pv);
    if (0..n).any(|id| !hidden[id] && shape(id) == Shape::Board) {
        y += 20.0;
        let _ = write!(
            legend,
            r##"<text x="{base}" y="{y:.1}">{}</text>"##,
            board_words(negamax)
        );
    }
    if (0..n).any(|id| !hidden[id] && stands_for(id).is_some()) {
        y += 20.0;
        let _ = write!(
            legend,
            r##"<text x="{base}" y="{y:.1}"><tspan fill="#6b3fa0" font-weight="bold">×N</tspan>: one child drawn for N moves that lead to the same position, up to symmetry</text>"##,
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
