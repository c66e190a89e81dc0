//! Error codes, this thread's last error, and the two ways in and out of the boundary:
//! strings read from C and handed back to it, and the guard that turns every failure
//! (and any panic) into a code and a message.

use ply_api::{ApiError, ErrorKind};
use std::cell::RefCell;
use std::ffi::{CStr, CString, c_char};
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Success.
pub const PLY_OK: i32 = 0;
/// A pointer that must not be NULL was NULL.
pub const PLY_ERR_NULL: i32 = 1;
/// A string was not valid UTF-8.
pub const PLY_ERR_UTF8: i32 = 2;
/// A text (a tree, a position, a move) does not read; the message says where.
pub const PLY_ERR_PARSE: i32 = 3;
/// A request went past a limit that protects the machine, or was stopped by its time.
pub const PLY_ERR_LIMIT: i32 = 4;
/// Anything else a request can get wrong: an unknown game, an illegal move, a bad option.
pub const PLY_ERR_BAD_REQUEST: i32 = 5;
/// A callback of a custom game broke its contract (too many moves, no move in a game
/// that is not over, a player other than 0 or 1).
pub const PLY_ERR_CALLBACK: i32 = 6;
/// ply itself failed (a bug): the message says what; the process goes on.
pub const PLY_ERR_INTERNAL: i32 = 7;

/// A failure on its way out: a code, a one-line message and, for a parse error of a
/// multi-line text, its place.
pub(crate) struct Failure {
    pub code: i32,
    pub message: String,
    pub line: u32,
    pub column: u32,
}

impl Failure {
    pub fn new(code: i32, message: impl Into<String>) -> Failure {
        Failure {
            code,
            message: message.into(),
            line: 0,
            column: 0,
        }
    }
}

impl From<ApiError> for Failure {
    fn from(error: ApiError) -> Failure {
        let code = match error.kind {
            ErrorKind::Parse => PLY_ERR_PARSE,
            ErrorKind::Limit => PLY_ERR_LIMIT,
            ErrorKind::BadRequest => PLY_ERR_BAD_REQUEST,
        };
        Failure {
            code,
            message: error.error,
            line: error.line.unwrap_or(0),
            column: error.column.unwrap_or(0),
        }
    }
}

struct LastError {
    message: CString,
    line: u32,
    column: u32,
}

thread_local! {
    static LAST_ERROR: RefCell<LastError> = RefCell::new(LastError {
        message: CString::default(),
        line: 0,
        column: 0,
    });
}

fn remember(failure: Failure) -> i32 {
    // A message with a NUL inside (from a caller's text) loses it rather than the message.
    let message = CString::new(failure.message.replace('\0', "\\0")).unwrap_or_default();
    LAST_ERROR.with(|last| {
        *last.borrow_mut() = LastError {
            message,
            line: failure.line,
            column: failure.column,
        }
    });
    failure.code
}

/// Runs `body`; a failure or a panic becomes this thread's last error, and `fallback`
/// is returned with its code. Success leaves the last error as it was.
pub(crate) fn guard<T>(fallback: T, body: impl FnOnce() -> Result<T, Failure>) -> (T, i32) {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(value)) => (value, PLY_OK),
        Ok(Err(failure)) => (fallback, remember(failure)),
        Err(panic) => {
            let what = ply_core::text::panic_message(panic.as_ref());
            (
                fallback,
                remember(Failure::new(
                    PLY_ERR_INTERNAL,
                    format!("internal error: {what}"),
                )),
            )
        }
    }
}

/// [`guard`] for a function that returns its status code.
pub(crate) fn status(body: impl FnOnce() -> Result<(), Failure>) -> i32 {
    guard((), body).1
}

/// [`guard`] for a function that returns a pointer and reports its code through `err`
/// (which may be NULL).
pub(crate) fn with_code<T>(
    err: *mut i32,
    body: impl FnOnce() -> Result<*mut T, Failure>,
) -> *mut T {
    let (value, code) = guard(std::ptr::null_mut(), body);
    if !err.is_null() {
        // SAFETY: the caller passes NULL or a pointer to an int32_t it owns.
        unsafe { *err = code };
    }
    value
}

/// The UTF-8 text at `ptr`, which names `what` in the error.
///
/// # Safety
/// `ptr` is NULL or points to a NUL-terminated string that outlives `'a`.
pub(crate) unsafe fn text<'a>(ptr: *const c_char, what: &str) -> Result<&'a str, Failure> {
    if ptr.is_null() {
        return Err(Failure::new(PLY_ERR_NULL, format!("{what} is NULL")));
    }
    // SAFETY: the caller's contract.
    let bytes = unsafe { CStr::from_ptr(ptr) };
    bytes
        .to_str()
        .map_err(|e| Failure::new(PLY_ERR_UTF8, format!("{what} is not UTF-8: {e}")))
}

/// The handle at `ptr`, which names `what` in the error.
///
/// # Safety
/// `ptr` is NULL or a live handle of type `T` made by this library.
pub(crate) unsafe fn handle<'a, T>(ptr: *const T, what: &str) -> Result<&'a T, Failure> {
    // SAFETY: the caller's contract.
    unsafe { ptr.as_ref() }.ok_or_else(|| Failure::new(PLY_ERR_NULL, format!("{what} is NULL")))
}

/// [`handle`], to change it.
///
/// # Safety
/// As [`handle`], and no one else uses the handle meanwhile.
pub(crate) unsafe fn handle_mut<'a, T>(ptr: *mut T, what: &str) -> Result<&'a mut T, Failure> {
    // SAFETY: the caller's contract.
    unsafe { ptr.as_mut() }.ok_or_else(|| Failure::new(PLY_ERR_NULL, format!("{what} is NULL")))
}

/// `text` as a C string the caller owns (freed with [`ply_string_free`]).
pub(crate) fn owned(text: impl Into<Vec<u8>>) -> Result<*mut c_char, Failure> {
    let mut bytes = text.into();
    bytes.retain(|&b| b != 0);
    CString::new(bytes)
        .map(CString::into_raw)
        .map_err(|e| Failure::new(PLY_ERR_INTERNAL, e.to_string()))
}

/// `value` as JSON text (a report of ply-api: it always serialises).
pub(crate) fn json_text(value: &impl serde::Serialize) -> Result<String, Failure> {
    serde_json::to_string(value).map_err(|e| Failure::new(PLY_ERR_INTERNAL, e.to_string()))
}

/// A C string kept inside a handle (borrowed by the caller).
pub(crate) fn kept(text: &str) -> CString {
    CString::new(text.replace('\0', "")).unwrap_or_default()
}

/// The message of this thread's last failure, in one line; `""` when none has failed.
/// The string belongs to the library and stays valid until this thread's next failure.
#[unsafe(no_mangle)]
pub extern "C" fn ply_last_error() -> *const c_char {
    LAST_ERROR.with(|last| last.borrow().message.as_ptr())
}

/// The line (from 1) of this thread's last failure, when it was a parse error of a
/// multi-line text (a tree); 0 otherwise.
#[unsafe(no_mangle)]
pub extern "C" fn ply_last_error_line() -> u32 {
    LAST_ERROR.with(|last| last.borrow().line)
}

/// The column (in characters, from 1) of this thread's last failure; see
/// [`ply_last_error_line`].
#[unsafe(no_mangle)]
pub extern "C" fn ply_last_error_column() -> u32 {
    LAST_ERROR.with(|last| last.borrow().column)
}

/// Frees a string this library returned as `char *`. NULL does nothing.
///
/// # Safety
/// `text` is NULL or a string returned by this library as `char *`, not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_string_free(text: *mut c_char) {
    if !text.is_null() {
        // SAFETY: made by `CString::into_raw` in `owned`, per the contract.
        drop(unsafe { CString::from_raw(text) });
    }
}

/// The library's version, e.g. `"0.1.0"` (a static string).
#[unsafe(no_mangle)]
pub extern "C" fn ply_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}
