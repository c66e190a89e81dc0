#!/usr/bin/env node
// Minimax on a tic-tac-toe position, two plies deep, over ply's grading protocol.
//
// The nodes are positions (named by their moves: b2, b2.a1); `value N` answers any of
// them with the textbook's f(p) (a finished game: 100, -100 or 0). The search stops two
// plies down, or where the game is over (`children` answers `leaf`).
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

const DEPTH = 2;

function minimax(node, depth) {
  if (depth === DEPTH) return value(node);
  const [kind, kids] = children(node);
  if (kind === "leaf") return value(node);
  const values = kids.map((kid) => minimax(kid, depth + 1));
  return kind === "max" ? Math.max(...values) : Math.min(...values);
}

const root = readLine().split(" ")[1];
const [, kids] = children(root);
const values = kids.map((kid) => minimax(kid, 1));
const best = Math.max(...values);
fs.writeSync(1, `answer ${best} ${kids[values.indexOf(best)]}\n`);
