"""Backends draw scenes; nothing else in pnp imports a drawing library.

The one format registry lives here: every output format pnp writes, with its
extension, whether one file holds every page and how it is written (each
writer returns the pages it wrote). The CLI, the build, the manifest and the gallery all read
it. Drawing modules load on first use, so importing this package is cheap.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from pnp.scene import Page


@dataclass(frozen=True)
class Format:
    name: str
    about: str
    one_file: bool  # every page in one file (PDF); else one file per page
    preview: bool  # an image a browser shows as a thumbnail

    @property
    def ext(self) -> str:
        return "." + self.name

    def file_names(self, stem: str, pages: int) -> list[str]:
        """``stem.ext`` for a one-file format or a single page, else ``stem-p01.ext`` ..."""
        if self.one_file or pages == 1:
            return [stem + self.ext]
        return [f"{stem}-p{i:02d}{self.ext}" for i in range(1, pages + 1)]


FORMATS: dict[str, Format] = {
    "pdf": Format("pdf", "print-ready; every page in one file, fonts embedded, trim and bleed boxes", True, False),
    "svg": Format("svg", "for editing; one file per page, text kept as text, font subset embedded", False, False),
    "png": Format("png", "previews; one image per page, rasterised from the PDF", False, True),
}


def parse_formats(text: str) -> list[str]:
    """``"pdf,png"`` -> ["pdf", "png"] in registry order; ValueError naming what is unknown."""
    asked = [f.strip().lower() for f in text.split(",") if f.strip()]
    bad = [f for f in asked if f not in FORMATS]
    if bad or not asked:
        raise ValueError(f"unknown format(s) {', '.join(bad) or '(none)'}; use {', '.join(FORMATS)}")
    return [f for f in FORMATS if f in asked]


def write_formats(pages: Callable[[], Iterable[Page]], fmts: Iterable[str], stem: str,
                  target: Callable[[str], Path], dpi: float = 150, title: str = "",
                  observer=None) -> list[tuple[str, int]]:
    """Write one asset's pages in each format; returns (relative file name, pages).

    ``pages()`` yields fresh scenes; ``target(rel)`` says where a file goes.
    The PDF streams its pages when it is the only paged format; the PNGs are
    rasterised from that very file. An ``observer`` renderer watches the PDF being drawn.
    """
    from pnp.render import budget
    from pnp.render.pdf import render_pdf_bytes, write_pdf

    def counted():
        for n, page in enumerate(pages(), 1):
            budget.check_pages(n, stem)
            yield page

    fmts = set(fmts)
    out: list[tuple[str, int]] = []
    pdf = None
    # one-file-per-page formats need the pages as a list anyway: build them once for all formats
    listed = list(counted()) if "svg" in fmts or ("png" in fmts and "pdf" not in fmts) else None
    if "pdf" in fmts:
        rel = FORMATS["pdf"].file_names(stem, 1)[0]
        pdf = target(rel)
        out.append((rel, write_pdf(listed if listed is not None else counted(), pdf, title=title,
                                   observer=observer)))
    if "svg" in fmts:
        from pnp.render.svg import write_svg

        for rel, page in zip(FORMATS["svg"].file_names(stem, len(listed)), listed):
            out.append((rel, write_svg(page, target(rel))))
    if "png" in fmts:
        from pnp.render.png import write_pngs

        if pdf is None:
            pdf = render_pdf_bytes(listed, title=title, observer=observer)
            count = len(listed)
        else:
            count = out[0][1]
        names = FORMATS["png"].file_names(stem, count)
        write_pngs(pdf, [target(rel) for rel in names], dpi)
        out += [(rel, 1) for rel in names]
    return out


def write(fmt: str, pages: "Iterable[Page] | Page", path, dpi: float = 150, title: str = "", cmyk=None) -> int:
    """Write one file: every page into a PDF, or a single page into an SVG or PNG.
    ``cmyk`` (:mod:`pnp.render.cmyk`) makes a PDF's colours and pictures CMYK."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    single = isinstance(pages, Page)
    if not FORMATS[fmt].one_file and not single:
        raise TypeError(f"{fmt} files hold one page each; pass a single Page")
    if fmt == "pdf":
        from pnp.render.pdf import write_pdf

        return write_pdf([pages] if single else pages, path, title=title, cmyk=cmyk)
    if fmt == "svg":
        from pnp.render.svg import write_svg

        return write_svg(pages, path)
    from pnp.render.png import write_png

    return write_png(pages, path, dpi=dpi)


def write_by_suffix(pages: "list[Page]", path, dpi: float = 150, title: str = "") -> int:
    """Write ``pages`` to ``path`` in the format its suffix names (one page for SVG/PNG)."""
    fmt = Path(path).suffix.lower().lstrip(".")
    if fmt not in FORMATS:
        raise ValueError(f"{Path(path).name}: use a file ending in {', '.join(f.ext for f in FORMATS.values())}")
    if not FORMATS[fmt].one_file:
        if len(pages) != 1:
            raise ValueError(f"{Path(path).name}: {fmt} holds one page; this document has {len(pages)}")
        return write(fmt, pages[0], path, dpi, title)
    return write(fmt, pages, path, dpi, title)


def render_pdf_bytes(pages: Iterable[Page], title: str = "") -> bytes:
    from pnp.render.pdf import render_pdf_bytes as _r

    return _r(pages, title)
