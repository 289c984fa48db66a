"""A counter sheet (kind: counters) as the build reads it: the plain twins of :mod:`pnp.model.counters`."""
from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.model.plain import Plain

if TYPE_CHECKING:  # pragma: no cover
    from pnp.model.counters import ColourSet as ColourSetModel
    from pnp.model.symbols import Symbol as SymbolModel


class ColourSet(Plain):
    """One of a counter sheet's groups: a name and the colours its counters are printed in."""


class Face(Plain):
    """What one side of a counter shows."""


class CounterType(Face):
    """A kind of counter: its faces, count and groups."""


class CounterSheet(Plain):
    """Counters in colour groups, with their icons."""

    def group(self, gid: str) -> "ColourSetModel":
        return next(g for g in self.groups if g.id == gid)

    def icon(self, iid: str) -> "SymbolModel":
        return next(i for i in self.icons if i.id == iid)
