"""Every primitive through every backend, read back; geometry agrees across formats."""
from __future__ import annotations

import io
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest
from PIL import Image as PILImage
from pypdf import PdfReader

from pnp.backends.pdf import render_pdf_bytes
from pnp.backends.png import render_image
from pnp.backends.svg import svg_string
from pnp.fonts import FontError
from pnp.scene import (Box, Circle, Ellipse, Group, Hatch, Image, Page, Path, Polygon, Rect, Text, color,
                       mirror_x, rotate, style, translate)

SVG = "{http://www.w3.org/2000/svg}"
PT = 72 / 25.4


def scene() -> Page:
    g = Group()
    g.add(Rect(20, 30, 50, 40, style(fill="#ff0000")))
    g.add(Rect(100, 30, 40, 20, style(fill="cmyk(1,0,0,0)", stroke="black", width=1), radius=5))
    g.add(Ellipse(60, 120, 20, 10, style(fill="#00ff00")))
    g.add(Polygon([(120, 100), (160, 100), (140, 140)], style(fill="#0000ff")))
    p = Path(style=style(stroke="#000000", width=0.8, dash=(2, 1), cap="round", join="round"))
    p.move(20, 180).line(60, 180).cubic(70, 160, 90, 160, 100, 180).quad(110, 200, 120, 180).arc(140, 180, 20, 20, 180, 180)
    g.add(p)
    g.add(Rect(20, 200, 40, 30, style(fill="white", stroke="black", width=0.3, hatch=Hatch(45, 3, 0.4, color("navy")))))
    g.add(Group([Rect(0, 0, 20, 10, style(fill="#ff00ff"))], transform=translate(150, 220) @ rotate(90)))
    g.add(Group([Rect(0, 0, 30, 30, style(fill="#00ffff"))], transform=translate(100, 250), clip=Circle(15, 15, 10)))
    g.add(Group([Rect(0, 0, 10, 10, style(fill="#000000"))], transform=mirror_x(105) @ translate(20, 270)))
    g.add(Group([Rect(60, 250, 20, 20, style(fill="#000000"))], opacity=0.5))
    g.add(Text(20, 20, "Grüße ÄÖÜ ß ® – „x“ × ½", size=12, weight="bold"))
    buf = io.BytesIO()
    PILImage.new("RGB", (4, 4), (255, 128, 0)).save(buf, "PNG")
    g.add(Image(170, 235, 20, 20, buf.getvalue()))
    return Page(210, 297, g, trim=Box(10, 10, 190, 277), bleed=Box(7, 7, 196, 283), label="test")


@pytest.fixture(scope="module")
def pdf():
    return render_pdf_bytes([scene(), scene()], title="t")


@pytest.fixture(scope="module")
def svg_root():
    return ET.fromstring(svg_string(scene()).encode())


@pytest.fixture(scope="module")
def png():
    return render_image(scene(), dpi=150)


def test_pdf_boxes_on_every_page(pdf):
    r = PdfReader(io.BytesIO(pdf))
    assert len(r.pages) == 2
    for page in r.pages:
        assert [round(float(v), 2) for v in page.mediabox] == [0, 0, round(210 * PT, 2), round(297 * PT, 2)]
        assert [round(float(v) / PT, 2) for v in page.trimbox] == [10, 10, 200, 287]
        assert [round(float(v) / PT, 2) for v in page.bleedbox] == [7, 7, 203, 290]


def test_pdf_text_and_embedded_subset_font(pdf):
    r = PdfReader(io.BytesIO(pdf))
    text = r.pages[0].extract_text()
    assert "Grüße ÄÖÜ ß ® – „x“ × ½" in text
    fonts = r.pages[0]["/Resources"]["/Font"]
    names = [str(f.get_object()["/BaseFont"]) for f in fonts.values()]
    assert any("pnp-sans-bold" in n or "DejaVu" in n for n in names), names
    descendant = [f.get_object() for f in fonts.values()][0]
    raw = pdf
    assert b"/FontFile2" in raw  # TrueType program embedded


def test_pdf_cmyk_written_as_cmyk(pdf):
    from pypdf import PdfReader

    content = PdfReader(io.BytesIO(pdf)).pages[0].get_contents().get_data().decode("latin-1")
    assert re.search(r"\b1 0 0 0 k\b", content)


def test_svg_units_viewbox_and_boxes(svg_root):
    assert svg_root.get("width") == "210mm" and svg_root.get("height") == "297mm"
    assert svg_root.get("viewBox") == "0 0 210 297"
    assert svg_root.get("data-trim") == "10 10 190 277"


def test_svg_every_primitive(svg_root):
    tags = [el.tag.replace(SVG, "") for el in svg_root.iter()]
    for tag in ("rect", "ellipse", "polygon", "path", "text", "image", "clipPath", "g"):
        assert tag in tags, tag
    texts = [el for el in svg_root.iter(SVG + "text")]
    assert texts[0].text == "Grüße ÄÖÜ ß ® – „x“ × ½"
    assert texts[0].get("font-family") == "DejaVu Sans" and texts[0].get("font-weight") == "bold"
    dashed = [el for el in svg_root.iter(SVG + "path") if el.get("stroke-dasharray")]
    assert dashed and dashed[0].get("stroke-dasharray") == "2 1"
    assert any(el.get("fill-opacity") == "0.5" for el in svg_root.iter(SVG + "rect"))


def _px(mm: float, dpi: int = 150) -> int:
    return round(mm * dpi / 25.4)


def test_png_pixels_where_the_scene_says(png):
    assert png.size == (_px(210), _px(297))
    at = lambda x, y: png.getpixel((_px(x), _px(y)))  # noqa: E731
    assert at(45, 50) == (255, 0, 0)  # red rect interior
    assert at(19, 50) == (255, 255, 255)  # just left of it
    assert at(60, 120)[1] > 240 and at(60, 120)[0] < 20  # ellipse centre green
    assert at(82, 120) == (255, 255, 255)  # outside ellipse rx=20
    assert at(140, 110)[2] > 240  # polygon blue
    r, g, b = at(115, 265)  # clipped cyan disc centre
    assert (r, g, b) == (0, 255, 255)
    assert at(101, 251) == (255, 255, 255)  # clipped away corner
    assert 120 < at(70, 260)[0] < 135  # 50 % black
    assert at(175, 240) == (255, 128, 0)  # image


def test_png_rotation_and_mirror(png):
    at = lambda x, y: png.getpixel((_px(x), _px(y)))  # noqa: E731
    # rotate(90) about the group origin: (0..20, 0..10) -> x in (140..150), y in (220..240)
    assert at(145, 230) == (255, 0, 255)
    assert at(155, 230) == (255, 255, 255)
    # mirror about x=105 of a rect at x 20..30 -> x 180..190
    assert at(185, 275) == (0, 0, 0)
    assert at(25, 275) == (255, 255, 255)


def _red_box_png(img):
    xs, ys = [], []
    px = img.load()
    for y in range(0, img.height):
        for x in range(0, img.width):
            if px[x, y] == (255, 0, 0):
                xs.append(x)
                ys.append(y)
    return min(xs), min(ys), max(xs) + 1, max(ys) + 1


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils not installed")
def test_geometry_agrees_across_backends(tmp_path, pdf, svg_root, png):
    """The red rect's corners: SVG attributes, PDF raster and PNG within 0.1 mm / 1 px."""
    rect = next(el for el in svg_root.iter(SVG + "rect") if el.get("fill") == "#ff0000")
    svg_box = tuple(float(rect.get(k)) for k in ("x", "y", "width", "height"))
    assert svg_box == (20, 30, 50, 40)
    (tmp_path / "t.pdf").write_bytes(pdf)
    dpi = 300
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", "1", "-l", "1", "-aa", "no", str(tmp_path / "t.pdf"),
                    str(tmp_path / "r")], check=True)
    raster = PILImage.open(next(tmp_path.glob("r*.png"))).convert("RGB")
    # crop to the rect's neighbourhood to keep the scan fast
    x0, y0 = round(15 * dpi / 25.4), round(25 * dpi / 25.4)
    crop = raster.crop((x0, y0, round(75 * dpi / 25.4), round(75 * dpi / 25.4)))
    bx0, by0, bx1, by1 = _red_box_png(crop)
    mm = lambda px, off: (px + off) * 25.4 / dpi  # noqa: E731
    pdf_box = (mm(bx0, x0), mm(by0, y0), mm(bx1, x0) - mm(bx0, x0), mm(by1, y0) - mm(by0, y0))
    for a, b in zip(pdf_box, svg_box):
        assert abs(a - b) <= 0.1, (pdf_box, svg_box)
    # PNG at 150 dpi: corners within one pixel
    c = png.crop((_px(15), _px(25), _px(75), _px(75)))
    px0, py0, px1, py1 = _red_box_png(c)
    assert abs(px0 + _px(15) - _px(20)) <= 1 and abs(px1 + _px(15) - _px(70)) <= 1
    assert abs(py0 + _px(25) - _px(30)) <= 1 and abs(py1 + _px(25) - _px(70)) <= 1


def test_deterministic_bytes():
    from pnp.backends.png import png_bytes

    assert render_pdf_bytes([scene()]) == render_pdf_bytes([scene()])
    assert svg_string(scene()) == svg_string(scene())
    assert png_bytes(scene()) == png_bytes(scene())


@pytest.mark.parametrize("render", [lambda p: render_pdf_bytes([p]), svg_string, render_image],
                         ids=["pdf", "svg", "png"])
def test_missing_glyph_names_character(render):
    page = Page(50, 50, Group([Text(5, 20, "ok \U000E0001 no")]))
    with pytest.raises(FontError, match="U\\+E0001"):
        render(page)


def test_text_box_shrinks_to_fit():
    from pnp.scene.text import layout

    t = Text(0, 0, "Genehmigung zum Bewegen nach links", size=20, box=(30, 10), shrink=True)
    lines = layout(t)
    assert lines[0].size < 20
    assert all(ln.width <= 30 + 1e-6 for ln in lines)
