"""Cards of a deck (kind: deck): records stamped with a layout, and the deck's assets.

There is no drawing code here: a card face is its layout (a file in the game
folder or a shipped one in ``pnp/layout/shipped/``) stamped with the card's
field values. The layout is validated and compiled once per build; faces are
stamped lazily, one sheet at a time, so a long deck is never in memory.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from ..assets import Asset, BuildOptions
from ..data.errors import DataErrors, Problem
from ..data.schema import tr
from ..scene import WHITE, color, contrast, mix
from ..schemas.deck import Back, Deck

SHIPPED = Path(__file__).resolve().parent.parent / "layout" / "shipped"
TIGHT_MARGIN = 5.0  # mm: still inside what home printers print


# ------------------------------------------------------------------ symbols lookup


class Symbols:
    """Every symbol of the given libraries by id (first definition wins)."""

    def __init__(self, libraries: Iterable = ()):
        self.by_id: dict[str, tuple[Any, str]] = {}
        for lib in libraries:
            for s in lib.symbols:
                self.by_id.setdefault(s.id, (s, lib.ink))

    def draw(self, sid: str, x: float, y: float, size: float, ink=None):
        from .symbols import draw_symbol

        sym, lib_ink = self.by_id[sid]
        return draw_symbol(sym, x, y, size, ink or lib_ink)


@lru_cache(maxsize=None)
def _shipped_symbols():
    from .symbols import load_library

    return load_library(SHIPPED, "marks.yaml")


def game_symbols(game) -> Symbols:
    """The game's symbol libraries (kind: symbols), then the shipped marks and pips."""
    libs = []
    if game is not None:
        from ..game import documents

        libs = [doc for _, kind, doc in documents(game) if kind == "symbols"]
    return Symbols([*libs, _shipped_symbols()])


# ------------------------------------------------------------------ layouts


@lru_cache(maxsize=64)
def _load_layout(path: Path):
    from ..data.loader import load_model
    from ..layout.schema import Layout

    return load_model(path, Layout)


def layout_file(ref: str, folder: Path) -> Path:
    """A layout reference: ``x.yaml`` in the game folder, or the name of a shipped layout."""
    if ref.endswith((".yaml", ".yml")):
        return folder / ref
    return SHIPPED / f"{ref}.yaml"


def compiled_layout(ref: str, folder: Path, tables: dict, where: tuple[str, int, int], game=None):
    """Load, validate and compile a layout; problems point at the layout file (or at ``where``).

    A layout in the game folder was read with the game's other files; a shipped
    one is read once per process.
    """
    from ..data.loader import display_path, load_yaml, locate
    from ..layout.compile import compile_layout
    from ..layout.expr import ExprError

    path = layout_file(ref, folder)
    layout = _game_layout(game, path)
    if layout is None and not path.is_file():
        shipped = ", ".join(sorted(p.stem for p in SHIPPED.glob("*.yaml") if p.stem != "marks"))
        raise DataErrors([Problem(*where, f"layout {ref!r}: no file {display_path(path)} and no shipped layout of "
                                          f"that name (shipped: {shipped})")])
    if layout is None:
        layout = _load_layout(path.resolve())
    try:
        return compile_layout(layout, tables)
    except (ExprError, ValueError) as exc:
        msg = str(exc)
        loc = _element_path(msg)
        line, col = locate(load_yaml(path), loc) if loc else (0, 0)
        raise DataErrors([Problem(display_path(path), line, col, msg)]) from None


def _game_layout(game, path: Path):
    if game is None:
        return None
    from ..game import documents

    for p, kind, doc in documents(game):
        if kind == "layout" and p.resolve() == path.resolve():
            return doc
    return None


def _element_path(msg: str) -> tuple:
    """('elements', 3, 'elements', 1) from a message starting 'elements.3.elements.1 ...'."""
    head = msg.split(" ", 1)[0].rstrip(":")
    parts = head.split(".")
    if not parts or parts[0] != "elements":
        return ()
    return tuple(int(p) if p.isdigit() else p for p in parts)


# ------------------------------------------------------------------ the classic layout's tables


def category_tables(deck: Deck, lang: str) -> dict:
    """colour, ink, tint, edge, mark and category (name) per category, for the classic layout."""
    t: dict[str, dict] = {k: {} for k in ("colour", "ink", "tint", "edge", "mark", "category")}
    for c in deck.categories or ():
        band = color(c.colour)
        t["colour"][c.id] = c.colour
        t["ink"][c.id] = contrast(band).hex
        t["tint"][c.id] = mix(band, WHITE, 0.86).hex
        t["edge"][c.id] = mix(band, WHITE, 0.5).hex
        t["mark"][c.id] = f"mark-{c.mark}"
        t["category"][c.id] = tr(c.name, lang)
    return {k: v for k, v in t.items() if v}


# ------------------------------------------------------------------ the deck


@dataclass
class Card:
    """One card type of the list: its field values, copies and where it was written."""

    values: dict
    copies: int
    source: tuple[str, int]  # display file, line
    back: Any = None  # the compiled back layout and its values, or None

    @property
    def label(self) -> str:
        for key in ("name", "title", "id"):
            v = self.values.get(key)
            if v:
                return str(v.get("de") if isinstance(v, dict) else getattr(v, "de", v))
        return f"#{self.source[1]}"


@dataclass
class DeckPlan:
    doc: Deck
    face: Any  # Compiled layout
    cards: list[Card]
    symbols: Symbols
    folder: Path
    warnings: list[str] = field(default_factory=list)

    @property
    def size(self):
        return self.doc.size

    @property
    def total(self) -> int:
        return sum(c.copies for c in self.cards)


def plan_deck(doc: Deck, game, lang: str, stem: str = "deck") -> DeckPlan:
    """Everything the deck needs before drawing: layouts compiled, card list read and typed.

    Every problem of the card list is reported at once, as ``file:line``.
    """
    from ..data.loader import display_path
    from ..game import source
    from ..layout.fields import parse_field

    src = source(game, doc)
    path, raw = src if src is not None else (Path(f"{stem}.yaml"), None)
    folder = Path(path).parent
    shown = display_path(Path(path))
    tables = {**category_tables(doc, lang), **doc.tables}
    face = compiled_layout(doc.layout, folder, tables, _at(shown, raw, ("layout",)), game)
    fields = {}
    problems = []
    for name, decl in face.layout.fields.items():
        try:
            fields[name] = parse_field(decl)
        except ValueError as exc:
            problems.append(Problem(display_path(layout_file(doc.layout, folder)), 0, 0, f"field {name!r}: {exc}"))
    if problems:
        raise DataErrors(problems)
    defaults = dict(doc.defaults)
    if doc.cost_label is not None:
        defaults.setdefault("cost_label", doc.cost_label)
    if doc.cost_style is not None:
        defaults.setdefault("cost_style", doc.cost_style)
    records = _records(doc, fields, folder, shown, raw)
    backs = _backs(doc, folder, shown, raw, game)
    cards = []
    for rec in records:
        values = {**defaults, **{k: v for k, v in rec.values.items() if v is not None}}
        back = backs(values, rec.source) if backs else None
        cards.append(Card(values, rec.copies, rec.source, back))
    plan = DeckPlan(doc, face, cards, game_symbols(game), folder)
    _check_references(plan)
    return plan


def _at(shown: str, raw, loc: tuple) -> tuple[str, int, int]:
    from ..data.loader import locate

    return (shown, *locate(raw, loc)) if raw is not None else (shown, 0, 0)


def _records(doc: Deck, fields: dict, folder: Path, shown: str, raw) -> list:
    from ..data.tables import read_records, records_from_yaml

    if isinstance(doc.cards, str):
        return read_records(folder / doc.cards, fields, doc.columns, doc.sheet)
    items = raw["cards"] if raw is not None else doc.cards
    return records_from_yaml(items, fields, shown)


def _backs(doc: Deck, folder: Path, shown: str, raw, game):
    """A function card values -> (compiled back layout, back values), or None for single-sided decks."""
    if doc.backs is None and doc.back == "none":
        return None
    cache: dict[str, Any] = {}

    def compiled(spec, loc):
        spec = Back(layout=spec) if isinstance(spec, str) else spec
        key = spec.layout
        if key not in cache:
            cache[key] = compiled_layout(spec.layout, folder, dict(doc.tables), _at(shown, raw, loc), game)
        return cache[key], spec.values()

    if doc.backs is None:
        one = compiled(doc.back if doc.back is not None else Back(), ("back",))
        return lambda values, where: one
    by, table = doc.backs.by, doc.backs.layouts
    made = {k: compiled(v, ("backs", "layouts", k)) for k, v in table.items()}

    def pick(values, where):
        key = "" if values.get(by) is None else str(values.get(by))
        if key in made:
            return made[key]
        if "default" in made:
            return made["default"]
        raise DataErrors([Problem(where[0], where[1], 0, f"no back for {by} = {key!r}; 'backs' lists "
                                                         f"{', '.join(made)} (add one or a 'default')")])

    return pick


def _check_references(plan: DeckPlan) -> None:
    """Symbols a card names that no library has, found before drawing, with the card's row."""
    problems = []
    symbol_fields = [n for n, d in plan.face.layout.fields.items() if n == "symbol" or n.endswith("_symbol")]
    for card in plan.cards:
        for name in symbol_fields:
            sid = card.values.get(name)
            if sid and sid not in plan.symbols.by_id:
                known = ", ".join(s for s in plan.symbols.by_id if not s.startswith(("mark-", "pip")))
                problems.append(Problem(card.source[0], card.source[1], 0,
                                        f"{name!r}: unknown symbol {sid!r}; the game's symbols are: "
                                        f"{known or 'none (add a file with kind: symbols)'}"))
    if problems:
        raise DataErrors(problems)


# ------------------------------------------------------------------ items and assets


def _stamp(plan: DeckPlan, layout, values: dict, card: Card | None, bleed: float, lang: str):
    from ..layout.compile import Card as Stamp, CardError
    from .images import Images

    w, h = plan.size
    where = card.source if card is not None else (plan.doc.name or "deck", 0)
    try:
        return layout.stamp(values, Stamp(w, h, bleed, lang, plan.symbols, Images(plan.folder),
                                          warn=plan.warnings.append))
    except CardError as exc:
        raise DataErrors([Problem(where[0], where[1], 0, str(exc))]) from None


def _item(plan: DeckPlan, card: Card, lang: str):
    from ..imposition.items import Item

    w, h = plan.size
    back, key = None, None
    if card.back is not None:
        layout, values = card.back
        back = lambda b: _stamp(plan, layout, values, card, b, lang)  # noqa: E731
        key = (id(layout), repr(sorted(values.items())))
    return Item(w, h, lambda b: _stamp(plan, plan.face, card.values, card, b, lang), back, card.label, key)


def card_items(plan: DeckPlan, lang: str = "de") -> list:
    """One item per printed card, copies expanded, in list order."""
    items = []
    for card in plan.cards:
        item = _item(plan, card, lang)
        items += [item] * card.copies
    return items


def card_faces(plan: DeckPlan, lang: str = "de") -> list[tuple]:
    return [(_item(plan, c, lang), c.copies) for c in plan.cards]


def back_item(plan: DeckPlan, lang: str = "de"):
    """The deck's one back as an item, when every card has the same one."""
    from ..imposition.items import Item

    backs = {id(c.back[0]) if c.back else None for c in plan.cards}
    if len(backs) != 1 or None in backs:
        return None
    layout, values = plan.cards[0].back
    w, h = plan.size
    return Item(w, h, lambda b: _stamp(plan, layout, values, None, b, lang), None, "back")


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


def _slug(card: Card, i: int) -> str:
    import re

    v = card.values.get("id") or card.label
    s = re.sub(r"[^a-z0-9]+", "-", str(v).lower()).strip("-")
    return s or f"card-{i + 1}"


def deck_assets(doc: Deck, game, opts: BuildOptions, stem: str) -> Iterable[Asset]:
    """Kind 'deck': the imposed deck PDF, one SVG per card type and per back, a PNG contact sheet."""
    from ..imposition.grid import impose
    from ..imposition.single import single_page
    from ..preview import contact_sheet

    lang = opts.lang
    plan = plan_deck(doc, game, lang, stem)
    name = doc.name or stem
    title = tr(doc.title, lang)
    sheet = deck_sheet(doc, opts)
    w, h = plan.size
    deck = Asset(name, title, lambda: impose(card_items(plan, lang), sheet), formats=("pdf",),
                 description=f"{plan.total} cards, {len(plan.cards)} types, {w:g} × {h:g} mm",
                 faces=card_faces(plan, lang), back=back_item(plan, lang), safe=plan.face.layout.safe, cards=plan)
    yield deck
    seen: set[str] = set()
    for i, card in enumerate(plan.cards):
        slug = _slug(card, i)
        while slug in seen:
            slug += "-2"
        seen.add(slug)
        item = _item(plan, card, lang)
        yield Asset(f"cards/{slug}", card.label, lambda it=item: [single_page(it, opts.bleed)],
                    formats=("svg",), description=f"{card.copies}× {card.label}")
    backs = {}
    for card in plan.cards:
        if card.back is not None:
            backs.setdefault(id(card.back[0]), card)
    for n, card in enumerate(backs.values()):
        item = _item(plan, card, lang)
        suffix = "" if len(backs) == 1 else f"-{n + 1}"
        yield Asset(f"cards/_back{suffix}", "back" if lang == "en" else "Rückseite",
                    lambda it=item: [single_page(it, opts.bleed, back=True)], formats=("svg",),
                    description="the back every card shares" if len(backs) == 1 else f"back {n + 1}")
    yield Asset(f"{name}-contact-sheet", title, lambda: [contact_sheet(deck)], formats=("png",),
                description="every card type once with its copy count", preview_of=name)
