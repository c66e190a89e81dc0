//! The connections as clients hold them: slow, idle, not reading, or many. Each is
//! closed within the documented time or makes room, so the server keeps answering.
//! Every client here is on loopback, and every loop stops by itself.

mod in_process;

use in_process::Server;
use ply_server::Limits;
use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

/// Limits with a short client timeout, so that the tests wait little.
fn quick(client_timeout_ms: u64) -> Limits {
    Limits {
        client_timeout_ms,
        ..Limits::default()
    }
}

/// A plain request; the status line and the body.
fn request(addr: SocketAddr, method: &str, path: &str, body: &str) -> (String, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
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

/// True once the server has closed `stream`: a read gives its end (after whatever the
/// server said last) or an error other than a timeout.
fn closed(stream: &mut TcpStream) -> bool {
    let mut buffer = [0u8; 4096];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                return false;
            }
            Err(_) => return true,
        }
    }
}

/// A client that sends its request's head one byte every half second was still
/// connected after 70 s; it is closed at the client timeout (1 s here).
#[test]
fn a_head_trickled_a_byte_at_a_time_is_cut_off() {
    let server = Server::start(quick(1_000), None);
    let mut stream = TcpStream::connect(server.addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_millis(500)))
        .unwrap();
    let head = format!("GET /api/health HTTP/1.1\r\nX-Slow: {}", "a".repeat(100));
    let clock = Instant::now();
    let mut sent = 0;
    for byte in head.bytes() {
        if stream.write_all(&[byte]).is_err() || closed(&mut stream) {
            break;
        }
        sent += 1;
    }
    let elapsed = clock.elapsed();
    assert!(sent < head.len(), "the whole head was taken in {elapsed:?}");
    // 1 s, and generous room for a loaded machine; never the 50 s the head would take.
    assert!(
        elapsed < Duration::from_secs(10),
        "closed after {elapsed:?}"
    );
}

/// A connection that sends nothing was open after 40 s; it is closed at the client
/// timeout, and so is one left idle after an answer.
#[test]
fn idle_connections_are_closed() {
    let server = Server::start(quick(1_000), None);
    let mut idle = TcpStream::connect(server.addr).unwrap();
    idle.set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let clock = Instant::now();
    assert!(closed(&mut idle), "still open after {:?}", clock.elapsed());
    assert!(clock.elapsed() < Duration::from_secs(10));
    // Kept alive after an answer, then idle.
    let mut kept = TcpStream::connect(server.addr).unwrap();
    kept.set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(kept, "GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let mut answer = [0u8; 1024];
    let n = kept.read(&mut answer).unwrap();
    assert!(String::from_utf8_lossy(&answer[..n]).starts_with("HTTP/1.1 200"));
    let clock = Instant::now();
    assert!(closed(&mut kept), "still open after {:?}", clock.elapsed());
    assert!(clock.elapsed() < Duration::from_secs(10));
}

/// More idle connections than the server keeps open (1,030 against `ulimit -n 1024`
/// made `/api/health` time out until they closed): past `max_connections`, the idle
/// ones are closed to make room, long before their own timeout (60 s here).
#[test]
fn many_idle_connections_do_not_lock_others_out() {
    let server = Server::start(
        Limits {
            max_connections: 8,
            ..quick(60_000)
        },
        None,
    );
    let idle: Vec<TcpStream> = (0..24)
        .map(|_| TcpStream::connect(server.addr).unwrap())
        .collect();
    let clock = Instant::now();
    let (status, body) = request(server.addr, "GET", "/api/health", "");
    assert!(status.contains("200"), "{status}");
    assert!(body.contains("\"status\":\"ok\""), "{body}");
    // Some seconds of making room (a connection younger than 1 s is spared), never
    // the idle connections' own 60 s.
    assert!(
        clock.elapsed() < Duration::from_secs(20),
        "{:?}",
        clock.elapsed()
    );
    drop(idle);
}

/// A client that asks for a large answer and never reads it pinned the answer (110 MB
/// each: 40 of them crashed the server). The write that makes no progress for the
/// client timeout closes the connection, and the answer's room is given back.
#[test]
fn a_client_that_does_not_read_is_cut_off_and_its_answer_dropped() {
    let tree = format!("(a {})", "1 ".repeat(20_000));
    let body = serde_json::json!({ "tree": tree }).to_string();
    // Room for one answer of this tree (about 10 MB, far more than the sockets hold,
    // bounded at about 21 MB before it is made), not for two.
    let server = Server::start(
        Limits {
            max_answer_bytes: 24 << 20,
            max_unsent_bytes: 24 << 20,
            ..quick(1_000)
        },
        None,
    );
    let mut stalled = TcpStream::connect(server.addr).unwrap();
    write!(
        stalled,
        "POST /api/tree HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    // Its answer is made: read its first bytes, then nothing more.
    let mut first = [0u8; 64];
    stalled.read_exact(&mut first).unwrap();
    assert!(first.starts_with(b"HTTP/1.1 200"), "{first:?}");
    let clock = Instant::now();
    let mut refused = 0;
    let answered = loop {
        assert!(
            clock.elapsed() < Duration::from_secs(30),
            "the stalled answer's room never came back"
        );
        let (status, text) = request(server.addr, "POST", "/api/tree", &body);
        if status.contains("200") {
            break text;
        }
        assert!(status.contains("503"), "{status}: {text:.200}");
        assert!(
            text.contains("\"limit\":\"max_unsent_bytes\""),
            "{text:.200}"
        );
        refused += 1;
        std::thread::sleep(Duration::from_millis(200));
    };
    assert!(refused > 0, "the stalled answer took no room");
    let answer: serde_json::Value = serde_json::from_str(&answered).unwrap();
    assert_eq!(answer["leaves_evaluated"], 20_000);
    // And the stalled connection was closed: reading it now gives what was sent, then
    // its end.
    stalled
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    assert!(closed(&mut stalled));
}

/// A request whose body does not come (its head announces 100 bytes, 10 arrive) is
/// refused with 408 naming the limit at the client timeout, and the connection closed.
#[test]
fn a_body_that_does_not_arrive_is_refused_in_time() {
    let server = Server::start(quick(1_000), None);
    let mut stream = TcpStream::connect(server.addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(
        stream,
        "POST /api/tree HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{{\"tree\": "
    )
    .unwrap();
    let clock = Instant::now();
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    assert!(
        clock.elapsed() < Duration::from_secs(10),
        "{:?}",
        clock.elapsed()
    );
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(
        answer.ends_with(
            "{\"error\":\"the request body did not arrive within 1000 ms (limit client_timeout_ms)\",\
             \"message\":\"the request body did not arrive within 1000 ms (limit client_timeout_ms)\",\
             \"kind\":\"limit\",\"limit\":\"client_timeout_ms\"}"
        ),
        "{answer}"
    );
}

/// A client that leaves while its search runs (a page's Stop button aborts its request)
/// stops the search: the one search slot is free for the next request at once, not
/// when the search's 8 s are up.
#[test]
fn a_search_whose_client_leaves_stops() {
    let server = Server::start(Limits::default(), None);
    let body = r#"{"game": "connect4", "time_ms": 8000}"#;
    let mut leaving = TcpStream::connect(server.addr).unwrap();
    write!(
        leaving,
        "POST /api/play/analysis HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    // The search runs: a second one is refused, its slot taken.
    std::thread::sleep(Duration::from_millis(500));
    let (status, text) = request(server.addr, "POST", "/api/play/analysis", body);
    assert!(status.contains("429"), "{status}: {text}");
    let clock = Instant::now();
    drop(leaving);
    // The slot comes back within a moment (a search looks at its stop every few
    // thousand nodes); the second search is answered, stopped on time by its own 1 s.
    let quick = r#"{"game": "connect4", "time_ms": 1000}"#;
    loop {
        let (status, text) = request(server.addr, "POST", "/api/play/analysis", quick);
        if status.contains("200") {
            assert!(text.contains("\"moves\""), "{text}");
            break;
        }
        assert!(status.contains("429"), "{status}: {text}");
        assert!(
            clock.elapsed() < Duration::from_secs(4),
            "the search of a client gone still held its slot after {:?}",
            clock.elapsed()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A client that leaves while its tree is searched stops the search: its tree job slot
/// is free for the next tree at once (a Star2 search of a small tree of chance nodes
/// used to run on after its client had gone, holding the slot: two of them made a small
/// /api/tree wait 40 s).
#[test]
fn a_tree_job_whose_client_leaves_frees_its_slot() {
    let limits = Limits {
        max_tree_jobs: 1,
        ..Limits::default()
    };
    let server = Server::start(limits, None);
    // 60 chance nodes one below the other: some 2^60 nodes for Star2.
    let mut chain = "1".to_string();
    for _ in 0..60 {
        chain = format!("(c[chance] ([max] {chain} 0) 2)");
    }
    let body = format!(r#"{{"tree": "{chain}", "algorithm": "star2"}}"#);
    let mut leaving = TcpStream::connect(server.addr).unwrap();
    write!(
        leaving,
        "POST /api/tree HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    // A small tree waits for the one slot, taken by the search.
    let addr = server.addr;
    let small = std::thread::spawn(move || {
        let answer = request(
            addr,
            "POST",
            "/api/tree",
            r#"{"tree": "(a (b 3 12 8) (c 2 4 6))"}"#,
        );
        (answer, Instant::now())
    });
    std::thread::sleep(Duration::from_millis(1000));
    assert!(
        !small.is_finished(),
        "the small tree did not wait for the slot"
    );
    let left = Instant::now();
    drop(leaving);
    let ((status, text), answered) = small.join().unwrap();
    assert!(status.contains("200"), "{status}: {text}");
    assert!(text.contains("\"value\": 3"), "{text}");
    let waited = answered - left;
    assert!(
        waited < Duration::from_secs(3),
        "the search of a client gone held its tree job slot for {waited:?} more"
    );
}
