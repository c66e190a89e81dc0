use super::*;
use ply_core::Score;

/// The standard perft positions and their published counts by depth (the chessprogramming
/// wiki's "Perft Results"). Position 6 has a black bishop on g4 (`2B1P1b1`): without it, as
/// it is sometimes misquoted, the counts are 47, 1,845, 81,467.
pub(crate) const PERFT: &[(&str, &[u64])] = &[
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[20, 400, 8_902, 197_281, 4_865_609],
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
        &[48, 2_039, 97_862, 4_085_603],
    ),
    (
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -",
        &[14, 191, 2_812, 43_238, 674_624],
    ),
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        &[6, 264, 9_467, 422_333],
    ),
    (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[44, 1_486, 62_379, 2_103_487],
    ),
    (
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[46, 2_079, 89_890, 3_894_594],
    ),
];

#[test]
fn perft_matches_the_published_counts() {
    for (fen, counts) in PERFT {
        let position = Chess::from_fen(fen).unwrap();
        for (depth, &expected) in counts.iter().enumerate() {
            let depth = depth as u32 + 1;
            assert_eq!(
                perft(position.board(), depth),
                expected,
                "{fen} depth {depth}"
            );
        }
        // Divide's parts add up, one per legal move.
        let parts = divide(position.board(), 2);
        assert_eq!(parts.len() as u64, counts[0]);
        assert_eq!(parts.iter().map(|(_, n)| n).sum::<u64>(), counts[1]);
    }
    assert_eq!(perft(Chess::start().board(), 0), 1);
}

/// The search's generation order holds every legal move once, noisy moves first.
#[test]
fn generated_moves_are_the_legal_moves_captures_first() {
    for (fen, counts) in PERFT {
        let position = Chess::from_fen(fen).unwrap();
        let moves = position.legal_moves();
        assert_eq!(moves.len() as u64, counts[0], "{fen}");
        let mut unique = moves.clone();
        unique.sort_by_key(|mv| (mv.from as u8, mv.to as u8, mv.promotion.map(|p| p as u8)));
        unique.dedup();
        assert_eq!(unique.len(), moves.len());
        // Captures and promotions come first, then the quiet moves.
        let captures = moves
            .iter()
            .take_while(|&&mv| ChessHooks::is_noisy(&position, mv))
            .count();
        assert!(
            moves[captures..]
                .iter()
                .all(|&mv| !ChessHooks::is_noisy(&position, mv))
        );
        // Quiescence searches them in the same order, less the captures that lose material.
        let mut noisy = Vec::new();
        ply_core::engine::SearchHooks::noisy_moves(&ChessHooks, &position, &mut noisy);
        let expected: Vec<Move> = moves[..captures]
            .iter()
            .copied()
            .filter(|&mv| {
                mv.promotion.is_some() || hooks::exchange_value(position.board(), mv) >= 0
            })
            .collect();
        assert_eq!(noisy, expected, "{fen}");
    }
    // Kiwipete: Bxa6 trades bishops (kept); Nxf7 gives a knight for a pawn (the king
    // takes back; left out).
    let kiwipete = Chess::from_fen(PERFT[1].0).unwrap();
    let mut noisy = Vec::new();
    ply_core::engine::SearchHooks::noisy_moves(&ChessHooks, &kiwipete, &mut noisy);
    let noisy: Vec<String> = noisy.iter().map(|&mv| kiwipete.san(mv)).collect();
    assert!(noisy.contains(&"Bxa6".to_string()), "{noisy:?}");
    assert!(!noisy.contains(&"Nxf7".to_string()), "{noisy:?}");
}

fn after(moves: &str) -> Chess {
    Chess::start()
        .parse_position(&format!("startpos moves {moves}"))
        .unwrap()
}

#[test]
fn mate_and_stalemate() {
    let mate = after("f3 e5 g4 Qh4#");
    assert_eq!(mate.outcome(), Some(Outcome::Loss));
    assert!(mate.legal_moves().is_empty());
    // Black to move, not in check, no legal move.
    let stalemate = Chess::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - -").unwrap();
    assert_eq!(stalemate.outcome(), Some(Outcome::Draw));
    assert_eq!(Chess::start().outcome(), None);
}

#[test]
fn threefold_repetition_is_a_draw() {
    // The knights go out and back twice: the start position occurs a third time.
    let once = after("Nf3 Nf6 Ng1 Ng8");
    assert_eq!(once.repetitions(), 1);
    assert_eq!(once.outcome(), None);
    let twice = after("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    assert_eq!(twice.repetitions(), 2);
    assert_eq!(twice.outcome(), Some(Outcome::Draw));
    // An en passant square no pawn can use does not make a position new (FIDE): after
    // 1. e4 Nf6 2. Nf3 Ng8 3. Ng1 the position after 1. e4 is back once.
    let back = after("e4 Nf6 Nf3 Ng8 Ng1");
    assert_eq!(back.repetitions(), 1);
    // A pawn move forgets the past: nothing before it can recur.
    let reset = after("Nf3 Nf6 Ng1 Ng8 e4");
    assert_eq!(reset.repetitions(), 0);
}

#[test]
fn fifty_moves_without_capture_or_pawn_move_draw() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80";
    let position = Chess::from_fen(fen).unwrap();
    assert_eq!(position.outcome(), None);
    let mv = position.parse_move("Ra2").unwrap();
    assert_eq!(position.after(mv).outcome(), Some(Outcome::Draw));
    // Mate on the hundredth ply is still mate.
    let mating = Chess::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 99 80").unwrap();
    let mate = mating.after(mating.parse_move("Ra8#").unwrap());
    assert_eq!(mate.outcome(), Some(Outcome::Loss));
}

#[test]
fn insufficient_material_is_a_draw() {
    for (fen, dead) in [
        ("4k3/8/8/8/8/8/8/4K3 w - -", true),
        ("4k3/8/8/8/8/8/8/3NK3 w - -", true),
        ("4k3/8/8/8/8/8/8/3BK3 b - -", true),
        // Bishops all on dark squares (c1 and f8).
        ("4kb2/8/8/8/8/8/8/2B1K3 w - -", true),
        // Opposite colours: a mate is possible.
        ("4k1b1/8/8/8/8/8/8/2B1K3 w - -", false),
        ("4k3/8/8/8/8/8/8/2NNK3 w - -", false),
        ("4k3/8/8/8/8/8/8/2BNK3 w - -", false),
        ("4k3/8/8/8/8/8/4P3/4K3 w - -", false),
        ("4k3/8/8/8/8/8/8/R3K3 w - -", false),
    ] {
        let position = Chess::from_fen(fen).unwrap();
        assert_eq!(position.insufficient_material(), dead, "{fen}");
        assert_eq!(position.outcome() == Some(Outcome::Draw), dead, "{fen}");
    }
}

#[test]
fn moves_read_in_san_and_uci_and_print_in_san() {
    let kiwipete =
        Chess::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -")
            .unwrap();
    let castle = kiwipete.parse_move("e1g1").unwrap();
    assert_eq!(kiwipete.parse_move("O-O").unwrap(), castle);
    assert_eq!(kiwipete.san(castle), "O-O");
    assert_eq!(kiwipete.uci(castle), "e1g1");
    assert_eq!(kiwipete.move_string(castle), "O-O");
    let capture = kiwipete.parse_move("Nxf7").unwrap();
    assert_eq!(kiwipete.uci(capture), "e5f7");
    let promotion = Chess::from_fen("8/P6k/8/8/8/8/8/K7 w - -").unwrap();
    let queen = promotion.parse_move("a7a8q").unwrap();
    assert_eq!(promotion.parse_move("a8=Q+").unwrap(), queen);
    assert_eq!(promotion.san(queen), "a8=Q");
    for bad in ["e2e5", "Nf6", "", "zz", "e1g1", "O-O-O", "\u{0}"] {
        let err = Chess::start().parse_move(bad).unwrap_err().to_string();
        assert!(err.contains("not a legal move here"), "{bad}: {err}");
    }
    let over = after("f3 e5 g4 Qh4#");
    assert!(
        over.parse_move("a3")
            .unwrap_err()
            .to_string()
            .contains("game is over")
    );
}

#[test]
fn positions_read_fen_startpos_and_moves() {
    let start = Chess::start();
    assert_eq!(start.parse_position("startpos").unwrap(), start);
    assert_eq!(start.parse_position("").unwrap(), start);
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    let e4 = start.parse_position("startpos moves e2e4").unwrap();
    assert_eq!(e4.position_string(), fen);
    assert_eq!(start.parse_position(fen).unwrap(), e4);
    assert_eq!(start.parse_position(&format!("fen {fen}")).unwrap(), e4);
    for (bad, words) in [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "6 fields"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            "not a legal board",
        ),
        ("8/8/8/8/8/8/8/8 w - - 0 1", "White has no king"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "side to move",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 101 1",
            "halfmove clock",
        ),
        ("startpos moves e2e4 e2e4", "move 2 of the list"),
    ] {
        let err = start.parse_position(bad).unwrap_err().to_string();
        assert!(err.contains(words), "{bad}: {err}");
        assert!(!err.contains('\n'));
    }
    let long = format!("startpos moves {}", "Nf3 ".repeat(MAX_LISTED_MOVES + 1));
    assert!(
        start
            .parse_position(&long)
            .unwrap_err()
            .to_string()
            .contains("at most")
    );
}

/// Boards no game can reach are refused where they are read, each with the rule it
/// breaks; kings side by side were read, and every search of them then failed when the
/// move generator took a king.
#[test]
fn boards_no_game_reaches_are_refused_with_the_rule_they_break() {
    for (fen, words) in [
        (
            "kK6/8/8/8/8/8/8/7R w - - 0 1",
            "the kings stand side by side (b8, a8), so Black, not to move, is in check from the other king",
        ),
        (
            "k7/K7/8/8/8/8/8/8 b - - 0 1",
            "the kings stand side by side (a7, a8), so White, not to move, is in check from the other king",
        ),
        (
            "k6R/8/8/8/8/8/8/K7 w - - 0 1",
            "Black, not to move, is in check (from h8): the side not to move is never in check",
        ),
        (
            "4k3/8/3N4/1B6/8/8/8/K3R3 b - - 0 1",
            "Black is in check from 3 pieces (e1, b5, d6): no move gives more than two checks at once",
        ),
        (
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "White has no king (a board has one king each)",
        ),
        (
            "kk6/8/8/8/8/8/8/K7 w - - 0 1",
            "Black has 2 kings (a board has one king each)",
        ),
        (
            "k7/NNNNNNNN/NNNNNNNN/8/8/8/8/K7 w - - 0 1",
            "White has 17 pieces (at most 16)",
        ),
        (
            "k7/8/8/8/8/P7/PPPPPPPP/K7 w - - 0 1",
            "White has 9 pawns (at most 8)",
        ),
        (
            "k6P/8/8/8/8/8/8/K7 w - - 0 1",
            "a pawn stands on h8 (pawns never stand on the first or last rank)",
        ),
        (
            "kK6/8 w - - 0 1",
            "the pieces field has 2 ranks (a board has 8)",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            "rank 1 ('RNBQKBNX') is not 8 squares of pieces (KQRBNP for White, kqrbnp for Black) and digits (empty squares)",
        ),
    ] {
        let error = Chess::from_fen(fen).unwrap_err().to_string();
        assert_eq!(
            error,
            format!(
                "FEN {}: not a legal board: {words}",
                ply_core::text::excerpt(fen)
            ),
            "{fen}"
        );
        // The same through `position`, as UCI and every front end read it.
        let error = Chess::start().parse_position(fen).unwrap_err().to_string();
        assert!(error.ends_with(words), "{fen}: {error}");
    }
    let chess960 = Chess::from_fen_variant("kK6/8/8/8/8/8/8/7R w - - 0 1", true)
        .unwrap_err()
        .to_string();
    assert!(
        chess960.ends_with("(Chess960): not a legal board: the kings stand side by side (b8, a8), so Black, not to move, is in check from the other king"),
        "{chess960}"
    );
    // Castling rights of a king off the e-file (Kiwipete with the king on g1) were read:
    // castling was then the king's move to its own square, `g1g1`, which no notation reads.
    let error = Chess::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R5KR w KQkq -")
        .unwrap_err()
        .to_string();
    assert!(
        error.ends_with("the castling rights must be - or some of KQkq, with king and rook at home: White may castle, but its king is on g1, not e1 (only in Chess960 does a king castle from another file)"),
        "{error}"
    );
    // The input the fuzz target found it with: castling (`O-O`) printed as `g1g1`.
    let found = "r3k2r/qppppb11/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R32KR w KQkq -\nO-O";
    let (fen, _castling) = found.split_once('\n').unwrap();
    assert!(
        Chess::start()
            .parse_position(fen)
            .unwrap_err()
            .to_string()
            .contains("White may castle, but its king is on g1, not e1")
    );
    // In Chess960 it may.
    let chess960 = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R5KR w HAha -";
    assert!(Chess::from_fen_variant(chess960, true).is_ok());
    // Kings a knight's move apart, and a king facing a check it can answer, are legal.
    for fen in [
        "k7/2K5/8/8/8/8/8/7R w - - 0 1",
        "k6R/8/8/8/8/8/8/K7 b - - 0 1",
    ] {
        assert!(Chess::from_fen(fen).is_ok(), "{fen}");
    }
}

#[test]
fn the_board_is_drawn_with_coordinates() {
    let text = Chess::start().render();
    assert!(text.starts_with("8  r n b q k b n r\n"));
    assert!(text.ends_with("1  R N B Q K B N R\n   a b c d e f g h\n"));
}

/// The textbook searches and the engine agree at a fixed depth on a real board.
#[test]
fn textbook_searches_agree_on_chess() {
    use ply_core::{alpha_beta, minimax, negamax};
    let position =
        Chess::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
            .unwrap();
    let eval = Material;
    let depth = Some(2);
    let a = minimax(&position, &eval, depth);
    let b = negamax(&position, &eval, depth);
    let c = alpha_beta(&position, &eval, depth);
    assert_eq!(a.value, b.value);
    assert_eq!(b.value, c.value);
    assert!(c.stats.nodes < b.stats.nodes);
    // Mate in one is found and scored as a win.
    let mate_in_one = Chess::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - -").unwrap();
    let result = alpha_beta(&mate_in_one, &eval, Some(2));
    assert_eq!(result.value, Score::win_in(1));
    assert_eq!(mate_in_one.san(result.best.unwrap()), "Ra8#");
}

/// The search's chess hooks: a position met before is a draw to the search, a check is
/// searched deeper, and a side in check may not stand pat.
#[test]
fn repetitions_checks_and_evasions_in_the_hooks() {
    use ply_core::engine::SearchHooks;
    let hooks = ChessHooks;
    assert_eq!(
        hooks.known_value(&after("Nf3 Nf6 Ng1 Ng8")),
        Some(Score::DRAW)
    );
    assert_eq!(hooks.known_value(&after("Nf3 Nf6 Ng1")), None);
    let before = after("e4 e5 Bc4 Nc6 Qh5 Nf6");
    let check = before.parse_move("Qxf7#").unwrap();
    assert_eq!(hooks.extension(&before, check, &before.after(check)), 1);
    let quiet = before.parse_move("d3").unwrap();
    assert_eq!(hooks.extension(&before, quiet, &before.after(quiet)), 0);
    assert!(hooks.no_stand_pat(&after("e4 f6 d4 g5 Qh5+")));
    assert!(!hooks.no_stand_pat(&after("e4 f6 d4 g5")));
}

/// Futility and late-move pruning's hooks: quiet moves near the horizon, never in check;
/// captures and promotions are not quiet.
#[test]
fn quiet_moves_and_their_margins() {
    use ply_core::engine::SearchHooks;
    let hooks = ChessHooks;
    let position = after("e4 d5");
    assert_eq!(
        hooks.quiet_move_margin(&position, 1),
        Some(Score::heuristic(130))
    );
    assert_eq!(
        hooks.quiet_move_margin(&position, 6),
        Some(Score::heuristic(480))
    );
    assert_eq!(hooks.quiet_move_margin(&position, 7), None);
    assert_eq!(hooks.quiet_move_margin(&after("e4 f6 d4 g5 Qh5+"), 1), None);
    for (mv, quiet) in [("exd5", false), ("Nf3", true), ("e5", true)] {
        let mv = position.parse_move(mv).unwrap();
        assert_eq!(hooks.is_quiet(&position, mv, &position.after(mv)), quiet);
    }
    assert_eq!(hooks.late_move_limit(&position, 1), Some(4));
    assert_eq!(hooks.late_move_limit(&position, 4), Some(19));
    assert_eq!(hooks.late_move_limit(&position, 5), None);
    assert_eq!(hooks.late_move_limit(&after("e4 f6 d4 g5 Qh5+"), 1), None);
    let promotion = Chess::from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let queen = promotion.parse_move("a8=Q").unwrap();
    assert!(!hooks.is_quiet(&promotion, queen, &promotion.after(queen)));
}

/// Moves that lose material to the exchanges on their square: a capture is ordered after
/// the quiet moves, and near the horizon either may be skipped (castling never is).
#[test]
fn losing_exchanges_come_last_and_may_be_skipped() {
    use ply_core::engine::SearchHooks;
    let hooks = ChessHooks;
    // The queen on d3 takes a pawn the e6 pawn guards (a queen for a pawn), steps onto
    // c4 where the d5 pawn takes her, or to the safe d2.
    let position = Chess::from_fen("4k3/8/4p3/3p4/8/3Q4/8/4K3 w - - 0 1").unwrap();
    let mv = |text: &str| position.parse_move(text).unwrap();
    assert!(hooks.order_hint(&position, mv("Qxd5")) < hooks.order_hint(&position, mv("Qd2")));
    assert_eq!(hooks.order_hint(&position, mv("Qd2")), 0);
    assert!(hooks.unpromising(&position, mv("Qxd5"), 1));
    assert!(hooks.unpromising(&position, mv("Qc4"), 6));
    assert!(
        !hooks.unpromising(&position, mv("Qc4"), 7),
        "far from the horizon"
    );
    assert!(!hooks.unpromising(&position, mv("Qd2"), 1));
    // A capture that wins keeps its place before the quiet moves.
    let winning = Chess::from_fen("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1").unwrap();
    let take = winning.parse_move("Qxd5").unwrap();
    assert!(hooks.order_hint(&winning, take) > 0);
    assert!(!hooks.unpromising(&winning, take, 1));
    // Castling moves the king onto its rook's square, which the rook on h8 attacks: no
    // exchange there to judge.
    let castling = Chess::from_fen("4k2r/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    let castle = castling.parse_move("O-O").unwrap();
    assert!(!hooks.unpromising(&castling, castle, 1));
    // In check, every move is looked at: here the queen blocks on d2, where the bishop
    // takes her and the king takes it back.
    let check = Chess::from_fen("4k3/8/4p3/3p4/1b6/8/8/3QK3 w - - 0 1").unwrap();
    let hanging = check.parse_move("Qd2").unwrap();
    assert!(!hooks.unpromising(&check, hanging, 1));
}

/// One ply above the horizon, chess nodes run the whole search (ordering, futility
/// pruning, extensions), not the lean loop that keeps generation order there (which
/// asks for no futility margin, and runs wherever hints start at 2 plies to go).
#[test]
fn nodes_one_ply_above_the_horizon_are_pruned_too() {
    use ply_core::engine::{Engine, Limits, SearchHooks, Settings};
    use std::sync::atomic::{AtomicU64, Ordering};
    /// Chess's hooks (or hints from `hints_from` plies to go), counting the futility
    /// margins asked for one ply above the horizon.
    struct Counting<'a> {
        hints_from: Option<u32>,
        asked_at_depth_1: &'a AtomicU64,
    }
    impl SearchHooks<Chess> for Counting<'_> {
        fn hash(&self, position: &Chess) -> u64 {
            ChessHooks.hash(position)
        }
        fn order_hint_min_depth(&self) -> u32 {
            self.hints_from
                .unwrap_or_else(|| ChessHooks.order_hint_min_depth())
        }
        fn quiet_move_margin(&self, position: &Chess, depth: u32) -> Option<Score> {
            if depth == 1 {
                self.asked_at_depth_1.fetch_add(1, Ordering::Relaxed);
            }
            ChessHooks.quiet_move_margin(position, depth)
        }
    }
    let asked = |hints_from| {
        let asked_at_depth_1 = AtomicU64::new(0);
        let hooks = Counting {
            hints_from,
            asked_at_depth_1: &asked_at_depth_1,
        };
        Engine::new(hooks, PieceSquare, Settings::default().with_hash(4))
            .search(&after("e4 e5 Nf3 Nc6 Bb5 a6"), &Limits::depth(5));
        asked_at_depth_1.into_inner()
    };
    // With the lean loop, only the principal variation's nodes ask.
    let (chess, lean) = (asked(None), asked(Some(2)));
    assert!(chess > 10 * lean, "{chess} against {lean}");
}

/// The history heuristic is carried from one search to the next (a game's moves), and
/// `Engine::clear` (a new game) forgets it with the table: after a clear, a search
/// repeats a fresh engine's exactly.
#[test]
fn clear_forgets_the_history_carried_between_searches() {
    use ply_core::engine::{Engine, Limits, Settings};
    let position = after("e4 e5 Nf3 Nc6 Bb5 a6");
    let limits = Limits::depth(6);
    let fresh = || Engine::new(ChessHooks, PieceSquare, Settings::default().with_hash(4));
    let first = fresh().search(&position, &limits).stats.nodes;
    let mut engine = fresh();
    engine.search(&after("d4 d5 c4 e6"), &limits);
    engine.clear();
    assert_eq!(engine.search(&position, &limits).stats.nodes, first);
}

/// A board with the colours swapped and the ranks mirrored: the same position for the
/// other side.
fn mirrored(position: &Chess) -> Chess {
    let fen = position.fen();
    let fields: Vec<&str> = fen.split(' ').collect();
    let placement: Vec<String> = fields[0]
        .split('/')
        .rev()
        .map(|rank| rank.chars().map(swap_case).collect())
        .collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let castling: String = if fields[2] == "-" {
        "-".into()
    } else {
        let swapped: String = fields[2].chars().map(swap_case).collect();
        // FEN lists White's rights first.
        let (upper, lower): (String, String) = swapped.chars().partition(char::is_ascii_uppercase);
        upper + &lower
    };
    let ep = match fields[3] {
        "-" => "-".to_string(),
        square => {
            let (file, rank) = square.split_at(1);
            format!("{file}{}", if rank == "3" { "6" } else { "3" })
        }
    };
    Chess::from_fen(&format!(
        "{} {side} {castling} {ep} {} {}",
        placement.join("/"),
        fields[4],
        fields[5]
    ))
    .unwrap()
}

fn swap_case(c: char) -> char {
    if c.is_ascii_uppercase() {
        c.to_ascii_lowercase()
    } else {
        c.to_ascii_uppercase()
    }
}

/// The positions of `games` random games from the start (moves drawn from `seed`), each
/// followed for at most `plies` moves or to its end: the start, then after each move.
pub(crate) fn random_game_positions(seed: u64, games: usize, plies: usize) -> Vec<Chess> {
    let mut seed = seed;
    let mut all = Vec::new();
    for _game in 0..games {
        let mut position = Chess::start();
        all.push(position.clone());
        for _ply in 0..plies {
            if position.outcome().is_some() {
                break;
            }
            let moves = position.legal_moves();
            seed = ply_core::engine::splitmix64(seed);
            position.play(moves[(seed % moves.len() as u64) as usize]);
            all.push(position.clone());
        }
    }
    all
}

/// The evaluation is the same for either colour: a position and its mirror (colours
/// swapped, ranks flipped) score alike for the side to move, over positions of random games.
#[test]
fn the_evaluation_is_colour_blind() {
    use ply_core::Evaluator;
    let positions = random_game_positions(11, 40, 80);
    for position in &positions {
        let other = mirrored(position);
        assert_eq!(
            PieceSquare.evaluate(position),
            PieceSquare.evaluate(&other),
            "{} / {}",
            position.fen(),
            other.fen()
        );
    }
    assert!(positions.len() > 1000);
}

/// Pawn structure: a passed pawn gains as it advances; doubled and isolated pawns cost.
#[test]
fn pawn_structure_counts() {
    use ply_core::Evaluator;
    let score = |fen: &str| PieceSquare.evaluate(&Chess::from_fen(fen).unwrap()).raw();
    // White's passed pawn on the 6th against on the 3rd (kings far away, end game).
    assert!(score("7k/8/3P4/8/8/8/8/K7 w - -") > score("7k/8/8/8/8/3P4/8/K7 w - -") + 50);
    // The same pawn is worth more passed than with an enemy pawn ahead on the next file
    // (the enemy pawns placed alike: on their second rank, on the c- or the h-file).
    assert!(score("7k/7p/8/8/3P4/8/8/K7 w - -") > score("7k/2p5/8/8/3P4/8/8/K7 w - -"));
    // Doubled pawns cost against the same pawns side by side.
    assert!(score("7k/8/8/8/3P4/3P4/8/K7 w - -") < score("7k/8/8/8/3P4/4P3/8/K7 w - -"));
    // The bishop pair is worth more than bishop and knight.
    assert!(score("7k/8/8/8/8/8/8/K1BB4 w - -") > score("7k/8/8/8/8/8/8/K1BN4 w - -"));
}

/// A game drawn by rule, its past forgotten, is a position to search again (UCI asks for
/// a move there).
#[test]
fn without_past_forgets_the_clock_and_the_repetitions() {
    let fifty = Chess::from_fen("8/8/8/4k3/8/8/4K3/4R3 w - - 100 80").unwrap();
    assert_eq!(fifty.outcome(), Some(Outcome::Draw));
    assert_eq!(fifty.without_past().outcome(), None);
    assert_eq!(fifty.without_past().board().halfmove_clock(), 0);
    let repeated = after("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    assert_eq!(repeated.outcome(), Some(Outcome::Draw));
    let fresh = repeated.without_past();
    assert_eq!((fresh.repetitions(), fresh.outcome()), (0, None));
    assert_eq!(
        fresh.board().castle_rights(cozy_chess::Color::White).short,
        Some(cozy_chess::File::H)
    );
}
