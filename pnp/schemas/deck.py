"""Schema of a deck of cards (kind: deck).

A deck names its card size, its categories (colour plus a mark shape, so the
category still reads in greyscale), its card types (name, category, copies,
action cost, symbol, optional text) and one back design for every card.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator

from ..data.schema import ColourField, Localised, PositiveMm, Strict, require_unique, tr

from ..imposition.paper import CARD_SIZES, parse_wxh  # noqa: F401  (CARD_SIZES re-exported)

MARKS = ("circle", "square", "triangle", "diamond", "hexagon", "star", "cross", "ring")
Ident = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=60)]


class CardSize(Strict):
    """A card size in mm, for decks whose cards are not a named size."""

    width: PositiveMm
    height: PositiveMm


class Category(Strict):
    id: Ident
    name: Localised
    colour: ColourField
    mark: Literal["circle", "square", "triangle", "diamond", "hexagon", "star", "cross", "ring"]


class CardType(Strict):
    id: Ident
    name: Localised
    category: Ident
    copies: Annotated[int, Field(ge=1, le=200)]
    cost: Annotated[int, Field(ge=0, le=9)] | None = None
    symbol: Ident | None = None
    text: Localised | None = None


class Back(Strict):
    title: Localised = ""
    subtitle: Localised = ""
    colour: ColourField = "#2b2d42"
    ink: ColourField = "white"
    symbol: Ident | None = None


class Deck(Strict):
    kind: Literal["deck"]
    name: Ident | None = Field(None, description="output file stem; default: the YAML file's stem")
    title: Localised
    card: str | CardSize = Field("poker", description="poker, bridge, mini, tarot, square, euro, "
                                                      "'WxH' in mm (e.g. 63x88) or {width:, height:}")
    cost_style: Literal["numeral", "pips"] = "numeral"
    cost_label: Localised = "Handlungen"
    categories: list[Category] = Field(min_length=1, max_length=12)
    cards: list[CardType] = Field(min_length=1, max_length=500)
    back: Back = Back()

    @field_validator("card")
    @classmethod
    def _card(cls, v):
        if isinstance(v, str):
            v = v.strip().lower()
            if v not in CARD_SIZES:
                wh = parse_wxh(v)
                if wh is None:
                    raise ValueError(f"unknown card size {v!r}; use {', '.join(CARD_SIZES)} or WxH in mm")
                if not all(20 <= x <= 300 for x in wh):
                    raise ValueError(f"card size {v!r}: each side must lie between 20 and 300 mm")
        return v

    @field_validator("categories", "cards")
    @classmethod
    def _unique(cls, v, info):
        require_unique((x.id for x in v), "category" if info.field_name == "categories" else "card")
        return v

    @property
    def size(self) -> tuple[float, float]:
        if isinstance(self.card, str):
            if self.card in CARD_SIZES:
                return CARD_SIZES[self.card]
            return parse_wxh(self.card)
        return (float(self.card.width), float(self.card.height))

    def category(self, cat_id: str) -> Category:
        return next(c for c in self.categories if c.id == cat_id)

    @property
    def total(self) -> int:
        return sum(c.copies for c in self.cards)

    def card_name(self, card: CardType, lang: str = "de") -> str:
        return tr(card.name, lang)
