//! `ply gen connect4`: benchmark sets of random positions with their exact scores, in
//! the format of Pascal Pons' public test sets (`moves score`, one position per line),
//! so that `ply bench` has sets to run on a fresh clone.

use crate::args;
use crate::c4book::{self, BookArgs};
use crate::output::AtomicFile;
use crate::pons;
use crate::source::GameSource;
use anyhow::{Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use ply_api::batch::BatchOptions;
use ply_core::Game;
use ply_games::{Connect4, GameVisitor, Notation, Playable};
use std::collections::HashSet;
use std::io::Write;
use std::ops::RangeInclusive;
use std::process::ExitCode;

const EXAMPLES: &str = "EXAMPLES:\n  \
ply gen connect4 --stones 29..41 --count 100 --seed 1 > end.txt     (like Test_L3_R1)\n  \
ply gen connect4 --stones 15..28 --remaining 3..14 --count 100 -o middle.txt\n  \
ply bench connect4 end.txt\n\n\
Each line is `moves score`: the columns played from the empty board (1 = leftmost), then\n\
the exact score for the side to move in Pons' convention (see docs/connect4.md). No move\n\
of a line ends the game, and no position appears twice. Positions are drawn by random\n\
play: the number of stones uniformly in --stones, then each move uniformly among those\n\
that do not end the game. The same --seed gives the same set. Ctrl-C stops with the\n\
positions made so far (exit 130).";

/// `--remaining` ranges that end at most this many moves away are filtered by a
/// search of that depth before the exact solve.
const QUICK_FILTER_PLIES: u32 = 16;

/// The most positions one set may ask for.
const MAX_COUNT: u64 = 1_000_000;

/// Random draws allowed for each position asked for, before giving up on a range too
/// narrow for the count.
const DRAWS_PER_POSITION: u64 = 100;

/// Random draws allowed on top of [`DRAWS_PER_POSITION`] for the whole set.
const EXTRA_DRAWS: u64 = 10_000;

/// The earliest move on which a game of Connect Four can be won: the first player's
/// fourth stone.
const EARLIEST_WIN: u32 = 7;

/// Make a benchmark set: random positions with their exact scores (Pons' format).
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game: connect4 (or connect4:WxH, at most 9 columns).
    game: String,
    /// How many stones each position has: A..B (or one number), each at least 1 and
    /// fewer than the board's cells.
    #[arg(long, value_name = "A..B", value_parser = parse_range)]
    stones: RangeInclusive<u32>,
    /// How many positions (1 to 1000000).
    #[arg(long, value_name = "N", value_parser = args::whole::<u64>(1, MAX_COUNT), allow_negative_numbers = true)]
    count: u64,
    /// The seed of the random choices (default: a random one, printed on stderr).
    #[arg(long, value_name = "S", value_parser = args::whole::<u64>(0, u64::MAX), allow_negative_numbers = true)]
    seed: Option<u64>,
    /// Keep only positions whose game lasts this many more moves under perfect play,
    /// A..B (Pons' "difficulty": 1-14 easy, 15-28 medium, 29 or more hard).
    #[arg(long, value_name = "A..B", value_parser = parse_range)]
    remaining: Option<RangeInclusive<u32>>,
    /// Write the set to FILE (a regular file, replaced whole) instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<String>,
    /// Search threads for the solves (1 to 256).
    #[arg(long, default_value_t = 1, value_parser = args::whole::<u64>(1, args::MAX_THREADS), allow_negative_numbers = true)]
    threads: u64,
    /// Transposition table size in MiB, 1 to 65536.
    #[arg(long, default_value_t = 64, value_parser = args::whole::<u64>(1, args::MAX_HASH_MIB), allow_negative_numbers = true)]
    hash: u64,
    #[command(flatten)]
    book: BookArgs,
}

/// `A..B`, `A..=B` or `A`: a range of whole numbers, A at most B.
fn parse_range(text: &str) -> Result<RangeInclusive<u32>, String> {
    let number = |part: &str| {
        let part = part.trim();
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!(
                "{} is not a range of whole numbers: expected A..B, like 4..14",
                ply_core::text::excerpt(text)
            ));
        }
        part.parse::<u32>()
            .map_err(|_| format!("{} is too large", ply_core::text::excerpt(part)))
    };
    let (low, high) = match text.split_once("..") {
        Some((low, high)) => (
            number(low)?,
            number(high.strip_prefix('=').unwrap_or(high))?,
        ),
        None => (number(text)?, number(text)?),
    };
    if low > high {
        return Err(format!(
            "{low}..{high} is empty: the first number must be at most the second"
        ));
    }
    Ok(low..=high)
}

/// The number of moves from `pos` to the end of the game under perfect play (the
/// final move included), from its exact score in Pons' convention.
fn remaining_moves(pos: &Connect4, score: i32) -> u32 {
    let played = pos.moves_played();
    let stones_each = pos.cells().div_ceil(2) as i32;
    if score == 0 {
        return pos.cells() - played;
    }
    // A win with score s is won with the winner's (stones_each + 1 - s)-th stone; the
    // first player's k-th stone is move 2k-1 of the game, the second player's move 2k.
    let winner_moves_next = score > 0;
    let stone = (stones_each + 1 - score.abs()) as u32;
    let first_to_move = played % 2 == 0;
    let winner_is_first = first_to_move == winner_moves_next;
    let last_move = if winner_is_first {
        2 * stone - 1
    } else {
        2 * stone
    };
    last_move - played
}

/// The moves that can remain in a game of `board` after a position of `stones` stones
/// none of whose moves ended the game, whoever plays them: at least one, and at most the
/// empty cells; a game ends on the last cell (a draw) or with a four, which takes at
/// least [`EARLIEST_WIN`] moves, on a board where a four fits and there are that many
/// cells. Empty when no such position exists.
fn possible_remaining(board: &Connect4, stones: u32) -> RangeInclusive<u32> {
    let cells = board.cells();
    let four_fits = board.width() >= 4 || board.height() >= 4;
    let earliest_end = if four_fits && cells >= EARLIEST_WIN {
        EARLIEST_WIN
    } else {
        cells
    };
    let last = cells.saturating_sub(stones);
    let first = earliest_end.saturating_sub(stones).max(1);
    first..=last
}

/// Refuses at once a `--remaining` range that no position with a number of stones in
/// `stones` can meet on `board` (every draw would be solved exactly and thrown away,
/// until the draws run out).
fn check_remaining(
    board: &Connect4,
    stones: &RangeInclusive<u32>,
    remaining: &RangeInclusive<u32>,
    game: &str,
) -> Result<()> {
    let possible = stones.clone().map(|s| possible_remaining(board, s));
    let meets = |range: &RangeInclusive<u32>| {
        range.start().max(remaining.start()) <= range.end().min(remaining.end())
    };
    if possible.clone().any(|range| meets(&range)) {
        return Ok(());
    }
    // The ranges for consecutive stone counts overlap: together they are one range.
    let low = possible.clone().map(|r| *r.start()).min().unwrap_or(0);
    let high = possible.map(|r| *r.end()).max().unwrap_or(0);
    bail!(
        "--remaining {} cannot be met: a game of {game} from a position with {} (--stones) \
         lasts {} more {}",
        range_text(remaining),
        counted(stones, "stone"),
        range_text(&(low..=high)),
        if (low, high) == (1, 1) {
            "move"
        } else {
            "moves"
        }
    )
}

/// `A..B`, or `A` alone when the range holds one number.
fn range_text(range: &RangeInclusive<u32>) -> String {
    if range.start() == range.end() {
        range.start().to_string()
    } else {
        format!("{}..{}", range.start(), range.end())
    }
}

/// `4..6 stones`, `5 stones`, `1 stone`.
fn counted(range: &RangeInclusive<u32>, noun: &str) -> String {
    let plural = if (*range.start(), *range.end()) == (1, 1) {
        ""
    } else {
        "s"
    };
    format!("{} {noun}{plural}", range_text(range))
}

/// A random position with `stones` stones, none of whose moves ended the game; `None`
/// when the random play met a position where every move ends it.
fn random_position(start: &Connect4, stones: u32, rng: &mut fastrand::Rng) -> Option<Connect4> {
    let mut pos = *start;
    let mut moves = Vec::new();
    let mut quiet = Vec::new();
    for _ in 0..stones {
        moves.clear();
        pos.generate_moves(&mut moves);
        quiet.clear();
        quiet.extend(moves.iter().copied().filter(|&column| {
            !pos.is_winning_move(column) && pos.moves_played() + 1 < pos.cells()
        }));
        if quiet.is_empty() {
            return None;
        }
        pos.play(quiet[rng.usize(..quiet.len())]);
    }
    Some(pos)
}

struct Generate<'a>(&'a Args);

impl GameVisitor for Generate<'_> {
    type Output = Result<ExitCode>;

    fn visit<G: Playable>(self, start: G) -> Result<ExitCode> {
        let args = self.0;
        let Some(board) = start.as_connect4() else {
            bail!(
                "gen works for connect4 only (sets in Pons' format), not {}",
                start.game_name()
            );
        };
        if board.width() > 9 {
            bail!(
                "{}: Pons' format writes a column as one digit, so at most 9 columns",
                start.game_name()
            );
        }
        let (low, high) = (*args.stones.start(), *args.stones.end());
        if low == 0 || high >= board.cells() {
            bail!(
                "--stones {low}..{high}: a position of {} has 1 to {} stones \
                 (the game has not ended yet)",
                start.game_name(),
                board.cells() - 1
            );
        }
        if let Some(remaining) = &args.remaining {
            check_remaining(board, &args.stones, remaining, &start.game_name())?;
        }
        let seed = args.seed.unwrap_or_else(|| {
            let seed = fastrand::u64(..);
            eprintln!("seed: {seed} (--seed {seed} makes this set again)");
            seed
        });
        let mut rng = fastrand::Rng::with_seed(seed);
        // Opened before any work: an unwritable path is refused at once.
        let file = args.output.as_deref().map(AtomicFile::create).transpose()?;
        let book = c4book::load(&args.book, &start)?;
        let _polled = crate::interrupt::polled();
        let options = BatchOptions {
            threads: args.threads as usize,
            hash_mib: args.hash as usize,
            book: book.as_ref().map(|b| std::sync::Arc::clone(&b.book)),
            ..BatchOptions::default()
        };
        pons::with_batch_solver(board, options, |solver| -> Result<ExitCode> {
            let bar = ProgressBar::new(args.count);
            if let Ok(style) =
                ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} [{elapsed}<{eta}]")
            {
                bar.set_style(style.progress_chars("=> "));
            }
            bar.set_message("solving positions");
            let mut stdout = std::io::stdout().lock();
            let mut text = String::new();
            let mut seen = HashSet::new();
            // Random play finds new positions easily unless the range is tiny (1 stone: 7
            // positions) or --remaining rejects most: then give up after so many draws
            // (the 10,000 more let a set of a few positions try more than a few hundred).
            let attempts = args
                .count
                .saturating_mul(DRAWS_PER_POSITION)
                .saturating_add(EXTRA_DRAWS);
            let (mut made, mut interrupted) = (0u64, false);
            for _ in 0..attempts {
                if made == args.count {
                    break;
                }
                let stones = rng.u32(low..=high);
                let Some(pos) = random_position(board, stones, &mut rng) else {
                    continue;
                };
                let moves: String = pos
                    .history()
                    .iter()
                    .map(|&c| board.move_string(c))
                    .collect();
                if seen.contains(&moves) {
                    continue;
                }
                // An easy range is filtered first by a quick search of that many plies:
                // most random positions last much longer, and their exact solves are slow.
                if let Some(range) = &args.remaining
                    && *range.end() <= QUICK_FILTER_PLIES
                    && pos.cells() - pos.moves_played() > *range.end()
                {
                    match solver.ends_within(&pos, *range.end()) {
                        None => {
                            interrupted = true;
                            break;
                        }
                        Some(false) => {
                            seen.insert(moves);
                            continue;
                        }
                        Some(true) => {}
                    }
                }
                let Some(solved) = solver.solve(&pos) else {
                    interrupted = true;
                    break;
                };
                seen.insert(moves.clone());
                if let Some(range) = &args.remaining
                    && !range.contains(&remaining_moves(&pos, solved.score))
                {
                    continue;
                }
                let line = format!("{moves} {}\n", solved.score);
                if file.is_some() {
                    text.push_str(&line);
                } else {
                    stdout.write_all(line.as_bytes())?;
                }
                made += 1;
                bar.inc(1);
            }
            bar.finish_and_clear();
            if let Some(file) = file {
                file.commit(text.as_bytes())?;
            } else {
                stdout.flush()?;
            }
            if interrupted {
                eprintln!("interrupted: {made} of {} positions made", args.count);
                return Ok(ExitCode::from(crate::interrupt::EXIT_CODE));
            }
            if made < args.count {
                bail!(
                    "only {made} of {} positions found after {attempts} random draws \
                     ({DRAWS_PER_POSITION} a position and {EXTRA_DRAWS} more): widen --stones{}",
                    args.count,
                    if args.remaining.is_some() {
                        " or --remaining"
                    } else {
                        ""
                    }
                );
            }
            Ok(ExitCode::SUCCESS)
        })?
    }
}

pub fn run(args: Args, games: &impl GameSource) -> Result<ExitCode> {
    games.visit(&args.game, Generate(&args))?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_read_as_people_write_them() {
        assert_eq!(parse_range("4..14"), Ok(4..=14));
        assert_eq!(parse_range("4..=14"), Ok(4..=14));
        assert_eq!(parse_range("7"), Ok(7..=7));
        assert!(parse_range("14..4").is_err());
        assert!(parse_range("a..4").is_err());
        assert!(parse_range("..4").is_err());
        assert!(parse_range("-1..4").is_err());
    }

    /// What the board allows, worked out by hand: after `s` stones a game lasts at least
    /// one more move, at most the cells left, and no less than 7 − s (a four takes the
    /// first player's fourth stone) where a four fits; on 3x3 none fits: a draw on the 9th.
    #[test]
    fn the_remaining_moves_a_board_allows() {
        let standard = Connect4::standard();
        assert_eq!(possible_remaining(&standard, 1), 6..=41);
        assert_eq!(possible_remaining(&standard, 4), 3..=38);
        assert_eq!(possible_remaining(&standard, 6), 1..=36);
        assert_eq!(possible_remaining(&standard, 41), 1..=1);
        assert_eq!(possible_remaining(&Connect4::new(4, 4).unwrap(), 2), 5..=14);
        assert_eq!(possible_remaining(&Connect4::new(3, 3).unwrap(), 2), 7..=7);
        let refused = |stones, remaining| {
            check_remaining(&standard, &stones, &remaining, "connect4")
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            refused(4..=6, 100..=200),
            "--remaining 100..200 cannot be met: a game of connect4 from a position with \
             4..6 stones (--stones) lasts 1..38 more moves"
        );
        assert_eq!(
            refused(1..=1, 1..=5),
            "--remaining 1..5 cannot be met: a game of connect4 from a position with \
             1 stone (--stones) lasts 6..41 more moves"
        );
        assert_eq!(
            refused(41..=41, 2..=2),
            "--remaining 2 cannot be met: a game of connect4 from a position with \
             41 stones (--stones) lasts 1 more move"
        );
        // One stone count that meets the range is enough.
        assert!(check_remaining(&standard, &(1..=40), &(2..=2), "connect4").is_ok());
        assert!(check_remaining(&standard, &(41..=41), &(1..=1), "connect4").is_ok());
    }

    /// Remaining moves from Pons' score, against the public sets' definition: the
    /// empty board (+1, the first player wins with the last stone: move 41 of 42).
    #[test]
    fn remaining_moves_follow_the_score() {
        let empty = Connect4::standard();
        assert_eq!(remaining_moves(&empty, 1), 41);
        assert_eq!(remaining_moves(&empty, 0), 42);
        // The first player to move wins with the 4th stone: move 7.
        assert_eq!(remaining_moves(&empty, 18), 7);
        // After one move the second player is to move; losing with score -1 means the
        // first player wins with its 21st stone, move 41: 40 moves remain.
        let one = empty.after(3);
        assert_eq!(remaining_moves(&one, -1), 40);
        assert_eq!(remaining_moves(&one, 18), 7);
    }

    /// The public sets' README gives each set's range of remaining moves, measured on
    /// the files: the score convention read backwards must give exactly those ranges.
    #[test]
    fn remaining_moves_match_the_public_sets() {
        let folder = std::env::var_os("PLY_C4_DATA")
            .map(std::path::PathBuf::from)
            .or_else(|| {
                let manifest = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
                [
                    "../../../shared/data/connect4",
                    "../../../../shared/data/connect4",
                ]
                .iter()
                .map(|rel| manifest.join(rel))
                .find(|dir| dir.is_dir())
            })
            .filter(|dir| dir.join("Test_L3_R1").is_file());
        let Some(folder) = folder else {
            // Written past the test harness's capture, so that `cargo test` shows it.
            let _ = writeln!(
                std::io::stderr(),
                "note: the public Connect Four sets are absent (set PLY_C4_DATA): \
                 remaining_moves_match_the_public_sets skipped"
            );
            return;
        };
        let start = Connect4::standard();
        for (name, low, high) in [
            ("Test_L3_R1", 1, 13),
            ("Test_L2_R1", 3, 14),
            ("Test_L2_R2", 15, 27),
            ("Test_L1_R1", 3, 14),
            ("Test_L1_R2", 15, 28),
            ("Test_L1_R3", 29, 40),
        ] {
            let text = std::fs::read_to_string(folder.join(name)).unwrap();
            let remaining: Vec<u32> = text
                .lines()
                .map(|line| {
                    let (moves, score) = line.split_once(' ').unwrap();
                    let pos = start.parse_position(moves).unwrap();
                    remaining_moves(&pos, score.parse().unwrap())
                })
                .collect();
            assert_eq!(remaining.len(), 1000);
            assert_eq!(remaining.iter().min(), Some(&low), "{name}");
            assert_eq!(remaining.iter().max(), Some(&high), "{name}");
        }
    }
}
