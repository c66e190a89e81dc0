//! Berkeley CS188's game-tree tests (`GraphGameTreeTest` `.test` files) read as trees.
//!
//! Such a file is a list of `key: "value"` fields, a value of many lines written
//! between `"""` marks. The fields read: `start_state`, `num_agents`, `depth`,
//! `successors` (lines `state action next`), `evaluation` (lines `state value`),
//! `win_states` and `lose_states` (ends of the game) and `alg` (`MinimaxAgent`,
//! `AlphaBetaAgent`, `ExpectimaxAgent`). The mapping (docs/grading.md):
//!
//! - the tree starts at `start_state`; a state's children are its successors in the
//!   order the file lists them;
//! - at ply k the mover is agent k mod `num_agents`: agent 0 is MAX, every other agent
//!   MIN (a chance node of equal probabilities under `ExpectimaxAgent`);
//! - the search stops `depth` × `num_agents` plies down, and at a win or lose state or a
//!   state without successors: those are leaves, valued by `evaluation`;
//! - a node is named by its state; a state reached again is named `state.2`, `state.3`.

use super::Kind;
use super::suite::Test;
use super::tree::MAX_TEST_NODES;
use std::collections::{BTreeMap, HashMap, HashSet};

/// The deepest a CS188 test's tree may go, in plies.
pub const MAX_PLIES: u32 = 64;

/// Reads a CS188 `.test` file as a test, with the kind its `alg` names (if any).
pub fn read_cs188(name: &str, text: &str) -> Result<(Test, Option<Kind>), String> {
    let fields = fields(text)?;
    let get = |key: &str| {
        fields
            .get(key)
            .map(String::as_str)
            .ok_or_else(|| format!("no field {key}: a GraphGameTreeTest has start_state, num_agents, depth, successors and evaluation"))
    };
    let start = get("start_state")?.trim().to_string();
    let agents: u32 = get("num_agents")?
        .trim()
        .parse()
        .ok()
        .filter(|n| (1..=16).contains(n))
        .ok_or("num_agents should be a whole number from 1 to 16")?;
    let depth: u32 = get("depth")?
        .trim()
        .parse()
        .ok()
        .filter(|d| (1..=64).contains(d))
        .ok_or("depth should be a whole number from 1 to 64")?;
    let plies = depth.saturating_mul(agents);
    if plies > MAX_PLIES {
        return Err(format!(
            "depth {depth} with {agents} agents is {plies} plies, more than the {MAX_PLIES} a test may have"
        ));
    }
    let kind = match fields.get("alg").map(|a| a.trim()) {
        Some("MinimaxAgent") => Some(Kind::Minimax),
        Some("AlphaBetaAgent") => Some(Kind::AlphaBeta),
        Some("ExpectimaxAgent") => Some(Kind::Expectimax),
        _ => None,
    };
    let mut successors: HashMap<&str, Vec<&str>> = HashMap::new();
    for (i, line) in get("successors")?.lines().enumerate() {
        match line.split_whitespace().collect::<Vec<_>>()[..] {
            [] => {}
            [state, _action, next] => successors.entry(state).or_default().push(next),
            _ => {
                return Err(format!(
                    "successors, line {}: expected 'state action next'",
                    i + 1
                ));
            }
        }
    }
    let mut evaluation: HashMap<&str, &str> = HashMap::new();
    for (i, line) in get("evaluation")?.lines().enumerate() {
        match line.split_whitespace().collect::<Vec<_>>()[..] {
            [] => {}
            [state, value] => {
                evaluation.insert(state, value);
            }
            _ => {
                return Err(format!(
                    "evaluation, line {}: expected 'state value'",
                    i + 1
                ));
            }
        }
    }
    let ends: HashSet<&str> = ["win_states", "lose_states"]
        .iter()
        .filter_map(|k| fields.get(*k))
        .flat_map(|v| v.split_whitespace())
        .collect();
    let chance = kind == Some(Kind::Expectimax);

    // The tree in the indented text format, every node tagged with its kind.
    let mut out = String::new();
    let mut seen: HashMap<String, u32> = HashMap::new();
    let mut stack = vec![(start.as_str(), 0u32)];
    let mut nodes = 0usize;
    while let Some((state, ply)) = stack.pop() {
        nodes += 1;
        if nodes > MAX_TEST_NODES {
            return Err(format!(
                "the tree has more than the {MAX_TEST_NODES} nodes a test may have"
            ));
        }
        let count = seen.entry(state.to_string()).or_insert(0);
        *count += 1;
        let name = if *count == 1 {
            state.to_string()
        } else {
            format!("{state}.{count}")
        };
        let indent = "  ".repeat(ply as usize);
        let next = successors.get(state).filter(|s| !s.is_empty());
        let leaf = ply >= plies || ends.contains(state) || next.is_none();
        if leaf {
            let value = evaluation
                .get(state)
                .ok_or_else(|| format!("the leaf {state} has no line in evaluation"))?;
            out.push_str(&format!("{indent}{name} = {value}\n"));
            continue;
        }
        let tag = match ply % agents {
            0 => "max",
            _ if chance => "chance",
            _ => "min",
        };
        out.push_str(&format!("{indent}{name} [{tag}]\n"));
        for child in next.into_iter().flatten().rev() {
            stack.push((child, ply + 1));
        }
    }
    let test = Test::from_text(name, &out)?;
    Ok((test, kind))
}

/// The fields of a `.test` file: `key: "value"` lines and `key: """` blocks.
fn fields(text: &str) -> Result<BTreeMap<String, String>, String> {
    let mut fields = BTreeMap::new();
    let mut lines = text.lines().enumerate();
    while let Some((i, line)) = lines.next() {
        let line = line.trim_end();
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let Some((key, value)) = line.split_once(':') else {
            return Err(format!("line {}: expected 'key: \"value\"'", i + 1));
        };
        let value = value.trim();
        if value == "\"\"\"" {
            let mut block = Vec::new();
            loop {
                match lines.next() {
                    Some((_, l)) if l.trim() == "\"\"\"" => break,
                    Some((_, l)) => block.push(l),
                    None => {
                        return Err(format!(
                            "line {}: the block of {key} has no closing \"\"\"",
                            i + 1
                        ));
                    }
                }
            }
            fields.insert(key.trim().to_string(), block.join("\n"));
        } else {
            let unquoted = value
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .ok_or_else(|| format!("line {}: the value of {key} should be in quotes", i + 1))?;
            fields.insert(key.trim().to_string(), unquoted.to_string());
        }
    }
    Ok(fields)
}
