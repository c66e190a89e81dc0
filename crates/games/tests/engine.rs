//! The engine on real games: tic-tac-toe, m,n,k and Connect Four, against the
//! textbook alpha-beta and an independent memoised brute-force solver.

use ply_core::engine::{DefaultHooks, Engine, Limits, SearchHooks, Settings};
use ply_core::testing::exact_configurations;
use ply_core::{Evaluator, Game, NoEvaluation, Score, alpha_beta};
use ply_games::connect4::{Connect4Eval, Connect4Hooks};
use ply_games::{Connect4, Mnk, Notation, OpenLines};
use std::collections::{HashMap, HashSet};

/// Every position reachable from `start` in at most `plies` moves, each once.
fn positions<G: Game + std::hash::Hash + Eq>(start: &G, plies: u32) -> Vec<G> {
    let mut seen = HashSet::new();
    let mut frontier = vec![start.clone()];
    let mut all = Vec::new();
    for _ in 0..=plies {
        let mut next = Vec::new();
        for pos in frontier {
            if !seen.insert(pos.clone()) {
                continue;
            }
            all.push(pos.clone());
            next.extend(pos.legal_moves().into_iter().map(|mv| pos.after(mv)));
        }
        frontier = next;
    }
    all
}

/// Solves with the engine, checks the answer is legal and proved, returns the score.
fn solve<G, H, E>(pos: &G, hooks: H, eval: E, settings: Settings) -> Score
where
    G: Game + Sync + std::fmt::Debug,
    H: SearchHooks<G>,
    E: Evaluator<G> + Sync,
{
    let result = Engine::new(hooks, eval, settings).search(pos, &Limits::exact());
    assert!(result.exact, "{pos:?}");
    if pos.outcome().is_none() {
        assert!(pos.legal_moves().contains(&result.best.unwrap()));
    }
    result.score
}

/// Every tic-tac-toe position within `plies` of the start, at every depth in `depths`,
/// searched by the engine without a table: alpha-beta's value and a legal move.
fn tic_tac_toe_equals_alpha_beta<H: SearchHooks<Mnk> + Copy>(
    hooks: H,
    plies: u32,
    depths: std::ops::RangeInclusive<u32>,
) {
    let start = Mnk::tic_tac_toe();
    let eval = OpenLines::new(&start);
    let settings = Settings::default().with_hash(0);
    for pos in positions(&start, plies) {
        for depth in depths.clone() {
            let reference = alpha_beta(&pos, &eval, Some(depth)).value;
            let result = Engine::new(hooks, eval.clone(), settings.clone())
                .search(&pos, &Limits::depth(depth));
            // The engine stops early on a proved win or loss, with the same value.
            assert_eq!(
                result.score,
                reference,
                "{} at depth {depth}",
                pos.position_string()
            );
            if pos.outcome().is_none() {
                assert!(pos.legal_moves().contains(&result.best.unwrap()));
            }
        }
    }
}

#[test]
fn tic_tac_toe_fixed_depth_without_table_equals_alpha_beta() {
    tic_tac_toe_equals_alpha_beta(DefaultHooks, 4, 1..=3);
    // Without killers and history, the moves near the horizon keep generation order
    // (no keys, no selection; `order_hint_min_depth`): the same values.
    #[derive(Clone, Copy)]
    struct NoKillers(u32);
    impl SearchHooks<Mnk> for NoKillers {
        fn hash(&self, pos: &Mnk) -> u64 {
            ply_core::engine::fx_hash(pos)
        }
        fn killers_and_history(&self) -> bool {
            false
        }
        fn order_hint(&self, _pos: &Mnk, mv: ply_games::Cell) -> i32 {
            // Any hint that reorders: later cells first.
            mv.0 as i32
        }
        fn order_hint_min_depth(&self) -> u32 {
            self.0
        }
    }
    for hints_from in [2, 3, 5] {
        tic_tac_toe_equals_alpha_beta(NoKillers(hints_from), 4, 1..=4);
    }
}

/// Two plies per iteration (`iteration_step`): the iterations end on the depth asked
/// for, odd or even, and the value at that depth is alpha-beta's, as with one ply.
#[test]
fn iterations_two_plies_apart_end_on_the_depth_asked_for() {
    #[derive(Clone, Copy)]
    struct TwoPlies;
    impl SearchHooks<Mnk> for TwoPlies {
        fn hash(&self, pos: &Mnk) -> u64 {
            ply_core::engine::fx_hash(pos)
        }
        fn iteration_step(&self) -> u32 {
            2
        }
    }
    let start = Mnk::tic_tac_toe();
    let eval = OpenLines::new(&start);
    let settings = Settings::default().with_hash(0);
    for (depth, expected) in [(5, vec![1, 3, 5]), (4, vec![2, 4])] {
        let result = Engine::new(TwoPlies, eval.clone(), settings.clone())
            .search(&start, &Limits::depth(depth));
        let depths: Vec<u32> = result.iterations.iter().map(|i| i.depth).collect();
        assert_eq!(depths, expected);
    }
    tic_tac_toe_equals_alpha_beta(TwoPlies, 3, 1..=4);
}

/// The checks every pruning hook must pass: with `none` (a setting that prunes nothing)
/// the values are alpha-beta's at every depth; with `most` (one that prunes all it may)
/// a search takes fewer nodes and still returns a legal move; and exact mode, which
/// never prunes, solves with `most` as alpha-beta does.
fn prunes_at_fixed_depth_only<H: SearchHooks<Mnk> + Copy>(none: H, most: H) {
    tic_tac_toe_equals_alpha_beta(none, 3, 1..=4);
    let start = Mnk::tic_tac_toe();
    let eval = OpenLines::new(&start);
    let settings = Settings::default().with_hash(0);
    let nodes = |hooks: H| {
        let result =
            Engine::new(hooks, eval.clone(), settings.clone()).search(&start, &Limits::depth(5));
        assert!(start.legal_moves().contains(&result.best.unwrap()));
        result.stats.nodes
    };
    assert!(nodes(most) < nodes(none));
    for pos in positions(&start, 3) {
        let reference = alpha_beta(&pos, &NoEvaluation, None).value;
        assert_eq!(
            solve(&pos, most, NoEvaluation, Settings::default()),
            reference
        );
    }
}

/// Futility pruning of quiet moves (`quiet_move_margin`, `is_quiet`): a margin no
/// evaluation can fall short by prunes nothing (alpha-beta's values at every depth); a
/// margin of 0 skips moves (fewer nodes, still a legal move); exact mode never prunes.
#[test]
fn futility_pruning_skips_quiet_moves_at_fixed_depth_only() {
    #[derive(Clone, Copy)]
    struct Futile(i32);
    impl SearchHooks<Mnk> for Futile {
        fn hash(&self, pos: &Mnk) -> u64 {
            ply_core::engine::fx_hash(pos)
        }
        fn quiet_move_margin(&self, _pos: &Mnk, _depth: u32) -> Option<Score> {
            Some(Score::heuristic(self.0))
        }
        fn is_quiet(&self, _pos: &Mnk, _mv: ply_games::Cell, _child: &Mnk) -> bool {
            true
        }
    }
    prunes_at_fixed_depth_only(Futile(Score::MAX_HEURISTIC.raw()), Futile(0));
}

/// Late-move pruning (`late_move_limit`, `is_quiet`): a limit above any node's number of
/// moves gives alpha-beta's values at every depth; a limit of 1 searches one move per
/// node off the principal variation (fewer nodes, still a legal move); exact mode never
/// prunes.
#[test]
fn late_move_pruning_skips_quiet_moves_at_fixed_depth_only() {
    #[derive(Clone, Copy)]
    struct Late(usize);
    impl SearchHooks<Mnk> for Late {
        fn hash(&self, pos: &Mnk) -> u64 {
            ply_core::engine::fx_hash(pos)
        }
        fn late_move_limit(&self, _pos: &Mnk, _depth: u32) -> Option<usize> {
            Some(self.0)
        }
        fn is_quiet(&self, _pos: &Mnk, _mv: ply_games::Cell, _child: &Mnk) -> bool {
            true
        }
    }
    prunes_at_fixed_depth_only(Late(9), Late(1));
}

/// Moves the game judges unpromising (`unpromising`): none judged so gives alpha-beta's
/// values at every depth; all judged so leaves only the first move searched at each node
/// (fewer nodes, still a legal move); exact mode never skips one.
#[test]
fn unpromising_moves_are_skipped_at_fixed_depth_only() {
    #[derive(Clone, Copy)]
    struct Judged(bool);
    impl SearchHooks<Mnk> for Judged {
        fn hash(&self, pos: &Mnk) -> u64 {
            ply_core::engine::fx_hash(pos)
        }
        fn unpromising(&self, _pos: &Mnk, _mv: ply_games::Cell, _depth: u32) -> bool {
            self.0
        }
    }
    prunes_at_fixed_depth_only(Judged(false), Judged(true));
}

/// Singular extensions (`singular_margin`): with a margin at every depth, the test
/// searches run (a different node count from the search without them) and every search
/// still returns a legal move; exact mode never runs them (alpha-beta's values).
#[test]
fn singular_extensions_run_at_fixed_depth_only() {
    #[derive(Clone, Copy)]
    struct Singular(Option<i32>);
    impl SearchHooks<Mnk> for Singular {
        fn hash(&self, pos: &Mnk) -> u64 {
            ply_core::engine::fx_hash(pos)
        }
        fn singular_margin(&self, _pos: &Mnk, _depth: u32) -> Option<Score> {
            self.0.map(Score::heuristic)
        }
    }
    // Without a margin, the values are alpha-beta's at every depth.
    tic_tac_toe_equals_alpha_beta(Singular(None), 3, 1..=4);
    let start = Mnk::tic_tac_toe();
    let eval = OpenLines::new(&start);
    // The test needs the table's move and bound: a table of 1 MiB.
    let settings = Settings::default().with_hash(1);
    let mut differs = false;
    for pos in positions(&start, 2) {
        if pos.outcome().is_some() {
            continue;
        }
        let search = |hooks: Singular| {
            let result =
                Engine::new(hooks, eval.clone(), settings.clone()).search(&pos, &Limits::depth(7));
            assert!(pos.legal_moves().contains(&result.best.unwrap()));
            result.stats.nodes
        };
        differs |= search(Singular(Some(0))) != search(Singular(None));
        differs |= search(Singular(Some(50))) != search(Singular(None));
    }
    assert!(differs, "the singular-extension test never ran");
    for pos in positions(&start, 3) {
        let reference = alpha_beta(&pos, &NoEvaluation, None).value;
        assert_eq!(
            solve(&pos, Singular(Some(0)), NoEvaluation, Settings::default()),
            reference
        );
    }
}

/// The follow-up history (`continuation_code`) only orders: alpha-beta's values at every
/// depth, and a different search (node count) from the one without it.
#[test]
fn follow_up_history_orders_only() {
    #[derive(Clone, Copy)]
    struct FollowUp(bool);
    impl SearchHooks<Mnk> for FollowUp {
        fn hash(&self, pos: &Mnk) -> u64 {
            ply_core::engine::fx_hash(pos)
        }
        fn move_code(&self, _pos: &Mnk, mv: ply_games::Cell) -> Option<u16> {
            Some(mv.0 as u16)
        }
        fn is_quiet(&self, _pos: &Mnk, _mv: ply_games::Cell, _child: &Mnk) -> bool {
            true
        }
        fn continuation_code(&self, _pos: &Mnk, mv: ply_games::Cell) -> Option<u16> {
            self.0.then_some(mv.0 as u16)
        }
    }
    tic_tac_toe_equals_alpha_beta(FollowUp(true), 3, 1..=4);
    let start = Mnk::tic_tac_toe();
    let eval = OpenLines::new(&start);
    let nodes = |hooks: FollowUp| {
        Engine::new(hooks, eval.clone(), Settings::default().with_hash(0))
            .search(&start, &Limits::depth(6))
            .stats
            .nodes
    };
    assert_ne!(nodes(FollowUp(true)), nodes(FollowUp(false)));
}

/// Beyond the horizon, a leaf with noisy moves to search looks in the table first and
/// stores its value: with every move noisy, a search one ply deep is a quiescence search
/// of the whole game, full of transpositions. The table answers some of its nodes, and
/// the values are the table-free search's (a quiescence value depends on the position
/// alone, so a stored bound is true wherever it is met).
#[test]
fn quiescence_looks_in_the_table() {
    #[derive(Clone, Copy)]
    struct AllNoisy;
    impl SearchHooks<Mnk> for AllNoisy {
        fn hash(&self, pos: &Mnk) -> u64 {
            ply_core::engine::fx_hash(pos)
        }
        fn noisy_moves(&self, pos: &Mnk, moves: &mut Vec<ply_games::Cell>) {
            pos.generate_moves(moves);
        }
    }
    let start = Mnk::tic_tac_toe();
    let eval = OpenLines::new(&start);
    for pos in positions(&start, 2) {
        if pos.outcome().is_some() {
            continue;
        }
        let search = |mib: usize| {
            Engine::new(AllNoisy, eval.clone(), Settings::default().with_hash(mib))
                .search(&pos, &Limits::depth(1))
        };
        let (with, without) = (search(1), search(0));
        assert_eq!(with.score, without.score, "{}", pos.position_string());
        assert_eq!(without.stats.tt_cutoffs, 0);
        if pos == start {
            assert!(with.stats.tt_cutoffs > 0);
            assert!(with.stats.nodes < without.stats.nodes);
        }
    }
}

#[test]
fn tic_tac_toe_every_position_solved_exactly() {
    let start = Mnk::tic_tac_toe();
    let all = positions(&start, 9);
    assert_eq!(all.len(), 5478, "the number of legal tic-tac-toe positions");
    let mut engine = Engine::new(DefaultHooks, NoEvaluation, Settings::default());
    for (i, pos) in all.iter().enumerate() {
        let reference = alpha_beta(pos, &NoEvaluation, None).value;
        // One engine (and table) across all positions: stored results must stay true.
        let result = engine.search(pos, &Limits::exact());
        assert_eq!(result.score, reference, "{}", pos.position_string());
        // The first positions in every configuration, fresh tables.
        if i < 60 {
            for settings in exact_configurations() {
                assert_eq!(solve(pos, DefaultHooks, NoEvaluation, settings), reference);
            }
        }
    }
    assert_eq!(alpha_beta(&start, &NoEvaluation, None).value, Score::DRAW);
}

#[test]
fn tic_tac_toe_table_at_fixed_depth_only_finds_true_wins_and_losses() {
    // With a table, a fixed-depth search may use deeper stored results, so a
    // heuristic value may differ from the table-free one. What the proof allows:
    // a win or loss it reports is the true value, and a win or loss the
    // table-free search proves within the depth is reported unchanged.
    let start = Mnk::tic_tac_toe();
    let eval = OpenLines::new(&start);
    let mut engine = Engine::new(DefaultHooks, eval.clone(), Settings::default().with_hash(1));
    for pos in positions(&start, 5) {
        for depth in [2, 4, 6] {
            let with_table = engine.search(&pos, &Limits::depth(depth)).score;
            let without = alpha_beta(&pos, &eval, Some(depth)).value;
            if with_table.is_decisive() {
                assert_eq!(with_table, alpha_beta(&pos, &NoEvaluation, None).value);
            }
            if without.is_decisive() {
                assert_eq!(with_table, without);
            }
        }
    }
}

#[test]
fn mnk_4_3_3_in_every_configuration() {
    let start = Mnk::new(4, 3, 3).unwrap();
    let reference = alpha_beta(&start, &NoEvaluation, None).value;
    assert_eq!(
        reference,
        Score::win_in(7),
        "4x3, three in a row: the first player wins with the 4th stone"
    );
    for settings in exact_configurations() {
        assert_eq!(
            solve(&start, DefaultHooks, NoEvaluation, settings),
            reference
        );
    }
}

/// Independent reference: memoised negamax over every position, no pruning.
/// Returns node-relative, distance-aware values.
fn brute_force(pos: &Connect4, memo: &mut HashMap<(u64, u64), Score>) -> Score {
    if let Some(outcome) = pos.outcome() {
        return outcome.score(0, true);
    }
    if let Some(&v) = memo.get(&pos.bitboards()) {
        return v;
    }
    let best = pos
        .legal_moves()
        .into_iter()
        .map(|c| (-brute_force(&pos.after(c), memo)).from_node(1))
        .max()
        .unwrap();
    memo.insert(pos.bitboards(), best);
    best
}

#[test]
fn small_connect_four_boards_against_brute_force() {
    // Known values (checked here by brute force): every board below 4 wide or
    // 4 high is a draw for lack of room; 4x4 and 5x4 are draws.
    for (w, h) in [(4, 4), (5, 4), (3, 3)] {
        let start = Connect4::new(w, h).unwrap();
        let mut memo = HashMap::new();
        let reference = brute_force(&start, &mut memo);
        assert_eq!(reference, Score::DRAW, "{w}x{h}");
        // Without a table the search is exponential: every configuration on the small boards only.
        for settings in exact_configurations()
            .into_iter()
            .filter(|s| s.hash_mib > 0 || w * h <= 16)
        {
            assert_eq!(
                solve(&start, Connect4Hooks, Connect4Eval, settings.clone()),
                reference,
                "{w}x{h}"
            );
        }
        assert_eq!(
            solve(&start, DefaultHooks, NoEvaluation, Settings::default()),
            reference
        );
        // Positions a few moves in, where someone wins: hooks and no hooks agree with brute force.
        for pos in positions(&start, 4).iter().step_by(3) {
            let reference = brute_force(pos, &mut memo);
            assert_eq!(
                solve(pos, Connect4Hooks, Connect4Eval, Settings::default()),
                reference,
                "{}",
                pos.position_string()
            );
            if w * h <= 16 {
                // Without hooks or table the search is exponential: small boards only.
                assert_eq!(
                    solve(
                        pos,
                        DefaultHooks,
                        NoEvaluation,
                        Settings::default().with_hash(0)
                    ),
                    reference
                );
            }
        }
    }
}

#[test]
fn connect_four_depth_limited_play_is_legal_and_sees_immediate_threats() {
    let c4 = Connect4::standard();
    // X threatens to complete the bottom row at column 4: O must block there.
    let pos = c4.parse_position("17273").unwrap();
    for threads in [1, 2] {
        let result = Engine::new(
            Connect4Hooks,
            Connect4Eval,
            Settings::default().with_threads(threads),
        )
        .search(&pos, &Limits::depth(6));
        assert_eq!(pos.move_string(result.best.unwrap()), "4");
        assert_eq!(result.depth, 6);
    }
    // Without a table, threads share only the busy marks (which reorder moves): every
    // thread count finds the single-threaded value at a fixed depth, with a legal move.
    let pos = c4.parse_position("4453").unwrap();
    let value_with = |threads: usize| {
        let settings = Settings {
            helper_start_nodes: 0,
            ..Settings::default().with_hash(0).with_threads(threads)
        };
        let result =
            Engine::new(Connect4Hooks, Connect4Eval, settings).search(&pos, &Limits::depth(7));
        assert!(pos.legal_moves().contains(&result.best.unwrap()));
        assert_eq!(result.depth, 7);
        result.score
    };
    let single = value_with(1);
    assert_eq!(value_with(2), single);
    assert_eq!(value_with(4), single);
    // X to move wins at once.
    let pos = c4.parse_position("112233").unwrap();
    let result = Engine::new(Connect4Hooks, Connect4Eval, Settings::default())
        .search(&pos, &Limits::depth(8));
    assert_eq!((result.score, result.best), (Score::win_in(1), Some(3)));
}

/// The lean loop one ply above the horizon (`Settings::lean_frontier`) runs the same steps
/// as the general search: on Connect Four (whose moves keep generation order there) every
/// depth gives the same value, best move, line and node count with it and without it.
#[test]
fn connect_four_lean_frontier_changes_nothing_but_speed() {
    let c4 = Connect4::standard();
    let mut positions: Vec<Connect4> = ["", "4453", "444333", "43443555", "17273", "112233"]
        .iter()
        .map(|text| c4.parse_position(text).unwrap())
        .collect();
    // A few more from a fixed pseudo-random walk.
    let mut state = 0x2545_f491_4f6c_dd1du64;
    while positions.len() < 16 {
        let mut pos = c4;
        for _ in 0..(6 + positions.len()) {
            let moves = pos.legal_moves();
            if pos.outcome().is_some() || moves.is_empty() {
                break;
            }
            state = ply_core::engine::splitmix64(state);
            pos = pos.after(moves[(state % moves.len() as u64) as usize]);
        }
        if pos.outcome().is_none() {
            positions.push(pos);
        }
    }
    for pos in &positions {
        for depth in [1, 2, 3, 5, 7] {
            let run = |lean: bool| {
                let settings = Settings {
                    lean_frontier: lean,
                    ..Settings::default().with_hash(1)
                };
                let result = Engine::new(Connect4Hooks, Connect4Eval, settings)
                    .search(pos, &Limits::depth(depth));
                (result.score, result.best, result.pv, result.stats.nodes)
            };
            assert_eq!(
                run(true),
                run(false),
                "{} at depth {depth}",
                pos.position_string()
            );
        }
    }
}

/// Pons' score of an exact value (0 draw, otherwise ±(stones the winner never played + 1)).
fn pons_score(pos: &Connect4, value: Score) -> i32 {
    ply_games::connect4::to_pons(pos, value).expect("an exact value")
}

#[test]
fn pons_test_set_l3_r1() {
    // The shared data folder: $PLY_C4_DATA, or next to the repository (or next to the
    // folder of worktrees).
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let candidates = [
        std::env::var("PLY_C4_DATA")
            .map(|dir| format!("{dir}/Test_L3_R1"))
            .unwrap_or_default(),
        format!("{root}/../shared/data/connect4/Test_L3_R1"),
        format!("{root}/../../shared/data/connect4/Test_L3_R1"),
    ];
    let Some(text) = candidates
        .iter()
        .find_map(|path| std::fs::read_to_string(path).ok())
    else {
        // Written past the test harness's capture, so that `cargo test` shows it.
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "note: Test_L3_R1 not found (set PLY_C4_DATA or put the sets in ../shared/data/connect4): skipped"
        );
        return;
    };
    let c4 = Connect4::standard();
    let settings = Settings {
        exact_pv: false,
        ..Settings::default()
    };
    let mut engine = Engine::new(Connect4Hooks, Connect4Eval, settings);
    for (n, line) in text.lines().enumerate().take(300) {
        let (moves, score) = line.split_once(' ').expect("moves score");
        let pos = c4.parse_position(moves).unwrap();
        engine.clear();
        let result = engine.search(&pos, &Limits::exact());
        assert_eq!(
            pons_score(&pos, result.score),
            score.parse::<i32>().unwrap(),
            "line {}: {moves}",
            n + 1
        );
        // The best move (without the PV proof: the root move of the last probe that
        // failed high, or a proof) reaches the value.
        let best = result.best.expect("a move");
        let child = pos.after(best);
        if child.outcome().is_none() {
            engine.clear();
            let reply = engine.search(&child, &Limits::exact());
            assert_eq!(
                -reply.score.from_node(1),
                result.score,
                "line {}: {moves}",
                n + 1
            );
        }
    }
}

/// Every catalog game runs on the engine through its own hooks (`Playable::with_search_hooks`),
/// as `ply analyze` does: a short search returns a legal move.
#[test]
fn every_catalog_game_runs_on_the_engine() {
    use ply_core::engine::HooksVisitor;
    use ply_games::{GameVisitor, Playable, with_game};

    struct Run<'a, G>(&'a G);
    impl<G: Playable> HooksVisitor<G> for Run<'_, G> {
        type Output = bool;
        fn visit<H: SearchHooks<G>>(self, hooks: H) -> bool {
            let mut engine = Engine::new(
                hooks,
                self.0.evaluator(),
                Settings::default().with_hash(1).with_threads(2),
            );
            let result = engine.search(self.0, &Limits::depth(3).with_nodes(50_000));
            result
                .best
                .is_some_and(|mv| self.0.legal_moves().contains(&mv))
        }
    }
    struct Visit;
    impl GameVisitor for Visit {
        type Output = bool;
        fn visit<G: Playable>(self, start: G) -> bool {
            start.with_search_hooks(Run(&start))
        }
    }
    for spec in [
        "tictactoe",
        "mnk:4,4,3",
        "mnk:5,5,4",
        "connect4",
        "connect4:5x4",
        "connect4:4x4",
        "race",
        "nim:3,4,5",
        "misere-nim:1,2,3",
        "bash:21,3",
        "wythoff:4,6",
        "subtraction:20,17;1,3,4",
        "pursuit:grid:3x3,cops=1",
        "pursuit:cycle:5",
    ] {
        assert!(with_game(spec, Visit).unwrap(), "{spec}");
    }
}

/// Values of the 6x4 positions with one stone, as a "book": the value search of the
/// empty board then costs a few nodes, and proving its principal variation to the
/// end would cost far more than that. The proof stops within its budget, after a
/// first move that is really best.
#[test]
fn principal_variation_proof_stays_within_its_budget() {
    use ply_core::engine::{KnownValues, WithKnownValues};
    struct OneStone(HashMap<(u64, u64), Score>);
    impl KnownValues<Connect4> for OneStone {
        fn known_value(&self, pos: &Connect4) -> Option<Score> {
            self.0.get(&pos.bitboards()).copied()
        }
    }
    let start = Connect4::new(6, 4).unwrap();
    let exact = Settings::default();
    let plain =
        Engine::new(Connect4Hooks, Connect4Eval, exact.clone()).search(&start, &Limits::exact());
    // 6x4: the second player wins with the last stone.
    assert_eq!(plain.score, Score::loss_in(24));
    assert_eq!(
        plain.pv.len(),
        24,
        "without a book the line is proved to the end"
    );
    let mut book = HashMap::new();
    for column in start.legal_moves() {
        let child = start.after(column);
        let v = Engine::new(Connect4Hooks, Connect4Eval, exact.clone())
            .search(&child, &Limits::exact());
        book.insert(child.bitboards(), v.score);
    }
    let hooks = WithKnownValues::new(Connect4Hooks, OneStone(book.clone()));
    // The proof may cost twice the value search, with no minimum.
    let settings = Settings {
        exact_pv_min_nodes: 0,
        ..exact
    };
    let booked = Engine::new(hooks, Connect4Eval, settings).search(&start, &Limits::exact());
    assert!(booked.exact);
    assert_eq!(booked.score, plain.score);
    assert!(
        booked.iterations.last().unwrap().nodes < 100,
        "the book answers the value"
    );
    assert!(
        !booked.pv.is_empty() && booked.pv.len() < 24,
        "the proof stops short: {} moves",
        booked.pv.len()
    );
    // Its first move is a best move, and the proof kept to about its budget.
    let first = start.after(booked.pv[0]);
    assert_eq!(-book[&first.bitboards()].from_node(1), plain.score);
    assert!(
        booked.stats.nodes < plain.stats.nodes,
        "{} nodes",
        booked.stats.nodes
    );
}

/// Bisection hands positions near the end to one full-window search: one report
/// instead of a probe per halving, the same value, and a best move that reaches it.
#[test]
fn bisection_ends_with_one_full_window_search() {
    let c4 = Connect4::standard();
    // From Test_L3_R1: 29 stones, 13 plies left, a draw (several probes to bisect).
    let pos = c4.parse_position("52677675164321472411331752454").unwrap();
    let solve_with = |full_window_plies| {
        let settings = Settings {
            full_window_plies,
            exact_pv: false,
            ..Settings::default()
        };
        Engine::new(Connect4Hooks, Connect4Eval, settings).search(&pos, &Limits::exact())
    };
    let bisected = solve_with(0);
    let hybrid = solve_with(Settings::default().full_window_plies);
    assert!(bisected.iterations.len() >= 2, "{:?}", bisected.iterations);
    assert_eq!(hybrid.iterations.len(), 1, "{:?}", hybrid.iterations);
    assert_eq!(hybrid.score, bisected.score);
    assert_eq!(pons_score(&pos, hybrid.score), 0);
    let child = pos.after(hybrid.best.expect("a move"));
    let reply = Engine::new(Connect4Hooks, Connect4Eval, Settings::default())
        .search(&child, &Limits::exact());
    assert_eq!(-reply.score.from_node(1), hybrid.score);
}
