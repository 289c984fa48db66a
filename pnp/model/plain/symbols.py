"""A symbol library (kind: symbols) as the build reads it: the plain twins of
:mod:`pnp.model.symbols`, and the path syntax and directions its parts use."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from pnp.model.plain import Plain

if TYPE_CHECKING:  # pragma: no cover
    from pnp.model.symbols import Symbol as SymbolModel

_TOKEN = re.compile(r"[MLCQZmlcqz]|-?\d+(?:\.\d+)?(?:e-?\d+)?")
_ARITY = {"M": 2, "L": 2, "C": 6, "Q": 4, "Z": 0}


def parse_path_d(d: str) -> list[tuple]:
    """Parse absolute SVG path syntax (M L C Q Z) into path ops; ValueError if malformed."""
    leftover = _TOKEN.sub(" ", d).replace(",", " ").strip()
    if leftover:
        raise ValueError(f"path 'd' has characters that are not M/L/C/Q/Z or numbers: {leftover[:20]!r}")
    tokens = _TOKEN.findall(d)
    ops: list[tuple] = []
    i = 0
    cmd = None
    while i < len(tokens):
        t = tokens[i]
        if t.isalpha():
            if t.islower():
                raise ValueError(f"path 'd': relative command {t!r} is not supported; use upper-case (absolute)")
            cmd = t
            i += 1
            if cmd == "Z":
                ops.append(("Z",))
                continue
        elif cmd is None or cmd == "Z":
            raise ValueError("path 'd' must start with a command letter (M)")
        n = _ARITY[cmd]
        nums = tokens[i:i + n]
        if len(nums) < n or any(x.isalpha() for x in nums):
            raise ValueError(f"path 'd': command {cmd} needs {n} numbers")
        ops.append((cmd, *(float(x) for x in nums)))
        i += n
        if cmd == "M":
            cmd = "L"  # implicit line-to after a move, as in SVG
    if not ops or ops[0][0] != "M":
        raise ValueError("path 'd' must start with M")
    return ops


DIRECTIONS = {
    "right": 0.0, "down-right": 45.0, "down": 90.0, "down-left": 135.0,
    "left": 180.0, "up-left": 225.0, "up": 270.0, "up-right": 315.0,
    # player's view: forward is away from the player (up), back is towards them
    "forward": 270.0, "back": 90.0,
}


class PartBase(Plain):
    """What every part has: where it sits, its scale, rotation and ink."""


class ArrowPart(PartBase):
    """A straight arrow."""


class CurvedArrowPart(PartBase):
    """An arc arrow."""


class UTurnPart(PartBase):
    """A U-shaped arrow."""


class BoltPart(PartBase):
    """A lightning bolt."""


class SquarePart(PartBase):
    """A square outline or block."""


class NestedSquaresPart(PartBase):
    """Concentric square outlines."""


class PlusPart(PartBase):
    """A plus sign."""


class SmileyPart(PartBase):
    """A smiling face."""


class TextPart(PartBase):
    """A few letters."""


class PathPart(PartBase):
    """A raw path in SVG syntax."""


class Symbol(Plain):
    """A symbol: an id, a name and its parts."""


class SymbolLibrary(Plain):
    """Symbols by id, drawn in one ink unless a part says otherwise."""

    def get(self, symbol_id: str) -> "SymbolModel | None":
        for s in self.symbols:
            if s.id == symbol_id:
                return s
        return None

    @property
    def shown(self) -> "list[SymbolModel]":
        """The symbols the symbol sheet shows."""
        return [s for s in self.symbols if s.on_sheet]

    @property
    def ids(self) -> list[str]:
        return [s.id for s in self.symbols]
