//! The worked examples of the tree lab, with values derived by hand
//! (docs/tree-lab.md explains every pruned branch).

use ply_core::Algorithm;
use ply_tree::{Annotation, Bound, ExplicitTree, NodeId, ParseOptions, annotate, parse, render};

const CLASSIC: &str = include_str!("../../../examples/trees/classic.txt");
const FOUR_PLY: &str = include_str!("../../../examples/trees/four-ply.txt");
const TWO_PLY: &str = include_str!("../../../examples/trees/two-ply.txt");
const CLASSIC_JSON: &str = include_str!("../../../examples/trees/classic.json");
const DECIMALS: &str = include_str!("../../../examples/trees/decimals.txt");

fn tree(text: &str) -> ExplicitTree {
    parse(text, &ParseOptions::default()).expect("the example parses")
}

fn id(tree: &ExplicitTree, name: &str) -> NodeId {
    (0..tree.len() as NodeId)
        .find(|&id| tree.node(id).name == name)
        .unwrap_or_else(|| panic!("no node named {name}"))
}

fn value(tree: &ExplicitTree, run: &Annotation, name: &str) -> String {
    let report = &run.nodes[id(tree, name) as usize];
    let bound = report.bound.map_or("", Bound::symbol);
    report.value.map_or("pruned".into(), |v| {
        format!("{bound}{}", tree.format_score(v))
    })
}

/// The nodes cut off directly (their parent stopped before them), by name.
fn pruned_roots(tree: &ExplicitTree, run: &Annotation) -> Vec<String> {
    (0..tree.len() as NodeId)
        .filter(|&id| {
            let report = &run.nodes[id as usize];
            report.pruned && report.pruned_at == tree.node(id).parent
        })
        .map(|id| tree.node(id).name.clone())
        .collect()
}

/// The leaves the search evaluated, in order, as values.
fn evaluated_leaves(tree: &ExplicitTree, run: &Annotation) -> Vec<String> {
    run.steps
        .iter()
        .filter_map(|step| match step {
            ply_tree::Step::Leaf { value, .. } => Some(tree.format_score(*value)),
            _ => None,
        })
        .collect()
}

#[test]
fn classic_tree_every_algorithm() {
    let tree = tree(CLASSIC);
    assert_eq!((tree.len(), tree.leaf_count(), tree.height()), (13, 9, 2));
    for algorithm in Algorithm::ALL {
        let run = annotate(&tree, algorithm);
        assert_eq!(tree.format_score(run.value), "3", "{algorithm}");
        assert_eq!(
            run.best,
            Some(tree.children(0)[0]),
            "{algorithm}: the first branch"
        );
        assert_eq!(value(&tree, &run, "#2"), "3");
        assert_eq!(value(&tree, &run, "#10"), "2");
        let names: Vec<_> = run
            .pv
            .iter()
            .map(|&id| tree.node(id).name.as_str())
            .collect();
        assert_eq!(names, ["#1", "#2", "#3"], "{algorithm}");
    }
    let minimax = annotate(&tree, Algorithm::Minimax);
    assert_eq!(
        (minimax.stats.nodes, minimax.stats.leaves, minimax.cutoffs),
        (13, 9, 0)
    );
    assert_eq!(value(&tree, &minimax, "#6"), "2");
    assert!(minimax.nodes.iter().all(|n| !n.pruned && n.visited()));
}

#[test]
fn classic_tree_alpha_beta_prunes_leaves_4_and_6() {
    let tree = tree(CLASSIC);
    let run = annotate(&tree, Algorithm::AlphaBeta);
    // The second MIN node sees 2 <= alpha = 3 and stops: its last two leaves are never looked at.
    assert_eq!(pruned_roots(&tree, &run), ["#8", "#9"]);
    let pruned_values: Vec<i32> = (0..tree.len() as NodeId)
        .filter(|&id| run.nodes[id as usize].pruned)
        .map(|id| tree.max_value(id).unwrap())
        .collect();
    assert_eq!(pruned_values, [4, 6]);
    assert_eq!(value(&tree, &run, "#6"), "≤2");
    assert_eq!(
        evaluated_leaves(&tree, &run),
        ["3", "12", "8", "2", "14", "5", "2"]
    );
    assert_eq!((run.stats.nodes, run.stats.leaves, run.cutoffs), (11, 7, 1));
    let cut = run.nodes[id(&tree, "#6") as usize].cutoff.as_ref().unwrap();
    assert_eq!(tree.format_score(cut.window.alpha), "3");
    assert_eq!(tree.format_score(cut.window.beta), "+∞");
}

#[test]
fn classic_tree_trace() {
    let tree = tree(CLASSIC);
    let run = annotate(&tree, Algorithm::AlphaBeta);
    // (A raw string: the first line starts with a space.)
    let expected = r"
 1  enter #1 MAX  α=-∞ β=+∞
 2    enter #2 MIN  α=-∞ β=+∞
 3      leaf 3
 4      leaf 12
 5      leaf 8
 6    back at #2 MIN = 3
 7    enter #6 MIN  α=3 β=+∞
 8      leaf 2
 9    cutoff at #6: 2 ≤ α=3: MAX can get 3 elsewhere; prune 4, 6
10    back at #6 MIN ≤ 2
11    enter #10 MIN  α=3 β=+∞
12      leaf 14
13      leaf 5
14      leaf 2
15    back at #10 MIN = 2
16  back at #1 MAX = 3
";
    assert_eq!(render::trace(&tree, &run), &expected[1..]);
    assert_eq!(
        render::summary(&tree, &run),
        "alphabeta: value 3, best #2 (child 1 of 3), 11 nodes visited, 7 leaves evaluated, 1 cutoff"
    );
}

#[test]
fn classic_tree_text_drawing() {
    let tree = tree(CLASSIC);
    let run = annotate(&tree, Algorithm::AlphaBeta);
    let expected = "\
#1 MAX = 3  *
├─ #2 MIN = 3  *
│  ├─ 3  *
│  ├─ 12
│  └─ 8
├─ #6 MIN ≤ 2  cutoff: 2 ≤ α=3: MAX can get 3 elsewhere; prunes 4, 6
│  ├─ 2
│  ├─ 4  pruned at #6, window α=3 β=+∞
│  └─ 6  pruned at #6, window α=3 β=+∞
└─ #10 MIN = 2
   ├─ 14
   ├─ 5
   └─ 2
* principal variation: #1 → #2 → 3
";
    assert_eq!(render::text(&tree, &run), expected);
}

#[test]
fn classic_tree_in_json_is_the_same_tree() {
    let json = tree(CLASSIC_JSON);
    assert_eq!(json.to_bracket(), "(root (b 3 12 8) (c 2 4 6) (d 14 5 2))");
    let bracket = tree(CLASSIC);
    for (a, b) in json.nodes().iter().zip(bracket.nodes()) {
        assert_eq!((a.value, a.depth), (b.value, b.depth));
    }
}

#[test]
fn four_ply_tree_minimax_values() {
    let tree = tree(FOUR_PLY);
    assert_eq!((tree.leaf_count(), tree.height()), (22, 4));
    let run = annotate(&tree, Algorithm::Minimax);
    assert_eq!(tree.format_score(run.value), "5");
    assert_eq!(run.best, Some(id(&tree, "2")));
    for (name, expected) in [
        ("3", "5"),
        ("9", "7"),
        ("12", "9"),
        ("15", "8"),
        ("2", "5"),
        ("19", "2"),
        ("33", "8"),
        ("39", "9"),
        ("44", "7"),
        ("18", "2"),
    ] {
        assert_eq!(value(&tree, &run, name), expected, "node {name}");
    }
    let names: Vec<_> = run
        .pv
        .iter()
        .map(|&id| tree.node(id).name.as_str())
        .collect();
    assert_eq!(names, ["1", "2", "3", "3b", "#8"]);
    assert_eq!(run.stats.leaves, 22);
}

#[test]
fn four_ply_tree_alpha_beta_prunes_what_the_hand_derivation_says() {
    let tree = tree(FOUR_PLY);
    let run = annotate(&tree, Algorithm::AlphaBeta);
    assert_eq!(tree.format_score(run.value), "5");
    assert_eq!(run.best, Some(id(&tree, "2")));
    // Under node 2 (beta = 5): nodes 9, 12 and 15 each find a first grandchild > 5 and stop.
    // Under node 18 (alpha = 5): node 19's MIN children each stop at their first leaf 2,
    // so 19 is worth at most 2 and node 18 stops: 33, 39 and 44 are never looked at.
    assert_eq!(
        pruned_roots(&tree, &run),
        ["9b", "9c", "12b", "15b", "#30", "#33", "33", "39", "44"]
    );
    assert_eq!(
        evaluated_leaves(&tree, &run),
        ["1", "9", "5", "7", "9", "8", "2", "2"]
    );
    for (name, expected) in [
        ("3", "5"),
        ("9", "≥7"),
        ("12", "≥9"),
        ("15", "≥8"),
        ("2", "5"),
        ("19", "≤2"),
        ("18", "≤2"),
        ("33", "pruned"),
    ] {
        assert_eq!(value(&tree, &run, name), expected, "node {name}");
    }
    assert_eq!((run.stats.nodes, run.stats.leaves, run.cutoffs), (23, 8, 6));
}

#[test]
fn two_ply_example() {
    let tree = tree(TWO_PLY);
    for algorithm in [Algorithm::Minimax, Algorithm::Negamax] {
        let run = annotate(&tree, algorithm);
        assert_eq!(value(&tree, &run, "A"), "-6");
        assert_eq!(value(&tree, &run, "B"), "-2");
        assert_eq!(value(&tree, &run, "C"), "-4");
        assert_eq!(value(&tree, &run, "s"), "-2");
        assert_eq!(run.best, Some(id(&tree, "B")));
    }
    let run = annotate(&tree, Algorithm::AlphaBeta);
    assert_eq!(value(&tree, &run, "s"), "-2");
    assert_eq!(run.best, Some(id(&tree, "B")));
    // C's first leaf, -4, is already worse for MAX than B's -2.
    assert_eq!(pruned_roots(&tree, &run), ["c2"]);
    assert_eq!(value(&tree, &run, "C"), "≤-4");
}

#[test]
fn decimal_example_prints_values_as_written() {
    let tree = tree(DECIMALS);
    assert_eq!(tree.decimals(), 2);
    let run = annotate(&tree, Algorithm::AlphaBeta);
    assert_eq!(tree.format_score(run.value), "2.5");
    let json = render::json(&tree, &run, false);
    assert_eq!(json["value"], 2.5);
    assert_eq!(json["best"], "cautious");
    assert!(render::text(&tree, &run).contains("-1.25"));
}

#[test]
fn json_contract() {
    let tree = tree(CLASSIC);
    let run = annotate(&tree, Algorithm::AlphaBeta);
    let json = render::json(&tree, &run, true);
    assert_eq!(json["value"], 3);
    assert_eq!(json["best"], "#2");
    assert_eq!(json["nodes_visited"], 11);
    assert_eq!(json["leaves_evaluated"], 7);
    assert_eq!(json["cutoffs"], 1);
    let root = &json["root"];
    assert_eq!(root["name"], "#1");
    assert_eq!(root["depth"], 0);
    assert_eq!(root["player"], "max");
    assert_eq!(root["on_pv"], true);
    assert_eq!(root["pruned"], false);
    let second = &root["children"][1];
    assert_eq!(second["player"], "min");
    assert_eq!(second["value"], 2);
    assert_eq!(second["bound"], "upper");
    assert_eq!(second["cutoff"]["alpha"], 3);
    assert_eq!(second["cutoff"]["beta"], serde_json::Value::Null);
    let pruned = &second["children"][1];
    assert_eq!(pruned["pruned"], true);
    assert_eq!(pruned["value"], serde_json::Value::Null);
    assert_eq!(pruned["depth"], 2);
    assert_eq!(json["trace"].as_array().unwrap().len(), 16);
    assert_eq!(json["trace"][8]["step"], "cutoff");
    assert_eq!(json["trace"][8]["pruned"], serde_json::json!(["#8", "#9"]));
}

#[test]
fn drawings_mark_pv_and_pruning() {
    let tree = tree(CLASSIC);
    let run = annotate(&tree, Algorithm::AlphaBeta);
    let dot = render::dot(&tree, &run);
    assert!(dot.starts_with("digraph tree {"));
    assert_eq!(dot.matches("shape=triangle").count(), 1);
    assert_eq!(dot.matches("shape=invtriangle").count(), 3);
    assert_eq!(dot.matches("style=dashed").count(), 2, "two pruned edges");
    let svg = render::svg(&tree, &run, true);
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.trim_end().ends_with("</svg>"));
    assert_eq!(
        svg.matches("<polygon").count(),
        4 + 2,
        "4 inner nodes and 2 legend shapes"
    );
    assert_eq!(
        svg.matches("stroke-dasharray=\"5 4\"").count(),
        2 + 1,
        "2 pruned edges and the legend"
    );
    // The window at the cut, α over β.
    assert!(svg.contains(">α=3<"), "{svg}");
    assert!(svg.contains(">β=+∞<"), "{svg}");
}

#[test]
fn negamax_example_read_from_the_movers_point_of_view() {
    let text = include_str!("../../../examples/trees/negamax.txt");
    let mover = parse(
        text,
        &ParseOptions {
            perspective: ply_tree::LeafPerspective::Mover,
            ..Default::default()
        },
    )
    .unwrap();
    for algorithm in Algorithm::ALL {
        let run = annotate(&mover, algorithm);
        assert_eq!(value(&mover, &run, "root"), "3", "{algorithm}");
        assert_eq!(run.best, Some(id(&mover, "a")));
        assert_eq!(value(&mover, &run, "c"), "6");
        assert_eq!(value(&mover, &run, "d"), "-1");
    }
    // Read as MAX's values instead, the same file is another game.
    let max = tree(text);
    let run = annotate(&max, Algorithm::Minimax);
    assert_eq!(
        (value(&max, &run, "b"), value(&max, &run, "root")),
        ("-4".into(), "-3".into())
    );
}
