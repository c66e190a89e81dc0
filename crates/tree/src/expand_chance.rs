//! Writing out the tree of a game with chance ([`ChanceGame`]) down to a horizon, as a
//! tree file with chance nodes that `ply tree` reads and searches by expectiminimax.
//!
//! Every player's node is tagged `[max]` or `[min]` (in a dice game the same player may
//! move twice in a row, so players do not simply alternate by depth), every chance node
//! `[chance]`, and every outcome of a chance node carries its probability (`[1/6]`).
//! Finished games are worth their [`ChanceGame::leaf_value`] for MAX; a position still
//! going at the horizon becomes a leaf valued by the caller's estimate.

use crate::parse::parse;
use crate::tree::{ExplicitTree, ParseOptions, TreeError};
use ply_core::Player;
use ply_core::chance::{ChanceGame, Ratio};
use std::fmt::Write;

/// Writes out the tree below `root` down to `depth` levels (a player's decision and a
/// throw of the dice are a level each) in the indented text format, and reads it back.
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
    mut name_move: impl FnMut(&G, G::Move) -> String,
    depth: u32,
    mut estimate: impl FnMut(&G) -> i64,
    options: &ParseOptions,
) -> Result<(String, ExplicitTree), TreeError> {
    let max = root.to_move();
    let mut text = String::new();
    let mut nodes = 0usize;
    let limit = options.limits.max_nodes;
    write_node(
        root,
        root_name,
        None,
        0,
        depth,
        max,
        &mut name_move,
        &mut estimate,
        &mut text,
        &mut nodes,
        limit,
    )?;
    let tree = parse(&text, options)?;
    Ok((text, tree))
}

#[allow(clippy::too_many_arguments)]
fn write_node<G: ChanceGame>(
    pos: &G,
    name: &str,
    probability: Option<Ratio>,
    level: u32,
    depth: u32,
    max: Player,
    name_move: &mut impl FnMut(&G, G::Move) -> String,
    estimate: &mut impl FnMut(&G) -> i64,
    text: &mut String,
    nodes: &mut usize,
    limit: usize,
) -> Result<(), TreeError> {
    *nodes += 1;
    if *nodes > limit {
        return Err(TreeError::at(
            0,
            0,
            format!("the tree has more than {limit} nodes: choose a smaller depth"),
        ));
    }
    let indent = "  ".repeat(level as usize);
    let tag = probability.map(|p| format!(" [{p}]")).unwrap_or_default();
    // (Writing to a String cannot fail.)
    if let Some(outcome) = pos.outcome() {
        let value = pos.leaf_value(outcome);
        let thousandths = value.numerator() * 1000 / value.denominator();
        let _ = writeln!(
            text,
            "{indent}{name}{tag} = {}",
            decimal(thousandths as i64)
        );
        return Ok(());
    }
    if level >= depth {
        let _ = writeln!(text, "{indent}{name}…{tag} = {}", decimal(estimate(pos)));
        return Ok(());
    }
    let kind = if pos.is_chance() {
        "chance"
    } else if pos.to_move() == max {
        "max"
    } else {
        "min"
    };
    let _ = writeln!(text, "{indent}{name}{tag} [{kind}]");
    let mut moves = Vec::new();
    pos.generate_moves(&mut moves);
    for mv in moves {
        let child_name = name_move(pos, mv);
        let probability = pos.is_chance().then(|| pos.probability(mv));
        let mut child = pos.clone();
        child.play(mv);
        write_node(
            &child,
            &child_name,
            probability,
            level + 1,
            depth,
            max,
            name_move,
            estimate,
            text,
            nodes,
            limit,
        )?;
    }
    Ok(())
}

/// Thousandths as the shortest exact decimal: `532` is `0.532`, `-500` is `-0.5`.
fn decimal(thousandths: i64) -> String {
    let sign = if thousandths < 0 { "-" } else { "" };
    let abs = thousandths.unsigned_abs();
    let (whole, fraction) = (abs / 1000, abs % 1000);
    if fraction == 0 {
        return format!("{sign}{whole}");
    }
    let digits = format!("{fraction:03}");
    format!("{sign}{whole}.{}", digits.trim_end_matches('0'))
}
