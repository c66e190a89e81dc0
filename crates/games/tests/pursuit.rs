//! Pursuit and evasion, proved exactly: the retrograde solver against theorems of
//! graph theory and against brute force written independently of it.
//!
//! Visible fugitive: one cop wins on trees and paths and loses on cycles of length
//! at least 4; grids from 3x3 need two cops; the Petersen graph needs three; a
//! connected graph is one-cop-win exactly when it is dismantlable (Nowakowski and
//! Winkler, Quilliot). Invisible fugitive: every plan the solver reports is replayed
//! against every walk the fugitive could take.

use ply_core::retrograde::{RetrogradeTable, Value};
use ply_core::{Game, Player};
use ply_games::graph::Graph;
use ply_games::pursuit::PursuitMove;
use ply_games::{FieldValue, HiddenPursuit, Notation, Playable, Pursuit};

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut x = self.0;
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (x ^ (x >> 31)) % n
    }
}

fn solve(game: &Pursuit) -> RetrogradeTable<Pursuit> {
    RetrogradeTable::solve(game).expect("small enough")
}

/// Whether `cops` cops catch a visible fugitive on the graph `spec`.
fn cops_win(spec: &str, cops: u8) -> bool {
    let game = Pursuit::new(Graph::from_spec(spec).unwrap(), cops).unwrap();
    let value = solve(&game).start_value();
    // The fugitive never wins: the cops win or the game goes on for ever.
    assert!(!value.is_loss(), "{spec}");
    value.is_win()
}

/// The `ply solve` facts of the start position (cops_win, capture_time).
fn capture_time(game: &Pursuit) -> Option<u64> {
    let table = solve(game);
    let line = table.principal_variation(game);
    let fields = game.solve_fields(table.start_value().score(), &line);
    match &fields[..] {
        [("cops_win", FieldValue::Bool(win)), ("capture_time", time)] => match (win, time) {
            (true, FieldValue::Number(t)) => Some(*t),
            (false, FieldValue::Null) => None,
            other => panic!("inconsistent fields {other:?}"),
        },
        other => panic!("unexpected fields {other:?}"),
    }
}

fn random_tree_parents(rng: &mut Rng, n: usize) -> Vec<String> {
    (1..n)
        .map(|child| rng.below(child as u64).to_string())
        .collect()
}

#[test]
fn one_cop_wins_on_every_tree() {
    let mut rng = Rng(7);
    let mut shapes = 0;
    for n in 1..=10 {
        for _ in 0..8 {
            let spec = format!("tree:{}", random_tree_parents(&mut rng, n).join(","));
            assert!(cops_win(&spec, 1), "{spec}");
            shapes += 1;
        }
    }
    // Stars and long paths are trees too.
    assert!(cops_win("tree:0,0,0,0,0,0,0,0,0", 1));
    assert!(cops_win("tree:0,1,2,3,4,5,6,7,8", 1));
    assert_eq!(shapes, 80);
}

#[test]
fn one_cop_wins_on_every_grid_of_width_one() {
    for length in 1..=12 {
        assert!(cops_win(&format!("grid:1x{length}"), 1), "grid:1x{length}");
        assert!(cops_win(&format!("grid:{length}x1"), 1), "grid:{length}x1");
    }
}

#[test]
fn one_cop_loses_on_every_cycle_of_length_four_or_more() {
    // The triangle is the exception: every vertex is next to the cop.
    assert!(cops_win("cycle:3", 1));
    for n in 4..=10 {
        assert!(!cops_win(&format!("cycle:{n}"), 1), "cycle:{n}");
        assert!(
            cops_win(&format!("cycle:{n}"), 2),
            "cycle:{n} with two cops"
        );
    }
}

#[test]
fn grids_of_three_by_three_and_larger_need_two_cops() {
    for spec in ["grid:3x3", "grid:4x3", "grid:3x4", "grid:4x4"] {
        assert!(!cops_win(spec, 1), "{spec} with one cop");
        assert!(cops_win(spec, 2), "{spec} with two cops");
    }
    // The 2x2 grid is a 4-cycle: one cop loses there too.
    assert!(!cops_win("grid:2x2", 1));
}

#[test]
fn the_petersen_graph_needs_three_cops() {
    assert!(!cops_win("petersen", 1));
    assert!(!cops_win("petersen", 2));
    assert!(cops_win("petersen", 3));
}

/// The capture time of one cop on a path of `n` vertices: floor(n / 2) cop moves.
/// The cop starts on a middle vertex, at distance floor(n/2) from the far end of the longer
/// side; the fugitive starts at that end and the cop walks there (docs/pursuit.md).
#[test]
fn capture_time_on_paths_is_half_the_length() {
    for n in 1..=20u32 {
        let game = Pursuit::new(Graph::path(n).unwrap(), 1).unwrap();
        assert_eq!(capture_time(&game), Some(u64::from(n / 2)), "path:{n}");
        // In plies: two placements, then cop and fugitive alternate, the cop moving last.
        let plies = if n == 1 { 2 } else { 2 * (n / 2) + 1 };
        assert_eq!(solve(&game).start_value(), Value::Win(plies), "path:{n}");
    }
}

#[test]
fn capture_time_is_null_when_the_fugitive_escapes() {
    let game = Pursuit::from_spec_args("cycle:5").unwrap();
    assert_eq!(capture_time(&game), None);
    let game = Pursuit::from_spec_args("petersen,cops=3").unwrap();
    assert!(capture_time(&game).is_some());
}

/// A connected graph is one-cop-win iff it is dismantlable: vertices can be removed one by
/// one, each time one whose closed neighbourhood lies inside another vertex's.
fn dismantlable(closed: &[u64]) -> bool {
    let mut alive: u64 = (1u64 << closed.len()) - 1;
    while alive.count_ones() > 1 {
        let corner = (0..closed.len()).find(|&u| {
            alive & 1 << u != 0
                && (0..closed.len()).any(|v| {
                    v != u && alive & 1 << v != 0 && closed[u] & alive & !(closed[v] & alive) == 0
                })
        });
        match corner {
            Some(u) => alive &= !(1 << u),
            None => return false,
        }
    }
    true
}

#[test]
fn one_cop_wins_exactly_on_dismantlable_graphs() {
    let mut rng = Rng(2024);
    let (mut wins, mut losses) = (0, 0);
    for _ in 0..300 {
        let n = 2 + rng.below(6) as usize;
        // A random spanning tree keeps the graph connected; extra edges make cycles.
        let mut closed: Vec<u64> = (0..n).map(|v| 1 << v).collect();
        let mut text = format!("vertices {n}\n");
        let mut add = |u: usize, v: usize, text: &mut String| {
            closed[u] |= 1 << v;
            closed[v] |= 1 << u;
            text.push_str(&format!("{u} {v}\n"));
        };
        for v in 1..n {
            add(rng.below(v as u64) as usize, v, &mut text);
        }
        for u in 0..n {
            for v in u + 1..n {
                if rng.below(3) == 0 {
                    add(u, v, &mut text);
                }
            }
        }
        let graph = Graph::parse_edge_list(&text, "random").unwrap();
        let game = Pursuit::new(graph, 1).unwrap();
        let win = solve(&game).start_value().is_win();
        assert_eq!(win, dismantlable(&closed), "{text}");
        if win { wins += 1 } else { losses += 1 }
    }
    // Both answers occur often, so the comparison means something.
    assert!(wins > 50 && losses > 50, "{wins} wins, {losses} losses");
}

#[test]
fn best_play_never_lets_a_won_fugitive_go() {
    // From every position of grid:3x3 with two cops that the cops win, following the table's
    // best moves for both sides reaches a capture in exactly the remoteness.
    let game = Pursuit::from_spec_args("grid:3x3,cops=2").unwrap();
    let table = solve(&game);
    for (position, value) in table.iter() {
        if let Value::Win(plies) | Value::Loss(plies) = value {
            let mut end = position.clone();
            for mv in table.principal_variation(position) {
                end.play(mv);
            }
            assert!(end.captured());
            assert_eq!(table.principal_variation(position).len() as u32, plies);
        }
    }
}

// ---------------------------------------------------------------------------------------
// The invisible fugitive.

/// The cops' vertices of each step of a hidden-pursuit plan (the placement first).
fn plan_of(game: &HiddenPursuit) -> Option<Vec<Vec<usize>>> {
    let table = RetrogradeTable::solve(game).expect("small enough");
    if !table.start_value().is_win() {
        return None;
    }
    let mut pos = game.clone();
    let mut plan = Vec::new();
    for mv in table.principal_variation(game) {
        pos.play(mv);
        plan.push(pos.cops());
    }
    Some(plan)
}

/// Adjacency lists read off the edge list (not the bitsets the game uses).
fn adjacency(graph: &Graph) -> Vec<Vec<usize>> {
    let mut adj = vec![Vec::new(); graph.vertex_count()];
    for (u, v) in graph.edges() {
        adj[u].push(v);
        adj[v].push(u);
    }
    adj
}

/// Each cop of `from` can be matched to a vertex of `to` it stays on or steps to.
fn legal_step(adj: &[Vec<usize>], from: &[usize], to: &[usize]) -> bool {
    fn matches(adj: &[Vec<usize>], from: &[usize], to: &mut Vec<usize>) -> bool {
        let Some((&cop, rest)) = from.split_first() else {
            return to.is_empty();
        };
        (0..to.len()).any(|i| {
            let target = to[i];
            if target != cop && !adj[cop].contains(&target) {
                return false;
            }
            to.swap_remove(i);
            let ok = matches(adj, rest, to);
            to.push(target);
            let last = to.len() - 1;
            to.swap(i, last);
            ok
        })
    }
    from.len() == to.len() && matches(adj, from, &mut to.to_vec())
}

/// A walk of the fugitive that the plan never catches, found by trying every walk:
/// it starts anywhere but on a cop; after each cop move it is caught if a cop stands on it;
/// then it stays or steps along an edge, and is caught if it steps onto a cop.
fn escaping_walk(adj: &[Vec<usize>], plan: &[Vec<usize>]) -> Option<Vec<usize>> {
    fn survive(
        adj: &[Vec<usize>],
        plan: &[Vec<usize>],
        round: usize,
        walk: &mut Vec<usize>,
    ) -> bool {
        if round + 1 == plan.len() {
            return true;
        }
        let at = *walk.last().unwrap();
        let cops = &plan[round + 1];
        if cops.contains(&at) {
            return false;
        }
        for next in std::iter::once(at).chain(adj[at].iter().copied()) {
            if cops.contains(&next) {
                continue;
            }
            walk.push(next);
            if survive(adj, plan, round + 1, walk) {
                return true;
            }
            walk.pop();
        }
        false
    }
    (0..adj.len())
        .filter(|v| !plan[0].contains(v))
        .find_map(|start| {
            let mut walk = vec![start];
            survive(adj, plan, 0, &mut walk).then_some(walk)
        })
}

/// A plan is a guaranteed search: every step is legal and no fugitive walk escapes it.
fn verify_plan(graph: &Graph, plan: &[Vec<usize>]) {
    let adj = adjacency(graph);
    for step in plan.windows(2) {
        assert!(
            legal_step(&adj, &step[0], &step[1]),
            "illegal step {step:?}"
        );
    }
    assert_eq!(
        escaping_walk(&adj, plan),
        None,
        "{} plan {plan:?}",
        graph.spec()
    );
}

#[test]
fn the_replay_checker_catches_a_bad_plan() {
    let graph = Graph::path(4).unwrap();
    let adj = adjacency(&graph);
    // Sweeping 0 -> 3 clears the path; stopping at 2 lets a fugitive on 3 stay there.
    verify_plan(&graph, &[vec![0], vec![1], vec![2], vec![3]]);
    let walk = escaping_walk(&adj, &[vec![0], vec![1], vec![2]]).unwrap();
    assert_eq!(walk.last(), Some(&3)); // e.g. 2, 3, 3: it slips behind the cop's sweep
    // Starting next to one end and sweeping the other way leaves that end: it waits there.
    assert_eq!(
        escaping_walk(&adj, &[vec![1], vec![2], vec![3]]),
        Some(vec![0, 0, 0])
    );
    // Going back to that end first is a valid (longer) plan.
    verify_plan(&graph, &[vec![1], vec![0], vec![1], vec![2], vec![3]]);
    assert!(!legal_step(&adj, &[0], &[2]));
    assert!(legal_step(&adj, &[0, 3], &[2, 1]));
}

#[test]
fn one_cop_clears_every_path_in_length_minus_one_moves() {
    for n in 1..=12u32 {
        let graph = Graph::path(n).unwrap();
        let game = HiddenPursuit::new(graph.clone(), 1).unwrap();
        let plan = plan_of(&game).unwrap_or_else(|| panic!("path:{n} has a plan"));
        verify_plan(&graph, &plan);
        // The plan is a walk that must visit both ends (a fugitive may sit on either): n - 1 moves.
        assert_eq!(plan.len() as u32 - 1, n.saturating_sub(1), "path:{n}");
        if plan.len() > 1 {
            let adj = adjacency(&graph);
            assert!(
                escaping_walk(&adj, &plan[..plan.len() - 1]).is_some(),
                "path:{n}: shorter plans fail"
            );
        }
    }
}

#[test]
fn one_cop_cannot_clear_any_cycle() {
    for n in 3..=8u32 {
        let graph = Graph::cycle(n).unwrap();
        let game = HiddenPursuit::new(graph.clone(), 1).unwrap();
        assert_eq!(plan_of(&game), None, "cycle:{n}");
        // Brute force, independent of the solver: every one-cop plan of up to n moves fails.
        let adj = adjacency(&graph);
        let mut plans: Vec<Vec<Vec<usize>>> = (0..n as usize).map(|v| vec![vec![v]]).collect();
        for _ in 0..n.min(7) {
            plans = plans
                .into_iter()
                .flat_map(|plan| {
                    let cop = plan.last().unwrap()[0];
                    let adj = &adj;
                    std::iter::once(cop)
                        .chain(adj[cop].iter().copied())
                        .map(move |next| {
                            let mut longer = plan.clone();
                            longer.push(vec![next]);
                            longer
                        })
                })
                .collect();
            for plan in &plans {
                assert!(
                    escaping_walk(&adj, plan).is_some(),
                    "cycle:{n} plan {plan:?}"
                );
            }
        }
    }
}

#[test]
fn two_cops_clear_every_cycle() {
    for n in 3..=10u32 {
        let graph = Graph::cycle(n).unwrap();
        let game = HiddenPursuit::new(graph.clone(), 2).unwrap();
        let plan = plan_of(&game).unwrap_or_else(|| panic!("cycle:{n} has a plan"));
        verify_plan(&graph, &plan);
        // Found by the solver: two neighbouring cops sweep in opposite directions,
        // clearing the n - 2 other vertices two at a time.
        assert_eq!(plan.len() as u32 - 1, (n - 1) / 2, "cycle:{n}");
    }
}

#[test]
fn hidden_solve_fields_report_the_plan() {
    let game = HiddenPursuit::from_spec_args("path:4").unwrap();
    let table = RetrogradeTable::solve(&game).unwrap();
    let line = table.principal_variation(&game);
    let fields = game.solve_fields(table.start_value().score(), &line);
    assert_eq!(
        fields,
        vec![
            ("cops_win", FieldValue::Bool(true)),
            ("capture_time", FieldValue::Number(3)),
            (
                "plan",
                FieldValue::List(vec!["0".into(), "1".into(), "2".into(), "3".into()])
            ),
        ]
    );
    let game = HiddenPursuit::from_spec_args("cycle:4").unwrap();
    let table = RetrogradeTable::solve(&game).unwrap();
    let fields = game.solve_fields(table.start_value().score(), &[]);
    assert_eq!(fields[0], ("cops_win", FieldValue::Bool(false)));
    assert_eq!(fields[1], ("capture_time", FieldValue::Null));
}

// ---------------------------------------------------------------------------------------
// Notation.

#[test]
fn visible_notation_reads_and_writes() {
    let game = Pursuit::from_spec_args("grid:3x3,cops=2").unwrap();
    assert_eq!(game.game_name(), "pursuit:grid:3x3,cops=2");
    assert_eq!(game.position_string(), "-/-/c");
    let pos = game.parse_position("c3,a1/B2/c").unwrap();
    assert_eq!(pos.position_string(), "a1,c3/b2/c");
    assert_eq!(pos.to_move(), Player::First);
    let mv = pos.parse_move("b1,c3").unwrap();
    assert_eq!(pos.move_string(mv), "b1,c3");
    let after = pos.after(mv);
    assert_eq!(after.position_string(), "b1,c3/b2/f");
    assert_eq!(after.move_string(after.parse_move("b2").unwrap()), "b2");
    // A fugitive may step onto a cop: it is caught, and the cops (to move) have won.
    let caught = after.after(after.parse_move("b1").unwrap());
    assert_eq!(caught.position_string(), "b1,c3/b1/c");
    assert_eq!(caught.outcome(), Some(ply_core::Outcome::Win));
    assert_eq!(
        after.after(PursuitMove::Fugitive(5)).position_string(),
        "b1,c3/c2/c"
    );
    let game1 = Pursuit::from_spec_args("path:3").unwrap();
    assert_eq!(game1.game_name(), "pursuit:path:3");
    let end = game1.parse_position("1/1/f").unwrap();
    assert_eq!(end.outcome(), Some(ply_core::Outcome::Loss));
}

#[test]
fn visible_notation_errors_say_what_is_wrong() {
    let game = Pursuit::from_spec_args("cycle:5,cops=2").unwrap();
    let error = |text: &str| game.parse_position(text).unwrap_err().to_string();
    assert_eq!(
        error("0,1/2"),
        "expected COPS/FUGITIVE/SIDE (e.g. '0/2/c'), found 2 fields separated by '/'"
    );
    assert_eq!(
        error("0/2/c"),
        "cops field: expected 2 vertex names separated by commas (one per cop), found 1"
    );
    assert_eq!(
        error("0,9/2/c"),
        "cops field: no vertex '9' in cycle:5 (vertices: 0 1 2 3 4)"
    );
    assert_eq!(
        error("0,1/2/x"),
        "side field: 'x' is neither 'c' (cops to move) nor 'f' (fugitive to move)"
    );
    assert!(error("-/2/c").starts_with("before the cops are placed"));
    assert!(error("0,1/-/c").starts_with("once the cops are placed"));
    let pos = game.parse_position("0,1/3/c").unwrap();
    let error = |text: &str| pos.parse_move(text).unwrap_err().to_string();
    assert_eq!(
        error("0,3"),
        "'0,3' is not a legal cop move from 0,1: each cop stays or moves along one edge"
    );
    assert_eq!(
        error("4"),
        "cop move: expected 2 vertex names separated by commas (one per cop), found 1"
    );
    let pos = game.parse_position("0,1/3/f").unwrap();
    assert_eq!(
        pos.parse_move("0").unwrap_err().to_string(),
        "the fugitive on 3 can only stay or move along one edge, not to 0"
    );
    let spec_error = |spec: &str| Pursuit::from_spec_args(spec).unwrap_err().to_string();
    assert_eq!(
        spec_error("path:3,cops=5"),
        "pursuit: cops=5: there must be 1 to 4 cops"
    );
    assert_eq!(
        spec_error("path:3,cops=x"),
        "pursuit: cops='x': the number of cops must be a whole number"
    );
    // Found by the fuzz target game_spec: the cops field went into the message raw
    // (vertical tabs and carriage returns in a one-line error).
    assert_eq!(
        spec_error("\u{1}ddn,cops=uc4:4\u{b}\u{b}\r\r,\r\r6"),
        "pursuit: cops='uc4:4\\u{b}\\u{b}\\u{d}\\u{d},\\u{d}\\u{d}6': the number of cops must be a whole number"
    );
    assert_eq!(
        spec_error("cycle:2"),
        "pursuit: cycle: a cycle needs at least 3 vertices, not 2 (use path:2)"
    );
}

#[test]
fn hidden_notation_reads_and_writes() {
    let game = HiddenPursuit::from_spec_args("cycle:5,cops=2").unwrap();
    assert_eq!(game.game_name(), "pursuit-hidden:cycle:5,cops=2");
    assert_eq!(game.position_string(), "-/*");
    let placed = game.after(game.parse_move("1,0").unwrap());
    assert_eq!(placed.position_string(), "0,1/2,3,4");
    let moved = placed.after(placed.parse_move("2,4").unwrap());
    // 3 is left; it may stay or step to 2 or 4, where the cops are.
    assert_eq!(moved.position_string(), "2,4/3");
    assert_eq!(game.parse_position("2,4/3").unwrap(), moved);
    assert_eq!(
        game.parse_position("2,4/3,4").unwrap_err().to_string(),
        "possible field: vertex 4 holds a cop, so the fugitive cannot be there"
    );
    let done = moved.after(moved.parse_move("3,4").unwrap());
    assert_eq!(done.position_string(), "3,4/-");
    assert_eq!(done.outcome(), Some(ply_core::Outcome::Win));
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Graph files: read or refused with a line number, never a panic; what is read
        /// writes back to an edge list that reads to the same graph.
        #[test]
        fn edge_lists_read_or_error(text in "(vertices [0-9]|[ab0-9]{1,2}|[ \t]|\n|#|,|-){0,60}") {
            match Graph::parse_edge_list(&text, "p") {
                Ok(graph) => {
                    let again = Graph::parse_edge_list(&graph.to_edge_list(), "p").unwrap();
                    prop_assert_eq!(again, graph);
                }
                Err(e) => prop_assert!(e.to_string().starts_with("p: "), "{}", e),
            }
        }

        /// Visible positions: read or refused, and what is read prints back to itself.
        #[test]
        fn pursuit_positions_read_or_error(text in "([a-d][1-4]|[0-9]|,|/|-|c|f| ){0,16}") {
            let game = Pursuit::from_spec_args("grid:3x3,cops=2").unwrap();
            if let Ok(pos) = game.parse_position(&text) {
                prop_assert_eq!(game.parse_position(&pos.position_string()).unwrap(), pos);
            }
            let hidden = HiddenPursuit::from_spec_args("grid:3x3,cops=2").unwrap();
            if let Ok(pos) = hidden.parse_position(&text) {
                prop_assert_eq!(hidden.parse_position(&pos.position_string()).unwrap(), pos);
            }
        }
    }
}

#[test]
fn hidden_plans_on_grids_trees_and_petersen_survive_replay() {
    for (spec, cops, moves) in [
        ("grid:3x3", 2, Some(6)),
        ("grid:2x2", 1, None),
        ("grid:4x4", 2, None),
        ("tree:0,0,1,1,2,2", 1, Some(8)),
        ("petersen", 3, Some(5)),
        ("petersen", 2, None),
    ] {
        let graph = Graph::from_spec(spec).unwrap();
        let game = HiddenPursuit::new(graph.clone(), cops).unwrap();
        let plan = plan_of(&game);
        assert_eq!(
            plan.as_ref().map(|p| p.len() - 1),
            moves,
            "{spec} with {cops} cops"
        );
        if let Some(plan) = plan {
            verify_plan(&graph, &plan);
        }
    }
}

/// Depth-limited alpha-beta terminates on cyclic games: a cop win in exactly `r` plies is
/// found by a search `r` plies deep and not by one `r - 1` deep, and an escape is a draw at
/// every depth. An independent check of the retrograde remoteness on games with cycles.
#[test]
fn depth_limited_alpha_beta_confirms_the_remoteness() {
    use ply_core::{NoEvaluation, Score, SearchOptions, alpha_beta_with, search::NoObserver};
    let search = |game: &Pursuit, depth: u32| {
        alpha_beta_with(
            game,
            &NoEvaluation,
            SearchOptions::depth(Some(depth)),
            &mut NoObserver,
        )
        .value
    };
    for (spec, cops) in [
        ("path:1", 1),
        ("path:4", 1),
        ("path:7", 1),
        ("cycle:3", 1),
        ("cycle:4", 1),
        ("tree:0,0,1,1,2,2", 1),
        ("grid:2x3", 1),
        ("grid:2x2", 1),
        ("grid:3x3", 2),
        ("petersen", 3),
    ] {
        let game = Pursuit::new(Graph::from_spec(spec).unwrap(), cops).unwrap();
        let table = solve(&game);
        let mut checked = 0;
        // The start and a sample of other positions (every 7th, to keep the test fast).
        for (position, value) in table.iter().step_by(7) {
            match value {
                Value::Win(r) | Value::Loss(r) => {
                    assert_eq!(
                        search(position, r),
                        value.score(),
                        "{spec} {}",
                        position.position_string()
                    );
                    if r > 0 {
                        assert_eq!(search(position, r - 1), Score::DRAW, "{spec}");
                    }
                }
                Value::Draw => assert_eq!(search(position, 5), Score::DRAW, "{spec}"),
            }
            checked += 1;
        }
        assert!(checked > 0);
    }
}
