//! A check's report written for people (text), for programs (JSON), for CI (JUnit
//! XML) and for Gradescope (its `results.json`).

use super::Report;
use serde_json::json;
use std::fmt::Write as _;

/// The report as a person reads it in a terminal: one block a test, then the
/// diagnoses and the summary.
pub fn text(report: &Report) -> String {
    let mut out = String::new();
    let lang = crate::lang::Lang::from_tag(report.lang).unwrap_or_default();
    for test in &report.tests {
        let verdict = if test.passed { "PASS" } else { "FAIL" };
        let _ = writeln!(out, "{verdict} {}", test.name);
        let _ = writeln!(out, "  {}", test.message);
        if !test.passed {
            let value = test.value.as_deref().unwrap_or("-");
            let _ = writeln!(
                out,
                "  {}: {value} ({}: {})",
                lang.say("grade.label.value", &[]),
                lang.say("grade.label.expected", &[]),
                test.expected_value
            );
            let _ = writeln!(
                out,
                "  {}: {}",
                lang.say("grade.label.evaluated", &[]),
                list(&test.evaluated)
            );
            let _ = writeln!(
                out,
                "  {}: {}",
                lang.say("grade.label.expected-evaluated", &[]),
                list(&test.expected_evaluated)
            );
            if !test.diagnoses.is_empty() {
                let _ = writeln!(out, "  {}", test.diagnoses.join(" "));
            }
        }
    }
    if !report.diagnoses.is_empty() {
        let _ = writeln!(out);
        for (id, words) in report.diagnoses.iter().zip(&report.diagnosis_text) {
            let _ = writeln!(out, "{id}: {words}");
        }
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "{}", report.summary);
    out
}

fn list(names: &[String]) -> String {
    if names.is_empty() {
        return "-".into();
    }
    const SHOWN: usize = 40;
    let mut text = names
        .iter()
        .take(SHOWN)
        .cloned()
        .collect::<Vec<_>>()
        .join(" ");
    if names.len() > SHOWN {
        let _ = write!(text, " … (+{})", names.len() - SHOWN);
    }
    text
}

/// The report as JSON (docs/grading.md).
pub fn json(report: &Report) -> serde_json::Value {
    serde_json::to_value(report).unwrap_or_else(|e| json!({ "error": e.to_string() }))
}

/// The report as JUnit XML, one test case a test, for a CI job's test view.
pub fn junit(report: &Report) -> String {
    let failures = report.tests.iter().filter(|t| !t.passed).count();
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let suite = format!("ply grade {}", report.kind);
    let _ = writeln!(
        out,
        "<testsuites><testsuite name=\"{}\" tests=\"{}\" failures=\"{failures}\">",
        xml(&suite),
        report.tests.len()
    );
    for test in &report.tests {
        let _ = write!(
            out,
            "  <testcase classname=\"ply.grade.{}\" name=\"{}\"",
            xml(report.kind),
            xml(&test.name)
        );
        if test.passed {
            out.push_str("/>\n");
            continue;
        }
        let detail = format!(
            "value {} (expected {})\nevaluated: {}\nexpected:  {}\ndiagnoses: {}",
            test.value.as_deref().unwrap_or("-"),
            test.expected_value,
            list(&test.evaluated),
            list(&test.expected_evaluated),
            test.diagnoses.join(" ")
        );
        let _ = writeln!(
            out,
            "><failure message=\"{}\" type=\"{}\">{}</failure></testcase>",
            xml(&test.message),
            xml(test.diagnoses.first().copied().unwrap_or("wrong")),
            xml(&detail)
        );
    }
    out.push_str("</testsuite></testsuites>\n");
    out
}

/// Gradescope's `results.json`: a point a test, each test's message as its output.
pub fn gradescope(report: &Report) -> serde_json::Value {
    let tests: Vec<serde_json::Value> = report
        .tests
        .iter()
        .map(|t| {
            let mut output = t.message.clone();
            if !t.passed {
                let _ = write!(
                    output,
                    "\nevaluated: {}\nexpected:  {}",
                    list(&t.evaluated),
                    list(&t.expected_evaluated)
                );
            }
            json!({
                "name": t.name,
                "score": if t.passed { 1 } else { 0 },
                "max_score": 1,
                "status": if t.passed { "passed" } else { "failed" },
                "output": output,
            })
        })
        .collect();
    let score = report.tests.iter().filter(|t| t.passed).count();
    let mut output = report.summary.clone();
    for (id, words) in report.diagnoses.iter().zip(&report.diagnosis_text) {
        let _ = write!(output, "\n{id}: {words}");
    }
    json!({
        "score": score,
        "output": output,
        "visibility": "visible",
        "tests": tests,
    })
}

/// `text` with the five characters XML reserves escaped, control characters (which XML
/// 1.0 cannot carry) dropped, and the two noncharacters it cannot carry either (U+FFFE,
/// U+FFFF: a program may write them in a node's name) replaced by U+FFFD: text a JUnit
/// report may carry (a program's error output too).
pub fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' | '\t' => out.push(c),
            c if c.is_control() => {}
            '\u{fffe}' | '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}
