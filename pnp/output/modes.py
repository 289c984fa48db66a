"""The registry of export modes: what ``pnp export`` writes for a profile's ``output:``.

A mode names its writer and says what it needs of a profile; the profile check
(:func:`check`, run when a profile is loaded), the export and its README read
this registry. Writers are named as ``"module:function"`` and imported when an
export runs. A writer is ``write(job: pnp.output.export.ExportJob) -> (files,
matching)``: ``files`` is [(relative path, pages, what it is)], ``matching`` the decks
matched to the shop's products (or None), which the README and preflight read.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Literal, Union

from pnp.load.classes import dataclass
from pnp.load.registry import Registry, resolve
from pnp.render.formats import PDF

if TYPE_CHECKING:  # pragma: no cover
    from pnp.model.profile import Profile
    from pnp.output.export import ExportJob, Matching

# What one file of a mode holds, which the export, its README and preflight read (never the mode's name):
# "side": one card side, at the shop template's pixels; "deck": every card side of a deck, a page each;
# "sheets": an asset's imposed sheets (crop marks, many items a page, the data's own safe zone); None: other.
Holds = Literal["side", "deck", "sheets"]
# What a writer returns: [(relative path, pages, what it is)] and the decks matched to the shop's products (or None)
Files = list[tuple[str, int, str]]
Writer = Callable[["ExportJob"], tuple[Files, Union["Matching", None]]]


@dataclass(frozen=True)
class Mode:
    name: str
    about: str
    writer: "str | Writer"  # (job) -> (files, matching), or "module:function"
    products: bool = False  # each deck goes to one of the shop's card products: the profile lists them
    formats: tuple[str, ...] | None = None  # the kinds of file it writes; None: the profile's format: (png or pdf)
    holds: Holds | None = None  # what one of its files holds (see Holds)

    def write(self, job: "ExportJob") -> tuple[Files, "Matching | None"]:
        writer: Writer = resolve(self.writer)
        return writer(job)

    def files(self, profile: "Profile") -> tuple[str, ...]:
        return self.formats if self.formats is not None else (profile.format,)

    def writes_pdf(self, profile: "Profile") -> bool:
        return PDF in self.files(profile)


MODES: Registry[Mode] = Registry("export mode")
register, unregister = MODES.register, MODES.unregister


register(Mode("images", "one file per side of every distinct card, at the shop template's pixel size",
              "pnp.output.export:write_cards", products=True, holds="side"))
register(Mode("card-pdf", "one PDF per deck, a card side per page in the shop's order",
              "pnp.output.export:write_cards", products=True, formats=(PDF,), holds="deck"))
register(Mode("sheets", "the imposed sheets as pnp build makes them, with an output intent",
              "pnp.output.export:write_sheets", formats=(PDF,), holds="sheets"))
register(Mode("tts", "Tabletop Simulator: face sheets, a back image and saved-object JSON",
              "pnp.output.export:write_tts", formats=("png", "json")))


def check(profile: "Profile") -> list[tuple[tuple[str, ...], str]]:
    """What is wrong with ``profile`` for its mode: [(key path, message)]."""
    mode = MODES.get(profile.output)
    if mode is None:
        return [(("output",), f"unknown output {profile.output!r}; expected one of {', '.join(MODES)}")]
    problems: list[tuple[tuple[str, ...], str]] = []
    if mode.products and not profile.products:
        problems.append(((), f"an {mode.name} profile lists the shop's products (name, trim_mm)"))
    if profile.colour == "cmyk" and set(mode.files(profile)) != {PDF}:
        pdf_only = [m.name for m in MODES.values() if m.formats == (PDF,)]
        chosen = [f"{m.name} with format: pdf" for m in MODES.values() if m.formats is None]
        problems.append((("colour",), f"a PNG holds no CMYK: a CMYK shop gets PDFs (output {' or '.join(pdf_only)}"
                                      f"{', or ' + ' or '.join(chosen) if chosen else ''})"))
    if profile.pdfx is not None and (profile.colour != "cmyk" or set(mode.files(profile)) != {PDF}):
        problems.append((("pdfx",), f"{profile.pdfx} is a CMYK PDF: give colour: cmyk and an output that writes "
                                    "PDFs"))
    return problems


def mode_of(profile: "Profile") -> Mode:
    """The export mode a (checked) profile names."""
    return MODES[profile.output]
