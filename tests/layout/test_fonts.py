"""Fonts as data (#28): a game's own font files and installed families, declared by name and
picked per element, measured with their own metrics, embedded as subsets in PDF and SVG, with
glyph fallback, licence bits and `pnp fonts GAME`; read back from what pnp writes.

The three ports of the issue are built as small stand-ins: Squib's intro sample with a pixel
font (a TTF in the game folder), Squib's "Boss Rush" with a serif (an installed family by
name, found through fontconfig), protograf's playing cards (suit signs the title font lacks,
drawn by the fallback). The fonts are made by tests/fontmaker.py, so none needs a licence.
"""
from __future__ import annotations

import base64
import io
import re
import shutil
import textwrap
from pathlib import Path

import pikepdf
import pytest
from typer.testing import CliRunner

from fontmaker import make_font
from pdfread import text, words
from pnp.cli.main import app

runner = CliRunner()


def pdf_fonts(path) -> dict[str, bool]:
    """BaseFont -> embedded, of every font any page (or form XObject) of the PDF uses."""
    out: dict[str, bool] = {}

    def embedded(font) -> bool:
        if "/DescendantFonts" in font:
            font = font.DescendantFonts[0]
        d = font.get("/FontDescriptor")
        return d is not None and any(k in d for k in ("/FontFile", "/FontFile2", "/FontFile3"))

    def visit(res):
        for f in (res.get("/Font") or {}).values():
            out[str(f.BaseFont)] = embedded(f)
        for x in (res.get("/XObject") or {}).values():
            if "/Resources" in x:
                visit(x.Resources)

    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            visit(page.Resources)
    return out


def svg_font_faces(svg: str) -> list[tuple[str, str]]:
    """(css family, the embedded font's own family name) of each @font-face of an SVG file."""
    from fontTools.ttLib import TTFont

    out = []
    for fam, data in re.findall(r"@font-face\{font-family:'([^']+)';[^}]*?base64,([A-Za-z0-9+/=]+)", svg):
        font = TTFont(io.BytesIO(base64.b64decode(data)))
        out.append((fam, font["name"].getDebugName(1)))
    return out


def game(root: Path, name: str, layout: str, cards: str, game_extra: str = "", lang: str = "en") -> Path:
    folder = root / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(f"name: {name}\ntitle: {{en: {name}}}\nlang: {lang}\n{game_extra}",
                                      encoding="utf-8")
    (folder / "face.yaml").write_text(textwrap.dedent(layout), encoding="utf-8")
    (folder / "deck.yaml").write_text(textwrap.dedent(f"""\
        kind: deck
        name: deck
        title: {{en: Cards}}
        card: poker
        layout: face.yaml
        back: none
        cards:
        """) + textwrap.indent(textwrap.dedent(cards), "  "), encoding="utf-8")
    return folder


def build(data: Path, out: Path, name: str, *args):
    return runner.invoke(app, ["build", name, "--data", str(data), "--out", str(out), "--format", "pdf,svg", *args])


PIXEL_LAYOUT = """\
    kind: layout
    size: poker
    fonts:
      body: {regular: fonts/pixel.ttf, bold: fonts/pixel-bold.otf}
    fields: {name: text, text: text}
    elements:
      - {type: rect, frame: bleed, fill: white}
      - {type: text, text: "{name}", x: 5, y: 5, w: "100% - 10", h: 9, size: 14, font: title}
      - {type: textbox, text: "{text}", x: 5, y: 20, w: "100% - 10", h: 50, size: 9, font: body}
    """


@pytest.fixture
def pixel_game(tmp_path):
    """Squib's intro sample, ported: its pixel font is a TTF in the game folder."""
    data = tmp_path / "data"
    folder = game(data, "intro", PIXEL_LAYOUT, """\
        - {name: THE HERO, text: "Draw **two** cards. Then discard one."}
        - {name: THE VILLAIN, text: "Every player loses one coin at the start of the turn."}
        """, "fonts:\n  title: fonts/pixel.ttf\n")
    make_font(folder / "fonts" / "pixel.ttf", family="Pnp Pixel Test")
    make_font(folder / "fonts" / "pixel-bold.otf", family="Pnp Pixel Test", style="Bold", cff=True)
    return data


def test_a_ttf_in_the_game_folder_is_declared_picked_and_embedded_in_pdf_and_svg(pixel_game, tmp_path):
    res = build(pixel_game, tmp_path / "out", "intro")
    assert res.exit_code == 0, res.output
    out = tmp_path / "out" / "intro"
    used = pdf_fonts(out / "deck.pdf")
    assert used and all(used.values()), used  # every font embedded
    assert any("PnpPixelTest" in f for f in used), used  # the pixel font itself, not DejaVu
    assert "THE HERO" in text(out / "deck.pdf")
    svg = next((out / "cards").rglob("*.svg")).read_text(encoding="utf-8")
    faces = svg_font_faces(svg)
    assert ("Pnp Pixel Test" in {own for _, own in faces}), faces
    assert re.search(r"<text[^>]*font-family=\"title\"", svg) or re.search(r"font-family=\"'?title", svg), svg[:2000]


def test_bold_markup_uses_the_familys_bold_face_and_a_cff_otf_embeds(pixel_game, tmp_path):
    res = build(pixel_game, tmp_path / "out", "intro")
    assert res.exit_code == 0, res.output
    used = pdf_fonts(tmp_path / "out" / "intro" / "deck.pdf")
    # the bold face is CFF-flavoured OpenType: converted for the PDF, embedded like the rest
    assert any("PnpPixelTest-Bold" in f for f in used) and all(used.values()), used
    svg = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "out" / "intro" / "cards").rglob("*.svg"))
    bold = re.findall(r"@font-face\{font-family:'body';font-style:normal;font-weight:bold;src:url\(data:font/woff;"
                      r"base64,([A-Za-z0-9+/=]+)", svg)
    from fontTools.ttLib import TTFont

    assert bold and "CFF " in TTFont(io.BytesIO(base64.b64decode(bold[0])))  # the OTF's own outlines in the SVG


def test_text_is_measured_with_the_fonts_own_metrics(tmp_path):
    """The pixel font's letters are all 0.6 em wide, an i too: a title of narrow letters that
    DejaVu Sans would set at 14 pt is shrunk until the pixel font's own widths fit its box."""
    data = tmp_path / "data"
    folder = game(data, "wide", PIXEL_LAYOUT, "- {name: little illicit skill, text: x}\n",
                  "fonts:\n  title: fonts/pixel.ttf\n")
    make_font(folder / "fonts" / "pixel.ttf")
    make_font(folder / "fonts" / "pixel-bold.otf", style="Bold", cff=True)
    from pnp.scene import fonts as f
    from pnp.scene.fonts import Face, Family

    fam = Family("t", Face(str(folder / "fonts" / "pixel.ttf")))
    box = 63.5 - 10
    assert f.string_width("little illicit skill", 14, fam) > box > f.string_width("little illicit skill", 14)
    res = build(data, tmp_path / "out", "wide", "--bleed", "0")
    assert res.exit_code == 0, res.output
    line = [w for w in words(tmp_path / "out" / "wide" / "deck.pdf") if w[0] in ("little", "illicit", "skill")]
    left, right = min(w[1] for w in line), max(w[3] for w in line)
    assert box - 1.5 < right - left <= box + 0.05, (left, right)


def test_a_glyph_the_font_lacks_is_drawn_by_the_fallback_with_one_warning(tmp_path):
    """protograf's playing cards: the suit signs are not in the title font."""
    data = tmp_path / "data"
    folder = game(data, "cards", """\
        kind: layout
        size: poker
        fonts:
          title: {regular: fonts/pixel.ttf}
        fields: {name: text}
        elements:
          - {type: rect, frame: bleed, fill: white}
          - {type: text, text: "{name}", x: 5, y: 5, w: "100% - 10", h: 12, size: 20, font: title}
        """, """\
        - {name: "A ♠"}
        - {name: "K ♥"}
        - {name: "Q ♦"}
        """)
    make_font(folder / "fonts" / "pixel.ttf")
    res = build(data, tmp_path / "out", "cards")
    assert res.exit_code == 0, res.output
    warnings = [ln for ln in res.output.splitlines() if "warning" in ln and "glyph" in ln]
    assert len(warnings) == 1 and all(s in warnings[0] for s in "♠♥♦"), res.output
    used = pdf_fonts(tmp_path / "out" / "cards" / "deck.pdf")
    assert all(used.values()) and any("DejaVuSans" in f for f in used) and any("PnpPixel" in f for f in used), used
    assert "♠" in text(tmp_path / "out" / "cards" / "deck.pdf")
    svg = next(p for p in (tmp_path / "out" / "cards" / "cards").rglob("*.svg")).read_text(encoding="utf-8")
    assert re.search(r"font-family=\"title, 'DejaVu Sans'\"", svg), svg[:3000]  # the fallback, named after the font
    assert {own for _, own in svg_font_faces(svg)} == {"Pnp Pixel Test", "DejaVu Sans"}


def test_a_fallback_list_is_asked_before_dejavu(tmp_path):
    data = tmp_path / "data"
    folder = game(data, "fb", """\
        kind: layout
        size: poker
        fonts:
          title: {regular: fonts/small.ttf, fallback: [fonts/pixel.ttf]}
        fields: {name: text}
        elements:
          - {type: text, text: "{name}", x: 5, y: 5, w: "100% - 10", h: 12, size: 12, font: title}
        """, """\
        - {name: "ABC xyz"}
        """)
    make_font(folder / "fonts" / "small.ttf", family="Pnp Small", chars=" ABC")
    make_font(folder / "fonts" / "pixel.ttf", family="Pnp Pixel Test")
    res = build(data, tmp_path / "out", "fb")
    assert res.exit_code == 0, res.output
    used = pdf_fonts(tmp_path / "out" / "fb" / "deck.pdf")
    # "ABC" in the title font, "xyz" by its fallback: DejaVu Sans is not needed
    assert any("PnpSmall" in f for f in used) and any("PnpPixel" in f for f in used), used
    assert not any("DejaVu" in f for f in used), used
    warned = [ln for ln in res.output.splitlines() if "has no glyph" in ln]
    assert len(warned) == 1 and all(f"'{c}'" in warned[0] for c in "xyz"), res.output


def css_families(value: str) -> list[str | None]:
    """The families a CSS font-family value names, in order; None for a generic family or
    keyword (which a viewer draws with a font of its own) and for an item CSS drops as invalid."""
    generic = {"serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "emoji", "math", "fangsong",
               "ui-serif", "ui-sans-serif", "ui-monospace", "ui-rounded", "inherit", "initial", "unset", "default"}
    out: list[str | None] = []
    for item in (i.strip() for i in value.split(",")):
        if len(item) > 1 and item[0] == item[-1] and item[0] in "'\"":
            out.append(item[1:-1])
            continue
        words = item.split()
        valid = all(re.fullmatch(r"-?[^\W\d][\w-]*", w) for w in words)
        out.append(None if not valid or (len(words) == 1 and words[0].lower() in generic) else " ".join(words))
    return out


@pytest.mark.parametrize("name", ["serif", "monospace", "Sans-Serif", "8bit", "fonts/8-bit.ttf"])
def test_a_font_named_like_a_css_keyword_still_draws_its_embedded_face_in_svg(tmp_path, name):
    """A declared name is the SVG's family name: unquoted, `serif` or `monospace` would be the
    viewer's own generic font and `8bit` no name at all, so the text would not be drawn in the
    font the game asked for (seen in Chromium: a mono title drew in the system's mono)."""
    data = tmp_path / "data"
    file = name if name.endswith(".ttf") else "fonts/pixel.ttf"
    declared = "" if name == file else f'fonts: {{"{name}": {file}}}'
    folder = game(data, "kw", f"""\
        kind: layout
        size: poker
        {declared}
        fields: {{name: text}}
        elements:
          - {{type: text, text: "{{name}}", x: 5, y: 5, w: "100% - 10", h: 12, size: 12, font: "{name}"}}
          - {{type: text, text: "{{name}} ♠", x: 5, y: 20, w: "100% - 10", h: 12, size: 12, font: "{name}"}}
        """, """\
        - {name: "ABC"}
        """)
    make_font(folder / file, family="Pnp Pixel Test")
    res = build(data, tmp_path / "out", "kw")
    assert res.exit_code == 0, res.output
    svg = next((tmp_path / "out" / "kw" / "cards").rglob("*.svg")).read_text(encoding="utf-8")
    faces = dict(svg_font_faces(svg))
    values = re.findall(r"<text[^>]*font-family=\"([^\"]+)\"", svg)
    assert len(values) == 2, svg[:3000]
    for value in values:
        first = css_families(value.replace("&apos;", "'").replace("&quot;", '"'))[0]
        assert faces.get(first) == "Pnp Pixel Test", (value, faces)  # the embedded pixel font, not a generic

def test_a_font_whose_licence_forbids_embedding_is_an_error_at_its_line(tmp_path):
    data = tmp_path / "data"
    folder = game(data, "locked", PIXEL_LAYOUT.replace("fonts/pixel-bold.otf", "fonts/pixel.ttf"),
                  "- {name: X, text: y}\n", "fonts:\n  title: fonts/locked.ttf\n")
    make_font(folder / "fonts" / "pixel.ttf")
    make_font(folder / "fonts" / "locked.ttf", fs_type=0x0002)
    res = build(data, tmp_path / "out", "locked")
    assert res.exit_code == 2, res.output
    assert re.search(r"game\.yaml:5:\d+: 'fonts\.title': locked\.ttf: the font's licence bits", res.output), res.output
    assert "Traceback" not in res.output and not (tmp_path / "out" / "locked").exists()


def _truncated(data: bytes) -> bytes:
    return data[:len(data) // 3]


def _without(table: str):
    def edit(data: bytes) -> bytes:
        from fontTools.ttLib import TTFont

        font = TTFont(io.BytesIO(data))
        del font[table]
        out = io.BytesIO()
        font.save(out)
        return out.getvalue()
    return edit


@pytest.mark.parametrize("damage, says", [
    (_truncated, "not a usable TrueType font or OpenType font"),
    (_without("cmap"), "lacks the table(s) cmap"),
    (_without("post"), "lacks the table(s) post"),
])
@pytest.mark.parametrize("cff", [False, True])
def test_a_damaged_font_file_is_a_data_error_at_its_declaration(tmp_path, damage, says, cff):
    """A font cut short in a download, or stripped of a table, stopped the build with 'internal
    error' from deep in fontTools or reportlab; it is the declaration's line, exit 2."""
    data = tmp_path / "data"
    folder = game(data, "broken", PIXEL_LAYOUT.replace("fonts/pixel-bold.otf", "fonts/pixel.ttf"),
                  "- {name: X, text: y}\n", "fonts:\n  title: fonts/damaged.ttf\n")
    make_font(folder / "fonts" / "pixel.ttf")
    (folder / "fonts" / "damaged.ttf").write_bytes(damage(make_font(cff=cff)))
    res = build(data, tmp_path / "out", "broken")
    assert res.exit_code == 2, res.output
    assert re.search(r"game\.yaml:5:\d+: 'fonts\.title': damaged\.ttf: ", res.output) and says in res.output, \
        res.output
    assert "internal error" not in res.output and not (tmp_path / "out" / "broken").exists()


@pytest.mark.parametrize("ref, says", [
    ("../../outside.ttf", "outside the data folder"),
    ("fonts/nothere.ttf", "not found"),
    ("No Such Family Anywhere", "No Such Family Anywhere"),
])
def test_a_font_that_cannot_be_had_is_a_data_error(tmp_path, ref, says):
    data = tmp_path / "data"
    make_font(tmp_path / "outside.ttf")
    make_font(data / "outside.ttf")
    game(data, "bad", f"""\
        kind: layout
        size: poker
        fields: {{name: text}}
        elements:
          - {{type: text, text: "{{name}}", w: 50, h: 10, font: "{ref}"}}
        """, "- {name: X}\n")
    res = build(data, tmp_path / "out", "bad")
    assert res.exit_code == 2 and says in res.output and "face.yaml:5:" in res.output, res.output


def test_a_font_file_an_element_names_is_found_beside_the_layout_that_names_it(tmp_path):
    """docs/layouts.md: a path is relative to the file that names it. A layout in a subfolder
    naming a font beside it, in a game that declares fonts of its own (and one that declares
    none), finds it there, not in the game or data folder."""
    data = tmp_path / "data"
    for name, extra in (("sub", "fonts:\n  title: fonts/other.ttf\n"), ("plain", "")):
        folder = game(data, name, "kind: layout\n", "- {name: ABC}\n", extra)
        (folder / "layouts").mkdir()
        (folder / "face.yaml").unlink()
        (folder / "layouts" / "face.yaml").write_text(textwrap.dedent("""\
            kind: layout
            size: poker
            fields: {name: text}
            elements:
              - {type: text, text: "{name}", x: 5, y: 5, w: 50, h: 10, size: 12, font: pixel.ttf}
            """), encoding="utf-8")
        deck = folder / "deck.yaml"
        deck.write_text(deck.read_text(encoding="utf-8").replace("layout: face.yaml", "layout: layouts/face.yaml"),
                        encoding="utf-8")
        make_font(folder / "layouts" / "pixel.ttf", family="Pnp Pixel Test")
        make_font(folder / "fonts" / "other.ttf", family="Pnp Other")
        res = build(data, tmp_path / "out", name)
        assert res.exit_code == 0, res.output
        used = pdf_fonts(tmp_path / "out" / name / "deck.pdf")
        assert any("PnpPixelTest" in f for f in used) and all(used.values()), used
        (folder / "layouts" / "pixel.ttf").unlink()
        res = build(data, tmp_path / "out2", name)
        assert res.exit_code == 2 and "layouts/pixel.ttf" in res.output.replace("\\", "/"), res.output


def test_the_safe_zone_is_held_to_a_game_fonts_own_glyphs(tmp_path):
    """Ranks set in the safe frame's corners in a font whose descent is not DejaVu's (the pixel
    font's is 0.2 em, DejaVu's 0.24) are inside the safe zone: the line's box is the font's own
    ascent and descent, as the layout set it. No warning, preflight passes; a text placed into the
    zone is still named."""
    data = tmp_path / "data"
    folder = game(data, "ranks", """\
        kind: layout
        size: poker
        fonts: {ranks: fonts/pixel.ttf}
        fields: {rank: text}
        elements:
          - {type: rect, frame: bleed, fill: white}
          - {type: text, frame: safe, w: 15, h: 9, text: "{rank}", size: 18, font: ranks}
          - {type: text, frame: safe, at: bottom-right, anchor: bottom-right, w: 15, h: 9, text: "{rank}", size: 18,
             font: ranks, align: right, valign: bottom}
          - {type: text, x: 20, y: 1.5, w: 20, h: 6, text: EDGE, size: 12, font: ranks}
        """, """\
        - {rank: A}
        - {rank: "10"}
        """)
    make_font(folder / "fonts" / "pixel.ttf")
    res = build(data, tmp_path / "out", "ranks")
    assert res.exit_code == 0, res.output
    warned = [ln for ln in res.output.splitlines() if "safe zone" in ln]
    assert warned and all("'EDGE'" in ln for ln in warned), res.output
    pre = runner.invoke(app, ["preflight", "ranks", "--data", str(data), "-p", "pdf-x"])
    fails = [ln for ln in pre.output.splitlines() if ln.startswith("FAIL")]
    assert len(fails) == 2 and all("safe-zone" in ln and "'EDGE' reaches" in ln for ln in fails), pre.output


def test_a_family_name_without_fontconfig_says_so(tmp_path, monkeypatch):
    import shutil as sh

    from pnp.scene import fontconfig

    real = sh.which
    monkeypatch.setattr(fontconfig.shutil, "which", lambda name: None if name == "fc-list" else real(name))
    fontconfig._list.cache_clear()
    data = tmp_path / "data"
    game(data, "nofc", """\
        kind: layout
        size: poker
        fields: {name: text}
        elements:
          - {type: text, text: "{name}", w: 50, h: 10, font: "Some Serif"}
        """, "- {name: X}\n")
    res = build(data, tmp_path / "out", "nofc")
    fontconfig._list.cache_clear()
    assert res.exit_code == 2, res.output
    assert "'Some Serif'" in res.output and "fontconfig is not available" in res.output, res.output


def _fontconfig_with(tmp_path, monkeypatch, fonts_dir: Path) -> None:
    """fontconfig told to see only ``fonts_dir`` (its own cache in tmp_path)."""
    if shutil.which("fc-list") is None:
        pytest.skip("fontconfig's fc-list is not installed (apt-get install fontconfig)")
    conf = tmp_path / "fonts.conf"
    conf.write_text(f"""<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig><dir>{fonts_dir}</dir><cachedir>{tmp_path / 'fc-cache'}</cachedir></fontconfig>""",
                    encoding="utf-8")
    monkeypatch.setenv("FONTCONFIG_FILE", str(conf))
    from pnp.scene import fontconfig

    fontconfig._list.cache_clear()


def test_an_installed_family_is_found_by_name_with_its_faces(tmp_path, monkeypatch):
    """Boss Rush, ported: its serif is an installed family, named in the layout; here fontconfig
    sees a folder of made fonts, so the test needs no font installed on the machine."""
    installed = tmp_path / "installed"
    make_font(installed / "TestSerif-Regular.ttf", family="Pnp Test Serif")
    make_font(installed / "TestSerif-Bold.otf", family="Pnp Test Serif", style="Bold", cff=True)
    _fontconfig_with(tmp_path, monkeypatch, installed)
    data = tmp_path / "data"
    game(data, "boss", """\
        kind: layout
        size: poker
        fields: {name: text, text: text}
        elements:
          - {type: text, text: "{name}", x: 5, y: 5, w: "100% - 10", h: 10, size: 12, font: "Pnp Test Serif",
             weight: bold}
          - {type: textbox, text: "{text}", x: 5, y: 20, w: "100% - 10", h: 40, size: 9, font: "Pnp Test Serif"}
        """, """\
        - {name: BOSS, text: "Roll the die. **Hit** on five or six."}
        """)
    res = build(data, tmp_path / "out", "boss")
    from pnp.scene import fontconfig

    fontconfig._list.cache_clear()
    assert res.exit_code == 0, res.output
    used = pdf_fonts(tmp_path / "out" / "boss" / "deck.pdf")
    assert all(used.values()), used
    assert any("PnpTestSerif-Bold" in f for f in used) and any(f.endswith("PnpTestSerif-Regular") for f in used), used
    svg = next((tmp_path / "out" / "boss" / "cards").rglob("*.svg")).read_text(encoding="utf-8")
    assert {own for _, own in svg_font_faces(svg)} >= {"Pnp Test Serif"}


def _needs_dejavu_serif() -> None:
    from pnp.scene import fontconfig

    if shutil.which("fc-list") is None:
        pytest.skip("fontconfig's fc-list is not installed (apt-get install fontconfig)")
    fontconfig._list.cache_clear()
    if fontconfig.find("DejaVu Serif") is None:
        pytest.skip("DejaVu Serif is not installed (apt-get install fonts-dejavu-extra)")


def test_dejavu_serif_by_family_name_when_it_is_installed(tmp_path):
    """The issue's own example, with the machine's fonts (Debian: fonts-dejavu-extra)."""
    _needs_dejavu_serif()
    data = tmp_path / "data"
    game(data, "serif", """\
        kind: layout
        size: poker
        fonts:
          body: {regular: "DejaVu Serif", bold: "DejaVu Serif Bold", italic: "DejaVu Serif Italic"}
        fields: {text: text}
        elements:
          - {type: textbox, text: "{text}", x: 5, y: 5, w: "100% - 10", h: 60, size: 9, font: body}
        """, """\
        - {text: "Plain, **bold** and *italic*."}
        """)
    res = build(data, tmp_path / "out", "serif")
    assert res.exit_code == 0, res.output
    used = pdf_fonts(tmp_path / "out" / "serif" / "deck.pdf")
    assert all(used.values()) and {"DejaVuSerif", "DejaVuSerif-Bold", "DejaVuSerif-Italic"} <= {
        f.split("+")[-1] for f in used}, used


def test_pnp_fonts_lists_a_games_fonts_and_their_coverage(tmp_path):
    data = tmp_path / "data"
    folder = game(data, "cov", """\
        kind: layout
        size: poker
        fonts:
          title: fonts/pixel.ttf
        fields: {name: text}
        elements:
          - {type: text, text: "{name}", x: 5, y: 5, w: "100% - 10", h: 12, size: 12, font: title}
        """, """\
        - {name: "Ace ♠"}
        """)
    make_font(folder / "fonts" / "pixel.ttf")
    res = runner.invoke(app, ["fonts", "cov", "--data", str(data), "--json"])
    assert res.exit_code == 0, res.output
    import json

    rows = json.loads(res.output)
    title = next(r for r in rows if r["family"] == "title")
    assert title["file"].endswith("pixel.ttf") and title["characters"] == 5 and title["covered"] == 4
    assert title["fallback"] == {"DejaVuSans.ttf": "♠"} and title["missing"] == ""


def test_the_worked_example_of_the_docs_builds_with_its_fonts_embedded(tmp_path):
    """docs/layouts.md's fonts section, as written there (its pixel font made here)."""
    _needs_dejavu_serif()
    doc = (Path(__file__).resolve().parents[2] / "docs" / "layouts.md").read_text(encoding="utf-8")
    section = doc[doc.index("## Fonts"):doc.index("## The game's language")]
    blocks = re.findall(r"```yaml\n(.*?)```", section, re.S)
    folder = tmp_path / "data" / "quest"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(next(b for b in blocks if b.startswith("# game.yaml")), encoding="utf-8")
    (folder / "card.yaml").write_text(next(b for b in blocks if b.startswith("# card.yaml")), encoding="utf-8")
    (folder / "deck.yaml").write_text(textwrap.dedent("""\
        kind: deck
        name: deck
        title: {en: Quest}
        card: poker
        layout: card.yaml
        back: none
        cards:
          - {name: THE CAVE, text: "Roll **two** dice; on a *double* the dragon wakes ♥."}
        """), encoding="utf-8")
    make_font(folder / "fonts" / "PressStart2P-Regular.ttf", family="Pnp Press Test")
    res = build(tmp_path / "data", tmp_path / "out", "quest")
    assert res.exit_code == 0, res.output
    used = pdf_fonts(tmp_path / "out" / "quest" / "deck.pdf")
    assert all(used.values()) and {"DejaVuSerif", "DejaVuSerif-Bold", "DejaVuSerif-Italic", "PnpPressTest-Regular"} \
        <= {f.split("+")[-1] for f in used}, used
    res = runner.invoke(app, ["fonts", "quest", "--data", str(tmp_path / "data")])
    assert res.exit_code == 0 and "quest: title regular (file:" in res.output, res.output
