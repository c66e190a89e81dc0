//! The JSON API's handlers. What each request is answered is decided by
//! [`ply_api::service`], the same for every front end; a handler adds what HTTP needs:
//! it reads the body within `client_timeout_ms`, takes a search or tree slot, runs the
//! request off the async threads, and holds the answer's bytes within
//! `max_unsent_bytes` until the client takes them.

use crate::State;
use axum::body::Bytes;
use axum::extract::FromRequest;
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use http_body::{Frame, SizeHint};
use ply_api::control::Control;
use ply_api::service::{Answer, Request, Work, internal_error};
use ply_api::{ApiError, Phrase};
use std::convert::Infallible;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// A request's body, read within `client_timeout_ms` (a client that sends its body a
/// byte at a time is refused with 408, instead of holding its connection and its
/// bytes for as long as it likes), or the answer refusing it.
pub(crate) struct RequestBody(Result<Bytes, Answer>);

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
                Err(state.service.body_too_large())
            }
            Ok(Err(rejection)) => Err(Answer::refusal(&ApiError::bad_request_said(
                Phrase::new("errors.server.body_unread").arg("detail", rejection.to_string()),
            ))),
            Err(_) => Err(Answer::refusal(&ApiError::limit_said(
                "client_timeout_ms",
                Phrase::new("errors.server.body_timeout").arg("ms", ms),
            ))),
        };
        Ok(RequestBody(body))
    }
}

/// `answer` as an HTTP response; with `held`, its share of `max_unsent_bytes`, kept
/// until the answer has been handed to the connection.
fn response(answer: Answer, held: Option<OwnedSemaphorePermit>) -> Response {
    let status = StatusCode::from_u16(answer.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let content_type = [(header::CONTENT_TYPE, answer.content_type)];
    match held {
        Some(held) => (status, content_type, held_answer(answer.body, held)).into_response(),
        None => (status, content_type, answer.body).into_response(),
    }
}

/// `GET /api/health`, `GET /api/games`: answers that read no body.
pub(crate) async fn get(
    axum::extract::State(state): axum::extract::State<State>,
    uri: Uri,
) -> Response {
    response(state.service.answer(uri.path(), b"", &state.control), None)
}

/// Every POST endpoint: the request read (refused as the API says when it is not the
/// endpoint's JSON, too big or too slow), then run as its [`Work`] asks: a search holds
/// one of `max_searches` slots (429 at once when all are taken), a tree request waits
/// for one of `max_tree_jobs` slots (429 at once when as many as may wait already do).
pub(crate) async fn post(
    axum::extract::State(state): axum::extract::State<State>,
    uri: Uri,
    body: RequestBody,
) -> Response {
    let body = match body.0 {
        Ok(body) => body,
        Err(refusal) => return response(refusal, None),
    };
    let request = match state.service.read(uri.path(), &body) {
        Ok(request) => request,
        Err(refusal) => return response(refusal, None),
    };
    drop(body);
    // The server's own refusals speak the request's language too.
    let lang = request.lang();
    let refuse = |error: ApiError| refuse(error.in_lang(lang));
    // A tree request counts among those let in (running or waiting) until it ends.
    let mut _waiting = None;
    let slot = match request.work() {
        Work::Light => None,
        Work::Search => match state.searches.clone().try_acquire_owned() {
            Ok(slot) => Some(slot),
            Err(_) => {
                let most = state.limits.max_searches;
                return refuse(ApiError::limit_said(
                    "max_searches",
                    Phrase::new("errors.server.searches").arg("count", most),
                ));
            }
        },
        Work::Tree => {
            let Ok(waiting) = state.tree_requests.clone().try_acquire_owned() else {
                let most = state.limits.max_tree_jobs;
                return refuse(ApiError::limit_said(
                    "max_tree_jobs",
                    Phrase::new("errors.server.tree_jobs").arg("count", most),
                ));
            };
            _waiting = Some(waiting);
            // (An error would mean the slots were closed, which they never are.)
            state.tree_jobs.clone().acquire_owned().await.ok()
        }
    };
    run(&state, request, slot).await
}

/// The refusal of a request by one of the server's own limits.
fn refuse(error: ApiError) -> Response {
    response(Answer::refusal(&error), None)
}

/// Runs `request` on the blocking pool (operations take milliseconds to seconds: they
/// must not hold an async thread), holding `slot` until it ends. A panic in it, a bug,
/// is a 500 with a JSON error, never a dropped connection or a dead server.
///
/// A search stops when the server shuts down, and when its client leaves (a page's
/// Stop button aborts its request): its slot is then free for the next request at
/// once, instead of when the search's time is up. So does a tree's chance search,
/// which holds a tree job slot and has the time of a search (`max_search_ms`).
async fn run(state: &State, request: Request, slot: Option<OwnedSemaphorePermit>) -> Response {
    let control = Control::with_stop(state.control.linked());
    // Dropped with this future: when the answer is made, or when the connection closes
    // before (hyper then drops the request's future).
    let _stop_when_gone = RaiseOnDrop(control.flag());
    let service = state.service.clone();
    let (unsent, most) = (state.unsent_kib.clone(), state.limits.max_unsent_bytes);
    let work = tokio::task::spawn_blocking(move || {
        let _slot = slot;
        let mut held = None;
        let answer = service.run(request, &control, &mut |bytes| {
            held = Some(hold(&unsent, bytes, most)?);
            Ok(())
        });
        (answer, held)
    });
    match work.await {
        Ok((answer, held)) => response(answer, held),
        Err(_) => response(internal_error(), None),
    }
}

/// Raises its flag when dropped.
struct RaiseOnDrop(Arc<AtomicBool>);

impl Drop for RaiseOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Anything else: 404, in the API's error shape.
pub(crate) async fn not_found(uri: Uri) -> Response {
    response(ply_api::service::not_found(uri.path()), None)
}

/// `bytes` in KiB, rounded up: the unit of the answers' budget (a semaphore counts in
/// `u32` at a time).
pub(crate) fn kib(bytes: u64) -> usize {
    (bytes.div_ceil(1024) as usize).min(Semaphore::MAX_PERMITS)
}

/// A tree answer's body: its bytes, and its share of `max_unsent_bytes`, given back
/// when the last bytes have been handed to the connection (or the connection is gone).
struct HeldAnswer {
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
        axum::body::Body::new(self).into_response()
    }
}

/// Room for an answer of up to `bytes` among the answers held for clients, or 503 at
/// once naming `max_unsent_bytes`.
fn hold(unsent: &Arc<Semaphore>, bytes: u64, most: u64) -> Result<OwnedSemaphorePermit, ApiError> {
    let kib = u32::try_from(kib(bytes)).unwrap_or(u32::MAX);
    unsent.clone().try_acquire_many_owned(kib).map_err(|_| {
        ApiError::limit_said(
            "max_unsent_bytes",
            Phrase::new("errors.server.unsent").arg("max", most),
        )
    })
}

/// `text`, holding `held` shrunk to the text's own size.
fn held_answer(text: String, mut held: OwnedSemaphorePermit) -> HeldAnswer {
    let excess = held.num_permits().saturating_sub(kib(text.len() as u64));
    drop(held.split(excess));
    HeldAnswer {
        rest: Bytes::from(text),
        held: Some(held),
    }
}
