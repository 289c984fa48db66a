"""Backends draw scenes; nothing else in pnp imports a drawing library.

Every output format is an entry of the format registry (:mod:`pnp.render.formats`:
its writer and its properties). :func:`write_formats` writes one asset in
several formats, each by its writer, given a :class:`Job`; :func:`write` writes
one file. Drawing modules load on first use, so importing this package is cheap
(``pnp --help`` reads the registry).
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Iterator

from pnp.render.formats import FORMATS, Format, format_of, needs_every_page, parse_formats

if TYPE_CHECKING:  # pragma: no cover
    from pnp.scene import Page

__all__ = ["FORMATS", "Format", "Job", "format_of", "parse_formats", "render_pdf_bytes", "write", "write_by_suffix",
           "write_formats"]


class Job:
    """One asset's pages on their way into files: what a format's writer is given.

    ``pages()`` gives the pages to draw: one at a time (made as they are drawn)
    when no format asked for needs every page at once, else the one list all
    formats share. ``pdf()`` gives the PDF the ``from_pdf`` formats are made
    from: the file the PDF writer wrote (it sets :attr:`pdf_file`) or, without
    one, the pages drawn into memory. ``target(rel)`` says where a file goes.
    """

    def __init__(self, pages: "Callable[[], Iterable[Page]]", fmts: Iterable[str], stem: str,
                 target: Callable[[str], Path], dpi: float = 150, title: str = "", observer=None, cmyk=None,
                 check: "Callable[[int, str], None] | None" = None):
        self.fmts = [f for f in FORMATS if f in set(fmts)]
        self.stem, self.target, self.dpi, self.title = stem, target, dpi, title
        self.observer = observer  # a Renderer that watches the PDF being drawn
        self.cmyk = cmyk  # a pnp.render.cmyk.Cmyk: the PDF's colours and pictures made CMYK
        self.pdf_file: "tuple[Path, int] | None" = None  # (path, pages) once the PDF is written
        self._make, self._check = pages, check
        self._listed: "list[Page] | None" = None
        self._every = needs_every_page(self.fmts)

    def _counted(self) -> "Iterator[Page]":
        for n, page in enumerate(self._make(), 1):
            if self._check is not None:
                self._check(n, self.stem)
            yield page

    def pages(self) -> "Iterable[Page]":
        return self.listed() if self._every or self._listed is not None else self._counted()

    def listed(self) -> "list[Page]":
        if self._listed is None:
            self._listed = list(self._counted())
        return self._listed

    def pdf(self) -> "tuple[Path | bytes, int]":
        """(the PDF as a path or bytes, its page count)."""
        if self.pdf_file is not None:
            return self.pdf_file
        from pnp.render.pdf import render_pdf_bytes

        listed = self.listed()
        return render_pdf_bytes(listed, title=self.title, observer=self.observer), len(listed)

    def names(self, fmt: str, pages: int) -> list[str]:
        return FORMATS[fmt].file_names(self.stem, pages)

    def run(self) -> list[tuple[str, int]]:
        """Every format's files, the formats made from the PDF last."""
        out: list[tuple[str, int]] = []
        for fmt in sorted(self.fmts, key=lambda f: FORMATS[f].from_pdf):
            out += FORMATS[fmt].write(self)
        return out


def write_formats(pages: "Callable[[], Iterable[Page]]", fmts: Iterable[str], stem: str,
                  target: Callable[[str], Path], dpi: float = 150, title: str = "",
                  observer=None) -> list[tuple[str, int]]:
    """Write one asset's pages in each format; returns (relative file name, pages).

    ``pages()`` yields fresh scenes; ``target(rel)`` says where a file goes. Every
    page counts against the build's page budget. An ``observer`` renderer watches
    the PDF being drawn.
    """
    from pnp.render import budget

    return Job(pages, fmts, stem, target, dpi, title, observer, check=budget.check_pages).run()


def write(fmt: str, pages: "Iterable[Page] | Page", path, dpi: float = 150, title: str = "", cmyk=None) -> int:
    """Write one file: every page into a one-file format (PDF), or a single page into an SVG or PNG.
    ``cmyk`` (:mod:`pnp.render.cmyk`) makes a PDF's colours and pictures CMYK."""
    from pnp.scene import Page

    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    single = isinstance(pages, Page)
    if not FORMATS[fmt].one_file and not single:
        raise TypeError(f"{fmt} files hold one page each; pass a single Page")
    path = Path(path)
    job = Job(lambda: [pages] if single else pages, [fmt], path.stem, lambda rel: path, dpi, title, cmyk=cmyk)
    return sum(n for _, n in job.run())


def write_by_suffix(pages: "list[Page]", path, dpi: float = 150, title: str = "") -> int:
    """Write ``pages`` to ``path`` in the format its suffix names (one page for SVG/PNG)."""
    fmt = format_of(path)
    if fmt not in FORMATS:
        raise ValueError(f"{Path(path).name}: use a file ending in {', '.join(f.ext for f in FORMATS.values())}")
    if not FORMATS[fmt].one_file:
        if len(pages) != 1:
            raise ValueError(f"{Path(path).name}: {fmt} holds one page; this document has {len(pages)}")
        return write(fmt, pages[0], path, dpi, title)
    return write(fmt, pages, path, dpi, title)


def render_pdf_bytes(pages: "Iterable[Page]", title: str = "") -> bytes:
    from pnp.render.pdf import render_pdf_bytes as _r

    return _r(pages, title)
