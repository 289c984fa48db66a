"""Schema of a deck of cards (kind: deck).

A deck is a card list drawn with a layout (:mod:`pnp.layout`)::

    kind: deck
    title: Starter
    card: poker
    layout: card.yaml            # a layout file here, or a shipped one (classic-card)
    cards: cards.csv             # a spreadsheet (csv, tsv, xlsx, ods) or a YAML list
    backs: {by: type, layouts: {creature: back-creature.yaml, spell: back-spell.yaml}}

The card list's fields are the layout's; ``copies`` repeats a card. A deck
has one face ``layout``, or ``layouts`` chosen by a field as backs are. It has
one ``back`` for every card, or ``backs`` chosen by a field (a type, a
category, or a per-card ``back`` column), or ``back: none`` (single-sided);
without either, every card gets the shipped ``classic-back``. ``cards`` may
also generate the list: ``{product: {suit: [...], value: [...]}, extra: [...]}``
is every combination of the listed values (the first field changing slowest)
followed by the ``extra`` cards.
``categories`` is a short way to give the classic layout its colour, mark and
name per category.
"""
from __future__ import annotations

import re
from typing import Annotated, Any, Literal, Self, Union

from pydantic import Field, field_validator, model_validator

from pnp.load.errors import ValueAt
from pnp.model.base import ColourField, Localised, Strict, require_unique
from pnp.model.paper import CARD_SIZES, parse_wxh
from pnp.model.layout import TableValue
from pnp.model.plain import deck as plain_deck
from pnp.model.plain.deck import DEFAULT_BACK, MARKS  # noqa: F401  (re-exported)
Ident = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=60)]
LayoutRef = Annotated[str, Field(min_length=1, max_length=200,
                                 description="a layout file in the game folder (x.yaml) or a shipped layout name")]


class CardSize(Strict, plain_deck.CardSize):
    """A card size in mm, for decks whose cards are not a named size."""

    width: Annotated[float, Field(ge=20, le=300, allow_inf_nan=False)]
    height: Annotated[float, Field(ge=20, le=300, allow_inf_nan=False)]


class Category(Strict, plain_deck.Category):
    id: Ident
    name: Localised
    colour: ColourField
    mark: Literal["circle", "square", "triangle", "diamond", "hexagon", "star", "cross", "ring"]


class Back(Strict, plain_deck.Back):
    """A back: a layout and the values of its fields (the same for every card it is on).

    ``title``, ``subtitle``, ``colour``, ``ink`` and ``symbol`` are the fields
    of the shipped classic back; other layouts take theirs in ``fields``.
    """

    layout: LayoutRef = DEFAULT_BACK
    title: Localised | None = None
    subtitle: Localised | None = None
    colour: ColourField | None = None
    ink: ColourField | None = None
    symbol: Ident | None = None
    fields: dict[str, Any] = Field(default_factory=dict)


BackSpec = Union[LayoutRef, Back]


class Backs(Strict, plain_deck.Backs):
    """Backs chosen per card by the value of one field."""

    by: Ident = Field(description="the field whose value picks the back (e.g. type, category, back)")
    layouts: dict[str, BackSpec] = Field(min_length=1, max_length=100,
                                         description="field value -> back; 'default' for values not listed")


class Faces(Strict, plain_deck.Faces):
    """Face layouts chosen per card by the value of one field."""

    by: Ident = Field(description="the field whose value picks the face layout (e.g. type)")
    layouts: dict[str, LayoutRef] = Field(min_length=1, max_length=100,
                                          description="field value -> layout; 'default' for values not listed")


MAX_GENERATED = 10_000


def check_generated(v: dict) -> dict:
    """``{product: {field: [values]}, extra: [cards]}``: the shape checked, the size bounded; a
    mistake is placed at the key or value it is in."""
    unknown = sorted(set(v) - {"product", "extra"})
    if unknown:
        raise ValueAt((unknown[0],), "unknown key; a generated card list has 'product' and 'extra'", key=True)
    product = v.get("product")
    if not isinstance(product, dict) or not product:
        raise ValueAt(("product",) if "product" in v else (), "'product' maps each field to the list of its "
                      "values, e.g. {suit: [spade, heart], value: [A, 2, 3]}")
    count = 1
    for name, values in product.items():
        if not isinstance(values, list) or not values:
            raise ValueAt(("product", name), "expected a list of one or more values, e.g. [A, 2, 3]")
        for i, x in enumerate(values):
            if isinstance(x, (dict, list)) or x is None:
                raise ValueAt(("product", name, i), "each value is one text or number")
        count *= len(values)
    if count > MAX_GENERATED:
        raise ValueAt(("product",), f"the product makes {count:,} cards; the limit is {MAX_GENERATED:,}")
    if "extra" in v and not isinstance(v["extra"], list):
        raise ValueAt(("extra",), "'extra' is a list of cards, one mapping each")
    return v


class Deck(Strict, plain_deck.Deck):
    kind: Literal["deck"] = Field(description="says this file is a deck")
    name: Ident | None = Field(None, description="output file stem and the folder of its per-card files "
                                                 "(cards/<name>/); default: the YAML file's stem")
    title: Localised = Field(description="the deck's title, in the gallery and the PDF's properties")
    card: str | CardSize = Field("poker", description="poker, bridge, mini, tarot, square, euro, "
                                                      "'WxH' in mm (e.g. 63x88) or {width:, height:}")
    layout: LayoutRef = "classic-card"
    layouts: Faces | None = Field(None, description="a face layout per value of a field, as 'backs' are")
    cards: Any = Field(description="the card list: a list of cards (one mapping each), a spreadsheet file "
                                   "in the game folder (.csv, .tsv, .xlsx, .ods), or {product: ..., extra: ...}")
    columns: dict[str, str] | None = Field(None, description="spreadsheet column -> field, where they differ")
    sheet: str | None = Field(None, description="which sheet of an XLSX/ODS workbook (default: the first)")
    defaults: dict[str, Any] = Field(default_factory=dict, description="field values for cards that leave them out")
    tables: dict[Ident, dict[str, TableValue]] = Field(default_factory=dict,
                                                       description="lookup tables for the layout (override its own)")
    back: BackSpec | None = Field(None, description="one back for every card: a layout (x.yaml or shipped), "
                                                    "{layout:, fields:}, or none for single-sided cards; "
                                                    "default: the shipped classic-back")
    backs: Backs | None = Field(None, description="a back per value of a field: {by: type, layouts: {...}}")
    # the classic layout's settings, kept short for hand-written decks
    categories: list[Category] | None = Field(None, max_length=12, description="for the classic layout: "
                                              "id, name, colour and mark of each category")
    cost_style: Literal["numeral", "pips"] | None = Field(None, description="for the classic layout: the cost "
                                                                            "as a number or as pips")
    cost_label: Localised | None = Field(None, description="for the classic layout: the word beside the cost")

    @field_validator("card")
    @classmethod
    def _card(cls, v: Any) -> Any:
        if isinstance(v, str):
            v = v.strip().lower()
            if v not in CARD_SIZES:
                wh = parse_wxh(v)
                if wh is None:
                    raise ValueError(f"unknown card size {v!r}; use {', '.join(CARD_SIZES)} or WxH in mm")
                if not all(20 <= x <= 300 for x in wh):
                    raise ValueError(f"card size {v!r}: each side must lie between 20 and 300 mm")
        return v

    @field_validator("cards")
    @classmethod
    def _cards(cls, v: Any) -> Any:
        if isinstance(v, list):
            if not v:
                raise ValueError("a deck needs at least one card")
            return v
        if isinstance(v, str) and re.fullmatch(r"(?i)[^/\\].*\.(csv|tsv|xlsx|ods)", v.strip()):
            return v.strip()
        if isinstance(v, dict):
            return check_generated(v)
        raise ValueError("expected a list of cards, a spreadsheet file name (.csv, .tsv, .xlsx or .ods) "
                         "or {product: {field: [values]}, extra: [cards]}")

    @field_validator("categories")
    @classmethod
    def _unique(cls, v: list[Category] | None) -> list[Category] | None:
        if v is not None:
            require_unique((x.id for x in v), "category")
        return v

    @model_validator(mode="after")
    def _one_face(self) -> Self:
        if self.layouts is not None and "layout" in self.model_fields_set:
            raise ValueError("give either 'layout' (one face for every card) or 'layouts' (a face per field "
                             "value), not both")
        return self

    @model_validator(mode="after")
    def _one_back(self) -> Self:
        if self.back is not None and self.backs is not None:
            raise ValueError("give either 'back' (one back for every card) or 'backs' (a back per field value), "
                             "not both")
        return self
