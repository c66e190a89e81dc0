//! `PlyTree`: a hand-made game tree read and searched, as `ply tree` and the web lab do.

use crate::error::*;
use ply_api::tree::{Drawing, Evaluated, TreeLimits, TreeRequest, evaluate};
use std::ffi::{CString, c_char};
use std::sync::OnceLock;

/// A tree searched with alpha-beta: its value, best move and annotated picture (opaque).
/// The JSON and the picture are made when first asked for, and only when the memory
/// they take is there: a tree within the node limit may still be a million leaves,
/// whose drawings take gigabytes.
pub struct PlyTree {
    evaluated: Evaluated,
    json: OnceLock<CString>,
    best: CString,
    value: f64,
    nodes: u64,
}

/// Reads a tree in ply's tree notation (indented lines or brackets, e.g.
/// `"(a (b 3 12 8) (c 2 4 6) (d 14 5 2))"`) and searches it with alpha-beta. A text
/// that does not read is `PLY_ERR_PARSE`: [`ply_last_error`] starts with its
/// `line:column`, also given by [`ply_last_error_line`] and [`ply_last_error_column`].
/// Returns NULL on failure, with the code in `*err`.
///
/// # Safety
/// `text` is NULL or a NUL-terminated string; `err` NULL or an `int32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_tree_new(text: *const c_char, err: *mut i32) -> *mut PlyTree {
    with_code(err, || {
        // SAFETY: the caller's contract.
        let source = unsafe { crate::error::text(text, "tree") }?;
        let evaluated = evaluate(&TreeRequest::new(source), &TreeLimits::default())?;
        let Evaluated { tree, run } = &evaluated;
        let handle = PlyTree {
            best: kept(run.best.map_or("", |best| &tree.node(best).name)),
            value: tree.json_score(run.value).as_f64().unwrap_or(0.0),
            nodes: run.stats.nodes,
            json: OnceLock::new(),
            evaluated,
        };
        Ok(Box::into_raw(Box::new(handle)))
    })
}

/// Frees a tree. NULL does nothing.
///
/// # Safety
/// `tree` is NULL or a tree from [`ply_tree_new`], not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_tree_free(tree: *mut PlyTree) {
    if !tree.is_null() {
        // SAFETY: made by `Box::into_raw` in `ply_tree_new`.
        drop(unsafe { Box::from_raw(tree) });
    }
}

/// The root's backed-up value (0 if `tree` is NULL). Leaves may be decimals (`2.5`),
/// so the value is a `double`; an integer tree gives a whole number.
///
/// # Safety
/// `tree` is NULL or a live tree.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_tree_value(tree: *const PlyTree) -> f64 {
    // SAFETY: the caller's contract.
    unsafe { tree.as_ref() }.map_or(0.0, |t| t.value)
}

/// The name of the root's best child (`""` if it has no name), borrowed from the tree.
///
/// # Safety
/// `tree` is NULL or a live tree.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_tree_best(tree: *const PlyTree) -> *const c_char {
    // SAFETY: the caller's contract.
    unsafe { tree.as_ref() }.map_or(std::ptr::null(), |t| t.best.as_ptr())
}

/// Nodes alpha-beta visited.
///
/// # Safety
/// `tree` is NULL or a live tree.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_tree_nodes(tree: *const PlyTree) -> u64 {
    // SAFETY: the caller's contract.
    unsafe { tree.as_ref() }.map_or(0, |t| t.nodes)
}

/// The annotated tree as JSON, exactly `ply tree --format json --trace`, borrowed from
/// the tree. It is made at the first call; NULL on failure (`PLY_ERR_LIMIT` when the
/// memory it takes is not there; the tree stays usable), with the message in
/// [`ply_last_error`].
///
/// # Safety
/// `tree` is NULL or a live tree.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_tree_json(tree: *const PlyTree) -> *const c_char {
    let made = with_code(std::ptr::null_mut(), || {
        // SAFETY: the caller's contract.
        let tree = unsafe { handle(tree, "tree") }?;
        if tree.json.get().is_none() {
            let text = tree.evaluated.draw(Drawing::Json).map_err(Failure::from)?;
            // The text becomes the C string without a copy (names holding a NUL, which
            // JSON escapes, cannot put one in it). Two threads asking at once both make
            // it; the first one made is kept.
            let json = CString::new(text)
                .unwrap_or_else(|e| kept(&String::from_utf8_lossy(&e.into_vec())));
            let _ = tree.json.set(json);
        }
        Ok(tree
            .json
            .get()
            .map_or(std::ptr::null(), |json| json.as_ptr())
            .cast_mut())
    });
    made.cast_const()
}

/// The annotated tree drawn as SVG, as `ply tree --format svg --trace` draws it. The
/// caller frees it with [`ply_string_free`]; NULL on failure (`PLY_ERR_LIMIT` when the
/// memory it takes is not there).
///
/// # Safety
/// `tree` is NULL or a live tree.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_tree_svg(tree: *const PlyTree) -> *mut c_char {
    with_code(std::ptr::null_mut(), || {
        // SAFETY: the caller's contract.
        let tree = unsafe { handle(tree, "tree") }?;
        let svg = tree.evaluated.draw(Drawing::Svg).map_err(Failure::from)?;
        owned(svg)
    })
}
