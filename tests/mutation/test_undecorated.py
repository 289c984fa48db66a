"""`make mutation` hands mutmut each module with its decorators applied after the body
(mutmut leaves a decorated function alone): the rewritten module must behave as the original."""
from __future__ import annotations

import ast
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from run import undecorated  # noqa: E402

SOURCE = '''\
from functools import cached_property

REGISTERED = []


def register(name, *, twice=False):
    def wrap(fn):
        REGISTERED.append((name, fn.__name__))
        return fn
    return wrap


def shout(fn):
    return lambda *a: fn(*a).upper()


@register("first")
def first(x):
    return f"one {x}"


@shout
@register("second",
          twice=True)
def second(x):
    return f"two {x}"


class Box:
    def __init__(self, n):
        self.n = n

    @cached_property
    def double(self):
        return 2 * self.n

    @staticmethod
    def kept(x):
        return x
'''


def _run(text: str) -> dict:
    space: dict = {}
    exec(compile(text, "m.py", "exec"), space)
    return space


def test_decorators_move_below_the_body_and_the_module_behaves_the_same():
    text = undecorated(SOURCE)
    assert "@register" not in text and "@shout" not in text and "@cached_property" not in text
    assert "    @staticmethod" in text  # mutmut mutates these itself
    before, after = _run(SOURCE), _run(text)
    assert after["REGISTERED"] == before["REGISTERED"] == [("first", "first"), ("second", "second")]
    assert after["second"]("x") == before["second"]("x") == "TWO X"
    assert after["first"]("x") == "one x" and after["Box"](4).double == 8 and after["Box"].kept(3) == 3
    fns = [n for n in ast.parse(text).body if isinstance(n, ast.FunctionDef)]
    assert all(not f.decorator_list for f in fns)
