//! The grader: students' programs, right and with each classic mistake, written here
//! as Rust functions that speak the protocol line by line, judged on the fixed tests and
//! on random held-out ones. Every right program must pass, and every mistake must be
//! named, alone, on every kind it belongs to.

use ply_api::grade::{
    Kind, Outcome, Reply, Report, Rule, Run, Test, finish_report, read_cs188, report, suite,
};
use ply_api::lang::Lang;

/// A program's view of the protocol: queries in, answers out.
struct Client<'r, 't> {
    run: &'r mut Run<'t>,
}

impl Client<'_, '_> {
    fn ask(&mut self, line: &str) -> String {
        match self.run.respond(line) {
            Reply::Line(line) => line,
            other => panic!("{line}: {other:?}"),
        }
    }

    /// The node's kind and its children (with their probabilities under a chance node).
    fn children(&mut self, node: &str) -> (String, Vec<(String, f64)>) {
        let answer = self.ask(&format!("children {node}"));
        let mut words = answer.split_whitespace();
        let kind = words.next().unwrap().to_string();
        let words: Vec<&str> = words.collect();
        let children = if kind == "chance" {
            words
                .chunks(2)
                .map(|pair| {
                    let (n, d) = pair[1].split_once('/').unwrap_or((pair[1], "1"));
                    (
                        pair[0].to_string(),
                        n.parse::<f64>().unwrap() / d.parse::<f64>().unwrap(),
                    )
                })
                .collect()
        } else {
            words.iter().map(|w| (w.to_string(), 0.0)).collect()
        };
        (kind, children)
    }

    fn value(&mut self, node: &str) -> f64 {
        self.ask(&format!("value {node}")).parse().unwrap()
    }
}

/// The slips a program may make (all off: the right program).
#[derive(Clone, Copy, Default)]
struct Slips {
    swap: bool,
    reverse: bool,
    no_prune: bool,
    /// Cut on ≥ (true) or only on > (false).
    cut_on_tie: bool,
    shallow: bool,
    no_negation: bool,
    negate_leaves: bool,
    uniform: bool,
    chance_as_min: bool,
    depth: i32,
}

struct Program {
    slips: Slips,
    /// The game kind's depth (0: to the leaves).
    depth: u32,
}

impl Program {
    fn kids(&self, c: &mut Client, node: &str) -> (String, Vec<(String, f64)>) {
        let (kind, mut kids) = c.children(node);
        if self.slips.reverse {
            kids.reverse();
        }
        let kind = match (kind.as_str(), self.slips.swap) {
            ("max", true) => "min".to_string(),
            ("min", true) => "max".to_string(),
            _ => kind,
        };
        (kind, kids)
    }

    /// Max/Min and expectimax (and the game kind, to `self.depth`).
    fn minimax(&self, c: &mut Client, node: &str, depth: u32) -> f64 {
        if self.depth > 0 && depth as i32 >= self.depth as i32 + self.slips.depth {
            return c.value(node);
        }
        let (kind, kids) = self.kids(c, node);
        if kind == "leaf" {
            return c.value(node);
        }
        let values: Vec<(f64, f64)> = kids
            .iter()
            .map(|(k, p)| (self.minimax(c, k, depth + 1), *p))
            .collect();
        match kind.as_str() {
            "max" => values.iter().map(|v| v.0).fold(f64::MIN, f64::max),
            "min" => values.iter().map(|v| v.0).fold(f64::MAX, f64::min),
            _ if self.slips.chance_as_min => values.iter().map(|v| v.0).fold(f64::MAX, f64::min),
            _ if self.slips.uniform => {
                values.iter().map(|v| v.0).sum::<f64>() / values.len() as f64
            }
            _ => values.iter().map(|(v, p)| v * p).sum(),
        }
    }

    fn alphabeta(&self, c: &mut Client, node: &str, mut alpha: f64, mut beta: f64) -> f64 {
        let (kind, kids) = self.kids(c, node);
        if kind == "leaf" {
            return c.value(node);
        }
        let maximising = kind == "max";
        let mut best = if maximising { f64::MIN } else { f64::MAX };
        let mut own: Option<f64> = None;
        for (k, _) in &kids {
            let (a, b) = if self.slips.no_prune {
                (f64::MIN, f64::MAX)
            } else if self.slips.shallow {
                match own {
                    None => (f64::MIN, f64::MAX),
                    Some(v) if maximising => (v, f64::MAX),
                    Some(v) => (f64::MIN, v),
                }
            } else {
                (alpha, beta)
            };
            let v = self.alphabeta(c, k, a, b);
            if maximising {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            own = Some(best);
            if self.slips.no_prune {
                continue;
            }
            let closed = if self.slips.cut_on_tie {
                alpha >= beta
            } else {
                alpha > beta
            };
            if closed {
                break;
            }
        }
        best
    }

    fn negamax(&self, c: &mut Client, node: &str) -> f64 {
        let (kind, kids) = self.kids(c, node);
        if kind == "leaf" {
            let v = c.value(node);
            return if self.slips.negate_leaves { -v } else { v };
        }
        kids.iter()
            .map(|(k, _)| {
                let v = self.negamax(c, k);
                if self.slips.no_negation { v } else { -v }
            })
            .fold(f64::MIN, f64::max)
    }
}

/// Runs `program` of `kind` over the kind's fixed tests and `random` random ones.
fn grade(kind: Kind, rule: Rule, slips: Slips, random: u32) -> Report {
    let tests = suite(kind, random, 20261207, Vec::new()).unwrap();
    let program = Program {
        slips,
        depth: if kind == Kind::TicTacToe { 2 } else { 0 },
    };
    let reports = tests
        .iter()
        .map(|test| {
            let mut run = Run::new(test, kind, rule);
            let root = run.greeting().strip_prefix("root ").unwrap().to_string();
            let mut client = Client { run: &mut run };
            let value = match kind {
                Kind::AlphaBeta => program.alphabeta(&mut client, &root, f64::MIN, f64::MAX),
                Kind::Negamax => program.negamax(&mut client, &root),
                _ => program.minimax(&mut client, &root, 0),
            };
            assert_eq!(run.respond(&format!("answer {value}")), Reply::Finished);
            run.judge(Outcome::Answered, Lang::En)
        })
        .collect();
    finish_report(kind, rule, reports, Lang::En)
}

/// The right program of alpha-beta under `rule` (the other kinds have no rule).
fn right(_kind: Kind, rule: Rule) -> Slips {
    Slips {
        cut_on_tie: rule == Rule::Ge,
        ..Slips::default()
    }
}

#[test]
fn right_programs_pass_every_kind_and_rule() {
    for (kind, rule) in [
        (Kind::Minimax, Rule::Ge),
        (Kind::Negamax, Rule::Ge),
        (Kind::AlphaBeta, Rule::Ge),
        (Kind::AlphaBeta, Rule::Gt),
        (Kind::Expectimax, Rule::Ge),
        (Kind::TicTacToe, Rule::Ge),
    ] {
        let report = grade(kind, rule, right(kind, rule), 12);
        let failed: Vec<_> = report
            .tests
            .iter()
            .filter(|t| !t.passed)
            .map(|t| (&t.name, &t.message))
            .collect();
        assert!(report.passed, "{kind:?} {rule:?}: {failed:?}");
        assert!(report.diagnoses.is_empty(), "{:?}", report.diagnoses);
    }
}

#[test]
fn each_mistake_is_named_alone() {
    let cases: Vec<(Kind, Rule, Slips, &str)> = vec![
        (
            Kind::Minimax,
            Rule::Ge,
            Slips {
                swap: true,
                ..Slips::default()
            },
            "wrong_player",
        ),
        (
            Kind::Minimax,
            Rule::Ge,
            Slips {
                reverse: true,
                ..Slips::default()
            },
            "reordered_children",
        ),
        (
            Kind::Negamax,
            Rule::Ge,
            Slips {
                no_negation: true,
                ..Slips::default()
            },
            "sign_error",
        ),
        (
            Kind::Negamax,
            Rule::Ge,
            Slips {
                negate_leaves: true,
                ..Slips::default()
            },
            "wrong_player",
        ),
        (
            Kind::AlphaBeta,
            Rule::Ge,
            Slips {
                no_prune: true,
                ..right(Kind::AlphaBeta, Rule::Ge)
            },
            "no_pruning",
        ),
        (
            Kind::AlphaBeta,
            Rule::Ge,
            right(Kind::AlphaBeta, Rule::Gt),
            "no_cut_on_equality",
        ),
        (
            Kind::AlphaBeta,
            Rule::Gt,
            right(Kind::AlphaBeta, Rule::Ge),
            "cuts_on_equality",
        ),
        (
            Kind::AlphaBeta,
            Rule::Ge,
            Slips {
                shallow: true,
                ..right(Kind::AlphaBeta, Rule::Ge)
            },
            "bounds_not_passed",
        ),
        (
            Kind::AlphaBeta,
            Rule::Ge,
            Slips {
                swap: true,
                ..right(Kind::AlphaBeta, Rule::Ge)
            },
            "wrong_player",
        ),
        (
            Kind::AlphaBeta,
            Rule::Gt,
            Slips {
                reverse: true,
                ..right(Kind::AlphaBeta, Rule::Gt)
            },
            "reordered_children",
        ),
        (
            Kind::Expectimax,
            Rule::Ge,
            Slips {
                uniform: true,
                ..Slips::default()
            },
            "ignores_probabilities",
        ),
        (
            Kind::Expectimax,
            Rule::Ge,
            Slips {
                chance_as_min: true,
                ..Slips::default()
            },
            "chance_as_min",
        ),
        (
            Kind::TicTacToe,
            Rule::Ge,
            Slips {
                depth: 1,
                ..Slips::default()
            },
            "depth_off_by_one",
        ),
        (
            Kind::TicTacToe,
            Rule::Ge,
            Slips {
                depth: -1,
                ..Slips::default()
            },
            "depth_off_by_one",
        ),
        (
            Kind::TicTacToe,
            Rule::Ge,
            Slips {
                swap: true,
                ..Slips::default()
            },
            "wrong_player",
        ),
    ];
    for (kind, rule, slips, id) in cases {
        let report = grade(kind, rule, slips, 12);
        assert!(!report.passed, "{kind:?} {rule:?} {id}: passed");
        assert_eq!(report.diagnoses, [id], "{kind:?} {rule:?} {id}");
    }
}

fn one(kind: Kind, rule: Rule, slips: Slips, name: &str) -> ply_api::grade::TestReport {
    grade(kind, rule, slips, 0)
        .tests
        .into_iter()
        .find(|t| t.name == name)
        .unwrap()
}

#[test]
fn the_classic_tree_is_judged_with_its_known_numbers() {
    let minimax = one(Kind::Minimax, Rule::Ge, Slips::default(), "classic");
    assert_eq!(minimax.expected_value, "3");
    assert_eq!(
        minimax.expected_evaluated,
        ["#3", "#4", "#5", "#7", "#8", "#9", "#11", "#12", "#13"]
    );
    assert_eq!(minimax.expected_expanded, ["a", "b", "c", "d"]);
    assert_eq!(minimax.expected_moves, ["b"]);
    // Alpha-beta: the 4 and the 6 under c are pruned (7 of 9 leaves).
    let pruning = one(
        Kind::AlphaBeta,
        Rule::Ge,
        Slips {
            no_prune: true,
            ..right(Kind::AlphaBeta, Rule::Ge)
        },
        "classic",
    );
    assert_eq!(
        pruning.expected_evaluated,
        ["#3", "#4", "#5", "#7", "#11", "#12", "#13"]
    );
    assert_eq!(
        pruning.message,
        "You evaluated #8; at c, β = 2 ≤ α = 3, so alpha-beta stops there and never reaches #8."
    );
    assert_eq!(pruning.diagnoses, ["no_pruning"]);
    // The lab opens the tree at c's cut-off.
    assert!(
        pruning
            .lab
            .starts_with("index.html#tree=%28a+%28b+3+12+8%29"),
        "{}",
        pruning.lab
    );
    assert!(
        pruning.lab.contains("&algorithm=alphabeta&"),
        "{}",
        pruning.lab
    );
    assert!(pruning.lab.ends_with("&rule=ge&step=8"), "{}", pruning.lab);
}

#[test]
fn a_tie_cuts_under_ge_and_goes_on_under_gt() {
    let ge = one(
        Kind::AlphaBeta,
        Rule::Ge,
        right(Kind::AlphaBeta, Rule::Ge),
        "tie",
    );
    assert!(ge.passed, "{}", ge.message);
    assert_eq!(ge.expected_evaluated, ["#3", "#4", "#6", "#9"]);
    let gt = one(
        Kind::AlphaBeta,
        Rule::Gt,
        right(Kind::AlphaBeta, Rule::Gt),
        "tie",
    );
    assert!(gt.passed, "{}", gt.message);
    assert_eq!(gt.expected_evaluated, ["#3", "#4", "#6", "#7", "#9"]);
    // A program that cuts on the tie, graded under gt.
    let early = one(
        Kind::AlphaBeta,
        Rule::Gt,
        right(Kind::AlphaBeta, Rule::Ge),
        "tie",
    );
    assert_eq!(
        early.message,
        "You evaluated #9 where the search evaluates #7, and you never evaluated #7: at b, α = β = 3: \
         under the rule > the search cuts only when a value passes the bound, so on a tie it goes on."
    );
    assert_eq!(early.diagnoses, ["cuts_on_equality"]);
}

#[test]
fn a_deep_cutoff_needs_the_bounds_handed_down() {
    let right_run = one(
        Kind::AlphaBeta,
        Rule::Ge,
        right(Kind::AlphaBeta, Rule::Ge),
        "deep",
    );
    assert_eq!(right_run.expected_value, "5");
    assert_eq!(right_run.expected_evaluated, ["#3", "#4", "#8", "#11"]);
    let shallow = one(
        Kind::AlphaBeta,
        Rule::Ge,
        Slips {
            shallow: true,
            ..right(Kind::AlphaBeta, Rule::Ge)
        },
        "deep",
    );
    assert_eq!(shallow.evaluated, ["#3", "#4", "#8", "#9", "#11", "#12"]);
    assert!(
        shallow
            .message
            .starts_with("You evaluated #9; at d, β = 3 ≤ α = 5"),
        "{}",
        shallow.message
    );
}

#[test]
fn worked_examples_have_their_answers() {
    // The Swedish code lab: 5, through node 2 (negamax and minimax alike).
    for kind in [Kind::Minimax, Kind::Negamax] {
        let t = one(kind, Rule::Ge, Slips::default(), "swedish");
        assert!(t.passed, "{}", t.message);
        assert_eq!(t.expected_value, "5");
        assert_eq!(t.expected_moves, ["2"]);
    }
    // The Chinese textbook's two plies: -2 through B.
    let t = one(Kind::Minimax, Rule::Ge, Slips::default(), "two-ply");
    assert_eq!(
        (t.expected_value.as_str(), t.expected_moves.as_slice()),
        ("-2", &["B".to_string()][..])
    );
    // Expectimax: the dice 4 through the right one; the gamble 3 (not 4).
    let t = one(Kind::Expectimax, Rule::Ge, Slips::default(), "dice");
    assert_eq!(t.expected_value, "4");
    assert_eq!(t.expected_moves, ["right"]);
    let t = one(Kind::Expectimax, Rule::Ge, Slips::default(), "gamble");
    assert_eq!(t.expected_value, "3");
    // Tic-tac-toe from the empty board, two plies with f(p): the centre, worth 1.
    let t = one(Kind::TicTacToe, Rule::Ge, Slips::default(), "empty-board");
    assert!(t.passed, "{}", t.message);
    assert_eq!(t.expected_value, "1");
    assert_eq!(t.expected_moves, ["b2"]);
    assert_eq!(t.expected_evaluated.len(), 72);
    assert_eq!(t.expected_evaluated[0], "a1.b1");
}

#[test]
fn the_protocol_answers_and_refuses() {
    let test = Test::from_text(
        "dice",
        "root\n  left [chance]\n    a [1/2] = 3\n    b [1/4] = 9\n    c [1/4] = -1\n  right [chance]\n    d = 8\n    e = 0\n",
    )
    .unwrap();
    let mut run = Run::new(&test, Kind::Expectimax, Rule::Ge);
    assert_eq!(run.greeting(), "root root");
    assert_eq!(run.respond("children root").line(), Some("max left right"));
    assert_eq!(
        run.respond("children left").line(),
        Some("chance a 1/2 b 1/4 c 1/4")
    );
    assert_eq!(
        run.respond("children right").line(),
        Some("chance d 1/2 e 1/2")
    );
    assert_eq!(run.respond("children a").line(), Some("leaf"));
    assert_eq!(
        run.respond("value root").line(),
        Some("error root is not a leaf")
    );
    assert_eq!(
        run.respond("value zz").line(),
        Some("error 'zz' is not a node you have been shown")
    );
    assert_eq!(
        run.respond("hello").line(),
        Some("error 'hello' is not a query (children N, value N or answer V [M])")
    );
    assert_eq!(run.respond("value c").line(), Some("-1"));
    assert_eq!(run.respond("answer 4 right"), Reply::Finished);
    let report = run.judge(Outcome::Answered, Lang::En);
    assert!(!report.passed);
    assert_eq!(report.outcome, "protocol_error");
    assert_eq!(report.diagnoses, ["protocol_error"]);
    assert!(
        report
            .message
            .starts_with("The program broke the protocol: root is not a leaf"),
        "{}",
        report.message
    );
}

#[test]
fn a_program_past_the_query_limit_is_stopped() {
    let test = Test::from_text("classic", "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))").unwrap();
    let mut run = Run::new(&test, Kind::Minimax, Rule::Ge);
    let mut stopped = None;
    for _ in 0..200_000 {
        match run.respond("children a") {
            Reply::Line(_) => {}
            other => {
                stopped = Some(other);
                break;
            }
        }
    }
    assert_eq!(
        stopped,
        Some(Reply::Stop(
            "more than 100000 queries, the most a test allows".into()
        ))
    );
    assert_eq!(run.queries(), 100_001);
    let report = finish_report(
        Kind::Minimax,
        Rule::Ge,
        vec![run.judge(
            Outcome::Crash {
                detail: "killed".into(),
            },
            Lang::Sv,
        )],
        Lang::Sv,
    );
    assert_eq!(report.diagnoses, ["protocol_error"]);
    assert_eq!(report.summary, "0 av 1 testfall gick igenom.");
}

#[test]
fn a_timeout_and_a_crash_are_reported_as_such() {
    let test = Test::from_text("classic", "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))").unwrap();
    let run = Run::new(&test, Kind::Minimax, Rule::Ge);
    let slow = run.judge(Outcome::Timeout { millis: 2000 }, Lang::En);
    assert_eq!(slow.outcome, "timeout");
    assert_eq!(
        slow.message,
        "The program took longer than 2000 ms, the time a test allows, and was stopped."
    );
    let run = Run::new(&test, Kind::Minimax, Rule::Ge);
    let crashed = run.judge(
        Outcome::Crash {
            detail: "exit status 1".into(),
        },
        Lang::Zh,
    );
    assert_eq!(crashed.outcome, "crash");
    assert_eq!(crashed.message, "程序没有回答就结束了：exit status 1");
    let overall = finish_report(Kind::Minimax, Rule::Ge, vec![slow, crashed], Lang::En);
    assert_eq!(overall.diagnoses, ["timeout", "crash"]);
}

#[test]
fn the_report_formats_carry_the_results() {
    let report = grade(
        Kind::AlphaBeta,
        Rule::Ge,
        Slips {
            no_prune: true,
            ..right(Kind::AlphaBeta, Rule::Ge)
        },
        2,
    );
    let json = report::json(&report);
    assert_eq!(json["kind"], "alphabeta");
    assert_eq!(json["rule"], "ge");
    assert_eq!(json["passed"], false);
    assert_eq!(json["diagnoses"][0], "no_pruning");
    let first = &json["tests"][0];
    for field in [
        "name",
        "passed",
        "value",
        "expected_value",
        "evaluated",
        "expected_evaluated",
        "diagnoses",
        "message",
    ] {
        assert!(first.get(field).is_some(), "no {field} in {first}");
    }
    let junit = report::junit(&report);
    assert!(
        junit.contains("<testsuite name=\"ply grade alphabeta\" tests=\"6\" failures=\""),
        "{junit}"
    );
    assert!(
        junit.contains("<failure message=\"You evaluated #8; at c, β = 2 ≤ α = 3"),
        "{junit}"
    );
    let gradescope = report::gradescope(&report);
    assert_eq!(gradescope["tests"].as_array().unwrap().len(), 6);
    assert_eq!(gradescope["tests"][0]["max_score"], 1);
    assert_eq!(gradescope["tests"][0]["status"], "failed");
    let text = report::text(&report);
    assert!(text.contains("FAIL classic"), "{text}");
    assert!(
        text.contains("no_pruning: Your alpha-beta never prunes"),
        "{text}"
    );
}

#[test]
fn a_cs188_test_file_reads_as_a_tree() {
    let file = r#"class: "GraphGameTreeTest"
alg: "AlphaBetaAgent"
depth: "2"

num_agents: "2"

start_state: "A"
win_states: "Z"
lose_states: "Y"

successors: """
A Left B
A Right C
B Left D
B Right E
C Left F
C Right G
"""

evaluation: """
D 3.0
E 12.0
F 2.0
G 4.0
"""
"#;
    let (test, kind) = read_cs188("alphabeta-1", file).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(kind, Some(Kind::AlphaBeta));
    let mut run = Run::new(&test, Kind::AlphaBeta, Rule::Gt);
    assert_eq!(run.greeting(), "root A");
    assert_eq!(run.respond("children A").line(), Some("max B C"));
    assert_eq!(run.respond("children B").line(), Some("min D E"));
    assert_eq!(run.respond("value D").line(), Some("3"));
    assert!(
        read_cs188("x", "depth: \"2\"\n")
            .unwrap_err()
            .contains("no field")
    );
    assert!(
        read_cs188("x", "depth: 2\n")
            .unwrap_err()
            .contains("in quotes")
    );
}

/// The grader's own alpha-beta (which also runs every mutant) against the tree lab's,
/// ply-core's, on random trees under both rules: the same leaves in the same order.
#[test]
fn the_reference_search_agrees_with_the_tree_labs_alpha_beta() {
    use ply_api::practice::{PracticeRequest, exercise};
    use ply_core::Algorithm;
    let mut differing_rules = 0;
    for seed in 0..60u64 {
        let made = exercise(&PracticeRequest::new("pruned", seed, 1 + (seed % 5) as u32)).unwrap();
        let tree = ply_tree::parse(&made.tree, &Default::default()).unwrap();
        let test = Test::from_explicit("random", tree.clone()).unwrap();
        let mut leaves = Vec::new();
        for rule in [Rule::Ge, Rule::Gt] {
            let run = Run::new(&test, Kind::AlphaBeta, rule);
            let expected = run.judge(Outcome::Answered, Lang::En).expected_evaluated;
            let lab = ply_tree::annotate_with(&tree, Algorithm::AlphaBeta, rule);
            let lab_leaves: Vec<String> = lab
                .steps
                .iter()
                .filter_map(|s| match s {
                    ply_tree::Step::Leaf { node, .. } => Some(tree.node(*node).name.clone()),
                    _ => None,
                })
                .collect();
            assert_eq!(expected, lab_leaves, "seed {seed}, {rule:?}");
            leaves.push(expected);
        }
        if leaves[0] != leaves[1] {
            differing_rules += 1;
        }
    }
    // Ties are common in small random trees: the rules part on some of them.
    assert!(differing_rules > 0);
}

#[test]
fn any_seed_gives_random_tests() {
    for seed in [0, u64::MAX, u64::MAX - 1, (1 << 53) - 1] {
        let tests = suite(Kind::AlphaBeta, 3, seed, Vec::new()).unwrap();
        assert_eq!(tests.len(), 4 + 3);
    }
}
