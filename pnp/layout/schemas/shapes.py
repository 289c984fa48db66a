"""The schemas of the ``star``, ``arc`` and ``path`` element kinds (drawn by :mod:`pnp.layout.shapes`)."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from pnp.layout import shapes
from pnp.model.layout import Colour, Dash, Paint, Placed, StrokeWidth

class StarEl(Placed, Paint, shapes.StarEl):
    """A star filling its box, one tip pointing up."""

    type: Literal["star"]
    points: Annotated[int, Field(ge=3, le=100)] = Field(5, description="how many tips")
    inner: Annotated[float, Field(gt=0, lt=1, allow_inf_nan=False)] = Field(
        0.5, description="the inner corners' distance from the centre, as a part of the tips'")


class ArcEl(Placed, shapes.ArcEl):
    """Part of the ellipse inscribed in the box, from ``start`` clockwise to ``end``."""

    type: Literal["arc"]
    start: Annotated[float, Field(ge=-720, le=720, allow_inf_nan=False)] = Field(
        0, description="degrees clockwise from 3 o'clock where the arc starts")
    end: Annotated[float, Field(ge=-720, le=720, allow_inf_nan=False)] = Field(
        360, description="degrees clockwise from 3 o'clock where it ends (start + 360: a whole ellipse)")
    pie: bool = Field(False, description="close the arc through the centre (a wedge that fill can paint)")
    fill: Colour | None = Field(None, description="colour inside a pie; none: not filled")
    stroke: Colour | None = Field("black", description="line colour; none: no line")
    stroke_width: StrokeWidth = Field(0.3, description="line width in mm")
    dash: Dash | None = Field(None, description="dash pattern in mm: [on, off, ...]")
    cap: Literal["butt", "round", "square"] = Field("butt", description="how the line's ends look")

    @model_validator(mode="after")
    def _filled_pie(self) -> ArcEl:
        if self.fill is not None and self.fill != "none" and not self.pie:
            raise ValueError("an arc is a line; fill paints a wedge: add pie: true (or leave fill out)")
        return self
ViewBox = tuple[Annotated[float, Field(allow_inf_nan=False)], Annotated[float, Field(allow_inf_nan=False)],
                Annotated[float, Field(gt=0, allow_inf_nan=False)], Annotated[float, Field(gt=0, allow_inf_nan=False)]]


class PathEl(Placed, Paint, shapes.PathEl):
    """SVG path data drawn into the box: its drawn extent fills the box, or its viewbox does."""

    type: Literal["path"]
    d: str = Field(min_length=2, max_length=20000, description="SVG path data, e.g. 'M0 0 C 5 10, 10 0, 10 10'")
    viewbox: ViewBox | None = Field(None, description="[x, y, w, h] of the path's coordinates that map onto the box; "
                                                      "default: whatever the path draws fills the box")
    cap: Literal["butt", "round", "square"] = Field("butt", description="how open ends look")

    @field_validator("d")
    @classmethod
    def _d(cls, v: str) -> str:
        from pnp.scene.pathdata import parse_d

        parse_d(v)
        return v
