//! The tests of `ply_api::explain`: the games' explanations said in words.

use ply_api::control::Control;
use ply_api::explain::{LIST_SEPARATOR, phrase};
use ply_api::lang::Lang;
use ply_api::solve::{SolveRequest, solve};
use ply_core::phrase::{Phrase, PhraseArg};
use ply_games::{Bash, Nim, Notation, Playable, Race, Subtraction, Wythoff};
use std::collections::{BTreeSet, HashSet};

/// The explanation of the move written `mv` in `pos`, in English.
fn english<G: Playable>(pos: &G, mv: &str) -> String {
    let mv = pos.parse_move(mv).unwrap();
    phrase(Lang::En, &pos.explain_move(mv).expect("an explanation"))
}

/// `pos` after the moves written in `moves`.
fn after<G: Playable>(mut pos: G, moves: &[&str]) -> G {
    for mv in moves {
        let mv = pos.parse_move(mv).unwrap();
        pos.play(mv);
    }
    pos
}

#[test]
fn nim_says_its_sentences_in_english_as_before() {
    let nim = |piles: &[u32]| Nim::new(piles).unwrap();
    assert_eq!(
        english(&nim(&[14, 21, 39]), "3:12"),
        "take 12 from pile 3: the xor of the piles becomes 0"
    );
    assert_eq!(
        english(&nim(&[1, 2, 3]), "1:1"),
        "take 1 from pile 1: the xor of the piles (1,2,3) is already 0, so every move leaves a nonzero xor the opponent can cancel (this position is lost)"
    );
    assert_eq!(
        english(&nim(&[3, 4, 5]), "1:1"),
        "take 1 from pile 1: the xor of the piles becomes 3 (not 0): the opponent can win; the xor is 2 now, so take from a pile p with p xor 2 < p instead"
    );
    let misere = |piles: &[u32]| Nim::misere(piles).unwrap();
    assert_eq!(
        english(&misere(&[2, 2, 3]), "3:3"),
        "take 3 from pile 3: the xor of the piles becomes 0 (misère Nim is played like Nim until only piles of 0 or 1 are left)"
    );
    assert_eq!(
        english(&misere(&[1, 5]), "2:5"),
        "take 5 from pile 2: every pile now has 0 or 1 object and an odd number of them are left, so the opponent must take the last object"
    );
    assert_eq!(
        english(&misere(&[1, 1, 2]), "3:1"),
        "take 1 from pile 3: every pile now has 0 or 1 object and an odd number of them are left, so the players take them one by one and the opponent takes the last (3 piles of one)"
    );
    assert_eq!(
        english(&misere(&[1, 1, 2]), "3:2"),
        "take 2 from pile 3: every pile now has 0 or 1 object and an even number of them (2) are left; the opponent will not take the last one (this move loses)"
    );
}

#[test]
fn bash_and_race_say_their_sentences_in_english_as_before() {
    let bash = |n, m| Bash::new(n, m).unwrap();
    assert_eq!(
        english(&bash(11, 3), "3"),
        "take 3: 8 are left, a multiple of 4 (= 3 + 1)"
    );
    assert_eq!(english(&bash(3, 3), "3"), "take 3: that is the last object");
    assert_eq!(
        english(&bash(8, 3), "1"),
        "take 1: 8 was already a multiple of 4 (= 3 + 1), so the opponent takes 3 and keeps it so (this position is lost)"
    );
    assert_eq!(
        english(&bash(11, 3), "1"),
        "take 1: 10 are left, not a multiple of 4 (= 3 + 1): the opponent can win"
    );
    // One object left: the plural form of `count` (this used to say "1 are left").
    assert_eq!(
        english(&bash(3, 3), "2"),
        "take 2: 1 is left, not a multiple of 4 (= 3 + 1): the opponent can win"
    );

    let race = Race::new(10, 2).unwrap();
    assert_eq!(
        english(&race, "1"),
        "add 1: the total becomes 1, and 10 − 1 = 9 is a multiple of 3"
    );
    assert_eq!(
        english(&after(race, &["1", "2", "2", "2", "1"]), "2"),
        "add 2: the total becomes 10, the target"
    );
    assert_eq!(
        english(&after(race, &["1"]), "1"),
        "add 1: the total becomes 2; 10 − 1 = 9 was already a multiple of 3, so the opponent can reach 4 (this position is lost)"
    );
    assert_eq!(
        english(&race, "2"),
        "add 2: the total becomes 2, and 10 − 2 = 8 is not a multiple of 3: the opponent can win"
    );
}

#[test]
fn wythoff_and_subtraction_say_their_sentences_in_english_as_before() {
    assert_eq!(
        english(&Wythoff::new(4, 5), "1:1"),
        "take 1 from pile 1: (3,5) is a cold position, the pair (3,5) with a_2 = ⌊2·φ⌋ = 3 and b_2 = a_2 + 2"
    );
    assert_eq!(
        english(&Wythoff::new(2, 2), "both:2"),
        "take 2 from both piles: that takes the last object"
    );
    assert_eq!(
        english(&Wythoff::new(1, 2), "1:1"),
        "take 1 from pile 1: (1,2) is already cold (a pair (⌊k·φ⌋, ⌊k·φ⌋ + k)), so every move leaves a hot position (this position is lost)"
    );
    assert_eq!(
        english(&Wythoff::new(4, 5), "2:1"),
        "take 1 from pile 2: (4,4) is not a cold pair (⌊k·φ⌋, ⌊k·φ⌋ + k): the opponent can win"
    );

    // S = {1,3,4}: g(n) = 0 1 0 1 2 3 2, repeating with period 7.
    let game = |spec: &str| Subtraction::from_spec_args(spec).unwrap();
    assert_eq!(
        english(&game("20,17;1,3,4"), "1:3"),
        "take 3 from pile 1: the Grundy values of the piles become 1,1 (g(17) = 1, g(17) = 1), whose xor is 0"
    );
    assert_eq!(
        english(&game("20,17;1,3,4"), "1:1"),
        "take 1 from pile 1: the Grundy values of the piles become 3,1 (g(19) = 3, g(17) = 1), whose xor is 2, not 0: the opponent can win"
    );
    assert_eq!(
        english(&game("7,7;1,3,4"), "1:1"),
        "take 1 from pile 1: the xor of the piles' Grundy values is already 0, so every move makes it nonzero (this position is lost)"
    );
    assert_eq!(
        english(&game("6;1,3,4"), "1:4"),
        "take 4 from pile 1: 2 are left, and g(2) = 0: every move from there reaches a position of nonzero value"
    );
    assert_eq!(
        english(&game("7;1,3,4"), "1:1"),
        "take 1 from pile 1: g(7) = 0 already, so every move reaches a nonzero value (this position is lost)"
    );
    assert_eq!(
        english(&game("6;1,3,4"), "1:1"),
        "take 1 from pile 1: 5 are left, and g(5) = 3 is not 0: the opponent can win"
    );
    // S = {2}: g(1) = 0, g(3) = 1; one object left takes the singular.
    assert_eq!(
        english(&game("3;2"), "1:2"),
        "take 2 from pile 1: 1 is left, and g(1) = 0: every move from there reaches a position of nonzero value"
    );
}

/// Checks one phrase and every phrase within it against the English catalog: the id
/// is a message of the `explain` area, and its placeholders are exactly the parts
/// given. Adds the ids met (the list separator too, where a list is said) to `seen`.
fn check(phrase: &Phrase, seen: &mut BTreeSet<&'static str>) {
    let catalog = Lang::En.catalog();
    let message = catalog
        .get(phrase.id)
        .unwrap_or_else(|| panic!("{} is not in the English catalog", phrase.id));
    assert_eq!(catalog.area(phrase.id), Some("explain"), "{}", phrase.id);
    let mut given: Vec<String> = phrase.args.iter().map(|(n, _)| n.to_string()).collect();
    given.sort();
    assert_eq!(given, message.placeholders(), "{phrase:?}");
    seen.insert(phrase.id);
    fn parts(arg: &PhraseArg, seen: &mut BTreeSet<&'static str>) {
        match arg {
            PhraseArg::Phrase(inner) => check(inner, seen),
            PhraseArg::List(items) => {
                seen.insert(LIST_SEPARATOR);
                items.iter().for_each(|item| parts(item, seen));
            }
            PhraseArg::Text(_) | PhraseArg::Number(_) => {}
        }
    }
    for (_, arg) in &phrase.args {
        parts(arg, seen);
    }
}

/// Every position reachable from `start`, and every move of each explained: returns
/// how many explanations were checked.
fn explain_all<G: Playable + Clone>(start: G, seen: &mut BTreeSet<&'static str>) -> usize {
    let mut checked = 0;
    let mut known: HashSet<G> = HashSet::from([start.clone()]);
    let mut todo = vec![start];
    while let Some(pos) = todo.pop() {
        for mv in pos.legal_moves() {
            let why = pos
                .explain_move(mv)
                .unwrap_or_else(|| panic!("{} explains every move", pos.game_name()));
            check(&why, seen);
            let said = phrase(Lang::En, &why);
            assert!(!said.contains('{') && !said.contains('}'), "{said}");
            checked += 1;
            let next = pos.after(mv);
            if known.insert(next.clone()) {
                todo.push(next);
            }
        }
    }
    checked
}

#[test]
fn every_phrase_the_games_say_is_in_the_english_catalog() {
    let mut seen = BTreeSet::new();
    let mut checked = 0;
    for piles in [&[4, 4, 4][..], &[1, 1, 2, 6], &[7, 3]] {
        checked += explain_all(Nim::new(piles).unwrap(), &mut seen);
        checked += explain_all(Nim::misere(piles).unwrap(), &mut seen);
    }
    for (n, m) in [(20, 3), (9, 1), (12, 5)] {
        checked += explain_all(Bash::new(n, m).unwrap(), &mut seen);
    }
    for (n, k) in [(10, 2), (15, 3), (7, 1)] {
        checked += explain_all(Race::new(n, k).unwrap(), &mut seen);
    }
    checked += explain_all(Wythoff::new(9, 7), &mut seen);
    for spec in ["12,9;1,3,4", "9;1,3,4", "6;2,3", "5,4,3;2,3", "8;1,2"] {
        checked += explain_all(Subtraction::from_spec_args(spec).unwrap(), &mut seen);
    }
    assert!(checked > 1_000, "{checked} explanations");
    // And every message of the area is said by some position: none is left unused.
    let area: BTreeSet<&str> = Lang::En
        .catalog()
        .ids()
        .into_iter()
        .filter(|id| Lang::En.catalog().area(id) == Some("explain"))
        .collect();
    assert_eq!(seen, area);
}

#[test]
fn a_nim_explanation_in_every_language() {
    let nim = Nim::new(&[14, 21, 39]).unwrap();
    let why = nim.explain_move(nim.parse_move("3:12").unwrap()).unwrap();
    let english = phrase(Lang::En, &why);
    for lang in [Lang::Sv, Lang::Zh, Lang::El] {
        for id in ["explain.nim.zero", "explain.move.take_from_pile"] {
            assert!(
                lang.catalog().get(id).is_some(),
                "{lang}: {id} is not translated"
            );
        }
        let take = lang.say(
            "explain.move.take_from_pile",
            &[("amount", &12), ("pile", &3)],
        );
        let expected = lang.say("explain.nim.zero", &[("move", &take)]);
        assert_eq!(phrase(lang, &why), expected, "{lang}");
        assert_ne!(expected, english, "{lang}");
    }
}

#[test]
fn a_list_is_said_with_the_languages_separator() {
    let game = Subtraction::from_spec_args("20,17;1,3,4").unwrap();
    let why = game.explain_move(game.parse_move("1:1").unwrap()).unwrap();
    for lang in Lang::ALL {
        let take = lang.say(
            "explain.move.take_from_pile",
            &[("amount", &1), ("pile", &1)],
        );
        let each = [(19, 3), (17, 1)]
            .map(|(pile, value)| {
                lang.say(
                    "explain.subtraction.grundy",
                    &[("pile", &pile), ("value", &value)],
                )
            })
            .join(&lang.say(LIST_SEPARATOR, &[]));
        let expected = lang.say(
            "explain.subtraction.sum_not_zero",
            &[
                ("move", &take),
                ("values", &"3,1"),
                ("each", &each),
                ("xor", &2),
            ],
        );
        assert_eq!(phrase(lang, &why), expected, "{lang}");
    }
}

#[test]
fn the_solve_report_explains_in_the_requests_language() {
    let nim = Nim::new(&[14, 21, 39]).unwrap();
    let why = nim.explain_move(nim.parse_move("3:12").unwrap()).unwrap();
    for lang in Lang::ALL {
        let request = SolveRequest {
            game: "nim:14,21,39".into(),
            lang,
            ..SolveRequest::default()
        };
        let report = solve(&request, 10_000, 10_000, None, &Control::new()).unwrap();
        assert_eq!(report.explanation, Some(phrase(lang, &why)), "{lang}");
    }
}
