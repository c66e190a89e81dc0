//! # ply-tree: the tree lab of ply
//!
//! Small hand-made game trees, as teachers draw them: leaves with values,
//! MAX at the root, MIN below, and so on. This crate reads such trees
//! ([`parse()`]: an indented text format, a bracket format, JSON), runs the
//! searches of ply-core on them ([`annotate()`]), and draws the result with
//! every backed-up value, the principal variation and the branches alpha-beta
//! prunes ([`render`]: text, JSON, Graphviz dot, SVG). [`expand()`] turns any
//! [`ply_core::Game`] position into such a tree.
//!
//! ```
//! use ply_core::Algorithm;
//! use ply_tree::{annotate, parse, render};
//!
//! let tree = parse("((3 12 8) (2 4 6) (14 5 2))", &Default::default()).unwrap();
//! let run = annotate(&tree, Algorithm::AlphaBeta);
//! assert_eq!(tree.format_score(run.value), "3");
//! assert_eq!(run.best, Some(1)); // node #2, the first branch
//! assert_eq!((run.stats.nodes, run.stats.leaves, run.cutoffs), (11, 7, 1));
//! let text = render::text(&tree, &run);
//! assert!(text.starts_with("#1 MAX = 3"));
//! ```
#![deny(missing_docs)]

pub mod annotate;
pub mod chance;
pub mod expand;
pub mod expand_chance;
pub mod parse;
pub mod render;
pub mod tree;
pub mod value;

pub use annotate::{Annotation, Bound, NodeReport, Step, Window, annotate, annotate_with};
pub use expand::{
    CUT_WIN, ExpandOptions, GameTreeOptions, MAX_ESTIMATE, expand, expand_game, expand_strategy,
    expand_to_depth,
};
pub use expand_chance::{
    expand_chance, expand_chance_to_depth, written_chance_tree, written_chance_tree_len,
};
pub use parse::{
    Format, JSON_MAX_DEPTH, detect_format, parse, parse_bracket, parse_json, parse_text,
};
pub use tree::{
    ExplicitTree, LeafPerspective, Limits, MoveOrder, Node, NodeId, ParseOptions, TreeBuilder,
    TreeError, TreePosition,
};
