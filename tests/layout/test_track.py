"""The ``track`` element (numbered spaces around a box) and ``registration`` marks, measured back from
the PDF and read from the SVG."""
from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest
from pydantic import ValidationError

from pdfpaths import painted
from pdfread import char_sizes, words
from pnp.layout.boards import track_spaces
from pnp.layout.compile import Card, CardError, compile_layout
from pnp.layout.vocabulary import Layout
from pnp.model.grids import Grid
from pnp.render import write
from pnp.scene import Page

TOL = 0.1


def lay(*elements, tables=None):
    return Layout.model_validate({"kind": "layout", "tables": tables or {}, "elements": list(elements)})


def render(layout, tmp_path, w=420.0, h=297.0, name="t"):
    page = Page(w, h, compile_layout(layout).stamp({}, Card(w, h, 0)))
    pdf, svg = tmp_path / f"{name}.pdf", tmp_path / f"{name}.svg"
    write("pdf", [page], pdf)
    write("svg", page, svg)
    return pdf, svg


def bounds(pts):
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


SCORE = {"type": "track", "x": 5, "y": 5, "w": 410, "h": 287, "from": 0, "to": 50, "size": 9}


def test_a_score_track_0_to_50_puts_51_spaces_of_9_mm_evenly_round_its_box(tmp_path):
    pdf, _ = render(lay(SCORE), tmp_path)
    boxes = [bounds(p.points) for p in painted(pdf) if p.stroked and p.closed and len(p.points) == 4]
    assert len(boxes) == 51
    for x0, y0, x1, y1 in boxes:
        assert abs(x1 - x0 - 9) <= TOL and abs(y1 - y0 - 9) <= TOL
        assert x0 >= 5 - TOL and y0 >= 5 - TOL and x1 <= 415 + TOL and y1 <= 292 + TOL
        assert x0 < 5 + TOL or y0 < 5 + TOL or x1 > 415 - TOL or y1 > 292 - TOL  # on the box's edge
    for corner in ((5, 5), (406, 5), (406, 283), (5, 283)):  # one space in each corner
        assert any(abs(b[0] - corner[0]) <= TOL and abs(b[1] - corner[1]) <= TOL for b in boxes)
    top = sorted(b[0] for b in boxes if abs(b[1] - 5) <= TOL)
    gaps = [b - a - 9 for a, b in zip(top, top[1:])]
    assert max(gaps) - min(gaps) < 0.01  # even along a side ...
    left = sorted(b[1] for b in boxes if abs(b[0] - 5) <= TOL)
    side = [b - a - 9 for a, b in zip(left, left[1:])]
    assert abs(side[0] - gaps[0]) < 3  # ... and about the same on every side
    printed = [w for w, *_ in words(pdf)]
    assert sorted(map(int, printed)) == list(range(51))
    assert min(s for _, s in char_sizes(pdf)) >= 6


def test_numbers_run_clockwise_from_the_start_corner_or_the_other_way(tmp_path):
    s = track_spaces(12, 100, 60, 10)
    assert s[0] == (0, 0) and s[1][1] == 0 and s[1][0] > 10  # along the top first
    ccw = track_spaces(12, 100, 60, 10, direction="counterclockwise")
    assert ccw[0] == (0, 0) and ccw[1][0] == 0 and ccw[1][1] > 10  # down the left side first
    br = track_spaces(12, 100, 60, 10, start="bottom-right")
    assert br[0] == (90, 50) and br[1][1] == 50 and br[1][0] < 90  # along the bottom, leftwards
    assert sorted(s) == sorted(ccw) == sorted(br)


def test_every_fifth_number_is_bold_and_every_tenth_space_is_marked_so_in_grey_too(tmp_path):
    pdf, svg = render(lay(SCORE), tmp_path)
    root = ET.parse(svg).getroot()
    bold = sorted(int(e.text) for e in root.iter() if e.tag.endswith("text") and e.get("font-weight") == "bold")
    assert bold == list(range(0, 51, 5))
    shapes = [p for p in painted(pdf) if p.stroked and p.closed and len(p.points) == 4]
    marked = [p for p in shapes if p.fill and round(p.fill[0] * 255) == 0xd9]
    assert len(marked) == 6 and all(abs(p.width - 0.6) < 1e-3 for p in marked)  # 0, 10 ... 50: filled, thicker
    assert all(abs(p.width - 0.3) < 1e-3 for p in shapes if p not in marked)


def test_round_spaces_and_templates_that_read_the_number(tmp_path):
    tables = {"colour": {"3": "#ff0000", "default": "white"}}
    el = {"type": "track", "w": 100, "h": 60, "from": 1, "to": 12, "size": 10, "shape": "circle",
          "fill": "{colour[n]}", "mark_every": 0, "label": "{n}."}
    pdf, _ = render(lay(el, tables=tables), tmp_path, 100, 60)
    circles = [p for p in painted(pdf) if p.filled and p.closed and len(p.points) == 5]
    assert len(circles) == 12
    red = [bounds(p.points) for p in circles if p.fill == (200 / 255, 30 / 255, 30 / 255) or
           tuple(round(v * 255) for v in p.fill) == (255, 0, 0)]
    assert len(red) == 1 and all(abs(b[2] - b[0] - 10) <= TOL for b in red)
    assert "3." in {w for w, *_ in words(pdf)}


@pytest.mark.parametrize("el, message", [
    ({**SCORE, "size": 30}, "51 spaces of 30 mm do not fit around a 410 × 287 mm box"),
    ({**SCORE, "size": 3.5}, "too small for numbers of 6 pt"),
])
def test_a_track_that_cannot_be_printed_says_why(tmp_path, el, message):
    with pytest.raises(CardError) as exc:
        compile_layout(lay(el)).stamp({}, Card(420, 297, 0))
    assert message in str(exc.value)


@pytest.mark.parametrize("el, words_", [
    ({**SCORE, "to": -1}, ["smaller than 'from'"]),
    ({**SCORE, "to": 2}, ["at least 4 spaces"]),
    ({**SCORE, "form": 0}, ["form"]),
])
def test_track_schema_errors(el, words_):
    with pytest.raises(ValidationError) as exc:
        lay(el)
    assert all(w in str(exc.value) for w in words_)


# ------------------------------------------------------------------ registration marks

def test_targets_sit_on_the_corners_of_their_box_or_moved_out_by_offset(tmp_path):
    el = {"type": "registration", "x": 20, "y": 30, "w": 100, "h": 60, "size": 6}
    pdf, _ = render(lay(el, {**el, "offset": 5}), tmp_path, 200, 150)
    rings = [bounds(p.points) for p in painted(pdf) if p.closed and len(p.points) == 5]
    centres = sorted(((x0 + x1) / 2, (y0 + y1) / 2) for x0, y0, x1, y1 in rings)
    want = [(20, 30), (20, 90), (120, 30), (120, 90)]
    d = 5 / math.hypot(50, 30)
    moved = [(x + (x - 70) * d, y + (y - 60) * d) for x, y in want]
    for got, exp in zip(centres, sorted(want + moved)):
        assert math.dist(got, exp) <= TOL
    assert all(abs((b[2] - b[0]) - 3.6) <= TOL for b in rings)  # ring: 0.6 of the 6 mm mark


def test_ticks_continue_the_sides_of_a_triangle_grid_through_its_tips(tmp_path):
    grid = Grid("triangle", 9, 9, 25)
    board = {"type": "grid", "shape": "triangle", "rows": 9, "size": 25, "x": 20, "y": 20, "id": "board"}
    marks = {"type": "registration", "frame": "board", "marks": "triangle", "mark": "ticks", "size": 6}
    pdf, _ = render(lay(board, marks), tmp_path, 297, 240)
    ticks = [p.points for p in painted(pdf) if p.stroked and not p.closed and len(p.points) == 2
             and abs(math.dist(*p.points) - 6) <= TOL]
    assert len(ticks) == 6
    tips = [(20 + grid.width / 2, 20), (20, 20 + grid.height), (20 + grid.width, 20 + grid.height)]
    for tip in tips:
        through = [t for t in ticks if math.dist(((t[0][0] + t[1][0]) / 2, (t[0][1] + t[1][1]) / 2), tip) <= TOL]
        assert len(through) == 2
        for (ax, ay), (bx, by) in through:  # each runs along one of the triangle's sides (60 degrees)
            angle = math.degrees(math.atan2(by - ay, bx - ax)) % 180
            assert min(abs(angle - a) for a in (0, 60, 120)) < 0.1


def test_the_board_and_its_overlay_print_their_marks_in_the_same_places(tmp_path):
    marks = {"type": "registration", "x": 15, "y": 15, "w": 250, "h": 180, "size": 8}
    board = lay({"type": "grid", "cols": 5, "rows": 3, "size": 30, "x": 30, "y": 30}, marks)
    overlay = lay({"type": "rect", "x": 60, "y": 60, "w": 40, "h": 40, "fill": "#8888ff"}, marks)
    a, _ = render(board, tmp_path, 297, 210, "board")
    b, _ = render(overlay, tmp_path, 297, 210, "overlay")

    def mark_lines(pdf):
        return sorted(tuple(round(v, 3) for pt in p.points for v in pt) for p in painted(pdf)
                      if p.stroked and abs(p.width - 0.25) < 1e-3)

    assert mark_lines(a) == mark_lines(b) and len(mark_lines(a)) == 4 * 3  # two strokes and a ring each
