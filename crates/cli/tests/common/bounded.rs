//! Runs the `ply` binary on hostile input with its memory and time capped, so that a
//! regression fails the test instead of exhausting the machine.
//!
//! ```ignore
//! let out = Bounded::new(&["solve", "nim:1000000000,3"]).memory_mib(512).seconds(10).run();
//! out.assert_code(2).assert_stderr_contains("positions");
//! ```

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Where the child's standard input comes from.
enum Input {
    Null,
    Bytes(Vec<u8>),
    File(std::path::PathBuf),
}

/// A run of `ply` with an address-space limit (`RLIMIT_AS`), a wall-clock limit, and
/// optionally signals (SIGINT as Ctrl-C, SIGTERM) sent after delays.
pub struct Bounded {
    program: String,
    args: Vec<String>,
    memory_mib: u64,
    seconds: u64,
    input: Input,
    /// Signals to send, each after its delay from the start.
    signals: Vec<(Duration, libc::c_int)>,
    env: Vec<(String, String)>,
    dir: Option<std::path::PathBuf>,
}

/// What a bounded run did.
pub struct Outcome {
    pub args: Vec<String>,
    /// The exit code; `None` when a signal ended the process.
    pub code: Option<i32>,
    /// The signal that ended the process, if one did.
    pub signal: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    /// Wall time from the start (or from the first signal, when one was sent) to the exit.
    pub elapsed: Duration,
}

impl Bounded {
    /// `ply ARGS` with 1 GiB of address space and 30 s, no input.
    pub fn new(args: &[&str]) -> Bounded {
        Bounded::with_program(env!("CARGO_BIN_EXE_ply"), args)
    }

    /// Another program (an example built on ply's command line) under the same caps.
    pub fn with_program(program: &str, args: &[&str]) -> Bounded {
        Bounded {
            program: program.to_string(),
            args: args.iter().map(|s| s.to_string()).collect(),
            memory_mib: 1024,
            seconds: 30,
            input: Input::Null,
            signals: Vec::new(),
            env: Vec::new(),
            dir: None,
        }
    }

    /// The address-space limit of the child, in MiB.
    pub fn memory_mib(mut self, mib: u64) -> Bounded {
        self.memory_mib = mib;
        self
    }

    /// The wall-clock limit; the child is killed (and the test fails) past it.
    pub fn seconds(mut self, seconds: u64) -> Bounded {
        self.seconds = seconds;
        self
    }

    /// Bytes written to the child's standard input.
    pub fn stdin(mut self, bytes: impl Into<Vec<u8>>) -> Bounded {
        self.input = Input::Bytes(bytes.into());
        self
    }

    /// A file (or device, such as /dev/zero) opened as the child's standard input.
    pub fn stdin_file(mut self, path: impl Into<std::path::PathBuf>) -> Bounded {
        self.input = Input::File(path.into());
        self
    }

    /// Sends SIGINT after this delay; `Outcome::elapsed` is then measured from the signal.
    /// Called twice, sends two (the second Ctrl-C ends ply at once).
    pub fn interrupt_after(mut self, delay: Duration) -> Bounded {
        self.signals.push((delay, libc::SIGINT));
        self
    }

    /// Sends SIGTERM after this delay; `Outcome::elapsed` is then measured from the signal.
    pub fn terminate_after(mut self, delay: Duration) -> Bounded {
        self.signals.push((delay, libc::SIGTERM));
        self
    }

    pub fn env(mut self, key: &str, value: &str) -> Bounded {
        self.env.push((key.to_string(), value.to_string()));
        self
    }

    pub fn current_dir(mut self, dir: impl Into<std::path::PathBuf>) -> Bounded {
        self.dir = Some(dir.into());
        self
    }

    /// Runs the child to its end, or kills it at the time limit and fails the test.
    pub fn run(self) -> Outcome {
        use std::os::unix::process::ExitStatusExt;
        let mut command = Command::new(&self.program);
        command
            .args(&self.args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for (key, value) in &self.env {
            command.env(key, value);
        }
        if let Some(dir) = &self.dir {
            command.current_dir(dir);
        }
        match &self.input {
            Input::Null => {
                command.stdin(Stdio::null());
            }
            Input::Bytes(_) => {
                command.stdin(Stdio::piped());
            }
            Input::File(path) => {
                let file = std::fs::File::open(path).expect("the input file opens");
                command.stdin(Stdio::from(file));
            }
        }
        cap_memory(&mut command, self.memory_mib);
        let mut child = command.spawn().expect("ply starts");
        // Feed standard input from a thread: a child that stops reading must not block us.
        let feeder = match (self.input, child.stdin.take()) {
            (Input::Bytes(data), Some(mut stdin)) => Some(std::thread::spawn(move || {
                let _ = stdin.write_all(&data);
            })),
            _ => None,
        };
        let mut stdout = child.stdout.take().expect("piped stdout");
        let mut stderr = child.stderr.take().expect("piped stderr");
        let out_reader = std::thread::spawn(move || read_capped(&mut stdout));
        let err_reader = std::thread::spawn(move || read_capped(&mut stderr));
        let start = Instant::now();
        let deadline = start + Duration::from_secs(self.seconds);
        let mut measured_from = None;
        let mut signals = self.signals.clone();
        signals.sort_by_key(|&(delay, _)| delay);
        signals.reverse();
        let status = loop {
            if let Some(status) = child.try_wait().expect("wait for ply") {
                break status;
            }
            let now = Instant::now();
            while let Some(&(_, signal)) = signals.last().filter(|(d, _)| now >= start + *d) {
                // SAFETY: signals our own child, whose pid we hold and have not reaped.
                unsafe {
                    libc::kill(child.id() as libc::pid_t, signal);
                }
                measured_from.get_or_insert(now);
                signals.pop();
            }
            if now >= deadline {
                let _ = child.kill();
                let _ = child.wait();
                panic!(
                    "ply {:?} did not finish within {} s (killed)",
                    self.args, self.seconds
                );
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        let elapsed = measured_from.unwrap_or(start).elapsed();
        if let Some(feeder) = feeder {
            let _ = feeder.join();
        }
        Outcome {
            args: self.args,
            code: status.code(),
            signal: status.signal(),
            stdout: out_reader.join().unwrap_or_default(),
            stderr: err_reader.join().unwrap_or_default(),
            elapsed,
        }
    }
}

/// Caps the address space (`RLIMIT_AS`) of the process `command` starts at `mib` MiB.
pub fn cap_memory(command: &mut Command, mib: u64) {
    use std::os::unix::process::CommandExt;
    let bytes = mib << 20;
    // SAFETY: setrlimit is async-signal-safe; the closure touches nothing else.
    unsafe {
        command.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: bytes,
                rlim_max: bytes,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
}

/// Reads a child's output, keeping at most 16 MiB (a runaway writer must not fill our memory).
fn read_capped(reader: &mut impl std::io::Read) -> String {
    const CAP: usize = 16 << 20;
    let mut kept = Vec::new();
    let mut buffer = [0u8; 64 * 1024];
    loop {
        match reader.read(&mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                let room = CAP.saturating_sub(kept.len());
                kept.extend_from_slice(&buffer[..n.min(room)]);
            }
        }
    }
    String::from_utf8_lossy(&kept).into_owned()
}

impl Outcome {
    fn describe(&self) -> String {
        format!(
            "ply {:?}: code {:?}, signal {:?}\n--- stdout ---\n{}\n--- stderr ---\n{}",
            self.args,
            self.code,
            self.signal,
            truncate(&self.stdout),
            truncate(&self.stderr)
        )
    }

    /// Fails unless the process exited (no crash, no signal) with `code`.
    #[track_caller]
    pub fn assert_code(&self, code: i32) -> &Outcome {
        assert_eq!(self.code, Some(code), "{}", self.describe());
        self
    }

    /// Fails if the process was killed by a signal (abort, segfault) or panicked.
    #[track_caller]
    pub fn assert_no_crash(&self) -> &Outcome {
        assert!(self.signal.is_none(), "{}", self.describe());
        assert!(
            !self.stderr.contains("panicked")
                && !self.stderr.contains("internal error")
                && !self.stderr.contains("overflowed its stack"),
            "{}",
            self.describe()
        );
        self
    }

    #[track_caller]
    pub fn assert_stderr_contains(&self, needle: &str) -> &Outcome {
        assert!(
            self.stderr.contains(needle),
            "stderr lacks {needle:?}\n{}",
            self.describe()
        );
        self
    }

    #[track_caller]
    pub fn assert_stdout_contains(&self, needle: &str) -> &Outcome {
        assert!(
            self.stdout.contains(needle),
            "stdout lacks {needle:?}\n{}",
            self.describe()
        );
        self
    }

    /// The one-line error message convention: `ply: error: ...`, a single line.
    #[track_caller]
    pub fn assert_one_line_error(&self) -> &Outcome {
        let lines: Vec<&str> = self.stderr.lines().filter(|l| !l.is_empty()).collect();
        assert!(
            lines.len() == 1 && lines[0].starts_with("ply: error: "),
            "expected one `ply: error:` line\n{}",
            self.describe()
        );
        self
    }

    /// Standard output parsed as one JSON value.
    #[track_caller]
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e})\n{}", self.describe()))
    }
}

fn truncate(text: &str) -> String {
    if text.len() <= 4000 {
        return text.to_string();
    }
    let mut end = 4000;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}... ({} bytes)", &text[..end], text.len())
}
