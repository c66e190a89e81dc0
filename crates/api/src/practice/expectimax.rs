//! The `expectimax` kind: back up every inner node of a tree with chance nodes.
//!
//! MAX moves at the root, a die decides below it (a chance node, drawn as a circle), and
//! from level 2 on MIN answers below the die; levels 4 and 5 throw again below MIN. The
//! probabilities are halves, thirds, quarters and sixths (variant `weighted`) or equal
//! chances (variant `equal`), always written out. Every value is an exact fraction,
//! searched by the tree lab's own expectiminimax ([`ply_tree::chance::annotate_chance`],
//! the search behind `POST /api/tree` for a tree with chance nodes), so the step of a
//! mistake is a step of the lab's trace.
//!
//! A student answers each node with a whole number, an exact fraction (`7/6`), an exact
//! decimal (`3.75`, with a point or a comma), or a decimal rounded to 2 places or more
//! when the value's decimals go on (`1.17` for 7/6); the question says so. Each is read
//! exactly, as every kind reads its numbers ([`super::Written`]).
//!
//! ```
//! use ply_api::practice::{PracticeRequest, exercise};
//!
//! let exercise = exercise(&PracticeRequest::new("expectimax", 3, 1)).unwrap();
//! assert!(exercise.tree.contains("[chance]"));
//! assert_eq!(exercise.lab.algorithm, "expectiminimax");
//! // b is worth 1/4 × 2 + 1/4 × 1 + 1/2 × 1 = 5/4, c 1/4 × 6 + 1/2 × 1 + 1/4 × 6 = 7/2.
//! let values = exercise.answer.exact_values.unwrap();
//! assert_eq!((values["b"].as_str(), values["c"].as_str()), ("5/4", "7/2"));
//! ```

use super::{
    CheckRequest, Checked, Exercise, Key, Lab, Made, Mark, PracticeRequest, Shape, SplitMix64,
    answer, bad, letters, list, read_request,
};
use crate::ApiError;
use crate::lang::Lang;
use ply_core::phrase::Phrase;

use ply_core::chance::{NodeKind, Ratio};
use ply_tree::chance::{ChanceAlgorithm, ChanceRun, ChanceStep, annotate_chance};
use ply_tree::{ExplicitTree, NodeId, ParseOptions, parse};
use serde_json::value::RawValue;
use std::collections::BTreeMap;

/// The decimal places the key's decimals and a reason's rounding show (as many as a
/// rounded answer needs at least, [`super::ROUNDED_PLACES`]).
const PLACES: u32 = super::ROUNDED_PLACES;

/// The shape of a level's trees. The layers go MAX, chance, MIN, chance by depth, so the
/// depth says how many layers a level has: 2 (MAX over dice), 3 (MIN below the dice),
/// 4 (a second throw below MIN, where a node is a leaf early one time in 3 from depth 2,
/// to keep the sums a student adds by hand few).
fn shape(level: u32) -> Shape {
    match level {
        1 => Shape {
            depth: 2,
            children: (2, 3),
            early: (0, 0),
            leaves: (4, 8),
            values: (0, 9),
        },
        2 => Shape {
            depth: 3,
            children: (2, 3),
            early: (0, 0),
            leaves: (8, 12),
            values: (0, 9),
        },
        3 => Shape {
            depth: 3,
            children: (2, 3),
            early: (0, 0),
            leaves: (12, 18),
            values: (0, 9),
        },
        4 => Shape {
            depth: 4,
            children: (2, 2),
            early: (2, 3),
            leaves: (10, 16),
            values: (-9, 9),
        },
        _ => Shape {
            depth: 4,
            children: (2, 3),
            early: (2, 3),
            leaves: (14, 24),
            values: (-9, 9),
        },
    }
}

/// Whether a node at `depth` of an exercise is a chance node (layers MAX, chance, MIN,
/// chance).
fn chance_at(depth: usize) -> bool {
    depth % 2 == 1
}

/// The probabilities of a chance node's `outcomes`, as numerators over a denominator.
/// `equal`: 1 over the number of outcomes each. `weighted`: a denominator of 2, 3, 4 or
/// 6 larger than the number of outcomes, cut at random into that many positive parts.
fn probabilities(outcomes: usize, variant: &str, rng: &mut SplitMix64) -> (Vec<u64>, u64) {
    let n = outcomes as u64;
    if variant == "equal" {
        return (vec![1; outcomes], n);
    }
    let denominators: Vec<u64> = [2, 3, 4, 6].into_iter().filter(|&d| d > n).collect();
    let denominator = denominators[rng.below(denominators.len() as u64) as usize];
    // n - 1 distinct cuts among 1 ..= denominator - 1, in increasing order.
    let mut places: Vec<u64> = (1..denominator).collect();
    let mut cuts: Vec<u64> = (1..n)
        .map(|_| places.remove(rng.below(places.len() as u64) as usize))
        .collect();
    cuts.sort_unstable();
    cuts.push(denominator);
    let mut previous = 0;
    let parts = cuts
        .into_iter()
        .map(|cut| {
            let part = cut - previous;
            previous = cut;
            part
        })
        .collect();
    (parts, denominator)
}

/// `made` in the indented text format: names by `names` (made's ids), chance nodes
/// tagged, every outcome's probability written (`[1/6]`), drawn in the order of the tree.
fn written(made: &Made, names: &[String], variant: &str, rng: &mut SplitMix64) -> String {
    let mut probability = vec![String::new(); made.children.len()];
    let mut depth = vec![0usize; made.children.len()];
    for id in 0..made.children.len() {
        for &child in &made.children[id] {
            depth[child] = depth[id] + 1;
        }
        if chance_at(depth[id]) && !made.children[id].is_empty() {
            let (parts, denominator) = probabilities(made.children[id].len(), variant, rng);
            for (&child, part) in made.children[id].iter().zip(parts) {
                let p = Ratio::new(part as i128, denominator as i128).unwrap_or(Ratio::ONE);
                probability[child] = format!(" [{p}]");
            }
        }
    }
    let mut out = String::new();
    for id in 0..made.children.len() {
        out.push_str(&"  ".repeat(depth[id]));
        out.push_str(&names[id]);
        out.push_str(&probability[id]);
        match made.value[id] {
            Some(value) if made.children[id].is_empty() => out.push_str(&format!(" = {value}")),
            _ if chance_at(depth[id]) => out.push_str(" [chance]"),
            _ => {}
        }
        out.push('\n');
    }
    out
}

/// An exercise with the tree and the search behind it.
pub(super) struct Built {
    /// What `POST /api/practice` answers.
    pub exercise: Exercise,
    tree: ExplicitTree,
    run: ChanceRun,
}

impl Built {
    fn name(&self, id: NodeId) -> &str {
        &self.tree.node(id).name
    }

    fn value(&self, id: NodeId) -> Ratio {
        self.run.nodes[id as usize].value.unwrap_or(Ratio::ZERO)
    }

    fn inner(&self) -> impl Iterator<Item = NodeId> + '_ {
        (0..self.tree.len() as NodeId).filter(|&id| !self.tree.node(id).is_leaf())
    }

    fn id_of(&self, name: &str) -> Option<NodeId> {
        (0..self.tree.len() as NodeId).find(|&id| self.name(id) == name)
    }

    /// The step of the lab's trace where a mistake at `id` shows: where the search
    /// enters a chance node, so that step mode builds its sum term by term from there;
    /// where a player's node returns the value it chose.
    fn mistake_step(&self, id: NodeId) -> usize {
        let chance = self.tree.kind(id) == NodeKind::Chance;
        self.run
            .steps
            .iter()
            .position(|s| match s {
                ChanceStep::Enter { node, .. } => chance && *node == id,
                ChanceStep::Exit { node, .. } => !chance && *node == id,
                _ => false,
            })
            .unwrap_or(self.run.steps.len().saturating_sub(1))
    }
}

/// The exercise `request` asks for (its kind is `expectimax`).
pub(super) fn build(request: &PracticeRequest) -> Result<Built, ApiError> {
    let (_, variant, mut rng) = read_request(request)?;
    let shape = shape(request.level);
    let made = super::random_tree(&shape, &mut rng);
    let mut names = vec![String::new(); made.children.len()];
    let mut order = vec![0usize];
    let mut at = 0;
    while at < order.len() {
        order.extend_from_slice(&made.children[order[at]]);
        at += 1;
    }
    for (index, id) in order.into_iter().enumerate() {
        names[id] = letters(index);
    }
    let text = written(&made, &names, variant, &mut rng);
    let tree =
        parse(&text, &ParseOptions::default()).map_err(|e| bad(crate::refusal::tree_phrase(e)))?;
    let run = annotate_chance(&tree, ChanceAlgorithm::Expectiminimax, None)
        .map_err(crate::refusal::chance)?;
    let mut built = Built {
        exercise: Exercise {
            kind: request.kind.clone(),
            seed: request.seed,
            level: request.level,
            variant: variant.to_string(),
            root: "max",
            leaf_perspective: "max",
            game: None,
            position: None,
            tree: text.clone(),
            question: request.lang.say("exercise.question.expectimax", &[]),
            answer: Key::default(),
            lab: Lab {
                tree: text,
                algorithm: ChanceAlgorithm::Expectiminimax.name(),
                leaf_perspective: "max",
                rule: "ge",
            },
        },
        tree,
        run,
    };
    built.exercise.answer = Key {
        exact_values: Some(
            built
                .inner()
                .map(|id| (built.name(id).to_string(), built.value(id).to_string()))
                .collect(),
        ),
        decimal_values: Some(
            built
                .inner()
                .map(|id| {
                    (
                        built.name(id).to_string(),
                        built.value(id).to_decimal(PLACES),
                    )
                })
                .collect(),
        ),
        ..Key::default()
    };
    Ok(built)
}

/// A value as a sum's term or a list shows it: negative values in brackets (`1/4 × (-1)`).
fn term(value: Ratio) -> String {
    if value < Ratio::ZERO {
        format!("({value})")
    } else {
        value.to_string()
    }
}

/// A value as a reason states it: exact, and rounded beside it when its decimals go on
/// (`7/6 (≈ 1.17)`).
fn stated(value: Ratio, lang: Lang) -> String {
    let rounded = value.to_decimal(PLACES);
    // Swedish and Greek write a decimal comma, as their questions do.
    let rounded = match lang {
        Lang::Sv | Lang::El => rounded.replace('.', ","),
        _ => rounded,
    };
    if value.to_decimal(PLACES).parse::<Ratio>() == Ok(value) {
        if value.is_integer() {
            value.to_string()
        } else {
            format!("{value} = {rounded}")
        }
    } else {
        format!("{value} (≈ {rounded})")
    }
}

/// Why inner node `id` is worth what it is worth: a chance node's weighted sum, term by
/// term; a player's choice among its children's values.
fn reason(built: &Built, lang: Lang, id: NodeId) -> String {
    let children = built.tree.children(id);
    let node = built.name(id);
    let value = built.value(id);
    match built.tree.kind(id) {
        NodeKind::Chance => {
            let terms: Vec<String> = children
                .iter()
                .map(|&c| {
                    let p = built.tree.probability(c).unwrap_or(Ratio::ZERO);
                    format!("{p} × {}", term(built.value(c)))
                })
                .collect();
            lang.say(
                "exercise.reason.chance",
                &[
                    ("node", &node),
                    ("shown", &stated(value, lang)),
                    ("sum", &terms.join(" + ")),
                    ("value", &value),
                ],
            )
        }
        kind => {
            let values: Vec<String> = children
                .iter()
                .map(|&c| built.value(c).to_string())
                .collect();
            let id_text = if kind == NodeKind::Max {
                "exercise.reason.max"
            } else {
                "exercise.reason.min"
            };
            lang.say(
                id_text,
                &[
                    ("node", &node),
                    ("value", &stated(value, lang)),
                    ("children", &list(lang, &values)),
                ],
            )
        }
    }
}

/// The student's answer checked: the answer to `POST /api/practice/check` for the
/// `expectimax` kind.
pub(super) fn check(request: &CheckRequest) -> Result<Checked, ApiError> {
    let built = build(&request.exercise_request())?;
    let lang = request.lang;
    let response = answer::Fields::read(&request.response)?;
    let values = response.get("values").ok_or_else(|| {
        bad(Phrase::new("errors.practice.no_values")
            .arg("form", "{\"values\": {name: \"7/6\", a number or null}}"))
    })?;
    let given = answer::values(
        values,
        |name| {
            built
                .id_of(name)
                .is_some_and(|id| !built.tree.node(id).is_leaf())
        },
        Phrase::new("errors.practice.values_values"),
    )?;
    let given: BTreeMap<&str, &RawValue> = given
        .iter()
        .map(|(name, raw)| (name.as_str(), *raw))
        .collect();
    let marks = built
        .inner()
        .map(|id| {
            let name = built.name(id).to_string();
            let value = built.value(id);
            let given = answer::given(
                given.get(name.as_str()).copied(),
                &format!("values: {name}"),
            )?;
            let ok = given.answers(value);
            let reason = (!ok).then(|| reason(&built, lang, id));
            let mark = Mark {
                node: name,
                part: None,
                ok,
                given: given.echo,
                expected: value.to_string().into(),
                reason,
            };
            Ok((mark, built.mistake_step(id)))
        })
        .collect::<Result<Vec<(Mark, usize)>, ApiError>>()?;
    Ok(super::checked(
        request,
        &built.exercise.variant,
        marks,
        built.run.steps.len(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn r(text: &str) -> Ratio {
        text.parse().unwrap()
    }

    /// Whether `given`, a value of a response, answers `exact` (a value that is not a
    /// number is refused, and panics here).
    fn answers(given: &Value, exact: Ratio) -> bool {
        let raw = serde_json::value::to_raw_value(given).unwrap();
        answer::given(Some(&raw), "values: b")
            .unwrap()
            .answers(exact)
    }

    #[test]
    fn answers_take_exact_values_and_roundings_of_values_whose_decimals_go_on() {
        let seven_sixths = r("7/6");
        for right in ["7/6", " 7 / 6 ", "14/12", "1.17", "1,17", "1.167", "1.1667"] {
            assert!(answers(&right.into(), seven_sixths), "{right}");
        }
        for wrong in ["1.2", "1.16", "1.18", "7/5"] {
            assert!(!answers(&wrong.into(), seven_sixths), "{wrong}");
        }
        // Not numbers: refused, naming the node.
        for refused in ["", "x", "1.17.1", "1/0"] {
            let raw = serde_json::value::to_raw_value(refused).unwrap();
            let error = answer::given(Some(&raw), "values: b").err().unwrap();
            assert!(
                error.error.starts_with("response: values: b: "),
                "{error:?}"
            );
        }
        let three_quarters = r("15/4");
        assert!(answers(&"3.75".into(), three_quarters));
        assert!(answers(&"3,75".into(), three_quarters));
        assert!(answers(&serde_json::json!(3.75), three_quarters));
        assert!(!answers(&"3.76".into(), three_quarters));
        assert!(!answers(&"3.8".into(), three_quarters));
        assert!(answers(&"\u{2212}3/2".into(), r("-3/2")));
        assert!(answers(&serde_json::json!(-1.5), r("-3/2")));
        assert!(answers(&serde_json::json!(4), Ratio::from(4)));
        assert!(!answers(&Value::Null, Ratio::ZERO));
        // 1.125 goes past 2 places: either neighbour of its half-way point is right.
        assert!(answers(&"1.13".into(), r("9/8")) && answers(&"1.12".into(), r("9/8")));
    }

    #[test]
    fn weighted_probabilities_add_up_to_one_and_equal_ones_are_equal() {
        let mut rng = SplitMix64(7);
        for outcomes in 2..=3 {
            for _ in 0..200 {
                let (parts, denominator) = probabilities(outcomes, "weighted", &mut rng);
                assert_eq!(parts.len(), outcomes);
                assert!([3, 4, 6].contains(&denominator), "{denominator}");
                assert!(parts.iter().all(|&p| p > 0));
                assert_eq!(parts.iter().sum::<u64>(), denominator);
            }
            let (parts, denominator) = probabilities(outcomes, "equal", &mut rng);
            assert_eq!(parts, vec![1; outcomes]);
            assert_eq!(denominator, outcomes as u64);
        }
    }

    #[test]
    fn values_are_stated_exactly_with_their_rounding() {
        assert_eq!(stated(r("7/6"), Lang::En), "7/6 (≈ 1.17)");
        assert_eq!(stated(r("7/6"), Lang::Sv), "7/6 (≈ 1,17)");
        assert_eq!(stated(r("15/4"), Lang::El), "15/4 = 3,75");
        assert_eq!(stated(r("15/4"), Lang::Zh), "15/4 = 3.75");
        assert_eq!(stated(Ratio::from(-2), Lang::Sv), "-2");
        assert_eq!(term(r("-1/2")), "(-1/2)");
    }
}
