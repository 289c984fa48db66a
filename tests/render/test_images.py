"""Pictures are read and checked in one place (pnp.render.images): whole, bounded, inside the
data folder, with messages that never quote the file."""
from __future__ import annotations

import base64
import io
import struct
import zlib

import pytest
from PIL import Image

from pnp.render import images
from pnp.render.images import ImageError, read_picture


def _png(w: int, h: int, cut: int | None = None) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (w, h), (200, 100, 50)).save(buf, "PNG")
    return buf.getvalue()[:cut] if cut else buf.getvalue()


def _header_only(w: int, h: int) -> bytes:
    """A PNG whose header claims w x h pixels, with almost no data behind it."""
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00" * 10)) + chunk(b"IEND", b""))


def _svg(body: str, attrs: str = 'width="40" height="30"') -> bytes:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" {attrs}>'
            f"{body}</svg>").encode()


def _read(tmp_path, name: str, data: bytes):
    (tmp_path / "game").mkdir(exist_ok=True)
    (tmp_path / "game" / name).write_bytes(data)
    return read_picture(tmp_path / "game" / name, name, [tmp_path], tmp_path / "game")


def test_a_good_picture_is_read_whole(tmp_path):
    pic = _read(tmp_path, "a.png", _png(30, 20))
    assert (pic.kind, pic.pixels, pic.aspect, pic.decoded) == ("png", (30, 20), 1.5, 600)
    svg = _svg('<rect width="10" height="10"/>')
    pic = _read(tmp_path, "a.svg", svg)
    assert pic.kind == "svg" and pic.data == svg and pic.probe.elements == 2  # the bytes as they were
    assert pic.aspect == pytest.approx(40 / 30)


@pytest.mark.parametrize("data, says", [
    (_header_only(50_000, 50_000), "its header claims more than"),
    (_header_only(8_000, 6_000), "8,000 x 6,000 pixels (48 megapixels); the limit for a picture is 40"),
    (_png(200, 200, cut=120), "the PNG file is damaged or cut short"),
    (b"\x89PNG\r\n\x1a\n" + b"\x13\x37" * 100, "not a PNG, JPEG, GIF, WebP, BMP, TIFF or SVG picture (damaged"),
    (b"GIF89a" + b"\x00" * 50, "not a PNG, JPEG, GIF, WebP, BMP, TIFF or SVG picture (damaged"),
    (b"\x00\x00\x00\x18ftypheic" + b"\x00" * 50, "a HEIC picture; save it as PNG or JPEG"),
    (b"8BPS\x00\x01" + b"\x00" * 50, "a Photoshop picture; save it as PNG or JPEG"),
    (_svg('<rect width="1"></svg>'.replace("</svg>", "")), "the SVG is not well-formed XML"),
    (_svg("<rect/>", 'width="1e300" height="10"'), "the SVG's width '1e300' is not a size a picture can have"),
    (_svg("<rect/>", 'viewBox="0 0 nan 10"'), "viewBox"),
    (_svg("<rect/>", 'width="2000" height="1"'), "a strip rather than a picture"),
    (_svg("<g id='a'><use href='#a'/></g>"), "copies itself"),
    (_svg("<image href='https://example.org/x.png'/>"), "pnp reads no URLs"),
    (b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "/etc/passwd">]>' + _svg("<text>&x;</text>"),
     "not well-formed XML"),
    (_svg('<rect transform="scale(1e300)"/>'), "<rect> has transform '1e300': numbers in an SVG must be finite"),
    (_svg('<path d="M0 0L99999999999 0"/>'), "<path> has d '99999999999'"),
    (_svg('<circle r="inf"/>'), "<circle> has r 'inf'"),
    (_svg('<g style="stroke-width:-1e30"/>'), "<g> has style '-1e30'"),
    (_svg("<rect/>", 'width="10" height="10" viewBox="0 0 1e-12 1e-12"'), "scales its drawing by more than"),
    (_svg('<symbol id="s" viewBox="0 0 1e-12 1"/><use href="#s"/>'), "<symbol> has a viewBox '0 0 1e-12 1' without"),
])
def test_a_bad_picture_is_named_and_never_quoted(tmp_path, data, says):
    with pytest.raises(ImageError) as err:
        _read(tmp_path, "bad.svg" if data.lstrip().startswith((b"<", b"<?")) else "bad.png", data)
    assert says in str(err.value)
    assert "root:" not in str(err.value) and "BytesIO" not in str(err.value)


def test_svg_elements_are_counted_with_every_use_copy(tmp_path, monkeypatch):
    monkeypatch.setattr(images, "MAX_SVG_ELEMENTS", 50)
    tree = "<defs><g id='a0'><rect/></g>" + "".join(
        f"<g id='a{i}'><use href='#a{i - 1}'/><use href='#a{i - 1}'/></g>" for i in range(1, 6)) + "</defs>"
    assert _read(tmp_path, "ok.svg", _svg(tree)).probe.elements < 50  # defined, not drawn: few
    with pytest.raises(ImageError, match="draws more than 50 elements"):
        _read(tmp_path, "bomb.svg", _svg(tree + "<use href='#a5'/>"))  # 2^5 copies of each level


def test_linked_pictures_are_checked_inside_the_game_folder_and_embedded(tmp_path):
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "inner.png").write_bytes(_png(8, 6))
    (tmp_path / "beside.png").write_bytes(_png(8, 6))
    pic = _read(tmp_path, "a.svg", _svg('<image href="inner.png" width="8" height="6"/>'))
    assert b"data:image/png;base64," + base64.b64encode(_png(8, 6)) in pic.data and pic.decoded == 48
    with pytest.raises(ImageError, match="'../beside.png': it lies outside the data folder"):
        _read(tmp_path, "b.svg", _svg('<image href="../beside.png" width="8" height="6"/>'))
    (tmp_path / "game" / "link.png").symlink_to(tmp_path / "beside.png")
    with pytest.raises(ImageError, match="'link.png': it is a link to a place outside the data folder"):
        _read(tmp_path, "c.svg", _svg('<image xlink:href="link.png" width="8" height="6"/>'))


def test_a_picture_outside_the_data_folder_is_not_read(tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "secret.png").write_bytes(_png(4, 4))
    with pytest.raises(ImageError, match="it lies outside the data folder"):
        read_picture(tmp_path / "data" / ".." / "secret.png", "../secret.png", [tmp_path / "data"])


def test_numbers_that_only_look_big_are_names(tmp_path):
    """Colours, references and the rounding noise drawing programs write are not refused."""
    body = ('<defs><linearGradient id="g1e999"/></defs><rect fill="#1e9999" stroke="url(#g1e999)" width="5" '
            'height="5"/><path d="M4.4408921e-16-3.5527137e-15L10 10" transform="matrix(1 0 0 1 2.2e-16 0)"/>')
    assert _read(tmp_path, "ok.svg", _svg(body)).aspect == pytest.approx(40 / 30)


def test_a_flattened_group_is_dropped_and_what_reportlab_cannot_draw_is_named(tmp_path, monkeypatch):
    """scale(0) draws nothing, so it is left out; were it kept, reportlab could not undo its
    transform, and the trial drawing names that before any page is written."""
    body = '<g transform="scale(0)"><rect width="1" height="1"/></g><rect width="5" height="5"/>'
    d = images.svg_drawing(_svg(body))
    assert len(d.contents[0].contents) == 1  # the rect; the flattened group is gone
    monkeypatch.setattr(images, "_drop_flat_groups", lambda d: None)
    with pytest.raises(ImageError, match=r"the SVG cannot be drawn \(ZeroDivisionError"):
        images.svg_drawing(_svg(body + "<!-- another picture -->"))
