"""PNG backend: pages are drawn once, as PDF, and rasterised by PDFium.

So a PNG can never disagree with its PDF: it *is* that PDF, seen by a
well-kept renderer (the one Chromium uses) at the requested resolution.
Pixel sizes are ``round(mm_to_px(mm, dpi))`` per side, or exactly ``size``
when a caller needs whole pixels (Tabletop Simulator sheets). Files are
written deterministically (no time stamps) with the resolution recorded.
"""
from __future__ import annotations

import io
import os
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Iterator, Union

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image as PILImage

from pnp.load.budget import Limits
from pnp.scene.primitives import Page
from pnp.render.pdf import render_pdf_bytes
from pnp.scene.units import PT_PER_INCH, dpi_of

if TYPE_CHECKING:
    from pnp.render import Job

PdfSource = Union[bytes, bytearray, str, Path]  # a PDF's bytes, or the path of its file
FilePath = Union[str, "os.PathLike[str]"]

_FLAGS = pdfium_c.FPDF_ANNOT  # as page.render() draws; no sub-pixel (LCD) text


def _images(pdf: PdfSource, dpi: float | None = None, size: tuple[int, int] | None = None,
            limits: Limits | None = None, clear: bool = False) -> Iterator[PILImage.Image]:
    """Every page of ``pdf`` (bytes or a path) as an RGB image, ``round(inches * dpi)``
    pixels a side (or exactly ``size``), each held to ``limits.megapixels`` before it is made;
    ``clear``: RGBA, transparent where nothing is drawn."""
    limits = limits or Limits()
    doc = pdfium.PdfDocument(pdf if not isinstance(pdf, (bytes, bytearray)) else bytes(pdf))
    try:
        for i in range(len(doc)):
            page = doc[i]
            w, h = size or (max(1, round(page.get_width() / PT_PER_INCH * dpi)),
                            max(1, round(page.get_height() / PT_PER_INCH * dpi)))
            limits.check_pixels(w, h, f"the PNG of page {i + 1}")
            bitmap = pdfium.PdfBitmap.new_native(w, h, pdfium_c.FPDFBitmap_BGRA if clear else pdfium_c.FPDFBitmap_BGR)
            bitmap.fill_rect((0, 0, 0, 0) if clear else (255, 255, 255, 255), 0, 0, w, h)
            pdfium_c.FPDF_RenderPageBitmap(bitmap, page, 0, 0, w, h, 0, _FLAGS)
            img = bitmap.to_pil().convert("RGBA" if clear else "RGB")
            page.close()
            yield img
    finally:
        doc.close()


def encode(img: PILImage.Image, dpi: float | None = None) -> bytes:
    """An RGB image as PNG bytes, written by pypng: rows unfiltered, zlib's fastest level.

    Pillow tries four row filters on every row of an RGB image; on pages of flat colour and
    text they gain nothing (the previews of all five games come out 8 % smaller without
    them) and cost more than half the time: those previews encode in 0.6 s instead of 1.4 s."""
    import png as pypng

    img = img if img.mode == "RGB" else img.convert("RGB")
    w, h = img.size
    data = memoryview(img.tobytes())
    row = 3 * w
    ppm = round(dpi / 0.0254) if dpi else None  # pHYs holds whole pixels per metre
    writer = pypng.Writer(w, h, greyscale=False, bitdepth=8, compression=1,
                          **({"x_pixels_per_unit": ppm, "y_pixels_per_unit": ppm, "unit_is_meter": True}
                             if ppm else {}))
    buf = io.BytesIO()
    writer.write(buf, (data[i:i + row] for i in range(0, h * row, row)))
    return buf.getvalue()


def render_image(page: Page, dpi: float = 150, size: tuple[int, int] | None = None,
                 limits: Limits | None = None) -> PILImage.Image:
    """One page as an RGB pillow image at ``dpi`` (or stretched to ``size`` px)."""
    shown = dpi if size is None else _dpi_of(size, page)
    return next(_images(render_pdf_bytes([page], raster_dpi=shown), dpi, size, limits))


def render_clear(page: Page, size: tuple[int, int], limits: Limits | None = None) -> PILImage.Image:
    """One page as an RGBA image of ``size`` px, transparent where the page draws nothing."""
    return next(_images(render_pdf_bytes([page], raster_dpi=_dpi_of(size, page)), size=size, limits=limits,
                        clear=True))


def _dpi_of(size: tuple[int, int], page: Page) -> float:
    """The finer of the two resolutions at which a page fills ``size`` pixels."""
    return max(dpi_of(size[0], page.width), dpi_of(size[1], page.height))


def png_bytes(page: Page, dpi: float = 150, size: tuple[int, int] | None = None,
              limits: Limits | None = None) -> bytes:
    img = render_image(page, dpi, size, limits)
    if size is not None:
        dpi = dpi_of(size[0], page.width)
    return encode(img, dpi)


def write_png(page: Page, path: FilePath, dpi: float = 150) -> int:
    with open(os.fspath(path), "wb") as fh:
        fh.write(png_bytes(page, dpi))
    return 1


def write_pngs(pdf: PdfSource, paths: Iterable[FilePath], dpi: float = 150, limits: Limits | None = None) -> int:
    """Rasterise each page of an already written PDF (bytes or path) into one PNG per path."""
    files = list(paths)
    n = 0
    for path, img in zip(files, _images(pdf, dpi, limits=limits)):
        with open(os.fspath(path), "wb") as fh:
            fh.write(encode(img, dpi))
        n += 1
    if n != len(files):
        raise ValueError(f"the PDF has {n} pages but {len(files)} PNG files were asked for")
    return n


def write_card_files(job: "Job") -> list[tuple[str, int]]:
    """The ``png-cards`` format's writer: each card side (a page with its bleed) as a PNG at the
    job's dpi, named as its page; nothing more when the job writes ``png`` too (the same files)."""
    if "png" in job.fmts:
        return []
    pdf, count = job.pdf()
    names = job.names("png-cards", count)
    write_pngs(pdf, [job.target(rel) for rel in names], job.dpi)
    return [(rel, 1) for rel in names]


def write_files(job: "Job") -> list[tuple[str, int]]:
    """The ``png`` format's writer (:mod:`pnp.render.formats`): each page of the PDF rasterised
    at the job's dpi, one file per page."""
    pdf, count = job.pdf()
    names = job.names("png", count)
    write_pngs(pdf, [job.target(rel) for rel in names], job.dpi, job.limits)
    return [(rel, 1) for rel in names]
