#![no_main]
//! Any text given as a tree (text, bracket or JSON format) is either read or refused
//! with an error that has a place; never a panic. A tree that is read is searched and
//! drawn in every format (the SVG is well-formed XML), and writes back to each format
//! in a text that reads to the same tree; a tree with chance nodes is searched by the
//! three chance searches, which agree on its value, and drawn.
//!
//! Tags (`[max]`, `[min]`, `[chance]`, probabilities) are rare in random text, so the
//! same bytes are also read as a sequence of bracket-format tokens, tags among them:
//! the text they make is read or refused as above, and two kind tags or two
//! probabilities in a row (which always fall on one node) are always refused.
use libfuzzer_sys::fuzz_target;
use ply_core::Algorithm;
use ply_fuzz::check_message;
use ply_tree::chance::{ChanceAlgorithm, annotate_chance};
use ply_tree::{
    ExplicitTree, Format, JSON_MAX_DEPTH, LeafPerspective, Limits, ParseOptions, annotate,
    detect_format, parse, render,
};

/// The tokens the bytes choose from (a byte's value modulo their number): the bracket
/// format's, its tags, and a few it refuses.
const TOKENS: [&str; 24] = [
    "(", ")", " ", "[max]", "[min]", "[chance]", "[1/2]", "[1/3]", "[2/3]", "[0.25]", "[1]", "a",
    "b=1", "1", "2", "-3", "0.5", "x", "\n", "[", "]", "[0]", "#", "[often]",
];

/// Whether a token is a kind tag or a probability tag (`Some(true)`: a kind).
fn tag_sort(token: &str) -> Option<bool> {
    match token {
        "[max]" | "[min]" | "[chance]" => Some(true),
        "[1/2]" | "[1/3]" | "[2/3]" | "[0.25]" | "[1]" | "[0]" => Some(false),
        _ => None,
    }
}

/// Checks that `error` is one short line placed in `text` (line 0: the whole tree).
fn check_error(text: &str, error: &ply_tree::TreeError) {
    check_message(&error.to_string());
    if error.line == 0 {
        return;
    }
    let text = ply_core::text::strip_bom(text);
    let Some(line) = text.split('\n').nth(error.line as usize - 1) else {
        panic!("{error}: the text has {} lines", text.split('\n').count());
    };
    let columns = line.chars().count() as u32 + 1;
    assert!(
        error.column >= 1 && error.column <= columns,
        "{error}: line of {columns} columns"
    );
}

/// A tree with chance nodes: the three searches agree on its value (Star1 and Star2
/// cut only what cannot change it), and each run is drawn.
fn check_chance(tree: &ExplicitTree) {
    let mut value = None;
    for algorithm in [
        ChanceAlgorithm::Expectiminimax,
        ChanceAlgorithm::Star1,
        ChanceAlgorithm::Star2,
    ] {
        let Ok(run) = annotate_chance(tree, algorithm, None) else {
            // An overflow of the exact fractions: refused, not wrong.
            continue;
        };
        match value {
            None => value = Some(run.value),
            Some(v) => assert_eq!(run.value, v, "{algorithm:?} on {}", tree.to_bracket()),
        }
        let _ = (
            render::chance_text(tree, &run),
            render::chance_trace(tree, &run),
            render::chance_json(tree, &run, true),
        );
        let svg = render::chance_svg(tree, &run, &render::SvgOptions::default());
        if let Err(error) = roxmltree::Document::parse(&svg) {
            panic!("the SVG is not well-formed XML ({error}): {svg}");
        }
    }
}

/// The bytes read as tokens: the text they make, read as above; two kind tags or two
/// probabilities with only spaces between them are the same node's, and refused.
fn check_tokens(data: &[u8], options: &ParseOptions) {
    let tokens: Vec<&str> = data
        .iter()
        .take(200)
        .map(|&b| TOKENS[b as usize % TOKENS.len()])
        .collect();
    let text: String = tokens.concat();
    let mut doubled = false;
    let mut last: Option<bool> = None;
    let mut comment = false;
    for token in &tokens {
        match (comment, tag_sort(token)) {
            // A comment runs to the end of its line.
            (true, _) => comment = *token != "\n",
            (false, Some(sort)) => {
                doubled |= last == Some(sort);
                last = Some(sort);
            }
            (false, None) if *token == " " => {}
            (false, None) => {
                comment = *token == "#";
                last = None;
            }
        }
    }
    match parse(&text, options) {
        Ok(tree) => {
            assert!(
                !doubled,
                "two tags of one sort on one node were read: {text}"
            );
            check_tree(&text, tree, options);
        }
        Err(error) => check_error(&text, &error),
    }
}

fuzz_target!(|data: &[u8]| {
    let (perspective, limits) = (
        if data.len().is_multiple_of(2) {
            LeafPerspective::Max
        } else {
            LeafPerspective::Mover
        },
        Limits {
            max_nodes: 5_000,
            max_depth: 200,
        },
    );
    let options = ParseOptions {
        limits,
        perspective,
    };
    check_tokens(data, &options);
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse(text, &options) {
        Ok(tree) => check_tree(text, tree, &options),
        // Messages quote the input escaped and shortened: never a control character.
        Err(error) => check_message(&error.to_string()),
    }
});

/// A tree read from `text`: its names, its round trips, its searches and drawings.
fn check_tree(text: &str, tree: ExplicitTree, options: &ParseOptions) {
    let options = *options;
    // No name holds a character the text policy refuses, whatever the format.
    for node in tree.nodes() {
        assert!(
            ply_core::text::check_text(&node.name).is_ok(),
            "{:?}",
            node.name
        );
    }
    // Names from JSON may be any string; the text and bracket formats only take plain names.
    let format = detect_format(ply_core::text::strip_bom(text));
    if format != Format::Json {
        assert_eq!(
            parse(&tree.to_text(), &options).expect("text round trip"),
            tree
        );
    }
    if format == Format::Bracket {
        assert_eq!(
            parse(&tree.to_bracket(), &options).expect("bracket round trip"),
            tree
        );
    }
    let json = serde_json::to_string(&tree.to_json()).expect("JSON");
    match parse(&json, &options) {
        Ok(again) => assert_eq!(again, tree),
        Err(error) => {
            assert!(tree.height() > JSON_MAX_DEPTH, "JSON round trip: {error}");
            assert!(
                error.message.starts_with("recursion limit exceeded"),
                "{error}"
            );
        }
    }
    for algorithm in Algorithm::ALL {
        let run = annotate(&tree, algorithm);
        let _ = (
            render::text(&tree, &run),
            render::trace(&tree, &run),
            render::dot(&tree, &run),
        );
        let svg = render::svg(&tree, &run, true);
        if let Err(error) = roxmltree::Document::parse(&svg) {
            panic!("the SVG is not well-formed XML ({error}): {svg}");
        }
        let _ = render::json(&tree, &run, true);
    }
    if tree.has_chance() {
        check_chance(&tree);
    }
}
