"""`plysearch.check`: search functions written in Python, judged by ply's grader.

The right functions pass every kind; each classic mistake is named alone (the same
seed and number of random tests as the grader's own tests in crates/api, where each
mistake is known to be named alone); a function that raises, recurses forever, asks
what it may not or never ends gets its outcome, quickly.
"""

import json
import threading
import time
from fractions import Fraction

import pytest

import plysearch

SEED = 20261207
RANDOM = 12


# ----- search functions, right and with named mistakes ---------------------------------


def minimax(swap=False):
    def kind_of(node):
        kind = node.kind
        return {"max": "min", "min": "max"}.get(kind, kind) if swap else kind

    def value(node):
        kind = kind_of(node)
        if kind == "leaf":
            return node.value()
        values = [value(c) for c in node.children()]
        return max(values) if kind == "max" else min(values)

    def solve(root):
        kind = kind_of(root)
        if kind == "leaf":
            return root.value()
        best = None
        for child in root.children():
            v = value(child)
            if best is None or (v > best[0] if kind == "max" else v < best[0]):
                best = (v, child.name)
        return best

    return solve


def negamax(sign=True):
    def value(node):
        if node.kind == "leaf":
            return node.value()
        return max(-value(c) if sign else value(c) for c in node.children())

    return value


def alphabeta(cut_on_tie=True, prune=True, shallow=False):
    inf = float("inf")

    def value(node, alpha, beta):
        if node.kind == "leaf":
            return node.value()
        maximising = node.kind == "max"
        best = -inf if maximising else inf
        own = None
        for child in node.children():
            if not prune:
                a, b = -inf, inf
            elif shallow:
                a, b = (-inf, inf) if own is None else ((own, inf) if maximising else (-inf, own))
            else:
                a, b = alpha, beta
            v = value(child, a, b)
            if maximising:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            own = best
            if prune and (alpha >= beta if cut_on_tie else alpha > beta):
                break
        return best

    return lambda root: value(root, -inf, inf)


def expectimax(uniform=False):
    def value(node):
        kind = node.kind
        if kind == "leaf":
            return node.value()
        children = node.children()
        values = [value(c) for c in children]
        if kind == "max":
            return max(values)
        if kind == "min":
            return min(values)
        if uniform:
            return sum(values) / len(values)
        return sum(c.probability * v for c, v in zip(children, values))

    return value


def tictactoe(depth=2):
    def value(node, d):
        if d == depth:
            return node.value()
        kind = node.kind
        if kind == "leaf":
            return node.value()
        values = [value(c, d + 1) for c in node.children()]
        return max(values) if kind == "max" else min(values)

    return lambda root: value(root, 0)


def check(function, **options):
    options.setdefault("tests", RANDOM)
    options.setdefault("seed", SEED)
    return plysearch.check(function, **options)


def failures(report):
    return [(t.name, t.message) for t in report.tests if not t.passed]


# ----- right functions pass -----------------------------------------------------------


@pytest.mark.parametrize(
    "kind, rule, function",
    [
        ("minimax", "ge", minimax()),
        ("negamax", "ge", negamax()),
        ("alphabeta", "ge", alphabeta(cut_on_tie=True)),
        ("alphabeta", "gt", alphabeta(cut_on_tie=False)),
        ("expectimax", "ge", expectimax()),
        ("tictactoe", "ge", tictactoe()),
    ],
)
def test_right_functions_pass(kind, rule, function):
    report = check(function, kind=kind, rule=rule)
    assert report.passed, failures(report)
    assert report.diagnoses == []
    assert (report.kind, report.rule, report.seed) == (kind, rule, SEED)
    assert len(report.tests) > RANDOM
    assert all(t.outcome == "answered" for t in report.tests)


def test_the_classic_tree_has_its_known_numbers():
    report = plysearch.check(minimax(), tests=0)
    classic = report.tests[0]
    assert classic.name == "classic"
    assert (classic.value, classic.expected_value, classic.move) == ("3", "3", "b")
    assert classic.expected_moves == ["b"]
    assert classic.evaluated == ["#3", "#4", "#5", "#7", "#8", "#9", "#11", "#12", "#13"]
    assert classic.expected_expanded == ["a", "b", "c", "d"]
    # Each node asked once for its children (13) and each leaf once for its value (9):
    # the nodes keep what they were told, however often the function asks.
    assert classic.queries == 13 + 9 + 1


# ----- mistakes are named -------------------------------------------------------------


@pytest.mark.parametrize(
    "kind, rule, function, diagnosis",
    [
        ("minimax", "ge", minimax(swap=True), "wrong_player"),
        ("negamax", "ge", negamax(sign=False), "sign_error"),
        ("alphabeta", "ge", alphabeta(prune=False), "no_pruning"),
        ("alphabeta", "gt", alphabeta(cut_on_tie=True), "cuts_on_equality"),
        ("alphabeta", "ge", alphabeta(cut_on_tie=False), "no_cut_on_equality"),
        ("alphabeta", "ge", alphabeta(shallow=True), "bounds_not_passed"),
        ("expectimax", "ge", expectimax(uniform=True), "ignores_probabilities"),
        ("tictactoe", "ge", tictactoe(depth=1), "depth_off_by_one"),
        ("tictactoe", "ge", tictactoe(depth=3), "depth_off_by_one"),
    ],
)
def test_each_mistake_is_named_alone(kind, rule, function, diagnosis):
    report = check(function, kind=kind, rule=rule)
    assert not report.passed
    assert report.diagnoses == [diagnosis]
    assert len(report.diagnosis_text) == 1
    assert all(t.outcome == "answered" for t in report.tests)


def test_a_tie_cut_under_gt_is_explained_with_its_numbers():
    report = plysearch.check(alphabeta(cut_on_tie=True), kind="alphabeta", rule="gt", tests=0)
    tie = next(t for t in report.tests if t.name == "tie")
    assert tie.message == (
        "You evaluated #9 where the search evaluates #7, and you never evaluated #7: at b, "
        "α = β = 3: under the rule > the search cuts only when a value passes the bound, so "
        "on a tie it goes on."
    )
    assert tie.diagnoses == ["cuts_on_equality"]
    html = report._repr_html_()
    assert "under the rule &gt; the search cuts" in html and "rule > the" not in html


# ----- how a test ends ----------------------------------------------------------------


def timed(function, **options):
    started = time.monotonic()
    report = plysearch.check(function, tests=0, **options)
    return report, time.monotonic() - started


def test_an_exception_is_a_crash_with_its_last_line():
    def broken(root):
        raise ValueError("boom")

    report, took = timed(broken)
    assert took < 2
    assert [t.outcome for t in report.tests] == ["crash"] * 3
    assert report.tests[0].message == "The program ended without answering: ValueError: boom"
    assert report.diagnoses == ["crash"]
    assert not report.passed


def test_endless_recursion_is_a_crash():
    def forever(node):
        return forever(node)

    report, took = timed(forever)
    assert took < 5
    assert {t.outcome for t in report.tests} == {"crash"}
    assert "RecursionError: maximum recursion depth exceeded" in report.tests[0].message
    assert report.diagnoses == ["crash"]


def test_the_value_of_an_inner_node_is_a_protocol_error_raised_to_the_function():
    seen = []

    def asks_inner(root):
        try:
            root.value()
        except plysearch.ProtocolError as e:
            seen.append(str(e))
        return minimax()(root)  # right afterwards: still a protocol error

    report, took = timed(asks_inner)
    assert took < 2
    assert seen == ["a is not a leaf", "s is not a leaf", "1 is not a leaf"]
    assert [t.outcome for t in report.tests] == ["protocol_error"] * 3
    assert report.tests[0].message == "The program broke the protocol: a is not a leaf"
    assert report.diagnoses == ["protocol_error"]
    # Not caught: the same.
    report, _ = timed(lambda root: root.value())
    assert [t.outcome for t in report.tests] == ["protocol_error"] * 3
    assert report.tests[0].message == "The program broke the protocol: a is not a leaf"


def test_too_many_wrong_queries_stop_the_test_past_except_exception():
    caught = []

    def stubborn(root):
        for _ in range(100):
            try:
                root.value()
            except Exception:  # a ProtocolError, never the stop
                caught.append(1)
        return 3

    report, took = timed(stubborn)
    assert took < 2
    assert len(caught) == 3 * 15  # the 16th wrong query stops the test
    assert [t.outcome for t in report.tests] == ["protocol_error"] * 3
    assert report.tests[0].message.startswith(
        "The program broke the protocol: 16 wrong queries (the most a test allows), "
        "the first: a is not a leaf"
    ), report.tests[0].message


def test_a_loop_that_calls_node_methods_times_out():
    def spins(root):
        while True:
            root.children()
            root.kind

    report, took = timed(spins, time_limit=0.2)
    assert took < 2
    assert [t.outcome for t in report.tests] == ["timeout"] * 3
    assert report.tests[0].message == (
        "The program took longer than 200 ms, the time a test allows, and was stopped."
    )
    assert report.diagnoses == ["timeout"]


def test_a_loop_that_calls_nothing_is_stopped_by_the_watchdog():
    def spins(root):
        n = 0
        while True:
            n += 1

    report, took = timed(spins, time_limit=0.2)
    assert took < 2
    assert [t.outcome for t in report.tests] == ["timeout"] * 3
    # The exception is withdrawn once the call is over: the caller's code runs on.
    total = 0
    for i in range(200_000):
        total += i
    assert total == 199_999 * 200_000 // 2


def test_a_function_that_swallows_the_stop_is_still_a_timeout():
    def stubborn(root):
        while True:
            try:
                while True:
                    pass
            except BaseException:
                return 3

    report, took = timed(stubborn, time_limit=0.1)
    assert took < 2
    assert [t.outcome for t in report.tests] == ["timeout"] * 3


def test_ctrl_c_ends_the_whole_check():
    def interrupted(root):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        plysearch.check(interrupted, tests=0)


def test_answers_that_are_not_numbers_are_protocol_errors():
    for returned, words in [
        (None, "None (of type NoneType)"),
        ("3", "'3' (of type str)"),
        (True, "True (of type bool)"),
        ((3,), "(3,) (of type tuple)"),
        (("b", 3), "('b', 3) (of type tuple)"),
        (list(range(10**6)), "[0, 1, 2, 3, 4, 5, ...] (of type list)"),
    ]:
        report, _ = timed(lambda root: returned)
        assert report.tests[0].outcome == "protocol_error"
        assert report.tests[0].value is None
        assert report.tests[0].message == (
            f"The program broke the protocol: the function returned {words}, not a number "
            "nor a pair (value, move)"
        )
    # A number the protocol refuses, in its own words.
    report, _ = timed(lambda root: float("inf"))
    assert report.tests[0].message == (
        "The program broke the protocol: answer 'inf': the value should be a number, "
        "such as 3 or -1.5"
    )


def test_answers_as_numbers_and_moves_of_any_kind():
    def right(root):
        value, name = minimax()(root)
        return value, next(c for c in root.children() if c.name == name)

    assert plysearch.check(right, tests=2).passed
    # A Fraction is written as its float; a wrong move is a failure, not an error.
    report = plysearch.check(lambda root: (Fraction(minimax()(root)[0]), "d"), tests=0)
    classic = report.tests[0]
    assert (classic.value, classic.move, classic.outcome) == ("3.0", "d", "answered")
    assert classic.message == "You chose d, which is worth 2; b is worth 3, the root's value."


def test_probabilities_are_fractions_and_nodes_keep_their_answers():
    seen = {}

    def look(root):
        if root.name != "root":  # the dice: the first of the kind's tests
            return expectimax()(root)
        children = root.children()
        children.reverse()  # the function's own list: the node's stays in order
        left = root.children()[0]
        seen["probabilities"] = [c.probability for c in left.children()]
        seen["kinds"] = (root.kind, left.kind, left.children()[0].kind)
        seen["leaf"] = (left.children()[0].value(), left.children()[0].value())
        seen["root probability"] = root.probability
        seen["repr"] = repr(left)
        return expectimax()(root)

    report = plysearch.check(look, kind="expectimax", tests=0)
    assert report.passed, failures(report)
    assert seen["probabilities"] == [Fraction(1, 2), Fraction(1, 4), Fraction(1, 4)]
    assert seen["kinds"] == ("max", "chance", "leaf")
    assert seen["leaf"] == (3, 3)
    assert seen["root probability"] is None
    assert seen["repr"] == "Node('left', kind='chance')"


def test_a_node_of_a_finished_test_refuses():
    kept = []

    def keep(root):
        kept.append(root)
        return minimax()(root)

    plysearch.check(keep, tests=0)
    with pytest.raises(plysearch.PlyError, match="belongs to a test that is over"):
        kept[0].children()


def test_bad_options_are_refused():
    with pytest.raises(plysearch.RequestError, match="unknown kind 'chess'"):
        plysearch.check(minimax(), kind="chess")
    with pytest.raises(plysearch.RequestError, match="unknown rule 'ge='"):
        plysearch.check(minimax(), rule="ge=")
    with pytest.raises(plysearch.RequestError, match="unknown language 'fr'"):
        plysearch.check(minimax(), lang="fr")
    for limit in (0, -1, float("nan"), float("inf"), 3601):
        with pytest.raises(plysearch.RequestError, match="time_limit"):
            plysearch.check(minimax(), time_limit=limit)
    with pytest.raises(plysearch.LimitError, match="1001 random tests, more than the 1000") as e:
        plysearch.check(minimax(), tests=1001)
    assert e.value.limit == "max_random_tests"
    with pytest.raises(TypeError, match="check takes a function"):
        plysearch.check(3)


# ----- the report ---------------------------------------------------------------------


def test_the_report_is_json_a_dict_text_and_a_table():
    report = check(alphabeta(prune=False), kind="alphabeta", tests=2, lang="sv")
    data = report.to_dict()
    assert data == json.loads(report.to_json())
    assert data["kind"] == "alphabeta" and data["passed"] is False
    assert data["diagnoses"] == report.diagnoses == ["no_pruning"]
    assert data["summary"] == report.summary
    first = report.tests[0]
    assert data["tests"][0] == first.to_dict()
    for field in (
        "name",
        "passed",
        "outcome",
        "value",
        "expected_value",
        "move",
        "expected_moves",
        "evaluated",
        "expected_evaluated",
        "expanded",
        "expected_expanded",
        "diagnoses",
        "message",
        "queries",
        "tree",
        "lab",
    ):
        assert data["tests"][0][field] == getattr(first, field), field
    html = report._repr_html_()
    assert "<table>" in html and html.count("<tr>") == 1 + len(report.tests)
    assert "<code>no_pruning</code>" in html
    assert repr(report).startswith("CheckReport(kind='alphabeta', rule='ge', passed=False")
    assert "FAIL classic" in str(report)


def test_the_seed_makes_the_same_tests():
    a = plysearch.check(minimax(), tests=3, seed=7)
    b = plysearch.check(minimax(), tests=3, seed=7)
    assert [t.tree for t in a.tests] == [t.tree for t in b.tests]
    assert a.tests[-1].name == "random-3 (seed 9)"
    assert plysearch.check(minimax(), tests=1).seed >= 0


def test_other_threads_run_while_a_function_is_checked():
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.001)

    thread = threading.Thread(target=tick)
    thread.start()
    try:
        report = plysearch.check(tictactoe(), kind="tictactoe", tests=2)
    finally:
        stop.set()
        thread.join()
    assert report.passed
