//! The JSON API's handlers: each reads its request, calls one operation of
//! [`ply_api`] off the async threads, and answers its JSON, or a 4xx with the error.

use crate::State;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use ply_api::control::Control;
use ply_api::play::{GameRequest, PlayLimits};
use ply_api::tree::{TreeLimits, TreeRequest};
use ply_api::{ApiError, ErrorKind};
use serde::de::DeserializeOwned;

/// An [`ApiError`] as an HTTP answer: 413 for a request too big (body, tree), 429
/// when every search slot is taken, 422 for a search past its budget, 400 otherwise.
pub(crate) struct Refusal(pub(crate) ApiError);

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let status = match (self.0.kind, self.0.limit) {
            (ErrorKind::Limit, Some("max_searches")) => StatusCode::TOO_MANY_REQUESTS,
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

/// A JSON text made by an operation, sent as it is.
pub(crate) struct JsonText(pub(crate) String);

impl IntoResponse for JsonText {
    fn into_response(self) -> Response {
        ([(header::CONTENT_TYPE, "application/json")], self.0).into_response()
    }
}

/// The request body as `T`: a body past the size limit, or one that is not the
/// JSON the endpoint expects, is refused with the reason.
pub(crate) fn read_json<T: DeserializeOwned>(
    body: Result<Bytes, BytesRejection>,
    state: &State,
) -> Result<T, Refusal> {
    let body = body.map_err(|rejection| {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::limit(
                "max_body_bytes",
                format!(
                    "the request body is larger than {} bytes (limit max_body_bytes)",
                    state.limits.max_body_bytes
                ),
            )
        } else {
            ApiError::bad_request(format!("cannot read the request body: {rejection}"))
        }
    })?;
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
    }
}

/// `POST /api/tree`: the object `ply tree --format json --trace` prints.
pub(crate) async fn tree(
    axum::extract::State(state): axum::extract::State<State>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let request: TreeRequest = match read_json(body, &state) {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    let limits = tree_limits(&state);
    match blocking(move || ply_api::tree::evaluate_tree(&request, &limits)).await {
        Ok(json) => JsonText(json).into_response(),
        Err(response) => response,
    }
}

/// `POST /api/tree/svg`: the same tree drawn, as `ply tree --format svg --trace` draws it.
pub(crate) async fn tree_svg(
    axum::extract::State(state): axum::extract::State<State>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let request: TreeRequest = match read_json(body, &state) {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    let limits = tree_limits(&state);
    match blocking(move || ply_api::tree::tree_svg(&request, &limits)).await {
        Ok(svg) => ([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response(),
        Err(response) => response,
    }
}

/// `POST /api/tree/game`: a game written out as a tree, `{"tree", "nodes"}`.
pub(crate) async fn tree_game(
    axum::extract::State(state): axum::extract::State<State>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let request: ply_api::tree::GameTreeRequest = match read_json(body, &state) {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    let limits = tree_limits(&state);
    match blocking(move || ply_api::tree::game_tree(&request, &limits)).await {
        Ok(tree) => axum::Json(tree).into_response(),
        Err(response) => response,
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

/// A search slot, or the refusal that says every slot is taken.
fn search_slot(state: &State) -> Result<tokio::sync::OwnedSemaphorePermit, Refusal> {
    state.searches.clone().try_acquire_owned().map_err(|_| {
        Refusal(ApiError::limit(
            "max_searches",
            format!(
                "{} searches are running, as many as the server runs at once (limit max_searches): try again in a moment",
                state.limits.max_searches
            ),
        ))
    })
}

/// Runs a search on the blocking pool while holding a search slot; a server
/// shutting down stops it.
async fn search<T: Send + 'static>(
    state: &State,
    work: impl FnOnce(&Control) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, Response> {
    let permit = search_slot(state).map_err(IntoResponse::into_response)?;
    let control = state.control.clone();
    blocking(move || {
        let _permit = permit;
        work(&control)
    })
    .await
}

/// `POST /api/solve`: the object `ply solve GAME POSITION --json` prints.
pub(crate) async fn solve(
    axum::extract::State(state): axum::extract::State<State>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let request: ply_api::solve::SolveRequest = match read_json(body, &state) {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    let (default_ms, max_ms) = (
        PlayLimits::default()
            .default_ms
            .min(state.limits.max_search_ms),
        state.limits.max_search_ms,
    );
    let book = state.book.clone();
    match search(&state, move |control| {
        ply_api::solve::solve(&request, default_ms, max_ms, book.as_ref(), control)
    })
    .await
    {
        Ok(answer) => axum::Json(answer).into_response(),
        Err(response) => response,
    }
}

/// `POST /api/analyze`: what `ply analyze GAME POSITION --json` prints.
pub(crate) async fn analyze(
    axum::extract::State(state): axum::extract::State<State>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let request: ply_api::analyze::AnalyzeRequest = match read_json(body, &state) {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    let (max_ms, max_nodes) = (state.limits.max_search_ms, state.limits.max_search_nodes);
    match search(&state, move |control| {
        ply_api::analyze::analyze(&request, max_ms, max_nodes, control)
    })
    .await
    {
        Ok(answer) => axum::Json(answer).into_response(),
        Err(response) => response,
    }
}

/// `POST /api/play/state`: a game after a list of moves.
pub(crate) async fn play_state(
    axum::extract::State(state): axum::extract::State<State>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let request: GameRequest = match read_json(body, &state) {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    match blocking(move || ply_api::play::state(&request)).await {
        Ok(answer) => axum::Json(answer).into_response(),
        Err(response) => response,
    }
}

/// `POST /api/play/analysis`: every legal move's value.
pub(crate) async fn play_analysis(
    axum::extract::State(state): axum::extract::State<State>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let request: GameRequest = match read_json(body, &state) {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    let limits = play_limits(&state);
    match search(&state, move |control| {
        ply_api::play::analysis(&request, &limits, control)
    })
    .await
    {
        Ok(answer) => axum::Json(answer).into_response(),
        Err(response) => response,
    }
}

/// `POST /api/play/engine`: the engine's move.
pub(crate) async fn play_engine(
    axum::extract::State(state): axum::extract::State<State>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let request: GameRequest = match read_json(body, &state) {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    let limits = play_limits(&state);
    match search(&state, move |control| {
        ply_api::play::engine_move(&request, &limits, control)
    })
    .await
    {
        Ok(answer) => axum::Json(answer).into_response(),
        Err(response) => response,
    }
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
