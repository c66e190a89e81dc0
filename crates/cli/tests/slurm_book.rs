//! scripts/slurm-book on a one-node Slurm cluster the test starts itself (munged,
//! slurmctld and slurmd, as root, with their files in a temporary directory): the shards
//! of a 6x4 book as a job array and their merge give the very bytes one process writes;
//! a task cancelled in the middle cancels the merge, and running the script again
//! submits only the missing shard, which goes on from its journal.
//!
//! Without root or without Slurm and MUNGE installed, the test says it is skipped on
//! stderr and passes, unless PLY_REQUIRE_SLURM=1 (CI as root) makes that a failure.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// 7x6 takes more than ten minutes of a core to depth 8 (and a shallower book costs more:
/// its positions are searched deeper); 6x4 to depth 10 takes about 6 s, 289,000 positions.
const GAME: &str = "connect4:6x4";
const DEPTH: &str = "10";
const SHARDS: usize = 4;

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/slurm-book")
}

/// A program on the PATH or in the system's sbin directories (where Debian puts the
/// daemons, often missing from a user's PATH).
fn which(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(["/usr/local/sbin", "/usr/sbin", "/sbin"].map(PathBuf::from))
        .map(|dir| dir.join(name))
        .find(|file| file.is_file())
}

/// A port nobody listens on now (the cluster's own, so a Slurm of the machine is left alone).
fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

/// A one-node cluster: its daemons are children of the test, stopped on drop.
struct Cluster {
    dir: PathBuf,
    conf: PathBuf,
    /// munged, slurmctld, slurmd: stopped in the reverse order.
    daemons: Vec<(&'static str, Child)>,
}

impl Cluster {
    /// Starts the cluster, or says why it cannot (the test is then skipped).
    fn start() -> Result<Cluster, String> {
        // SAFETY: geteuid has no preconditions.
        if unsafe { libc::geteuid() } != 0 {
            return Err("not root (slurmd runs jobs as their user)".into());
        }
        let mut tools = std::collections::BTreeMap::new();
        for name in [
            "munged",
            "slurmctld",
            "slurmd",
            "sbatch",
            "squeue",
            "scancel",
            "sinfo",
        ] {
            match which(name) {
                Some(path) => tools.insert(name, path),
                None => {
                    return Err(format!(
                        "{name} not found (apt-get install slurm-wlm munge)"
                    ));
                }
            };
        }
        let dir = std::env::temp_dir().join(format!("ply_slurm_{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("state")).unwrap();
        std::fs::create_dir_all(dir.join("spool")).unwrap();
        // munged wants its socket's directories searchable by all, its key private.
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
        let mut cluster = Cluster {
            conf: dir.join("slurm.conf"),
            dir,
            daemons: Vec::new(),
        };
        let key = cluster.dir.join("munge.key");
        let made = which("mungekey").is_some_and(|mungekey| {
            Command::new(mungekey)
                .arg("--create")
                .arg(format!("--keyfile={}", key.display()))
                .status()
                .is_ok_and(|s| s.success())
        });
        if !made {
            // An older MUNGE (create-munge-key writes only the system's key): any random
            // bytes make a key.
            let mut bytes = vec![0u8; 1024];
            std::fs::File::open("/dev/urandom")
                .and_then(|mut f| f.read_exact(&mut bytes))
                .unwrap();
            std::fs::write(&key, bytes).unwrap();
        }
        std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o600)).unwrap();
        let socket = cluster.dir.join("munge.socket");
        let base = cluster.dir.clone();
        let d = |name: &str| base.join(name).display().to_string();
        cluster.spawn(
            "munged",
            Command::new(&tools["munged"]).args([
                "--foreground".to_string(),
                format!("--socket={}", socket.display()),
                format!("--key-file={}", key.display()),
                format!("--log-file={}", d("munged.log")),
                format!("--pid-file={}", d("munged.pid")),
                format!("--seed-file={}", d("munged.seed")),
            ]),
        );
        cluster.wait_for("munged's socket", Duration::from_secs(20), |_| {
            socket.exists()
        });

        // The node as slurmd sees it (CPUs, sockets, memory), else two CPUs.
        let hostname = std::fs::read_to_string("/proc/sys/kernel/hostname")
            .map(|h| h.trim().split('.').next().unwrap_or("").to_string())
            .unwrap_or_default();
        let hostname = if hostname.is_empty() {
            "localhost".to_string()
        } else {
            hostname
        };
        let node = Command::new(&tools["slurmd"])
            .arg("-C")
            .output()
            .ok()
            .and_then(|out| {
                String::from_utf8_lossy(&out.stdout)
                    .lines()
                    .find(|line| line.starts_with("NodeName="))
                    .map(str::to_string)
            })
            .unwrap_or_else(|| format!("NodeName={hostname} CPUs=2"));
        // MinJobAge=16: `sbatch --wait` polls every 8 s instead of every 32 s (its sleeps
        // grow while under half of it), and an ended job stays visible to scontrol 16 s.
        let conf = format!(
            "ClusterName=plytest\n\
             SlurmctldHost={hostname}(127.0.0.1)\n\
             SlurmctldPort={ctld_port}\n\
             SlurmdPort={slurmd_port}\n\
             AuthType=auth/munge\n\
             CredType=cred/munge\n\
             AuthInfo=socket={socket}\n\
             SlurmUser=root\n\
             SlurmdUser=root\n\
             StateSaveLocation={state}\n\
             SlurmdSpoolDir={spool}\n\
             SlurmctldPidFile={ctld_pid}\n\
             SlurmdPidFile={slurmd_pid}\n\
             SlurmctldLogFile={ctld_log}\n\
             SlurmdLogFile={slurmd_log}\n\
             ProctrackType=proctrack/linuxproc\n\
             TaskPlugin=task/none\n\
             SelectType=select/cons_tres\n\
             SelectTypeParameters=CR_Core_Memory\n\
             ReturnToService=2\n\
             MpiDefault=none\n\
             JobCompType=jobcomp/none\n\
             JobAcctGatherType=jobacct_gather/none\n\
             AccountingStorageType=accounting_storage/none\n\
             MinJobAge=16\n\
             {node} NodeAddr=127.0.0.1 State=UNKNOWN\n\
             PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP\n",
            ctld_port = free_port(),
            slurmd_port = free_port(),
            socket = socket.display(),
            state = d("state"),
            spool = d("spool"),
            ctld_pid = d("slurmctld.pid"),
            slurmd_pid = d("slurmd.pid"),
            ctld_log = d("slurmctld.log"),
            slurmd_log = d("slurmd.log"),
        );
        std::fs::write(&cluster.conf, conf).unwrap();
        let mut slurmctld = cluster.slurm(&tools["slurmctld"]);
        cluster.spawn("slurmctld", slurmctld.args(["-D", "-i"]));
        let mut slurmd = cluster.slurm(&tools["slurmd"]);
        cluster.spawn("slurmd", slurmd.arg("-D"));
        cluster.wait_for("the node to be idle", Duration::from_secs(60), |cluster| {
            let out = cluster
                .slurm("sinfo")
                .args(["--noheader", "--format=%t"])
                .output();
            out.is_ok_and(|out| String::from_utf8_lossy(&out.stdout).trim() == "idle")
        });
        Ok(cluster)
    }

    /// A command with SLURM_CONF set to this cluster's.
    fn slurm(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut command = Command::new(program);
        command.env("SLURM_CONF", &self.conf);
        command
    }

    fn spawn(&mut self, name: &'static str, command: &mut Command) {
        let log = std::fs::File::create(self.dir.join(format!("{name}.out"))).unwrap();
        let child = command
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .unwrap_or_else(|e| panic!("{name} does not start: {e}"));
        self.daemons.push((name, child));
    }

    /// The last lines of the daemons' logs and of the jobs' logs under `dir`, for a failure.
    fn logs(&self) -> String {
        let mut files: Vec<PathBuf> = [
            "munged.out",
            "slurmctld.out",
            "slurmctld.log",
            "slurmd.out",
            "slurmd.log",
        ]
        .iter()
        .map(|name| self.dir.join(name))
        .collect();
        for work in ["whole", "resumed"] {
            if let Ok(entries) = std::fs::read_dir(self.dir.join(work).join("logs")) {
                let mut jobs: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
                jobs.sort();
                files.extend(jobs);
            }
        }
        let mut text = String::new();
        for file in files {
            let Ok(content) = std::fs::read_to_string(&file) else {
                continue;
            };
            let lines: Vec<&str> = content.lines().collect();
            let tail = &lines[lines.len().saturating_sub(15)..];
            text += &format!("--- {} ---\n{}\n", file.display(), tail.join("\n"));
        }
        let queue = self.slurm("squeue").output();
        if let Ok(out) = queue {
            text += &format!("--- squeue ---\n{}", String::from_utf8_lossy(&out.stdout));
        }
        text
    }

    /// Polls `ready` every 200 ms; fails the test with the logs after `limit`.
    #[track_caller]
    fn wait_for(&self, what: &str, limit: Duration, mut ready: impl FnMut(&Cluster) -> bool) {
        let start = Instant::now();
        while !ready(self) {
            if start.elapsed() > limit {
                panic!(
                    "timed out after {limit:?} waiting for {what}\n{}",
                    self.logs()
                );
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    /// Runs `command` to its end, killing it and failing the test past `limit`.
    #[track_caller]
    fn run(&self, command: &mut Command, limit: Duration) -> Output {
        let mut child = command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let mut stderr = child.stderr.take().unwrap();
        let out = std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = stdout.read_to_end(&mut bytes);
            bytes
        });
        let err = std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = stderr.read_to_end(&mut bytes);
            bytes
        });
        let start = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if start.elapsed() > limit {
                let _ = child.kill();
                let _ = child.wait();
                panic!("timed out after {limit:?}: {command:?}\n{}", self.logs());
            }
            std::thread::sleep(Duration::from_millis(100));
        };
        Output {
            status,
            stdout: out.join().unwrap(),
            stderr: err.join().unwrap(),
        }
    }

    /// scripts/slurm-book ARGS for this cluster: the book of DEPTH in SHARDS shards, built
    /// by this test's ply, in `work`.
    fn slurm_book(&self, work: &Path, extra: &[&str]) -> Command {
        let mut command = self.slurm(script());
        command.args(["--game", GAME, "--depth", DEPTH, "--shards"]);
        command.arg(SHARDS.to_string()).arg("--workdir").arg(work);
        command.arg("--ply").arg(env!("CARGO_BIN_EXE_ply"));
        command.args(["--threads", "1", "--hash", "16", "--mem", "512M"]);
        command.args(extra).env_remove("PLY_C4_BOOK");
        command
    }

    #[track_caller]
    fn ok(&self, out: &Output) -> String {
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "{:?}\n--- stdout ---\n{stdout}\n--- stderr ---\n{}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr),
            self.logs()
        );
        stdout
    }

    /// No job of the cluster is queued or running.
    fn idle(&self) -> bool {
        self.slurm("squeue")
            .arg("--noheader")
            .output()
            .is_ok_and(|out| out.status.success() && out.stdout.trim_ascii().is_empty())
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        // The jobs first (their processes are not slurmd's children), then the daemons.
        if !self.daemons.is_empty() {
            let _ = self.slurm("scancel").arg("--user=root").status();
            let start = Instant::now();
            while start.elapsed() < Duration::from_secs(15) && !self.idle() {
                std::thread::sleep(Duration::from_millis(200));
            }
        }
        while let Some((_, mut child)) = self.daemons.pop() {
            // SAFETY: signals our own child, not yet reaped.
            unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) };
            let start = Instant::now();
            while start.elapsed() < Duration::from_secs(10) {
                if child.try_wait().ok().flatten().is_some() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// `PREFIX: ID` from the script's output.
#[track_caller]
fn job_id(stdout: &str, prefix: &str) -> String {
    stdout
        .lines()
        .find_map(|line| line.strip_prefix(prefix))
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no {prefix:?} in {stdout}"))
        .to_string()
}

#[test]
fn a_slurm_job_array_builds_the_book_of_one_process_and_resumes_a_cancelled_task() {
    let cluster = match Cluster::start() {
        Ok(cluster) => cluster,
        Err(reason) => {
            assert!(
                std::env::var("PLY_REQUIRE_SLURM").as_deref() != Ok("1"),
                "PLY_REQUIRE_SLURM=1, but no Slurm cluster can be started: {reason}"
            );
            eprintln!("slurm_book: skipped: {reason}");
            return;
        }
    };
    let minutes = |m: u64| Duration::from_secs(60 * m);
    let single = cluster.dir.join("single.book");
    let mut one_process = Command::new(env!("CARGO_BIN_EXE_ply"));
    one_process.args(["book", GAME, "--depth", DEPTH, "--output"]);
    cluster.ok(&cluster.run(
        one_process.arg(&single).env_remove("PLY_C4_BOOK"),
        minutes(5),
    ));
    let single = std::fs::read(single).unwrap();

    // Four array tasks and the merge, the script returning when the book is written.
    let whole = cluster.dir.join("whole");
    let out = cluster.run(&mut cluster.slurm_book(&whole, &["--wait"]), minutes(10));
    let stdout = cluster.ok(&out);
    job_id(&stdout, "array job: ");
    job_id(&stdout, "merge job: ");
    let book = std::fs::read(whole.join("connect4-6x4.book")).unwrap();
    assert!(
        book == single,
        "the merged book differs from one process's\n{stdout}"
    );
    let shard = |work: &Path, i: usize| {
        work.join(format!("connect4-6x4-d{DEPTH}.shard-{i}-of-{SHARDS}.book"))
    };
    for i in 0..SHARDS {
        assert!(shard(&whole, i).is_file());
        assert!(
            !whole
                .join(format!("{}.partial", shard(&whole, i).display()))
                .exists()
        );
    }

    // Again in a new directory, without waiting; task 2 is cancelled once its journal
    // holds a record (or, if it was quicker, once its shard is written).
    let resumed = cluster.dir.join("resumed");
    let stdout = cluster.ok(&cluster.run(&mut cluster.slurm_book(&resumed, &[]), minutes(1)));
    let array = job_id(&stdout, "array job: ");
    let merge = job_id(&stdout, "merge job: ");
    // While they run, the script refuses to submit the same book again.
    let again = cluster.run(&mut cluster.slurm_book(&resumed, &[]), minutes(1));
    assert_eq!(again.status.code(), Some(2), "{again:?}");
    assert!(String::from_utf8_lossy(&again.stderr).contains("still queued or running"));
    let journal = PathBuf::from(format!("{}.partial", shard(&resumed, 2).display()));
    let records =
        |journal: &Path| std::fs::metadata(journal).map_or(0, |m| m.len().saturating_sub(40) / 9);
    cluster.wait_for("task 2's first records", minutes(5), |_| {
        records(&journal) > 0 || shard(&resumed, 2).exists()
    });
    cluster.ok(&cluster.run(
        cluster.slurm("scancel").arg(format!("{array}_2")),
        minutes(1),
    ));
    // The other tasks finish; the merge, which needed them all, is cancelled.
    cluster.wait_for("the jobs to end", minutes(10), Cluster::idle);
    let state = cluster.run(
        cluster.slurm("scontrol").args(["show", "job", &merge]),
        minutes(1),
    );
    let state = cluster.ok(&state);
    assert!(state.contains("JobState=CANCELLED"), "{state}");
    assert!(!resumed.join("connect4-6x4.book").exists());
    let kept = records(&journal);
    let cut_short = journal.exists();
    for i in [0, 1, 3] {
        assert!(shard(&resumed, i).is_file());
    }

    // The same command again: only the missing shard is submitted, from its journal.
    let out = cluster.run(&mut cluster.slurm_book(&resumed, &["--wait"]), minutes(10));
    let stdout = cluster.ok(&out);
    if cut_short {
        assert!(
            stdout.contains(&format!("(shards 2 of {SHARDS})")),
            "{stdout}"
        );
        let rerun = job_id(&stdout, "array job: ");
        let log = std::fs::read_to_string(resumed.join(format!("logs/shard-2.{rerun}.out")))
            .unwrap_or_default();
        if kept > 0 {
            assert!(log.contains("of them from the journal"), "{log}");
        }
    } else {
        // Shard 2 was written before the cancel reached it: nothing to solve, only the merge.
        assert!(!stdout.contains("array job: "), "{stdout}");
    }
    let book = std::fs::read(resumed.join("connect4-6x4.book")).unwrap();
    assert!(
        book == single,
        "the resumed book differs from one process's\n{stdout}"
    );
    eprintln!(
        "slurm_book: task 2 cancelled with {kept} records in its journal{}",
        if cut_short {
            ""
        } else {
            " (its shard was already written)"
        }
    );
}
