//! The boards of the play state that are no grid of stones: a chessboard, the graph of
//! the pursuit games, the piles of the taking games with their theory. Each is a field
//! of [`crate::play::StateJson`] (`chess`, `graph`, `piles`), `null` for the other games,
//! so that a page draws the position as the game's players know it and plays a move by
//! clicking it.
//!
//! Every move a board lists is written exactly as `POST /api/play/state` takes it in
//! `moves`; every list is bounded, as the state's `legal` list is.
//!
//! ```
//! use ply_api::play::{GameRequest, state};
//!
//! let request = GameRequest { game: "nim:3,4,5".into(), ..GameRequest::default() };
//! let piles = state(&request).unwrap().piles.unwrap();
//! let json = serde_json::to_value(&piles.theory).unwrap();
//! assert_eq!(json["binary"], serde_json::json!(["011", "100", "101"]));
//! assert_eq!(json["xor_binary"], "010");
//! assert_eq!(json["winning_moves"], serde_json::json!(["1:2"]));
//! ```

use ply_games::Notation;
use ply_games::chess::Chess;
use ply_games::graph::{Graph, bits};
use ply_games::piles::Take;
use ply_games::theory::{self, Theory};
use ply_games::{Bash, HiddenPursuit, Nim, Playable, Pursuit, Subtraction, Wythoff, WythoffMove};
use serde::Serialize;
use std::any::Any;

/// The most moves a board lists (as many as the state's `legal` list).
pub const MAX_BOARD_MOVES: usize = crate::play::MAX_LEGAL_LISTED;

/// The most rows a table of the theory lists: Wythoff's cold pairs, a subtraction
/// game's Grundy values. A page shows no more, and piles of a million would make a
/// table of megabytes.
pub const MAX_THEORY_ROWS: usize = 1_000;

/// Two squares of a chessboard: where a move starts and where it ends.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct SquaresJson {
    /// The square the piece leaves (`e2`); for castling, the king's.
    pub from: String,
    /// The square the piece arrives on (`e4`); for castling, the king's (`g1`).
    pub to: String,
}

/// One legal chess move: its text and its squares.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ChessMoveJson {
    /// The move as `moves` takes it (standard algebraic notation: `e4`, `O-O`, `e8=Q+`).
    #[serde(rename = "move")]
    pub mv: String,
    /// The square the piece leaves; for castling, the king's.
    pub from: String,
    /// The square the piece arrives on; for castling, the king's (`g1`, `c1`, `g8`, `c8`).
    pub to: String,
    /// The piece a pawn becomes: `q`, `r`, `b` or `n`; `null` for other moves.
    pub promotion: Option<String>,
}

/// A chess position to draw: the `chess` field of the play state.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ChessBoardJson {
    /// The position's FEN.
    pub fen: String,
    /// 8 strings, rank 8 first, files a to h: FEN's letters (`KQRBNP` White, `kqrbnp`
    /// Black), `.` for an empty square.
    pub ranks: Vec<String>,
    /// Who moves: `white` or `black`.
    pub turn: &'static str,
    /// The square of the king in check (`e1`), or `null`.
    pub check: Option<String>,
    /// The last move played, by its squares (castling: the king's), or `null`.
    pub last: Option<SquaresJson>,
    /// Every legal move (at most [`MAX_BOARD_MOVES`]).
    pub moves: Vec<ChessMoveJson>,
}

/// A vertex of a pursuit graph: its name and its place.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct VertexJson {
    /// The name positions and moves write (`a1`, `3`, `kitchen`).
    pub name: String,
    /// Across, from 0 (left) to 1 (right).
    pub x: f64,
    /// Down, from 0 (top) to 1 (bottom).
    pub y: f64,
}

/// A pursuit position to draw: the `graph` field of the play state.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct GraphBoardJson {
    /// Every vertex, in the graph's order (the indices below count from 0 here).
    pub vertices: Vec<VertexJson>,
    /// Every edge once, as the indices of its two vertices (the smaller first).
    pub edges: Vec<[usize; 2]>,
    /// How the vertices are laid out: `grid`, `cycle`, `path`, `tree`, `petersen` or `free`.
    pub layout: &'static str,
    /// How many cops the game has.
    pub cops_total: usize,
    /// The vertices of the cops placed so far, smallest first (two cops may share one).
    pub cops: Vec<usize>,
    /// The fugitive's vertex once it is placed, in the visible game; `null` otherwise.
    pub fugitive: Option<usize>,
    /// True for the invisible fugitive (`pursuit-hidden`).
    pub hidden: bool,
    /// With an invisible fugitive: the vertices where it may be; `null` when it is seen.
    pub possible: Option<Vec<usize>>,
    /// Who moves: `cops` or `fugitive`.
    pub turn: &'static str,
    /// `place` while pieces are being placed, then `move`.
    pub phase: &'static str,
}

/// One legal move of a taking game: the pile it takes from and how many.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct PileMoveJson {
    /// The move as `moves` takes it (`1:2`, `both:3`).
    #[serde(rename = "move")]
    pub mv: String,
    /// The pile it takes from, as an index of `piles` (from 0); `null` for Wythoff's
    /// move that takes the same number from both piles.
    pub pile: Option<usize>,
    /// How many it takes (from each pile, for Wythoff's `both`).
    pub take: u32,
}

/// Why a taking position is won or lost, as the game's theory says it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PilesTheoryJson {
    /// Nim and misère Nim: the xor of the piles (Bouton).
    Nim {
        /// True for misère Nim (who takes the last object loses).
        misere: bool,
        /// Each pile in binary, all as wide as the widest (at least one digit).
        binary: Vec<String>,
        /// The xor of the piles.
        xor: u32,
        /// The xor in binary, as wide as the piles.
        xor_binary: String,
        /// True when the player to move wins with best play.
        winning: bool,
        /// The moves that win (empty when none does).
        winning_moves: Vec<String>,
    },
    /// Wythoff's game: the cold pairs (⌊kφ⌋, ⌊kφ⌋ + k).
    Wythoff {
        /// The cold pairs for k = 0, 1, ... while ⌊kφ⌋ is at most the larger pile (at
        /// most [`MAX_THEORY_ROWS`]).
        cold: Vec<[u64; 2]>,
        /// True when the player to move wins with best play.
        winning: bool,
        /// The moves that win (empty when none does).
        winning_moves: Vec<String>,
    },
    /// Bash's game: the multiples of m + 1 lose.
    Bash {
        /// The most one move takes (m).
        most: u32,
        /// m + 1.
        period: u32,
        /// The pile modulo m + 1: 0 loses for the player to move.
        remainder: u32,
        /// True when the player to move wins with best play.
        winning: bool,
        /// The moves that win (empty when none does).
        winning_moves: Vec<String>,
    },
    /// Subtraction games: the Grundy values of the piles, and their xor.
    Subtraction {
        /// The sizes a move may take.
        set: Vec<u32>,
        /// The Grundy value of every pile size from 0 to the largest pile (at most
        /// [`MAX_THEORY_ROWS`] values).
        grundy: Vec<u32>,
        /// Each pile's Grundy value.
        values: Vec<u32>,
        /// The xor of the piles' Grundy values.
        xor: u32,
        /// True when the player to move wins with best play.
        winning: bool,
        /// The moves that win (empty when none does).
        winning_moves: Vec<String>,
    },
}

/// The piles of a taking game to draw: the `piles` field of the play state.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct PilesBoardJson {
    /// The game: `nim`, `misere-nim`, `bash`, `wythoff` or `subtraction`.
    pub kind: &'static str,
    /// The pile sizes, in order.
    pub piles: Vec<u32>,
    /// Every legal move (at most [`MAX_BOARD_MOVES`]).
    pub moves: Vec<PileMoveJson>,
    /// Why the position is won or lost.
    pub theory: PilesTheoryJson,
}

/// The chessboard of `pos`, when it is chess. `before` is the position the last move
/// was played from and `last` that move's text (as `moves` wrote it), when known.
pub fn chess_board<G: Playable>(pos: &G, last: Option<(&G, &str)>) -> Option<ChessBoardJson> {
    let chess = (pos as &dyn Any).downcast_ref::<Chess>()?;
    let moves = ply_core::Game::legal_moves(chess);
    let last = last.and_then(|(before, text)| {
        let before = (before as &dyn Any).downcast_ref::<Chess>()?;
        let mv = before.parse_move(text).ok()?;
        let squares = before.move_squares(mv);
        Some(SquaresJson {
            from: squares.from,
            to: squares.to,
        })
    });
    Some(ChessBoardJson {
        fen: chess.fen(),
        ranks: chess.ranks().into_iter().collect(),
        turn: match ply_core::Game::to_move(chess) {
            ply_core::Player::First => "white",
            ply_core::Player::Second => "black",
        },
        check: chess.check_square(),
        last,
        moves: moves
            .into_iter()
            .take(MAX_BOARD_MOVES)
            .map(|mv| {
                let squares = chess.move_squares(mv);
                ChessMoveJson {
                    mv: chess.move_string(mv),
                    from: squares.from,
                    to: squares.to,
                    promotion: squares.promotion.map(String::from),
                }
            })
            .collect(),
    })
}

/// The piles of `pos` and their theory, when it is a taking game.
pub fn piles_board<G: Playable>(pos: &G) -> Option<PilesBoardJson> {
    let any = pos as &dyn Any;
    if let Some(nim) = any.downcast_ref::<Nim>() {
        return Some(nim_board(nim));
    }
    if let Some(bash) = any.downcast_ref::<Bash>() {
        return Some(bash_board(bash));
    }
    if let Some(wythoff) = any.downcast_ref::<Wythoff>() {
        return Some(wythoff_board(wythoff));
    }
    any.downcast_ref::<Subtraction>().map(subtraction_board)
}

/// The moves that win, in the game's own words.
fn winning_texts<G: Playable + Theory>(pos: &G) -> Vec<String> {
    pos.winning_moves_by_theory()
        .into_iter()
        .take(MAX_BOARD_MOVES)
        .map(|mv| pos.move_string(mv))
        .collect()
}

/// Every move taking from one pile of `sizes` an amount `allowed` lets it take, in the
/// order of the piles and then of the amounts, at most [`MAX_BOARD_MOVES`].
fn pile_moves(
    sizes: &[u32],
    amounts: impl Fn(u32) -> Vec<u32>,
    text: impl Fn(usize, u32) -> String,
) -> Vec<PileMoveJson> {
    sizes
        .iter()
        .enumerate()
        .flat_map(|(pile, &size)| amounts(size).into_iter().map(move |take| (pile, take)))
        .take(MAX_BOARD_MOVES)
        .map(|(pile, take)| PileMoveJson {
            mv: text(pile, take),
            pile: Some(pile),
            take,
        })
        .collect()
}

/// The amounts 1 to `most`, at most [`MAX_BOARD_MOVES`] of them.
fn one_to(most: u32) -> Vec<u32> {
    (1..=most).take(MAX_BOARD_MOVES).collect()
}

/// `n` in binary, `width` digits.
fn binary(n: u32, width: usize) -> String {
    format!("{n:0width$b}")
}

fn nim_board(nim: &Nim) -> PilesBoardJson {
    let sizes = nim.piles().as_slice();
    // As wide as the widest pile, and at least one digit (piles of 0 are "0").
    let width = sizes
        .iter()
        .map(|&n| (u32::BITS - n.leading_zeros()) as usize)
        .max()
        .unwrap_or(0)
        .max(1);
    let xor = nim.piles().xor();
    PilesBoardJson {
        kind: if nim.is_misere() { "misere-nim" } else { "nim" },
        piles: sizes.to_vec(),
        moves: pile_moves(sizes, one_to, |pile, take| {
            nim.move_string(Take {
                pile: pile as u8,
                amount: take,
            })
        }),
        theory: PilesTheoryJson::Nim {
            misere: nim.is_misere(),
            binary: sizes.iter().map(|&n| binary(n, width)).collect(),
            xor,
            xor_binary: binary(xor, width),
            winning: nim.is_win_by_theory(),
            winning_moves: winning_texts(nim),
        },
    }
}

fn bash_board(bash: &Bash) -> PilesBoardJson {
    let (pile, most) = (bash.pile(), bash.max_take());
    let period = most.saturating_add(1);
    PilesBoardJson {
        kind: "bash",
        piles: vec![pile],
        moves: pile_moves(
            &[pile],
            |size| one_to(size.min(most)),
            |_, take| bash.move_string(take),
        ),
        theory: PilesTheoryJson::Bash {
            most,
            period,
            remainder: pile % period,
            winning: bash.is_win_by_theory(),
            winning_moves: winning_texts(bash),
        },
    }
}

fn wythoff_board(wythoff: &Wythoff) -> PilesBoardJson {
    let [a, b] = wythoff.piles();
    let mut moves = pile_moves(&[a, b], one_to, |pile, take| {
        wythoff.move_string(if pile == 0 {
            WythoffMove::First(take)
        } else {
            WythoffMove::Second(take)
        })
    });
    let room = MAX_BOARD_MOVES - moves.len();
    moves.extend(
        one_to(a.min(b))
            .into_iter()
            .take(room)
            .map(|take| PileMoveJson {
                mv: wythoff.move_string(WythoffMove::Both(take)),
                pile: None,
                take,
            }),
    );
    let larger = u64::from(a.max(b));
    let cold = (0u64..)
        .map(theory::wythoff::cold_pair)
        .take_while(|&(low, _)| low <= larger)
        .take(MAX_THEORY_ROWS)
        .map(|(low, high)| [low, high])
        .collect();
    PilesBoardJson {
        kind: "wythoff",
        piles: vec![a, b],
        moves,
        theory: PilesTheoryJson::Wythoff {
            cold,
            winning: wythoff.is_win_by_theory(),
            winning_moves: winning_texts(wythoff),
        },
    }
}

fn subtraction_board(game: &Subtraction) -> PilesBoardJson {
    let sizes = game.piles().as_slice();
    let set = game.set();
    let largest = sizes.iter().copied().max().unwrap_or(0);
    let values: Vec<u32> = sizes.iter().map(|&n| game.grundy(n)).collect();
    PilesBoardJson {
        kind: "subtraction",
        piles: sizes.to_vec(),
        moves: pile_moves(
            sizes,
            |size| set.iter().copied().filter(|&s| s <= size).collect(),
            |pile, take| {
                game.move_string(Take {
                    pile: pile as u8,
                    amount: take,
                })
            },
        ),
        theory: PilesTheoryJson::Subtraction {
            set: set.to_vec(),
            grundy: (0..=largest)
                .take(MAX_THEORY_ROWS)
                .map(|n| game.grundy(n))
                .collect(),
            xor: values.iter().fold(0, |x, &v| x ^ v),
            values,
            winning: game.is_win_by_theory(),
            winning_moves: winning_texts(game),
        },
    }
}

/// The graph of `pos` with its pieces, when it is a pursuit game.
pub fn graph_board<G: Playable>(pos: &G) -> Option<GraphBoardJson> {
    let any = pos as &dyn Any;
    if let Some(game) = any.downcast_ref::<Pursuit>() {
        let cops = game.cops();
        let fugitive = game.fugitive();
        return Some(GraphBoardJson {
            phase: if cops.is_empty() || fugitive.is_none() {
                "place"
            } else {
                "move"
            },
            turn: match ply_core::Game::to_move(game) {
                ply_core::Player::First => "cops",
                ply_core::Player::Second => "fugitive",
            },
            hidden: false,
            possible: None,
            fugitive,
            ..graph_json(game.graph(), game.cop_count(), cops)
        });
    }
    let game = any.downcast_ref::<HiddenPursuit>()?;
    let cops = game.cops();
    Some(GraphBoardJson {
        phase: if cops.is_empty() { "place" } else { "move" },
        turn: "cops",
        hidden: true,
        possible: Some(bits(game.possible()).collect()),
        fugitive: None,
        ..graph_json(game.graph(), game.cop_count(), cops)
    })
}

/// The graph laid out, with the cops on it; the fields of the fugitive and the turn
/// are the caller's to fill in.
fn graph_json(graph: &Graph, cops_total: usize, cops: Vec<usize>) -> GraphBoardJson {
    let layout = graph.layout();
    GraphBoardJson {
        vertices: layout
            .places
            .iter()
            .enumerate()
            .map(|(v, &(x, y))| VertexJson {
                name: graph.name(v).to_string(),
                x,
                y,
            })
            .collect(),
        edges: graph.edges().into_iter().map(|(u, v)| [u, v]).collect(),
        layout: layout.kind.name(),
        cops_total,
        cops,
        fugitive: None,
        hidden: false,
        possible: None,
        turn: "cops",
        phase: "place",
    }
}
