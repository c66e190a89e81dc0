//! The tests of `ply_api::practice`: every answer checked against a minimax and an
//! alpha-beta of the test's own, over the tree text read by the test's own reader.
//! The kind on trees with chance nodes has its own file (`practice_expectimax.rs`).

use ply_api::control::Control;
use ply_api::practice::*;
use ply_api::service::{Service, ServiceLimits};
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet};

/// A tree read from the indented text: names, children, leaf values.
struct Tree {
    names: Vec<String>,
    children: Vec<Vec<usize>>,
    value: Vec<Option<i64>>,
    depth: Vec<usize>,
}

/// Reads the indented format as the exercises write it: two spaces a level, `name`
/// for an inner node, `name = value` for a leaf.
fn read(text: &str) -> Tree {
    let mut tree = Tree {
        names: vec![],
        children: vec![],
        value: vec![],
        depth: vec![],
    };
    let mut open: Vec<usize> = vec![];
    for line in text.lines() {
        let content = line.trim_start_matches(' ');
        let indent = line.len() - content.len();
        assert_eq!(indent % 2, 0, "{line:?}");
        let depth = indent / 2;
        let (name, value) = match content.split_once(" = ") {
            Some((name, value)) => (name, Some(value.parse::<i64>().unwrap())),
            None => (content, None),
        };
        assert!(!name.is_empty() && !name.contains(' '), "{line:?}");
        let id = tree.names.len();
        tree.names.push(name.to_string());
        tree.children.push(vec![]);
        tree.value.push(value);
        tree.depth.push(depth);
        open.truncate(depth);
        if let Some(&parent) = open.last() {
            tree.children[parent].push(id);
        } else {
            assert_eq!(id, 0, "a second root: {line:?}");
        }
        assert_eq!(open.len(), depth, "{line:?}");
        open.push(id);
    }
    for id in 0..tree.names.len() {
        assert_eq!(
            tree.value[id].is_some(),
            tree.children[id].is_empty(),
            "{}",
            tree.names[id]
        );
    }
    tree
}

/// Minimax values, MAX's view, `max_at_root` saying who moves at the root.
fn minimax(tree: &Tree, id: usize, max: bool, out: &mut Vec<i64>) -> i64 {
    let value = match tree.value[id] {
        Some(v) => v,
        None => {
            let values = tree.children[id]
                .iter()
                .map(|&c| minimax(tree, c, !max, out))
                .collect::<Vec<_>>();
            if max {
                *values.iter().max().unwrap()
            } else {
                *values.iter().min().unwrap()
            }
        }
    };
    out[id] = value;
    value
}

/// Negamax values: leaf values for the player to move there; each node the greatest
/// of its children's negated.
fn negamax(tree: &Tree, id: usize, out: &mut Vec<i64>) -> i64 {
    let value = match tree.value[id] {
        Some(v) => v,
        None => tree.children[id]
            .iter()
            .map(|&c| -negamax(tree, c, out))
            .max()
            .unwrap(),
    };
    out[id] = value;
    value
}

const INF: i64 = i64::MAX / 4;

/// What the test's alpha-beta did.
#[derive(Default)]
struct Search {
    /// Leaves in the order looked at, with the window each was reached with.
    order: Vec<(usize, i64, i64)>,
    /// For each node that cut: the value that cut and the window then.
    cuts: BTreeMap<usize, (i64, i64, i64)>,
    /// For each leaf never looked at: the node whose cut skipped it.
    pruned_at: BTreeMap<usize, usize>,
}

/// Alpha-beta in MAX's view, children in order, a cut as soon as α ≥ β.
fn alphabeta(
    tree: &Tree,
    id: usize,
    max: bool,
    mut alpha: i64,
    mut beta: i64,
    s: &mut Search,
) -> i64 {
    if let Some(v) = tree.value[id] {
        s.order.push((id, alpha, beta));
        return v;
    }
    let children = &tree.children[id];
    let mut best = if max { -INF } else { INF };
    for (i, &c) in children.iter().enumerate() {
        let v = alphabeta(tree, c, !max, alpha, beta, s);
        if max {
            best = best.max(v);
            if best >= beta && i + 1 < children.len() {
                s.cuts.insert(id, (best, alpha, beta));
                skip(tree, &children[i + 1..], id, s);
                return best;
            }
            alpha = alpha.max(best);
        } else {
            best = best.min(v);
            if best <= alpha && i + 1 < children.len() {
                s.cuts.insert(id, (best, alpha, beta));
                skip(tree, &children[i + 1..], id, s);
                return best;
            }
            beta = beta.min(best);
        }
    }
    best
}

fn skip(tree: &Tree, nodes: &[usize], at: usize, s: &mut Search) {
    for &n in nodes {
        if tree.children[n].is_empty() {
            s.pruned_at.insert(n, at);
        }
        skip(tree, &tree.children[n], at, s);
    }
}

fn bound(v: i64) -> String {
    match v {
        v if v >= INF => "+∞".into(),
        v if v <= -INF => "-∞".into(),
        v => v.to_string(),
    }
}

/// The kinds on trees without chance nodes, which this file's searches prove.
const MINIMAX_KINDS: [&str; 4] = ["values", "pruned", "order", "best_move"];

fn service() -> Service {
    Service::new(ServiceLimits::default(), None)
}

fn post(path: &str, body: &Value) -> (u16, Value) {
    let answer = service().answer(path, body.to_string().as_bytes(), &Control::new());
    (answer.status, serde_json::from_str(&answer.body).unwrap())
}

/// The lab's request answered by `/api/tree`.
fn lab_answer(exercise: &Value) -> Value {
    let (status, json) = post("/api/tree", &exercise["lab"]);
    assert_eq!(status, 200, "{json}");
    json
}

fn request(kind: &str, seed: u64, level: u32) -> PracticeRequest {
    PracticeRequest::new(kind, seed, level)
}

fn check_with(exercise: &Value, response: Value) -> Value {
    let request = json!({
        "kind": exercise["kind"], "seed": exercise["seed"], "level": exercise["level"],
        "variant": exercise["variant"], "response": response,
    });
    let checked: CheckRequest = serde_json::from_value(request).unwrap();
    serde_json::to_value(check(&checked).unwrap()).unwrap()
}

/// The marks that are wrong, by node.
fn wrong(checked: &Value) -> Vec<&Value> {
    checked["marks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["ok"] == false)
        .collect()
}

/// The whole proof for one exercise: the answer against the test's own searches, the
/// names, the lab's reading, the checking of the right answer and of one mistake.
fn prove(kind: &str, seed: u64, level: u32, with_lab: bool) {
    let ours = exercise(&request(kind, seed, level)).unwrap();
    let text = serde_json::to_string(&ours).unwrap();
    let again = serde_json::to_string(&exercise(&request(kind, seed, level)).unwrap()).unwrap();
    assert_eq!(text, again, "{kind} {seed} {level}");
    let e: Value = serde_json::from_str(&text).unwrap();
    let tree = read(e["tree"].as_str().unwrap());
    let names: BTreeSet<&String> = tree.names.iter().collect();
    assert_eq!(names.len(), tree.names.len(), "names unique: {}", e["tree"]);
    let root_max = e["root"] == "max";
    let n = tree.names.len();
    let inner: Vec<usize> = (0..n).filter(|&i| tree.value[i].is_none()).collect();
    let leaves: Vec<usize> = (0..n).filter(|&i| tree.value[i].is_some()).collect();
    let answer = &e["answer"];
    let context = format!("{kind} seed {seed} level {level}: {e}");
    // The value the lab's tree must read back to, MAX at the lab's root.
    let lab_value;
    let mut response = json!({});
    match kind {
        "values" => {
            let mut values = vec![0; n];
            if e["variant"] == "negamax" {
                assert_eq!(e["leaf_perspective"], "mover");
                let mut nega = vec![0; n];
                negamax(&tree, 0, &mut nega);
                for &i in &inner {
                    let max_view = if tree.depth[i] % 2 == 0 {
                        nega[i]
                    } else {
                        -nega[i]
                    };
                    assert_eq!(
                        answer["negamax_values"][&tree.names[i]], nega[i],
                        "{context}"
                    );
                    assert_eq!(answer["values"][&tree.names[i]], max_view, "{context}");
                    values[i] = nega[i];
                }
                lab_value = nega[0];
            } else {
                minimax(&tree, 0, root_max, &mut values);
                for &i in &inner {
                    assert_eq!(answer["values"][&tree.names[i]], values[i], "{context}");
                }
                lab_value = if root_max { values[0] } else { -values[0] };
            }
            assert_eq!(answer["values"].as_object().unwrap().len(), inner.len());
            let given: serde_json::Map<String, Value> = inner
                .iter()
                .map(|&i| (tree.names[i].clone(), values[i].into()))
                .collect();
            response["values"] = given.into();
        }
        "pruned" | "order" => {
            let mut s = Search::default();
            alphabeta(&tree, 0, root_max, -INF, INF, &mut s);
            let looked: BTreeSet<usize> = s.order.iter().map(|o| o.0).collect();
            let pruned: Vec<&String> = leaves
                .iter()
                .filter(|i| !looked.contains(i))
                .map(|&i| &tree.names[i])
                .collect();
            let order: Vec<&String> = s.order.iter().map(|o| &tree.names[o.0]).collect();
            if kind == "pruned" {
                assert_eq!(answer["pruned"], json!(pruned), "{context}");
                response["pruned"] = json!(pruned);
            } else {
                assert_eq!(answer["order"], json!(order), "{context}");
                response["order"] = json!(order);
            }
            let mut values = vec![0; n];
            minimax(&tree, 0, root_max, &mut values);
            lab_value = if root_max { values[0] } else { -values[0] };
            if with_lab {
                let lab = lab_answer(&e);
                assert_eq!(lab["leaves_evaluated"], s.order.len(), "{context}");
            }
            // One mistake: a leaf wrongly marked, or a leaf out of place.
            if kind == "pruned" {
                let victim = leaves[seed as usize % leaves.len()];
                let name = &tree.names[victim];
                let mut given: Vec<&String> = pruned.clone();
                if looked.contains(&victim) {
                    given.push(name);
                } else {
                    given.retain(|x| *x != name);
                }
                let checked = check_with(&e, json!({"pruned": given}));
                let wrong = wrong(&checked);
                assert_eq!(wrong.len(), 1, "{context}\n{checked}");
                assert_eq!(wrong[0]["node"], *name);
                let reason = wrong[0]["reason"].as_str().unwrap();
                let step = checked["first_mistake"]["step"].as_u64().unwrap() as usize;
                let lab = if with_lab { Some(lab_answer(&e)) } else { None };
                if let Some(&(_, alpha, beta)) = s.order.iter().find(|o| o.0 == victim) {
                    let said = format!(
                        "{name} is looked at: when alpha-beta reaches it, α = {} < β = {}",
                        bound(alpha),
                        bound(beta)
                    );
                    assert!(reason.starts_with(&said), "{reason} / {said}");
                    if let Some(lab) = lab {
                        assert_eq!(lab["trace"][step]["step"], "leaf");
                        assert_eq!(lab["trace"][step]["node"], *name);
                    }
                } else {
                    let cut = s.pruned_at[&victim];
                    let (value, alpha, beta) = s.cuts[&cut];
                    let cut_is_max = (tree.depth[cut] % 2 == 0) == root_max;
                    let said = if cut_is_max {
                        format!(
                            "at {}, α = {} ≥ β = {}",
                            tree.names[cut],
                            bound(value),
                            bound(beta)
                        )
                    } else {
                        format!(
                            "at {}, β = {} ≤ α = {}",
                            tree.names[cut],
                            bound(value),
                            bound(alpha)
                        )
                    };
                    assert!(
                        reason.starts_with(&format!("{name} is never looked at: {said}")),
                        "{reason} / {said}"
                    );
                    if let Some(lab) = lab {
                        assert_eq!(lab["trace"][step]["step"], "cutoff");
                        assert_eq!(lab["trace"][step]["node"], tree.names[cut]);
                    }
                }
            } else {
                // A leaf alpha-beta never looks at in place k; when it looks at every
                // leaf, the leaves of places k and k + 1 swapped (a name listed twice is
                // refused).
                let swapped = pruned.is_empty();
                let k = seed as usize % (order.len() - usize::from(swapped));
                let mut given = order.clone();
                match pruned.first() {
                    Some(other) => given[k] = other,
                    None => given.swap(k, k + 1),
                }
                let checked = check_with(&e, json!({"order": given}));
                let wrong = wrong(&checked);
                assert_eq!(
                    wrong.len(),
                    1 + usize::from(swapped),
                    "{context}\n{checked}"
                );
                assert_eq!(wrong[0]["node"], *order[k]);
                let reason = wrong[0]["reason"].as_str().unwrap();
                if k == 0 {
                    assert!(
                        reason.starts_with(&format!("Alpha-beta looks at {} first", order[0])),
                        "{reason}"
                    );
                } else {
                    assert!(
                        reason.starts_with(&format!("Leaf number {} is {}: ", k + 1, order[k])),
                        "{reason}"
                    );
                    assert!(reason.contains(order[k - 1].as_str()), "{reason}");
                }
                if with_lab {
                    let step = checked["first_mistake"]["step"].as_u64().unwrap() as usize;
                    let lab = lab_answer(&e);
                    assert_eq!(lab["trace"][step]["step"], "leaf");
                    assert_eq!(lab["trace"][step]["node"], *order[k]);
                }
            }
        }
        _ => {
            assert_eq!(e["root"], "max");
            let mut values = vec![0; n];
            minimax(&tree, 0, true, &mut values);
            for &i in &inner {
                assert_eq!(answer["values"][&tree.names[i]], values[i], "{context}");
            }
            assert_eq!(answer["value"], values[0], "{context}");
            let best: Vec<&String> = tree.children[0]
                .iter()
                .filter(|&&c| values[c] == values[0])
                .map(|&c| &tree.names[c])
                .collect();
            assert_eq!(answer["best_nodes"], json!(best), "{context}");
            let moves = answer["moves"].as_object().unwrap();
            assert_eq!(moves.len(), n - 1);
            for (name, notation) in best.iter().zip(answer["best"].as_array().unwrap()) {
                assert_eq!(moves[name.as_str()], *notation);
            }
            lab_value = values[0];
            let first = answer["best"][0].clone();
            response = json!({"best": first, "value": values[0]});
            // One mistake: a move that is not best, else a wrong value.
            let worse = tree.children[0].iter().find(|&&c| values[c] != values[0]);
            let (given, part, said) = match worse {
                Some(&c) => {
                    let notation = moves[&tree.names[c]].as_str().unwrap();
                    (
                        json!({"best": notation, "value": values[0]}),
                        "move",
                        format!(
                            "{notation} leads to a position worth {}, but {} leads to {}",
                            values[c],
                            first.as_str().unwrap(),
                            values[0]
                        ),
                    )
                }
                None => (
                    json!({"best": first, "value": values[0] + 1}),
                    "value",
                    format!("The position is worth {}", values[0]),
                ),
            };
            let checked = check_with(&e, given);
            let wrong = wrong(&checked);
            assert_eq!(wrong.len(), 1, "{context}\n{checked}");
            assert_eq!(wrong[0]["part"], part);
            let reason = wrong[0]["reason"].as_str().unwrap();
            assert!(reason.starts_with(&said), "{reason} / {said}");
        }
    }
    if kind == "values" {
        // One mistake: a node's value off by one.
        let victim = inner[seed as usize % inner.len()];
        let name = &tree.names[victim];
        let mut given = response.clone();
        let right = given["values"][name].as_i64().unwrap();
        given["values"][name] = (right + 1).into();
        let checked = check_with(&e, given);
        let wrong = wrong(&checked);
        assert_eq!(wrong.len(), 1, "{context}\n{checked}");
        assert_eq!(wrong[0]["node"], *name);
        assert_eq!(wrong[0]["expected"], right);
        let reason = wrong[0]["reason"].as_str().unwrap();
        assert!(
            reason.starts_with(&format!("{name} is worth {right}")),
            "{reason}"
        );
        assert_eq!(checked["first_mistake"]["node"], *name);
        if with_lab {
            let step = checked["first_mistake"]["step"].as_u64().unwrap() as usize;
            let lab = lab_answer(&e);
            assert_eq!(lab["trace"][step]["step"], "exit");
            assert_eq!(lab["trace"][step]["node"], *name);
        }
    }
    // The right answer is all right.
    let checked = check_with(&e, response);
    assert_eq!(checked["correct"], true, "{context}\n{checked}");
    assert_eq!(checked["right"], checked["total"]);
    assert_eq!(checked["first_mistake"], Value::Null);
    if with_lab {
        let lab = lab_answer(&e);
        assert_eq!(lab["value"], lab_value, "{context}");
        assert_eq!(checked["steps"], lab["trace"].as_array().unwrap().len());
        if root_max && e["leaf_perspective"] == "max" {
            assert_eq!(e["lab"]["tree"], e["tree"]);
        }
    }
}

#[test]
fn a_thousand_exercises_of_each_kind_agree_with_the_tests_own_searches() {
    for kind in MINIMAX_KINDS {
        for seed in 0..1_000u64 {
            let level = 1 + (seed % 5) as u32;
            prove(kind, seed, level, seed % 10 == 0);
        }
    }
}

#[test]
fn every_level_and_variant_of_each_kind_agrees_with_the_tests_own_searches() {
    for kind in MINIMAX_KINDS {
        for level in LEVELS {
            for seed in 0..40u64 {
                prove(kind, seed * 7919 + MAX_SEED - 40 * 7919, level, true);
            }
        }
    }
}

#[test]
fn tree_sizes_grow_with_the_level() {
    for kind in ["values", "pruned", "order"] {
        for level in LEVELS {
            let mut sizes = BTreeSet::new();
            for seed in 0..200 {
                let e = exercise(&request(kind, seed, level)).unwrap();
                let tree = read(&e.tree);
                let leaves = tree.value.iter().filter(|v| v.is_some()).count();
                let depth = *tree.depth.iter().max().unwrap();
                let (low, high, depths) = match level {
                    1 => (4, 9, 2..=2),
                    2 => (8, 14, 3..=3),
                    3 => (10, 20, 3..=3),
                    4 => (16, 28, 4..=4),
                    _ => (20, 40, 4..=5),
                };
                assert!(
                    (low..=high).contains(&leaves),
                    "{kind} {level} {seed}: {leaves}"
                );
                assert!(depths.contains(&depth), "{kind} {level} {seed}: {depth}");
                sizes.insert(leaves);
            }
            assert!(sizes.len() > 2, "shapes vary: {sizes:?}");
        }
    }
}

#[test]
fn the_variants_of_a_seed_share_its_tree() {
    for seed in 0..50 {
        let mut leaves = Vec::new();
        for variant in ["as_written", "good_order", "bad_order"] {
            let mut r = request("pruned", seed, 3);
            r.variant = Some(variant.into());
            let e = exercise(&r).unwrap();
            assert_eq!(e.variant, variant);
            let tree = read(&e.tree);
            let mut values: Vec<i64> = tree.value.iter().flatten().copied().collect();
            values.sort();
            leaves.push((values, e.root));
        }
        assert_eq!(leaves[0], leaves[1]);
        assert_eq!(leaves[0], leaves[2]);
        // Without a variant, the seed's own choice, and the same exercise as naming it.
        let chosen = exercise(&request("pruned", seed, 3)).unwrap();
        let mut named = request("pruned", seed, 3);
        named.variant = Some(chosen.variant.clone());
        assert_eq!(exercise(&named).unwrap(), chosen);
    }
    // Good order prunes at least as much as the tree as written, and bad order at most.
    let mut total = [0usize; 3];
    for seed in 0..100 {
        for (i, variant) in ["as_written", "good_order", "bad_order"]
            .into_iter()
            .enumerate()
        {
            let mut r = request("pruned", seed, 4);
            r.variant = Some(variant.into());
            total[i] += exercise(&r).unwrap().answer.pruned.unwrap().len();
        }
    }
    assert!(total[1] > total[0] && total[0] > total[2], "{total:?}");
}

#[test]
fn every_variant_comes_up() {
    for kind in MINIMAX_KINDS {
        let seen: BTreeSet<String> = (0..60)
            .map(|seed| exercise(&request(kind, seed, 2)).unwrap().variant)
            .collect();
        assert_eq!(seen.len(), 3, "{kind}: {seen:?}");
    }
    let roots: BTreeSet<&str> = (0..20)
        .map(|seed| exercise(&request("order", seed, 2)).unwrap().root)
        .collect();
    assert_eq!(roots.len(), 2);
}

#[test]
fn the_classic_reasons_in_words() {
    // Seed 1's level-1 exercises, pinned: a change to the generator changes them, and
    // must be said in docs/api.md.
    let values = exercise(&request("values", 1, 1)).unwrap();
    assert_eq!((values.variant.as_str(), values.root), ("max_root", "max"));
    assert_eq!(
        values.tree,
        "a\n  b\n    e = 6\n    f = 7\n  c\n    g = 1\n    h = 8\n  d\n    i = 1\n    j = 4\n    k = 2\n"
    );
    let checked = check_with(
        &serde_json::to_value(&values).unwrap(),
        json!({"values": {"a": 6, "b": 6, "c": 8, "d": null}}),
    );
    let marks = serde_json::to_value(&checked["marks"]).unwrap();
    assert_eq!(
        marks,
        json!([
            {"node": "a", "ok": true, "given": 6, "expected": 6},
            {"node": "b", "ok": true, "given": 6, "expected": 6},
            {"node": "c", "ok": false, "given": 8, "expected": 1,
             "reason": "c is worth 1: its children give 1 and 8, and MIN takes the least."},
            {"node": "d", "ok": false, "given": null, "expected": 1,
             "reason": "d is worth 1: its children give 1, 4 and 2, and MIN takes the least."},
        ])
    );
    assert_eq!(checked["first_mistake"], json!({"node": "c", "step": 8}));
    assert_eq!(
        (checked["right"].clone(), checked["total"].clone()),
        (json!(2), json!(4))
    );
    assert_eq!(checked["correct"], false);
}

#[test]
fn seed_one_at_level_one_is_pinned_for_every_kind() {
    let pinned = [
        (
            "values",
            "max_root",
            "a\n  b\n    e = 6\n    f = 7\n  c\n    g = 1\n    h = 8\n  d\n    i = 1\n    j = 4\n    k = 2\n",
        ),
        (
            "pruned",
            "good_order",
            "a\n  b\n    e = 6\n    f = 6\n    g = 2\n  c\n    h = 7\n    i = 6\n    j = 5\n  d\n    k = 7\n    l = 3\n",
        ),
        (
            "order",
            "bad_order",
            "a\n  b\n    e = 9\n    f = 4\n    g = 0\n  c\n    h = 3\n    i = 1\n    j = 0\n  d\n    k = 6\n    l = 4\n",
        ),
        (
            "best_move",
            "race",
            "a\n  b\n    d\n      g = 1\n    e = -1\n  c\n    f = -1\n",
        ),
    ];
    for (kind, variant, tree) in pinned {
        let e = exercise(&request(kind, 1, 1)).unwrap();
        assert_eq!(
            (e.variant.as_str(), e.tree.as_str()),
            (variant, tree),
            "{kind}"
        );
    }
}

#[test]
fn the_service_answers_practice_as_the_library_does() {
    let body = json!({"kind": "order", "seed": 42, "level": 3});
    let answer = service().answer(
        "/api/practice",
        body.to_string().as_bytes(),
        &Control::new(),
    );
    assert_eq!(answer.status, 200);
    let ours = serde_json::to_string(&exercise(&request("order", 42, 3)).unwrap()).unwrap();
    assert_eq!(answer.body, ours);
    // The largest seed is taken; the languages ask in their own words.
    let (status, _) = post(
        "/api/practice",
        &json!({"kind": "values", "seed": MAX_SEED, "level": 5}),
    );
    assert_eq!(status, 200);
    let (_, sv) = post(
        "/api/practice",
        &json!({"kind": "pruned", "seed": 3, "level": 2, "lang": "sv"}),
    );
    let (_, en) = post(
        "/api/practice",
        &json!({"kind": "pruned", "seed": 3, "level": 2}),
    );
    assert_eq!(sv["tree"], en["tree"]);
    assert_eq!(sv["answer"], en["answer"]);
    // A check through the service.
    let (status, checked) = post(
        "/api/practice/check",
        &json!({"kind": "order", "seed": 42, "level": 3, "response": {"order": []}}),
    );
    assert_eq!(status, 200, "{checked}");
    assert_eq!(checked["right"], 0);
    assert_eq!(checked["first_mistake"]["step"], 3, "{checked}");
}

#[test]
fn bad_requests_are_refused_naming_the_field() {
    let cases = [
        (
            json!({"kind": "values", "seed": MAX_SEED + 1, "level": 1}),
            "seed: ",
        ),
        (
            json!({"kind": "values", "seed": -1, "level": 1}),
            "seed: -1 is not a whole number",
        ),
        (
            json!({"kind": "values", "seed": 1.5, "level": 1}),
            "seed: 1.5 is not",
        ),
        (
            json!({"kind": "values", "seed": 1, "level": 0}),
            "level: 0 is not a whole number from 1 to 5",
        ),
        (
            json!({"kind": "values", "seed": 1, "level": 6}),
            "level: 6 is not",
        ),
        (
            json!({"kind": "values", "seed": 1, "level": -2}),
            "level: -2 is not",
        ),
        (
            json!({"kind": "cuts", "seed": 1, "level": 1}),
            "kind: unknown exercise 'cuts'",
        ),
        (
            json!({"kind": "values", "seed": 1, "level": 1, "variant": "good_order"}),
            "variant: unknown variant 'good_order' of values: max_root, min_root, negamax",
        ),
        (
            json!({"kind": "values", "seed": 1, "level": 1, "lang": "fr"}),
            "lang: unknown language",
        ),
        (
            json!({"kind": "values", "seed": 1}),
            "missing field `level`",
        ),
        (
            json!({"kind": "values", "seed": 1, "level": 1, "colour": 1}),
            "unknown field `colour`",
        ),
    ];
    for (body, said) in cases {
        let (status, error) = post("/api/practice", &body);
        assert_eq!(status, 400, "{body}");
        assert_eq!(error["kind"], "bad_request");
        assert!(
            error["error"].as_str().unwrap().contains(said),
            "{error} / {said}"
        );
    }
    let checks = [
        (
            json!({"kind": "values", "seed": 1, "level": 1, "response": {"values": {"zz": 1}}}),
            "response: values: the tree has no inner node 'zz'",
        ),
        (
            json!({"kind": "values", "seed": 1, "level": 1, "response": {"pruned": []}}),
            "response: no field values",
        ),
        (
            json!({"kind": "pruned", "seed": 1, "level": 1, "response": {"pruned": ["a"]}}),
            "response: pruned: the tree has no leaf 'a'",
        ),
        (
            json!({"kind": "order", "seed": 1, "level": 1, "response": {"order": "e"}}),
            "response: order is a list of node names",
        ),
        (
            json!({"kind": "best_move", "seed": 1, "level": 1, "response": {"best": 1}}),
            "response: best is a move",
        ),
        (
            json!({"kind": "order", "seed": 1, "level": 1, "response": []}),
            "response: an object",
        ),
        (
            json!({"kind": "order", "seed": 1, "level": 1}),
            "missing field `response`",
        ),
    ];
    for (body, said) in checks {
        let (status, error) = post("/api/practice/check", &body);
        assert_eq!(status, 400, "{body}");
        assert!(
            error["error"].as_str().unwrap().contains(said),
            "{error} / {said}"
        );
    }
}

#[test]
fn a_best_move_names_its_game_and_position() {
    let mut seen = BTreeSet::new();
    for seed in 0..30 {
        for level in LEVELS {
            let e = exercise(&request("best_move", seed, level)).unwrap();
            let game = e.game.clone().unwrap();
            let position = e.position.clone().unwrap();
            match e.variant.as_str() {
                "tictactoe" => {
                    assert_eq!(game, "tictactoe");
                    let empty = position.chars().filter(|&c| c == '.').count();
                    assert_eq!(empty as u32, level + 2, "{position}");
                    // Moves name the root's children: b2, a3...
                    for best in e.answer.best.as_ref().unwrap() {
                        assert!(e.answer.best_nodes.as_ref().unwrap().contains(best));
                    }
                }
                "nim" => assert_eq!(game, format!("nim:{position}")),
                _ => {
                    assert_eq!(game, "race:10,2");
                    let total: u32 = position.parse().unwrap();
                    assert!((10 - total) >= level + 2 && (10 - total) <= level + 3);
                }
            }
            seen.insert(e.variant.clone());
            // The move by its notation or by its node's name is the same answer.
            let best = e.answer.best.as_ref().unwrap()[0].clone();
            let node = e.answer.best_nodes.as_ref().unwrap()[0].clone();
            let value = e.answer.value.unwrap();
            let exercise = serde_json::to_value(&e).unwrap();
            for given in [best, node] {
                let checked = check_with(&exercise, json!({"best": given, "value": value}));
                assert_eq!(checked["correct"], true, "{checked}");
            }
        }
    }
    assert_eq!(seen.len(), 3);
    // A tic-tac-toe leaf's value: f(p), or ±100 for a finished game.
    let e = (0..100)
        .map(|seed| exercise(&request("best_move", seed, 1)).unwrap())
        .find(|e| e.variant == "tictactoe")
        .unwrap();
    assert!(e.question.contains("f(p)"), "{}", e.question);
    let tree = read(&e.tree);
    for value in tree.value.iter().flatten() {
        assert!(value.abs() <= 8 || value.abs() == 100, "{value}");
    }
}

#[test]
fn questions_and_reasons_follow_the_language() {
    let english = exercise(&request("pruned", 5, 1)).unwrap();
    assert!(
        english
            .question
            .starts_with("Alpha-beta searches this tree, M"),
        "{}",
        english.question
    );
    assert!(
        english
            .question
            .ends_with("Which leaves does it never look at?")
    );
    for lang in ["sv", "zh", "el"] {
        let (status, e) = post(
            "/api/practice",
            &json!({"kind": "pruned", "seed": 5, "level": 1, "lang": lang}),
        );
        assert_eq!(status, 200);
        assert_eq!(e["tree"], english.tree);
    }
}

/// The question and the reasons in Swedish, Chinese and Greek: the catalog's own sentence
/// for the exercise (with a literal phrase of each language, so an emptied catalog fails),
/// and a leaf left out of the pruned answer explained in the language asked for.
#[test]
fn questions_and_reasons_come_in_the_requested_language() {
    use ply_api::lang::Lang;
    // The first seed whose level-2 pruning exercise prunes something.
    let (seed, english) = (0..100)
        .map(|seed| (seed, exercise(&request("pruned", seed, 2)).unwrap()))
        .find(|(_, e)| e.answer.pruned.as_ref().is_some_and(|p| !p.is_empty()))
        .expect("a seed whose tree alpha-beta prunes");
    let pruned = english.answer.pruned.clone().unwrap();
    for (lang, words) in [
        (
            Lang::Sv,
            ["Vilka löv undersöker den aldrig?", "undersöks aldrig"],
        ),
        (Lang::Zh, ["哪些叶节点从未被查看？", "从未被查看"]),
        (
            Lang::El,
            ["Ποια φύλλα δεν εξετάζει ποτέ;", "δεν εξετάζεται ποτέ"],
        ),
    ] {
        let body = json!({"kind": "pruned", "seed": seed, "level": 2, "lang": lang.code()});
        let (status, asked) = post("/api/practice", &body);
        assert_eq!(status, 200, "{asked}");
        let id = format!(
            "exercise.question.pruned.{}",
            asked["root"].as_str().unwrap()
        );
        assert_eq!(asked["question"], lang.say(&id, &[]), "{lang}");
        assert!(
            asked["question"].as_str().unwrap().ends_with(words[0]),
            "{lang}: {asked}"
        );
        assert_eq!(
            asked["tree"],
            english.tree.as_str(),
            "{lang}: the same tree"
        );

        let mut check = body.clone();
        check["response"] = json!({"pruned": []});
        let (status, checked) = post("/api/practice/check", &check);
        assert_eq!(status, 200, "{checked}");
        let wrong: Vec<&Value> = checked["marks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["ok"] == false)
            .collect();
        assert_eq!(wrong.len(), pruned.len(), "{lang}: {checked}");
        for mark in wrong {
            let reason = mark["reason"].as_str().unwrap();
            assert!(reason.contains(words[1]), "{lang}: {reason}");
            assert!(
                reason.contains(mark["node"].as_str().unwrap()),
                "{lang}: {reason}"
            );
        }
    }
}

/// Every seed that is not one is refused in the same shape, with the same sentence,
/// quoting it as the request wrote it: a seed past 2^53 − 1 used to be refused in a
/// sentence of its own (and the others by the JSON reader), and `-0` was quoted `-0.0`.
#[test]
fn every_bad_seed_is_refused_in_one_sentence_quoting_it() {
    let reader = "the request is not the JSON this endpoint reads: ";
    for (seed, quoted) in [
        ("-1", "-1"),
        ("-0", "-0"),
        ("9007199254740992", "9007199254740992"),
        ("18446744073709551616", "18446744073709551616"),
        ("1.5", "1.5"),
        ("1.0", "1.0"),
        ("4e3", "4e3"),
        ("\"7\"", "'\"7\"'"),
        ("null", "'null'"),
    ] {
        for path in ["/api/practice", "/api/practice/check"] {
            let body = format!(
                r#"{{"kind": "values", "seed": {seed}, "level": 1, "response": {{"values": {{}}}}}}"#
            );
            let body = if path == "/api/practice" {
                body.replace(r#", "response": {"values": {}}"#, "")
            } else {
                body
            };
            let answer = service().answer(path, body.as_bytes(), &Control::new());
            assert_eq!(answer.status, 400, "{path} {seed}");
            let error: Value = serde_json::from_str(&answer.body).unwrap();
            assert_eq!(error["kind"], "bad_request");
            let message = error["error"].as_str().unwrap();
            let sentence = format!(
                "{reader}seed: {quoted} is not a whole number from 0 to 9007199254740991 \
                 written in digits at line 1 column "
            );
            assert!(message.starts_with(&sentence), "{path} {seed}: {message}");
        }
    }
    // The largest seed is read, and a request made in Rust past it is refused with the
    // same sentence.
    let (status, _) = post(
        "/api/practice",
        &json!({"kind": "values", "seed": MAX_SEED, "level": 1}),
    );
    assert_eq!(status, 200);
    assert_eq!(
        exercise(&request("values", MAX_SEED + 1, 1))
            .unwrap_err()
            .error,
        "seed: 9007199254740992 is not a whole number from 0 to 9007199254740991 written in \
         digits"
    );
}

/// Alpha-beta's pruning rule in an exercise: the same tree under `ge` and `gt`, and where
/// a tie decides, another answer (the leaves a tie lets `gt` read are pruned under `ge`).
#[test]
fn the_pruning_rule_is_the_exercises_own() {
    let mut differ = 0;
    for seed in 0..40 {
        let mut ge = PracticeRequest::new("pruned", seed, 2);
        ge.rule = Some("ge".into());
        let mut gt = ge.clone();
        gt.rule = Some("gt".into());
        let (a, b) = (exercise(&ge).unwrap(), exercise(&gt).unwrap());
        assert_eq!(a.tree, b.tree, "seed {seed}");
        assert_eq!((a.lab.rule, b.lab.rule), ("ge", "gt"));
        let (pa, pb) = (a.answer.pruned.unwrap(), b.answer.pruned.unwrap());
        // Going on past a tie never prunes more.
        assert!(pb.iter().all(|leaf| pa.contains(leaf)), "seed {seed}");
        if pa != pb {
            differ += 1;
        }
    }
    assert!(differ > 0, "no tie decided an exercise of 40");
    let mut bad = PracticeRequest::new("pruned", 1, 2);
    bad.rule = Some("gte".into());
    assert!(
        exercise(&bad)
            .unwrap_err()
            .error
            .starts_with("rule: unknown rule 'gte'")
    );
}
