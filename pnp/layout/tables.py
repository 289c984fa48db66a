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
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator

from pnp.layout.fields import FieldType, as_text, check_copies, parse_field

from pnp.load.errors import DataErrors, Problem
from pnp.load.loader import display_path, locate, read_cached

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
    records, problems, unused = [], [], {}
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


# ---- shared by both sources -------------------------------------------------------------------

def _with_copies(fields: dict[str, FieldType]) -> dict[str, FieldType]:
    if "copies" in fields:
        check_copies(fields["copies"])
        return fields
    return {**fields, "copies": _IMPLICIT_COPIES}


def _matcher(fields: dict[str, FieldType], columns: dict[str, str] | None):
    """header -> field name (or None): mapped headers first, then field names, ignoring case."""
    targets = {name.strip().casefold(): name for name in _with_copies(fields)}
    for header, name in (columns or {}).items():
        if name not in fields and name != "copies":
            raise ValueError(f"columns maps {header!r} to {name!r}, which is not a field")
        targets[header.strip().casefold()] = name
    return lambda header: targets.get(header.strip().casefold())


def _records(rows: Iterator[tuple[int, list]], fields: dict[str, FieldType],
             columns: dict[str, str] | None, file: str) -> RecordList:
    match = _matcher(fields, columns)
    header_line, headers = next(((n, [as_text(c) for c in r]) for n, r in rows if _filled(r)), (1, []))
    if not headers:
        raise _error(file, 1, "no header row: the first row must name the columns")
    while headers and not headers[-1]:
        headers.pop()
    if len(headers) > MAX_COLUMNS:
        raise _error(file, header_line, f"{len(headers)} columns; the limit is {MAX_COLUMNS}")
    problems: list[Problem] = []
    plan: dict[str, int] = {}  # field -> column index
    unused = []
    for index, header in enumerate(headers):
        name = match(header) if header else None
        if name is None:
            if header:
                unused.append(header)
        elif name in plan:
            problems.append(Problem(file, header_line, 0, f"columns {_short(headers[plan[name]])!r} and "
                                    f"{_short(header)!r} both give the field {name}"))
        else:
            plan[name] = index
    wanted = {name: header for header, name in reversed(list((columns or {}).items()))}
    if plan:
        found = "the columns are: " + ", ".join(_short(h) for h in headers[:MAX_LISTED] if h) \
            + (f" and {len(headers) - MAX_LISTED} more" if len(headers) > MAX_LISTED else "")
    else:  # nothing here names a field: not a card list for this layout, and not quoted
        found = f"no column of row {header_line} names a field of the layout (its fields: {', '.join(fields)})"
    for name, ftype in fields.items():
        if name not in plan and ftype.required:
            problems.append(Problem(file, header_line, 0, f"missing column {wanted.get(name, name)!r}"
                                    f" ({ftype.expected}); {found}"))
    if problems:
        raise DataErrors(problems)
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
            typed, fields, lambda name: cells[plan[name]] if plan.get(name, len(cells)) < len(cells) else None)
        problems += [Problem(file, line, 0, f"column {headers[plan[name]]}: {message}") for name, message in failed]
        records.append(Record(values, (file, line), copies))
    return _finish(records, problems, _unused(unused, fields, plan, file, header_line), file)


def _unused(headers: list[str], fields: dict[str, FieldType], plan: dict, file: str, line: int) -> list[str]:
    """Warnings: every column no field reads, with the field it most looks like, and every
    field without a column that a column looks like, or that has no default to fall back on."""
    import difflib

    free = [name for name in fields if name not in plan]
    out, named = [], set()
    for header in headers:
        close = difflib.get_close_matches(header.strip().casefold(), [f.casefold() for f in fields], 1, 0.6)
        match = next((f for f in fields if f.casefold() == close[0]), None) if close else None
        if match is not None:
            named.add(match)
            taken = " (which another column gives)" if match in plan else ""
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


def _card(typed: dict[str, FieldType], fields: dict[str, FieldType], raw_of) -> tuple[dict, int, list]:
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
    _check_archive(raw, file)
    from python_calamine import CalamineWorkbook

    try:
        book = CalamineWorkbook.from_filelike(io.BytesIO(raw))
        names = book.sheet_names
        if not names:
            raise _error(file, 0, "the workbook has no sheets")
        name = names[0] if sheet is None else next(
            (n for n in names if n == sheet), next((n for n in names if n.casefold() == sheet.casefold()), None))
        if name is None:
            raise _error(file, 0, f"no sheet {sheet!r}; the sheets are: {', '.join(names)}")
        table = book.get_sheet_by_name(name).to_python(skip_empty_area=False)
    except (DataErrors, KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:  # calamine's errors share no base; a Rust panic is a BaseException
        raise _error(file, 0, f"cannot read the spreadsheet: {exc}") from None
    for index, cells in enumerate(table):
        yield index + 1, cells


def _check_archive(raw: bytes, file: str) -> None:
    """Refuse an XLSX or ODS whose XML or used sheet area is beyond the limits."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
        parts = [i for i in archive.infolist() if i.filename.endswith(".xml")]
        unpacked = sum(i.file_size for i in parts)
        if unpacked > MAX_UNPACKED_BYTES:
            raise _error(file, 0, f"the spreadsheet unpacks to {unpacked} bytes of XML; "
                         f"the limit is {MAX_UNPACKED_BYTES}")
        for info in parts:
            if info.filename == "content.xml" or re.fullmatch(r"xl/worksheets/[^/]+\.xml", info.filename):
                with archive.open(info) as stream:
                    rows, cols = _used_area(stream)
                if rows > MAX_ROWS + 100:  # room for a title and empty rows above the cards
                    raise _error(file, 0, f"a sheet has data down to row {rows}; the limit is {MAX_ROWS} card rows")
                if cols > MAX_COLUMNS:
                    raise _error(file, 0, f"a sheet has data in column {cols}; the limit is {MAX_COLUMNS} columns")
    except DataErrors:
        raise
    except Exception as exc:  # zipfile, zlib and expat each raise their own kinds on damage
        raise _error(file, 0, f"not a readable spreadsheet (damaged, or not XLSX/ODS inside): {exc}") from None


def _used_area(stream) -> tuple[int, int]:
    """(last row, last column) holding a value, in an XLSX worksheet or across an ODS's tables.

    Counts positions the way calamine will (XLSX cell addresses, ODS repeat attributes) from
    expat events alone, without building elements.
    """
    row = col = repeat = repeat_rows = last_row = last_col = 0
    in_cell = filled = row_filled = False
    columns: dict[str, int] = {}  # "AB" -> 28

    def start(name: str, attrs: dict) -> None:
        nonlocal row, col, repeat, repeat_rows, in_cell, filled, row_filled
        if in_cell:
            filled = True  # anything inside a cell: a value, a text paragraph
            return
        tag = name[name.rfind(" ") + 1:]
        if tag == "c":  # XLSX cell, at its address or after the previous one
            ref = attrs.get("r", "")
            letters = ref.rstrip("0123456789")
            if letters and ref[len(letters):]:
                if letters not in columns:
                    columns[letters] = sum(26 ** i * (ord(c) - 64) for i, c in enumerate(reversed(letters.upper())))
                col, row = columns[letters], int(ref[len(letters):])
            else:
                col += 1
            repeat, in_cell, filled = 1, True, False
        elif tag in ("table-cell", "covered-table-cell"):  # ODS cell
            repeat, in_cell = int(attrs.get(_ODS + "number-columns-repeated", 1)), True
            filled = _OFFICE + "value-type" in attrs
        elif tag == "row":  # XLSX row
            row, col = int(attrs.get("r") or row + 1), 0
        elif tag == "table-row":  # ODS row: counted from 0, advanced after the row
            col, row_filled = 0, False
            repeat_rows = int(attrs.get(_ODS + "number-rows-repeated", 1))
        elif tag == "table":
            row = 0

    def end(name: str) -> None:
        nonlocal row, col, in_cell, row_filled, last_row, last_col
        tag = name[name.rfind(" ") + 1:]
        if tag == "c":
            in_cell = False
            if filled:
                last_row, last_col = max(last_row, row), max(last_col, col)
        elif tag in ("table-cell", "covered-table-cell"):
            in_cell = False
            if filled:
                last_col, row_filled = max(last_col, col + repeat), True
            col += repeat
        elif tag == "table-row":
            if row_filled:
                last_row = max(last_row, row + repeat_rows)
            row += repeat_rows

    parser = pyexpat.ParserCreate(namespace_separator=" ")
    parser.StartElementHandler, parser.EndElementHandler = start, end
    parser.ParseFile(stream)
    return last_row, last_col


_ODS = "urn:oasis:names:tc:opendocument:xmlns:table:1.0 "
_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0 "
