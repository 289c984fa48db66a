"""Schemas of a token sheet (kind: tokens) and of a YAML file of records (kind: records).

A token sheet prints pieces whose looks are layouts, as a deck's cards are::

    kind: tokens
    name: tokens
    title: {de: Spielsteine, en: Tokens}
    layout: token.yaml              # the front of every token unless one says otherwise
    tokens:
      - {shape: square, size: 16, count: 12, fields: {label: S, name: Sperre}}
      - {shape: bar, w: 36, h: 9, count: 2, layout: bar.yaml, fields: {label: B}}
      - {shape: circle, size: 14, back: piece-back.yaml, records: pieces.csv}   # one token per row
      - {shape: hex, size: 20, orientation: flat, fields: {label: H}}
      - {shape: standee, w: 15, h: 25, base: 8, layout: figure.yaml, fields: {name: Josef K.}}

Sizes are the cut piece in mm: a square's side, a circle's diameter, a hex
across its flats, a bar's and a standee's w x h (a standee's h is the height
of one face; the printed strip is two faces and two base tabs, ``2 h + 2 base``).
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Self, Union

from pydantic import Field, model_validator

from pnp.model.base import Localised, Strict
from pnp.model.layout import FromSource, one_of
from pnp.model.plain import tokens as plain_tokens

Mm = Annotated[float, Field(gt=0, le=300, allow_inf_nan=False)]
# a size in mm, or a calculation on the sheet's values ("{square * 0.8}"), worked out before packing
Size = Annotated[Union[Mm, Annotated[str, Field(pattern=r"^\s*\{[^{}]+\}\s*$", max_length=200)]],
                 one_of('a size in mm, or a calculation on the sheet\'s values such as "{square * 0.8}"')]
LayoutRef = Annotated[str, Field(min_length=1, max_length=200,
                                 description="a layout file in the game folder (x.yaml) or a shipped layout name")]
SHAPES = ("square", "circle", "hex", "bar", "standee")


class TokenType(Strict, plain_tokens.TokenType):
    """Tokens of one shape and size drawn with one layout (and one back layout)."""

    shape: Literal["square", "circle", "hex", "bar", "standee"] | None = Field(
        None, description="square, circle, hex, bar (w x h) or standee (a fold-over figure); default: the sheet's")
    size: Size | None = Field(None, description="mm: a square's side, a circle's diameter, a hex across its flats; "
                                                "default: the sheet's")
    w: Size | None = Field(None, description="mm: a bar's or a standee's width")
    h: Size | None = Field(None, description="mm: a bar's height, a standee's face height")
    base: Annotated[Union[Annotated[float, Field(ge=0, le=100, allow_inf_nan=False)],
                          Annotated[str, Field(pattern=r"^\s*\{[^{}]+\}\s*$", max_length=200)]],
                    one_of("a size in mm (0 or more) or a calculation on the sheet's values")] | None = Field(
        None, description="mm: a standee's base tab at each end (default: 0.6 of its width)")
    orientation: Literal["flat", "pointy"] = Field("flat", description="hex: a flat side or a corner on top")
    layout: LayoutRef | None = Field(None, description="the front's layout; default: the sheet's")
    back: LayoutRef | None = Field(None, description="the back's layout (a double-sided token; a standee: the "
                                                     "figure's back); 'none': single-sided; default: the sheet's")
    count: Annotated[int, Field(ge=0, le=2000)] = Field(1, description="how many of each (times a record's copies)")
    fields: dict[str, Any] = Field(default_factory=dict, description="the layout's field values")
    back_fields: dict[str, Any] = Field(default_factory=dict,
                                        description="the back layout's field values, over the front's")
    records: Annotated[str, Field(min_length=1, max_length=200)] | FromSource | None = Field(
        None, description="a spreadsheet or YAML file of the game folder, or {source: name} (records the game's "
                          "rules module computes): one token per row (its 'copies' column repeats it), the row's "
                          "columns the layout's fields")

    @model_validator(mode="after")
    def _sizes(self) -> Self:
        if self.shape in ("bar", "standee") and (self.w is None or self.h is None):
            raise ValueError(f"a {self.shape} needs w and h (mm)")
        if self.shape in ("square", "circle", "hex") and (self.w is not None or self.h is not None):
            raise ValueError(f"a {self.shape} takes size, not w and h")
        if self.base is not None and self.shape != "standee":
            raise ValueError("only a standee has a base")
        if self.records is not None and self.fields:
            raise ValueError("give 'fields' (one token) or 'records' (one token per row), not both")
        return self


class TokenSheet(Strict, plain_tokens.TokenSheet):
    kind: Literal["tokens"]
    name: str | None = Field(None, pattern=r"^[a-z0-9][a-z0-9/-]*$", description="output name (default: file stem)")
    title: Localised = Field("Spielsteine", description="the sheet's title")
    shape: Literal["square", "circle", "hex", "bar", "standee"] = Field("square", description="default shape")
    size: Size = Field(15.0, description="default size in mm (square side, circle diameter, hex across the flats)")
    values: FromSource | dict[str, Any] | None = Field(
        None, description="numbers the sizes may calculate with (size: \"{square * 0.8}\"): a mapping, or "
                          "{source: name} (one mapping the game's rules module computes, e.g. from a -o option)")
    layout: LayoutRef | None = Field(None, description="default front layout")
    back: LayoutRef | None = Field(None, description="default back layout (none: single-sided)")
    tables: dict[str, dict[str, Any]] = Field(default_factory=dict, description="lookup tables for the layouts")
    tokens: list[TokenType] = Field(min_length=1, max_length=500, description="token types with their counts")

    @model_validator(mode="after")
    def _layouts(self) -> Self:
        for i, t in enumerate(self.tokens):
            if (t.layout or self.layout) is None:
                raise ValueError(f"tokens.{i}: no layout: give the token or the sheet a 'layout'")
            shape = t.shape or self.shape
            if shape in ("bar", "standee") and (t.w is None or t.h is None):
                raise ValueError(f"tokens.{i}: a {shape} needs w and h (mm)")
        return self


class RecordsFile(Strict, plain_tokens.RecordsFile):
    """Rows a layout's element reads (a grid's cells, a network's nodes or edges), written in YAML."""

    kind: Literal["records"]
    records: Annotated[list[dict[str, Any]], Field(max_length=20_000)] = Field(
        description="one mapping of column: value per record")
