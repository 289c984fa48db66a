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

Layouts reuse each other (:mod:`pnp.model.reuse`): ``styles`` are named sets
of element properties an element takes with ``style: title``; ``extends:
base.yaml`` starts from another layout (an element with the same ``id``
replaces the base's, new ones are added, ``remove`` drops ids). A file with
``extends`` is checked on its own as a :class:`LayoutPatch` and becomes a
:class:`Layout` once its base is read.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, Self, Union

from pydantic import (AfterValidator, Field, PrivateAttr, ValidationError, ValidatorFunctionWrapHandler, WrapValidator,
                      field_validator, model_validator)
from pydantic_core import PydanticCustomError

from pnp.load.paths import PICTURE_SUFFIXES
from pnp.model.base import Localised, Strict
from pnp.model.fonts import FontDecls, FontRef
from pnp.model.plain import layout as plain
from pnp.model.plain.layout import ANCHORS, DATA_SUFFIXES, FIXED, MAX_ROWS, ROWS_HELP

if TYPE_CHECKING:  # pragma: no cover
    # one element of any kind: the union of the kinds pnp.layout.elements registers at run time (it sets
    # this module's Element), which this module cannot name without importing upwards
    Element = Any

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


class Placed(Strict, plain.Placed):
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
    style: Ident | list[Ident] | None = Field(
        None, description="a style of the layout (or several: [a, b], later ones win) whose properties the "
                          "element takes; its own keys win, and '+= 2' / '*= 1.5' change the style's number")
    opacity: Opacity = Field(1.0, description="0 (invisible) to 1 (opaque), for the element and what it holds")
    ink_saver: dict[str, Any] | None = Field(
        None, description="what the element changes in an ink-saving build (pnp build --ink-saver): some of its "
                          "own keys with other values, e.g. {fill: white, stroke: '{colour}'}")
    # the element as an ink-saving build draws it, made and checked when the element is (so a layout read
    # back from pnp's cache builds no schema again)
    _saver: Any = PrivateAttr(None)

    @model_validator(mode="after")
    def _ink_saver_variant(self) -> Self:
        if self.ink_saver is not None:
            self._saver = ink_saver_variant(self)
        return self




def ink_saver_variant(el: Placed) -> Placed:
    """The element with its ``ink_saver`` values in place of its own, checked like the element."""
    given = el.ink_saver or {}
    wrong = [k for k in given if k in FIXED or k not in type(el).model_fields]
    if wrong:
        keys = ", ".join(k for k in type(el).model_fields if k not in FIXED)
        raise ValueError(f"ink_saver: {', '.join(map(repr, wrong))} cannot change; a {getattr(el, 'type')} element's "
                         f"ink_saver takes {keys}")
    try:
        return type(el).model_validate({**el.model_dump(exclude_unset=True, exclude={"ink_saver"}), **given})
    except ValidationError as exc:
        err = exc.errors()[0]
        raise ValueError(f"ink_saver.{'.'.join(str(p) for p in err['loc'])}: {err['msg']}") from None


Dash = list[Annotated[float, Field(gt=0, le=100, allow_inf_nan=False)]]
StrokeWidth = Annotated[float, Field(ge=0, le=50, allow_inf_nan=False)]


class Paint(Strict, plain.Paint):
    fill: Colour | None = Field(None, description="colour inside; none: not filled")
    stroke: Colour | None = Field(None, description="colour of the outline; none: no outline")
    stroke_width: StrokeWidth = Field(0.3, description="outline width in mm")
    dash: Dash | None = Field(None, description="dash pattern in mm: [on, off, ...]")


class RectEl(Placed, Paint, plain.RectEl):
    type: Literal["rect"]
    radius: Annotated[float, Field(ge=0, le=500, allow_inf_nan=False)] = Field(0.0, description="corner radius in mm")


class EllipseEl(Placed, Paint, plain.EllipseEl):
    type: Literal["ellipse", "circle"]


class LineEl(Placed, plain.LineEl):
    type: Literal["line"]
    points: list[tuple[Length, Length]] = Field(min_length=2, max_length=500,
                                                description="[x, y] pairs inside the element's box")
    stroke: Colour = Field("black", description="line colour")
    stroke_width: StrokeWidth = Field(0.3, description="line width in mm")
    dash: Dash | None = Field(None, description="dash pattern in mm: [on, off, ...]")
    cap: Literal["butt", "round", "square"] = Field("butt", description="how the line's ends look")


class PolygonEl(Placed, Paint, plain.PolygonEl):
    """Corners given as points, or a regular polygon of ``sides`` filling its box (``hexagon``: six)."""

    type: Literal["polygon", "hexagon"]
    points: list[tuple[Length, Length]] | None = Field(None, min_length=3, max_length=500,
                                                       description="[x, y] corners inside the element's box")
    sides: Annotated[int, Field(ge=3, le=100)] | None = Field(
        None, description="a regular polygon of this many sides instead of points; it fills the box")
    orient: Literal["flat", "pointy"] | None = Field(
        None, description="a regular polygon's top: a side (flat) or a corner (pointy); default: it stands on a side")

    @model_validator(mode="before")
    @classmethod
    def _hexagon(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("type") == "hexagon" and "points" not in data:
            return {**data, "sides": data.get("sides", 6)}
        return data

    @model_validator(mode="after")
    def _one_kind(self) -> Self:
        if self.type == "hexagon" and self.sides != 6:
            raise ValueError("a hexagon has six sides (sides: 6, no points); use type: polygon for other shapes")
        if (self.points is None) == (self.sides is None):
            raise ValueError("a polygon takes either points: [[x, y], ...] or sides: N (a regular polygon)")
        if self.orient is not None and self.sides is None:
            raise ValueError("orient belongs to a regular polygon (sides: N)")
        return self


class TextStyle(Strict, plain.TextStyle):
    size: Points = Field(10.0, description="type size in points")
    min_size: Points = Field(6.0, description="smallest size text may shrink to before it is an error")
    font: FontRef | None = Field(None, description="a font declared in fonts: (the layout's or the game's), a font "
                                                   "file in the game folder, or an installed family; default: the "
                                                   "bundled DejaVu Sans")
    weight: Weight = Field("regular", description="face of the font: regular, bold, italic or bold-italic")
    colour: Colour = Field("black", description="text colour")
    align: Literal["left", "center", "right"] = Field("left", description="lines within the box")
    valign: Literal["top", "middle", "bottom"] = Field("top", description="the text block within the box")


class TextEl(Placed, TextStyle, plain.TextEl):
    """One line of text (a title: never hyphenated, :icon: drawn), shrunk (down to min_size) to fit its box."""

    type: Literal["text"]
    text: Localised = Field(description="the text, usually a template such as '{name}'; or {de: ..., en: ...}")
    same_size: bool = Field(False, description="true: every card of the deck sets this text at one size, the "
                                               "largest at which every card's text fits")


class TextBoxEl(Placed, TextStyle, plain.TextBoxEl):
    """Wrapped rich text: **bold**, *italic*, line breaks and :icon: symbols."""

    type: Literal["textbox"]
    text: Localised = Field(description="rich text or a template such as '{text}'; or {de: ..., en: ...}")
    line_height: Annotated[float, Field(ge=0.8, le=3, allow_inf_nan=False)] = Field(
        1.2, description="distance of lines as a multiple of the size")
    hyphenate: bool = Field(True, description="false: words are never broken (the text shrinks instead)")


class SymbolEl(Placed, plain.SymbolEl):
    type: Literal["symbol"]
    symbol: str = Field(description="symbol id from the game's symbol libraries, or a template")
    colour: Colour | None = Field(None, description="ink; default: the symbol library's")


class ImageEl(Placed, plain.ImageEl):
    type: Literal["image"]
    src: str = Field(description="picture file (PNG, JPEG, SVG, GIF, WebP, BMP, TIFF) relative to the game "
                                 "folder, usually '{art}'; it may lie in a folder beside the game (../common/logo.png), not outside the "
                                 "data folder")
    fit: Literal["contain", "cover", "stretch"] = Field(
        "contain", description="whole picture inside the box, box filled (cropped), or stretched")


class IconsEl(Placed, plain.IconsEl):
    """A symbol repeated ``count`` times in a row or column (pips, cost marks)."""

    type: Literal["icons"]
    icon: str = Field(description="symbol id or a template")
    count: Union[Annotated[int, Field(ge=0, le=100)], str] = Field(description="how many; often '{cost}'")
    size: Length | None = Field(None, description="icon size; default: the box height (row) or width (column)")
    gap: Annotated[float, Field(ge=0, le=100, allow_inf_nan=False)] = Field(1.0, description="mm between icons")
    direction: Literal["row", "column"] = Field("row", description="left to right, or top to bottom")
    align: Literal["start", "center", "end"] = Field("center", description="where the run sits in the box")
    colour: Colour | None = Field(None, description="ink; default: the symbol library's")


class GroupEl(Placed, plain.GroupEl):
    """Elements placed inside this group's box (their default frame is the group)."""

    type: Literal["group"]
    elements: list["Element"] = Field(max_length=500, description="elements placed in the group's box")


TableValue = Union[Localised, float, int, bool]


def _icon_file(v: str) -> str:
    name = v.strip().replace("\\", "/")
    if not name.lower().endswith(PICTURE_SUFFIXES):
        raise ValueError(f"an icon is a picture file ({', '.join(PICTURE_SUFFIXES)}) in the game folder")
    if name.startswith("/") or ":" in name or ".." in name.split("/"):
        raise ValueError("an icon file is named relative to the game folder, without '..'")
    return name


IconFile = Annotated[str, Field(max_length=200), AfterValidator(_icon_file)]


# ------------------------------------------------------------------ data a layout reads



def _data_file(v: str) -> str:
    """A data file named relative to the game folder, staying inside it."""
    name = v.strip().replace("\\", "/")
    if not name.lower().endswith(DATA_SUFFIXES):
        raise ValueError(f"a data file is a spreadsheet or YAML file ({', '.join(DATA_SUFFIXES)})")
    if name.startswith("/") or ":" in name or "\x00" in name or ".." in name.split("/"):
        raise ValueError(f"a data file is named relative to the game folder, without '..'")
    return name


DataFile = Annotated[str, Field(max_length=200, description="a spreadsheet (CSV, TSV, XLSX, ODS) or YAML file "
                                                            "in the game folder"), AfterValidator(_data_file)]


class FromSource(Strict, plain.FromSource):
    """Data computed by the game's rules module: one of its ``SOURCES`` (see docs/sheets.md)."""

    __reference__ = "{source: name}"  # how docs/layouts.md's reference shows it
    source: Ident = Field(description="the name of a source of the game's rules module")


class FromField(Strict, plain.FromField):
    """Rows held by a field of the record a page is drawn for (a source's record may hold a list)."""

    __reference__ = "{field: name}"
    field: Ident = Field(description="a field of the page's record whose value is a list of rows")


_MISMATCH = {"string_type", "int_type", "int_parsing", "int_from_float", "float_type", "float_parsing", "bool_type",
             "list_type", "dict_type", "model_type", "model_attributes_type", "is_instance_of", "one_of_none"}


def one_of(what: str) -> WrapValidator:
    """One message for a value that fits no alternative of a union: the error of the alternative of
    the value's own type (``rows: 1000000`` -> at most 500), else ``expected <what>``, instead of
    one error per alternative."""

    def check(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        try:
            return handler(value)
        except ValidationError as exc:
            by_branch: dict[str, list[dict[str, Any]]] = {}
            for one in exc.errors():
                loc = [p for p in one["loc"] if not str(p).startswith("function-")]
                if len(loc) <= 1 and one["type"] in _MISMATCH:
                    continue  # that alternative takes another type of value
                by_branch.setdefault(str(loc[0]) if loc else "", []).append({**one, "loc": loc[1:]})
            fewest = sorted(by_branch.values(), key=len)
            if fewest and (len(fewest) == 1 or len(fewest[0]) < len(fewest[1])):
                err = fewest[0][0]
                msg = err["msg"].removeprefix("Value error, ")
                where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in err["loc"]).lstrip(".")
                raise PydanticCustomError("one_of", (f"{where}: " if where else "") + "{msg}", {"msg": msg}) from None
            raise PydanticCustomError("one_of_none", "expected {what}", {"what": what}) from None

    return WrapValidator(check)



# Where rows (or values) come from: a file of the game folder, a source of the game's rules
# module, a field of the page's record, or the rows themselves written in the YAML.
Rows = Annotated[Union[DataFile, FromSource, FromField, Annotated[list[dict[str, Any]], Field(max_length=MAX_ROWS)]],
                 one_of(ROWS_HELP)]


# A layout file. "Element" (one element of any kind) is the union of the kinds registered in
# pnp.layout.elements, which completes GroupEl and Layout: read them through pnp.layout.vocabulary.
class LayoutBase(Strict, plain.LayoutBase):
    kind: Literal["layout"] = Field(description="says this file is a layout")
    name: Ident | None = Field(None, description="a name for messages; the file name is what decks use")
    extends: str | None = Field(None, max_length=200,
                                description="another layout this one starts from: a file (base.yaml) or a shipped "
                                            "layout's name; same ids replace, new ones are added")
    remove: list[Ident] = Field(default_factory=list, max_length=500,
                                description="ids of the base layout's elements to leave out")
    size: str | None = Field(None, description="the card size the layout is drawn for (poker, 63x88, ...); "
                                               "cards of another size get it scaled to fit")

    @field_validator("size")
    @classmethod
    def _size(cls, v: str | None) -> str | None:
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
    styles: dict[Ident, dict[str, Any]] = Field(
        default_factory=dict, max_length=200,
        description="named sets of element properties, used as 'style: title'; the element's own keys win")
    icons: dict[Ident, IconFile] = Field(
        default_factory=dict, max_length=200,
        description="pictures used like symbols: ':knight:' in text, icon: knight in icons and symbol elements")


class Layout(LayoutBase, plain.Layout):
    elements: list["Element"] = Field(default_factory=list, max_length=2000,
                                      description="drawn in order, later on top; at least one, unless the layout "
                                                  "extends another")

    @model_validator(mode="before")
    @classmethod
    def _styled(cls, data: Any) -> Any:
        """Styles applied (for layouts built in code; files are styled before validation)."""
        from pnp.model.reuse import apply_styles

        if isinstance(data, dict) and data.get("extends") is None and (
                data.get("styles") or any(isinstance(e, dict) and "style" in e for e in data.get("elements") or ())):
            return apply_styles(data, "")
        return data

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        """A kind that is a layout with more to say (a sheet) takes the elements a layout takes: the
        union registered so far is looked up in its module too (pnp.layout.elements keeps it current)."""
        import sys

        super().__pydantic_init_subclass__(**kwargs)
        element = getattr(sys.modules[__name__], "Element", None)
        if element is not None:
            setattr(sys.modules[cls.__module__], "Element", element)

    @model_validator(mode="after")
    def _drawn(self) -> Self:
        if not self.elements:
            raise ValueError("a layout needs at least one element (or 'extends: base.yaml' to take a base's)")
        return self

    @classmethod
    def from_raw(cls, raw: Any, file: str) -> "Layout | LayoutPatch":
        """A layout file's model: styled and validated, or, when it extends another layout, checked
        as a :class:`LayoutPatch` until :func:`pnp.model.reuse.resolve` reads its base."""
        from pnp.load.loader import validate
        from pnp.model.reuse import apply_styles

        if isinstance(raw, dict) and raw.get("extends") is not None:
            return validate(LayoutPatch, raw, file)
        return validate(cls, apply_styles(raw, file) if isinstance(raw, dict) else raw, file)


class LayoutPatch(LayoutBase, plain.LayoutPatch):
    """A layout file that extends another: its elements are checked once the base is read."""

    extends: str = Field(max_length=200)
    elements: list[dict[str, Any]] = Field(default_factory=list, max_length=2000)


def element_keys() -> dict[str, set[str]]:
    """Every element type with the keys it takes (a style gives each element the keys it knows)."""
    import typing

    element = globals().get("Element")  # the union of the registered kinds (pnp.layout.elements sets it)
    if element is None:
        return {}
    if typing.get_origin(element) is typing.Annotated:
        element = typing.get_args(element)[0]
    models = typing.get_args(element) or (element,)
    out: dict[str, set[str]] = {}
    for model in models:
        for kind in typing.get_args(model.model_fields["type"].annotation):
            out[kind] = set(model.model_fields)
    return out


def _complete_registered_kinds() -> None:
    """The element kinds registered before this module was imported (a build that drew from the cache
    and now validates) are checked and joined to ``Element`` now; later ones are at registration.
    Looked up, not imported: the registry lives in a layer above this one."""
    import sys

    registry = sys.modules.get("pnp.layout.elements")
    if registry is not None:
        registry.complete()


_complete_registered_kinds()
