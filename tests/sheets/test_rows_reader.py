"""One reader of rows (pnp.layout.data): a card's or token's elements (Records) and a sheet's
(SheetData) read the same spellings -- a file of the game folder, a list in the layout,
{source: name} -- into the same Row; a sheet's grid also reads {field: cells} of the page's record."""
from __future__ import annotations

import pytest

from pdfread import text
from tests.sheets.conftest import build

from pnp.layout.compile import CardError
from pnp.layout.data import Records, Row, SheetData, read_rows
from pnp.model.layout import FromField, FromSource


def test_a_file_reads_alike_for_a_card_and_a_sheet(tmp_path):
    (tmp_path / "cells.csv").write_text("at,terrain,height\nA1,forest,2.5\nB2,water,\n", encoding="utf-8")
    card = Records(tmp_path).rows("cells.csv", "grid (elements.0) cells")
    sheet = SheetData(None, None, tmp_path, "sheet.yaml").rows("cells.csv", "grid (elements.0) cells")
    assert all(isinstance(r, Row) for r in (*card, *sheet))
    assert [r.where for r in card] == [r.where for r in sheet]
    assert [r.where.rsplit("/", 1)[-1] for r in card] == ["cells.csv:2", "cells.csv:3"]
    assert [r.get("terrain") for r in card] == [r.get("terrain") for r in sheet] == ["forest", "water"]
    assert card[1].get("height") is None and sheet[1].get("height") is None
    assert card[0].get("height") == "2.5" and sheet[0].get("height") == 2.5  # a card's rows as written


def test_one_from_source_for_both_readers(tmp_path):
    rows = Records(tmp_path, sources=lambda name: [{"at": "A1"}]).rows(FromSource(source="cells"), "grid cells")
    assert [r.get("at") for r in rows] == ["A1"] and rows[0].where == "source cells:1"
    assert Records(tmp_path).rows([{"at": "C3"}], "grid cells")[0].where == "layout#1"
    with pytest.raises(CardError, match=r"reads the record of a sheet's page; a card has none"):
        Records(tmp_path).rows(FromField(field="cells"), "grid cells")


def test_read_rows_refuses_a_column_named_twice(tmp_path):
    from pnp.load.errors import DataErrors

    (tmp_path / "twice.csv").write_text("at,at\nA1,A2\n", encoding="utf-8")
    with pytest.raises(DataErrors, match="named twice"):
        read_rows(tmp_path / "twice.csv", "twice.csv")


def test_a_sheets_grid_reads_the_cells_a_record_holds(sheet_game, tmp_path):
    rules = '''
        def boards(game, opts):
            return [{"name": "Nord", "cells": [{"at": "A1", "label": "N1"}, {"at": "B2", "label": "N2"}]},
                    {"name": "Sued", "cells": [{"at": "C3", "label": "S3"}]}]

        SOURCES = {"boards": boards}
    '''
    sheet = '''
        kind: sheet
        records: {source: boards}
        elements:
          - {type: text, frame: safe, h: 10, text: "{name}", size: 12}
          - {type: grid, shape: square, cols: 3, rows: 3, size: 20, x: 20, y: 30, cells: {field: cells},
             label: "{label}"}
    '''
    data = sheet_game({"board.yaml": sheet}, rules=rules)
    code, out = build(data, tmp_path / "out", "-f", "pdf")
    assert code == 0, out
    pages = text(tmp_path / "out/g/board.pdf").split("\f")
    assert "N1" in pages[0] and "N2" in pages[0] and "S3" not in pages[0]
    assert "S3" in pages[1] and "N1" not in pages[1]
