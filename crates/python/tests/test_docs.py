"""The Python examples of the docs run: every ```python block of docs/bindings.md and of
crates/python/README.md (the package's page on PyPI), each on its own in a fresh
namespace, as a reader pastes it. A block must therefore run alone (its imports, its
data); a failure names the document's line.
"""

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
DOCS = [REPO / "docs/bindings.md", REPO / "crates/python/README.md"]
BLOCK = re.compile(r"^```python[ \t]*\n(.*?)^```[ \t]*$", re.DOTALL | re.MULTILINE)


def blocks():
    """Each ```python block: (document, its first line of code, the code)."""
    found = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for match in BLOCK.finditer(text):
            line = text.count("\n", 0, match.start(1)) + 1
            found.append((doc, line, match.group(1)))
    return found


def test_the_docs_have_their_python_examples():
    # Two in docs/bindings.md (the five minutes, `check`), one in the README.
    assert len(blocks()) >= 3


@pytest.mark.parametrize(
    "doc, line, code",
    [
        pytest.param(doc, line, code, id=f"{doc.relative_to(REPO)}:{line}")
        for doc, line, code in blocks()
    ],
)
def test_a_python_example_of_the_docs_runs(doc, line, code):
    # Compiled at its place in the document, so that a traceback names the line.
    program = compile("\n" * (line - 1) + code, str(doc), "exec")
    exec(program, {"__name__": "__main__"})
