"""Layouts and their element kinds as the build reads them (the schema: :mod:`pnp.model.layout`).

The fields are declared by the schema classes only; a twin here holds what the
build reads besides them: the constants below, and, on an element, ``_saver``
(the element as an ink-saving build draws it, made when the element was validated).
"""
from __future__ import annotations

from pnp.model.plain import Plain

ANCHORS = ("top-left", "top", "top-right", "left", "center", "right", "bottom-left", "bottom", "bottom-right")
FIXED = ("type", "id", "ink_saver", "elements")  # what an ink_saver variant keeps as it is
DATA_SUFFIXES = (".csv", ".tsv", ".xlsx", ".ods", ".yaml", ".yml")
ROWS_HELP = "a file of the game folder (.csv, .tsv, .xlsx, .ods, .yaml), {source: name}, {field: name} or a list"
MAX_ROWS = 20_000  # rows one file, list or source gives an element


class Placed(Plain):
    """Where an element goes; shared by every element type."""


class Paint(Plain):
    """Fill, outline and dashes of a shape."""


class RectEl(Placed, Paint):
    """A rectangle."""


class EllipseEl(Placed, Paint):
    """An ellipse or circle filling its box."""


class LineEl(Placed):
    """A line through points."""


class PolygonEl(Placed, Paint):
    """A polygon: corners given as points, or a regular one."""


class TextStyle(Plain):
    """How a text is set."""


class TextEl(Placed, TextStyle):
    """One line of text."""


class TextBoxEl(Placed, TextStyle):
    """Wrapped rich text."""


class SymbolEl(Placed):
    """A symbol of the game's libraries."""


class ImageEl(Placed):
    """A picture file."""


class IconsEl(Placed):
    """A symbol repeated in a row or column."""


class GroupEl(Placed):
    """Elements placed inside this group's box."""


class FromSource(Plain):
    """Data computed by the game's rules module."""


class FromField(Plain):
    """Rows held by a field of the record a page is drawn for."""


class LayoutBase(Plain):
    """A layout file's settings."""


class Layout(LayoutBase):
    """A layout: fields, lookup tables and elements."""


class LayoutPatch(LayoutBase):
    """A layout file that extends another, until its base is read."""
