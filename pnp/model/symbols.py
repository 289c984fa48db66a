"""Schema of a symbol library (kind: symbols).

A symbol is drawn in a 100 x 100 unit box (origin top-left, y down) from a
list of reusable parts. Every part may be moved (``at``: its centre), scaled
and rotated (degrees clockwise), so a new symbol is a few lines of YAML:

    - id: verbot-bewegung
      name: {de: Verbot einer Bewegung, en: Forbid a move}
      parts:
        - {type: nested-squares, sizes: [92, 64]}
        - {type: arrow, direction: up, length: 40, scale: 0.9}
"""
from __future__ import annotations

from typing import Annotated, Literal, Self, Union

from pydantic import Field, field_validator, model_validator

from pnp.model.base import ColourField, Localised, Strict, require_unique
from pnp.model.plain import symbols as plain_symbols
from pnp.model.plain.symbols import DIRECTIONS, parse_path_d  # noqa: F401  (re-exported)

Point = tuple[Annotated[float, Field(ge=-100, le=200)], Annotated[float, Field(ge=-100, le=200)]]
Units = Annotated[float, Field(gt=0, le=300, description="length in symbol units (the box is 100)")]

Direction = Union[Literal["right", "down-right", "down", "down-left", "left", "up-left", "up",
                          "up-right", "forward", "back"], Annotated[float, Field(ge=-360, le=360)]]


class PartBase(Strict, plain_symbols.PartBase):
    at: Point = (50.0, 50.0)
    scale: Annotated[float, Field(gt=0, le=5)] = 1.0
    rotate: Annotated[float, Field(ge=-360, le=360)] = 0.0
    colour: ColourField | None = Field(None, description="ink for this part; default: the library's ink")


class ArrowPart(PartBase, plain_symbols.ArrowPart):
    """A straight arrow centred on ``at``; ``dash`` makes the shaft broken."""

    type: Literal["arrow"]
    direction: Direction = "right"
    length: Units = 70.0
    width: Units = 10.0  # shaft thickness
    head: Units = 24.0  # head length
    dash: bool | tuple[Units, Units] = False


class CurvedArrowPart(PartBase, plain_symbols.CurvedArrowPart):
    """An arc arrow around ``at``; ``turn`` cw/ccw says which way it points."""

    type: Literal["curved-arrow"]
    turn: Literal["cw", "ccw"] = "cw"
    radius: Units = 28.0
    sweep: Annotated[float, Field(gt=0, le=340)] = 260.0
    start: Annotated[float, Field(ge=-360, le=360)] | None = Field(
        None, description="start angle (deg, clockwise from +x); default keeps the gap at the top")
    width: Units = 9.0
    head: Units = 22.0


class UTurnPart(PartBase, plain_symbols.UTurnPart):
    """A U-shaped arrow: up one leg, round the bend, back down the other."""

    type: Literal["u-turn"]
    span: Units = 38.0  # distance between the legs
    length: Units = 64.0  # overall height
    width: Units = 9.0
    head: Units = 22.0
    head_on: Literal["left", "right"] = "right"


class BoltPart(PartBase, plain_symbols.BoltPart):
    """A lightning bolt, optionally with a letter next to it."""

    type: Literal["bolt"]
    orientation: Union[Literal["vertical", "horizontal", "slanted"], Annotated[float, Field(ge=-360, le=360)]] = "vertical"
    length: Units = 70.0
    letter: str | None = Field(None, max_length=3)
    letter_at: Point = (0.0, -34.0)  # offset from the bolt's centre, unrotated
    letter_size: Units = 26.0  # cap height in units
    rounded: Annotated[float, Field(ge=0, le=30)] = Field(
        0.0, description="round the corners: an outline of this width (units) with round joins, in the same ink")


class SquarePart(PartBase, plain_symbols.SquarePart):
    type: Literal["square"]
    size: Units = 80.0
    width: Units = 5.0
    fill: bool = False


class NestedSquaresPart(PartBase, plain_symbols.NestedSquaresPart):
    """Concentric square outlines, largest first."""

    type: Literal["nested-squares"]
    sizes: list[Units] = Field(default_factory=lambda: [92.0, 66.0], min_length=1, max_length=8)
    width: Units = 5.0


class PlusPart(PartBase, plain_symbols.PlusPart):
    type: Literal["plus"]
    size: Units = 30.0
    thickness: Units = 9.0


class SmileyPart(PartBase, plain_symbols.SmileyPart):
    type: Literal["smiley"]
    size: Units = 50.0  # diameter
    width: Units = 5.0


class TextPart(PartBase, plain_symbols.TextPart):
    type: Literal["text"]
    text: str = Field(min_length=1, max_length=12)
    size: Units = 30.0  # cap height in units
    bold: bool = True


class PathPart(PartBase, plain_symbols.PathPart):
    """A raw path in SVG syntax with absolute M/L/C/Q/Z commands, in box units."""

    type: Literal["path"]
    d: str = Field(min_length=3, max_length=4000)
    width: Units = 5.0
    fill: bool = False

    @field_validator("d")
    @classmethod
    def _parse(cls, v: str) -> str:
        parse_path_d(v)
        return v


Part = Annotated[Union[ArrowPart, CurvedArrowPart, UTurnPart, BoltPart, SquarePart, NestedSquaresPart,
                       PlusPart, SmileyPart, TextPart, PathPart], Field(discriminator="type")]


class Symbol(Strict, plain_symbols.Symbol):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: Localised
    parts: list[Part] = Field(min_length=1, max_length=40)
    on_sheet: bool = Field(True, description="false: a mark no card face carries (e.g. a back's emblem), "
                                             "left off the symbol sheet")


class SymbolLibrary(Strict, plain_symbols.SymbolLibrary):
    kind: Literal["symbols"]
    title: Localised = "Symbole"
    ink: ColourField = "black"
    symbols: list[Symbol] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> Self:
        require_unique((s.id for s in self.symbols), "symbol")
        return self
