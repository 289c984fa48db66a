"""Sheets as the build reads them (the schema: :mod:`pnp.model.sheet`)."""
from __future__ import annotations

from pnp.model.paper import PAGE_SAFE
from pnp.model.plain.layout import Layout

CUT_SAFE = 3.0  # mm inside the cut of a piece or a board, as on cards
MAX_SIDE = 5000.0  # mm: a board of five metres is the largest sheet


class Sheet(Layout):
    """A page, a board or a piece drawn from a layout."""


__all__ = ["CUT_SAFE", "MAX_SIDE", "PAGE_SAFE", "Sheet"]
