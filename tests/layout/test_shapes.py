"""Stars, regular polygons, arcs and SVG paths: each fills the box the layout gives it, measured
back from the PDF (±0.1 mm); they build in PDF, SVG and png-cards, and bad ones are refused."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pytest
from typer.testing import CliRunner

from pdfread import raster
from pnp.cli.main import app
from pnp.impose.items import Item
from pnp.impose.single import single_page
from pnp.layout.compile import Card, compile_layout
from pnp.load.errors import DataErrors
from pnp.layout.vocabulary import Layout
from pnp.render.pdf import render_pdf_bytes

DPI = 1200
K = DPI / 25.4

SHAPES = [  # (element, its colour, the box its ink should fill beyond the declared one: the stroke's width)
    ({"type": "star", "x": 5, "y": 5, "w": 10, "h": 10, "points": 5, "inner": 0.45, "fill": "#ffd700"}, 0),
    ({"type": "polygon", "sides": 6, "x": 20, "y": 5, "w": 10, "h": 10, "fill": "#8888aa"}, 0),
    ({"type": "arc", "x": 35, "y": 5, "w": 10, "h": 10, "start": 0, "end": 270, "stroke": "#000000",
      "stroke_width": 0.02}, 0.02),
    ({"type": "path", "x": 50, "y": 5, "w": 10, "h": 10, "d": "M0 0 C 5 10, 10 0, 10 10", "stroke": "#000000",
      "stroke_width": 0.02}, 0.02),
    ({"type": "star", "x": 5, "y": 20, "w": 14, "h": 9, "points": 7, "inner": 0.3, "fill": "#ff0000"}, 0),
    ({"type": "polygon", "sides": 5, "x": 22, "y": 20, "w": 8, "h": 12, "fill": "#00aa00"}, 0),
    ({"type": "polygon", "sides": 6, "orient": "pointy", "x": 33, "y": 20, "w": 8.66, "h": 10, "fill": "#0000ff"}, 0),
    ({"type": "path", "x": 45, "y": 20, "w": 12, "h": 7, "d": "m 10 80 q 42.5 -70 85 0 t 85 0 a 20 30 20 0 1 -40 40 z",
      "fill": "#ff00ff"}, 0),
    ({"type": "arc", "x": 5, "y": 40, "w": 20, "h": 10, "start": 180, "end": 360, "pie": True, "fill": "#00ffff",
      "stroke": "none"}, 0),
    ({"type": "hexagon", "x": 30, "y": 40, "w": 11.55, "h": 10, "fill": "#884400"}, 0),
]


def _pdf(*elements) -> bytes:
    lay = Layout.model_validate({"kind": "layout", "fields": {"name": "text"},
                                 "elements": [{"type": "rect", "frame": "bleed", "fill": "white"}, *elements]})
    comp = compile_layout(lay)
    return render_pdf_bytes([single_page(Item(63, 88, lambda b: comp.stamp({"name": "x"}, Card(63, 88, b))), 0)])


def _ink(el: dict, pad: float = 2.0) -> tuple[float, float, float, float]:
    """(x, y, w, h) in mm of everything not white around the element's declared box."""
    x, y, w, h = el["x"], el["y"], el["w"], el["h"]
    img = raster(_pdf(el), DPI, crop_mm=(x - pad, y - pad, x + w + pad, y + h + pad))
    a = np.asarray(img.convert("L"))
    ys, xs = np.nonzero(a < 245)
    ox, oy = round((x - pad) * K), round((y - pad) * K)
    x0, y0, x1, y1 = (xs.min() + ox) / K, (ys.min() + oy) / K, (xs.max() + 1 + ox) / K, (ys.max() + 1 + oy) / K
    return x0, y0, x1 - x0, y1 - y0


@pytest.mark.parametrize("el, stroke", SHAPES, ids=[f"{e['type']}-{i}" for i, (e, _) in enumerate(SHAPES)])
def test_every_shape_measures_its_declared_box_in_the_pdf(el, stroke):
    x, y, w, h = _ink(el)
    if el["type"] == "arc" and el.get("pie"):  # 9 o'clock clockwise to 3 o'clock: the box's upper half
        expected = (el["x"], el["y"], el["w"], el["h"] / 2)
    else:
        expected = (el["x"], el["y"], el["w"], el["h"])
    half = stroke / 2  # a stroke straddles the outline, as a rect's does (a hairline here: the outline itself)
    want = (expected[0] - half, expected[1] - half, expected[2] + stroke, expected[3] + stroke)
    assert max(abs(a - b) for a, b in zip((x, y, w, h), want)) <= 0.1, ((x, y, w, h), want)


def test_pdf_path_objects_of_filled_shapes_are_their_boxes():
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    filled = [e for e, stroke in SHAPES if e["type"] in ("star", "polygon")]  # (a curve's control points may stick out)
    doc = pdfium.PdfDocument(_pdf(*filled))
    page = doc[0]
    height = page.get_height()
    k = 25.4 / 72
    boxes = []
    for obj in page.get_objects(max_depth=8):
        if obj.type == raw.FPDF_PAGEOBJ_PATH:
            left, bottom, right, top = obj.get_bounds()
            boxes.append((left * k, (height - top) * k, (right - left) * k, (top - bottom) * k))
    doc.close()
    for el in filled:
        want = (el["x"], el["y"], el["w"], el["h"])
        assert any(max(abs(a - b) for a, b in zip(box, want)) <= 0.01 for box in boxes), (want, boxes)


def test_a_stroke_straddles_the_outline():
    el = dict(SHAPES[2][0], stroke_width=0.3)  # the arc 0..270: it reaches all four sides of its box
    x, y, w, h = _ink(el)
    assert max(abs(a - b) for a, b in zip((x, y, w, h), (34.85, 4.85, 10.3, 10.3))) <= 0.1


def test_a_regular_polygon_stands_on_a_side_unless_told():
    from pnp.layout.shapes import regular
    from pnp.scene import Box

    tri = regular(Box(0, 0, 10, 10), 3, None)
    assert min(p[1] for p in tri) == 0 and sum(1 for p in tri if abs(p[1] - 10) < 1e-9) == 2  # a tip up, flat foot
    hexa = regular(Box(0, 0, 10, 10), 6, None)
    assert sum(1 for p in hexa if abs(p[1]) < 1e-9) == 2  # a side on top
    pointy = regular(Box(0, 0, 10, 10), 6, "pointy")
    assert sum(1 for p in pointy if abs(p[1]) < 1e-9) == 1  # a corner on top


def test_arcs_go_clockwise_from_three_o_clock():
    from pnp.scene import Box
    from pnp.scene.geometry import normalise
    from pnp.scene import Path
    from pnp.layout.shapes import arc

    ops = normalise(Path(arc(Box(0, 0, 10, 10), 0, 90, False)))
    assert ops[0][1:] == pytest.approx((10, 5)) and ops[-1][-2:] == pytest.approx((5, 10))  # right, then down
    # no control point leaves the box, so a PDF reader's bounds are the arc's
    ops = normalise(Path(arc(Box(0, 0, 10, 10), 30, 300, False)))
    assert all(-1e-9 <= v <= 10 + 1e-9 for op in ops for v in op[1:])


@pytest.mark.parametrize("el, message", [
    ({"type": "polygon", "sides": 6, "points": [[0, 0], [1, 0], [0, 1]]}, "either points"),
    ({"type": "polygon"}, "either points"),
    ({"type": "polygon", "points": [[0, 0], [1, 0], [0, 1]], "orient": "flat"}, "orient belongs"),
    ({"type": "polygon", "sides": 2}, "greater than or equal to 3"),
    ({"type": "hexagon", "sides": 5}, "a hexagon has six sides"),
    ({"type": "hexagon", "points": [[0, 0], [1, 0], [0, 1]]}, "a hexagon has six sides"),
    ({"type": "star", "inner": 1.5}, "less than 1"),
    ({"type": "arc", "fill": "red"}, "add pie: true"),
    ({"type": "path", "d": "M0 0 X 5 5"}, "'X' is neither"),
    ({"type": "path", "d": "L 3 3"}, "starts with a move"),
    ({"type": "path", "d": "M 0 0 L 5"}, "cannot be read"),
    ({"type": "path", "d": "M 0 0"}, "draws nothing"),
])
def test_bad_shapes_are_refused_with_their_place(tmp_path, el, message):
    from pnp.layout.kinds import load_doc

    p = tmp_path / "card.yaml"
    import json

    p.write_text("kind: layout\nelements:\n  - " + json.dumps(el) + "\n")
    with pytest.raises(DataErrors) as exc:
        load_doc(p)
    assert any(message in q.message and q.line == 3 for q in exc.value.problems), exc.value.problems


def test_every_shape_builds_in_pdf_svg_and_png_cards(tmp_path, make_deck_game):
    import json

    make_deck_game("shapes", "kind: layout\nfields: {name: text}\nelements:\n"
                             "  - {type: rect, frame: bleed, fill: white}\n"
                   + "".join(f"  - {json.dumps(e)}\n" for e, _ in SHAPES), "[{name: a}]")
    res = CliRunner().invoke(app, ["build", "shapes", "--data", str(tmp_path / "data"), "--out", str(tmp_path / "o"),
                                   "-f", "pdf,svg,png-cards", "--dpi", "300"])
    assert res.exit_code == 0, res.output
    cards = tmp_path / "o" / "shapes" / "cards" / "deck"
    svg = ET.parse(cards / "a.svg").getroot()
    ns = "{http://www.w3.org/2000/svg}"
    assert len([e for e in svg.iter() if e.tag in (ns + "path", ns + "polygon")]) >= len(SHAPES)
    from PIL import Image

    png = Image.open(cards / "a.png")
    assert png.size == (round(69 / 25.4 * 300), round(94 / 25.4 * 300))  # card and 3 mm bleed at 300 dpi
    px = np.asarray(png.convert("RGB")).astype(int)
    k = 300 / 25.4
    gold = px[round((3 + 10) * k), round((3 + 10) * k)]  # the star's centre, bleed included
    assert abs(gold - np.array([255, 215, 0])).max() < 30
