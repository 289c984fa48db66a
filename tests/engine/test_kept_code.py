"""pnp's dataclasses (pnp.load.classes.dataclass) are the standard library's, and the methods the
standard library writes for them are compiled once and kept in pnp's cache: a second process
compiles nothing for them (issue #32: no code generation on the warm path of a rebuild)."""
from __future__ import annotations

import ast
import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.load.classes import dataclass

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True, order=True)
class Point:
    x: int
    y: int = 0
    tags: list[str] = dataclasses.field(default_factory=list, compare=False)


@dataclass
class Bag:
    items: list[int] = dataclasses.field(default_factory=list)


def test_it_is_a_standard_dataclass():
    p = Point(1)
    assert dataclasses.is_dataclass(p) and [f.name for f in dataclasses.fields(p)] == ["x", "y", "tags"]
    assert p == Point(1, 0, ["other"]) and p < Point(2) and hash(p) == hash(Point(1))
    assert repr(p) == "Point(x=1, y=0, tags=[])"
    assert dataclasses.replace(p, y=5) == Point(1, 5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 2  # type: ignore[misc]
    b = Bag()
    b.items.append(1)
    assert Bag().items == [] and b == Bag([1]) and dataclasses.asdict(b) == {"items": [1]}
    assert "exec" not in vars(dataclasses), "the standard module is left as it was"


MODULE = '''
from pnp.load.classes import dataclass

@dataclass(frozen=True)
class A{n}:
    a: int
    b: str = "x"

@dataclass
class B{n}:
    c: float = 1.0
'''

SCRIPT = """
import sys
compiled = []
sys.addaudithook(lambda event, args: compiled.append(args[0]) if event == "compile" else None)
sys.path.insert(0, sys.argv[1])
import made
assert made.A1(1) == made.A1(1, "x") and made.B1().c == 1.0
print(sum(1 for text in compiled if isinstance(text, bytes) and b"def __create_fn__" in text))  # dataclasses' texts
"""


def test_a_second_process_compiles_nothing_for_them(tmp_path):
    (tmp_path / "made.py").write_text(MODULE.format(n=1), encoding="utf-8")
    env = {**os.environ, "PNP_CACHE_DIR": str(tmp_path / "cache"), "PYTHONDONTWRITEBYTECODE": "1"}

    def texts_compiled() -> int:
        proc = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path)], env=env, capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
        return int(proc.stdout)

    assert texts_compiled() >= 4  # __init__, __repr__, __eq__, __hash__, __setattr__ ... of two classes
    assert texts_compiled() == 0
    (tmp_path / "made.py").write_text(MODULE.format(n=1).replace('b: str = "x"', 'b: str = "x"\n    d: int = 2'),
                                      encoding="utf-8")
    assert texts_compiled() >= 1, "a changed class writes a new text: compiled again"


def test_every_dataclass_of_pnp_is_made_this_way():
    plain = []
    for path in sorted((ROOT / "pnp").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "dataclasses" and any(
                    a.name == "dataclass" for a in node.names):
                plain.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not plain, f"use pnp.load.classes.dataclass: {plain}"
