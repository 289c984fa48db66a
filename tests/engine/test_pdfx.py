"""PDF/X for print shops: the DriveThruCards export of every shipped deck, and of a deck with
transparent art, read back with pikepdf alone (not with pnp's own reader): the version keys,
XMP, Trapped, a bleed box the shop's bleed beyond the trim on every side, no soft mask and
no constant alpha below 1, only CMYK and grey colour, a subset tag of its own per font; the
translucency composited in CMYK onto what lay beneath it. PDF/X-4 keeps transparency."""
from __future__ import annotations

import io
import shutil
import textwrap
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

from pnp.model.assets import BuildOptions
from pnp.model.game import discover
from pnp.output.export import export, load_profile
from pnp.output.preflight import check_written
from pnp.render.cmyk import load

ROOT = Path(__file__).resolve().parents[2]
PT = 72 / 25.4
BLEED = 3.175  # DriveThruCards: 1/8 in

BACKDROP = "cmyk(0, 0, 0.4, 0)"  # the glass deck's card ground


def glass_game(folder: Path) -> Path:
    """A deck with transparent art: a PNG whose right half is transparent, a PNG whose alpha
    fades, a translucent SVG, and elements with opacity on the flat ground and on a photo."""
    game = folder / "glass"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("name: glass\ntitle: Glass\n")
    half = Image.new("RGBA", (600, 600), (200, 30, 30, 255))
    half.paste((0, 0, 0, 0), (300, 0, 600, 600))
    half.save(game / "half.png")
    fade = Image.new("RGBA", (320, 80), (30, 90, 200, 0))
    fade.putalpha(Image.linear_gradient("L").rotate(90).resize((320, 80)))
    fade.save(game / "fade.png")
    Image.new("RGB", (900, 1200), (40, 150, 90)).save(game / "photo.png")
    (game / "veil.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">'
                                   '<circle cx="10" cy="10" r="9" fill="#8a3a8f" fill-opacity="0.5"/></svg>')
    (game / "face.yaml").write_text(textwrap.dedent(f"""\
        kind: layout
        fields:
          name: text
          photo: bool = false
        elements:
          - {{type: rect, frame: bleed, fill: "{BACKDROP}"}}
          - {{type: image, when: photo, frame: bleed, src: photo.png, fit: cover}}
          - {{type: image, when: "not photo", x: 6, y: 8, w: 24, h: 24, src: half.png, fit: stretch}}
          - {{type: image, when: "not photo", x: 33, y: 8, w: 24, h: 6, src: fade.png, fit: stretch}}
          - {{type: image, when: "not photo", x: 33, y: 18, w: 14, h: 14, src: veil.svg}}
          - {{type: ellipse, id: dot, x: 40, y: 40, w: 14, h: 14, fill: "cmyk(0.8, 0, 0, 0)", opacity: 0.5}}
          - {{type: rect, x: 5, y: 60, w: 53, h: 22, fill: "cmyk(0, 0, 0, 0)", stroke: "cmyk(0, 0, 0, 1)",
             stroke_width: 1, opacity: 0.5}}
          - {{type: text, x: 8, y: 64, w: 47, h: 10, text: "{{name}}", size: 14, weight: bold,
             colour: "cmyk(0, 0, 0, 1)", opacity: 0.5}}
        """))
    (game / "deck.yaml").write_text(textwrap.dedent("""\
        kind: deck
        name: deck
        title: Glass deck
        card: poker
        layout: face.yaml
        back: {title: Glass, colour: "#204060"}
        cards:
          - {name: Scheibe, copies: 2}
          - {name: Foto, photo: true}
        """))
    return folder


@pytest.fixture(scope="module")
def decks(tmp_path_factory):
    """Every shipped deck (the games' and the example's) and the glass deck, by game name."""
    data = tmp_path_factory.mktemp("data")
    shutil.copytree(ROOT / "data" / "kafkas-halle", data / "kafkas-halle")
    shutil.copytree(ROOT / "examples" / "starter-deck", data / "starter-deck")
    glass_game(data)
    return discover(data)


@pytest.fixture(scope="module")
def x1a(decks, tmp_path_factory):
    out = tmp_path_factory.mktemp("out")
    profile = load_profile("drivethrucards")
    return {name: export(game, BuildOptions(), profile, out) for name, game in decks.items()}


def _box(page, name):
    return [float(v) for v in page.obj[name]]


def _resources(page):
    """The page's resources and those of every form it draws, each once."""
    out, todo, seen = [], [page.obj.get("/Resources")], set()
    while todo:
        res = todo.pop()
        if res is None or id(res) in seen:
            continue
        seen.add(id(res))
        out.append(res)
        for _, x in (res.get("/XObject") or {}).items():
            if x.get("/Subtype") == "/Form":
                todo.append(x.get("/Resources"))
    return out


def assert_pdfx_1a(path: Path, bleed_mm: float = BLEED):
    """Everything the issue's reviewer read back, with pikepdf alone."""
    with pikepdf.open(path) as pdf:
        assert pdf.pdf_version == "1.4" and open(path, "rb").read(8) == b"%PDF-1.4"
        info = pdf.docinfo
        assert str(info["/GTS_PDFXVersion"]) == "PDF/X-1:2003"
        assert str(info["/GTS_PDFXConformance"]) == "PDF/X-1a:2003"
        assert info["/Trapped"] == pikepdf.Name("/False")
        assert str(info["/Title"]) and str(info["/CreationDate"]) and str(info["/ModDate"])
        assert "/ID" in pdf.trailer
        meta = pdf.open_metadata()
        assert meta["pdfxid:GTS_PDFXVersion"] == "PDF/X-1:2003" and meta["pdf:Trapped"] == "False"
        (intent,) = pdf.Root.OutputIntents
        assert intent.S == "/GTS_PDFX" and intent.DestOutputProfile.read_bytes()[12:20] == b"prtrCMYK"
        tags = {}
        for n, page in enumerate(pdf.pages, 1):
            trim, bleed, media = _box(page, "/TrimBox"), _box(page, "/BleedBox"), _box(page, "/MediaBox")
            grown = [trim[0] - bleed_mm * PT, trim[1] - bleed_mm * PT, trim[2] + bleed_mm * PT, trim[3] + bleed_mm * PT]
            assert bleed == pytest.approx(grown, abs=0.01), f"page {n}"
            assert bleed[0] >= media[0] and bleed[1] >= media[1] and bleed[2] <= media[2] and bleed[3] <= media[3]
            assert "/Group" not in page.obj
            for op in pikepdf.parse_content_stream(page):
                assert str(op.operator) not in ("rg", "RG", "sc", "scn", "SC", "SCN", "cs", "CS", "BI"), f"page {n}"
            for res in _resources(page):
                for _, gs in (res.get("/ExtGState") or {}).items():
                    assert float(gs.get("/ca", 1)) == 1 and float(gs.get("/CA", 1)) == 1, f"page {n}"
                    assert "/SMask" not in gs or gs.SMask == pikepdf.Name("/None")
                for _, sh in (res.get("/Shading") or {}).items():  # gradients of SVG art
                    assert sh.ColorSpace in ("/DeviceCMYK", "/DeviceGray"), f"page {n}"
                for _, x in (res.get("/XObject") or {}).items():
                    if x.get("/Subtype") == "/Image":
                        assert "/SMask" not in x and x.ColorSpace in ("/DeviceCMYK", "/DeviceGray"), f"page {n}"
                for _, font in (res.get("/Font") or {}).items():
                    base = str(font.BaseFont)[1:]
                    tags.setdefault(base[:6], set()).add(base)
                    assert font.FontDescriptor.get("/FontFile2") is not None
        assert tags and all(len(names) == 1 for names in tags.values()), tags


@pytest.mark.parametrize("name", ["kafkas-halle", "starter-deck", "glass"])
def test_every_deck_for_drivethrucards_is_pdf_x_1a(x1a, name):
    (pdf,) = sorted(x1a[name].folder.glob("*.pdf"))
    assert_pdfx_1a(pdf)
    assert "PDF/X-1a:2003" in (x1a[name].folder / "README.txt").read_text()


def test_preflight_passes_them(x1a):
    profile = load_profile("drivethrucards")
    for name, written in x1a.items():
        found, counts = check_written(written, profile)
        assert found == [] and counts["files"] == 1, name


def _colours(pdf, n: int) -> list[tuple[str, tuple[float, ...]]]:
    """(operator, values) of every CMYK colour set on page ``n``, in order."""
    return [(str(op.operator), tuple(round(float(v), 4) for v in op.operands))
            for op in pikepdf.parse_content_stream(pdf.pages[n]) if str(op.operator) in ("k", "K")]


def test_translucent_elements_on_a_flat_ground_are_mixed_ink_by_ink(x1a):
    """On the cmyk(0, 0, 0.4, 0) ground: a cyan dot at half opacity is half its cyan and half
    the ground's yellow; black text at half is half black on the ground; the white panel is
    the ground at half strength and its black outline half black, inside and out alike."""
    with pikepdf.open(x1a["glass"].folder / "deck.pdf") as pdf:
        face = _colours(pdf, 1)  # back of card 1, then its front
    assert ("k", (0.4, 0, 0.2, 0)) in face  # the dot
    assert ("k", (0, 0, 0.2, 0)) in face  # the panel
    assert ("k", (0, 0, 0.1, 0.5)) in face  # the text, on the mixed panel
    outline = [c for c in face if c[0] == "K"]
    assert outline == [("K", (0, 0, 0.1, 0.5)), ("K", (0, 0, 0.2, 0.5))]  # inner half on the panel, outer on the ground


def _pictures(pdf, n: int) -> list[Image.Image]:
    from pikepdf import PdfImage

    xo = pdf.pages[n].Resources.get("/XObject", {})
    return [PdfImage(x).as_pil_image() for _, x in sorted(xo.items())]


def test_pictures_with_alpha_are_mixed_with_the_ground_pixel_by_pixel(x1a):
    fogra = load("fogra39-240")
    red = fogra.picture(Image.new("RGB", (1, 1), (200, 30, 30)))[0].getpixel((0, 0))
    with pikepdf.open(x1a["glass"].folder / "deck.pdf") as pdf:
        pics = {p.size: p for p in _pictures(pdf, 1)}
    half = pics[(600, 600)]
    assert half.mode == "CMYK"
    assert half.getpixel((100, 300)) == red  # opaque: the picture
    assert half.getpixel((500, 300)) == (0, 0, 102, 0)  # transparent: the ground
    fade = pics[(320, 80)]
    left, right = fade.getpixel((0, 40)), fade.getpixel((319, 40))
    assert left == (0, 0, 102, 0)  # alpha 0 at the left
    blue = fogra.picture(Image.new("RGB", (1, 1), (30, 90, 200)))[0].getpixel((0, 0))
    assert all(abs(a - b) <= 1 for a, b in zip(right, blue))  # alpha 255 at the right
    middle = fade.getpixel((160, 40))
    assert all(abs(m - (0.5 * b + 0.5 * g)) <= 2 for m, b, g in zip(middle, blue, (0, 0, 102, 0)))


def test_on_a_picture_the_element_becomes_an_opaque_cmyk_patch(x1a):
    """The dot and the panel lie on the photo: each is drawn again with the photo beneath as a
    CMYK picture; its middle is the element's ink over the photo's, at half opacity."""
    fogra = load("fogra39-240")
    green = fogra.picture(Image.new("RGB", (1, 1), (40, 150, 90)))[0].getpixel((0, 0))
    with pikepdf.open(x1a["glass"].folder / "deck.pdf") as pdf:
        pics = _pictures(pdf, 5)  # the front of the photo card
    photo = [p for p in pics if p.size == (900, 1200)]
    patches = [p for p in pics if p.size != (900, 1200)]
    assert len(photo) == 1 and len(patches) == 3  # dot, panel (with its outline), text
    (dot,) = [p for p in patches if abs(p.size[0] - p.size[1]) <= 2]  # the round one's box is square
    w, h = dot.size
    expect = (0.5 * 204 + 0.5 * green[0], 0.5 * green[1], 0.5 * green[2], 0.5 * green[3])
    assert all(abs(a - b) <= 3 for a, b in zip(dot.getpixel((w // 2, h // 2)), expect))
    assert all(abs(a - b) <= 3 for a, b in zip(dot.getpixel((1, 1)), green))  # the corner: the photo alone


def test_the_flattened_file_is_the_same_every_time(decks, x1a, tmp_path):
    again = export(decks["glass"], BuildOptions(), load_profile("drivethrucards"), tmp_path)
    assert (again.folder / "deck.pdf").read_bytes() == (x1a["glass"].folder / "deck.pdf").read_bytes()


def test_a_card_the_flattener_cannot_draw_is_refused_by_name(decks, tmp_path, monkeypatch):
    from pnp.load.errors import DataErrors
    from pnp.render import flatten

    def refuse(*a, **k):
        raise flatten.FlattenError("too big to redraw")

    monkeypatch.setattr(flatten.Flattener, "patch", refuse)
    with pytest.raises(DataErrors) as err:
        export(decks["glass"], BuildOptions(), load_profile("drivethrucards"), tmp_path)
    (problem,) = err.value.problems
    assert problem.message == "Foto: cannot be made PDF/X-1a:2003 (no transparency): too big to redraw"
    assert problem.file.endswith("deck.yaml") and problem.line == 9
    assert not (tmp_path / "glass" / "export" / "drivethrucards").exists()


def test_pdf_x_4_keeps_the_transparency(decks, tmp_path):
    mine = tmp_path / "x4.yaml"
    mine.write_text(textwrap.dedent("""\
        kind: export-profile
        name: x4
        title: A shop that takes PDF/X-4
        output: card-pdf
        format: pdf
        colour: cmyk
        pdfx: PDF/X-4
        bleed_mm: 3
        products:
          - {name: poker, trim_mm: [63.5, 88.9]}
        """))
    profile = load_profile(str(mine))
    written = export(decks["glass"], BuildOptions(), profile, tmp_path / "out")
    with pikepdf.open(written.folder / "deck.pdf") as pdf:
        assert pdf.pdf_version == "1.6"
        assert str(pdf.docinfo["/GTS_PDFXVersion"]) == "PDF/X-4" and "/GTS_PDFXConformance" not in pdf.docinfo
        meta = pdf.open_metadata()
        assert meta["pdfxid:GTS_PDFXVersion"] == "PDF/X-4" and meta["xmpMM:RenditionClass"] == "default"
        assert meta["xmpMM:DocumentID"].startswith("uuid:") and meta["xmpMM:VersionID"] == "1"
        first = pdf.pages[0].Resources  # all fronts, then the back
        assert any("/SMask" in x for _, x in first.XObject.items())  # the picture's alpha, as drawn
        assert any(float(gs.get("/ca", 1)) == 0.5 for _, gs in first.ExtGState.items())
    assert check_written(written, profile)[0] == []
    assert "PDF/X-4" in (written.folder / "README.txt").read_text()


@pytest.mark.parametrize("fields, says", [
    ("pdfx: PDF/X-1a:2003", "PDF/X-1a:2003 is a CMYK PDF: give colour: cmyk"),
    ("colour: cmyk\npdfx: PDF/X-3", "PDF/X-1a:2003"),  # the message lists the versions pnp writes
])
def test_a_pdf_x_profile_must_be_a_cmyk_pdf_of_a_known_version(tmp_path, fields, says):
    from pnp.load.errors import DataErrors

    bad = tmp_path / "bad.yaml"
    bad.write_text(f"kind: export-profile\nname: bad\ntitle: Bad\noutput: card-pdf\n{fields}\n"
                   "products: [{name: poker, trim_mm: [63.5, 88.9]}]\n")
    with pytest.raises(DataErrors, match=says):
        load_profile(str(bad))


def test_palette_and_grey_alpha_pictures_and_svg_gradients_in_a_pdf_x_1a_deck(tmp_path):
    """A palette PNG with a transparent index, a grey PNG with alpha and an SVG gradient (drawn
    as a shading) on a photo: composited or converted, nothing RGB or translucent is left."""
    from PIL import ImageDraw

    game = tmp_path / "data" / "odd"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("name: odd\ntitle: Odd\n")
    pal = Image.new("P", (300, 300), 0)
    pal.putpalette([255, 255, 255, 200, 20, 20] + [0] * 762)
    ImageDraw.Draw(pal).ellipse((20, 20, 280, 280), fill=1)
    pal.save(game / "pal.png", transparency=0)
    grey = Image.new("LA", (300, 300), (0, 0))
    ImageDraw.Draw(grey).ellipse((30, 30, 270, 270), fill=(40, 160))
    grey.save(game / "grey.png")
    Image.new("RGB", (900, 1200), (200, 120, 40)).save(game / "photo.png")
    (game / "grad.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><defs><linearGradient id="g">'
        '<stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient></defs>'
        '<rect width="40" height="40" fill="url(#g)"/></svg>')
    (game / "face.yaml").write_text(textwrap.dedent("""\
        kind: layout
        fields: {name: text}
        elements:
          - {type: image, frame: bleed, src: photo.png, fit: cover}
          - {type: image, x: 5, y: 5, w: 25, h: 25, src: pal.png}
          - {type: image, x: 33, y: 5, w: 25, h: 25, src: grey.png}
          - {type: image, x: 5, y: 33, w: 25, h: 25, src: grad.svg}
          - {type: text, x: 5, y: 65, w: 50, h: 10, text: "{name}", size: 14}
        """))
    (game / "deck.yaml").write_text("kind: deck\nname: deck\ntitle: Odd\ncard: poker\nlayout: face.yaml\n"
                                    "back: {title: Odd}\ncards:\n  - {name: Eins}\n")
    profile = load_profile("drivethrucards")
    written = export(discover(tmp_path / "data")["odd"], BuildOptions(), profile, tmp_path / "out")
    assert_pdfx_1a(written.folder / "deck.pdf")
    with pikepdf.open(written.folder / "deck.pdf") as pdf:
        # the gradient is drawn in the SVG picture's form XObject, with its own resources
        assert [str(sh.ColorSpace) for res in _resources(pdf.pages[1])
                for _, sh in (res.get("/Shading") or {}).items()] == ["/DeviceCMYK"]
    assert [f.check for f in check_written(written, profile)[0] if f.check != "image-dpi"] == []


def test_an_svg_picture_without_transparency_stays_vector(tmp_path):
    """Only translucent SVG art is drawn to pixels; opaque art keeps its paths."""
    from pnp.render.flatten import flatten
    from pnp.scene import Group, Image as Picture, Page

    svg = b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>'
    page = Page(20, 20, Group([Picture(5, 5, 10, 10, svg)]))
    (pic,) = flatten(page, load("fogra39-240")).content.children
    assert pic.source == svg
    veil = svg.replace(b'fill="red"', b'fill="red" fill-opacity="0.5"')
    (pic,) = flatten(Page(20, 20, Group([Picture(5, 5, 10, 10, veil)])), load("fogra39-240")).content.children
    assert pic.source != veil and Image.open(io.BytesIO(pic.source)).mode == "CMYK"


def _png(mode: str, colour) -> bytes:
    buf = io.BytesIO()
    Image.new(mode, (8, 8), colour).save(buf, "PNG")
    return buf.getvalue()


def test_what_the_flattener_keeps_drops_and_mixes():
    """Invisible elements go, an alpha channel nothing uses goes, a clipped-away element goes; a
    translucent element over a rotated ground (not known flat) becomes an opaque patch."""
    from pnp.render.flatten import flatten
    from pnp.scene import Group, Image as Picture, Page, Rect, rotate, style

    fogra = load("fogra39-240")
    page = Page(40, 40, Group([
        Rect(0, 0, 40, 40, style(fill="#ffffff", opacity=0)),  # opacity 0: nothing shows
        Picture(2, 2, 8, 8, _png("RGBA", (10, 200, 30, 255))),  # alpha, all opaque
        Group([Rect(30, 30, 5, 5, style(fill="red", opacity=0.5))], clip=Rect(0, 0, 10, 10)),  # clipped away
        Group([Rect(12, 12, 16, 16, style(fill="#203060"))], transform=rotate(30, 20, 20)),
        Rect(18, 18, 4, 4, style(fill="white", opacity=0.5)),
    ]))
    kids = flatten(page, fogra).content.children
    assert len(kids) == 4
    pic, clipped, turned, patch = kids
    assert Image.open(io.BytesIO(pic.source)).mode == "RGB"
    assert clipped.children == []
    assert type(patch).__name__ == "Image" and Image.open(io.BytesIO(patch.source)).mode == "CMYK"
    assert turned.children[0].style.fill.hex == "#203060"  # opaque art is left as it is


def test_a_rounded_ground_is_flat_inside_its_corners():
    from pnp.render.flatten import flatten
    from pnp.scene import Group, Page, Rect, style

    fogra = load("fogra39-240")
    ground = Rect(0, 0, 40, 40, style(fill="cmyk(0, 0, 0.4, 0)"), radius=6)
    inside = flatten(Page(40, 40, Group([ground, Rect(10, 10, 5, 5, style(fill="cmyk(0.8, 0, 0, 0)", opacity=0.5))])),
                     fogra).content.children[1]
    assert inside.style.fill.cmyk == (0.4, 0, 0.2, 0) and inside.style.opacity == 1
    corner = flatten(Page(40, 40, Group([ground, Rect(0.5, 0.5, 3, 3, style(fill="cmyk(0.8, 0, 0, 0)",
                                                                              opacity=0.5))])),
                     fogra).content.children[1]
    assert type(corner).__name__ == "Image"  # paper and ground meet under it: drawn as a patch
