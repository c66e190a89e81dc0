// The trees the lab opens with: the lessons (the classic worked examples of minimax
// teaching, each with a few sentences to read first), and examples, written out here or
// games the API writes out as trees.

/** @typedef {import("./words.js").MessageId} MessageId */

/**
 * An example: a tree's text, or a game (and position, and depth) for /api/tree/game.
 * @typedef {object} Example
 * @property {string} key its name in links (`#lesson=negamax-sv`)
 * @property {MessageId} name what the list shows (a message id)
 * @property {MessageId} [lesson] a lesson's text, shown above the tree (a message id)
 * @property {string} [text] the tree, in any format /api/tree reads
 * @property {{game: string, position?: string, depth?: number, depth_aware?: boolean,
 *   symmetry?: boolean}} [game] a game's tree (depth-aware scores unless said otherwise)
 * @property {string} [algorithm] the search the lesson is about
 * @property {string} [perspective] whose view the leaf values are written from
 * @property {boolean} [compare] show the searches' node counts side by side
 */

/** The classic three-branch tree of the textbooks. */
export const CLASSIC = "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))";

/**
 * A Swedish code lab's four-level tree, searched there with negamax, with its node
 * numbers (the leaves are numbered too). Best value 5, reached through node 2. The
 * leaves are four plies down, where MAX is to move again, so their values read the
 * same for MAX and for the player to move.
 */
export const NEGAMAX_SV = `1
  2
    3
      4
        5 = 1
        6 = 9
      7
        8 = 5
    9
      10
        11 = 7
      24
        22 = 5
      51
        23 = 2
    12
      13
        14 = 9
      28
        25 = 7
    15
      16
        17 = 8
      27
        26 = 2
  18
    19
      20
        21 = 2
        30 = 5
      29
        31 = 2
        32 = 5
    33
      34
        36 = 5
        37 = 9
      35
        38 = 8
    39
      40
        42 = 9
      41
        43 = 5
    44
      45
        50 = 7
      46
        49 = 2
      47
        48 = 1`;

/**
 * Two plies with a static evaluation, after a Chinese textbook's figure: MAX at s, the
 * MIN nodes A, B and C, the leaves D to J. The figure gives D = 9 and E = -6 and the
 * backed-up values A = -6, B = -2, C = -4 (s = -2 through B); the other leaves are
 * chosen to match them.
 */
export const TWO_PLY_ZH = `s
  A
    D = 9
    E = -6
  B
    F = 4
    G = -2
    H = 5
  C
    I = -4
    J = 3`;

/**
 * The game tree of "count to 10" (two players take turns adding 1 or 2 to a running
 * total from 0; whoever reaches `target` exactly wins), each node named by the running
 * total, in the indented format. A finished game is worth 1 when MAX (the first player)
 * made the last move, -1 when MIN did.
 * @param {number} target
 * @returns {string}
 */
export function countTo(target) {
  /** @type {string[]} */
  const lines = [];
  /**
   * @param {number} total
   * @param {number} depth
   */
  const write = (total, depth) => {
    const indent = "  ".repeat(depth);
    if (total === target) {
      // The player who moved into this node, at depth - 1, reached the target.
      lines.push(`${indent}${total} = ${depth % 2 === 1 ? 1 : -1}`);
      return;
    }
    lines.push(`${indent}${total}`);
    for (const add of [1, 2]) {
      if (total + add <= target) write(total + add, depth + 1);
    }
  };
  write(0, 0);
  return lines.join("\n");
}

/** The lessons, in the order the list shows them. */
export const LESSONS = /** @type {Example[]} */ ([
  {
    key: "classic",
    name: "lesson.classic.name",
    lesson: "lesson.classic.text",
    text: CLASSIC,
    algorithm: "alphabeta",
    perspective: "max",
  },
  {
    key: "negamax-sv",
    name: "lesson.negamax-sv.name",
    lesson: "lesson.negamax-sv.text",
    text: NEGAMAX_SV,
    algorithm: "negamax",
    perspective: "mover",
  },
  {
    key: "two-ply-zh",
    name: "lesson.two-ply-zh.name",
    lesson: "lesson.two-ply-zh.text",
    text: TWO_PLY_ZH,
    algorithm: "minimax",
    perspective: "max",
  },
  {
    key: "count-to-10",
    name: "lesson.count-to-10.name",
    lesson: "lesson.count-to-10.text",
    // As the slides score it: 1 for the first player's win, -1 for a loss.
    game: { game: "race:10,2", depth_aware: false },
    algorithm: "minimax",
    perspective: "max",
  },
  {
    key: "tictactoe-textbook",
    name: "lesson.tictactoe-textbook.name",
    lesson: "lesson.tictactoe-textbook.text",
    game: { game: "tictactoe", depth: 2, symmetry: true },
    algorithm: "minimax",
    perspective: "max",
  },
  {
    key: "tictactoe-depth-aware",
    name: "lesson.tictactoe-depth-aware.name",
    lesson: "lesson.tictactoe-depth-aware.text",
    // Opens without depth, where the choice between the two wins is arbitrary.
    game: { game: "tictactoe", position: "XOX/.O./X..", depth_aware: false },
    algorithm: "minimax",
    perspective: "max",
  },
  {
    key: "chess-search",
    name: "lesson.chess-search.name",
    lesson: "lesson.chess-search.text",
    game: { game: "chess", depth: 2 },
    algorithm: "alphabeta",
    perspective: "max",
    compare: true,
  },
]);

/** The other examples. */
export const EXAMPLES = /** @type {Example[]} */ ([
  { key: "classic-tree", name: "tree.example.classic", text: CLASSIC },
  {
    key: "two-ply",
    name: "tree.example.two-ply",
    text: [
      "s",
      "  A", "    a1 = 9", "    a2 = -6",
      "  B", "    b1 = -2", "    b2 = 4",
      "  C", "    c1 = -4", "    c2 = 7",
    ].join("\n"),
  },
  {
    key: "four-ply",
    name: "tree.example.four-ply",
    text: [
      "1", "  2", "    3", "      3a", "        = 1", "        = 9", "      3b", "        = 5",
      "    9", "      9a", "        = 7", "      9b", "        = 5", "      9c", "        = 2",
      "    12", "      12a", "        = 9", "      12b", "        = 7",
      "    15", "      15a", "        = 8", "      15b", "        = 2",
      "  18", "    19", "      19a", "        = 2", "        = 5", "      19b", "        = 2", "        = 5",
      "    33", "      33a", "        = 5", "        = 9", "      33b", "        = 8",
      "    39", "      39a", "        = 9", "      39b", "        = 5",
      "    44", "      44a", "        = 7", "      44b", "        = 2", "      44c", "        = 1",
    ].join("\n"),
  },
  { key: "race", name: "tree.example.race", game: { game: "race:5,2" } },
  { key: "count-to-10-tree", name: "tree.example.count-to-10", text: countTo(10) },
  { key: "nim", name: "tree.example.nim", game: { game: "nim:1,2" } },
  {
    key: "tictactoe",
    name: "tree.example.tictactoe",
    game: { game: "tictactoe", position: "XOX/.O./X.." },
  },
  {
    key: "tictactoe-depth",
    name: "tree.example.tictactoe-depth",
    game: { game: "tictactoe", depth: 2 },
  },
  // Trees with chance nodes (examples/trees/dice.txt, backgammon.txt and pig-small.txt),
  // searched with expectiminimax.
  {
    key: "dice",
    name: "tree.example.dice",
    algorithm: "expectiminimax",
    text: [
      "root", "  left [chance]", "    a [1/2] = 3", "    b [1/4] = 9", "    c [1/4] = -1",
      "  right [chance]", "    = 8", "    = 0",
    ].join("\n"),
  },
  {
    key: "backgammon",
    name: "tree.example.backgammon",
    algorithm: "expectiminimax",
    text: [
      "root", "  a [chance]", "    a1 [1/3]", "      a1x [chance]", "        = 4", "        = -2",
      "      a1y [chance]", "        [2/3] = 6", "        [1/3] = 0", "    a2 [2/3]",
      "      a2x [chance]", "        = 1", "        = 3", "      a2y [chance]", "        = 8",
      "        = -6", "  b [chance]", "    b1 [1/2]", "      b1x [chance]", "        = -4",
      "        = 2", "      b1y [chance]", "        = 10", "        = 0", "    b2 [1/2]",
      "      b2x [chance]", "        = 5", "        = 7", "      b2y [chance]", "        = -10",
      "        = 4",
    ].join("\n"),
  },
  {
    key: "pig",
    name: "tree.example.pig",
    algorithm: "expectiminimax",
    text: [
      "12+0-14 [max]", "  roll [chance]", "    d1 [1/6] [min]", "      roll [chance]",
      "        d1… [1/6] = 0.439", "        d2… [1/6] = -0.68", "        d3… [1/6] = -0.72",
      "        d4… [1/6] = -0.76", "        d5… [1/6] = -0.76", "        d6 [1/6] = -1",
      "    d2 [1/6] [max]", "      roll [chance]", "        d1… [1/6] = -0.58",
      "        d2… [1/6] = 0.649", "        d3… [1/6] = 0.693", "        d4… [1/6] = 0.737",
      "        d5… [1/6] = 0.737", "        d6 [1/6] = 1", "      hold [min]",
      "        roll… = -0.548", "    d3 [1/6] [max]", "      roll [chance]",
      "        d1… [1/6] = -0.58", "        d2… [1/6] = 0.693", "        d3… [1/6] = 0.737",
      "        d4… [1/6] = 0.737", "        d5 [1/6] = 1", "        d6 [1/6] = 1",
      "      hold [min]", "        roll… = -0.53", "    d4 [1/6] [max]", "      roll [chance]",
      "        d1… [1/6] = -0.58", "        d2… [1/6] = 0.737", "        d3… [1/6] = 0.737",
      "        d4 [1/6] = 1", "        d5 [1/6] = 1", "        d6 [1/6] = 1", "      hold [min]",
      "        roll… = -0.515", "    d5 [1/6] [max]", "      roll [chance]",
      "        d1… [1/6] = -0.58", "        d2… [1/6] = 0.737", "        d3 [1/6] = 1",
      "        d4 [1/6] = 1", "        d5 [1/6] = 1", "        d6 [1/6] = 1", "      hold [min]",
      "        roll… = -0.502", "    d6 [1/6] [max]", "      roll [chance]",
      "        d1… [1/6] = -0.58", "        d2 [1/6] = 1", "        d3 [1/6] = 1",
      "        d4 [1/6] = 1", "        d5 [1/6] = 1", "        d6 [1/6] = 1", "      hold [min]",
      "        roll… = -0.489",
    ].join("\n"),
  },
]);

/**
 * The lesson or example called `key` in links.
 * @param {string} key
 * @returns {Example | undefined}
 */
export function exampleByKey(key) {
  return [...LESSONS, ...EXAMPLES].find((example) => example.key === key);
}
