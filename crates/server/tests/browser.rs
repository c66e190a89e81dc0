//! The web lab in a real browser: Debian's chromium, driven by playwright-core
//! (`tests/browser/lab.mjs`), one browser for two runs of the same checks:
//!
//! - against `ply serve`, started here;
//! - against the static site (`scripts/build-site target/site`, or `PLY_SITE`), served by a
//!   plain static file server under the sub-path `/ply/`, with no ply process at all: the
//!   pages answer through the WebAssembly module, and the network log shows no request to
//!   `/api/`.
//!
//! The checks: the classic tree's value and its two pruned leaves, a leaf edited in the
//! picture, the trace stepped to the first cut, a share link opened in a fresh browser
//! context, the print layout on one page, a whole game of tic-tac-toe against the perfect
//! player, Connect Four's column values from the opening book, and both pages at 390 px.
//! Then the lab in Swedish, Chinese and Greek (`?lang=`): the classic tree walked step by
//! step to its end and a game begun, with no English word left on the pages (every word
//! of the English catalog that the language's own catalog does not use; names of games
//! and notation aside), every request to the API asking for the language, and the
//! language menu switching the page's language and its `<html lang>`.
//! Three more scripts walk the games' pictures: `games.mjs` (game trees in the tree lab),
//! `chess.mjs` (the chessboard on the play page) and `boards.mjs` (pursuit's graph and the
//! taking games' counters); `connect4.mjs` plays Connect Four on the play page, exact at
//! every stone, and `pig.mjs` Pig; each test below says what it checks.
//! Screenshots of every page, at 390 px and at desktop width, go to `target/screenshots/`
//! (`static-tree-390.png`, `server-play-desktop.png`, ...).
//!
//! Without chromium, node or playwright-core (`npm ci --prefix crates/server/tests/browser`)
//! the test says so in one line and passes; without the static site it runs against the
//! server only and says so. Under `PLY_REQUIRE_BROWSER=1` (CI) either is a failure.

mod common;
mod in_process;

use in_process::Server;
use ply_api::solve::BookRef;
use ply_server::Limits;

use std::path::PathBuf;
use std::time::Duration;

/// The longest the browser run may take before it is killed and the test fails.
const TIME_LIMIT: Duration = Duration::from_secs(600);

/// Where the screenshots go: `screenshots` in the target folder.
fn screenshots() -> PathBuf {
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    tmp.parent().map(|t| t.join("screenshots")).unwrap_or(tmp)
}

/// A browser script's run (`tests/browser/SCRIPT`) against `ply serve` (in this process,
/// with the book built into ply, as `ply serve` runs where there is no book file) and,
/// where it is built, the static site: its report, and the targets it ran against; `None`
/// when the browser is missing (the test then says SKIPPED, or fails where the browser
/// is required). Fails the test when a check of the script failed.
fn run_in_browser(script: &str, what: &str) -> Option<(String, Vec<&'static str>)> {
    run_in_browser_with(script, what, &[])
}

/// [`run_in_browser`], with `extra` arguments for the script after the targets.
fn run_in_browser_with(
    script: &str,
    what: &str,
    extra: &[String],
) -> Option<(String, Vec<&'static str>)> {
    // One browser run at a time: each starts a server and a chromium, and the engine's
    // answers within their time are what some checks read, so two runs at once on a
    // machine of two cores would only slow each other down.
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(why) = common::browser_missing() {
        common::skip(what, &why);
        return None;
    }
    let site = match common::site() {
        Ok(site) => Some(site),
        Err(why) => {
            common::skip(&format!("{what} of the static site"), &why);
            None
        }
    };
    let server = Server::start(Limits::default(), BookRef::shipped());
    let mut args = vec![
        screenshots().display().to_string(),
        common::chromium().display().to_string(),
        format!("server=http://{}/", server.addr),
    ];
    if let Some(site) = &site {
        args.push(format!("static={}", site.display()));
    }
    args.extend_from_slice(extra);
    let run = common::node(script, &args, TIME_LIMIT);
    drop(server);
    let (success, report) = run.unwrap_or_else(|why| panic!("{why}"));
    eprintln!("{report}");
    eprintln!("screenshots: {}", screenshots().display());
    assert!(success, "a check of {script} failed:\n{report}");
    let mut targets = vec!["server"];
    if site.is_some() {
        targets.push("static");
    }
    Some((report, targets))
}

#[test]
fn the_web_lab_in_a_browser() {
    let Some((report, targets)) = run_in_browser("lab.mjs", "the browser tests") else {
        return;
    };
    let mut expected = vec![
        "ok [server]: the classic tree's root value is 3".to_string(),
        "ok [server]: the dice tree's root is worth exactly 4 (4)".to_string(),
        "ok [server]: the dice tree's two chance nodes are circles (2)".to_string(),
        "ok [server]: Pig in the game field: expectiminimax is chosen for its chance nodes"
            .to_string(),
        "ok [server]: the chance searches' leaf counts side by side: Leaves evaluated: \
         expectiminimax all 16, Star1 14, Star2 22 (its probes included)."
            .to_string(),
    ];
    if targets.contains(&"static") {
        expected.extend(
            [
                "ok [static]: ply.js answers through the wasm",
                "ok [static]: the classic tree's root value is 3",
                "ok [static]: the dice tree's root is worth exactly 4 (4)",
                "ok [static]: Pig in the game field: expectiminimax is chosen for its chance nodes",
                "ok [static]: the chance searches' leaf counts side by side: Leaves evaluated: \
                 expectiminimax all 16, Star1 14, Star2 22 (its probes included).",
                "ok [static]: the human (X) never beats the perfect engine",
                "ok [static]: no request to /api/",
            ]
            .map(String::from),
        );
    }
    for target in &targets {
        for lang in ["sv", "zh", "el"] {
            expected.push(format!(
                "ok [{target}]: {lang}: no English left on the pages"
            ));
            expected.push(format!(
                "ok [{target}]: {lang}: every request to the API says \"lang\":\"{lang}\""
            ));
        }
    }
    for line in &expected {
        assert!(
            report.contains(line.as_str()),
            "no `{line}` in the report:\n{report}"
        );
    }
}

/// The practice page (`tests/browser/practice.mjs`), against `ply serve` and the static
/// site: a values, a pruned and an expectimax exercise at fixed seeds, answered with one
/// deliberate mistake each, and exactly that node marked, with the API's reason; the
/// expectimax tree's chance nodes drawn as circles with their probabilities, its values
/// typed as fractions and the tree lab opened at the mistake's step of the chance search;
/// the worksheet with its values blank, on one A4 page; the key with them filled in; the
/// page at 390 px.
#[test]
fn the_practice_page_in_a_browser() {
    let Some((report, targets)) =
        run_in_browser("practice.mjs", "the practice page's browser tests")
    else {
        return;
    };
    for target in targets {
        for line in [
            "the picture marks exactly h (h)",
            "the picture marks exactly n (n)",
            "the worksheet leaves every inner value blank",
            "expectimax: each chance node is a circle (b c)",
            "expectimax: every inner value is hidden until checked (? ? ?)",
            "expectimax: the picture marks exactly b (b)",
            "expectimax: the box of b is marked with its reason",
            "expectimax: the walk-through opens the chance search at step",
            "expectimax: the tree lab opens the chance tree at step",
            "expectimax: every value right as a fraction, all right: All right: 3 of 3 answers.",
            "expectimax: the key fills in every exact value",
            "390 px: the expectimax exercise fits the width",
        ] {
            let line = format!("ok [{target}]: {line}");
            assert!(
                report.contains(&line),
                "no `{line}` in the report:\n{report}"
            );
        }
    }
}

/// Every line of `lines` is in the report, as `ok [TARGET]: LINE` (a line ending in `…`
/// names only the start of its check).
fn assert_lines(report: &str, targets: &[&str], lines: &[&str]) {
    for target in targets {
        for line in lines {
            let line = format!("ok [{target}]: {}", line.trim_end_matches('…'));
            assert!(
                report.contains(&line),
                "no `{line}` in the report:\n{report}"
            );
        }
    }
}

/// Game trees in the tree lab (`tests/browser/games.mjs`): a tic-tac-toe tree from a
/// position at depth 2 with a board in every node, the textbook's figure by symmetry,
/// depth-aware scores choosing the win at once, race nodes named by their totals, the
/// negation in negamax's steps, the chess tree from a link, and no label meeting another
/// label or a node in the page.
#[test]
fn game_trees_in_the_tree_lab() {
    let Some((report, targets)) = run_in_browser("games.mjs", "the game trees' browser tests")
    else {
        return;
    };
    assert_lines(
        &report,
        &targets,
        &[
            "tic-tac-toe from X../.O./... at depth 2: 50 nodes, every one with its board (50 nodes, 50 boards)",
            "the textbook's tic-tac-toe: 3 first moves, the centre worth 1, a corner -1 (×4), an edge -2 (×4) (-1 ×4, -2 ×4, 1)",
            "depth-aware scores: XOX/.O./X.. picks b3…",
            "plain scores: XOX/.O./X.. picks a2, and the lab says why the choice is arbitrary…",
            "race:10,2: every node is named by its total (0 1 2 3 4 5 6 7 8 9 10)",
            "race rows: 1st player (MAX) | 2nd player (MIN)",
            "negamax's step shows the negation: Step 6 of 12. b returns -3 for the player to move there; its parent takes -(-3) = 3.",
            "the chess tree at depth 2 opens from a link: minimax and negamax visit 421 nodes, 400 leaves",
            "tic-tac-toe two moves deep: no label meets another label or a node's shape…",
            "XOX/.O./X..: no label meets another label or a node's shape…",
        ],
    );
}

/// Chess on the play page (`tests/browser/chess.mjs`): 1. e4 by clicks and the engine's
/// reply, a knight dragged, a promotion chosen, the board flipped, the share link, the
/// search's tree two plies deep opened in the tree lab with its counts, and the board
/// played by taps and a finger's drag at 390 px.
#[test]
fn chess_on_the_play_page() {
    let Some((report, targets)) = run_in_browser("chess.mjs", "the chess board's browser tests")
    else {
        return;
    };
    assert_lines(
        &report,
        &targets,
        &[
            "the start position: 32 pieces on the board",
            "a click on e2 shows where the pawn may go: e3 e4",
            "1. e4 played by clicking e2 then e4",
            "the pawn stands on e4",
            "2. Nf3 played by dragging the knight from g1 to f3",
            "the share link reopens the same game",
            "the tree lab draws the start position's tree two plies deep: 400 leaves",
            "the tree lab counts the leaves side by side, alpha-beta 162 of minimax's 400",
            "flipped, a1 is the top right square (700,0)",
            "the address holds the position set",
            "the promotion asks for a queen, rook, bishop or knight (q r b n)",
            "the pawn became a knight on a8 (a8=N)",
            "390 px: d4 played by two taps",
            "390 px: 1… Nf6 played by dragging with a finger",
            "390 px: the play page fits the width",
        ],
    );
}

/// Pursuit and the taking games on the play page (`tests/browser/boards.mjs`): cops moved
/// by clicks, the invisible fugitive's possible places shaded and shrinking, Nim's piles in
/// binary with their xor, a counter clicked to take, both boards at 390 px.
#[test]
fn graphs_and_piles_on_the_play_page() {
    let Some((report, targets)) = run_in_browser("boards.mjs", "the game boards' browser tests")
    else {
        return;
    };
    assert_lines(
        &report,
        &targets,
        &[
            "pursuit:grid:3x3,cops=2 solved at the start: Solved: the cops catch the fugitive in 3 more cop moves, with best play on both sides.",
            "pursuit, one cop: a click on…",
            "two cops: the cops moved to b1 and c3",
            "pursuit-hidden:cycle:6,cops=2 solved: Solved: the best plan clears the graph in 3 more moves, wherever the fugitive goes.",
            "hidden: after placing on 0 and 1 the fugitive may be at 2 3 4 5 (2 3 4 5)",
            "hidden: after 2,5 the fugitive may be at 3 4 (3 4)",
            "hidden: after 3,4 no vertex is shaded ()",
            "nim:3,4,5: the piles in binary and their xor: Pile1 3 011 | Pile2 4 100 | Pile3 5 101 | xor 2 010",
            "nim: a click on pile 1's second counter took 2: Pile1 1 001 | Pile2 4 100 | Pile3 5 101 | xor 0 000",
            "en: the pursuit board fits a 390 px phone",
            "en: the Nim board fits a 390 px phone",
        ],
    );
}

/// Pig on the play page (`tests/browser/pig.mjs`): each decision's chance of winning from
/// the exact solution (pig:2's 6/7 at the start; pig:20 at 12+6-4), Hold disabled before
/// the first roll, the die drawn with the thrown face's pips, and the board at 390 px in
/// every language.
#[test]
fn pig_on_the_play_page() {
    let Some((report, targets)) = run_in_browser("pig.mjs", "the Pig board's browser tests") else {
        return;
    };
    assert_lines(
        &report,
        &targets,
        &[
            "pig:2 at the start: Roll: wins with probability 0.8571",
            "pig:2: holding is not a move yet: Hold: not yet (a turn starts with a roll)",
            "pig:2: Hold is disabled at turn total 0",
            "pig:2: the die is blank before the first throw",
            "pig:20 at 12+6-4: Roll: wins with probability 0.9069; Hold: wins with probability 0.5049",
            "pig:20 at 12+6-4: rolling is marked best",
            "pig:20 at 12+6-4: the turn total is 6",
            "a click on Roll threw the die…",
            "en: the Pig board fits a 390 px phone",
            "zh: the Pig board fits a 390 px phone",
        ],
    );
}

/// Connect Four on the play page (`tests/browser/connect4.mjs`), against `ply serve` with
/// the book built in: two whole games from the empty board against the perfect engine
/// (the human moving first, then second, each time one of the best columns the page
/// shows), "Show every move's value" on and a second a move; every analysis and every
/// engine move's values exact at every stone, none an estimate (the engine estimates only
/// the columns it could not solve in the time). The book holds every position of up to
/// 11 stones, so below 11 stones every column comes from it, and from 11 on the solver
/// answers within the second.
#[test]
fn connect_four_is_exact_at_every_stone_on_the_play_page() {
    let depth = BookRef::shipped().map_or(0, |book| book.book.depth());
    assert_eq!(depth, 11, "the built-in book (books/README.md)");
    let Some((report, _)) =
        run_in_browser_with("connect4.mjs", "Connect Four's browser tests", &[])
    else {
        return;
    };
    for side in ["first", "second"] {
        assert!(
            report.contains(&format!(
                "ok [server]: {side}: every column exact at every stone"
            )),
            "{report}"
        );
    }
}

/// The code page (`tests/browser/code.mjs`): students' programs run in a worker and checked
/// by ply's grader in the WebAssembly module, on the static site. For each kind a right
/// Python program and a right JavaScript program pass; the named mistakes (no_pruning,
/// cuts_on_equality under the rule gt, sign_error, wrong_player, ignores_probabilities,
/// depth_off_by_one, in both languages) get exactly their diagnosis through the page's
/// test hook; an endless loop ends with the timeout message and the next check passes;
/// deep recursion is a crash with its error; Stop ends a run at once; Run numbers the
/// leaves the program evaluated; every language fits 390 px and 1280 px. Against `ply
/// serve` the page is only opened (its checks need the site's module and Python).
#[test]
fn students_programs_are_checked_on_the_code_page() {
    let Some((report, targets)) = run_in_browser("code.mjs", "the code page's browser tests")
    else {
        return;
    };
    assert_lines(&report, &targets, &["code.html is in the navigation"]);
    assert_lines(&report, &["server"], &["ply serve serves code.html"]);
    if !targets.contains(&"static") {
        return;
    }
    let mut lines: Vec<String> = Vec::new();
    for kind in ["minimax", "negamax", "alphabeta", "expectimax", "tictactoe"] {
        for language in ["python", "javascript"] {
            lines.push(format!(
                "{kind} in {language}: a right program passes (true, \"\")"
            ));
        }
    }
    for (kind, language, diagnosis) in [
        ("alphabeta", "python", "no_pruning"),
        ("alphabeta", "javascript", "cuts_on_equality"),
        ("negamax", "python", "sign_error"),
        ("minimax", "javascript", "wrong_player"),
        ("expectimax", "javascript", "ignores_probabilities"),
        ("tictactoe", "python", "depth_off_by_one"),
    ] {
        lines.push(format!(
            "{kind} in {language}: {diagnosis} is named (false, \"{diagnosis}\")"
        ));
    }
    for lang in ["en", "sv", "zh", "el"] {
        for width in [390, 1280] {
            lines.push(format!("{lang} at {width} px: the page fits its window"));
        }
    }
    lines.extend(
        [
            "the editor is CodeMirror",
            "the negamax lesson's Python starter passes (true)",
            "an endless loop ends with the timeout message (timeout: …",
            "the next check after the endless loop passes (true)",
            "deep recursion is a crash with its error (crash)",
            "JavaScript's deep recursion is a crash with a clear message (crash)",
            "Stop ends the run at once (…",
            "the next check after Stop passes",
            "Run numbers the classic tree's nine leaves (1 2 3 4 5 6 7 8 9)",
            "Run says what solve returned (…",
            "no error on the page ()",
        ]
        .map(String::from),
    );
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    assert_lines(&report, &["static"], &lines);
}

/// Errors in the request's language (`tests/browser/errors.mjs`).
#[test]
fn errors_are_shown_in_the_pages_language() {
    let Some((report, targets)) = run_in_browser("errors.mjs", "the errors' browser tests") else {
        return;
    };
    let mut lines = vec![
        "en: the tree's error reads as one sentence".to_string(),
        "en: the node limit's error".to_string(),
        "en: the unknown game's error".to_string(),
        "en: the practice answer's error".to_string(),
    ];
    for lang in ["en", "sv", "zh", "el"] {
        for page in ["tree lab", "play page", "practice page"] {
            lines.push(format!("{lang}: the {page} with its error fits 390 px"));
        }
    }
    for lang in ["sv", "zh", "el"] {
        for case in ["leaf", "limit", "game", "answer"] {
            lines.push(format!("{lang}: the {case} error has no English words"));
            lines.push(format!(
                "{lang}: the {case} error keeps its numbers and text"
            ));
        }
    }
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    assert_lines(&report, &targets, &lines);
}

/// The teachers' terms on the pages (`tests/browser/terms.mjs`): the Swedish tree lab's
/// alfa-beta-beskärning and spelträd, the Greek search that examines and pruning that
/// cuts, the Chinese Nim page's 奇异局势 and "；", the as-written order that is not random,
/// and minimax's steps said without alpha-beta's windows, in every language.
#[test]
fn the_pages_speak_the_teachers_terms() {
    let Some((report, targets)) = run_in_browser("terms.mjs", "the terms' browser tests") else {
        return;
    };
    let mut lines = vec![
        "sv: the tree lab says alfa-beta-beskärning",
        "sv: the tree lab says spelträd",
        "sv: the tree lab never says avskärning",
        "el: the tree lab lets the search examine and the pruning cut",
        "zh: Nim's theory names 奇异局势",
        "zh: Nim's winning moves are listed with \"；\"…",
        "zh: the Nim page writes 博弈, never 博奕",
        "zh: no space before （你）…",
        "en: Nim's winning moves are listed with \"; \"…",
        "zh: the as-written order reads 按给出的顺序…",
        "1280 px: every page fits its window…",
        "390 px: every page fits its window…",
    ];
    let steps: Vec<String> = ["en", "sv", "zh", "el"]
        .iter()
        .flat_map(|lang| {
            [
                format!("{lang}: minimax's steps are said without a window…"),
                format!("{lang}: alpha-beta's steps are said with their window…"),
            ]
        })
        .collect();
    lines.extend(steps.iter().map(String::as_str));
    assert_lines(&report, &targets, &lines);
}

/// What a class does with the lab (`tests/browser/classroom.mjs`): a tree typed or
/// edited over a lesson is the reader's own (no lesson's words, menu entry, link or
/// print); a refusal leaves no old picture or summary under it; the walk through the
/// search from the first mistake, and Back, find the student's answers and verdict; and
/// on a phone the settings fold after New exercise, the exercise opens fitted to the
/// width, a leaf's target is 44 px square, and a leaf edited in the lab stays in view.
#[test]
fn a_class_keeps_its_work_in_the_lab() {
    let Some((report, targets)) = run_in_browser("classroom.mjs", "the classroom's browser tests")
    else {
        return;
    };
    assert_lines(
        &report,
        &targets,
        &[
            "the script runs",
            "lesson (sv): the classic lesson opens with its words and its menu entry",
            "lesson (sv): the lesson's tree spaced otherwise keeps the lesson",
            "lesson (sv): a typed tree takes the lesson's words away",
            "lesson (sv): the menu says the tree is the reader's own (\"Ditt eget träd\")",
            "lesson (sv): the share link carries the typed tree and no lesson (#algorithm=alphabeta&order=as_written&perspective=max&title=&tree=%28r+%28x+1+2%29+%28y+3+4%29%29)",
            "lesson (sv): the page's own address names no lesson",
            "lesson (sv): the printed page has no lesson paragraph over the typed tree",
            "lesson (sv): choosing the lesson again brings its words and its link back",
            "lesson (sv): a leaf edited in the picture leaves the lesson too",
            "lesson (sv): a link naming the lesson over another tree opens without the lesson",
            "refusal (zh): a tree that does not read leaves no picture, summary or counts…",
            "refusal (zh): the next tree is drawn again, with no error",
            "refusal (el): minimax refused on a chance tree leaves no picture or summary…",
            "work kept (el): Back from the walk-through finds the answers (99 99 99 99)",
            "work kept (el): and the verdict, its 4 marks and the walk-through link…",
            "work kept (el): Start again forgets it",
            "work kept (en): Back finds the leaves ticked (k l) and the verdict",
            "phone: after New exercise the settings fold away and the question is on the first screen…",
            "phone: the exercise's picture opens fitted to the width…",
            "phone: its leaf values are drawn readable…",
            "phone: a leaf is drawn smaller than a finger…",
            "phone: a tap 20 px left of leaf k ticks it",
            "phone: a tap 20 px below leaf l ticks it",
            "phone: the practice page is no wider than the window",
            "phone: the tapped leaf stays in view, clear of the editor…",
            "phone: after the edit the leaf is still in view…",
            "phone: the tree lab is no wider than the window",
        ],
    );
    // The practice page's refusal is made to come over HTTP: the server's only.
    assert_lines(
        &report,
        &["server"],
        &["refusal (zh): a refused exercise leaves no tree or fields of the last one…"],
    );
    if targets.contains(&"static") {
        assert_lines(
            &report,
            &["static"],
            &[
                "screenshots at 390 px: no page wider than its window ()",
                "screenshots at 1280 px: no page wider than its window ()",
            ],
        );
    }
}

/// Every page fits its window (`tests/browser/widths.mjs`): each page in four languages at
/// 390, 768 and 1280 px; a link's game shown in the play page's menu; chess two plies
/// deep drawn small and quick, its cuts listed short; tic-tac-toe's whole tree counted,
/// with why it is not drawn.
#[test]
fn every_page_fits_its_window_in_every_language() {
    let Some((report, targets)) = run_in_browser("widths.mjs", "the page widths' browser tests")
    else {
        return;
    };
    let mut lines = vec![
        "chess after 1.e4 d5, two plies deep: 898 nodes drawn in fewer than 20,000 elements…"
            .to_string(),
        "chess after 1.e4 d5: 30 cuts, each listed once with its first five names and its \
         leaves: α-cut at a3: -0.64 ≤ α = -0.04: MAX has -0.04 elsewhere; never looked at: \
         d4…, a5…, a6…, b5…, b6… and 23 more (28 leaves)."
            .to_string(),
        "chess after 1.e4 d5, two plies deep: the picture on screen in under 3 s…".to_string(),
        "en: why the tree is not drawn: This tree is not drawn: it has 549,946 nodes, and the \
         lab writes out and draws trees of at most 100,000 nodes. Give a depth (2 or 3) or a \
         later position to draw part of it."
            .to_string(),
        "en: the counts' rows: nodes (the root included)549,946 | finished games255,168 | won \
         by X131,184 | won by O77,904 | drawn46,080 | distinct positions5,478 | up to \
         symmetry765"
            .to_string(),
    ];
    for lang in ["en", "sv", "zh", "el"] {
        lines.push(format!(
            "{lang}: tic-tac-toe's whole tree counted as ply count counts it: \
             {{\"nodes\":549946,\"games\":255168,\"first_player_wins\":131184,\
             \"second_player_wins\":77904,\"draws\":46080,\"positions\":5478,\
             \"positions_up_to_symmetry\":765}}"
        ));
        lines.push(format!("{lang}: the counts come at once (in under 3 s…"));
        lines.push(format!(
            "{lang}: a link's game is the menu's (nim:14,21,39 is Nim, wythoff:7,10 Wythoff, \
             ttt tic-tac-toe): [[\"nim:3,4,5\",\"nim:14,21,39\"],[\"wythoff:4,6\",\
             \"wythoff:7,10\"],[\"tictactoe\",\"ttt\"],[\"race:10,2\",\"\"]]"
        ));
        lines.push(format!(
            "{lang}: every page fits its window at 390, 768 and 1280 px"
        ));
        if lang != "en" {
            lines.push(format!(
                "{lang}: why the tree is not drawn, in the page's language, its nodes and the \
                 limit named…"
            ));
        }
    }
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    assert_lines(&report, &targets, &lines);
}

/// Big game trees in the tree lab (`tests/browser/big-trees.mjs`): count to 10 (232
/// nodes) opens on its root with its labels at least 12 px and its rows' labels in view at
/// 1280 px and 390 px, its totals stronger than its visit numbers, Fit keeping it readable;
/// its graph of positions shows the eleven totals marked win or loss as the theory says,
/// in four languages and within a phone's width; tic-tac-toe's to depth 2 by symmetry 16.
#[test]
fn big_game_trees_open_readable() {
    let Some((report, targets)) = run_in_browser("big-trees.mjs", "the big trees' browser tests")
    else {
        return;
    };
    let mut lines: Vec<String> = Vec::new();
    for width in ["1280", "390"] {
        lines.push(format!(
            "{width} px: count to 10 opens with its root in the box…"
        ));
        lines.push(format!(
            "{width} px: the rows' labels of the first levels are in view…"
        ));
        lines.push(format!(
            "{width} px: every label is at least 12 px on screen at the opening zoom…"
        ));
        lines.push(format!(
            "{width} px: Fit keeps every label at least 12 px and the rows' labels in view…"
        ));
        lines.push(format!("{width} px: the switch brings the tree back"));
        lines.push(format!(
            "{width} px: count to 10 opens with its root, both level-1 and the four level-2 nodes in the box (root 0 1 0.0 0.1 1.0 1.1; 7 nodes drawn)"
        ));
        lines.push(format!(
            "{width} px: each level-2 node is folded over the nodes below it (0.0:+87 nodes 0.1:+53 nodes 1.0:+53 nodes 1.1:+32 nodes)"
        ));
        lines.push(format!(
            "{width} px: the levels' row says what is drawn, and the link carries the depth…"
        ));
        lines.push(format!(
            "{width} px: the rows' labels are drawn under the tree, never over a node"
        ));
    }
    lines.push("the totals are drawn stronger than the visit numbers…".to_string());
    lines.push("a click on a folded node opens it one level deeper…".to_string());
    lines.push(
        "a step to a node inside a folded subtree opens the way to it (current 0.0.0;…".to_string(),
    );
    lines.push("All levels draws the 232 nodes of count to 10 (232,…".to_string());
    for lang in ["en", "sv", "zh", "el"] {
        lines.push(format!(
            "{lang}: a folded node says how many nodes it holds in the page's words…"
        ));
        lines.push(format!(
            "{lang}: the graph of positions of count to 10 shows the eleven totals, each marked win or loss for the player to move as the theory says…"
        ));
        lines.push(format!(
            "{lang}: ... with the 19 moves +1 and +2 between them…"
        ));
        lines.push(format!(
            "{lang}: the graph takes the tree's place and says its positions and the tree's nodes…"
        ));
        lines.push(format!(
            "{lang}: 390 px: the graph of positions fits the phone, marked as at 1280 px…"
        ));
    }
    lines.push(
        "tic-tac-toe to depth 2 by symmetry: 16 positions (1 + 3 + 12), the start and each first move a draw…"
            .to_string(),
    );
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    assert_lines(&report, &targets, &lines);
}
