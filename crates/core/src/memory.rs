//! How much memory this process may still take, and refusals that say so.
//!
//! Every large allocation in ply (a transposition table, a solver's table of
//! positions, a search's stack) is checked here before it is made: a request for
//! more than the machine can give is refused with a [`MemoryError`] that names what
//! was asked for, how much it needs and how much there is, instead of an abort in the
//! allocator or a visit from the kernel's out-of-memory killer.
//!
//! What "available" means ([`available`]): the least of the memory the kernel reports
//! as available to new work (`MemAvailable` in `/proc/meminfo`), the room left under
//! the process's address-space limit (`ulimit -v`) and the room left under its control
//! group's memory limit (containers). `None` where none of these can be read (then
//! nothing is refused: the allocator's own failure is the last word).
//!
//! On WebAssembly there is no system to ask: a module's memory only grows, up to 4 GiB
//! (wasm32), and a browser may refuse to grow it well before that. There, "available"
//! is what remains of a budget of [`WASM_BUDGET`] bytes once the module's memory so far
//! is counted (all of it, used or free within the allocator: an upper bound of what is
//! in use, so the estimate errs on the side of refusing).
//!
//! ```
//! use ply_core::memory::{MemoryError, human_bytes};
//!
//! assert_eq!(human_bytes(64 << 30), "64.0 GiB");
//! assert_eq!(human_bytes(1536), "1.5 KiB");
//! let error = MemoryError::new("the transposition table (--hash 65536)", 64 << 30, Some(21 << 30));
//! assert_eq!(
//!     error.to_string(),
//!     "the transposition table (--hash 65536) needs 64.0 GiB of memory, but only 21.0 GiB is available"
//! );
//! ```

use std::fmt;

/// A request for more memory than this process can get.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryError {
    /// What needed the memory, in words (with the option that sized it, if one did).
    pub what: String,
    /// Bytes asked for.
    pub asked: u64,
    /// Bytes available when the request was made (`None`: unknown, the allocation itself failed).
    pub available: Option<u64>,
}

impl MemoryError {
    /// `what` needs `asked` bytes, and `available` are there (`None`: unknown).
    pub fn new(what: impl Into<String>, asked: u64, available: Option<u64>) -> MemoryError {
        MemoryError {
            what: what.into(),
            asked,
            available,
        }
    }
}

impl fmt::Display for MemoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.available {
            // A running total just past the limit reads the same as the limit.
            Some(available) if human_bytes(self.asked) == human_bytes(available) => write!(
                f,
                "{} needs more than the {} of memory available",
                self.what,
                human_bytes(available)
            ),
            Some(available) => write!(
                f,
                "{} needs {} of memory, but only {} is available",
                self.what,
                human_bytes(self.asked),
                human_bytes(available)
            ),
            None => write!(
                f,
                "{} needs {} of memory, and the allocation failed",
                self.what,
                human_bytes(self.asked)
            ),
        }
    }
}

impl std::error::Error for MemoryError {}

/// Bytes in binary units with one decimal: `512 B`, `1.5 KiB`, `64.0 GiB`.
pub fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 6] = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    if bytes < 1024 {
        return format!("{bytes} B");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}

/// The memory a WebAssembly module of ply counts on having in all: 1 GiB, which
/// browsers give a page on phones and desktops alike (wasm32 memories reach 4 GiB,
/// but browsers often refuse more than one or two).
pub const WASM_BUDGET: u64 = 1 << 30;

/// The bytes this process may still allocate (see the module documentation), or
/// `None` when the system says nothing about it.
pub fn available() -> Option<u64> {
    #[cfg(target_arch = "wasm32")]
    {
        // The pages (64 KiB each) the module's memory has grown to so far.
        let held = core::arch::wasm32::memory_size(0) as u64 * 65536;
        Some(WASM_BUDGET.saturating_sub(held))
    }
    #[cfg(not(target_arch = "wasm32"))]
    [
        system_available(),
        address_space_room(),
        control_group_room(),
    ]
    .into_iter()
    .flatten()
    .min()
}

/// Refuses a request for `bytes` when more than [`available`] memory is asked for.
pub fn check(what: impl FnOnce() -> String, bytes: u64) -> Result<(), MemoryError> {
    match available() {
        Some(available) if bytes > available => {
            Err(MemoryError::new(what(), bytes, Some(available)))
        }
        _ => Ok(()),
    }
}

/// A share of the available memory, for structures that size themselves (a solver's
/// table): `parts_per_thousand / 1000` of [`available`], or `fallback` bytes when it is unknown.
pub fn share(parts_per_thousand: u64, fallback: u64) -> u64 {
    available().map_or(fallback, |bytes| bytes / 1000 * parts_per_thousand)
}

#[cfg(not(target_arch = "wasm32"))]
/// `MemAvailable` from /proc/meminfo.
fn system_available() -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        let text = std::fs::read_to_string("/proc/meminfo").ok()?;
        kib_field(&text, "MemAvailable:")
    }
    #[cfg(not(target_os = "linux"))]
    None
}

#[cfg(not(target_arch = "wasm32"))]
/// The room left under the address-space limit (RLIMIT_AS): the limit minus the
/// process's current virtual size.
fn address_space_room() -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes into the struct we own and reads nothing else.
        if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } != 0
            || limit.rlim_cur == libc::RLIM_INFINITY
        {
            return None;
        }
        let status = std::fs::read_to_string("/proc/self/status").ok()?;
        let used = kib_field(&status, "VmSize:").unwrap_or(0);
        #[allow(clippy::unnecessary_cast)] // rlim_t is 32 bits wide on some systems
        let limit = limit.rlim_cur as u64;
        Some(limit.saturating_sub(used))
    }
    #[cfg(not(target_os = "linux"))]
    None
}

#[cfg(not(target_arch = "wasm32"))]
/// The room left under the control group's memory limit (cgroup v2 `memory.max`).
fn control_group_room() -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        let membership = std::fs::read_to_string("/proc/self/cgroup").ok()?;
        let path = membership
            .lines()
            .find_map(|line| line.strip_prefix("0::"))?;
        let dir = format!("/sys/fs/cgroup{}", path.trim_end());
        let max = std::fs::read_to_string(format!("{dir}/memory.max")).ok()?;
        let max: u64 = max.trim().parse().ok()?; // "max": no limit
        let current: u64 = std::fs::read_to_string(format!("{dir}/memory.current"))
            .ok()?
            .trim()
            .parse()
            .ok()?;
        Some(max.saturating_sub(current))
    }
    #[cfg(not(target_os = "linux"))]
    None
}

#[cfg(target_os = "linux")]
fn kib_field(text: &str, name: &str) -> Option<u64> {
    let line = text.lines().find(|line| line.starts_with(name))?;
    let kib: u64 = line[name.len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kib.saturating_mul(1024))
}

/// `count` atomic words, all zero, straight from zeroed memory: with the default
/// alignment this is `calloc`, and the OS hands out zero pages lazily, so even a large
/// table costs nothing until it is used (writing the zeros would touch every page at
/// once: 40 ms for 64 MiB). On Linux the memory is advised to huge pages, as the
/// engine's table is. `None` when `count` is 0 or the allocator refuses.
pub fn zeroed_words(count: usize) -> Option<Box<[std::sync::atomic::AtomicU64]>> {
    use std::sync::atomic::AtomicU64;
    let layout = std::alloc::Layout::array::<AtomicU64>(count).ok()?;
    if layout.size() == 0 {
        return None;
    }
    // SAFETY: the layout has a non-zero size; all-zero bytes are a valid AtomicU64 (0);
    // the pointer comes from the global allocator with this exact layout, as `Box`
    // requires.
    unsafe {
        let memory = std::alloc::alloc_zeroed(layout) as *mut AtomicU64;
        if memory.is_null() {
            return None;
        }
        advise_huge_pages(memory as *mut u8, layout.size());
        Some(Box::from_raw(std::ptr::slice_from_raw_parts_mut(
            memory, count,
        )))
    }
}

/// Asks Linux to back a table with 2 MiB pages (transparent huge pages) where
/// the memory is still untouched: random probes into a large table otherwise
/// miss the TLB on almost every access. Only the whole 2 MiB pages inside the
/// allocation are advised; a no-op elsewhere and for small tables.
pub(crate) fn advise_huge_pages(start: *mut u8, len: usize) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        if len < 2 * HUGE {
            return;
        }
        let first = (start as usize).next_multiple_of(HUGE);
        let end = (start as usize + len) / HUGE * HUGE;
        if end > first {
            // SAFETY: madvise only changes how the kernel backs pages of this process's
            // own mapping (the range lies inside the allocation); it never moves or frees
            // memory, and a failure (e.g. huge pages disabled) leaves everything as it was.
            unsafe {
                libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, len);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_read_for_people() {
        assert_eq!(human_bytes(0), "0 B");
        assert_eq!(human_bytes(1023), "1023 B");
        assert_eq!(human_bytes(1024), "1.0 KiB");
        assert_eq!(human_bytes(68_719_476_800), "64.0 GiB");
        assert_eq!(human_bytes(u64::MAX), "16.0 EiB");
    }

    #[test]
    fn a_request_beyond_everything_is_refused() {
        if available().is_some() {
            let error = check(|| "a test".into(), u64::MAX).unwrap_err();
            assert!(error.to_string().starts_with("a test needs 16.0 EiB"));
        }
        assert_eq!(check(|| "nothing".into(), 0), Ok(()));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn meminfo_fields_are_read_in_kib() {
        let text = "MemTotal:       24000000 kB\nMemAvailable:   1000 kB\n";
        assert_eq!(kib_field(text, "MemAvailable:"), Some(1_024_000));
        assert_eq!(kib_field(text, "Missing:"), None);
    }

    #[test]
    fn zeroed_words_are_zero_and_as_many_as_asked() {
        use std::sync::atomic::Ordering;
        assert!(zeroed_words(0).is_none());
        // 8 MiB: large enough to be advised to huge pages on Linux.
        let words = zeroed_words(1 << 20).unwrap();
        assert_eq!(words.len(), 1 << 20);
        assert!(words.iter().all(|w| w.load(Ordering::Relaxed) == 0));
        words[12345].store(7, Ordering::Relaxed);
        assert_eq!(words[12345].load(Ordering::Relaxed), 7);
    }
}
