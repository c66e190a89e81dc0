//! Reading a whole text file (or standard input, a pipe, a device) with a size cap.
//!
//! The text is checked as it arrives: invalid UTF-8 and characters that the text
//! policy refuses (`ply_core::text`: control and invisible characters; a byte-order
//! mark only at the very start) stop the reading at once, with their line and
//! column, so `/dev/zero` or `/dev/urandom` are refused after one read, not after
//! filling the memory. More than `cap` bytes are refused with the cap named; a
//! regular file larger than the cap is refused before a byte is read.

use anyhow::{Result, bail};
use ply_core::text::refusal;
use std::io::Read;

/// How much is read at a time.
const CHUNK: usize = 64 << 10;

/// `bytes` as a size for people: `256 MiB`, `12 KiB`, `100 bytes`.
pub fn size_text(bytes: usize) -> String {
    if bytes >= 1 << 20 && bytes % (1 << 20) == 0 {
        format!("{} MiB", bytes >> 20)
    } else if bytes >= 1 << 10 && bytes % (1 << 10) == 0 {
        format!("{} KiB", bytes >> 10)
    } else {
        format!("{bytes} bytes")
    }
}

/// Reads all of `reader` as text, at most `cap` bytes. `label` names the input in
/// messages (a path, or `<stdin>`); `size_hint` is the size of a regular file.
pub fn read_text(
    mut reader: impl Read,
    label: &str,
    cap: usize,
    size_hint: Option<u64>,
) -> Result<String> {
    let too_large = || {
        anyhow::anyhow!(
            "{label}: more than {}: ply reads at most {} of a text file",
            size_text(cap),
            size_text(cap)
        )
    };
    if size_hint.is_some_and(|size| size > cap as u64) {
        return Err(too_large());
    }
    let mut bytes: Vec<u8> = Vec::new();
    if let Some(size) = size_hint {
        // Within the cap, checked above.
        bytes
            .try_reserve_exact(size as usize)
            .map_err(|_| out_of_memory(label, size as usize))?;
    }
    let mut chunk = vec![0u8; CHUNK];
    let mut checked = 0;
    loop {
        let read = match reader.read(&mut chunk) {
            Ok(0) => break,
            Ok(read) => read,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => bail!("{label}: cannot read: {e}"),
        };
        if bytes.len() + read > cap {
            return Err(too_large());
        }
        bytes
            .try_reserve(read)
            .map_err(|_| out_of_memory(label, bytes.len() + read))?;
        bytes.extend_from_slice(&chunk[..read]);
        checked = check(&bytes, checked, label, false)?;
    }
    check(&bytes, checked, label, true)?;
    String::from_utf8(bytes).map_err(|_| anyhow::anyhow!("{label}: the file is not UTF-8 text"))
}

fn out_of_memory(label: &str, bytes: usize) -> anyhow::Error {
    anyhow::anyhow!(
        "{label}: not enough memory to hold {} of text",
        size_text(bytes)
    )
}

/// Checks `bytes[checked..]` (the part not checked yet) and returns how far the
/// bytes are now known to be good text: a character cut by the end of a read is
/// left for the next one, unless `at_end`.
fn check(bytes: &[u8], checked: usize, label: &str, at_end: bool) -> Result<usize> {
    let (good, bad_at) = match std::str::from_utf8(&bytes[checked..]) {
        Ok(text) => (text, None),
        Err(e) => {
            let good =
                std::str::from_utf8(&bytes[checked..checked + e.valid_up_to()]).unwrap_or_default();
            let cut = e.error_len().is_none() && !at_end;
            (good, (!cut).then_some(checked + e.valid_up_to()))
        }
    };
    // The common case, plain ASCII without control characters, in one quick pass.
    let plain = |b: &u8| (0x20..0x7f).contains(b) || matches!(b, b'\t' | b'\n' | b'\r');
    if !good.as_bytes().iter().all(plain) {
        for (i, c) in good.char_indices() {
            let at = checked + i;
            // A byte-order mark at the very start is skipped by the readers, not refused.
            if at == 0 && c == '\u{feff}' {
                continue;
            }
            if let Some(message) = refusal(c) {
                let (line, column) = place(bytes, at);
                bail!("{label}:{line}:{column}: {message}");
            }
        }
    }
    if let Some(at) = bad_at {
        let (line, column) = place(bytes, at);
        bail!("{label}:{line}:{column}: the file is not UTF-8 text");
    }
    Ok(checked + good.len())
}

/// The line and column (from 1, columns in characters) of byte `at`, which follows
/// good text. A byte-order mark at the start is not counted: the readers skip it.
fn place(bytes: &[u8], at: usize) -> (usize, usize) {
    let start = if bytes.starts_with("\u{feff}".as_bytes()) {
        3
    } else {
        0
    };
    let before = &bytes[start.min(at)..at];
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let column = String::from_utf8_lossy(&before[line_start..])
        .chars()
        .count()
        + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(bytes: &[u8], cap: usize) -> Result<String, String> {
        read_text(bytes, "in", cap, None).map_err(|e| e.to_string())
    }

    /// Hands out its bytes a few at a time, to cut characters between reads.
    struct Trickle<'a>(&'a [u8], usize);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.1.min(self.0.len()).min(buf.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn reads_text_and_refuses_what_is_not() {
        assert_eq!(read(b"(1 2)\n", 100).unwrap(), "(1 2)\n");
        assert_eq!(read("\u{feff}é".as_bytes(), 100).unwrap(), "\u{feff}é");
        assert_eq!(
            read(b"root\n  a\x00", 100).unwrap_err(),
            "in:2:4: control character U+0000 is not allowed"
        );
        assert_eq!(
            read(b"(1 2 \xff)", 100).unwrap_err(),
            "in:1:6: the file is not UTF-8 text"
        );
        assert_eq!(
            read("é\u{feff}".as_bytes(), 100).unwrap_err(),
            "in:1:2: invisible character U+FEFF (byte-order mark) is not allowed"
        );
        // Columns count from after a byte-order mark at the start, as the tree readers do.
        assert_eq!(
            read("\u{feff}\u{feff}(1 2)".as_bytes(), 100).unwrap_err(),
            "in:1:1: invisible character U+FEFF (byte-order mark) is not allowed"
        );
        // A character cut at the end of the file.
        assert_eq!(
            read(&"é".as_bytes()[..1], 100).unwrap_err(),
            "in:1:1: the file is not UTF-8 text"
        );
        assert_eq!(
            read(&[b'x'; 101], 100).unwrap_err(),
            "in: more than 100 bytes: ply reads at most 100 bytes of a text file"
        );
        assert_eq!(read(&[b'x'; 100], 100).unwrap().len(), 100);
        assert_eq!(
            read_text(&b""[..], "f", 1 << 20, Some(2 << 20))
                .unwrap_err()
                .to_string(),
            "f: more than 1 MiB: ply reads at most 1 MiB of a text file"
        );
    }

    #[test]
    fn characters_cut_between_reads_are_whole_again() {
        let text = "αβγ\n日本語 ≤ x\n";
        for step in 1..5 {
            let got = read_text(Trickle(text.as_bytes(), step), "in", 100, None).unwrap();
            assert_eq!(got, text, "{step}");
        }
        let bad = read_text(Trickle("ab\nc日\u{200b}".as_bytes(), 1), "in", 100, None);
        assert_eq!(
            bad.unwrap_err().to_string(),
            "in:2:3: invisible character U+200B (zero width space) is not allowed"
        );
    }
}
