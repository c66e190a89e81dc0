//! `ply serve`: the web lab (the tree lab and the play page) and its JSON API.

use crate::args;
use crate::c4book::{self, BookArgs, LoadedBook};
use crate::interrupt;
use anyhow::{Context, Result};
use std::net::SocketAddr;
use std::process::ExitCode;
use std::time::Duration;

const EXAMPLES: &str = "EXAMPLES:\n  ply serve                      # http://127.0.0.1:8080/ (the tree lab; /play: the games)\n  ply serve --open               # and open it in the browser\n  ply serve --addr 127.0.0.1:0   # any free port (printed)\n  curl -s localhost:8080/api/tree -d '{\"tree\": \"(a (b 3 12 8) (c 2 4 6) (d 14 5 2))\"}'\n\n\
The API (docs/api.md): GET /api/health, GET /api/games, POST /api/tree, /api/tree/svg,\n\
/api/tree/game, /api/solve, /api/analyze, /api/play/state, /api/play/analysis, /api/play/engine,\n\
/api/practice, /api/practice/check.\n\
Each limit refuses a request past it with a 4xx (503 when the server holds too many answers\n\
for slow clients) and a JSON error naming the limit. Idle and slow connections are closed\n\
after --client-timeout-ms.";

/// Serve the web lab: the tree lab and the play page in a browser, and the JSON API.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The address to listen on. Another than loopback makes the lab reachable from
    /// other machines (a warning says so).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Open the lab in the default browser.
    #[arg(long)]
    open: bool,
    /// The most bytes of a request's body.
    #[arg(long, value_name = "BYTES", default_value_t = ply_server::Limits::default().max_body_bytes as u64, value_parser = args::whole::<u64>(1, 1 << 30), allow_negative_numbers = true)]
    max_body_bytes: u64,
    /// The most nodes of a tree.
    #[arg(long, value_name = "N", default_value_t = ply_server::Limits::default().max_tree_nodes as u64, value_parser = args::whole::<u64>(1, 10_000_000), allow_negative_numbers = true)]
    max_tree_nodes: u64,
    /// The deepest level of a tree.
    #[arg(long, value_name = "N", default_value_t = ply_server::Limits::default().max_tree_depth as u64, value_parser = args::whole::<u64>(1, 10_000), allow_negative_numbers = true)]
    max_tree_depth: u64,
    /// The longest a search may run, in milliseconds (a tree's search too).
    #[arg(long, value_name = "MS", default_value_t = ply_server::Limits::default().max_search_ms, value_parser = args::whole::<u64>(1, 3_600_000), allow_negative_numbers = true)]
    max_search_ms: u64,
    /// The most nodes a search may visit.
    #[arg(long, value_name = "N", default_value_t = ply_server::Limits::default().max_search_nodes, value_parser = args::whole::<u64>(1, u64::MAX), allow_negative_numbers = true)]
    max_search_nodes: u64,
    #[command(flatten)]
    book: BookArgs,
    /// How many searches may run at once (more are refused with 429, not queued).
    #[arg(long, value_name = "N", default_value_t = ply_server::Limits::default().max_searches as u64, value_parser = args::whole::<u64>(1, 256), allow_negative_numbers = true)]
    max_searches: u64,
    /// The most bytes of a tree's answer (JSON or SVG); a tree whose answer may be
    /// larger is refused before it is made.
    #[arg(long, value_name = "BYTES", default_value_t = ply_server::Limits::default().max_answer_bytes, value_parser = args::whole::<u64>(1, 1 << 32), allow_negative_numbers = true)]
    max_answer_bytes: u64,
    /// The most nodes of a picture (/api/tree/svg).
    #[arg(long, value_name = "N", default_value_t = ply_server::Limits::default().max_picture_nodes as u64, value_parser = args::whole::<u64>(1, 10_000_000), allow_negative_numbers = true)]
    max_picture_nodes: u64,
    /// How many tree requests are worked on at once (a few times as many wait; more are
    /// refused with 429).
    #[arg(long, value_name = "N", default_value_t = ply_server::Limits::default().max_tree_jobs as u64, value_parser = args::whole::<u64>(1, 256), allow_negative_numbers = true)]
    max_tree_jobs: u64,
    /// The most bytes of answers held for clients at once (more are refused with 503).
    #[arg(long, value_name = "BYTES", default_value_t = ply_server::Limits::default().max_unsent_bytes, value_parser = args::whole::<u64>(1, 1 << 40), allow_negative_numbers = true)]
    max_unsent_bytes: u64,
    /// How many connections may be open at once (past it, idle ones are closed). Keep
    /// it under the open files the process may have (`ulimit -n`).
    #[arg(long, value_name = "N", default_value_t = ply_server::Limits::default().max_connections as u64, value_parser = args::whole::<u64>(1, 65_536), allow_negative_numbers = true)]
    max_connections: u64,
    /// The longest the server waits for a client, in milliseconds: for a request (an
    /// idle connection is closed then), and for each write of an answer to progress.
    #[arg(long, value_name = "MS", default_value_t = ply_server::Limits::default().client_timeout_ms, value_parser = args::whole::<u64>(100, 3_600_000), allow_negative_numbers = true)]
    client_timeout_ms: u64,
    /// A static site built by `scripts/build-site DIR`: its files are served where the
    /// lab's embedded pages have none, so that the code page runs and checks students'
    /// programs (its editor, Python and the grader's module are the site's).
    #[arg(long, value_name = "DIR")]
    site: Option<std::path::PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let limits = ply_server::Limits {
        max_body_bytes: args.max_body_bytes as usize,
        max_tree_nodes: args.max_tree_nodes as usize,
        max_tree_depth: args.max_tree_depth as u32,
        max_search_ms: args.max_search_ms,
        max_search_nodes: args.max_search_nodes,
        max_searches: args.max_searches as usize,
        max_answer_bytes: args.max_answer_bytes,
        max_picture_nodes: args.max_picture_nodes as usize,
        max_tree_jobs: args.max_tree_jobs as usize,
        max_unsent_bytes: args.max_unsent_bytes,
        max_connections: args.max_connections as usize,
        client_timeout_ms: args.client_timeout_ms,
    };
    // Connect Four's opening book, found as `ply solve` finds it (--book, $PLY_C4_BOOK,
    // connect4.book here, else the one built in), read once and shared by every request.
    let loaded = c4book::load(&args.book, &ply_games::Connect4::standard())?;
    // (Said once the address is taken: a failure to listen stays a one-line error.)
    let book_line = loaded
        .as_ref()
        .map(|b| format!("ply: {}", LoadedBook::describe(Some(b))));
    let book = loaded.map(|b| ply_api::solve::BookRef {
        path: b.path,
        book: b.book,
    });
    // A site to serve files from must be a folder the build script made: its code page
    // and module are what `--site` is for.
    let site = match args.site {
        Some(dir) if !dir.join("code.html").is_file() || !dir.join("wasm").is_dir() => {
            anyhow::bail!(
                "--site {}: not a site built by scripts/build-site (no code.html and wasm/ in it)",
                dir.display()
            );
        }
        site => site,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_io()
        .enable_time()
        .thread_name("ply-serve")
        .build()
        .context("cannot start the server's threads")?;
    // Ctrl-C raises the flag instead of ending the process: the server then stops
    // taking connections and finishes the requests under way.
    let _polled = interrupt::polled();
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(args.addr)
            .await
            .with_context(|| format!("cannot listen on {}", args.addr))?;
        let addr = listener.local_addr().context("cannot read the address")?;
        if !addr.ip().is_loopback() {
            eprintln!(
                "ply: warning: listening on {addr}, reachable from other machines: anyone who \
                 can reach it can run searches (within the limits of ply serve --help)"
            );
        }
        if let Some(line) = book_line {
            eprintln!("{line}");
        }
        let url = format!("http://{addr}/");
        println!("ply: the web lab is at {url} (tree lab; {url}play: games). Ctrl-C stops.");
        if args.open {
            open_in_browser(&url);
        }
        let shutdown = async {
            while !interrupt::interrupted() {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        };
        ply_server::serve_with_site(listener, limits, book, site, shutdown)
            .await
            .context("the server stopped")?;
        eprintln!("ply: stopped");
        Ok(ExitCode::SUCCESS)
    })
}

/// Asks the desktop to open `url`; a machine without one just keeps the printed URL.
fn open_in_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(error) = std::process::Command::new(opener)
        .arg(url)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
    {
        eprintln!("ply: cannot open a browser ({opener}: {error}); open {url} yourself");
    }
}
