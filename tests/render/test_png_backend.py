"""PNG backend (the PDF rasterised by PDFium) measured with pillow: pixels where the scene puts them."""
from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image as PILImage

from backend_readback import build_scene
from pnp.render.png import png_bytes, render_image, write_png
from pnp.scene.fonts import FontError
from pnp.scene import Group, Page, Path, Rect, Text, style


def px(mm: float, dpi: int = 150) -> int:
    return round(mm * dpi / 25.4)


@pytest.fixture(scope="module")
def img():
    return render_image(build_scene(), dpi=150)


def at(img, x, y):
    return img.getpixel((px(x), px(y)))


def test_size_follows_dpi():
    page = Page(63, 88, Group())
    assert render_image(page, 150).size == (px(63), px(88))
    assert render_image(page, 300).size == (px(63, 300), px(88, 300))


def test_fills_land_where_the_scene_says(img):
    assert at(img, 45, 50) == (255, 0, 0) and at(img, 19, 50) == (255, 255, 255)  # rect and just outside
    assert at(img, 60, 120) == (0, 255, 0) and at(img, 82, 120) == (255, 255, 255)  # ellipse rx = 20
    assert at(img, 60, 128) == (0, 255, 0) and at(img, 60, 131.5) == (255, 255, 255)  # ry = 10
    assert at(img, 140, 110) == (0, 0, 255) and at(img, 122, 130) == (255, 255, 255)  # triangle
    r, g, b = at(img, 120, 40)  # cmyk(1,0,0,0): cyan as PDFium converts process colours
    assert r < 40 and g > 120 and b > 200
    assert at(img, 175, 240) == (255, 128, 0)  # image stretched into its box


def test_rotation_mirror_clip_and_opacity(img):
    assert at(img, 145, 230) == (255, 0, 255) and at(img, 155, 230) == (255, 255, 255)  # rotate(90)
    assert at(img, 185, 275) == (0, 0, 0) and at(img, 25, 275) == (255, 255, 255)  # mirrored about x=105
    assert at(img, 115, 265) == (0, 255, 255) and at(img, 101, 251) == (255, 255, 255)  # clipped to a disc
    assert 124 <= at(img, 70, 260)[0] <= 131  # 50 % black over white


def test_dash_pattern_in_mm(img):
    row = [at(img, x / 2, 148)[0] for x in range(200, 320)]  # x = 100 .. 160 mm in 0.5 mm steps; 4 on 4 off
    on = [v < 64 for v in row]
    assert on[4] and not on[12] and on[20] and not on[28]  # 2, 6, 10, 14 mm along the line
    assert 0.4 < sum(on) / len(on) < 0.6


def test_hatch_lines_inside_the_shape_only(img):
    a = np.asarray(img.crop((px(21), px(201), px(59), px(229))).convert("RGB")).astype(int)
    navy = (np.abs(a - [0, 0, 110]).max(axis=2) < 90).mean()
    assert 0.05 < navy < 0.35  # 0.4 mm lines every 3 mm
    outside = np.asarray(img.crop((px(61), px(201), px(65), px(229))).convert("L"))
    assert outside.min() == 255


def test_text_is_drawn_at_its_baseline(img):
    a = np.asarray(img.crop((px(19), px(14), px(110), px(22))).convert("L"))
    rows = np.nonzero(a.min(axis=1) < 100)[0]
    # cap height of 12 pt DejaVu ~ 3.1 mm above the baseline at y = 20 mm; descenders ("ß" none, "„" below)
    assert rows.min() + px(14) < px(17.5) and rows.max() + px(14) >= px(20) - 1


def test_joins_and_caps_follow_the_style():
    def corner(join):
        pg = Page(30, 30, Group([Rect(5, 5, 20, 20, style(stroke="black", width=4, join=join))]))
        return render_image(pg, 300).getpixel((px(3.3, 300), px(3.3, 300)))[0]

    assert corner("miter") < 40  # the outer corner is square
    assert corner("round") > 200 and corner("bevel") > 200  # cut off

    def end(cap):
        pg = Page(30, 10, Group([Path([("M", 5, 5), ("L", 25, 5)], style(stroke="black", width=4, cap=cap))]))
        return render_image(pg, 300).getpixel((px(26.5, 300), px(5, 300)))[0]

    assert end("square") < 40 and end("round") < 40 and end("butt") > 200


def test_png_bytes_deterministic_without_timestamps(tmp_path):
    b = png_bytes(build_scene())
    assert b == png_bytes(build_scene())
    assert b"tIME" not in b and b"tEXt" not in b
    write_png(build_scene(), tmp_path / "s.png", dpi=150)
    assert (tmp_path / "s.png").read_bytes() == b
    assert PILImage.open(io.BytesIO(b)).info["dpi"] == pytest.approx((150, 150), abs=0.05)  # pHYs is whole pixels per metre


def test_missing_glyph_is_a_font_error_naming_it():
    with pytest.raises(FontError, match=r"U\+E0001"):
        render_image(Page(50, 50, Group([Text(5, 20, "ok \U000E0001 no")])))


def test_huge_page_renders_in_place_at_a_low_resolution():
    page = Page(2000, 2000, Group([Rect(100, 100, 200, 50, style(fill="#ff0000"))]))
    img = render_image(page, 50)
    assert img.size == (px(2000, 50), px(2000, 50))
    assert img.getpixel((px(200, 50), px(125, 50))) == (255, 0, 0)
    assert img.getpixel((px(200, 50), px(155, 50))) == (255, 255, 255)


def test_png_is_the_pdf_rasterised(tmp_path):
    """The build writes PNGs from the PDF it just wrote: the same pixels as rendering the page."""
    from pnp.render import write_formats

    written = write_formats(lambda: [build_scene(), build_scene()], ("pdf", "png"), "s", lambda r: tmp_path / r)
    assert written == [("s.pdf", 2), ("s-p01.png", 1), ("s-p02.png", 1)]
    assert (tmp_path / "s-p02.png").read_bytes() == png_bytes(build_scene())


def test_png_rows_are_unfiltered_and_the_pixels_are_the_rasterised_page():
    """The README's promise for pypng: no row filter (type 0 on every row), and the image a
    reader decodes is exactly the page as PDFium rasterised it."""
    import struct
    import zlib

    page = build_scene()
    b = png_bytes(page, dpi=100)
    pos, idat, header = 8, b"", None
    while pos < len(b):
        n, kind = struct.unpack(">I4s", b[pos:pos + 8])
        body = b[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, colour = header[:4]
    assert (depth, colour) == (8, 2)  # 8-bit RGB
    raw = zlib.decompress(idat)
    stride = 1 + 3 * w
    assert len(raw) == h * stride and {raw[i * stride] for i in range(h)} == {0}
    expected = render_image(page, 100)
    assert (w, h) == expected.size
    assert b"".join(raw[i * stride + 1:(i + 1) * stride] for i in range(h)) == expected.tobytes()
    assert PILImage.open(io.BytesIO(b)).tobytes() == expected.tobytes()
