"""Card lists from CSV, TSV, XLSX, ODS and YAML: same records, positioned errors, bounded input.

The XLSX and ODS fixtures in files/ were written by openpyxl and odfpy (files/make_fixtures.py);
hostile archives are built here with zipfile, each next to a small good one made the same way,
so a refusal is shown to come from the limits and not from a broken test file.
"""
from __future__ import annotations

import os
import shutil
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.layout import tables
from pnp.load.errors import DataErrors
from pnp.load.loader import load_yaml
from pnp.layout.tables import Record, read_records, records_from_yaml
from pnp.layout.fields import parse_field

FILES = Path(__file__).parent / "files"
FORMATS = ["csv", "tsv", "xlsx", "ods"]
FIELDS = {name: parse_field(decl) for name, decl in {
    "name": "text",
    "type": "choice creature|spell|land",
    "cost": "integer 0..9",
    "weight": "number 0..2.5",
    "rare": "bool",
    "art": "image?",
    "text": "text?",
    "copies": "integer 1..200 = 1",
}.items()}
COLUMNS = {"Typ": "type"}
BOOL_WORDS = "yes or no (true/false, ja/nein, 1/0, x or empty)"
IMAGE_WORDS = "an image file in the game folder (.png, .jpg, .jpeg, .svg, .gif, .webp, .bmp, .tif, .tiff)"


def cards(file: str) -> list[Record]:
    return [
        Record({"name": "Wolf", "type": "creature", "cost": 3, "weight": 1.5, "rare": True,
                "art": "art/wolf.png", "text": "Bites twice.", "copies": 2}, (file, 2), 2),
        Record({"name": "Blitz", "type": "spell", "cost": 0, "weight": 0.25, "rare": False,
                "art": None, "text": "Deal 2 damage,\nthen draw.", "copies": 1}, (file, 3), 1),
        Record({"name": "Forest", "type": "land", "cost": 9, "weight": 2.5, "rare": True,
                "art": "art/forest.png", "text": None, "copies": 1}, (file, 5), 1),
    ]


def problems(call) -> list[str]:
    with pytest.raises(DataErrors) as info:
        call()
    return [str(p) for p in info.value.problems]


@pytest.fixture
def here(tmp_path, monkeypatch):
    """Work in tmp_path with the fixtures copied in, so messages show short file names."""
    for ext in FORMATS:
        for stem in ("cards", "broken"):
            shutil.copy(FILES / f"{stem}.{ext}", tmp_path)
    shutil.copy(FILES / "german.csv", tmp_path)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("ext", FORMATS)
def test_every_format_gives_the_same_cards(here, ext):
    records = read_records(f"cards.{ext}", FIELDS, COLUMNS)
    assert list(records) == cards(f"cards.{ext}")
    assert records.warnings == [f"cards.{ext}:1: warning: column 'notes' is not a field of the layout, so it is "
                                f"not printed (the fields: {', '.join(FIELDS)})"]


@pytest.mark.parametrize("ext", FORMATS)
def test_every_bad_cell_of_every_row_is_named(here, ext):
    f = f"broken.{ext}"
    assert problems(lambda: read_records(f, FIELDS, COLUMNS)) == [
        f'{f}:6: column cost: expected an integer from 0 to 9, got "zwei"',
        f'{f}:6: column rare: expected {BOOL_WORDS}, got "maybe"',
        f"{f}:6: column copies: expected an integer from 1 to 200, got 0",
        f"{f}:7: column Name: expected text, got nothing",
        f'{f}:7: column Typ: expected one of creature, spell, land, got "dragon"',
        f"{f}:7: column cost: expected an integer from 0 to 9, got 12",
        f"{f}:7: column weight: expected a number from 0 to 2.5, got 3",
    ]


def test_german_excel_csv(here):
    """BOM, semicolons, CRLF, decimal commas, WAHR/FALSCH, a quoted ';' inside a text."""
    assert (here / "german.csv").read_bytes().startswith(b"\xef\xbb\xbfName;Typ;")
    records = read_records("german.csv", FIELDS, COLUMNS)
    assert list(records) == [
        Record({"name": "Bär", "type": "creature", "cost": 2, "weight": 1.5, "rare": True,
                "art": "art/bär.png", "text": "Brummt.", "copies": 3}, ("german.csv", 2), 3),
        Record({"name": "Blitz", "type": "spell", "cost": 0, "weight": 0.25, "rare": False,
                "art": None, "text": "Teilt 2 Schaden aus; dann ziehen.", "copies": 1}, ("german.csv", 3), 1),
    ]
    assert records.warnings == []


def test_utf16_text_from_excel(tmp_path):
    path = tmp_path / "cards.tsv"
    path.write_bytes("name\tcost\nEule\t4\n".encode("utf-16"))
    fields = {"name": FIELDS["name"], "cost": FIELDS["cost"]}
    assert [r.values for r in read_records(path, fields)] == [{"name": "Eule", "cost": 4}]


def test_headers_match_ignoring_case_and_spaces_and_copies_need_no_declaration(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_text(" NAME ,Copies\nEule,3\nKauz,\n")
    records = read_records(path, {"name": FIELDS["name"]})
    assert [(r.values, r.copies) for r in records] == [({"name": "Eule"}, 3), ({"name": "Kauz"}, 1)]
    path.write_text("name,copies\nEule,-1\n")
    file = tables.display_path(path)
    assert problems(lambda: read_records(path, {"name": FIELDS["name"]})) == [
        f"{file}:2: column copies: expected an integer from 0 to 1000, got -1"]


def test_missing_columns_are_named_with_the_columns_found(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("cards.csv").write_text("Name,Kosten,notes\nWolf,3,x\n")
    fields = {**FIELDS, "power": parse_field("integer")}
    found = "the columns are: Name, Kosten, notes"
    assert problems(lambda: read_records("cards.csv", fields, {"Typ": "type", "Kosten": "cost"})) == [
        f"cards.csv:1: missing column 'Typ' (one of creature, spell, land); {found}",
        f"cards.csv:1: missing column 'weight' (a number from 0 to 2.5); {found}",
        f"cards.csv:1: missing column 'rare' ({BOOL_WORDS}); {found}",
        f"cards.csv:1: missing column 'power' (an integer); {found}",
    ]
    # optional and defaulted fields may lack their column: they are empty for every card
    records = read_records("cards.csv", {"name": FIELDS["name"], "art": FIELDS["art"],
                                         "copies": FIELDS["copies"]})
    assert list(records) == [Record({"name": "Wolf", "art": None, "copies": 1}, ("cards.csv", 2), 1)]
    assert records.warnings == [
        "cards.csv:1: warning: column 'Kosten' is not a field of the layout, so it is not printed "
        "(the fields: name, art, copies)",
        "cards.csv:1: warning: column 'notes' is not a field of the layout, so it is not printed "
        "(the fields: name, art, copies)",
        "cards.csv:1: warning: no column gives the field 'art', so every card leaves it empty"]


def test_a_misspelt_column_is_named_with_the_field_it_looks_like(tmp_path, monkeypatch):
    """No silent loss: a typo in a header would leave a field empty on every card."""
    monkeypatch.chdir(tmp_path)
    Path("cards.csv").write_text("name,powr,Naem\nWolf,3,x\n")
    fields = {"name": parse_field("text"), "power": parse_field("integer?"), "cost": parse_field("integer = 0")}
    records = read_records("cards.csv", fields)
    assert records.warnings == [
        "cards.csv:1: warning: column 'powr' is not a field of the layout, so it is not printed; "
        "did you mean 'power'?",
        "cards.csv:1: warning: column 'Naem' is not a field of the layout, so it is not printed; "
        "did you mean 'name' (which another column gives)?"]  # cost has a default: no word about it


def test_a_file_that_is_no_card_list_is_not_quoted(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("cards.tsv").write_text("root:x:0:0:root:/root:/bin/bash secret\n")
    assert problems(lambda: read_records("cards.tsv", {"name": parse_field("text")})) == [
        "cards.tsv:1: missing column 'name' (text); no column of row 1 names a field of the layout "
        "(its fields: name)"]
    Path("cards.tsv").write_text("name\tthis header is far too long to be quoted whole\nWolf\tx\n")
    fields = {"name": parse_field("text"), "cost": parse_field("integer")}
    assert problems(lambda: read_records("cards.tsv", fields)) == [
        "cards.tsv:1: missing column 'cost' (an integer); the columns are: name, this header is far too …"]


def test_header_problems(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("twice.csv").write_text("name,Name\nWolf,Wolf\n")
    assert problems(lambda: read_records("twice.csv", {"name": FIELDS["name"]})) == [
        "twice.csv:1: columns 'name' and 'Name' both give the field name"]
    Path("empty.csv").write_text("\n\n  \n")
    assert problems(lambda: read_records("empty.csv", FIELDS)) == [
        "empty.csv:1: no header row: the first row must name the columns"]
    with pytest.raises(ValueError, match="columns maps 'Kosten' to 'kosten', which is not a field"):
        read_records("twice.csv", FIELDS, {"Kosten": "kosten"})
    with pytest.raises(ValueError, match="copies is how often a card is printed"):
        read_records("twice.csv", {"copies": parse_field("number")})


def test_blank_lines_and_a_title_row_keep_true_line_numbers(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("cards.csv").write_text("\nname,cost\n\nWolf,3\n,,\nEule,zehn\n")
    assert problems(lambda: read_records("cards.csv", {"name": FIELDS["name"], "cost": FIELDS["cost"]})) == [
        'cards.csv:6: column cost: expected an integer from 0 to 9, got "zehn"']


def test_csv_structure_problems(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    fields = {"name": FIELDS["name"], "text": FIELDS["text"]}
    Path("shifted.csv").write_text("name,text\nWolf,Bites, then runs\n")
    assert problems(lambda: read_records("shifted.csv", fields)) == [
        "shifted.csv:2: a value in column 3, but only 2 columns have a header; name that column, "
        "or quote a text that holds the delimiter"]
    Path("open.csv").write_text('name,text\nWolf,ok\nEule,"never closed\nKauz,x\n')
    assert problems(lambda: read_records("open.csv", fields)) == [
        'open.csv:3: a quoted cell is never closed (a " is missing)']
    Path("latin1.csv").write_bytes("name,text\nBär,x\n".encode("latin-1"))
    assert problems(lambda: read_records("latin1.csv", fields)) == [
        'latin1.csv:2: not UTF-8 text (byte 0xe4); save it as UTF-8 (in Excel: "CSV UTF-8")']
    Path("nul.csv").write_bytes(b"name,text\nWolf,\x00\n")
    assert problems(lambda: read_records("nul.csv", fields)) == [
        "nul.csv: binary data (a NUL byte): this is not a text table"]
    shutil.copy(FILES / "cards.xlsx", "renamed.csv")
    assert problems(lambda: read_records("renamed.csv", fields))[0].startswith(
        "renamed.csv:1: not UTF-8 text")


def test_sheets(here):
    assert list(read_records("cards.xlsx", FIELDS, COLUMNS, sheet="karten")) == cards("cards.xlsx")
    assert problems(lambda: read_records("cards.xlsx", FIELDS, COLUMNS, sheet="Cards")) == [
        "cards.xlsx: no sheet 'Cards'; the sheets are: Karten, Notizen"]
    found = problems(lambda: read_records("cards.xlsx", {"name": FIELDS["name"]}, sheet="Notizen"))
    assert found == ["cards.xlsx:1: missing column 'name' (text); "
                     "no column of row 1 names a field of the layout (its fields: name)"]
    assert problems(lambda: read_records("cards.csv", FIELDS, sheet="Karten")) == [
        "cards.csv: a .csv file has no sheets, so it cannot have the sheet 'Karten'"]
    shutil.copy("cards.csv", "cards.xls")
    assert problems(lambda: read_records("cards.xls", FIELDS)) == [
        "cards.xls: cannot read .xls as a card list; use .csv, .tsv, .xlsx or .ods"]
    Path("fake.xlsx").write_text("name\nWolf\n")
    assert problems(lambda: read_records("fake.xlsx", FIELDS)) == [
        "fake.xlsx: not a readable spreadsheet (damaged, or not XLSX/ODS inside): File is not a zip file"]


def test_yaml_cards_behave_like_sheet_rows(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text(
        "cards:\n"
        "  - name: Wolf\n"                     # 2
        "    Type: creature\n"
        "    cost: 3\n"
        "    weight: 1.5\n"
        "    rare: x\n"
        "    art: art/wolf.png\n"
        "    text: Bites twice.\n"
        "    copies: 2\n"
        "  - {name: Blitz, type: spell, cost: 0, weight: 0.25, rare: no,\n"   # 11
        "     text: \"Deal 2 damage,\\nthen draw.\"}\n"
        "  - {name: Forest, type: land, cost: 9, weight: 2.5, rare: yes, art: 'art\\forest.png'}\n")
    records = records_from_yaml(load_yaml(path)["cards"], FIELDS, "deck.yaml")
    expected = cards("deck.yaml")
    lines = [2, 10, 12]
    assert list(records) == [Record(r.values, ("deck.yaml", n), r.copies) for r, n in zip(expected, lines)]
    assert records.warnings == []


def test_unknown_keys_in_yaml_cards_are_errors_not_silence(tmp_path):
    """A spreadsheet often has columns a layout does not use; a key in hand-written YAML is a typo."""
    path = tmp_path / "deck.yaml"
    path.write_text("cards:\n  - {name: Wolf, type: creature, cost: 3, weight: 1, art: a.png, cots: 2}\n")
    with pytest.raises(DataErrors) as err:
        records_from_yaml(load_yaml(path)["cards"], FIELDS, "deck.yaml")
    assert str(err.value.problems[0]).startswith("deck.yaml:2:66: unknown key 'cots'; the layout's fields are name,")


def test_yaml_cards_errors_are_positioned(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text(
        "cards:\n"
        "  - name: Zwerg\n"
        "    type: creature\n"
        "    cost: zwei\n"
        "    weight: [1, 2]\n"
        "    rare: maybe\n"
        "    art: ../secret.png\n"
        "    copies: 0\n"
        "  - just a line\n"
        "  - {type: dragon, cost: 12, weight: 3.0, rare: no, name: Drache, Name: Drache}\n")
    found = problems(lambda: records_from_yaml(load_yaml(path)["cards"], FIELDS, "deck.yaml"))
    assert found == [
        'deck.yaml:4:11: \'cost\': expected an integer from 0 to 9, got "zwei"',
        "deck.yaml:5:13: 'weight': expected a number from 0 to 2.5, got a list",
        f'deck.yaml:6:11: \'rare\': expected {BOOL_WORDS}, got "maybe"',
        "deck.yaml:8:13: 'copies': expected an integer from 1 to 200, got 0",
        "deck.yaml:9:5: expected a mapping of field: value for this card",
        "deck.yaml:10:67: 'name' and 'Name' both give the field name",
        'deck.yaml:10:12: \'type\': expected one of creature, spell, land, got "dragon"',
        "deck.yaml:10:26: 'cost': expected an integer from 0 to 9, got 12",
        "deck.yaml:10:38: 'weight': expected a number from 0 to 2.5, got 3",
    ]
    path.write_text("cards:\n  - name: Wolf\n")
    assert problems(lambda: records_from_yaml(load_yaml(path)["cards"], FIELDS, "deck.yaml")) == [
        "deck.yaml:2:5: missing 'type': expected one of creature, spell, land, got nothing",
        "deck.yaml:2:5: missing 'cost': expected an integer from 0 to 9, got nothing",
        "deck.yaml:2:5: missing 'weight': expected a number from 0 to 2.5, got nothing",
    ]
    path.write_text("cards: {name: Wolf}\n")
    assert problems(lambda: records_from_yaml(load_yaml(path)["cards"], FIELDS, "deck.yaml")) == [
        "deck.yaml:1:8: expected a list of cards, one mapping each"]


# ---- hostile input ----------------------------------------------------------------------------

def xlsx(path: Path, rows: list[list[str]], refs: list[str] | None = None, cells: str = "",
         shared: list[str] | None = None) -> None:
    """A minimal XLSX: inline strings; ``refs`` places cells at given addresses instead; ``cells``
    is more sheet XML as it is; ``shared`` the shared strings a ``t="s"`` cell's index names."""
    main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    pkg = "http://schemas.openxmlformats.org/package/2006/relationships"
    more, cells = cells, []
    if refs:
        cells = [f'<row r="{ref.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")}"><c r="{ref}" t="inlineStr">'
                 f"<is><t>x</t></is></c></row>" for ref in refs]
    for number, row in enumerate(rows, start=1):
        cells.append(f'<row r="{number}">' + "".join(
            f'<c t="inlineStr"><is><t>{value}</t></is></c>' for value in row) + "</row>")
    cells.append(more)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", (
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
            'officedocument.spreadsheetml.sheet.main+xml"/>'
            '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-'
            'officedocument.spreadsheetml.worksheet+xml"/></Types>'))
        z.writestr("_rels/.rels", f'<?xml version="1.0"?><Relationships xmlns="{pkg}"><Relationship '
                   f'Id="rId1" Type="{rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>')
        z.writestr("xl/workbook.xml", f'<?xml version="1.0"?><workbook xmlns="{main}" xmlns:r="{rel}">'
                   '<sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>')
        z.writestr("xl/_rels/workbook.xml.rels", f'<?xml version="1.0"?><Relationships xmlns="{pkg}">'
                   f'<Relationship Id="rId1" Type="{rel}/worksheet" Target="worksheets/sheet1.xml"/>'
                   + (f'<Relationship Id="rId2" Type="{rel}/sharedStrings" Target="sharedStrings.xml"/>'
                      if shared is not None else "") + "</Relationships>")
        if shared is not None:
            z.writestr("xl/sharedStrings.xml", f'<?xml version="1.0"?><sst xmlns="{main}">'
                       + "".join(f"<si><t>{t}</t></si>" for t in shared) + "</sst>")
        z.writestr("xl/worksheets/sheet1.xml", f'<?xml version="1.0"?><worksheet xmlns="{main}">'
                   f'<sheetData>{"".join(cells)}</sheetData></worksheet>')


def ods(path: Path, header: str, value: str, rows: int, columns: int) -> None:
    """A minimal ODS: a header cell, then one row holding ``value`` repeated ``rows`` x ``columns``."""
    office = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
    table = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
    text = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"

    def cell(v, repeat=1):
        return (f'<table:table-cell table:number-columns-repeated="{repeat}" office:value-type="string">'
                f"<text:p>{v}</text:p></table:table-cell>")
    content = (f'<?xml version="1.0"?><office:document-content xmlns:office="{office}" '
               f'xmlns:table="{table}" xmlns:text="{text}" office:version="1.2"><office:body>'
               f'<office:spreadsheet><table:table table:name="S"><table:table-row>{cell(header)}'
               f'</table:table-row><table:table-row table:number-rows-repeated="{rows}">'
               f"{cell(value, columns)}</table:table-row></table:table></office:spreadsheet>"
               "</office:body></office:document-content>")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet", zipfile.ZIP_STORED)
        z.writestr("content.xml", content)
        z.writestr("META-INF/manifest.xml", (
            '<?xml version="1.0"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:'
            'xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" '
            'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
            '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
            "</manifest:manifest>"))


NAME = {"name": parse_field("text")}


def test_minimal_archives_are_read_when_small(tmp_path, monkeypatch):
    """The control for the hostile archives below: the same builders, small, read fine."""
    monkeypatch.chdir(tmp_path)
    xlsx(Path("small.xlsx"), [["name"], ["Wolf"], ["Eule"]])
    assert [(r.values, r.source) for r in read_records("small.xlsx", NAME)] == [
        ({"name": "Wolf"}, ("small.xlsx", 2)), ({"name": "Eule"}, ("small.xlsx", 3))]
    ods(Path("small.ods"), "name", "Kauz", rows=3, columns=1)
    assert [(r.values, r.source) for r in read_records("small.ods", NAME)] == [
        ({"name": "Kauz"}, ("small.ods", n)) for n in (2, 3, 4)]


def test_hostile_archives_are_refused_before_reading(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    limit = tables.MAX_ROWS
    xlsx(Path("long.xlsx"), [["name"]] + [[f"card {i}"] for i in range(100_000)])
    assert problems(lambda: read_records("long.xlsx", NAME)) == [
        f"long.xlsx: a sheet has data down to row 100001; the limit is {limit} card rows"]
    xlsx(Path("sparse.xlsx"), [], refs=["A1", "J1000000"])  # two cells, ten million in between
    assert problems(lambda: read_records("sparse.xlsx", NAME)) == [
        f"sparse.xlsx: a sheet has data down to row 1000000; the limit is {limit} card rows"]
    xlsx(Path("wide.xlsx"), [], refs=["A1", "XFD2"])
    assert problems(lambda: read_records("wide.xlsx", NAME)) == [
        f"wide.xlsx: a sheet has data in column 16384; the limit is {tables.MAX_COLUMNS} columns"]
    ods(Path("bomb.ods"), "name", "x", rows=1_000_000, columns=1_000)  # 1.5 kB asking for 10^9 cells
    assert Path("bomb.ods").stat().st_size < 2_000
    assert problems(lambda: read_records("bomb.ods", NAME)) == [
        f"bomb.ods: a sheet has data down to row 1000001; the limit is {limit} card rows"]
    with zipfile.ZipFile("cut.xlsx", "w") as z:
        z.writestr("xl/worksheets/sheet1.xml", "<worksheet><sheetData><row>")
    assert problems(lambda: read_records("cut.xlsx", NAME)) == [
        "cut.xlsx: not a readable spreadsheet (damaged, or not XLSX/ODS inside): no element found: line 1, column 27"]
    with zipfile.ZipFile("other.ods", "w") as z:
        z.writestr("readme.txt", "a zip, but no spreadsheet")
    [found] = problems(lambda: read_records("other.ods", NAME))
    assert found.startswith("other.ods: cannot read the spreadsheet: ")  # then calamine's words
    with zipfile.ZipFile("inflated.xlsx", "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/sharedStrings.xml", " " * (tables.MAX_UNPACKED_BYTES + 1))
    assert problems(lambda: read_records("inflated.xlsx", NAME)) == [
        f"inflated.xlsx: the spreadsheet unpacks to {tables.MAX_UNPACKED_BYTES + 1} bytes of XML; "
        f"the limit is {tables.MAX_UNPACKED_BYTES}"]


def test_text_is_counted_before_the_reader_expands_it(tmp_path, monkeypatch):
    """A 36 kB XLSX whose one shared string of 19 M characters is named by 3,000 cells asked the
    reader for 57 GB; an ODS cell repeated down and across multiplies its text the same way."""
    monkeypatch.chdir(tmp_path)
    limit = tables.MAX_TEXT_CHARS
    refs = "".join(f'<row r="{r}"><c r="A{r}" t="s"><v>1</v></c></row>' for r in range(2, 3002))
    xlsx(Path("bomb.xlsx"), [["name"]], cells=refs, shared=["x", "y" * 19_000_000])
    assert Path("bomb.xlsx").stat().st_size < 60_000
    assert problems(lambda: read_records("bomb.xlsx", NAME)) == [
        "bomb.xlsx: the cells hold 57,000,000,004 characters of text, counting every repeat and every use of "
        f"a shared text; the limit is {limit:,}"]
    small = "".join(f'<row r="{r}"><c r="A{r}" t="s"><v>1</v></c></row>' for r in range(2, 5))
    xlsx(Path("shared.xlsx"), [["name"]], cells=small, shared=["x", "Wolf"])  # the control: read fine
    assert [r.values for r in read_records("shared.xlsx", NAME)] == [{"name": "Wolf"}] * 3
    ods(Path("wide.ods"), "name", "z" * 20_000, rows=9_000, columns=1)
    assert problems(lambda: read_records("wide.ods", NAME)) == [
        "wide.ods: the cells hold 180,000,004 characters of text, counting every repeat and every use of "
        f"a shared text; the limit is {limit:,}"]


def test_a_formula_without_its_value_is_named(tmp_path, monkeypatch):
    """No silent loss: a formula cell a script wrote without computing it would read as empty."""
    monkeypatch.chdir(tmp_path)
    fields = {"name": parse_field("text"), "copies": parse_field("integer 1..9 = 1")}
    formula = '<row r="2"><c r="A2" t="inlineStr"><is><t>Wolf</t></is></c><c r="B2"><f>1+2</f></c></row>'
    xlsx(Path("unsaved.xlsx"), [["name", "copies"]], cells=formula)
    assert problems(lambda: read_records("unsaved.xlsx", fields)) == [
        "unsaved.xlsx:2: cell B2 of sheet 'S' holds a formula without a saved value (the file was written by a "
        "program that does not compute them); open and save it in a spreadsheet program"]
    xlsx(Path("saved.xlsx"), [["name", "copies"]], cells=formula.replace("</f>", "</f><v>3</v>"))
    assert [r.copies for r in read_records("saved.xlsx", fields)] == [3]


def test_hostile_files_are_refused_before_reading(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    os.mkfifo("pipe.csv")  # opening it would block forever
    assert problems(lambda: read_records("pipe.csv", NAME)) == [
        "pipe.csv: not a regular file (a device, pipe or socket); expected a card list"]
    os.symlink("/dev/zero", "zero.csv")
    assert problems(lambda: read_records("zero.csv", NAME)) == [
        "zero.csv: not a regular file (a device, pipe or socket); expected a card list"]
    os.mkdir("folder.csv")
    assert problems(lambda: read_records("folder.csv", NAME)) == [
        "folder.csv: this is a folder; expected a card list"]
    assert problems(lambda: read_records("absent.ods", NAME)) == ["absent.ods: file not found"]
    with open("huge.csv", "wb") as handle:
        handle.truncate(tables.MAX_FILE_BYTES + 1)  # sparse: nothing is written
    assert problems(lambda: read_records("huge.csv", NAME)) == [
        f"huge.csv: file is {tables.MAX_FILE_BYTES + 1:,} bytes; the limit for a card list is {tables.MAX_FILE_BYTES:,}"]


def test_row_problem_and_card_limits(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    limit = tables.MAX_ROWS
    Path("long.csv").write_text("name\n" + "".join(f"card {i}\n" for i in range(100_000)))
    assert problems(lambda: read_records("long.csv", NAME)) == [
        f"long.csv:{limit + 2}: more than {limit} card rows; the limit is {limit} per list"]
    Path("bad.csv").write_text("cost\n" + "zwei\n" * 500)
    found = problems(lambda: read_records("bad.csv", {"cost": FIELDS["cost"]}))
    assert len(found) == tables.MAX_PROBLEMS + 1
    assert found[-2] == f'bad.csv:{tables.MAX_PROBLEMS + 1}: column cost: expected an integer from 0 to 9, got "zwei"'
    assert found[-1] == f"bad.csv: {500 - tables.MAX_PROBLEMS} more problems not shown"
    Path("many.csv").write_text("name,copies\n" + "Wolf,1000\n" * 11)
    assert problems(lambda: read_records("many.csv", NAME)) == [
        f"many.csv: 11000 cards counting copies; the limit is {tables.MAX_CARDS}"]
    Path("wide.csv").write_text(",".join(f"c{i}" for i in range(tables.MAX_COLUMNS + 1)) + "\n")
    assert problems(lambda: read_records("wide.csv", NAME)) == [
        f"wide.csv:1: {tables.MAX_COLUMNS + 1} columns; the limit is {tables.MAX_COLUMNS}"]


@settings(max_examples=60, deadline=None)
@given(ext=st.sampled_from(FORMATS), flips=st.lists(st.tuples(st.floats(0, 1), st.integers(0, 255)), min_size=1, max_size=4))
def test_damaged_files_give_data_errors_only(tmp_path_factory, ext, flips):
    """Bytes overwritten anywhere in a good file: the answer is records or DataErrors, never a crash."""
    data = bytearray((FILES / f"cards.{ext}").read_bytes())
    for where, byte in flips:
        data[min(int(where * len(data)), len(data) - 1)] = byte
    path = tmp_path_factory.mktemp("damaged") / f"cards.{ext}"
    path.write_bytes(bytes(data))
    try:
        read_records(path, FIELDS, COLUMNS)
    except DataErrors:
        pass
