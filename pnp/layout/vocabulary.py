"""Every element kind a layout may use, and the layout schema that accepts them.

Importing this module imports every module that registers element kinds
(:mod:`pnp.layout.elements`); read the complete set here. A module of new
element kinds is added to pnp by one import line below. Those modules draw and
import no schema library; ``Layout`` and ``Sheet``, the schemas taking every
kind, are imported from here when first asked for (validating a file does).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pnp.layout.compile  # noqa: F401  rect, ellipse/circle, line, polygon, text, textbox, symbol, image, icons, group
import pnp.layout.boards  # noqa: F401  grid, track, registration
import pnp.layout.network  # noqa: F401  network
import pnp.layout.shapes  # noqa: F401  star, arc, path
import pnp.layout.tabular  # noqa: F401  table
import pnp.layout.document  # noqa: F401  document
import pnp.layout.rulers  # noqa: F401  ruler
import pnp.layout.charts  # noqa: F401  bars
from pnp.layout.elements import kinds

if TYPE_CHECKING:  # pragma: no cover
    from pnp.model.layout import Layout
    from pnp.model.sheet import Sheet  # a sheet is a layout with page semantics: it takes every element kind
else:
    def __getattr__(name: str) -> Any:
        if name == "Layout":
            from pnp.model.layout import Layout

            return Layout
        if name == "Sheet":
            from pnp.model.sheet import Sheet

            return Sheet
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["Layout", "Sheet", "kinds"]
