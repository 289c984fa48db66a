"""Backends draw scenes; nothing else in pnp imports a drawing library.

``write(fmt, pages_or_page, path)`` dispatches to the PDF (all pages in one
file), SVG or PNG (one page each) writer; modules load on first use.
"""
from __future__ import annotations

from typing import Iterable

from ..scene import Page


def write(fmt: str, pages: "Iterable[Page] | Page", path, dpi: float = 150, title: str = "") -> None:
    if fmt == "pdf":
        from .pdf import write_pdf

        return write_pdf(pages if not isinstance(pages, Page) else [pages], path, title=title)
    if fmt == "svg":
        from .svg import write_svg

        return write_svg(pages, path)
    if fmt == "png":
        from .png import write_png

        return write_png(pages, path, dpi=dpi)
    raise ValueError(f"unknown format {fmt!r}")


def render_pdf_bytes(pages: Iterable[Page], title: str = "") -> bytes:
    from .pdf import render_pdf_bytes as _r

    return _r(pages, title)
