"""A sheet's page record feeds the rows of its grid and network ({field: name}), and an ink-saving
build (--ink-saver) draws each element's ink_saver variant on sheets as it does on cards."""
from __future__ import annotations

from pdfread import raster, words
from tests.sheets.conftest import build

SHEET = """
    kind: sheet
    orientation: landscape
    records:
      - {name: one, cells: [{at: A1, fill: "#000000"}], spots: [{id: p, name: "", x: 0, y: 0}, {id: q, name: "", x: 10, y: 10}]}
      - {name: two, cells: [{at: C3, fill: "#000000"}], spots: [{id: p, name: "", x: 10, y: 0}, {id: q, name: "", x: 0, y: 10}]}
    elements:
      - {type: grid, cols: 3, rows: 3, size: 30, x: 20, y: 20, cells: {field: cells}, fill: "{fill}", label: "{at}"}
      - {type: network, x: 150, y: 20, w: 60, h: 60, extent: [10, 10], pad: 5, nodes: {field: spots}, size: 8,
         text: "{id}", label: ""}
      - {type: rect, x: 150, y: 120, w: 30, h: 30, fill: "#000000", ink_saver: {fill: "#ffffff", stroke: "#000000"}}
"""


def _dark(img, x_mm, y_mm, dpi=50) -> bool:
    return img.getpixel((round(x_mm / 25.4 * dpi), round(y_mm / 25.4 * dpi))) < 80


def test_a_grid_and_a_network_read_their_rows_from_the_pages_record(sheet_game, tmp_path):
    data = sheet_game({"map.yaml": SHEET})
    code, out = build(data, tmp_path / "o", "-f", "pdf")
    assert code == 0, out
    pdf = tmp_path / "o/g/map.pdf"
    one, two = raster(pdf, 50, 0).convert("L"), raster(pdf, 50, 1).convert("L")
    # page one fills A1 (top-left), page two C3 (bottom-right), each with its own record's cells
    assert _dark(one, 20 + 15, 20 + 20) and not _dark(one, 20 + 75, 20 + 80)
    assert _dark(two, 20 + 75, 20 + 80) and not _dark(two, 20 + 15, 20 + 20)
    # the nodes stand where each page's record puts them (extent 10 x 10 onto 50 x 50 mm inside the pad, in the
    # safe frame, 6 mm in from the paper's edge)
    for page, (px, qx) in ((0, (161, 211)), (1, (211, 161))):
        got = {w: ((x0 + x1) / 2, (y0 + y1) / 2) for w, x0, y0, x1, y1 in words(pdf, page)}
        assert abs(got["p"][0] - px) < 1 and abs(got["q"][0] - qx) < 1, got


def test_a_sheet_draws_ink_saver_variants_only_in_an_ink_saving_build(sheet_game, tmp_path):
    data = sheet_game({"map.yaml": SHEET})
    for args, dark in (((), True), (("--ink-saver",), False)):
        code, out = build(data, tmp_path / ("s" if args else "n"), "-f", "pdf", *args)
        assert code == 0, out
        img = raster(tmp_path / ("s" if args else "n") / "g/map.pdf", 50).convert("L")
        assert _dark(img, 165, 135) == dark, args


def test_a_text_between_the_pieces_of_an_element_does_not_overlap_it(sheet_game, tmp_path):
    """Overlap is measured against each piece of ink (a mark at each corner of a box, each stroke
    of a path), not the box around all of them: a title in the empty middle of a frame of marks is
    clear, one over a mark is still a warning."""
    marks = "  - {type: registration, x: 20, y: 20, w: 200, h: 150, mark: cross, size: 6}\n"
    clear = "  - {type: text, x: 60, y: 80, w: 100, h: 8, text: Mitte, size: 12}\n"
    over = "  - {type: text, x: 15, y: 16, w: 40, h: 8, text: Ecke, size: 12}\n"
    for body, warned in ((clear, False), (over, True)):
        data = sheet_game({"map.yaml": "kind: sheet\norientation: landscape\nelements:\n" + marks + body})
        code, out = build(data, tmp_path / ("w" if warned else "c"), "-f", "pdf")
        assert code == 0, out
        assert ("overlaps registration" in out) == warned, out
