//! Where each node of a drawn tree goes across the page: a tidy layered layout.
//!
//! Every node sits in the row of its depth, centred over its first and last child;
//! children keep their order, and each subtree is pushed right just far enough that
//! nothing of it, at any depth, comes closer than a gap to what is already placed
//! on its left (the subtrees' contours, as in Reingold and Tilford's layout). A
//! short branch therefore does not reserve a whole column down to the bottom of
//! the picture: a deeper neighbour's nodes slide in under it.
//!
//! Each node takes room `left` and `right` of its centre (its shape and every label
//! drawn beside or under it), so that no two nodes' drawings meet in a row.
//!
//! The work is linear in practice: a parent keeps its deepest child's contour and
//! merges the others into it, each merge costing the shorter contour's height.

use crate::tree::{ExplicitTree, NodeId};

/// The outline of a placed subtree: its leftmost and rightmost edge at each depth.
/// Entry `i` is the depth `bottom - i` (the deepest row first, so that a parent adds
/// its own row with a push); stored values are relative to `offset`.
struct Contour {
    bottom: u32,
    left: Vec<f64>,
    right: Vec<f64>,
    offset: f64,
}

impl Contour {
    fn index(&self, depth: u32) -> usize {
        (self.bottom - depth) as usize
    }

    fn left_at(&self, depth: u32) -> f64 {
        self.left[self.index(depth)] + self.offset
    }

    fn right_at(&self, depth: u32) -> f64 {
        self.right[self.index(depth)] + self.offset
    }
}

/// The x of every node's centre (`drawn(id)` false: not drawn, x 0), with the
/// leftmost drawing at 0. `children(id)` lists the drawn children of a drawn node;
/// `room[id]` is how far its drawing reaches left and right of its centre; `gap`
/// the least space between the drawings of two nodes in a row.
pub(crate) fn tidy(
    tree: &ExplicitTree,
    drawn: impl Fn(usize) -> bool,
    children: impl Fn(usize) -> Vec<NodeId>,
    room: &[(f64, f64)],
    gap: f64,
) -> Vec<f64> {
    let n = tree.len();
    // Each child's x relative to its parent.
    let mut relative = vec![0.0f64; n];
    let mut contours: Vec<Option<Contour>> = (0..n).map(|_| None).collect();
    // Children come after their parent in the tree's order, so a backward sweep
    // places every subtree before the node above it.
    for id in (0..n).rev() {
        if !drawn(id) {
            continue;
        }
        let depth = tree.node(id as NodeId).depth;
        let (left, right) = room[id];
        let kids = children(id);
        let mut placed: Option<Contour> = None;
        // Each child's x in the frame of the first child.
        let mut at = Vec::with_capacity(kids.len());
        for &child in &kids {
            let Some(mut next) = contours[child as usize].take() else {
                at.push(0.0);
                continue;
            };
            let Some(mut so_far) = placed.take() else {
                at.push(0.0);
                placed = Some(next);
                continue;
            };
            // Push the child right until it clears everything placed, at every depth both reach.
            let shallow = so_far.bottom.min(next.bottom);
            let shift = (depth + 1..=shallow)
                .map(|d| so_far.right_at(d) + gap - next.left_at(d))
                .fold(f64::NEG_INFINITY, f64::max);
            let shift = if shift.is_finite() { shift } else { 0.0 };
            at.push(shift);
            next.offset += shift;
            // Merge, keeping the deeper contour's vectors.
            if next.bottom > so_far.bottom {
                for d in depth + 1..=shallow {
                    let i = next.index(d);
                    next.left[i] = so_far.left_at(d) - next.offset;
                }
                placed = Some(next);
            } else {
                for d in depth + 1..=shallow {
                    let i = so_far.index(d);
                    so_far.right[i] = next.right_at(d) - so_far.offset;
                }
                placed = Some(so_far);
            }
        }
        let contour = match placed {
            None => Contour {
                bottom: depth,
                left: vec![-left],
                right: vec![right],
                offset: 0.0,
            },
            Some(mut below) => {
                let centre =
                    (at.first().copied().unwrap_or(0.0) + at.last().copied().unwrap_or(0.0)) / 2.0;
                for (&child, &x) in kids.iter().zip(&at) {
                    relative[child as usize] = x - centre;
                }
                below.offset -= centre;
                below.left.push(-left - below.offset);
                below.right.push(right - below.offset);
                below
            }
        };
        contours[id] = Some(contour);
    }
    // Down from the root: absolute positions, then moved so the leftmost drawing is at 0.
    let mut x = vec![0.0f64; n];
    for id in 1..n {
        if drawn(id)
            && let Some(parent) = tree.node(id as NodeId).parent
        {
            x[id] = x[parent as usize] + relative[id];
        }
    }
    let leftmost = (0..n)
        .filter(|&id| drawn(id))
        .map(|id| x[id] - room[id].0)
        .fold(f64::INFINITY, f64::min);
    if leftmost.is_finite() {
        for (id, value) in x.iter_mut().enumerate() {
            if drawn(id) {
                *value -= leftmost;
            }
        }
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;

    fn layout(text: &str, room: f64, gap: f64) -> (ExplicitTree, Vec<f64>) {
        let tree = parse(text, &Default::default()).unwrap();
        let rooms = vec![(room, room); tree.len()];
        let x = tidy(
            &tree,
            |_| true,
            |id| tree.children(id as NodeId).to_vec(),
            &rooms,
            gap,
        );
        (tree, x)
    }

    fn id(tree: &ExplicitTree, name: &str) -> usize {
        (0..tree.len())
            .find(|&i| tree.node(i as NodeId).name == name)
            .unwrap()
    }

    #[test]
    fn a_deep_subtree_slides_under_a_short_neighbour() {
        // r has a leaf s and a chain a → b over three leaves. Nodes are 10 wide with a
        // gap of 10: 20 apart in a row. s at 0, a at 20, b under a, b's leaves at 0,
        // 20, 40: the first sits right under s (a slot per leaf would put it at 20).
        let (tree, x) = layout("(r s=5 (a (b p=1 q=2 t=3)))", 5.0, 10.0);
        let at = |name: &str| x[id(&tree, name)];
        assert_eq!(at("s"), 5.0);
        assert_eq!(at("a"), 25.0);
        assert_eq!(at("b"), 25.0);
        assert_eq!((at("p"), at("q"), at("t")), (5.0, 25.0, 45.0));
        assert_eq!(at("r"), 15.0);
    }

    #[test]
    fn subtrees_clear_each_other_at_every_depth() {
        // The left subtree is wide at the bottom, the right one narrow at the top: the
        // right one is pushed by the bottom row, not by its neighbour's root.
        let (tree, x) = layout("(r (a (b 1 2 3 4)) (c (d 5)))", 5.0, 10.0);
        let at = |name: &str| x[id(&tree, name)];
        // b's four leaves at 5, 25, 45, 65; d's leaf must clear 65 by 20: 85.
        assert_eq!(at("a"), 35.0);
        assert_eq!(at("c"), 85.0);
        assert_eq!(at("r"), 60.0);
    }

    /// Random trees: every parent centred over its first and last child, and no two
    /// nodes of a row closer than their rooms and the gap.
    #[test]
    fn random_trees_are_tidy() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for _ in 0..200 {
            // A random tree in bracket form: each node has 0-3 children, at most 7 deep.
            fn grow(next: &mut impl FnMut(u64) -> u64, depth: u32, out: &mut String) {
                let children = if depth >= 6 { 0 } else { next(4) };
                if children == 0 {
                    out.push_str(&next(10).to_string());
                    return;
                }
                out.push('(');
                out.push('n');
                for _ in 0..children {
                    out.push(' ');
                    grow(next, depth + 1, out);
                }
                out.push(')');
            }
            let mut text = String::from("(root ");
            grow(&mut next, 1, &mut text);
            text.push(' ');
            grow(&mut next, 1, &mut text);
            text.push(')');
            let tree = parse(&text, &Default::default()).unwrap();
            let rooms: Vec<(f64, f64)> = (0..tree.len())
                .map(|_| (3.0 + next(20) as f64, 3.0 + next(20) as f64))
                .collect();
            let x = tidy(
                &tree,
                |_| true,
                |id| tree.children(id as NodeId).to_vec(),
                &rooms,
                7.0,
            );
            let mut rows: Vec<Vec<usize>> = vec![Vec::new(); tree.height() as usize + 1];
            for id in 0..tree.len() {
                let children = tree.children(id as NodeId);
                if let (Some(&first), Some(&last)) = (children.first(), children.last()) {
                    let centre = (x[first as usize] + x[last as usize]) / 2.0;
                    assert!(
                        (x[id] - centre).abs() < 1e-9,
                        "{text}: node {id} off centre"
                    );
                }
                rows[tree.node(id as NodeId).depth as usize].push(id);
            }
            for row in rows {
                // Reading order is left to right within a row.
                for pair in row.windows(2) {
                    let (a, b) = (pair[0], pair[1]);
                    let clearance = (x[b] - rooms[b].0) - (x[a] + rooms[a].1);
                    assert!(
                        clearance >= 7.0 - 1e-9,
                        "{text}: {a} and {b} {clearance} apart"
                    );
                }
            }
            assert!((0..tree.len()).all(|id| x[id] - rooms[id].0 >= -1e-9));
        }
    }
}
