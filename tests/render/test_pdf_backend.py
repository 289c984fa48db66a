"""PDF backend read back with pypdf and poppler: boxes, fonts, text, colours, streaming."""
from __future__ import annotations

import gc
import io
import re
import weakref

import pytest
from pypdf import PdfReader

from backend_readback import PT, build_scene
from pnp.render.pdf import render_pdf_bytes, write_pdf
from pnp.scene.fonts import FontError
from pnp.scene import Box, Group, Page, Rect, Text, style

GERMAN = "Grüße ÄÖÜ ß ® – „x“ × ½"


@pytest.fixture(scope="module")
def pdf() -> bytes:
    return render_pdf_bytes([build_scene(), build_scene()], title="Testdeck")


@pytest.fixture(scope="module")
def content(pdf) -> str:
    return PdfReader(io.BytesIO(pdf)).pages[0].get_contents().get_data().decode("latin-1")


def test_media_trim_and_bleed_boxes_on_every_page(pdf):
    r = PdfReader(io.BytesIO(pdf))
    assert len(r.pages) == 2
    for page in r.pages:
        assert [round(float(v) / PT, 3) for v in page.mediabox] == [0, 0, 210, 297]
        # scene trim (10, 10, 190 x 277) with y flipped: bottom = 297 - 287
        assert [round(float(v) / PT, 3) for v in page.trimbox] == [10, 10, 200, 287]
        assert [round(float(v) / PT, 3) for v in page.bleedbox] == [7, 7, 203, 290]


def test_boxes_follow_each_pages_own_trim(tmp_path):
    pages = [Page(100, 50, Group(), trim=Box(5, 5, 90, 40), bleed=Box(2, 2, 96, 46)), Page(60, 80, Group())]
    r = PdfReader(io.BytesIO(render_pdf_bytes(pages)))
    assert [round(float(v) / PT, 3) for v in r.pages[0].trimbox] == [5, 5, 95, 45]
    assert [round(float(v) / PT, 3) for v in r.pages[1].mediabox] == [0, 0, 60, 80]
    assert [round(float(v) / PT, 3) for v in r.pages[1].trimbox] == [0, 0, 60, 80]  # default: whole page


def test_german_and_symbol_text_extracts(pdf, tmp_path):
    assert GERMAN in PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    from pdfread import text

    assert GERMAN in text(pdf, 0)


def test_fonts_are_embedded_dejavu_subsets(pdf):
    r = PdfReader(io.BytesIO(pdf))
    fonts = r.pages[0]["/Resources"]["/Font"]
    names = set()
    for ref in fonts.values():
        f = ref.get_object()
        name = str(f["/BaseFont"])
        assert re.fullmatch(r"/[A-Z]{6}\+DejaVuSans(-Bold)?", name), name
        assert "/FontFile2" in f["/FontDescriptor"].get_object()  # TrueType program inside
        names.add(name.split("+")[1])
    assert names == {"DejaVuSans", "DejaVuSans-Bold"}  # bold title, regular rotated text; no Helvetica


def test_cmyk_stays_cmyk_and_rgb_stays_rgb(content):
    assert re.search(r"(^|\s)1 0 0 0 k(\s|$)", content)  # cmyk(1,0,0,0) fill
    assert re.search(r"(^|\s)1 0 0 rg(\s|$)", content)  # #ff0000 fill


def test_styles_clip_and_transform_operators(content):
    assert "[4 4] 0 d" in content  # dash in mm (user space is mm)
    assert re.search(r"(^|\s)1 j(\s|$)", content) and re.search(r"(^|\s)1 J(\s|$)", content)  # round join/cap
    assert "W* n" in content  # clip
    assert re.search(r"(^|\s)0 1 -1 0 150 220 cm", content)  # rotate(90) then translate
    assert re.search(r"/\w+ gs", content)  # alpha via ExtGState
    assert content.count(" l") > 20  # hatch lines are drawn as segments


def test_metadata_is_fixed_and_output_deterministic(pdf):
    info = PdfReader(io.BytesIO(pdf)).metadata
    assert info["/Title"] == "Testdeck" and info["/Creator"] == "pnp" and info["/Producer"] == "pnp (reportlab)"
    assert render_pdf_bytes([build_scene(), build_scene()], title="Testdeck") == pdf
    assert b"/CreationDate (D:2000" in pdf  # reportlab's invariant date, never today


def test_pages_are_consumed_lazily_and_released(tmp_path):
    """A generator of pages is drawn one at a time; finished scenes are not kept."""
    alive = []

    def pages():
        for i in range(6):
            gc.collect()
            alive.append(sum(1 for r in refs if r() is not None))
            p = Page(50, 50, Group([Rect(0, 0, 10 + i, 10, style(fill="red"))]))
            refs.append(weakref.ref(p))
            yield p

    refs: list = []
    write_pdf(pages(), tmp_path / "lazy.pdf")
    # at each request only the page just drawn is still referenced (by the loops'
    # variables); a backend that kept pages would make this count up 0, 1, 2, ...
    assert alive == [0, 1, 1, 1, 1, 1]
    assert len(PdfReader(tmp_path / "lazy.pdf").pages) == 6


def test_missing_glyph_is_a_font_error_naming_it():
    with pytest.raises(FontError, match=r"U\+E0001"):
        render_pdf_bytes([Page(50, 50, Group([Text(5, 20, "ok \U000E0001 no")]))])


def test_no_pages_is_an_error():
    with pytest.raises(ValueError, match="no pages"):
        render_pdf_bytes([])


def test_opacity_survives_save_restore(tmp_path):
    """Alpha first set inside a clipped group (q..Q) is set again for a shape after it."""
    from backend_readback import pdf_raster

    half = style(fill="black", opacity=0.5)
    g = Group([Rect(0, 0, 10, 10, style(fill="black")),
               Group([Rect(10, 0, 10, 10, half)], clip=Rect(10, 0, 10, 10)),
               Rect(20, 0, 10, 10, half),
               Group([Rect(30, 0, 10, 10, style(fill="black"))], opacity=0.5)])
    img = pdf_raster(render_pdf_bytes([Page(40, 10, g)]), tmp_path, 72)
    grey = img.convert("L")
    assert grey.getpixel((round(5 * PT), round(5 * PT))) < 10
    for x_mm in (15, 25, 35):
        assert 120 <= grey.getpixel((round(x_mm * PT), round(5 * PT))) <= 136, x_mm
