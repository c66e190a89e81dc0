//! `ply practice`: an exercise on a random game tree, as the web lab's practice page
//! gives it, and its answer key.

use crate::args;
use crate::report::print_json;
use anyhow::Result;
use ply_api::lang::Lang;
use ply_api::practice::{Exercise, MAX_SEED, PracticeRequest, exercise};
use ply_core::chance::Ratio;
use std::process::ExitCode;

const EXAMPLES: &str = "EXAMPLES:\n  ply practice --kind pruned --level 3 --seed 42\n  ply practice --kind values --level 2 --seed 7 --answers\n  ply practice --kind best_move --level 1 --seed 5 --lang sv\n  ply practice --kind order --level 4 --seed 1 --variant bad_order --json\n  ply practice --kind expectimax --level 2 --seed 3 --answers\n\n\
The same kind, level, seed and variant give the same exercise everywhere: on the command line, \
in ply serve (POST /api/practice) and in the web lab's practice page (docs/api.md, \"Practice\").";

/// Print an exercise on a random game tree: back up the values, find the leaves
/// alpha-beta never looks at, the order it looks at them, a game's best move, or the
/// expected values of a tree with chance nodes.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// values (back up every inner node), pruned (the leaves alpha-beta skips), order
    /// (the leaves in the order alpha-beta looks at them), best_move (a game position) or
    /// expectimax (back up a tree with chance nodes: expected values, exact fractions).
    #[arg(long, value_parser = ply_api::practice::KINDS)]
    kind: String,
    /// The size of the tree, from 1 (depth 2) to 5 (depth 4 or 5).
    #[arg(long, default_value_t = 1, value_parser = args::whole::<u32>(1, 5), allow_negative_numbers = true)]
    level: u32,
    /// The seed: the same seed gives the same exercise (0 to 2^53 - 1).
    #[arg(long, value_parser = args::whole::<u64>(0, MAX_SEED), allow_negative_numbers = true)]
    seed: u64,
    /// values: max_root, min_root or negamax; pruned, order: as_written, good_order or
    /// bad_order; best_move: tictactoe, nim or race; expectimax: weighted (halves,
    /// thirds, quarters, sixths) or equal (equal chances) (default: chosen by the seed).
    #[arg(long)]
    variant: Option<String>,
    /// The language of the question: en, sv, zh or el.
    #[arg(long, default_value = "en")]
    lang: Lang,
    /// Print the answer too.
    #[arg(long)]
    answers: bool,
    /// Print machine-readable JSON: the answer of POST /api/practice (with the answer key).
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let request = PracticeRequest {
        kind: args.kind.clone(),
        seed: args.seed,
        level: args.level,
        lang: args.lang,
        variant: args.variant.clone(),
        rule: None,
    };
    let exercise = exercise(&request)?;
    if args.json {
        print_json(&exercise)?;
    } else {
        print!("{}", text(&exercise, args.answers, args.lang));
    }
    Ok(ExitCode::SUCCESS)
}

/// The exercise as text in `lang`: what it is (its kind and variant as `--kind` and
/// `--variant` name them), the question, the position (a game's), the tree (in the
/// notation of tree files), and with `answers` the answer key.
fn text(exercise: &Exercise, answers: bool, lang: Lang) -> String {
    let leaves = match exercise.leaf_perspective {
        "mover" => lang.say("practice.cli.leaves.mover", &[]),
        _ => lang.say("tree.picture.max", &[]),
    };
    let mut out = lang.say(
        "practice.cli.heading",
        &[
            ("kind", &exercise.kind),
            ("level", &exercise.level),
            ("seed", &exercise.seed),
            ("variant", &exercise.variant),
            ("root", &exercise.root.to_uppercase()),
            ("leaves", &leaves),
        ],
    );
    out.push('\n');
    let separator = lang.say("practice.list.separator", &[]);
    out.push_str(&exercise.question);
    out.push_str("\n\n");
    if let (Some(game), Some(position)) = (&exercise.game, &exercise.position) {
        out.push_str(&format!("{game} @ {position}\n"));
        if let Some(moves) = &exercise.answer.moves {
            let children: Vec<String> = exercise
                .tree
                .lines()
                .filter(|l| l.starts_with("  ") && !l.starts_with("    "))
                .map(|l| l.trim().split(' ').next().unwrap_or_default().to_string())
                .map(|name| match moves.get(&name) {
                    Some(m) if *m != name => format!("{name} = {m}"),
                    _ => name,
                })
                .collect();
            let moves = children.join(&separator);
            out.push_str(&lang.say("practice.cli.moves", &[("moves", &moves)]));
            out.push('\n');
        }
        out.push('\n');
    }
    out.push_str(&exercise.tree);
    if answers {
        out.push('\n');
        let key = &exercise.answer;
        let pairs = |values: &std::collections::BTreeMap<String, i64>| {
            let mut names: Vec<(&String, &i64)> = values.iter().collect();
            // In breadth-first order, as the names were given: shorter names first.
            names.sort_by_key(|(name, _)| (name.len(), name.as_str()));
            names
                .iter()
                .map(|(name, value)| format!("{name} = {value}"))
                .collect::<Vec<_>>()
                .join(&separator)
        };
        let answer = |out: &mut String, id: &str, answer: &str| {
            out.push_str(&lang.say(id, &[("answer", &answer)]));
            out.push('\n');
        };
        if let Some(values) = &key.negamax_values {
            answer(&mut out, "practice.cli.answer.negamax", &pairs(values));
            if let Some(values) = &key.values {
                answer(&mut out, "practice.cli.answer.max", &pairs(values));
            }
        } else if let (Some(values), None) = (&key.values, &key.best) {
            answer(&mut out, "practice.cli.answer", &pairs(values));
        }
        if let (Some(exact), Some(decimal)) = (&key.exact_values, &key.decimal_values) {
            let mut names: Vec<&String> = exact.keys().collect();
            names.sort_by_key(|name| (name.len(), name.as_str()));
            let values: Vec<String> = names
                .iter()
                .map(|name| {
                    let (exact, decimal) = (&exact[*name], decimal.get(*name));
                    let same = |d: &String| d.parse::<Ratio>().ok() == exact.parse().ok();
                    match decimal {
                        Some(d) if d == exact => format!("{name} = {exact}"),
                        Some(d) if same(d) => format!("{name} = {exact} = {d}"),
                        Some(d) => format!("{name} = {exact} (≈ {d})"),
                        None => format!("{name} = {exact}"),
                    }
                })
                .collect();
            answer(&mut out, "practice.cli.answer", &values.join(&separator));
        }
        if let Some(pruned) = &key.pruned {
            let list = if pruned.is_empty() {
                lang.say("practice.cli.answer.pruned.none", &[])
            } else {
                pruned.join(" ")
            };
            out.push_str(&lang.say("practice.cli.answer.pruned", &[("leaves", &list)]));
            out.push('\n');
        }
        if let Some(order) = &key.order {
            answer(&mut out, "practice.cli.answer", &order.join(" "));
        }
        if let (Some(best), Some(value)) = (&key.best, key.value) {
            let moves = best.join(&lang.say("practice.cli.or", &[]));
            out.push_str(&lang.say(
                "practice.cli.answer.best",
                &[("moves", &moves), ("value", &value)],
            ));
            out.push('\n');
        }
    }
    out
}
