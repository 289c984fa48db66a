"""Schema of font declarations (``fonts:`` in game.yaml or a layout).

A declaration names a font for the elements that pick it with ``font: NAME``::

    fonts:
      title: fonts/PressStart2P-Regular.ttf        # a file in the game folder
      body:                                         # faces of a family, each a file or an installed font
        regular: DejaVu Serif
        bold: DejaVu Serif Bold
        italic: fonts/Serif-Italic.otf
        fallback: [title, Noto Sans Symbols]        # what draws the characters it lacks

A face is a file path (TrueType ``.ttf``, OpenType ``.otf``, a collection
``.ttc``/``.otc``; relative to the file that declares it, inside the data
folder) or the name of an installed family or face, which fontconfig finds.
"""
from __future__ import annotations

from typing import Annotated, Union

from pydantic import ConfigDict, Field

from pnp.model.base import Strict
from pnp.model.plain import fonts as plain_fonts

FontRef = Annotated[str, Field(min_length=1, max_length=300,
                               description="a declared font's name, a font file (.ttf, .otf, .ttc) in the game "
                                           "folder, or an installed family such as 'DejaVu Serif'")]
FONT_NAME = r"^[A-Za-z0-9][A-Za-z0-9_-]*$"


class FontFamilySpec(Strict, plain_fonts.FontFamilySpec):
    """The faces of one family; a face it lacks is drawn with its nearest (bold italic with
    bold, then italic, then regular), never made up."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True, populate_by_name=True)
    regular: FontRef
    bold: FontRef | None = None
    italic: FontRef | None = None
    bold_italic: FontRef | None = Field(None, alias="bold-italic")
    fallback: list[FontRef] = Field(default_factory=list, max_length=20,
                                    description="fonts that draw the characters this one lacks, in order; "
                                                "the bundled DejaVu Sans comes last")


FontDecl = Union[FontRef, FontFamilySpec]
FontDecls = Annotated[dict[Annotated[str, Field(pattern=FONT_NAME, max_length=60)], FontDecl],
                      Field(max_length=50)]
