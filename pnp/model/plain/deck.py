"""A deck (kind: deck) as the build reads it: the plain twins of :mod:`pnp.model.deck`."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnp.model.paper import CARD_SIZES, parse_wxh
from pnp.model.plain import Plain
from pnp.model.plain.base import I18n

if TYPE_CHECKING:  # pragma: no cover
    from pnp.model.deck import Category as CategoryModel

MARKS = ("circle", "square", "triangle", "diamond", "hexagon", "star", "cross", "ring")
DEFAULT_BACK = "classic-back"  # the back layout of a deck that names none


class CardSize(Plain):
    """A card size in mm, for decks whose cards are not a named size."""


class Category(Plain):
    """A category of the classic layout: id, name, colour and mark."""


class Back(Plain):
    """A back: a layout and the values of its fields (the same for every card it is on)."""

    def values(self) -> dict[str, Any]:
        """The back layout's field values: the classic back's named ones given, then ``fields``."""
        out = {k: v for k in ("title", "subtitle", "colour", "ink", "symbol") if (v := getattr(self, k)) is not None}
        # text per language goes to the layout as {de:, en:}, which its text fields take
        # (read field by field: model_dump would build a serializer on a kept, unpickled model)
        out = {k: v.texts if isinstance(v, I18n) else v for k, v in out.items()}
        return {**out, **self.fields}


class Backs(Plain):
    """Backs chosen per card by the value of one field."""


class Faces(Plain):
    """Face layouts chosen per card by the value of one field."""


class Deck(Plain):
    """A deck of cards drawn with a layout."""

    @property
    def size(self) -> tuple[float, float]:
        """The card's width and height in mm."""
        if isinstance(self.card, str):
            if self.card in CARD_SIZES:
                return CARD_SIZES[self.card]
            wh = parse_wxh(self.card)
            assert wh is not None, self.card  # the schema let only a size it can read through
            return wh
        return (float(self.card.width), float(self.card.height))

    def category(self, cat_id: str) -> "CategoryModel":
        return next(c for c in self.categories or () if c.id == cat_id)
