"""Schema of a sheet (kind: sheet): a layout the size of a page, of a board, or of a piece cut from paper.

A sheet IS a layout (fields, tables, elements placed in frames, templates and
conditions: docs/layouts.md) with page semantics added:

- ``size``: ``page`` (the build's paper, the default), a paper name (``a4``,
  ``a5``, ``letter``, ...) or ``WxH`` in mm. A sheet the size of the paper is
  the page itself; a smaller one is a piece, imposed with bleed and crop marks
  (several to a page); a larger one is a board, tiled over several pages with
  overlap, cut lines and a page map.
- ``records``: one page per record, from a file of the game folder, a source
  of the game's rules module or a list written here; ``values``: one mapping
  every page reads. ``asset``: a template naming the file each record goes
  to, so one sheet file makes one asset per record group.

What a sheet prints is checked like print: no text under ``min_text`` pt, no
text or symbol in the ``safe`` margin (6 mm from the paper edge on a page).
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Self, Union

from pydantic import Field, field_validator, model_validator

from pnp.model.base import Localised
from pnp.model.layout import FromSource, Layout, Rows
from pnp.model.paper import CARD_SIZES, PAGE_SAFE, PAPERS, parse_wxh
from pnp.model.plain import sheet as plain
from pnp.model.plain.sheet import CUT_SAFE, MAX_SIDE

Values = Union[FromSource, dict[str, Any]]


class Sheet(Layout, plain.Sheet):
    """A page, a board or a piece drawn from a layout, once or once per record."""

    kind: Literal["sheet"]  # type: ignore[assignment]
    name: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]*(/[a-z0-9][a-z0-9_-]*)*$", max_length=120)] | None = Field(
        None, description="the file it makes (default: the sheet file's name); 'aids/roles' puts it in a folder")
    title: Localised | None = Field(None, description="what the print guide and the manifest call it; "
                                                      "may hold templates of the first record's fields")
    size: str = Field("page", description="page (the build's paper), a paper (a4, a5, letter, ...) or WxH in mm "
                                          "(420x297); larger than the paper: tiled, smaller: cut out")
    orientation: Literal["portrait", "landscape"] = Field(
        "portrait", description="for page and paper sizes: which way up (a WxH size is as written)")
    safe: Annotated[float, Field(ge=0, le=100, allow_inf_nan=False)] | None = Field(  # type: ignore[assignment]
        None, description=f"mm inside the edge that text and symbols keep clear of; default {PAGE_SAFE:g} on a "
                          f"page (the paper's edge), {CUT_SAFE:g} on a piece or board (its cut)")
    min_text: Annotated[float, Field(ge=5, le=24, allow_inf_nan=False)] = Field(
        6.0, description="smallest type size in points any text may print at; 5 for counters and tiles "
                         "read up close")
    records: Rows | None = Field(None, description="one page per record: a file (roles.csv), a source of the "
                                                   "game's rules module ({source: name}) or a list")
    values: Values | None = Field(None, description="one mapping of values every page reads: a source "
                                                    "({source: name}) or the mapping itself")
    asset: str | None = Field(None, max_length=200,
                              description="a template naming the file each record goes to ('{structure}-mat'); "
                                          "records with the same name share it")
    copies: Annotated[int, Field(ge=1, le=500)] = Field(1, description="how often each page is printed (pads)")
    overlap: Annotated[float, Field(ge=0, le=50, allow_inf_nan=False)] = Field(
        10.0, description="mm two neighbouring pages of a tiled board share")
    stock: Literal["paper", "card", "film", "sticker"] | None = Field(
        None, description="what to print it on, for the print guide; default: paper, card for pieces")

    @field_validator("size")
    @classmethod
    def _size(cls, v: str) -> str:  # type: ignore[override]  # replaces the layout's check; a sheet's size is never None
        key = v.strip().lower()
        if key == "page" or key in PAPERS or key in CARD_SIZES:
            return key
        wh = parse_wxh(key)
        if wh is None:
            raise ValueError(f"expected page, a paper ({', '.join(PAPERS)}), a card size ({', '.join(CARD_SIZES)}) "
                             f"or WxH in mm such as 420x297")
        if max(wh) > MAX_SIDE:
            raise ValueError(f"a sheet is at most {MAX_SIDE:g} mm on a side")
        return key

    @model_validator(mode="after")
    def _asset_needs_records(self) -> Self:
        if self.asset is not None and self.records is None:
            raise ValueError("'asset' names a file per record: give the sheet 'records' too")
        if self.records is not None and not isinstance(self.records, (str, list, FromSource)):
            raise ValueError("'records' of a sheet come from a file, a source or a list; {field: ...} is for "
                             "an element's rows")
        return self
