"""A picture is read once per build and written once per file (issue #32): the PDF holds one
XObject per distinct picture however many cards show it (an SVG as a form, a PNG as an image),
each SVG page one <symbol> per picture with a <use> per card, and the survey reads a
picture's size once."""
from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pikepdf
from PIL import Image

from onedeck import one_deck_game
from pnp.model.game import discover
from pnp.model.assets import BuildOptions
from pnp.output.build import build_games

SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 30" width="40" height="30">'
       '<rect width="40" height="30" fill="#1f6fb2"/><circle cx="20" cy="15" r="9" fill="#f0c419"/></svg>')
NS = "{http://www.w3.org/2000/svg}"
LAYOUT = """\
kind: layout
fields: {name: text, art: image}
elements:
  - {type: image, x: 5, y: 5, w: 53, h: 40, src: "{art}", fit: contain}
  - {type: text, x: 5, y: 60, w: 50, h: 10, text: "{name}", size: 12}
"""


def _game(tmp_path):
    cards = [f"{{name: Karte {i}, art: {'blue.svg' if i % 2 else 'dot.png'}}}" for i in range(12)]
    data = one_deck_game(tmp_path, "pics", LAYOUT, cards)
    buf = io.BytesIO()
    Image.new("RGB", (300, 200), (200, 40, 40)).save(buf, "PNG")
    (data / "pics" / "dot.png").write_bytes(buf.getvalue())
    (data / "pics" / "blue.svg").write_text(SVG, encoding="utf-8")
    return data


def _xobjects(pdf) -> dict:
    """objgen -> subtype of every XObject the pages draw, forms' own followed."""
    seen, todo = {}, [p.obj.get("/Resources") for p in pdf.pages]
    while todo:
        res = todo.pop()
        for _, x in ((res or {}).get("/XObject") or {}).items():
            if x.objgen not in seen:
                seen[x.objgen] = str(x.Subtype)
                todo.append(x.get("/Resources"))
    return seen


def test_each_picture_is_written_once_however_many_cards_show_it(tmp_path):
    data = _game(tmp_path)
    build_games(list(discover(data).values()), BuildOptions(), ["pdf", "svg"], tmp_path / "out", jobs=1)
    folder = tmp_path / "out" / "pics"
    with pikepdf.open(folder / "deck.pdf") as pdf:
        assert len(pdf.pages) == 2  # 12 cards, 9 a sheet: both pictures on both pages
        kinds = sorted(_xobjects(pdf).values())
        assert kinds == ["/Form", "/Image"], kinds
        for page in pdf.pages:  # each card draws its picture by reference
            assert page.Contents.read_bytes().count(b" Do") >= 3
    for card in sorted((folder / "cards" / "deck").glob("*.svg")):  # one card a file: its picture once
        root = ET.parse(card).getroot()
        (symbol,) = root.iter(NS + "symbol")
        (use,) = root.iter(NS + "use")
        assert len(list(symbol.iter(NS + "image"))) == 1
        assert use.get("{http://www.w3.org/1999/xlink}href") == "#" + symbol.get("id")


def test_the_sheet_svg_defines_each_picture_once(tmp_path):
    from pnp.render.svg import svg_string
    from pnp.scene import Group, Image as Picture, Page

    png = io.BytesIO()
    Image.new("RGB", (30, 20), (0, 128, 0)).save(png, "PNG")
    art = [SVG.encode(), png.getvalue()]
    page = Page(210, 297, Group([Picture(10 + 20 * i, 10, 15, 10, art[i % 2]) for i in range(8)]))
    root = ET.fromstring(svg_string(page))
    symbols = list(root.iter(NS + "symbol"))
    uses = list(root.iter(NS + "use"))
    assert len(symbols) == 2 and len(uses) == 8
    refs = {u.get("{http://www.w3.org/1999/xlink}href") for u in uses}
    assert refs == {"#" + s.get("id") for s in symbols}
    assert [(u.get("x"), u.get("width")) for u in uses[:2]] == [("10", "15"), ("30", "15")]


def test_the_survey_reads_a_pictures_size_once(monkeypatch):
    from pnp.render import images
    from pnp.render.survey import Survey
    from pnp.render.base import walk
    from pnp.scene import Group, Image as Picture, Page

    png = io.BytesIO()
    Image.new("RGB", (300, 200), (0, 0, 0)).save(png, "PNG")
    data = png.getvalue()
    opened = []
    real = Image.open
    monkeypatch.setattr(Image, "open", lambda *a, **k: opened.append(1) or real(*a, **k))
    s = Survey()
    walk(s, Page(100, 100, Group([Picture(0, 0, 25.4, 25.4 * 2 / 3, data) for _ in range(5)])))
    assert [p.pixels for p in s.pictures] == [(300, 200)] * 5 and round(s.pictures[0].dpi) == 300
    assert len(opened) <= 1
    assert images.pixels_of(data) == (300, 200)


def test_a_drawer_receives_each_picture_once_and_by_digest_after(tmp_path):
    """Pages cross the pipe to the drawer process with a picture's bytes the first time only."""
    from pnp.output import drawer
    from pnp.scene import Group, Image as Picture, Page

    art = SVG.encode() + b" " * 2000
    pages = [Page(100, 100, Group([Picture(0, 0, 10, 10, art), Picture(20, 0, 10, 10, art)])) for _ in range(3)]
    pipe, held = io.BytesIO(), set()
    for page in pages:
        pipe.write(drawer._Out.dumps(("page", page), held, pipe))
    assert pipe.getvalue().count(art) == 1
    pipe.seek(0)
    got = [drawer._load(pipe)[1] for _ in pages]
    sources = [im.source for p in got for im in p.content.children]
    assert sources == [art] * 6 and len({id(s) for s in sources}) == 1  # one object: hashed once


def test_picture_facts_and_parsed_svgs_are_kept_in_the_cache(tmp_path, monkeypatch):
    """A rebuild (a new process: the in-memory copies gone) neither checks a picture it checked
    before nor parses an SVG again: both come from pnp's cache, keyed by the picture's digest."""
    from pnp.load import cache
    from pnp.render import images

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(images, "_FACTS", None)
    (tmp_path / "a.svg").write_text(SVG.replace("#1f6fb2", "#1f6fb3"), encoding="utf-8")
    first = images.read_picture(tmp_path / "a.svg", "a.svg", (tmp_path,))
    assert images.svg_drawing(first.data).width == 30  # 40 px in points
    cache.save_tables()

    def refused(*a, **k):
        raise AssertionError("read again")

    monkeypatch.setattr(images, "_FACTS", None)  # as in a new process
    monkeypatch.setattr(images, "_DRAWINGS", images.OrderedDict())
    monkeypatch.setattr(images, "_check_svg", refused)
    import svglib.svglib

    monkeypatch.setattr(svglib.svglib, "svg2rlg", refused)
    again = images.read_picture(tmp_path / "a.svg", "a.svg", (tmp_path,))
    assert (again.kind, again.probe.elements, again.digest) == ("svg", first.probe.elements, first.digest)
    assert images.svg_drawing(again.data).width == 30 and again.aspect == 40 / 30


def test_an_svgs_aspect_is_kept_so_a_rebuild_lays_cards_out_without_its_drawing(tmp_path):
    """The width over height svglib draws an SVG with is kept with the pictures' facts: a second
    process gets the same aspect without parsing the SVG or importing svglib."""
    import os
    import subprocess
    import sys

    script = ("import sys\nfrom pnp.render.images import svg_aspect\n"
              "print(repr(svg_aspect(sys.stdin.read().encode())), 'svglib' in sys.modules)\n")
    env = {**os.environ, "PNP_CACHE_DIR": str(tmp_path / "cache")}
    runs = [subprocess.run([sys.executable, "-c", script], input=SVG, capture_output=True, text=True, env=env,
                           check=True).stdout.split() for _ in range(2)]
    assert runs[0] == ["1.3333333333333333", "True"] and runs[1] == ["1.3333333333333333", "False"]


def test_a_parsed_svg_read_back_from_the_cache_draws_the_same_without_svglib(tmp_path):
    """An open path that is filled and stroked (svglib draws its fill with a path class of its
    own) and a clipped group: the drawing a second process reads from the cache is drawn into a
    PDF form without svglib being imported, and the form's bytes are the ones the first process,
    which parsed the SVG, wrote."""
    import os
    import subprocess
    import sys

    svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 30" width="40" height="30">'
           '<defs><clipPath id="c"><rect width="20" height="30"/></clipPath></defs>'
           '<path d="M 2 2 L 38 2 L 20 28" fill="#f0c419" stroke="#1a1a1a" stroke-width="2"/>'
           '<g clip-path="url(#c)"><circle cx="20" cy="15" r="9" fill="#1f6fb2"/></g></svg>')
    script = ("import sys, io\nfrom reportlab.graphics import renderPDF\nfrom reportlab.pdfgen.canvas import Canvas\n"
              "from pnp.render.images import svg_drawing\n"
              "d = svg_drawing(sys.stdin.read().encode())\nbuf = io.BytesIO()\nc = Canvas(buf, invariant=1)\n"
              "renderPDF.draw(d, c, 0, 0)\nc.showPage(); c.save()\n"
              "print(buf.getvalue().hex(), 'svglib' in sys.modules)\n")
    env = {**os.environ, "PNP_CACHE_DIR": str(tmp_path / "cache")}
    runs = [subprocess.run([sys.executable, "-c", script], input=svg, capture_output=True, text=True, env=env,
                           check=True).stdout.split() for _ in range(2)]
    assert runs[0][1] == "True" and runs[1][1] == "False"
    assert runs[0][0] == runs[1][0]


def test_a_jpeg_goes_into_the_pdf_as_its_own_bytes_and_is_not_decoded_to_be_written(tmp_path, monkeypatch):
    """A photo is written into the PDF as the JPEG it is (the printer decodes it), once, and
    writing the PDF decodes no picture: reportlab's drawImage decoded every JPEG only to name it,
    which made a deck of 40 phone photos take 7.8 s and 1.2 GB to rebuild."""
    from PIL import ImageFile

    from pnp.render.pdf import render_pdf_bytes
    from pnp.scene import Group, Image as Picture, Page

    photo = io.BytesIO()
    Image.new("RGB", (640, 480), (180, 90, 30)).save(photo, "JPEG", quality=90)
    png = io.BytesIO()
    Image.new("RGBA", (30, 20), (0, 128, 0, 128)).save(png, "PNG")
    jpeg = photo.getvalue()
    pages = [Page(210, 297, Group([Picture(10 + 60 * i, 10 + 80 * k, 50, 37.5, jpeg) for i in range(3)]
                                  + [Picture(10, 280, 15, 10, png.getvalue())])) for k in range(2)]
    decoded = []
    real = ImageFile.ImageFile.load
    monkeypatch.setattr(ImageFile.ImageFile, "load", lambda self: decoded.append(self.format) or real(self))
    pdf = pikepdf.open(io.BytesIO(render_pdf_bytes(pages)))
    assert "JPEG" not in decoded  # the PNG is decoded once: its pixels go into the PDF compressed anew
    images = {objgen: x for objgen, x in ((x.objgen, x) for p in pdf.pages
                                          for _, x in p.obj.Resources.XObject.items())}
    jpegs = [x for x in images.values() if list(x.get("/Filter", [])) == ["/DCTDecode"]]
    assert len(jpegs) == 1 and jpegs[0].read_raw_bytes() == jpeg
    assert (int(jpegs[0].Width), int(jpegs[0].Height)) == (640, 480)
    pngs = [x for x in images.values() if list(x.get("/Filter", [])) != ["/DCTDecode"]]
    assert len(pngs) == 1 and "/SMask" in pngs[0]  # the PNG's alpha kept, as its own image
    assert sum(p.Contents.read_bytes().count(b" Do") for p in pdf.pages) == 8


def _photo_jpeg(w: int = 4000, h: int = 3000) -> bytes:
    import numpy as np

    x, y = np.meshgrid(np.linspace(0, 1, w), np.linspace(0, 1, h))
    rgb = np.stack([x * 255, y * 255, (1 - x) * 200], -1).astype("uint8")
    buf = io.BytesIO()
    Image.fromarray(rgb).save(buf, "JPEG", quality=85)
    return buf.getvalue()


def test_a_pdf_made_to_be_rasterised_holds_pictures_at_the_pixels_they_cover():
    """PNG output (and the contact sheet) is rasterised from a PDF made in memory: there a 12
    megapixel photo on a card is written with the pixels it covers at that dpi, never decoded
    whole (PDFium decoded every full-size photo of a contact sheet at once: 1.2 GB for 40 photos),
    and the page looks the same."""
    import numpy as np

    from pnp.render.pdf import render_pdf_bytes
    from pnp.render.png import _images
    from pnp.scene import Group, Image as Picture, Page
    from pnp.scene.primitives import scale

    photo = _photo_jpeg()
    small = io.BytesIO()
    Image.new("RGB", (120, 90), (10, 20, 200)).save(small, "PNG")

    def page():
        return Page(120, 100, Group([Picture(10, 10, 50, 37.5, photo),
                                     Group([Picture(20, 140, 50, 37.5, photo)], transform=scale(0.5)),
                                     Picture(70, 60, 40, 30, small.getvalue())]))

    raster = pikepdf.open(io.BytesIO(render_pdf_bytes([page()], raster_dpi=100)))
    sizes = sorted((int(x.Width), int(x.Height)) for x in _xobject_images(raster))
    assert sizes == [(99, 74), (120, 90), (197, 148)]  # the small PNG as it was; the photo at 100 dpi, twice
    full = pikepdf.open(io.BytesIO(render_pdf_bytes([page()])))
    assert sorted((int(x.Width), int(x.Height)) for x in _xobject_images(full)) == [(120, 90), (4000, 3000)]
    a = np.asarray(next(_images(render_pdf_bytes([page()], raster_dpi=100), 100)), dtype=float)
    b = np.asarray(next(_images(render_pdf_bytes([page()]), 100)), dtype=float)
    assert a.shape == b.shape and np.abs(a - b).mean() < 1.0 and np.percentile(np.abs(a - b), 99) < 12


def _xobject_images(pdf) -> list:
    return [x for p in pdf.pages for _, x in p.obj.Resources.XObject.items() if x.Subtype == "/Image"]


def test_a_card_image_for_a_shop_never_decodes_a_photo_whole(monkeypatch):
    """A single page made into an image (shop exports, Tabletop Simulator, proofs) is rasterised
    the same way: the photo is decoded at the smallest JPEG reduction that still covers it."""
    from PIL import ImageFile

    from pnp.render.png import render_clear, render_image
    from pnp.scene import Group, Image as Picture, Page

    photo = _photo_jpeg()
    page = Page(63, 88, Group([Picture(5, 5, 53, 40, photo)]))
    decoded = []
    real = ImageFile.ImageFile.load
    monkeypatch.setattr(ImageFile.ImageFile, "load", lambda self: decoded.append(self.size) or real(self))
    assert render_image(page, 300).size == (744, 1039)
    assert render_clear(page, (372, 520)).size == (372, 520)
    assert decoded and max(w for w, _ in decoded) == 1000  # a quarter of 4,000 px: covers 626 px (53 mm at 300 dpi)
