"""kind: sheet on paper: a page, a piece imposed with crop marks, a board tiled; print checks."""
from __future__ import annotations

import pytest

from pdfread import text, words
from tests.sheets.conftest import build, refused


def _page_sizes(pdf):
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        return [tuple(round(v * 25.4 / 72, 1) for v in doc[i].get_size()) for i in range(len(doc))]
    finally:
        doc.close()


def test_a_page_sheet_is_the_paper_and_follows_the_build_paper(sheet_game, tmp_path):
    data = sheet_game({"aid.yaml": """
        kind: sheet
        orientation: landscape
        elements: [{type: text, frame: safe, h: 10, text: Hallo, size: 14}]
    """})
    assert build(data, tmp_path / "a", "-f", "pdf")[0] == 0
    assert _page_sizes(tmp_path / "a/g/aid.pdf") == [(297.0, 210.0)]
    assert build(data, tmp_path / "b", "-f", "pdf", "--paper", "letter")[0] == 0
    assert _page_sizes(tmp_path / "b/g/aid.pdf") == [(279.4, 215.9)]
    (word, x0, y0, x1, y1), = words(tmp_path / "a/g/aid.pdf")
    assert word == "Hallo" and x0 >= 5.9 and y0 >= 5.9


def test_a_board_larger_than_the_paper_is_tiled_and_measures_its_size(sheet_game, tmp_path):
    data = sheet_game({"map.yaml": """
        kind: sheet
        size: 420x297
        elements:
          - {type: rect, frame: bleed, fill: "#e8e0c8"}
          - {type: text, x: 10, y: 10, w: 100, h: 12, text: NORDWEST, size: 20}
          - {type: text, at: bottom-right, anchor: bottom-right, x: -10, y: -10, w: 100, h: 12, text: SUEDOST,
             size: 20, align: right}
    """})
    code, out = build(data, tmp_path / "o", "-f", "pdf")
    assert code == 0, out
    pdf = tmp_path / "o/g/map.pdf"
    assert _page_sizes(pdf) == [(297.0, 210.0)] * 4
    pages = text(pdf).split("\f")
    assert "NORDWEST" in pages[0] and "A1" in pages[0] and "SUEDOST" in pages[3] and "B2" in pages[3]


def test_a_piece_smaller_than_the_paper_is_imposed_with_crop_marks(sheet_game, tmp_path):
    data = sheet_game({"card.yaml": """
        kind: sheet
        size: 90x60
        records: [{n: 1}, {n: 2}, {n: 3}]
        elements: [{type: text, frame: safe, h: 10, text: "Karte {n}", size: 12}]
    """})
    code, out = build(data, tmp_path / "o", "-f", "pdf")
    assert code == 0, out
    pdf = tmp_path / "o/g/card.pdf"
    assert len(_page_sizes(pdf)) == 1
    assert all(f"Karte {n}" in text(pdf) for n in (1, 2, 3))


@pytest.mark.parametrize("element, expected", [
    ("{type: text, x: 3, y: 20, w: 80, h: 10, text: Randnotiz, size: 12}",
     "aid.yaml:3:5: elements.0 (text): the text 'Randnotiz' comes 2.6 mm into the 6 mm next to the paper's edge"),
    ("{type: text, frame: safe, h: 10, text: klein, size: 5}",
     "aid.yaml:3:57: elements.0 (text): size 5 pt is below the 6 pt a sheet's text may print at (min_text)"),
    ("{type: text, frame: safe, w: 12, h: 10, text: 'ein viel zu langer Titel', size: 12, min_size: 6}",
     "too wide for its 12.0 mm box at 6 pt"),
])
def test_what_would_not_print_is_an_error_naming_the_element(sheet_game, tmp_path, element, expected):
    refused(sheet_game({"aid.yaml": f"kind: sheet\nelements:\n  - {element}\n"}), tmp_path / "o", expected)


def test_counters_may_print_5_pt_when_the_sheet_says_so(sheet_game, tmp_path):
    data = sheet_game({"aid.yaml": "kind: sheet\nmin_text: 5\nelements:\n"
                                   "  - {type: text, frame: safe, h: 10, text: klein, size: 5}\n"})
    code, out = build(data, tmp_path / "o", "-f", "pdf")
    assert code == 0, out


def test_a_text_over_another_element_is_a_warning_naming_both(sheet_game, tmp_path):
    data = sheet_game({"aid.yaml": """
        kind: sheet
        elements:
          - {type: rect, id: box, frame: safe, y: 8, w: 40, h: 10, fill: "#cccccc"}
          - {type: text, frame: safe, y: 5, w: 80, h: 10, text: "Ein Titel über dem Kasten", size: 14}
    """})
    code, out = build(data, tmp_path / "o", "-f", "pdf")
    assert code == 0, out
    flat = " ".join(out.split())
    assert "warning" in flat and "aid, page 1:" in flat and "overlaps rect elements.0" in flat, out
