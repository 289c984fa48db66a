"""Image files as the backends see them: what kind, how many pixels, what shape.

PNG and JPEG are read with pillow; SVG with svglib (the same parser the PDF
backend draws SVG art with, so it stays vector in the PDF).
"""
from __future__ import annotations

import io
from dataclasses import dataclass


class ImageError(ValueError):
    """Bytes that are not a PNG, JPEG or SVG pnp can place."""


@dataclass(frozen=True)
class Probe:
    kind: str  # png | jpeg | svg
    pixels: tuple[int, int] | None  # None for vector art
    aspect: float  # width / height


def is_svg(data: bytes) -> bool:
    head = data[:512].lstrip()
    return head.startswith(b"<svg") or (head.startswith(b"<?xml") and b"<svg" in data[:4096])


def probe(data: bytes) -> Probe:
    if is_svg(data):
        d = svg_drawing(data)
        if not d.width or not d.height:
            raise ImageError("the SVG has no width and height (give it a viewBox)")
        return Probe("svg", None, float(d.width) / float(d.height))
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(data)) as im:
            fmt = (im.format or "").lower()
            size = im.size
    except (UnidentifiedImageError, OSError, ValueError) as exc:
        raise ImageError(f"not a PNG, JPEG or SVG image ({exc})") from None
    if fmt not in ("png", "jpeg"):
        raise ImageError(f"{fmt.upper() or 'this'} images are not supported; save it as PNG or JPEG")
    if size[0] * size[1] > 100_000_000:
        raise ImageError(f"{size[0]} x {size[1]} pixels is more than the 100 megapixel limit")
    return Probe(fmt, size, size[0] / size[1])


def eight_bit(im):
    """A 16-bit grey picture (pillow opens a 16-bit grey PNG as mode I;16 or I) as 8-bit grey, its
    levels kept: pillow's own conversion clips every level above 255 to white. Other pictures as
    they are."""
    if im.mode not in ("I", "I;16", "I;16L", "I;16B"):
        return im
    import numpy as np
    from PIL import Image

    levels = np.clip(np.asarray(im, dtype=np.int64), 0, 65535) >> 8
    return Image.fromarray(levels.astype(np.uint8), "L")


def svg_drawing(data: bytes):
    """The SVG as a reportlab Drawing (in points)."""
    from svglib.svglib import svg2rlg

    try:
        d = svg2rlg(io.BytesIO(data))
    except Exception as exc:  # svglib/lxml raise many types for broken files
        raise ImageError(f"the SVG cannot be read ({type(exc).__name__}: {exc})") from None
    if d is None:
        raise ImageError("the SVG cannot be read")
    return d


def svg_strings(data: bytes) -> list[tuple[str, str]]:
    """(text, face) of every string an SVG picture draws: face is regular, bold, italic or
    bold-italic, read from the font svglib chose for it."""
    out: list[tuple[str, str]] = []

    def walk(node):
        text = getattr(node, "text", None)
        if isinstance(text, str) and hasattr(node, "fontName"):
            out.append((text, picture_face(node.fontName)))
        for child in getattr(node, "contents", ()):
            walk(child)

    walk(svg_drawing(data))
    return out


def picture_face(font_name: str) -> str:
    """The face (regular, bold, italic, bold-italic) a font name of an SVG picture asks for."""
    name = (font_name or "").lower()
    bold = "bold" in name or "black" in name or "heavy" in name
    italic = "italic" in name or "oblique" in name
    return ("bold-" if bold and italic else "bold" if bold else "") + ("italic" if italic else "") or "regular"
