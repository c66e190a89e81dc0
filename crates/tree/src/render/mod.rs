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

mod chance_svg;
mod dot;
mod json;
mod layout;
mod svg;
mod text;

pub use chance_svg::{chance_svg, ratio_short};
pub use dot::{chance_dot, dot};
pub use json::{chance_json, json, json_text, json_text_bound};
pub use svg::{SvgOptions, svg, svg_bound, svg_drawing, svg_with};
pub use text::{chance_text, chance_trace, ratio_text, summary, text, trace};

use std::borrow::Cow;

/// A name as the drawings show it. No tree file may contain control or invisible
/// characters (see `ply_core::text`), but a tree built by a program might: they are
/// written out as `\u{7}`, so that no drawing carries a raw control character (which
/// would break a terminal, a dot file or the well-formedness of an SVG).
pub(crate) fn shown(name: &str) -> Cow<'_, str> {
    let hidden = |c: char| c.is_control() || ply_core::text::invisible_name(c).is_some();
    if !name.chars().any(hidden) {
        return Cow::Borrowed(name);
    }
    let mut out = String::with_capacity(name.len() + 8);
    for c in name.chars() {
        if hidden(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}
