//! Writing out the tree of a game with chance ([`ChanceGame`]) down to a horizon, as a
//! tree with chance nodes that `ply tree` searches by expectiminimax, and as the tree
//! file that reads back to it.
//!
//! Every player's node is tagged `[max]` or `[min]` (in a dice game the same player may
//! move twice in a row, so players do not simply alternate by depth), every chance node
//! `[chance]`, and every outcome of a chance node carries its probability (`[1/6]`).
//! Finished games are worth their [`ChanceGame::leaf_value`] for MAX; a position still
//! going at the horizon becomes a leaf valued by the caller's estimate.
//!
//! The tree is built node by node ([`expand_chance`]), its limits checked before each
//! position's children are made, and its text written only when asked
//! ([`written_chance_tree`]), once its length is known ([`written_chance_tree_len`]): the
//! text indents each line by its depth, so its bytes grow with the nodes times the depth
//! (`pig:20` written 10,000 levels deep once took 4 GB of text before its millionth node
//! was counted).

use crate::render::ByteCount;
use crate::tree::{ExplicitTree, NodeId, ParseOptions, TreeBuilder, TreeError};
use crate::value::Decimal;
use ply_core::chance::{ChanceGame, NodeKind, Ratio};
use ply_core::phrase::Phrase;
use std::fmt::Write;

/// Writes out the tree below `root` down to `depth` levels (a player's decision and a
/// throw of the dice are a level each) in the indented text format, and the tree it
/// reads back to: [`expand_chance`], then [`written_chance_tree`].
///
/// `name_move` names each move (a decision, or a face of the die) in the position it is
/// played from; `estimate` values a position still going at the horizon, for MAX (the
/// player to move at `root`), as a number with at most three decimals (thousandths:
/// `532` is 0.532). The tree is refused when it would pass `options`' limits.
///
/// ```
/// use ply_games::pig::{Pig, PigState};
/// use ply_tree::expand_chance_to_depth;
///
/// // Pig to 2: one throw; a 1 passes the turn (cut there, valued 0.5), 2 to 6 win.
/// let start = Pig::new(PigState::start(2).unwrap());
/// let (text, tree) = expand_chance_to_depth(
///     &start, "start", |_, mv| format!("{mv:?}").to_lowercase().replace(['(', ')'], ""), 2, |_| 500,
///     &Default::default(),
/// ).unwrap();
/// assert!(text.contains("roll [chance]"));
/// assert_eq!(tree.len(), 8); // the root, the roll, six faces
/// ```
pub fn expand_chance_to_depth<G: ChanceGame>(
    root: &G,
    root_name: &str,
    name_move: impl FnMut(&G, G::Move) -> String,
    depth: u32,
    estimate: impl FnMut(&G) -> i64,
    options: &ParseOptions,
) -> Result<(String, ExplicitTree), TreeError> {
    let tree = expand_chance(root, root_name, name_move, depth, estimate, options)?;
    Ok((written_chance_tree(&tree), tree))
}

/// A position waiting on [`expand_chance`]'s stack to become a node: the position, its
/// parent, its name, its probability (an outcome of a chance node) and its level.
type Pending<G> = (G, Option<NodeId>, String, Option<Ratio>, u32);

/// The tree below `root` down to `depth` levels, as [`expand_chance_to_depth`] writes it
/// out, built node by node without its text: its memory grows with its nodes only. The
/// node and depth limits of `options` are checked before a position's children are made
/// (`max_nodes`, `max_depth`: [`TreeError::limit`] names the one it went past), so a tree
/// past them is refused once it has that many nodes, whatever the depth asked.
pub fn expand_chance<G: ChanceGame>(
    root: &G,
    root_name: &str,
    mut name_move: impl FnMut(&G, G::Move) -> String,
    depth: u32,
    mut estimate: impl FnMut(&G) -> i64,
    options: &ParseOptions,
) -> Result<ExplicitTree, TreeError> {
    let max = root.to_move();
    let limits = options.limits;
    let smaller = |e: TreeError| TreeError {
        message: format!("{}; choose a smaller depth", e.message),
        phrase: e
            .phrase
            .clone()
            .map(|p| Phrase::new("errors.tree.smaller").arg("message", p)),
        ..e
    };
    let mut builder = TreeBuilder::new(limits);
    let mut stack: Vec<Pending<G>> = vec![(root.clone(), None, root_name.to_string(), None, 0)];
    let mut moves = Vec::new();
    while let Some((position, parent, name, probability, level)) = stack.pop() {
        let outcome = position.outcome();
        let horizon = outcome.is_none() && level >= depth;
        let name = if horizon { format!("{name}…") } else { name };
        let id = builder.push(parent, Some(name), 0, 0).map_err(smaller)?;
        if let Some(p) = probability {
            builder.set_probability(id, p, 0, 0)?;
        }
        if let Some(outcome) = outcome {
            let value = position.leaf_value(outcome);
            let thousandths = value.numerator().saturating_mul(1000) / value.denominator();
            let mantissa = i64::try_from(thousandths).unwrap_or(i64::MAX);
            builder.set_value(id, thousandths_decimal(mantissa), 0, 0);
            continue;
        }
        if horizon {
            builder.set_value(id, thousandths_decimal(estimate(&position)), 0, 0);
            continue;
        }
        // The limits are checked before the children are made: every position on the
        // stack becomes a node.
        if level >= limits.max_depth {
            return Err(smaller(limits.too_deep(0, 0)));
        }
        moves.clear();
        position.generate_moves(&mut moves);
        if builder.len() + stack.len() + moves.len() > limits.max_nodes {
            return Err(smaller(limits.too_many_nodes(0, 0)));
        }
        let kind = if position.is_chance() {
            NodeKind::Chance
        } else if position.to_move() == max {
            NodeKind::Max
        } else {
            NodeKind::Min
        };
        builder.set_kind(id, kind, 0, 0)?;
        for &mv in moves.iter().rev() {
            let probability = position.is_chance().then(|| position.probability(mv));
            let child_name = name_move(&position, mv);
            let mut child = position.clone();
            child.play(mv);
            stack.push((child, Some(id), child_name, probability, level + 1));
        }
    }
    builder.finish(options.perspective)
}

/// Thousandths as a decimal: `532` is 0.532.
fn thousandths_decimal(mantissa: i64) -> Decimal {
    Decimal {
        mantissa,
        decimals: 3,
    }
}

/// The tree in the indented text format as [`expand_chance_to_depth`] writes it: each
/// node on its line, indented two spaces a level, its probability (`[1/6]`) after its
/// name, then `[max]`, `[min]` or `[chance]` on an inner node and `= VALUE` on a leaf.
/// It reads back to `tree`. Its length, before it is made: [`written_chance_tree_len`].
pub fn written_chance_tree(tree: &ExplicitTree) -> String {
    let bytes = written_chance_tree_len(tree);
    let mut out = String::with_capacity(usize::try_from(bytes).unwrap_or(0));
    write_chance_tree(tree, &mut out);
    out
}

/// The bytes of [`written_chance_tree`]`(tree)`, counted without making it: a caller
/// that must refuse a text too large (an answer's limit, the memory) asks this first.
pub fn written_chance_tree_len(tree: &ExplicitTree) -> u64 {
    let mut count = ByteCount::default();
    write_chance_tree(tree, &mut count);
    count.bytes()
}

fn write_chance_tree(tree: &ExplicitTree, out: &mut impl Write) {
    // (Writing to a String or a count cannot fail.)
    for id in 0..tree.len() as NodeId {
        let node = tree.node(id);
        for _ in 0..node.depth {
            let _ = out.write_str("  ");
        }
        let _ = out.write_str(&node.name);
        if let Some(p) = node.probability {
            let _ = write!(out, " [{p}]");
        }
        match node.value {
            Some(value) if node.is_leaf() => {
                let _ = write!(out, " = {}", tree.format_value(value));
            }
            _ => {
                let kind = match tree.kind(id) {
                    NodeKind::Chance => "chance",
                    NodeKind::Max => "max",
                    NodeKind::Min => "min",
                };
                let _ = write!(out, " [{kind}]");
            }
        }
        let _ = out.write_char('\n');
    }
}
