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
pub use dot::{chance_dot, dot, write_chance_dot, write_dot};
pub use json::{
    chance_json, chance_json_text, chance_json_text_bound, chance_json_text_sized, json, json_text,
    json_text_bound, json_text_sized,
};
pub use svg::{
    FOLDING_PATH_BYTES, FOLDING_PATHS, Folding, SvgOptions, svg, svg_bound, svg_drawing,
    svg_folded, svg_with,
};
pub use text::{
    English, TEXT_MESSAGES, TextWords, chance_text, chance_trace, ratio_text, summary, text, trace,
    write_chance_text, write_chance_text_in, write_chance_trace, write_chance_trace_in, write_text,
    write_text_in, write_trace, write_trace_in,
};

use std::borrow::Cow;
use std::fmt;

/// Counts the bytes written to it: the size of a drawing, without making it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ByteCount(u64);

impl ByteCount {
    /// The bytes written so far.
    pub fn bytes(self) -> u64 {
        self.0
    }
}

impl fmt::Write for ByteCount {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.0 = self.0.saturating_add(text.len() as u64);
        Ok(())
    }
}

impl std::io::Write for ByteCount {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0 = self.0.saturating_add(bytes.len() as u64);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The bytes of the drawing `draw` writes (one of the `write_*` functions of this
/// module), counted without making it.
///
/// ```
/// use ply_core::Algorithm;
/// use ply_tree::{annotate, parse, render};
///
/// let tree = parse("(a (b 3 12) (c 2 4))", &Default::default()).unwrap();
/// let run = annotate(&tree, Algorithm::AlphaBeta);
/// let bytes = render::count(|out| render::write_text(&tree, &run, out));
/// assert_eq!(bytes, render::text(&tree, &run).len() as u64);
/// ```
pub fn count(draw: impl FnOnce(&mut dyn fmt::Write)) -> u64 {
    let mut count = ByteCount::default();
    draw(&mut count);
    count.bytes()
}

/// The drawing `draw` writes, made only once `fits` accepts its length in bytes: it is
/// counted first ([`count`]), then written into a string of exactly that size. A drawing
/// too large for its caller (the memory there is, an answer's limit) is refused before
/// any of it is made, and one that fits takes its own size, not the up to three times
/// as much a string that doubles as it grows holds on the way.
pub fn sized<E>(
    draw: impl Fn(&mut dyn fmt::Write),
    fits: impl FnOnce(u64) -> Result<(), E>,
) -> Result<String, E> {
    let bytes = count(&draw);
    fits(bytes)?;
    let mut out = String::with_capacity(usize::try_from(bytes).unwrap_or(0));
    draw(&mut out);
    Ok(out)
}

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
