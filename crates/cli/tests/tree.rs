//! `ply tree` as users run it: every format, the JSON contract, errors with
//! line and column, exit codes.

use serde_json::Value;
use std::path::PathBuf;

mod common;
use common::bounded::Bounded;
use common::ply;

fn example(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/trees")
        .join(name);
    path.to_string_lossy().into_owned()
}

fn stdout(args: &[&str], stdin: &str) -> String {
    let out = ply()
        .args(args)
        .write_stdin(stdin)
        .output()
        .expect("ply runs");
    assert!(
        out.status.success(),
        "ply {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

fn json(args: &[&str], stdin: &str) -> Value {
    serde_json::from_str(&stdout(args, stdin)).expect("valid JSON")
}

/// Runs ply expecting failure: returns stderr, after checking exit code 2 and an empty stdout.
fn failure(args: &[&str], stdin: &str) -> String {
    let out = ply()
        .args(args)
        .write_stdin(stdin)
        .output()
        .expect("ply runs");
    assert_eq!(
        out.status.code(),
        Some(2),
        "ply {args:?} should fail with exit code 2"
    );
    assert!(out.stdout.is_empty());
    String::from_utf8(out.stderr).expect("UTF-8 errors")
}

#[test]
fn text_output_of_the_classic_tree() {
    let out = stdout(&["tree", &example("classic.txt")], "");
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

alphabeta: value 3, best #2 (child 1 of 3), 11 nodes visited, 7 leaves evaluated, 1 cutoff
";
    assert_eq!(out, expected);
}

#[test]
fn minimax_and_trace() {
    let out = stdout(
        &[
            "tree",
            &example("four-ply.txt"),
            "--algorithm",
            "minimax",
            "--trace",
        ],
        "",
    );
    assert!(out.contains("\nsteps:\n"));
    assert!(out.contains("back at 18 MIN = 2"));
    assert!(!out.contains("cutoff at"));
    assert!(out.ends_with("minimax: value 5, best 2 (child 1 of 2), 51 nodes visited, 22 leaves evaluated, 0 cutoffs\n"));
    let out = stdout(&["tree", &example("four-ply.txt"), "--trace"], "");
    assert!(out.contains("cutoff at 18: 2 ≤ α=5: MAX can get 5 elsewhere; prune 33, 39, 44"));
}

#[test]
fn json_contract() {
    let v = json(&["tree", &example("two-ply.txt"), "--format", "json"], "");
    assert_eq!(v["value"], -2);
    assert_eq!(v["best"], "B");
    assert_eq!(v["nodes_visited"], 9);
    assert_eq!(v["leaves_evaluated"], 5);
    assert_eq!(v["cutoffs"], 1);
    let root = &v["root"];
    assert_eq!(
        (
            root["name"].as_str(),
            root["depth"].as_u64(),
            root["player"].as_str()
        ),
        (Some("s"), Some(0), Some("max"))
    );
    let names: Vec<_> = root["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["A", "B", "C"]);
    let values: Vec<_> = root["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_i64().unwrap())
        .collect();
    assert_eq!(values, [-6, -2, -4]);
    // The principal variation goes through B, under both names of the field.
    let on_pv: Vec<_> = root["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["on_pv"].as_bool(), c["on_principal_variation"].as_bool()))
        .collect();
    assert_eq!(
        on_pv,
        [
            (Some(false), Some(false)),
            (Some(true), Some(true)),
            (Some(false), Some(false))
        ]
    );
    assert_eq!(root["children"][1]["on_pv"], true);
    assert_eq!(root["children"][2]["children"][1]["pruned"], true);
    assert_eq!(root["children"][2]["children"][1]["value"], Value::Null);
    // --json is --format json.
    assert_eq!(json(&["tree", &example("two-ply.txt"), "--json"], ""), v);
    // Minimax: the same values, nothing pruned.
    let v = json(
        &[
            "tree",
            &example("two-ply.txt"),
            "--json",
            "--algorithm",
            "minimax",
        ],
        "",
    );
    assert_eq!(v["root"]["children"][2]["value"], -4);
    assert_eq!(
        (v["leaves_evaluated"].as_u64(), v["cutoffs"].as_u64()),
        (Some(6), Some(0))
    );
}

#[test]
fn json_trace_and_decimals() {
    let v = json(&["tree", &example("decimals.txt"), "--json", "--trace"], "");
    assert_eq!(v["value"], 2.5);
    assert_eq!(v["best"], "cautious");
    let steps = v["trace"].as_array().unwrap();
    assert_eq!(steps[0]["step"], "enter");
    assert_eq!(steps[0]["window"]["alpha"], Value::Null);
    assert!(steps.iter().any(|s| s["step"] == "cutoff"));
}

#[test]
fn dot_and_svg() {
    let dot = stdout(&["tree", &example("classic.json"), "--format", "dot"], "");
    assert!(dot.starts_with("digraph tree {"));
    assert!(dot.trim_end().ends_with('}'));
    let svg = stdout(
        &[
            "tree",
            &example("four-ply.txt"),
            "--format",
            "svg",
            "--trace",
        ],
        "",
    );
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("blue numbers"));
}

#[test]
fn standard_input_and_leaf_perspective() {
    let v = json(&["tree", "-", "--json"], "((3 12 8) (2 4 6) (14 5 2))\n");
    assert_eq!(
        (v["value"].as_i64(), v["best"].as_str()),
        (Some(3), Some("#2"))
    );
    // Negamax convention: leaf values for the player to move there.
    let max = json(
        &["tree", "-", "--json", "--algorithm", "negamax"],
        "(3 (4 5))",
    );
    let mover = json(
        &[
            "tree",
            "-",
            "--json",
            "--algorithm",
            "negamax",
            "--leaf-perspective",
            "mover",
        ],
        "(3 (4 5))",
    );
    assert_eq!(max["value"], 4);
    assert_eq!(max["root"]["children"][0]["value"], 3);
    assert_eq!(mover["value"], 4);
    assert_eq!(mover["root"]["children"][0]["value"], -3);
}

#[test]
fn games_are_written_out() {
    let v = json(&["tree", "tictactoe@XO./.X./O..", "--json"], "");
    assert_eq!(v["value"], 1);
    assert_eq!(v["best"], "a2");
    assert_eq!(v["root"]["name"], "XO./.X./O..");
    let same = json(
        &["tree", "tictactoe", "--position", "XO./.X./O..", "--json"],
        "",
    );
    assert_eq!(same, v);
    let err = failure(&["tree", "tictactoe", "--max-nodes", "1000"], "");
    assert_eq!(
        err,
        "ply: error: tictactoe from .../.../...: the tree has more than 1000 nodes (raise the limit with --max-nodes); start from a later position\n"
    );
}

#[test]
fn bad_input_says_where() {
    let err = failure(&["tree", "-"], "root\n  a = 3\n  b\n");
    assert_eq!(
        err,
        "ply: error: <stdin>:3:3: leaf 'b' has no value (write it as 'b = 3')\n"
    );
    let err = failure(&["tree", "-"], "((3 12 8) (2 x 6))");
    assert_eq!(
        err,
        "ply: error: <stdin>:1:14: unknown token 'x': a name may only follow '(' or come before '=' (name=3)\n"
    );
    let err = failure(&["tree", "-"], "   \n");
    assert_eq!(
        err,
        "ply: error: <stdin>:1:1: the tree is empty: write at least one node\n"
    );

    let path = std::env::temp_dir().join(format!("ply-tree-cli-{}.txt", std::process::id()));
    std::fs::write(&path, "root\n    a = 3\n  b = 4\n").unwrap();
    let file = path.to_string_lossy().into_owned();
    let err = failure(&["tree", &file], "");
    assert_eq!(
        err,
        format!(
            "ply: error: {file}:3:3: bad indentation: 2 columns matches no outer level (those are at 0 and 4)\n"
        )
    );
    std::fs::write(&path, b"(1 2 \xff)").unwrap();
    assert_eq!(
        failure(&["tree", &file], ""),
        format!("ply: error: {file}:1:6: the file is not UTF-8 text\n")
    );
    std::fs::remove_file(&path).unwrap();

    let err = failure(&["tree", "no-such-tree.txt"], "");
    assert!(
        err.starts_with("ply: error: no-such-tree.txt: no such file (nor a game: unknown game"),
        "{err}"
    );
    let err = failure(&["tree", "-", "--max-depth", "1000000"], "1");
    assert_eq!(
        err,
        "ply: error: --max-depth 1000000 is too deep (at most 10000)\n"
    );
    let err = failure(&["tree", "-", "--max-nodes", "3"], "(1 2 3)");
    assert_eq!(
        err,
        "ply: error: <stdin>:1:6: the tree has more than 3 nodes (raise the limit with --max-nodes)\n"
    );
}

/// `--depth N` writes a game's tree down to a horizon, the positions there valued by the
/// game's evaluation. Tic-tac-toe's is the lines still open for the side to move minus
/// those open for the opponent: after X's first move O has 8 lines open less the 4, 3
/// or 2 through X's cell (centre, corner, edge), X all 8; so X's first moves are worth
/// 4, 3 and 2 to X, and the centre is best.
#[test]
fn a_game_tree_cut_at_a_depth_is_valued_by_the_evaluation() {
    let out = Bounded::new(&[
        "tree",
        "tictactoe",
        "--depth",
        "1",
        "--algorithm",
        "minimax",
        "--json",
    ])
    .run();
    out.assert_code(0);
    let v = out.json();
    let values: Vec<(String, i64)> = v["root"]["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap().to_string(),
                c["value"].as_i64().unwrap(),
            )
        })
        .collect();
    let expected = [
        ("a1…", 3),
        ("b1…", 2),
        ("c1…", 3),
        ("a2…", 2),
        ("b2…", 4),
        ("c2…", 2),
        ("a3…", 3),
        ("b3…", 2),
        ("c3…", 3),
    ];
    let expected: Vec<(String, i64)> = expected.iter().map(|&(n, x)| (n.to_string(), x)).collect();
    assert_eq!(values, expected);
    assert_eq!(v["value"], 4);
    // Finished games inside the horizon are worth 100: above every estimate.
    let v = Bounded::new(&["tree", "tictactoe@XX./OO./...", "--depth", "3", "--json"])
        .run()
        .json();
    assert_eq!(v["value"], 100);
    // Refused where it cannot apply.
    for (args, needle) in [
        (
            vec!["tree", "pursuit:path:3", "--depth", "2"],
            "--depth does not apply",
        ),
        (
            vec!["tree", "-", "--depth", "2"],
            "--depth applies to a game",
        ),
    ] {
        Bounded::new(&args)
            .stdin("(1 2)")
            .run()
            .assert_code(2)
            .assert_one_line_error()
            .assert_stderr_contains(needle);
    }
}

/// A picture no one can read is refused, with the options that help; --force draws it.
#[test]
fn pictures_past_two_thousand_nodes_are_refused() {
    for format in ["svg", "dot"] {
        Bounded::new(&["tree", "tictactoe", "--format", format])
            .memory_mib(2048)
            .run()
            .assert_code(2)
            .assert_one_line_error()
            .assert_stderr_contains("a picture of 549946 nodes is too big to read")
            .assert_stderr_contains("--depth N");
    }
    // Text has no such limit; a cut tree draws.
    Bounded::new(&["tree", "tictactoe", "--depth", "2", "--format", "svg"])
        .run()
        .assert_code(0);
    let out = Bounded::new(&["tree", "mnk:3,2,3", "--format", "svg", "--force"]).run();
    out.assert_code(0);
    assert!(out.stdout.contains("<svg"));
}

/// --collapse-pruned draws each subtree alpha-beta never looked at as one mark, `✂ N`
/// with its N nodes: the marks and the other nodes drawn add up to the whole tree, and
/// a picture too big to read becomes one that is drawn.
#[test]
fn collapsed_pruned_subtrees_account_for_every_node() {
    let position = "tictactoe@XO./.../...";
    let whole = Bounded::new(&["tree", position, "--json"])
        .memory_mib(2048)
        .run();
    whole.assert_code(0);
    let total = count_nodes(&whole.json()["root"]);
    Bounded::new(&["tree", position, "--format", "svg"])
        .memory_mib(2048)
        .run()
        .assert_code(2)
        .assert_stderr_contains(&format!("a picture of {total} nodes"))
        .assert_stderr_contains("--collapse-pruned");
    let out = Bounded::new(&["tree", position, "--format", "svg", "--collapse-pruned"])
        .memory_mib(2048)
        .run();
    out.assert_code(0);
    // Each node drawn is one group, its id made of its path in the tree.
    let drawn = out.stdout.matches(r#"<g id="node"#).count();
    let marks: Vec<usize> = out
        .stdout
        .match_indices("✂ ")
        .map(|(i, _)| {
            let rest = &out.stdout[i + "✂ ".len()..];
            rest[..rest.find('<').unwrap()].parse().unwrap()
        })
        .collect();
    assert!(marks.len() > 10, "{}", marks.len());
    assert!(marks.iter().all(|&n| n > 1));
    assert_eq!(drawn - marks.len() + marks.iter().sum::<usize>(), total);
    assert!(drawn < 2000, "{drawn}");
    // Only SVG has marks.
    Bounded::new(&["tree", position, "--format", "dot", "--collapse-pruned"])
        .run()
        .assert_code(2)
        .assert_stderr_contains("--collapse-pruned applies to --format svg");
}

/// The nodes of a tree in `ply tree --json`.
fn count_nodes(node: &Value) -> usize {
    1 + node["children"]
        .as_array()
        .map_or(0, |children| children.iter().map(count_nodes).sum())
}

/// The picture's title names the best child as the picture shows it: an unnamed child is
/// `#2` in the text output, a name the picture never writes, so the title counts it.
#[test]
fn the_svg_title_names_the_best_child_as_drawn() {
    let out = Bounded::new(&["tree", "-", "--format", "svg"])
        .stdin("((3 12 8) (2 4 6) (14 5 2))")
        .run();
    out.assert_code(0);
    assert!(
        out.stdout
            .contains("alphabeta: value 3, best: child 1 of 3<"),
        "{}",
        &out.stdout[..400]
    );
    assert!(!out.stdout.contains("best #"));
    // A named child keeps its name, which the picture writes next to it.
    let out = Bounded::new(&["tree", "-", "--format", "svg"])
        .stdin("root\n  a\n    = 3\n    = 12\n  b\n    = 2\n")
        .run();
    assert!(
        out.stdout.contains("best a (child 1 of 2)"),
        "{}",
        &out.stdout[..400]
    );
}

/// A game's tree is drawn with its boards: one per node, each position's stones; a
/// tree file has none, and the JSON does not carry them.
#[test]
fn game_pictures_show_boards() {
    let out = Bounded::new(&["tree", "tictactoe@XOX/.O./X..", "--format", "svg"]).run();
    out.assert_code(0);
    // 34 nodes, each a framed board (no triangle), the legend explaining the frames.
    assert_eq!(out.stdout.matches(r#"<rect class="node""#).count(), 34);
    assert_eq!(out.stdout.matches(r#"<polygon class="node""#).count(), 0);
    assert!(out.stdout.contains("boards: framed blue where MAX moves"));
    // Connect Four: discs, 42 per board, for the root and its 7 children.
    let out = Bounded::new(&["tree", "connect4@444", "--depth", "1", "--format", "svg"]).run();
    out.assert_code(0);
    assert_eq!(out.stdout.matches("<circle").count(), 8 * 42);
    // A tree file: triangles and boxes, no boards.
    let out = Bounded::new(&["tree", "-", "--format", "svg"])
        .stdin("(a (b 3 12) (c 2 4))")
        .run();
    out.assert_code(0);
    assert!(!out.stdout.contains("boards:"));
    assert_eq!(out.stdout.matches(r#"<polygon class="node""#).count(), 3);
}

#[test]
fn lang_says_the_summary_and_the_cuts_in_words() {
    let classic = "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))";
    let text = stdout(&["tree", "-", "--lang", "sv"], classic);
    assert!(
        text.ends_with(
            "Alfa-beta-beskärning: värde 3, bästa drag b; 11 noder besökta, 7 löv evaluerade, \
             1 beskärning, 2 löv som aldrig undersöktes.\n  α-beskärning vid c: 2 ≤ α = 3, för \
             MAX har 3 på annat håll; aldrig undersökta: 4, 6.\n"
        ),
        "{text}"
    );
    // JSON: the command line's answer and the field `words`, as /api/tree with "lang".
    let with = json(&["tree", "-", "--json", "--trace", "--lang", "zh"], classic);
    let mut without = json(&["tree", "-", "--json", "--trace"], classic);
    assert_eq!(
        with["words"]["cuts"],
        serde_json::json!(["在 c 处 α剪枝：2 ≤ α = 3，MAX 在别处已有 3；从未查看：4、6。"])
    );
    without["words"] = with["words"].clone();
    assert_eq!(with, without);
    let error = failure(&["tree", "-", "--format", "svg", "--lang", "el"], classic);
    assert!(
        error.contains("--lang applies to the text and JSON formats, not to --format svg"),
        "{error}"
    );
}

/// A tree with chance nodes is told in words too (`--lang` used to be refused for it):
/// in text, the summary and the cuts in place of the summary line; in JSON, the field
/// `words`, as `/api/tree` answers a request with `"lang"`.
#[test]
fn lang_says_a_chance_search_in_words() {
    // MAX has 5 for sure in a; Star1 cuts the MIN node m at α = 1, then the throw c.
    let tree = "(r (a[chance] 5) (c[chance] [1/2](m[min] 1 9) [1/2]8))";
    let text = stdout(&["tree", "-", "--algorithm", "star1", "--lang", "sv"], tree);
    assert!(
        text.ends_with(
            "Star1: värde 5, bästa drag a; 6 noder besökta, 2 löv evaluerade, 2 beskärningar, \
             2 löv som aldrig undersöktes.\n  α-beskärning vid m: 1 ≤ α = 1, Max har bättre på \
             annat håll. Aldrig undersökta: 9.\n  Beskärning vid c: efter 1/2 × 1 kan c som \
             mest bli värd 5, även om varje återstående utfall vore värt så mycket ett löv kan \
             vara; 5 ≤ α = 5, så Max har bättre på annat håll. Aldrig undersökta: 8.\n"
        ),
        "{text}"
    );
    assert!(!text.contains("star1: value"), "{text}");
    // With --trace the steps follow the words, as they follow the summary line.
    let traced = stdout(
        &[
            "tree",
            "-",
            "--algorithm",
            "star1",
            "--lang",
            "el",
            "--trace",
        ],
        tree,
    );
    assert!(traced.contains("Star1: αξία 5, "), "{traced}");
    assert!(traced.contains("\nβήματα:\n"), "{traced}");
    // JSON: the command line's answer and the field `words`.
    let with = json(
        &[
            "tree",
            "-",
            "--json",
            "--trace",
            "--algorithm",
            "star1",
            "--lang",
            "en",
        ],
        tree,
    );
    let mut without = json(
        &["tree", "-", "--json", "--trace", "--algorithm", "star1"],
        tree,
    );
    assert_eq!(
        with["words"]["cuts"][0],
        "α-cut at m: 1 ≤ α = 1: MAX has better elsewhere. Never looked at: 9."
    );
    without["words"] = with["words"].clone();
    assert_eq!(with, without);
}

/// `--lang` takes what `"lang"` takes: Chinese in traditional characters is refused,
/// saying why, rather than printed in simplified characters.
#[test]
fn lang_refuses_chinese_in_traditional_characters() {
    let error = failure(&["tree", "-", "--lang", "zh-TW"], "(a 1 2)");
    assert!(
        error.contains(
            "'zh-TW' asks for Chinese in traditional characters, which ply does not write: its \
             Chinese (zh, zh-Hans) is in simplified characters; ply speaks en, sv, zh and el"
        ),
        "{error}"
    );
    // Simplified characters asked for in Taiwan are what ply writes.
    let zh = stdout(&["tree", "-", "--lang", "zh-Hans-TW"], "(a 1 2)");
    assert!(zh.contains("：估值 2，"), "{zh}");
}

/// The children of the root in `ply tree ... --json`: name, value and how many moves each
/// stands for.
fn root_children(args: &[&str]) -> Vec<(String, i64, i64)> {
    let out = Bounded::new(args).run();
    out.assert_code(0);
    out.json()["root"]["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap().to_string(),
                c["value"].as_i64().unwrap(),
                c.get("stands_for").and_then(Value::as_i64).unwrap_or(1),
            )
        })
        .collect()
}

/// `--depth-aware`: in `XOX/.O./X..` O (MAX) wins at once with b3 and at ply 3 with a2;
/// X wins at ply 2 after c2 or c3. The longest line is 4 plies (N = 5): b3 is worth
/// 5 - 1 = 4, a2 5 - 3 = 2, c2 and c3 -(5 - 2) = -3. Without it: 1, -1, 1, -1.
#[test]
fn depth_aware_values_and_symmetry_for_games() {
    let position = "tictactoe@XOX/.O./X..";
    let named = |children: Vec<(String, i64, i64)>| -> Vec<(String, i64)> {
        children.into_iter().map(|(n, v, _)| (n, v)).collect()
    };
    let owned = |list: &[(&str, i64)]| -> Vec<(String, i64)> {
        list.iter().map(|&(n, v)| (n.to_string(), v)).collect()
    };
    assert_eq!(
        named(root_children(&[
            "tree",
            position,
            "--depth-aware",
            "--algorithm",
            "minimax",
            "--json"
        ])),
        owned(&[("a2", 2), ("c2", -3), ("b3", 4), ("c3", -3)])
    );
    assert_eq!(
        named(root_children(&[
            "tree",
            position,
            "--algorithm",
            "minimax",
            "--json"
        ])),
        owned(&[("a2", 1), ("c2", -1), ("b3", 1), ("c3", -1)])
    );
    // `--symmetry` from the empty board at depth 2: a corner (for 4 moves) worth -1, an
    // edge (4) worth -2, the centre (1) worth 1, with f(p) (open lines for X minus those
    // for O, the least of O's answers).
    assert_eq!(
        root_children(&[
            "tree",
            "tictactoe",
            "--depth",
            "2",
            "--symmetry",
            "--algorithm",
            "minimax",
            "--json"
        ]),
        [
            ("a1".to_string(), -1, 4),
            ("b1".to_string(), -2, 4),
            ("b2".to_string(), 1, 1)
        ]
    );
    // Both apply to games only.
    Bounded::new(&["tree", &example("classic.txt"), "--depth-aware"])
        .run()
        .assert_code(2)
        .assert_stderr_contains("--depth-aware applies to a game");
}

/// A tree with chance nodes: expectiminimax unless told star1 or star2, the value as an
/// exact fraction, and the searches that cannot take chance nodes refused.
#[test]
fn chance_trees() {
    let dice = example("dice.txt");
    assert_eq!(
        stdout(&["tree", &dice], ""),
        "root MAX = 4  *
├─ left CHANCE = 3.5
│  ├─ [1/2] a = 3
│  ├─ [1/4] b = 9
│  └─ [1/4] c = -1
└─ right CHANCE = 4  *
   ├─ [1/2] 8
   └─ [1/2] 0
expectiminimax: value 4, 8 nodes visited, 5 leaves, 0 cuts
"
    );
    // The picture: the two dice as circles, each outcome's probability over it.
    let svg = stdout(&["tree", &dice, "--format", "svg"], "");
    assert_eq!(svg.matches(r#"<circle class="node""#).count(), 2);
    for p in ["1/2", "1/4"] {
        assert!(svg.contains(&format!(
            r#"paint-order="stroke" text-anchor="middle">{p}</text>"#
        )));
    }
    assert!(svg.contains("expectiminimax: value 4, best right"));
    // Graphviz: the dice as circles, the probabilities on the edges, the exact values,
    // the line both players choose (root to right) in red.
    let dot = stdout(&["tree", &dice, "--format", "dot"], "");
    assert_eq!(dot.matches("shape=circle").count(), 2, "{dot}");
    assert!(
        dot.contains(r#"n1 [label="left\n3.5\nCHANCE", shape=circle"#),
        "{dot}"
    );
    assert!(
        dot.contains(r#"n0 [label="root\n4\nMAX", shape=triangle"#),
        "{dot}"
    );
    assert!(dot.contains(r#"n1 -> n2 [label="1/2"];"#), "{dot}");
    assert!(dot.contains(r#"n1 -> n3 [label="1/4"];"#), "{dot}");
    assert!(
        dot.contains(r##"n0 -> n5 [color="#c0392b", penwidth=3];"##),
        "{dot}"
    );
    assert_eq!(dot.matches(" -> ").count(), 7);
    let out = json(
        &["tree", "-", "--json", "--algorithm", "star1"],
        "(r[chance] 1 [chance](2 3) 3)",
    );
    // (1 + 5/2 + 3) / 3: the nested chance node is worth (2 + 3) / 2.
    assert_eq!(out["value_exact"], "13/6");
    assert_eq!(out["algorithm"], "star1");
    assert_eq!(out["root"]["player"], "chance");
    assert_eq!(out["root"]["children"][1]["value_exact"], "5/2");
    assert_eq!(out["root"]["children"][1]["probability_exact"], "1/3");
    let backgammon = example("backgammon.txt");
    let star2 = stdout(
        &["tree", &backgammon, "--algorithm", "star2", "--trace"],
        "",
    );
    assert!(star2.contains("star2: value 1, 41 nodes visited, 22 leaves, 2 cuts, 4 probes"));
    assert!(
        star2.contains("probe a1 MIN through its first move: ≤ 1"),
        "{star2}"
    );
    assert_eq!(
        failure(&["tree", &dice, "--algorithm", "alphabeta"], ""),
        "ply: error: this tree has chance nodes, which alphabeta cannot search: use expectiminimax, star1 or star2\n"
    );
    assert_eq!(
        failure(
            &["tree", &example("classic.txt"), "--algorithm", "star1"],
            ""
        ),
        "ply: error: star1 searches trees with chance nodes, and this tree has none: use minimax, negamax or alphabeta\n"
    );
}

#[test]
fn a_games_graph_of_positions_is_printed() {
    // Count to 10: the eleven totals, a loss for the player to move exactly where
    // 10 − total is a multiple of 3, and the moves +1 and +2 between them.
    let text = stdout(&["tree", "race:10,2", "--graph"], "");
    let mut expected = String::from(
        "race:10,2: 11 positions and 19 moves between them; each position's value is for the player to move\n",
    );
    for total in 0..=10u32 {
        let value = if (10 - total) % 3 == 0 { "loss" } else { "win" };
        let moves = match total {
            10 => "game over".to_string(),
            9 => "1 -> 10".to_string(),
            _ => format!("1 -> {}, 2 -> {}", total + 1, total + 2),
        };
        expected.push_str(&format!("{total:<2}  {value:<10}  {moves}\n"));
    }
    assert_eq!(text, expected);
    // Tic-tac-toe to depth 2 up to symmetry: 1 + 3 + 12 positions, as JSON.
    let graph = json(
        &[
            "tree",
            "tictactoe",
            "--depth",
            "2",
            "--symmetry",
            "--graph",
            "--json",
        ],
        "",
    );
    assert_eq!(graph["positions"].as_array().unwrap().len(), 16);
    let dot = stdout(&["tree", "race:10,2", "--graph", "--format", "dot"], "");
    assert!(dot.starts_with("digraph positions {\n"));
    assert!(dot.contains("  p7 [label=\"7\\nloss\"];\n"));
    assert!(dot.contains("  p8 -> p10 [label=\"2\"];\n"));
    // Bounded like the tree, and only for games.
    let refused = failure(&["tree", "race:40,2", "--graph", "--max-nodes", "100"], "");
    assert!(
        refused.contains(
            "the graph of positions has more than 100 positions and moves (raise the limit with --max-nodes)"
        ),
        "{refused}"
    );
    let refused = failure(&["tree", &example("classic.txt"), "--graph"], "");
    assert!(refused.contains("--graph applies to a game"), "{refused}");
}
