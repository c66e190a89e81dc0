//! The annotated tree as JSON. The field names are a contract (docs/tree-lab.md):
//! `{"value", "best", "nodes_visited", "leaves_evaluated", "cutoffs", "root": node}`
//! where a node is `{"name", "depth", "player", "value", "on_pv", "pruned", "children"}`,
//! plus extra fields documented there.

use crate::annotate::{Annotation, Step};
use crate::tree::{ExplicitTree, NodeId};
use ply_core::Player;
use serde::Serialize;
use serde_json::Value;

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
    /// The same as `on_pv`, under the long name the prose uses.
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
    let out = build(tree, run, with_trace);
    let text = if tree.height() <= PRETTY_MAX_DEPTH {
        serde_json::to_string_pretty(&out)
    } else {
        serde_json::to_string(&out)
    };
    text.unwrap_or_default() + "\n"
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
        built[id as usize] = Some(NodeJson {
            name: node.name.clone(),
            depth: node.depth,
            player: player(node.mover),
            value: match report.value {
                Some(v) if !report.pruned => tree.json_score(v),
                _ => Value::Null,
            },
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
