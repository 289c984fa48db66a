"""Structure files: reading and validating them against the seed.

A structure is YAML without ``kind:`` (see data/ordnerstruktur/SCHEMA.md)::

    title: Erste Schritte
    author: Tobias
    variant: paare            # or voelker
    names: [Stadt Wald, Stadt Wüste, Stadt Höhle, Wald Wüste, Wald Höhle, Wüste Höhle]
    rows:                     # subfolders 1..10, one number per name, names order
      - [5, 0, 12, 0, 3, 0]
      ...

Every violation is collected and reported at once, each with its position
(``file:line:col``), the subfolder/file concerned and the seed rule.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from ...data.errors import DataErrors, Problem
from ...data.loader import display_path, load_yaml, locate, validate
from ...data.schema import Strict
from .model import CANONICAL, MAX_NAME, MAX_SUBFOLDER, NUMBERED, PEOPLES, SEED, TOTAL, VARIANTS


class StructureHeader(Strict):
    """The simple keys; ``names`` and ``rows`` are checked by hand for better messages."""

    title: str = Field(min_length=1, description="name of the structure")
    author: str = Field(min_length=1, description="the passive player who designed it")
    variant: Literal["paare", "voelker"] = Field(description="paare: six pair names; voelker: four peoples")
    names: list[Any] = Field(description="column order of the file names")
    rows: list[Any] = Field(description="subfolders 1-10: one whole number per name")
    description: str | None = Field(None, description="free text for the designer")


@dataclass(frozen=True)
class Violation:
    """One broken rule: an id for checkers, what it concerns, and where."""

    rule: str
    object: str
    message: str
    file: str
    line: int
    col: int

    def problem(self) -> Problem:
        return Problem(self.file, self.line, self.col, f"{self.object}: {self.message} (seed {SEED})"
                       if self.object else f"{self.message} (seed {SEED})")


@dataclass(frozen=True)
class Structure:
    title: str
    author: str
    variant: str
    names: tuple[str, ...]
    rows: tuple[tuple[int, ...], ...]  # NUMBERED rows x len(names)
    source: str = ""
    description: str = ""

    @property
    def row_sums(self) -> tuple[int, ...]:
        return tuple(sum(r) for r in self.rows)

    @property
    def column_sums(self) -> tuple[int, ...]:
        return tuple(sum(r[j] for r in self.rows) for j in range(len(self.names)))

    def points(self, subfolder: int, name: str) -> int:
        """Machtpunkte of a file; subfolder 1..10."""
        return self.rows[subfolder - 1][self.names.index(name)]


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _name_hint(variant: str, name: Any) -> str:
    expected = CANONICAL[variant]
    if isinstance(name, str) and variant == "paare":
        ps = name.split()
        if len(ps) == 2 and set(ps) <= set(PEOPLES) and ps[0] != ps[1]:
            fixed = " ".join(sorted(ps, key=PEOPLES.index))
            return f"write it as the seed does: '{fixed}'"
    return "expected one of " + ", ".join(f"'{n}'" for n in expected)


def check_raw(raw: Any, file: str) -> tuple[list[Violation], Structure | None]:
    """Validate parsed YAML; returns every violation and, if none, the Structure."""
    out: list[Violation] = []

    def v(rule: str, obj: str, msg: str, loc: tuple) -> None:
        line, col = locate(raw, loc)
        out.append(Violation(rule, obj, msg, file, line, col))

    try:
        header = validate(StructureHeader, raw, file)
    except DataErrors as exc:
        for p in exc.problems:
            out.append(Violation("ordner.schema", "", p.message, p.file, p.line, p.col))
        header = None
    if not isinstance(raw, dict):
        return out, None
    variant = raw.get("variant") if raw.get("variant") in VARIANTS else None
    names, rows = raw.get("names"), raw.get("rows")

    # ---- names: exactly the variant's names, each once, any column order
    good_names = False
    if variant and isinstance(names, list):
        expected = CANONICAL[variant]
        seen: dict[str, int] = {}
        for j, n in enumerate(names):
            if not isinstance(n, str) or n not in expected:
                v("ordner.names", f"names, entry {j + 1}",
                  f"{n!r} is not a file name of variant '{variant}'; {_name_hint(variant, n)}", ("names", j))
            elif n in seen:
                v("ordner.names", f"names, entry {j + 1}",
                  f"'{n}' is listed twice (also at position {seen[n] + 1}); each file name heads one column",
                  ("names", j))
            else:
                seen[n] = j
        missing = [n for n in expected if n not in seen]
        if missing:
            v("ordner.names", "names", f"missing {', '.join(repr(m) for m in missing)}: variant '{variant}' "
              f"has {len(expected)} file names per subfolder, each exactly once", ("names",))
        good_names = not missing and len(names) == len(expected) and len(seen) == len(names)

    # ---- rows: ten subfolders, one whole number >= 0 per name
    if not isinstance(rows, list):
        return out, None
    width = len(names) if isinstance(names, list) and names else None

    def label(j: int) -> str:
        if width is not None and j < width and isinstance(names[j], str):
            return f"file '{names[j]}'"
        return f"column {j + 1}"

    cells: dict[tuple[int, int], int] = {}
    if len(rows) > NUMBERED:
        for i in range(NUMBERED, len(rows)):
            v("ordner.subfolder-11", f"subfolder {i + 1}",
              "only subfolders 1-10 carry Machtpunkte; subfolder 11 only closes the last transfer and has "
              "no numbers (leave it out of rows)" if i == NUMBERED else
              f"there is no subfolder {i + 1}: a structure has 11 subfolders and rows lists 1-10",
              ("rows", i))
    elif len(rows) < NUMBERED:
        v("ordner.rows", "rows", f"{len(rows)} subfolder row(s) given; expected {NUMBERED} (subfolders 1-10, "
          "one number per file; subfolder 11 has none)", ("rows",))
    for i, row in enumerate(rows[:NUMBERED]):
        sub = f"subfolder {i + 1}"
        if not isinstance(row, list):
            v("ordner.rows", sub, f"expected a list of numbers, one per file name (got {type(row).__name__})",
              ("rows", i))
            continue
        if width is not None and len(row) != width:
            v("ordner.rows", sub, f"{len(row)} number(s) given; expected {width}, one per name in 'names' order",
              ("rows", i))
        for j, x in enumerate(row):
            obj = f"{sub}, {label(j)}"
            if not _is_int(x):
                v("ordner.whole-number", obj, f"{x!r} is not a whole number; every file holds one whole "
                  "number of Machtpunkte", ("rows", i, j))
            else:
                if x < 0:
                    v("ordner.non-negative", obj, f"{x} is negative; Machtpunkte are whole numbers >= 0 "
                      "('0' is allowed)", ("rows", i, j))
                cells[(i, j)] = x  # negatives still count in the sums, so those are reported too

    # ---- sums (only meaningful on a complete, well-typed grid)
    complete = (width is not None and len(rows) >= NUMBERED and
                len(cells) == NUMBERED * width and all(
                    isinstance(r, list) and len(r) == width for r in rows[:NUMBERED]))
    if complete:
        grid = tuple(tuple(cells[(i, j)] for j in range(width)) for i in range(NUMBERED))
        total = sum(map(sum, grid))
        if total != TOTAL:
            v("ordner.total", "total", f"the files hold {total} Machtpunkte in all; exactly {TOTAL} are required "
              f"({'remove' if total > TOTAL else 'add'} {abs(total - TOTAL)})", ("rows",))
        for i, r in enumerate(grid):
            if sum(r) > MAX_SUBFOLDER:
                v("ordner.subfolder-limit", f"subfolder {i + 1}", f"its {len(r)} files hold {sum(r)} "
                  f"Machtpunkte; a subfolder may hold at most {MAX_SUBFOLDER}", ("rows", i))
        for j in range(width):
            s = sum(r[j] for r in grid)
            if s > MAX_NAME:
                v("ordner.name-limit", label(j).replace("file ", "file name ", 1), f"its {NUMBERED} files hold {s} Machtpunkte; "
                  f"a file name may hold at most {MAX_NAME}", ("names", j))
        if not out and header is not None and good_names:
            return out, Structure(header.title, header.author, header.variant, tuple(names), grid,
                                  source=file, description=header.description or "")
    return out, None


def _ordered(vs: list[Violation]) -> list[Violation]:
    return sorted(vs, key=lambda x: (x.line, x.col))


def load_structure(path: "str | Path") -> Structure:
    """Read and validate a structure file; raises DataErrors listing every problem."""
    raw = load_yaml(path)
    violations, structure = check_raw(raw, display_path(Path(path)))
    if violations or structure is None:
        raise DataErrors([x.problem() for x in _ordered(violations)] or
                         [Problem(display_path(Path(path)), 1, 1, "not a structure")])
    return structure


def violations_of(path: "str | Path") -> list[Violation]:
    """Every violation in a structure file (YAML syntax problems included)."""
    file = display_path(Path(path))
    try:
        raw = load_yaml(path)
    except DataErrors as exc:
        return [Violation("ordner.yaml", "", p.message, p.file, p.line, p.col) for p in exc.problems]
    return _ordered(check_raw(raw, file)[0])


def dump_yaml(s: Structure) -> str:
    """A structure as YAML text, rows in flow style with sums as comments (deterministic)."""
    w = max(len(str(x)) for r in s.rows for x in r)
    lines = [f"title: {_q(s.title)}", f"author: {_q(s.author)}", f"variant: {s.variant}"]
    if s.description:
        lines.append(f"description: {_q(s.description)}")
    lines.append("names: [" + ", ".join(s.names) + "]")
    lines.append("rows:  # subfolders 1-10; subfolder 11 holds no numbers")
    for i, r in enumerate(s.rows):
        lines.append("  - [" + ", ".join(str(x).rjust(w) for x in r) + f"]  # {i + 1}: {sum(r)}")
    lines.append("# name sums: " + ", ".join(f"{n} {c}" for n, c in zip(s.names, s.column_sums)))
    return "\n".join(lines) + "\n"


def _q(text: str) -> str:
    import json

    return json.dumps(text, ensure_ascii=False)
