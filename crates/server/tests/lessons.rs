//! The tree lab's lessons (pages/assets/examples.js) searched by ply itself: each gives
//! the answer its worked example teaches (the classic tree 3 through b; the Swedish code
//! lab's four-level tree 5 through node 2 with negamax; the Chinese textbook's two plies
//! -2 through B, with A = -6, B = -2 and C = -4).

use ply_api::tree::{TreeLimits, TreeRequest, evaluate_tree};
use serde_json::Value;

/// The text of the page's module that holds the lessons.
fn examples() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../pages/assets/examples.js"
    );
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The string of `export const NAME = ...;`: a template literal (`` `...` ``) or a
/// double-quoted string, neither holding escapes or `${`.
fn constant(source: &str, name: &str) -> String {
    let start = format!("export const {name} = ");
    let at = source
        .find(&start)
        .unwrap_or_else(|| panic!("examples.js has no {name}"))
        + start.len();
    let rest = &source[at..];
    let quote = rest.chars().next().expect("a value");
    assert!(quote == '`' || quote == '"', "{name} is not a plain string");
    let body = &rest[1..];
    let end = body.find(quote).expect("the closing quote");
    let text = &body[..end];
    assert!(
        !text.contains('\\') && !text.contains("${"),
        "{name} is not a plain string"
    );
    text.to_string()
}

/// ply's answer for `tree` searched by `algorithm`, leaf values for `perspective`.
fn search(tree: &str, algorithm: &str, perspective: &str) -> Value {
    let mut request = TreeRequest::new(tree);
    request.algorithm = Some(algorithm.to_string());
    request.leaf_perspective = Some(perspective.to_string());
    let json = evaluate_tree(&request, &TreeLimits::default()).expect("the lesson's tree reads");
    serde_json::from_str(&json).expect("JSON")
}

/// The root's children's names and values.
fn children(answer: &Value) -> Vec<(String, Value)> {
    answer["root"]["children"]
        .as_array()
        .expect("children")
        .iter()
        .map(|c| (c["name"].as_str().unwrap().to_string(), c["value"].clone()))
        .collect()
}

#[test]
fn the_classic_tree_is_worth_3_through_b() {
    let tree = constant(&examples(), "CLASSIC");
    let answer = search(&tree, "alphabeta", "max");
    assert_eq!(answer["value"], 3);
    assert_eq!(answer["best"], "b");
    assert_eq!(answer["leaves_evaluated"], 7);
}

#[test]
fn the_swedish_negamax_lesson_is_worth_5_through_node_2() {
    let tree = constant(&examples(), "NEGAMAX_SV");
    // The lesson's names: root 1, its children 2 and 18, leaves numbered too.
    assert!(tree.starts_with("1\n  2\n    3\n      4\n        5 = 1\n        6 = 9\n"));
    for algorithm in ["negamax", "minimax", "alphabeta"] {
        let answer = search(&tree, algorithm, "mover");
        assert_eq!(answer["value"], 5, "{algorithm}");
        assert_eq!(answer["best"], "2", "{algorithm}");
        assert_eq!(answer["pv"], serde_json::json!(["1", "2", "3", "7", "8"]));
    }
    let answer = search(&tree, "negamax", "mover");
    assert_eq!(answer["leaves_evaluated"], 22);
    assert_eq!(answer["nodes_visited"], 51);
    assert_eq!(
        children(&answer),
        vec![("2".to_string(), 5.into()), ("18".to_string(), 2.into())]
    );
    // Four plies down, MAX moves again: the leaves read the same for either side.
    assert_eq!(search(&tree, "negamax", "max")["value"], 5);
}

#[test]
fn the_chinese_two_ply_lesson_backs_up_the_figures_values() {
    let tree = constant(&examples(), "TWO_PLY_ZH");
    let answer = search(&tree, "minimax", "max");
    assert_eq!(answer["value"], -2);
    assert_eq!(answer["best"], "B");
    assert_eq!(
        children(&answer),
        vec![
            ("A".to_string(), (-6).into()),
            ("B".to_string(), (-2).into()),
            ("C".to_string(), (-4).into()),
        ]
    );
    // D = 9 and E = -6 under A, as the figure gives them; seven leaves D..J.
    let a = &answer["root"]["children"][0]["children"];
    assert_eq!(a[0]["name"], "D");
    assert_eq!(a[0]["written"], 9);
    assert_eq!(a[1]["name"], "E");
    assert_eq!(a[1]["written"], -6);
    assert_eq!(answer["leaves_evaluated"], 7);
}
