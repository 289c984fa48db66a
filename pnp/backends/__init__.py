"""Backends draw scenes; nothing else in pnp imports a drawing library.

``write(fmt, pages_or_page, path)`` dispatches to the PDF (all pages in one
file), SVG or PNG (one page each) writer; modules load on first use.
"""
from __future__ import annotations

from typing import Iterable

from ..scene import Page


def _pdf(pages, path, dpi=150, title=""):
    from .pdf import write_pdf

    write_pdf([pages] if isinstance(pages, Page) else pages, path, title=title)


def _svg(page, path, dpi=150, title=""):
    from .svg import write_svg

    write_svg(page, path)


def _png(page, path, dpi=150, title=""):
    from .png import write_png

    write_png(page, path, dpi=dpi)


# format -> writer(pages_or_page, path, dpi=, title=); PDF takes every page, SVG/PNG one page
WRITERS = {"pdf": _pdf, "svg": _svg, "png": _png}


def write(fmt: str, pages: "Iterable[Page] | Page", path, dpi: float = 150, title: str = "") -> None:
    try:
        writer = WRITERS[fmt]
    except KeyError:
        raise ValueError(f"unknown format {fmt!r}; choose one of {', '.join(WRITERS)}") from None
    if fmt != "pdf" and not isinstance(pages, Page):
        raise TypeError(f"{fmt} files hold one page each; pass a single Page")
    writer(pages, path, dpi=dpi, title=title)


def render_pdf_bytes(pages: Iterable[Page], title: str = "") -> bytes:
    from .pdf import render_pdf_bytes as _r

    return _r(pages, title)
