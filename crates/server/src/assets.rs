//! The pages of the web lab, embedded in the binary: native ES modules, CSS and HTML
//! with no build step, written under `pages/` at the root of the repository (the same
//! files the static site is built from), `/ply.js`, the module through which the
//! pages call the API of this server, and `/assets/words/{lang}/{area}.json`, the
//! catalogs of words the pages speak from (`ply_api::lang`, the API's own).

use axum::extract::{Path, State};
use axum::http::{StatusCode, Uri, header};
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
/// the catalogs of words under `assets/words/`; with a site (`ply serve --site`), the
/// site's own assets that the pages do not embed (the code page's editor bundle).
pub(crate) async fn file(State(state): State<crate::State>, Path(name): Path<String>) -> Response {
    if let Some(catalog) = name.strip_prefix("words/") {
        return words(catalog);
    }
    let embedded = format!("assets/{name}");
    if Pages::get(&embedded).is_none()
        && let Some(site) = &state.site
        && let Some(found) = from_site(site, &embedded).await
    {
        return found;
    }
    page(&embedded)
}

/// The largest file of a site that is served: Pyodide's module, the largest, is about
/// 9 MB.
const MAX_SITE_FILE_BYTES: u64 = 64 << 20;

/// Any other path: a file of the site (`ply serve --site DIR`: the grader's
/// WebAssembly module under `wasm/`, Python under `pyodide/`), or the API's 404.
pub(crate) async fn site_file(State(state): State<crate::State>, uri: Uri) -> Response {
    if let Some(site) = &state.site
        && let Some(relative) = uri.path().strip_prefix('/')
        && !relative.starts_with("api/")
        && let Some(found) = from_site(site, relative).await
    {
        return found;
    }
    crate::handlers::not_found(uri).await
}

/// The file `relative` (a path of plain names, `/`-separated) of `site`, if it is a
/// regular file no larger than [`MAX_SITE_FILE_BYTES`]: no `..`, no hidden name, no
/// symbolic link is followed out of the folder.
async fn from_site(site: &std::path::Path, relative: &str) -> Option<Response> {
    let mut full = site.to_path_buf();
    for part in relative.split('/') {
        if part.is_empty() || part.starts_with('.') || part.contains('\\') {
            return None;
        }
        full.push(part);
        let meta = tokio::fs::symlink_metadata(&full).await.ok()?;
        if meta.file_type().is_symlink() {
            return None;
        }
    }
    let meta = tokio::fs::symlink_metadata(&full).await.ok()?;
    if !meta.is_file() || meta.len() > MAX_SITE_FILE_BYTES {
        return None;
    }
    let bytes = tokio::fs::read(&full).await.ok()?;
    Some(serve(relative, Cow::Owned(bytes)))
}
