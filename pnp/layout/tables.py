"""Card lists from spreadsheets (CSV, TSV, XLSX, ODS) or inline YAML, typed by a layout's fields.

Rules every source follows:

- The first non-empty row is the header. A header names a field when it equals the field's name
  (ignoring case and surrounding spaces) or when ``columns`` maps it to one. A column the fields
  do not use is a warning in the result's ``warnings`` naming the field it most looks like
  (``column 'powr' is not a field of the layout, so it is not printed; did you mean 'power'?``),
  and so is an optional field without a column unless it has a default; a column a required
  field needs and the sheet lacks is an error at line 1. Messages quote at most
  :data:`MAX_SHOWN` characters of a header, and none when no header names a field (a file
  that is no card list at all).
- Lines are spreadsheet row numbers, the header usually being line 1. In a CSV that is the row
  a spreadsheet program shows, which differs from the text editor's line only below a cell that
  holds a line break. Empty rows are skipped.
- Every bad cell of every row is reported (``cards.csv:17: column cost: expected an integer
  from 0 to 9, got "zwei"``), together, as one :class:`DataErrors`; at most
  :data:`MAX_PROBLEMS` are listed.
- A ``copies`` column (declared as a field, or else read as ``integer 0..1000 = 1``) says how
  often a card is printed.

CSV: UTF-8 with or without BOM (UTF-16 with BOM too, Excel's "Unicode text"). The delimiter is
whichever of ``,`` ``;`` and tab occurs most in the header line, so German Excel's ``;`` works;
number fields take its decimal commas (see :mod:`pnp.layout.fields`). TSV is always tab.
Other encodings are refused with advice rather than guessed.

XLSX and ODS are read by python-calamine. Before it reads, the archive's XML is measured and the
used area of every sheet counted, because a tiny file can otherwise ask for billions of cells
(ODS repeats, far-apart XLSX cells).
"""
from __future__ import annotations

import codecs
import csv
import io
import os
import pyexpat
import re
import stat
import zipfile
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Callable, Iterable, Iterator

from pnp.layout.fields import FieldType, as_text, check_copies, parse_field

from pnp.load.classes import dataclass
from pnp.load.errors import DataErrors, Problem
from pnp.load.loader import display_path, locate, read_cached

if TYPE_CHECKING:  # pragma: no cover
    from pnp.load.marked import Marks

MAX_FILE_BYTES = 8_000_000  # a card list file on disk
MAX_UNPACKED_BYTES = 20_000_000  # the XML inside an XLSX or ODS
MAX_ROWS = 10_000  # card rows per list
MAX_COLUMNS = 100
MAX_CARDS = 10_000  # cards after copies
MAX_PROBLEMS = 100
SUFFIXES = (".csv", ".tsv", ".xlsx", ".ods")
_IMPLICIT_COPIES = parse_field("integer 0..1000 = 1")


@dataclass(frozen=True)
class Record:
    """One card row: typed values by field name, where it came from, how often to print it."""

    values: dict[str, Any]
    source: tuple[str, int]  # (display file, line)
    copies: int = 1


class RecordList(list):
    """The records of a card list, plus warnings to show (columns or keys nobody uses)."""

    def __init__(self, records: Iterable[Record] = (), warnings: Iterable[str] = ()):
        super().__init__(records)
        self.warnings: list[str] = list(warnings)


def read_records(path: "str | Path", fields: dict[str, FieldType],
                 columns: dict[str, str] | None = None, sheet: str | None = None) -> RecordList:
    """The cards of a CSV, TSV, XLSX or ODS file; every problem as a DataErrors."""
    path = Path(path)
    file = display_path(path)
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise _error(file, 0, f"cannot read {suffix or 'a file without suffix'} as a card list; "
                     "use .csv, .tsv, .xlsx or .ods")
    if sheet is not None and suffix in (".csv", ".tsv"):
        raise _error(file, 0, f"a {suffix} file has no sheets, so it cannot have the sheet {sheet!r}")
    # the typed rows are kept in pnp's cache, like validated YAML files
    return read_cached(path, f"records-v2|{fields!r}|{columns!r}|{sheet!r}",
                       lambda p, raw: _records(_rows(raw, p, file, sheet), fields, columns, file),
                       _read_bounded(path, file))


def table_rows(path: "str | Path", sheet: str | None = None) -> Iterator[tuple[int, list]]:
    """(row number, cells) of a CSV, TSV, XLSX or ODS file, read with the same limits as cards."""
    path = Path(path)
    file = display_path(path)
    return _rows(_read_bounded(path, file), path, file, sheet)


def _rows(raw: bytes, path: Path, file: str, sheet: str | None) -> Iterator[tuple[int, list]]:
    if path.suffix.lower() in (".csv", ".tsv"):
        return _text_rows(raw, file, "\t" if path.suffix.lower() == ".tsv" else None)
    return _sheet_rows(raw, file, sheet)


def records_from_yaml(raw_list: Any, fields: dict[str, FieldType], file: str) -> RecordList:
    """The cards of a YAML list of mappings (ruamel data), typed and positioned like a sheet's."""
    if not isinstance(raw_list, list):
        line, col = locate(raw_list, ())
        raise DataErrors([Problem(file, line, col, "expected a list of cards, one mapping each")])
    if len(raw_list) > MAX_ROWS:
        raise _error(file, 0, f"{len(raw_list)} cards; the limit is {MAX_ROWS} per list")
    match, typed = _matcher(fields, None), _with_copies(fields)
    records: list[Record] = []
    problems: list[Problem] = []
    unused: dict[str, None] = {}
    for i, item in enumerate(raw_list):
        line, col = locate(raw_list, (i,))
        if not isinstance(item, dict):
            problems.append(Problem(file, line, col, "expected a mapping of field: value for this card"))
            continue
        keys: dict[str, Any] = {}
        for key in item:
            name = match(as_text(key))
            if name is None:
                unused.setdefault(as_text(key), None)
            elif name in keys:
                problems.append(Problem(file, *locate(raw_list, (i, key), at_key=True),
                                        f"'{keys[name]}' and '{key}' both give the field {name}"))
            else:
                keys[name] = key
        values, copies, failed = _card(typed, fields, lambda name: item[keys[name]] if name in keys else None)
        for name, message in failed:
            if name in keys:
                problems.append(Problem(file, *locate(raw_list, (i, keys[name])), f"'{keys[name]}': {message}"))
            else:
                problems.append(Problem(file, line, col, f"missing '{name}': {message}"))
        records.append(Record(values, (file, line), copies))
    for key in unused:  # a typo in hand-written YAML must not vanish: an error, as in every schema
        i, _ = next((i, it) for i, it in enumerate(raw_list) if isinstance(it, dict) and any(
            as_text(k) == key for k in it))
        k = next(k for k in raw_list[i] if as_text(k) == key)
        problems.append(Problem(file, *locate(raw_list, (i, k), at_key=True),
                                f"unknown key '{key}'; the layout's fields are {', '.join(fields)}"))
    return _finish(records, problems, [], file)


def generate(spec: dict[str, Any]) -> tuple[list[Any], list[str | None]]:
    """A card list made from ``{product: {field: [values]}, extra: [cards]}``: every combination of
    the product's values (the first field changing slowest), then the extra cards, as YAML items
    whose marks point at the values they came from; and each card's name (its product values)."""
    import itertools

    from pnp.load.marked import MList, Marks

    product = spec["product"]
    keys = list(product)
    at = getattr(spec, "lc", None)
    here = at.value("product") if at is not None else None
    items, marks = MList(), Marks(*(here or (0, 0)))
    _mark(items, marks)
    names: list[str | None] = []
    for combo in itertools.product(*(range(len(product[k])) for k in keys)):
        item = _combination(product, keys, combo, here)
        items.append(item)
        marks._items.append(here or (0, 0))
        names.append(" ".join(as_text(item[k]) for k in keys))
    extra = spec.get("extra") or []
    for i, card in enumerate(extra):
        items.append(card)
        where = getattr(extra, "lc", None)
        marks._items.append((where.item(i) if where is not None else None) or here or (0, 0))
        given = [as_text(card.get(k)) for k in keys] if isinstance(card, dict) else []
        names.append(" ".join(g for g in given if g) or None)
    return items, names


def _combination(product: dict[str, Any], keys: list[str], combo: tuple[int, ...],
                 here: tuple[int, int] | None) -> dict[str, Any]:
    """One card of the product: value ``combo[n]`` of each field, marked where that value was written."""
    from pnp.load.marked import MDict, Marks

    lc = getattr(product, "lc", None)
    item, marks = MDict(), Marks(*(here or (0, 0)))
    _mark(item, marks)
    for k, j in zip(keys, combo):
        item[k] = product[k][j]
        where = getattr(product[k], "lc", None)
        marks._keys[k] = lc.key(k) if lc is not None else None
        marks._values[k] = where.item(j) if where is not None else None
    return item


def _mark(container: object, marks: Marks) -> None:
    """Give a made list or mapping its marks (``lc``, a slot mypy does not see declared)."""
    setattr(container, "lc", marks)


# ---- shared by both sources -------------------------------------------------------------------

def _with_copies(fields: dict[str, FieldType]) -> dict[str, FieldType]:
    if "copies" in fields:
        check_copies(fields["copies"])
        return fields
    return {**fields, "copies": _IMPLICIT_COPIES}


def _matcher(fields: dict[str, FieldType], columns: dict[str, str] | None) -> Callable[[str], str | None]:
    """header -> field name (or None): mapped headers first, then field names, ignoring case."""
    targets = {name.strip().casefold(): name for name in _with_copies(fields)}
    for header, name in (columns or {}).items():
        if name not in fields and name != "copies":
            raise ValueError(f"columns maps {header!r} to {name!r}, which is not a field")
        targets[header.strip().casefold()] = name
    return lambda header: targets.get(header.strip().casefold())


def _records(rows: Iterator[tuple[int, list]], fields: dict[str, FieldType],
             columns: dict[str, str] | None, file: str) -> RecordList:
    match = _matcher(fields, columns)  # a mapping to no field is said before anything is read
    header_line, headers = _header_row(rows, file)
    column_of, unused, problems = _columns(headers, match, file, header_line)
    problems += _missing(fields, column_of, headers, columns, file, header_line)
    if problems:
        raise DataErrors(problems)
    records = _typed_records(rows, fields, column_of, headers, file, problems)
    return _finish(records, problems, _unused(unused, fields, column_of, file, header_line), file)


def _header_row(rows: Iterator[tuple[int, list]], file: str) -> tuple[int, list[str]]:
    """The first filled row (its line and its texts, empty cells at the end dropped)."""
    header_line, headers = next(((n, [as_text(c) for c in r]) for n, r in rows if _filled(r)), (1, []))
    if not headers:
        raise _error(file, 1, "no header row: the first row must name the columns")
    while headers and not headers[-1]:
        headers.pop()
    if len(headers) > MAX_COLUMNS:
        raise _error(file, header_line, f"{len(headers)} columns; the limit is {MAX_COLUMNS}")
    return header_line, headers


def _columns(headers: list[str], match: Callable[[str], str | None], file: str, line: int) -> tuple[dict[str, int], list[str], list[Problem]]:
    """field -> the index of its column; the headers that name no field; two columns giving one field."""
    problems: list[Problem] = []
    column_of: dict[str, int] = {}
    unused = []
    for index, header in enumerate(headers):
        name = match(header) if header else None
        if name is None:
            if header:
                unused.append(header)
        elif name in column_of:
            problems.append(Problem(file, line, 0, f"columns {_short(headers[column_of[name]])!r} and "
                                    f"{_short(header)!r} both give the field {name}"))
        else:
            column_of[name] = index
    return column_of, unused, problems


def _missing(fields: dict[str, FieldType], column_of: dict[str, int], headers: list[str],
             columns: dict[str, str] | None, file: str, line: int) -> list[Problem]:
    """A required field that no column gives, with the columns there are."""
    wanted = {name: header for header, name in reversed(list((columns or {}).items()))}
    if column_of:
        found = "the columns are: " + ", ".join(_short(h) for h in headers[:MAX_LISTED] if h) \
            + (f" and {len(headers) - MAX_LISTED} more" if len(headers) > MAX_LISTED else "")
    else:  # nothing here names a field: not a card list for this layout, and not quoted
        found = f"no column of row {line} names a field of the layout (its fields: {', '.join(fields)})"
    return [Problem(file, line, 0, f"missing column {wanted.get(name, name)!r} ({ftype.expected}); {found}")
            for name, ftype in fields.items() if name not in column_of and ftype.required]


def _typed_records(rows: Iterator[tuple[int, list]], fields: dict[str, FieldType], column_of: dict[str, int],
          headers: list[str], file: str, problems: list[Problem]) -> list:
    """A typed record per filled row after the header; each row's problems are added to ``problems``."""
    typed = _with_copies(fields)
    records, count = [], 0
    for line, cells in rows:
        if not _filled(cells):
            continue
        count += 1
        if count > MAX_ROWS:
            raise _error(file, line, f"more than {MAX_ROWS} card rows; the limit is {MAX_ROWS} per list")
        last = max(i for i, c in enumerate(cells) if as_text(c)) + 1
        if last > len(headers):
            problems.append(Problem(file, line, 0, f"a value in column {last}, but only {len(headers)} "
                                    "columns have a header; name that column, or quote a text that "
                                    "holds the delimiter"))
        values, copies, failed = _card(
            typed, fields,
            lambda name: cells[column_of[name]] if column_of.get(name, len(cells)) < len(cells) else None)
        problems += [Problem(file, line, 0, f"column {headers[column_of[name]]}: {message}")
                     for name, message in failed]
        records.append(Record(values, (file, line), copies))
    return records


def _unused(headers: list[str], fields: dict[str, FieldType], column_of: dict, file: str, line: int) -> list[str]:
    """Warnings: every column no field reads, with the field it most looks like, and every
    field without a column that a column looks like, or that has no default to fall back on."""
    import difflib

    free = [name for name in fields if name not in column_of]
    out, named = [], set()
    for header in headers:
        close = difflib.get_close_matches(header.strip().casefold(), [f.casefold() for f in fields], 1, 0.6)
        match = next((f for f in fields if f.casefold() == close[0]), None) if close else None
        if match is not None:
            named.add(match)
            taken = " (which another column gives)" if match in column_of else ""
            out.append(f"{file}:{line}: warning: column {_short(header)!r} is not a field of the layout, so it is not "
                       f"printed; did you mean {match!r}{taken}?")
        else:
            out.append(f"{file}:{line}: warning: column {_short(header)!r} is not a field of the layout, so it is not "
                       f"printed (the fields: {', '.join(fields)})")
    for name in free:
        ftype = fields[name]
        if name in named or ftype.has_default:
            continue
        out.append(f"{file}:{line}: warning: no column gives the field {name!r}, so every card leaves it empty")
    return out


MAX_LISTED = 12  # columns named in a message
MAX_SHOWN = 24  # characters of a column header quoted in a message


def _short(text: str) -> str:
    """A header as a message quotes it: at most MAX_SHOWN characters."""
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN - 1] + "…"


def _card(typed: dict[str, FieldType], fields: dict[str, FieldType],
          raw_of: Callable[[str], Any]) -> tuple[dict[str, Any], int, list[tuple[str, str]]]:
    """One card's typed values (declared fields only), its copies, and (field, message) failures."""
    values, copies, failed = {}, 1, []
    for name, ftype in typed.items():
        try:
            value = ftype.convert(raw_of(name))
        except ValueError as exc:
            failed.append((name, str(exc)))
            continue
        if name == "copies":
            copies = 1 if value is None else value
        if name in fields:
            values[name] = value
    return values, copies, failed


def _finish(records: list[Record], problems: list[Problem], warnings: list[str], file: str) -> RecordList:
    problems = list(dict.fromkeys(problems))  # a generated list repeats a bad value in every card it makes
    if len(problems) > MAX_PROBLEMS:
        more = len(problems) - MAX_PROBLEMS
        problems = problems[:MAX_PROBLEMS] + [Problem(file, 0, 0, f"{more} more problems not shown")]
    if problems:
        raise DataErrors(problems)
    cards = sum(r.copies for r in records)
    if cards > MAX_CARDS:
        raise _error(file, 0, f"{cards} cards counting copies; the limit is {MAX_CARDS}")
    return RecordList(records, warnings)


def _filled(cells: list) -> bool:
    return any(as_text(c) for c in cells)


def _error(file: str, line: int, message: str) -> DataErrors:
    return DataErrors([Problem(file, line, 0, message)])


def _read_bounded(path: Path, file: str) -> bytes:
    from pnp.load.loader import read_bounded

    return read_bounded(path, MAX_FILE_BYTES, "a card list")


# ---- CSV and TSV ------------------------------------------------------------------------------

def _text_rows(raw: bytes, file: str, delimiter: str | None) -> Iterator[tuple[int, list]]:
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        text = raw.decode("utf-16", errors="replace")
    else:
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line = raw[: exc.start].count(b"\n") + 1
            raise _error(file, line, f"not UTF-8 text (byte 0x{raw[exc.start]:02x}); save it as UTF-8 "
                         "(in Excel: \"CSV UTF-8\")") from None
    if "\x00" in text:
        raise _error(file, 0, "binary data (a NUL byte): this is not a text table")
    if delimiter is None:
        first = next((ln for ln in io.StringIO(text) if ln.strip()), "")
        delimiter = max((",", ";", "\t"), key=first.count)  # ties keep the comma
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    row_number = 0
    while True:
        row_number += 1
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            why = ("a quoted cell is never closed (a \" is missing)" if "end of data" in str(exc)
                   else f"not valid CSV: {exc}")
            raise _error(file, row_number, why) from None
        yield row_number, cells


# ---- XLSX and ODS -----------------------------------------------------------------------------

def _sheet_rows(raw: bytes, file: str, sheet: str | None) -> Iterator[tuple[int, list]]:
    formulas = _check_archive(raw, file)
    from python_calamine import CalamineWorkbook

    try:
        book = CalamineWorkbook.from_filelike(io.BytesIO(raw))
        names = book.sheet_names
        if not names:
            raise _error(file, 0, "the workbook has no sheets")
        name = names[0] if sheet is None else next(
            (n for n in names if n == sheet), next((n for n in names if n.casefold() == sheet.casefold()), None))
        if name is None:
            raise _error(file, 0, f"no sheet {sheet!r}; the sheets are: {', '.join(_short(n) for n in names)}")
        unsaved = formulas.get(name, [])
        if unsaved:
            shown = ", ".join(ref for ref, _ in unsaved[:5]) + (f" and {len(unsaved) - 5} more" if len(unsaved) > 5
                                                               else "")
            raise DataErrors([Problem(file, unsaved[0][1], 0, f"cell {shown} of sheet {_short(name)!r} "
                                      f"{'holds a formula' if len(unsaved) == 1 else 'hold formulas'} without a "
                                      "saved value (the file was written by a program that does not compute "
                                      "them); open and save it in a spreadsheet program")])
        table = book.get_sheet_by_name(name).to_python(skip_empty_area=False)
    except (DataErrors, KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:  # calamine's errors share no base; a Rust panic is a BaseException
        raise _error(file, 0, f"cannot read the spreadsheet: {str(exc)[:80]}") from None
    for index, cells in enumerate(table):
        yield index + 1, cells


MAX_TEXT_CHARS = 10_000_000  # characters the cells of a workbook hold, every shared string and repeat counted


def _check_archive(raw: bytes, file: str) -> dict[str, list[tuple[str, int]]]:
    """Refuse an XLSX or ODS whose XML, used sheet area or text is beyond the limits, before the
    reader expands anything: the XML is measured, and every sheet is counted from expat
    events (cells at their addresses or repeated, shared strings by their length) without
    building it. Returns, per sheet name, the formula cells that have no saved value."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
        parts = [i for i in archive.infolist() if i.filename.endswith(".xml")]
        unpacked = sum(i.file_size for i in parts)
        if unpacked > MAX_UNPACKED_BYTES:
            raise _error(file, 0, f"the spreadsheet unpacks to {unpacked} bytes of XML; "
                         f"the limit is {MAX_UNPACKED_BYTES}")
        names = {i.filename for i in parts}
        shared = _shared_lengths(archive) if "xl/sharedStrings.xml" in names else []
        sheets = _xlsx_sheet_names(archive) if "xl/workbook.xml" in names else {}
        text = 0
        formulas: dict[str, list[tuple[str, int]]] = {}
        for info in parts:
            if info.filename == "content.xml" or re.fullmatch(r"xl/worksheets/[^/]+\.xml", info.filename):
                with archive.open(info) as stream:
                    scan = _Scan(shared, sheets.get(info.filename, info.filename))
                    scan.run(stream)
                if scan.last_row > MAX_ROWS + 100:  # room for a title and empty rows above the cards
                    raise _error(file, 0, f"a sheet has data down to row {scan.last_row}; the limit is {MAX_ROWS} "
                                 "card rows")
                if scan.last_col > MAX_COLUMNS:
                    raise _error(file, 0, f"a sheet has data in column {scan.last_col}; the limit is {MAX_COLUMNS} "
                                 "columns")
                text += scan.text
                for sheet, found in scan.formulas.items():
                    formulas.setdefault(sheet, []).extend(found)
        if text > MAX_TEXT_CHARS:
            raise _error(file, 0, f"the cells hold {text:,} characters of text, counting every repeat and every "
                         f"use of a shared text; the limit is {MAX_TEXT_CHARS:,}")
        return formulas
    except DataErrors:
        raise
    except Exception as exc:  # zipfile, zlib and expat each raise their own kinds on damage
        raise _error(file, 0, f"not a readable spreadsheet (damaged, or not XLSX/ODS inside): {str(exc)[:80]}") \
            from None


_Handler = Callable[[str, dict[str, str]], None]  # an element's start: its name and attributes


def _expat(stream: IO[bytes], start: _Handler | None = None, end: Callable[[str], None] | None = None,
           chars: Callable[[str], None] | None = None) -> None:
    parser = pyexpat.ParserCreate(namespace_separator=" ")
    parser.StartElementHandler, parser.EndElementHandler, parser.CharacterDataHandler = start, end, chars
    parser.ParseFile(stream)


def _tag(name: str) -> str:
    return name[name.rfind(" ") + 1:]


def _shared_lengths(archive: zipfile.ZipFile) -> list[int]:
    """The length of every shared string of an XLSX, in order (what a cell's index expands to)."""
    lengths: list[int] = []
    depth = [0]

    def start(name: str, attrs: dict[str, str]) -> None:
        if _tag(name) == "si":
            lengths.append(0)
            depth[0] += 1

    def end(name: str) -> None:
        if _tag(name) == "si":
            depth[0] -= 1

    def chars(data: str) -> None:
        if depth[0] and lengths:
            lengths[-1] += len(data)

    with archive.open("xl/sharedStrings.xml") as stream:
        _expat(stream, start, end, chars)
    return lengths


def _xlsx_sheet_names(archive: zipfile.ZipFile) -> dict[str, str]:
    """worksheet part (xl/worksheets/sheet1.xml) -> the sheet's name, from the workbook and its relations."""
    rels: dict[str, str] = {}
    names: dict[str, str] = {}

    def rel(name: str, attrs: dict[str, str]) -> None:
        if _tag(name) == "Relationship" and "Id" in attrs:
            target = attrs.get("Target", "")
            rels[attrs["Id"]] = target.lstrip("/") if target.startswith("/") else "xl/" + target

    def sheet(name: str, attrs: dict[str, str]) -> None:
        if _tag(name) == "sheet":
            rid = next((v for k, v in attrs.items() if _tag(k) == "id"), None)
            if rid is not None and "name" in attrs:
                names[rid] = attrs["name"]

    if "xl/_rels/workbook.xml.rels" in archive.namelist():
        with archive.open("xl/_rels/workbook.xml.rels") as stream:
            _expat(stream, rel)
    with archive.open("xl/workbook.xml") as stream:
        _expat(stream, sheet)
    return {rels[rid]: name for rid, name in names.items() if rid in rels}


class _Scan:
    """One XLSX worksheet or an ODS's content, counted from expat events alone, the way the
    reader will expand it: the last row and column holding a value (XLSX cell addresses, ODS
    repeat attributes), the characters of text the cells expand to (shared strings by their
    length, repeats multiplied), and the formula cells without a saved value."""

    def __init__(self, shared: list[int], sheet: str) -> None:
        self.shared, self.sheet = shared, sheet
        self.last_row = self.last_col = self.text = 0
        self.formulas: dict[str, list[tuple[str, int]]] = {}
        self.row = self.col = self.repeat = self.repeat_rows = 0
        self.in_cell = self.filled = self.row_filled = False
        self.kind = ""  # XLSX: the cell's t attribute
        self.has_formula = self.has_value = False
        self.cell_text = self.row_text = 0
        self.in_value = False
        self.value, self.value_len = "", 0  # a <v>'s first characters (an index, a number) and its length
        self.columns: dict[str, int] = {}  # "AB" -> 28

    def run(self, stream: IO[bytes]) -> None:
        _expat(stream, self.start, self.end, self.chars)

    def start(self, name: str, attrs: dict) -> None:
        tag = _tag(name)
        if self.in_cell:
            self.filled = True  # anything inside a cell: a value, a text paragraph
            if tag == "f":
                self.has_formula = True
            elif tag == "v":
                self.in_value, self.value, self.value_len = True, "", 0
            return
        if tag == "c":  # XLSX cell, at its address or after the previous one
            ref = attrs.get("r", "")
            letters = ref.rstrip("0123456789")
            if letters and ref[len(letters):]:
                if letters not in self.columns:
                    self.columns[letters] = sum(26 ** i * (ord(c) - 64) for i, c in enumerate(reversed(letters.upper())))
                self.col, self.row = self.columns[letters], int(ref[len(letters):])
            else:
                self.col += 1
            self.in_cell, self.filled, self.kind = True, False, attrs.get("t", "n")
            self.has_formula = self.has_value = False
            self.cell_text = 0
        elif tag in ("table-cell", "covered-table-cell"):  # ODS cell
            self.repeat, self.in_cell = int(attrs.get(_ODS + "number-columns-repeated", 1)), True
            self.filled = _OFFICE + "value-type" in attrs
            self.cell_text = sum(len(v) for k, v in attrs.items() if k.startswith(_OFFICE) and k.endswith("value"))
            if _ODS + "formula" in attrs and not self.filled:
                self._unsaved(f"{_letters(self.col + 1)}{self.row + 1}", self.row + 1)
        elif tag == "row":  # XLSX row
            self.row, self.col = int(attrs.get("r") or self.row + 1), 0
        elif tag == "table-row":  # ODS row: counted from 0, advanced after the row
            self.col, self.row_filled, self.row_text = 0, False, 0
            self.repeat_rows = int(attrs.get(_ODS + "number-rows-repeated", 1))
        elif tag == "table":
            self.row = 0
            self.sheet = attrs.get(_ODS + "name", self.sheet)

    def chars(self, data: str) -> None:
        if self.in_cell:
            if self.in_value:
                self.value_len += len(data)
                if len(self.value) < 64:
                    self.value += data
            else:
                self.cell_text += len(data)

    def end(self, name: str) -> None:
        tag = _tag(name)
        if tag == "v" and self.in_cell:
            self.in_value = False
            self.has_value = bool(self.value.strip())
            if self.kind == "s":  # an index into the shared strings
                try:
                    self.cell_text += self.shared[int(self.value)]
                except (ValueError, IndexError):
                    pass
            else:
                self.cell_text += self.value_len
        elif tag == "c":
            self.in_cell = False
            if self.filled:
                self.last_row, self.last_col = max(self.last_row, self.row), max(self.last_col, self.col)
            self.text += self.cell_text
            if self.has_formula and not self.has_value:
                self._unsaved(f"{_letters(self.col)}{self.row}", self.row)
        elif tag in ("table-cell", "covered-table-cell"):
            self.in_cell = False
            if self.filled:
                self.last_col, self.row_filled = max(self.last_col, self.col + self.repeat), True
            self.row_text += self.cell_text * self.repeat
            self.col += self.repeat
        elif tag == "table-row":
            if self.row_filled:
                self.last_row = max(self.last_row, self.row + self.repeat_rows)
                self.text += self.row_text * self.repeat_rows
            self.row += self.repeat_rows

    def _unsaved(self, ref: str, row: int) -> None:
        self.formulas.setdefault(self.sheet, []).append((ref, row))


def _letters(col: int) -> str:
    """The column letters of a 1-based column number (28 -> AB)."""
    out = ""
    while col > 0:
        col, rem = divmod(col - 1, 26)
        out = chr(65 + rem) + out
    return out or "A"


_ODS = "urn:oasis:names:tc:opendocument:xmlns:table:1.0 "
_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0 "
