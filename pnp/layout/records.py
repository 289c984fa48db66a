"""Records an element reads for itself: a grid's cells, a network's nodes and edges.

A property such as ``cells:`` names where they come from:

* a file of the game folder: a spreadsheet (``.csv``, ``.tsv``, ``.xlsx``,
  ``.ods``; the first row names the columns) or a YAML file of ``kind:
  records`` whose ``records:`` list holds one mapping per record;
* a list written into the layout itself;
* ``{source: name}``: records a game's rules module computes (a solved path,
  a random layout), handed over by the sheet that draws the layout.

Every record is a mapping of column to value plus where it was written
(``terrain.csv:5``), so a message can point at the row. Columns are not typed
up front: a template uses what it needs, and a number is read as a number
where one is needed (a node's ``x``).

Whoever stamps a layout passes a :class:`Records` reader as the card's
``data`` (:class:`pnp.layout.compile.Card`); it reads only files inside its
folder and keeps what it read until the file changes.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Callable, Mapping, Union

from pydantic import Field

from pnp.layout.compile import CardError
from pnp.model.base import Strict

MAX_RECORDS = 20_000
YAML_SUFFIXES = (".yaml", ".yml")


class FromSource(Strict):
    """Records a game's rules module computes, by the name of its source."""

    source: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=60, description="the source's name")]


RecordsRef = Union[Annotated[str, Field(min_length=1, max_length=200, pattern=r"(?i)\.(csv|tsv|xlsx|ods|ya?ml)$")],
                   Annotated[list[dict[str, Any]], Field(max_length=MAX_RECORDS)], FromSource]
RECORDS_HELP = ("a file of the game folder (.csv, .tsv, .xlsx, .ods, .yaml), a list of records, or "
                "{source: name} (records the game's rules module computes)")


@dataclass(frozen=True)
class Row:
    """One record: its values by column, and where it was written (``file:line``)."""

    values: Mapping[str, Any]
    where: str

    def get(self, key: str, default=None):
        return self.values.get(key, default)


Source = Callable[[str], list]  # a source name -> its records (mappings)


class Records:
    """Reads records from files inside ``folder``; ``sources`` (name -> records) are a game's."""

    _cache: dict[tuple, tuple[Row, ...]] = {}

    def __init__(self, folder: "Path | None", sources: Source | None = None):
        self.folder = Path(folder).resolve() if folder is not None else None
        self.sources = sources

    def rows(self, ref: Any, what: str) -> tuple[Row, ...]:
        """The records ``ref`` names (a file name, ``{source: name}`` or a list); ``what`` names the
        property in messages (``grid (elements.2) cells``)."""
        if isinstance(ref, (list, tuple)):
            return inline_rows(ref, what)
        if isinstance(ref, Mapping) or hasattr(ref, "source"):
            name = ref["source"] if isinstance(ref, Mapping) else ref.source
            return self._source(str(name), what)
        return self._file(str(ref), what)

    def _source(self, name: str, what: str) -> tuple[Row, ...]:
        if self.sources is None:
            raise CardError(f"{what}: source {name!r}: only a sheet a game's rules module feeds has sources")
        try:
            records = self.sources(name)
        except KeyError:
            raise CardError(f"{what}: the game has no source {name!r}") from None
        return _checked(records, f"source {name}", what)

    def _file(self, name: str, what: str) -> tuple[Row, ...]:
        if self.folder is None:
            raise CardError(f"{what}: {name!r}: this layout has no game folder to read files from")
        from pnp.load.paths import OutsideError, resolve_inside

        try:
            path = resolve_inside(self.folder / name, (self.folder,), name, "the game folder")
        except OutsideError as exc:
            raise CardError(f"{what}: {exc}; records must be a file inside the game folder") from None
        if not path.is_file():
            raise CardError(f"{what}: {name!r} is not a file in the game folder")
        suffix = path.suffix.lower()
        st = path.stat()
        key = (path, st.st_mtime_ns, st.st_size)
        hit = self._cache.get(key)
        if hit is None:
            if suffix in YAML_SUFFIXES:
                hit = _yaml_rows(path, what)
            else:
                hit = _table_rows(path, what)
            if len(self._cache) > 64:
                self._cache.clear()
            self._cache[key] = hit
        return hit


@lru_cache(maxsize=64)
def records_in(folder: Path) -> Records:
    """The one reader for a game folder."""
    return Records(folder)


def inline_rows(items, what: str, file: str = "layout") -> tuple[Row, ...]:
    """Records written into the layout: each a mapping."""
    return _checked(list(items), file, what)


def _checked(records, file: str, what: str) -> tuple[Row, ...]:
    if not isinstance(records, (list, tuple)):
        raise CardError(f"{what}: {file}: expected a list of records, got {type(records).__name__}")
    if len(records) > MAX_RECORDS:
        raise CardError(f"{what}: {file}: {len(records)} records; the limit is {MAX_RECORDS}")
    out = []
    for i, rec in enumerate(records):
        if hasattr(rec, "model_dump"):
            rec = rec.model_dump()
        if not isinstance(rec, Mapping):
            raise CardError(f"{what}: {file}: record {i + 1} is not a mapping of column: value")
        out.append(Row(dict(rec), f"{file}#{i + 1}"))
    return tuple(out)


def _yaml_rows(path: Path, what: str) -> tuple[Row, ...]:
    from pnp.load.errors import DataErrors
    from pnp.load.loader import display_path, load_yaml, locate

    shown = display_path(path)
    try:
        raw = load_yaml(path)
    except DataErrors as exc:
        p = exc.problems[0]
        raise CardError(f"{what}: {p.file}:{p.line}: {p.message}") from None
    if isinstance(raw, dict) and raw.get("kind") == "records" and isinstance(raw.get("records"), list):
        raw = raw["records"]  # in a game folder every YAML file says its kind
    if not isinstance(raw, list):
        raise CardError(f"{what}: {shown}: expected 'kind: records' and a list 'records:', one mapping each")
    if len(raw) > MAX_RECORDS:
        raise CardError(f"{what}: {shown}: {len(raw)} records; the limit is {MAX_RECORDS}")
    out = []
    for i, item in enumerate(raw):
        line, _ = locate(raw, (i,))
        if not isinstance(item, dict):
            raise CardError(f"{what}: {shown}:{line}: expected a mapping of column: value")
        out.append(Row({str(k): v for k, v in item.items()}, f"{shown}:{line}"))
    return tuple(out)


def _table_rows(path: Path, what: str) -> tuple[Row, ...]:
    from pnp.layout.fields import as_text
    from pnp.layout.tables import SUFFIXES, table_rows
    from pnp.load.errors import DataErrors
    from pnp.load.loader import display_path

    shown = display_path(path)
    if path.suffix.lower() not in SUFFIXES:
        raise CardError(f"{what}: {shown}: cannot read {path.suffix or 'a file without suffix'} records; use "
                        f"{', '.join(SUFFIXES + YAML_SUFFIXES)}")
    try:
        rows = table_rows(path)
        header = None
        out = []
        for line, cells in rows:
            texts = [as_text(c) for c in cells]
            if not any(texts):
                continue
            if header is None:
                header = [t.strip() for t in texts]
                while header and not header[-1]:
                    header.pop()
                continue
            if len(out) >= MAX_RECORDS:
                raise CardError(f"{what}: {shown}: more than {MAX_RECORDS} records")
            if any(texts[len(header):]):
                raise CardError(f"{what}: {shown}:{line}: a value in column {len(header) + 1}, but only "
                                f"{len(header)} columns have a header")
            out.append(Row({h: (t or None) for h, t in zip(header, texts) if h}, f"{shown}:{line}"))
    except DataErrors as exc:
        p = exc.problems[0]
        raise CardError(f"{what}: {p.file}:{p.line}: {p.message}") from None
    if header is None:
        raise CardError(f"{what}: {shown}: no header row; the first row names the columns")
    return tuple(out)


def number(row: Row, key: str, what: str, default: float | None = None) -> float | None:
    """``row[key]`` as a finite number (decimal commas too); ``default`` when empty."""
    v = row.get(key)
    if v is None or v == "":
        if default is None:
            raise CardError(f"{row.where}: {what}: column {key!r} is empty; expected a number")
        return default
    if isinstance(v, bool):
        raise CardError(f"{row.where}: {what}: column {key!r}: expected a number, got {v!r}")
    try:
        x = float(str(v).replace(",", ".")) if isinstance(v, str) else float(v)
    except (TypeError, ValueError):
        raise CardError(f"{row.where}: {what}: column {key!r}: expected a number, got {v!r}") from None
    if not math.isfinite(x):
        raise CardError(f"{row.where}: {what}: column {key!r}: expected a number, got {v!r}")
    return x

