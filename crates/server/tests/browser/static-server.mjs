// A plain static file server for the browser tests: it serves the folder that
// `scripts/build-site OUT` writes, as GitHub Pages or `python3 -m http.server` would
// (files as they are, no ply process behind them), under a sub-path (the site at
// `/ply/`) to show that the pages use relative addresses only. It keeps the path of
// every request, so a test can show that nothing asked for `/api/`.
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json",
};

/**
 * Serves `root` at `http://127.0.0.1:PORT{prefix}`.
 * @param {string} root the site's folder
 * @param {{prefix?: string, isolated?: boolean}} options `isolated` adds the headers that
 *   make a page cross-origin isolated (shared memory); without it the site is served as
 *   a plain host serves it
 * @returns {Promise<{url: string, paths: string[], close: () => Promise<void>}>}
 */
export async function serveStatic(root, { prefix = "/ply/", isolated = false } = {}) {
  const paths = [];
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, "http://localhost").pathname);
    paths.push(path);
    const headers = {};
    if (isolated) {
      headers["Cross-Origin-Opener-Policy"] = "same-origin";
      headers["Cross-Origin-Embedder-Policy"] = "require-corp";
    }
    const notFound = () => {
      response.writeHead(404, { "Content-Type": "text/plain", ...headers });
      response.end("not found");
    };
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { "Content-Type": "text/plain", ...headers });
      response.end("a static site answers GET only");
      return;
    }
    if (path === prefix.slice(0, -1)) {
      response.writeHead(301, { Location: prefix, ...headers });
      response.end();
      return;
    }
    if (!path.startsWith(prefix)) return notFound();
    let file = normalize(join(root, path.slice(prefix.length)));
    if (file !== normalize(root) && !file.startsWith(normalize(root + sep))) return notFound();
    try {
      if ((await stat(file)).isDirectory()) file = join(file, "index.html");
      const bytes = await readFile(file);
      const type = TYPES[extname(file)] ?? "application/octet-stream";
      response.writeHead(200, { "Content-Type": type, "Content-Length": bytes.length, ...headers });
      response.end(request.method === "HEAD" ? undefined : bytes);
    } catch {
      notFound();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    paths,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
