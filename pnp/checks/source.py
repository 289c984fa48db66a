"""Where something is in a data file: the one place that turns a key path into file:line:col.

A loader that keeps the marked YAML document (with its line marks) wraps it in a :class:`Source`;
a checker then asks ``src.at("cards", 3, "cost")`` instead of walking line marks itself.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.load.classes import dataclass
from pnp.load.errors import Problem
from pnp.load.loader import display_path, load_yaml, locate


@dataclass(frozen=True)
class Loc:
    """A place in a file; line and col count from 1, 0 means unknown."""

    file: str = ""
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        nums = [n for n in (self.line, self.col if self.line else 0) if n]
        return ":".join([self.file, *map(str, nums)])

    def problem(self, message: str) -> Problem:
        return Problem(self.file, self.line, self.col, message)


@dataclass(frozen=True)
class Source:
    """One loaded YAML document: the path as messages show it and the marked YAML data."""

    file: str
    raw: Any = None

    @classmethod
    def read(cls, path: "str | Path") -> "Source":
        """Load ``path`` (positioned DataErrors on bad YAML)."""
        return cls(display_path(Path(path)), load_yaml(path))

    @classmethod
    def of(cls, path: "str | Path", raw: Any) -> "Source":
        return cls(display_path(Path(path)), raw)

    def at(self, *path: Any, key: bool = False) -> Loc:
        """The value ``path`` reaches (or, with ``key``, its key); the deepest part that exists."""
        if self.raw is None:
            return Loc(self.file)
        return Loc(self.file, *locate(self.raw, path, at_key=key))

    def at_id(self, part: str, ident: str) -> Loc:
        """The entry of the list ``part`` whose ``id`` is ``ident``; the list itself when none is."""
        items = self.raw.get(part) if isinstance(self.raw, dict) else None
        for i, e in enumerate(items if isinstance(items, list) else []):
            if isinstance(e, dict) and e.get("id") == ident:
                return self.at(part, i)
        return self.at(part)
