//! Hostile input to the tree lab: characters no file may hold, numbers the formats
//! must read alike, trees too large to hold, names a program may put in a tree.
//! Each test here failed before the tree lab was hardened.

use ply_core::{Algorithm, Game, Outcome, Player, Score};
use ply_tree::{
    ExpandOptions, LeafPerspective, Limits, ParseOptions, TreeBuilder, annotate, expand,
    expand_strategy, parse, render, value::Decimal,
};

fn error_with(text: &str, options: ParseOptions) -> String {
    match parse(text, &options) {
        Ok(tree) => panic!("{text:?} parsed as {:?}", tree.to_bracket()),
        Err(e) => e.to_string(),
    }
}

fn error(text: &str) -> String {
    error_with(text, ParseOptions::default())
}

fn small(max_nodes: usize, max_depth: u32) -> ParseOptions {
    ParseOptions {
        limits: Limits {
            max_nodes,
            max_depth,
        },
        perspective: LeafPerspective::Max,
    }
}

#[test]
fn control_and_invisible_characters_are_refused_in_every_format() {
    for (text, expected) in [
        // Text format: a byte-order mark after the start (the first fuzzing crash).
        (
            "root\n  a\u{feff} = 3\n",
            "2:4: invisible character U+FEFF (byte-order mark) is not allowed",
        ),
        (
            "\u{feff}\u{feff}(1 2)",
            "1:1: invisible character U+FEFF (byte-order mark) is not allowed",
        ),
        (
            "root # \u{1b}[2J\n  a = 1\n",
            "1:8: control character U+001B is not allowed",
        ),
        (
            "root\n  a = 1\u{0}\n",
            "2:8: control character U+0000 is not allowed",
        ),
        // Bracket format.
        (
            "(r a\u{7}=1 2)",
            "1:5: control character U+0007 is not allowed",
        ),
        (
            "(r\n  (x 1 2\u{200b}))",
            "2:9: invisible character U+200B (zero width space) is not allowed",
        ),
        // JSON, as written and as spelt by escapes (refused at the name's place).
        (
            "{\"name\": \"a\u{202e}\", \"value\": 1}",
            "1:12: invisible character U+202E (bidirectional embedding) is not allowed",
        ),
        (
            r#"{"name": "r", "children": [{"name": "a\u0007", "value": 1}]}"#,
            "1:37: control character U+0007 is not allowed (in the name 'a\\u{7}')",
        ),
        (
            "{\"name\": \"r\",\n \"children\": [{\"name\": \"\\ufeffb\", \"value\": 1}]}",
            "2:24: invisible character U+FEFF (byte-order mark) is not allowed (in the name '\\u{feff}b')",
        ),
        (
            r#"{"name": "\u0000", "value": 1}"#,
            "1:10: control character U+0000 is not allowed (in the name '\\u{0}')",
        ),
    ] {
        assert_eq!(error(text), expected, "{text:?}");
    }
    // A byte-order mark at the very start is still skipped, in every format.
    for text in [
        "\u{feff}(1 2)",
        "\u{feff}r\n  = 1\n",
        "\u{feff}{\"value\": 1}",
    ] {
        assert!(parse(text, &ParseOptions::default()).is_ok(), "{text:?}");
    }
}

#[test]
fn messages_never_carry_control_characters_or_whole_long_names() {
    // A JSON key spelling a terminal escape sequence is quoted escaped.
    assert_eq!(
        error(r#"{"\u001b[2J": 1}"#),
        "1:12: unknown field `\\u{1b}[2J`, expected one of `name`, `value`, `children`, `kind`, `probability`"
    );
    // A long name is quoted short, however often the message names it.
    let long = "n".repeat(100_000);
    let message = error(&format!("root\n  {long}\n"));
    let quoted = format!("'{}…'", "n".repeat(40));
    assert_eq!(
        message,
        format!("2:3: leaf {quoted} has no value (write it as {quoted})")
    );
    let message = error(&format!("{{\"value\": \"{long}\"}}"));
    assert!(message.len() < 120, "{message}");
    assert!(
        message.contains(&format!("\"{}…\"", "n".repeat(40))),
        "{message}"
    );
}

#[test]
fn every_format_reads_numbers_alike() {
    let refusals = [
        (
            "1e3",
            "'1e3' has an exponent: write the number out in full (e.g. 2.5)",
        ),
        (
            "-2.5E-1",
            "'-2.5E-1' has an exponent: write the number out in full (e.g. 2.5)",
        ),
        (
            "0.0001",
            "'0.0001' has more than 3 decimal places (values are exact to 0.001)",
        ),
        (
            "999999999",
            "'999999999' is too large (values must lie within ±998999999)",
        ),
    ];
    for (number, message) in refusals {
        assert_eq!(
            error(&format!("r\n  a = {number}\n")),
            format!("2:7: {message}")
        );
        assert_eq!(error(&format!("(r a={number})")), format!("1:6: {message}"));
        assert_eq!(error(&format!("(r 1 {number})")), format!("1:6: {message}"));
        assert_eq!(
            error(&format!(
                "{{\"children\": [{{\"value\": 1}}, {{\"value\": {number}}}]}}"
            )),
            format!("1:39: {message}")
        );
    }
    // What is not a number at all keeps the bracket format's short message.
    assert_eq!(error("(1 2.25.1)"), "1:4: '2.25.1' is not a number");
    // Values that are not numbers keep serde_json's message, at the same place.
    assert_eq!(
        error(r#"{"value": true}"#),
        "1:14: invalid type: boolean `true`, expected a JSON number"
    );
    // Numbers within the rules read the same in every format.
    let options = ParseOptions::default();
    let text = parse("r\n  a = 2.5\n  b = -0.125\n", &options).unwrap();
    let json = r#"{"name": "r", "children": [{"name": "a", "value": 2.50}, {"name": "b", "value": -0.125}]}"#;
    assert_eq!(parse(json, &options).unwrap(), text);
    assert_eq!(parse("(r a=2.5 b=-0.125)", &options).unwrap(), text);
}

#[test]
fn the_node_limit_stops_every_format_while_it_reads() {
    // The limit is met before the bad character at the end is reached: reading
    // stops there, nothing past it is read.
    let bracket = format!("({} [", "1 ".repeat(10));
    assert_eq!(
        error_with(&bracket, small(5, 10)),
        "1:10: the tree has more than 5 nodes (raise the limit with --max-nodes)"
    );
    let json = format!("{{\"children\": [{} !", r#"{"value": 1}, "#.repeat(10));
    assert_eq!(
        error_with(&json, small(5, 10)),
        "the tree has more than 5 nodes (raise the limit with --max-nodes)"
    );
    let text = format!("root\n{}  a(b\n", "  = 1\n".repeat(10));
    assert_eq!(
        error_with(&text, small(5, 10)),
        "6:3: the tree has more than 5 nodes (raise the limit with --max-nodes)"
    );
}

/// Tags are kept in time linear in the nodes: each used to be stored by first
/// dropping any earlier tag of its node, a pass over every tag read so far, so that a
/// chance node of 100,000 outcomes, each with its probability, took 7 s to read (about
/// 700 s at the command line's million nodes); it takes 50 ms.
#[test]
fn a_hundred_thousand_tagged_outcomes_read_at_once() {
    let n = 100_000;
    let text = format!("(r[chance] {})", format!("[1/{n}]1 ").repeat(n));
    let started = std::time::Instant::now();
    let tree = parse(&text, &ParseOptions::default()).unwrap();
    let took = started.elapsed();
    assert_eq!(tree.len(), n + 1);
    assert!(tree.node(0).chance);
    assert!(took.as_secs_f64() < 1.5, "{took:?}");
}

#[test]
fn json_trees_are_at_most_63_levels_deep() {
    let nested =
        |levels: usize| "{\"children\": [".repeat(levels) + "{\"value\": 1}" + &"]}".repeat(levels);
    let tree = parse(&nested(63), &ParseOptions::default()).unwrap();
    assert_eq!(tree.height(), 63);
    assert_eq!(
        error(&nested(64)),
        "1:896: recursion limit exceeded: a JSON tree can be at most 63 levels deep; write deeper trees in the text or bracket format"
    );
    // The depth limit, when lower, applies first.
    assert_eq!(
        error_with(&nested(63), small(1000, 10)),
        "the tree goes deeper than depth 10 (raise the limit with --max-depth)"
    );
}

/// A game of `width` moves in every position, over after `length` moves; the
/// player who makes the last move wins. Positions never repeat.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Wide {
    width: u32,
    length: u32,
    played: u32,
}

impl Game for Wide {
    type Move = u32;

    fn to_move(&self) -> Player {
        if self.played % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.played == self.length).then_some(Outcome::Loss)
    }

    fn generate_moves(&self, moves: &mut Vec<u32>) {
        moves.extend(0..self.width);
    }

    fn play(&mut self, _: u32) {
        self.played += 1;
    }
}

#[test]
fn a_game_is_refused_before_its_children_are_made() {
    let wide = Wide {
        width: 100_000,
        length: 3,
        played: 0,
    };
    let limits = |max_nodes, max_depth| ExpandOptions {
        limits: Limits {
            max_nodes,
            max_depth,
        },
        ..ExpandOptions::default()
    };
    // Too many nodes: the root's 100000 children are refused before any is named.
    let mut named = 0;
    let error = expand(
        &wide,
        "w",
        |_, mv| {
            named += 1;
            mv.to_string()
        },
        &limits(1000, 100),
    )
    .unwrap_err();
    assert_eq!(
        error.message,
        "the tree has more than 1000 nodes (raise the limit with --max-nodes); start from a later position"
    );
    assert_eq!(named, 0);
    // Too deep: refused before the moves of the position at the limit are made.
    let mut named = 0;
    let error = expand(
        &wide,
        "w",
        |_, mv| {
            named += 1;
            mv.to_string()
        },
        &limits(1_000_000, 0),
    )
    .unwrap_err();
    assert_eq!(
        error.message,
        "the tree goes deeper than depth 0 (raise the limit with --max-depth); start from a later position"
    );
    assert_eq!(named, 0);
    // The same for a solved strategy: the losing side's every answer is shown.
    let losing = |_: &Wide| Some(Score::loss_in(3));
    let mut named = 0;
    let error = expand_strategy(
        &wide,
        "w",
        |_, mv| {
            named += 1;
            mv.to_string()
        },
        losing,
        |_| vec![0],
        &limits(1000, 100),
    )
    .unwrap_err();
    assert_eq!(
        error.message,
        "the tree has more than 1000 nodes (raise the limit with --max-nodes)"
    );
    assert_eq!(named, 0);
    // Within the limits, the same tree as before: 1 + 3 + 9 + 27 nodes.
    let narrow = Wide {
        width: 3,
        length: 3,
        played: 0,
    };
    let tree = expand(&narrow, "w", |_, mv| mv.to_string(), &limits(40, 3)).unwrap();
    assert_eq!(tree.len(), 40);
    assert!(expand(&narrow, "w", |_, mv| mv.to_string(), &limits(39, 3)).is_err());
    assert!(expand(&narrow, "w", |_, mv| mv.to_string(), &limits(40, 2)).is_err());
}

/// Names no file may contain, as a program building a tree may give them.
const HOSTILE: [&str; 6] = [
    "bell\u{7}",
    "nul\u{0}",
    "<&>\"'",
    "line\nbreak",
    "rtl\u{202e}mark",
    "nonchar\u{ffff}",
];

#[test]
fn the_drawings_escape_whatever_a_name_holds() {
    let mut builder = TreeBuilder::new(Limits::default());
    let root = builder.push(None, Some(HOSTILE[0].into()), 0, 0).unwrap();
    for (i, name) in HOSTILE.iter().enumerate().skip(1) {
        let child = builder
            .push(Some(root), Some(name.to_string()), 0, 0)
            .unwrap();
        let leaf = builder
            .push(Some(child), Some(format!("{name}{i}")), 0, 0)
            .unwrap();
        builder.set_value(leaf, Decimal::integer(i as i64), 0, 0);
        let other = builder.push(Some(child), None, 0, 0).unwrap();
        builder.set_value(other, Decimal::integer(-(i as i64)), 0, 0);
    }
    let tree = builder.finish(LeafPerspective::Max).unwrap();
    for algorithm in Algorithm::ALL {
        let run = annotate(&tree, algorithm);
        let drawings = [
            render::text(&tree, &run),
            render::trace(&tree, &run),
            render::summary(&tree, &run),
            render::dot(&tree, &run),
            render::svg(&tree, &run, true),
        ];
        for drawing in &drawings {
            let raw = drawing.chars().find(|&c| {
                c != '\n' && (c.is_control() || ply_core::text::invisible_name(c).is_some())
            });
            assert_eq!(raw, None, "{algorithm}: {drawing}");
        }
        assert!(drawings[0].contains("bell\\u{7} MAX"), "{}", drawings[0]);
        assert!(
            drawings[3].contains("label=\"line\\\\u{a}break"),
            "{}",
            drawings[3]
        );
        // The SVG is well-formed XML, and says what the names say.
        let svg = &drawings[4];
        let document = roxmltree::Document::parse(svg)
            .unwrap_or_else(|e| panic!("{algorithm}: not XML ({e}): {svg}"));
        let texts: Vec<&str> = document
            .descendants()
            .filter(|node| node.has_tag_name("text"))
            .filter_map(|node| node.text())
            .collect();
        assert!(texts.contains(&"<&>\"'"), "{texts:?}");
        assert!(texts.contains(&"nul\\u{0}"), "{texts:?}");
        assert!(texts.contains(&"nonchar\\u{ffff}"), "{texts:?}");
        // JSON escapes by itself: the names come back whole.
        let json = render::json_text(&tree, &run, true);
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(value["root"]["name"], HOSTILE[0]);
        assert_eq!(value["root"]["children"][0]["name"], HOSTILE[1]);
    }
}

/// Found by fuzzing (tree_structured): a value given with trailing zero decimals
/// (`0.000`) set the tree's scale, which its text did not write back.
#[test]
fn values_with_trailing_zero_decimals_write_back_exactly() {
    for (mantissa, decimals, scale) in [(0, 3, 0), (2500, 3, 1), (-120, 2, 1), (7, 3, 3)] {
        let mut builder = TreeBuilder::new(Limits::default());
        let root = builder.push(None, None, 0, 0).unwrap();
        builder.set_value(root, Decimal { mantissa, decimals }, 0, 0);
        let tree = builder.finish(LeafPerspective::Max).unwrap();
        assert_eq!(tree.decimals(), scale, "{mantissa}e-{decimals}");
        let options = ParseOptions::default();
        assert_eq!(parse(&tree.to_text(), &options).unwrap(), tree);
        assert_eq!(parse(&tree.to_bracket(), &options).unwrap(), tree);
    }
}
