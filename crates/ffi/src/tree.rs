//! `PlyTree`: a hand-made game tree read and searched, as `ply tree` and the web lab do.

use crate::error::*;
use ply_api::tree::{TreeLimits, TreeRequest, evaluate_tree, tree_svg};
use std::ffi::{CString, c_char};

/// A tree searched with alpha-beta: its value, best move and annotated picture (opaque).
pub struct PlyTree {
    request: TreeRequest,
    json: CString,
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
        let request = TreeRequest::new(source);
        let json = evaluate_tree(&request, &TreeLimits::default())?;
        let parsed: serde_json::Value = serde_json::from_str(&json)
            .map_err(|e| Failure::new(PLY_ERR_INTERNAL, e.to_string()))?;
        let tree = PlyTree {
            best: kept(parsed["best"].as_str().unwrap_or("")),
            value: parsed["value"].as_f64().unwrap_or(0.0),
            nodes: parsed["nodes_visited"].as_u64().unwrap_or(0),
            json: kept(&json),
            request,
        };
        Ok(Box::into_raw(Box::new(tree)))
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

/// The annotated tree as JSON, exactly `ply tree --format json --trace` (borrowed).
///
/// # Safety
/// `tree` is NULL or a live tree.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_tree_json(tree: *const PlyTree) -> *const c_char {
    // SAFETY: the caller's contract.
    unsafe { tree.as_ref() }.map_or(std::ptr::null(), |t| t.json.as_ptr())
}

/// The annotated tree drawn as SVG, as `ply tree --format svg --trace` draws it. The
/// caller frees it with [`ply_string_free`]; NULL on failure.
///
/// # Safety
/// `tree` is NULL or a live tree.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_tree_svg(tree: *const PlyTree) -> *mut c_char {
    with_code(std::ptr::null_mut(), || {
        // SAFETY: the caller's contract.
        let tree = unsafe { handle(tree, "tree") }?;
        owned(tree_svg(&tree.request, &TreeLimits::default())?)
    })
}
