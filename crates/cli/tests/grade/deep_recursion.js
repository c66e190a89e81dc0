// A hostile program for `ply grade`: a recursion 10^6 calls deep (the stack overflows).
"use strict";
function depth(n) {
  return n === 0 ? 0 : 1 + depth(n - 1);
}
process.stdout.write(`answer ${depth(1e6)}\n`);
