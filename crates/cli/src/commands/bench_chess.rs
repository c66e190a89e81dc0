//! `ply bench chess`: the engine on a fixed set of chess positions to a fixed depth. The
//! total of nodes is a signature (it changes only when the search or the evaluation
//! does); the nodes per second measure the speed.

use crate::interrupt;
use crate::report::print_json;
use anyhow::Result;
use ply_api::analyze::{AnalyzeOptions, analyze_position};
use ply_api::control::Control;
use ply_games::Notation;
use ply_games::chess::Chess;
use serde::Serialize;
use std::process::ExitCode;

/// The bench's positions: the six standard perft positions (open, tactical, an end game),
/// and three openings.
pub const POSITIONS: &[&str] = &[
    "startpos",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "startpos moves e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6",
    "startpos moves d4 Nf6 c4 e6 Nc3 Bb4 e3 O-O Bd3 d5 Nf3 c5",
    "startpos moves e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O",
];

/// The depth searched when none is given.
pub const DEFAULT_DEPTH: u32 = 9;

#[derive(Serialize)]
struct PositionJson {
    position: String,
    depth: u32,
    best: Option<String>,
    score: String,
    nodes: u64,
    time_ms: f64,
}

#[derive(Serialize)]
struct ChessBenchJson {
    game: &'static str,
    depth: u32,
    threads: u64,
    hash_mb: u64,
    positions: Vec<PositionJson>,
    /// The signature: every position's nodes added up.
    nodes: u64,
    time_ms: f64,
    nodes_per_second: f64,
    interrupted: bool,
}

/// Searches every position of [`POSITIONS`] to `depth` with a fresh engine.
pub fn run(depth: u32, threads: u64, hash: u64, json: bool) -> Result<ExitCode> {
    let _polled = interrupt::polled();
    let control = Control::with_flag(interrupt::stop_flag());
    let mut out = ChessBenchJson {
        game: "chess",
        depth,
        threads,
        hash_mb: hash,
        positions: Vec::new(),
        nodes: 0,
        time_ms: 0.0,
        nodes_per_second: 0.0,
        interrupted: false,
    };
    for text in POSITIONS {
        let position = Chess::start().parse_position(text)?;
        let options = AnalyzeOptions {
            depth: Some(depth),
            threads: Some(threads as usize),
            hash_mib: Some(hash as usize),
            ..AnalyzeOptions::default()
        };
        let report = analyze_position(&position, &options, &control, &mut || {}, &mut |_| {})?;
        if report.interrupted {
            out.interrupted = true;
            break;
        }
        out.nodes += report.nodes;
        out.time_ms += report.time_ms;
        if !json {
            println!(
                "{:<78} {:>10} nodes {:>10.1} ms  {}",
                text,
                report.nodes,
                report.time_ms,
                report.best.as_deref().unwrap_or("-")
            );
        }
        out.positions.push(PositionJson {
            position: (*text).into(),
            depth: report.depth,
            best: report.best,
            score: report.score,
            nodes: report.nodes,
            time_ms: report.time_ms,
        });
    }
    if out.time_ms > 0.0 {
        out.nodes_per_second = out.nodes as f64 / (out.time_ms / 1e3);
    }
    if json {
        print_json(&out)?;
    } else {
        println!(
            "{} nodes in {:.1} ms: {:.0} nodes/s (depth {depth}, {threads} thread{})",
            out.nodes,
            out.time_ms,
            out.nodes_per_second,
            if threads == 1 { "" } else { "s" }
        );
        if out.interrupted {
            println!("(interrupted: the total covers the positions above)");
        }
    }
    Ok(if out.interrupted {
        ExitCode::from(interrupt::EXIT_CODE)
    } else {
        ExitCode::SUCCESS
    })
}
