//! The code page's checks (`ply_wasm::grade::Check`, the module's `GradeCheck`), tested
//! natively: a program's lines answered by the grader, its tests judged and reported,
//! and every wrong call an error, never a panic.

use ply_wasm::grade::{Check, MAX_OWN_TESTS, read_own};
use serde_json::Value;

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// A student's minimax over the protocol, as the page's `Node` runs it: `children N`
/// for the kind, `value N` at a leaf; the answer with the chosen child. With `swap`,
/// MAX and MIN are swapped (the mistake `wrong_player`).
fn minimax(check: &mut Check, test: usize, swap: bool) -> String {
    fn search(check: &mut Check, test: usize, node: &str, swap: bool) -> (f64, String) {
        let line = check.respond(test, &format!("children {node}")).unwrap();
        let words: Vec<&str> = line.split_whitespace().collect();
        if words[0] == "leaf" {
            let value = check.respond(test, &format!("value {node}")).unwrap();
            return (value.parse().unwrap(), String::new());
        }
        let max = (words[0] == "max") != swap;
        let mut best: Option<(f64, String)> = None;
        for child in &words[1..] {
            let (value, _) = search(check, test, child, swap);
            let better = match &best {
                None => true,
                Some((b, _)) => (max && value > *b) || (!max && value < *b),
            };
            if better {
                best = Some((value, child.to_string()));
            }
        }
        best.unwrap()
    }
    let root = check.greeting(test).unwrap();
    let root = root.strip_prefix("root ").unwrap().to_string();
    let (value, chosen) = search(check, test, &root, swap);
    assert_eq!(
        check
            .respond(test, &format!("answer {value} {chosen}"))
            .unwrap(),
        ""
    );
    check.finish(test, r#"{"outcome": "answered"}"#).unwrap()
}

#[test]
fn a_right_minimax_passes_every_test_and_the_check() {
    let mut check = Check::new("minimax", "ge", 7, 3, "en", &[]).unwrap();
    assert_eq!(check.count(), 6);
    let names: Vec<String> = (0..6).map(|i| check.name(i).unwrap()).collect();
    assert_eq!(&names[..3], ["classic", "two-ply", "swedish"]);
    assert_eq!(names[3], "random-1 (seed 7)");
    for test in 0..6 {
        let report = json(&minimax(&mut check, test, false));
        assert_eq!(report["passed"], true, "{report}");
    }
    let report = json(&check.report());
    assert_eq!(report["passed"], true);
    assert_eq!(report["summary"], "6 of 6 tests passed.");
    assert_eq!(report["tests"][0]["expected_value"], "3");
    assert_eq!(report["tests"][0]["evaluated"].as_array().unwrap().len(), 9);
}

#[test]
fn max_and_min_swapped_are_named_wrong_player() {
    let mut check = Check::new("minimax", "ge", 0, 0, "sv", &[]).unwrap();
    for test in 0..check.count() {
        minimax(&mut check, test, true);
    }
    let report = json(&check.report());
    assert_eq!(report["passed"], false);
    assert_eq!(report["diagnoses"], serde_json::json!(["wrong_player"]));
    assert_eq!(report["lang"], "sv");
}

#[test]
fn a_test_ended_by_the_page_is_judged_as_it_ended() {
    // The page ends a run past its time limit, starts a new worker and a new check with
    // the same seed, and finishes the test it stopped without a line of it.
    let mut check = Check::new("negamax", "ge", 3, 1, "en", &[]).unwrap();
    let timeout = json(
        &check
            .finish(0, r#"{"outcome": "timeout", "millis": 3000}"#)
            .unwrap(),
    );
    assert_eq!(timeout["outcome"], "timeout");
    assert_eq!(timeout["diagnoses"], serde_json::json!(["timeout"]));
    let crash = json(
        &check
            .finish(
                1,
                r#"{"outcome": "crash", "detail": "RecursionError: too deep"}"#,
            )
            .unwrap(),
    );
    assert_eq!(crash["outcome"], "crash");
    assert!(
        crash["message"]
            .as_str()
            .unwrap()
            .contains("RecursionError: too deep"),
        "{crash}"
    );
    // A test judged is over: neither a line nor a second ending is taken.
    assert!(check.respond(0, "children swedish").is_err());
    assert!(check.finish(0, r#"{"outcome": "answered"}"#).is_err());
    // The report says the tests finished so far.
    assert_eq!(json(&check.report())["summary"], "0 of 2 tests passed.");
    check.finish(2, r#"{"outcome": "answered"}"#).unwrap();
    check.finish(3, r#"{"outcome": "answered"}"#).unwrap();
    let report = json(&check.report());
    assert_eq!(report["diagnoses"], serde_json::json!(["timeout", "crash"]));
}

#[test]
fn a_program_past_the_protocols_limits_is_told_to_stop() {
    let mut check = Check::new("minimax", "ge", 0, 0, "en", &[]).unwrap();
    let mut last = String::new();
    for _ in 0..16 {
        last = check.respond(0, "value nowhere").unwrap();
    }
    assert_eq!(
        last,
        "stop 16 wrong queries (the most a test allows), the first: 'nowhere' is not a node you \
         have been shown"
    );
    let report = json(
        &check
            .finish(0, r#"{"outcome": "crash", "detail": "stopped"}"#)
            .unwrap(),
    );
    assert_eq!(report["outcome"], "protocol_error");
}

#[test]
fn a_teachers_trees_replace_the_fixed_tests() {
    let own = read_own(r#"[{"name": "mine", "tree": "(r (a 1 2) (b 3 4))"}]"#).unwrap();
    let mut check = Check::new("minimax", "ge", 0, 0, "en", &own).unwrap();
    assert_eq!(check.count(), 1);
    assert_eq!(check.name(0).unwrap(), "mine");
    let report = json(&minimax(&mut check, 0, false));
    assert_eq!(report["passed"], true);
    assert_eq!(report["expected_value"], "3");
    assert_eq!(read_own("").unwrap(), vec![]);
}

#[test]
fn wrong_calls_are_errors_not_panics() {
    let error = |result: Result<Check, String>| result.err().unwrap();
    assert_eq!(
        error(Check::new("minimax2", "ge", 0, 0, "en", &[])),
        "no kind \"minimax2\" (minimax, negamax, alphabeta, expectimax, tictactoe)"
    );
    assert_eq!(
        error(Check::new("alphabeta", "gte", 0, 0, "en", &[])),
        "no rule \"gte\" (ge, gt)"
    );
    assert_eq!(
        error(Check::new("minimax", "ge", 0, 1_001, "en", &[])),
        "1001 random tests, more than the 1000 a check may run"
    );
    let many = vec![("t".to_string(), "(r 1 2)".to_string()); MAX_OWN_TESTS + 1];
    assert_eq!(
        error(Check::new("minimax", "ge", 0, 0, "en", &many)),
        "33 trees, more than the 32 a check may have"
    );
    let bad = vec![("mine".to_string(), "(r (a 1".to_string())];
    assert!(error(Check::new("minimax", "ge", 0, 0, "en", &bad)).starts_with("mine: "));
    assert!(read_own("{").is_err());
    assert_eq!(
        read_own(r#"[{"name": "x"}]"#).unwrap_err(),
        "each tree is {\"name\": …, \"tree\": …}"
    );

    let mut check = Check::new("expectimax", "ge", u64::MAX, 0, "xx", &[]).unwrap();
    assert_eq!(check.count(), 3);
    assert_eq!(
        check.name(3).unwrap_err(),
        "no test 3: the check has 3 (from 0)"
    );
    assert!(check.greeting(99).is_err());
    assert!(check.respond(3, "children dice").is_err());
    assert!(check.finish(0, "not json").is_err());
    assert_eq!(
        check.finish(0, r#"{"outcome": "exploded"}"#).unwrap_err(),
        "no outcome in {\"outcome\": \"exploded\"}: answered, timeout, crash or protocol"
    );
    // A run left half-way is dropped with its check.
    assert_eq!(check.respond(0, "children root").unwrap(), "max left right");
}
