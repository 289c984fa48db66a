"""Shared scene and read-back helpers for the backend tests (imported by them, not a plugin)."""
from __future__ import annotations

import io

import numpy as np
from PIL import Image as PILImage

from pnp.scene import (Box, Circle, Ellipse, Group, Hatch, Image, Page, Path, Polygon, Rect, Text, color,
                       mirror_x, rotate, style, translate)

PT = 72 / 25.4


def build_scene() -> Page:
    """One of every primitive, each in its own colour and place (mm, y down)."""
    g = Group()
    g.add(Rect(20, 30, 50, 40, style(fill="#ff0000")))
    g.add(Rect(100, 30, 40, 20, style(fill="cmyk(1,0,0,0)", stroke="black", width=1), radius=5))
    g.add(Ellipse(60, 120, 20, 10, style(fill="#00ff00")))
    g.add(Polygon([(120, 100), (160, 100), (140, 140)], style(fill="#0000ff")))
    p = Path(style=style(stroke="#000000", width=0.8, dash=(2, 1), cap="round", join="round"))
    p.move(20, 180).line(60, 180).cubic(70, 160, 90, 160, 100, 180).quad(110, 200, 120, 180).arc(140, 180, 20, 20, 180, 180)
    g.add(p)
    g.add(Path([("M", 100, 148), ("L", 160, 148)], style(stroke="#000000", width=1, dash=(4, 4))))
    g.add(Rect(20, 200, 40, 30, style(fill="white", stroke="black", width=0.3, hatch=Hatch(45, 3, 0.4, color("navy")))))
    g.add(Group([Rect(0, 0, 20, 10, style(fill="#ff00ff"))], transform=translate(150, 220) @ rotate(90)))
    g.add(Group([Rect(0, 0, 30, 30, style(fill="#00ffff"))], transform=translate(100, 250), clip=Circle(15, 15, 10)))
    g.add(Group([Rect(0, 0, 10, 10, style(fill="#000000"))], transform=mirror_x(105) @ translate(20, 270)))
    g.add(Group([Rect(60, 250, 20, 20, style(fill="#000000"))], opacity=0.5))
    g.add(Text(20, 20, "Grüße ÄÖÜ ß ® – „x“ × ½", size=12, weight="bold"))
    g.add(Group([Text(0, 0, "Drehung", size=14, anchor="middle")], transform=translate(185, 150) @ rotate(-60)))
    buf = io.BytesIO()
    PILImage.new("RGB", (4, 4), (255, 128, 0)).save(buf, "PNG")
    g.add(Image(170, 235, 20, 20, buf.getvalue()))
    return Page(210, 297, g, trim=Box(10, 10, 190, 277), bleed=Box(7, 7, 196, 283), label="test")


def pdf_raster(pdf: bytes, tmp_path, dpi: int, crop_mm=None, aa: bool = True) -> PILImage.Image:
    """Page 1 of ``pdf`` rasterised by PDFium (optionally only a crop box in mm)."""
    from pdfread import raster

    return raster(pdf, dpi, crop_mm=crop_mm, aa=aa)


def colour_bbox(img: PILImage.Image, rgb, tol: int = 60):
    """(x0, y0, x1, y1) pixel box (x1/y1 exclusive) of pixels within ``tol`` of ``rgb``."""
    a = np.asarray(img.convert("RGB")).astype(int)
    hit = (np.abs(a - np.array(rgb)).max(axis=2) <= tol)
    ys, xs = np.nonzero(hit)
    assert len(xs), f"no pixel of colour {rgb}"
    return int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1


def ink_bbox(img: PILImage.Image, threshold: int = 128):
    """Box of dark (near-black) pixels."""
    a = np.asarray(img.convert("L"))
    ys, xs = np.nonzero(a < threshold)
    assert len(xs), "no ink"
    return int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1
