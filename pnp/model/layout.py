"""Schema of a layout (kind: layout): the look of a card, counter or tile as data.

A layout declares the fields it shows (``cost: integer 0..9``), lookup
tables (``colour: {spell: "#345", land: "#5a3"}``) and elements drawn in
order. Every element is placed in a *frame* -- the card's trim (``card``),
its ``bleed``, its ``safe`` zone, the enclosing group, or an earlier element
named by ``id`` -- by putting the element's ``anchor`` point at the frame's
``at`` point, moved by ``x``/``y`` mm. Sizes are mm or a percentage of the
frame (``"50%"``). Strings may hold templates (``"{name}"``,
``"{colour[type]}"``) and ``when:`` holds a condition (see
:mod:`pnp.layout.expr`).
"""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, field_validator

from pnp.model.base import Localised, Strict
from pnp.model.fonts import FontDecls, FontRef

ANCHORS = ("top-left", "top", "top-right", "left", "center", "right", "bottom-left", "bottom", "bottom-right")
Anchor = Literal["top-left", "top", "top-right", "left", "center", "right", "bottom-left", "bottom", "bottom-right"]
LENGTH_PATTERN = r"^\s*-?\d+(\.\d+)?\s*%\s*([+-]\s*\d+(\.\d+)?\s*)?$"
Length = Union[Annotated[float, Field(ge=-2000, le=2000, allow_inf_nan=False)],
               Annotated[str, Field(pattern=LENGTH_PATTERN,
                                    description="mm, or a percentage of the frame with an optional mm offset: "
                                                "'50%', '100% + 6', '100% - 6'")]]
Ident = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=60)]
Weight = Literal["regular", "bold", "italic", "bold-italic"]
Colour = Annotated[str, Field(max_length=200, description="colour (name, #rrggbb, cmyk(...)) or a template")]
Opacity = Annotated[float, Field(ge=0, le=1, allow_inf_nan=False)]
Points = Annotated[float, Field(ge=1, le=200, allow_inf_nan=False, description="type size in points")]


class Placed(Strict):
    """Where an element goes; shared by every element type."""

    id: Ident | None = Field(None, description="name other elements can use as their frame")
    frame: str = Field("card", description="card, bleed, safe, parent or the id of an earlier element")
    at: Anchor = Field("top-left", description="the point of the frame the element is placed at")
    anchor: Anchor | None = Field(None, description="the element's own point put there (default: same as at)")
    x: Length = Field(0, description="mm (or % of the frame width) to the right of that point")
    y: Length = Field(0, description="mm (or % of the frame height) below that point")
    w: Length | None = Field(None, description="width; default: the frame's width")
    h: Length | None = Field(None, description="height; default: the frame's height")
    rotate: Annotated[float, Field(ge=-360, le=360, allow_inf_nan=False)] = Field(
        0, description="degrees clockwise about the anchor point")
    when: str | None = Field(None, description="draw only when this condition on the fields holds")
    opacity: Opacity = Field(1.0, description="0 (invisible) to 1 (opaque), for the element and what it holds")


Dash = list[Annotated[float, Field(gt=0, le=100, allow_inf_nan=False)]]
StrokeWidth = Annotated[float, Field(ge=0, le=50, allow_inf_nan=False)]


class Paint(Strict):
    fill: Colour | None = Field(None, description="colour inside; none: not filled")
    stroke: Colour | None = Field(None, description="colour of the outline; none: no outline")
    stroke_width: StrokeWidth = Field(0.3, description="outline width in mm")
    dash: Dash | None = Field(None, description="dash pattern in mm: [on, off, ...]")


class RectEl(Placed, Paint):
    type: Literal["rect"]
    radius: Annotated[float, Field(ge=0, le=500, allow_inf_nan=False)] = Field(0.0, description="corner radius in mm")


class EllipseEl(Placed, Paint):
    type: Literal["ellipse", "circle"]


class LineEl(Placed):
    type: Literal["line"]
    points: list[tuple[Length, Length]] = Field(min_length=2, max_length=500,
                                                description="[x, y] pairs inside the element's box")
    stroke: Colour = Field("black", description="line colour")
    stroke_width: StrokeWidth = Field(0.3, description="line width in mm")
    dash: Dash | None = Field(None, description="dash pattern in mm: [on, off, ...]")
    cap: Literal["butt", "round", "square"] = Field("butt", description="how the line's ends look")


class PolygonEl(Placed, Paint):
    type: Literal["polygon"]
    points: list[tuple[Length, Length]] = Field(min_length=3, max_length=500,
                                                description="[x, y] corners inside the element's box")


class TextStyle(Strict):
    size: Points = Field(10.0, description="type size in points")
    min_size: Points = Field(6.0, description="smallest size text may shrink to before it is an error")
    font: FontRef | None = Field(None, description="a font declared in fonts: (the layout's or the game's), a font "
                                                   "file in the game folder, or an installed family; default: the "
                                                   "bundled DejaVu Sans")
    weight: Weight = Field("regular", description="face of the font: regular, bold, italic or bold-italic")
    colour: Colour = Field("black", description="text colour")
    align: Literal["left", "center", "right"] = Field("left", description="lines within the box")
    valign: Literal["top", "middle", "bottom"] = Field("top", description="the text block within the box")


class TextEl(Placed, TextStyle):
    """One line of text (a title: never hyphenated), shrunk (down to min_size) to fit its box."""

    type: Literal["text"]
    text: Localised = Field(description="the text, usually a template such as '{name}'; or {de: ..., en: ...}")
    same_size: bool = Field(False, description="true: every card of the deck sets this text at one size, the "
                                               "largest at which every card's text fits")


class TextBoxEl(Placed, TextStyle):
    """Wrapped rich text: **bold**, *italic*, line breaks and :icon: symbols."""

    type: Literal["textbox"]
    text: Localised = Field(description="rich text or a template such as '{text}'; or {de: ..., en: ...}")
    line_height: Annotated[float, Field(ge=0.8, le=3, allow_inf_nan=False)] = Field(
        1.2, description="distance of lines as a multiple of the size")
    hyphenate: bool = Field(True, description="false: words are never broken (the text shrinks instead)")


class SymbolEl(Placed):
    type: Literal["symbol"]
    symbol: str = Field(description="symbol id from the game's symbol libraries, or a template")
    colour: Colour | None = Field(None, description="ink; default: the symbol library's")


class ImageEl(Placed):
    type: Literal["image"]
    src: str = Field(description="picture file (PNG, JPEG or SVG) relative to the game folder, usually '{art}'; "
                                 "it may lie in a folder beside the game (../common/logo.png), not outside the "
                                 "data folder")
    fit: Literal["contain", "cover", "stretch"] = Field(
        "contain", description="whole picture inside the box, box filled (cropped), or stretched")


class IconsEl(Placed):
    """A symbol repeated ``count`` times in a row or column (pips, cost marks)."""

    type: Literal["icons"]
    icon: str = Field(description="symbol id or a template")
    count: Union[Annotated[int, Field(ge=0, le=100)], str] = Field(description="how many; often '{cost}'")
    size: Length | None = Field(None, description="icon size; default: the box height (row) or width (column)")
    gap: Annotated[float, Field(ge=0, le=100, allow_inf_nan=False)] = Field(1.0, description="mm between icons")
    direction: Literal["row", "column"] = Field("row", description="left to right, or top to bottom")
    align: Literal["start", "center", "end"] = Field("center", description="where the run sits in the box")
    colour: Colour | None = Field(None, description="ink; default: the symbol library's")


class GroupEl(Placed):
    """Elements placed inside this group's box (their default frame is the group)."""

    type: Literal["group"]
    elements: list["Element"] = Field(max_length=500, description="elements placed in the group's box")


TableValue = Union[Localised, float, int, bool]


# A layout file. "Element" (one element of any kind) is the union of the kinds registered in
# pnp.layout.elements, which completes GroupEl and Layout: read them through pnp.layout.vocabulary.
class Layout(Strict):
    kind: Literal["layout"]
    name: Ident | None = None
    size: str | None = Field(None, description="the card size the layout is drawn for (poker, 63x88, ...); "
                                               "cards of another size get it scaled to fit")

    @field_validator("size")
    @classmethod
    def _size(cls, v):
        """A name or WxH of sides a piece can have: a layout drawn for 0.0001 mm or a kilometre
        would be scaled by absurd factors to fit its cards."""
        from pnp.model.paper import CARD_SIZES, parse_wxh

        if v is not None and v.strip().lower() not in CARD_SIZES:
            wh = parse_wxh(v)
            if wh is not None and not all(5 <= x <= 2000 for x in wh):
                raise ValueError(f"layout size {v!r}: each side must lie between 5 and 2000 mm")
        return v
    safe: Annotated[float, Field(ge=0, le=100, allow_inf_nan=False)] = Field(
        3.0, description="mm inside the trim that text and important symbols keep clear of")
    fonts: FontDecls = Field(default_factory=dict, description="fonts by name for this layout's elements "
                                                              "(beside those the game declares)")
    fields: dict[Ident, str] = Field(default_factory=dict, max_length=200,
                                     description="field: type, e.g. 'cost: integer 0..9', 'text: text?'")
    tables: dict[Ident, dict[str, TableValue]] = Field(
        default_factory=dict, max_length=100,
        description="lookup tables: {table[field]} gives the entry for the field's value ('default' for the rest)")
    elements: list["Element"] = Field(min_length=1, max_length=2000, description="drawn in order, later on top")
