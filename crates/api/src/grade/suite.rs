//! The tests of each kind: fixed ones, worked examples whose answers are known and
//! trees made to tell the classic mistakes apart, and random held-out ones from the
//! practice generator (a tic-tac-toe position for the game kind), a new seed each time.

use super::Kind;
use super::tree::TestTree;
use crate::practice::{PracticeRequest, exercise};
use ply_tree::{ParseOptions, parse};

/// One test: a name, a tree, and for a game the depth of the search.
#[derive(Clone, Debug)]
pub struct Test {
    /// What the reports call it: `classic`, `random-3 (seed 17)`.
    pub name: String,
    /// The tree the program searches.
    pub tree: TestTree,
    /// A game's search depth in plies (the game kind); `None` for a tree searched to its
    /// leaves.
    pub depth: Option<u32>,
    /// The tree in a format the tree lab reads, when it is a written tree.
    pub(crate) explicit: Option<ply_tree::ExplicitTree>,
}

impl Test {
    /// A test of a tree written in one of ply's formats (indented, bracket, JSON).
    pub fn from_text(name: &str, text: &str) -> Result<Test, String> {
        let explicit = parse(text, &ParseOptions::default()).map_err(|e| e.to_string())?;
        Test::from_explicit(name, explicit)
    }

    /// A test of a tree already read.
    pub fn from_explicit(name: &str, explicit: ply_tree::ExplicitTree) -> Result<Test, String> {
        Ok(Test {
            name: name.to_string(),
            tree: TestTree::from_explicit(&explicit)?,
            depth: None,
            explicit: Some(explicit),
        })
    }

    /// A tic-tac-toe position searched `depth` plies deep with f(p).
    pub fn tictactoe(name: &str, position: &str, depth: u32) -> Result<Test, String> {
        Ok(Test {
            name: name.to_string(),
            tree: TestTree::tictactoe(position, depth)?,
            depth: Some(depth),
            explicit: None,
        })
    }
}

/// The textbook's tree: MAX at a, three MIN nodes, nine leaves. Minimax: 3 through b;
/// alpha-beta evaluates 7 leaves.
pub const CLASSIC: &str = "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))";

/// Two plies with a static evaluation (after a Chinese textbook's figure): s = -2
/// through B.
pub const TWO_PLY: &str = "s\n  A\n    D = 9\n    E = -6\n  B\n    F = 4\n    G = -2\n    H = 5\n  C\n    I = -4\n    J = 3\n";

/// A Swedish code lab's four-level tree, with its node numbers: best value 5,
/// through node 2. The leaves are four plies down, where MAX moves again, so their
/// values read the same for MAX and for the player to move.
pub const SWEDISH: &str = "1\n  2\n    3\n      4\n        5 = 1\n        6 = 9\n      7\n        8 = 5\n    9\n      10\n        11 = 7\n      24\n        22 = 5\n      51\n        23 = 2\n    12\n      13\n        14 = 9\n      28\n        25 = 7\n    15\n      16\n        17 = 8\n      27\n        26 = 2\n  18\n    19\n      20\n        21 = 2\n        30 = 5\n      29\n        31 = 2\n        32 = 5\n    33\n      34\n        36 = 5\n        37 = 9\n      35\n        38 = 8\n    39\n      40\n        42 = 9\n      41\n        43 = 5\n    44\n      45\n        50 = 7\n      46\n        49 = 2\n      47\n        48 = 1\n";

/// Leaves of uneven depth written for the player to move there (the negamax
/// convention): root 3 through a.
pub const NEGAMAX: &str =
    "root\n  a = -3\n  b\n    c\n      c1 = -4\n      c2 = -6\n    d\n      d1 = 1\n";

/// A tie: at b the first leaf equals what a guarantees (3). Cutting on α ≥ β stops
/// there; cutting only when a value passes the bound goes on to the 1.
pub const TIE: &str = "(r (a 3 5) (b 3 1) (c 2 7))";

/// A deep cut-off: at d, four plies down, the root's 5 closes the window. A search
/// that hands only the parent's best value down (shallow pruning) evaluates d's and
/// e's second leaves too.
pub const DEEP: &str = "(r (a 5 6) (b (c (d 3 9) (e 4 8)) 7))";

/// Two dice games: the left pays 3 half the time, 9 or -1 a quarter of the time each
/// (7/2); the right 8 or 0 (4). MAX takes the right one: 4.
pub const DICE: &str = "root\n  left [chance]\n    a [1/2] = 3\n    b [1/4] = 9\n    c [1/4] = -1\n  right [chance]\n    d = 8\n    e = 0\n";

/// A gamble that wins 8 a quarter of the time (worth 2) against a sure 3; the plain
/// average of the gamble (4) would take it.
pub const GAMBLE: &str =
    "r\n  gamble [chance]\n    win [1/4] = 8\n    lose [3/4] = 0\n  sure = 3\n";

/// MIN moves after a coin: heads leaves 4 or 6, tails 0 or 10; the coin is worth 2,
/// the sure move 3.
pub const COIN: &str = "r\n  coin [chance]\n    heads [1/2]\n      h1 = 4\n      h2 = 6\n    tails [1/2]\n      t1 = 0\n      t2 = 10\n  sure = 3\n";

/// The depth of the game kind's search: two plies, as the textbook's figures.
pub const GAME_DEPTH: u32 = 2;

/// The fixed tests of `kind`.
pub fn fixed(kind: Kind) -> Vec<Test> {
    let tree = |name: &str, text: &str| Test::from_text(name, text).expect("a fixed test reads");
    match kind {
        Kind::Minimax => vec![
            tree("classic", CLASSIC),
            tree("two-ply", TWO_PLY),
            tree("swedish", SWEDISH),
        ],
        Kind::Negamax => {
            let mover = ParseOptions {
                perspective: ply_tree::LeafPerspective::Mover,
                ..ParseOptions::default()
            };
            let negamax = parse(NEGAMAX, &mover).expect("the negamax tree reads");
            vec![
                tree("swedish", SWEDISH),
                Test::from_explicit("negamax", negamax).expect("the negamax tree fits"),
                tree("classic", CLASSIC),
            ]
        }
        Kind::AlphaBeta => vec![
            tree("classic", CLASSIC),
            tree("tie", TIE),
            tree("deep", DEEP),
            tree("swedish", SWEDISH),
        ],
        Kind::Expectimax => vec![
            tree("dice", DICE),
            tree("gamble", GAMBLE),
            tree("coin", COIN),
        ],
        Kind::TicTacToe => vec![
            Test::tictactoe("empty-board", ".../.../...", GAME_DEPTH).expect("the empty board"),
            Test::tictactoe("after-centre", ".O./.X./...", GAME_DEPTH)
                .expect("a position after two moves"),
        ],
    }
}

/// `count` random tests of `kind` from `seed` (the i-th test's seed: `seed + i`, wrapping,
/// taken modulo 2^53, the seeds practice exercises are made from).
pub fn random(kind: Kind, seed: u64, count: u32) -> Result<Vec<Test>, String> {
    let mut tests = Vec::new();
    for i in 0..count {
        let s = seed.wrapping_add(i as u64) % (crate::practice::MAX_SEED + 1);
        let level = 2 + i % 3;
        let name = format!("random-{} (seed {s})", i + 1);
        let test = match kind {
            Kind::TicTacToe => Test::tictactoe(&name, &random_position(s), GAME_DEPTH)?,
            _ => {
                let (practice, variant) = match kind {
                    Kind::Minimax => ("values", if i % 2 == 0 { "max_root" } else { "min_root" }),
                    Kind::Negamax => ("values", "negamax"),
                    Kind::AlphaBeta => (
                        "pruned",
                        ["as_written", "good_order", "bad_order"][i as usize % 3],
                    ),
                    _ => ("expectimax", if i % 2 == 0 { "weighted" } else { "equal" }),
                };
                let mut request = PracticeRequest::new(practice, s, level);
                request.variant = Some(variant.to_string());
                let made = exercise(&request).map_err(|e| e.error)?;
                let options = ParseOptions {
                    perspective: if made.leaf_perspective == "mover" {
                        ply_tree::LeafPerspective::Mover
                    } else {
                        ply_tree::LeafPerspective::Max
                    },
                    ..ParseOptions::default()
                };
                let mut explicit = parse(&made.tree, &options).map_err(|e| e.to_string())?;
                if made.root == "min" {
                    explicit = min_rooted(&made.tree, &options)?;
                }
                Test::from_explicit(&name, explicit)?
            }
        };
        tests.push(test);
    }
    Ok(tests)
}

/// A tree with MIN to move at the root: the text with the root tagged `[min]`.
fn min_rooted(text: &str, options: &ParseOptions) -> Result<ply_tree::ExplicitTree, String> {
    let mut lines = text.lines();
    let first = lines.next().unwrap_or_default();
    let mut tagged = format!("{first} [min]\n");
    for line in lines {
        tagged.push_str(line);
        tagged.push('\n');
    }
    parse(&tagged, options).map_err(|e| e.to_string())
}

/// A tic-tac-toe position of two to four stones, nobody's three in a row, X or O to
/// move, drawn from `seed`.
fn random_position(seed: u64) -> String {
    let mut rng = fastrand::Rng::with_seed(seed);
    let stones = rng.usize(2..=4);
    let mut cells = [b'.'; 9];
    let mut free: Vec<usize> = (0..9).collect();
    for placed in 0..stones {
        let at = free.remove(rng.usize(..free.len()));
        cells[at] = if placed % 2 == 0 { b'X' } else { b'O' };
    }
    // Two to four stones cannot hold three in a row of one player but with four: X
    // has two there, so any four-stone position is unfinished too.
    cells
        .chunks(3)
        .map(|row| String::from_utf8_lossy(row).into_owned())
        .collect::<Vec<_>>()
        .join("/")
}
