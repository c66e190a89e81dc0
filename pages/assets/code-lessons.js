// The code page's lessons: each names the kind the grader checks, the tree a Run
// searches, and a starter program in Python and in JavaScript. A starter's comments are
// the page's words: a line `@@id@@` is the message `id` of the catalogs written as
// comments in the program's language (`# ` or `// `), so a starter reads in the page's
// language; `⟨cut⟩` is alpha-beta's test of a closed window under the rule chosen.

/**
 * @typedef {"python" | "javascript"} Language
 *
 * @typedef {object} Lesson
 * @property {string} id the lesson's name in links (`lesson=negamax`)
 * @property {string} kind the grader's kind
 * @property {string} title the message id of its name
 * @property {string} text the message id of what it asks
 * @property {{name: string, tree: string}[]} own a teacher's trees that replace the
 *   kind's fixed tests (empty: the fixed ones)
 * @property {Record<Language, string>} starter
 */

/** The fixed tests of each kind, in the grader's order (ply_api::grade::fixed). */
export const FIXED_TESTS = /** @type {Record<string, string[]>} */ ({
  minimax: ["classic", "two-ply", "swedish"],
  negamax: ["swedish", "negamax", "classic"],
  alphabeta: ["classic", "tie", "deep", "swedish"],
  expectimax: ["dice", "gamble", "coin"],
  tictactoe: ["empty-board", "after-centre"],
});

/** The kinds, in the order a course teaches them. */
export const KINDS = ["minimax", "negamax", "alphabeta", "expectimax", "tictactoe"];

/**
 * Win now or win later: tic-tac-toe from XOX/.O./X.. with O to move (O is MAX), every
 * finished game scored 10 − d for a win d moves down, d − 10 for a loss, 0 for a draw.
 * b3 wins at once (9); a2 wins two moves later (7).
 */
export const DEPTH_AWARE_TREE = `start
  a2
    a2.c2
      a2.c2.b3 = 7
      a2.c2.c3
        a2.c2.c3.b3 = 0
    a2.b3
      a2.b3.c2 = 7
      a2.b3.c3
        a2.b3.c3.c2 = 0
    a2.c3
      a2.c3.c2 = 7
      a2.c3.b3 = 7
  c2
    c2.a2 = -8
    c2.b3
      c2.b3.a2 = 7
      c2.b3.c3
        c2.b3.c3.a2 = -6
    c2.c3
      c2.c3.a2 = 7
      c2.c3.b3 = 7
  b3 = 9
  c3
    c3.a2 = -8
    c3.c2
      c3.c2.a2
        c3.c2.a2.b3 = 0
      c3.c2.b3 = 7
    c3.b3
      c3.b3.a2
        c3.b3.a2.c2 = 0
      c3.b3.c2
        c3.b3.c2.a2 = -6
`;

const NEGAMAX_PY = `@@code.starter.negamax.intro@@
@@code.starter.api@@


def negamax(node):
    if node.kind == "leaf":
        return node.value()
    best = float("-inf")
    for child in node.children():
        @@code.starter.negamax.negate@@
        best = max(best, -negamax(child))
    return best


def solve(root):
    @@code.starter.solve@@
    best_value, best_child = float("-inf"), None
    for child in root.children():
        value = -negamax(child)
        if value > best_value:
            best_value, best_child = value, child.name
    return best_value, best_child
`;

const NEGAMAX_JS = `@@code.starter.negamax.intro@@
@@code.starter.api@@

function negamax(node) {
  if (node.kind === "leaf") return node.value();
  let best = -Infinity;
  for (const child of node.children()) {
    @@code.starter.negamax.negate@@
    best = Math.max(best, -negamax(child));
  }
  return best;
}

function solve(root) {
  @@code.starter.solve@@
  let bestValue = -Infinity;
  let bestChild = null;
  for (const child of root.children()) {
    const value = -negamax(child);
    if (value > bestValue) {
      bestValue = value;
      bestChild = child.name;
    }
  }
  return [bestValue, bestChild];
}
`;

const MAXMIN_PY = `@@code.starter.maxmin.intro@@
@@code.starter.api@@


def max_value(node):
    if node.kind == "leaf":
        return node.value()
    best = float("-inf")
    for child in node.children():
        best = max(best, min_value(child))
    return best


def min_value(node):
    if node.kind == "leaf":
        return node.value()
    best = float("inf")
    for child in node.children():
        best = min(best, max_value(child))
    return best


def solve(root):
    @@code.starter.solve@@
    @@code.starter.maxmin.root@@
    maximizing = root.kind == "max"
    best_value, best_child = None, None
    for child in root.children():
        value = min_value(child) if maximizing else max_value(child)
        if best_value is None or (value > best_value if maximizing else value < best_value):
            best_value, best_child = value, child.name
    return best_value, best_child
`;

const MAXMIN_JS = `@@code.starter.maxmin.intro@@
@@code.starter.api@@

function maxValue(node) {
  if (node.kind === "leaf") return node.value();
  let best = -Infinity;
  for (const child of node.children()) best = Math.max(best, minValue(child));
  return best;
}

function minValue(node) {
  if (node.kind === "leaf") return node.value();
  let best = Infinity;
  for (const child of node.children()) best = Math.min(best, maxValue(child));
  return best;
}

function solve(root) {
  @@code.starter.solve@@
  @@code.starter.maxmin.root@@
  const maximizing = root.kind === "max";
  let bestValue = null;
  let bestChild = null;
  for (const child of root.children()) {
    const value = maximizing ? minValue(child) : maxValue(child);
    if (bestValue === null || (maximizing ? value > bestValue : value < bestValue)) {
      bestValue = value;
      bestChild = child.name;
    }
  }
  return [bestValue, bestChild];
}
`;

const DEPTH_PY = `@@code.starter.depth.intro@@
@@code.starter.depth.choose@@


def minimax(node, depth):
    if node.kind == "leaf":
        value = node.value()
        print("  " * depth + node.name, "=", value)
        return value
    values = [minimax(child, depth + 1) for child in node.children()]
    return max(values) if node.kind == "max" else min(values)


def solve(root):
    @@code.starter.solve@@
    @@code.starter.maxmin.root@@
    best_value, best_child = None, None
    for child in root.children():
        value = minimax(child, 1)
        if best_value is None or (value > best_value if root.kind == "max" else value < best_value):
            best_value, best_child = value, child.name
    return best_value, best_child
`;

const DEPTH_JS = `@@code.starter.depth.intro@@
@@code.starter.depth.choose@@

function minimax(node, depth) {
  if (node.kind === "leaf") {
    const value = node.value();
    console.log("  ".repeat(depth) + node.name, "=", value);
    return value;
  }
  const values = node.children().map((child) => minimax(child, depth + 1));
  return node.kind === "max" ? Math.max(...values) : Math.min(...values);
}

function solve(root) {
  @@code.starter.solve@@
  @@code.starter.maxmin.root@@
  let bestValue = null;
  let bestChild = null;
  for (const child of root.children()) {
    const value = minimax(child, 1);
    if (bestValue === null || (root.kind === "max" ? value > bestValue : value < bestValue)) {
      bestValue = value;
      bestChild = child.name;
    }
  }
  return [bestValue, bestChild];
}
`;

const ALPHABETA_PY = `@@code.starter.alphabeta.intro@@
@@code.starter.api@@


def closed(alpha, beta):
    @@code.starter.alphabeta.cut@@
    return alpha ⟨cut⟩ beta


def alphabeta(node, alpha, beta):
    if node.kind == "leaf":
        return node.value()
    if node.kind == "max":
        value = float("-inf")
        for child in node.children():
            value = max(value, alphabeta(child, alpha, beta))
            alpha = max(alpha, value)
            if closed(alpha, beta):
                break
        return value
    value = float("inf")
    for child in node.children():
        value = min(value, alphabeta(child, alpha, beta))
        beta = min(beta, value)
        if closed(alpha, beta):
            break
    return value


def solve(root):
    @@code.starter.solve@@
    alpha, beta = float("-inf"), float("inf")
    best_value, best_child = None, None
    for child in root.children():
        value = alphabeta(child, alpha, beta)
        if root.kind == "max" and (best_value is None or value > best_value):
            best_value, best_child = value, child.name
            alpha = max(alpha, value)
        elif root.kind == "min" and (best_value is None or value < best_value):
            best_value, best_child = value, child.name
            beta = min(beta, value)
    return best_value, best_child
`;

const ALPHABETA_JS = `@@code.starter.alphabeta.intro@@
@@code.starter.api@@

function closed(alpha, beta) {
  @@code.starter.alphabeta.cut@@
  return alpha ⟨cut⟩ beta;
}

function alphabeta(node, alpha, beta) {
  if (node.kind === "leaf") return node.value();
  if (node.kind === "max") {
    let value = -Infinity;
    for (const child of node.children()) {
      value = Math.max(value, alphabeta(child, alpha, beta));
      alpha = Math.max(alpha, value);
      if (closed(alpha, beta)) break;
    }
    return value;
  }
  let value = Infinity;
  for (const child of node.children()) {
    value = Math.min(value, alphabeta(child, alpha, beta));
    beta = Math.min(beta, value);
    if (closed(alpha, beta)) break;
  }
  return value;
}

function solve(root) {
  @@code.starter.solve@@
  let alpha = -Infinity;
  let beta = Infinity;
  let bestValue = null;
  let bestChild = null;
  for (const child of root.children()) {
    const value = alphabeta(child, alpha, beta);
    if (root.kind === "max" && (bestValue === null || value > bestValue)) {
      bestValue = value;
      bestChild = child.name;
      alpha = Math.max(alpha, value);
    } else if (root.kind === "min" && (bestValue === null || value < bestValue)) {
      bestValue = value;
      bestChild = child.name;
      beta = Math.min(beta, value);
    }
  }
  return [bestValue, bestChild];
}
`;

const EXPECTIMAX_PY = `@@code.starter.expectimax.intro@@
@@code.starter.api@@


def expectimax(node):
    if node.kind == "leaf":
        return node.value()
    if node.kind == "chance":
        @@code.starter.expectimax.weigh@@
        return sum(child.probability * expectimax(child) for child in node.children())
    values = [expectimax(child) for child in node.children()]
    return max(values) if node.kind == "max" else min(values)


def solve(root):
    @@code.starter.solve@@
    return expectimax(root)
`;

const EXPECTIMAX_JS = `@@code.starter.expectimax.intro@@
@@code.starter.api@@

function expectimax(node) {
  if (node.kind === "leaf") return node.value();
  if (node.kind === "chance") {
    @@code.starter.expectimax.weigh@@
    let sum = 0;
    for (const child of node.children()) sum += child.probability * expectimax(child);
    return sum;
  }
  const values = node.children().map(expectimax);
  return node.kind === "max" ? Math.max(...values) : Math.min(...values);
}

function solve(root) {
  @@code.starter.solve@@
  return expectimax(root);
}
`;

const TICTACTOE_PY = `@@code.starter.tictactoe.intro@@
@@code.starter.api@@

DEPTH = 2


def minimax(node, depth):
    @@code.starter.tictactoe.depth@@
    if depth == 0:
        return node.value()
    if node.kind == "leaf":
        return node.value()
    values = [minimax(child, depth - 1) for child in node.children()]
    return max(values) if node.kind == "max" else min(values)


def solve(root):
    @@code.starter.solve@@
    best_value, best_child = float("-inf"), None
    for child in root.children():
        value = minimax(child, DEPTH - 1)
        if value > best_value:
            best_value, best_child = value, child.name
    return best_value, best_child
`;

const TICTACTOE_JS = `@@code.starter.tictactoe.intro@@
@@code.starter.api@@

const DEPTH = 2;

function minimax(node, depth) {
  @@code.starter.tictactoe.depth@@
  if (depth === 0) return node.value();
  if (node.kind === "leaf") return node.value();
  const values = node.children().map((child) => minimax(child, depth - 1));
  return node.kind === "max" ? Math.max(...values) : Math.min(...values);
}

function solve(root) {
  @@code.starter.solve@@
  let bestValue = -Infinity;
  let bestChild = null;
  for (const child of root.children()) {
    const value = minimax(child, DEPTH - 1);
    if (value > bestValue) {
      bestValue = value;
      bestChild = child.name;
    }
  }
  return [bestValue, bestChild];
}
`;

const BLANK_PY = `@@code.starter.blank.intro@@
@@code.starter.api@@


def solve(root):
    @@code.starter.solve@@
    print(root.name, root.kind)
    return 0
`;

const BLANK_JS = `@@code.starter.blank.intro@@
@@code.starter.api@@

function solve(root) {
  @@code.starter.solve@@
  console.log(root.name, root.kind);
  return 0;
}
`;

/** The lessons, in the order the menu lists them. */
export const LESSONS = /** @type {Lesson[]} */ ([
  { id: "negamax", kind: "negamax", title: "code.lesson.negamax", text: "code.lesson.negamax.text", own: [],
    starter: { python: NEGAMAX_PY, javascript: NEGAMAX_JS } },
  { id: "maxmin", kind: "minimax", title: "code.lesson.maxmin", text: "code.lesson.maxmin.text", own: [],
    starter: { python: MAXMIN_PY, javascript: MAXMIN_JS } },
  { id: "depth", kind: "minimax", title: "code.lesson.depth", text: "code.lesson.depth.text",
    own: [{ name: "win-now-or-later", tree: DEPTH_AWARE_TREE }],
    starter: { python: DEPTH_PY, javascript: DEPTH_JS } },
  { id: "alphabeta", kind: "alphabeta", title: "code.lesson.alphabeta", text: "code.lesson.alphabeta.text", own: [],
    starter: { python: ALPHABETA_PY, javascript: ALPHABETA_JS } },
  { id: "expectimax", kind: "expectimax", title: "code.lesson.expectimax", text: "code.lesson.expectimax.text", own: [],
    starter: { python: EXPECTIMAX_PY, javascript: EXPECTIMAX_JS } },
  { id: "tictactoe", kind: "tictactoe", title: "code.lesson.tictactoe", text: "code.lesson.tictactoe.text", own: [],
    starter: { python: TICTACTOE_PY, javascript: TICTACTOE_JS } },
  { id: "blank", kind: "minimax", title: "code.lesson.blank", text: "code.lesson.blank.text", own: [],
    starter: { python: BLANK_PY, javascript: BLANK_JS } },
]);

/**
 * A starter program in the page's words: each `@@id@@` line becomes the message as
 * comments, indented as the marker is; `⟨cut⟩` becomes the rule's test.
 * @param {string} template
 * @param {Language} language
 * @param {string} rule "ge" or "gt"
 * @param {(id: string) => string} say the message of an id
 * @returns {string}
 */
export function starterText(template, language, rule, say) {
  const mark = language === "python" ? "#" : "//";
  return template
    .replace(/^([ \t]*)@@([a-z0-9.-]+)@@$/gm, (_whole, indent, id) =>
      say(id).split("\n").map((line) => `${indent}${mark} ${line}`.trimEnd()).join("\n"))
    .replaceAll("⟨cut⟩", rule === "gt" ? ">" : ">=");
}
