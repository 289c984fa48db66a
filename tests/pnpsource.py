"""pnp/'s modules as syntax trees, for the tests that read the code; and the game modules that
still draw by hand: their owners are porting them to layouts or deleting them
this round. The architecture tests that hold pnp/ to one units module, short functions and
readable complexity leave them out until then; this list only shrinks."""
from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path
from typing import Iterator

HAND_DRAWN = frozenset({
    "games/klin_zha/guide.py", "games/klin_zha/assets.py", "games/klin_zha/sheets.py",
    "games/klin_zha/views.py", "games/klin_zha/overlay.py",
    "games/ordnerstruktur/rules.py",
    "games/rather_silly/printables.py", "games/rather_silly/logs.py", "games/rather_silly/position.py",
    "games/rather_silly/schematic.py",
    "games/kafkas_halle/tokens.py",
})


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
