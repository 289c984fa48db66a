"""The schema of the ``bars`` element kind (drawn by :mod:`pnp.layout.charts`)."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from pnp.layout import charts
from pnp.layout.itemstyle import PATTERN_HELP
from pnp.layout.schemas import PartTemplate
from pnp.model.base import Localised
from pnp.model.layout import ROWS_HELP, Colour, Placed, Rows

Pt = Annotated[float, Field(ge=5, le=72, allow_inf_nan=False)]
Fraction = Annotated[float, Field(ge=0, le=0.9, allow_inf_nan=False)]


class BarsEl(Placed, charts.BarsEl):
    """A bar chart: one bar per row of data, on a y axis with round steps, a label under each bar."""

    type: Literal["bars"]
    bars: Rows = Field(description=f"one bar per row: {ROWS_HELP}")
    value: PartTemplate = Field("{value}", description="the bar's height in the y axis' units, e.g. '{count}'")
    label: PartTemplate | None = Field(None, description="text under the bar, e.g. '{score}'; printed under every "
                                                         "n-th bar when they would touch")
    fill: PartTemplate | None = Field("#808080", description="bar colour, e.g. '{colour[best]}'")
    hatch: PartTemplate | None = Field(None, description=PATTERN_HELP.replace("the fill", "the bar"))
    note: PartTemplate | None = Field(None, description="a text above the chart with a pointer to its bar "
                                                        "(empty for most bars), e.g. '{note}'")
    gap: Fraction = Field(0.2, description="the part of each bar's slot left empty between bars")
    size: Pt = Field(6.5, description="type size of the axis numbers and labels in points")
    colour: Colour = Field("#202020", description="colour of the axes, numbers and titles")
    grid: Colour | None = Field("#c0c0c0", description="colour of the lines across at each step; none: no lines")
    x_title: Localised | None = Field(None, description="what the labels under the bars count, under them")
    y_title: Localised | None = Field(None, description="what the heights count, over the y axis")
