"""The options several commands share: their Typer definitions, choices and checks.

Light on purpose: ``pnp --help`` imports this module, so whatever an option needs to check a
value is imported inside its callback."""
from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Any, Optional

import typer

from pnp.checks.contract import finite


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
    from pnp.model.base import LANG_CODE

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
