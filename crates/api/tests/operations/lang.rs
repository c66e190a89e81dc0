//! The catalogs of words: every language has every message English has, with the same
//! placeholders and the plural forms its grammar needs, and nothing English lacks.

use ply_api::lang::{AREAS, Lang, Message};

#[test]
fn every_catalog_reads_and_writes_each_id_once() {
    for lang in Lang::ALL {
        assert_eq!(lang.catalog().problems(), &[] as &[String], "{lang}");
    }
}

#[test]
fn every_catalog_has_exactly_the_english_messages_with_their_placeholders() {
    let english = Lang::En.catalog();
    let mut missing = Vec::new();
    for lang in Lang::ALL {
        let catalog = lang.catalog();
        for id in english.ids() {
            let en = english.get(id).unwrap();
            match catalog.get(id) {
                None => missing.push(format!(
                    "{lang}: no message {id} ({}.json)",
                    english.area(id).unwrap()
                )),
                Some(message) => {
                    if message.placeholders() != en.placeholders() {
                        missing.push(format!(
                            "{lang}: {id} has placeholders {:?}, English {:?}",
                            message.placeholders(),
                            en.placeholders()
                        ));
                    }
                    if catalog.area(id) != english.area(id) {
                        missing.push(format!("{lang}: {id} is in another area than English's"));
                    }
                    if let Message::Plural(forms) = message {
                        let needed: &[&str] = match lang {
                            Lang::Zh => &["other"],
                            _ => &["one", "other"],
                        };
                        for form in needed {
                            if !forms.contains_key(*form) {
                                missing.push(format!("{lang}: {id} lacks its plural form {form}"));
                            }
                        }
                    }
                }
            }
        }
        for id in catalog.ids() {
            if english.get(id).is_none() {
                missing.push(format!("{lang}: {id} is not an English message"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "{} problems:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn messages_fill_their_placeholders_and_choose_plural_forms() {
    assert_eq!(Lang::En.say("value.win", &[("count", &1)]), "win in 1");
    assert_eq!(
        Lang::En.say("tree.summary.leaves", &[("count", &1)]),
        "1 leaf evaluated"
    );
    assert_eq!(
        Lang::En.say("tree.summary.leaves", &[("count", &7)]),
        "7 leaves evaluated"
    );
    // An id no catalog has comes back as it is; a placeholder with no argument stays.
    assert_eq!(Lang::Sv.say("no.such.id", &[]), "no.such.id");
    assert_eq!(Lang::En.say("value.win", &[]), "win in {count}");
    assert_eq!(Lang::Zh.plural_category("1"), "other");
    assert_eq!(Lang::El.plural_category("1"), "one");
    assert_eq!(Lang::Sv.plural_category("2"), "other");
}

/// The ids of every phrase a game says in its drawing and its help to writing a move,
/// at the start and a few moves on, each checked as said: in English exactly what the
/// game writes itself ([`ply_games::Notation::render`], `move_help`).
struct GameTexts(std::collections::BTreeSet<&'static str>);

impl ply_games::GameVisitor for &mut GameTexts {
    type Output = ();

    fn visit<G: ply_games::Playable>(self, start: G) {
        use ply_core::phrase::Phrase;
        let mut pos = start;
        for _ in 0..4 {
            let ids = std::cell::RefCell::new(Vec::new());
            let english = pos.render_in(&|phrase: &Phrase| {
                ids.borrow_mut().extend(phrase.ids());
                ply_api::explain::phrase(Lang::En, phrase)
            });
            assert_eq!(english, pos.render(), "{}", pos.game_name());
            if let Some(help) = pos.move_help_phrase() {
                ids.borrow_mut().extend(help.ids());
                assert_eq!(
                    ply_api::explain::phrase(Lang::En, &help),
                    pos.move_help(),
                    "{}",
                    pos.game_name()
                );
            }
            self.0.extend(ids.into_inner());
            let Some(&mv) = pos.legal_moves().first() else {
                break;
            };
            pos = pos.after(mv);
        }
    }
}

#[test]
fn every_text_a_drawing_or_a_game_says_is_in_every_catalog() {
    // The tree drawings (`ply tree`): English's words are the drawings' own.
    for (id, english) in ply_tree::render::TEXT_MESSAGES {
        match Lang::En.catalog().get(id) {
            Some(Message::Text(text)) => assert_eq!(text, english, "{id}"),
            other => panic!("{id}: {other:?}"),
        }
    }
    // Every game's board text and move help.
    let mut texts = GameTexts(Default::default());
    for spec in [
        "tictactoe",
        "mnk:4,3,3",
        "connect4",
        "chess",
        "nim:1,2,3",
        "misere-nim:1,2",
        "bash:20,3",
        "wythoff:4,6",
        "subtraction:9,4;1,3,4",
        "race:10,2",
        "pursuit:grid:3x3,cops=2",
        "pursuit:cycle:5,cops=1",
        "pursuit-hidden:cycle:6,cops=2",
        "pursuit-hidden:path:3,cops=1",
    ] {
        ply_games::catalog::with_game(spec, &mut texts).unwrap();
    }
    let ids: Vec<&str> = texts.0.iter().copied().collect();
    assert!(ids.len() >= 25, "{ids:?}");
    for prefix in ["boards.text.", "boards.help."] {
        let area: Vec<&str> = Lang::En
            .catalog()
            .ids()
            .into_iter()
            .filter(|id| id.starts_with(prefix))
            .collect();
        let said: Vec<&str> = ids
            .iter()
            .copied()
            .filter(|id| id.starts_with(prefix))
            .collect();
        assert_eq!(said, area, "every {prefix}* message is said by some game");
    }
    let ids: Vec<&str> = ids
        .into_iter()
        .chain(ply_tree::render::TEXT_MESSAGES.iter().map(|(id, _)| *id))
        .chain(["outcome.win.cops", "player.cop"])
        .collect();
    for lang in Lang::ALL {
        for id in &ids {
            assert!(lang.catalog().get(id).is_some(), "{lang}: no message {id}");
        }
    }
    assert_eq!(
        ply_api::words::outcome_text_in(Lang::En, Some("cops")),
        "the cops win"
    );
    assert_eq!(
        ply_api::words::outcome_text_in(Lang::Sv, Some("cops")),
        "poliserna vinner"
    );
}

/// The words a catalog's messages use, placeholders and all.
fn catalog_text(lang: Lang) -> String {
    let catalog = lang.catalog();
    let mut text = String::new();
    for id in catalog.ids() {
        match catalog.get(id).unwrap() {
            Message::Text(message) => text.push_str(message),
            Message::Plural(forms) => forms.values().for_each(|form| text.push_str(form)),
        }
        text.push('\n');
    }
    text
}

#[test]
fn the_catalogs_use_the_teachers_terms() {
    let sv = catalog_text(Lang::Sv);
    // One word for pruning: beskärning (alfa-beta-beskärning), never avskärning.
    assert!(!sv.to_lowercase().contains("avskär"), "sv: avskärning");
    assert!(
        !sv.contains("skär av") && !sv.contains(" skär "),
        "sv: skär"
    );
    assert!(sv.contains("alfa-beta-beskärning") && sv.contains("spelträd"));
    assert_eq!(
        Lang::Sv.say("tree.algorithm.alphabeta", &[]),
        "alfa-beta-beskärning"
    );
    // One verb for evaluating: evaluera, the tutorial's.
    assert!(!sv.contains("utvärder") && sv.contains("evaluera"));
    let el = catalog_text(Lang::El);
    // The search examines, the pruning cuts, and depth counts moves.
    assert!(!el.to_lowercase().contains("το κλάδεμα άλφα-βήτα"), "el");
    assert!(!el.contains("αποκοπ") && !el.contains("κόβει"), "el");
    assert!(!el.contains("επιπέδου)") && !el.contains("επιπέδων)"), "el");
    assert!(el.contains("η αναζήτηση άλφα-βήτα") && el.contains("κλάδεμα"));
    let zh = catalog_text(Lang::Zh);
    assert!(!zh.contains("博奕") && zh.contains("尼姆博弈"), "zh: 博弈");
    assert!(!zh.contains("随机排列"), "zh: as written");
    assert_eq!(
        Lang::Zh.say("practice.variant.as_written", &[]),
        "子节点按给出的顺序"
    );
    assert!(!zh.contains(" （你）"), "zh: no space before （你）");
    let nim = Lang::Zh.say("boards.nim.zero", &[]);
    assert!(nim.contains("奇异局势"), "{nim}");
    assert_eq!(Lang::Zh.say("boards.theory.separator", &[]), "；");
}

#[test]
fn languages_read_from_tags_and_requests() {
    assert_eq!(Lang::from_tag("zh-Hans-CN"), Some(Lang::Zh));
    assert_eq!(Lang::from_tag("EL"), Some(Lang::El));
    assert_eq!(Lang::from_tag(""), None);
    let lang: Lang = serde_json::from_str("\"sv\"").unwrap();
    assert_eq!(lang, Lang::Sv);
    let refused = serde_json::from_str::<Lang>("\"fr\"")
        .unwrap_err()
        .to_string();
    assert!(
        refused.contains("ply speaks en, sv, zh and el"),
        "{refused}"
    );
    assert_eq!(AREAS.len(), 11);
    for lang in Lang::ALL {
        for area in AREAS {
            assert!(lang.source(area).is_some());
        }
        assert!(!lang.say("language.name", &[]).is_empty());
    }
}
