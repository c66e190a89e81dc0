//! A tree with chance nodes written out of a game takes the memory of its nodes, not of
//! its text: Pig to 20 asked 10,000 levels deep, refused at 100,000 nodes, under an
//! allocator that refuses to hold more than 256 MiB (the text the tree was once written
//! as first, each line indented by its depth, took 2 GB at that count).
//!
//! A test binary of its own: the allocator counts every allocation of the process.

use ply_games::pig::{Pig, PigMove, PigState};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The most bytes held at once before an allocation is refused (and the process aborts).
const CAP: usize = 256 << 20;

struct Capped {
    held: AtomicUsize,
    peak: AtomicUsize,
}

unsafe impl GlobalAlloc for Capped {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let held = self.held.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        if held > CAP {
            self.held.fetch_sub(layout.size(), Ordering::Relaxed);
            return std::ptr::null_mut();
        }
        self.peak.fetch_max(held, Ordering::Relaxed);
        // SAFETY: the caller's layout, handed on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        self.held.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: allocated above with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Capped = Capped {
    held: AtomicUsize::new(0),
    peak: AtomicUsize::new(0),
};

#[test]
fn a_deep_pig_tree_is_refused_within_the_memory_of_its_nodes() {
    let root = Pig::new(PigState::parse("20:12+0-14").unwrap());
    let options = ply_tree::ParseOptions {
        limits: ply_tree::Limits {
            max_nodes: 100_000,
            max_depth: 10_000,
        },
        ..Default::default()
    };
    let name = |_: &Pig, mv: PigMove| format!("{mv:?}");
    let before = ALLOCATOR.held.load(Ordering::Relaxed);
    ALLOCATOR.peak.store(before, Ordering::Relaxed);
    let error =
        ply_tree::expand_chance_to_depth(&root, "root", name, 10_000, |_| 0, &options).unwrap_err();
    assert_eq!(error.limit, Some("max_nodes"));
    // 100,000 nodes of a few hundred bytes each, and the positions waiting their turn.
    let peak = ALLOCATOR.peak.load(Ordering::Relaxed) - before;
    assert!(peak < 64 << 20, "{peak} bytes held at the peak");
}
