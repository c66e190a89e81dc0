//! The JSON API's handlers: each reads its request, calls one operation of
//! [`ply_api`] off the async threads, and answers its JSON, or a 4xx with the error.

use crate::State;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
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
