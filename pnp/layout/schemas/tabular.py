"""The schemas of the ``table`` element kind and its columns (drawn by :mod:`pnp.layout.tabular`)."""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, field_validator

from pnp.layout import tabular
from pnp.layout.tabular import DEFAULT_ROW
from pnp.model.base import Localised, Strict
from pnp.model.layout import ROWS_HELP, Colour, Length, Placed, Points, Rows, StrokeWidth, one_of

Align = Literal["left", "center", "right"]


class TableColumn(Strict, tabular.TableColumn):
    """One column: its header, how wide, what its cells show."""

    label: Localised = Field("", description="the header; or {de: ..., en: ...}")
    width: Length | None = Field(None, description="mm or % of the table's width; default: a share of the rest")
    field: str | None = Field(None, max_length=60, description="the row's field it shows (default: the one its "
                                                                "label names)")
    value: Localised | None = Field(None, description="what a cell shows: rich text with the row's fields, "
                                                      "'{name} ({cost})'")
    align: Align | None = Field(None, description="default: the first column left, the others centred")
    sum: bool = Field(False, description="added up in the sums row")


class TableEl(Placed, tabular.TableEl):
    """Rows and columns of boxes: a header, values from data or boxes to fill in, a sums row."""

    type: Literal["table"]
    columns: list[Union[Localised, TableColumn]] = Field(
        min_length=1, max_length=40, description="header labels, or {label, width, field, value, align, sum} each")
    rows: Annotated[Union[Annotated[int, Field(ge=0, le=500)], Rows],
                    one_of(f"a number of rows to fill in (0 to 500) or rows of data: {ROWS_HELP}")] = Field(
        0, description="how many rows to fill in by hand, or the rows: a file, {source: name}, {field: name}, a list")
    widths: list[Length] | None = Field(None, max_length=40, description="column widths in mm or %, in order")
    row_height: Annotated[float, Field(ge=3, le=100, allow_inf_nan=False)] | None = Field(
        None, description=f"mm; default: the box's height shared out when h is given, else {DEFAULT_ROW:g}")
    header: bool = Field(True, description="a first row with the column labels")
    numbers: bool = Field(False, description="the first column counts the rows: 1, 2, 3 ... (rounds, turns)")
    sums: Localised | None = Field(None, description="label of a last row adding up the columns with sum: true")
    size: Points = Field(9.0, description="type size in points")
    min_size: Points = Field(6.0, description="smallest size a cell's text may shrink to")
    colour: Colour = Field("black", description="text colour")
    stroke: Colour = Field("black", description="colour of the lines")
    stroke_width: StrokeWidth = Field(0.3, description="line width in mm (the frame and the header's line: 2×)")
    header_fill: Colour | None = Field("#d9d9d9", description="background of the header and sums rows")
    stripe: Colour | None = Field(None, description="background of every second row")
    row_fill: Colour | None = Field(None, description="background of each row of data, a template of the row's "
                                                      "fields such as '{colour[team]}' (over the stripe; empty or "
                                                      "none: no fill)")
    flow: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=60)] | None = Field(
        None, description="a name: tables of one flow continue one list of rows over the sheet's pages")

    @field_validator("columns")
    @classmethod
    def _labels(cls, v: list[Localised | TableColumn]) -> list[Localised | TableColumn]:
        """A column given by its label alone becomes a column now, so drawing builds none."""
        return [c if isinstance(c, TableColumn) else TableColumn.model_validate({"label": c}) for c in v]
