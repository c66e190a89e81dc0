//! `PlyGame`: one of ply's games by its spec, a position, and the moves played since.

use crate::error::*;
use ply_api::session::Session;
use std::ffi::{CString, c_char};

/// The game is not over.
pub const PLY_ONGOING: i32 = 0;
/// The game is over and the player who moved last has won.
pub const PLY_WON: i32 = 1;
/// The game is over, drawn (or ended with a payoff).
pub const PLY_DRAWN: i32 = 2;

/// A game and its current position (opaque). Made by [`ply_game_new`], freed by
/// [`ply_game_free`]. It keeps its position, so a move costs the same however many
/// were played before it.
pub struct PlyGame {
    session: Session,
    /// The position's text, as a C string for the borrowed accessor.
    position: CString,
}

impl PlyGame {
    fn with(session: Session) -> PlyGame {
        PlyGame {
            position: kept(&session.state().position),
            session,
        }
    }

    /// The game's spec.
    pub(crate) fn spec(&self) -> &str {
        self.session.spec()
    }

    /// The current position's text, as `ply` reads it back.
    pub(crate) fn position(&self) -> &str {
        &self.session.state().position
    }

    fn refresh(&mut self) {
        self.position = kept(&self.session.state().position);
    }
}

/// A new game from its spec (`"tictactoe"`, `"connect4"`, `"connect4:5x4"`,
/// `"nim:3,4,5"`, `"chess"`: the specs of `ply games`), at its start. Returns NULL on
/// failure, with the code in `*err` (when `err` is not NULL) and the message in
/// [`ply_last_error`].
///
/// # Safety
/// `spec` is NULL or a NUL-terminated string; `err` is NULL or points to an `int32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_game_new(spec: *const c_char, err: *mut i32) -> *mut PlyGame {
    with_code(err, || {
        // SAFETY: the caller's contract.
        let spec = unsafe { text(spec, "spec") }?;
        let game = PlyGame::with(Session::new(spec, None)?);
        Ok(Box::into_raw(Box::new(game)))
    })
}

/// Frees a game. NULL does nothing.
///
/// # Safety
/// `game` is NULL or a game from [`ply_game_new`], not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_game_free(game: *mut PlyGame) {
    if !game.is_null() {
        // SAFETY: made by `Box::into_raw` in `ply_game_new`.
        drop(unsafe { Box::from_raw(game) });
    }
}

/// Sets the position from its text in the game's notation (Connect Four: the columns
/// played, `"4453"`; tic-tac-toe: `"XO./.X./..."`; chess: a FEN); the moves played so
/// far are forgotten. On failure the game is unchanged.
///
/// # Safety
/// `game` is a live game; `position` is NULL or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_game_set_position(game: *mut PlyGame, position: *const c_char) -> i32 {
    status(|| {
        // SAFETY: the caller's contract.
        let game = unsafe { handle_mut(game, "game") }?;
        // SAFETY: the caller's contract.
        let position = unsafe { text(position, "position") }?;
        *game = PlyGame::with(Session::new(game.spec(), Some(position))?);
        Ok(())
    })
}

/// Plays a move written in the game's notation (`"4"`, `"b2"`, `"e2e4"` or `"e4"`).
/// An illegal move, or one after the end, is `PLY_ERR_BAD_REQUEST` and changes nothing.
///
/// # Safety
/// `game` is a live game; `move` is NULL or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_game_play(game: *mut PlyGame, r#move: *const c_char) -> i32 {
    status(|| {
        // SAFETY: the caller's contract.
        let game = unsafe { handle_mut(game, "game") }?;
        // SAFETY: the caller's contract.
        let mv = unsafe { text(r#move, "move") }?;
        game.session.play(mv)?;
        game.refresh();
        Ok(())
    })
}

/// Takes the last move back. `PLY_ERR_BAD_REQUEST` when no move was played.
///
/// # Safety
/// `game` is a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_game_undo(game: *mut PlyGame) -> i32 {
    status(|| {
        // SAFETY: the caller's contract.
        let game = unsafe { handle_mut(game, "game") }?;
        game.session.undo()?;
        game.refresh();
        Ok(())
    })
}

/// The position in the game's notation (what [`ply_game_set_position`] reads),
/// borrowed from the game: valid until the game changes or is freed. NULL if `game` is.
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_game_position(game: *const PlyGame) -> *const c_char {
    // SAFETY: the caller's contract.
    match unsafe { game.as_ref() } {
        Some(game) => game.position.as_ptr(),
        None => std::ptr::null(),
    }
}

/// The board drawn as text, as `ply play` shows it (the caller frees it with
/// [`ply_string_free`]); NULL on failure.
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_game_board(game: *const PlyGame) -> *mut c_char {
    with_code(std::ptr::null_mut(), || {
        // SAFETY: the caller's contract.
        let game = unsafe { handle(game, "game") }?;
        owned(game.session.state().board.as_str())
    })
}

/// The legal moves in the game's notation, separated by single spaces (`""` when the
/// game is over; at most 10,000 listed). The caller frees it with [`ply_string_free`];
/// NULL on failure.
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_game_legal_moves(game: *const PlyGame) -> *mut c_char {
    with_code(std::ptr::null_mut(), || {
        // SAFETY: the caller's contract.
        let game = unsafe { handle(game, "game") }?;
        owned(game.session.state().legal.join(" "))
    })
}

/// How many legal moves there are (0 when the game is over); -1 if `game` is NULL.
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_game_legal_count(game: *const PlyGame) -> i64 {
    // SAFETY: the caller's contract.
    unsafe { game.as_ref() }.map_or(-1, |game| game.session.state().legal_count as i64)
}

/// The player to move: 0 for the first player, 1 for the second; -1 if `game` is NULL.
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_game_to_move(game: *const PlyGame) -> i32 {
    // SAFETY: the caller's contract.
    match unsafe { game.as_ref() } {
        Some(game) => {
            let state = game.session.state();
            i32::from(state.to_move != state.players[0])
        }
        None => -1,
    }
}

/// `PLY_ONGOING`, `PLY_WON` (the player who moved last has won) or `PLY_DRAWN`; -1 if
/// `game` is NULL.
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_game_status(game: *const PlyGame) -> i32 {
    // SAFETY: the caller's contract.
    match unsafe { game.as_ref() } {
        None => -1,
        Some(game) => match &game.session.state().outcome {
            None => PLY_ONGOING,
            Some(outcome) if outcome.result == "win" => PLY_WON,
            Some(_) => PLY_DRAWN,
        },
    }
}

/// The game's state as JSON (what `POST /api/play/state` answers: position, board,
/// legal moves, outcome). The caller frees it with [`ply_string_free`]; NULL on failure.
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_game_state_json(game: *const PlyGame) -> *mut c_char {
    with_code(std::ptr::null_mut(), || {
        // SAFETY: the caller's contract.
        let game = unsafe { handle(game, "game") }?;
        owned(json_text(&game.session.state_with_moves())?)
    })
}
