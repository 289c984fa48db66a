"""The table element: header labels, rows to fill in, rows from data, sums, read back from the PDF."""
from __future__ import annotations

import re

import pytest

from pdfread import raster, text, words
from tests.sheets.conftest import build, refused

PAD = """
    kind: sheet
    elements:
      - {type: table, x: 10, y: 40, w: 190, rows: 12, columns: [Player, "1", "2", "3", Total]}
"""


def _horizontal_lines(img, x_px: int) -> list[int]:
    """Rows of dark pixels down the column ``x_px`` (each line counted once)."""
    ys, last = [], -5
    for y in range(img.height):
        if sum(img.getpixel((x_px, y))) < 200 and y - last > 2:
            ys.append(y)
        if sum(img.getpixel((x_px, y))) < 200:
            last = y
    return ys


def test_a_score_pad_has_a_header_and_twelve_rows_of_boxes(sheet_game, tmp_path):
    code, out = build(sheet_game({"pad.yaml": PAD}), tmp_path / "o", "-f", "pdf")
    assert code == 0, out
    pdf = tmp_path / "o/g/pad.pdf"
    labels = [w for w in words(pdf)]
    assert [w[0] for w in labels] == ["Player", "1", "2", "3", "Total"]
    assert all(40 < w[2] < 48 for w in labels)  # in the first 8 mm row
    player, one = labels[0], labels[1]
    assert player[1] < 14 and one[1] > 50  # Player left in its wider column, the numbers centred in theirs
    img = raster(pdf, 100, aa=False)
    lines = _horizontal_lines(img, round(100 / 25.4 * 30))
    assert len(lines) == 14  # top, under the header, and under each of 12 rows
    steps = [(b - a) * 25.4 / 100 for a, b in zip(lines, lines[1:])]
    assert all(abs(s - 8.0) < 0.4 for s in steps), steps


def test_rows_from_data_with_values_sums_and_the_languages_decimal_mark(sheet_game, tmp_path):
    data = sheet_game({
        "scores.csv": "player,round,points\nAnna,1,2.5\nBen,1,4\n",
        "pad.yaml": """
            kind: sheet
            elements:
              - {type: table, frame: safe, rows: scores.csv, sums: {de: Summe, en: Total},
                 columns: [Player, {label: Runde, field: round}, {label: Punkte, field: points, sum: true},
                           {label: Notiz, value: "**{player}** spielt"}]}
        """})
    code, out = build(data, tmp_path / "o", "-f", "pdf")
    assert code == 0, out
    page = text(tmp_path / "o/g/pad.pdf")
    assert "Anna" in page and "2,5" in page and "Summe" in page and "6,5" in page and "Ben spielt" in page
    code, out = build(data, tmp_path / "e", "-f", "pdf", "--lang", "en")
    assert code == 0, out
    page = text(tmp_path / "e/g/pad.pdf")
    assert "Total" in page and "6.5" in page and "2.5" in page


def test_rows_a_records_field_holds(sheet_game, tmp_path):
    rules = '''
        def ledgers(game, opts):
            return [{"who": "Superhirn", "entries": [{"turn": 1, "gold": 3}, {"turn": 2, "gold": 4}]}]
        SOURCES = {"ledgers": ledgers}
    '''
    data = sheet_game({"ledger.yaml": """
        kind: sheet
        records: {source: ledgers}
        elements:
          - {type: text, frame: safe, h: 8, text: "{who}", size: 12}
          - {type: table, frame: safe, y: 10, rows: {field: entries}, sums: Summe,
             columns: [Turn, {label: Gold, sum: true}]}
    """}, rules=rules)
    code, out = build(data, tmp_path / "o", "-f", "pdf")
    assert code == 0, out
    page = text(tmp_path / "o/g/ledger.pdf")
    assert "Superhirn" in page and "Summe" in page and "7" in page.split("Summe")[1]


@pytest.mark.parametrize("table, expected", [
    ("{type: table, frame: safe, h: 40, rows: 12, row_height: 8, columns: [A, B]}",
     "pad.yaml:3:5: table (elements.0): 13 rows of 8.0 mm need 104.0 mm; its box is 40.0 mm high"),
    ("{type: table, frame: safe, rows: [{a: 1}], columns: [{label: A, value: '{b}'}]}",
     "column 'A' shows {b}, which the row does not have; its fields are a"),
    ("{type: table, frame: safe, rows: [{a: x}], sums: S, columns: [N, {label: A, sum: true}]}",
     "column 'A' adds up numbers; a row has 'x'"),
    ("{type: table, frame: safe, rows: 2, sums: S, columns: [A, B]}",
     "'sums' adds up the columns marked sum: true, and no column is"),
    ("{type: table, frame: safe, rows: 2, size: 5, columns: [A, B]}",
     "elements.0 (table): size 5 pt is below the 6 pt a sheet's text may print at"),
])
def test_a_table_that_cannot_be_printed_is_an_error_at_its_line(sheet_game, tmp_path, table, expected):
    refused(sheet_game({"pad.yaml": f"kind: sheet\nelements:\n  - {table}\n"}), tmp_path / "o", expected)


def test_a_long_list_runs_on_over_pages_with_its_header_and_the_sum_of_every_row(sheet_game, tmp_path):
    rows = "".join(f"Posten {i},{i}\n" for i in range(1, 61))
    data = sheet_game({"ledger.csv": "item,gold\n" + rows, "ledger.yaml": """
        kind: sheet
        elements:
          - {type: text, frame: safe, h: 8, text: "Kassenbuch, Seite {page} von {pages}", size: 10}
          - {type: table, frame: safe, y: 10, h: "100% - 10", rows: ledger.csv, sums: Summe, numbers: false,
             columns: [Item, {label: Gold, sum: true}]}
    """})
    code, out = build(data, tmp_path / "o", "-f", "pdf")
    assert code == 0, out
    pages = [" ".join(p.split()) for p in text(tmp_path / "o/g/ledger.pdf").split("\f")]
    assert len(pages) >= 2
    assert all(p.startswith(f"Kassenbuch, Seite {n} von {len(pages)} Item Gold") for n, p in enumerate(pages, 1))
    items = [int(w) for p in pages for w in re.findall(r"Posten (\d+)", p)]
    assert items == list(range(1, 61))  # every row once, in order
    assert "Summe 1830" in pages[-1] and all("Summe" not in p for p in pages[:-1])


@pytest.mark.parametrize("rows, expected", [
    ("1000000", "'elements.0.rows': Input should be less than or equal to 500 (got 1000000)"),
    ("abc.txt", "'elements.0.rows': a data file is a spreadsheet or YAML file"),
    ("../up.csv", "'elements.0.rows': a data file is named relative to the game folder, without '..'"),
    ("{sauce: x}", "'elements.0.rows': expected a number of rows to fill in (0 to 500) or rows of data: "
                   "a file of the game folder"),
    ("[1, 2]", "'elements.0.rows': [0]: Input should be a valid dictionary"),
])
def test_a_wrong_rows_value_is_one_message_saying_what_fits(sheet_game, tmp_path, rows, expected):
    data = sheet_game({"pad.yaml": f"kind: sheet\nelements:\n  - {{type: table, frame: safe, rows: {rows}, columns: [A]}}\n"})
    code, log = build(data, tmp_path / "o", "-f", "pdf")
    assert code == 2 and expected in " ".join(log.split()), log
    assert "1 problem(s)" in log, log  # not one message per alternative the value might have been


def test_each_row_of_data_may_have_its_own_background(sheet_game, tmp_path):
    """row_fill: a template of the row's fields, looked up in a table; 'none' leaves the stripe."""
    sheet = """
        kind: sheet
        tables: {team: {rot: "#f4c7c3", blau: "#c6dafc", keins: none}}
        elements:
          - {type: table, x: 10, y: 40, w: 120, row_height: 10, stripe: "#eeeeee", row_fill: "{team[side]}",
             header: false, columns: [Name, Punkte],
             rows: [{name: Anna, side: rot, punkte: 3}, {name: Bert, side: keins, punkte: 4},
                    {name: Cem, side: blau, punkte: 5}]}
    """
    code, out = build(sheet_game({"pad.yaml": sheet}), tmp_path / "o", "-f", "pdf")
    assert code == 0, out
    img = raster(tmp_path / "o/g/pad.pdf", 100)
    px = round(100 / 25.4 * 100)  # right of the names, inside the table

    def at(y_mm):
        return img.getpixel((px, round(100 / 25.4 * y_mm)))

    assert at(43) == (0xf4, 0xc7, 0xc3) and at(53) == (0xee, 0xee, 0xee) and at(63) == (0xc6, 0xda, 0xfc)


@pytest.mark.parametrize("row_fill, expected", [
    ("{colour[side]}", "row_fill: unknown table 'colour'"),
    ("{seite}", "row_fill reads {seite}, which the row does not have"),
    ("{side}", "row_fill: "),
])
def test_a_row_fill_that_gives_no_colour_is_an_error(sheet_game, tmp_path, row_fill, expected):
    sheet = f"""
        kind: sheet
        elements:
          - {{type: table, x: 10, y: 40, w: 120, row_fill: "{row_fill}", columns: [Name],
             rows: [{{name: Anna, side: rosarot}}]}}
    """
    refused(sheet_game({"pad.yaml": sheet}), tmp_path / "o", expected)
