"""Cards of a deck (kind: deck): faces, the shared back, and the deck's assets.

Face layout, top to bottom (tuned for poker size, scaled for others): a band
in the category colour with the category's mark shape and name, and the cost
in a round badge; the card's exact name; its symbol, large; optional rule
text; a footer strip with the copy count ("4×") and the cost again in words.
The band colour, the mark shape and the name together keep categories
readable in greyscale and for colour-blind players. Every back is drawn by
the same function from the deck's one back design, so backs cannot differ.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Iterable

from ..assets import Asset, BuildOptions
from ..data.errors import DataErrors, Problem
from ..data.schema import tr
from ..scene import WHITE, Circle, Color, Group, Polygon, Rect, Text, color, mix, style
from ..schemas.deck import CardType, Category, Deck
from ..schemas.symbols import Symbol, SymbolLibrary

POKER_W, POKER_H = 63.0, 88.0
BLACK_INK = color("#1a1a1a")


# ------------------------------------------------------------------ symbols lookup


class Symbols:
    """Every symbol of the game's symbol libraries by id (first definition wins)."""

    def __init__(self, libraries: Iterable[SymbolLibrary] = ()):
        self.by_id: dict[str, tuple[Symbol, str]] = {}
        for lib in libraries:
            for s in lib.symbols:
                self.by_id.setdefault(s.id, (s, lib.ink))

    def draw(self, sid: str, x: float, y: float, size: float, ink=None) -> Group:
        from .symbols import draw_symbol

        sym, lib_ink = self.by_id[sid]
        return draw_symbol(sym, x, y, size, ink or lib_ink)


def game_symbols(game) -> Symbols:
    """The symbol libraries (kind: symbols) of the game folder."""
    if game is None:
        return Symbols()
    from ..game import documents

    return Symbols(doc for _, kind, doc in documents(game) if kind == "symbols")


def reference_problems(doc: Deck, src: "tuple[Path, object] | None", symbols: Symbols) -> list[Problem]:
    """Card types naming a category or a symbol that does not exist, as file:line:col
    problems; ``src`` is the deck's (path, raw YAML) from :func:`pnp.game.source`."""
    path, raw = src if src is not None else (None, None)

    def where(loc: tuple) -> tuple[str, int, int]:
        if raw is None:
            return (str(path or "deck"), 0, 0)
        from ..data.loader import display_path, locate

        return (display_path(path), *locate(raw, loc))

    problems = []
    cats = [c.id for c in doc.categories]
    for i, card in enumerate(doc.cards):
        if card.category not in cats:
            problems.append(Problem(*where(("cards", i, "category")),
                                    f"'category': card {card.id!r} names unknown category {card.category!r}; "
                                    f"expected one of {', '.join(cats)}"))
        if card.symbol is not None and card.symbol not in symbols.by_id:
            known = ", ".join(symbols.by_id) or "none (add a file with kind: symbols)"
            problems.append(Problem(*where(("cards", i, "symbol")),
                                    f"'symbol': card {card.id!r} names unknown symbol {card.symbol!r}; "
                                    f"the game's symbols are: {known}"))
    if doc.back.symbol is not None and doc.back.symbol not in symbols.by_id:
        problems.append(Problem(*where(("back", "symbol")),
                                f"'symbol': the back names unknown symbol {doc.back.symbol!r}"))
    return problems


# ------------------------------------------------------------------ drawing


def contrast_ink(bg: Color) -> Color:
    """Black or white, whichever reads better on ``bg``."""
    r, g, b = bg.rgb01
    return BLACK_INK if 0.299 * r + 0.587 * g + 0.114 * b > 0.55 else WHITE


def mark_shape(mark: str, cx: float, cy: float, size: float, ink: Color, outline: Color | None = None) -> Group:
    """A category mark: a filled shape ``size`` mm across centred on (cx, cy)."""
    r = size / 2
    st = style(fill=ink, stroke=outline, width=size * 0.06) if outline else style(fill=ink)
    g = Group(id=f"mark-{mark}")

    def poly(n, start, radius=r):
        pts = [(cx + radius * math.cos(math.radians(start + 360 * i / n)),
                cy + radius * math.sin(math.radians(start + 360 * i / n))) for i in range(n)]
        g.add(Polygon(pts, st))

    if mark == "circle":
        g.add(Circle(cx, cy, r * 0.92, st))
    elif mark == "ring":
        g.add(Circle(cx, cy, r * 0.78, style(stroke=ink, width=r * 0.32)))
    elif mark == "square":
        s = r * 0.84
        g.add(Rect(cx - s, cy - s, 2 * s, 2 * s, st))
    elif mark == "triangle":
        poly(3, -90, r * 1.08)
        g.children[-1].points = [(x, y + r * 0.2) for x, y in g.children[-1].points]
    elif mark == "diamond":
        poly(4, -90, r * 1.05)
    elif mark == "hexagon":
        poly(6, 0)
    elif mark == "star":
        pts = []
        for i in range(10):
            rad = r if i % 2 == 0 else r * 0.45
            a = math.radians(-90 + 36 * i)
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
        g.add(Polygon(pts, st))
    elif mark == "cross":
        t = r * 0.32
        g.add(Polygon([(cx - t, cy - r), (cx + t, cy - r), (cx + t, cy - t), (cx + r, cy - t), (cx + r, cy + t),
                       (cx + t, cy + t), (cx + t, cy + r), (cx - t, cy + r), (cx - t, cy + t), (cx - r, cy + t),
                       (cx - r, cy - t), (cx - t, cy - t)], st))
    return g


def draw_front(deck: Deck, card: CardType, symbols: Symbols, bleed: float, lang: str, copy: int = 1) -> Group:
    """One card face in card coordinates (trim = 0, 0, w, h), background over the bleed."""
    w, h = deck.size
    k = min(w / POKER_W, h / POKER_H)
    cat: Category = deck.category(card.category)  # checked by reference_problems
    band = color(cat.colour)
    ink = contrast_ink(band)
    g = Group(id=f"card-{card.id}-{copy}")
    g.add(Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, style(fill="white")))
    # top band: mark, category name, cost badge
    band_h = 16.0 * k
    g.add(Rect(-bleed, -bleed, w + 2 * bleed, band_h + bleed, style(fill=band)))
    g.add(mark_shape(cat.mark, 8.5 * k, band_h / 2, 9.0 * k, ink))
    badge_r = 6.6 * k
    bx, by = w - 9.5 * k, band_h / 2
    g.add(Text(15 * k, band_h / 2 - 3.2 * k, tr(cat.name, lang), size=12 * k, weight="bold", fill=ink,
               box=(bx - badge_r - 16.5 * k, 6.4 * k), shrink=True, wrap=False, valign="middle"))
    if card.cost is not None:
        g.add(Circle(bx, by, badge_r, style(fill="white", stroke=BLACK_INK, width=0.5 * k)))
        if deck.cost_style == "pips" and card.cost > 0:
            g.add(_pips(card.cost, bx, by, badge_r))
        else:
            size = 22 * k
            g.add(Text(bx, by + size * 0.73 * 25.4 / 72 / 2, str(card.cost), size=size, weight="bold",
                       anchor="middle", fill=BLACK_INK))
    # name
    g.add(Text(4 * k, band_h + 2.0 * k, tr(card.name, lang), size=14 * k, weight="bold", anchor="middle",
               box=(w - 8 * k, 8 * k), shrink=True, wrap=False, valign="middle", fill=BLACK_INK))
    # symbol on a faint tint of the category colour
    sym = 35.0 * k
    sx, sy = (w - sym) / 2, band_h + 11.5 * k
    g.add(Rect(sx - 2.5 * k, sy - 2.5 * k, sym + 5 * k, sym + 5 * k,
               style(fill=mix(band, WHITE, 0.86), stroke=mix(band, WHITE, 0.5), width=0.3 * k), radius=3 * k))
    if card.symbol is not None:
        g.add(symbols.draw(card.symbol, sx, sy, sym))
    # rule text
    foot_h = 8.0 * k
    text_top = sy + sym + 4.0 * k
    if card.text is not None:
        g.add(Text(5 * k, text_top, tr(card.text, lang), size=7.5 * k, anchor="middle",
                   box=(w - 10 * k, h - foot_h - text_top - 1.5 * k), shrink=True, valign="middle",
                   line_height=1.15, fill=BLACK_INK))
    # footer strip: copies and cost in words
    g.add(Rect(-bleed, h - foot_h, w + 2 * bleed, foot_h + bleed, style(fill=band)))
    g.add(mark_shape(cat.mark, 5.0 * k, h - foot_h / 2, 4.2 * k, ink))
    base = h - foot_h / 2 + 1.4 * k
    g.add(Text(9.0 * k, base, f"{card.copies}×", size=11 * k, weight="bold", fill=ink))
    if card.cost is not None:
        g.add(Text(w - 4 * k, base, f"{tr(deck.cost_label, lang)}: {card.cost}", size=8.5 * k, anchor="end",
                   fill=ink))
    return g


def _pips(n: int, cx: float, cy: float, r: float) -> Group:
    g = Group(id=f"pips-{n}")
    pr = r * (0.28 if n <= 2 else 0.22)
    step = pr * 2.6
    x0 = cx - step * (n - 1) / 2
    for i in range(n):
        g.add(Circle(x0 + i * step, cy, pr, style(fill=BLACK_INK)))
    return g


def draw_back(deck: Deck, symbols: Symbols, bleed: float, lang: str) -> Group:
    """The one back every card shares."""
    w, h = deck.size
    k = min(w / POKER_W, h / POKER_H)
    b = deck.back
    bg, ink = color(b.colour), color(b.ink)
    g = Group(id="card-back")
    g.add(Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, style(fill=bg)))
    g.add(Rect(3.5 * k, 3.5 * k, w - 7 * k, h - 7 * k, style(stroke=ink, width=0.8 * k), radius=3 * k))
    g.add(Rect(5.5 * k, 5.5 * k, w - 11 * k, h - 11 * k, style(stroke=ink, width=0.3 * k), radius=2 * k))
    if b.title:
        g.add(Text(8 * k, 12 * k, tr(b.title, lang), size=15 * k, weight="bold", anchor="middle", fill=ink,
                   box=(w - 16 * k, 9 * k), shrink=True, wrap=False, valign="middle"))
    if b.symbol is not None:
        s = 30 * k
        g.add(symbols.draw(b.symbol, (w - s) / 2, (h - s) / 2, s, ink))
    if b.subtitle:
        g.add(Text(8 * k, h - 21 * k, tr(b.subtitle, lang), size=12 * k, anchor="middle", fill=ink,
                   box=(w - 16 * k, 9 * k), shrink=True, wrap=False, valign="middle"))
    return g


# ------------------------------------------------------------------ items and assets


def _item(deck: Deck, card: CardType, symbols: Symbols, lang: str, copy: int = 1):
    from ..imposition.items import Item

    w, h = deck.size
    return Item(w, h, lambda b, c=card, n=copy: draw_front(deck, c, symbols, b, lang, n),
                lambda b: draw_back(deck, symbols, b, lang), tr(card.name, lang))


def card_items(deck: Deck, symbols: Symbols, lang: str = "de") -> list:
    """One item per printed card, copies expanded, in data order."""
    return [_item(deck, c, symbols, lang, n) for c in deck.cards for n in range(1, c.copies + 1)]


def card_faces(deck: Deck, symbols: Symbols, lang: str = "de") -> list[tuple]:
    return [(_item(deck, c, symbols, lang), c.copies) for c in deck.cards]


def back_item(deck: Deck, symbols: Symbols, lang: str = "de"):
    from ..imposition.items import Item

    w, h = deck.size
    return Item(w, h, lambda b: draw_back(deck, symbols, b, lang), None, "back")


TIGHT_MARGIN = 5.0  # mm: still inside what home printers print


def deck_sheet(doc: Deck, opts: BuildOptions):
    """The sheet for the deck; the margin is narrowed to TIGHT_MARGIN only when
    that fits more cards (poker cards 3×3 on Letter need 7.7 mm, not 8). The
    cards stay centred, so only the crop marks move closer to the paper edge."""
    from ..imposition.grid import plan_grid
    from ..imposition.items import sheet_from_options

    sheet = sheet_from_options(opts)
    if opts.margin > TIGHT_MARGIN:
        w, h = doc.size
        tight = sheet_from_options(opts, margin=TIGHT_MARGIN)
        if plan_grid(w, h, tight).per_page > plan_grid(w, h, sheet).per_page:
            return tight
    return sheet


def deck_assets(doc: Deck, game, opts: BuildOptions, stem: str, symbols: Symbols | None = None
                ) -> Iterable[Asset]:
    """Kind 'deck': the imposed deck PDF, one SVG per card type and a PNG contact sheet.

    Unknown categories or symbols fail here, before anything is drawn, as
    ``file:line:col`` problems pointing into the deck file.
    """
    from ..imposition.grid import impose
    from ..imposition.single import single_page
    from ..preview import contact_sheet

    symbols = symbols if symbols is not None else game_symbols(game)
    from ..game import source

    problems = reference_problems(doc, source(game, doc), symbols)
    if problems:
        raise DataErrors(problems)
    lang = opts.lang
    name = doc.name or stem
    title = tr(doc.title, lang)
    sheet = deck_sheet(doc, opts)
    deck = Asset(name, title, lambda: impose(card_items(doc, symbols, lang), sheet), formats=("pdf",),
                 description=f"{doc.total} cards, {len(doc.cards)} types, {doc.size[0]:g} × {doc.size[1]:g} mm",
                 faces=card_faces(doc, symbols, lang), back=back_item(doc, symbols, lang))
    yield deck
    for card in doc.cards:
        item = _item(doc, card, symbols, lang)
        yield Asset(f"cards/{card.id}", tr(card.name, lang), lambda it=item: [single_page(it, opts.bleed)],
                    formats=("svg",), description=f"{card.copies}× {tr(card.name, lang)}")
    yield Asset("cards/_back", "back" if lang == "en" else "Rückseite",
                lambda: [single_page(back_item(doc, symbols, lang), opts.bleed)], formats=("svg",),
                description="the back every card shares")
    yield Asset(f"{name}-contact-sheet", title, lambda: [contact_sheet(deck)], formats=("png",),
                description="every card type once with its copy count", preview_of=name)
