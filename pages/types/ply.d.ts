// The contract of the site's `ply.js` (docs/api.md), for the type-check only: the pages
// import `../ply.js`, which the site provides (the server's module over fetch, or the
// WebAssembly build); tsconfig.json's rootDirs finds this declaration in its place.

/** What the API answers: the HTTP status and the body's text (JSON, or SVG). */
export interface Answer {
  status: number;
  body: string;
}

/**
 * Answers one request exactly as `ply serve` does: `path` is an API path such as
 * "/api/tree", `body` the request's JSON text.
 */
export function answer(path: string, body: string): Promise<Answer>;

/**
 * Ends the request under way at once; it and those queued behind it resolve with the
 * search's answer so far, or with a 503 of kind "stopped".
 */
export function stop(): void;

/** "server" (over fetch) or "wasm" (in the browser). */
export const backend: "server" | "wasm";
