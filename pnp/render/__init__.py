"""Backends draw scenes; nothing else in pnp imports a drawing library.

Every output format is an entry of the format registry (:mod:`pnp.render.formats`:
its writer and its properties). :func:`write_formats` writes one asset in
several formats, each by its writer, given a :class:`Job`; :func:`write` writes
one file. Drawing modules load on first use, so importing this package is cheap
(``pnp --help`` reads the registry).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Union

from pnp.render.formats import FORMATS, PDF, Format, format_of, needs_every_page, parse_formats

if TYPE_CHECKING:  # pragma: no cover
    from pnp.load.budget import Limits, Tally
    from pnp.render.base import Renderer
    from pnp.render.cmyk import Cmyk
    from pnp.scene import Page

FilePath = Union[str, "os.PathLike[str]"]

__all__ = ["FORMATS", "Format", "Job", "format_of", "parse_formats", "render_pdf_bytes", "write", "write_by_suffix",
           "write_formats"]


class Job:
    """One asset's pages on their way into files: what a format's writer is given.

    ``pages()`` gives the pages to draw: one at a time (made as they are drawn)
    when no format asked for needs every page at once, else the one list all
    formats share. A format with a ``page_writer`` (SVG: a file per page) is
    written as each page passes, whoever draws it, so a PDF and its SVGs need no
    list of pages. ``pdf()`` gives the PDF the ``from_pdf`` formats are made
    from: the file the PDF writer wrote (it sets :attr:`pdf_file`) or, without
    one, the pages drawn into memory. ``target(rel)`` says where a file goes.

    ``limits`` (:class:`pnp.load.budget.Limits`) bounds the pages (checked as each
    is made) and the pixels of images made from the PDF; a ``tally`` counts the
    shapes of every page once, in the walk of the first format that draws it
    (:meth:`counts`).
    """

    def __init__(self, pages: "Callable[[], Iterable[Page]]", fmts: Iterable[str], stem: str,
                 target: Callable[[str], Path], dpi: float = 150, title: str = "", observer: "Renderer | None" = None,
                 cmyk: "Cmyk | None" = None, limits: "Limits | None" = None, tally: "Tally | None" = None):
        from pnp.load.budget import Limits

        self.fmts = [f for f in FORMATS if f in set(fmts)]
        self.stem, self.target, self.dpi, self.title = stem, target, dpi, title
        self.observer = observer  # a Renderer that watches the PDF being drawn
        self.cmyk = cmyk  # the PDF's colours and pictures made CMYK with it
        self.limits, self.tally = limits or Limits(), tally
        self.pdf_file: "tuple[Path | bytes, int] | None" = None  # (path or bytes, pages) once the PDF is made
        self._make = pages
        self._listed: "list[Page] | None" = None
        self._every = needs_every_page(self.fmts)
        # format -> its files
        self._streamed: dict[str, list[str]] = {f: [] for f in self.fmts if FORMATS[f].page_writer is not None}
        self._made = 0  # pages made so far
        self._drained = False  # every page has been made
        # the walk whose shapes count: the first format drawn from the scenes, else the PDF made in memory
        self._walker = next((f for f in self.fmts if not FORMATS[f].from_pdf), PDF)

    def _counted(self) -> "Iterator[Page]":
        for n, page in enumerate(self._make(), 1):
            self.limits.check_pages(n, self.stem)
            self._made = n
            for fmt, files in self._streamed.items():
                files.append(FORMATS[fmt].write_page(self, page, n))
            yield page
        self._drained = True

    def counts(self, fmt: str) -> "Tally | None":
        """The tally a format's walk adds its shapes to: the job's for the one walk that counts, else None."""
        return self.tally if fmt == self._walker else None

    def pages(self) -> "Iterable[Page]":
        return self.listed() if self._every or self._listed is not None else self._counted()

    def listed(self) -> "list[Page]":
        if self._listed is None:
            self._listed = list(self._counted())
        return self._listed

    def pdf(self) -> "tuple[Path | bytes, int]":
        """(the PDF as a path or bytes, its page count): the PDF file the job wrote, else one made in
        memory to be rasterised at the job's dpi (the ``from_pdf`` formats are images), its pictures
        no larger than they show there."""
        if self.pdf_file is None:
            from pnp.render.pdf import render_pdf_bytes

            data = render_pdf_bytes(self.pages(), title=self.title, observer=self.observer, tally=self.counts(PDF),
                                    raster_dpi=self.dpi)
            self.pdf_file = (data, self._made)
        return self.pdf_file

    def names(self, fmt: str, pages: int) -> list[str]:
        return FORMATS[fmt].file_names(self.stem, pages)

    def run(self) -> list[tuple[str, int]]:
        """Every format's files in registry order, the formats made from the PDF last."""
        drawn = [f for f in self.fmts if not FORMATS[f].from_pdf]
        wrote = {f: FORMATS[f].write(self) for f in drawn if f not in self._streamed}
        if self._streamed and not self._drained:  # no other format drew the pages: make them here
            if any(FORMATS[f].from_pdf for f in self.fmts):
                self.pdf()
            else:
                for _ in self.pages():
                    pass
        for fmt, files in self._streamed.items():
            if len(files) == 1:  # one page: the file is stem.ext
                (only,) = self.names(fmt, 1)
                os.replace(self.target(files[0]), self.target(only))
                files[:] = [only]
            wrote[fmt] = [(rel, 1) for rel in files]
        out = [item for f in drawn for item in wrote[f]]
        for fmt in self.fmts:
            if FORMATS[fmt].from_pdf:
                out += FORMATS[fmt].write(self)
        return out


def write_formats(pages: "Callable[[], Iterable[Page]]", fmts: Iterable[str], stem: str,
                  target: Callable[[str], Path], dpi: float = 150, title: str = "",
                  observer: "Renderer | None" = None, limits: "Limits | None" = None,
                  tally: "Tally | None" = None) -> list[tuple[str, int]]:
    """Write one asset's pages in each format; returns (relative file name, pages).

    ``pages()`` yields fresh scenes; ``target(rel)`` says where a file goes. The pages
    are made, drawn and written one at a time unless a format needs them all at once (see
    :class:`Job`); each counts against ``limits`` (:class:`pnp.load.budget.Limits`) and a
    ``tally`` counts their shapes. An ``observer`` renderer watches the PDF being drawn.
    """
    return Job(pages, fmts, stem, target, dpi, title, observer, limits=limits, tally=tally).run()


def write(fmt: str, pages: "Iterable[Page] | Page", path: FilePath, dpi: float = 150, title: str = "",
          cmyk: "Cmyk | None" = None) -> int:
    """Write one file: every page into a one-file format (PDF), or a single page into an SVG or PNG.
    ``cmyk`` (:mod:`pnp.render.cmyk`) makes a PDF's colours and pictures CMYK."""
    from pnp.scene import Page

    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    single = isinstance(pages, Page)
    if not FORMATS[fmt].one_file and not single:
        raise TypeError(f"{fmt} files hold one page each; pass a single Page")
    file = Path(path)
    given: "Iterable[Page]" = [pages] if isinstance(pages, Page) else pages
    job = Job(lambda: given, [fmt], file.stem, lambda rel: file, dpi, title, cmyk=cmyk)
    return sum(n for _, n in job.run())


def write_by_suffix(pages: "list[Page]", path: FilePath, dpi: float = 150, title: str = "") -> int:
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
