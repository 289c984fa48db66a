"""The data layouts draw: records, values and rows, from files, from a game's sources or written inline.

This is the one reader of rows: a sheet's ``records:``/``values:`` and the rows
an element reads (a table's lines, a grid's cells, a network's nodes and
edges) on a sheet (:class:`SheetData`), on a card or a token
(:class:`Records`, which has no page record and no build).

This is the hand-off from a game's Python to its layouts (docs/sheets.md,
"Data from the game's code"). A rules module lists named *sources*
(``SOURCES = {"structures": structures}``, :mod:`pnp.model.rules`): functions
``(game, opts)`` returning plain data. A sheet names what it reads:

- ``records: {source: structures}`` -- a list of records (mappings of field
  name to value): one page per record;
- ``values: {source: totals}`` -- one mapping every page reads;
- an element's rows (``rows: {source: cells}``, ``rows: {field: cells}`` for a
  list a record holds, ``rows: terrain.csv``).

The same three also come from files of the game folder (CSV, TSV, XLSX, ODS
or YAML) or are written in the sheet itself. Values are plain: text, numbers,
yes/no, nothing, and lists and mappings of those. Anything else a source
returns is an error naming the source and where in its data it is, so a
rules module can never slip a drawing into a sheet.

A sheet that declares ``fields:`` has its records typed and checked by them
as a deck's cards are (``cost: integer 0..9``); without, a record's keys are
its fields and a spreadsheet's numbers are read as numbers.
"""
from __future__ import annotations

import math
import re
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping

from pnp.load.classes import dataclass
from pnp.load.errors import DataErrors, Problem
from pnp.model.plain.layout import MAX_ROWS, FromField, FromSource

if TYPE_CHECKING:
    from pnp.layout.fields import FieldType
    from pnp.model.assets import BuildOptions
    from pnp.model.game import Game

MAX_DEPTH = 8  # lists and mappings nested deeper than this are not plain data any more
MAX_ITEMS = 200_000  # values one source may return, counted through every list and mapping
MAX_RECORDS = MAX_ROWS
YAML_SUFFIXES = (".yaml", ".yml")
_INT = re.compile(r"[+-]?\d{1,15}")
_FLOAT = re.compile(r"[+-]?\d{1,15}\.\d{1,15}")


class NotPlain(ValueError):
    """A source returned something that is not plain data."""


@dataclass(frozen=True)
class Row:
    """One record: its values and where it was written (file, line; a source's: its name and the
    record's number; a list in a layout: ``("layout#3", 0)``), ``where`` as a message shows it."""

    values: dict[str, Any]
    source: tuple[str, int]
    copies: int = 1

    @property
    def where(self) -> str:
        return f"{self.source[0]}:{self.source[1]}" if self.source[1] else self.source[0]

    def get(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)


def plain(value: Any, at: str = "", budget: list | None = None, depth: int = 0) -> Any:
    """``value`` as plain data (tuples become lists, mappings dicts); :class:`NotPlain` names the place
    (``[3]['cells']``) of the first value that is not text, a number, yes/no, nothing, a list or a mapping."""
    budget = [MAX_ITEMS] if budget is None else budget
    budget[0] -= 1
    if budget[0] < 0:
        raise NotPlain(f"more than {MAX_ITEMS:,} values")
    if value is None or isinstance(value, (str, bool, int)):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise NotPlain(f"{at or 'the result'}: {value!r} is not a number a page can print")
        return value
    if depth >= MAX_DEPTH:
        raise NotPlain(f"{at or 'the result'}: nested deeper than {MAX_DEPTH} levels")
    if isinstance(value, Mapping):
        out = {}
        for k, v in value.items():
            if not isinstance(k, str):
                raise NotPlain(f"{at or 'the result'}: the key {k!r} is not text")
            out[k] = plain(v, f"{at}[{k!r}]", budget, depth + 1)
        return out
    if isinstance(value, (list, tuple)):
        return [plain(v, f"{at}[{i}]", budget, depth + 1) for i, v in enumerate(value)]
    raise NotPlain(f"{at or 'the result'}: a {type(value).__name__} is not plain data (text, numbers, yes/no, "
                   "lists and mappings of them); a source computes, the sheet draws")


def auto(text: Any) -> Any:
    """A spreadsheet cell of a sheet without declared fields: whole and decimal numbers (with a
    point) as numbers, empty as nothing, anything else as its text."""
    from pnp.layout.fields import as_text

    if text is None or isinstance(text, (bool, int, float)):
        return text
    s = as_text(text)
    if not s:
        return None
    if _INT.fullmatch(s):
        return int(s)
    if _FLOAT.fullmatch(s):
        return float(s)
    return s


class SheetData:
    """What one sheet file reads, each read once: ``records``, ``values`` and element ``rows``.

    ``game`` gives the folder and the rules module's sources (called once per build, shared by
    every sheet of the game), ``opts`` the build's options handed to each source; ``shown`` and
    ``raw`` (the sheet file as read, with line marks) place problems.
    """

    def __init__(self, game: Game | None, opts: BuildOptions, folder: Path, shown: str, raw: Any = None,
                 fields: dict[str, FieldType] | None = None):
        self.game, self.opts, self.folder, self.shown, self.raw = game, opts, Path(folder), shown, raw
        self.fields = fields or {}  # declared field types: records are typed by them
        self._files: dict[tuple[str, str], list[Row]] = {}
        self.record: Mapping[str, Any] = {}  # the values of the page being drawn ({field: ...} reads them)

    # ---------------------------------------------------------------- where problems are

    def at(self, loc: tuple) -> tuple[str, int, int]:
        from pnp.load.loader import locate

        return (self.shown, *locate(self.raw, loc)) if self.raw is not None else (self.shown, 0, 0)

    def fail(self, loc: tuple, message: str) -> DataErrors:
        return DataErrors([Problem(*self.at(loc), message)])

    # ---------------------------------------------------------------- the three readings

    def records(self, ref: Any, loc: tuple = ("records",)) -> list[Row]:
        """The records of a sheet's ``records:`` (typed by the declared fields, if any)."""
        if isinstance(ref, FromField):
            raise self.fail(loc, "a sheet's records come from a file, a source or a list, not from a field")
        return self._typed(self._rows(ref, loc, typed=True), ref, loc)

    def values(self, ref: Any, loc: tuple = ("values",)) -> dict[str, Any]:
        """The mapping of a sheet's ``values:``: written in place, or from a source."""
        if isinstance(ref, dict):
            return plain(dict(ref))
        if isinstance(ref, FromSource):
            got = self.source(ref.source, (*loc, "source"))
            if not isinstance(got, dict):
                raise self.fail((*loc, "source"), f"source {ref.source!r} gives {_what(got)}; 'values' needs a mapping of "
                                     "name: value (use 'records' for a list)")
            return got
        raise self.fail(loc, "'values' is a source ({source: name}) or a mapping of name: value")

    def rows(self, ref: Any, what: str = "rows") -> list[Row]:
        """The rows an element reads (a table's lines, a grid's cells): from a file, a source, a
        field of the page's record (:attr:`record`, set by the sheet before each page) or the list
        written in the layout. Untyped: each row as written. ``what`` names the property in messages
        (``table (elements.2) rows``)."""
        from pnp.layout.compile import CardError

        if isinstance(ref, FromField) or (not isinstance(ref, (str, list)) and hasattr(ref, "field")):
            value = self.record.get(ref.field)
            if value is None:
                return []
            if not isinstance(value, list):
                raise CardError(f"{what}: the field {ref.field!r} holds {_what(value)}, not a list of rows")
            return [Row(_as_row(v), (f"field {ref.field}", i + 1)) for i, v in enumerate(value)]
        loc = _loc(what)
        return self._rows(ref, loc, typed=False)

    # ---------------------------------------------------------------- sources and files

    def source(self, name: str, loc: tuple) -> Any:
        """What the rules module's source ``name`` returns for this build, checked to be plain data.
        Called once per build and game: every sheet reading it shares the result."""
        from pnp.model.rules import SOURCE_NAME

        rules = self.game.rules() if self.game is not None else None
        known = dict(rules.sources) if rules is not None else {}
        if name not in known:
            if self.game is None or self.game.module() is None:
                raise self.fail(loc, f"unknown source {name!r}: the game has no rules module (game.yaml's "
                                     f"'rules:') to compute it")
            listed = ", ".join(sorted(known)) or "none (its rules module lists no SOURCES)"
            raise self.fail(loc, f"unknown source {name!r}; the game's sources are: {listed}")
        game = self.game
        assert game is not None  # a source is known only from the game's rules module
        cache = game.__dict__.setdefault("_sources", {})
        key = (name, repr(self.opts))
        if key not in cache:
            assert re.fullmatch(SOURCE_NAME, name)
            got = known[name](game, self.opts)
            try:
                cache[key] = plain(got)
            except NotPlain as exc:
                raise self.fail(loc, f"source {name!r} of the rules module {game.manifest.rules}: {exc}") \
                    from None
        return cache[key]

    def file(self, name: str, loc: tuple) -> Path:
        """A data file of the game folder; one that is missing or leads outside it is a problem at ``loc``."""
        path = self.folder / name
        try:
            inside = path.resolve().is_relative_to(self.folder.resolve())
        except OSError:
            inside = False
        if not inside:
            raise self.fail(loc, f"{name}: the file is outside the game folder")
        if not path.is_file():
            raise self.fail(loc, f"{name}: no such file in the game folder")
        return path

    def _rows(self, ref: Any, loc: tuple, typed: bool) -> list[Row]:
        if isinstance(ref, list):
            file = self.shown
            return [Row(_as_row(plain(_unmarked(v))), (file, self.at((*loc, i))[1])) for i, v in enumerate(ref)]
        if isinstance(ref, FromSource) or (not isinstance(ref, (str, list)) and hasattr(ref, "source")):
            got = self.source(ref.source, (*loc, "source"))
            if not isinstance(got, list):
                raise self.fail((*loc, "source"), f"source {ref.source!r} gives {_what(got)}; rows need a list of records "
                                     "(use 'values' for one mapping)")
            return [Row(_as_row(v), (f"source {ref.source}", i + 1)) for i, v in enumerate(got)]
        key = (str(ref), "typed" if typed and self.fields else "plain")
        if key not in self._files:
            self._files[key] = self._read_file(ref, loc, typed and bool(self.fields))
        return self._files[key]

    def _read_file(self, name: str, loc: tuple, typed: bool) -> list[Row]:
        from pnp.load.loader import display_path

        path = self.file(name, loc)
        if not typed:
            return read_rows(path, display_path(path), numbers=True)
        shown = display_path(path)
        if path.suffix.lower() in YAML_SUFFIXES:
            from pnp.layout.tables import records_from_yaml

            return [Row(r.values, r.source, r.copies) for r in records_from_yaml(_yaml_list(path, shown), self.fields,
                                                                                 shown)]
        from pnp.layout.tables import read_records

        return [Row(r.values, r.source, r.copies) for r in read_records(path, self.fields)]

    def _typed(self, rows: list[Row], ref: Any, loc: tuple) -> list[Row]:
        """Records of a source or a list typed by the declared fields (a file's are typed as it is read);
        keys the fields do not declare are kept as they are."""
        if not self.fields or not isinstance(ref, (list, FromSource)):
            return rows
        out, problems = [], []
        for i, r in enumerate(rows):
            values = dict(r.values)
            for name, ftype in self.fields.items():
                try:
                    values[name] = ftype.convert(r.values.get(name))
                except ValueError as exc:
                    if isinstance(ref, list):
                        problems.append(Problem(*self.at((*loc, i, name) if name in r.values else (*loc, i)),
                                                f"field {name!r}: {exc}"))
                    else:
                        problems.append(Problem(*self.at(loc), f"source {ref.source!r}, record {i + 1}: "
                                                               f"field {name!r}: {exc}"))
            out.append(Row(values, r.source, r.copies))
        if problems:
            raise DataErrors(problems)
        return out


def _yaml_list(path: Path, shown: str) -> list:
    """The list of records of a YAML file: ``kind: records`` with ``records:`` (in a game folder every YAML
    file says its kind), or a bare list."""
    from pnp.load.loader import load_yaml, locate

    data = load_yaml(path)
    if isinstance(data, dict) and data.get("kind") == "records" and isinstance(data.get("records"), list):
        data = data["records"]
    if not isinstance(data, list):
        raise DataErrors([Problem(shown, *locate(data, ()), "expected 'kind: records' and a list 'records:', one "
                                                            "mapping each")])
    return data


def read_rows(path: Path, shown: str, numbers: bool = False) -> list[Row]:
    """The rows of a spreadsheet (CSV, TSV, XLSX, ODS: the first row names the columns) or YAML file, as
    written, untyped: a cell as its text (empty: nothing), or with ``numbers`` whole and decimal
    numbers as numbers (:func:`auto`); problems as :class:`DataErrors` at the file's line."""
    from pnp.layout.tables import SUFFIXES

    if path.suffix.lower() in YAML_SUFFIXES:
        return _yaml_rows(path, shown)
    if path.suffix.lower() not in SUFFIXES:
        raise DataErrors([Problem(shown, 0, 0, f"cannot read {path.suffix or 'a file without suffix'} rows; use "
                                               f"{', '.join(SUFFIXES + YAML_SUFFIXES)}")])
    return _sheet_rows(path, shown, numbers)


def _yaml_rows(path: Path, shown: str) -> list[Row]:
    """The records of a YAML file as rows, each where its mapping starts."""
    from pnp.load.loader import locate

    data = _yaml_list(path, shown)
    if len(data) > MAX_RECORDS:
        raise DataErrors([Problem(shown, 0, 0, f"{len(data):,} records; the limit is {MAX_RECORDS:,}")])
    out = []
    for i, item in enumerate(data):
        if not isinstance(item, dict):
            raise DataErrors([Problem(shown, *locate(data, (i,)), "expected a mapping of field: value")])
        out.append(Row(plain(_unmarked(item)), (shown, locate(data, (i,))[0])))
    return out


def _sheet_rows(path: Path, shown: str, numbers: bool) -> list[Row]:
    """The rows of a spreadsheet below its header row; blank rows skipped."""
    from pnp.layout.fields import as_text
    from pnp.layout.tables import table_rows

    cell: Callable[[Any], Any] = auto if numbers else (lambda c: as_text(c) or None)
    header: list[str] | None = None
    out: list[Row] = []
    for line, cells in table_rows(path):
        if not any(as_text(c) for c in cells):
            continue
        if header is None:
            header = _header(cells, shown, line)
            continue
        if len([c for c in cells[len(header):] if as_text(c)]):
            raise DataErrors([Problem(shown, line, 0, f"a value right of the last named column; the columns "
                                                      f"are: {', '.join(h for h in header if h)}")])
        if len(out) >= MAX_RECORDS:
            raise DataErrors([Problem(shown, line, 0, f"more than {MAX_RECORDS:,} records")])
        out.append(Row({h: cell(cells[i]) if i < len(cells) else None for i, h in enumerate(header) if h},
                       (shown, line)))
    if header is None:
        raise DataErrors([Problem(shown, 1, 0, "no header row: the first row must name the columns")])
    return out


def _header(cells: list[Any], shown: str, line: int) -> list[str]:
    """The column names of a header row, empty ones at its end dropped; a name given twice is a problem."""
    from pnp.layout.fields import as_text

    header = [as_text(c).strip() for c in cells]
    while header and not header[-1]:
        header.pop()
    twice = sorted({h for h in header if h and header.count(h) > 1})
    if twice:
        raise DataErrors([Problem(shown, line, 0, f"the column {twice[0]!r} is named twice")])
    return header


def inline_rows(items: Any, what: str, file: str = "layout") -> tuple[Row, ...]:
    """Records written into a layout (or a source's list): each a mapping, where ``layout#3``."""
    from pnp.layout.compile import CardError

    if not isinstance(items, (list, tuple)):
        raise CardError(f"{what}: {file}: expected a list of records, got {type(items).__name__}")
    if len(items) > MAX_RECORDS:
        raise CardError(f"{what}: {file}: {len(items)} records; the limit is {MAX_RECORDS}")
    out = []
    for i, rec in enumerate(items):
        if hasattr(rec, "model_dump"):
            rec = rec.model_dump()
        if not isinstance(rec, Mapping):
            raise CardError(f"{what}: {file}: record {i + 1} is not a mapping of column: value")
        out.append(Row(dict(rec), (f"{file}#{i + 1}", 0)))
    return tuple(out)


class Records:
    """The rows elements read on a card or a token: files inside ``folder``, lists written in the layout,
    and ``{source: name}`` when ``sources`` (name -> records) is given. Problems are the card's
    (:class:`~pnp.layout.compile.CardError`); files are kept until they change."""

    _cache: dict[tuple, tuple[Row, ...]] = {}

    def __init__(self, folder: "Path | None", sources: "Callable[[str], list] | None" = None):
        self.folder = Path(folder).resolve() if folder is not None else None
        self.sources = sources

    def rows(self, ref: Any, what: str) -> tuple[Row, ...]:
        """The records ``ref`` names (a file name, ``{source: name}`` or a list); ``what`` names the
        property in messages (``grid (elements.2) cells``)."""
        from pnp.layout.compile import CardError

        if isinstance(ref, (list, tuple)):
            return inline_rows(ref, what)
        if isinstance(ref, FromField) or (isinstance(ref, Mapping) and "field" in ref):
            raise CardError(f"{what}: {{field: ...}} reads the record of a sheet's page; a card has none")
        if isinstance(ref, (Mapping, FromSource)):
            return self._source(str(ref["source"] if isinstance(ref, Mapping) else ref.source), what)
        return self._file(str(ref), what)

    def _source(self, name: str, what: str) -> tuple[Row, ...]:
        from pnp.layout.compile import CardError

        if self.sources is None:
            raise CardError(f"{what}: source {name!r}: only a sheet a game's rules module feeds has sources")
        try:
            records = self.sources(name)
        except KeyError:
            raise CardError(f"{what}: the game has no source {name!r}") from None
        return tuple(Row(r.values, (f"source {name}", i + 1))
                     for i, r in enumerate(inline_rows(records, what, f"source {name}")))

    def _file(self, name: str, what: str) -> tuple[Row, ...]:
        from pnp.layout.compile import CardError
        from pnp.load.loader import display_path
        from pnp.load.paths import OutsideError, resolve_inside

        if self.folder is None:
            raise CardError(f"{what}: {name!r}: this layout has no game folder to read files from")
        try:
            path = resolve_inside(self.folder / name, (self.folder,), name, "the game folder")
        except OutsideError as exc:
            raise CardError(f"{what}: {exc}; records must be a file inside the game folder") from None
        if not path.is_file():
            raise CardError(f"{what}: {name!r} is not a file in the game folder")
        st = path.stat()
        key = (path, st.st_mtime_ns, st.st_size)
        hit = self._cache.get(key)
        if hit is None:
            try:
                hit = tuple(read_rows(path, display_path(path)))
            except DataErrors as exc:
                p = exc.problems[0]
                raise CardError(f"{what}: {p.file}:{p.line}: {p.message}" if p.line else
                                f"{what}: {p.file}: {p.message}") from None
            if len(self._cache) > 64:
                self._cache.clear()
            self._cache[key] = hit
        return hit


@lru_cache(maxsize=64)
def records_in(folder: Path) -> Records:
    """The one reader of a game folder for cards and tokens."""
    return Records(folder)


def number(row: Row, key: str, what: str, default: float | None = None) -> float | None:
    """``row[key]`` as a finite number (decimal commas too); ``default`` when empty."""
    from pnp.layout.compile import CardError

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


def _loc(what: str) -> tuple:
    """('elements', 2, 'rows') from 'table (elements.2) rows': where an element's property is written."""
    m = re.search(r"elements(?:\.\w+)*", what)
    if not m:
        return ()
    parts = tuple(int(p) if p.isdigit() else p for p in m.group(0).split("."))
    last = what.rsplit(" ", 1)[-1]
    return (*parts, last) if last.isidentifier() and ")" not in last and len(what.split()) > 1 else parts


def _as_row(v: Any) -> dict[str, Any]:
    """A row as a mapping; a bare value (a list of names) is the row {value: it}."""
    return dict(v) if isinstance(v, dict) else {"value": v}


def _unmarked(v: Any) -> Any:
    """ruamel's marked mappings and lists as plain ones."""
    if isinstance(v, dict):
        return {str(k): _unmarked(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_unmarked(x) for x in v]
    return v


def _what(v: Any) -> str:
    if isinstance(v, dict):
        return "a mapping"
    if isinstance(v, list):
        return "a list"
    return "nothing" if v is None else f"a {type(v).__name__}"
