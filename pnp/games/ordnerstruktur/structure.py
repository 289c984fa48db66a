"""Structure files: reading and validating them against the seed.

A structure is YAML without ``kind:`` (see data/ordnerstruktur/SCHEMA.md)::

    title: Erste Schritte
    author: Tobias
    variant: paare            # or voelker
    names: [Stadt Wald, Stadt Wüste, Stadt Höhle, Wald Wüste, Wald Höhle, Wüste Höhle]
    rows:                     # subfolders 1..10, one number per name, names order
      - [5, 0, 12, 0, 3, 0]
      ...

Every rule of the seed's Spielvorbereitung is a function registered in ``RULES``; all
findings are reported at once, each with its position (``file:line:col``), the
subfolder/file concerned and the seed passage.
"""
from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import Any

from pnp.checks import Finding, RuleBook, Source, flag, from_problems
from pnp.load.classes import dataclass
from pnp.load.errors import DataErrors, Problem
from pnp.load.loader import display_path, load_yaml, read_cached, validate
from pnp.model.plain import Plain
from pnp.games.ordnerstruktur.model import CANONICAL, FACTS, MAX_NAME, MAX_SUBFOLDER, NUMBERED, PEOPLES, SEED, TOTAL, \
    VARIANTS

RULES = RuleBook(FACTS.document, FACTS.title)


class StructureHeader(Plain):
    """The plain twin of a structure file's simple keys (the schema: :mod:`.schemas`)."""


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


@dataclass
class Draft:
    """A structure file as written, before it is a :class:`Structure`."""

    src: Source

    @property
    def raw(self) -> dict:
        return self.src.raw if isinstance(self.src.raw, dict) else {}

    @cached_property
    def header(self) -> StructureHeader | DataErrors:
        from pnp.games.ordnerstruktur.schemas import StructureHeader  # a file the cache holds is not read again

        try:
            return validate(StructureHeader, self.src.raw, self.src.file)
        except DataErrors as exc:
            return exc

    @property
    def variant(self) -> str | None:
        return self.raw.get("variant") if self.raw.get("variant") in VARIANTS else None

    @property
    def names(self) -> list | None:
        return self.raw.get("names") if isinstance(self.raw.get("names"), list) else None

    @property
    def rows(self) -> list:
        return self.raw.get("rows") if isinstance(self.raw.get("rows"), list) else []

    @property
    def width(self) -> int | None:
        return len(self.names) if self.names else None

    def label(self, j: int) -> str:
        if self.width is not None and j < self.width and isinstance(self.names[j], str):
            return f"file '{self.names[j]}'"
        return f"column {j + 1}"

    @cached_property
    def name_columns(self) -> dict[str, int]:
        """Each valid name of the variant -> its first column."""
        seen: dict[str, int] = {}
        for j, n in enumerate((self.names or []) if self.variant else []):
            if isinstance(n, str) and n in CANONICAL[self.variant]:
                seen.setdefault(n, j)
        return seen

    def numbered_rows(self):
        """(index, row) of subfolders 1-10 given as lists."""
        return [(i, r) for i, r in enumerate(self.rows[:NUMBERED]) if isinstance(r, list)]

    def cells(self):
        """(what it is, value, where) of every number in subfolders 1-10."""
        for i, row in self.numbered_rows():
            for j, x in enumerate(row):
                yield f"subfolder {i + 1}, {self.label(j)}", x, self.src.at("rows", i, j)

    @cached_property
    def grid(self) -> tuple[tuple[int, ...], ...] | None:
        """The 10 x width numbers when every cell is a whole number (negatives included), else None."""
        w = self.width
        rows = self.numbered_rows()
        if w is None or len(rows) != NUMBERED or any(len(r) != w or not all(map(_is_int, r)) for _, r in rows):
            return None
        return tuple(tuple(r) for _, r in rows)


RULES.load_rule("ordner.yaml", "Die Ordnerstruktur", "a structure file is readable YAML", scope="file")



@RULES.rule("ordner.schema", "Die Ordnerstruktur (Eine Ordnerstruktur ist wie folgt aufgebaut)",
            "title, author, variant, names and rows, no other keys", scope="structure")
def schema(d: Draft):
    if isinstance(d.header, DataErrors):
        yield from from_problems(d.header.problems)


@RULES.rule("ordner.names",
            "Die Ordnerstruktur (6 Kombinationsmöglichkeiten); Die Vereinfachung des Konzepts (die vier Völker als "
            "Dateinamen)",
            "the names are the variant's file names, each exactly once", scope="structure",
            reading="a pair name is spelt as the document lists it, peoples in the order Stadt, Wald, Wüste, Höhle "
                    "('Stadt Höhle', not 'Höhle Stadt'); the order of the columns is free")
def names(d: Draft):
    if not d.variant or d.names is None:
        return
    first = d.name_columns
    for j, n in enumerate(d.names):
        if not isinstance(n, str) or n not in first:
            yield flag(f"{n!r} is not a file name of variant '{d.variant}'; {_name_hint(d.variant, n)}",
                       f"names, entry {j + 1}", d.src.at("names", j))
        elif first[n] != j:
            yield flag(f"'{n}' is listed twice (also at position {first[n] + 1}); each file name heads one column",
                       f"names, entry {j + 1}", d.src.at("names", j))
    expected = CANONICAL[d.variant]
    missing = [n for n in expected if n not in first]
    if missing:
        yield flag(f"missing {', '.join(repr(m) for m in missing)}: variant '{d.variant}' has {len(expected)} file "
                   "names per subfolder, each exactly once", "names", d.src.at("names"))


@RULES.rule("ordner.subfolder-11", "Die Machtübergaben (eine 11. Datei ausgewählt, die aber keine Zahl mehr enthält)",
            "rows lists subfolders 1-10 only; subfolder 11 holds no numbers", scope="structure",
            reading="'In jede Datei kommt eine Zahl' and '66 Dateien' against 'eine 11. Datei …, die aber keine Zahl "
                    "mehr enthält' and 'Die Summe eines Dateinamens (10 Dateien)': pnp follows the latter two, so "
                    "subfolder 11 holds no numbers at all (not even zeros) and a structure has ten rows")
def subfolder_11(d: Draft):
    for i in range(NUMBERED, len(d.rows)):
        yield flag("only subfolders 1-10 carry Machtpunkte; subfolder 11 only closes the last transfer and has no "
                   "numbers (leave it out of rows)" if i == NUMBERED else
                   f"there is no subfolder {i + 1}: a structure has 11 subfolders and rows lists 1-10",
                   f"subfolder {i + 1}", d.src.at("rows", i))


@RULES.rule("ordner.rows", "Die Ordnerstruktur (Jeder Unterordner erhält 6 Dateien)",
            "ten rows, one number per file name", scope="structure")
def rows(d: Draft):
    if "rows" in d.raw and isinstance(d.raw["rows"], list) and len(d.rows) < NUMBERED:
        yield flag(f"{len(d.rows)} subfolder row(s) given; expected {NUMBERED} (subfolders 1-10, one number per "
                   "file; subfolder 11 has none)", "rows", d.src.at("rows"))
    for i, row in enumerate(d.rows[:NUMBERED]):
        if not isinstance(row, list):
            yield flag(f"expected a list of numbers, one per file name (got {type(row).__name__})",
                       f"subfolder {i + 1}", d.src.at("rows", i))
        elif d.width is not None and len(row) != d.width:
            yield flag(f"{len(row)} number(s) given; expected {d.width}, one per name in 'names' order",
                       f"subfolder {i + 1}", d.src.at("rows", i))


@RULES.rule("ordner.whole-number", "Die Spielvorbereitung (In jede Datei kommt eine Zahl)",
            "every file holds one whole number", scope="structure")
def whole_number(d: Draft):
    for obj, x, at in d.cells():
        if not _is_int(x):
            yield flag(f"{x!r} is not a whole number; every file holds one whole number of Machtpunkte", obj, at)


@RULES.rule("ordner.non-negative", "Die Spielvorbereitung (positiven, ganzen Zahlen)",
            "no negative numbers (0 is allowed)", scope="structure",
            reading="'positiven, ganzen Zahlen („0“ ist erlaubt!)': whole numbers from 0 up")
def non_negative(d: Draft):
    for obj, x, at in d.cells():
        if _is_int(x) and x < 0:
            yield flag(f"{x} is negative; Machtpunkte are whole numbers >= 0 ('0' is allowed)", obj, at)


@RULES.rule("ordner.total", "Die Spielvorbereitung (genau 200 Machtpunkte)",
            "the files hold exactly 200 Machtpunkte", scope="structure")
def total(d: Draft):
    if d.grid is None:
        return
    n = sum(map(sum, d.grid))
    if n != TOTAL:
        yield flag(f"the files hold {n} Machtpunkte in all; exactly {TOTAL} are required "
                   f"({'remove' if n > TOTAL else 'add'} {abs(n - TOTAL)})", "total", d.src.at("rows"))


@RULES.rule("ordner.subfolder-limit", "Die Spielvorbereitung (darf 60 Machtpunkte nicht überschreiten)",
            "a subfolder holds at most 60 Machtpunkte", scope="structure",
            reading="the passage speaks of a subfolder's 6 files; the simplified variant (4 files) keeps the same "
                    "limits of 60 per subfolder, 100 per name and 200 in all, since the simplification changes only "
                    "the names")
def subfolder_limit(d: Draft):
    for i, r in enumerate(d.grid or ()):
        if sum(r) > MAX_SUBFOLDER:
            yield flag(f"its {len(r)} files hold {sum(r)} Machtpunkte; a subfolder may hold at most {MAX_SUBFOLDER}",
                       f"subfolder {i + 1}", d.src.at("rows", i))


@RULES.rule("ordner.name-limit", "Die Spielvorbereitung (darf 100 Machtpunkte nicht überschreiten)",
            "a file name holds at most 100 Machtpunkte", scope="structure")
def name_limit(d: Draft):
    for j in range(d.width if d.grid else 0):
        n = sum(r[j] for r in d.grid)
        if n > MAX_NAME:
            yield flag(f"its {NUMBERED} files hold {n} Machtpunkte; a file name may hold at most {MAX_NAME}",
                       d.label(j).replace("file ", "file name ", 1), d.src.at("names", j))


def check_raw(raw: Any, file: str) -> tuple[list[Finding], Structure | None]:
    """Validate parsed YAML; returns every finding and, if none, the Structure."""
    d = Draft(Source(file, raw))
    found = RULES.run(d, "structure")
    h = d.header
    if found or isinstance(h, DataErrors) or d.grid is None or len(d.name_columns) != len(d.names or ()):
        return found, None
    return found, Structure(h.title, h.author, h.variant, tuple(d.names), d.grid, source=file,
                            description=h.description or "")


def _ordered(fs: list[Finding]) -> list[Finding]:
    return sorted(fs, key=lambda f: (f.line, f.col))


def load_structure(path: "str | Path") -> Structure:
    """Read and validate a structure file (kept in pnp's cache once valid); raises
    DataErrors listing every problem."""
    return read_cached(path, f"structure-v2|{FACTS.fingerprint}", _structure)


def _structure(path: Path, data: bytes) -> Structure:
    found, structure = check_raw(load_yaml(path, data), display_path(path))
    if found or structure is None:
        raise DataErrors([f.problem(f"{f.object}: {f.message} (seed {SEED})" if f.object else
                                    f"{f.message} (seed {SEED})") for f in _ordered(found)] or
                         [Problem(display_path(path), 1, 1, "not a structure")])
    return structure


def violations_of(path: "str | Path") -> list[Finding]:
    """Every broken rule in a structure file (YAML syntax problems included), in file order."""
    try:  # what a file breaks is kept in pnp's cache with the file, like a validated one
        return read_cached(path, f"structure-findings-v2|{FACTS.fingerprint}",
                           lambda p, data: _ordered(check_raw(load_yaml(p, data), display_path(p))[0]))
    except DataErrors as exc:
        return RULES.run(exc, "file")


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
