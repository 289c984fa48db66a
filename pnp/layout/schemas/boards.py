"""The schemas of the board kinds ``grid``, ``track`` and ``registration`` (drawn by :mod:`pnp.layout.boards`)."""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from pnp.layout import boards
from pnp.layout.boards import _grid_of, coord_margin
from pnp.layout.itemstyle import PATTERN_HELP
from pnp.layout.schemas import PartTemplate
from pnp.model.grids import Grid
from pnp.model.layout import ROWS_HELP, Placed, Rows

Mm = Annotated[float, Field(gt=0, le=2000, allow_inf_nan=False)]
Pt = Annotated[float, Field(ge=5, le=72, allow_inf_nan=False)]
Width = Annotated[float, Field(ge=0, le=20, allow_inf_nan=False)]
Template = PartTemplate
Weight = Literal["regular", "bold"]


class GridEl(Placed, boards.GridEl):
    """A board's grid of square, hex or triangle cells; each cell's fill, hatching, label and icon from data."""

    type: Literal["grid"]
    shape: Literal["square", "hex", "triangle"] = Field(
        "square", description="square cells, hexes, or triangles making one big triangle (apex up)")
    orientation: Literal["flat", "pointy"] = Field(
        "flat", description="hex: flat (a flat side on top, hexes in columns) or pointy (a corner on top, in rows)")
    offset: Literal["odd", "even"] = Field(
        "odd", description="hex: odd shifts columns B, D, ... half a hex down (flat) or rows 2, 4, ... half a hex "
                           "right (pointy); even shifts the others")
    naming: Literal["row-index", "takzh"] = Field(
        "row-index", description="triangle cell names: row letter + place in the row (A1 at the apex), or takzh: "
                                 "row letter + the two diagonal numbers (A19 at the apex of 9 rows)")
    cols: Annotated[int, Field(ge=1, le=200)] | None = Field(None, description="columns (square and hex)")
    rows: Annotated[int, Field(ge=1, le=200)] = Field(description="rows; a triangle's cells per side")
    size: Mm | None = Field(None, description="mm: a square's side, a hex across its flats, a triangle's edge; "
                                              "without it the cells fill the box (w, h)")
    cells: Rows | None = Field(None, description="each cell's record, found by its column 'at' (C4) or "
                                                       "'col' and 'row': " + ROWS_HELP)
    fill: Template | None = Field(None, description="cell colour, a template such as '{terrain[terrain]}'")
    hatch: Template | None = Field(None, description=PATTERN_HELP)
    hatch_colour: Template | None = Field(None, description="colour of the hatch lines (default: one that "
                                                            "stands out from the fill)")
    hatch_spacing: Annotated[float, Field(ge=0.5, le=20, allow_inf_nan=False)] = Field(
        2.0, description="mm between hatch lines")
    stroke: Template | None = Field("black", description="colour of the cell lines; none: no lines")
    stroke_width: Width = Field(0.3, description="cell line width in mm")
    label: Template | None = Field(None, description="text in each cell, e.g. '{at}' or '{name}'")
    label_at: Literal["top", "center", "bottom"] = Field(
        "top", description="where in the cell the label sits (on a triangle: top and bottom are by its flat side)")
    label_size: Pt = Field(6.5, description="label size in points")
    label_min: Pt = Field(6.0, description="smallest size a long label may shrink to")
    label_weight: Weight = Field("regular", description="label face")
    label_colour: Template | None = Field(None, description="label colour (default: dark or white, "
                                                            "whichever reads on the fill)")
    icon: Template | None = Field(None, description="a symbol id drawn in the cell, e.g. '{icon}'")
    icon_size: Annotated[float, Field(gt=0, le=500, allow_inf_nan=False)] | None = Field(
        None, description="mm; default: as big as fits beside the label")
    icon_colour: Template | None = Field(None, description="icon ink (default: the symbol's)")
    coords: Literal["none", "outside"] = Field(
        "none", description="outside: column letters above and below, row numbers (a triangle's row letters) "
                            "left and right of the cells")
    coord_size: Pt = Field(7.0, description="size of the edge coordinates in points")

    @model_validator(mode="before")
    @classmethod
    def _size_is_the_box(cls, data: Any) -> Any:
        """With ``size``, the box is the cells (plus the edge coordinates): w and h follow from it."""
        if not isinstance(data, dict) or data.get("size") is None:
            return data
        try:
            grid = _grid_of(data, float(data["size"]))
            m = coord_margin(float(data.get("coord_size", 7.0))) if data.get("coords") == "outside" else 0.0
        except (TypeError, ValueError, KeyError):
            return data  # the fields' own validation says what is wrong
        w, h = grid.width + 2 * m, grid.height + 2 * m
        for key, value in (("w", w), ("h", h)):
            given = data.get(key)
            if given is None:
                continue
            if not isinstance(given, (int, float)) or abs(float(given) - value) > 0.01:
                raise ValueError(f"'{key}': a grid of {data.get('cols') or data.get('rows')} × {data.get('rows')} "
                                 f"cells of {data['size']} mm is {w:.2f} × {h:.2f} mm; leave w and h out, or "
                                 f"leave size out to fit the cells into w × h")
        return {**data, "w": w, "h": h}

    @model_validator(mode="after")
    def _columns(self) -> GridEl:
        if self.shape == "triangle" and self.cols is not None:
            raise ValueError("'cols': a triangle grid has rows only (its cells per side)")
        if self.shape != "triangle" and self.cols is None:
            raise ValueError(f"'cols': a {self.shape} grid needs cols (and rows)")
        if self.label_min > self.label_size:
            raise ValueError("'label_min' is larger than 'label_size'")
        Grid(self.shape, self.cols or self.rows, self.rows, 1.0, self.orientation, self.offset, self.naming)
        return self
Corner = Literal["top-left", "top-right", "bottom-right", "bottom-left"]


class TrackEl(Placed, boards.TrackEl):
    """Numbered spaces around the edge of its box, evenly spread, corners included: a score track."""

    type: Literal["track"]
    first: Annotated[int, Field(ge=-10_000, le=10_000)] = Field(0, alias="from", description="the first space's number")
    to: Annotated[int, Field(ge=-10_000, le=10_000)] = Field(description="the last space's number")
    size: Mm = Field(description="mm: a space's side (a circle's diameter)")
    start: Corner = Field("top-left", description="the corner the first space sits in")
    direction: Literal["clockwise", "counterclockwise"] = Field("clockwise", description="the way the numbers run")
    shape: Literal["square", "circle"] = Field("square", description="the spaces' shape")
    fill: Template | None = Field("white", description="space colour; a template may read n (the number)")
    stroke: Template | None = Field("black", description="outline colour")
    stroke_width: Width = Field(0.3, description="outline width in mm")
    label: Template | None = Field("{n}", description="text in each space")
    label_size: Pt | None = Field(None, description="points; default: as large as the widest number fits "
                                                    "(at most 14, at least 6)")
    bold_every: Annotated[int, Field(ge=0, le=1000)] = Field(5, description="every n-th number bold (0: none)")
    mark_every: Annotated[int, Field(ge=0, le=1000)] = Field(
        10, description="every n-th space filled with mark_fill and outlined twice as thick (0: none)")
    mark_fill: Template | None = Field("#d9d9d9", description="colour of the marked spaces")

    @model_validator(mode="after")
    def _count(self) -> TrackEl:
        if self.to < self.first:
            raise ValueError("'to' is smaller than 'from'")
        if self.to - self.first + 1 < 4:
            raise ValueError("a track has at least 4 spaces, one in each corner")
        if self.to - self.first + 1 > 2000:
            raise ValueError("a track has at most 2000 spaces")
        return self


class RegistrationEl(Placed, boards.RegistrationEl):
    """Registration marks: the same marks on a board and on each overlay, so a transparency lines up."""

    type: Literal["registration"]
    marks: Literal["corners", "triangle", "points"] = Field(
        "corners", description="corners: the box's four corners; triangle: its top middle and bottom corners (the "
                               "tips of a triangle grid in the same box); points: the list in points")
    points: Annotated[list[tuple[float | str, float | str]], Field(min_length=1, max_length=50)] | None = Field(
        None, description="[x, y] of each mark inside the box (mm or %), for marks: points")
    mark: Literal["target", "cross", "ticks"] = Field(
        "target", description="what each mark is -- target: a ring and a cross; cross: a cross; ticks: the box's (or triangle's) "
                              "sides drawn on through each corner")
    size: Annotated[float, Field(gt=0, le=50, allow_inf_nan=False)] = Field(6.0, description="mm across a mark")
    offset: Annotated[float, Field(ge=0, le=100, allow_inf_nan=False)] = Field(
        0.0, description="mm each mark is moved out from the box's centre (off the board's cells)")
    colour: Annotated[str, Field(max_length=200)] = Field("black", description="colour of the marks")
    stroke_width: Width = Field(0.25, description="line width in mm")

    @model_validator(mode="after")
    def _points(self) -> RegistrationEl:
        if (self.marks == "points") != (self.points is not None):
            raise ValueError("'points' goes with marks: points (and only with it)")
        return self
