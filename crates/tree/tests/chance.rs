//! Chance nodes in the three tree formats: the same tree read from each, written back
//! by each, searched by expectiminimax; and every refusal with its place.

use ply_core::chance::{Bounds, NodeKind, Ratio, expectiminimax, star1, star2};
use ply_tree::{ExplicitTree, ParseOptions, parse};

fn read(text: &str) -> ExplicitTree {
    parse(text, &ParseOptions::default()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn error(text: &str) -> String {
    parse(text, &ParseOptions::default())
        .expect_err(text)
        .to_string()
}

fn r(text: &str) -> Ratio {
    text.parse().unwrap()
}

/// MAX chooses between two throws of a die-like chance: `left` gives 3 (1/2), 9 (1/4)
/// or -1 (1/4), worth 3/2 + 9/4 - 1/4 = 7/2; `right` 8 or 0 with equal chances, worth 4.
const TEXT: &str = "\
root
  left [chance]
    a [1/2] = 3
    b [1/4] = 9
    c [1/4] = -1
  right [chance]
    = 8
    = 0
";
const BRACKET: &str = "(root (left[chance] [1/2]a=3 [1/4]b=9 [1/4]c=-1) (right[chance] 8 0))";
const JSON: &str = r#"{"name": "root", "children": [
  {"name": "left", "kind": "chance", "children": [
    {"name": "a", "probability": "1/2", "value": 3},
    {"name": "b", "probability": 0.25, "value": 9},
    {"name": "c", "probability": "0.25", "value": -1}]},
  {"name": "right", "kind": "chance", "children": [{"value": 8}, {"value": 0}]}]}"#;

#[test]
fn the_three_formats_read_the_same_chance_tree() {
    let text = read(TEXT);
    assert_eq!(read(BRACKET), text);
    assert_eq!(read(JSON), text);
    assert!(text.has_chance());
    let kinds: Vec<NodeKind> = (0..text.len() as u32).map(|id| text.kind(id)).collect();
    assert_eq!(kinds[..2], [NodeKind::Max, NodeKind::Chance]);
    assert_eq!(text.kind(5), NodeKind::Chance);
    assert_eq!(text.probability(2), Some(r("1/2")));
    assert_eq!(text.probability(6), Some(r("1/2")), "equal chances");
    assert_eq!(text.probability(1), None, "a MAX node's child");
    // Written back by each writer, read back the same.
    assert_eq!(read(&text.to_text()), text);
    assert_eq!(read(&text.to_bracket()), text);
    assert_eq!(read(&text.to_json().to_string()), text);
    assert_eq!(
        text.to_bracket(),
        "(root (left[chance] [1/2]a=3 [1/4]b=9 [1/4]c=-1) (right[chance] 8 0))"
    );
}

#[test]
fn expectiminimax_and_star_searches_value_the_tree() {
    let tree = read(TEXT);
    let root = tree.root_position();
    let exact = expectiminimax(&root).unwrap();
    assert_eq!(exact.value, Ratio::from(4));
    assert_eq!(exact.best, Some(5), "right");
    let bounds = Bounds::new(Ratio::from(-1), Ratio::from(9)).unwrap();
    assert_eq!(star1(&root, bounds).unwrap().value, Ratio::from(4));
    assert_eq!(star2(&root, bounds).unwrap().value, Ratio::from(4));
}

#[test]
fn below_a_chance_node_the_other_player_moves() {
    // MAX, then chance, then MIN (backgammon's order), unless a kind is written.
    let tree =
        read("r\n  d [chance]\n    m\n      = 1\n      = 2\n    n [max]\n      = 3\n      = 4\n");
    assert_eq!(tree.kind(0), NodeKind::Max);
    assert_eq!(tree.kind(1), NodeKind::Chance);
    assert_eq!(tree.kind(2), NodeKind::Min);
    assert_eq!(tree.kind(5), NodeKind::Max);
    // (min(1, 2) + max(3, 4)) / 2
    assert_eq!(
        expectiminimax(&tree.root_position()).unwrap().value,
        r("5/2")
    );
    // A chance root: MAX moves below it; probabilities alone make a chance node.
    let tree = read("([1/3](1 2) [2/3](3 4))");
    assert_eq!(tree.kind(0), NodeKind::Chance);
    assert_eq!(tree.kind(1), NodeKind::Max);
    assert_eq!(
        expectiminimax(&tree.root_position()).unwrap().value,
        r("10/3")
    );
    // Trees without tags read as before: MAX and MIN by depth.
    let plain = read("((3 12 8) (2 4 6))");
    assert!(!plain.has_chance());
    assert_eq!(plain.kind(1), NodeKind::Min);
}

#[test]
fn refusals_say_where_and_by_how_much() {
    for (text, expected) in [
        (
            "r [chance]\n  a [1/2] = 1\n  b [1/3] = 2\n",
            "1:1: the probabilities of chance node 'r' add up to 5/6, 1/6 short of 1",
        ),
        (
            "(r[chance] [0.5]1 [0.75]2)",
            "1:1: the probabilities of chance node 'r' add up to 5/4, 1/4 more than 1",
        ),
        (
            "r [chance]\n  a [1/2] = 1\n  b = 2\n",
            "3:3: 'b' has no probability, but the other outcomes of chance node 'r' do: give every outcome one, or none for equal chances",
        ),
        (
            "r\n  a [1/2] = 1\n  b [1/2] = 2\n  c = 3\n",
            "4:3: 'c' has no probability, but the other outcomes of chance node 'r' do: give every outcome one, or none for equal chances",
        ),
        (
            "r [max]\n  a [1/2] = 1\n  b [1/2] = 2\n",
            "2:5: 'a' has a probability, but its parent 'r' is a MAX node: only the outcomes of a chance node (written [chance]) have one",
        ),
        (
            "r [1/2]\n  a = 1\n",
            "1:3: the root cannot have a probability: only the outcomes of a chance node have one",
        ),
        (
            "r [chance]\n  a [0] = 1\n  b [1] = 2\n",
            "2:5: the probability of 'a' is 0: a probability is above 0 and at most 1",
        ),
        (
            "r\n  a [often] = 1\n",
            "2:5: unknown tag '[often]': write [max], [min], [chance], or a probability such as [1/6] or [0.25]",
        ),
        (
            "r\n  a [1/2 = 1\n",
            "2:5: missing ']': a tag is written [max], [min], [chance] or [1/6]",
        ),
        (
            "r\n  a [1/0] = 1\n",
            "2:5: probability '1/0' divides by zero",
        ),
        (
            "r\n  a [chance] = 1\n",
            "2:5: chance node 'a' has no outcomes: a chance node needs children",
        ),
        (
            r#"{"kind": "dice", "children": [{"value": 1}]}"#,
            "1:10: \"kind\" is '\"dice\"': write \"max\", \"min\" or \"chance\"",
        ),
        (
            r#"{"kind": "chance", "children": [{"value": 1, "probability": "a/b"}]}"#,
            "1:61: probability 'a/b' is not a number (write an integer, a decimal such as 0.25, or a fraction such as 1/6)",
        ),
    ] {
        assert_eq!(error(text), expected, "{text:?}");
    }
}

/// A node has one kind and an outcome one probability: a second tag, whether it
/// contradicts the first or repeats it, is refused at its place, naming the first (it
/// used to be read, the last tag winning). JSON refuses a repeated field already.
#[test]
fn a_second_kind_or_probability_is_refused_where_it_is_written() {
    for (text, expected) in [
        (
            "(r (a[chance][max] 1 2))",
            "1:14: a second kind tag [max]: this node is already tagged [chance] (line 1, column 6), and a node has one kind",
        ),
        (
            "(r (a[min][max] 1 2))",
            "1:11: a second kind tag [max]: this node is already tagged [min] (line 1, column 6), and a node has one kind",
        ),
        (
            "(r (a[chance][chance] 1 2))",
            "1:14: a second kind tag [chance]: this node is already tagged [chance] (line 1, column 6), and a node has one kind",
        ),
        // A kind before the '(' and another after it are the same node's.
        (
            "(r (a 1 2) [chance]([max] 1 2))",
            "1:21: a second kind tag [max]: this node is already tagged [chance] (line 1, column 12), and a node has one kind",
        ),
        (
            "(r[chance] [1/2][1/3]1 [1/2]2)",
            "1:17: a second probability [1/3]: this node already has the probability [1/2] (line 1, column 12), and an outcome has one probability",
        ),
        (
            "r\n  a [max] [min]\n    = 1\n",
            "2:11: a second kind tag [min]: this node is already tagged [max] (line 2, column 5), and a node has one kind",
        ),
        (
            "r [chance]\n  a [0.5] [1/2] = 1\n  b [1/2] = 2\n",
            "2:11: a second probability [1/2]: this node already has the probability [1/2] (line 2, column 5), and an outcome has one probability",
        ),
    ] {
        assert_eq!(error(text), expected, "{text:?}");
    }
    let json = error(r#"{"kind": "chance", "kind": "max", "children": [{"value": 1}]}"#);
    assert!(json.contains("duplicate field `kind`"), "{json}");
    // A kind and a probability on one node are read, in either order.
    let tree = read("(r[chance] [1/2][max](a 1 2) [min][1/2](b 3 4))");
    assert_eq!(tree.kind(0), NodeKind::Chance);
    assert_eq!(
        (tree.kind(1), tree.probability(1)),
        (NodeKind::Max, Some(r("1/2")))
    );
    assert_eq!(
        (tree.kind(4), tree.probability(4)),
        (NodeKind::Min, Some(r("1/2")))
    );
}

/// A kind written on a tree reads back from every writer: a tree without chance nodes
/// lost its `[min]` root (written back as MAX), and a leaf its kind in the bracket format.
#[test]
fn written_kinds_read_back_from_every_writer() {
    for text in [
        "(r[min] 1 2)",
        "(r (a[max] 1 2) 3)",
        "[min]b=1",
        "(r[chance] 2 [min]1)",
        "(r[chance] [1/4][min]x=1 [3/4](y[min] 2 3))",
    ] {
        let tree = read(text);
        let json = serde_json::to_string(&tree.to_json()).unwrap();
        for written in [tree.to_text(), tree.to_bracket(), json] {
            assert_eq!(read(&written), tree, "{text} written as {written}");
        }
        assert!(tree.bracket_keeps_kinds(), "{text}");
    }
    let tree = read("(r[min] 1 2)");
    assert_eq!(tree.kind(0), NodeKind::Min);
    assert_eq!(tree.to_bracket(), "(r[min] 1 2)");
    assert_eq!(tree.to_text(), "r [min]\n  = 1\n  = 2\n");
    assert_eq!(
        read("(r[chance] 2 [min]1)").to_bracket(),
        "(r[chance] 2 [min]1)"
    );
    // A tag right after a group's '(' and name is the group's: the bracket format
    // cannot mark the kind of a first outcome that has no probability, so a tree read
    // from another format with one is written in the indented format.
    let text = "r [chance]\n  [min] = 1\n  = 2\n";
    let tree = read(text);
    assert!(!tree.bracket_keeps_kinds());
    assert_eq!(tree.to_written(), (text.to_string(), "indented"));
    // Trees without tags are written as before: nothing to mark.
    assert_eq!(read("(r (a 1 2) 3)").to_bracket(), "(r (a 1 2) 3)");
}

/// MAX compares a sure 7/2 with three equally likely outcomes. Star1 stops the right
/// node after two outcomes of 0: even a 9 (the most a leaf is worth) for the third
/// would give 3, below the 7/2 MAX has.
#[test]
fn star1_cuts_a_chance_node_and_says_why() {
    use ply_tree::chance::{ChanceAlgorithm, annotate_chance};
    use ply_tree::render::{chance_text, chance_trace};
    let tree = read("(root (sure[chance] 3.5) (risky[chance] 0 0 9))");
    let run = annotate_chance(&tree, ChanceAlgorithm::Star1, None).unwrap();
    assert_eq!(run.value, r("7/2"));
    assert_eq!(
        chance_text(&tree, &run),
        "root MAX = 3.5  *
├─ sure CHANCE = 3.5  *
│  └─ [1] 3.5
└─ risky CHANCE ≤ 3
   ├─ [1/3] 0
   ├─ [1/3] 0
   └─ [1/3] 9  pruned
star1: value 3.5, 6 nodes visited, 3 leaves, 1 cut
"
    );
    assert_eq!(
        chance_trace(&tree, &run),
        " 1  enter root MAX  α=0 β=9
 2    enter sure CHANCE  α=0 β=9
 3      leaf 3.5
 4    sure CHANCE: + 1 × 3.5 (3.5) → sum 3.5
 5    back at sure CHANCE = 3.5
 6    enter risky CHANCE  α=3.5 β=9
 7      leaf 0
 8    risky CHANCE: + 1/3 × 0 (0) → sum 0
 9      leaf 0
10    risky CHANCE: + 1/3 × 0 (0) → sum 0
11    back at risky CHANCE ≤ 3; cut, never looks at 9
12  back at root MAX = 3.5
"
    );
    // The definition searches everything, to the same value.
    let full = annotate_chance(&tree, ChanceAlgorithm::Expectiminimax, None).unwrap();
    assert_eq!((full.value, full.stats.nodes), (r("7/2"), 7));
}

/// The example files: values worked out by hand in their comments and below.
#[test]
fn the_example_files() {
    use ply_tree::chance::{ChanceAlgorithm, annotate_chance};
    let file = |name: &str| {
        let path = format!("{}/../../examples/trees/{name}", env!("CARGO_MANIFEST_DIR"));
        read(&std::fs::read_to_string(path).unwrap())
    };
    let dice = file("dice.txt");
    let run = annotate_chance(&dice, ChanceAlgorithm::Expectiminimax, None).unwrap();
    assert_eq!((run.value, run.best), (Ratio::from(4), Some(5)));
    // a1 = min((4 - 2)/2, 2/3 × 6) = 1, a2 = min(2, 1) = 1, a = 1;
    // b1 = min(-1, 5) = -1, b2 = min(6, -3) = -3, b = -2; MAX takes a: 1.
    let backgammon = file("backgammon.txt");
    assert_eq!(backgammon.len(), 31);
    for algorithm in [
        ChanceAlgorithm::Expectiminimax,
        ChanceAlgorithm::Star1,
        ChanceAlgorithm::Star2,
    ] {
        let run = annotate_chance(&backgammon, algorithm, None).unwrap();
        assert_eq!(
            (run.value, run.best),
            (Ratio::ONE, Some(1)),
            "{algorithm:?}"
        );
        // Star1 never looks at two leaves (b1y's 0, b2y's 4); Star2's four probes
        // (one move of each MIN node under a chance node) are searched again in full.
        let expected = match algorithm {
            ChanceAlgorithm::Expectiminimax => (31, 16, 0, 0),
            ChanceAlgorithm::Star1 => (29, 14, 2, 0),
            ChanceAlgorithm::Star2 => (41, 22, 2, 4),
        };
        let stats = run.stats;
        assert_eq!(
            (stats.nodes, stats.leaves, stats.cuts, stats.probes),
            expected,
            "{algorithm:?}"
        );
    }
}
