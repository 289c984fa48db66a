"""A triangular board (kind: triboard) as the build reads it: the plain twins of :mod:`pnp.model.trigrid`."""
from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.model.plain import Plain

if TYPE_CHECKING:  # pragma: no cover
    from pnp.model.trilattice import TriGrid


class TriCorner(Plain):
    """One of the three corners of the board, named by its tip."""


class TriBoard(Plain):
    """A triangular board of small triangles, its corners and half-spaces."""

    def grid(self, edge: float | None = None) -> "TriGrid":
        """The board's cells at ``edge`` mm (default: its own)."""
        from pnp.model.trilattice import TriGrid

        return TriGrid(self.size, edge or self.edge, self.naming)
