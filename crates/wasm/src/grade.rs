//! Checking a student's own search in the browser: the code page (`code.html`) runs the
//! program in a worker, and every `children N`, `value N` and `answer V M` its nodes send
//! is answered here, synchronously, by [`ply_api::grade`] — the grader `ply grade`
//! runs — so the same tests and the same diagnoses judge a program wherever it runs.
//!
//! A [`Check`] holds one check's tests (the kind's fixed ones, or a teacher's trees, and
//! random held-out ones from a seed) and one run of the program on each. The page feeds
//! each test's lines to [`Check::respond`], ends each test with [`Check::finish`] (how
//! the program ended: answered, out of time, crashed), and asks for the whole report
//! with [`Check::report`]. Nothing here panics on what a page sends: a wrong index, an
//! unknown kind, a malformed outcome or a test finished twice is an error string.
//!
//! ```
//! use ply_wasm::grade::Check;
//!
//! let mut check = Check::new("minimax", "ge", 0, 0, "en", &[]).unwrap();
//! assert_eq!(check.name(0).unwrap(), "classic");
//! assert_eq!(check.greeting(0).unwrap(), "root a");
//! assert_eq!(check.respond(0, "children a").unwrap(), "max b c d");
//! ```

use ply_api::grade::{self, Kind, Outcome, Reply, Rule, Run, Test, TestReport};
use ply_api::lang::Lang;

/// The most trees of a teacher's one check may give.
pub const MAX_OWN_TESTS: usize = 32;

/// The most bytes of a teacher's tree's text.
pub const MAX_OWN_TREE_BYTES: usize = 1 << 20;

/// The longest a runner's detail may be (a crash's message), in bytes: a longer one is
/// cut there.
pub const MAX_DETAIL_BYTES: usize = 2_000;

/// One check: its tests, a run of the program on each, and each run's report once it
/// has ended.
pub struct Check {
    kind: Kind,
    rule: Rule,
    lang: Lang,
    /// The tests, owned by the check: [`Check::new`] gives their memory up to the runs
    /// that borrow it, and [`Drop`] takes it back once every run is gone.
    tests: &'static [Test],
    /// Each test's run, until it is judged.
    runs: Vec<Option<Run<'static>>>,
    /// Each test's report, once judged.
    reports: Vec<Option<TestReport>>,
}

impl Check {
    /// A check of a program of `kind` (`minimax`, `negamax`, `alphabeta`, `expectimax`,
    /// `tictactoe`), alpha-beta's `rule` (`ge` or `gt`; ignored by the others), with
    /// `random` held-out tests drawn from `seed` after the fixed ones (or after `own`,
    /// a teacher's trees in any of ply's tree formats, which replace them), its words in
    /// `lang` (`en`, `sv`, `zh`, `el`; another tag is English).
    pub fn new(
        kind: &str,
        rule: &str,
        seed: u64,
        random: u32,
        lang: &str,
        own: &[(String, String)],
    ) -> Result<Check, String> {
        let kind = Kind::from_name(kind).ok_or_else(|| {
            format!("no kind {kind:?} (minimax, negamax, alphabeta, expectimax, tictactoe)")
        })?;
        let rule = Rule::from_name(rule).ok_or_else(|| format!("no rule {rule:?} (ge, gt)"))?;
        if own.len() > MAX_OWN_TESTS {
            return Err(format!(
                "{} trees, more than the {MAX_OWN_TESTS} a check may have",
                own.len()
            ));
        }
        let mut own_tests = Vec::with_capacity(own.len());
        for (name, text) in own {
            if text.len() > MAX_OWN_TREE_BYTES {
                return Err(format!(
                    "{name}: a tree of {} bytes, more than the {MAX_OWN_TREE_BYTES} a test may have",
                    text.len()
                ));
            }
            own_tests.push(Test::from_text(name, text).map_err(|e| format!("{name}: {e}"))?);
        }
        let seed = seed % (ply_api::practice::MAX_SEED + 1);
        let tests = grade::suite(kind, random, seed, own_tests)?;
        let count = tests.len();
        Ok(Check {
            kind,
            rule,
            lang: Lang::from_tag(lang).unwrap_or_default(),
            tests: Box::leak(tests.into_boxed_slice()),
            runs: (0..count).map(|_| None).collect(),
            reports: (0..count).map(|_| None).collect(),
        })
    }

    /// The number of tests.
    pub fn count(&self) -> usize {
        self.tests.len()
    }

    fn test(&self, index: usize) -> Result<&'static Test, String> {
        self.tests.get(index).ok_or_else(|| {
            format!(
                "no test {index}: the check has {} (from 0)",
                self.tests.len()
            )
        })
    }

    /// Test `index`'s name (`classic`, `random-1 (seed 17)`).
    pub fn name(&self, index: usize) -> Result<String, String> {
        Ok(self.test(index)?.name.clone())
    }

    /// ply's first line to the program in test `index`: `root NAME`.
    pub fn greeting(&self, index: usize) -> Result<String, String> {
        Ok(Run::new(self.test(index)?, self.kind, self.rule).greeting())
    }

    /// The run of test `index`, started at its first line.
    fn run(&mut self, index: usize) -> Result<&mut Run<'static>, String> {
        let test = self.test(index)?;
        if self.reports[index].is_some() {
            return Err(format!("test {index} is over: it has been judged"));
        }
        let (kind, rule) = (self.kind, self.rule);
        Ok(self.runs[index].get_or_insert_with(|| Run::new(test, kind, rule)))
    }

    /// ply's answer to one line of the program in test `index`: the line to hand back
    /// (`max b c d`, `leaf`, `3`, `error …`), the empty string once the program has
    /// answered (the test is over), or `stop REASON` when it went past a limit of the
    /// protocol (too many queries, too many wrong ones): the runner then stops it.
    pub fn respond(&mut self, index: usize, line: &str) -> Result<String, String> {
        Ok(match self.run(index)?.respond(line) {
            Reply::Line(line) => line,
            Reply::Finished => String::new(),
            Reply::Stop(reason) => format!("stop {reason}"),
        })
    }

    /// Ends test `index` and judges it: `outcome` is how the program ended as the page
    /// saw it, JSON: `{"outcome": "answered"}`, `{"outcome": "timeout", "millis": 3000}`,
    /// `{"outcome": "crash", "detail": "RecursionError: …"}` or `{"outcome": "protocol",
    /// "detail": "…"}`. The test's report, JSON (docs/grading.md).
    pub fn finish(&mut self, index: usize, outcome: &str) -> Result<String, String> {
        let outcome = read_outcome(outcome)?;
        self.run(index)?;
        let Some(run) = self.runs[index].take() else {
            return Err(format!("test {index} has no run"));
        };
        let report = run.judge(outcome, self.lang);
        let json = serde_json::to_string(&report).map_err(|e| e.to_string())?;
        self.reports[index] = Some(report);
        Ok(json)
    }

    /// The whole check's report, JSON (docs/grading.md): the tests finished so far, in
    /// order, the diagnoses that hold on all of them and the summary. (A page that
    /// stops a check at a test that ran out of time reports the tests up to it.)
    pub fn report(&self) -> String {
        let tests: Vec<TestReport> = self.reports.iter().flatten().cloned().collect();
        let report = grade::finish_report(self.kind, self.rule, tests, self.lang);
        serde_json::to_string(&report)
            .unwrap_or_else(|e| format!("{{\"error\": {:?}}}", e.to_string()))
    }
}

impl Drop for Check {
    fn drop(&mut self) {
        // Every run borrows the tests: they go first.
        self.runs.clear();
        let tests: *const [Test] = self.tests;
        self.tests = &[];
        // SAFETY: `tests` was leaked from a boxed slice by `Check::new` and lent only to
        // the runs of this check (private fields, never handed out with a longer life
        // than `&self`), which are all dropped above; nothing else points into it.
        drop(unsafe { Box::from_raw(tests as *mut [Test]) });
    }
}

/// A teacher's trees from the page's JSON list, `[{"name": …, "tree": …}]` (empty text:
/// none).
pub fn read_own(own: &str) -> Result<Vec<(String, String)>, String> {
    if own.trim().is_empty() {
        return Ok(Vec::new());
    }
    let list: Vec<serde_json::Value> =
        serde_json::from_str(own).map_err(|e| format!("the trees are not a JSON list: {e}"))?;
    list.iter()
        .map(
            |tree| match (tree["name"].as_str(), tree["tree"].as_str()) {
                (Some(name), Some(text)) => Ok((name.to_string(), text.to_string())),
                _ => Err("each tree is {\"name\": …, \"tree\": …}".to_string()),
            },
        )
        .collect()
}

/// How a program ended, from the page's JSON.
fn read_outcome(text: &str) -> Result<Outcome, String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("the outcome is not JSON: {e}"))?;
    let detail = || {
        cut(
            value["detail"].as_str().unwrap_or_default(),
            MAX_DETAIL_BYTES,
        )
    };
    match value["outcome"].as_str() {
        Some("answered") => Ok(Outcome::Answered),
        Some("timeout") => Ok(Outcome::Timeout {
            millis: value["millis"].as_u64().unwrap_or(0),
        }),
        Some("crash") => Ok(Outcome::Crash { detail: detail() }),
        Some("protocol") => Ok(Outcome::Protocol { detail: detail() }),
        _ => Err(format!(
            "no outcome in {}: answered, timeout, crash or protocol",
            cut(text, 80)
        )),
    }
}

/// `text` cut to at most `bytes` bytes, at a character's boundary.
fn cut(text: &str, bytes: usize) -> String {
    let mut end = text.len().min(bytes);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].to_string()
}
