"""The print layer: puts items (cards, tiles, tokens, boards) onto paper.

Components hand over :class:`Item` objects (a trim size plus a function that
draws the item with a given bleed); imposition decides where they go on the
sheet, adds crop marks, backs for duplex, and tiles what is too big.

Modules: ``paper`` (paper and card sizes), ``grid`` (same-size cards, duplex
backs, calibration sheet), ``tiling`` (boards over several pages),
``packing`` (mixed sizes), ``single`` (one item per page), ``layout`` (plain
document pages), with ``marks`` and ``duplex`` as shared helpers.
"""
from pnp.impose.items import Item, SheetSpec, sheet_from_options

__all__ = ["Item", "SheetSpec", "sheet_from_options"]
