// For the type-check only (never served): each of the site's `ply.js` modules must keep
// the contract that the pages are checked against (types/ply.d.ts), so that the two
// never drift apart.
import * as server from "../../crates/server/js/ply.js";
import * as wasm from "../../crates/wasm/js/ply.js";

/** @type {typeof import("../ply.js")} */
export const overFetch = server;

/** @type {typeof import("../ply.js")} */
export const inTheBrowser = wasm;
