//! `ply grundy`: the Sprague-Grundy sequence of a subtraction game, and its period.

use crate::args;
use crate::report::print_json;
use anyhow::{Result, bail};
use ply_core::grundy::{find_period, subtraction_sequence};
use ply_core::text::excerpt;
use ply_games::subtraction::parse_set;
use serde::Serialize;
use std::process::ExitCode;

const EXAMPLES: &str = "EXAMPLES:\n  ply grundy subtraction:1,3,4\n  ply grundy subtraction:1,3,4 --upto 40 --json\n  ply grundy 'subtraction:20;2,5,7' --upto 100\n\n\
The set S can be given alone (subtraction:1,3,4) or after a game's piles (subtraction:20;1,3,4).";

/// The largest --upto accepted (the period search is quadratic when no period exists).
const MAX_UPTO: usize = 100_000;

/// Print the Grundy values g(0..=N) of a subtraction game and the period they settle into.
///
/// g(n) = mex { g(n - s) : s in S, s <= n }: a pile of n is lost for the side to
/// move exactly when g(n) = 0, and a sum of piles when the xor of their values is 0.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game: subtraction:S (e.g. subtraction:1,3,4) or subtraction:N;S.
    game: String,
    /// Compute g(0) to g(N), N from 0 to 100000.
    #[arg(long, default_value_t = 100, value_parser = args::whole::<usize>(0, MAX_UPTO as u64), allow_negative_numbers = true)]
    upto: usize,
    /// Print machine-readable JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct GrundyJson {
    game: String,
    set: Vec<u32>,
    upto: usize,
    values: Vec<u32>,
    period: Option<usize>,
    preperiod: Option<usize>,
}

/// The take set of `subtraction:S` or `subtraction:N;S`.
fn take_set(spec: &str) -> Result<Vec<u32>> {
    let spec = spec.trim();
    let Some((name, args)) = spec.split_once(':') else {
        bail!(
            "game {}: expected subtraction:S, e.g. subtraction:1,3,4",
            excerpt(spec)
        );
    };
    if !name.trim().eq_ignore_ascii_case("subtraction") {
        bail!(
            "game {}: ply grundy knows subtraction games only (subtraction:S, e.g. subtraction:1,3,4)",
            excerpt(spec)
        );
    }
    let set_text = match args.split_once(';') {
        Some((_piles, set)) => set,
        None => args,
    };
    Ok(parse_set("subtraction", set_text)?)
}

pub fn run(args: Args) -> Result<ExitCode> {
    let set = take_set(&args.game)?;
    let values = subtraction_sequence(&set, args.upto);
    let memory = *set.last().expect("parse_set rejects empty sets") as usize;
    let period = find_period(&values, memory);
    let set_text: Vec<String> = set.iter().map(u32::to_string).collect();
    let set_text = set_text.join(",");
    let out = GrundyJson {
        game: format!("subtraction:{set_text}"),
        set,
        upto: args.upto,
        values,
        period: period.map(|p| p.period),
        preperiod: period.map(|p| p.preperiod),
    };
    if args.json {
        print_json(&out)?;
        return Ok(ExitCode::SUCCESS);
    }
    println!("subtraction game S = {{{set_text}}}: g(n) = mex {{ g(n - s) : s in S, s <= n }}");
    for (row, chunk) in out.values.chunks(10).enumerate() {
        let first = row * 10;
        let last = first + chunk.len() - 1;
        let numbers: Vec<String> = chunk.iter().map(|g| format!("{g:>2}")).collect();
        let label = format!("g({first}..={last}):");
        println!("  {label:<14}{}", numbers.join(" "));
    }
    let zeros: Vec<String> = (0..out.values.len())
        .filter(|&n| out.values[n] == 0)
        .take(20)
        .map(|n| n.to_string())
        .collect();
    println!(
        "lost pile sizes (g = 0): {}{}",
        zeros.join(", "),
        if zeros.len() == 20 { ", ..." } else { "" }
    );
    match period {
        Some(p) => println!(
            "period {} from n = {} (preperiod {}): proved, since g(n + {}) = g(n) for {memory} = max(S) consecutive n and each value depends only on the {memory} before it",
            p.period, p.preperiod, p.preperiod, p.period
        ),
        None => println!(
            "no period proved for n <= {} (a proof needs g(n + p) = g(n) for {memory} = max(S) consecutive n): try a larger --upto",
            args.upto
        ),
    }
    Ok(ExitCode::SUCCESS)
}
