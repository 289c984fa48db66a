"""Errors about user data, always reported as ``file:line:col: message``."""
from __future__ import annotations

from pnp.load.classes import dataclass


@dataclass(frozen=True)
class Problem:
    file: str
    line: int  # 1-based; 0 when unknown
    col: int  # 1-based; 0 when unknown
    message: str

    def __str__(self) -> str:
        where = self.file
        if self.line:
            where += f":{self.line}"
            if self.col:
                where += f":{self.col}"
        return f"{where}: {self.message}" if where else self.message


class ValueAt(ValueError):
    """A schema check's error about one part of the value it checks: ``path`` leads from the
    value to that part, so the message is placed at the part's line (``cards.product.suit``);
    ``key``: at the key itself (a key that does not belong there)."""

    def __init__(self, path: tuple, message: str, key: bool = False):
        super().__init__(message)
        self.path, self.key = tuple(path), key


class DataErrors(Exception):
    """One or more problems in data files; the CLI prints them all and exits 2."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    def __add__(self, other: "DataErrors") -> "DataErrors":
        return DataErrors(self.problems + other.problems)

    def __reduce__(self) -> tuple[type, tuple[list[Problem]]]:  # whole problems survive the trip back from a build worker
        return (DataErrors, (self.problems,))


class UserError(Exception):
    """A problem the user can put right that is not in a data file's lines (a font without a
    glyph, a colour that does not parse, an output folder that cannot be written): one line
    and exit 2. ``after`` is said behind the message."""

    after = ""
