//! The annotated tree as JSON. The field names are a contract (docs/tree-lab.md):
//! `{"value", "best", "nodes_visited", "leaves_evaluated", "cutoffs", "root": node}`
//! where a node is `{"name", "depth", "player", "value", "on_pv", "pruned", "children"}`,
//! plus extra fields documented there (among them `mover_value`, the value for the
//! player to move at the node, as negamax sees it, and `stands_for`).

use crate::annotate::{Annotation, Step};
use crate::tree::{ExplicitTree, NodeId};
use ply_core::Player;
use serde::Serialize;
use serde_json::Value;
use std::convert::Infallible;

#[derive(Serialize)]
struct WindowJson {
    alpha: Value,
    beta: Value,
}

#[derive(Serialize)]
struct CutoffJson {
    value: Value,
    alpha: Value,
    beta: Value,
    pruned: Vec<String>,
}

#[derive(Serialize)]
struct NodeJson {
    name: String,
    depth: u32,
    player: &'static str,
    /// MAX's point of view; null where the search never looked.
    value: Value,
    on_pv: bool,
    pruned: bool,
    children: Vec<NodeJson>,
    leaf: bool,
    /// The same as `on_pv`, under the long name the issue's prose uses.
    on_principal_variation: bool,
    /// "exact", "lower" or "upper" (alpha-beta bounds); null where not visited.
    bound: Option<&'static str>,
    visit_order: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cutoff: Option<CutoffJson>,
    /// A leaf's value as written in the tree (the file's perspective), also where the
    /// search never looked: what an editor needs to write the tree back.
    #[serde(skip_serializing_if = "Option::is_none")]
    written: Option<Value>,
    /// False when the tree gave the node no name (`name` is then `#N`, its place in
    /// reading order).
    named: bool,
    /// The value for the player to move at the node (negamax's view): `value` where
    /// MAX moves, its negation where MIN moves; null where `value` is.
    mover_value: Value,
    /// How many moves of its parent the node stands for (a game tree written out with
    /// its symmetries), when more than one.
    #[serde(skip_serializing_if = "Option::is_none")]
    stands_for: Option<u32>,
}

#[derive(Serialize)]
struct StepJson {
    step: &'static str,
    node: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bound: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    window: Option<WindowJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pruned: Option<Vec<String>>,
}

#[derive(Serialize)]
struct RunJson {
    value: Value,
    best: Option<String>,
    nodes_visited: u64,
    leaves_evaluated: u64,
    cutoffs: u64,
    root: NodeJson,
    algorithm: &'static str,
    pv: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    trace: Option<Vec<StepJson>>,
}

fn player(p: Player) -> &'static str {
    match p {
        Player::First => "max",
        Player::Second => "min",
    }
}

/// The annotated tree (and with `with_trace`, the steps) as a JSON value
/// (whose objects list their fields in alphabetical order).
pub fn json(tree: &ExplicitTree, run: &Annotation, with_trace: bool) -> Value {
    serde_json::to_value(build(tree, run, with_trace)).unwrap_or(Value::Null)
}

/// The same as [`json()`], as text with the fields in the documented order (the
/// contract's fields first); pretty-printed, except for trees deeper than
/// 50 levels (`PRETTY_MAX_DEPTH`), whose indentation would dwarf their content.
pub fn json_text(tree: &ExplicitTree, run: &Annotation, with_trace: bool) -> String {
    match json_text_sized(tree, run, with_trace, |_| Ok::<(), Infallible>(())) {
        Ok(text) => text,
        Err(never) => match never {},
    }
}

/// [`json_text`], made only once `fits` accepts its length in bytes (counted exactly
/// from the value it is written from, then written into a string of that size: see
/// [`super::sized`]). [`json_text_bound`] bounds it before even that value is built.
pub fn json_text_sized<E>(
    tree: &ExplicitTree,
    run: &Annotation,
    with_trace: bool,
    fits: impl FnOnce(u64) -> Result<(), E>,
) -> Result<String, E> {
    let out = build(tree, run, with_trace);
    written(&out, tree.height() <= PRETTY_MAX_DEPTH, fits)
}

/// `value` as JSON text with a line break after it, pretty-printed or on one line,
/// made only once `fits` accepts its length: counted first, then written into a buffer
/// of exactly that size.
fn written<T: Serialize, E>(
    value: &T,
    pretty: bool,
    fits: impl FnOnce(u64) -> Result<(), E>,
) -> Result<String, E> {
    // (Writing a value of strings, numbers and maps to a buffer or a count cannot fail.)
    let mut count = super::ByteCount::default();
    let _ = if pretty {
        serde_json::to_writer_pretty(&mut count, value)
    } else {
        serde_json::to_writer(&mut count, value)
    };
    let bytes = count.bytes() + 1;
    fits(bytes)?;
    let mut out = Vec::with_capacity(usize::try_from(bytes).unwrap_or(0));
    let _ = if pretty {
        serde_json::to_writer_pretty(&mut out, value)
    } else {
        serde_json::to_writer(&mut out, value)
    };
    out.push(b'\n');
    Ok(String::from_utf8(out).unwrap_or_default())
}

/// The deepest tree [`json_text`] pretty-prints.
const PRETTY_MAX_DEPTH: u32 = 50;

fn build(tree: &ExplicitTree, run: &Annotation, with_trace: bool) -> RunJson {
    let names = |ids: &[NodeId]| {
        ids.iter()
            .map(|&id| tree.node(id).name.clone())
            .collect::<Vec<_>>()
    };
    let window = |w: crate::Window| WindowJson {
        alpha: tree.json_score(w.alpha),
        beta: tree.json_score(w.beta),
    };
    // Bottom-up without recursion: children have larger ids than their parent.
    let mut built: Vec<Option<NodeJson>> = (0..tree.len()).map(|_| None).collect();
    for id in (0..tree.len() as NodeId).rev() {
        let node = tree.node(id);
        let report = &run.nodes[id as usize];
        let children = tree
            .children(id)
            .iter()
            .filter_map(|&c| built[c as usize].take())
            .collect();
        let value = report.value.filter(|_| !report.pruned);
        built[id as usize] = Some(NodeJson {
            name: node.name.clone(),
            depth: node.depth,
            player: player(node.mover),
            value: value.map_or(Value::Null, |v| tree.json_score(v)),
            mover_value: value.map_or(Value::Null, |v| {
                tree.json_score(match node.mover {
                    Player::First => v,
                    Player::Second => -v,
                })
            }),
            stands_for: Some(tree.stands_for(id)).filter(|&n| n > 1),
            on_pv: report.on_pv,
            pruned: report.pruned,
            children,
            leaf: node.is_leaf(),
            on_principal_variation: report.on_pv,
            bound: report.bound.map(|b| b.name()),
            visit_order: report.visit_order,
            written: node
                .value
                .map(|v| tree.json_score(ply_core::Score::from_raw(v))),
            named: node.named,
            cutoff: report.cutoff.as_ref().map(|c| CutoffJson {
                value: tree.json_score(c.value),
                alpha: tree.json_score(c.window.alpha),
                beta: tree.json_score(c.window.beta),
                pruned: names(&c.pruned),
            }),
        });
    }
    let trace = with_trace.then(|| {
        run.steps
            .iter()
            .map(|step| match step {
                Step::Enter { node, window: w } => StepJson {
                    step: "enter",
                    node: tree.node(*node).name.clone(),
                    value: None,
                    bound: None,
                    window: Some(window(*w)),
                    pruned: None,
                },
                Step::Leaf {
                    node,
                    value,
                    window: w,
                } => StepJson {
                    step: "leaf",
                    node: tree.node(*node).name.clone(),
                    value: Some(tree.json_score(*value)),
                    bound: None,
                    window: Some(window(*w)),
                    pruned: None,
                },
                Step::Cutoff {
                    node,
                    value,
                    window: w,
                    pruned,
                } => StepJson {
                    step: "cutoff",
                    node: tree.node(*node).name.clone(),
                    value: Some(tree.json_score(*value)),
                    bound: None,
                    window: Some(window(*w)),
                    pruned: Some(names(pruned)),
                },
                Step::Exit { node, value, bound } => StepJson {
                    step: "exit",
                    node: tree.node(*node).name.clone(),
                    value: Some(tree.json_score(*value)),
                    bound: Some(bound.name()),
                    window: None,
                    pruned: None,
                },
            })
            .collect()
    });
    RunJson {
        value: tree.json_score(run.value),
        best: run.best.map(|b| tree.node(b).name.clone()),
        nodes_visited: run.stats.nodes,
        leaves_evaluated: run.stats.leaves,
        cutoffs: run.cutoffs,
        root: built[0].take().expect("the root is built last"),
        algorithm: run.algorithm.name(),
        pv: names(&run.pv),
        trace,
    }
}

/// An upper bound on the length in bytes of [`json_text`]`(tree, run, with_trace)`,
/// computed from the tree and the search without making the text (a program that must
/// refuse an answer too large to send calls it first: the text of a tree of 100,000
/// leaves is about 50 MB, and the value it is made from takes as much again).
///
/// Every name is counted with its JSON escapes, every number at the widest a number
/// of its kind prints, and every line with the indentation of its level (none for
/// trees printed compact), so the bound holds whatever the tree holds. For trees of
/// short names it is about twice the text's length (1.2 to 3.6 times in the tests:
/// least for deep trees, whose indentation is counted exactly, most for trees printed
/// compact, whose numbers are short).
pub fn json_text_bound(tree: &ExplicitTree, run: &Annotation, with_trace: bool) -> u64 {
    let pretty = tree.height() <= PRETTY_MAX_DEPTH;
    // A line break and the indentation of a line at nesting `level` (two spaces a level).
    let line = |level: u64| if pretty { 1 + 2 * level } else { 0 };
    // A field at `level`: its line, its quoted key, `": "`, its value (counted apart)
    // and the comma after it.
    let field = |level: u64, key: &str| line(level) + key.len() as u64 + 2 + 2 + 1;
    let name = |id: NodeId| 2 + escaped_len(&tree.node(id).name);
    // A list of names at `level` (each on its own line), with its brackets.
    let names = |level: u64, ids: &[NodeId]| {
        2 + line(level.saturating_sub(1))
            + ids
                .iter()
                .map(|&id| line(level) + name(id) + 1)
                .sum::<u64>()
    };
    let mut bytes = 2 + line(0) + 1; // the outer braces and the final line break
    for key in [
        "value",
        "best",
        "nodes_visited",
        "leaves_evaluated",
        "cutoffs",
    ] {
        bytes += field(1, key) + NUMBER_MAX;
    }
    bytes += run.best.map_or(4, name);
    bytes += field(1, "root") + field(1, "algorithm") + NUMBER_MAX;
    bytes += field(1, "pv") + names(2, &run.pv);
    for id in 0..tree.len() as NodeId {
        let node = tree.node(id);
        // The node's fields sit two levels below its parent's: one for the parent's
        // object, one for its `children` list.
        let level = 2 + 2 * u64::from(node.depth);
        bytes += line(level - 1) + 2 + line(level - 1) + 1; // braces, comma
        for key in NODE_FIELDS {
            bytes += field(level, key) + NUMBER_MAX;
        }
        bytes += name(id) + 2 + line(level); // the name, the children's brackets
        if let Some(cutoff) = &run.nodes[id as usize].cutoff {
            bytes += 2 + line(level); // the cutoff's braces
            for key in ["value", "alpha", "beta", "pruned"] {
                bytes += field(level + 1, key) + NUMBER_MAX;
            }
            bytes += names(level + 2, &cutoff.pruned);
        }
    }
    if with_trace {
        bytes += field(1, "trace") + 2 + line(1);
        for step in &run.steps {
            let (node, pruned) = match step {
                Step::Enter { node, .. } | Step::Leaf { node, .. } | Step::Exit { node, .. } => {
                    (*node, &[][..])
                }
                Step::Cutoff { node, pruned, .. } => (*node, &pruned[..]),
            };
            bytes += line(2) + 2 + line(2) + 1 + name(node);
            for key in ["step", "node", "value", "bound", "window", "pruned"] {
                bytes += field(3, key) + NUMBER_MAX;
            }
            // The window's braces and its two bounds.
            bytes += 2 + line(3) + field(4, "alpha") + field(4, "beta") + 2 * NUMBER_MAX;
            bytes += names(4, pruned);
        }
    }
    bytes
}

/// The fields of a node in [`json_text`] (those whose value is not a name, a list or
/// an object are counted at [`NUMBER_MAX`] bytes).
const NODE_FIELDS: [&str; 16] = [
    "name",
    "depth",
    "player",
    "value",
    "on_pv",
    "pruned",
    "children",
    "leaf",
    "on_principal_variation",
    "bound",
    "visit_order",
    "cutoff",
    "written",
    "named",
    "mover_value",
    "stands_for",
];

/// The most bytes any number, `null`, `true`, `false` or fixed word (`"exact"`,
/// `"alphabeta"`) of [`json_text`] takes: serde_json writes a float in at most 24
/// characters (the buffer of `ryu`) and an integer in at most 20.
const NUMBER_MAX: u64 = 24;

/// The length of `text` as a JSON string's contents: serde_json writes `"` and `\` as
/// two characters, the control characters with a short escape (`\n`, `\t`, `\r`, `\b`,
/// `\f`) as two and the others below U+0020 as six (`\u0007`), and everything else as
/// it is.
fn escaped_len(text: &str) -> u64 {
    text.bytes()
        .map(|b| match b {
            b'"' | b'\\' | b'\n' | b'\t' | b'\r' | 0x08 | 0x0c => 2,
            0..0x20 => 6,
            _ => 1,
        })
        .sum()
}

/// A fraction as JSON: the nearest number (for programs that plot it) and, beside it
/// in `*_exact` fields, the fraction written out (`"19/6"`).
fn ratio_number(r: ply_core::chance::Ratio) -> Value {
    match i64::try_from(r.numerator()) {
        Ok(whole) if r.is_integer() => Value::from(whole),
        _ => serde_json::Number::from_f64(r.to_f64()).map_or(Value::Null, Value::Number),
    }
}

/// A tree with chance nodes after a chance search, as JSON: the fields of [`json()`]
/// where they mean the same (`name`, `depth`, `value`, `bound`, `visit_order`, `on_pv`,
/// `pruned`, `leaf`, `named`, `children`), with `player` `"max"`, `"min"` or
/// `"chance"`, and besides: `value_exact` (the fraction), a leaf's value as `written`
/// (for MAX; there even where the leaf was never looked at), `probability` and
/// `probability_exact` on a chance node's outcomes, `window` (Star1, Star2), `probe`
/// (Star2). At the top: `value`, `value_exact`, `best`, `algorithm`, `nodes_visited`,
/// `leaves_evaluated`, `cutoffs`, `probes`, `bounds`; with `with_trace`, the steps
/// (`enter`, `leaf`, `probe`, `add` with the sum so far, `exit`), each with the `path`
/// of its node as the picture's `data-path` writes it (`"0.1"`; the root's is empty)
/// and an `add` with its outcome's `child_path`.
pub fn chance_json(tree: &ExplicitTree, run: &crate::chance::ChanceRun, with_trace: bool) -> Value {
    use crate::chance::ChanceStep;
    use ply_core::chance::NodeKind;
    use serde_json::{Map, json};
    let kind = |id: NodeId| match tree.kind(id) {
        NodeKind::Max => "max",
        NodeKind::Min => "min",
        NodeKind::Chance => "chance",
    };
    let pair = |(a, b): (ply_core::chance::Ratio, ply_core::chance::Ratio)| {
        json!({"alpha": ratio_number(a), "beta": ratio_number(b),
               "alpha_exact": a.to_string(), "beta_exact": b.to_string()})
    };
    // Bottom-up without recursion: children have larger ids than their parent.
    let mut built: Vec<Option<Value>> = vec![None; tree.len()];
    for id in (0..tree.len() as NodeId).rev() {
        let node = tree.node(id);
        let report = &run.nodes[id as usize];
        let children: Vec<Value> = tree
            .children(id)
            .iter()
            .filter_map(|&c| built[c as usize].take())
            .collect();
        let mut object = Map::new();
        object.insert("name".into(), node.name.clone().into());
        object.insert("named".into(), node.named.into());
        object.insert("depth".into(), node.depth.into());
        object.insert("player".into(), kind(id).into());
        object.insert("leaf".into(), node.is_leaf().into());
        let value = report.value.filter(|_| !report.pruned);
        object.insert("value".into(), value.map_or(Value::Null, ratio_number));
        object.insert(
            "value_exact".into(),
            value.map_or(Value::Null, |v| v.to_string().into()),
        );
        object.insert(
            "bound".into(),
            report.bound.map_or(Value::Null, |b| b.name().into()),
        );
        object.insert(
            "visit_order".into(),
            report.visit_order.map_or(Value::Null, Value::from),
        );
        object.insert("on_pv".into(), report.on_pv.into());
        object.insert("pruned".into(), report.pruned.into());
        if let Some(v) = tree.max_value(id).filter(|_| node.is_leaf()) {
            let written = serde_json::from_str(&tree.format_value(v)).unwrap_or(Value::Null);
            object.insert("written".into(), written);
        }
        if let Some(p) = tree.probability(id) {
            object.insert("probability".into(), ratio_number(p));
            object.insert("probability_exact".into(), p.to_string().into());
        }
        if let Some(window) = report.window {
            object.insert("window".into(), pair(window));
        }
        if let Some(probe) = report.probe {
            object.insert("probe".into(), ratio_number(probe));
        }
        object.insert("children".into(), children.into());
        built[id as usize] = Some(Value::Object(object));
    }
    let mut out = Map::new();
    out.insert("value".into(), ratio_number(run.value));
    out.insert("value_exact".into(), run.value.to_string().into());
    out.insert(
        "best".into(),
        run.best
            .map_or(Value::Null, |b| tree.node(b).name.clone().into()),
    );
    out.insert("algorithm".into(), run.algorithm.name().into());
    out.insert("nodes_visited".into(), run.stats.nodes.into());
    out.insert("leaves_evaluated".into(), run.stats.leaves.into());
    out.insert("cutoffs".into(), run.stats.cuts.into());
    out.insert("probes".into(), run.stats.probes.into());
    if let Some(bounds) = run.bounds {
        out.insert(
            "bounds".into(),
            json!({"lower": ratio_number(bounds.lower()), "upper": ratio_number(bounds.upper())}),
        );
    }
    out.insert("root".into(), built[0].take().unwrap_or_default());
    if with_trace {
        let name = |id: &NodeId| Value::from(tree.node(*id).name.clone());
        let places = super::svg::paths(tree);
        let steps: Vec<Value> = run
            .steps
            .iter()
            .map(|step| match step {
                ChanceStep::Enter { node, window } => {
                    let mut step = json!({"step": "enter", "node": name(node)});
                    if let Some(window) = window {
                        step["window"] = pair(*window);
                    }
                    step
                }
                ChanceStep::Leaf { node, value } => json!({
                    "step": "leaf", "node": name(node),
                    "value": ratio_number(*value), "value_exact": value.to_string()}),
                ChanceStep::Probe { node, bound } => json!({
                    "step": "probe", "node": name(node), "value": ratio_number(*bound),
                    "value_exact": bound.to_string(),
                    "bound": if tree.kind(*node) == NodeKind::Max { "lower" } else { "upper" }}),
                ChanceStep::Add {
                    node,
                    child,
                    probability,
                    value,
                    sum,
                } => json!({
                    "step": "add", "node": name(node), "child": name(child),
                    "probability": ratio_number(*probability),
                    "probability_exact": probability.to_string(),
                    "value": ratio_number(*value), "value_exact": value.to_string(),
                    "sum": ratio_number(*sum), "sum_exact": sum.to_string()}),
                ChanceStep::Exit {
                    node,
                    value,
                    bound,
                    pruned,
                } => json!({
                    "step": "exit", "node": name(node),
                    "value": ratio_number(*value), "value_exact": value.to_string(),
                    "bound": bound.name(),
                    "pruned": pruned.iter().map(name).collect::<Vec<_>>()}),
            })
            .zip(&run.steps)
            .map(|(mut json, step)| {
                // Where the step is, by place (names may repeat): `path`, and an
                // added outcome's `child_path`.
                let (node, child) = match step {
                    ChanceStep::Enter { node, .. }
                    | ChanceStep::Leaf { node, .. }
                    | ChanceStep::Probe { node, .. }
                    | ChanceStep::Exit { node, .. } => (*node, None),
                    ChanceStep::Add { node, child, .. } => (*node, Some(*child)),
                };
                json["path"] = places[node as usize].clone().into();
                if let Some(child) = child {
                    json["child_path"] = places[child as usize].clone().into();
                }
                json
            })
            .collect();
        out.insert("trace".into(), steps.into());
    }
    Value::Object(out)
}

/// [`chance_json`] as text, as `ply tree --format json` prints it and `/api/tree`
/// answers for a tree with chance nodes: pretty-printed, except for trees deeper than 50
/// levels, whose indentation would dwarf their content (as [`json_text`]).
pub fn chance_json_text(
    tree: &ExplicitTree,
    run: &crate::chance::ChanceRun,
    with_trace: bool,
) -> String {
    match chance_json_text_sized(tree, run, with_trace, |_| Ok::<(), Infallible>(())) {
        Ok(text) => text,
        Err(never) => match never {},
    }
}

/// [`chance_json_text`], made only once `fits` accepts a length in bytes: first the
/// bound [`chance_json_text_bound`], from the tree and the search alone, before the JSON
/// value is built (its trace names each step's place in the tree, so a deep tree's value
/// takes its depth's bytes a step); then the exact length, counted from the value before
/// the text is written into a string of that size.
pub fn chance_json_text_sized<E>(
    tree: &ExplicitTree,
    run: &crate::chance::ChanceRun,
    with_trace: bool,
    mut fits: impl FnMut(u64) -> Result<(), E>,
) -> Result<String, E> {
    fits(chance_json_text_bound(tree, run, with_trace))?;
    let value = chance_json(tree, run, with_trace);
    written(&value, tree.height() <= PRETTY_MAX_DEPTH, fits)
}

/// The most bytes a fraction written out takes in [`chance_json_text`]
/// (`"-170141183460469231731687303715884105728/3"`: two 128-bit integers, a slash and
/// the quotes).
const EXACT_MAX: u64 = 84;

/// The most bytes the value of the field `key` takes in [`chance_json_text`], its
/// names apart: a fraction written out, a number (a float at its widest, [`NUMBER_MAX`]),
/// a count, a word or `null`, or a truth.
fn chance_field_max(key: &str) -> u64 {
    match key {
        _ if key.ends_with("_exact") => EXACT_MAX,
        "named" | "leaf" | "on_pv" | "pruned" => 5,
        "depth" | "visit_order" | "nodes_visited" | "leaves_evaluated" | "cutoffs" | "probes"
        | "player" | "bound" | "step" | "algorithm" => 20,
        _ => NUMBER_MAX,
    }
}

/// An upper bound on the length in bytes of [`chance_json_text`]`(tree, run,
/// with_trace)`, from the tree and the search without building anything of the JSON: every
/// name with its escapes, every value at the widest its field prints, every step's place
/// in the tree at its length, and every line with the indentation of its level (none for
/// trees printed compact). Two to five times the text's length in the tests.
pub fn chance_json_text_bound(
    tree: &ExplicitTree,
    run: &crate::chance::ChanceRun,
    with_trace: bool,
) -> u64 {
    use crate::chance::ChanceStep;
    let pretty = tree.height() <= PRETTY_MAX_DEPTH;
    let line = |level: u64| if pretty { 1 + 2 * level } else { 0 };
    // A field at `level`: its line, its quoted key, `": "`, its value and a comma.
    let field = |level: u64, key: &str| line(level) + key.len() as u64 + 6 + chance_field_max(key);
    let fields = |level: u64, keys: &[&str]| keys.iter().map(|key| field(level, key)).sum::<u64>();
    let name = |id: NodeId| 2 + escaped_len(&tree.node(id).name);
    // An object's braces (its fields counted apart).
    let object = |level: u64| 2 + line(level);
    let window = |level: u64| {
        object(level - 1) + fields(level, &["alpha", "beta", "alpha_exact", "beta_exact"])
    };
    let mut bytes: u64 = object(0) + 1; // the final line break
    bytes += fields(
        1,
        &[
            "value",
            "value_exact",
            "algorithm",
            "nodes_visited",
            "leaves_evaluated",
            "cutoffs",
            "probes",
        ],
    );
    bytes += field(1, "best") + run.best.map_or(0, name);
    bytes += field(1, "bounds") + object(1) + fields(2, &["lower", "upper"]);
    bytes += field(1, "root");
    for id in 0..tree.len() as NodeId {
        let node = tree.node(id);
        let report = &run.nodes[id as usize];
        let level = 2 + 2 * u64::from(node.depth);
        let mut node_bytes = object(level - 1) + 1 + name(id) + object(level);
        node_bytes += fields(
            level,
            &[
                "name",
                "named",
                "depth",
                "player",
                "leaf",
                "value",
                "value_exact",
                "bound",
                "visit_order",
                "on_pv",
                "pruned",
                "children",
            ],
        );
        if node.is_leaf() {
            node_bytes += field(level, "written");
        }
        if node.probability.is_some() {
            node_bytes += fields(level, &["probability", "probability_exact"]);
        }
        if report.window.is_some() {
            node_bytes += field(level, "window") + window(level + 1);
        }
        if report.probe.is_some() {
            node_bytes += field(level, "probe");
        }
        bytes = bytes.saturating_add(node_bytes);
    }
    if with_trace {
        let places = super::svg::path_lengths(tree);
        let place = |id: NodeId| 2 + places[id as usize];
        bytes = bytes.saturating_add(field(1, "trace") + object(1));
        for step in &run.steps {
            let (node, keys): (NodeId, &[&str]) = match step {
                ChanceStep::Enter { node, .. } => (*node, &["step", "node", "path"]),
                ChanceStep::Leaf { node, .. } => {
                    (*node, &["step", "node", "value", "value_exact", "path"])
                }
                ChanceStep::Probe { node, .. } => (
                    *node,
                    &["step", "node", "value", "value_exact", "bound", "path"],
                ),
                ChanceStep::Add { node, .. } => (
                    *node,
                    &[
                        "step",
                        "node",
                        "child",
                        "probability",
                        "probability_exact",
                        "value",
                        "value_exact",
                        "sum",
                        "sum_exact",
                        "path",
                        "child_path",
                    ],
                ),
                ChanceStep::Exit { node, .. } => (
                    *node,
                    &[
                        "step",
                        "node",
                        "value",
                        "value_exact",
                        "bound",
                        "pruned",
                        "path",
                    ],
                ),
            };
            let mut step_bytes = object(2) + 1 + fields(3, keys) + name(node) + place(node);
            match step {
                ChanceStep::Enter {
                    window: Some(_), ..
                } => step_bytes += field(3, "window") + window(4),
                ChanceStep::Add { child, .. } => step_bytes += name(*child) + place(*child),
                ChanceStep::Exit { pruned, .. } => {
                    step_bytes += object(3);
                    for &id in pruned {
                        step_bytes += line(4) + name(id) + 1;
                    }
                }
                _ => {}
            }
            bytes = bytes.saturating_add(step_bytes);
        }
    }
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{LeafPerspective, Limits, ParseOptions, TreeBuilder, annotate, parse};
    use ply_core::Algorithm;

    /// The bound and the text's true length, for every algorithm, with and without
    /// the trace.
    fn bound_and_length(tree: &ExplicitTree) -> Vec<(u64, u64)> {
        let mut out = Vec::new();
        for algorithm in [Algorithm::Minimax, Algorithm::Negamax, Algorithm::AlphaBeta] {
            let run = annotate(tree, algorithm);
            for trace in [false, true] {
                let text = json_text(tree, &run, trace);
                out.push((json_text_bound(tree, &run, trace), text.len() as u64));
            }
        }
        out
    }

    fn parsed(text: &str) -> ExplicitTree {
        let options = ParseOptions {
            limits: Limits {
                max_nodes: 1_000_000,
                max_depth: 10_000,
            },
            perspective: LeafPerspective::Max,
        };
        parse(text, &options).unwrap()
    }

    #[test]
    fn the_bound_holds_and_is_close_for_wide_shallow_deep_and_decimal_trees() {
        let wide = format!("(a {})", "7 ".repeat(5_000));
        let classic = "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))".to_string();
        let decimals = "(a (b -998999.999 0.001) (c 2.5 -0.125))".to_string();
        // 50 levels, printed with indentation, and 60, printed compact.
        let chain = |levels: usize| format!("{}1 2{}", "(n ".repeat(levels), ")".repeat(levels));
        // Under a chain, a level full of leaves: the deepest lines are the widest.
        let deep_and_wide = format!(
            "{}{}{}",
            "(n ".repeat(49),
            "5 ".repeat(2_000),
            ")".repeat(49)
        );
        for text in [wide, classic, decimals, chain(50), chain(60), deep_and_wide] {
            for (bound, length) in bound_and_length(&parsed(&text)) {
                assert!(bound >= length, "{bound} < {length} for {text:.60}");
                assert!(bound <= 4 * length, "{bound} > 4 × {length} for {text:.60}");
            }
        }
    }

    #[test]
    fn the_bound_holds_for_names_json_escapes_lengthen() {
        // Names a program may give: quotes, backslashes, control characters (six bytes
        // each in JSON), and a long name that comes back in the trace and the cutoffs.
        let names = [
            "\"\\\"",
            "\u{1}\u{7}\u{1f}",
            "\n\t\r",
            &"é".repeat(500),
            "a",
        ];
        let mut builder = TreeBuilder::new(Limits::default());
        let root = builder.push(None, Some("root".into()), 0, 0).unwrap();
        for (i, name) in names.iter().cycle().take(40).enumerate() {
            let parent = if i % 4 == 0 {
                root
            } else {
                builder.len() as NodeId - 1
            };
            let parent = if builder.depth(parent) >= 2 {
                root
            } else {
                parent
            };
            builder
                .push(Some(parent), Some(name.to_string()), 0, 0)
                .unwrap();
        }
        for id in 0..builder.len() as NodeId {
            if !builder.has_value(id) && builder.depth(id) == 2 || id as usize == builder.len() - 1
            {
                let value = crate::value::Decimal {
                    mantissa: i64::from(id) * 37 % 11,
                    decimals: 0,
                };
                builder.set_value(id, value, 0, 0);
            }
        }
        let tree = builder.finish(LeafPerspective::Max).unwrap();
        for (bound, length) in bound_and_length(&tree) {
            assert!(bound >= length, "{bound} < {length}");
        }
    }

    #[test]
    fn mover_value_is_the_value_for_the_player_to_move() {
        // The classic tree under alpha-beta: the root (MAX) is worth 3, b (MIN) 3, c
        // (MIN) at most 2 with its leaves 4 and 6 pruned, the leaves of b 3, 12, 8 (the
        // first player moves at depth 2).
        let tree = parsed("(a (b 3 12 8) (c 2 4 6) (d 14 5 2))");
        let picture = json(&tree, &annotate(&tree, Algorithm::AlphaBeta), false);
        let root = &picture["root"];
        assert_eq!(
            (&root["value"], &root["mover_value"]),
            (&3.into(), &3.into())
        );
        let b = &root["children"][0];
        assert_eq!((&b["value"], &b["mover_value"]), (&3.into(), &(-3).into()));
        assert_eq!(b["children"][1]["mover_value"], 12);
        let c = &root["children"][1];
        assert_eq!((&c["value"], &c["mover_value"]), (&2.into(), &(-2).into()));
        assert_eq!(c["children"][1]["mover_value"], Value::Null);
        // No node stands for more than itself: the field is left out.
        assert!(b.get("stands_for").is_none());
        // A leaf where the second player moves: 5 for MAX, -5 for the mover.
        let tree = parsed("(a (b 3 12) 5)");
        let picture = json(&tree, &annotate(&tree, Algorithm::Negamax), false);
        assert_eq!(picture["root"]["children"][1]["value"], 5);
        assert_eq!(picture["root"]["children"][1]["mover_value"], -5);
    }

    /// A chain of `levels` MAX nodes, each over a chance node whose outcomes are a leaf
    /// and the next MAX node (names that JSON escapes among them), in the indented format.
    fn chance_chain(levels: usize) -> String {
        let mut text = String::new();
        for level in 0..levels {
            let indent = "  ".repeat(2 * level);
            let tag = if level == 0 { "" } else { " [2/3]" };
            text.push_str(&format!("{indent}n{level}{tag} [max]\n"));
            text.push_str(&format!("{indent}  c\\{level} [chance]\n"));
            text.push_str(&format!("{indent}    l{level} [1/3] = {}\n", level % 7));
        }
        text.push_str(&format!("{}end [2/3] = 5\n", "  ".repeat(2 * levels)));
        text
    }

    #[test]
    fn the_chance_bound_holds_for_shallow_deep_and_pruned_trees() {
        use crate::chance::{ChanceAlgorithm, annotate_chance};
        let pig = include_str!("../../../../examples/trees/pig-small.txt");
        // 20 levels printed with indentation, 60 printed compact.
        for text in [pig.to_string(), chance_chain(10), chance_chain(30)] {
            let tree = parsed(&text);
            // (Star2 probes again at each chance node of a chain: its work doubles a level.)
            let star2 = tree.height() <= 20;
            for algorithm in [
                ChanceAlgorithm::Expectiminimax,
                ChanceAlgorithm::Star1,
                ChanceAlgorithm::Star2,
            ] {
                if algorithm == ChanceAlgorithm::Star2 && !star2 {
                    continue;
                }
                let run = annotate_chance(&tree, algorithm, None).unwrap();
                for trace in [false, true] {
                    let bound = chance_json_text_bound(&tree, &run, trace);
                    let made = chance_json_text(&tree, &run, trace);
                    let length = made.len() as u64;
                    assert!(bound >= length, "{bound} < {length} for {text:.40}");
                    assert!(bound <= 5 * length, "{bound} > 5 × {length} for {text:.40}");
                    // Sized: the exact length is the last one offered.
                    let mut offered = Vec::new();
                    let sized = chance_json_text_sized(&tree, &run, trace, |bytes| {
                        offered.push(bytes);
                        Ok::<(), ()>(())
                    })
                    .unwrap();
                    assert_eq!(sized, made);
                    assert_eq!(offered, vec![bound, length]);
                    // Refused from its bound, before anything is built.
                    let refused = chance_json_text_sized(&tree, &run, trace, Err).unwrap_err();
                    assert_eq!(refused, bound);
                }
            }
        }
        // Deeper than 50 levels: on one line, the same JSON.
        let deep = parsed(&chance_chain(30));
        let run = annotate_chance(&deep, ChanceAlgorithm::Expectiminimax, None).unwrap();
        let made = chance_json_text(&deep, &run, true);
        let compact = serde_json::to_string(&chance_json(&deep, &run, true)).unwrap();
        assert_eq!(made, compact + "\n");
    }
}
