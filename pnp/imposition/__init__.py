"""The print layer: puts items (cards, tiles, tokens, boards) onto paper.

Components hand over :class:`Item` objects (a trim size plus a function that
draws the item with a given bleed); imposition decides where they go on the
sheet, adds crop marks, backs for duplex, and tiles what is too big.
"""
from .items import Item, SheetSpec, sheet_from_options

__all__ = ["Item", "SheetSpec", "sheet_from_options"]
