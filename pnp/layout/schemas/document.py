"""The schema of the ``document`` element kind (drawn by :mod:`pnp.layout.document`)."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from pnp.layout import document
from pnp.model.base import Localised
from pnp.model.layout import Colour, Placed, Points

class DocumentEl(Placed, document.DocumentEl):
    """A Markdown text in columns: headings, lists, **bold**, *italic*, :icons:, tables; runs on over pages."""

    type: Literal["document"]
    text: Localised = Field(description="a Markdown file of the game folder (aid.md), or Markdown itself, or a "
                                        "template ('{rules}'); or {de: aid.de.md, en: aid.en.md}")
    columns: Annotated[int, Field(ge=1, le=4)] = Field(1, description="columns side by side")
    gap: Annotated[float, Field(ge=0, le=50, allow_inf_nan=False)] = Field(6.0, description="mm between columns")
    size: Points = Field(9.5, description="type size of the body text in points (headings are larger)")
    line_height: Annotated[float, Field(ge=1, le=3, allow_inf_nan=False)] = Field(
        1.25, description="distance of lines as a multiple of the size")
    colour: Colour = Field("black", description="text colour")
    heading_colour: Colour | None = Field(None, description="colour of the headings; default: the text's")
    align: Literal["left", "justify"] = Field("left", description="paragraphs ragged or justified")
    flow: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=60)] | None = Field(
        None, description="a name: documents of one flow continue one text (a box on the first page, "
                          "another on the next with when: continued)")
