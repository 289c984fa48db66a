"""A score sheet (kind: score-sheet) as the build and the tally read it: the plain twins of
:mod:`pnp.model.score_sheet`, with the sums the sheet prints worked out."""
from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.model.plain import Plain

if TYPE_CHECKING:  # pragma: no cover
    from pnp.model.score_sheet import Block as BlockModel
    from pnp.model.score_sheet import Row as RowModel


class Bonus(Plain):
    """Points when another row reaches a threshold."""


class Row(Plain):
    """A row: filled in by hand, or computed (a sum or a bonus)."""

    @property
    def computed(self) -> bool:
        return self.sum is not None or self.bonus is not None


class Block(Plain):
    """Rows under one heading."""

    @property
    def entries(self) -> "list[RowModel]":
        return [r for r in self.rows if not r.computed]


class Columns(Plain):
    """How many player or game columns, and their heading words."""


class Pads(Plain):
    """The pads a build makes: sheets per page and pages per file."""


class ScoreSheet(Plain):
    """A score sheet: blocks of rows, totals and a legend."""

    def rows(self) -> "list[tuple[BlockModel | None, RowModel]]":
        """Every row in print order with its block (None for totals)."""
        return [(b, r) for b in self.blocks for r in b.rows] + [(None, r) for r in self.totals]

    @property
    def entries(self) -> "list[RowModel]":
        return [r for b in self.blocks for r in b.entries]

    def evaluate(self, values: dict[str, int]) -> dict[str, int]:
        """All row values: the hand-filled ``values`` plus every computed row.

        Missing hand-filled rows count as 0; unknown ids are an error.
        """
        entry_ids = {r.id for r in self.entries}
        unknown = sorted(set(values) - entry_ids)
        if unknown:
            raise KeyError(f"not a hand-filled row: {', '.join(unknown)}")
        out: dict[str, int] = {}
        for block, row in self.rows():
            if row.sum == "block":
                assert block is not None  # the schema keeps 'sum: block' inside blocks
                out[row.id] = sum(out[r.id] for r in block.entries)
            elif isinstance(row.sum, list):
                out[row.id] = sum(out[r] for r in row.sum)
            elif row.bonus is not None:
                out[row.id] = row.bonus.points if out[row.bonus.of] >= row.bonus.at_least else 0
            else:
                out[row.id] = int(values.get(row.id, 0))
        return out
