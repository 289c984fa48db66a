"""examples/board-kit, the boards-and-tokens example of the README, built as a user builds it and
measured back from its PDFs: a hex map with terrain from a spreadsheet and a score track round it, a
road map from two spreadsheets, a triangular board with registration marks, and a token sheet of
every shape. Each measurement is what the example's YAML says, in mm."""
from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pdfpaths import painted
from pdfread import char_sizes, words
from pnp.cli import main as cli

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "board-kit"
TOL = 0.1  # mm


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("kit")
    shutil.copytree(EXAMPLE, tmp / "data" / "board-kit")
    res = CliRunner().invoke(cli.app, ["build", "board-kit", "--data", str(tmp / "data"), "--out", str(tmp / "out"),
                                       "-f", "pdf", "-j", "1"])
    assert res.exit_code == 0, res.output
    assert "warning" not in res.output.lower(), res.output
    return tmp / "out" / "board-kit"


def outlines(pdf, page: int, sides: int):
    return [p.points for p in painted(pdf, page) if p.stroked and p.closed and len(p.points) == sides]


def box(shapes):
    xs = [x for pts in shapes for x, _ in pts]
    ys = [y for pts in shapes for _, y in pts]
    return min(xs), min(ys), max(xs), max(ys)


def names(pdf, page: int) -> list[str]:
    return [w for w, *_ in words(pdf, page)]


def test_the_hex_map_has_56_hexes_of_18_mm_inside_a_0_to_30_track_of_10_mm_spaces(built):
    pdf = built / "boards.pdf"
    hexes = outlines(pdf, 0, 6)
    assert len(hexes) == 8 * 7
    for pts in hexes:
        ys = [y for _, y in pts]
        assert abs(max(ys) - min(ys) - 18) <= TOL  # flat hexes: 18 mm across the flats, top to bottom
    spaces = [pts for pts in outlines(pdf, 0, 4) if abs(box([pts])[2] - box([pts])[0] - 10) <= TOL
              and abs(box([pts])[3] - box([pts])[1] - 10) <= TOL]
    assert len(spaces) == 31
    tx0, ty0, tx1, ty1 = box(spaces)
    assert abs(tx1 - tx0 - 170) <= TOL and abs(ty1 - ty0 - 170) <= TOL  # the track's box: w 170, h 170
    hx0, hy0, hx1, hy1 = box(hexes)
    assert abs(hx0 - tx0 - 20) <= TOL and abs(hy0 - ty0 - 17) <= TOL  # x 25, y 22 on the card; the track at 5
    assert abs(hx1 - hx0 - (7 * 0.75 + 1) * 18 * 2 / math.sqrt(3)) <= TOL and abs(hy1 - hy0 - 7.5 * 18) <= TOL
    found = names(pdf, 0)
    assert {f"{c}{r}" for c in "ABCDEFGH" for r in range(1, 8)} <= set(found)
    assert {str(n) for n in range(31)} <= set(found)


def test_terrain_from_the_spreadsheet_fills_its_cells_and_hatches_them_for_a_grey_print(built):
    paths = painted(built / "boards.pdf", 0)
    fills = {tuple(round(v * 255) for v in p.fill) for p in paths if p.filled and len(p.points) == 6}
    assert {(0x2e, 0x7d, 0x32), (0x64, 0xb5, 0xf6), (0xbc, 0xaa, 0xa4), (0xff, 0xd5, 0x4f)} <= fills
    hatch = [p for p in paths if p.stroked and not p.closed and len(p.points) == 2 and p.width < 0.3]
    for colour in ((0x2e, 0x7d, 0x32), (0x64, 0xb5, 0xf6), (0xbc, 0xaa, 0xa4), (0xff, 0xd5, 0x4f)):
        cells = [p.points for p in paths if p.filled and len(p.points) == 6
                 and tuple(round(v * 255) for v in p.fill) == colour]
        for pts in cells:  # every forest, water, hill and town cell has lines of its own, not only its grey
            cx, cy = sum(x for x, _ in pts) / 6, sum(y for _, y in pts) / 6
            inside = [h for h in hatch if math.dist(((h.points[0][0] + h.points[1][0]) / 2,
                                                     (h.points[0][1] + h.points[1][1]) / 2), (cx, cy)) < 7]
            assert len(inside) >= 3, (colour, cx, cy)


def test_the_road_map_prints_every_place_and_name_clear_of_each_other(built):
    pdf = built / "boards.pdf"
    placed = words(pdf, 1)
    for place in ("HAF", "MUE", "BRU", "WAL", "BER", "SEE", "FUR", "MAR", "Hafenstadt", "Mühlbach", "Brückendorf",
                  "Waldheim", "Bergfeste", "Seeblick", "Furt", "Marktplatz", "Handelswege"):
        assert place in [w for w, *_ in placed], place
    boxes = [b for w, *b in placed]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
    rivers = [p for p in painted(pdf, 1) if p.stroked and not p.closed and abs(p.width - 1.2) < 0.01]
    roads = [p for p in painted(pdf, 1) if p.stroked and not p.closed and p.dash]
    assert len(rivers) == 2 and len(roads) == 9  # told apart by width and dashes, not by colour alone


def test_the_triangle_board_has_36_cells_of_24_mm_and_marks_through_its_three_tips(built):
    pdf = built / "boards.pdf"
    cells = outlines(pdf, 2, 3)
    assert len(cells) == 36
    for pts in cells:
        assert all(abs(math.dist(pts[i], pts[(i + 1) % 3]) - 24) <= TOL for i in range(3))
    x0, y0, x1, y1 = box(cells)
    assert abs(x1 - x0 - 144) <= TOL and abs(y1 - y0 - 144 * math.sqrt(3) / 2) <= TOL
    ticks = [p.points for p in painted(pdf, 2) if p.stroked and not p.closed and len(p.points) == 2
             and (min(y for _, y in p.points) < y0 - 1 or max(y for _, y in p.points) > y1 + 1)]
    assert ticks, "registration marks beyond the board's tips"
    tips = [((x0 + x1) / 2, y0), (x0, y1), (x1, y1)]
    for tx, ty in tips:  # each tip has a mark within 10 mm
        assert any(min(math.dist((tx, ty), q) for q in pts) < 10 for pts in ticks)
    assert {"A1", "F1", "F11"} <= set(names(pdf, 2))


def test_boards_print_no_text_under_6_pt_and_tokens_none_under_5_pt(built):
    assert min(s for _, s in char_sizes(built / "boards.pdf")) >= 6 - 0.05
    for f in ("tokens.pdf", "tokens-double-sided.pdf"):
        assert min(s for _, s in char_sizes(built / f)) >= 5 - 0.05


def test_the_token_sheet_cuts_every_piece_at_its_size(built):
    single = built / "tokens.pdf"
    found = names(single, 0)
    assert found.count("Sperre") == 8 and found.count("Dorf") == 4 and found.count("Brücke") == 2
    assert found.count("Fährfrau") == 2 and found.count("Händler") == 2  # each standee's front and back
    hexes = outlines(single, 0, 6)
    cut = [pts for pts in hexes if abs(box([pts])[3] - box([pts])[1] - 18) <= TOL]
    assert len(cut) == 4  # one cut line of 18 mm across the flats per hex token
    double = built / "tokens-double-sided.pdf"
    circles = [p for p in painted(double, 0) if p.stroked and p.closed and len(p.points) >= 4
               and abs(box([p.points])[2] - box([p.points])[0] - 18) <= TOL]
    assert len(circles) == 8  # 3 boats, 3 carts, 2 rafts from pieces.csv
    backs = [w for w in names(double, 1) if w in ("Bo", "Ka", "Fl")]
    assert sorted(backs) == sorted(["Bo"] * 3 + ["Ka"] * 3 + ["Fl"] * 2)
