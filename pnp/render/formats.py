"""The registry of output formats: every format pnp writes, with its writer and its properties.

The CLI (``--format`` choices and help, the build summary), the build (which
formats an asset gets, file names, warm-up before forking, whether a deck can
stream), the manifest and the gallery read this registry and nothing else.
Adding a format is one entry here and its writer (see docs/extending.md).

A writer is ``write(job: pnp.render.Job) -> [(relative file name, pages)]``,
named as ``"module:function"`` and imported when a file is written, so this
module stays as light as ``pnp --help`` needs.
"""
from __future__ import annotations

import os
from pathlib import PurePath
from typing import TYPE_CHECKING, Callable, Iterable, NamedTuple

from pnp.load.registry import Registry, preload, resolve

if TYPE_CHECKING:
    from pnp.render import Job
    from pnp.scene import Page

PDF = "pdf"  # the print master: formats made from_pdf are rasterised or converted from it


class Format(NamedTuple):  # a NamedTuple, not a dataclass: `pnp --help` reads this and dataclasses costs 1 ms
    name: str  # also the file extension, unless suffix says another
    about: str
    writer: "str | Callable"  # (job) -> [(rel, pages)], or "module:function"
    one_file: bool = False  # every page in one file (PDF); else one file per page (``stem-p01.ext``)
    from_pdf: bool = False  # made from the PDF of the pages (PNG: rasterised), not drawn from the scenes
    preview: bool = False  # an image made to be looked at: the gallery's thumbnail
    viewable: bool = False  # a browser shows it as an image: the gallery's thumbnail when there is no preview
    warm_up: "str | Callable | None" = None  # () -> None: work every build worker would repeat, done before forking
    # (job, page, n) -> relative file name: writes page n as it passes, so no list of pages is kept (one_file: no)
    page_writer: "str | Callable | None" = None
    suffix: str = ""  # the files' extension when it is not the name (png-cards writes .png)
    opt_in: bool = False  # written only when asked for (not a --format default), for assets that name it

    @property
    def ext(self) -> str:
        return "." + (self.suffix or self.name)

    def file_names(self, stem: str, pages: int) -> list[str]:
        """``stem.ext`` for a one-file format or a single page, else ``stem-p01.ext`` ..."""
        if self.one_file or pages == 1:
            return [stem + self.ext]
        return [f"{stem}-p{i:02d}{self.ext}" for i in range(1, pages + 1)]

    def write(self, job: "Job") -> list[tuple[str, int]]:
        return resolve(self.writer)(job)

    def write_page(self, job: "Job", page: "Page", n: int) -> str:
        return resolve(self.page_writer)(job, page, n)

    def warm(self) -> None:
        """Import the writer (and do its warm-up) before build workers are forked."""
        preload(self.writer)
        if self.warm_up is not None:
            resolve(self.warm_up)()


FORMATS: Registry[Format] = Registry("format")
unregister = FORMATS.unregister


def register(fmt: Format) -> Format:
    for word in (fmt.name, fmt.suffix or fmt.name):
        if not word.replace("-", "").isalnum() or word != word.lower() or word.startswith("-"):
            raise ValueError(f"format {fmt.name!r}: a name (and a suffix) is lower-case letters, digits and "
                             "hyphens")
    return FORMATS.register(fmt)


register(Format("pdf", "print-ready; every page in one file, fonts embedded, trim and bleed boxes",
                "pnp.render.pdf:write_files", one_file=True))
register(Format("svg", "for editing; one file per page, text kept as text, font subset embedded",
                "pnp.render.svg:write_files", viewable=True, warm_up="pnp.render.svg:warm_up",
                page_writer="pnp.render.svg:write_page"))
register(Format("png", "previews; one image per page, rasterised from the PDF",
                "pnp.render.png:write_files", from_pdf=True, preview=True, viewable=True))
register(Format("png-cards", "one image per card side with its bleed, in cards/<deck>/, at --dpi",
                "pnp.render.png:write_card_files", from_pdf=True, viewable=True, suffix="png", opt_in=True))


def defaults() -> list[str]:
    """The formats a build writes when none are asked for."""
    return [name for name, fmt in FORMATS.items() if not fmt.opt_in]


def applies(fmt: str, asset_formats: "Iterable[str] | None") -> bool:
    """Whether an asset listing ``asset_formats`` (None: it takes every format that is not
    opt-in) is written in ``fmt``."""
    if asset_formats is None:
        return not FORMATS[fmt].opt_in
    return fmt in asset_formats


def parse_formats(text: str) -> list[str]:
    """``"pdf,png"`` -> ["pdf", "png"] in registry order; ValueError naming what is unknown."""
    asked = [f.strip().lower() for f in text.split(",") if f.strip()]
    bad = [f for f in asked if f not in FORMATS]
    if bad or not asked:
        raise ValueError(f"unknown format(s) {', '.join(bad) or '(none)'}; use {', '.join(FORMATS)}")
    return [f for f in FORMATS if f in asked]


def format_of(path: "str | os.PathLike[str]") -> str:
    """The format a file is written in, by its extension."""
    return PurePath(path).suffix.lower().lstrip(".")


def needs_every_page(fmts: Iterable[str]) -> bool:
    """Whether writing ``fmts`` needs all pages at once: more than one format drawn from the
    scenes that cannot take a page as it passes (no ``page_writer``), or such a format that
    writes a file per page. Otherwise the pages stream, made one at a time, into the one
    format that draws them (formats with a page writer write each page as it passes, and a
    PDF the ``from_pdf`` formats need is drawn the same way)."""
    drawn = [FORMATS[f] for f in fmts if not FORMATS[f].from_pdf and FORMATS[f].page_writer is None]
    return len(drawn) > 1 or any(not f.one_file for f in drawn)
