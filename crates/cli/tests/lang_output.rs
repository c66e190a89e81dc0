//! `--lang` as users run it: `ply solve`, `ply tree` (a tree file, a game's tree, a tree
//! with chance nodes) and `ply practice` say every word in the language asked for, no
//! English left.

use ply_api::lang::{Lang, Message};
use std::collections::BTreeSet;

mod common;
use common::ply;

/// Words that are names, not English: games, the searches and notation, as in the web
/// lab's own check (`tests/browser/lab.mjs`).
const NOT_ENGLISH: [&str; 18] = [
    "tictactoe",
    "connect",
    "mnk",
    "nim",
    "misere",
    "wythoff",
    "race",
    "bash",
    "subtraction",
    "minimax",
    "negamax",
    "alpha",
    "beta",
    "max",
    "min",
    "pig",
    "star1",
    "star2",
];

/// Identifiers the output writes as a program reads them (the values of `--kind`,
/// `--variant` and `--algorithm`, the JSON's `algorithm`, a game's spec, the tree files'
/// `[chance]` tag): taken out before the words are read.
const IDENTIFIERS: [&str; 19] = [
    "value-iteration",
    "retrograde",
    "alphabeta",
    "memo",
    "best_move",
    "as_written",
    "good_order",
    "bad_order",
    "max_root",
    "min_root",
    "expectimax",
    "weighted",
    "equal",
    "values",
    "pruned",
    "order",
    "[chance]",
    "race:10,2",
    "both:",
];

/// The names the example trees give their nodes (`dice.txt`: `left`, `right`): the
/// tree's own words, which a drawing writes as they are.
const NODE_NAMES: [&str; 2] = ["left", "right"];

/// The words of every message of a catalog (every plural form), placeholders left out.
fn catalog_words(lang: Lang) -> BTreeSet<String> {
    let catalog = lang.catalog();
    let mut text = String::new();
    for id in catalog.ids() {
        match catalog.get(id).unwrap() {
            Message::Text(message) => text.push_str(message),
            Message::Plural(forms) => forms.values().for_each(|form| text.push_str(form)),
        }
        text.push('\n');
    }
    let mut without = String::new();
    let mut rest = text.as_str();
    while let Some(open) = rest.find('{') {
        without.push_str(&rest[..open]);
        without.push(' ');
        rest = rest[open..]
            .find('}')
            .map_or("", |close| &rest[open + close + 1..]);
    }
    without.push_str(rest);
    words(&without)
}

/// Words of four letters or more (ASCII letters), lowercased.
fn words(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|word| word.len() >= 4)
        .map(str::to_ascii_lowercase)
        .collect()
}

/// The English words that must not be in output in `lang`: every word of four letters
/// or more of the English catalog that the language's catalog does not use itself.
fn english_words(lang: Lang) -> BTreeSet<String> {
    let own = catalog_words(lang);
    catalog_words(Lang::En)
        .into_iter()
        .filter(|word| !own.contains(word) && !NOT_ENGLISH.contains(&word.as_str()))
        .collect()
}

fn run(args: &[&str]) -> String {
    let out = ply().args(args).output().expect("ply runs");
    assert!(
        out.status.success(),
        "ply {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The English words in `text`, its identifiers left out.
fn english_in(text: &str, english: &BTreeSet<String>) -> Vec<String> {
    let mut text = text.to_string();
    for identifier in IDENTIFIERS {
        text = text.replace(identifier, " ");
    }
    words(&text)
        .into_iter()
        .filter(|word| english.contains(word) && !NODE_NAMES.contains(&word.as_str()))
        .collect()
}

fn example(name: &str) -> String {
    format!("{}/../../examples/trees/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Every command of the check, each with `--lang` added.
fn commands() -> Vec<Vec<String>> {
    let classic = example("classic.txt");
    let dice = example("dice.txt");
    let mut commands: Vec<Vec<String>> = Vec::new();
    let mut add = |args: &[&str]| commands.push(args.iter().map(|a| a.to_string()).collect());
    for game in [
        "tictactoe",
        "mnk:3,3,3",
        "nim:1,2",
        "misere-nim:1,2",
        "bash:20,3",
        "wythoff:4,6",
        "subtraction:9;1,3,4",
        "race:10,2",
        "pursuit:grid:3x3,cops=2",
        "pursuit:path:2,cops=1",
        "pursuit-hidden:cycle:6,cops=2",
    ] {
        add(&["solve", game]);
    }
    add(&["solve", "pig:20", "12+6-4"]);
    add(&["solve", "pig:20"]);
    add(&["tree", &classic, "--trace"]);
    add(&["tree", &classic, "--trace", "--algorithm", "minimax"]);
    add(&["tree", "tictactoe@XOX/.O./X..", "--trace"]);
    add(&["tree", &dice, "--trace"]);
    add(&["tree", &dice, "--trace", "--algorithm", "star2"]);
    for kind in ["values", "pruned", "order", "best_move", "expectimax"] {
        for seed in ["1", "3", "5"] {
            add(&[
                "practice",
                "--kind",
                kind,
                "--seed",
                seed,
                "--level",
                "2",
                "--answers",
            ]);
        }
    }
    for variant in ["tictactoe", "nim", "race"] {
        add(&[
            "practice",
            "--kind",
            "best_move",
            "--seed",
            "2",
            "--variant",
            variant,
            "--answers",
        ]);
    }
    commands
}

#[test]
fn no_english_is_left_in_the_output_of_solve_tree_and_practice() {
    let mut found = Vec::new();
    for lang in [Lang::Sv, Lang::Zh, Lang::El] {
        let english = english_words(lang);
        assert!(english.contains("principal"), "{lang}: {english:?}");
        for command in commands() {
            let mut args: Vec<&str> = command.iter().map(String::as_str).collect();
            args.extend(["--lang", lang.code()]);
            let text = run(&args);
            let left = english_in(&text, &english);
            if !left.is_empty() {
                found.push(format!("{lang}: ply {}: {left:?}\n{text}", args.join(" ")));
            }
        }
    }
    assert!(found.is_empty(), "English left:\n{}", found.join("\n"));
}

#[test]
fn the_words_are_the_languages_own() {
    let classic = example("classic.txt");
    let sv = run(&["tree", &classic, "--trace", "--lang", "sv"]);
    for line in [
        "├─ #6 MIN ≤ 2  beskärning: 2 ≤ α=3: MAX kan få 3 på annat håll; beskär 4, 6",
        "│  ├─ 4  beskuren vid #6, fönster α=3 β=+∞",
        "* huvudvariant: #1 → #2 → 3",
        "steg:",
        " 9    beskärning vid #6: 2 ≤ α=3: MAX kan få 3 på annat håll; beskär 4, 6",
        "16  tillbaka i #1 MAX = 3",
    ] {
        assert!(sv.lines().any(|l| l == line), "{line:?} in\n{sv}");
    }
    let zh = run(&["tree", &example("dice.txt"), "--trace", "--lang", "zh"]);
    for line in [
        "└─ right 机会 = 4  *",
        "步骤：",
        " 4    left 机会：+ 1/2 × 3（a）→ 和为 1.5",
    ] {
        assert!(zh.lines().any(|l| l == line), "{line:?} in\n{zh}");
    }
    let el = run(&["solve", "race:10,2", "--lang", "el"]);
    for line in [
        "άθροισμα 0 από 10 (προσθέτεις 1 έως 2 σε κάθε σειρά· όποιος φτάσει στο 10 κερδίζει)",
        "παίζει: ο 1ος παίκτης· θέση 0",
        "καλύτερη κίνηση: 1",
    ] {
        assert!(el.lines().any(|l| l == line), "{line:?} in\n{el}");
    }
    let zh = run(&["solve", "nim:1,2", "--lang", "zh"]);
    for line in [
        "第  1 堆 | 1 o",
        "（取走最后一个物品的一方获胜）",
        "最佳着法：2:1",
    ] {
        assert!(zh.lines().any(|l| l == line), "{line:?} in\n{zh}");
    }
    let sv = run(&["solve", "pursuit:grid:3x3,cops=2", "--lang", "sv"]);
    for line in [
        "poliserna: inte utplacerad; flyktingen: inte utplacerad",
        "poliserna vinner: ja",
    ] {
        assert!(sv.lines().any(|l| l == line), "{line:?} in\n{sv}");
    }
    let el = run(&[
        "practice",
        "--kind",
        "pruned",
        "--level",
        "3",
        "--seed",
        "42",
        "--answers",
        "--lang",
        "el",
    ]);
    assert!(
        el.starts_with(
            "# άσκηση: pruned επίπεδο 3 σπόρος 42 παραλλαγή as_written \
             (MIN στη ρίζα, αξίες φύλλων για MAX)\n"
        ),
        "{el}"
    );
    assert!(
        el.ends_with("\nαπάντηση: δεν εξετάστηκαν ποτέ: l m\n"),
        "{el}"
    );
}

#[test]
fn plain_minimax_steps_have_no_window_and_alpha_beta_steps_have() {
    let classic = example("classic.txt");
    let minimax = run(&[
        "tree",
        &classic,
        "--trace",
        "--algorithm",
        "minimax",
        "--lang",
        "zh",
    ]);
    assert!(minimax.lines().any(|l| l == " 1  进入 #1 MAX"), "{minimax}");
    assert!(!minimax.contains('α'), "{minimax}");
    let alphabeta = run(&["tree", &classic, "--trace", "--lang", "zh"]);
    assert!(
        alphabeta.lines().any(|l| l == " 1  进入 #1 MAX  α=-∞ β=+∞"),
        "{alphabeta}"
    );
}
