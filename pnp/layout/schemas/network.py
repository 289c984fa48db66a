"""The schema of the ``network`` element kind (drawn by :mod:`pnp.layout.network`)."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from pnp.layout import network
from pnp.layout.itemstyle import PATTERN_HELP, SHAPES
from pnp.layout.schemas import PartTemplate
from pnp.model.layout import ROWS_HELP, Placed, Rows

Template = PartTemplate
Pt = Annotated[float, Field(ge=5, le=72, allow_inf_nan=False)]
Weight = Literal["regular", "bold"]
Coord = Annotated[float, Field(ge=-1e6, le=1e6, allow_inf_nan=False)]


class NetworkEl(Placed, network.NetworkEl):
    """A point-to-point map: nodes at their x, y joined by edges, each styled by its type from data."""

    type: Literal["network"]
    frame: str = Field("safe", description="the frame the map fills: safe (the default, so labels keep clear of "
                                           "the cut), card, bleed, parent or an earlier element's id")
    nodes: Rows = Field(description="the nodes, columns id, name, x, y (and any others, such as type): "
                                     + ROWS_HELP)
    edges: Rows | None = Field(None, description="the edges, columns from and to (node ids) and any others, "
                                                       "such as type")
    size: Annotated[float, Field(gt=0, le=200, allow_inf_nan=False)] = Field(
        8.0, description="mm: a node's width (an ellipse is 1.5 times as wide as high, a hex is this across "
                         "its flats)")
    node_size: Template | None = Field(None, description="mm per node, e.g. '{size[type]}' (default: size)")
    extent: Annotated[list[Coord], Field(min_length=2, max_length=4)] | None = Field(
        None, description="[x0, y0, x1, y1] (or [w, h]) of the node coordinates that fills the box; default: "
                          "the nodes' bounds")
    pad: Annotated[float, Field(ge=0, le=200, allow_inf_nan=False)] | None = Field(
        None, description="mm kept free inside the box's edge (default: half the largest node plus 1 mm)")
    shape: Template = Field("circle", description=f"node shape: {', '.join(SHAPES)}, or a template such as "
                                                  "'{shape[type]}'")
    fill: Template | None = Field("white", description="node colour, e.g. '{colour[type]}'")
    hatch: Template | None = Field(None, description=PATTERN_HELP)
    hatch_colour: Template | None = Field(None, description="colour of the hatch lines")
    stroke: Template | None = Field("black", description="node outline colour")
    stroke_width: Template | None = Field(None, description="node outline width in mm, e.g. '{rim[type]}' "
                                                            "(default 0.3)")
    text: Template | None = Field(None, description="text inside the node, e.g. '{id}'")
    text_size: Pt = Field(6.5, description="size of the text inside, in points")
    text_weight: Weight = Field("bold", description="face of the text inside")
    text_colour: Template | None = Field(None, description="colour of the text inside (default: dark or white, "
                                                           "whichever reads on the fill)")
    label: Template | None = Field("{name}", description="text beside the node, placed clear of the others")
    label_size: Pt = Field(6.5, description="label size in points")
    label_min: Pt = Field(6.0, description="smallest size a label may shrink to to find a free place")
    label_colour: Template | None = Field(None, description="label colour (default: near black)")
    label_ground: Template | None = Field("white", description="colour of a patch under a label an edge runs "
                                                               "through, so it reads on clear ground; none: no patch")
    icon: Template | None = Field(None, description="a symbol drawn on the node's top edge (a supply centre's dot)")
    icon_size: Annotated[float, Field(gt=0, le=100, allow_inf_nan=False)] | None = Field(
        None, description="mm (default: 40 % of the node)")
    icon_colour: Template | None = Field(None, description="icon ink (default: the symbol's)")
    edge_stroke: Template | None = Field("black", description="edge colour, e.g. '{road[type]}'")
    edge_width: Template | None = Field(None, description="edge width in mm, e.g. '{width[type]}' (default 0.4)")
    edge_dash: Template | None = Field(None, description="edge dashes in mm, e.g. '2 1', or a template; "
                                                         "empty: solid")

    @model_validator(mode="after")
    def _sizes(self) -> NetworkEl:
        if self.label_min > self.label_size:
            raise ValueError("'label_min' is larger than 'label_size'")
        if self.extent is not None and len(self.extent) == 3:
            raise ValueError("'extent': give [w, h] or [x0, y0, x1, y1]")
        if self.extent is not None:
            x0, y0, x1, y1 = self.extent if len(self.extent) == 4 else (0, 0, *self.extent)
            if x1 <= x0 or y1 <= y0:
                raise ValueError("'extent': x1 must be larger than x0 and y1 larger than y0")
        return self
