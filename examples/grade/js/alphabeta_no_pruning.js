#!/usr/bin/env node
// Alpha-beta with a classic mistake, no_pruning: the window is kept but never closes the loop.
//
// A node's loop stops as soon as alpha >= beta: a tie closes the window (the rule ge,
// ply's and AIMA's; grade it with --rule ge).
"use strict";
const fs = require("fs");

// Standard input, read a line at a time (blocking reads: the search is recursive).
let pending = Buffer.alloc(0);
function readLine() {
  let at;
  while ((at = pending.indexOf(10)) < 0) {
    const chunk = Buffer.alloc(4096);
    let n;
    try {
      n = fs.readSync(0, chunk, 0, chunk.length, null);
    } catch (e) {
      if (e.code === "EAGAIN") continue; // an input opened non-blocking: try again
      throw e;
    }
    if (n === 0) throw new Error("ply closed the input");
    pending = Buffer.concat([pending, chunk.subarray(0, n)]);
  }
  const line = pending.toString("utf8", 0, at);
  pending = pending.subarray(at + 1);
  return line.trim();
}

// Sends one query and returns ply's answer (one line).
function ask(query) {
  fs.writeSync(1, query + "\n");
  return readLine();
}

// The node's kind (max, min, leaf) and its children, in order.
function children(node) {
  const words = ask("children " + node).split(" ");
  return [words[0], words.slice(1)];
}

function value(node) {
  return Number(ask("value " + node));
}

// The node's value and the child that gives it, in the window (alpha, beta).
function alphabeta(node, alpha, beta) {
  const [kind, kids] = children(node);
  if (kind === "leaf") return [value(node), null];
  let best = kind === "max" ? -Infinity : Infinity;
  let move = null;
  for (const kid of kids) {
    const [v] = alphabeta(kid, alpha, beta);
    if (kind === "max") {
      if (v > best) [best, move] = [v, kid];
      alpha = Math.max(alpha, v);
    } else {
      if (v < best) [best, move] = [v, kid];
      beta = Math.min(beta, v);
    }
    // MISTAKE: no cut-off (the loop never stops early)
  }
  return [best, move];
}

const root = readLine().split(" ")[1];
const [best, move] = alphabeta(root, -Infinity, Infinity);
fs.writeSync(1, `answer ${best} ${move}\n`);
