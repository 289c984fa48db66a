"""A square-grid board (kind: board) as the build reads it: the plain twins of
:mod:`pnp.model.board`, and how its squares are named."""
from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from pnp.model.plain import Plain, fields_of

if TYPE_CHECKING:  # pragma: no cover
    from pnp.model.board import MarkedSquare as MarkedSquareModel
    from pnp.model.board import PieceType as PieceTypeModel
    from pnp.scene.style import Color

FILES = "abcdefghijklmnopqrstuvwxyz"
TINT = 0.8  # an ink-saving build's piece and mark colours: this much of the way to white
P = TypeVar("P", bound="Painted")
B = TypeVar("B", bound="SquareBoard")


def parse_square(sq: str) -> tuple[int, int]:
    """'d3' -> (3, 2): zero-based file and rank."""
    return FILES.index(sq[0]), int(sq[1:]) - 1


class Look(Plain):
    """A colour and the colour of what is written on it."""


class Painted(Plain):
    """A colour and the colour of what is written on it; an ink-saving build (pnp build --ink-saver)
    gives them as ``ink_saver`` says, or else a light tint of the colour with black or white on it."""

    def _ground(self) -> "Color":
        """Its colour; with none (``colour: none``) it lies on the paper, white."""
        from pnp.scene.style import WHITE, color

        return color(self.colour) or WHITE

    def saving_ink(self: P) -> P:
        """This piece or mark as an ink-saving build draws it."""
        from pnp.scene.style import WHITE, mix

        look = self.ink_saver
        colour, ink = (look.colour, look.ink) if look is not None else (mix(self._ground(), WHITE, TINT).hex, None)
        return self.model_copy(update={"colour": colour, "ink": ink, "ink_saver": None})

    def label_ink(self) -> str:
        """The colour its label prints in: ``ink``, or black or white, whichever reads on ``colour``."""
        from pnp.scene.style import contrast

        return self.ink or contrast(self._ground()).hex

    def tint(self, share: float) -> str:
        """Its colour ``share`` of the way to white (a pale ground in the piece's colour)."""
        from pnp.scene.style import WHITE, mix

        return mix(self._ground(), WHITE, share).hex


class PieceType(Painted):
    """A kind of piece: its name, label, shape and the squares one covers."""


class MarkedSquare(Painted):
    """A marked square (a goal, a start): its place, label and colour."""


class BoardObject(Plain):
    """A piece of the set-up position on one or more squares."""


class Seat(Plain):
    """Where a player sits, written beside that side of the set-up diagram."""


class BoardColours(Plain):
    """The board's light and dark squares, frame and ink."""


class Colours(BoardColours):
    """The board's colours, and those of an ink-saving build."""


class SquareBoard(Plain):
    """A square-grid board with its pieces, marks and set-up position."""

    def saving_ink(self: B) -> B:
        """The board as an ink-saving build draws it: its ``ink_saver`` colours, pieces and marks in light tints."""
        colours = self.colours.model_copy(update=fields_of(self.colours.ink_saver))
        return self.model_copy(update={"colours": colours, "pieces": [p.saving_ink() for p in self.pieces],
                                       "marks": [m.saving_ink() for m in self.marks]})

    def piece(self, pid: str) -> "PieceTypeModel | None":
        return next((p for p in self.pieces if p.id == pid), None)

    def mark(self, mid: str) -> "MarkedSquareModel | None":
        return next((m for m in self.marks if m.id == mid), None)

    def on_board(self, sq: str) -> bool:
        f, r = parse_square(sq)
        return f < self.files and 0 <= r < self.ranks
