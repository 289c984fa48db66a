"""Cards of a deck (kind: deck): the card list (read in :mod:`pnp.layout.builtin.cardlist`)
stamped with its layouts, imposed, and the deck's assets.

There is no drawing code here: a card face is its layout (a file in the game
folder or a shipped one in ``pnp/layout/shipped/``) stamped with the card's
field values. The layout is validated and compiled once per build; faces are
stamped lazily, one sheet at a time, so a long deck is never in memory.
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Callable, Iterator

from pnp.load.classes import dataclass
from pnp.model.assets import Asset, BuildOptions, Item, SheetSpec
from pnp.load.errors import DataErrors, Problem
from pnp.model.plain.base import tr
from pnp.load.words import ENGINE
from pnp.layout.builtin.cardlist import CardType, PreparedDeck, Values, Where, deck_shapes, prepare_deck
from pnp.scene import Group, Page

if TYPE_CHECKING:
    from pnp.layout.compile import Compiled
    from pnp.model.deck import Deck
    from pnp.model.game import Game

TIGHT_MARGIN = 5.0  # mm: still inside what home printers print


# ------------------------------------------------------------------ items and assets


def _stamp(prepared: PreparedDeck, layout: Compiled, values: Values, card: CardType | None, bleed: float,
           lang: str) -> Group:
    from pnp.layout.compile import Card as Stamp, CardError
    from pnp.layout.data import records_in

    w, h = prepared.size
    where = card.source if card is not None else (prepared.doc.name or "deck", 0)
    side = (where, id(layout))
    found: list[str] | None = [] if side not in prepared._checked else None
    try:
        drawn = layout.stamp(values, Stamp(w, h, bleed, lang, prepared.symbols, prepared.images,
                                           data=records_in(prepared.folder), warn=lambda m: _warn(prepared, where, m),
                                           fallback=lambda fam, chars: _fallback(prepared, fam, chars),
                                           shared=prepared.shared.get(id(layout)), overlaps=found,
                                           ink_saver=prepared.ink_saver))
    except CardError as exc:
        raise DataErrors([Problem(where[0], where[1], 0, str(exc))]) from None
    if found is not None:
        prepared._checked.add(side)
        label = card.label if card is not None else ENGINE(lang, "proof.back")
        for message in found:
            prepared.overlaps.append(Overlap(label, f"{where[0]}:{where[1]}" if where[1] else where[0], message))
            _warn(prepared, where, f"card {label!r}: {message}")
    return drawn


@dataclass(frozen=True)
class Overlap:
    """A text of a card side that overlaps another element of it."""

    card: str
    source: str  # file:line of the card's row
    message: str

    def __str__(self) -> str:
        return f"card {self.card!r} ({self.source}): {self.message}"


def _warn(prepared: PreparedDeck, where: Where, message: str) -> None:
    """Say ``message`` about the card at ``where`` once: the copies of a card are stamped again, and
    a message about a picture comes from every card that shows it (the first is named, then how many
    more)."""
    said = prepared._said.get(message)
    if said is None:
        prepared._said[message] = (len(prepared.warnings), {where})
        prepared.warnings.append(_warning(where, message))
        return
    index, rows = said
    if where not in rows:
        rows.add(where)
        more = len(rows) - 1
        prepared.warnings[index] = f"{_warning(min(rows), message)} (and {more} more card{'s' if more > 1 else ''})"


def _warning(where: Where, message: str) -> str:
    return f"{where[0]}:{where[1]}: warning: {message}" if where[1] else f"{where[0]}: warning: {message}"


def _fallback(prepared: PreparedDeck, family: str, chars: str) -> None:
    """One warning per font of the deck, naming every character a fallback font drew for it."""
    from pnp.load.loader import display_path

    seen = prepared.fallbacks.setdefault(family, {})
    new = [c for c in chars if c not in seen]
    if not new:
        return
    old = _fallback_text(prepared, family, seen) if seen else None
    seen.update(dict.fromkeys(new))
    text = _fallback_text(prepared, family, seen)
    if old in prepared.warnings:
        prepared.warnings[prepared.warnings.index(old)] = text
    else:
        prepared.warnings.append(text)


def _fallback_text(prepared: PreparedDeck, family: str, chars: dict[str, None]) -> str:
    from pnp.load.loader import display_path

    shown = " ".join(f"{c!r} (U+{ord(c):04X})" for c in chars)
    return (f"{display_path(prepared.folder)}: warning: {prepared.doc.name or 'deck'}: the font {family!r} has no glyph for "
            f"{shown}; drawn with a fallback font")


def _item(prepared: PreparedDeck, card: CardType, lang: str) -> Item:
    w, h = prepared.size
    back: Callable[[float], Group] | None = None
    key: tuple[int, str] | None = None
    if card.back is not None:
        layout, values = card.back
        back = lambda b: _copy(prepared, "back", layout, values, card, b, lang)  # noqa: E731
        key = _back_key(card.back)
    return Item(w, h, lambda b: _copy(prepared, "face", card.face, card.values, card, b, lang), back, card.label, key)


def _copy(prepared: PreparedDeck, side: str, layout: Compiled, values: Values, card: CardType, bleed: float,
          lang: str) -> Group:
    """The stamp of one side of ``card``: the copies of a card follow each other, so the stamp of
    the last card is kept (one a side) and drawn again for its next copy instead of stamped anew."""
    key = (id(card), id(layout), bleed, lang)
    last = prepared._last.get(side)
    if last is not None and last[0] == key:
        return last[1]
    drawn = _stamp(prepared, layout, values, card, bleed, lang)
    prepared._last[side] = (key, drawn)
    return drawn


def _back_key(back: tuple[Compiled, Values]) -> tuple[int, str]:
    """Equal for cards whose backs look the same: the same layout with the same values."""
    layout, values = back
    return (id(layout), repr(sorted(values.items())))


def card_faces(prepared: PreparedDeck, lang: str = "de") -> list[tuple[Item, int]]:
    """(item, copies) per card of the list."""
    return [(_item(prepared, c, lang), c.copies) for c in prepared.cards]


def card_items(faces: list[tuple[Item, int]]) -> list[Item]:
    """One item per printed card, copies expanded, in list order."""
    return [item for item, copies in faces for _ in range(copies)]


def back_item(prepared: PreparedDeck, lang: str = "de") -> Item | None:
    """The deck's one back as an item, when every card has the same one."""
    backs = {_back_key(c.back) if c.back else None for c in prepared.cards}
    if len(backs) != 1 or None in backs:
        return None
    first = prepared.cards[0].back
    assert first is not None  # every card has a back
    layout, values = first
    w, h = prepared.size
    return Item(w, h, lambda b: _stamp(prepared, layout, values, None, b, lang), None, "back")


def deck_sheet(doc: Deck, opts: BuildOptions) -> SheetSpec:
    """The sheet for the deck; the margin is narrowed to TIGHT_MARGIN only when
    that fits more cards (poker cards 3×3 on Letter need 7.7 mm, not 8). The
    cards stay centred, so only the crop marks move closer to the paper edge."""
    from pnp.impose.grid import DoesNotFit, fit_grid
    from pnp.impose.items import sheet_from_options

    sheet = sheet_from_options(opts)
    if opts.margin > TIGHT_MARGIN:
        w, h = doc.size
        tight = sheet_from_options(opts, margin=TIGHT_MARGIN)

        def per_page(s: SheetSpec) -> int:
            try:
                return fit_grid(w, h, s).per_page
            except DoesNotFit:  # larger than the paper: the build says so before drawing
                return 0

        if per_page(tight) > per_page(sheet):
            return tight
    return sheet


def _slug(card: CardType, i: int) -> str:
    from pnp.load.paths import file_stem

    return file_stem(str(card.values.get("id") or card.label)) or f"card-{i + 1}"


def _unique(stem: str, seen: set[str]) -> str:
    """``stem``, or ``stem-2``, ``stem-3`` ... when an earlier card took it."""
    out, n = stem, 1
    while out in seen:
        n += 1
        out = f"{stem}-{n}"
    seen.add(out)
    return out


CARD_FORMATS = ("svg", "png-cards")  # the formats of one card side (a file per side, named by deck and card)


def _one_page(item: Item, bleed: float, back: bool = False) -> list[Page]:
    """One side of one card on a page of its own (its file in ``cards/<deck>/``)."""
    from pnp.impose.single import single_page

    return [single_page(item, bleed, back=back)]


def _contact_sheet(deck: Asset) -> Page:
    """The deck's contact sheet (imported when one is drawn: most builds write no PNG)."""
    from pnp.layout.builtin.preview import contact_sheet

    return contact_sheet(deck)


def deck_assets(doc: Deck, game: Game | None, opts: BuildOptions, stem: str) -> Iterator[Asset]:
    """Kind 'deck': the imposed deck PDF; one SVG (and with ``-f png-cards`` one PNG) per card type and
    per back, in ``cards/<deck>/``; a PNG contact sheet."""
    from pnp.impose.grid import impose
    from pnp.load.paths import file_stem

    lang = opts.lang
    prepared = prepare_deck(doc, game, lang, stem, opts.limits, opts.ink_saver)
    name = doc.name or stem
    title = tr(doc.title, lang)
    sheet = deck_sheet(doc, opts)
    w, h = prepared.size
    faces = card_faces(prepared, lang)  # the items the pages are imposed from, made once
    deck = Asset(name, title, lambda: impose(card_items(faces), sheet), formats=("pdf",),
                 description=f"{prepared.total} cards, {len(prepared.cards)} types, {w:g} × {h:g} mm",
                 faces=faces, back=back_item(prepared, lang), safe=prepared.safe, cards=prepared,
                 warnings=prepared.warnings, overlaps=prepared.overlaps, shapes=deck_shapes(prepared), pictures=prepared.pictures)
    yield deck
    folder = f"cards/{name}"
    seen: set[str] = set()
    for i, card in enumerate(prepared.cards):
        slug = _unique(_slug(card, i), seen)
        item = faces[i][0]
        yield Asset(f"{folder}/{slug}", card.label, partial(_one_page, item, opts.bleed),
                    formats=CARD_FORMATS, description=f"{card.copies}× {card.label}")
    backs: dict[tuple[int, str], CardType] = {}
    for card in prepared.cards:
        if card.back is not None:
            backs.setdefault(_back_key(card.back), card)
    taken: set[str] = set()
    for card in backs.values():
        item = _item(prepared, card, lang)
        one = len(backs) == 1
        suffix = "" if one else "-" + _unique(file_stem(card.back_name) or "back", taken)
        label = ENGINE(lang, "proof.back")
        yield Asset(f"{folder}/_back{suffix}", label if one else f"{label} {card.back_name}",
                    partial(_one_page, item, opts.bleed, back=True), formats=CARD_FORMATS,
                    description="the back every card shares" if one else f"the back of {card.back_name}")
    yield Asset(f"{name}-contact-sheet", title, lambda: [_contact_sheet(deck)], formats=("png",),
                description="every card type once with its copy count", preview_of=name)
