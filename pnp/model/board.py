"""Schema of a square-grid board (kind: board).

Squares are named like chess squares: a file letter (a, b, ...) and a rank
number (1 at the bottom). A board lists piece types (how a piece looks and
how many squares it covers), marked squares (a label and a colour, e.g.
goals) and the objects of the set-up position (a piece on one square, or a
bar on two neighbouring squares). Cross-checks that need line numbers
(squares on the board, known piece types, neighbouring squares) run at
build time: :func:`pnp.layout.builtin.square_board.board_problems`.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Self

from pydantic import Field, field_validator, model_validator

from pnp.model.base import ColourField, Localised, Strict, require_unique
from pnp.model.plain import board as plain_board
from pnp.model.plain.board import FILES, TINT, parse_square  # noqa: F401  (re-exported)

Id = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=60)]
Square = Annotated[str, Field(pattern=r"^[a-z][1-9][0-9]?$", description="a square such as d3")]


class Look(Strict, plain_board.Look):
    colour: ColourField
    ink: ColourField | None = None


class Painted(Strict, plain_board.Painted):
    """A colour and the colour of what is written on it; an ink-saving build (pnp build --ink-saver)
    gives them as ``ink_saver`` says, or else a light tint of the colour with black or white on it."""

    colour: ColourField = "#555555"
    ink: ColourField | None = Field(None, description="label colour; default: black or white, whichever reads")
    ink_saver: "Look | None" = Field(None, description="colour and ink in an ink-saving build; default: a light "
                                                       "tint of the colour")


class PieceType(Painted, plain_board.PieceType):
    id: Id
    name: Localised
    label: str = Field("", max_length=3, description="letter(s) printed on the piece")
    shape: Literal["block", "bar", "figure", "disc"] = "block"
    squares: Literal[1, 2] = Field(1, description="how many squares one piece covers")


class MarkedSquare(Painted, plain_board.MarkedSquare):
    id: Id
    at: Square
    label: str = Field("", max_length=4)
    name: Localised = ""
    colour: ColourField = "#f3d250"


class BoardObject(Strict, plain_board.BoardObject):
    piece: Id
    # as many squares as a file is long, so a piece placed on more squares than its type covers is
    # a finding naming the piece (the type's `squares`), not a schema error about list length
    at: Annotated[list[Square], Field(min_length=1, max_length=26)]
    id: Annotated[str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9-]*$", max_length=30)] | None = Field(
        None, description="a name for messages, e.g. H1")

    @field_validator("at", mode="before")
    @classmethod
    def _one(cls, v: Any) -> Any:
        return [v] if isinstance(v, str) else v


class Seat(Strict, plain_board.Seat):
    """Where a player sits, written beside that side of the set-up diagram."""

    side: Literal["left", "right", "top", "bottom"]
    label: Localised


class BoardColours(Strict, plain_board.BoardColours):
    light: ColourField = "#f4ead5"
    dark: ColourField = "#c8ab83"
    frame: ColourField = "#3a3a3a"
    ink: ColourField = "white"


class Colours(BoardColours, plain_board.Colours):
    ink_saver: BoardColours = Field(
        default_factory=lambda: BoardColours(light="#ffffff", dark="#e6ddcd", frame="#ffffff", ink="#1a1a1a"),
        description="the board's colours in an ink-saving build (pnp build --ink-saver): paper for the frame "
                    "and the light squares")


class SquareBoard(Strict, plain_board.SquareBoard):
    kind: Literal["board"]
    name: Id | None = Field(None, description="asset name stem; default: the file name")
    title: Localised = "Brett"
    files: Annotated[int, Field(ge=2, le=26)] = 8
    ranks: Annotated[int, Field(ge=2, le=26)] = 8
    square_mm: Annotated[float, Field(ge=10, le=120)] = 45.0
    colours: Colours = Field(default_factory=Colours)
    pieces: list[PieceType] = Field(default_factory=list, max_length=40)
    marks: list[MarkedSquare] = Field(default_factory=list, max_length=200)
    objects: list[BoardObject] = Field(default_factory=list, max_length=400)
    seats: list[Seat] = Field(default_factory=list, max_length=4,
                              description="the players' seats, written beside the set-up diagram")
    notes: list[Localised] = Field(default_factory=list, max_length=6,
                                   description="sentences printed under the set-up diagram's legend")

    @model_validator(mode="after")
    def _unique(self) -> Self:
        for what, items in (("piece", self.pieces), ("mark", self.marks)):
            require_unique((x.id for x in items), what, "used")
        return self
