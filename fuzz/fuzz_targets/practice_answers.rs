#![no_main]
//! A student's answer to `POST /api/practice/check`, as anyone may send it: any JSON
//! text as the `response` of any exercise, through `ply_api::service` as the server and
//! the web module answer it, and any text as a number.
//!
//! A check is answered (200) or refused (400, or 413 past `max_answer_bytes`), never a
//! panic; a refusal follows the message policy; an answer is within `max_answer_bytes`,
//! is the size the service asked room for, and has no more marks than the tree has
//! nodes (a list is refused at its first repeat). A number read is exact: it prints back
//! to itself, and it answers a fraction exactly when an independent reckoning in 128
//! bits (where that does not overflow) says it is the fraction, or a decimal of 2 places
//! or more within half a unit of its last place of it.
use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use ply_api::control::Control;
use ply_api::practice::{KINDS, MAX_DIGITS, Written};
use ply_api::service::{Service, ServiceLimits};
use ply_core::chance::Ratio;
use ply_fuzz::check_message;

#[derive(Arbitrary, Debug)]
struct Input<'a> {
    kind: u8,
    seed: u8,
    level: u8,
    /// The response, as JSON text.
    response: &'a str,
    /// A number as a student may write it.
    number: &'a str,
    /// A fraction to answer.
    numerator: i64,
    denominator: u16,
}

/// `response` checked as the answer to an exercise.
fn check_response(kind: &str, seed: u8, level: u8, response: &str) {
    let most = 20_000;
    let service = Service::new(
        ServiceLimits {
            max_answer_bytes: most,
            ..ServiceLimits::default()
        },
        None,
    );
    let body = format!(
        r#"{{"kind": "{kind}", "seed": {seed}, "level": {level}, "response": {response}}}"#
    );
    let mut asked = Vec::new();
    let answer = service.answer_holding(
        "/api/practice/check",
        body.as_bytes(),
        &Control::new(),
        &mut |bytes| {
            asked.push(bytes);
            Ok(())
        },
    );
    let json: serde_json::Value = serde_json::from_str(&answer.body).unwrap();
    match answer.status {
        200 => {
            assert!(
                answer.body.len() as u64 <= most,
                "{} bytes",
                answer.body.len()
            );
            assert_eq!(asked, [answer.body.len() as u64]);
            // The exercise: the check's request less its response.
            let asked = format!(r#"{{"kind": "{kind}", "seed": {seed}, "level": {level}}}"#);
            let exercise = service.answer("/api/practice", asked.as_bytes(), &Control::new());
            let exercise: serde_json::Value = serde_json::from_str(&exercise.body).unwrap();
            let nodes = exercise["tree"].as_str().unwrap().lines().count();
            let marks = json["marks"].as_array().unwrap().len();
            assert!(marks <= nodes, "{marks} marks for {nodes} nodes");
        }
        400 | 413 => {
            let message = json["error"].as_str().unwrap();
            check_message(message);
            assert_eq!(
                json["kind"] == "limit",
                json.get("limit").is_some(),
                "{json}"
            );
            if answer.status == 413 {
                assert_eq!(json["limit"], "max_answer_bytes", "{json}");
            }
        }
        status => panic!("{status}: {}", answer.body),
    }
}

/// `text` read as a number, checked against `exact`.
fn check_number(text: &str, exact: Ratio) {
    let written = match Written::read(text) {
        Ok(written) => written,
        Err(why) => {
            check_message(&why);
            return;
        }
    };
    let value = written.value();
    let (numerator, denominator) = (value.numerator(), value.denominator());
    // Every number read is within 30 digits either side of the point.
    let bound = 10i128.pow(MAX_DIGITS);
    assert!(
        numerator.abs() < bound && denominator <= bound,
        "{text}: {value}"
    );
    let places = written.places();
    if let Some(places) = places {
        // A decimal prints back to itself with its places.
        let scale = 10i128.pow(places);
        assert_eq!(scale % denominator, 0, "{text}: {value} in {places} places");
        let digits = numerator * (scale / denominator);
        let sign = if digits < 0 { "-" } else { "" };
        let digits = digits.unsigned_abs().to_string();
        let digits = format!("{digits:0>width$}", width = places as usize + 1);
        let (whole, fraction) = digits.split_at(digits.len() - places as usize);
        let printed = format!("{sign}{whole}.{fraction}");
        let again = Written::read(&printed).unwrap();
        assert_eq!(again.value(), value, "{text} printed {printed}");
    }
    // The verdict against an independent reckoning, where 128 bits hold it.
    let expected = if value == exact {
        Some(true)
    } else {
        match places {
            Some(places) if places >= 2 => {
                // 2 · |value − exact| · 10^places ≤ 1, over the common denominator.
                let (p, q) = (exact.numerator(), exact.denominator());
                numerator
                    .checked_mul(q)
                    .zip(p.checked_mul(denominator))
                    .and_then(|(a, b)| a.checked_sub(b))
                    .and_then(|d| d.checked_abs())
                    .and_then(|d| d.checked_mul(2))
                    .and_then(|d| d.checked_mul(10i128.pow(places)))
                    .zip(denominator.checked_mul(q))
                    .map(|(left, right)| left <= right)
            }
            _ => Some(false),
        }
    };
    if let Some(expected) = expected {
        assert_eq!(written.answers(exact), expected, "{text} for {exact}");
    }
}

fuzz_target!(|input: Input| {
    let kind = KINDS[input.kind as usize % KINDS.len()];
    let level = 1 + input.level % 5;
    check_response(kind, input.seed, level, input.response);
    let exact = Ratio::new(
        input.numerator as i128,
        i128::from(input.denominator).max(1),
    )
    .unwrap();
    check_number(input.number, exact);
    check_number(input.response, exact);
});
