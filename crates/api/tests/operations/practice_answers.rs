//! A student's answer as `POST /api/practice/check` reads it, whatever the request
//! holds: names bounded by the tree, numbers read exactly from their digits with one
//! rule for every kind, anything else refused naming its field, and an answer within
//! `max_answer_bytes`, counted as held as a tree's answer is.

use ply_api::ApiError;
use ply_api::control::Control;
use ply_api::practice::{PracticeRequest, exercise};
use ply_api::service::{Service, ServiceLimits};
use serde_json::{Value, json};

fn service() -> Service {
    Service::new(ServiceLimits::default(), None)
}

/// The first 300 characters of `text`, for a failure's message (an answer may be
/// megabytes).
fn short(text: impl ToString) -> String {
    text.to_string().chars().take(300).collect()
}

/// `body`, JSON text as written, sent to `/api/practice/check`: the status, the answer
/// and its size.
fn check_text(body: &str) -> (u16, Value, usize) {
    let answer = service().answer("/api/practice/check", body.as_bytes(), &Control::new());
    let json = serde_json::from_str(&answer.body).unwrap();
    (answer.status, json, answer.body.len())
}

/// The exercise `kind` of `seed` at `level`, as JSON.
fn asked(kind: &str, seed: u64, level: u32) -> Value {
    serde_json::to_value(exercise(&PracticeRequest::new(kind, seed, level)).unwrap()).unwrap()
}

/// The check of exercise `e` answered with `response`, JSON text as written (so that a
/// number keeps every digit it is written with).
fn body(e: &Value, response: &str) -> String {
    format!(
        r#"{{"kind": {}, "seed": {}, "level": {}, "variant": {}, "response": {response}}}"#,
        e["kind"], e["seed"], e["level"], e["variant"]
    )
}

/// The check of `e` answered with `response`, which must be answered (200).
fn marked(e: &Value, response: &str) -> Value {
    let (status, checked, _) = check_text(&body(e, response));
    assert_eq!(status, 200, "{}: {checked}", short(response));
    checked
}

/// The check of `e` answered with `response`, which must be refused (400) with a
/// message that starts with `said`.
fn refused(e: &Value, response: &str, said: &str) {
    let (status, error, _) = check_text(&body(e, response));
    let shown = format!("{}: {}", short(response), short(&error));
    assert_eq!(status, 400, "{shown}");
    assert_eq!(error["kind"], "bad_request", "{shown}");
    let message = error["error"].as_str().unwrap();
    assert!(message.starts_with(said), "{shown} / {said}");
}

/// The leaves of an exercise's tree (`name = value` lines), in tree order.
fn leaves(e: &Value) -> Vec<String> {
    e["tree"]
        .as_str()
        .unwrap()
        .lines()
        .filter_map(|line| {
            line.trim()
                .split_once(" = ")
                .map(|(name, _)| name.to_string())
        })
        .collect()
}

/// The mark of node `node` (the first, for best_move's parts).
fn mark<'a>(checked: &'a Value, node: &str) -> &'a Value {
    checked["marks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["node"] == node)
        .unwrap_or_else(|| panic!("no mark for {node}: {checked}"))
}

/// An order of 200,000 names (up to 1 MB) was answered with 45 MB, each name past the tree's
/// leaves a mark of its own with its sentence. A name is now a leaf of the tree, listed
/// once: the list is refused at its first repeat, so no list is longer than the tree has
/// leaves, and no answer has more marks.
#[test]
fn lists_longer_than_the_tree_or_naming_a_leaf_twice_are_refused() {
    let e = asked("order", 42, 3);
    let names = leaves(&e);
    let first = &names[0];
    let many = json!(vec![first; 200_000]).to_string();
    assert!(many.len() >= 800_000 && many.len() < 1 << 20);
    let started = std::time::Instant::now();
    refused(
        &e,
        &format!(r#"{{"order": {many}}}"#),
        &format!("response: order: the leaf '{first}' is listed twice"),
    );
    assert!(started.elapsed().as_secs_f64() < 2.0);
    // Every leaf, then the first again: refused at the repeat.
    let mut again = names.clone();
    again.push(first.clone());
    refused(
        &e,
        &json!({ "order": again }).to_string(),
        &format!("response: order: the leaf '{first}' is listed twice"),
    );
    // Every leaf once, in reverse: a mark for each place, one for each name past them.
    let reversed: Vec<&String> = names.iter().rev().collect();
    let checked = marked(&e, &json!({ "order": reversed }).to_string());
    assert_eq!(checked["total"], names.len());
    // pruned: a leaf twice is refused too (it used to count once).
    let e = asked("pruned", 42, 3);
    let first = &leaves(&e)[0];
    refused(
        &e,
        &json!({"pruned": [first, first]}).to_string(),
        &format!("response: pruned: the leaf '{first}' is listed twice"),
    );
}

/// A check's answer is bounded by `max_answer_bytes` as a tree's is (413 naming the
/// limit), and counted as held (`max_unsent_bytes` on the server) at its size once made.
#[test]
fn a_checks_answer_is_bounded_and_counted_as_held() {
    let e = asked("values", 7, 5);
    let request = body(&e, r#"{"values": {}}"#);
    let (status, _, size) = check_text(&request);
    assert_eq!(status, 200);
    let small = Service::new(
        ServiceLimits {
            max_answer_bytes: size as u64 - 1,
            ..ServiceLimits::default()
        },
        None,
    );
    let answer = small.answer("/api/practice/check", request.as_bytes(), &Control::new());
    assert_eq!(answer.status, 413, "{}", answer.body);
    let error: Value = serde_json::from_str(&answer.body).unwrap();
    assert_eq!(error["limit"], "max_answer_bytes");
    assert_eq!(
        error["error"],
        format!(
            "the answer to this check takes {size} bytes, more than the {} an answer may take \
             (limit max_answer_bytes)",
            size - 1
        )
    );
    // Room is asked for the answer's bytes, and a refusal of room is the answer.
    let mut asked_for = Vec::new();
    let answer = service().answer_holding(
        "/api/practice/check",
        request.as_bytes(),
        &Control::new(),
        &mut |bytes| {
            asked_for.push(bytes);
            Ok(())
        },
    );
    assert_eq!(answer.status, 200);
    assert_eq!(asked_for, [size as u64]);
    let answer = service().answer_holding(
        "/api/practice/check",
        request.as_bytes(),
        &Control::new(),
        &mut |_| {
            Err(ApiError::limit_said(
                "max_unsent_bytes",
                ply_core::phrase::Phrase::new("errors.server.unsent").arg("max", 0u64),
            ))
        },
    );
    assert_eq!(answer.status, 503, "{}", answer.body);
}

/// One rule for every kind: a JSON number or a string writing one is read exactly. `6.0`
/// was marked wrong with "a is worth 6", best_move's `-1.0` wrong against -1, and `"6"`
/// wrong, while expectimax took `4.0`.
#[test]
fn numbers_written_as_decimals_or_strings_are_read_for_every_kind() {
    let e = asked("values", 1, 1);
    let key = e["answer"]["values"].as_object().unwrap().clone();
    let variant_negamax = e["variant"] == "negamax";
    assert!(!variant_negamax, "seed 1 is not a negamax exercise");
    let written = |write: &dyn Fn(i64) -> String| {
        let fields: Vec<String> = key
            .iter()
            .map(|(name, value)| format!("\"{name}\": {}", write(value.as_i64().unwrap())))
            .collect();
        format!(r#"{{"values": {{{}}}}}"#, fields.join(", "))
    };
    for (how, write) in [
        (
            "as written",
            &(|v: i64| format!("{v}")) as &dyn Fn(i64) -> String,
        ),
        ("with a decimal point", &|v: i64| format!("{v}.0")),
        ("with two places", &|v: i64| format!("{v}.00")),
        ("with an exponent", &|v: i64| format!("{v}e0")),
        ("as a string", &|v: i64| format!("\"{v}\"")),
        ("as a string with a comma", &|v: i64| format!("\"{v},0\"")),
        ("as a fraction", &|v: i64| format!("\"{}/2\"", 2 * v)),
    ] {
        let checked = marked(&e, &written(write));
        assert_eq!(checked["correct"], true, "{how}: {checked}");
    }
    // Echoed as given: the number as a number, the string as a string.
    let root = key.keys().next().unwrap();
    let value = key[root].as_i64().unwrap();
    let checked = marked(&e, &written(&|v: i64| format!("{v}.0")));
    assert_eq!(mark(&checked, root)["given"], json!(value as f64));
    let checked = marked(&e, &written(&|v: i64| format!("\"{v}\"")));
    assert_eq!(mark(&checked, root)["given"], json!(value.to_string()));
    // A value off by a little is wrong, however it is written.
    let off = written(&|v: i64| format!("{v}.01"));
    assert_eq!(marked(&e, &off)["right"], 0, "{off}");
    // best_move: the value as -1.0, or as "-1", is the value -1 (or whatever it is).
    let e = (0..50)
        .map(|seed| asked("best_move", seed, 1))
        .find(|e| e["answer"]["value"] == -1)
        .expect("a best_move exercise worth -1");
    let best = &e["answer"]["best"][0];
    for value in ["-1.0", "\"-1\"", "\"\u{2212}1\"", "-1e0", "-1"] {
        let checked = marked(&e, &format!(r#"{{"best": {best}, "value": {value}}}"#));
        assert_eq!(checked["correct"], true, "{value}: {checked}");
    }
    // expectimax: 4.0, as it always was.
    let (e, node) = expectimax_with_value("4");
    let checked = marked(&e, &format!(r#"{{"values": {{"{node}": 4.0}}}}"#));
    assert_eq!(mark(&checked, &node)["ok"], true, "{checked}");
}

/// The first expectimax exercise (levels 1 to 3, seeds from 0) with an inner node of
/// exact value `value`, and that node.
fn expectimax_with_value(value: &str) -> (Value, String) {
    (1..=3)
        .flat_map(|level| (0..300).map(move |seed| (seed, level)))
        .find_map(|(seed, level)| {
            let e = asked("expectimax", seed, level);
            let node = e["answer"]["exact_values"]
                .as_object()
                .unwrap()
                .iter()
                .find(|(_, v)| *v == value)
                .map(|(name, _)| name.clone())?;
            Some((e, node))
        })
        .unwrap_or_else(|| panic!("an expectimax exercise with a node worth {value}"))
}

/// A decimal is read exactly, whatever its digits, and is right when it is the value or
/// within half a unit of its last place of it (2 places at least). `3.9999999999999999999`
/// and `4.0000000000000000001` (19 to 25 digits) were right for 4, and
/// `1.3333333333333333332` for 4/3, as a string or a JSON number alike.
#[test]
fn long_decimals_are_held_to_half_a_unit_of_their_last_place() {
    let (four, node) = expectimax_with_value("4");
    let verdict = |e: &Value, node: &str, given: &str| {
        let checked = marked(e, &format!(r#"{{"values": {{"{node}": {given}}}}}"#));
        mark(&checked, node)["ok"].as_bool().unwrap()
    };
    for right in [
        "4",
        "4.0",
        "4.00",
        "4.0000000000000000000",
        "\"8/2\"",
        "\"4,00\"",
    ] {
        assert!(verdict(&four, &node, right), "{right}");
        let string = format!("\"{}\"", right.trim_matches('"'));
        assert!(verdict(&four, &node, &string), "{string}");
    }
    for wrong in [
        "3.99999999999999999",
        "3.9999999999999999999",
        "4.0000000000000000001",
        "3.999999999999999999999999",
        "4.000000000000000000000000001",
        "3.99",
        "4.01",
    ] {
        assert!(!verdict(&four, &node, wrong), "{wrong}");
        let string = format!("\"{wrong}\"");
        assert!(!verdict(&four, &node, &string), "{string}");
    }
    // What the mark echoes: a number a double holds as a number, any other as its text.
    let checked = marked(
        &four,
        &format!(r#"{{"values": {{"{node}": 4.0000000000000000001}}}}"#),
    );
    assert_eq!(mark(&checked, &node)["given"], "4.0000000000000000001");
    let (four_thirds, node) = expectimax_with_value("4/3");
    for right in ["1.33", "1.333", "1.3333333333333333333", "\"4/3\""] {
        assert!(verdict(&four_thirds, &node, right), "{right}");
    }
    for wrong in [
        "1.3333333333333333332",
        "1.3333333333333333334",
        "1.34",
        "1.3",
        "\"1.3333333333333333332\"",
    ] {
        assert!(!verdict(&four_thirds, &node, wrong), "{wrong}");
    }
    // Past 30 digits, a number is refused with its field.
    let long = format!("4.{}", "0".repeat(30));
    for given in [long.clone(), format!("\"{long}\""), "1e400".into()] {
        refused(
            &four,
            &format!(r#"{{"values": {{"{node}": {given}}}}}"#),
            &format!("response: values: {node}: '"),
        );
        let (_, error, _) = check_text(&body(
            &four,
            &format!(r#"{{"values": {{"{node}": {given}}}}}"#),
        ));
        assert!(
            error["error"]
                .as_str()
                .unwrap()
                .contains("has more than 30 digits"),
            "{error}"
        );
    }
}

/// `true`, `[4]`, `{"x": 4}` and `"seven"` as a value were marked (and echoed back in
/// `given`), and a node answered twice inside `values` was taken, the last one winning:
/// all are refused with a 400 naming the field.
#[test]
fn junk_answers_are_refused_naming_their_field() {
    for kind in ["values", "expectimax"] {
        let e = asked(kind, 3, 1);
        for junk in [
            "true",
            "[4]",
            r#"{"x": 4}"#,
            r#""seven""#,
            r#""""#,
            r#""1/0""#,
        ] {
            refused(
                &e,
                &format!(r#"{{"values": {{"a": {junk}}}}}"#),
                "response: values: a: '",
            );
        }
        refused(
            &e,
            r#"{"values": {"a": 1, "a": 2}}"#,
            "response: values: the node 'a' is answered twice",
        );
        refused(
            &e,
            r#"{"values": {}, "values": {"a": 1}}"#,
            "response: the field values is given twice",
        );
        let long = format!(r#"{{"values": {{"a": "{}4"}}}}"#, " ".repeat(100));
        refused(
            &e,
            &long,
            "response: values: a: an answer of 101 characters, more than the 100",
        );
        // null is no answer: marked, not refused.
        let checked = marked(&e, r#"{"values": {"a": null}}"#);
        assert_eq!(mark(&checked, "a")["given"], Value::Null);
    }
    let e = asked("best_move", 1, 1);
    for junk in ["true", "[4]", r#"{"x": 4}"#, r#""seven""#] {
        refused(
            &e,
            &format!(r#"{{"best": null, "value": {junk}}}"#),
            "response: value: '",
        );
    }
    refused(
        &e,
        &format!(r#"{{"best": "{}"}}"#, "x".repeat(101)),
        "response: best: an answer of 101 characters",
    );
}
