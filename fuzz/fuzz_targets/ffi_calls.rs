#![no_main]
//! The C library's calls on whatever bytes a C program may hand them: the input is
//! NUL-separated strings (a game's spec, a position, then moves; the first is also read
//! as a tree). Every call returns a code or NULL with a one-line message, never crashes,
//! and a game that refused a move is left as it was.
use libfuzzer_sys::fuzz_target;
use ply::*;
use ply_fuzz::check_message;
use std::ffi::{CStr, CString};

fn last_error() -> String {
    // SAFETY: the library's own NUL-terminated string.
    unsafe { CStr::from_ptr(ply_last_error()) }
        .to_string_lossy()
        .into_owned()
}

fuzz_target!(|data: &[u8]| {
    let parts: Vec<CString> = data
        .split(|&b| b == 0)
        .take(66)
        .map(|p| CString::new(p).expect("no NUL inside"))
        .collect();
    let spec = &parts[0];
    let mut err = -1;
    // SAFETY: valid C strings and pointers throughout; each handle is freed once.
    unsafe {
        let game = ply_game_new(spec.as_ptr(), &mut err);
        assert_eq!(game.is_null(), err != PLY_OK);
        if game.is_null() {
            check_message(&last_error());
        } else {
            if let Some(position) = parts.get(1)
                && ply_game_set_position(game, position.as_ptr()) != PLY_OK
            {
                check_message(&last_error());
            }
            for mv in parts.iter().skip(2) {
                let before = CStr::from_ptr(ply_game_position(game)).to_owned();
                let code = ply_game_play(game, mv.as_ptr());
                if code != PLY_OK {
                    assert!(matches!(
                        code,
                        PLY_ERR_BAD_REQUEST | PLY_ERR_PARSE | PLY_ERR_UTF8 | PLY_ERR_LIMIT
                    ));
                    check_message(&last_error());
                    assert_eq!(CStr::from_ptr(ply_game_position(game)), before.as_c_str());
                }
            }
            ply_string_free(ply_game_legal_moves(game));
            ply_string_free(ply_game_board(game));
            ply_string_free(ply_game_state_json(game));
            ply_game_free(game);
        }
        let tree = ply_tree_new(spec.as_ptr(), &mut err);
        assert_eq!(tree.is_null(), err != PLY_OK);
        if tree.is_null() {
            check_message(&last_error());
        } else {
            ply_tree_free(tree);
        }
    }
});
