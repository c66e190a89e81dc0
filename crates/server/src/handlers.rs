//! The JSON API's handlers: each reads its request, calls one operation of
//! [`ply_api`] off the async threads, and answers its JSON, or a 4xx with the error.

use crate::State;
use axum::body::Bytes;
use axum::extract::FromRequest;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use http_body::{Frame, SizeHint};
use ply_api::control::Control;
use ply_api::play::{GameRequest, PlayLimits};
use ply_api::tree::{Evaluated, TreeLimits, TreeRequest};
use ply_api::{ApiError, ErrorKind};
use serde::de::DeserializeOwned;
use std::convert::Infallible;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// An [`ApiError`] as an HTTP answer: 413 for a request or an answer too big (body,
/// tree, answer, picture), 429 when every search slot or tree job slot is taken, 503
/// when the answers held for clients leave no room for this one, 408 for a body that
/// does not arrive in time, 422 for a search past its budget, 400 otherwise.
pub(crate) struct Refusal(pub(crate) ApiError);

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let status = match (self.0.kind, self.0.limit) {
            (ErrorKind::Limit, Some("max_searches" | "max_tree_jobs")) => {
                StatusCode::TOO_MANY_REQUESTS
            }
            (ErrorKind::Limit, Some("max_unsent_bytes")) => StatusCode::SERVICE_UNAVAILABLE,
            (ErrorKind::Limit, Some("client_timeout_ms")) => StatusCode::REQUEST_TIMEOUT,
            (ErrorKind::Limit, Some("max_search_ms" | "max_search_nodes")) => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            (ErrorKind::Limit, _) => StatusCode::PAYLOAD_TOO_LARGE,
            _ => StatusCode::BAD_REQUEST,
        };
        (status, axum::Json(self.0)).into_response()
    }
}

impl From<ApiError> for Refusal {
    fn from(error: ApiError) -> Refusal {
        Refusal(error)
    }
}

/// A request's body, read within `client_timeout_ms` (a client that sends its body a
/// byte at a time is refused with 408, instead of holding its connection and its
/// bytes for as long as it likes), or why it could not be read.
pub(crate) struct RequestBody(Result<Bytes, Refusal>);

impl FromRequest<State> for RequestBody {
    type Rejection = Infallible;

    async fn from_request(
        request: axum::extract::Request,
        state: &State,
    ) -> Result<Self, Infallible> {
        let ms = state.limits.client_timeout_ms;
        let read = Bytes::from_request(request, state);
        let body = match tokio::time::timeout(Duration::from_millis(ms), read).await {
            Ok(Ok(bytes)) => Ok(bytes),
            Ok(Err(rejection)) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Err(Refusal(ApiError::limit(
                    "max_body_bytes",
                    format!(
                        "the request body is larger than {} bytes (limit max_body_bytes)",
                        state.limits.max_body_bytes
                    ),
                )))
            }
            Ok(Err(rejection)) => Err(Refusal(ApiError::bad_request(format!(
                "cannot read the request body: {rejection}"
            )))),
            Err(_) => Err(Refusal(ApiError::limit(
                "client_timeout_ms",
                format!("the request body did not arrive within {ms} ms (limit client_timeout_ms)"),
            ))),
        };
        Ok(RequestBody(body))
    }
}

/// The request body as `T`: a body past the size limit or its time, or one that is not
/// the JSON the endpoint expects, is refused with the reason.
pub(crate) fn read_json<T: DeserializeOwned>(body: RequestBody) -> Result<T, Refusal> {
    let body = body.0?;
    serde_json::from_slice(&body).map_err(|e| {
        Refusal(ApiError::bad_request(format!(
            "the request is not the JSON this endpoint reads: {e}"
        )))
    })
}

/// Runs `work` on the blocking pool (operations take milliseconds to seconds: they
/// must not hold an async thread). A panic in it, a bug, is a 500 with a JSON error,
/// never a dropped connection or a dead server.
pub(crate) async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, Response> {
    match tokio::task::spawn_blocking(work).await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(error)) => Err(Refusal(error).into_response()),
        Err(_) => Err((
            StatusCode::INTERNAL_SERVER_ERROR,
            axum::Json(serde_json::json!({
                "error": "internal error (a bug in ply: please report it)",
                "kind": "internal",
            })),
        )
            .into_response()),
    }
}

/// The shape of the POST endpoints: read the request (refused as the API says when it
/// is not the endpoint's JSON, too big or too slow), run `operation` off the async
/// threads, answer what it made. Searches and tree requests go through
/// [`answer_search`] and [`answer_tree`], which bound how many run at once.
async fn answer<Request, Answer>(
    body: RequestBody,
    operation: impl FnOnce(Request) -> Result<Answer, ApiError> + Send + 'static,
) -> Response
where
    Request: DeserializeOwned + Send + 'static,
    Answer: IntoResponse + Send + 'static,
{
    let request: Request = match read_json(body) {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    respond(move || operation(request)).await
}

/// Runs `work` on the blocking pool and answers what it made (or the refusal it became).
async fn respond<Answer: IntoResponse + Send + 'static>(
    work: impl FnOnce() -> Result<Answer, ApiError> + Send + 'static,
) -> Response {
    match blocking(work).await {
        Ok(answer) => answer.into_response(),
        Err(response) => response,
    }
}

/// [`answer`] for a search: it holds one of the search slots while it runs (refused with
/// 429 when all are taken) and stops when the server shuts down.
async fn answer_search<Request, Answer>(
    state: &State,
    body: RequestBody,
    operation: impl FnOnce(Request, &Control) -> Result<Answer, ApiError> + Send + 'static,
) -> Response
where
    Request: DeserializeOwned + Send + 'static,
    Answer: IntoResponse + Send + 'static,
{
    let (searches, most) = (state.searches.clone(), state.limits.max_searches);
    let control = state.control.clone();
    answer(body, move |request| {
        let _slot = searches.try_acquire_owned().map_err(|_| {
            ApiError::limit(
                "max_searches",
                format!(
                    "{most} searches are running, as many as the server runs at once \
                     (limit max_searches): try again in a moment"
                ),
            )
        })?;
        operation(request, &control)
    })
    .await
}

/// The handlers' shared state, as axum hands it over.
type Shared = axum::extract::State<State>;
/// A request body, or why it could not be read.
type Body = RequestBody;

/// `GET /api/health`: `{"status": "ok", "version"}`.
pub(crate) async fn health() -> Response {
    axum::Json(serde_json::json!({
        "status": "ok",
        "version": env!("CARGO_PKG_VERSION"),
    }))
    .into_response()
}

/// `GET /api/games`: `[{"spec", "name", "pattern"}]`.
pub(crate) async fn games() -> Response {
    axum::Json(ply_api::games::list_games()).into_response()
}

fn tree_limits(state: &State) -> TreeLimits {
    TreeLimits {
        max_bytes: state.limits.max_body_bytes,
        tree: ply_api::tree::Limits {
            max_nodes: state.limits.max_tree_nodes,
            max_depth: state.limits.max_tree_depth,
        },
        // An answer larger than every answer held together could never be sent.
        max_answer_bytes: state
            .limits
            .max_answer_bytes
            .min(state.limits.max_unsent_bytes),
        max_picture_nodes: state.limits.max_picture_nodes,
    }
}

fn play_limits(state: &State) -> PlayLimits {
    PlayLimits {
        max_ms: state.limits.max_search_ms,
        max_nodes: state.limits.max_search_nodes,
        book: state.book.as_ref().map(|b| b.book.clone()),
        ..PlayLimits::default()
    }
}

/// `bytes` in KiB, rounded up: the unit of the answers' budget (a semaphore counts in
/// `u32` at a time).
pub(crate) fn kib(bytes: u64) -> usize {
    (bytes.div_ceil(1024) as usize).min(Semaphore::MAX_PERMITS)
}

/// A tree answer: its bytes, and its share of `max_unsent_bytes`, given back when the
/// last bytes have been handed to the connection (or the connection is gone).
struct HeldAnswer {
    content_type: &'static str,
    rest: Bytes,
    held: Option<OwnedSemaphorePermit>,
}

/// The most bytes an answer hands to the connection at a time: the connection asks for
/// more only when it has sent what it has, so the answer keeps its share of the budget
/// until its last piece is handed over.
const ANSWER_PIECE: usize = 64 << 10;

impl http_body::Body for HeldAnswer {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        if self.rest.is_empty() {
            self.held = None;
            return Poll::Ready(None);
        }
        let piece = self.rest.len().min(ANSWER_PIECE);
        let piece = self.rest.split_to(piece);
        if self.rest.is_empty() {
            self.held = None;
        }
        Poll::Ready(Some(Ok(Frame::data(piece))))
    }

    fn is_end_stream(&self) -> bool {
        self.rest.is_empty()
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact(self.rest.len() as u64)
    }
}

impl IntoResponse for HeldAnswer {
    fn into_response(self) -> Response {
        let content_type = self.content_type;
        (
            [(header::CONTENT_TYPE, content_type)],
            axum::body::Body::new(self),
        )
            .into_response()
    }
}

/// Room for an answer of up to `bytes` among the answers held for clients, or 503 at
/// once naming `max_unsent_bytes`.
fn hold(unsent: &Arc<Semaphore>, bytes: u64, most: u64) -> Result<OwnedSemaphorePermit, ApiError> {
    let kib = u32::try_from(kib(bytes)).unwrap_or(u32::MAX);
    unsent.clone().try_acquire_many_owned(kib).map_err(|_| {
        ApiError::limit(
            "max_unsent_bytes",
            format!(
                "the server holds as many answers for clients as it may ({most} bytes, limit \
                 max_unsent_bytes): try again in a moment"
            ),
        )
    })
}

/// `text`, holding `held` shrunk to the text's own size.
fn held_answer(
    content_type: &'static str,
    text: String,
    mut held: OwnedSemaphorePermit,
) -> HeldAnswer {
    let excess = held.num_permits().saturating_sub(kib(text.len() as u64));
    drop(held.split(excess));
    HeldAnswer {
        content_type,
        rest: Bytes::from(text),
        held: Some(held),
    }
}

/// The shape of the tree endpoints: read the request, wait for one of `max_tree_jobs`
/// slots (refused with 429 at once when as many requests as may wait already do), and
/// run `operation` on the blocking pool holding the slot, which it keeps until it ends
/// even if the client leaves.
async fn answer_tree<Request, Answer>(
    state: &State,
    body: RequestBody,
    operation: impl FnOnce(Request) -> Result<Answer, ApiError> + Send + 'static,
) -> Response
where
    Request: DeserializeOwned + Send + 'static,
    Answer: IntoResponse + Send + 'static,
{
    let request: Request = match read_json(body) {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    let Ok(_waiting) = state.tree_requests.clone().try_acquire_owned() else {
        let most = state.limits.max_tree_jobs;
        return Refusal(ApiError::limit(
            "max_tree_jobs",
            format!(
                "{most} tree requests are being answered and as many as may wait are waiting \
                 (limit max_tree_jobs): try again in a moment"
            ),
        ))
        .into_response();
    };
    // (An error would mean the slots were closed, which they never are.)
    let slot = state.tree_jobs.clone().acquire_owned().await.ok();
    respond(move || {
        let _slot = slot;
        operation(request)
    })
    .await
}

/// `POST /api/tree`: the object `ply tree --format json --trace` prints.
pub(crate) async fn tree(axum::extract::State(state): Shared, body: Body) -> Response {
    let limits = tree_limits(&state);
    let (unsent, most) = (state.unsent_kib.clone(), state.limits.max_unsent_bytes);
    answer_tree(&state, body, move |request: TreeRequest| {
        let evaluated: Evaluated = ply_api::tree::evaluate(&request, &limits)?;
        // Room for the answer is taken before the answer is made, at its bound.
        let held = hold(&unsent, evaluated.json_answer_bound(&limits)?, most)?;
        let text = evaluated.json_answer(&limits)?;
        Ok(held_answer("application/json", text, held))
    })
    .await
}

/// `POST /api/tree/svg`: the same tree drawn, as `ply tree --format svg --trace` draws it.
pub(crate) async fn tree_svg(axum::extract::State(state): Shared, body: Body) -> Response {
    let limits = tree_limits(&state);
    let (unsent, most) = (state.unsent_kib.clone(), state.limits.max_unsent_bytes);
    answer_tree(&state, body, move |request: TreeRequest| {
        // A picture is bounded by its nodes before it is drawn; its bytes are counted
        // once drawn, when they are known.
        let svg = ply_api::tree::evaluate(&request, &limits)?.svg_answer(&limits)?;
        let held = hold(&unsent, svg.len() as u64, most)?;
        Ok(held_answer("image/svg+xml", svg, held))
    })
    .await
}

/// `POST /api/tree/game`: a game written out as a tree, `{"tree", "nodes"}`.
pub(crate) async fn tree_game(axum::extract::State(state): Shared, body: Body) -> Response {
    let limits = tree_limits(&state);
    answer_tree(
        &state,
        body,
        move |request: ply_api::tree::GameTreeRequest| {
            ply_api::tree::game_tree(&request, &limits).map(axum::Json)
        },
    )
    .await
}

/// `POST /api/solve`: the object `ply solve GAME POSITION --json` prints.
pub(crate) async fn solve(axum::extract::State(state): Shared, body: Body) -> Response {
    let max_ms = state.limits.max_search_ms;
    let default_ms = PlayLimits::default().default_ms.min(max_ms);
    let book = state.book.clone();
    answer_search(
        &state,
        body,
        move |request: ply_api::solve::SolveRequest, control| {
            ply_api::solve::solve(&request, default_ms, max_ms, book.as_ref(), control)
                .map(axum::Json)
        },
    )
    .await
}

/// `POST /api/analyze`: what `ply analyze GAME POSITION --json` prints.
pub(crate) async fn analyze(axum::extract::State(state): Shared, body: Body) -> Response {
    let (max_ms, max_nodes) = (state.limits.max_search_ms, state.limits.max_search_nodes);
    let book = state.book.as_ref().map(|b| b.book.clone());
    answer_search(
        &state,
        body,
        move |request: ply_api::analyze::AnalyzeRequest, control| {
            ply_api::analyze::analyze_with_book(&request, max_ms, max_nodes, book, control)
                .map(axum::Json)
        },
    )
    .await
}

/// `POST /api/play/state`: a game after a list of moves.
pub(crate) async fn play_state(body: Body) -> Response {
    answer(body, |request: GameRequest| {
        ply_api::play::state(&request).map(axum::Json)
    })
    .await
}

/// `POST /api/play/analysis`: every legal move's value.
pub(crate) async fn play_analysis(axum::extract::State(state): Shared, body: Body) -> Response {
    let limits = play_limits(&state);
    answer_search(&state, body, move |request: GameRequest, control| {
        ply_api::play::analysis(&request, &limits, control).map(axum::Json)
    })
    .await
}

/// `POST /api/play/engine`: the engine's move.
pub(crate) async fn play_engine(axum::extract::State(state): Shared, body: Body) -> Response {
    let limits = play_limits(&state);
    answer_search(&state, body, move |request: GameRequest, control| {
        ply_api::play::engine_move(&request, &limits, control).map(axum::Json)
    })
    .await
}

/// Anything else: 404, in the API's error shape.
pub(crate) async fn not_found(uri: axum::http::Uri) -> Response {
    (
        StatusCode::NOT_FOUND,
        axum::Json(ApiError::bad_request(format!(
            "no such page or endpoint: {} (the API is described in docs/api.md)",
            ply_core_excerpt(uri.path())
        ))),
    )
        .into_response()
}

/// A path quoted back shortened: a request may be any size.
fn ply_core_excerpt(path: &str) -> String {
    let mut out: String = path.chars().take(80).collect();
    if path.chars().count() > 80 {
        out.push('…');
    }
    out
}
