//! The web lab's pages are type-checked, linted and tested: `npm --prefix pages run check`
//! runs TypeScript over their JSDoc types (`checkJs`, `strict`; with both of the site's
//! `ply.js` modules, held to one contract), eslint over the same files, and node's test
//! runner over `pages/tests/` (pages/package.json, pages/tsconfig.json,
//! pages/eslint.config.js).
//!
//! The tools are the pages' development dependencies, pinned in pages/package-lock.json:
//! without them (`npm ci --prefix pages`) the test says so in one line and passes, and
//! fails instead under `PLY_REQUIRE_BROWSER=1` (CI), which installs them.
//!
//! The server serves what the pages fetch besides themselves: the catalogs of words
//! (`/assets/words/{lang}/{area}.json`, the API's own) and the practice page.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use ply_api::lang::{AREAS, Lang};
use ply_server::{Limits, router};
use std::path::{Path, PathBuf};
use std::process::Command;
use tower::ServiceExt;

/// The folder of the pages, at the repository's root.
fn pages() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../pages")
}

/// Why the check cannot run here, if it cannot.
fn tools_missing(pages: &Path) -> Option<String> {
    if Command::new("npm").arg("--version").output().is_err() {
        return Some("no npm (apt-get install npm), then `npm ci --prefix pages`".into());
    }
    for tool in ["typescript", "eslint"] {
        if !pages.join("node_modules").join(tool).is_dir() {
            return Some(format!(
                "no {tool} in pages/node_modules: run `npm ci --prefix pages`"
            ));
        }
    }
    None
}

#[test]
fn the_pages_pass_their_type_check_linter_and_tests() {
    let pages = pages();
    if let Some(why) = tools_missing(&pages) {
        if std::env::var("PLY_REQUIRE_BROWSER").is_ok_and(|v| v == "1") {
            panic!(
                "the pages' type-check and linter are required here (PLY_REQUIRE_BROWSER=1): {why}"
            );
        }
        // Straight to the standard error, not through the test's captured output, so
        // that the notice shows in a passing run.
        let notice = format!("\n==== SKIPPED the pages' type-check and linter: {why} ====\n");
        let _ = std::io::Write::write_all(&mut std::io::stderr(), notice.as_bytes());
        return;
    }
    let output = Command::new("npm")
        .arg("--prefix")
        .arg(&pages)
        .args(["run", "--silent", "check"])
        .output()
        .expect("npm runs");
    assert!(
        output.status.success(),
        "`npm --prefix pages run check` found problems:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The status, content type and body of `GET path` from the server's router.
async fn get(path: &str) -> (StatusCode, Option<String>, String) {
    let app = router(Limits::default(), None);
    let request = Request::builder().uri(path).body(Body::empty()).unwrap();
    let response = app.oneshot(request).await.unwrap();
    let content_type = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string());
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        content_type,
        String::from_utf8_lossy(&bytes).into_owned(),
    )
}

#[tokio::test]
async fn the_catalogs_of_words_are_served_as_written() {
    let words = Path::new(env!("CARGO_MANIFEST_DIR")).join("../api/words");
    for lang in Lang::ALL {
        for area in AREAS {
            let path = format!("/assets/words/{}/{area}.json", lang.code());
            let (status, content_type, body) = get(&path).await;
            assert_eq!(status, StatusCode::OK, "{path}");
            assert_eq!(content_type.as_deref(), Some("application/json"), "{path}");
            let file = words.join(lang.code()).join(format!("{area}.json"));
            assert_eq!(body, std::fs::read_to_string(&file).unwrap(), "{path}");
        }
    }
    for path in [
        "/assets/words/xx/common.json",
        "/assets/words/sv-SE/common.json",
        "/assets/words/EN/common.json",
        "/assets/words/en/nothing.json",
        "/assets/words/en/common",
        "/assets/words/en/common.txt",
        "/assets/words/en",
        "/assets/words/en/",
        "/assets/words/en/../en/common.json",
        "/assets/words/en/tree/common.json",
    ] {
        let (status, _, _) = get(path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
    }
}

#[tokio::test]
async fn the_practice_page_is_served_beside_the_others() {
    let pages = pages();
    for (path, file) in [
        ("/practice", "practice.html"),
        ("/practice.html", "practice.html"),
        ("/play", "play.html"),
        ("/play.html", "play.html"),
    ] {
        let (status, content_type, body) = get(path).await;
        match std::fs::read_to_string(pages.join(file)) {
            Ok(on_disk) => {
                assert_eq!(status, StatusCode::OK, "{path}");
                assert_eq!(content_type.as_deref(), Some("text/html; charset=utf-8"));
                assert_eq!(body, on_disk, "{path}");
            }
            Err(_) => assert_eq!(status, StatusCode::NOT_FOUND, "{path}"),
        }
    }
}

/// The pages are those of `pages/`, under the names the static site gives them, and
/// `/ply.js` is the server's own module; the tools beside the pages are not served.
#[tokio::test]
async fn the_pages_are_served_as_on_the_static_site() {
    let on_disk = |name: &str| std::fs::read_to_string(pages().join(name)).unwrap();
    for (path, file) in [
        ("/", "index.html"),
        ("/index.html", "index.html"),
        ("/play", "play.html"),
        ("/play.html", "play.html"),
    ] {
        let (status, content_type, body) = get(path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert_eq!(content_type.as_deref(), Some("text/html; charset=utf-8"));
        assert_eq!(body, on_disk(file), "{path}");
    }
    for (path, file, expected) in [
        (
            "/assets/lab.css",
            "assets/lab.css",
            "text/css; charset=utf-8",
        ),
        (
            "/assets/transport.js",
            "assets/transport.js",
            "text/javascript; charset=utf-8",
        ),
    ] {
        let (status, content_type, body) = get(path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert_eq!(content_type.as_deref(), Some(expected), "{path}");
        assert_eq!(body, on_disk(file), "{path}");
    }
    let (status, content_type, body) = get("/ply.js").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        content_type.as_deref(),
        Some("text/javascript; charset=utf-8")
    );
    assert!(
        body.contains("export const backend = \"server\";"),
        "{body}"
    );
    assert!(body.contains("export async function answer(path, body)"));
    assert!(body.contains("export function stop()"));
    for path in [
        "/package.json",
        "/tsconfig.json",
        "/eslint.config.js",
        "/assets/../package.json",
        "/assets/%2e%2e/package.json",
        "/assets/nothing.js",
        "/node_modules/typescript/package.json",
        "/assets/node_modules/x.js",
    ] {
        let (status, _, _) = get(path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
    }
}

/// `ply serve --site DIR`: the files of a built site that the embedded pages do not
/// have (the grader's module, Python, the editor's bundle) come from the site; the
/// embedded pages stay the server's; nothing outside the folder is reached.
#[tokio::test]
async fn a_site_folder_serves_what_the_pages_do_not_embed() {
    let site = std::env::temp_dir().join(format!("ply-site-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&site);
    std::fs::create_dir_all(site.join("wasm")).unwrap();
    std::fs::create_dir_all(site.join("pyodide")).unwrap();
    std::fs::create_dir_all(site.join("assets")).unwrap();
    std::fs::write(site.join("wasm/ply_wasm_bg.wasm"), b"\0asm-module").unwrap();
    std::fs::write(site.join("pyodide/pyodide.mjs"), "export const python = 1;").unwrap();
    std::fs::write(
        site.join("assets/code-editor.js"),
        "export const editor = 1;",
    )
    .unwrap();
    std::fs::write(site.join("assets/code.js"), "not the embedded page").unwrap();
    std::fs::write(site.join(".hidden"), "secret").unwrap();
    std::fs::write(site.parent().unwrap().join("ply-outside.txt"), "outside").unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink("/etc/hostname", site.join("link.txt")).unwrap();
    let app = ply_server::router_with_site(Limits::default(), None, Some(site.clone()));
    let fetch = |path: &'static str| {
        let app = app.clone();
        async move {
            let request = Request::builder().uri(path).body(Body::empty()).unwrap();
            let response = app.oneshot(request).await.unwrap();
            let status = response.status();
            let bytes = response.into_body().collect().await.unwrap().to_bytes();
            (status, String::from_utf8_lossy(&bytes).into_owned())
        }
    };
    assert_eq!(
        fetch("/wasm/ply_wasm_bg.wasm").await,
        (StatusCode::OK, "\0asm-module".to_string())
    );
    assert_eq!(
        fetch("/pyodide/pyodide.mjs").await,
        (StatusCode::OK, "export const python = 1;".to_string())
    );
    assert_eq!(
        fetch("/assets/code-editor.js").await,
        (StatusCode::OK, "export const editor = 1;".to_string())
    );
    // The embedded page wins over the site's copy.
    let (status, body) = fetch("/assets/code.js").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        body,
        std::fs::read_to_string(pages().join("assets/code.js")).unwrap()
    );
    for path in [
        "/.hidden",
        "/wasm/../../ply-outside.txt",
        "/wasm/%2e%2e/%2e%2e/ply-outside.txt",
        "/link.txt",
        "/wasm",
        "/api/nothing",
    ] {
        let (status, _) = fetch(path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
    }
    // Without a site, the same paths are the API's 404.
    let (status, _, body) = get("/wasm/ply_wasm_bg.wasm").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body.contains("no such page or endpoint"), "{body}");
    let _ = std::fs::remove_dir_all(&site);
    let _ = std::fs::remove_file(site.parent().unwrap().join("ply-outside.txt"));
}
