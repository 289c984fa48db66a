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


def test_a_tiled_board_prints_nothing_within_6_mm_of_each_papers_edge_and_every_label(sheet_game, tmp_path):
    """Labels in a lattice over the whole board, the outer ones 7 mm from the board's edge, on a tinted
    ground that runs into the bleed: on every tile page the band 6 mm along the paper's edge stays
    blank (text extraction also reports what the window clips, so the ink is measured), and every
    label is on some page."""
    from pdfread import rasters

    labels = [(f"L{c}{r}", 7 + c * 77, 7 + r * 52) for c in range(8) for r in range(8)]  # 7 .. 566 x 7 .. 373
    elements = "".join(f"  - {{type: text, x: {x}, y: {y}, w: 20, h: 6, text: {n}, size: 9}}\n" for n, x, y in labels)
    data = sheet_game({"map.yaml": "kind: sheet\nsize: 570x380\nelements:\n"
                                   "  - {type: rect, frame: bleed, fill: '#e8e0c8'}\n" + elements})
    # a board that fills its windows, and a margin too small for what the tiles print: 2 mm is not taken
    code, out = build(data, tmp_path / "o", "-f", "pdf", "--margin", "2")
    assert code == 0, out
    pdf = tmp_path / "o/g/map.pdf"
    pages = len(_page_sizes(pdf))
    px = 100 / 25.4  # pixels per mm at 100 dpi
    band = round(6 * px)
    for page, im in enumerate(rasters(pdf, 100)):
        grey = im.convert("L")
        w, h = grey.size
        for box in ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h)):
            assert grey.crop(box).getextrema()[0] >= 250, (page, box)  # white: no ink at all
    seen = {word for page in range(pages) for word, *_ in words(pdf, page)}
    assert {n for n, _, _ in labels} <= seen


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


def test_pieces_never_leave_a_near_empty_last_page(sheet_game, tmp_path):
    # 90 x 60 mm pieces: 9 to an A4 page; 10 would be 9 and 1, so the two pages hold 5 and 5
    records = ", ".join(f"{{n: {k}}}" for k in range(1, 11))
    data = sheet_game({"card.yaml": f"""
        kind: sheet
        size: 90x60
        records: [{records}]
        elements: [{{type: text, frame: safe, h: 10, text: "Karte {{n}}", size: 12}}]
    """})
    code, out = build(data, tmp_path / "o", "-f", "pdf")
    assert code == 0, out
    pdf = tmp_path / "o/g/card.pdf"
    per_page = [sum(w == "Karte" for w, *_ in words(pdf, k)) for k in range(len(_page_sizes(pdf)))]
    assert per_page == [5, 5]
    from pnp.layout.builtin.sheet import even_pages

    assert [len(c) for c in even_pages(list(range(66)), 50)] == [33, 33]
    assert [len(c) for c in even_pages(list(range(70)), 50)] == [50, 20]  # a third or more: pages stay full
    assert [len(c) for c in even_pages(list(range(8)), 8)] == [8]


@pytest.mark.parametrize("element, expected", [
    ("{type: text, x: 3, y: 20, w: 80, h: 10, text: Randnotiz, size: 12}",
     "aid.yaml:3:5: elements.0 (text): the text 'Randnotiz' comes 2.6 mm into the 6 mm next to the paper's edge"),
    ("{type: text, frame: safe, h: 10, text: klein, size: 5}",
     "aid.yaml:3:57: elements.0 (text): size 5 pt is below the 6 pt a sheet's text may print at (min_text)"),
    ("{type: text, frame: safe, w: 12, h: 10, text: 'ein viel zu langer Titel', size: 12, min_size: 6}",
     "too wide for its 12.0 mm box at 6 pt"),
    # the type sizes of boards' elements are held to min_text before anything is drawn, as a text's are
    ("{type: grid, shape: square, cols: 3, rows: 3, size: 20, x: 20, y: 20, label: '{at}', label_min: 5.5}",
     "elements.0 (grid): label_min 5.5 pt is below the 6 pt a sheet's text may print at (min_text)"),
    ("{type: track, x: 20, y: 20, w: 150, h: 100, from: 0, to: 20, size: 12, label_size: 5}",
     "elements.0 (track): label_size 5 pt is below the 6 pt"),
    ("{type: network, x: 20, y: 20, w: 150, h: 100, nodes: [{id: a, name: A, x: 10, y: 10}], text_size: 5.5}",
     "elements.0 (network): text_size 5.5 pt is below the 6 pt"),
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


@pytest.mark.parametrize("sheet, expected", [
    ("records: [{n: 1}, {n: 2}, {n: 3}]\ncopies: 4\n",
     "aid.yaml:2:10: aid: 3 records × 4 copies would make 12 pages; the limit is 10 pages"),
    ("size: 600x400\ncopies: 3\n", "aid.yaml:3:9: aid: 3 boards of 8 pages would make 24 pages; the limit is 10"),
    ("size: a6\nrecords: [" + ", ".join(f"{{n: {i}}}" for i in range(50)) + "]\n",
     "aid.yaml:3:10: aid: 50 pieces would make 25 pages; the limit is 10 pages"),
])
def test_a_sheet_over_the_page_budget_is_refused_before_it_is_drawn(sheet_game, tmp_path, sheet, expected):
    refused(sheet_game({"aid.yaml": f"kind: sheet\n{sheet}elements: [{{type: rect, frame: card}}]\n"}),
            tmp_path / "o", expected, "g", "--max-pages", "10")


def test_a_sheet_fed_by_the_games_code_is_redrawn_whatever_changed():
    """A watch rebuild reuses the files of assets whose own file did not change; a sheet that takes a
    source depends on whatever files the game's code reads, so it is marked as computed."""
    from pnp.layout.builtin.sheet import _names_a_source

    assert _names_a_source({"records": {"source": "aid"}})
    assert _names_a_source({"elements": [{"type": "grid", "cells": {"source": "terrain"}}]})
    assert not _names_a_source({"records": "roles.csv", "elements": [{"type": "text", "text": "source"}]})
    assert not _names_a_source({"elements": [{"type": "text", "source": "x", "text": "a"}]})
