#![no_main]
//! Any text given as a tree (text, bracket or JSON format) is either read or refused
//! with an error that has a place; never a panic. A tree that is read is searched and
//! drawn in every format (the SVG is well-formed XML), and writes back to each format
//! in a text that reads to the same tree.
use libfuzzer_sys::fuzz_target;
use ply_core::Algorithm;
use ply_fuzz::check_message;
use ply_tree::{
    Format, JSON_MAX_DEPTH, LeafPerspective, Limits, ParseOptions, annotate, detect_format, parse,
    render,
};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
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
    let tree = match parse(text, &options) {
        Ok(tree) => tree,
        Err(error) => {
            // Messages quote the input escaped and shortened: never a control character.
            check_message(&error.to_string());
            return;
        }
    };
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
});
