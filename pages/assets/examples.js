// The trees the lab opens with: written out here, or games the API writes out as trees.

/** @typedef {import("./words.js").MessageId} MessageId */

/**
 * An example: a tree's text, or a game (and position, and depth) for /api/tree/game.
 * @typedef {object} Example
 * @property {MessageId} name what the list shows (a message id)
 * @property {string} [text] the tree, in any format /api/tree reads
 * @property {{game: string, position?: string, depth?: number}} [game]
 */

/** @type {Example[]} */
export const EXAMPLES = [
  {
    name: "tree.example.classic",
    text: "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))",
  },
  {
    name: "tree.example.two-ply",
    text: [
      "# Two plies: MAX chooses among A, B and C; then MIN chooses a leaf.",
      "s",
      "  A", "    a1 = 9", "    a2 = -6",
      "  B", "    b1 = -2", "    b2 = 4",
      "  C", "    c1 = -4", "    c2 = 7",
    ].join("\n"),
  },
  {
    name: "tree.example.four-ply",
    text: [
      "# Root value 5, reached through node 2. Alpha-beta evaluates 8 of the 22 leaves.",
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
  { name: "tree.example.race", game: { game: "race:5,2" } },
  { name: "tree.example.nim", game: { game: "nim:1,2" } },
  {
    name: "tree.example.tictactoe",
    game: { game: "tictactoe", position: "XOX/.O./X.." },
  },
  {
    name: "tree.example.tictactoe-depth",
    game: { game: "tictactoe", depth: 2 },
  },
];
