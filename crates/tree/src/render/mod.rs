//! Drawing an annotated tree: [`text()`] for a terminal or a projector, [`json()`]
//! for programs, [`dot()`] for Graphviz, [`svg()`] for a picture drawn by ply itself,
//! and [`trace()`] for the steps of the search, one per line.

mod dot;
mod json;
mod svg;
mod text;

pub use dot::dot;
pub use json::{json, json_text};
pub use svg::svg;
pub use text::{summary, text, trace};
