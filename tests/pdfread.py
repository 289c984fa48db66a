"""Reading PDFs back in tests with pip-installed libraries only (pypdfium2):
pages as images, all text, and words with their boxes in mm.

Importable from every test folder (tests/ is on sys.path through its conftest).
"""
from __future__ import annotations

import math
import os

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image

MM_PER_PT = 25.4 / 72


def _doc(pdf):
    return pdfium.PdfDocument(bytes(pdf) if isinstance(pdf, (bytes, bytearray)) else os.fspath(pdf))


def raster(pdf, dpi: float, page: int = 0, crop_mm=None, aa: bool = True) -> Image.Image:
    """One page as an RGB image at ``dpi``; ``crop_mm`` = (x0, y0, x1, y1) from the top-left.

    ``aa=False`` turns anti-aliasing off, so every pixel is either in or out.
    """
    doc = _doc(pdf)
    try:
        opts = {} if aa else {"no_smoothpath": True, "no_smoothtext": True, "no_smoothimage": True}
        img = doc[page].render(scale=dpi / 72, fill_color=(255, 255, 255, 255), **opts).to_pil().convert("RGB")
    finally:
        doc.close()
    if crop_mm:
        k = dpi / 25.4
        img = img.crop(tuple(round(v * k) for v in crop_mm))
    return img


def rasters(pdf, dpi: float) -> list[Image.Image]:
    """Every page as an RGB image."""
    doc = _doc(pdf)
    try:
        return [doc[i].render(scale=dpi / 72, fill_color=(255, 255, 255, 255)).to_pil().convert("RGB")
                for i in range(len(doc))]
    finally:
        doc.close()


def text(pdf, page: int | None = None) -> str:
    """The text of one page (or of all, pages separated by form feeds), in reading order."""
    doc = _doc(pdf)
    try:
        pages = range(len(doc)) if page is None else [page]
        return "\f".join(doc[i].get_textpage().get_text_range() for i in pages)
    finally:
        doc.close()


def words(pdf, page: int = 0) -> list[tuple[str, float, float, float, float]]:
    """(word, x0, y0, x1, y1) in mm from the page's top-left, for every run of non-blank characters."""
    doc = _doc(pdf)
    try:
        p = doc[page]
        height = p.get_height()
        tp = p.get_textpage()
        out, cur, box = [], [], None
        for i in range(tp.count_chars()):
            ch = tp.get_text_range(i, 1)
            if not ch or ch.isspace() or ch in "\r\n\x02":
                if cur:
                    out.append(("".join(cur), *box))
                cur, box = [], None
                continue
            left, bottom, right, top = tp.get_charbox(i)
            b = (left * MM_PER_PT, (height - top) * MM_PER_PT, right * MM_PER_PT, (height - bottom) * MM_PER_PT)
            box = b if box is None else (min(box[0], b[0]), min(box[1], b[1]), max(box[2], b[2]), max(box[3], b[3]))
            cur.append(ch)
        if cur:
            out.append(("".join(cur), *box))
        return out
    finally:
        doc.close()


def char_sizes(path):
    """The printed size in points of every visible character of a PDF (text matrix and CTM applied)."""
    doc = pdfium.PdfDocument(str(path))
    try:
        for i in range(len(doc)):
            tp = doc[i].get_textpage()
            for k in range(tp.count_chars()):
                ch = tp.get_text_range(k, 1)
                if not ch.strip():
                    continue
                m = pdfium_c.FS_MATRIX()
                pdfium_c.FPDFText_GetMatrix(tp, k, m)
                yield ch, pdfium_c.FPDFText_GetFontSize(tp, k) * math.sqrt(abs(m.a * m.d - m.b * m.c))
    finally:
        doc.close()
