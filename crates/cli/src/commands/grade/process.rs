//! A student's program run as a process over the grading protocol, one fresh process a
//! test, so that nothing it does can disturb ply or the next test.
//!
//! * **Its own process group**, killed whole (`kill(-pgid, SIGKILL)`) when the test ends,
//!   so that processes it started die with it; on Linux it also dies with ply
//!   (`PR_SET_PDEATHSIG`), and SIGTERM or SIGHUP to ply kill the group before ply ends.
//! * **Time**: every wait is bounded by the test's deadline; its standard output is read
//!   by a thread of its own through a bounded channel (`recv_timeout`), and ply's answers
//!   are written by another, so that a program that is silent, or never reads, cannot
//!   hold ply past the deadline.
//! * **Memory**: on Linux the resident memory of the program and the processes it started
//!   is read from `/proc` every 20 ms, and the group killed past the limit.
//! * **Bounded reads**: a line of its output is at most the protocol's limit (4 KiB) and
//!   UTF-8, or the test ends as a protocol error; of its standard error the last 64 KiB
//!   are kept; answers it does not read wait up to 4 MiB, and then its queries wait.
//! * **SIGPIPE** is ignored while grading: a write to a program that has ended fails, and
//!   ply goes on.

use anyhow::{Context, Result, bail};
use ply_api::grade::{Limits, Outcome, Reply, Run};
use ply_core::text::excerpt;
use std::collections::VecDeque;
use std::ffi::OsString;
use std::io::{Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, SyncSender, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The most bytes of a program's standard error kept for its report (the last ones).
pub const STDERR_KEPT_BYTES: usize = 64 << 10;

/// The most lines, and bytes, of a program's standard error shown in a report.
const STDERR_SHOWN_LINES: usize = 20;
const STDERR_SHOWN_BYTES: usize = 4 << 10;

/// The most bytes of answers waiting to be written to a program that does not read
/// them: past this, ply stops reading its queries until it catches up (or the test's
/// time runs out).
const UNSENT_BYTES: usize = 4 << 20;

/// How long a program that has answered may take to exit before it is killed.
const GRACE: Duration = Duration::from_millis(200);

/// How often the memory watchdog looks at the program.
const WATCH_EVERY: Duration = Duration::from_millis(20);

/// The program to run, as given after `--`.
pub struct Program {
    path: OsString,
    args: Vec<OsString>,
    /// The command as a person reads it, for the report.
    pub shown: String,
}

impl Program {
    pub fn new(command: &[OsString]) -> Result<Program> {
        let Some((path, args)) = command.split_first() else {
            bail!(
                "no program to run: give it after --, as in: ply grade minimax -- python3 solution.py"
            );
        };
        let shown = command
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join(" ");
        Ok(Program {
            path: path.clone(),
            args: args.to_vec(),
            shown,
        })
    }

    /// Starts the program with piped standard streams, in a process group of its own
    /// (killed whole at the end of the test) that dies with ply.
    fn spawn(&self) -> Result<Child> {
        let mut command = Command::new(&self.path);
        command
            .args(&self.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        #[cfg(target_os = "linux")]
        {
            use std::os::unix::process::CommandExt;
            // SAFETY: prctl is async-signal-safe, and the closure touches nothing else.
            unsafe {
                command.pre_exec(|| {
                    // Killed if ply is (a grading job's own time limit, a SIGKILL).
                    if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) == -1 {
                        return Err(std::io::Error::last_os_error());
                    }
                    Ok(())
                });
            }
        }
        command
            .spawn()
            .with_context(|| format!("cannot run {}", excerpt(&self.path.to_string_lossy())))
    }
}

/// The limits of one test.
pub struct Budget {
    /// The time a test allows, in milliseconds.
    pub millis: u64,
    /// The resident memory allowed, in MB.
    pub memory_mb: u64,
}

/// What the report adds to a test beyond the grader's judgement.
pub struct Extra {
    /// The end of the program's standard error, as shown (at most 20 lines).
    pub stderr: String,
    /// The test's wall time, in milliseconds.
    pub millis: u64,
    /// True when the program wrote no line at all.
    pub silent: bool,
}

/// A piece of the program's standard output.
enum Piece {
    /// One line, without its end.
    Line(String),
    /// What is wrong with the output (a line too long, bytes that are not UTF-8): the
    /// reading stops there.
    Refused(String),
}

/// What the reader of the program's standard output sends.
enum Event {
    /// The lines read in one go, in order.
    Lines(Vec<Piece>),
    /// The output was closed (or could not be read).
    Closed,
}

/// How a test's run ended, before the program's exit status is known.
enum End {
    Answered,
    /// Past a limit of the protocol (queries, wrong queries).
    Stopped(String),
    /// Output that is not the protocol.
    Refused(String),
    TimedOut,
    Memory,
    /// The program exited, or closed its output, without answering.
    Exited,
    Interrupted,
}

/// Runs the program once on `run`'s test, as a fresh process: ply's greeting, then each
/// of its lines answered, until it answers, breaks a limit, ends or runs out of time.
/// Returns how it ended (for [`Run::judge`]) and what the report adds.
pub fn converse(
    run: &mut Run,
    limits: Limits,
    program: &Program,
    budget: &Budget,
) -> Result<(Outcome, Extra)> {
    let started = Instant::now();
    let mut child = program.spawn()?;
    running::started(child.id());
    let pid = child.id();
    let (stdin, stdout, stderr) = (child.stdin.take(), child.stdout.take(), child.stderr.take());

    // Standard output: lines, in batches, through a bounded channel.
    let (lines_tx, lines_rx) = mpsc::sync_channel::<Event>(16);
    if let Some(stdout) = stdout {
        let max = limits.max_line_bytes;
        std::thread::spawn(move || read_lines(stdout, max, lines_tx));
    }
    // Standard error: the last bytes only.
    let tail = Arc::new(Mutex::new(Tail::default()));
    let (tail_done_tx, tail_done_rx) = mpsc::channel::<()>();
    if let Some(stderr) = stderr {
        let tail = Arc::clone(&tail);
        std::thread::spawn(move || {
            keep_tail(stderr, &tail);
            let _ = tail_done_tx.send(());
        });
    }
    // Standard input: answers written by a thread, which may block on a program that
    // does not read; `unsent` counts the bytes not yet written.
    let unsent = Arc::new(AtomicUsize::new(0));
    let (answers_tx, answers_rx) = mpsc::channel::<String>();
    if let Some(stdin) = stdin {
        let unsent = Arc::clone(&unsent);
        std::thread::spawn(move || write_answers(stdin, answers_rx, &unsent));
    }
    let greeting = format!("{}\n", run.greeting());
    unsent.fetch_add(greeting.len(), Ordering::SeqCst);
    let _ = answers_tx.send(greeting);

    let deadline = started + Duration::from_millis(budget.millis);
    let mut watchdog = Watchdog::new(pid, budget.memory_mb);
    // Lines read and not yet answered: at most one batch (64 KiB of output).
    let mut backlog: VecDeque<Piece> = VecDeque::new();
    let mut closed = false;
    let mut exited_at: Option<Instant> = None;
    let mut lines_seen = false;
    let end = loop {
        if crate::interrupt::interrupted() {
            break End::Interrupted;
        }
        let now = Instant::now();
        if now >= deadline {
            break End::TimedOut;
        }
        if watchdog.due(now) {
            if watchdog.over() {
                break End::Memory;
            }
            if exited_at.is_none() && has_exited(&mut child) {
                exited_at = Some(now);
            }
        }
        if backlog.is_empty() {
            // Exited with no answer: every line it wrote has been answered (its output
            // is closed), or something it started holds its output open.
            if exited_at.is_some_and(|at| closed || now >= at + GRACE) {
                break End::Exited;
            }
            if closed {
                // Nothing more to read: wait for the exit (or the time limit).
                std::thread::sleep(Duration::from_millis(5));
                if has_exited(&mut child) {
                    break End::Exited;
                }
                continue;
            }
            let wait = deadline.saturating_duration_since(now).min(WATCH_EVERY);
            match lines_rx.recv_timeout(wait) {
                Ok(Event::Lines(pieces)) => {
                    lines_seen = true;
                    backlog.extend(pieces);
                }
                Ok(Event::Closed) | Err(RecvTimeoutError::Disconnected) => closed = true,
                Err(RecvTimeoutError::Timeout) => {}
            }
            continue;
        }
        if unsent.load(Ordering::SeqCst) > UNSENT_BYTES {
            // The program does not read its answers: its queries wait.
            std::thread::sleep(Duration::from_millis(5));
            continue;
        }
        let mut out = String::new();
        let mut ended = None;
        while unsent.load(Ordering::SeqCst) + out.len() <= UNSENT_BYTES {
            let Some(piece) = backlog.pop_front() else {
                break;
            };
            match piece {
                Piece::Refused(detail) => {
                    ended = Some(End::Refused(detail));
                    break;
                }
                Piece::Line(line) => match run.respond(&line) {
                    Reply::Line(answer) => {
                        out.push_str(&answer);
                        out.push('\n');
                    }
                    Reply::Finished => {
                        ended = Some(End::Answered);
                        break;
                    }
                    Reply::Stop(reason) => {
                        ended = Some(End::Stopped(reason));
                        break;
                    }
                },
            }
        }
        if let Some(end) = ended {
            break end;
        }
        if !out.is_empty() {
            unsent.fetch_add(out.len(), Ordering::SeqCst);
            let _ = answers_tx.send(out);
        }
    };
    // Its standard input closed: a program that answered may end by itself.
    drop(answers_tx);
    if matches!(end, End::Answered) {
        let until = Instant::now() + GRACE;
        while Instant::now() < until && !has_exited(&mut child) {
            std::thread::sleep(Duration::from_millis(2));
        }
    }
    kill_group(&mut child);
    let status = child.wait().ok();
    running::ended();
    drop(lines_rx);
    // Its standard error is read to its end (or for a moment, if something the program
    // started holds it open).
    let _ = tail_done_rx.recv_timeout(Duration::from_millis(100));
    let stderr_text = tail.lock().map(|t| t.shown()).unwrap_or_default();
    let millis = started.elapsed().as_millis() as u64;
    let outcome = match end {
        End::Interrupted => return Err(crate::interrupt::Interrupted.into()),
        End::Answered => Outcome::Answered,
        End::Stopped(detail) | End::Refused(detail) => Outcome::Protocol { detail },
        End::TimedOut => Outcome::Timeout {
            millis: budget.millis,
        },
        End::Memory => Outcome::Crash {
            detail: format!("used more than {} MB of memory", budget.memory_mb),
        },
        End::Exited => Outcome::Crash {
            detail: crash_detail(status, &stderr_text),
        },
    };
    Ok((
        outcome,
        Extra {
            stderr: stderr_text,
            millis,
            silent: !lines_seen,
        },
    ))
}

/// Reads the program's standard output a line at a time, at most `max` bytes a line,
/// and sends the lines in batches (all the complete lines of one read).
fn read_lines(mut out: impl Read, max: usize, tx: SyncSender<Event>) {
    let mut buffer = vec![0u8; 64 << 10];
    let mut partial: Vec<u8> = Vec::new();
    let mut line_number = 0u64;
    loop {
        let read = match out.read(&mut buffer) {
            Ok(read) => read,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => 0,
        };
        let mut batch = Vec::new();
        let mut refused = false;
        if read == 0 {
            // The last line may lack its newline.
            if !partial.is_empty() {
                line_number += 1;
                let piece = piece(std::mem::take(&mut partial), max, line_number);
                batch.push(piece);
            }
            if !batch.is_empty() {
                let _ = tx.send(Event::Lines(batch));
            }
            let _ = tx.send(Event::Closed);
            return;
        }
        let mut start = 0;
        for (i, &byte) in buffer[..read].iter().enumerate() {
            if byte != b'\n' {
                continue;
            }
            partial.extend_from_slice(&buffer[start..i]);
            start = i + 1;
            line_number += 1;
            let piece = piece(std::mem::take(&mut partial), max, line_number);
            refused = matches!(piece, Piece::Refused(_));
            batch.push(piece);
            if refused {
                break;
            }
        }
        if !refused {
            partial.extend_from_slice(&buffer[start..read]);
            if partial.len() > max + 1 {
                batch.push(Piece::Refused(too_long(max, line_number + 1)));
                refused = true;
            }
        }
        if !batch.is_empty() && tx.send(Event::Lines(batch)).is_err() {
            return;
        }
        if refused {
            // Nothing after a refusal is read: the test is over.
            return;
        }
    }
}

/// One line of output as a piece: its text, or why it is refused.
fn piece(mut line: Vec<u8>, max: usize, number: u64) -> Piece {
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    if line.len() > max {
        return Piece::Refused(too_long(max, number));
    }
    match String::from_utf8(line) {
        Ok(text) => Piece::Line(text),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let byte = e.as_bytes()[at];
            Piece::Refused(format!(
                "line {number} of its output is not UTF-8 text (byte 0x{byte:02x} at column {})",
                at + 1
            ))
        }
    }
}

fn too_long(max: usize, number: u64) -> String {
    format!("line {number} of its output is longer than {max} bytes, the most a query may have")
}

/// Writes each answer to the program's standard input until the channel closes (the
/// test is over: the input is closed) or the program is gone (a write fails: SIGPIPE is
/// ignored while grading).
fn write_answers(mut stdin: impl Write, answers: mpsc::Receiver<String>, unsent: &AtomicUsize) {
    loop {
        let mut text = match answers.recv() {
            Ok(text) => text,
            Err(_) => return,
        };
        // Whatever else is waiting goes in the same write.
        loop {
            match answers.try_recv() {
                Ok(more) if text.len() < 64 << 10 => text.push_str(&more),
                Ok(more) => {
                    if stdin.write_all(text.as_bytes()).is_err() {
                        return;
                    }
                    unsent.fetch_sub(text.len(), Ordering::SeqCst);
                    text = more;
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    let _ = stdin.write_all(text.as_bytes());
                    return;
                }
            }
        }
        if stdin.write_all(text.as_bytes()).is_err() {
            return;
        }
        unsent.fetch_sub(text.len(), Ordering::SeqCst);
    }
}

/// The last [`STDERR_KEPT_BYTES`] of the program's standard error.
#[derive(Default)]
struct Tail {
    bytes: Vec<u8>,
    dropped: u64,
}

impl Tail {
    fn push(&mut self, chunk: &[u8]) {
        self.bytes.extend_from_slice(chunk);
        if self.bytes.len() > STDERR_KEPT_BYTES {
            let cut = self.bytes.len() - STDERR_KEPT_BYTES;
            self.bytes.drain(..cut);
            self.dropped += cut as u64;
        }
    }

    /// The last lines, as a report shows them: at most 20 lines and 4 KiB, with a first
    /// line that says so when earlier output was left out.
    fn shown(&self) -> String {
        let text = String::from_utf8_lossy(&self.bytes);
        let text = text.trim_end();
        if text.is_empty() {
            return String::new();
        }
        let all: Vec<&str> = text.lines().collect();
        let mut first = all.len().saturating_sub(STDERR_SHOWN_LINES);
        while first < all.len()
            && all[first..].iter().map(|l| l.len() + 1).sum::<usize>() > STDERR_SHOWN_BYTES
        {
            first += 1;
        }
        let mut kept: Vec<String> = all[first..].iter().map(|l| shorten(l, 400)).collect();
        if kept.is_empty() {
            // One line longer than the whole allowance: its end.
            let last = all[all.len() - 1];
            let cut = last.len().saturating_sub(STDERR_SHOWN_BYTES);
            let cut = (cut..=last.len())
                .find(|&i| last.is_char_boundary(i))
                .unwrap_or(last.len());
            kept.push(last[cut..].to_string());
        }
        if first > 0 || self.dropped > 0 {
            kept.insert(0, "[earlier error output left out]".to_string());
        }
        kept.join("\n")
    }
}

/// Keeps the end of the program's standard error, reading to its end.
fn keep_tail(mut err: impl Read, tail: &Mutex<Tail>) {
    let mut buffer = vec![0u8; 16 << 10];
    loop {
        match err.read(&mut buffer) {
            Ok(0) => return,
            Ok(read) => {
                if let Ok(mut tail) = tail.lock() {
                    tail.push(&buffer[..read]);
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return,
        }
    }
}

/// `text` cut to at most `chars` characters, with `…` where it was cut.
fn shorten(text: &str, chars: usize) -> String {
    match text.char_indices().nth(chars) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// How the program ended, in words, with the last error line it printed.
fn crash_detail(status: Option<ExitStatus>, stderr: &str) -> String {
    let how = match status {
        None => "ended".to_string(),
        Some(status) => status_words(status),
    };
    // The line that says what went wrong: the last one that is not a stack frame
    // (indented) nor a runtime's version line.
    let said = stderr
        .lines()
        .rev()
        .map(str::trim_end)
        .find(|l| {
            !l.is_empty()
                && !l.starts_with(char::is_whitespace)
                && !l.starts_with("Node.js v")
                && !l.starts_with('[')
        })
        .map(|l| shorten(l, 200));
    let clean_exit = status.is_some_and(|s| s.success());
    match said {
        Some(line) => format!("{how}; the last error it printed: {line}"),
        // A plain exit without a word: the grader says "without answering".
        None if clean_exit => String::new(),
        None => how,
    }
}

/// "exit status 1", "killed by signal 11 (SIGSEGV)".
fn status_words(status: ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            let name = match signal {
                libc::SIGSEGV => " (SIGSEGV)",
                libc::SIGABRT => " (SIGABRT)",
                libc::SIGKILL => " (SIGKILL)",
                libc::SIGFPE => " (SIGFPE)",
                libc::SIGBUS => " (SIGBUS)",
                libc::SIGILL => " (SIGILL)",
                libc::SIGTERM => " (SIGTERM)",
                _ => "",
            };
            return format!("killed by signal {signal}{name}");
        }
    }
    match status.code() {
        Some(code) => format!("exit status {code}"),
        None => "ended".to_string(),
    }
}

/// True once the program (the process ply started) has exited. On Linux it is not
/// reaped, so that its process group cannot be reused before it is killed.
fn has_exited(child: &mut Child) -> bool {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: a zeroed siginfo_t is valid; waitid only writes to it.
        unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            let found = libc::waitid(
                libc::P_PID,
                child.id() as libc::id_t,
                &mut info,
                libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
            );
            found == 0 && info.si_pid() != 0
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        matches!(child.try_wait(), Ok(Some(_)))
    }
}

/// Kills the program and everything it started in its process group.
fn kill_group(child: &mut Child) {
    #[cfg(unix)]
    {
        // SAFETY: a plain kill(2) of the group whose leader is our unreaped child (its
        // id is the group's id: `process_group(0)`).
        unsafe {
            libc::kill(-(child.id() as libc::pid_t), libc::SIGKILL);
        }
    }
    let _ = child.kill();
}

/// Ignores SIGPIPE while grading: a write to a program that has ended fails instead of
/// ending ply (`ply` restores the default action for its own output otherwise).
pub fn ignore_sigpipe() {
    #[cfg(unix)]
    // SAFETY: changes the action of one signal; no handler runs.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
}

/// The memory watchdog: the resident memory of the program and the processes it
/// started, looked at every [`WATCH_EVERY`] (Linux; elsewhere it never fires).
struct Watchdog {
    pid: u32,
    limit_bytes: u64,
    next: Instant,
}

impl Watchdog {
    fn new(pid: u32, memory_mb: u64) -> Watchdog {
        Watchdog {
            pid,
            limit_bytes: memory_mb.saturating_mul(1 << 20),
            next: Instant::now(),
        }
    }

    /// True when it is time to look (and the next look is scheduled).
    fn due(&mut self, now: Instant) -> bool {
        if now < self.next {
            return false;
        }
        self.next = now + WATCH_EVERY;
        true
    }

    /// True when the program uses more memory than it may.
    fn over(&self) -> bool {
        resident_bytes(self.pid) > self.limit_bytes
    }
}

/// The resident memory of `pid` and its descendants (at most 64 processes), in bytes.
#[cfg(target_os = "linux")]
fn resident_bytes(pid: u32) -> u64 {
    let mut total = 0u64;
    let mut queue = vec![pid];
    let mut seen = 0;
    while let Some(p) = queue.pop() {
        seen += 1;
        if seen > 64 {
            break;
        }
        if let Ok(status) = std::fs::read_to_string(format!("/proc/{p}/status")) {
            let kib = status
                .lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.split_whitespace().next())
                .and_then(|v| v.parse::<u64>().ok())
                .unwrap_or(0);
            total = total.saturating_add(kib.saturating_mul(1024));
        }
        // Its children, thread by thread (Linux lists them per thread).
        if let Ok(tasks) = std::fs::read_dir(format!("/proc/{p}/task")) {
            for task in tasks.flatten().take(256) {
                if let Ok(children) = std::fs::read_to_string(task.path().join("children")) {
                    queue.extend(
                        children
                            .split_whitespace()
                            .filter_map(|c| c.parse::<u32>().ok()),
                    );
                }
            }
        }
    }
    total
}

#[cfg(not(target_os = "linux"))]
fn resident_bytes(_: u32) -> u64 {
    0
}

/// The process group of the program running now, for the handlers of SIGTERM and SIGHUP
/// (which kill it before ply ends).
#[cfg(unix)]
mod running {
    use std::sync::Once;
    use std::sync::atomic::{AtomicI32, Ordering};

    static GROUP: AtomicI32 = AtomicI32::new(0);

    /// The program `pid` (its group's id) is running.
    pub fn started(pid: u32) {
        static INSTALL: Once = Once::new();
        INSTALL.call_once(install);
        GROUP.store(pid as i32, Ordering::SeqCst);
    }

    /// It has been killed and reaped.
    pub fn ended() {
        GROUP.store(0, Ordering::SeqCst);
    }

    extern "C" fn on_signal(signal: libc::c_int) {
        let group = GROUP.load(Ordering::SeqCst);
        // SAFETY: kill, signal and raise are async-signal-safe; so is the removal of the
        // files being written (atomics and unlink).
        unsafe {
            if group > 0 {
                libc::kill(-group, libc::SIGKILL);
            }
            crate::output::remove_temporaries();
            libc::signal(signal, libc::SIG_DFL);
            libc::raise(signal);
        }
    }

    /// Handlers for SIGTERM and SIGHUP (they also remove the files being written, as
    /// the handlers of `crate::output` they replace do).
    fn install() {
        for signal in [libc::SIGTERM, libc::SIGHUP] {
            // SAFETY: a plain sigaction on a zero-initialised structure; the handler
            // only does async-signal-safe work.
            unsafe {
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as usize;
                libc::sigemptyset(&mut action.sa_mask);
                libc::sigaction(signal, &action, std::ptr::null_mut());
            }
        }
    }
}

#[cfg(not(unix))]
mod running {
    pub fn started(_: u32) {}
    pub fn ended() {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_lines_are_bounded_and_text() {
        let (tx, rx) = mpsc::sync_channel(16);
        read_lines(&b"children a\r\nvalue b\nanswer 3"[..], 16, tx);
        let mut lines = Vec::new();
        for event in rx {
            if let Event::Lines(pieces) = event {
                for p in pieces {
                    match p {
                        Piece::Line(l) => lines.push(l),
                        Piece::Refused(r) => lines.push(format!("refused: {r}")),
                    }
                }
            }
        }
        assert_eq!(lines, ["children a", "value b", "answer 3"]);

        let refused = |bytes: &'static [u8]| {
            let (tx, rx) = mpsc::sync_channel(16);
            read_lines(bytes, 8, tx);
            rx.iter()
                .flat_map(|e| match e {
                    Event::Lines(p) => p,
                    Event::Closed => Vec::new(),
                })
                .find_map(|p| match p {
                    Piece::Refused(r) => Some(r),
                    Piece::Line(_) => None,
                })
        };
        assert_eq!(
            refused(b"ok\nabcdefghijkl\n").as_deref(),
            Some("line 2 of its output is longer than 8 bytes, the most a query may have")
        );
        assert_eq!(
            refused(b"ok\nab\xffc\n").as_deref(),
            Some("line 2 of its output is not UTF-8 text (byte 0xff at column 3)")
        );
        assert_eq!(refused(b"12345678\r\n"), None);
    }

    #[test]
    fn the_error_output_keeps_its_end() {
        let mut tail = Tail::default();
        for i in 0..10_000 {
            tail.push(format!("line {i}\n").as_bytes());
        }
        assert!(tail.bytes.len() <= STDERR_KEPT_BYTES);
        let shown = tail.shown();
        assert!(
            shown.starts_with("[earlier error output left out]\nline 9980\n"),
            "{shown}"
        );
        assert!(shown.ends_with("line 9999"), "{shown}");
        let mut python = Tail::default();
        python.push(b"Traceback (most recent call last):\n  File \"x.py\", line 1, in <module>\nZeroDivisionError: division by zero\n");
        assert_eq!(
            crash_detail(None, &python.shown()),
            "ended; the last error it printed: ZeroDivisionError: division by zero"
        );
    }
}
