//! Principal variations as shared lists: a node's line is its best move followed by
//! its best child's line, so a node takes that line over in one step, without
//! copying it. (The textbook triangular table copies the child's line at every
//! improvement: memory and time quadratic in the depth, gigabytes for a game of
//! 100,000 plies.)

use std::rc::Rc;

struct Link<M> {
    mv: M,
    next: Option<Rc<Link<M>>>,
}

/// A line of moves; clones share their tail.
pub(super) struct Line<M> {
    head: Option<Rc<Link<M>>>,
}

impl<M> Default for Line<M> {
    fn default() -> Self {
        Line { head: None }
    }
}

impl<M> Clone for Line<M> {
    fn clone(&self) -> Self {
        Line {
            head: self.head.clone(),
        }
    }
}

impl<M: Copy> Line<M> {
    /// `mv`, then `rest`.
    pub fn cons(mv: M, rest: &Line<M>) -> Line<M> {
        Line {
            head: Some(Rc::new(Link {
                mv,
                next: rest.head.clone(),
            })),
        }
    }

    /// The moves, first to last.
    pub fn to_vec(&self) -> Vec<M> {
        let mut moves = Vec::new();
        let mut link = self.head.as_deref();
        while let Some(l) = link {
            moves.push(l.mv);
            link = l.next.as_deref();
        }
        moves
    }
}

impl<M> Drop for Line<M> {
    /// Frees the links this line alone holds one by one: the default drop would
    /// recurse once per move, as deep as the game.
    fn drop(&mut self) {
        let mut next = self.head.take();
        while let Some(link) = next {
            match Rc::try_unwrap(link) {
                Ok(mut link) => next = link.next.take(),
                Err(_) => break, // shared: another line still holds the rest
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_share_their_tails_and_drop_without_recursion() {
        let empty = Line::default();
        let tail = Line::cons(3, &empty);
        let line = Line::cons(1, &Line::cons(2, &tail));
        assert_eq!(line.to_vec(), [1, 2, 3]);
        assert_eq!(tail.to_vec(), [3]);
        drop(line);
        assert_eq!(tail.to_vec(), [3]);
        let mut long = Line::default();
        for mv in 0..1_000_000u32 {
            long = Line::cons(mv, &long);
        }
        assert_eq!(long.to_vec().len(), 1_000_000);
    }
}
