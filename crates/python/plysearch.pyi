"""plysearch: ply's game-tree search from Python.

The package is ``plysearch`` on PyPI and in ``import``: ``ply`` is the name of PLY
(Python Lex-Yacc), and both install side by side.

Solve, analyse and play ply's games, batch-solve positions on every core, read and
draw minimax trees (a notebook shows a ``Tree`` as its annotated picture), and check a
search function written in Python with ply's grader (``check``). Every function calls
the library the ``ply`` binary calls, so the answers are the same.
The searches run without the GIL; Ctrl-C (a notebook's interrupt) stops them.

>>> import plysearch
>>> plysearch.solve("tictactoe").value
'draw'
>>> r = plysearch.solve("connect4", "2252576253462244111563365343671351441")
>>> r.score, r.value          # Pascal Pons' score: the player to move loses
(-1, 'loss')
>>> plysearch.Tree("(a (b 3 12 8) (c 2 4 6) (d 14 5 2))").value
3
>>> positions = ["7422341735647741166133573473242566", "44"]
>>> [r.score for r in plysearch.solve_batch("connect4", positions, threads=2)]
[1, 1]
"""

from fractions import Fraction
from typing import Any, Callable, Optional, Sequence, Tuple, Union

__version__: str

class PlyError(Exception):
    """Every error of ply, a failure of ply's own (a bug: ``internal error: ...``)
    included."""

    line: Optional[int]
    column: Optional[int]
    limit: Optional[str]

class ParseError(PlyError):
    """A text (a tree, a position, a move) that does not read.

    ``line`` and ``column`` (from 1) say where in a multi-line text (a tree); None
    otherwise. The message starts with ``line:column`` too.

    >>> try:
    ...     plysearch.Tree("a\\n  b = 3\\n  c = x\\n")
    ... except plysearch.ParseError as e:
    ...     (e.line, e.column)
    (3, 7)
    """

class LimitError(PlyError):
    """A request past a limit that protects the machine, or stopped by its time
    (``limit`` names it: ``"stopped"``, ``"max_tree_nodes"``...)."""

class RequestError(PlyError):
    """Anything else: an unknown game, an illegal move, an option that does not apply."""

class MoveValue:
    """One move's exact value, for the player who makes it."""

    move: str
    value: str
    """``"win"``, ``"draw"`` or ``"loss"``."""
    plies: Optional[int]
    """Plies to the end under best play, counting the move."""
    score: Optional[int]
    """Connect Four: Pons' score of the move; None for other games."""
    pv: list[str]
    """Best play, starting with the move."""

class SolveResult:
    """A position solved: the attributes of ``ply solve --json``."""

    game: str
    position: str
    to_move: str
    value: str
    """``"win"``, ``"draw"`` or ``"loss"`` for the player to move."""
    plies: Optional[int]
    """Plies to the end under best play (None: not worked out, as for a draw in a batch)."""
    score: Optional[int]
    """Connect Four: Pascal Pons' score (positive when the player to move wins, larger
    the sooner; 0 a draw); None for other games and in weak solves."""
    best: list[str]
    """The best moves (in a batch: one of them)."""
    moves: list[MoveValue]
    """Every legal move's value, best first (empty in a batch)."""
    pv: list[str]
    nodes: int
    time_ms: float
    algorithm: str
    json: str
    """Exactly what ``ply solve --json`` prints."""
    def to_dict(self) -> dict[str, Any]: ...

class Analysis:
    """The engine's analysis: the attributes of ``ply analyze --json``."""

    best: Optional[str]
    score: str
    """In words: ``"+0.35"``, ``"win in 7"``, ``">= loss in 34"`` for a bound."""
    score_raw: int
    exact: bool
    """True when the value is proved."""
    depth: int
    pv: list[str]
    nodes: int
    time_ms: float
    json: str
    def to_dict(self) -> dict[str, Any]: ...

def solve(
    game: str,
    position: Optional[str] = None,
    *,
    time_ms: Optional[int] = None,
    algorithm: Optional[str] = None,
    threads: Optional[int] = None,
    hash_mib: Optional[int] = None,
    weak: bool = False,
    book: bool = True,
) -> SolveResult:
    """Solves a position exactly (``ply solve GAME POSITION``): its value, its best
    moves and every legal move's value.

    ``game`` is a spec of ``ply games`` (``"tictactoe"``, ``"connect4"``,
    ``"connect4:5x4"``, ``"nim:3,4,5"``); ``position`` is in the game's notation
    (Connect Four: the columns played, ``"4453"``), None for the start. ``time_ms``
    stops a long solve with ``LimitError``; ``algorithm`` is ``"minimax"``,
    ``"negamax"``, ``"alphabeta"`` or ``"memo"``; ``weak`` gives win/draw/loss only;
    ``book=False`` reads no opening book (by default Connect Four on 7x6 reads the book
    built into ply, as the binary does). ``threads`` is at most 256 (more raises
    ``LimitError`` with ``limit`` ``"max_threads"``), as for ``analyze``.

    >>> r = plysearch.solve("tictactoe", "XO./.../...")
    >>> r.value, r.plies, r.best
    ('win', 5, ['a2', 'b2', 'a3'])
    """

def solve_pig(game: str = "pig", position: Optional[str] = None) -> dict[str, Any]:
    """Solves a position of Pig, the dice game, exactly (``ply solve pig POSITION
    --json``), by value iteration over its positions: ``solve`` takes no game with
    chance's throws. ``game`` is ``"pig"`` (first to 100) or ``"pig:N"`` (first to N);
    ``position`` is ``"12+7-30"`` (the first player's score, the turn total after the
    player to move's score, the other's), None for the start. The dict has
    ``win_probability`` (the side to move's chance of winning under optimal play by both),
    ``decision`` (``"roll"`` or ``"hold"``), ``decisions`` (each decision's chance;
    ``hold`` is None at turn total 0), ``hold_threshold`` and the same in words.

    >>> r = plysearch.solve_pig("pig:2")
    >>> r["decision"], round(r["win_probability"], 4)
    ('roll', 0.8571)
    >>> round(plysearch.solve_pig("pig:20", "12+6-4")["decisions"]["hold"], 4)
    0.5049
    """

def analyze(
    game: str,
    position: Optional[str] = None,
    *,
    depth: Optional[int] = None,
    time_ms: Optional[int] = None,
    nodes: Optional[int] = None,
    exact: bool = False,
    threads: Optional[int] = None,
    hash_mib: Optional[int] = None,
    book: bool = True,
) -> Analysis:
    """Analyses a position with the engine within limits (``ply analyze``); without
    any limit, 3 seconds.

    >>> plysearch.analyze("connect4", depth=6).best
    '4'
    """

def solve_batch(
    game: str,
    positions: Sequence[str],
    *,
    threads: Optional[int] = None,
    weak: bool = False,
    hash_mib: int = 16,
    book: bool = True,
) -> list[Union[SolveResult, PlyError]]:
    """Solves many positions, each to its value, on ``threads`` threads (default:
    every core) without the GIL: the answers of ``ply solve GAME --batch``.

    The list comes back in the order of ``positions``. A position that cannot be
    solved has its error (a ``PlyError``, not raised) in its slot; the batch goes on.
    Each result holds ``value``, ``plies`` (None for a draw), ``score`` (Connect
    Four: Pons'), one best move and ``nodes``; ``moves`` is empty (``solve`` gives
    every move's value). A batch whose tables (one a thread) and answers do not fit in
    the memory available raises ``LimitError`` before any position is solved; a
    position whose search does not fit, or failed (a bug), has its error in its slot.

    >>> out = plysearch.solve_batch("connect4", ["2252576253462244111563365343671351441", "8", "44"])
    >>> [r.score if isinstance(r, plysearch.SolveResult) else type(r).__name__ for r in out]
    [-1, 'ParseError', 1]
    """

class Tree:
    """A hand-made game tree searched with alpha-beta (or ``algorithm``): the tree lab.

    In a notebook, a ``Tree`` shows itself as its annotated picture (``_repr_svg_``).

    >>> t = plysearch.Tree("(a (b 3 12 8) (c 2 4 6) (d 14 5 2))")
    >>> t.value, t.best, t.nodes, t.cutoffs
    (3, 'b', 11, 1)
    """

    value: Union[int, float]
    best: Optional[str]
    nodes: int
    cutoffs: int
    json: str
    """Exactly what ``ply tree --format json --trace`` prints; made when first read,
    and ``LimitError`` when the memory it takes is not there (the tree stays usable)."""
    def __init__(
        self, text: str, *, algorithm: str = "alphabeta", order: str = "as_written"
    ) -> None: ...
    def svg(self) -> str:
        """The annotated picture as SVG text (``ply tree --format svg --trace``);
        ``LimitError`` when the memory it takes is not there."""
    def _repr_svg_(self) -> str: ...
    def to_dict(self) -> dict[str, Any]: ...

class Game:
    """A game played move by move. It keeps its position: a move costs the same
    however many were played before it.

    >>> g = plysearch.Game("tictactoe")
    >>> g.play("b2"); g.play("a1")
    >>> g.to_move, g.legal_moves[:3]
    (0, ['b1', 'c1', 'a2'])
    >>> g.solve().value
    'draw'
    """

    def __init__(self, spec: str, position: Optional[str] = None) -> None: ...
    def play(self, move: str) -> None:
        """Plays a move in the game's notation; an illegal one raises ``RequestError``."""
    def undo(self) -> None: ...
    @property
    def spec(self) -> str: ...
    @property
    def position(self) -> str: ...
    @property
    def moves(self) -> list[str]: ...
    @property
    def legal_moves(self) -> list[str]: ...
    @property
    def to_move(self) -> int:
        """0 (first player) or 1 (second)."""
    @property
    def player(self) -> str: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def outcome(self) -> Optional[str]: ...
    @property
    def board(self) -> str: ...
    def solve(
        self,
        *,
        time_ms: Optional[int] = None,
        algorithm: Optional[str] = None,
        threads: Optional[int] = None,
        hash_mib: Optional[int] = None,
        weak: bool = False,
        book: bool = True,
    ) -> SolveResult: ...
    def analyze(
        self,
        *,
        depth: Optional[int] = None,
        time_ms: Optional[int] = None,
        nodes: Optional[int] = None,
        exact: bool = False,
        threads: Optional[int] = None,
        hash_mib: Optional[int] = None,
        book: bool = True,
    ) -> Analysis: ...

# ----- checking a search function --------------------------------------------------

class ProtocolError(PlyError):
    """A query the grader refused, raised by a node's method inside a function that
    ``check`` runs: the ``value()`` of an inner node (``a is not a leaf``). The test
    fails as ``protocol_error`` even when the function catches it."""

class GradingStopped(BaseException):
    """Raised inside a function that ``check`` runs to end its test: its time limit has
    passed (the test is a ``timeout``), or the protocol's limit (16 wrong queries,
    100,000 queries: a ``protocol_error``). A ``BaseException``, like
    ``KeyboardInterrupt``, so ``except Exception`` lets it through."""

class Node:
    """A node of the tree a checked function searches. Made by ``check`` (the root)
    and by ``children()``; each belongs to one test, and refuses (``PlyError``) once
    that test is over.

    Each method is a query of the grader's protocol (``children N``, ``value N``); a
    node keeps what it has been told, so asking again makes no new query.
    """

    name: str
    """The node's name in the tree (``"a"``, ``"#3"``; in tic-tac-toe the moves from
    the root, ``"b2.a1"``)."""
    probability: Optional[Fraction]
    """Under a chance node, the child's probability (an exact ``Fraction``: multiply it
    with ``float`` or ``int`` values freely); None elsewhere."""
    @property
    def kind(self) -> str:
        """``"max"``, ``"min"``, ``"chance"`` or ``"leaf"`` (asked together with the
        children: reading it expands the node, as ``children()`` does)."""
    def children(self) -> list[Node]:
        """The children, in the tree's order (a leaf: ``[]``); a new list each call, of
        the same nodes."""
    def value(self) -> Union[int, float]:
        """A leaf's value: for MAX, or with ``kind="negamax"`` for the player to move
        there. An inner node's value raises ``ProtocolError`` (with
        ``kind="tictactoe"`` every position has one: the textbook's f(p))."""

class CheckedTest:
    """One test of a ``check``: the fields of its JSON (``ply grade --json``)."""

    name: str
    passed: bool
    outcome: str
    """``"answered"``, ``"timeout"``, ``"crash"`` or ``"protocol_error"``."""
    value: Optional[str]
    """The value returned, as the answer line wrote it (``"3"``, ``"3.5"``)."""
    expected_value: str
    move: Optional[str]
    """The child chosen, when the function returned a pair (value, move)."""
    expected_moves: list[str]
    evaluated: list[str]
    """The leaves the function asked ``value()`` of, in order."""
    expected_evaluated: list[str]
    expanded: list[str]
    expected_expanded: list[str]
    diagnoses: list[str]
    message: str
    """The first difference, in words, with the numbers that decide it."""
    queries: int
    tree: str
    lab: str
    """The tree lab's link (relative to ply's site) at the step where the function
    first went its own way."""
    def to_dict(self) -> dict[str, Any]: ...

class CheckReport:
    """What ``check`` returns: the report of ``ply grade --json``, as attributes. In a
    notebook, a table (one row a test) with the diagnoses in words below; ``str()``
    is the report as ``ply grade`` prints it."""

    kind: str
    rule: str
    passed: bool
    """True when every test passed."""
    tests: list[CheckedTest]
    diagnoses: list[str]
    """The mistakes the function makes on every test (``"no_pruning"``,
    ``"wrong_player"``...), and ``"timeout"``, ``"crash"``, ``"protocol_error"`` where a
    test ended so."""
    diagnosis_text: list[str]
    summary: str
    lang: str
    seed: int
    """The seed of the random tests (given, or drawn)."""
    def to_json(self) -> str: ...
    def to_dict(self) -> dict[str, Any]: ...
    def _repr_html_(self) -> str: ...

def check(
    function: Callable[[Node], Union[float, Tuple[float, Union[str, Node, None]]]],
    kind: str = "minimax",
    rule: str = "ge",
    tests: int = 5,
    seed: Optional[int] = None,
    lang: str = "en",
    time_limit: float = 2.0,
) -> CheckReport:
    """Checks a search function with ply's grader, as ``ply grade`` checks a program:
    on the kind's fixed tests and ``tests`` random held-out ones (from ``seed``; None
    draws one, which the report keeps), each a fresh call ``function(root)``.

    The function returns the root's value, or a pair (value, the chosen child: its
    name or the node). ``kind`` is ``"minimax"``, ``"negamax"``, ``"alphabeta"``,
    ``"expectimax"`` or ``"tictactoe"`` (a position searched two plies deep);
    ``rule`` (alpha-beta) ``"ge"`` cuts on a tie, ``"gt"`` only past the bound; ``lang``
    is ``"en"``, ``"sv"``, ``"zh"`` or ``"el"``. The grader judges the value, the move,
    the leaves evaluated and the nodes expanded, in order, and names a classic mistake
    when the function makes it on every test.

    A test ends as ``timeout`` past ``time_limit`` seconds (a node call raises
    ``GradingStopped``, and a loop that calls no node method gets it raised at its next
    bytecode; a call blocked in C, like ``time.sleep``, only once it returns), as
    ``protocol_error`` on a refused query (``ProtocolError``) or an answer that is not a
    number, and as ``crash`` on any other exception (a ``RecursionError`` too), with
    the exception's last line. ``KeyboardInterrupt`` ends the whole check.

    >>> def minimax(node):
    ...     if node.kind == "leaf":
    ...         return node.value()
    ...     values = [minimax(c) for c in node.children()]
    ...     return max(values) if node.kind == "max" else min(values)
    >>> report = plysearch.check(minimax, tests=3, seed=1)
    >>> report.passed, report.summary
    (True, '6 of 6 tests passed.')
    >>> plysearch.check(minimax, kind="alphabeta", tests=0).diagnoses
    ['no_pruning']
    >>> plysearch.check(lambda root: root.value()).tests[0].message
    'The program broke the protocol: a is not a leaf'
    """
