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
    assert_eq!(AREAS.len(), 10);
    for lang in Lang::ALL {
        for area in AREAS {
            assert!(lang.source(area).is_some());
        }
        assert!(!lang.say("language.name", &[]).is_empty());
    }
}
