"""Functions in pnp/ stay short enough to read and simple enough to test: none over 60 lines,
none graded worse than C by radon (cyclomatic complexity over 20). Left out: the game modules
still drawn by hand (none since issue #31) and the games' exhaustive solvers, whose search loops
are measured by their benchmarks instead. What is over the bar today is listed in KNOWN with its
number: it may shrink, never grow, and leaves the list once it is under the bar."""
from __future__ import annotations

import ast
from pathlib import Path

from pnpsource import HAND_DRAWN, PNP, modules
from radon.visitors import ComplexityVisitor

MAX_LINES = 60
MAX_COMPLEXITY = 20  # radon's grade C ends here; D starts at 21
SOLVERS = frozenset({"games/ordnerstruktur/solver.py"})

# "module:function" -> its lines or its complexity today; fix one and take it out
KNOWN_LINES: dict[str, int] = {
}
KNOWN_COMPLEXITY: dict[str, int] = {
}


def long_functions(root: Path = PNP, skip: frozenset[str] = HAND_DRAWN | SOLVERS) -> dict[str, int]:
    """``module:Class.function`` -> lines, for every function over MAX_LINES (nested ones too)."""
    out = {}
    for rel, tree in modules(root, skip):
        def visit(node, prefix):
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    name = f"{prefix}{child.name}"
                    if not isinstance(child, ast.ClassDef) and child.end_lineno - child.lineno + 1 > MAX_LINES:
                        out[f"{rel}:{name}"] = child.end_lineno - child.lineno + 1
                    visit(child, name + ".")
                else:
                    visit(child, prefix)
        visit(tree, "")
    return out


def complex_functions(root: Path = PNP, skip: frozenset[str] = HAND_DRAWN | SOLVERS) -> dict[str, int]:
    """``module:Class.method`` -> radon's cyclomatic complexity, for every one over MAX_COMPLEXITY."""
    out = {}
    for rel, tree in modules(root, skip):
        v = ComplexityVisitor.from_ast(tree)
        for b in v.functions + [m for c in v.classes for m in c.methods]:
            if b.complexity > MAX_COMPLEXITY:
                out[f"{rel}:{b.classname + '.' if b.classname else ''}{b.name}"] = b.complexity
    return out


def _ratchet(found: dict[str, int], known: dict[str, int], what: str) -> list[str]:
    bad = [f"{k}: {v} {what} (at most {known[k]} while it is listed in KNOWN)" if k in known else f"{k}: {v} {what}"
           for k, v in sorted(found.items()) if v > known.get(k, 0)]
    return bad + [f"{k}: now within the bar; take it out of KNOWN" for k in sorted(set(known) - set(found))]


def test_no_function_is_over_sixty_lines():
    assert _ratchet(long_functions(), KNOWN_LINES, "lines") == []


def test_no_function_is_graded_worse_than_c():
    assert _ratchet(complex_functions(), KNOWN_COMPLEXITY, "complexity") == []


def test_the_checks_see_a_long_and_a_tangled_function(tmp_path):
    branches = "".join(f"    if x == {i}:\n        return {i}\n" for i in range(25))
    (tmp_path / "m.py").write_text("class K:\n    def long(self):\n" + "        pass\n" * 61
                                   + "def tangled(x):\n" + branches + "    return -1\n", encoding="utf-8")
    assert long_functions(tmp_path, frozenset()) == {"m.py:K.long": 62}
    assert complex_functions(tmp_path, frozenset()) == {"m.py:tangled": 26}
    assert _ratchet({"m.py:K.long": 62}, {"m.py:K.long": 62, "m.py:gone": 70}, "lines") == [
        "m.py:gone: now within the bar; take it out of KNOWN"]
