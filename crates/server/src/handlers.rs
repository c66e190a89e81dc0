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

/// The shape of every POST endpoint: read the request (refused as the API says when it
/// is not the endpoint's JSON or too big), run `operation` off the async threads, answer
/// what it made.
async fn answer<Request, Answer>(
    state: &State,
    body: Result<Bytes, BytesRejection>,
    operation: impl FnOnce(Request) -> Result<Answer, ApiError> + Send + 'static,
) -> Response
where
    Request: DeserializeOwned + Send + 'static,
    Answer: IntoResponse + Send + 'static,
{
    let request: Request = match read_json(body, state) {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    match blocking(move || operation(request)).await {
        Ok(answer) => answer.into_response(),
        Err(response) => response,
    }
}

/// [`answer`] for a search: it holds one of the search slots while it runs (refused with
/// 429 when all are taken) and stops when the server shuts down.
async fn answer_search<Request, Answer>(
    state: &State,
    body: Result<Bytes, BytesRejection>,
    operation: impl FnOnce(Request, &Control) -> Result<Answer, ApiError> + Send + 'static,
) -> Response
where
    Request: DeserializeOwned + Send + 'static,
    Answer: IntoResponse + Send + 'static,
{
    let (searches, most) = (state.searches.clone(), state.limits.max_searches);
    let control = state.control.clone();
    answer(state, body, move |request| {
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
type Body = Result<Bytes, BytesRejection>;

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

fn play_limits(state: &State) -> PlayLimits {
    PlayLimits {
        max_ms: state.limits.max_search_ms,
        max_nodes: state.limits.max_search_nodes,
        book: state.book.as_ref().map(|b| b.book.clone()),
        ..PlayLimits::default()
    }
}

/// `POST /api/tree`: the object `ply tree --format json --trace` prints.
pub(crate) async fn tree(axum::extract::State(state): Shared, body: Body) -> Response {
    let limits = tree_limits(&state);
    answer(&state, body, move |request: TreeRequest| {
        ply_api::tree::evaluate_tree(&request, &limits).map(JsonText)
    })
    .await
}

/// `POST /api/tree/svg`: the same tree drawn, as `ply tree --format svg --trace` draws it.
pub(crate) async fn tree_svg(axum::extract::State(state): Shared, body: Body) -> Response {
    let limits = tree_limits(&state);
    answer(&state, body, move |request: TreeRequest| {
        let svg = ply_api::tree::tree_svg(&request, &limits)?;
        Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg))
    })
    .await
}

/// `POST /api/tree/game`: a game written out as a tree, `{"tree", "nodes"}`.
pub(crate) async fn tree_game(axum::extract::State(state): Shared, body: Body) -> Response {
    let limits = tree_limits(&state);
    answer(
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
pub(crate) async fn play_state(axum::extract::State(state): Shared, body: Body) -> Response {
    answer(&state, body, |request: GameRequest| {
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
