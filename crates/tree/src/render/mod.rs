//! Drawing an annotated tree: [`text()`] for a terminal or a projector, [`json()`]
//! for programs, [`dot()`] for Graphviz, [`svg()`] for a picture drawn by ply itself,
//! and [`trace()`] for the steps of the search, one per line.
//!
//! ```
//! use ply_core::Algorithm;
//! use ply_tree::{annotate, parse, render};
//!
//! let tree = parse("(a (b 3 12) (c 2 4))", &Default::default()).unwrap();
//! let run = annotate(&tree, Algorithm::AlphaBeta);
//! assert_eq!(
//!     render::text(&tree, &run),
//!     "a MAX = 3  *\n\
//!      ├─ b MIN = 3  *\n\
//!      │  ├─ 3  *\n\
//!      │  └─ 12\n\
//!      └─ c MIN ≤ 2  cutoff: 2 ≤ α=3: MAX can get 3 elsewhere; prunes 4\n   \
//!         ├─ 2\n   \
//!         └─ 4  pruned at c, window α=3 β=+∞\n\
//!      * principal variation: a → b → 3\n"
//! );
//! let json = render::json(&tree, &run, false);
//! assert_eq!(json["root"]["children"][1]["children"][1]["pruned"], true);
//! assert!(render::svg(&tree, &run, false).starts_with("<svg"));
//! assert!(render::dot(&tree, &run).contains("shape=invtriangle"));
//! ```

mod dot;
mod json;
mod svg;
mod text;

pub use dot::dot;
pub use json::{json, json_text};
pub use svg::svg;
pub use text::{summary, text, trace};
