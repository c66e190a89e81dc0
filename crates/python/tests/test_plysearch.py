"""The Python package `plysearch`: every function, its errors, and the batch's order.

Run by `cargo test -p ply-python` (tests/pytest.rs builds the module into a virtual
environment first), or by hand: `maturin develop -m crates/python/Cargo.toml && pytest
crates/python/tests`.
"""

import json
import os
import random
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import plysearch

REPO = Path(__file__).resolve().parents[3]
CLASSIC = "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))"


def c4_data():
    """The public Connect Four sets: $PLY_C4_DATA, else ../shared/data/connect4."""
    for place in (os.environ.get("PLY_C4_DATA"), REPO.parent / "shared/data/connect4"):
        if place and Path(place, "Test_L3_R1").is_file():
            return Path(place)
    return None


def ply_binary():
    """The `ply` binary, when built ($PLY_BIN, or target/release or target/debug)."""
    for candidate in (
        os.environ.get("PLY_BIN"),
        REPO / "target/release/ply",
        REPO / "target/debug/ply",
    ):
        if candidate and Path(candidate).is_file():
            return str(candidate)
    return shutil.which("ply")


def test_version():
    assert plysearch.__version__.count(".") == 2


# ----- solve -------------------------------------------------------------------------


def test_tictactoe_is_a_draw_and_every_first_move_draws():
    r = plysearch.solve("tictactoe")
    assert (r.value, r.plies, r.score) == ("draw", 9, None)
    assert len(r.moves) == 9 and all(m.value == "draw" for m in r.moves)
    assert r.to_move == "X"


def test_corner_then_edge_loses_for_o():
    r = plysearch.solve("tictactoe", "XO./.../...")
    assert (r.value, r.plies) == ("win", 5)
    assert set(r.best) == {"a2", "b2", "a3"}
    assert r.moves[0].value == "win" and r.moves[-1].value in ("draw", "loss")
    assert r.pv[0] in r.best


def test_the_book_answers_the_empty_board_at_once():
    # The shipped book holds every position up to 11 stones: the first player wins with
    # the last stone (Pons' score 1), by the centre column only, read from it (one node).
    r = plysearch.solve("connect4")
    assert (r.value, r.score, r.best) == ("win", 1, ["4"])
    scores = {m.move: m.score for m in r.moves}
    assert [scores[str(c)] for c in range(1, 8)] == [-2, -1, 0, 1, 0, -1, -2]
    assert json.loads(r.json)["book"] == "built-in"
    assert json.loads(r.json)["nodes"] == 1


def test_connect4_line_of_pons_set():
    # Test_L3_R1: "2252576253462244111563365343671351441 -1".
    r = plysearch.solve("connect4", "2252576253462244111563365343671351441")
    assert (r.value, r.score) == ("loss", -1)
    assert all(m.score is not None for m in r.moves)


def test_same_json_as_the_binary():
    binary = ply_binary()
    if binary is None:
        pytest.skip("no ply binary built: cargo build --release -p ply")
    cases = [("connect4", "2252576253462244111563365343671351441"), ("tictactoe", "XO./.../..."), ("nim:3,4,5", None)]
    for game, position in cases:
        args = [binary, "solve", game] + ([position] if position else []) + ["--json"]
        if game == "connect4":
            # The bindings read no book, and give every move's score.
            args += ["--no-book", "--all-moves"]
        run = subprocess.run(args, check=True, capture_output=True, text=True, cwd="/")
        out = json.loads(run.stdout)
        mine = plysearch.solve(game, position).to_dict()
        for d in (out, mine):
            d.pop("time_ms")
            d.pop("book", None)
        assert mine == out, game


def test_weak_and_algorithms():
    assert plysearch.solve("tictactoe", weak=True).plies is None
    for algorithm in ("minimax", "negamax", "alphabeta"):
        # X has the corner and the centre, O an edge: O to move loses.
        r = plysearch.solve("tictactoe", "XO./.X./...", algorithm=algorithm)
        assert (r.algorithm, r.value, r.to_move) == (algorithm, "loss", "O")


def test_solve_errors():
    with pytest.raises(plysearch.RequestError):
        plysearch.solve("nonsuch")
    with pytest.raises(plysearch.ParseError) as e:
        plysearch.solve("connect4", "48")
    assert isinstance(e.value, plysearch.PlyError) and e.value.line is None
    with pytest.raises(plysearch.LimitError) as e:
        plysearch.solve("connect4", time_ms=100, book=False)
    assert e.value.limit == "stopped"


def test_pig_is_solved_by_its_own_call():
    # Pig to 2: p = 5/6 + (1/6)(1 - p), so p = 6/7.
    r = plysearch.solve_pig("pig:2")
    assert r["decision"] == "roll" and abs(r["win_probability"] - 6 / 7) < 1e-12
    # The usual game, first to 100: the first player wins 0.5306 of games (Neller and
    # Presser 2004), and holds at 21 from 0-0.
    r = plysearch.solve_pig()
    assert round(r["win_probability"], 4) == 0.5306 and r["hold_threshold"] == 21
    binary = ply_binary()
    if binary is not None:
        run = subprocess.run([binary, "solve", "pig", "--json"], check=True, capture_output=True, text=True)
        out = json.loads(run.stdout)
        for d in (out, r):
            d.pop("time_ms")
        assert r == out
    with pytest.raises(plysearch.RequestError, match="'tictactoe' is not Pig"):
        plysearch.solve_pig("tictactoe")
    with pytest.raises(plysearch.ParseError):
        plysearch.solve_pig("pig", "12+7")
    with pytest.raises(plysearch.RequestError):
        plysearch.solve("pig")


# ----- analyze -----------------------------------------------------------------------


def test_analyze_with_limits():
    a = plysearch.analyze("connect4", depth=6)
    assert (a.best, a.depth, a.exact) == ("4", 6, False)
    assert a.nodes > 0 and a.pv[0] == "4"
    assert a.to_dict()["depth"] == 6
    exact = plysearch.analyze("tictactoe", exact=True)
    assert exact.exact and exact.score == "draw"
    with pytest.raises(plysearch.RequestError):
        plysearch.analyze("connect4", depth=0)


# ----- solve_batch -------------------------------------------------------------------


def test_batch_keeps_the_order_and_reports_bad_positions_in_their_slots():
    positions = ["", "3", "8", "33", "x", "1234", "333"]
    out = plysearch.solve_batch("connect4:5x4", positions, threads=3)
    assert len(out) == len(positions)
    assert isinstance(out[2], plysearch.ParseError) and isinstance(out[4], plysearch.ParseError)
    for position, answer in zip(positions, out):
        if isinstance(answer, plysearch.PlyError):
            continue
        alone = plysearch.solve("connect4:5x4", position or None, algorithm="alphabeta")
        assert (answer.value, answer.score) == (alone.value, alone.score), position
        assert answer.position == position
        assert answer.moves == [] and len(answer.best) == 1


def test_batch_weak_gives_signs():
    out = plysearch.solve_batch("connect4:5x4", ["", "3", "33"], weak=True, threads=1)
    assert all(r.score is None and r.plies is None for r in out)
    strong = plysearch.solve_batch("connect4:5x4", ["", "3", "33"], threads=1)
    assert [r.value for r in out] == [r.value for r in strong]


def test_batch_on_pons_set_in_any_order():
    data = c4_data()
    if data is None:
        pytest.skip("SKIPPED: the public Connect Four sets are absent (set PLY_C4_DATA)")
    lines = [line.split() for line in (data / "Test_L3_R1").read_text().splitlines()[:300]]
    random.Random(7).shuffle(lines)
    out = plysearch.solve_batch("connect4", [moves for moves, _ in lines], threads=2)
    assert [r.score for r in out] == [int(score) for _, score in lines]


def test_batch_errors():
    with pytest.raises(plysearch.RequestError):
        plysearch.solve_batch("nonsuch", ["1"])
    with pytest.raises(plysearch.RequestError):
        plysearch.solve_batch("connect4", ["1"], threads=0)
    assert plysearch.solve_batch("connect4", []) == []


def test_searches_release_the_gil():
    ticks = 0
    done = threading.Event()

    def work():
        plysearch.analyze("connect4", time_ms=800, book=False)
        done.set()

    worker = threading.Thread(target=work)
    worker.start()
    while not done.is_set():
        ticks += 1
        time.sleep(0.01)
    worker.join()
    # The main thread ran all along (about 80 ticks): the search did not hold the GIL.
    assert ticks > 20


def test_ctrl_c_stops_a_search():
    import _thread
    import signal

    # Python turns SIGINT into KeyboardInterrupt only when it was not ignored at start
    # (a background job of a shell ignores it): make sure it does here.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            # Minutes of work; the time limit only keeps a broken interrupt from
            # hanging the test run (it then fails: no KeyboardInterrupt).
            plysearch.solve("connect4", book=False, time_ms=20_000)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - started < 5


# ----- Tree --------------------------------------------------------------------------


def test_classic_tree():
    t = plysearch.Tree(CLASSIC)
    assert (t.value, t.best, t.nodes, t.cutoffs) == (3, "b", 11, 1)
    assert t.to_dict()["value"] == 3
    assert t.svg().startswith("<svg") and t._repr_svg_() == t.svg()
    assert "Tree(value=3, best='b'" in repr(t)
    m = plysearch.Tree(CLASSIC, algorithm="minimax")
    assert (m.value, m.cutoffs, m.nodes) == (3, 0, 13)


def test_tree_parse_error_has_line_and_column():
    with pytest.raises(plysearch.ParseError) as e:
        plysearch.Tree("a\n  b = 3\n  c = x\n")
    assert (e.value.line, e.value.column) == (3, 7)
    assert str(e.value).startswith("3:7:")
    with pytest.raises(plysearch.RequestError):
        plysearch.Tree(CLASSIC, algorithm="nonsuch")


# ----- Game --------------------------------------------------------------------------


def test_game_move_by_move():
    g = plysearch.Game("tictactoe")
    g.play("b2")
    g.play("a1")
    assert (g.to_move, g.moves, g.legal_moves[:3]) == (0, ["b2", "a1"], ["b1", "c1", "a2"])
    with pytest.raises(plysearch.RequestError):
        g.play("b2")
    assert g.moves == ["b2", "a1"]
    assert g.solve().value == "draw"
    g.undo()
    assert g.moves == ["b2"] and g.to_move == 1
    g2 = plysearch.Game("tictactoe")
    for move in ["a1", "a2", "b1", "b2", "c1"]:
        g2.play(move)
    assert g2.is_over and g2.outcome == "X wins" and g2.legal_moves == []
    assert "X" in str(g2) and g2.board == str(g2)


def test_game_from_a_position_and_errors():
    g = plysearch.Game("connect4", "4453")
    assert g.position == "4453" and g.to_move == 0
    assert g.analyze(depth=4).depth == 4
    with pytest.raises(plysearch.ParseError):
        plysearch.Game("connect4", "9")
    with pytest.raises(plysearch.RequestError):
        plysearch.Game("tictactoe").undo()


def test_a_game_keeps_its_position_however_long_it_is():
    # Every move replayed the game from its start: the sixth move of two piles of a
    # million listed more than ten million legal moves and was refused, and 10,000
    # moves of a race took 3.9 s (the 10,001st was refused).
    g = plysearch.Game("nim:1000000,1000000")
    for move in ["1:1", "2:1", "1:1", "2:1", "1:1", "1:1"]:
        g.play(move)
    assert g.position == "999996,999998"
    race = plysearch.Game("race:1000000,1")
    for _ in range(20_000):
        race.play("1")
    assert race.position == "20000" and len(race.moves) == 20_000
    race.undo()
    assert race.position == "19999" and len(race.moves) == 19_999


def test_more_threads_than_the_limit_are_refused():
    # 100,000 threads took 14 s of a 1 s budget.
    for call in (
        lambda: plysearch.analyze("connect4", threads=100_000, time_ms=1000),
        lambda: plysearch.solve("connect4", "4453", threads=100_000),
        lambda: plysearch.Game("connect4").analyze(threads=2**64 - 1),
    ):
        with pytest.raises(plysearch.LimitError) as refused:
            call()
        assert refused.value.limit == "max_threads"
        assert str(refused.value).endswith(": at most 256 (limit max_threads)")


def test_errors_of_ply_are_exceptions():
    # A panic of ply's code becomes a PlyError, which `except Exception` catches (PyO3's
    # own PanicException is a BaseException).
    assert issubclass(plysearch.PlyError, Exception)
    for error in (plysearch.ParseError, plysearch.LimitError, plysearch.RequestError):
        assert issubclass(error, plysearch.PlyError)


def run_capped(code, gib):
    """Runs `code` (after `import plysearch`) in a Python of its own with `gib` GiB of address
    space, and returns what it printed; a crash (an abort past the limit) fails."""
    program = (
        "import resource\n"
        f"resource.setrlimit(resource.RLIMIT_AS, ({gib} << 30, {gib} << 30))\n"
        "import plysearch\n" + code
    )
    run = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stdout + run.stderr
    return run.stdout


def test_a_large_tree_is_searched_in_little_memory_and_its_drawings_refused():
    # 999,999 nodes, within the node limit: its JSON was made (and read back) at once,
    # 4.4 GB, an abort under a 4 GiB limit.
    out = run_capped(
        "t = plysearch.Tree('(r ' + '1 ' * 999998 + ')')\n"
        "print(t.value, t.nodes)\n"
        "for draw in (lambda: t.json, t.svg):\n"
        "    try:\n"
        "        draw()\n"
        "    except plysearch.LimitError as e:\n"
        "        print(e.limit, str(e).split(' needs ')[0])\n",
        1,
    )
    assert out.splitlines() == [
        "1 999999",
        "memory the JSON of a tree of 999999 nodes",
        "memory the SVG picture of a tree of 999999 nodes",
    ]


def test_a_batch_too_large_for_memory_is_refused_before_any_work():
    # 5,000,000 positions aborted at 5.8 GB.
    out = run_capped(
        "try:\n"
        "    plysearch.solve_batch('tictactoe', [''] * 5_000_000, threads=2)\n"
        "except plysearch.LimitError as e:\n"
        "    print(e.limit, str(e).split(' needs ')[0])\n",
        2,
    )
    assert out == "memory answering a batch of 5000000 positions\n"


def test_every_threads_table_is_counted_before_any_work():
    # The second thread's table was refused after the first had worked 24 s.
    out = run_capped(
        "try:\n"
        "    plysearch.solve_batch('connect4', ['4453'] * 1000, threads=2, hash_mib=3000, book=False)\n"
        "except plysearch.LimitError as e:\n"
        "    print(e.limit, str(e).split(' needs ')[0])\n",
        4,
    )
    assert out == "memory a batch of 1000 positions on 2 threads (--hash 3000 each)\n"


def test_a_position_too_large_to_search_is_refused_in_its_slot():
    # Only the start was checked: a larger position of the same game was searched
    # unchecked, and a start too large refused every position.
    out = run_capped(
        "for spec in ('nim:1,2,3', 'nim:1000000,1000000,1000000'):\n"
        "    out = plysearch.solve_batch(spec, ['1,2,3', '1000000,1000000,1000000', '2,2'], threads=2)\n"
        "    print([type(r).__name__ for r in out], out[0].value, out[1].limit)\n",
        2,
    )
    assert out.splitlines() == ["['SolveResult', 'LimitError', 'SolveResult'] loss memory"] * 2


# ----- the stubs' examples -----------------------------------------------------------


def test_every_example_of_the_stubs_holds():
    """The `>>>` examples in plysearch.pyi's docstrings, run as doctests."""
    import ast
    import doctest

    source = (Path(__file__).resolve().parents[1] / "plysearch.pyi").read_text()
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    examples = 0
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)):
            doc = ast.get_docstring(node, clean=True)
            if doc and ">>>" in doc:
                name = getattr(node, "name", "plysearch")
                test = parser.get_doctest(doc, {"plysearch": plysearch}, name, "plysearch.pyi", 0)
                examples += len(test.examples)
                runner.run(test)
    results = runner.summarize(verbose=False)
    assert examples >= 15 and results.failed == 0, results
