"""SVG backend parsed back with xml.etree: units, primitives, text, ids, clip, hatch."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from backend_readback import build_scene
from pnp.render.hatch import hatch_segments
from pnp.render.shapes import outline
from pnp.render.svg import svg_string, write_svg
from pnp.scene.fonts import FontError
from pnp.scene import Group, Page, Rect, Text, color, style
from pnp.scene.style import Hatch

NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def root():
    return ET.fromstring(svg_string(build_scene()).encode())


def els(root, tag):
    return list(root.iter(NS + tag))


def test_size_in_mm_with_mm_viewbox_and_boxes(root):
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("210mm", "297mm", "0 0 210 297")
    assert root.get("data-trim") == "10 10 190 277" and root.get("data-bleed") == "7 7 196 283"


def test_every_primitive_is_there(root):
    for tag in ("rect", "ellipse", "polygon", "path", "text", "image", "clipPath", "g"):
        assert els(root, tag), tag
    red = [e for e in els(root, "rect") if e.get("fill") == "#ff0000"]
    assert [(e.get("x"), e.get("y"), e.get("width"), e.get("height")) for e in red] == [("20", "30", "50", "40")]
    ell = els(root, "ellipse")[0]
    assert (ell.get("cx"), ell.get("cy"), ell.get("rx"), ell.get("ry")) == ("60", "120", "20", "10")
    assert els(root, "image")[0].get("{http://www.w3.org/1999/xlink}href", els(root, "image")[0].get("href")) \
        .startswith("data:image/png;base64,")


def test_rounded_rect_uses_the_shared_cubic_outline(root):
    cyan = [e for e in els(root, "path") if e.get("fill") == "#00ffff" and e.get("stroke") == "#000000"]
    assert len(cyan) == 1 and cyan[0].get("d").count("C") == 4  # four cubic corners


def test_text_stays_text_with_the_bundled_font_named(root):
    texts = els(root, "text")
    title = texts[0]
    assert title.text == "Grüße ÄÖÜ ß ® – „x“ × ½"
    assert title.get("font-family") == "DejaVu Sans" and title.get("font-weight") == "bold"
    assert float(title.get("font-size")) == pytest.approx(12 * 25.4 / 72, abs=1e-4)  # pt -> mm user units
    assert (title.get("x"), title.get("y")) == ("20", "20")
    rotated = texts[1]
    assert rotated.text == "Drehung" and rotated.get("text-anchor") == "middle"


def test_transforms_are_matrices_and_clips_are_referenced(root):
    groups = els(root, "g")
    assert any(g.get("transform") == "matrix(0 1 -1 0 150 220)" for g in groups)  # translate @ rotate(90)
    clip_ids = {c.get("id") for c in els(root, "clipPath")}
    refs = {g.get("clip-path") for g in groups if g.get("clip-path")}
    assert refs == {f"url(#{i})" for i in clip_ids} and clip_ids == {"clip1"}  # counter ids, not id()


def test_styles_dash_opacity_and_even_odd(root):
    dashed = {e.get("stroke-dasharray") for e in els(root, "path") if e.get("stroke-dasharray")}
    assert dashed == {"2 1", "4 4"}  # in mm, like the scene
    assert any(e.get("fill-opacity") == "0.5" for e in els(root, "rect"))
    assert all(e.get("fill-rule") == "evenodd" for e in root.iter() if e.get("fill") not in (None, "none")
               and e.tag in (NS + "path", NS + "rect", NS + "polygon", NS + "ellipse"))


def test_hatch_is_the_shared_segment_geometry(root):
    hatched = [e for e in els(root, "path") if e.get("stroke") == color("navy").hex]
    assert len(hatched) == 1
    expected = hatch_segments(outline(Rect(20, 200, 40, 30)), Hatch(45, 3, 0.4, color("navy")))
    assert hatched[0].get("d").count("M") == len(expected) > 5
    assert hatched[0].get("stroke-width") == "0.4"


def test_write_and_determinism(tmp_path):
    write_svg(build_scene(), tmp_path / "a.svg")
    write_svg(build_scene(), tmp_path / "b.svg")
    assert (tmp_path / "a.svg").read_bytes() == (tmp_path / "b.svg").read_bytes()
    assert (tmp_path / "a.svg").read_text(encoding="utf-8").startswith("<?xml")


def test_missing_glyph_is_a_font_error_naming_it():
    with pytest.raises(FontError, match=r"U\+E0001"):
        svg_string(Page(50, 50, Group([Text(5, 20, "ok \U000E0001 no")])))


def test_reused_scene_ids_are_made_unique():
    """Components may reuse a group id (one symbol on many counters); SVG ids must stay unique."""
    sym = lambda: Group([Rect(0, 0, 5, 5, style(fill="red"))], id="symbol-army")  # noqa: E731
    page = Page(50, 50, Group([sym(), sym(), Group([sym()], clip=Rect(0, 0, 9, 9)), Group(id="symbol-army-2"),
                               Group(id="clip1")]))
    root = ET.fromstring(svg_string(page).encode())
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids)), ids
    assert ids.count("symbol-army") == 1 and "symbol-army-3" in ids  # first keeps its name, order decides
    assert svg_string(page) == svg_string(page)


def test_text_glyphs_are_embedded_so_no_installed_font_is_needed(root):
    """Every character of every <text> is in the font subset embedded as a data URL."""
    import base64
    import io
    import re

    from fontTools.ttLib import TTFont

    css = "".join(e.text or "" for e in els(root, "style"))
    faces = re.findall(r"font-weight:(\w+);src:url\(data:font/woff;base64,([A-Za-z0-9+/=]+)\)", css)
    assert sorted(w for w, _ in faces) == ["bold", "normal"]
    cover = {w: set(TTFont(io.BytesIO(base64.b64decode(d))).getBestCmap()) for w, d in faces}
    for t in els(root, "text"):
        weight = "bold" if t.get("font-weight") == "bold" else "normal"
        assert {ord(c) for c in t.text} <= cover[weight], t.text
