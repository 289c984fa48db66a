"""The schema of the ``ruler`` element kind (drawn by :mod:`pnp.layout.rulers`)."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from pnp.layout import rulers
from pnp.model.layout import Colour, Placed, Points

class RulerEl(Placed, rulers.RulerEl):
    """A scale in millimetres as long as its box: ticks every mm, numbers every 10 mm."""

    type: Literal["ruler"]
    size: Points = Field(7.0, description="type size of the numbers in points")
    colour: Colour = Field("black", description="colour of the ticks and numbers")
    unit: str = Field("mm", max_length=10, description="written after the last number")
