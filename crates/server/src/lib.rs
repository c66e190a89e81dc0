//! # ply-server: the web lab behind `ply serve`
//!
//! An HTTP server (axum on tokio) with two faces, both on the same operations as the
//! command line ([`ply_api`]):
//!
//! - a JSON API under `/api/` (docs/api.md): evaluate a tree, list the games, solve a
//!   position, play a game against the engine. What each request is answered is
//!   decided by [`ply_api::service`], which the WebAssembly module answers through
//!   too, so the two cannot drift; the server adds the limits only a server needs;
//! - the pages of the web lab, embedded in the binary from `pages/`: the tree lab at `/`,
//!   the play page at `/play` and the practice page at `/practice`, their modules under
//!   `/assets/`, the catalogs of words they speak from under `/assets/words/` (the
//!   API's own, [`ply_api::lang`]), and at `/ply.js` the module through which they call
//!   the API here. They need nothing but a browser.
//!
//! Every request is bounded ([`Limits`]): the body's size, a tree's size, the size of
//! its answer, a search's time and nodes, how many searches and tree jobs run at once
//! (searches hold slots of their own, so a long one never holds up the tree page for
//! other users), how many bytes of answers wait for their clients, how many connections
//! are open and how long a client may take. A request past a limit is refused with a
//! 4xx (503 when the server holds too many answers) and a JSON error naming the limit:
//! `{"error": MESSAGE, "message": SAID, "kind": "parse"|"limit"|"bad_request", "limit"?:
//! NAME}` (`message`: the same in the request's language).
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! ply_server::serve(listener, ply_server::Limits::default(), None, std::future::pending()).await
//! # }
//! ```
#![deny(missing_docs)]

mod assets;
mod connections;
mod handlers;

use axum::Router;
use axum::routing::{get, post};
use ply_api::service::{Method, Service, ServiceLimits};
use ply_api::solve::BookRef;
use std::future::Future;
use std::path::PathBuf;
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
    /// asking for more is refused. A tree's chance search (`/api/tree`,
    /// `/api/tree/svg`) gets as long, and is refused with 422 when not done in it.
    pub max_search_ms: u64,
    /// The most nodes a search may visit (`max_search_nodes`).
    pub max_search_nodes: u64,
    /// How many searches may run at once (`max_searches`); one more is refused with
    /// 429 at once rather than queued behind a long search.
    pub max_searches: usize,
    /// The most bytes of one answer made of a tree (`max_answer_bytes`): the JSON of
    /// `/api/tree` is refused with 413 before it is made when its size, bounded from
    /// the tree, may pass it (a tree's answer is some 200 times its text).
    pub max_answer_bytes: u64,
    /// The most nodes of a picture (`max_picture_nodes`), `/api/tree/svg`; 413 past it.
    pub max_picture_nodes: usize,
    /// How many tree requests (`/api/tree`, `/api/tree/svg`, `/api/tree/game`) are
    /// worked on at once (`max_tree_jobs`); up to [`TREE_JOBS_WAITING`] times as many
    /// more wait their turn, and one more is refused with 429 at once.
    pub max_tree_jobs: usize,
    /// The most bytes of tree answers the server holds at once, made and not yet handed
    /// to the network (`max_unsent_bytes`): a slow client holds its answer until it
    /// takes it. A request whose answer does not fit is refused with 503 at once.
    pub max_unsent_bytes: u64,
    /// How many connections may be open at once (`max_connections`); past it, those
    /// opened more than a second ago are asked to close, at once if they are between two
    /// requests, else after their answer (see [`serve`]).
    pub max_connections: usize,
    /// The longest the server waits for a client, in milliseconds (`client_timeout_ms`):
    /// for a request's head (from the moment the connection opens or its previous
    /// answer ends, so an idle connection is closed then), for its body (408 past it),
    /// and for each write of an answer to make progress (else the connection closes).
    pub client_timeout_ms: u64,
}

impl Limits {
    /// The limits of the API's answers among these: what [`ply_api::service::Service`]
    /// answers within. A tree's answer larger than every answer held together could
    /// never be sent, so `max_answer_bytes` is at most `max_unsent_bytes`.
    pub fn service_limits(&self) -> ServiceLimits {
        ServiceLimits {
            max_body_bytes: self.max_body_bytes,
            max_tree_nodes: self.max_tree_nodes,
            max_tree_depth: self.max_tree_depth,
            max_search_ms: self.max_search_ms,
            max_search_nodes: self.max_search_nodes,
            max_answer_bytes: self.max_answer_bytes.min(self.max_unsent_bytes),
            max_picture_nodes: self.max_picture_nodes,
        }
    }
}

/// How many tree requests may wait for each tree job slot (see [`Limits::max_tree_jobs`]).
pub const TREE_JOBS_WAITING: usize = 4;

impl Default for Limits {
    /// 1 MiB bodies, trees of 100,000 nodes and 1,000 levels, searches of 10 s and
    /// 100 million nodes, one search at a time (on a 2-core machine, one core stays
    /// for the pages); tree answers of 16 MiB (a tree of some 15,000 leaves with its
    /// trace) and pictures of 2,000 nodes, two tree jobs at a time, 64 MiB of answers
    /// held for clients, 256 connections (well under the 1,024 files a process may
    /// open by default), and 10 s for a client.
    fn default() -> Limits {
        Limits {
            max_body_bytes: 1 << 20,
            max_tree_nodes: 100_000,
            max_tree_depth: 1_000,
            max_search_ms: 10_000,
            max_search_nodes: 100_000_000,
            max_searches: 1,
            max_answer_bytes: 16 << 20,
            max_picture_nodes: ply_api::tree::TreeLimits::PICTURE_NODES,
            max_tree_jobs: 2,
            max_unsent_bytes: 64 << 20,
            max_connections: 256,
            client_timeout_ms: 10_000,
        }
    }
}

/// What every handler shares.
#[derive(Clone)]
pub(crate) struct State {
    pub(crate) limits: Limits,
    /// The API's answers.
    pub(crate) service: Arc<Service>,
    /// One permit per search allowed to run at once.
    pub(crate) searches: Arc<Semaphore>,
    /// One permit per tree job allowed to run at once.
    pub(crate) tree_jobs: Arc<Semaphore>,
    /// One permit per tree request allowed in, running or waiting for a job slot.
    pub(crate) tree_requests: Arc<Semaphore>,
    /// One permit per KiB of tree answers held for clients (`max_unsent_bytes`).
    pub(crate) unsent_kib: Arc<Semaphore>,
    /// Raised when the server shuts down: searches under way stop.
    pub(crate) control: ply_api::control::Control,
    /// A built static site (`scripts/build-site`) whose files are served where the
    /// embedded pages have none: the code page's editor, Python and grader module.
    pub(crate) site: Option<Arc<std::path::Path>>,
}

/// The whole application: the API and the pages, with `limits`; the engine reads
/// `book` (a Connect Four opening book) where the game has books.
pub fn router(limits: Limits, book: Option<BookRef>) -> Router {
    app(limits, book, ply_api::control::Control::new(), None)
}

/// [`router`], with the files of a built static site (`site`) served where the
/// embedded pages have none.
pub fn router_with_site(limits: Limits, book: Option<BookRef>, site: Option<PathBuf>) -> Router {
    app(limits, book, ply_api::control::Control::new(), site)
}

/// The application, its searches stopped when `control` is raised.
fn app(
    limits: Limits,
    book: Option<BookRef>,
    control: ply_api::control::Control,
    site: Option<PathBuf>,
) -> Router {
    let tree_jobs = limits.max_tree_jobs.clamp(1, Semaphore::MAX_PERMITS / 8);
    let state = State {
        limits,
        service: Arc::new(Service::new(limits.service_limits(), book)),
        searches: Arc::new(Semaphore::new(limits.max_searches.max(1))),
        tree_jobs: Arc::new(Semaphore::new(tree_jobs)),
        tree_requests: Arc::new(Semaphore::new(tree_jobs * (1 + TREE_JOBS_WAITING))),
        unsent_kib: Arc::new(Semaphore::new(handlers::kib(limits.max_unsent_bytes))),
        control,
        site: site.map(|dir| Arc::from(dir.as_path())),
    };
    let mut router = Router::new();
    for endpoint in ply_api::service::ENDPOINTS {
        router = match endpoint.method {
            Method::Get => router.route(endpoint.path, get(handlers::get)),
            Method::Post => router.route(endpoint.path, post(handlers::post)),
        };
    }
    router
        .route("/", get(assets::tree_lab))
        .route("/index.html", get(assets::tree_lab))
        .route("/play", get(assets::play))
        .route("/play.html", get(assets::play))
        .route("/practice", get(assets::practice))
        .route("/practice.html", get(assets::practice))
        .route("/code", get(assets::code))
        .route("/code.html", get(assets::code))
        .route("/ply.js", get(assets::ply_js))
        .route("/assets/{*file}", get(assets::file))
        .fallback(assets::site_file)
        // The body limit is checked by the handlers themselves (they read the body
        // as bytes), so that a refusal is the API's JSON error naming the limit.
        .layer(axum::extract::DefaultBodyLimit::max(limits.max_body_bytes))
        .with_state(state)
}

/// Serves the application on `listener` until `shutdown` completes; then searches
/// under way are stopped (they answer with what they found) and every request under
/// way is finished. At most `limits.max_connections` connections are open at once, and
/// a client is waited for at most `limits.client_timeout_ms` (for a request, and for
/// each write of an answer to make progress).
pub async fn serve(
    listener: tokio::net::TcpListener,
    limits: Limits,
    book: Option<BookRef>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    serve_with_site(listener, limits, book, None, shutdown).await
}

/// [`serve`], with the files of a built static site (`site`, made by
/// `scripts/build-site`) served where the embedded pages have none: the code page's
/// editor, its Python and the grader's WebAssembly module (`ply serve --site DIR`).
pub async fn serve_with_site(
    listener: tokio::net::TcpListener,
    limits: Limits,
    book: Option<BookRef>,
    site: Option<PathBuf>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let control = ply_api::control::Control::new();
    let stop = control.flag();
    let shutdown = async move {
        shutdown.await;
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
    };
    connections::serve(
        listener,
        app(limits, book, control, site),
        limits.max_connections,
        std::time::Duration::from_millis(limits.client_timeout_ms),
        shutdown,
    )
    .await
}
