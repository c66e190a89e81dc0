#!/usr/bin/env node
// Expectimax with a classic mistake, ignores_probabilities: a chance node's plain average.
//
// `children N` answers `chance A 1/2 B 1/4 C 1/4` at a chance node: each child with
// its probability. A chance node is worth its children's values weighted by them.
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

// A probability as ply writes it: 1/4, or 1.
function probability(text) {
  const [n, d] = text.split("/");
  return Number(n) / Number(d ?? 1);
}

// The node's kind (max, min, chance, leaf) and its children with their chances.
function weighted(node) {
  const [kind, words] = children(node);
  if (kind !== "chance") return [kind, words.map((kid) => [kid, null])];
  const kids = [];
  for (let i = 0; i < words.length; i += 2) kids.push([words[i], probability(words[i + 1])]);
  return [kind, kids];
}

function expectimax(node) {
  const [kind, kids] = weighted(node);
  if (kind === "leaf") return value(node);
  const values = kids.map(([kid]) => expectimax(kid));
  if (kind === "max") return Math.max(...values);
  if (kind === "min") return Math.min(...values);
  return values.reduce((sum, v) => sum + v, 0) / values.length; // MISTAKE: the probabilities ignored
}

const root = readLine().split(" ")[1];
const [kind, kids] = weighted(root);
const values = kids.map(([kid]) => expectimax(kid));
const best = kind === "max" ? Math.max(...values) : Math.min(...values);
fs.writeSync(1, `answer ${best} ${kids[values.indexOf(best)][0]}\n`);
