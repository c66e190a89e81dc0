//! `ply serve` as a user starts it: it prints its URL, answers, warns when it can be
//! reached from other machines, and stops cleanly on Ctrl-C.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The server, killed if a test fails before it stops it.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `ply serve` on a free port; its address, read from the line it prints.
fn start(addr: &str) -> (Server, String, BufReader<std::process::ChildStdout>) {
    start_with(addr, &[])
}

/// [`start`] with more options.
fn start_with(
    addr: &str,
    options: &[&str],
) -> (Server, String, BufReader<std::process::ChildStdout>) {
    let mut child = Command::new(common::ply_path())
        .args(["serve", "--addr", addr])
        .args(options)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no URL in {line:?}"))
        .to_string();
    let host = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    (Server(child), host, stdout)
}

/// A request over a plain socket: the status line and the body.
fn request(host: &str, method: &str, path: &str, body: &str) -> (String, String) {
    let mut stream = TcpStream::connect(host).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let status = answer.lines().next().unwrap_or_default().to_string();
    let body = answer
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

#[cfg(unix)]
fn interrupt(server: &Server) {
    // SAFETY: sends a signal to a child process this test started.
    unsafe {
        libc::kill(server.0.id() as i32, libc::SIGINT);
    }
}

#[cfg(unix)]
#[test]
fn serves_and_stops_on_ctrl_c() {
    let (mut server, host, _stdout) = start("127.0.0.1:0");
    let (status, body) = request(&host, "GET", "/api/health", "");
    assert!(status.contains("200"), "{status}");
    assert!(body.contains("\"status\":\"ok\""), "{body}");
    let (status, body) = request(
        &host,
        "POST",
        "/api/tree",
        r#"{"tree": "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))"}"#,
    );
    assert!(status.contains("200"), "{status}");
    assert!(body.contains("\"value\": 3"), "{body}");
    let (status, page) = request(&host, "GET", "/", "");
    assert!(status.contains("200"), "{status}");
    assert!(page.contains("<html"), "{page}");
    interrupt(&server);
    let clock = Instant::now();
    let code = loop {
        if let Some(status) = server.0.try_wait().unwrap() {
            break status.code();
        }
        assert!(
            clock.elapsed() < Duration::from_secs(10),
            "ply serve did not stop"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(code, Some(0));
    let mut stderr = String::new();
    server
        .0
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert!(stderr.contains("ply: stopped"), "{stderr}");
    assert!(!stderr.contains("warning"), "{stderr}");
}

#[cfg(unix)]
#[test]
fn other_machines_are_warned_about() {
    let (mut server, _host, _stdout) = start("0.0.0.0:0");
    interrupt(&server);
    let _ = server.0.wait();
    let mut stderr = String::new();
    server
        .0
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert!(stderr.contains("warning: listening on 0.0.0.0"), "{stderr}");
    assert!(stderr.contains("reachable from other machines"), "{stderr}");
}

#[test]
fn a_taken_address_is_a_one_line_error() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let output = Command::new(common::ply_path())
        .args(["serve", "--addr", &addr])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains(&format!("cannot listen on {addr}")),
        "{stderr}"
    );
}

/// The connection and answer limits are options: an idle connection is closed at
/// `--client-timeout-ms`, a picture past `--max-picture-nodes` is refused naming it.
#[test]
fn connection_and_answer_limits_are_options() {
    let (_server, host, _stdout) = start_with(
        "127.0.0.1:0",
        &["--client-timeout-ms", "1000", "--max-picture-nodes", "12"],
    );
    let mut idle = TcpStream::connect(&host).unwrap();
    idle.set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let clock = Instant::now();
    let mut byte = [0u8; 1];
    // The server's end of the connection: a read gives 0 bytes (or an error), not a timeout.
    match idle.read(&mut byte) {
        Ok(0) => {}
        Ok(_) => panic!("the server sent bytes to a connection that asked nothing"),
        Err(e) => assert!(
            !matches!(
                e.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
            ),
            "still open after {:?}",
            clock.elapsed()
        ),
    }
    assert!(clock.elapsed() < Duration::from_secs(10));
    // The classic tree has 13 nodes.
    let (status, body) = request(
        &host,
        "POST",
        "/api/tree/svg",
        r#"{"tree": "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))"}"#,
    );
    assert!(status.contains("413"), "{status}");
    assert!(body.contains("\"limit\":\"max_picture_nodes\""), "{body}");
    assert!(
        body.contains("a picture of 13 nodes is too big to read (at most 12"),
        "{body}"
    );
}
