//! What the command line accepts, and how it says no: every numeric option is a whole
//! number in a stated range, refused otherwise with one line that names the range, and
//! every refusal of the argument parser is one line, `ply: error: ...` (exit code 2).

use clap::builder::TypedValueParser;
use clap::error::ErrorKind;
use std::ffi::OsStr;
use std::marker::PhantomData;
use std::process::ExitCode;

/// The deepest search `--depth` may ask for (the engine's deepest iteration).
pub const MAX_DEPTH: u64 = ply_core::engine::MAX_DEPTH as u64;

/// The most search threads `--threads` may ask for.
pub const MAX_THREADS: u64 = 256;

/// The largest transposition table `--hash` may ask for, in MiB.
pub const MAX_HASH_MIB: u64 = 65536;

/// A whole number from `min` to `max` (decimal digits only: no sign but `+`, no
/// exponent, no fraction), read into `T`. `max` is stated by the caller even when it
/// is `T`'s own limit, so that the refusal names the whole range.
#[derive(Clone, Copy, Debug)]
pub struct Whole<T> {
    min: u64,
    max: u64,
    target: PhantomData<fn() -> T>,
}

/// The parser of a numeric option: a whole number from `min` to `max`.
pub const fn whole<T>(min: u64, max: u64) -> Whole<T> {
    Whole {
        min,
        max,
        target: PhantomData,
    }
}

impl<T> TypedValueParser for Whole<T>
where
    T: TryFrom<u64> + Clone + Send + Sync + 'static,
{
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        let text = value.to_string_lossy();
        let digits = text.strip_prefix('+').unwrap_or(&text);
        let is_whole = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        // All digits but past u64 (`None` inside): too large for any range.
        let number = is_whole.then(|| digits.parse::<u64>().ok());
        if let Some(Some(n)) = number
            && (self.min..=self.max).contains(&n)
            && let Ok(value) = T::try_from(n)
        {
            return Ok(value);
        }
        let name = arg
            .and_then(|arg| arg.get_long().map(|long| format!("--{long}")))
            .or_else(|| arg.map(|arg| arg.get_id().to_string()))
            .unwrap_or_else(|| "the value".to_string());
        let (min, max) = (self.min, self.max);
        let message = match number {
            Some(Some(n)) if n < min => {
                format!("{name} {n} is too small: expected a whole number from {min} to {max}")
            }
            Some(_) => {
                format!("{name} {digits} is too large: expected a whole number from {min} to {max}")
            }
            None => format!(
                "{name} {} is not a whole number: expected one from {min} to {max}",
                ply_core::text::excerpt(&text)
            ),
        };
        let mut cmd = cmd.clone();
        Err(clap::Error::raw(ErrorKind::ValueValidation, message).format(&mut cmd))
    }
}

/// The parser of a POSITION argument: any text, also one that begins with `-` (the
/// pursuit games' start `-/-/c`), but not `--NAME`, which is a mistyped option.
#[derive(Clone, Copy, Debug)]
pub struct Position;

impl TypedValueParser for Position {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        let text = value.to_string_lossy();
        if !text.starts_with("--") {
            return Ok(text.into_owned());
        }
        let message = unknown_option(cmd, &text);
        let mut cmd = cmd.clone();
        Err(clap::Error::raw(ErrorKind::UnknownArgument, message).format(&mut cmd))
    }
}

/// "unexpected argument '--jsn' found (a similar argument exists: '--json')".
fn unknown_option(cmd: &clap::Command, text: &str) -> String {
    let name = text
        .trim_start_matches('-')
        .split('=')
        .next()
        .unwrap_or_default();
    let similar = cmd
        .get_arguments()
        .filter_map(clap::Arg::get_long)
        .filter(|long| edit_distance(long, name) <= 2 || long.starts_with(name))
        .min_by_key(|long| edit_distance(long, name));
    let mut message = format!(
        "unexpected argument {} found",
        ply_core::text::excerpt(text)
    );
    if let Some(long) = similar {
        message.push_str(&format!(" (a similar argument exists: '--{long}')"));
    }
    message
}

/// The first `--NAME` on the command line that the subcommand does not know. Positions
/// may begin with '-', so clap takes an unknown `--NAME` for one and complains about
/// what follows it instead (`--nodez 5`: "unexpected argument '5'"); this finds the culprit.
fn first_unknown_option(cli: &clap::Command, argv: &[String]) -> Option<String> {
    let subcommand = cli.find_subcommand(argv.get(1)?)?;
    argv.iter()
        .skip(2)
        .take_while(|token| *token != "--")
        .filter(|token| token.starts_with("--"))
        .find(|token| {
            let name = token[2..].split('=').next().unwrap_or_default();
            name != "help"
                && !subcommand
                    .get_arguments()
                    .any(|a| a.get_long() == Some(name))
        })
        .map(|token| unknown_option(subcommand, token))
}

/// Levenshtein distance, for suggestions between short option names.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

/// Says why the arguments were refused, on one line (help and version are printed
/// as usual). Returns the exit code: 2 for a refusal, 0 for help and version.
pub fn refuse(error: clap::Error, cli: &clap::Command) -> ExitCode {
    match error.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => error.exit(),
        _ => {
            let argv: Vec<String> = std::env::args_os()
                .map(|a| a.to_string_lossy().into_owned())
                .collect();
            let message = first_unknown_option(cli, &argv)
                .unwrap_or_else(|| one_line(&error.render().to_string()));
            eprintln!("ply: error: {message}");
            ExitCode::from(2)
        }
    }
}

/// clap's message in one line: the first line, the items listed under it (missing
/// arguments) and its tips; the usage and the pointer to --help are left out.
fn one_line(rendered: &str) -> String {
    let mut lines = rendered.lines();
    let first = lines.next().unwrap_or_default();
    let mut text = first
        .strip_prefix("error: ")
        .unwrap_or(first)
        .trim_end()
        .to_string();
    let mut tips = Vec::new();
    for line in lines {
        let line_text = line.trim();
        if line_text.starts_with("Usage:") || line_text.starts_with("For more information") {
            break;
        }
        if let Some(tip) = line_text.strip_prefix("tip: ") {
            tips.push(tip.to_string());
        } else if line.starts_with("  ") && !line_text.is_empty() {
            text.push(' ');
            text.push_str(line_text);
        }
    }
    if !tips.is_empty() {
        text.push_str(&format!(" ({})", tips.join("; ")));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clap_messages_become_one_line() {
        let missing = "error: the following required arguments were not provided:\n  <GAME>\n\nUsage: ply solve <GAME> [POSITION]\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line(missing),
            "the following required arguments were not provided: <GAME>"
        );
        let unknown = "error: unexpected argument '--jsn' found\n\n  tip: a similar argument exists: '--json'\n\nUsage: ply solve <GAME>\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line(unknown),
            "unexpected argument '--jsn' found (a similar argument exists: '--json')"
        );
    }

    #[test]
    fn positions_may_begin_with_a_hyphen_but_not_two() {
        let cmd = clap::Command::new("solve").arg(clap::Arg::new("json").long("json"));
        let parse = |text: &str| {
            Position
                .parse_ref(&cmd, None, OsStr::new(text))
                .map_err(|e| e.to_string())
        };
        assert_eq!(parse("-/-/c"), Ok("-/-/c".to_string()));
        assert_eq!(parse("-/*"), Ok("-/*".to_string()));
        let error = parse("--jsn").unwrap_err();
        assert!(
            error.contains(
                "unexpected argument '--jsn' found (a similar argument exists: '--json')"
            ),
            "{error}"
        );
        assert_eq!(edit_distance("json", "jsno"), 2);
        let cli = clap::Command::new("ply").subcommand(cmd.clone());
        let argv = |line: &str| line.split(' ').map(String::from).collect::<Vec<_>>();
        assert_eq!(
            first_unknown_option(&cli, &argv("ply solve x --jsn 5")),
            Some("unexpected argument '--jsn' found (a similar argument exists: '--json')".into())
        );
        assert_eq!(
            first_unknown_option(&cli, &argv("ply solve --json -- --x")),
            None
        );
        assert_eq!(edit_distance("", "abc"), 3);
    }

    #[test]
    fn whole_numbers_in_range_only() {
        let cmd = clap::Command::new("ply");
        let parse = |parser: Whole<u32>, text: &str| {
            parser
                .parse_ref(&cmd, None, OsStr::new(text))
                .map_err(|e| e.to_string())
        };
        let depth = whole::<u32>(1, 200);
        assert_eq!(parse(depth, "1"), Ok(1));
        assert_eq!(parse(depth, "+200"), Ok(200));
        for bad in [
            "0",
            "201",
            "-1",
            "1e3",
            "",
            " 5",
            "5.0",
            "18446744073709551616",
            "++1",
        ] {
            let error = parse(depth, bad).unwrap_err();
            assert!(error.contains(" from 1 to 200"), "{bad}: {error}");
        }
        assert!(
            parse(depth, "0")
                .unwrap_err()
                .contains("the value 0 is too small")
        );
        assert!(
            parse(depth, "18446744073709551616")
                .unwrap_err()
                .contains("is too large")
        );
        assert!(
            parse(depth, "1e3")
                .unwrap_err()
                .contains("'1e3' is not a whole number")
        );
        // The type's own limit is checked too (a caller states it as the top).
        let wide = whole::<u32>(0, u64::MAX);
        assert!(parse(wide, "4294967296").is_err());
        assert_eq!(parse(wide, "4294967295"), Ok(u32::MAX));
    }
}
