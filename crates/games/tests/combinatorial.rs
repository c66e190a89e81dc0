//! The counting and taking games solved two independent ways: by the exact
//! memoised search of `ply_core::solve`, and by the closed-form theory of
//! `ply_games::theory`. They must agree on every position within the bounds
//! below, on who wins and on exactly which moves win. The worked examples of
//! the issue are checked verbatim.

use ply_core::phrase::Phrase;
use ply_core::solve::{PositionKey, Solver};
use ply_core::{Game, NoEvaluation, alpha_beta};
use ply_games::piles::Take;
use ply_games::theory::{self, Theory};
use ply_games::{Bash, Nim, Notation, Playable, Race, Subtraction, Wythoff, WythoffMove};
use std::fmt::Debug;
use std::hash::Hash;

/// Search and theory agree at `pos`: same winner, same set of winning moves.
/// Returns whether the side to move wins.
fn cross_check<G>(solver: &mut Solver<G>, pos: &G) -> bool
where
    G: Theory + Notation + Hash + Eq,
    G::Move: Ord + Debug,
{
    let value = solver.value(pos);
    assert!(value.is_decisive(), "{}: {value}", pos.game_name());
    assert_eq!(
        value.is_win(),
        pos.is_win_by_theory(),
        "{} (position {}): search says {value}",
        pos.game_name(),
        pos.position_string()
    );
    // A move wins when it leaves the opponent lost (these games alternate turns).
    let mut by_search: Vec<G::Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|&mv| solver.value(&pos.after(mv)).is_loss())
        .collect();
    let mut by_theory = pos.winning_moves_by_theory();
    by_search.sort();
    by_theory.sort();
    assert_eq!(
        by_search,
        by_theory,
        "{} (position {})",
        pos.game_name(),
        pos.position_string()
    );
    // The search's best moves (fastest win, slowest loss) are winning moves when the position is won.
    if value.is_win() {
        for mv in solver.best_moves(pos) {
            assert!(by_search.contains(&mv));
        }
    }
    value.is_win()
}

fn names<G: Notation>(pos: &G, moves: &[G::Move]) -> Vec<String> {
    moves.iter().map(|&m| pos.move_string(m)).collect()
}

fn winning_moves_by_search<G: Game, P: PositionKey<G>>(
    solver: &mut Solver<G, P>,
    pos: &G,
) -> Vec<G::Move> {
    solver
        .move_values(pos)
        .into_iter()
        .filter(|m| m.value.is_win())
        .map(|m| m.mv)
        .collect()
}

// ---------------------------------------------------------------- worked examples

#[test]
fn nim_14_21_39_only_winning_move_takes_12_from_the_39() {
    let nim = Nim::new(&[14, 21, 39]).unwrap();
    let mut solver = Solver::new();
    let mut winning = names(&nim, &winning_moves_by_search(&mut solver, &nim));
    winning.sort();
    assert_eq!(winning, ["3:12"]);
    assert_eq!(names(&nim, &nim.winning_moves_by_theory()), ["3:12"]);
    // "take 12 from pile 3: the xor of the piles becomes 0" (ply-api says it).
    assert_eq!(
        nim.explain_move(nim.parse_move("3:12").unwrap()).unwrap(),
        Phrase::new("explain.nim.zero").arg(
            "move",
            Phrase::new("explain.move.take_from_pile")
                .arg("amount", 12u32)
                .arg("pile", 3u32)
        )
    );
}

#[test]
fn nim_55_81_121_and_29_45_58_have_exactly_three_winning_moves() {
    // By theory (the search of 55,81,121 is left to the exhaustive bounds below).
    let nim = Nim::new(&[55, 81, 121]).unwrap();
    assert_eq!(
        names(&nim, &nim.winning_moves_by_theory()),
        ["1:15", "2:3", "3:19"]
    );
    let nim = Nim::new(&[29, 45, 58]).unwrap();
    assert_eq!(
        names(&nim, &nim.winning_moves_by_theory()),
        ["1:6", "2:6", "3:10"]
    );
    // And by search for the smaller one (its canonical form keeps the table small).
    let mut solver = Solver::with_key(|p: &Nim| p.canonical().unwrap());
    let mut winning = names(&nim, &winning_moves_by_search(&mut solver, &nim));
    winning.sort();
    assert_eq!(winning, ["1:6", "2:6", "3:10"]);
}

#[test]
fn nim_1_2_3_is_lost() {
    let nim = Nim::new(&[1, 2, 3]).unwrap();
    let mut solver = Solver::new();
    let value = solver.value(&nim);
    assert!(value.is_loss());
    // 6 objects, one or more per move: the loser holds out for 6 plies at most.
    assert_eq!(value.plies_to_end(), Some(6), "{value}");
    assert!(!nim.is_win_by_theory());
    assert!(nim.winning_moves_by_theory().is_empty());
}

#[test]
fn the_7_8_9_game_every_first_player_move_goes_to_xor_0() {
    let line: [[u32; 3]; 12] = [
        [7, 8, 9],
        [1, 8, 9],
        [1, 8, 4],
        [1, 5, 4],
        [1, 4, 4],
        [0, 4, 4],
        [0, 4, 2],
        [0, 2, 2],
        [0, 2, 1],
        [0, 1, 1],
        [0, 1, 0],
        [0, 0, 0],
    ];
    let mut pos = Nim::new(&line[0]).unwrap();
    let mut solver = Solver::new();
    for (ply, pair) in line.windows(2).enumerate() {
        let (from, to) = (pair[0], pair[1]);
        let pile = (0..3).find(|&i| from[i] != to[i]).unwrap();
        let text = format!("{}:{}", pile + 1, from[pile] - to[pile]);
        let mv = pos.parse_move(&text).unwrap();
        let first_player = ply % 2 == 0;
        if first_player {
            assert_ne!(pos.piles().xor(), 0, "ply {ply}");
            assert!(
                pos.winning_moves_by_theory().contains(&mv),
                "ply {ply}: {text}"
            );
            assert!(solver.value(&pos.after(mv)).is_loss(), "ply {ply}: {text}");
        }
        pos.play(mv);
        assert_eq!(pos.piles().as_slice(), &to);
        if first_player {
            assert_eq!(pos.piles().xor(), 0, "after ply {ply}");
        }
    }
    assert_eq!(
        pos.outcome().unwrap().winner(pos.to_move()),
        Some(ply_core::Player::First)
    );
}

#[test]
fn wythoff_first_cold_positions() {
    let expected = [
        (0, 0),
        (1, 2),
        (3, 5),
        (4, 7),
        (6, 10),
        (8, 13),
        (9, 15),
        (11, 18),
        (12, 20),
    ];
    for (k, &pair) in expected.iter().enumerate() {
        assert_eq!(theory::wythoff::cold_pair(k as u64), pair);
    }
    assert_eq!(theory::wythoff::cold_pairs_by_mex(9), expected);
    // By search: the lost positions (a <= b <= 20) are exactly these.
    let mut solver = Solver::new();
    let mut lost = Vec::new();
    for b in 0..=20u32 {
        for a in 0..=b {
            if solver.value(&Wythoff::new(a, b)).is_loss() {
                lost.push((a as u64, b as u64));
            }
        }
    }
    lost.sort();
    assert_eq!(lost, expected);
}

#[test]
fn race_to_10_say_1_then_4_7_10() {
    let race = Race::new(10, 2).unwrap();
    let mut solver = Solver::new();
    assert_eq!(winning_moves_by_search(&mut solver, &race), vec![1]);
    // "add 1: the total becomes 1, and 10 − 1 = 9 is a multiple of 3" (ply-api says it).
    assert_eq!(
        race.explain_move(1).unwrap(),
        Phrase::new("explain.race.multiple")
            .arg("move", Phrase::new("explain.move.add").arg("amount", 1u32))
            .arg("total", 1u32)
            .arg("target", 10u32)
            .arg("left", 9u32)
            .arg("step", 3u32)
    );
    // Against every defence, the first player's winning move reaches 4, then 7, then 10.
    fn follow(solver: &mut Solver<Race>, pos: Race, reached: &mut Vec<Vec<u32>>, line: Vec<u32>) {
        let winning = winning_moves_by_search(solver, &pos);
        assert_eq!(winning.len(), 1, "total {}", pos.total());
        let mine = pos.after(winning[0]);
        let mut line = line;
        line.push(mine.total());
        if mine.outcome().is_some() {
            reached.push(line);
            return;
        }
        for reply in mine.legal_moves() {
            follow(solver, mine.after(reply), reached, line.clone());
        }
    }
    let mut reached = Vec::new();
    follow(&mut solver, race, &mut reached, Vec::new());
    assert_eq!(reached.len(), 8); // 2 replies at each of the 3 turns of the second player
    for line in reached {
        assert_eq!(line, [1, 4, 7, 10]);
    }
}

// ---------------------------------------------------------------- search against a slower reference

/// The memoised solver returns exactly alpha-beta's value, remoteness included.
#[test]
fn memoised_solver_matches_alpha_beta_on_small_positions() {
    let mut solver = Solver::new();
    for a in 0..=3 {
        for b in 0..=3 {
            for c in 0..=3 {
                for misere in [false, true] {
                    let sizes = [a, b, c];
                    let nim = if misere {
                        Nim::misere(&sizes)
                    } else {
                        Nim::new(&sizes)
                    }
                    .unwrap();
                    assert_eq!(
                        solver.value(&nim),
                        alpha_beta(&nim, &NoEvaluation, None).value,
                        "{}",
                        nim.game_name()
                    );
                }
            }
        }
    }
    let mut solver = Solver::new();
    for a in 0..=5 {
        for b in 0..=5 {
            let w = Wythoff::new(a, b);
            assert_eq!(
                solver.value(&w),
                alpha_beta(&w, &NoEvaluation, None).value,
                "{a},{b}"
            );
        }
    }
    let mut solver = Solver::new();
    let race = Race::new(13, 3).unwrap();
    for total in 0..=13 {
        let pos = race.parse_position(&total.to_string()).unwrap();
        assert_eq!(
            solver.value(&pos),
            alpha_beta(&pos, &NoEvaluation, None).value
        );
    }
}

// ---------------------------------------------------------------- exhaustive cross-checks

#[test]
fn nim_three_piles_up_to_12_search_equals_theory() {
    for misere in [false, true] {
        let mut solver = Solver::new();
        let mut wins = 0;
        for a in 0..=12 {
            for b in 0..=12 {
                for c in 0..=12 {
                    let sizes = [a, b, c];
                    let nim = if misere {
                        Nim::misere(&sizes)
                    } else {
                        Nim::new(&sizes)
                    }
                    .unwrap();
                    wins += cross_check(&mut solver, &nim) as u32;
                }
            }
        }
        // The count of lost positions: one for each pair (a, b) with a ^ b <= 12
        // (c = a ^ b is then forced), 139 pairs (counted by hand from the table of
        // a ^ b); misère differs only among piles of 0 and 1.
        let losses = 13 * 13 * 13 - wins as usize;
        // Misère: normal-play losses among {0,1}^3 are (0,0,0), (0,1,1), (1,0,1), (1,1,0);
        // misère losses among them are (1,0,0), (0,1,0), (0,0,1), (1,1,1): the same count.
        assert_eq!(losses, 139, "misere = {misere}");
    }
}

#[test]
fn nim_four_piles_up_to_5_search_equals_theory() {
    for misere in [false, true] {
        let mut solver = Solver::new();
        for a in 0..=5 {
            for b in 0..=5 {
                for c in 0..=5 {
                    for d in 0..=5 {
                        let sizes = [a, b, c, d];
                        let nim = if misere {
                            Nim::misere(&sizes)
                        } else {
                            Nim::new(&sizes)
                        }
                        .unwrap();
                        cross_check(&mut solver, &nim);
                    }
                }
            }
        }
    }
}

#[test]
fn wythoff_up_to_60_by_60_search_equals_theory() {
    let mut solver = Solver::new();
    let mut cold = 0;
    for a in 0..=60 {
        for b in 0..=60 {
            cold += !cross_check(&mut solver, &Wythoff::new(a, b)) as u32;
        }
    }
    // Cold pairs with both piles <= 60: k = 0 ..= 23 (a_23 = 37, b_23 = 60),
    // counted twice (both orders) except (0,0).
    assert_eq!(theory::wythoff::cold_pair(23), (37, 60));
    assert!(theory::wythoff::cold_pair(24).1 > 60);
    assert_eq!(cold, 2 * 24 - 1);
}

#[test]
fn bash_and_race_search_equals_theory() {
    for m in 1..=8 {
        let mut solver = Solver::new();
        for n in 0..=200 {
            cross_check(&mut solver, &Bash::new(n, m).unwrap());
        }
    }
    for k in 1..=6 {
        for n in 1..=60 {
            let race = Race::new(n, k).unwrap();
            let mut solver = Solver::new();
            for total in 0..=n {
                cross_check(
                    &mut solver,
                    &race.parse_position(&total.to_string()).unwrap(),
                );
            }
        }
    }
}

/// Every nonempty subset of {1, ..., 6} as a take set, plus a few classics.
fn take_sets() -> Vec<Vec<u32>> {
    let mut sets: Vec<Vec<u32>> = (1u32..64)
        .map(|mask| (1..=6).filter(|s| mask & (1 << (s - 1)) != 0).collect())
        .collect();
    sets.extend([
        vec![2, 5, 7],
        vec![1, 4, 9, 16],
        vec![3, 7, 11],
        vec![1, 2, 4, 8, 16],
    ]);
    sets
}

#[test]
fn subtraction_single_piles_up_to_200_search_equals_theory() {
    for set in take_sets() {
        let start = Subtraction::new(&[200], &set).unwrap();
        let mut solver = Solver::new();
        for n in 0..=200 {
            cross_check(&mut solver, &start.parse_position(&n.to_string()).unwrap());
        }
    }
}

#[test]
fn subtraction_sums_search_equals_theory() {
    for set in [
        vec![1, 3, 4],
        vec![2, 5, 7],
        vec![1, 2],
        vec![2, 3],
        vec![1, 4, 5],
    ] {
        let start = Subtraction::new(&[30, 30], &set).unwrap();
        let mut solver = Solver::new();
        for a in 0..=30 {
            for b in 0..=30 {
                cross_check(
                    &mut solver,
                    &start.parse_position(&format!("{a},{b}")).unwrap(),
                );
            }
        }
        let start = Subtraction::new(&[9, 9, 9], &set).unwrap();
        let mut solver = Solver::new();
        for a in 0..=9 {
            for b in 0..=9 {
                for c in 0..=9 {
                    cross_check(
                        &mut solver,
                        &start.parse_position(&format!("{a},{b},{c}")).unwrap(),
                    );
                }
            }
        }
    }
}

#[test]
fn subtraction_grundy_values_of_known_sets() {
    // S = {1,3,4}: 0 1 0 1 2 3 2, period 7 from 0.
    let g = theory::subtraction::grundy_values(&[1, 3, 4], 20);
    assert_eq!(
        g,
        [
            0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2
        ]
    );
    // S = {2,3}: 0 0 1 1 2 0 0 1 1 2: period 5.
    let g = theory::subtraction::grundy_values(&[2, 3], 9);
    assert_eq!(g, [0, 0, 1, 1, 2, 0, 0, 1, 1, 2]);
    // The sum 20,17 of S = {1,3,4}: g(20) = 2, g(17) = 1.
    let game = Subtraction::from_spec_args("20,17;1,3,4").unwrap();
    assert_eq!((game.grundy(20), game.grundy(17)), (2, 1));
    let mut solver = Solver::new();
    assert!(cross_check(&mut solver, &game));
}

// ---------------------------------------------------------------- notation

#[test]
fn notation_round_trips_and_errors() {
    let nim = ply_games::with_game("nim:14,21,39", NimOnly).unwrap();
    assert_eq!(nim.position_string(), "14,21,39");
    assert_eq!(nim.game_name(), "nim:14,21,39");
    assert_eq!(
        nim.parse_position("1, 2 ,3").unwrap().position_string(),
        "1,2,3"
    );
    let e = nim.parse_position("1,two,3").unwrap_err().to_string();
    assert_eq!(e, "nim: pile 2 'two' is not a non-negative whole number");
    let e = nim.parse_move("3:40").unwrap_err().to_string();
    assert_eq!(e, "move '3:40': cannot take 40 from pile 3, which has 39");
    assert_eq!(
        nim.parse_move("3:12").unwrap(),
        Take {
            pile: 2,
            amount: 12
        }
    );

    let w = Wythoff::new(3, 5);
    assert_eq!(w.parse_move("both:3").unwrap(), WythoffMove::Both(3));
    assert_eq!(w.parse_move("b:2").unwrap(), WythoffMove::Both(2));
    assert_eq!(w.parse_move("2:5").unwrap(), WythoffMove::Second(5));
    assert!(
        w.parse_move("both:4")
            .unwrap_err()
            .to_string()
            .contains("cannot take 4")
    );
    assert!(
        w.parse_move("3:1")
            .unwrap_err()
            .to_string()
            .contains("'3' is not a pile")
    );
    assert!(
        Wythoff::from_spec_args("1,2,3")
            .unwrap_err()
            .to_string()
            .contains("two pile sizes")
    );

    let s = Subtraction::from_spec_args("20;4,1,3,3").unwrap();
    assert_eq!(s.game_name(), "subtraction:20;1,3,4");
    let e = s.parse_move("1:2").unwrap_err().to_string();
    assert_eq!(e, "move '1:2': 2 is not in the take set {1,3,4}");
    assert_eq!(s.parse_move("3").unwrap(), Take { pile: 0, amount: 3 });
    assert!(
        Subtraction::from_spec_args("20")
            .unwrap_err()
            .to_string()
            .contains("piles;set")
    );
    assert!(
        Subtraction::from_spec_args("20;0,1")
            .unwrap_err()
            .to_string()
            .contains("is 0")
    );
    assert!(
        Subtraction::from_spec_args("20;1,x")
            .unwrap_err()
            .to_string()
            .contains("take size 2")
    );
    // A position with a larger pile than the start extends the Grundy table.
    let big = s.parse_position("100").unwrap();
    assert_eq!(big.grundy(100), [0, 1, 0, 1, 2, 3, 2][100 % 7]);

    let race = Race::new(10, 2).unwrap();
    assert!(
        race.parse_position("11")
            .unwrap_err()
            .to_string()
            .contains("beyond the target 10")
    );
    assert!(
        race.parse_move("3")
            .unwrap_err()
            .to_string()
            .contains("add 1 to 2")
    );
    let nine = race.parse_position("9").unwrap();
    assert!(
        nine.parse_move("2")
            .unwrap_err()
            .to_string()
            .contains("would pass 10")
    );

    let bash = Bash::new(5, 3).unwrap();
    assert_eq!(bash.parse_move("1:3").unwrap(), 3);
    assert_eq!(bash.parse_move("2").unwrap(), 2);
    assert!(
        bash.parse_move("4")
            .unwrap_err()
            .to_string()
            .contains("take 1 to 3")
    );
    let empty = bash.parse_position("0").unwrap();
    assert!(
        empty
            .parse_move("1")
            .unwrap_err()
            .to_string()
            .contains("game is over")
    );
}

struct NimOnly;
impl ply_games::GameVisitor for NimOnly {
    type Output = Nim;
    fn visit<G: Playable>(self, start: G) -> Nim {
        Nim::new(&[0])
            .unwrap()
            .parse_position(&start.position_string())
            .unwrap()
    }
}

#[test]
fn catalog_knows_every_game() {
    struct Name;
    impl ply_games::GameVisitor for Name {
        type Output = String;
        fn visit<G: Playable>(self, start: G) -> String {
            format!("{} @ {}", start.game_name(), start.position_string())
        }
    }
    let cases = [
        ("race", "race:10,2 @ 0"),
        ("race:21,3", "race:21,3 @ 0"),
        ("nim:3,4,5", "nim:3,4,5 @ 3,4,5"),
        ("misere-nim:1,1", "misere-nim:1,1 @ 1,1"),
        ("bash:21,3", "bash:21,3 @ 21"),
        ("wythoff:4,7", "wythoff:4,7 @ 4,7"),
        ("subtraction:20,17;1,3,4", "subtraction:20,17;1,3,4 @ 20,17"),
    ];
    for (spec, expected) in cases {
        assert_eq!(ply_games::with_game(spec, Name).unwrap(), expected);
    }
    for bad in [
        "nim",
        "bash:3",
        "wythoff:1",
        "race:0,2",
        "subtraction:5;",
        "misere-nim:1,x",
    ] {
        assert!(ply_games::with_game(bad, Name).is_err(), "{bad}");
    }
}

/// `parse_move` checks legality itself (without listing the moves): it must
/// accept exactly the legal moves, and read back every move it writes.
fn parse_accepts_exactly_the_legal_moves<G>(pos: &G, candidates: &[String])
where
    G: Notation,
    G::Move: Debug,
{
    let legal = pos.legal_moves();
    for &mv in &legal {
        assert_eq!(
            pos.parse_move(&pos.move_string(mv)),
            Ok(mv),
            "{}",
            pos.game_name()
        );
    }
    for text in candidates {
        match pos.parse_move(text) {
            Ok(mv) => assert!(
                legal.contains(&mv),
                "{}: '{text}' read as illegal {mv:?}",
                pos.game_name()
            ),
            Err(e) => assert!(
                legal.iter().all(|&mv| pos.move_string(mv) != *text),
                "{}: '{text}' refused ({e}) but legal",
                pos.game_name()
            ),
        }
    }
}

#[test]
fn move_parsing_matches_move_generation() {
    let mut candidates: Vec<String> = Vec::new();
    for k in 0..=8 {
        candidates.push(k.to_string());
        for pile in ["0", "1", "2", "3", "4", "b", "both"] {
            candidates.push(format!("{pile}:{k}"));
        }
    }
    for sizes in [[0u32, 0, 0], [1, 2, 3], [3, 0, 7], [5, 5, 5]] {
        parse_accepts_exactly_the_legal_moves(&Nim::new(&sizes).unwrap(), &candidates);
        parse_accepts_exactly_the_legal_moves(&Nim::misere(&sizes).unwrap(), &candidates);
        let s = Subtraction::new(&sizes, &[2, 3, 5]).unwrap();
        parse_accepts_exactly_the_legal_moves(&s, &candidates);
    }
    for (a, b) in [(0, 0), (0, 3), (4, 2), (7, 7)] {
        parse_accepts_exactly_the_legal_moves(&Wythoff::new(a, b), &candidates);
    }
    for pile in [0, 1, 2, 5, 9] {
        parse_accepts_exactly_the_legal_moves(&Bash::new(pile, 3).unwrap(), &candidates);
        let s = Subtraction::new(&[pile], &[1, 4]).unwrap();
        parse_accepts_exactly_the_legal_moves(&s, &candidates);
    }
    let race = Race::new(7, 3).unwrap();
    for total in 0..=7 {
        parse_accepts_exactly_the_legal_moves(
            &race.parse_position(&total.to_string()).unwrap(),
            &candidates,
        );
    }
}

/// The Sprague-Grundy theorem, checked: the Grundy value of a sum of subtraction
/// piles (computed on the whole sum by memoised recursion over its followers)
/// is the xor of the piles' values from the one-pile sequence; and the Grundy
/// value 0 marks exactly Wythoff's cold pairs.
#[test]
fn grundy_values_of_sums_are_xors() {
    use ply_core::grundy::{GrundyMemo, nim_sum};
    let followers = |p: &Subtraction, out: &mut Vec<Subtraction>| {
        out.extend(p.legal_moves().into_iter().map(|mv| p.after(mv)))
    };
    for set in [vec![1, 3, 4], vec![2, 5, 7], vec![3, 4]] {
        let start = Subtraction::new(&[25, 25], &set).unwrap();
        let mut memo = GrundyMemo::new(followers);
        let g = theory::subtraction::grundy_values(&set, 25);
        for a in 0..=25u32 {
            for b in 0..=25u32 {
                let pos = start.parse_position(&format!("{a},{b}")).unwrap();
                assert_eq!(
                    memo.value(&pos),
                    nim_sum([g[a as usize], g[b as usize]]),
                    "{set:?}: {a},{b}"
                );
            }
        }
    }
    let mut memo = GrundyMemo::new(|p: &Wythoff, out: &mut Vec<Wythoff>| {
        out.extend(p.legal_moves().into_iter().map(|mv| p.after(mv)))
    });
    for a in 0..=30 {
        for b in 0..=30 {
            assert_eq!(
                memo.value(&Wythoff::new(a, b)) == 0,
                theory::wythoff::is_cold(a, b),
                "{a},{b}"
            );
        }
    }
}

/// Filing positions under their canonical form (piles sorted, turn forgotten)
/// changes no value, remoteness included: the symmetry is real.
fn same_values_with_canonical_key<G: Playable>(positions: impl IntoIterator<Item = G>) {
    let mut plain = Solver::new();
    let mut keyed = Solver::with_key(|p: &G| p.canonical().expect("a canonical form"));
    for pos in positions {
        assert_eq!(plain.value(&pos), keyed.value(&pos), "{}", pos.game_name());
        // And the moves: same values for the moves of the position, in the same order.
        let a: Vec<_> = plain
            .move_values(&pos)
            .into_iter()
            .map(|m| (m.mv, m.value))
            .collect();
        let b: Vec<_> = keyed
            .move_values(&pos)
            .into_iter()
            .map(|m| (m.mv, m.value))
            .collect();
        assert_eq!(a, b, "{}", pos.game_name());
    }
    assert!(keyed.positions() < plain.positions());
}

#[test]
fn canonical_keys_change_no_value() {
    for misere in [false, true] {
        let make = move |s: [u32; 3]| {
            if misere {
                Nim::misere(&s)
            } else {
                Nim::new(&s)
            }
            .unwrap()
        };
        same_values_with_canonical_key(
            (0..=7).flat_map(|a| (0..=7).flat_map(move |b| (0..=7).map(move |c| make([a, b, c])))),
        );
    }
    same_values_with_canonical_key(
        (0..=25).flat_map(|a| (0..=25).map(move |b| Wythoff::new(a, b))),
    );
    let start = Subtraction::new(&[12, 12, 12], &[1, 3, 4]).unwrap();
    same_values_with_canonical_key((0..=12).flat_map(|a| (0..=12).map(move |b| (a, b))).map(
        |(a, b)| {
            start
                .parse_position(&format!("{a},{b},{}", (a + b) % 13))
                .unwrap()
        },
    ));
    let race = Race::new(30, 4).unwrap();
    same_values_with_canonical_key((0..=30).map(|t| race.parse_position(&t.to_string()).unwrap()));
    same_values_with_canonical_key((0..=40).map(|n| Bash::new(n, 5).unwrap()));
}

mod random {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Random take sets and random sums of up to three piles: search and Sprague-Grundy agree.
        #[test]
        fn random_subtraction_sums(
            set in proptest::collection::btree_set(1u32..=20, 1..=6),
            piles in proptest::collection::vec(0u32..=40, 1..=3),
        ) {
            let set: Vec<u32> = set.into_iter().collect();
            let game = Subtraction::new(&piles, &set).unwrap();
            let mut solver = Solver::with_key(|p: &Subtraction| p.canonical().unwrap());
            let value = solver.value(&game);
            prop_assert_eq!(value.is_win(), game.is_win_by_theory());
            let mut by_search: Vec<Take> = game
                .legal_moves()
                .into_iter()
                .filter(|&mv| solver.value(&game.after(mv)).is_loss())
                .collect();
            let mut by_theory = game.winning_moves_by_theory();
            by_search.sort();
            by_theory.sort();
            prop_assert_eq!(by_search, by_theory);
        }

        /// Random Nim and misère Nim positions of up to five piles.
        #[test]
        fn random_nim(piles in proptest::collection::vec(0u32..=9, 1..=5), misere in any::<bool>()) {
            let nim = if misere { Nim::misere(&piles) } else { Nim::new(&piles) }.unwrap();
            let mut solver = Solver::with_key(|p: &Nim| p.canonical().unwrap());
            prop_assert_eq!(solver.value(&nim).is_win(), nim.is_win_by_theory());
            let mut by_search: Vec<Take> = nim
                .legal_moves()
                .into_iter()
                .filter(|&mv| solver.value(&nim.after(mv)).is_loss())
                .collect();
            let mut by_theory = nim.winning_moves_by_theory();
            by_search.sort();
            by_theory.sort();
            prop_assert_eq!(by_search, by_theory);
        }
    }
}
