// The play page's links: its own address, which reopens a game (`play.html#game=SPEC&
// position=POS&moves=m1,m2,...`), and the tree lab's, which opens the tree of the
// position on screen (`index.html#game=SPEC&position=POS&depth=N`, and for chess's
// search `&algorithm=alphabeta&compare=1`). Every value is URL-encoded on its own, and
// the moves each on their own before they are joined with commas, so a move with a
// comma in it (a pursuit move, `1,3`) survives the trip.

/**
 * A game as a link holds it.
 * @typedef {object} GameLink
 * @property {string | null} game the game's spec
 * @property {string | null} position the position it starts from (null: the game's start)
 * @property {string[]} moves the moves played from there
 * @property {string | null} side who the human plays: "first", "second" or "both"
 */

/**
 * A value of an address, decoded; `+` is a space, as forms write it.
 * @param {string} raw
 */
function decode(raw) {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch (_) {
    return raw;
  }
}

/**
 * Reads a game from the play page's fragment (with or without its `#`). Moves are
 * listed with commas; a list written with spaces (the page's older links) reads too.
 * @param {string} hash
 * @returns {GameLink}
 */
export function readGameLink(hash) {
  /** @type {Map<string, string>} */
  const raw = new Map();
  for (const part of hash.replace(/^#/, "").split("&")) {
    if (part === "") continue;
    const equals = part.indexOf("=");
    const key = equals < 0 ? part : part.slice(0, equals);
    raw.set(decode(key), equals < 0 ? "" : part.slice(equals + 1));
  }
  /** @param {string} key */
  const value = (key) => {
    const text = raw.get(key);
    if (text === undefined) return null;
    const decoded = decode(text).trim();
    return decoded === "" ? null : decoded;
  };
  const moves = (raw.get("moves") ?? "")
    .split(",")
    .flatMap((m) => decode(m).split(" "))
    .map((m) => m.trim())
    .filter((m) => m !== "");
  return { game: value("game"), position: value("position"), moves, side: value("side") };
}

/**
 * The play page's fragment for a game (without the `#`). The side is written only when
 * it is not "first" (the page's default).
 * @param {GameLink} link
 * @returns {string}
 */
export function gameFragment(link) {
  const parts = [`game=${encodeURIComponent(link.game ?? "")}`];
  if (link.position) parts.push(`position=${encodeURIComponent(link.position)}`);
  if (link.moves.length > 0) parts.push(`moves=${link.moves.map(encodeURIComponent).join(",")}`);
  if (link.side && link.side !== "first") parts.push(`side=${encodeURIComponent(link.side)}`);
  return parts.join("&");
}

/**
 * The tree lab's fragment (without the `#`) for a game's tree from a position.
 * @param {{game: string, position: string, depth: number, algorithm?: string, compare?: boolean}} tree
 * @returns {string}
 */
export function treeLabFragment(tree) {
  const parts = [
    `game=${encodeURIComponent(tree.game)}`,
    `position=${encodeURIComponent(tree.position)}`,
    `depth=${tree.depth}`,
  ];
  if (tree.algorithm) parts.push(`algorithm=${encodeURIComponent(tree.algorithm)}`);
  if (tree.compare) parts.push("compare=1");
  return parts.join("&");
}

/**
 * Whether the tree lab can draw a game's tree: every game but pursuit (its positions
 * are not a tree the lab draws).
 * @param {{game: string, graph?: unknown}} state
 */
export function hasTree(state) {
  return !state.graph && !state.game.startsWith("pursuit");
}
