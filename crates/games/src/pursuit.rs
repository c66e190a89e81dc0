//! Cops and a fugitive on a graph: `pursuit:GRAPH[,cops=K]` (the fugitive is seen)
//! and `pursuit-hidden:GRAPH[,cops=K]` (it is not).
//!
//! **Visible** ([`Pursuit`], two players): the cops (first player) place all their K
//! pieces, then the fugitive (second player) places itself, then they alternate: on
//! the cops' turn every cop stays or moves along an edge, on the fugitive's turn it
//! stays or moves along an edge. The cops win by standing on the fugitive's vertex
//! (a fugitive that steps onto a cop is caught too). The game has no end otherwise:
//! a fugitive that escapes for ever makes it a draw. Cops are interchangeable, so a
//! cop position is the sorted list of their vertices.
//!
//! **Hidden** ([`HiddenPursuit`], a one-player plan): the cops see nothing, so what
//! they know is the set of vertices where the fugitive may be. Placing the cops leaves
//! every other vertex possible; after each cop move the vertices under the cops are
//! cleared and the fugitive's possible positions spread to their neighbours (but not
//! onto a cop). The cops have won once the set is empty, whatever the fugitive did.
//!
//! Notation (see `docs/pursuit.md`): a visible position is `COPS/FUGITIVE/SIDE`, e.g.
//! `0,3/5/c` (`-` for pieces not placed yet; side `c` or `f`); a hidden one is
//! `COPS/POSSIBLE`, e.g. `0/1,2,3` (`*`: every vertex, `-`: none). A cop move lists
//! where the cops go (`1,3`), a fugitive move where it goes (`4`).
//!
//! ```
//! use ply_core::{Game, RetrogradeTable};
//! use ply_games::{Notation, Playable, Pursuit};
//!
//! let game = Pursuit::from_spec_args("cycle:4").unwrap();
//! let table = RetrogradeTable::solve(&game).unwrap();
//! assert!(!table.start_value().is_win()); // one cop never catches a fugitive on a 4-cycle
//!
//! let game = Pursuit::from_spec_args("path:5").unwrap();
//! let table = RetrogradeTable::solve(&game).unwrap();
//! assert!(table.start_value().is_win());
//! let line = table.principal_variation(&game);
//! assert_eq!(game.move_string(line[0]), "2"); // the cop starts in the middle
//! ```

use crate::graph::{Graph, bits};
use crate::notation::{FieldValue, Notation, NotationError, Playable, legal_or_error};
use ply_core::phrase::Phrase;
use ply_core::text::excerpt;
use ply_core::{Evaluator, Game, GameBounds, Outcome, Player, Score};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// The most cops a game may have.
pub const MAX_COPS: usize = 4;
const NONE: u8 = u8::MAX;
/// The cops are the first player, the fugitive the second.
pub const COPS: Player = Player::First;
/// The fugitive moves second (after the cops' placement).
pub const FUGITIVE: Player = Player::Second;

/// Where the cops stand or go: their vertices sorted, unused slots `u8::MAX`.
/// Sorting makes cops interchangeable (one state for every permutation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Squad([u8; MAX_COPS]);

impl Squad {
    const UNPLACED: Squad = Squad([NONE; MAX_COPS]);

    fn from_vertices(vertices: &[usize]) -> Squad {
        let mut slots = [NONE; MAX_COPS];
        for (slot, &v) in slots.iter_mut().zip(vertices) {
            *slot = v as u8;
        }
        slots.sort_unstable();
        Squad(slots)
    }

    fn is_placed(self) -> bool {
        self.0[0] != NONE
    }

    /// The cops' vertices, smallest first (a vertex twice if two cops share it).
    pub fn vertices(self) -> impl Iterator<Item = usize> {
        self.0
            .into_iter()
            .take_while(|&v| v != NONE)
            .map(usize::from)
    }

    /// The vertices holding at least one cop.
    pub fn mask(self) -> u64 {
        self.vertices().fold(0, |m, v| m | 1 << v)
    }

    fn count_at(self, v: usize) -> usize {
        self.vertices().filter(|&c| c == v).count()
    }
}

/// Every way to put `k` interchangeable cops on `n` vertices (multisets, sorted).
fn placements(n: usize, k: usize) -> Vec<Squad> {
    let mut out = Vec::new();
    for_each_placement(n, k, |squad| out.push(squad));
    out
}

/// Calls `visit` with every way to put `k` interchangeable cops on `n` vertices, in the
/// order of [`placements`], without making the list.
fn for_each_placement(n: usize, k: usize, mut visit: impl FnMut(Squad)) {
    let mut current = vec![0usize; k];
    loop {
        visit(Squad::from_vertices(&current));
        // Next non-decreasing sequence.
        let Some(i) = (0..k).rev().find(|&i| current[i] + 1 < n) else {
            return;
        };
        let next = current[i] + 1;
        current[i..].fill(next);
    }
}

/// At least how many squads the cops of `squad` reach in one move, without making them
/// ([`squad_moves`] counts them exactly, at the cost of a list a squad). Cops whose
/// closed neighbourhoods are pairwise disjoint move independently: with the other cops
/// staying, each of their choices is a different squad (the squad less the cops that
/// stayed is their choice, and each vertex of it lies in one cop's neighbourhood only).
/// So the product of the sizes of such neighbourhoods, kept greedily in squad order.
fn squad_moves_at_least(graph: &Graph, squad: Squad) -> u64 {
    let (mut taken, mut count) = (0u64, 1u64);
    for v in squad.vertices() {
        let reach = graph.closed_neighbourhood(v);
        if reach & taken == 0 {
            taken |= reach;
            count = count.saturating_mul(u64::from(reach.count_ones()));
        }
    }
    count
}

/// At least how many moves retrograde analysis stores from a start where no cop is
/// placed yet: the start's move to each placement, and for each, `after(squad, least)`
/// the moves that surely follow it (`least` is [`squad_moves_at_least`] of the squad).
/// Every placement is reachable, and the table keeps every move of every position it
/// reaches that is not finished.
fn placement_moves_at_least(graph: &Graph, k: usize, after: impl Fn(Squad, u64) -> u64) -> u64 {
    let mut moves = 0u64;
    for_each_placement(graph.vertex_count(), k, |squad| {
        let least = squad_moves_at_least(graph, squad);
        moves = moves.saturating_add(1).saturating_add(after(squad, least));
    });
    moves
}

/// Every squad the cops can reach in one move (each cop stays or steps along an edge),
/// sorted and without repeats.
fn squad_moves(graph: &Graph, squad: Squad) -> Vec<Squad> {
    fn extend(
        graph: &Graph,
        cops: &[u8],
        chosen: &mut [u8; MAX_COPS],
        depth: usize,
        out: &mut Vec<Squad>,
    ) {
        if depth == cops.len() || cops[depth] == NONE {
            let mut slots = *chosen;
            slots[..depth].sort_unstable();
            out.push(Squad(slots));
            return;
        }
        for v in bits(graph.closed_neighbourhood(cops[depth] as usize)) {
            chosen[depth] = v as u8;
            extend(graph, cops, chosen, depth + 1, out);
        }
    }
    let mut out = Vec::new();
    extend(graph, &squad.0, &mut [NONE; MAX_COPS], 0, &mut out);
    out.sort_unstable();
    out.dedup();
    out
}

/// Reads `GRAPH[,cops=K]`.
fn graph_and_cops(game: &str, args: &str) -> Result<(Graph, u8), NotationError> {
    let (graph, cops) = match args.rsplit_once(",cops=") {
        Some((graph, cops)) => {
            let k: usize = cops.trim().parse().map_err(|_| {
                NotationError::said(
                    Phrase::new("errors.pursuit.cops_number")
                        .arg("game", game)
                        .arg("cops", excerpt(cops.trim())),
                )
            })?;
            (graph, k)
        }
        None => (args, 1),
    };
    if !(1..=MAX_COPS).contains(&cops) {
        return Err(NotationError::said(
            Phrase::new("errors.pursuit.cops_range")
                .arg("game", game)
                .arg("cops", cops)
                .arg("max", MAX_COPS),
        ));
    }
    let graph = Graph::from_spec(graph).map_err(|e| {
        let message =
            e.1.unwrap_or_else(|| Phrase::new("errors.detail").arg("detail", e.0.as_str()));
        NotationError::said(
            Phrase::new("errors.of_game")
                .arg("game", game)
                .arg("message", message),
        )
    })?;
    Ok((graph, cops as u8))
}

fn game_name(prefix: &str, graph: &Graph, cops: u8) -> String {
    if cops == 1 {
        format!("{prefix}:{}", graph.spec())
    } else {
        format!("{prefix}:{},cops={cops}", graph.spec())
    }
}

/// The field or move a vertex name was read from, as a phrase ("cop move", "cops field").
fn what_phrase(what: &str) -> Phrase {
    Phrase::new(match what {
        "cops field" => "errors.pursuit.what.cops_field",
        "fugitive field" => "errors.pursuit.what.fugitive_field",
        "possible field" => "errors.pursuit.what.possible_field",
        "fugitive move" => "errors.pursuit.what.fugitive_move",
        _ => "errors.pursuit.what.cop_move",
    })
}

fn vertex_or_error(graph: &Graph, name: &str, what: &str) -> Result<usize, NotationError> {
    graph.vertex(name.trim()).ok_or_else(|| {
        let n = graph.vertex_count();
        let known = if n <= 12 {
            (0..n).map(|v| graph.name(v)).collect::<Vec<_>>().join(" ")
        } else {
            format!(
                "{} {} ... {}",
                graph.name(0),
                graph.name(1),
                graph.name(n - 1)
            )
        };
        NotationError::said(
            Phrase::new("errors.pursuit.no_vertex")
                .arg("what", what_phrase(what))
                .arg("name", excerpt(name.trim()))
                .arg("graph", graph.spec())
                .arg("known", known),
        )
    })
}

fn squad_string(graph: &Graph, squad: Squad) -> String {
    if !squad.is_placed() {
        return "-".into();
    }
    squad
        .vertices()
        .map(|v| graph.name(v))
        .collect::<Vec<_>>()
        .join(",")
}

fn placed_string(graph: &Graph, squad: Squad) -> String {
    if squad.is_placed() {
        squad_string(graph, squad)
    } else {
        "not placed".into()
    }
}

fn parse_squad(graph: &Graph, cops: u8, text: &str, what: &str) -> Result<Squad, NotationError> {
    let names: Vec<&str> = text.split(',').collect();
    if names.len() != cops as usize {
        return Err(NotationError::said(
            Phrase::new(if cops == 1 {
                "errors.pursuit.names_one"
            } else {
                "errors.pursuit.names"
            })
            .arg("what", what_phrase(what))
            .arg("cops", u32::from(cops))
            .arg("found", names.len()),
        ));
    }
    let vertices = names
        .iter()
        .map(|name| vertex_or_error(graph, name, what))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Squad::from_vertices(&vertices))
}

/// The cops' name as a phrase of the catalogs: "cop" or "cops".
fn cops_phrase(cops: u8) -> Phrase {
    Phrase::new("boards.text.cops").arg("count", i64::from(cops))
}

/// Where a squad stands, as a phrase: its vertices, or "not placed".
fn placed_phrase(graph: &Graph, squad: Squad) -> ply_core::phrase::PhraseArg {
    if squad.is_placed() {
        squad_string(graph, squad).into()
    } else {
        Phrase::new("boards.text.not-placed").into()
    }
}

fn cops_name(cops: u8) -> String {
    if cops == 1 {
        "cop".into()
    } else {
        "cops".into()
    }
}

/// A position of the visible pursuit game.
#[derive(Clone, Debug)]
pub struct Pursuit {
    graph: Arc<Graph>,
    cops_count: u8,
    cops: Squad,
    fugitive: u8,
    to_move: Player,
}

/// Positions of the same game compare by the pieces (the graph is compared only when
/// the two positions do not share it).
impl PartialEq for Pursuit {
    fn eq(&self, other: &Self) -> bool {
        self.cops == other.cops
            && self.fugitive == other.fugitive
            && self.to_move == other.to_move
            && self.cops_count == other.cops_count
            && (Arc::ptr_eq(&self.graph, &other.graph) || self.graph == other.graph)
    }
}
impl Eq for Pursuit {}
impl Hash for Pursuit {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.cops, self.fugitive, self.to_move).hash(state);
    }
}

/// A move of the visible game: where the cops go (all at once), or where the fugitive goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PursuitMove {
    /// Where the cops go, all at once (their first move places them).
    Cops(Squad),
    /// The vertex the fugitive goes to.
    Fugitive(u8),
}

impl Pursuit {
    /// The start: nobody placed yet, the cops to move.
    pub fn new(graph: Graph, cops: u8) -> Result<Pursuit, NotationError> {
        if !(1..=MAX_COPS as u8).contains(&cops) {
            return Err(NotationError::said(
                Phrase::new("errors.pursuit.cops")
                    .arg("game", "pursuit")
                    .arg("max", MAX_COPS),
            ));
        }
        Ok(Pursuit {
            graph: Arc::new(graph),
            cops_count: cops,
            cops: Squad::UNPLACED,
            fugitive: NONE,
            to_move: COPS,
        })
    }

    /// Reads `GRAPH[,cops=K]` (the part after `pursuit:`), e.g. `grid:3x3,cops=2`.
    pub fn from_spec_args(args: &str) -> Result<Pursuit, NotationError> {
        let (graph, cops) = graph_and_cops("pursuit", args)?;
        Pursuit::new(graph, cops)
    }

    /// The graph the game is played on.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// How many cops.
    pub fn cop_count(&self) -> usize {
        self.cops_count as usize
    }

    /// The cops' vertices (empty before they are placed).
    pub fn cops(&self) -> Vec<usize> {
        self.cops.vertices().collect()
    }

    /// The fugitive's vertex, `None` before it is placed.
    pub fn fugitive(&self) -> Option<usize> {
        (self.fugitive != NONE).then_some(self.fugitive as usize)
    }

    /// True once a cop stands on the fugitive's vertex.
    pub fn captured(&self) -> bool {
        self.fugitive != NONE && self.cops.mask() & 1 << self.fugitive != 0
    }
}

/// The number of squads of `k` cops on `n` vertices (sorted, repeats allowed: the
/// multisets of size `k`), saturating.
fn squad_count(n: usize, k: usize) -> u64 {
    // C(n + k - 1, k), computed exactly step by step (each prefix is a binomial coefficient).
    (1..=k as u64).fold(1u64, |c, i| c.saturating_mul(n as u64 + i - 1) / i)
}

/// The most moves the cops have in one turn once placed: each stays or takes an edge.
fn squad_move_bound(graph: &Graph, k: usize) -> u64 {
    let widest = (0..graph.vertex_count())
        .map(|v| graph.degree(v) as u64 + 1)
        .max()
        .unwrap_or(1);
    widest.saturating_pow(k as u32)
}

impl Game for Pursuit {
    type Move = PursuitMove;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn outcome(&self) -> Option<Outcome> {
        // Caught: the cops have won, whoever is to move.
        self.captured().then_some(if self.to_move == COPS {
            Outcome::Win
        } else {
            Outcome::Loss
        })
    }

    fn generate_moves(&self, moves: &mut Vec<PursuitMove>) {
        let n = self.graph.vertex_count();
        if !self.cops.is_placed() {
            moves.extend(
                placements(n, self.cops_count as usize)
                    .into_iter()
                    .map(PursuitMove::Cops),
            );
        } else if self.fugitive == NONE {
            // Safe vertices first; placing on a cop is legal but is caught at once.
            let cops = self.cops.mask();
            let all = self.graph.all();
            moves.extend(
                bits(all & !cops)
                    .chain(bits(cops))
                    .map(|v| PursuitMove::Fugitive(v as u8)),
            );
        } else if self.to_move == COPS {
            // Captures first: among equally good moves, the first is played.
            let target = 1u64 << self.fugitive;
            let squads = squad_moves(&self.graph, self.cops);
            let (catch, other): (Vec<Squad>, Vec<Squad>) =
                squads.into_iter().partition(|s| s.mask() & target != 0);
            moves.extend(catch.into_iter().chain(other).map(PursuitMove::Cops));
        } else {
            let cops = self.cops.mask();
            let reach = self.graph.closed_neighbourhood(self.fugitive as usize);
            moves.extend(
                bits(reach & !cops)
                    .chain(bits(reach & cops))
                    .map(|v| PursuitMove::Fugitive(v as u8)),
            );
        }
    }

    fn play(&mut self, mv: PursuitMove) {
        match mv {
            PursuitMove::Cops(squad) => self.cops = squad,
            PursuitMove::Fugitive(v) => self.fugitive = v,
        }
        self.to_move = self.to_move.opponent();
    }

    /// Positions repeat: no longest game. Positions: every squad (or none placed yet)
    /// with the fugitive anywhere (or not yet placed), either side to move.
    fn bounds(&self) -> GameBounds {
        let (n, k) = (self.graph.vertex_count(), self.cops_count as usize);
        let squads = squad_count(n, k);
        GameBounds {
            max_plies: None,
            max_moves: Some(squads.max(squad_move_bound(&self.graph, k)).max(n as u64)),
            positions: Some((squads + 1).saturating_mul(n as u64 + 1).saturating_mul(2)),
            // From the start, every squad is placed, then the fugitive on any free vertex.
            min_positions: (!self.cops.is_placed())
                .then(|| squads.saturating_mul(n.saturating_sub(k) as u64)),
        }
    }
}

impl Notation for Pursuit {
    fn game_name(&self) -> String {
        game_name("pursuit", &self.graph, self.cops_count)
    }

    fn parse_position(&self, text: &str) -> Result<Pursuit, NotationError> {
        let fields: Vec<&str> = text.trim().split('/').collect();
        let [cops, fugitive, side] = fields[..] else {
            return Err(NotationError::said(
                Phrase::new(if fields.len() == 1 {
                    "errors.pursuit.fields_one"
                } else {
                    "errors.pursuit.fields"
                })
                .arg("count", fields.len()),
            ));
        };
        let cops = match cops.trim() {
            "-" => Squad::UNPLACED,
            text => parse_squad(&self.graph, self.cops_count, text, "cops field")?,
        };
        let fugitive = match fugitive.trim() {
            "-" => NONE,
            name => vertex_or_error(&self.graph, name, "fugitive field")? as u8,
        };
        let to_move = match side.trim() {
            "c" | "cops" | "cop" => COPS,
            "f" | "fugitive" => FUGITIVE,
            other => {
                return Err(NotationError::said(
                    Phrase::new("errors.pursuit.side").arg("text", excerpt(other)),
                ));
            }
        };
        if !cops.is_placed() && (fugitive != NONE || to_move != COPS) {
            return Err(NotationError::said(Phrase::new("errors.pursuit.unplaced")));
        }
        if cops.is_placed() && fugitive == NONE && to_move != FUGITIVE {
            return Err(NotationError::said(Phrase::new(
                "errors.pursuit.fugitive_next",
            )));
        }
        Ok(Pursuit {
            cops,
            fugitive,
            to_move,
            ..self.clone()
        })
    }

    fn position_string(&self) -> String {
        let fugitive = if self.fugitive == NONE {
            "-"
        } else {
            self.graph.name(self.fugitive as usize)
        };
        let side = if self.to_move == COPS { "c" } else { "f" };
        format!("{}/{fugitive}/{side}", squad_string(&self.graph, self.cops))
    }

    fn parse_move(&self, text: &str) -> Result<PursuitMove, NotationError> {
        let text = text.trim();
        if self.outcome().is_some() {
            return Err(NotationError::said(Phrase::new("errors.pursuit.caught")));
        }
        let mv = if self.to_move == COPS {
            let squad = parse_squad(&self.graph, self.cops_count, text, "cop move")?;
            if self.cops.is_placed() && !squad_moves(&self.graph, self.cops).contains(&squad) {
                return Err(NotationError::said(
                    Phrase::new("errors.pursuit.cop_move")
                        .arg("text", excerpt(text))
                        .arg("from", squad_string(&self.graph, self.cops)),
                ));
            }
            PursuitMove::Cops(squad)
        } else {
            let v = vertex_or_error(&self.graph, text, "fugitive move")?;
            if self.fugitive != NONE
                && self.graph.closed_neighbourhood(self.fugitive as usize) & 1 << v == 0
            {
                return Err(NotationError::said(
                    Phrase::new("errors.pursuit.fugitive_move")
                        .arg("from", self.graph.name(self.fugitive as usize))
                        .arg("to", self.graph.name(v)),
                ));
            }
            PursuitMove::Fugitive(v as u8)
        };
        legal_or_error(self, mv, text)
    }

    fn move_string(&self, mv: PursuitMove) -> String {
        match mv {
            PursuitMove::Cops(squad) => squad_string(&self.graph, squad),
            PursuitMove::Fugitive(v) => self.graph.name(v as usize).to_string(),
        }
    }

    fn render(&self) -> String {
        let mut out = self.graph.render(|v| {
            let cops = self.cops.count_at(v);
            match (cops, self.fugitive as usize == v) {
                (0, true) => 'F',
                (_, true) => '*',
                (0, false) => '.',
                (1, false) => 'C',
                (k, false) => char::from_digit(k as u32, 10).unwrap_or('C'),
            }
        });
        let fugitive = self
            .fugitive()
            .map_or("not placed".to_string(), |f| self.graph.name(f).to_string());
        out.push_str(&format!(
            "{}: {}; fugitive: {fugitive}{}\n",
            cops_name(self.cops_count),
            placed_string(&self.graph, self.cops),
            if self.captured() { " (caught)" } else { "" }
        ));
        out
    }

    fn render_in(&self, say: &dyn Fn(&Phrase) -> String) -> String {
        let mut out = drawing_without_words(self.render());
        let fugitive: ply_core::phrase::PhraseArg = match self.fugitive() {
            Some(f) => self.graph.name(f).to_string().into(),
            None => Phrase::new("boards.text.not-placed").into(),
        };
        let id = if self.captured() {
            "boards.text.pursuit.caught"
        } else {
            "boards.text.pursuit"
        };
        let line = Phrase::new(id)
            .arg("cops", cops_phrase(self.cops_count))
            .arg("placed", placed_phrase(&self.graph, self.cops))
            .arg("fugitive", fugitive);
        out.push_str(&say(&line));
        out.push('\n');
        out
    }

    fn move_help_phrase(&self) -> Option<Phrase> {
        let k = i64::from(self.cops_count);
        let phrase = if self.to_move == FUGITIVE {
            if self.fugitive == NONE {
                Phrase::new("boards.help.pursuit.fugitive.start").arg(
                    "vertex",
                    self.graph.name(self.graph.vertex_count() - 1).to_string(),
                )
            } else {
                Phrase::new("boards.help.pursuit.fugitive.next").arg(
                    "vertex",
                    self.graph.name(self.fugitive as usize).to_string(),
                )
            }
        } else if !self.cops.is_placed() {
            let example = (0..self.cops_count as usize)
                .map(|i| self.graph.name(i.min(self.graph.vertex_count() - 1)))
                .collect::<Vec<_>>();
            Phrase::new("boards.help.pursuit.cops.start")
                .arg("count", k)
                .arg("example", example.join(","))
        } else {
            Phrase::new("boards.help.pursuit.cops.next")
                .arg("count", k)
                .arg("now", squad_string(&self.graph, self.cops))
        };
        Some(phrase)
    }

    fn move_help(&self) -> String {
        let k = self.cops_count;
        let example = (0..k as usize)
            .map(|i| self.graph.name(i.min(self.graph.vertex_count() - 1)))
            .collect::<Vec<_>>();
        if self.to_move == FUGITIVE {
            if self.fugitive == NONE {
                format!(
                    "the fugitive's start vertex (e.g. {})",
                    self.graph.name(self.graph.vertex_count() - 1)
                )
            } else {
                format!(
                    "the fugitive's next vertex: stay on {} or move along an edge",
                    self.graph.name(self.fugitive as usize)
                )
            }
        } else if !self.cops.is_placed() {
            format!(
                "the start vertex of each of the {k} {} separated by commas (e.g. {})",
                cops_name(k),
                example.join(",")
            )
        } else {
            format!(
                "the next vertex of each of the {k} {} separated by commas: each stays or moves along an edge (now {})",
                cops_name(k),
                squad_string(&self.graph, self.cops)
            )
        }
    }

    fn player_name(&self, player: Player) -> String {
        match player {
            COPS => cops_name(self.cops_count),
            _ => "fugitive".into(),
        }
    }
}

/// Depth-limited play: the cops want to be close to the fugitive, the fugitive far away.
#[derive(Clone, Debug)]
pub struct DistanceEval {
    distances: Arc<Vec<Vec<u8>>>,
}

impl Evaluator<Pursuit> for DistanceEval {
    fn evaluate(&self, pos: &Pursuit) -> Score {
        let Some(f) = pos.fugitive() else {
            return Score::DRAW;
        };
        let nearest = pos
            .cops
            .vertices()
            .map(|c| self.distances[c][f] as i32)
            .min()
            .unwrap_or(0);
        let for_cops = Score::heuristic(-10 * nearest);
        if pos.to_move == COPS {
            for_cops
        } else {
            -for_cops
        }
    }
}

impl Playable for Pursuit {
    type Eval = DistanceEval;

    fn evaluator(&self) -> DistanceEval {
        DistanceEval {
            distances: Arc::new(self.graph.distances()),
        }
    }

    fn has_cycles(&self) -> bool {
        true
    }

    /// From the start: each placement, where the fugitive may place itself on any
    /// vertex, then on each vertex free of cops a position where the cops move.
    fn min_retrograde_moves(&self) -> Option<u64> {
        if self.cops.is_placed() || self.fugitive != NONE {
            return None;
        }
        let n = self.graph.vertex_count() as u64;
        let k = self.cops_count as usize;
        Some(placement_moves_at_least(&self.graph, k, |squad, least| {
            let free = n - u64::from(squad.mask().count_ones());
            n.saturating_add(free.saturating_mul(least))
        }))
    }

    /// `cops_win`, and `capture_time`: the number of cop moves (after the placements)
    /// until the capture under best play, `null` when the fugitive escapes for ever.
    fn solve_fields(&self, value: Score, line: &[PursuitMove]) -> Vec<(&'static str, FieldValue)> {
        let cops_win = if self.to_move == COPS {
            value.is_win()
        } else {
            value.is_loss()
        };
        let capture_time = if cops_win {
            let mut pos = self.clone();
            let mut rounds = 0;
            for &mv in line {
                if matches!(mv, PursuitMove::Cops(_)) && pos.cops.is_placed() {
                    rounds += 1;
                }
                pos.play(mv);
            }
            FieldValue::Number(rounds)
        } else {
            FieldValue::Null
        };
        vec![
            ("cops_win", FieldValue::Bool(cops_win)),
            ("capture_time", capture_time),
        ]
    }
}

/// A state of the hidden pursuit: where the cops are and where the fugitive may be.
/// Only the cops move (the fugitive's possible moves are folded into the set).
#[derive(Clone, Debug)]
pub struct HiddenPursuit {
    graph: Arc<Graph>,
    cops_count: u8,
    cops: Squad,
    /// The vertices where the fugitive may be, one bit each.
    possible: u64,
}

impl PartialEq for HiddenPursuit {
    fn eq(&self, other: &Self) -> bool {
        self.cops == other.cops
            && self.possible == other.possible
            && self.cops_count == other.cops_count
            && (Arc::ptr_eq(&self.graph, &other.graph) || self.graph == other.graph)
    }
}
impl Eq for HiddenPursuit {}
impl Hash for HiddenPursuit {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.cops, self.possible).hash(state);
    }
}

impl HiddenPursuit {
    /// The start: no cop placed, the fugitive may be anywhere.
    pub fn new(graph: Graph, cops: u8) -> Result<HiddenPursuit, NotationError> {
        if !(1..=MAX_COPS as u8).contains(&cops) {
            return Err(NotationError::said(
                Phrase::new("errors.pursuit.cops")
                    .arg("game", "pursuit-hidden")
                    .arg("max", MAX_COPS),
            ));
        }
        Ok(HiddenPursuit {
            possible: graph.all(),
            graph: Arc::new(graph),
            cops_count: cops,
            cops: Squad::UNPLACED,
        })
    }

    /// Reads `GRAPH[,cops=K]` (the part after `pursuit-hidden:`).
    pub fn from_spec_args(args: &str) -> Result<HiddenPursuit, NotationError> {
        let (graph, cops) = graph_and_cops("pursuit-hidden", args)?;
        HiddenPursuit::new(graph, cops)
    }

    /// The graph the game is played on.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The cops' vertices (empty before they are placed).
    pub fn cops(&self) -> Vec<usize> {
        self.cops.vertices().collect()
    }

    /// Where the fugitive may be.
    pub fn possible(&self) -> u64 {
        self.possible
    }

    /// How many cops.
    pub fn cop_count(&self) -> usize {
        self.cops_count as usize
    }
}

impl Game for HiddenPursuit {
    type Move = Squad;

    fn to_move(&self) -> Player {
        COPS
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.cops.is_placed() && self.possible == 0).then_some(Outcome::Win)
    }

    fn generate_moves(&self, moves: &mut Vec<Squad>) {
        let start = moves.len();
        if self.cops.is_placed() {
            moves.extend(squad_moves(&self.graph, self.cops));
        } else {
            moves.extend(placements(
                self.graph.vertex_count(),
                self.cops_count as usize,
            ));
        }
        // Moves that leave the fewest possible vertices first.
        // (Cached: a key costs a walk of the graph, and a sort asks for each one many times.)
        moves[start..].sort_by_cached_key(|&s| self.after(s).possible.count_ones());
    }

    fn play(&mut self, squad: Squad) {
        let cops = squad.mask();
        self.possible = if self.cops.is_placed() {
            // Caught where a cop arrives; the rest may stay or step to a neighbour, not onto a cop.
            self.graph.expand(self.possible & !cops) & !cops
        } else {
            // The fugitive places itself after the cops, anywhere but on a cop.
            self.possible & !cops
        };
        self.cops = squad;
    }

    /// Positions repeat: no longest game. Positions: every squad (or none placed yet)
    /// with every set of possible vertices (a loose bound: few sets are reachable).
    fn bounds(&self) -> GameBounds {
        let (n, k) = (self.graph.vertex_count(), self.cops_count as usize);
        let squads = squad_count(n, k);
        let sets = if n >= 64 { u64::MAX } else { 1u64 << n };
        GameBounds {
            max_plies: None,
            max_moves: Some(squads.max(squad_move_bound(&self.graph, k))),
            positions: Some((squads + 1).saturating_mul(sets)),
            // From the start, every squad is placed (each with its own set: all but the cops).
            min_positions: (!self.cops.is_placed()).then_some(squads),
        }
    }
}

fn set_string(graph: &Graph, set: u64) -> String {
    if set == 0 {
        "-".into()
    } else if set == graph.all() {
        "*".into()
    } else {
        bits(set)
            .map(|v| graph.name(v))
            .collect::<Vec<_>>()
            .join(",")
    }
}

impl Notation for HiddenPursuit {
    fn game_name(&self) -> String {
        game_name("pursuit-hidden", &self.graph, self.cops_count)
    }

    fn parse_position(&self, text: &str) -> Result<HiddenPursuit, NotationError> {
        let fields: Vec<&str> = text.trim().split('/').collect();
        let [cops, possible] = fields[..] else {
            return Err(NotationError::said(
                Phrase::new(if fields.len() == 1 {
                    "errors.pursuit.hidden_fields_one"
                } else {
                    "errors.pursuit.hidden_fields"
                })
                .arg("count", fields.len()),
            ));
        };
        let cops = match cops.trim() {
            "-" => Squad::UNPLACED,
            text => parse_squad(&self.graph, self.cops_count, text, "cops field")?,
        };
        let possible = match possible.trim() {
            "-" => 0,
            "*" => self.graph.all() & !cops.mask(),
            list => list.split(',').try_fold(0u64, |set, name| {
                Ok::<u64, NotationError>(
                    set | 1 << vertex_or_error(&self.graph, name, "possible field")?,
                )
            })?,
        };
        if let Some(v) = bits(possible & cops.mask()).next() {
            return Err(NotationError::said(
                Phrase::new("errors.pursuit.possible_cop").arg("vertex", self.graph.name(v)),
            ));
        }
        Ok(HiddenPursuit {
            cops,
            possible,
            ..self.clone()
        })
    }

    fn position_string(&self) -> String {
        format!(
            "{}/{}",
            squad_string(&self.graph, self.cops),
            set_string(&self.graph, self.possible)
        )
    }

    fn parse_move(&self, text: &str) -> Result<Squad, NotationError> {
        let text = text.trim();
        if self.outcome().is_some() {
            return Err(NotationError::said(Phrase::new(
                "errors.pursuit.search_over",
            )));
        }
        let squad = parse_squad(&self.graph, self.cops_count, text, "cop move")?;
        if self.cops.is_placed() && !squad_moves(&self.graph, self.cops).contains(&squad) {
            return Err(NotationError::said(
                Phrase::new("errors.pursuit.cop_move")
                    .arg("text", excerpt(text))
                    .arg("from", squad_string(&self.graph, self.cops)),
            ));
        }
        legal_or_error(self, squad, text)
    }

    fn move_string(&self, mv: Squad) -> String {
        squad_string(&self.graph, mv)
    }

    fn render(&self) -> String {
        let mut out =
            self.graph.render(
                |v| match (self.cops.count_at(v), self.possible & 1 << v != 0) {
                    (0, true) => '?',
                    (0, false) => '.',
                    (1, _) => 'C',
                    (k, _) => char::from_digit(k as u32, 10).unwrap_or('C'),
                },
            );
        out.push_str(&format!(
            "{}: {}; the fugitive may be at {} {} ({})\n",
            cops_name(self.cops_count),
            placed_string(&self.graph, self.cops),
            self.possible.count_ones(),
            if self.possible.count_ones() == 1 {
                "vertex"
            } else {
                "vertices"
            },
            set_string(&self.graph, self.possible)
        ));
        out
    }

    fn render_in(&self, say: &dyn Fn(&Phrase) -> String) -> String {
        let mut out = drawing_without_words(self.render());
        let line = Phrase::new("boards.text.pursuit-hidden")
            .arg("cops", cops_phrase(self.cops_count))
            .arg("placed", placed_phrase(&self.graph, self.cops))
            .arg("count", i64::from(self.possible.count_ones()))
            .arg("set", set_string(&self.graph, self.possible));
        out.push_str(&say(&line));
        out.push('\n');
        out
    }

    fn move_help_phrase(&self) -> Option<Phrase> {
        let k = i64::from(self.cops_count);
        Some(if self.cops.is_placed() {
            Phrase::new("boards.help.pursuit.cops.next")
                .arg("count", k)
                .arg("now", squad_string(&self.graph, self.cops))
        } else {
            Phrase::new("boards.help.pursuit.cops.start.hidden").arg("count", k)
        })
    }

    fn move_help(&self) -> String {
        let k = self.cops_count;
        if self.cops.is_placed() {
            format!(
                "the next vertex of each of the {k} {} separated by commas: each stays or moves along an edge (now {})",
                cops_name(k),
                squad_string(&self.graph, self.cops)
            )
        } else {
            format!(
                "the start vertex of each of the {k} {} separated by commas",
                cops_name(k)
            )
        }
    }

    fn player_name(&self, player: Player) -> String {
        match player {
            COPS => cops_name(self.cops_count),
            _ => "fugitive".into(),
        }
    }
}

/// Depth-limited play of the hidden game: fewer possible vertices is better.
#[derive(Clone, Copy, Debug, Default)]
pub struct PossibleCount;

impl Evaluator<HiddenPursuit> for PossibleCount {
    fn evaluate(&self, pos: &HiddenPursuit) -> Score {
        Score::heuristic(-10 * pos.possible.count_ones() as i32)
    }
}

impl Playable for HiddenPursuit {
    type Eval = PossibleCount;

    fn evaluator(&self) -> PossibleCount {
        PossibleCount
    }

    fn has_cycles(&self) -> bool {
        true
    }

    /// From the start: each placement, then the cops' moves from it unless the cops
    /// cover every vertex the fugitive may be.
    fn min_retrograde_moves(&self) -> Option<u64> {
        if self.cops.is_placed() {
            return None;
        }
        let k = self.cops_count as usize;
        let possible = self.possible;
        Some(placement_moves_at_least(&self.graph, k, |squad, least| {
            if possible & !squad.mask() == 0 {
                0
            } else {
                least
            }
        }))
    }

    /// `cops_win`: a plan clears the graph whatever the fugitive does; `capture_time`: the
    /// number of cop moves of the shortest such plan after the placement (`null`: no plan);
    /// `plan`: the cops' vertices after each move of that plan (the placement first).
    fn solve_fields(&self, value: Score, line: &[Squad]) -> Vec<(&'static str, FieldValue)> {
        if !value.is_win() {
            return vec![
                ("cops_win", FieldValue::Bool(false)),
                ("capture_time", FieldValue::Null),
                ("plan", FieldValue::Null),
            ];
        }
        let placement = usize::from(!self.cops.is_placed());
        vec![
            ("cops_win", FieldValue::Bool(true)),
            (
                "capture_time",
                FieldValue::Number(line.len().saturating_sub(placement) as u64),
            ),
            (
                "plan",
                FieldValue::List(line.iter().map(|&s| self.move_string(s)).collect()),
            ),
        ]
    }
}

/// `rendered` without the line of words `render` ends with: the drawing alone, for
/// `render_in` to add that line in the reader's language.
fn drawing_without_words(mut rendered: String) -> String {
    let end = rendered
        .trim_end_matches('\n')
        .rfind('\n')
        .map_or(0, |at| at + 1);
    rendered.truncate(end);
    rendered
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::RetrogradeTable;

    fn graph(spec: &str) -> Graph {
        Graph::from_spec(spec).unwrap()
    }

    #[test]
    fn the_least_count_of_squad_moves_never_passes_the_count() {
        for (spec, k) in [
            ("path:4", 2),
            ("grid:3x3", 3),
            ("cycle:5", 4),
            ("petersen", 2),
        ] {
            let graph = graph(spec);
            for squad in placements(graph.vertex_count(), k) {
                let least = squad_moves_at_least(&graph, squad);
                let moves = squad_moves(&graph, squad).len() as u64;
                assert!(least <= moves, "{spec}: {squad:?}: {least} > {moves}");
                // Cops whose neighbourhoods are apart: every choice counts.
                let reaches: Vec<u64> = squad
                    .vertices()
                    .map(|v| graph.closed_neighbourhood(v))
                    .collect();
                let apart = reaches
                    .iter()
                    .enumerate()
                    .all(|(i, a)| reaches[i + 1..].iter().all(|b| a & b == 0));
                if apart {
                    assert_eq!(least, moves, "{spec}: {squad:?}");
                }
            }
        }
    }

    #[test]
    fn the_least_count_of_moves_from_the_start_is_worked_out_by_hand() {
        // path:3 (0-1-2), one cop: the start's 3 placements, then from 0, 1, 2 the cop
        // stays or steps: 2 + 3 + 2 moves. 10 in all.
        let one = HiddenPursuit::from_spec_args("path:3").unwrap();
        assert_eq!(one.min_retrograde_moves(), Some(10));
        // Two cops: 6 placements (00 01 02 11 12 22); their closed neighbourhoods
        // overlap in each, so one cop counts: 2, 2, 2, 3, 3, 2. 20 in all.
        let two = HiddenPursuit::from_spec_args("path:3,cops=2").unwrap();
        assert_eq!(two.min_retrograde_moves(), Some(20));
        // Visible, one cop: each placement, the fugitive's 3 places, and on each place
        // free of the cop the cop's moves: 3 + (3 + 2·2) + (3 + 2·3) + (3 + 2·2) = 26.
        let seen = Pursuit::from_spec_args("path:3").unwrap();
        assert_eq!(seen.min_retrograde_moves(), Some(26));
        // Once the cops are placed, nothing is claimed.
        let placed = one.after(Squad::from_vertices(&[1]));
        assert_eq!(placed.min_retrograde_moves(), None);
    }

    #[test]
    fn the_least_count_of_moves_never_passes_the_tables() {
        for spec in [
            "path:4,cops=2",
            "grid:3x3,cops=2",
            "cycle:6,cops=2",
            "petersen,cops=2",
        ] {
            let hidden = HiddenPursuit::from_spec_args(spec).unwrap();
            let table = RetrogradeTable::solve(&hidden).unwrap();
            let least = hidden.min_retrograde_moves().unwrap();
            assert!(
                least <= table.stats().moves,
                "{spec}: {least} > {}",
                table.stats().moves
            );
            let seen = Pursuit::from_spec_args(spec).unwrap();
            let table = RetrogradeTable::solve(&seen).unwrap();
            let least = seen.min_retrograde_moves().unwrap();
            assert!(
                least <= table.stats().moves,
                "{spec}: {least} > {}",
                table.stats().moves
            );
        }
    }

    #[test]
    fn four_cops_on_8x8_store_more_moves_than_a_table_holds() {
        // 766,480 placements and at least 124,145,790 cop moves from them (counted the
        // same way by a script of its own): past the 100,000,000 moves of a table.
        let hidden = HiddenPursuit::from_spec_args("grid:8x8,cops=4").unwrap();
        assert_eq!(hidden.min_retrograde_moves(), Some(124_912_270));
    }
}
