//! `ply solve pig` and `ply play pig`: Pig, the dice game, solved exactly and played
//! against the optimal policy, the die thrown by a random generator.

use super::play::GameRecord;
use crate::interrupt::{self, Interrupted};
use crate::report::{player_key, print_json};
use anyhow::Result;
use ply_api::lang::Lang;
use ply_api::pig::{self, PigSolveReport};
use ply_core::Player;
use ply_games::pig::{Decision, PigState};
use std::io::Write;
use std::process::ExitCode;

/// What `ply solve pig` prints: the report as JSON, or in words.
pub fn solve(goal: u32, position: Option<&str>, json: bool, lang: Lang) -> Result<ExitCode> {
    let out = pig::solve(goal, position, lang).map_err(|e| anyhow::anyhow!("{e}"))?;
    if json {
        print_json(&out)?;
    } else {
        print_solve_text(&out, lang);
    }
    Ok(ExitCode::SUCCESS)
}

fn print_solve_text(out: &PigSolveReport, lang: Lang) {
    let [first, second] = out.scores;
    // "first player": the name the English sentences write after "the".
    let player = ply_api::words::player_text_in(lang, out.to_move);
    println!(
        "{}",
        lang.say(
            "solve.pig.position",
            &[
                ("goal", &out.goal),
                ("player", &player),
                ("position", &out.position),
                ("first", &first),
                ("second", &second),
                ("total", &out.turn_total),
            ],
        )
    );
    println!(
        "{}",
        lang.say(
            "solve.pig.value",
            &[("value", &out.text), ("player", &player)]
        )
    );
    let decision = match out.decision {
        "roll" => lang.say("solve.pig.word.roll", &[]),
        "hold" => lang.say("solve.pig.word.hold", &[]),
        other => other.to_string(),
    };
    println!(
        "{}",
        lang.say("solve.pig.decision", &[("decision", &decision)])
    );
    let roll = &out.decisions_text.roll;
    println!("  {}", lang.say("solve.pig.roll", &[("chance", roll)]));
    match &out.decisions_text.hold {
        Some(hold) => println!("  {}", lang.say("solve.pig.hold", &[("chance", hold)])),
        None => println!("  {}", lang.say("solve.pig.hold.none", &[])),
    }
    match out.hold_threshold {
        Some(threshold) => println!(
            "{}",
            lang.say(
                "solve.pig.threshold",
                &[("threshold", &threshold), ("player", &player)]
            )
        ),
        None => println!(
            "{}",
            lang.say("solve.pig.threshold.none", &[("player", &player)])
        ),
    }
    let time = format!("{:.3}", out.time_ms);
    println!(
        "{}",
        lang.say(
            "solve.pig.stats",
            &[
                ("algorithm", &out.algorithm),
                ("states", &out.states),
                ("time", &time),
            ],
        )
    );
}

/// What `ply analyze pig` prints: the engine's search to a depth, as JSON or in words,
/// beside the exact answer.
pub fn analyze(
    goal: u32,
    position: Option<&str>,
    depth: Option<u32>,
    time_ms: Option<u64>,
    json: bool,
) -> Result<ExitCode> {
    let out = pig::analyze(goal, position, depth, time_ms, Lang::En)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    if json {
        print_json(&out)?;
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "Pig to {}: {} to move; position {}",
        out.goal, out.to_move, out.position
    );
    for iteration in &out.iterations {
        println!(
            "depth {:>2}  {}  {:<4}  {} nodes",
            iteration.depth,
            pig::expected_text(Lang::En, iteration.expected),
            iteration.decision,
            iteration.nodes
        );
    }
    println!(
        "value: {} for the {} (a winning chance of about {:.4}), {} plies deep",
        out.text, out.to_move, out.win_probability_estimate, out.depth
    );
    println!("decision: {}", out.decision);
    println!(
        "  roll: {}",
        pig::expected_text(Lang::En, out.decisions.roll)
    );
    match out.decisions.hold {
        Some(hold) => println!("  hold: {}", pig::expected_text(Lang::En, hold)),
        None => println!("  hold: not a move (a turn starts with a roll)"),
    }
    println!(
        "solved exactly: {} ({}); the search stops {} plies deep and values the positions there by the race estimate",
        pig::win_probability_text(Lang::En, out.solved_win_probability),
        out.solved_decision,
        out.depth
    );
    println!(
        "{}: {} nodes, {:.1} ms{}",
        out.algorithm,
        out.nodes,
        out.time_ms,
        if out.stopped {
            " (stopped by --time)"
        } else {
            ""
        }
    );
    Ok(ExitCode::SUCCESS)
}

/// Shows the game: on standard output, or on standard error with `--json`.
macro_rules! say {
    ($json:expr, $($arg:tt)*) => {
        if $json { eprintln!($($arg)*) } else { println!($($arg)*) }
    };
}

/// What `ply play pig` needs from its command line.
pub struct PlayArgs<'a> {
    /// The goal.
    pub goal: u32,
    /// The start position (`None`: 0-0).
    pub position: Option<&'a str>,
    /// True when the engine plays first.
    pub engine_first: bool,
    /// The die's seed (`None`: a random one, printed).
    pub seed: Option<u64>,
    /// Print the record as JSON at the end.
    pub json: bool,
}

/// `ply play pig`: the human decides, the engine plays the optimal decision, the die
/// is thrown by a generator seeded from `--seed`.
pub fn play(args: PlayArgs) -> Result<ExitCode> {
    let json = args.json;
    let start = pig::position(args.goal, args.position).map_err(|e| anyhow::anyhow!("{e}"))?;
    let solved = pig::solution(args.goal).map_err(|e| anyhow::anyhow!("{e}"))?;
    let seed = args.seed.unwrap_or_else(|| fastrand::u64(..));
    let mut rng = fastrand::Rng::with_seed(seed);
    let engine = if args.engine_first {
        start.to_move()
    } else {
        start.to_move().opponent()
    };
    let who = |player: Player| {
        if player == engine {
            format!("the {} (the engine)", pig::player_name(player))
        } else {
            format!("the {} (you)", pig::player_name(player))
        }
    };
    say!(
        json,
        "Pig to {}: you are the {}, the engine is the {}. The engine plays optimally, from the \
         exact chance of winning of every position. The die's seed is {seed} (--seed {seed} \
         throws the same faces again).",
        args.goal,
        pig::player_name(engine.opponent()),
        pig::player_name(engine)
    );
    say!(
        json,
        "Decisions: roll (r) or hold (h); a turn starts with a roll, a 1 loses the turn total. \
         Also 'hint' (each decision's chance of winning), 'help', 'quit'."
    );
    let mut record = Vec::new();
    let mut state = start;
    let lines = super::play::read_lines();
    let finish = |record: Vec<String>, scores: [u32; 2], winner: Option<Player>, ended| {
        if json {
            print_json(&GameRecord {
                game: ply_games::ChanceSpec::Pig { goal: args.goal }.spec(),
                start: start.to_string(),
                moves: record,
                result: winner.map(|winner| match winner {
                    Player::First => "first_player_wins",
                    Player::Second => "second_player_wins",
                }),
                winner: winner.map(player_key),
                book: None,
                scores: Some(scores),
                seed: Some(seed),
                interrupted: ended == "interrupted",
                ended,
            })?;
        }
        Ok::<_, anyhow::Error>(if ended == "interrupted" {
            ExitCode::from(interrupt::EXIT_CODE)
        } else {
            ExitCode::SUCCESS
        })
    };
    let mut show_position = true;
    loop {
        let mover = state.to_move();
        if show_position {
            say!(json, "\n{}", scoreboard(&state, engine));
        }
        let decision = if mover == engine {
            let best = solved
                .decision_values(&state)
                .map_err(|e| anyhow::anyhow!("{e}"))?
                .best();
            say!(
                json,
                "{} {}s ({})",
                who(mover),
                pig::decision_name(best),
                chances(&state, &solved)?
            );
            best
        } else {
            if json {
                eprint!("your decision (turn total {}): ", state.turn_total());
                std::io::stderr().flush()?;
            } else {
                print!("your decision (turn total {}): ", state.turn_total());
                std::io::stdout().flush()?;
            }
            let line = match super::play::next_line(&lines) {
                Ok(line) => line,
                Err(Interrupted) => {
                    say!(json, "\n(Ctrl-C: game abandoned)");
                    return finish(record, state.scores(), None, "interrupted");
                }
            };
            let line = match line {
                None => {
                    say!(json, "\n(end of input: game abandoned)");
                    return finish(record, state.scores(), None, "end_of_input");
                }
                Some(Ok(line)) => line,
                Some(Err(error)) if error.ends_input() => anyhow::bail!("<stdin>: {error}"),
                Some(Err(error)) => {
                    say!(json, "{}", crate::input::problem(&error));
                    show_position = false;
                    continue;
                }
            };
            show_position = false;
            match line.trim() {
                "" => continue,
                "quit" | "exit" | "q" => {
                    say!(json, "game abandoned");
                    return finish(record, state.scores(), None, "quit");
                }
                "hint" | "?" => {
                    say!(json, "{}", chances(&state, &solved)?);
                    continue;
                }
                "help" => {
                    say!(
                        json,
                        "enter roll (r) or hold (h); 'hint' shows each decision's chance of winning; 'quit' stops"
                    );
                    continue;
                }
                text => match pig::parse_decision(text) {
                    Some(Decision::Hold) if state.turn_total() == 0 => {
                        say!(
                            json,
                            "holding needs a turn total above 0: a turn starts with a roll"
                        );
                        continue;
                    }
                    Some(decision) => decision,
                    None => {
                        say!(json, "{}: enter roll (r) or hold (h)", report_text(text));
                        continue;
                    }
                },
            }
        };
        let turned = pig::take(&state, decision, None, || rng.u32(1..=6))
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        let mut entry = pig::decision_name(decision).to_string();
        if let Some(face) = turned.face {
            entry.push_str(&format!(" {face}"));
        }
        record.push(entry);
        match turned.now {
            Ok(next) => {
                match (decision, turned.face) {
                    (Decision::Roll, Some(1)) => say!(
                        json,
                        "die: 1: the turn ends, its {} points are lost",
                        state.turn_total()
                    ),
                    (Decision::Roll, Some(face)) => {
                        say!(json, "die: {face}: turn total {}", next.turn_total())
                    }
                    _ => say!(
                        json,
                        "{} banks {}: score {}",
                        who(mover),
                        state.turn_total(),
                        next.score(mover)
                    ),
                }
                show_position = next.to_move() != mover || mover != engine;
                state = next;
            }
            Err((winner, scores)) => {
                say!(
                    json,
                    "die: {}: {} reaches {} and wins.",
                    turned.face.unwrap_or_default(),
                    who(winner),
                    scores[winner.index()]
                );
                say!(
                    json,
                    "{}",
                    if winner == engine {
                        "The engine wins."
                    } else {
                        "You win."
                    }
                );
                return finish(record, scores, Some(winner), "finished");
            }
        }
    }
}

/// A line typed that is not a decision, quoted briefly.
fn report_text(text: &str) -> String {
    format!("not a decision: {}", ply_core::text::excerpt(text))
}

/// Both scores and the turn total, with who is who.
fn scoreboard(state: &PigState, engine: Player) -> String {
    let name = |player: Player| {
        if player == engine { "engine" } else { "you" }
    };
    let [first, second] = state.scores();
    format!(
        "scores: {} {first}, {} {second} (goal {}); {} to move, turn total {}",
        name(Player::First),
        name(Player::Second),
        state.goal(),
        name(state.to_move()),
        state.turn_total()
    )
}

/// Each decision's chance of winning for the player to move: "roll: wins with
/// probability 0.5306; hold: not a move".
fn chances(state: &PigState, solved: &ply_games::pig::PigSolution) -> Result<String> {
    let values = solved
        .decision_values(state)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let roll = pig::win_probability_text(Lang::En, values.roll);
    let hold = match values.hold {
        Some(hold) => pig::win_probability_text(Lang::En, hold),
        None => "not a move (turn total 0)".to_string(),
    };
    Ok(format!("roll: {roll}; hold: {hold}"))
}
