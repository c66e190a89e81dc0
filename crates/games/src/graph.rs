//! Undirected graphs of at most 64 vertices, the boards of the pursuit games.
//!
//! Each vertex's neighbours are one `u64` bitset, so a set of vertices is a
//! `u64` and "everywhere the fugitive could step" is a few OR operations.
//!
//! | spec | graph | vertex names |
//! |---|---|---|
//! | `path:N` | N vertices in a row | `0`..`N-1` |
//! | `cycle:N` | N vertices in a ring (N >= 3) | `0`..`N-1` |
//! | `grid:WxH` | W columns, H rows, 4-neighbour grid | `a1` (top left) .. like the m,n,k boards |
//! | `tree:P1,P2,...` | vertex 0 is the root; `Pi` is the parent of vertex `i` (`Pi < i`) | `0`..`N` |
//! | `petersen` | the Petersen graph: outer 5-cycle `0`..`4`, inner pentagram `5`..`9`, spokes `i`-`i+5` | `0`..`9` |
//! | `file:PATH` | an edge list read from a file (format in `docs/pursuit.md`) | as written in the file |
//!
//! ```
//! use ply_games::graph::Graph;
//!
//! let tree = Graph::from_spec("tree:0,0,1,1").unwrap(); // 1 and 2 under 0, 3 and 4 under 1
//! assert_eq!(tree.vertex_count(), 5);
//! assert_eq!(tree.edge_count(), 4);
//! assert_eq!(tree.degree(1), 3);
//!
//! let file = Graph::parse_edge_list("# a triangle with a tail\na b\nb c\nc a\nc tail\n", "triangle").unwrap();
//! assert_eq!(file.vertex("tail"), Some(3));
//! let error = Graph::parse_edge_list("a b\nb b\n", "bad").unwrap_err();
//! assert_eq!(error.to_string(), "bad: line 2: a loop from 'b' to itself is not allowed");
//! ```

use crate::catalog::parse_numbers;
use crate::notation::NotationError;
use ply_core::input::{Input, InputErrorKind, display_name};
use ply_core::phrase::Phrase;
use ply_core::text::{self, excerpt};

/// The most vertices a graph may have (one bit each in a `u64`).
pub const MAX_VERTICES: usize = 64;

/// The largest graph file ply reads: 1 MiB. A graph of 64 vertices has at most 2016
/// edges: about 130 KiB of edge lines even with 32-character names.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// The longest vertex name a graph file may use.
const MAX_NAME: usize = 32;

/// An undirected simple graph (no loops, no parallel edges) with named vertices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    /// How the graph was named (`path:5`, `file:maze.txt`), to write the game name back.
    spec: String,
    names: Vec<String>,
    /// `adjacency[v]`: the neighbours of `v`, one bit per vertex (never `v` itself).
    adjacency: Vec<u64>,
    /// Columns and rows of a grid, drawn as a grid.
    grid: Option<(u8, u8)>,
}

impl Graph {
    /// A graph on `names.len()` vertices without edges yet.
    fn empty(spec: String, names: Vec<String>) -> Graph {
        let n = names.len();
        Graph {
            spec,
            names,
            adjacency: vec![0; n],
            grid: None,
        }
    }

    fn numbered(spec: String, n: usize) -> Graph {
        Graph::empty(spec, (0..n).map(|i| i.to_string()).collect())
    }

    fn add_edge(&mut self, u: usize, v: usize) {
        debug_assert!(u != v);
        self.adjacency[u] |= 1 << v;
        self.adjacency[v] |= 1 << u;
    }

    fn check_size(family: &str, n: u64) -> Result<(), NotationError> {
        if n == 0 {
            return Err(NotationError::said(
                Phrase::new("errors.graph.no_vertices").arg("family", family),
            ));
        }
        if n > MAX_VERTICES as u64 {
            return Err(NotationError::said(
                Phrase::new("errors.graph.too_many")
                    .arg("family", family)
                    .arg("count", n)
                    .arg("max", MAX_VERTICES),
            ));
        }
        Ok(())
    }

    /// `n` vertices in a row: `0 - 1 - ... - n-1`.
    pub fn path(n: u32) -> Result<Graph, NotationError> {
        Graph::check_size("path", n as u64)?;
        let mut g = Graph::numbered(format!("path:{n}"), n as usize);
        for v in 1..n as usize {
            g.add_edge(v - 1, v);
        }
        Ok(g)
    }

    /// `n >= 3` vertices in a ring.
    pub fn cycle(n: u32) -> Result<Graph, NotationError> {
        Graph::check_size("cycle", n as u64)?;
        if n < 3 {
            return Err(NotationError::said(
                Phrase::new("errors.graph.cycle_short").arg("n", n),
            ));
        }
        let mut g = Graph::numbered(format!("cycle:{n}"), n as usize);
        for v in 0..n as usize {
            g.add_edge(v, (v + 1) % n as usize);
        }
        Ok(g)
    }

    /// `width` columns and `height` rows, each vertex joined to its 4 neighbours.
    /// Vertices are named like board cells: column letter, row number from the top (`a1`, `b3`).
    pub fn grid(width: u32, height: u32) -> Result<Graph, NotationError> {
        if width == 0 || height == 0 {
            return Err(NotationError::said(Phrase::new("errors.graph.grid_empty")));
        }
        if width > 26 {
            return Err(NotationError::said(
                Phrase::new("errors.graph.grid_wide").arg("width", width),
            ));
        }
        Graph::check_size("grid", width as u64 * height as u64)?;
        let names = (0..height)
            .flat_map(|row| {
                (0..width).map(move |col| format!("{}{}", (b'a' + col as u8) as char, row + 1))
            })
            .collect();
        let mut g = Graph::empty(format!("grid:{width}x{height}"), names);
        g.grid = Some((width as u8, height as u8));
        for row in 0..height as usize {
            for col in 0..width as usize {
                let v = row * width as usize + col;
                if col + 1 < width as usize {
                    g.add_edge(v, v + 1);
                }
                if row + 1 < height as usize {
                    g.add_edge(v, v + width as usize);
                }
            }
        }
        Ok(g)
    }

    /// The tree where vertex 0 is the root and `parents[i - 1]` is the parent of vertex `i`
    /// (so every parent is smaller than its child, which makes any such list a tree).
    pub fn tree(parents: &[u32]) -> Result<Graph, NotationError> {
        Graph::check_size("tree", parents.len() as u64 + 1)?;
        let list: Vec<String> = parents.iter().map(u32::to_string).collect();
        let mut g = Graph::numbered(format!("tree:{}", list.join(",")), parents.len() + 1);
        for (i, &parent) in parents.iter().enumerate() {
            let child = i + 1;
            if parent as usize >= child {
                return Err(NotationError::said(
                    Phrase::new("errors.graph.tree_parent")
                        .arg("parent", parent)
                        .arg("child", child)
                        .arg("last", child - 1),
                ));
            }
            g.add_edge(parent as usize, child);
        }
        Ok(g)
    }

    /// The Petersen graph: outer cycle 0-1-2-3-4, inner pentagram 5-7-9-6-8, spokes i - i+5.
    pub fn petersen() -> Graph {
        let mut g = Graph::numbered("petersen".into(), 10);
        for i in 0..5 {
            g.add_edge(i, (i + 1) % 5);
            g.add_edge(5 + i, 5 + (i + 2) % 5);
            g.add_edge(i, i + 5);
        }
        g
    }

    /// Reads a graph spec: `path:N`, `cycle:N`, `grid:WxH`, `tree:P1,P2,...`, `petersen`, `file:PATH`.
    pub fn from_spec(spec: &str) -> Result<Graph, NotationError> {
        let spec = spec.trim();
        let (family, args) = match spec.split_once(':') {
            Some((family, args)) => (family.to_ascii_lowercase(), Some(args)),
            None => (spec.to_ascii_lowercase(), None),
        };
        let one_number = |family: &str, args: &str| -> Result<u32, NotationError> {
            match parse_numbers(family, args, &["number of vertices"])?[..] {
                [n] => Ok(n),
                _ => Err(NotationError::said(
                    Phrase::new("errors.graph.one_number")
                        .arg("family", family)
                        .arg("args", excerpt(args)),
                )),
            }
        };
        match (family.as_str(), args) {
            ("path", Some(args)) => Graph::path(one_number("path", args)?),
            ("cycle", Some(args)) => Graph::cycle(one_number("cycle", args)?),
            ("grid", Some(args)) => {
                let Some((w, h)) = args.split_once(['x', 'X']) else {
                    return Err(NotationError::said(
                        Phrase::new("errors.graph.grid_size").arg("args", excerpt(args)),
                    ));
                };
                let size = parse_numbers("grid", &format!("{w},{h}"), &["width", "height"])?;
                Graph::grid(size[0], size[1])
            }
            ("tree", Some("")) => Graph::tree(&[]),
            ("tree", Some(args)) => Graph::tree(&parse_numbers("tree", args, &[])?),
            ("petersen", None) => Ok(Graph::petersen()),
            ("file", Some(path)) => {
                let text = Input::open(path)
                    .and_then(|input| input.read_text(MAX_FILE_BYTES, "a graph file"))
                    .map_err(|e| match e.kind {
                        InputErrorKind::Io(e) => NotationError::said(
                            Phrase::new("errors.graph.unreadable")
                                .arg("path", display_name(path))
                                .arg("reason", e.to_string()),
                        ),
                        _ => NotationError::said(
                            Phrase::new("errors.detail").arg("detail", e.to_string()),
                        ),
                    })?;
                let mut g = Graph::parse_edge_list(&text, path)?;
                g.spec = format!("file:{path}");
                Ok(g)
            }
            ("path" | "cycle" | "grid" | "tree" | "file", None) => {
                Err(NotationError::said(match family.as_str() {
                    "grid" => Phrase::new("errors.graph.needs_grid"),
                    "tree" => Phrase::new("errors.graph.needs_tree"),
                    "file" => Phrase::new("errors.graph.needs_file"),
                    _ => Phrase::new("errors.graph.needs_number").arg("family", family.as_str()),
                }))
            }
            _ => Err(NotationError::said(
                Phrase::new("errors.graph.unknown").arg("spec", excerpt(spec)),
            )),
        }
    }

    /// Reads an edge list (the format of `docs/pursuit.md`); `source` names the text in errors.
    ///
    /// One edge `U V` or one vertex `V` per line; `#` starts a comment; an optional first line
    /// `vertices N` declares the vertices `0`..`N-1` (so isolated ones need no line of their own).
    /// The text follows ply's text policy ([`ply_core::text`]): a byte-order mark at the
    /// start is skipped, control and invisible characters are refused with `source:line:column`.
    pub fn parse_edge_list(text: &str, source: &str) -> Result<Graph, NotationError> {
        let text = text::strip_bom(text);
        // The source is a path the user gave: messages show it escaped when need be.
        let shown = display_name(source);
        text::check_text(text).map_err(|e| {
            NotationError::said(
                Phrase::new("errors.graph.text")
                    .arg("source", shown.as_str())
                    .arg("line", e.line)
                    .arg("column", e.column)
                    .arg("reason", e.message),
            )
        })?;
        let mut g = Graph::empty(source.to_string(), Vec::new());
        let mut declared: Option<usize> = None;
        let mut seen_content = false;
        for (number, raw) in text.lines().enumerate() {
            let line = number + 1;
            let err = |message: Phrase| {
                NotationError::said(
                    Phrase::new("errors.graph.line")
                        .arg("source", shown.as_str())
                        .arg("line", line)
                        .arg("message", message),
                )
            };
            let content = raw.split('#').next().unwrap_or("");
            let fields: Vec<&str> = content.split_whitespace().collect();
            if fields.is_empty() {
                continue;
            }
            if fields[0].eq_ignore_ascii_case("vertices") {
                if seen_content {
                    return Err(err(Phrase::new("errors.graph.header_late")));
                }
                let [_, count] = fields[..] else {
                    return Err(err(
                        Phrase::new("errors.graph.header_fields").arg("count", fields.len())
                    ));
                };
                let n: usize = count.parse().map_err(|_| {
                    err(Phrase::new("errors.graph.header_count").arg("count", excerpt(count)))
                })?;
                if n == 0 || n > MAX_VERTICES {
                    return Err(err(Phrase::new("errors.graph.header_range")
                        .arg("count", n)
                        .arg("max", MAX_VERTICES)));
                }
                declared = Some(n);
                g = Graph::numbered(source.to_string(), n);
                seen_content = true;
                continue;
            }
            seen_content = true;
            if fields.len() > 2 {
                return Err(err(
                    Phrase::new("errors.graph.line_fields").arg("count", fields.len())
                ));
            }
            let mut ends = [0usize; 2];
            for (slot, name) in ends.iter_mut().zip(&fields) {
                *slot = match g.vertex(name) {
                    Some(v) => v,
                    None if declared.is_some() => {
                        return Err(err(Phrase::new("errors.graph.undeclared")
                            .arg("name", excerpt(name))
                            .arg("last", g.names.len() - 1)));
                    }
                    None => {
                        check_name(name).map_err(err)?;
                        if g.names.len() == MAX_VERTICES {
                            return Err(err(Phrase::new("errors.graph.vertex_limit")
                                .arg("name", excerpt(name))
                                .arg("number", MAX_VERTICES + 1)
                                .arg("max", MAX_VERTICES)));
                        }
                        g.names.push(name.to_string());
                        g.adjacency.push(0);
                        g.names.len() - 1
                    }
                };
            }
            if fields.len() == 2 {
                if ends[0] == ends[1] {
                    return Err(err(
                        Phrase::new("errors.graph.loop").arg("name", excerpt(fields[0]))
                    ));
                }
                g.add_edge(ends[0], ends[1]);
            }
        }
        if g.names.is_empty() {
            return Err(NotationError::said(
                Phrase::new("errors.graph.empty").arg("source", shown.as_str()),
            ));
        }
        Ok(g)
    }

    /// The graph as an edge list that [`Graph::parse_edge_list`] reads back to the same graph.
    pub fn to_edge_list(&self) -> String {
        // Every vertex on its own line first, so that the numbering (order of first
        // appearance) is kept; then every edge once.
        let mut text = String::new();
        for name in &self.names {
            text.push_str(name);
            text.push('\n');
        }
        for (u, v) in self.edges() {
            text.push_str(&format!("{} {}\n", self.names[u], self.names[v]));
        }
        text
    }

    /// Every edge once, as `(u, v)` with `u < v`.
    pub fn edges(&self) -> Vec<(usize, usize)> {
        (0..self.vertex_count())
            .flat_map(|u| bits(self.adjacency[u] & !low_mask(u + 1)).map(move |v| (u, v)))
            .collect()
    }

    /// The spec this graph was made from (`path:5`, `grid:3x3`, `file:maze.txt`).
    pub fn spec(&self) -> &str {
        &self.spec
    }

    /// The number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.names.len()
    }

    /// The number of edges.
    pub fn edge_count(&self) -> usize {
        self.adjacency
            .iter()
            .map(|a| a.count_ones() as usize)
            .sum::<usize>()
            / 2
    }

    /// Every vertex, as a bitset.
    pub fn all(&self) -> u64 {
        low_mask(self.vertex_count())
    }

    /// The neighbours of `v` (not `v` itself), as a bitset.
    #[inline]
    pub fn neighbours(&self, v: usize) -> u64 {
        self.adjacency[v]
    }

    /// `v` and its neighbours: where a player on `v` can be after one move (staying allowed).
    #[inline]
    pub fn closed_neighbourhood(&self, v: usize) -> u64 {
        self.adjacency[v] | 1 << v
    }

    /// Every vertex of `set` or next to it.
    #[inline]
    pub fn expand(&self, set: u64) -> u64 {
        bits(set).fold(set, |acc, v| acc | self.adjacency[v])
    }

    /// The number of neighbours of `v`.
    pub fn degree(&self, v: usize) -> u32 {
        self.adjacency[v].count_ones()
    }

    /// The name of vertex `v`, as positions and moves write it.
    pub fn name(&self, v: usize) -> &str {
        &self.names[v]
    }

    /// The vertex with this name (grid names are also accepted in capitals).
    pub fn vertex(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name).or_else(|| {
            self.grid
                .and_then(|_| self.names.iter().position(|n| n.eq_ignore_ascii_case(name)))
        })
    }

    /// Columns and rows, for a grid.
    pub fn grid_size(&self) -> Option<(usize, usize)> {
        self.grid.map(|(w, h)| (w as usize, h as usize))
    }

    /// Shortest-path distances between every pair of vertices (`u8::MAX`: not connected).
    pub fn distances(&self) -> Vec<Vec<u8>> {
        (0..self.vertex_count())
            .map(|source| {
                let mut dist = vec![u8::MAX; self.vertex_count()];
                let (mut frontier, mut seen, mut d) = (1u64 << source, 1u64 << source, 0u8);
                while frontier != 0 {
                    for v in bits(frontier) {
                        dist[v] = d;
                    }
                    frontier = self.expand(frontier) & !seen;
                    seen |= frontier;
                    d += 1;
                }
                dist
            })
            .collect()
    }

    /// True when every vertex can reach every other one.
    pub fn is_connected(&self) -> bool {
        self.distances()[0].iter().all(|&d| d != u8::MAX)
    }

    /// The vertices, one per line, each with a mark and its neighbours; grids are drawn as grids.
    /// `mark(v)` is the one-character label of vertex `v` (e.g. `C` for a cop, `.` for nothing).
    pub fn render(&self, mark: impl Fn(usize) -> char) -> String {
        let mut out = String::new();
        if let Some((w, h)) = self.grid_size() {
            out.push_str("   ");
            for col in 0..w {
                out.push(' ');
                out.push((b'a' + col as u8) as char);
            }
            out.push('\n');
            for row in 0..h {
                out.push_str(&format!("{:>3}", row + 1));
                for col in 0..w {
                    out.push(' ');
                    out.push(mark(row * w + col));
                }
                out.push('\n');
            }
        } else {
            let width = self.names.iter().map(String::len).max().unwrap_or(1);
            for v in 0..self.vertex_count() {
                let neighbours: Vec<&str> = bits(self.adjacency[v]).map(|u| self.name(u)).collect();
                out.push_str(&format!(
                    "  {:>width$} {} : {}\n",
                    self.names[v],
                    mark(v),
                    neighbours.join(" ")
                ));
            }
        }
        out
    }
}

/// How a graph's vertices are placed for drawing ([`Graph::layout`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LayoutKind {
    /// A grid's vertices at their columns and rows, the rows downwards.
    Grid,
    /// A cycle's vertices on a circle, vertex 0 at the top, clockwise.
    Cycle,
    /// A path's vertices on a line, from left to right.
    Path,
    /// A tree in layers: the root at the top, each vertex one layer below its parent,
    /// the leaves side by side and each parent above the middle of its children.
    Tree,
    /// The Petersen graph as drawn in books: the outer cycle a pentagon, the inner
    /// vertices a five-pointed star inside it.
    Petersen,
    /// Any other graph (a file): a force-directed layout (stress majorization), the
    /// vertices as far apart as the graph's paths between them, the same every time.
    Free,
}

impl LayoutKind {
    /// The kind's name: `grid`, `cycle`, `path`, `tree`, `petersen` or `free`.
    pub fn name(self) -> &'static str {
        match self {
            LayoutKind::Grid => "grid",
            LayoutKind::Cycle => "cycle",
            LayoutKind::Path => "path",
            LayoutKind::Tree => "tree",
            LayoutKind::Petersen => "petersen",
            LayoutKind::Free => "free",
        }
    }
}

/// A place for every vertex in the unit square (`x` across, `y` down, both from 0 to
/// 1), rounded to 4 decimals: the same numbers on every machine.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// How the places were found.
    pub kind: LayoutKind,
    /// `(x, y)` for each vertex, in the graph's order.
    pub places: Vec<(f64, f64)>,
}

/// The rounds of each step of the free layout (power iteration, majorization): enough
/// for 64 vertices to settle.
const MAJORIZATION_ROUNDS: usize = 300;

/// A step smaller than this (a millionth of a step of the graph) ends a round early: the
/// places have settled far below what a drawing shows.
const SETTLED: f64 = 1e-6;

impl Graph {
    /// The vertices placed for drawing, by the graph's family: grids as grids, cycles on
    /// a circle, paths on a line, trees in layers, Petersen's pentagon and star, any other
    /// graph by a force-directed method (stress majorization). Every place is in the unit square.
    ///
    /// ```
    /// use ply_games::graph::{Graph, LayoutKind};
    ///
    /// let layout = Graph::from_spec("cycle:4").unwrap().layout();
    /// assert_eq!(layout.kind, LayoutKind::Cycle);
    /// assert_eq!(layout.places, [(0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5)]);
    /// ```
    pub fn layout(&self) -> Layout {
        let n = self.vertex_count();
        let family = self.spec.split(':').next().unwrap_or("");
        let (kind, places) = if let Some((w, h)) = self.grid_size() {
            (LayoutKind::Grid, grid_places(w, h))
        } else if family == "cycle" {
            (LayoutKind::Cycle, circle_places(n, 0.5))
        } else if family == "path" {
            let across = |i: usize| {
                if n > 1 {
                    i as f64 / (n - 1) as f64
                } else {
                    0.5
                }
            };
            (LayoutKind::Path, (0..n).map(|i| (across(i), 0.5)).collect())
        } else if family == "tree" {
            (LayoutKind::Tree, self.tree_places())
        } else if family == "petersen" && n == 10 {
            let mut places = circle_places(5, 0.5);
            places.extend(circle_places(5, 0.25));
            (LayoutKind::Petersen, places)
        } else {
            (LayoutKind::Free, self.force_places())
        };
        Layout {
            kind,
            places: places
                .into_iter()
                .map(|(x, y)| (round4(x), round4(y)))
                .collect(),
        }
    }

    /// A tree's layers: each vertex's parent is its smallest neighbour (a tree spec
    /// names parents smaller than their children), its children the larger ones.
    fn tree_places(&self) -> Vec<(f64, f64)> {
        let n = self.vertex_count();
        let mut depth = vec![0usize; n];
        for v in 1..n {
            let parent = bits(self.adjacency[v] & low_mask(v)).next().unwrap_or(0);
            depth[v] = depth[parent] + 1;
        }
        // The leaves take the next free place across in depth-first order; a parent
        // stands above the middle of its first and last child.
        let mut across = vec![0f64; n];
        let mut leaves = 0usize;
        // (vertex, children placed yet): a stack, not recursion, for any depth.
        let mut stack = vec![(0usize, false)];
        while let Some((v, placed)) = stack.pop() {
            let children: Vec<usize> = bits(self.adjacency[v] & !low_mask(v + 1)).collect();
            if children.is_empty() {
                across[v] = leaves as f64;
                leaves += 1;
            } else if placed {
                across[v] = (across[children[0]] + across[children[children.len() - 1]]) / 2.0;
            } else {
                stack.push((v, true));
                stack.extend(children.iter().rev().map(|&c| (c, false)));
            }
        }
        let deepest = depth.iter().copied().max().unwrap_or(0);
        (0..n)
            .map(|v| {
                let x = if leaves > 1 {
                    across[v] / (leaves - 1) as f64
                } else {
                    0.5
                };
                let y = if deepest > 0 {
                    depth[v] as f64 / deepest as f64
                } else {
                    0.5
                };
                (x, y)
            })
            .collect()
    }

    /// Each connected piece laid out by [`stress_places`], the pieces side by side from
    /// left to right (in the order of their first vertices), a step of the graph apart.
    fn force_places(&self) -> Vec<(f64, f64)> {
        let n = self.vertex_count();
        let hops = self.distances();
        let mut places = vec![(0.0, 0.0); n];
        let mut placed = 0u64;
        let mut left = 0.0;
        for first in 0..n {
            if placed & 1 << first != 0 {
                continue;
            }
            let piece: Vec<usize> = (0..n).filter(|&v| hops[first][v] != u8::MAX).collect();
            let apart: Vec<Vec<f64>> = piece
                .iter()
                .map(|&u| piece.iter().map(|&v| hops[u][v] as f64).collect())
                .collect();
            let piece_places = stress_places(&apart);
            let low_x = piece_places.iter().map(|p| p.0).fold(f64::MAX, f64::min);
            let high_x = piece_places.iter().map(|p| p.0).fold(f64::MIN, f64::max);
            let low_y = piece_places.iter().map(|p| p.1).fold(f64::MAX, f64::min);
            let high_y = piece_places.iter().map(|p| p.1).fold(f64::MIN, f64::max);
            for (&v, &(x, y)) in piece.iter().zip(&piece_places) {
                places[v] = (left + x - low_x, y - (low_y + high_y) / 2.0);
                placed |= 1 << v;
            }
            left += high_x - low_x + 1.0;
        }
        fit_to_unit_square(places)
    }
}

/// Stress majorization (the method of Graphviz's `neato`): the places whose distances
/// best match `apart` (a connected graph's distances along its edges), each pair weighed
/// by the inverse square of its distance, so that near pairs count most. It starts from
/// classical scaling (the two main axes of the squared distances, found by power
/// iteration) and takes majorization steps from there. Everything is fixed (no
/// randomness) and the arithmetic is +, -, *, / and square roots only, which IEEE 754
/// rounds the same everywhere: the same places on every machine, one step of the graph
/// one unit apart.
fn stress_places(apart: &[Vec<f64>]) -> Vec<(f64, f64)> {
    let n = apart.len();
    if n == 1 {
        return vec![(0.0, 0.0)];
    }
    // Classical scaling: the double-centred squared distances, and their two main axes.
    let squared: Vec<Vec<f64>> = apart
        .iter()
        .map(|row| row.iter().map(|d| d * d).collect())
        .collect();
    let means: Vec<f64> = squared
        .iter()
        .map(|row| row.iter().sum::<f64>() / n as f64)
        .collect();
    let mean = means.iter().sum::<f64>() / n as f64;
    let mut centred: Vec<Vec<f64>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| -0.5 * (squared[i][j] - means[i] - means[j] + mean))
                .collect()
        })
        .collect();
    let mut axes = Vec::new();
    for axis in 0..2 {
        // A start with a part along every axis but the trivial one (the centring
        // removed the constant vector).
        let mut vector: Vec<f64> = (0..n)
            .map(|i| {
                if axis == 0 {
                    (i + 1) as f64
                } else {
                    ((i * 7) % 5) as f64 - 2.0
                }
            })
            .collect();
        let mut value = 0.0;
        for _ in 0..MAJORIZATION_ROUNDS {
            let next: Vec<f64> = (0..n)
                .map(|i| (0..n).map(|j| centred[i][j] * vector[j]).sum())
                .collect();
            let length = next.iter().map(|x| x * x).sum::<f64>().sqrt();
            if length == 0.0 {
                break;
            }
            value = vector.iter().zip(&next).map(|(a, b)| a * b).sum::<f64>();
            let next: Vec<f64> = next.into_iter().map(|x| x / length).collect();
            let change = next
                .iter()
                .zip(&vector)
                .map(|(a, b)| (a - b).abs())
                .fold(0.0, f64::max);
            vector = next;
            if change < SETTLED {
                break;
            }
        }
        // Deflate: the next axis is the main one of what is left.
        for i in 0..n {
            for j in 0..n {
                centred[i][j] -= value * vector[i] * vector[j];
            }
        }
        let scale = value.max(0.0).sqrt();
        axes.push(vector.into_iter().map(|x| x * scale).collect::<Vec<f64>>());
    }
    // A small fixed nudge apart, so that no two vertices start on one place.
    let mut places: Vec<(f64, f64)> = (0..n)
        .map(|i| {
            (
                axes[0][i] + 1e-3 * i as f64,
                axes[1][i] + 1e-3 * ((i * 3) % 7) as f64,
            )
        })
        .collect();
    for _ in 0..MAJORIZATION_ROUNDS {
        let mut moved = 0f64;
        for i in 0..n {
            let (mut x, mut y, mut weights) = (0.0, 0.0, 0.0);
            for j in (0..n).filter(|&j| j != i) {
                let weight = 1.0 / (apart[i][j] * apart[i][j]);
                let (dx, dy) = (places[i].0 - places[j].0, places[i].1 - places[j].1);
                let now = (dx * dx + dy * dy).sqrt();
                let (ux, uy) = if now > 0.0 {
                    (dx / now, dy / now)
                } else {
                    (0.0, 0.0)
                };
                x += weight * (places[j].0 + apart[i][j] * ux);
                y += weight * (places[j].1 + apart[i][j] * uy);
                weights += weight;
            }
            let next = (x / weights, y / weights);
            moved = moved.max(
                (next.0 - places[i].0)
                    .abs()
                    .max((next.1 - places[i].1).abs()),
            );
            places[i] = next;
        }
        if moved < SETTLED {
            break;
        }
    }
    places
}

/// The places of a grid of `w` columns and `h` rows, spaced alike both ways and centred.
fn grid_places(w: usize, h: usize) -> Vec<(f64, f64)> {
    let span = (w.max(h) - 1) as f64;
    let place = |i: usize, count: usize| {
        if span > 0.0 {
            i as f64 / span + (1.0 - (count - 1) as f64 / span) / 2.0
        } else {
            0.5
        }
    };
    (0..h)
        .flat_map(|row| (0..w).map(move |col| (place(col, w), place(row, h))))
        .collect()
}

/// `n` places on a circle of `radius` around the centre, the first at the top, clockwise.
fn circle_places(n: usize, radius: f64) -> Vec<(f64, f64)> {
    (0..n)
        .map(|i| {
            let angle = std::f64::consts::TAU * i as f64 / n as f64;
            (0.5 + radius * angle.sin(), 0.5 - radius * angle.cos())
        })
        .collect()
}

/// The places moved and scaled alike both ways so that they fill the unit square along
/// their wider side, centred along the other.
fn fit_to_unit_square(places: Vec<(f64, f64)>) -> Vec<(f64, f64)> {
    let (mut low_x, mut low_y, mut high_x, mut high_y) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for &(x, y) in &places {
        (low_x, low_y) = (low_x.min(x), low_y.min(y));
        (high_x, high_y) = (high_x.max(x), high_y.max(y));
    }
    let span = (high_x - low_x).max(high_y - low_y);
    if span <= 0.0 {
        return vec![(0.5, 0.5); places.len()];
    }
    let (pad_x, pad_y) = (
        (1.0 - (high_x - low_x) / span) / 2.0,
        (1.0 - (high_y - low_y) / span) / 2.0,
    );
    places
        .into_iter()
        .map(|(x, y)| ((x - low_x) / span + pad_x, (y - low_y) / span + pad_y))
        .collect()
}

/// `x` rounded to 4 decimals (a ten-thousandth of the drawing is far below a pixel).
fn round4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0 + 0.0
}

/// A vertex name read from a file: letters, digits, `_` and `-`, at most 32 characters
/// (commas, slashes and spaces separate things in positions and moves).
fn check_name(name: &str) -> Result<(), Phrase> {
    if name.len() > MAX_NAME {
        return Err(Phrase::new("errors.graph.name_long")
            .arg("name", excerpt(name))
            .arg("max", MAX_NAME));
    }
    if let Some(bad) = name
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '-'))
    {
        return Err(Phrase::new("errors.graph.name_chars")
            .arg("name", excerpt(name))
            .arg("character", excerpt(bad.encode_utf8(&mut [0; 4]))));
    }
    if name == "-" {
        return Err(Phrase::new("errors.graph.name_dash"));
    }
    if name.eq_ignore_ascii_case("vertices") {
        return Err(Phrase::new("errors.graph.name_reserved"));
    }
    Ok(())
}

/// The bitset of vertices `0..n`.
#[inline]
pub fn low_mask(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// The members of a bitset, smallest first.
#[inline]
pub fn bits(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let v = set.trailing_zeros() as usize;
            set &= set - 1;
            v
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_graphs_have_the_right_shape() {
        let p = Graph::from_spec("path:5").unwrap();
        assert_eq!((p.vertex_count(), p.edge_count()), (5, 4));
        let c = Graph::from_spec("cycle:6").unwrap();
        assert_eq!((c.vertex_count(), c.edge_count()), (6, 6));
        assert!((0..6).all(|v| c.degree(v) == 2));
        let g = Graph::from_spec("grid:4x3").unwrap();
        assert_eq!((g.vertex_count(), g.edge_count()), (12, 3 * 3 + 4 * 2));
        assert_eq!(g.vertex("b2"), Some(5));
        assert_eq!(g.vertex("B2"), Some(5));
        assert_eq!(g.degree(5), 4);
        let petersen = Graph::petersen();
        assert_eq!((petersen.vertex_count(), petersen.edge_count()), (10, 15));
        assert!((0..10).all(|v| petersen.degree(v) == 3));
        // Petersen: girth 5 and diameter 2.
        let d = petersen.distances();
        assert!(d.iter().flatten().all(|&x| x <= 2));
        for (u, v) in petersen.edges() {
            assert_eq!(
                petersen.neighbours(u) & petersen.neighbours(v),
                0,
                "no triangle through {u}-{v}"
            );
        }
        let t = Graph::from_spec("tree:").unwrap();
        assert_eq!(t.vertex_count(), 1);
        assert_eq!(
            Graph::from_spec("tree:0,0,1,1").unwrap().spec(),
            "tree:0,0,1,1"
        );
    }

    #[test]
    fn layouts_place_each_family_as_it_is_drawn() {
        let layout = |spec: &str| Graph::from_spec(spec).unwrap().layout();
        // A 3x3 grid: a1 top left, c3 bottom right, a column or row every half.
        let grid = layout("grid:3x3");
        assert_eq!(grid.kind, LayoutKind::Grid);
        assert_eq!(
            grid.places,
            [
                (0.0, 0.0),
                (0.5, 0.0),
                (1.0, 0.0),
                (0.0, 0.5),
                (0.5, 0.5),
                (1.0, 0.5),
                (0.0, 1.0),
                (0.5, 1.0),
                (1.0, 1.0)
            ]
        );
        // A wide grid keeps square cells: 4 columns a third apart, 2 rows centred.
        assert_eq!(
            layout("grid:4x2").places,
            [
                (0.0, 0.3333),
                (0.3333, 0.3333),
                (0.6667, 0.3333),
                (1.0, 0.3333),
                (0.0, 0.6667),
                (0.3333, 0.6667),
                (0.6667, 0.6667),
                (1.0, 0.6667)
            ]
        );
        assert_eq!(layout("grid:1x1").places, [(0.5, 0.5)]);
        let path = layout("path:3");
        assert_eq!(path.kind, LayoutKind::Path);
        assert_eq!(path.places, [(0.0, 0.5), (0.5, 0.5), (1.0, 0.5)]);
        assert_eq!(layout("path:1").places, [(0.5, 0.5)]);
        // cycle:6: 60 degrees apart, sin 60 = 0.8660, cos 60 = 0.5.
        assert_eq!(
            layout("cycle:6").places,
            [
                (0.5, 0.0),
                (0.933, 0.25),
                (0.933, 0.75),
                (0.5, 1.0),
                (0.067, 0.75),
                (0.067, 0.25)
            ]
        );
        // tree:0,0,1,1: 3 and 4 under 1, 1 and 2 under 0. Leaves 3, 4, 2 side by side;
        // 1 above the middle of 3 and 4, 0 above the middle of 1 and 2.
        let tree = layout("tree:0,0,1,1");
        assert_eq!(tree.kind, LayoutKind::Tree);
        assert_eq!(
            tree.places,
            [
                (0.625, 0.0),
                (0.25, 0.5),
                (1.0, 0.5),
                (0.0, 1.0),
                (0.5, 1.0)
            ]
        );
        assert_eq!(layout("tree:").places, [(0.5, 0.5)]);
        // Petersen: the outer pentagon (radius 0.5) and the inner star (radius 0.25),
        // each spoke along a radius; sin 72 = 0.9511, cos 72 = 0.3090.
        let petersen = layout("petersen");
        assert_eq!(petersen.kind, LayoutKind::Petersen);
        assert_eq!(petersen.places[0], (0.5, 0.0));
        assert_eq!(petersen.places[1], (0.9755, 0.3455));
        assert_eq!(petersen.places[5], (0.5, 0.25));
        assert_eq!(petersen.places[6], (0.7378, 0.4227));
    }

    #[test]
    fn a_graph_from_a_file_is_laid_out_by_forces_the_same_every_time() {
        let text = "a b\nb c\nc d\nd a\na e\nb f\nc g\nd h\nlonely\n";
        let graph = Graph::parse_edge_list(text, "square").unwrap();
        let layout = graph.layout();
        assert_eq!(layout.kind, LayoutKind::Free);
        assert_eq!(layout, graph.layout());
        assert_eq!(layout.places.len(), 9);
        // In the unit square, filling it along one side at least.
        let xs = || layout.places.iter().map(|p| p.0);
        let ys = || layout.places.iter().map(|p| p.1);
        assert!(
            layout
                .places
                .iter()
                .all(|&(x, y)| (0.0..=1.0).contains(&x) && (0.0..=1.0).contains(&y))
        );
        let spread = |values: Vec<f64>| {
            values.iter().copied().fold(f64::MIN, f64::max)
                - values.iter().copied().fold(f64::MAX, f64::min)
        };
        assert!(spread(xs().collect()) == 1.0 || spread(ys().collect()) == 1.0);
        // No two vertices on top of each other: every pair at least a tenth apart.
        for (i, p) in layout.places.iter().enumerate() {
            for q in &layout.places[i + 1..] {
                let d = ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt();
                assert!(d > 0.1, "{p:?} {q:?}");
            }
        }
        // Neighbours closer than the farthest pair: the square's corners are nearer
        // to each other than the pendant vertices across it.
        let d = |u: &str, v: &str| {
            let (p, q) = (
                layout.places[graph.vertex(u).unwrap()],
                layout.places[graph.vertex(v).unwrap()],
            );
            ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt()
        };
        assert!(d("a", "b") < d("e", "g"));
        assert!(d("a", "e") < d("e", "g"));
        let single = Graph::parse_edge_list("alone\n", "one").unwrap();
        assert_eq!(single.layout().places, [(0.5, 0.5)]);
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        let error = |spec: &str| Graph::from_spec(spec).unwrap_err().to_string();
        assert_eq!(
            error("cycle:2"),
            "cycle: a cycle needs at least 3 vertices, not 2 (use path:2)"
        );
        assert_eq!(
            error("path:65"),
            "path: 65 vertices is too many (at most 64)"
        );
        assert_eq!(error("path:0"), "path: a graph needs at least one vertex");
        assert_eq!(
            error("grid:3"),
            "grid: expected WIDTHxHEIGHT (e.g. grid:3x3), got '3'"
        );
        assert_eq!(
            error("tree:0,2"),
            "tree: parent 2 of vertex 2 (entry 2) must be a smaller vertex (0..1)"
        );
        assert!(error("hypercube").starts_with("unknown graph 'hypercube'"));
        assert!(
            error("file:/nonexistent/graph.txt")
                .starts_with("file:/nonexistent/graph.txt: cannot read")
        );
    }

    /// Found by the fuzz target mnk_move (`pursuit:file: \u{8}`): the path of a graph
    /// file went into the message raw, so a control character reached the terminal.
    #[test]
    fn paths_and_counts_in_messages_are_quoted_escaped() {
        let error = |spec: &str| Graph::from_spec(spec).unwrap_err().to_string();
        assert_eq!(
            error("file: \u{8}"),
            "file:' \\u{8}': cannot read the graph file: No such file or directory (os error 2)"
        );
        let parse = |text: &str, source: &str| {
            Graph::parse_edge_list(text, source)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            parse("a b\u{7}\n", "maze\u{1b}[2J.txt"),
            "'maze\\u{1b}[2J.txt':1:4: control character U+0007 is not allowed"
        );
        assert_eq!(
            parse("# empty\n", "dir\nname"),
            "'dir\\u{a}name': the graph has no vertices"
        );
        let count = "9".repeat(5000);
        assert_eq!(
            parse(&format!("vertices {count}\n"), "g"),
            format!(
                "g: line 1: 'vertices N': the count '{}…' is not a whole number",
                &count[..40]
            )
        );
    }

    #[test]
    fn graph_files_follow_the_text_policy_and_a_size_limit() {
        let parse = |text: &str| {
            Graph::parse_edge_list(text, "g")
                .map(|g| g.vertex_count())
                .map_err(|e| e.to_string())
        };
        assert_eq!(parse("\u{feff}a b\n"), Ok(2));
        assert_eq!(
            parse("a b\nb c\u{200b}\n"),
            Err("g:2:4: invisible character U+200B (zero width space) is not allowed".into())
        );
        assert_eq!(
            parse("a\u{7} b\n"),
            Err("g:1:2: control character U+0007 is not allowed".into())
        );
        // Names are quoted short and escaped.
        let long = "x".repeat(100);
        assert_eq!(
            parse(&format!("{long} b\n")),
            Err(format!(
                "g: line 1: vertex name '{}…' is longer than 32 characters",
                &long[..40]
            ))
        );
        let error = |spec: &str| Graph::from_spec(spec).unwrap_err().to_string();
        let dir = std::env::temp_dir();
        assert_eq!(
            error(&format!("file:{}", dir.display())),
            format!(
                "{}: is a directory (give a file, or - for standard input)",
                dir.display()
            )
        );
        // A device is read and checked as it arrives: its first NUL byte ends the reading.
        #[cfg(unix)]
        assert_eq!(
            error("file:/dev/zero"),
            "/dev/zero:1:1: control character U+0000 is not allowed"
        );
        // A regular file larger than the limit is refused before it is read.
        let big = dir.join(format!("ply-graph-limit-{}.txt", std::process::id()));
        std::fs::write(&big, "a b\n".repeat((MAX_FILE_BYTES as usize) / 4 + 1)).unwrap();
        let refused = error(&format!("file:{}", big.display()));
        std::fs::remove_file(&big).unwrap();
        assert_eq!(
            refused,
            format!(
                "{}: 1048580 bytes, more than 1 MiB, the limit for a graph file",
                big.display()
            )
        );
    }

    #[test]
    fn edge_list_files() {
        let text = "# a square with a pendant\nvertices 5\n0 1\n1 2 # right side\n2 3\n3 0\n\n";
        let g = Graph::parse_edge_list(text, "sq").unwrap();
        assert_eq!((g.vertex_count(), g.edge_count()), (5, 4));
        assert_eq!(g.degree(4), 0);
        let named =
            Graph::parse_edge_list("hall kitchen\nkitchen cellar\nattic\n", "house").unwrap();
        assert_eq!(named.vertex("attic"), Some(3));
        assert_eq!(named.edges(), vec![(0, 1), (1, 2)]);
        let again = Graph::parse_edge_list(&named.to_edge_list(), "house").unwrap();
        assert_eq!(again, named);

        let error = |text: &str| Graph::parse_edge_list(text, "f").unwrap_err().to_string();
        assert_eq!(
            error("a b\nvertices 3\n"),
            "f: line 2: the 'vertices N' header must come before every edge"
        );
        assert_eq!(
            error("vertices 3\n0 3\n"),
            "f: line 2: no vertex '3' (the header declares vertices 0..2)"
        );
        assert_eq!(
            error("a b c\n"),
            "f: line 1: expected an edge 'U V' or a vertex 'V', found 3 fields"
        );
        assert_eq!(
            error("\n\na,b\n"),
            "f: line 3: vertex name 'a,b' contains ',' (use letters, digits, '_' and '-')"
        );
        assert_eq!(
            error("vertices x\n"),
            "f: line 1: 'vertices N': the count 'x' is not a whole number"
        );
        assert_eq!(error("# nothing\n"), "f: the graph has no vertices");
        let too_many: String = (0..65).map(|i| format!("{i}\n")).collect();
        assert_eq!(
            error(&too_many),
            "f: line 65: vertex '64' would be vertex 65: at most 64 are allowed"
        );
    }
}
