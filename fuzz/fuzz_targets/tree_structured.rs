#![no_main]
//! Structure-aware: an arbitrary tree (shape, names, values, perspective) is built
//! node by node, written in each format and read back to the same tree; it is
//! annotated by every algorithm and drawn in every format. The same shape with
//! arbitrary names (control characters, markup, anything a program may put in a
//! tree) is drawn too: the SVG stays well-formed XML, and no drawing carries a raw
//! control character.
use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use ply_core::Algorithm;
use ply_tree::value::Decimal;
use ply_tree::{
    ExplicitTree, JSON_MAX_DEPTH, LeafPerspective, Limits, NodeId, ParseOptions, TreeBuilder,
    annotate, parse, render,
};

#[derive(Arbitrary, Debug)]
struct Input {
    nodes: Vec<Shape>,
    mover_perspective: bool,
}

/// One node, in reading order.
#[derive(Arbitrary, Debug)]
struct Shape {
    /// How many levels up from the last node its parent is (0: a child of the last node).
    up: u8,
    name: Option<String>,
    /// The value of a leaf: mantissa and decimal places.
    mantissa: i32,
    decimals: u8,
}

const LIMITS: Limits = Limits {
    max_nodes: 3_000,
    max_depth: 200,
};

/// `name` if the text and bracket formats can write it and read it back.
fn plain(name: &str) -> Option<String> {
    let ok = |c: char| {
        !c.is_whitespace()
            && !matches!(c, '=' | '#' | '(' | ')' | ',' | '{' | '}' | '[' | ']' | '"')
            && ply_core::text::refusal(c).is_none()
    };
    (!name.is_empty() && name != "-" && name.chars().all(ok) && name.parse::<Decimal>().is_err())
        .then(|| name.to_string())
}

/// The tree of `input`, naming nodes with `name`; `None` if it breaks a limit or a value does not fit.
fn build(input: &Input, name: impl Fn(&str) -> Option<String>) -> Option<ExplicitTree> {
    let mut builder = TreeBuilder::new(LIMITS);
    let mut path: Vec<NodeId> = Vec::new();
    let mut has_children = Vec::new();
    for shape in input.nodes.iter().take(LIMITS.max_nodes) {
        let keep = path.len().saturating_sub(shape.up as usize);
        path.truncate(keep.max(1).min(path.len()));
        let parent = path.last().copied();
        let id = builder
            .push(parent, shape.name.as_deref().and_then(&name), 0, 0)
            .ok()?;
        if let Some(parent) = parent {
            has_children[parent as usize] = true;
        }
        has_children.push(false);
        path.push(id);
    }
    for (id, shape) in input.nodes.iter().enumerate().take(has_children.len()) {
        if !has_children[id] {
            let mantissa = (shape.mantissa % 100_000) as i64;
            let value = Decimal {
                mantissa,
                decimals: shape.decimals % 4,
            };
            builder.set_value(id as NodeId, value, 0, 0);
        }
    }
    let perspective = if input.mover_perspective {
        LeafPerspective::Mover
    } else {
        LeafPerspective::Max
    };
    builder.finish(perspective).ok()
}

/// Every drawing of every search of `tree`: the SVG well-formed, no raw control character.
fn draw(tree: &ExplicitTree) {
    for algorithm in Algorithm::ALL {
        let run = annotate(tree, algorithm);
        let svg = render::svg(tree, &run, true);
        if let Err(error) = roxmltree::Document::parse(&svg) {
            panic!("the SVG is not well-formed XML ({error}): {svg}");
        }
        let text =
            render::text(tree, &run) + &render::trace(tree, &run) + &render::summary(tree, &run);
        for drawing in [&text, &render::dot(tree, &run), &svg] {
            let raw = drawing
                .chars()
                .find(|&c| c != '\n' && ply_core::text::refusal(c).is_some());
            assert_eq!(raw, None, "{drawing}");
        }
        let json = render::json_text(tree, &run, true);
        serde_json::from_str::<serde_json::Value>(&json).expect("the JSON drawing is JSON");
    }
}

fuzz_target!(|input: Input| {
    if let Some(tree) = build(&input, plain) {
        let options = ParseOptions {
            limits: LIMITS,
            perspective: tree.perspective(),
        };
        assert_eq!(
            parse(&tree.to_text(), &options).expect("text round trip"),
            tree
        );
        assert_eq!(
            parse(&tree.to_bracket(), &options).expect("bracket round trip"),
            tree
        );
        let json = serde_json::to_string_pretty(&tree.to_json()).expect("JSON");
        if tree.height() <= JSON_MAX_DEPTH {
            assert_eq!(parse(&json, &options).expect("JSON round trip"), tree);
        }
        draw(&tree);
    }
    if let Some(tree) = build(&input, |name| Some(name.to_string())) {
        draw(&tree);
    }
});
