//! # ply-server: the web lab behind `ply serve`
//!
//! An HTTP server (axum on tokio) with two faces, both on the same operations as the
//! command line ([`ply_api`]):
//!
//! - a JSON API under `/api/` (docs/api.md): evaluate a tree, list the games, solve a
//!   position, play a game against the engine;
//! - the pages of the web lab, embedded in the binary: the tree lab at `/` and the
//!   play page at `/play`. They need nothing but a browser.
//!
//! Every request is bounded ([`Limits`]): the body's size, a tree's size, a search's
//! time and nodes, and how many searches run at once (searches run on a small pool
//! of their own, so a long one never holds up the tree page for other users). A
//! request past a limit is refused with a 4xx and a JSON error naming the limit:
//! `{"error": MESSAGE, "kind": "parse"|"limit"|"bad_request", "limit"?: NAME}`.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! ply_server::serve(listener, ply_server::Limits::default(), None, std::future::pending()).await
//! # }
//! ```
#![deny(missing_docs)]

mod assets;
mod handlers;

use axum::Router;
use axum::routing::{get, post};
use ply_api::solve::BookRef;
use std::future::Future;
use std::sync::Arc;
use tokio::sync::Semaphore;

/// The limits that protect the server, each configurable (`ply serve --help`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most bytes of a request's body (`max_body_bytes`).
    pub max_body_bytes: usize,
    /// The most nodes of a tree (`max_tree_nodes`).
    pub max_tree_nodes: usize,
    /// The deepest level of a tree (`max_tree_depth`).
    pub max_tree_depth: u32,
    /// The longest a search may run, in milliseconds (`max_search_ms`); a request
    /// asking for more is refused.
    pub max_search_ms: u64,
    /// The most nodes a search may visit (`max_search_nodes`).
    pub max_search_nodes: u64,
    /// How many searches may run at once (`max_searches`); one more is refused with
    /// 429 at once rather than queued behind a long search.
    pub max_searches: usize,
}

impl Default for Limits {
    /// 1 MiB bodies, trees of 100,000 nodes and 1,000 levels, searches of 10 s and
    /// 100 million nodes, one search at a time (on a 2-core machine, one core stays
    /// for the pages).
    fn default() -> Limits {
        Limits {
            max_body_bytes: 1 << 20,
            max_tree_nodes: 100_000,
            max_tree_depth: 1_000,
            max_search_ms: 10_000,
            max_search_nodes: 100_000_000,
            max_searches: 1,
        }
    }
}

/// What every handler shares.
#[derive(Clone)]
pub(crate) struct State {
    pub(crate) limits: Limits,
    /// One permit per search allowed to run at once.
    pub(crate) searches: Arc<Semaphore>,
    /// Raised when the server shuts down: searches under way stop.
    pub(crate) control: ply_api::control::Control,
    /// The Connect Four opening book the engine reads, if one was given.
    pub(crate) book: Option<BookRef>,
}

/// The whole application: the API and the pages, with `limits`; the engine reads
/// `book` (a Connect Four opening book) where the game has books.
pub fn router(limits: Limits, book: Option<BookRef>) -> Router {
    app(limits, book, ply_api::control::Control::new())
}

/// The application, its searches stopped when `control` is raised.
fn app(limits: Limits, book: Option<BookRef>, control: ply_api::control::Control) -> Router {
    let state = State {
        limits,
        searches: Arc::new(Semaphore::new(limits.max_searches.max(1))),
        control,
        book,
    };
    Router::new()
        .route("/api/health", get(handlers::health))
        .route("/api/games", get(handlers::games))
        .route("/api/tree", post(handlers::tree))
        .route("/api/tree/svg", post(handlers::tree_svg))
        .route("/api/tree/game", post(handlers::tree_game))
        .route("/api/solve", post(handlers::solve))
        .route("/api/analyze", post(handlers::analyze))
        .route("/api/play/state", post(handlers::play_state))
        .route("/api/play/analysis", post(handlers::play_analysis))
        .route("/api/play/engine", post(handlers::play_engine))
        .route("/", get(assets::tree_lab))
        .route("/play", get(assets::play))
        .route("/assets/{file}", get(assets::file))
        .fallback(handlers::not_found)
        // The body limit is checked by the handlers themselves (they read the body
        // as bytes), so that a refusal is the API's JSON error naming the limit.
        .layer(axum::extract::DefaultBodyLimit::max(limits.max_body_bytes))
        .with_state(state)
}

/// Serves the application on `listener` until `shutdown` completes; then searches
/// under way are stopped (they answer with what they found) and every request under
/// way is finished.
pub async fn serve(
    listener: tokio::net::TcpListener,
    limits: Limits,
    book: Option<BookRef>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let control = ply_api::control::Control::new();
    let stop = control.flag();
    axum::serve(listener, app(limits, book, control))
        .with_graceful_shutdown(async move {
            shutdown.await;
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        })
        .await
}
