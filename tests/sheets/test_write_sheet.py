"""pnp.output.files.write_sheet: a sheet file drawn once per record at its own size into one document,
nothing imposed (what a game's command writes on its own, such as a chart of one structure)."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pypdfium2 as pdfium
import pytest

from pdfread import text
from pnp.load.errors import DataErrors
from pnp.model.assets import BuildOptions
from pnp.model.game import discover
from pnp.output.files import write_sheet

CHART = '''
    kind: sheet
    size: 120x80
    records: {source: none}
    asset: "{name}-chart"
    fields: {name: text, total: integer 0..100000000}
    elements:
      - {type: text, frame: safe, h: 6, text: "{name}: {total|,d}", size: 9}
      - {type: bars, frame: safe, y: 8, h: "100% - 8", bars: {field: counts}, value: "{n}", label: "{k}"}
'''
RULES = '''
    def none(game, opts):
        """Charts are drawn by a command, not by the build."""
        return []

    SOURCES = {"none": none}
'''


@pytest.fixture
def game(sheet_game):
    data = sheet_game({"chart.yaml": CHART}, rules=RULES)
    return discover(data)["g"]


def test_each_record_is_a_page_of_the_sheets_own_size_in_the_language(game, tmp_path):
    records = [{"name": "Erste", "total": 6291456, "counts": [{"k": 0, "n": 3}, {"k": 1, "n": 5}]},
               {"name": "Zweite", "total": 12, "counts": [{"k": 0, "n": 1}]}]
    pdf = tmp_path / "c.pdf"
    write_sheet(game.folder / "chart.yaml", game, BuildOptions(lang="de"), records, pdf, title="Charts")
    doc = pdfium.PdfDocument(str(pdf))
    assert [tuple(round(v * 25.4 / 72, 1) for v in p.get_size()) for p in doc] == [(120.0, 80.0)] * 2
    doc.close()
    assert "Erste: 6.291.456" in text(pdf) and "Zweite: 12" in text(pdf)
    svg = tmp_path / "c.svg"
    write_sheet(game.folder / "chart.yaml", game, BuildOptions(lang="en"), records[:1], svg)
    root = ET.parse(svg).getroot()
    assert root.get("width") == "120mm" and root.get("height") == "80mm"
    assert "Erste: 6,291,456" in "".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))


def test_a_record_the_sheet_cannot_print_is_the_sheets_error(game, tmp_path):
    with pytest.raises(DataErrors, match="total"):
        write_sheet(game.folder / "chart.yaml", game, BuildOptions(), [{"name": "x", "total": -1, "counts": []}],
                    tmp_path / "c.pdf")
    assert not (tmp_path / "c.pdf").exists()
