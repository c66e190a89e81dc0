//! Solves Pig and reports on the solve and on positions given in the notation of
//! `PigState::parse`:
//!   cargo run --release -p ply-games --example pig -- [GOAL] [POSITION...]
//! e.g. `-- 100 0+15-0 41+27-49` (the goal defaults to 100).

use ply_games::pig::{PigError, PigSolution, PigState};
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let goal = match args.first().map(|arg| arg.parse::<u32>()) {
        Some(Ok(goal)) => {
            args.remove(0);
            goal
        }
        _ => 100,
    };
    let started = Instant::now();
    let solution = match PigSolution::solve(goal) {
        Ok(solution) => solution,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::FAILURE;
        }
    };
    let elapsed = started.elapsed();
    // A closed output (`| head`) ends the report quietly.
    match report(&solution, elapsed.as_secs_f64(), &args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}

fn report(solution: &PigSolution, seconds: f64, positions: &[String]) -> io::Result<()> {
    let goal = solution.goal();
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "goal {goal}: {} win probabilities, {} sweeps, solved in {:.1} ms",
        solution.state_count(),
        solution.sweeps(),
        seconds * 1e3
    )?;
    writeln!(
        out,
        "the first player wins with probability {:.10}",
        solution.first_player_win_probability()
    )?;
    match solution.hold_threshold(0, 0) {
        Ok(Some(total)) => writeln!(out, "on the first turn, hold from a turn total of {total}")?,
        Ok(None) => writeln!(out, "on the first turn, roll on until the goal")?,
        Err(error) => writeln!(out, "{error}")?,
    }
    for text in positions {
        match describe(solution, text) {
            Ok(line) => writeln!(out, "{line}")?,
            Err(error) => writeln!(out, "{text}: {error}")?,
        }
    }
    Ok(())
}

fn describe(solution: &PigSolution, text: &str) -> Result<String, PigError> {
    // A position without a goal of its own plays to the solved one.
    let state = if text.contains(':') {
        PigState::parse(text)?
    } else {
        PigState::parse(&format!("{}:{text}", solution.goal()))?
    };
    let values = solution.decision_values(&state)?;
    let hold = values
        .hold
        .map_or_else(|| "not allowed".to_string(), |hold| format!("{hold:.10}"));
    Ok(format!(
        "{state}: win probability {:.10}, best {:?} (roll {:.10}, hold {hold})",
        values.value(),
        values.best(),
        values.roll,
    ))
}
