//! The commands a GUI sends to a UCI engine, read from one line of text.
//!
//! Reading never fails on numbers: a time that is negative is 0, one too large for 64
//! bits is the largest (a GUI's clock bug must not stop a game); a count that is not a
//! number at all is an error. As the UCI protocol asks, unknown words in front of a
//! command are skipped (`joho debug on` switches debug mode on); unknown words inside a
//! `go` are named in [`Go::ignored`].

use std::fmt;

/// One command of the UCI protocol (and the few extras most engines understand).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify, list the options, `uciok`.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`: `readyok` at once, also during a search.
    IsReady,
    /// `setoption name NAME [value VALUE]` (names are case-insensitive).
    SetOption {
        /// The option's name, as written (words joined by single spaces).
        name: String,
        /// Its value, if any (words joined by single spaces).
        value: Option<String>,
    },
    /// `register ...`: ply needs no registration.
    Register,
    /// `ucinewgame`: the next position belongs to another game.
    UciNewGame,
    /// `position startpos|fen FEN [moves M1 M2 ...]`.
    Position {
        /// The FEN, or `None` for the start position.
        fen: Option<String>,
        /// The moves played from there, in UCI notation.
        moves: Vec<String>,
    },
    /// `go ...`: start searching.
    Go(Go),
    /// `stop`: answer `bestmove` now.
    Stop,
    /// `ponderhit`: the opponent played the expected move; the ponder search goes on
    /// as a normal one, on our clock.
    PonderHit,
    /// `quit`.
    Quit,
    /// `d` (an extra): draw the board and print its FEN.
    Display,
    /// `eval` (an extra): the static evaluation of the position.
    Eval,
}

/// The parameters of `go`, all optional. Times are in milliseconds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// White's time left.
    pub wtime: Option<u64>,
    /// Black's time left.
    pub btime: Option<u64>,
    /// White's increment per move.
    pub winc: Option<u64>,
    /// Black's increment per move.
    pub binc: Option<u64>,
    /// Moves until the next time control.
    pub movestogo: Option<u64>,
    /// Search this many plies.
    pub depth: Option<u64>,
    /// Search this many nodes.
    pub nodes: Option<u64>,
    /// Search for a mate in this many moves.
    pub mate: Option<u64>,
    /// Search exactly this long.
    pub movetime: Option<u64>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Search while the opponent thinks, until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Only these root moves (UCI notation).
    pub searchmoves: Vec<String>,
    /// `go perft N` (an extra): count the move sequences of N plies, move by move.
    pub perft: Option<u64>,
    /// Words that are no parameter of `go`, skipped.
    pub ignored: Vec<String>,
}

/// A line that is no command: what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandError(pub String);

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CommandError {}

/// The command words, for skipping unknown words in front of one.
const COMMANDS: [&str; 14] = [
    "uci",
    "debug",
    "isready",
    "setoption",
    "register",
    "ucinewgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "d",
    "eval",
    "exit",
];

/// Reads one line. `Ok(None)` for a line of white space only.
pub fn parse_command(line: &str) -> Result<Option<Command>, CommandError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.is_empty() {
        return Ok(None);
    }
    let Some(start) = words.iter().position(|w| COMMANDS.contains(w)) else {
        return Err(CommandError(format!(
            "unknown command {}",
            quoted(&words.join(" "))
        )));
    };
    let args = &words[start + 1..];
    let command = match words[start] {
        "uci" => Command::Uci,
        "debug" => match args.first() {
            Some(&"on") | None => Command::Debug(true),
            Some(&"off") => Command::Debug(false),
            Some(other) => {
                return Err(CommandError(format!(
                    "debug takes on or off, not {}",
                    quoted(other)
                )));
            }
        },
        "isready" => Command::IsReady,
        "setoption" => parse_setoption(args)?,
        "register" => Command::Register,
        "ucinewgame" => Command::UciNewGame,
        "position" => parse_position(args)?,
        "go" => Command::Go(parse_go(args)?),
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "quit" | "exit" => Command::Quit,
        "d" => Command::Display,
        "eval" => Command::Eval,
        _ => unreachable!("every word of COMMANDS has its arm"),
    };
    Ok(Some(command))
}

fn parse_setoption(args: &[&str]) -> Result<Command, CommandError> {
    if args.first() != Some(&"name") {
        return Err(CommandError(
            "setoption needs a name: setoption name NAME [value VALUE]".into(),
        ));
    }
    let args = &args[1..];
    let split = args.iter().position(|&w| w == "value");
    let (name, value) = match split {
        Some(at) => (&args[..at], Some(args[at + 1..].join(" "))),
        None => (args, None),
    };
    if name.is_empty() {
        return Err(CommandError(
            "setoption needs a name: setoption name NAME [value VALUE]".into(),
        ));
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

fn parse_position(args: &[&str]) -> Result<Command, CommandError> {
    let moves_at = args.iter().position(|&w| w == "moves");
    let (setup, moves) = match moves_at {
        Some(at) => (&args[..at], &args[at + 1..]),
        None => (args, &[][..]),
    };
    let fen = match setup {
        ["startpos"] => None,
        ["fen", fen @ ..] if !fen.is_empty() => Some(fen.join(" ")),
        _ => {
            return Err(CommandError(format!(
                "position takes startpos or fen FEN, then optionally moves ...; got {}",
                quoted(&setup.join(" "))
            )));
        }
    };
    Ok(Command::Position {
        fen,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    })
}

fn parse_go(args: &[&str]) -> Result<Go, CommandError> {
    let mut go = Go::default();
    let mut i = 0;
    while i < args.len() {
        let word = args[i];
        i += 1;
        let slot = match word {
            "wtime" => &mut go.wtime,
            "btime" => &mut go.btime,
            "winc" => &mut go.winc,
            "binc" => &mut go.binc,
            "movestogo" => &mut go.movestogo,
            "depth" => &mut go.depth,
            "nodes" => &mut go.nodes,
            "mate" => &mut go.mate,
            "movetime" => &mut go.movetime,
            "perft" => &mut go.perft,
            "infinite" => {
                go.infinite = true;
                continue;
            }
            "ponder" => {
                go.ponder = true;
                continue;
            }
            "searchmoves" => {
                // The moves run to the next parameter of go.
                while i < args.len() && !is_go_parameter(args[i]) {
                    go.searchmoves.push(args[i].to_string());
                    i += 1;
                }
                continue;
            }
            other => {
                go.ignored.push(other.to_string());
                continue;
            }
        };
        let Some(text) = args.get(i) else {
            return Err(CommandError(format!("go {word} needs a number")));
        };
        i += 1;
        *slot = Some(clamped_number(text).ok_or_else(|| {
            CommandError(format!("go {word} needs a number, not {}", quoted(text)))
        })?);
    }
    Ok(go)
}

fn is_go_parameter(word: &str) -> bool {
    matches!(
        word,
        "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movestogo"
            | "depth"
            | "nodes"
            | "mate"
            | "movetime"
            | "perft"
            | "infinite"
            | "ponder"
            | "searchmoves"
    )
}

/// A whole number, negative ones as 0 and ones beyond 64 bits as `u64::MAX`; `None` if
/// the text is not a whole number.
pub(crate) fn clamped_number(text: &str) -> Option<u64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(digits) => (true, digits),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if negative {
        return Some(0);
    }
    Some(digits.parse::<u64>().unwrap_or(u64::MAX))
}

/// A word or line of the GUI, shortened and escaped for an `info string`.
pub(crate) fn quoted(text: &str) -> String {
    ply_core::text::excerpt(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Command {
        parse_command(line).unwrap().unwrap()
    }

    #[test]
    fn reads_the_commands_of_a_game() {
        assert_eq!(parse("uci"), Command::Uci);
        assert_eq!(parse("  isready \r"), Command::IsReady);
        assert_eq!(
            parse("position startpos moves e2e4 e7e5"),
            Command::Position {
                fen: None,
                moves: vec!["e2e4".into(), "e7e5".into()]
            }
        );
        assert_eq!(
            parse("position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1"),
            Command::Position {
                fen: Some("8/8/8/8/8/8/8/K1k5 w - - 0 1".into()),
                moves: vec![]
            }
        );
        let go = Go {
            wtime: Some(1000),
            btime: Some(0),
            winc: Some(10),
            binc: Some(u64::MAX),
            movestogo: Some(5),
            ..Go::default()
        };
        assert_eq!(
            parse("go wtime 1000 btime -5 winc 10 binc 99999999999999999999999 movestogo 5"),
            Command::Go(go)
        );
        assert_eq!(
            parse("setoption name Move Overhead value 100"),
            Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("100".into())
            }
        );
        assert_eq!(
            parse("setoption name Clear Hash"),
            Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }
        );
    }

    #[test]
    fn skips_unknown_words_as_the_protocol_asks() {
        assert_eq!(parse("joho debug on"), Command::Debug(true));
        let Command::Go(go) = parse("go depth 5 fast searchmoves e2e4 d2d4 nodes 9") else {
            panic!("not a go");
        };
        assert_eq!(go.depth, Some(5));
        assert_eq!(go.nodes, Some(9));
        assert_eq!(go.searchmoves, ["e2e4", "d2d4"]);
        assert_eq!(go.ignored, ["fast"]);
        assert_eq!(parse_command(" \t "), Ok(None));
    }

    #[test]
    fn refuses_what_cannot_be_read() {
        for line in [
            "hello",
            "go depth",
            "go depth five",
            "go movetime 1e9",
            "position",
            "position fen",
            "position start",
            "setoption value 3",
            "debug maybe",
        ] {
            assert!(parse_command(line).is_err(), "{line}");
        }
    }
}
