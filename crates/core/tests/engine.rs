//! The engine against the textbook searches: at a fixed depth without a table,
//! PVS (with aspiration windows, killers, history) returns exactly the value of
//! plain alpha-beta and negamax; solving to the end, every combination of
//! table, table size, threads and exact strategy returns the same exact value
//! with its remoteness; limits and the stop flag end the search with a legal move.

use ply_core::engine::{
    DefaultHooks, Engine, KnownValues, Limits, Settings, Stop, WithKnownValues,
};
use ply_core::testing::{RandomTree, TakeOneOrTwo, exact_configurations};
use ply_core::{Game, NoEvaluation, Outcome, Player, Score, alpha_beta, negamax};
use proptest::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::{Duration, Instant};

fn no_table() -> Settings {
    Settings::default().with_hash(0)
}

/// An explicit tree: inner nodes list their children, leaves hold a payoff for the side to move.
#[derive(Clone, Debug, Hash, PartialEq, Eq)]
struct Explicit {
    node: usize,
    ply: u32,
}

/// The textbook example (Russell & Norvig, fig. 5.2 extended one level): value 3 for MAX.
const TREE: &[&[usize]] = &[&[1, 2, 3], &[4, 5, 6], &[7, 8, 9], &[10, 11, 12]];
const LEAVES: [i32; 9] = [3, 12, 8, 2, 4, 6, 14, 5, 2];

impl Game for Explicit {
    type Move = usize;
    fn to_move(&self) -> Player {
        if self.ply % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.node >= TREE.len()).then(|| {
            let for_max = LEAVES[self.node - TREE.len()];
            let for_mover = if self.ply % 2 == 0 { for_max } else { -for_max };
            Outcome::Payoff(Score::heuristic(for_mover))
        })
    }
    fn generate_moves(&self, moves: &mut Vec<usize>) {
        moves.extend(0..TREE[self.node].len());
    }
    fn play(&mut self, mv: usize) {
        self.node = TREE[self.node][mv];
        self.ply += 1;
    }
}

#[test]
fn explicit_tree_value_in_every_configuration() {
    let root = Explicit { node: 0, ply: 0 };
    assert_eq!(
        alpha_beta(&root, &NoEvaluation, None).value,
        Score::heuristic(3)
    );
    for settings in exact_configurations() {
        let result = Engine::new(DefaultHooks, NoEvaluation, settings.clone())
            .search(&root, &Limits::exact());
        assert_eq!(result.score, Score::heuristic(3), "{settings:?}");
        assert_eq!(result.best, Some(0));
        assert_eq!(result.pv.len(), 2, "the proved line reaches a leaf");
        assert!(result.exact);
    }
    for depth in 1..=2 {
        let result = Engine::new(DefaultHooks, NoEvaluation, no_table())
            .search(&root, &Limits::depth(depth));
        assert_eq!(
            result.score,
            negamax(&root, &NoEvaluation, Some(depth)).value
        );
    }
}

/// The value of a pile of `left` for the side to move, independently of any search: lost
/// iff a multiple of 3; every round of two moves takes 3.
fn pile_value(left: u32) -> Score {
    if left % 3 == 0 {
        Score::loss_in(2 * left / 3)
    } else {
        Score::win_in(2 * (left / 3) + 1)
    }
}

#[test]
fn pile_exact_values_and_remoteness() {
    for left in 0..=25 {
        let root = TakeOneOrTwo {
            left,
            to_move: Player::First,
        };
        let reference = alpha_beta(&root, &NoEvaluation, None).value;
        let expected = pile_value(left);
        assert_eq!(reference, expected, "pile of {left}");
        for settings in exact_configurations() {
            let result = Engine::new(DefaultHooks, NoEvaluation, settings.clone())
                .search(&root, &Limits::exact());
            assert_eq!(result.score, expected, "pile of {left}, {settings:?}");
            assert!(result.exact);
            // The proved line ends the game in exactly the announced number of plies.
            assert_eq!(result.pv.len() as u32, expected.plies_to_end().unwrap());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn fixed_depth_without_table_equals_alpha_beta(seed in any::<u64>(), depth in 1u32..6, range in 1i32..100, ragged in any::<bool>()) {
        let tree = if ragged { RandomTree::ragged(seed, 4, 7) } else { RandomTree::new(seed, 3, 7) }.with_value_range(range);
        let eval = RandomTree::evaluator();
        let reference = negamax(&tree, &eval, Some(depth)).value;
        prop_assert_eq!(reference, alpha_beta(&tree, &eval, Some(depth)).value);
        // Without a table, helper threads share nothing but the busy marks, which only
        // reorder the main thread's moves: the value is still alpha-beta's.
        for (pvs, aspiration, threads) in [(true, true, 1), (true, false, 1), (false, false, 1), (true, true, 2), (true, true, 4)] {
            let settings = Settings { pvs, aspiration, helper_start_nodes: 0, ..no_table().with_threads(threads) };
            let result = Engine::new(DefaultHooks, eval, settings).search(&tree, &Limits::depth(depth));
            prop_assert_eq!(result.score, reference, "pvs {} aspiration {} threads {}", pvs, aspiration, threads);
            prop_assert_eq!(result.depth, depth);
            prop_assert!(tree.legal_moves().contains(&result.best.unwrap()));
            // The reported line is legal and its first move is the best move.
            let mut pos = tree.clone();
            for &mv in &result.pv {
                prop_assert!(pos.legal_moves().contains(&mv));
                pos.play(mv);
            }
            prop_assert_eq!(result.pv.first().copied(), result.best);
        }
    }

    #[test]
    fn solving_agrees_in_every_configuration(seed in any::<u64>(), range in 0i32..20) {
        let tree = RandomTree::ragged(seed, 4, 6).with_value_range(range);
        let eval = RandomTree::evaluator();
        let reference = alpha_beta(&tree, &eval, None).value;
        // Without the PV proof too: then the best move comes from the probes themselves.
        let with_and_without_pv = exact_configurations()
            .into_iter()
            .flat_map(|s| [Settings { exact_pv: false, ..s.clone() }, s]);
        for settings in with_and_without_pv {
            let result = Engine::new(DefaultHooks, eval, settings).search(&tree, &Limits::exact());
            prop_assert_eq!(result.score, reference);
            prop_assert!(result.exact);
            // The best move really reaches the value.
            let best = result.best.unwrap();
            let child = tree.after(best);
            prop_assert_eq!(-alpha_beta(&child, &eval, None).value, reference);
        }
    }

    #[test]
    fn table_at_fixed_depth_keeps_the_value_with_one_search(seed in any::<u64>(), depth in 1u32..6) {
        // A tree has no transpositions and one search starts from an empty table:
        // entries are only read back at the depth they were written, so the value
        // is the table-free one.
        let tree = RandomTree::new(seed, 3, 7).with_value_range(50);
        let eval = RandomTree::evaluator();
        let reference = alpha_beta(&tree, &eval, Some(depth)).value;
        let result = Engine::new(DefaultHooks, eval, Settings::default()).search(&tree, &Limits::depth(depth));
        prop_assert_eq!(result.score, reference);
    }
}

#[test]
fn node_limit_stops_with_a_legal_move() {
    let tree = RandomTree::new(5, 6, 30);
    let eval = RandomTree::evaluator();
    for threads in [1, 2] {
        let settings = Settings::default().with_threads(threads);
        let result =
            Engine::new(DefaultHooks, eval, settings).search(&tree, &Limits::nodes(20_000));
        assert!(result.stopped);
        assert!(tree.legal_moves().contains(&result.best.unwrap()));
        // Each thread notices the budget within one poll interval (1024 nodes).
        assert!(
            result.stats.nodes <= 20_000 + 2 * 1024 * threads as u64,
            "{}",
            result.stats.nodes
        );
    }
    // Even a budget of one node gives a legal move.
    let result =
        Engine::new(DefaultHooks, eval, Settings::default()).search(&tree, &Limits::nodes(1));
    assert!(tree.legal_moves().contains(&result.best.unwrap()));
}

#[test]
fn one_thread_stops_at_exactly_the_node_budget() {
    let tree = RandomTree::new(5, 6, 30);
    let eval = RandomTree::evaluator();
    for budget in [1, 2, 5, 1000, 1023, 1024, 1025, 4097, 20_000] {
        for threads in [1, 4] {
            // Helpers start after 4096 nodes: below that, the main thread alone is exact too.
            if threads > 1 && budget > 4096 {
                continue;
            }
            let settings = Settings::default().with_threads(threads);
            let result =
                Engine::new(DefaultHooks, eval, settings).search(&tree, &Limits::nodes(budget));
            assert!(result.stopped);
            assert_eq!(
                result.stats.nodes, budget,
                "budget {budget}, {threads} threads"
            );
        }
    }
    // With helpers at work, the budget is passed by less than the threads' poll intervals.
    let settings = Settings::default().with_threads(3);
    let result = Engine::new(DefaultHooks, eval, settings).search(&tree, &Limits::nodes(100_000));
    assert!(
        (100_000..100_000 + 1024 + 2 * 256).contains(&result.stats.nodes),
        "{}",
        result.stats.nodes
    );
}

#[test]
fn stop_flag_returns_promptly() {
    // A tree far too large to solve; another thread raises the flag after 50 ms.
    let tree = RandomTree::new(11, 8, 40);
    let eval = RandomTree::evaluator();
    for (threads, exact) in [(1, false), (2, false), (1, true), (2, true)] {
        let stop = Arc::new(AtomicBool::new(false));
        let raised = Arc::new(std::sync::Mutex::new(None::<Instant>));
        let (flag, when) = (stop.clone(), raised.clone());
        let raiser = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            *when.lock().unwrap() = Some(Instant::now());
            flag.store(true, Ordering::Relaxed);
        });
        let limits = Limits {
            exact,
            ..Limits::default()
        }
        .with_stop(stop);
        let settings = Settings::default().with_threads(threads);
        let result = Engine::new(DefaultHooks, eval, settings).search(&tree, &limits);
        let returned = Instant::now();
        raiser.join().unwrap();
        let latency = returned - raised.lock().unwrap().expect("the flag was raised");
        // A guard only (the real figure is measured in the bench): generous for loaded CI machines.
        assert!(
            latency < Duration::from_millis(500),
            "returned {latency:?} after the stop request"
        );
        assert!(result.stopped && !result.exact);
        assert!(tree.legal_moves().contains(&result.best.unwrap()));
    }
}

/// A deadline carried by the stop itself: nothing watches the clock (no thread, as in
/// WebAssembly); the search compares it with the clock when it polls.
#[test]
fn a_deadline_stops_a_search_with_no_watcher_thread() {
    let tree = RandomTree::new(11, 8, 40);
    let eval = RandomTree::evaluator();
    for exact in [false, true] {
        // The clock starts before the deadline is set, so the interval measured holds the
        // deadline's whole 50 ms.
        let clock = Instant::now();
        let stop = Stop::new().with_timeout(Duration::from_millis(50));
        let limits = Limits {
            exact,
            ..Limits::default()
        }
        .with_stop(stop.clone());
        let result = Engine::new(DefaultHooks, eval, no_table()).search(&tree, &limits);
        let took = clock.elapsed();
        assert!(result.stopped && !result.exact, "exact {exact}");
        assert!(stop.flag_raised(), "the search's look raised the flag");
        // No sooner than the deadline; the upper bound is a guard for loaded machines.
        assert!(
            took >= Duration::from_millis(50) && took < Duration::from_millis(500),
            "returned after {took:?}"
        );
        assert!(tree.legal_moves().contains(&result.best.unwrap()));
    }
}

static LOOKS: AtomicU32 = AtomicU32::new(0);

/// The page's stop button, pressed before the eleventh look.
fn pressed_at_the_eleventh_look() -> bool {
    LOOKS.fetch_add(1, Ordering::Relaxed) >= 10
}

/// A check (a WebAssembly module's look at the page's stop flag) is asked at every poll,
/// every 1024 nodes on one thread: true at the eleventh, the search stops there.
#[test]
fn a_check_stops_a_search_at_its_poll() {
    let tree = RandomTree::new(11, 8, 40);
    let eval = RandomTree::evaluator();
    let limits = Limits::default().with_stop(Stop::new().with_check(pressed_at_the_eleventh_look));
    let result = Engine::new(DefaultHooks, eval, no_table()).search(&tree, &limits);
    assert!(result.stopped && !result.exact);
    assert_eq!(
        LOOKS.load(Ordering::Relaxed),
        11,
        "raised: never asked again"
    );
    assert_eq!(result.stats.nodes, 11 * 1024);
    assert!(tree.legal_moves().contains(&result.best.unwrap()));
}

#[test]
fn time_limit_is_respected_and_iterations_are_reported() {
    let tree = RandomTree::new(3, 6, 40);
    let eval = RandomTree::evaluator();
    let mut reports = Vec::new();
    let clock = Instant::now();
    let result = Engine::new(DefaultHooks, eval, Settings::default()).search_with(
        &tree,
        &Limits::time(Duration::from_millis(100)),
        |info| reports.push((info.depth, info.nodes, info.pv.clone())),
    );
    assert!(clock.elapsed() < Duration::from_millis(600));
    assert!(!reports.is_empty());
    // One report per completed iteration, depths 1, 2, 3, ... with growing node counts.
    for (i, (depth, _, pv)) in reports.iter().enumerate() {
        assert_eq!(*depth, i as u32 + 1);
        assert!(!pv.is_empty());
    }
    assert!(reports.windows(2).all(|w| w[0].1 <= w[1].1));
    assert_eq!(result.iterations.len(), reports.len());
    assert_eq!(result.depth, reports.last().unwrap().0);
}

#[test]
fn finished_root_has_its_value_and_no_move() {
    let root = TakeOneOrTwo {
        left: 0,
        to_move: Player::Second,
    };
    let result = Engine::new(DefaultHooks, NoEvaluation, Settings::default())
        .search(&root, &Limits::exact());
    assert_eq!(
        (result.score, result.best, result.exact),
        (Score::loss_in(0), None, true)
    );
}

/// A "book" for the pile game: the exact value of every pile of at most `upto`,
/// from the closed form, node-relative (added to the default hooks by `WithKnownValues`).
struct PileBook {
    upto: u32,
}

impl KnownValues<TakeOneOrTwo> for PileBook {
    fn known_value(&self, pos: &TakeOneOrTwo) -> Option<Score> {
        (pos.left <= self.upto && pos.left > 0).then(|| pile_value(pos.left))
    }
}

#[test]
fn known_values_end_nodes_and_keep_value_and_remoteness() {
    for left in 1..=25 {
        let root = TakeOneOrTwo {
            left,
            to_move: Player::First,
        };
        let plain =
            Engine::new(DefaultHooks, NoEvaluation, no_table()).search(&root, &Limits::exact());
        for upto in [3, 9, 30] {
            for settings in exact_configurations() {
                let hooks = WithKnownValues::new(DefaultHooks, PileBook { upto });
                let booked = Engine::new(hooks, NoEvaluation, settings.clone())
                    .search(&root, &Limits::exact());
                assert_eq!(
                    booked.score, plain.score,
                    "pile {left}, book to {upto}, {settings:?}"
                );
                assert!(booked.exact);
                if settings.hash_mib == 0 && settings.threads == 1 && upto >= 9 && left > 12 {
                    assert!(
                        booked.stats.nodes < plain.stats.nodes,
                        "pile {left}: the book ends nodes"
                    );
                }
            }
        }
    }
    // A (deliberately wrong) book is believed: the hook really decides nodes.
    struct Liar;
    impl KnownValues<TakeOneOrTwo> for Liar {
        fn known_value(&self, pos: &TakeOneOrTwo) -> Option<Score> {
            (pos.left <= 2).then_some(Score::loss_in(4))
        }
    }
    let root = TakeOneOrTwo {
        left: 4,
        to_move: Player::First,
    };
    // Taking 2 leaves a pile of 2 that the liar calls lost in 4: a win in 5, where the
    // truth is a win in 3 (take 1, leaving 3).
    let lied = Engine::new(
        WithKnownValues::new(DefaultHooks, Liar),
        NoEvaluation,
        no_table(),
    )
    .search(&root, &Limits::exact());
    assert_eq!(lied.score, Score::win_in(5));
}

/// A game wider than 65,536 moves: at `Wide::Choose` the mover has `WIDE` moves, of
/// which only the last wins at once (the others end in a draw). A move list indexed
/// by 16 bits would lose that move.
#[derive(Clone, Debug, Hash, PartialEq, Eq)]
enum Wide {
    /// One move, to `Choose`, for the opponent of the player who will choose.
    Before,
    Choose,
    Drawn,
    /// The chooser took the last move: the opponent, to move, has lost.
    Lost,
}

const WIDE: usize = 70_000;

impl Game for Wide {
    type Move = usize;
    fn to_move(&self) -> Player {
        match self {
            Wide::Before => Player::First,
            Wide::Choose => Player::Second,
            Wide::Drawn | Wide::Lost => Player::First,
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        match self {
            Wide::Drawn => Some(Outcome::Draw),
            Wide::Lost => Some(Outcome::Loss),
            _ => None,
        }
    }
    fn generate_moves(&self, moves: &mut Vec<usize>) {
        match self {
            Wide::Before => moves.push(0),
            Wide::Choose => moves.extend(0..WIDE),
            _ => {}
        }
    }
    fn play(&mut self, mv: usize) {
        *self = match self {
            Wide::Before => Wide::Choose,
            _ if mv == WIDE - 1 => Wide::Lost,
            _ => Wide::Drawn,
        };
    }
}

#[test]
fn nodes_wider_than_sixteen_bits_keep_every_move() {
    // At the root (ordered once) and one ply down (ordered at every node).
    let result =
        Engine::new(DefaultHooks, NoEvaluation, no_table()).search(&Wide::Choose, &Limits::exact());
    assert_eq!(result.score, Score::win_in(1));
    assert_eq!(result.best, Some(WIDE - 1));
    // (A few configurations: each searches the wide node's 70,000 children more than once.)
    for settings in [
        no_table(),
        Settings::default(),
        Settings::default().with_threads(2),
    ] {
        let result = Engine::new(DefaultHooks, NoEvaluation, settings.clone())
            .search(&Wide::Before, &Limits::exact());
        assert_eq!(result.score, Score::loss_in(2), "{settings:?}");
        assert_eq!(result.pv, vec![0, WIDE - 1], "{settings:?}");
    }
}
