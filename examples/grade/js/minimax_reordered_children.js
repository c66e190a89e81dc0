#!/usr/bin/env node
// Minimax with a classic mistake, reordered_children: the children last to first.
//
// ply writes `root N`; the program asks `children N` and `value N`, one query a line,
// reads ply's answer to each, and ends with `answer V M` (the root's value and the move).
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
  return [words[0], words.slice(1).reverse()]; // MISTAKE: the last child first
}

function value(node) {
  return Number(ask("value " + node));
}

function minimax(node) {
  const [kind, kids] = children(node);
  if (kind === "leaf") return value(node);
  const values = kids.map(minimax);
  return kind === "max" ? Math.max(...values) : Math.min(...values);
}

const root = readLine().split(" ")[1];
const [kind, kids] = children(root);
const values = kids.map(minimax);
const best = kind === "max" ? Math.max(...values) : Math.min(...values);
fs.writeSync(1, `answer ${best} ${kids[values.indexOf(best)]}\n`);
