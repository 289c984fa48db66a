"""Pictures as designers have them: a photo a camera saved turned (its EXIF orientation tag says
how to show it) prints as every viewer shows it, upright, with the size and aspect it is shown
with; GIF, WebP, BMP and TIFF pictures print as PNGs of their first frame; formats pillow cannot
read are named."""
from __future__ import annotations

import io
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
import base64

import numpy as np
import pypdfium2
import pytest
from PIL import Image

from onedeck import one_deck_game
from pnp.model.assets import BuildOptions
from pnp.model.game import discover
from pnp.output.build import build_games
from pnp.render.images import read_picture

LAYOUT = """\
kind: layout
fields: {name: text, art: image}
elements:
  - {type: image, x: 0, y: 0, w: 63, h: 88, src: "{art}", fit: contain}
"""
BLACK, YELLOW = (0, 0, 0), (230, 200, 0)


def _photo(fmt: str, orientation: int) -> bytes:
    """A 120 x 60 picture as the sensor saw it: black in its left sixth, yellow elsewhere, and the
    tag saying how to turn it (6: a quarter turn clockwise, so the black strip shows on top)."""
    im = Image.new("RGB", (120, 60), YELLOW)
    im.paste(BLACK, (0, 0, 20, 60))
    exif = Image.Exif()
    exif[0x0112] = orientation
    buf = io.BytesIO()
    im.save(buf, fmt, exif=exif.tobytes(), **({"quality": 95} if fmt == "JPEG" else {}))
    return buf.getvalue()


def _read(tmp_path, name: str, data: bytes):
    (tmp_path / "game").mkdir(exist_ok=True)
    (tmp_path / "game" / name).write_bytes(data)
    return read_picture(tmp_path / "game" / name, name, [tmp_path], tmp_path / "game")


def _strip_on_top(im: Image.Image) -> bool:
    """Whether, where a page shows the photo, its black strip lies on top of the yellow (and nothing
    dark lies below it): the yellow part's box, and what touches it above and below."""
    a = np.asarray(im.convert("RGB"), dtype=int)
    ys, xs = np.nonzero((a[..., 0] > 180) & (a[..., 1] > 150) & (a[..., 2] < 100))
    top, bottom, left, right = ys.min(), ys.max(), xs.min(), xs.max()
    strip = (bottom - top) // 10
    assert strip >= 2 and right - left > 8
    above, below = a[top - strip:top - 1, left + 2:right - 2].mean(), a[bottom + 2:bottom + strip, left + 2:right - 2].mean()
    return above < 60 and below > 200


def _dark_rows(im: Image.Image) -> tuple[float, float]:
    """How dark the top and bottom sixth of a picture are (0 white .. 1 black)."""
    a = np.asarray(im.convert("L"), dtype=float) / 255
    sixth = a.shape[0] // 6
    return 1 - a[:sixth].mean(), 1 - a[-sixth:].mean()


@pytest.mark.parametrize("fmt, orientation, pixels, dark_top", [
    ("JPEG", 6, (60, 120), True),  # quarter turn clockwise: the left edge goes on top
    ("JPEG", 8, (60, 120), False),  # quarter turn the other way: the left edge goes to the bottom
    ("PNG", 6, (60, 120), True),
    ("JPEG", 3, (120, 60), None),  # half turn: the strip moves to the right
    ("JPEG", 1, (120, 60), None),  # upright: the very bytes
])
def test_a_turned_photo_is_read_as_it_is_shown(tmp_path, fmt, orientation, pixels, dark_top):
    data = _photo(fmt, orientation)
    pic = _read(tmp_path, f"p{orientation}.{fmt.lower()}", data)
    assert pic.pixels == pixels and pic.aspect == pytest.approx(pixels[0] / pixels[1])
    assert (pic.data == data) is (orientation == 1) and pic.kind == fmt.lower()
    # read again as a rebuild does: the facts found the first time, the turned bytes from the cache
    again = _read(tmp_path, f"p{orientation}.{fmt.lower()}", data)
    assert (again.data, again.digest, again.probe, again.decoded) == (pic.data, pic.digest, pic.probe, pic.decoded)
    shown = Image.open(io.BytesIO(pic.data))
    assert shown.size == pixels and shown.format == fmt and shown.getexif().get(0x0112, 1) == 1
    a = np.asarray(shown.convert("L"), dtype=float)
    if dark_top is None:
        left, right = a[:, :15].mean(), a[:, -15:].mean()
        assert (left < 60 < right) if orientation == 1 else (right < 60 < left)
    else:
        top, bottom = _dark_rows(shown)
        assert (top > 0.8 > 0.3 > bottom) if dark_top else (bottom > 0.8 > 0.3 > top)


def test_a_turned_photo_prints_upright_in_pdf_svg_and_png(tmp_path):
    data = one_deck_game(tmp_path, "photos", LAYOUT, ["{name: Foto, art: turned.jpg}"])
    (data / "photos" / "turned.jpg").write_bytes(_photo("JPEG", 6))
    build_games(list(discover(data).values()), BuildOptions(), ["pdf", "svg", "png"], tmp_path / "out", jobs=1)
    folder = tmp_path / "out" / "photos"
    page = pypdfium2.PdfDocument(folder / "deck.pdf")[0]
    sheet = page.render(scale=100 / 72).to_pil()
    assert _strip_on_top(sheet)  # the black strip on top, as the photo is shown
    pngs = sorted(folder.rglob("*.png"))
    assert pngs
    for png in pngs:
        with Image.open(png) as im:
            assert _strip_on_top(im), png.name
    svg = next(folder.rglob("*.svg"))
    hrefs = [v for el in ET.parse(svg).iter() for k, v in el.attrib.items() if k.endswith("href")
             and v.startswith("data:image/jpeg")]
    assert hrefs
    for href in hrefs:
        with Image.open(io.BytesIO(base64.b64decode(href.split(",", 1)[1]))) as im:
            assert im.size == (60, 120) and im.getexif().get(0x0112, 1) == 1
            top, bottom = _dark_rows(im)
            assert top > 0.8 > 0.3 > bottom


def _other(fmt: str, mode: str = "RGB") -> bytes:
    """A 90 x 60 picture in ``fmt``: red with a blue left third (RGBA: the right third clear)."""
    im = Image.new("RGBA", (90, 60), (200, 30, 30, 255))
    im.paste((20, 40, 200, 255), (0, 0, 30, 60))
    if mode == "RGBA":
        im.paste((0, 0, 0, 0), (60, 0, 90, 60))
    else:
        im = im.convert(mode)
    buf = io.BytesIO()
    im.save(buf, fmt)
    return buf.getvalue()


@pytest.mark.parametrize("fmt, suffix, mode", [
    ("GIF", "gif", "P"), ("WEBP", "webp", "RGBA"), ("BMP", "bmp", "RGB"), ("TIFF", "tif", "CMYK"),
    ("TIFF", "tiff", "RGBA"), ("WEBP", "webp", "RGB"),
])
def test_a_gif_webp_bmp_or_tiff_is_placed_as_a_png_of_the_same_pixels(tmp_path, fmt, suffix, mode):
    data = _other(fmt, mode)
    pic = _read(tmp_path, f"p.{suffix}", data)
    assert (pic.kind, pic.pixels, pic.aspect) == ("png", (90, 60), 1.5)
    again = _read(tmp_path, f"p.{suffix}", data)  # the facts kept, the PNG from the cache
    assert (again.data, again.digest, again.kind) == (pic.data, pic.digest, "png")
    shown = Image.open(io.BytesIO(pic.data))
    assert shown.format == "PNG"
    rgba = np.asarray(shown.convert("RGBA"), dtype=int)
    assert np.abs(rgba[30, 10, :3] - (20, 40, 200)).max() < 40 and np.abs(rgba[30, 45, :3] - (200, 30, 30)).max() < 40
    assert bool(rgba[30, 80, 3] == 0) is (mode == "RGBA")  # transparency kept


def test_a_deck_with_gif_and_webp_art_builds_in_every_format(tmp_path):
    data = one_deck_game(tmp_path, "bunt", LAYOUT, ["{name: A, art: a.gif}", "{name: B, art: b.webp}"])
    (data / "bunt" / "a.gif").write_bytes(_other("GIF", "P"))
    (data / "bunt" / "b.webp").write_bytes(_other("WEBP", "RGBA"))
    build_games(list(discover(data).values()), BuildOptions(), ["pdf", "svg", "png"], tmp_path / "out", jobs=1)
    folder = tmp_path / "out" / "bunt"
    sheet = np.asarray(pypdfium2.PdfDocument(folder / "deck.pdf")[0].render(scale=1).to_pil().convert("RGB"), int)
    blue = (np.abs(sheet - (20, 40, 200)).max(axis=2) < 40).sum()
    red = (np.abs(sheet - (200, 30, 30)).max(axis=2) < 40).sum()
    assert blue > 1000 and red > 1000
    hrefs = [v for svg in folder.rglob("*.svg") for el in ET.parse(svg).iter() for k, v in el.attrib.items()
             if k.endswith("href") and v.startswith("data:image/")]
    assert hrefs and all(h.startswith("data:image/png;base64,") for h in hrefs)


@pytest.mark.parametrize("head, says", [
    (b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic", "a HEIC picture; save it as PNG or JPEG"),
    (b"\x00\x00\x00\x1cftypavif\x00\x00\x00\x00avifmif1", "an AVIF picture; save it as PNG or JPEG"),
])
def test_a_phone_format_pillow_cannot_read_is_named(tmp_path, head, says):
    from pnp.render.images import ImageError

    with pytest.raises(ImageError) as exc:
        _read(tmp_path, "p.png", head + b"\x00" * 64)
    assert str(exc.value) == says


FILTERED = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 60"><defs>'
            '<filter id="b"><feGaussianBlur stdDeviation="3"/></filter><filter id="unused"/>'
            '<pattern id="p" width="10" height="10" patternUnits="userSpaceOnUse"><circle cx="5" cy="5" r="3"/></pattern>'
            '<linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient>'
            '<marker id="m"><path d="M0,0 L10,5 L0,10 z"/></marker></defs>'
            '<rect width="100" height="60" style="fill: url(#p)"/><rect width="10" height="10" fill="url(#g)"/>'
            '<circle cx="50" cy="30" r="20" fill="red" filter="url(#b)"/>'
            '<line x1="0" y1="0" x2="50" y2="50" stroke="black" style="marker-end:url(\'#m\')"/></svg>')


@pytest.mark.parametrize("svg, lost", [
    (FILTERED, ("filters (blurs, shadows)", "pattern fills", "markers (arrow heads)")),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><mask id="k"/></defs>'
     '<rect width="5" height="5" mask="url(#k)"/><foreignObject width="5" height="5"/></svg>',
     ("masks", "embedded HTML")),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><filter id="f"/><mask id="k"/></defs>'
     '<rect width="5" height="5" style="filter: none" fill="url(#nowhere)"/></svg>', ()),
])
def test_what_an_svg_uses_that_pnp_cannot_draw_is_found(tmp_path, svg, lost):
    pic = _read(tmp_path, "a.svg", svg.encode())
    assert pic.probe.lost == lost
    assert _read(tmp_path, "a.svg", svg.encode()).probe.lost == lost  # from the facts kept


def test_a_deck_names_the_svg_art_it_prints_without_its_filters(tmp_path):
    data = one_deck_game(tmp_path, "weich", LAYOUT, ["{name: A, art: a.svg}", "{name: B, art: a.svg}"])
    (data / "weich" / "a.svg").write_text(FILTERED, encoding="utf-8")
    env = {**os.environ, "PNP_CACHE_DIR": str(tmp_path / "cache")}
    code = "import sys; sys.argv[0] = 'pnp'; from pnp.cli.main import run; run()"
    proc = subprocess.run([sys.executable, "-c", code, "build", "weich", "--data", str(data), "--out",
                           str(tmp_path / "out"), "-f", "pdf"], capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr
    said = [ln for ln in proc.stderr.splitlines() if "cannot draw" in ln]
    assert said == [f"{data / 'weich' / 'deck.yaml'}:8: warning: image 'a.svg' uses filters (blurs, shadows), pattern "
                    "fills, markers (arrow heads), which pnp cannot draw: left out, it prints unlike a browser shows it "
                    "(flatten them in the drawing program, or save the picture as PNG) (and 1 more card)"], said
