"""pnp/'s modules as syntax trees, for the tests that read the code (one units module, short
functions, readable complexity). HAND_DRAWN named the game modules those tests left out while
they still drew by hand; since every game's drawing is data (issue #31) it is empty, and stays so."""
from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path
from typing import Iterator

HAND_DRAWN: frozenset[str] = frozenset()  # every game's drawing is data now (issue #31)


PNP = Path(__file__).resolve().parents[1] / "pnp"


@lru_cache(maxsize=None)
def _parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def modules(root: Path = PNP, skip: frozenset[str] = HAND_DRAWN) -> Iterator[tuple[str, ast.Module]]:
    """(path under ``root``, syntax tree) of every module of pnp/ but those in ``skip``; each file is
    parsed once per test run, whichever test asks first."""
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if rel not in skip:
            yield rel, _parsed(path)
