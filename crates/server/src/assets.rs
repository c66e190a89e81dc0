//! The pages of the web lab, embedded in the binary: native ES modules, CSS and HTML
//! with no build step, written under `pages/` at the root of the repository (the same
//! files the static site is built from), `/ply.js`, the module through which the
//! pages call the API of this server, and `/assets/words/{lang}/{area}.json`, the
//! catalogs of words the pages speak from (`ply_api::lang`, the API's own).

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use ply_api::lang::Lang;
use std::borrow::Cow;

/// The files of `pages/` a browser asks for: the pages and everything under
/// `assets/`; not the type-check's and the linter's tools and configuration beside
/// them (`node_modules/`, `package.json`, `tsconfig.json`, `eslint.config.js`,
/// `types/`). The build script makes a new file under `assets/` rebuild them.
#[derive(rust_embed::Embed)]
#[folder = "../../pages/"]
#[include = "index.html"]
#[include = "play.html"]
#[include = "practice.html"]
#[include = "code.html"]
#[include = "assets/**"]
#[exclude = "**/node_modules/**"]
#[exclude = "**/.*"]
struct Pages;

/// The module the pages import as `../ply.js` from `assets/` (`./ply.js` from a page):
/// the API of this server over fetch. (The static site has a module of its own there,
/// with the same exports, that answers in the browser.)
const PLY_JS: &str = include_str!("../js/ply.js");

/// The content type of a file by its extension.
fn content_type(name: &str) -> &'static str {
    let extension = name.rsplit_once('.').map_or("", |(_, e)| e);
    match extension.to_ascii_lowercase().as_str() {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "wasm" => "application/wasm",
        "txt" | "md" => "text/plain; charset=utf-8",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

/// `bytes` served as `name`. The pages are asked again each time (`no-cache`: a browser
/// revalidates), so that a new `ply` never runs with the old pages.
fn serve(name: &str, bytes: Cow<'static, [u8]>) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type(name)),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        bytes,
    )
        .into_response()
}

/// The embedded file `name`, or 404.
fn page(name: &str) -> Response {
    match Pages::get(name) {
        Some(file) => serve(name, file.data),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}

/// `GET /`, `GET /index.html`: the tree lab.
pub(crate) async fn tree_lab() -> Response {
    page("index.html")
}

/// `GET /play`, `GET /play.html`: the play page.
pub(crate) async fn play() -> Response {
    page("play.html")
}

/// `GET /practice`, `GET /practice.html`: the practice page.
pub(crate) async fn practice() -> Response {
    page("practice.html")
}

/// `GET /code`, `GET /code.html`: the code page, where students' own searches are run and
/// checked in the browser (its editor, Python and the grader's module are the static
/// site's: `scripts/build-site`).
pub(crate) async fn code() -> Response {
    page("code.html")
}

/// A catalog of words, `words/{lang}/{area}.json` (`lang` a code such as `sv`, `area`
/// one of [`ply_api::lang::AREAS`]), as `ply_api::lang` holds it; 404 for any other name.
fn words(name: &str) -> Response {
    let catalog = name.split_once('/').and_then(|(lang, file)| {
        let lang = Lang::ALL.into_iter().find(|l| l.code() == lang)?;
        lang.source(file.strip_suffix(".json")?)
    });
    match catalog {
        Some(text) => serve("words.json", Cow::Borrowed(text.as_bytes())),
        None => (StatusCode::NOT_FOUND, "no such catalog of words").into_response(),
    }
}

/// `GET /ply.js`: the pages' way to this server's API.
pub(crate) async fn ply_js() -> Response {
    serve("ply.js", Cow::Borrowed(PLY_JS.as_bytes()))
}

/// `GET /assets/FILE`: any file under `pages/assets/` (`FILE` may be in a folder), and
/// the catalogs of words under `assets/words/`.
pub(crate) async fn file(Path(name): Path<String>) -> Response {
    match name.strip_prefix("words/") {
        Some(catalog) => words(catalog),
        None => page(&format!("assets/{name}")),
    }
}
