"""The same scene through PDF, SVG and PNG: the geometry agrees.

Expected positions come from the SVG's own attributes (rect x/y/width/height,
ellipse cx/cy/rx/ry, the group's matrix applied to its rect); the PDF is
rasterised by poppler at 600 dpi (1 px = 0.042 mm) and must match within
0.1 mm; the PNG at 150 dpi must match within one pixel.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from backend_readback import build_scene, colour_bbox, ink_bbox, pdf_raster
from pnp.render.pdf import render_pdf_bytes
from pnp.render.png import render_image
from pnp.render.svg import svg_string

NS = "{http://www.w3.org/2000/svg}"
HI = 600  # dpi for reading the PDF back


@pytest.fixture(scope="module")
def pdf():
    return render_pdf_bytes([build_scene()])


@pytest.fixture(scope="module")
def png():
    return render_image(build_scene(), dpi=150)


@pytest.fixture(scope="module")
def svg():
    return ET.fromstring(svg_string(build_scene()).encode())


def _matrix(el):
    a, b, c, d, e, f = (float(v) for v in re.match(r"matrix\(([^)]*)\)", el.get("transform")).group(1).split())
    return lambda x, y: (a * x + c * y + e, b * x + d * y + f)


def svg_boxes(svg) -> dict[str, tuple[float, float, float, float]]:
    """Expected (x0, y0, x1, y1) in mm of the red rect, green ellipse and the rotated magenta rect."""
    out = {}
    red = next(e for e in svg.iter(NS + "rect") if e.get("fill") == "#ff0000")
    x, y, w, h = (float(red.get(k)) for k in ("x", "y", "width", "height"))
    out["red"] = (x, y, x + w, y + h)
    ell = next(svg.iter(NS + "ellipse"))
    cx, cy, rx, ry = (float(ell.get(k)) for k in ("cx", "cy", "rx", "ry"))
    out["green"] = (cx - rx, cy - ry, cx + rx, cy + ry)
    for g in svg.iter(NS + "g"):
        rects = [r for r in g.findall(NS + "rect") if r.get("fill") == "#ff00ff"]
        if rects and g.get("transform"):
            m = _matrix(g)
            r = rects[0]
            x, y, w, h = (float(r.get(k)) for k in ("x", "y", "width", "height"))
            pts = [m(px_, py_) for px_, py_ in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]
            out["magenta"] = (min(p[0] for p in pts), min(p[1] for p in pts),
                              max(p[0] for p in pts), max(p[1] for p in pts))
    return out


COLOURS = {"red": (255, 0, 0), "green": (0, 255, 0), "magenta": (255, 0, 255)}


@pytest.mark.parametrize("name", ["red", "green", "magenta"])
def test_pdf_matches_svg_within_a_tenth_of_a_mm(name, pdf, svg, tmp_path):
    exp = svg_boxes(svg)[name]
    crop = (exp[0] - 3, exp[1] - 3, exp[2] + 3, exp[3] + 3)
    img = pdf_raster(pdf, tmp_path, HI, crop_mm=crop)
    k = HI / 25.4
    ox, oy = round(crop[0] * k), round(crop[1] * k)
    bx = colour_bbox(img, COLOURS[name], tol=100)
    got = ((bx[0] + ox) / k, (bx[1] + oy) / k, (bx[2] + ox) / k, (bx[3] + oy) / k)
    assert max(abs(a - b) for a, b in zip(got, exp)) <= 0.1, (name, got, exp)


@pytest.mark.parametrize("name", ["red", "green", "magenta"])
def test_png_matches_svg_within_a_pixel_and_a_half(name, png, svg):
    """PDFium fills straight-edged shapes without anti-aliasing, snapping each edge
    to whole pixels (outwards by up to a pixel), hence 1.5 px rather than 1."""
    exp = svg_boxes(svg)[name]
    k = 150 / 25.4
    bx = colour_bbox(png, COLOURS[name], tol=127)  # pixels at least half covered
    assert max(abs(a - b * k) for a, b in zip(bx, exp)) <= 1.5, (name, bx, [v * k for v in exp])


def test_clipped_disc_agrees(pdf, png, tmp_path):
    """A square clipped to a circle of r = 10 mm centred at (115, 265)."""
    img = pdf_raster(pdf, tmp_path, HI, crop_mm=(100, 250, 130, 280))
    k = HI / 25.4
    bx = colour_bbox(img, (0, 255, 255), tol=100)
    got = [(v + off) / k for v, off in zip(bx, (round(100 * k), round(250 * k)) * 2)]
    assert max(abs(a - b) for a, b in zip(got, (105, 255, 125, 275))) <= 0.1, got
    k = 150 / 25.4
    o = round(100 * k), round(250 * k)  # crop: the cmyk(1,0,0,0) rect elsewhere is cyan in RGB too
    bx = colour_bbox(png.crop((o[0], o[1], round(130 * k), round(280 * k))), (0, 255, 255), tol=127)
    got = [v + off for v, off in zip(bx, o * 2)]
    assert max(abs(a - b * k) for a, b in zip(got, (105, 255, 125, 275))) <= 1, got


@pytest.mark.parametrize("crop", [(15, 12, 110, 24), (170, 135, 200, 165)], ids=["title", "rotated"])
def test_text_ink_agrees_between_pdf_and_png(crop, pdf, png, tmp_path):
    """Same laid-out lines, same font: the ink boxes coincide within a pixel or two."""
    img = pdf_raster(pdf, tmp_path, 150, crop_mm=crop)
    k = 150 / 25.4
    a = ink_bbox(img)
    ox, oy = round(crop[0] * k), round(crop[1] * k)
    b = ink_bbox(png.crop((ox, oy, ox + img.width, oy + img.height)))
    assert max(abs(u - v) for u, v in zip(a, b)) <= 2, (a, b)


def test_pixels_agree_between_pdf_raster_and_png(pdf, png, tmp_path):
    """Away from edges, poppler's raster of the PDF and pnp's PNG have the same colours."""
    ref = pdf_raster(pdf, tmp_path, 150)
    assert abs(ref.width - png.width) <= 1 and abs(ref.height - png.height) <= 1  # poppler rounds up
    samples = [(45, 50), (60, 120), (140, 110), (145, 230), (185, 275), (115, 265), (175, 240), (70, 260),
               (19, 50), (82, 120), (101, 251), (150, 60), (102, 148), (106, 148)]
    k = 150 / 25.4
    for x, y in samples:
        p, q = ref.getpixel((round(x * k), round(y * k))), png.getpixel((round(x * k), round(y * k)))
        assert max(abs(u - v) for u, v in zip(p, q)) <= 6, ((x, y), p, q)


def test_hatch_coverage_agrees(pdf, png, tmp_path):
    ref = pdf_raster(pdf, tmp_path, 150)
    k = 150 / 25.4
    box = tuple(round(v * k) for v in (21, 201, 59, 229))

    def dark(im):
        return (np.asarray(im.crop(box).convert("L")) < 160).mean()

    assert dark(ref) == pytest.approx(dark(png), rel=0.2)
