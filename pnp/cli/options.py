"""The options several commands share: their Typer definitions, choices and checks.

Light on purpose: ``pnp --help`` imports this module, so whatever an option needs to check a
value is imported inside its callback."""
from __future__ import annotations

import functools
import inspect
from enum import Enum
from pathlib import Path
from typing import Any, Callable, Optional, get_type_hints

import typer

from pnp.checks.contract import finite
from pnp.load.classes import dataclass


def _data(value: Optional[Path]) -> Path:
    from pnp.load.paths import data_dir

    return data_dir(value)


DataOpt = typer.Option(None, "--data", callback=_data, show_default="./data if there is one, else the shipped games",
                       help="Folder holding one sub-folder per game.",
                       file_okay=False)
JsonOpt = typer.Option(False, "--json", help="Print machine-readable JSON instead of tables.")


class Paper(str, Enum):
    a4 = "a4"
    letter = "letter"


class Orientation(str, Enum):
    auto = "auto"
    portrait = "portrait"
    landscape = "landscape"


class Duplex(str, Enum):
    long = "long"
    short = "short"
    none = "none"


def _lang(value: Optional[str]) -> Optional[str]:
    from pnp.model.plain.base import LANG_CODE

    if value is not None and not LANG_CODE.match(value):
        raise typer.BadParameter(f"{value!r} is not a language code (de, en, fr, pt-BR ...)")
    return value


# Any, as typer.Option itself gives: it stands as the default of a parameter typed str | None
def LangOpt(what: str = "texts printed on components") -> Any:  # noqa: N802 - an option like the others
    return typer.Option(None, "--lang", callback=_lang, show_default="the game's lang: in game.yaml, else en",
                        help=f"Language of {what}: de, en, fr, ... (hyphenation and pnp's own words follow it).")


# the sheet options of `pnp build` and `pnp watch`
PaperOpt = typer.Option(None, help="Paper: a3, a4, a5, a6, letter, legal or WxH in mm (default: the game's sheet: "
                                   "setting, else a4).")
OrientationOpt = typer.Option(None, help="Paper orientation (default: auto, whichever holds more).")
MarginOpt = typer.Option(None, callback=finite, min=0, max=50, help="mm the printer cannot print at the edge "
                                                                    "(default 8).")
GutterOpt = typer.Option(None, callback=finite, min=0, max=20, help="mm between cut items; some cutters need 2-3 "
                                                                    "(default 0).")
BleedOpt = typer.Option(None, callback=finite, min=0, max=10, help="Bleed in mm around cut items (default 3; 0 "
                                                                   "allowed).")
CropOpt = typer.Option(None, "--crop-marks/--no-crop-marks", help="Crop marks in the margin (default on).")
CutOpt = typer.Option(None, "--cut-lines/--no-cut-lines", help="Thin cut lines between items (default off).")
DuplexOpt = typer.Option(None, help="Backs for double-sided printing: flip on the long or short edge, or none "
                                    "(default long).")
DpiOpt = typer.Option(100, min=30, max=1200, help="Resolution of the PNG previews and of png-cards "
                                                  "(print from the PDF).")
BackOffsetOpt = typer.Option("0,0", "--back-offset", help="Shift back pages by X,Y mm to correct a printer's duplex "
                                                          "misregistration (measure it with `pnp calibrate`).")


@dataclass(frozen=True)
class SheetArgs:
    """The sheet options of `pnp build` and `pnp watch`, as given on the command line (None: not given)."""

    paper: Optional[str]
    orientation: Optional[Orientation]
    margin: Optional[float]
    gutter: Optional[float]
    bleed: Optional[float]
    crop_marks: Optional[bool]
    cut_lines: Optional[bool]
    duplex: Optional[Duplex]
    lang: Optional[str]
    dpi: int
    back_offset: str


_SHEET_OPTS: dict[str, Any] = {"paper": PaperOpt, "orientation": OrientationOpt, "margin": MarginOpt,
                               "gutter": GutterOpt, "bleed": BleedOpt, "crop_marks": CropOpt, "cut_lines": CutOpt,
                               "duplex": DuplexOpt, "lang": LangOpt(), "dpi": DpiOpt, "back_offset": BackOffsetOpt}


SheetOpts: Any = object()  # the default of a command's ``sheet`` parameter: with_sheet_options fills it


def with_sheet_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """``command`` takes one parameter ``sheet: SheetArgs``; its command line gets every sheet option in that
    place (one list for every command that lays out sheets), and ``sheet`` holds what they were given."""
    signature = inspect.signature(command, eval_str=True)
    hints = get_type_hints(SheetArgs)
    params: list[inspect.Parameter] = []
    for p in signature.parameters.values():
        if p.name != "sheet":
            params.append(p)
            continue
        assert p.default is SheetOpts, "write the parameter as sheet: SheetArgs = SheetOpts"
        params += [inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=opt,
                                     annotation=hints[name]) for name, opt in _SHEET_OPTS.items()]

    @functools.wraps(command)
    def given(**kwargs: Any) -> Any:
        sheet = SheetArgs(**{name: kwargs.pop(name) for name in _SHEET_OPTS})
        return command(sheet=sheet, **kwargs)

    given.__signature__ = signature.replace(parameters=params)  # type: ignore[attr-defined]  # what typer reads
    return given
