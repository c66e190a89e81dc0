//! `ply_solve_pig`: Pig, the dice game, solved through the C library as `ply solve pig
//! --json` solves it, and its refusals.

use ply::*;
use std::ffi::{CStr, CString, c_char};

/// `ply_solve_pig(game, position)`: the JSON, or the error code and message.
fn solve(game: Option<&str>, position: Option<&str>) -> Result<serde_json::Value, (i32, String)> {
    let game = game.map(|g| CString::new(g).unwrap());
    let position = position.map(|p| CString::new(p).unwrap());
    let pointer = |text: &Option<CString>| text.as_ref().map_or(std::ptr::null(), |t| t.as_ptr());
    let mut err = -1;
    // SAFETY: NUL-terminated strings or NULL, and a live int32_t.
    let json: *mut c_char = unsafe { ply_solve_pig(pointer(&game), pointer(&position), &mut err) };
    if json.is_null() {
        // SAFETY: the library's own NUL-terminated string.
        let message = unsafe { CStr::from_ptr(ply_last_error()) };
        return Err((err, message.to_string_lossy().into_owned()));
    }
    assert_eq!(err, 0);
    // SAFETY: a string the library made, freed once below.
    let text = unsafe { CStr::from_ptr(json) }
        .to_string_lossy()
        .into_owned();
    // SAFETY: made by ply_solve_pig, not yet freed.
    unsafe { ply_string_free(json) };
    Ok(serde_json::from_str(&text).unwrap())
}

#[test]
fn pig_is_solved_as_the_command_line_solves_it() {
    // Pig to 2: the mover wins unless the first throw is a 1 and the opponent then wins
    // the same way: p = 5/6 + (1/6)(1 − p), so p = 6/7.
    let answer = solve(Some("pig:2"), None).unwrap();
    assert_eq!(answer["decision"], "roll");
    let p = answer["win_probability"].as_f64().unwrap();
    assert!((p - 6.0 / 7.0).abs() < 1e-9, "{p}");
    // The same object as the library's operation gives, but for the time it took.
    let library = ply_api::pig::solve(20, Some("12+6-4"), ply_api::lang::Lang::En).unwrap();
    let mut library = serde_json::to_value(&library).unwrap();
    let mut ours = solve(Some("pig:20"), Some("12+6-4")).unwrap();
    assert!(ours["time_ms"].is_number());
    ours["time_ms"] = 0.into();
    library["time_ms"] = 0.into();
    assert_eq!(ours, library);
    assert_eq!(
        ours["decisions_text"]["hold"],
        "wins with probability 0.5049"
    );
}

#[test]
fn refusals_carry_their_code_and_reason() {
    for (game, position, code, said) in [
        (None, None, PLY_ERR_NULL, "game is NULL"),
        (
            Some("tictactoe"),
            None,
            PLY_ERR_BAD_REQUEST,
            "'tictactoe' is not Pig",
        ),
        (Some("pig:0"), None, PLY_ERR_BAD_REQUEST, "pig"),
        (Some("pig"), Some("12+7"), PLY_ERR_PARSE, "position"),
        (Some("pig:20"), Some("20+0-3"), PLY_ERR_BAD_REQUEST, "over"),
    ] {
        let (got, message) = solve(game, position).unwrap_err();
        assert_eq!(got, code, "{game:?} {position:?}: {message}");
        assert!(message.contains(said), "{game:?} {position:?}: {message}");
    }
}
