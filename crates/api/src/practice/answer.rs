//! A student's answer to `POST /api/practice/check`: the response's fields read from
//! the JSON text they are written in, and the numbers in them read exactly.
//!
//! The response is kept as its JSON text ([`Response`]) until the exercise is made, and
//! then read field by field: every refusal names its field, a name is checked against
//! the tree as it is read (so a list longer than the tree, or a name given twice, is
//! refused at once instead of being marked), and a value is read from its own text.
//!
//! A value is a JSON number or a string that writes one ([`Written`]): a whole number
//! (`6`, `-3`), a decimal with a point or a comma (`3.75`, `3,75`, `6.0`, `1.5e1`) or a
//! fraction (`7/6`); `−` counts as a minus and spaces are ignored. It is read from its
//! digits into an exact fraction, never through a float, so `6.0` is 6, `"6"` is 6 and
//! `4.0000000000000000001` is not 4. A number has at most [`MAX_DIGITS`] digits and a
//! string at most [`MAX_ANSWER_CHARS`] characters; anything else (`true`, `[4]`,
//! `{"x": 4}`, `"seven"`) is refused.
//!
//! ```
//! use ply_api::practice::Written;
//! use ply_core::chance::Ratio;
//!
//! let seven_sixths = Ratio::new(7, 6).unwrap();
//! // The exact value, or a decimal of 2 places or more within half a unit of its last place.
//! for right in ["7/6", "14/12", "1.17", "1,17", "1.167"] {
//!     assert!(Written::read(right).unwrap().answers(seven_sixths), "{right}");
//! }
//! for wrong in ["1.2", "1.16", "1.170"] {
//!     assert!(!Written::read(wrong).unwrap().answers(seven_sixths), "{wrong}");
//! }
//! assert!(Written::read("6.0").unwrap().answers(Ratio::from(6)));
//! assert!(!Written::read("4.0000000000000000001").unwrap().answers(Ratio::from(4)));
//! assert!(Written::read("seven").is_err());
//! ```

use super::bad;
use crate::ApiError;
use crate::lang::Lang;
use ply_core::chance::Ratio;
use ply_core::phrase::Phrase;
use ply_core::text::excerpt;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;
use std::fmt;

/// The most digits of a number in an answer: those of its whole part (less leading
/// zeros) and its decimal places together, or of a fraction's numerator and of its
/// denominator each. 30 digits hold any answer a student writes by hand, and keep every
/// number exact in 128 bits.
pub const MAX_DIGITS: u32 = 30;

/// The most characters of a string in an answer (a value or a move).
pub const MAX_ANSWER_CHARS: usize = 100;

/// The least decimal places of a rounded answer: a decimal of fewer places is right only
/// when it is the exact value.
pub const ROUNDED_PLACES: u32 = 2;

/// The student's answer as the request writes it: a JSON object, kept as its text and
/// read when the exercise it answers is known (docs/api.md, `POST /api/practice/check`).
#[derive(Clone, Debug)]
pub struct Response(Box<RawValue>);

impl Response {
    /// The JSON text of the answer, as the request wrote it.
    pub fn json(&self) -> &str {
        self.0.get()
    }
}

impl PartialEq for Response {
    fn eq(&self, other: &Response) -> bool {
        self.json() == other.json()
    }
}

impl From<Value> for Response {
    /// The answer `value` (its JSON text).
    fn from(value: Value) -> Response {
        // A Value's text is always JSON.
        Response(RawValue::from_string(value.to_string()).unwrap_or_default())
    }
}

impl<'de> Deserialize<'de> for Response {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Response, D::Error> {
        Box::<RawValue>::deserialize(deserializer).map(Response)
    }
}

impl Serialize for Response {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// Why reading a JSON text with [`object`] or [`list`] stopped: its shape is not the one
/// asked for (`None`), or the check of one of its entries refused it.
type Stopped = Option<ApiError>;

/// The entries of the JSON object `json` in the order written, each value as its JSON
/// text, `check` called on each key as it is read: it keeps the entry (`Ok(true)`),
/// passes over it (`Ok(false)`), or refuses it, which ends the reading with its refusal,
/// so that an object of many entries is refused at the first one too many. `Err(None)`
/// when `json` is not an object.
pub(super) fn object(
    json: &str,
    mut check: impl FnMut(&str) -> Result<bool, ApiError>,
) -> Result<Vec<(String, &RawValue)>, Stopped> {
    let mut refused = None;
    let read = read_json(
        json,
        Entries {
            check: &mut check,
            refused: &mut refused,
        },
    );
    read.map_err(|_| refused)
}

/// The strings of the JSON list `json`, `check` called on each as it is read (as
/// [`object`] does). `Err(None)` when `json` is not a list of strings.
pub(super) fn list(
    json: &str,
    mut check: impl FnMut(&str) -> Result<(), ApiError>,
) -> Result<Vec<String>, Stopped> {
    let mut refused = None;
    let read = read_json(
        json,
        Strings {
            check: &mut check,
            refused: &mut refused,
        },
    );
    read.map_err(|_| refused)
}

fn read_json<'a, S: DeserializeSeed<'a>>(
    json: &'a str,
    seed: S,
) -> Result<S::Value, serde_json::Error> {
    let mut deserializer = serde_json::Deserializer::from_str(json);
    let value = seed.deserialize(&mut deserializer)?;
    deserializer.end()?;
    Ok(value)
}

struct Entries<'c, F> {
    check: &'c mut F,
    refused: &'c mut Option<ApiError>,
}

impl<'de, F: FnMut(&str) -> Result<bool, ApiError>> DeserializeSeed<'de> for Entries<'_, F> {
    type Value = Vec<(String, &'de RawValue)>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de, F: FnMut(&str) -> Result<bool, ApiError>> Visitor<'de> for Entries<'_, F> {
    type Value = Vec<(String, &'de RawValue)>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut entries = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            match (self.check)(&key) {
                Ok(true) => {
                    let value: &'de RawValue = map.next_value()?;
                    entries.push((key, value));
                }
                Ok(false) => {
                    map.next_value::<de::IgnoredAny>()?;
                }
                Err(refusal) => {
                    *self.refused = Some(refusal);
                    return Err(de::Error::custom("refused"));
                }
            }
        }
        Ok(entries)
    }
}

struct Strings<'c, F> {
    check: &'c mut F,
    refused: &'c mut Option<ApiError>,
}

impl<'de, F: FnMut(&str) -> Result<(), ApiError>> DeserializeSeed<'de> for Strings<'_, F> {
    type Value = Vec<String>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de, F: FnMut(&str) -> Result<(), ApiError>> Visitor<'de> for Strings<'_, F> {
    type Value = Vec<String>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of strings")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut strings = Vec::new();
        while let Some(string) = seq.next_element::<String>()? {
            if let Err(refusal) = (self.check)(&string) {
                *self.refused = Some(refusal);
                return Err(de::Error::custom("refused"));
            }
            strings.push(string);
        }
        Ok(strings)
    }
}

/// The fields of a response the exercises read: `values`, `pruned`, `order`, `best`
/// and `value`, each given at most once (a field of another name is passed over, as it
/// always was).
pub(super) struct Fields<'a>(Vec<(String, &'a RawValue)>);

impl<'a> Fields<'a> {
    /// The fields of `response`; refused when it is not an object, or gives a field twice.
    pub fn read(response: &'a Response) -> Result<Fields<'a>, ApiError> {
        const READ: [&str; 5] = ["values", "pruned", "order", "best", "value"];
        let mut seen: Vec<String> = Vec::new();
        let fields = object(response.json(), |name| {
            if !READ.contains(&name) {
                return Ok(false);
            }
            if seen.iter().any(|s| s == name) {
                return Err(bad(
                    Phrase::new("errors.practice.field_twice").arg("name", name)
                ));
            }
            seen.push(name.to_string());
            Ok(true)
        });
        fields.map(Fields).map_err(|stopped| {
            stopped.unwrap_or_else(|| bad(Phrase::new("errors.practice.response_object")))
        })
    }

    /// The field `name`, as its JSON text.
    pub fn get(&self, name: &str) -> Option<&'a RawValue> {
        self.0
            .iter()
            .find(|(field, _)| field == name)
            .map(|(_, raw)| *raw)
    }
}

/// The answers of `values` (`raw`, an object from node names to values), each value as
/// its JSON text: a name that is not an inner node (`is_inner` says which are), or that
/// is answered twice, is refused as it is read; `shape` is the refusal of a `values`
/// that is not an object.
pub(super) fn values(
    raw: &RawValue,
    is_inner: impl Fn(&str) -> bool,
    shape: Phrase,
) -> Result<Vec<(String, &RawValue)>, ApiError> {
    let mut seen = std::collections::BTreeSet::new();
    let answers = object(raw.get(), |name| {
        if !is_inner(name) {
            return Err(bad(
                Phrase::new("errors.practice.no_inner_node").arg("name", excerpt(name))
            ));
        }
        if !seen.insert(name.to_string()) {
            return Err(bad(
                Phrase::new("errors.practice.answered_twice").arg("name", excerpt(name))
            ));
        }
        Ok(true)
    });
    answers.map_err(|stopped| stopped.unwrap_or_else(|| bad(shape)))
}

/// The leaves listed in `field` (`pruned`, `order`; `raw`, a list of names): a name
/// that is not a leaf (`is_leaf` says which are), or that is listed twice, is refused as
/// it is read, so a list never has more names than the tree has leaves.
pub(super) fn leaves(
    raw: &RawValue,
    field: &str,
    is_leaf: impl Fn(&str) -> bool,
) -> Result<Vec<String>, ApiError> {
    let mut seen = std::collections::BTreeSet::new();
    let names = list(raw.get(), |name| {
        if !is_leaf(name) {
            return Err(bad(Phrase::new("errors.practice.no_leaf")
                .arg("field", field)
                .arg("name", excerpt(name))));
        }
        if !seen.insert(name.to_string()) {
            return Err(bad(Phrase::new("errors.practice.listed_twice")
                .arg("field", field)
                .arg("name", excerpt(name))));
        }
        Ok(())
    });
    names.map_err(|stopped| {
        stopped.unwrap_or_else(|| bad(Phrase::new("errors.practice.name_list").arg("field", field)))
    })
}

/// A string of the response (`raw`, the JSON text of a string, or null), at most
/// [`MAX_ANSWER_CHARS`] long; `None` for null. `field` names it in a refusal, `what` says
/// what it should be (`"a move, as a string"`).
pub(super) fn string(
    raw: &RawValue,
    field: &str,
    what: Phrase,
) -> Result<Option<String>, ApiError> {
    let json = raw.get().trim();
    if json == "null" {
        return Ok(None);
    }
    let text: String = serde_json::from_str(json).map_err(|_| {
        bad(Phrase::new("errors.practice.field_is")
            .arg("field", field)
            .arg("what", what))
    })?;
    let chars = text.chars().count();
    if chars > MAX_ANSWER_CHARS {
        return Err(bad(Phrase::new("errors.practice.answer_chars")
            .arg("field", field)
            .arg("chars", chars)
            .arg("max", MAX_ANSWER_CHARS)));
    }
    Ok(Some(text))
}

/// A value of the response as the student gave it: nothing, or a number read exactly;
/// and what its mark echoes in `given`.
pub(super) struct Given {
    /// The number, or `None` for no answer (null, or nothing given).
    pub written: Option<Written>,
    /// The value as given: null, the string given, or the number given (as the text it
    /// is written in when a double would not hold it exactly: `"4.0000000000000000001"`).
    pub echo: Value,
}

impl Given {
    /// Whether the student gave `exact` (see [`Written::answers`]).
    pub fn answers(&self, exact: Ratio) -> bool {
        self.written.is_some_and(|written| written.answers(exact))
    }
}

/// The value `raw` of the response (a JSON number, a string writing a number, or null;
/// `None` when not given), read exactly; anything else is refused naming `field`
/// (`values: b`, `value`).
pub(super) fn given(raw: Option<&RawValue>, field: &str) -> Result<Given, ApiError> {
    let nothing = Given {
        written: None,
        echo: Value::Null,
    };
    let Some(raw) = raw else {
        return Ok(nothing);
    };
    let json = raw.get().trim();
    // The field in words: a node's value (`values: b`), the best move's (`value`).
    let named = match (field.strip_prefix("values: "), field) {
        (Some(name), _) => Phrase::new("errors.practice.node_value").arg("name", name),
        (None, "value") => Phrase::new("errors.practice.best_value"),
        _ => Phrase::new(crate::UNTRANSLATED).arg("detail", field),
    };
    let refusal = |why: Phrase| {
        ApiError::bad_request_said(
            Phrase::new("errors.practice.field")
                .arg("field", named.clone())
                .arg("message", why),
        )
    };
    match json.as_bytes().first() {
        Some(b'n') => Ok(nothing),
        Some(b'"') => {
            let text =
                string(raw, field, Phrase::new("errors.practice.a_number"))?.unwrap_or_default();

            let written = Written::read_said(&text).map_err(refusal)?;
            Ok(Given {
                written: Some(written),
                echo: Value::String(text),
            })
        }
        Some(b'-' | b'0'..=b'9') => {
            let written = Written::read_said(json).map_err(refusal)?;
            // Echoed as a number when a double holds it exactly, else as its text.
            let echo = serde_json::from_str::<Value>(json)
                .ok()
                .filter(|number| {
                    Written::read(&number.to_string())
                        .is_ok_and(|again| again.value() == written.value())
                })
                .unwrap_or_else(|| Value::String(json.to_string()));
            Ok(Given {
                written: Some(written),
                echo,
            })
        }
        _ => Err(refusal(not_a_number(json))),
    }
}

/// The refusal of `text` as a number.
fn not_a_number(text: &str) -> Phrase {
    Phrase::new("errors.practice.not_a_number").arg("text", excerpt(text))
}

/// A number as a student wrote it, read exactly: a whole number, a decimal or a
/// fraction (see the module's documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Written {
    value: Ratio,
    /// A decimal's digits as a whole number and its decimal places (`-1.17`: -117, 2);
    /// `None` for a fraction.
    decimal: Option<(i128, u32)>,
}

impl Written {
    /// Reads `text`: spaces are ignored, `−` is a minus, and a comma is the decimal point
    /// when the text has neither a point nor a slash. The refusal says why, quoting the
    /// text: `'seven' is not a number (...)`, `'1/0' divides by zero`, `'3.99…' has more
    /// than 30 digits (...)`.
    pub fn read(text: &str) -> Result<Written, String> {
        Written::read_said(text).map_err(|why| crate::explain::phrase(Lang::En, &why))
    }

    /// [`Written::read`], its refusal in words of the catalogs' `errors` area.
    pub fn read_said(text: &str) -> Result<Written, Phrase> {
        let mut plain: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| if c == '\u{2212}' { '-' } else { c })
            .collect();
        if !plain.contains(['.', '/']) {
            plain = plain.replacen(',', ".", 1);
        }
        let not_a_number = || not_a_number(text);
        let too_many = || {
            Phrase::new("errors.practice.too_many_digits")
                .arg("text", excerpt(text))
                .arg("max", MAX_DIGITS)
        };
        if let Some((top, bottom)) = plain.split_once('/') {
            let whole = |part: &str| -> Result<i128, Phrase> {
                let (negative, digits) = sign(part);
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(not_a_number());
                }
                let significant = digits.trim_start_matches('0');
                if significant.len() > MAX_DIGITS as usize {
                    return Err(too_many());
                }
                // At most 30 digits: within 128 bits.
                let magnitude = significant.parse::<i128>().unwrap_or(0);
                Ok(if negative { -magnitude } else { magnitude })
            };
            let (numerator, denominator) = (whole(top)?, whole(bottom)?);
            if denominator == 0 {
                return Err(
                    Phrase::new("errors.practice.divides_by_zero").arg("text", excerpt(text))
                );
            }
            let value = Ratio::new(numerator, denominator).ok_or_else(too_many)?;
            return Ok(Written {
                value,
                decimal: None,
            });
        }
        let (negative, body) = sign(&plain);
        let (mantissa, exponent) = match body.split_once(['e', 'E']) {
            Some((mantissa, exponent)) => (mantissa, Some(exponent)),
            None => (body, None),
        };
        let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let digits_only = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
        if whole.len() + fraction.len() == 0 || !digits_only(whole) || !digits_only(fraction) {
            return Err(not_a_number());
        }
        // The exponent, saturated far beyond any number of 30 digits.
        let exponent: i128 = match exponent {
            None => 0,
            Some(exponent) => {
                let (minus, digits) = sign(exponent);
                if digits.is_empty() || !digits_only(digits) {
                    return Err(not_a_number());
                }
                let digits = digits.trim_start_matches('0');
                let magnitude = if digits.len() > 18 {
                    10i128.pow(18)
                } else {
                    digits.parse::<i128>().unwrap_or(0)
                };
                if minus { -magnitude } else { magnitude }
            }
        };
        // The value is `significant` × 10^-scale.
        let significant = format!("{whole}{fraction}");
        let significant = significant.trim_start_matches('0');
        let scale = fraction.len() as i128 - exponent;
        let length = significant.len() as i128;
        // The digits of the number written out plainly: its whole part's and its places.
        let count = match (length, scale) {
            (0, scale) => scale.max(0),
            (length, scale) if scale <= 0 => length - scale,
            (length, scale) => length.max(scale),
        };
        if count > MAX_DIGITS as i128 {
            return Err(too_many());
        }
        // Within 30 digits, every number below is below 10^30, within 128 bits.
        let places = scale.max(0) as u32;
        let magnitude = match significant.parse::<i128>() {
            Ok(significant) => significant * 10i128.pow((-scale).max(0) as u32),
            // No significant digit: zero, whatever its exponent.
            Err(_) => 0,
        };
        let digits = if negative { -magnitude } else { magnitude };
        let value = Ratio::new(digits, 10i128.pow(places)).ok_or_else(too_many)?;
        Ok(Written {
            value,
            decimal: Some((digits, places)),
        })
    }

    /// The number, exactly.
    pub fn value(self) -> Ratio {
        self.value
    }

    /// A decimal's places (`1.170`: 3, `6`: 0); `None` for a fraction.
    pub fn places(self) -> Option<u32> {
        self.decimal.map(|(_, places)| places)
    }

    /// Whether this answers `exact`: it is `exact`, or a decimal of
    /// [`ROUNDED_PLACES`] places or more within half a unit of its last place of it
    /// (7/6 as `1.17` or `1.167`, not `1.170`; 15/4 only as `3.75`, since `3.76` is a
    /// whole unit off). The difference is worked out exactly in 256 bits, whatever the
    /// digits and the fraction.
    pub fn answers(self, exact: Ratio) -> bool {
        if self.value == exact {
            return true;
        }
        let Some((digits, places)) = self.decimal else {
            return false;
        };
        if places < ROUNDED_PLACES {
            return false;
        }
        // digits / 10^places is within 1/(2 · 10^places) of p/q (q > 0) exactly when
        // 2 · |digits · q − p · 10^places| ≤ q.
        let q = exact.denominator().unsigned_abs();
        let p = exact.numerator();
        let ours = Wide::product(digits.unsigned_abs(), q);
        let theirs = Wide::product(p.unsigned_abs(), 10u128.pow(places));
        let distance = if (digits < 0) == (p < 0) {
            ours.distance(theirs)
        } else {
            ours.sum(theirs)
        };
        distance.sum(distance) <= Wide::product(q, 1)
    }
}

/// `text` without its sign, and whether the sign is a minus.
fn sign(text: &str) -> (bool, &str) {
    match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    }
}

/// A whole number of 256 bits, high half first (so that the derived order is the
/// numbers'): wide enough for a product of two 128-bit numbers, and for the sum of two
/// such products below 2^255, which is all [`Written::answers`] makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Wide(u128, u128);

impl Wide {
    /// `a × b`, from the products of their 64-bit halves.
    fn product(a: u128, b: u128) -> Wide {
        const LOW: u128 = u64::MAX as u128;
        let (a_high, a_low) = (a >> 64, a & LOW);
        let (b_high, b_low) = (b >> 64, b & LOW);
        let low = a_low * b_low;
        let cross_a = a_high * b_low;
        let cross_b = a_low * b_high;
        // Below 3 · 2^64: no overflow.
        let middle = (low >> 64) + (cross_a & LOW) + (cross_b & LOW);
        let high = a_high * b_high + (cross_a >> 64) + (cross_b >> 64) + (middle >> 64);
        Wide(high, (low & LOW) | (middle << 64))
    }

    /// `self + other` (below 2^256 wherever it is used).
    fn sum(self, other: Wide) -> Wide {
        let (low, carry) = self.1.overflowing_add(other.1);
        Wide(
            self.0.wrapping_add(other.0).wrapping_add(carry as u128),
            low,
        )
    }

    /// `|self − other|`.
    fn distance(self, other: Wide) -> Wide {
        let (big, small) = if self >= other {
            (self, other)
        } else {
            (other, self)
        };
        let (low, borrow) = big.1.overflowing_sub(small.1);
        Wide(big.0 - small.0 - borrow as u128, low)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(numerator: i128, denominator: i128) -> Ratio {
        Ratio::new(numerator, denominator).unwrap()
    }

    fn read(text: &str) -> Written {
        Written::read(text).unwrap_or_else(|why| panic!("{text}: {why}"))
    }

    #[test]
    fn wide_products_and_sums_are_exact() {
        let max = u128::MAX;
        // (2^128 − 1)² = 2^256 − 2^129 + 1.
        assert_eq!(Wide::product(max, max), Wide(max - 1, 1));
        assert_eq!(Wide::product(1 << 64, 1 << 64), Wide(1, 0));
        assert_eq!(
            Wide::product(123_456_789, 987_654_321),
            Wide(0, 121_932_631_112_635_269)
        );
        assert_eq!(Wide(0, max).sum(Wide(0, 1)), Wide(1, 0));
        assert_eq!(Wide(1, 0).distance(Wide(0, 1)), Wide(0, max));
        assert_eq!(Wide(0, 1).distance(Wide(1, 0)), Wide(0, max));
        for (a, b) in [(3u128, 5u128), (u64::MAX as u128, 7), (1 << 100, 1 << 20)] {
            assert_eq!(Wide::product(a, b), Wide(0, a * b));
        }
    }

    #[test]
    fn numbers_are_read_exactly_in_every_way_they_are_written() {
        for (text, value, places) in [
            ("6", r(6, 1), Some(0)),
            ("6.0", r(6, 1), Some(1)),
            (" 6 ", r(6, 1), Some(0)),
            ("-1.0", r(-1, 1), Some(1)),
            ("\u{2212}3/2", r(-3, 2), None),
            ("3/-6", r(-1, 2), None),
            ("3,75", r(15, 4), Some(2)),
            ("1.5e1", r(15, 1), Some(0)),
            ("15E-1", r(3, 2), Some(1)),
            ("1e29", r(10i128.pow(29), 1), Some(0)),
            ("0e999999999999999999999", r(0, 1), Some(0)),
            (".5", r(1, 2), Some(1)),
            ("5.", r(5, 1), Some(0)),
            ("+7", r(7, 1), Some(0)),
            ("-0", r(0, 1), Some(0)),
            (
                "0000000000000000000000000000000000000000001",
                r(1, 1),
                Some(0),
            ),
            (
                "4.0000000000000000001",
                r(40_000_000_000_000_000_001, 10i128.pow(19)),
                Some(19),
            ),
        ] {
            let written = read(text);
            assert_eq!(
                (written.value(), written.places()),
                (value, places),
                "{text}"
            );
        }
        for bad in [
            "", "-", ".", "e5", "1e", "1e+", "x", "seven", "1.17.1", "1/", "/2", "1.5/2", "0x10",
            "1,2,3", "--1", "1 e 5 x",
        ] {
            let why = Written::read(bad).unwrap_err();
            assert!(why.contains("is not a number"), "{bad}: {why}");
        }
        assert_eq!(Written::read("1/0").unwrap_err(), "'1/0' divides by zero");
        for long in [
            "1234567890123456789012345678901",
            "0.1234567890123456789012345678901",
            "1e30",
            "1e-31",
            "4.0000000000000000000000000000000",
            "1/1234567890123456789012345678901",
        ] {
            let why = Written::read(long).unwrap_err();
            assert!(why.contains("has more than 30 digits"), "{long}: {why}");
        }
        // 30 digits are read.
        assert_eq!(read("123456789012345.678901234567890").places(), Some(15));
        assert_eq!(read("1e-30").value(), r(1, 10i128.pow(30)));
    }

    #[test]
    fn a_decimal_is_right_within_half_a_unit_of_its_last_place() {
        let four = Ratio::from(4);
        let four_thirds = r(4, 3);
        for right in ["4", "4.0", "4.00", "8/2", "4e0", "0.4e1"] {
            assert!(read(right).answers(four), "{right}");
        }
        // However many digits: 17, 19, 25.
        for wrong in [
            "3.99999999999999999",
            "3.9999999999999999999",
            "4.0000000000000000001",
            "3.999999999999999999999999",
            "4.000000000000000000000000001",
            "4.01",
            "3.9",
        ] {
            assert!(!read(wrong).answers(four), "{wrong}");
        }
        assert!(read("1.3333333333333333333").answers(four_thirds));
        assert!(!read("1.3333333333333333332").answers(four_thirds));
        assert!(!read("1.3333333333333333334").answers(four_thirds));
        assert!(read("1.33").answers(four_thirds));
        assert!(!read("1.3").answers(four_thirds), "1 place is not enough");
        assert!(!read("1").answers(four_thirds));
        // Half a unit exactly is within: 9/8 = 1.125, between 1.12 and 1.13.
        assert!(read("1.12").answers(r(9, 8)) && read("1.13").answers(r(9, 8)));
        assert!(!read("1.11").answers(r(9, 8)));
        // Negative values, and values of other signs.
        assert!(read("-1.17").answers(r(-7, 6)));
        assert!(!read("1.17").answers(r(-7, 6)));
        assert!(read("-0.00").answers(r(1, 1000)) && !read("0.00").answers(r(1, 100)));
        // Huge denominators and numerators are compared exactly.
        let third_of_max = r(i128::MAX, 3);
        assert!(!read("1e29").answers(third_of_max));
        let tiny = r(1, i128::MAX);
        assert!(read("0.000000000000000000000000000000").answers(tiny));
        assert!(!read("0.000000000000000000000000000001").answers(tiny));
    }
}
