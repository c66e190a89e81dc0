//! The pages of the web lab, embedded in the binary: plain HTML, CSS and JavaScript
//! (no framework, no build step), written under `crates/server/assets/`.

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

/// Every file under `/assets/`: its name, content type and content.
const FILES: &[(&str, &str, &str)] = &[
    (
        "lab.css",
        "text/css; charset=utf-8",
        include_str!("../assets/lab.css"),
    ),
    (
        "tree.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/tree.js"),
    ),
    (
        "play.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/play.js"),
    ),
];

fn html(page: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        page,
    )
        .into_response()
}

/// `GET /`: the tree lab.
pub(crate) async fn tree_lab() -> Response {
    html(include_str!("../assets/tree.html"))
}

/// `GET /play`: the play page.
pub(crate) async fn play() -> Response {
    html(include_str!("../assets/play.html"))
}

/// `GET /assets/FILE`.
pub(crate) async fn file(Path(name): Path<String>) -> Response {
    match FILES.iter().find(|(file, _, _)| *file == name) {
        Some((_, content_type, content)) => (
            [
                (header::CONTENT_TYPE, *content_type),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            *content,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}
