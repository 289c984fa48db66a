"""Cards of a deck (kind: deck): records stamped with a layout, and the deck's assets.

There is no drawing code here: a card face is its layout (a file in the game
folder or a shipped one in ``pnp/layout/shipped/``) stamped with the card's
field values. The layout is validated and compiled once per build; faces are
stamped lazily, one sheet at a time, so a long deck is never in memory.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable

from pnp.model.assets import Asset, BuildOptions
from pnp.load.errors import DataErrors, Problem
from pnp.model.base import tr
from pnp.load.words import ENGINE
from pnp.scene import WHITE, color, contrast, mix
from pnp.model.deck import Back, Deck
from pnp.layout.files import compiled_layout, roots_of

TIGHT_MARGIN = 5.0  # mm: still inside what home printers print


# ------------------------------------------------------------------ symbols lookup


class Symbols:
    """Every symbol of the given libraries by id (first definition wins). The libraries
    are read on the first lookup: a deck that shows no symbol never reads the shipped marks."""

    def __init__(self, libraries: Iterable = (), *more: Callable[[], Any]):
        self._libraries, self._more = list(libraries), more

    @cached_property
    def by_id(self) -> dict[str, tuple[Any, str]]:
        out: dict[str, tuple[Any, str]] = {}
        for lib in [*self._libraries, *(load() for load in self._more)]:
            for s in lib.symbols:
                out.setdefault(s.id, (s, lib.ink))
        return out

    def draw(self, sid: str, x: float, y: float, size: float, ink=None):
        from pnp.layout.builtin.symbols import draw_symbol

        sym, lib_ink = self.by_id[sid]
        return draw_symbol(sym, x, y, size, ink or lib_ink)


@lru_cache(maxsize=None)
def _shipped_symbols():
    from pnp.layout.builtin.symbols import load_library
    from pnp.layout.files import SHIPPED

    return load_library(SHIPPED, "marks.yaml")


def game_symbols(game) -> Symbols:
    """The game's symbol libraries (kind: symbols), then the shipped marks and pips."""
    libs = []
    if game is not None:
        from pnp.layout.documents import documents

        libs = [doc for _, kind, doc in documents(game) if kind == "symbols"]
    return Symbols(libs, _shipped_symbols)


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
    lang: str = "de"  # the language its label is shown in
    face: Any = None  # the compiled face layout
    name: str | None = None  # what a generated card is called (its product values), for labels and files
    back_name: str = ""  # the key of 'backs' that chose its back ("" for the deck's one back)
    elements: int = 0  # elements of the SVG pictures its fields name, each drawn with the card

    @property
    def label(self) -> str:
        for key in ("name", "title", "id"):
            v = self.values.get(key)
            if v:
                if isinstance(v, str):
                    return v
                return tr(v, self.lang) if isinstance(v, dict) or hasattr(v, "texts") else str(v)
        return self.name or f"#{self.source[1]}"


@dataclass
class DeckPlan:
    doc: Deck
    face: Any  # the first face layout (compiled); each card knows its own
    cards: list[Card]
    symbols: Symbols
    folder: Path
    warnings: list[str] = field(default_factory=list)
    shared: dict = field(default_factory=dict)  # face layout id -> the one size of each of its same_size texts
    fallbacks: dict = field(default_factory=dict)  # font name -> characters a fallback drew for it
    overlaps: list = field(default_factory=list)  # Overlap of each card side whose text overlaps an element
    _checked: set = field(default_factory=set)  # card sides looked at for overlaps
    _last: dict = field(default_factory=dict)  # "face"/"back" -> (card side, bleed, its stamp): copies follow
    faces: dict = field(default_factory=dict)  # 'layouts' key (or "") -> compiled face layout
    roots: tuple = ()  # where the files it names may lie (Game.roots)
    pictures: dict = field(default_factory=dict)  # digest -> (pixels decoded, SVG elements) of every picture

    @property
    def images(self):
        from pnp.layout.builtin.images import images_in

        return images_in(self.folder, self.roots or (self.folder,))
    ink_saver: bool = False  # stamp the layouts' ink-saving variants

    @property
    def size(self):
        return self.doc.size

    @property
    def total(self) -> int:
        return sum(c.copies for c in self.cards)

    @property
    def safe(self) -> float:
        return min(f.layout.safe for f in self.faces.values()) if self.faces else self.face.layout.safe


def plan_deck(doc: Deck, game, lang: str, stem: str = "deck", limits=None, ink_saver: bool = False) -> DeckPlan:
    """Everything the deck needs before drawing: layouts compiled, card list read and typed,
    pictures checked, all within ``limits`` (:class:`pnp.load.budget.Limits`); ``ink_saver``: the
    layouts' ink-saving variants are drawn.

    Every problem of the card list is reported at once, as ``file:line``.
    """
    faces, records, (items, names), (folder, shown, raw) = _read(doc, game, lang, stem)
    _check_pickers(doc, records, shown, raw)
    backs = _backs(doc, folder, shown, raw, game)
    pick = _picker(doc, faces)
    cards, problems = [], []
    for n, rec in enumerate(records):
        values = dict(rec.values)
        try:
            key, (face, own) = pick(values, rec.source)
            back_name, back = backs(values, rec.source) if backs else ("", None)
        except DataErrors as exc:
            problems += exc.problems
            continue
        for fname, ftype in own.items():
            if ftype.required and values.get(fname) is None:
                problems.append(Problem(rec.source[0], rec.source[1], 0, f"{fname}: expected {ftype.expected}, "
                                        f"got nothing (the {key} layout needs it)"))
        cards.append(Card(values, rec.copies, rec.source, back, lang, face, names[n] if names else None, back_name))
    if problems:
        raise DataErrors(problems)
    compiled = {k: f for k, (f, _) in faces.items()}
    plan = DeckPlan(doc, next(iter(compiled.values())), cards, game_symbols(game), folder, faces=compiled,
                    roots=roots_of(game, folder), warnings=list(getattr(records, "warnings", ())), ink_saver=ink_saver)
    _check_references(plan, items if not isinstance(doc.cards, str) else None, limits)
    if any(face.same_size for face in compiled.values()):  # every card is stamped: after the budget, not before
        from pnp.load.budget import Limits

        (limits or Limits()).check_shapes(deck_shapes(plan), doc.name or stem)
    for face in compiled.values():
        if face.same_size:
            plan.shared[id(face)] = _shared_sizes(plan, face, lang)
    return plan


def deck_records(doc: Deck, game, stem: str = "deck") -> list:
    """The deck's card list as the build reads it (a YAML list, a spreadsheet or a generated list,
    typed, with the deck's defaults and each card's copies): what a rules checker counts."""
    return _read(doc, game, "de", stem)[1]


def _read(doc: Deck, game, lang: str, stem: str):
    """(face layouts, card records, (YAML card list, generated cards' names), (folder, shown path,
    raw YAML)) of a deck; the face layouts by their 'layouts' key ("" for the one layout), each
    compiled with its typed fields."""
    from pnp.load.loader import display_path
    from pnp.layout.documents import source
    src = source(game, doc)
    path, raw = src if src is not None else (Path(f"{stem}.yaml"), None)
    folder = Path(path).parent
    shown = display_path(Path(path))
    tables = {**category_tables(doc, lang), **doc.tables}
    faces = _faces(doc, folder, tables, shown, raw, game)
    fields = _with_defaults(_union(faces, doc, shown, raw), doc, shown, raw)
    items, names = _card_list(doc, shown, raw)
    records = _records(doc, fields, folder, _at(shown, raw, ("cards",)), items, roots_of(game, folder))
    return faces, records, (items, names), (folder, shown, raw)

def _faces(doc: Deck, folder: Path, tables: dict, shown: str, raw, game) -> dict:
    """'layouts' key -> (compiled face layout, its typed fields); one layout is the key ""."""
    if doc.layouts is None:
        return {"": compiled_layout(doc.layout, folder, tables, _at(shown, raw, ("layout",)), game)}
    return {key: compiled_layout(ref, folder, tables, _at(shown, raw, ("layouts", "layouts", key)), game)
            for key, ref in doc.layouts.layouts.items()}


def _union(faces: dict, doc: Deck, shown: str, raw) -> dict:
    """The fields a card list is read with: every face layout's, declared alike wherever they repeat
    (a field only some faces need is checked per card), plus the fields that pick faces and backs."""
    from dataclasses import replace

    from pnp.layout.fields import parse_field

    out: dict = {}
    first: dict[str, str] = {}
    problems = []
    for key, (_, fields) in faces.items():
        for name, ftype in fields.items():
            if name in out and out[name].declaration != ftype.declaration:
                problems.append(Problem(*_at(shown, raw, ("layouts", "layouts", key)),
                                        f"the layouts declare the field {name!r} differently: "
                                        f"{out[name].declaration!r} for {first[name]}, {ftype.declaration!r} for {key}"))
                continue
            out.setdefault(name, ftype)
            first.setdefault(name, key)
    if problems:
        raise DataErrors(problems)
    if len(faces) > 1:
        out = {n: (replace(f, optional=True) if f.required else f) for n, f in out.items()}
    for picker in (doc.layouts, doc.backs):
        if picker is not None and picker.by not in out:
            out[picker.by] = parse_field("text?")
    return out


def _check_pickers(doc: Deck, records: list, shown: str, raw) -> None:
    """A field that picks faces or backs but that no card gives (a misspelt ``by``) is one error at
    ``by``, not one per card."""
    for picker, key in ((doc.layouts, "layouts"), (doc.backs, "backs")):
        if picker is None or "default" in picker.layouts or not records:
            continue
        if all(r.values.get(picker.by) in (None, "") for r in records):
            raise DataErrors([Problem(*_at(shown, raw, (key, "by")), f"'{key}.by': no card gives the field "
                                      f"{picker.by!r}; it picks among {', '.join(picker.layouts)}")])


def _picker(doc: Deck, faces: dict):
    if doc.layouts is None:
        one = ("layout", faces[""])
        return lambda values, where: one
    return by_value(doc.layouts.by, faces, "layout", "layouts")


def by_value(by: str, made: dict, what: str, key: str):
    """A function (card values, (file, line)) -> (entry, made[entry]): the entry the card's value of
    ``by`` names, else ``default``; else the card's error, naming the entries of ``key``."""

    def pick(values, where):
        value = "" if values.get(by) is None else str(values.get(by))
        for k in (value, "default"):
            if k in made:
                return k, made[k]
        raise DataErrors([Problem(where[0], where[1], 0, f"no {what} for {by} = {value!r}; '{key}' lists "
                                                         f"{', '.join(made)} (add one or a 'default')")])

    return pick


def _shared_sizes(plan: DeckPlan, face, lang: str) -> dict:
    """One size per same_size text of a face layout: the least any of its cards' text fits at."""
    from pnp.layout.compile import Card as Stamp, CardError

    w, h = plan.size
    measured: dict = {}
    for card in plan.cards:
        if card.face is not face:
            continue
        try:
            face.stamp(card.values, Stamp(w, h, 0.0, lang, plan.symbols, plan.images,
                                          measured=measured, ink_saver=plan.ink_saver))
        except CardError as exc:
            raise DataErrors([Problem(card.source[0], card.source[1], 0, str(exc))]) from None
    return measured


def _with_defaults(fields: dict, doc: Deck, shown: str, raw) -> dict:
    """The layout's fields with the deck's ``defaults`` (and the classic layout's
    ``cost_label``/``cost_style``) as their defaults, typed like any card value."""
    from dataclasses import replace

    given = dict(doc.defaults)
    for key in ("cost_label", "cost_style"):
        if getattr(doc, key) is not None:
            given.setdefault(key, getattr(doc, key))
    out, problems = dict(fields), []
    for name, value in given.items():
        if name not in fields:
            problems.append(Problem(*_at(shown, raw, ("defaults", name)), f"'defaults': the layout has no field "
                                                                           f"{name!r}; its fields are {', '.join(fields)}"))
            continue
        if not isinstance(value, str) and hasattr(value, "texts"):  # I18n
            value = value.texts
        try:
            out[name] = replace(fields[name], default=fields[name].convert(value), has_default=True)
        except ValueError as exc:
            problems.append(Problem(*_at(shown, raw, ("defaults", name)), f"'defaults.{name}': {exc}"))
    if problems:
        raise DataErrors(problems)
    return out


def _at(shown: str, raw, loc: tuple) -> tuple[str, int, int]:
    from pnp.load.loader import locate

    return (shown, *locate(raw, loc)) if raw is not None else (shown, 0, 0)


def _card_list(doc: Deck, shown: str, raw) -> tuple[Any, list | None]:
    """The YAML card list (generated from ``product``/``extra`` when asked) and the generated
    cards' names; (None, None) for a spreadsheet."""
    from pnp.layout.tables import generate

    if isinstance(doc.cards, str):
        return None, None
    items = raw["cards"] if raw is not None else doc.cards
    if isinstance(items, dict):
        return generate(items)
    return items, None


def _records(doc: Deck, fields: dict, folder: Path, where: tuple, items, roots) -> list:
    from pnp.layout.tables import read_records, records_from_yaml

    if isinstance(doc.cards, str):
        from pnp.model.game import inside

        path = inside(folder / doc.cards, roots, where, doc.cards, "cards")
        return read_records(path, fields, doc.columns, doc.sheet)
    return records_from_yaml(items, fields, where[0])


def _backs(doc: Deck, folder: Path, shown: str, raw, game):
    """A function card values -> (key, (compiled back layout, back values)), or None for single-sided
    decks; the key is the 'backs' entry that chose the back ("" for the deck's one back)."""
    if doc.backs is None and doc.back == "none":
        return None
    cache: dict[str, Any] = {}

    def compiled(spec, loc):
        spec = Back(layout=spec) if isinstance(spec, str) else spec
        key = spec.layout
        if key not in cache:
            cache[key] = compiled_layout(spec.layout, folder, dict(doc.tables), _at(shown, raw, loc), game)
        layout, fields = cache[key]
        given, values, problems = spec.values(), {}, []
        for name in given:
            if name not in fields:
                problems.append(Problem(*_at(shown, raw, loc), f"the back layout {key!r} has no field {name!r}; "
                                                               f"its fields are {', '.join(fields) or 'none'}"))
        for name, field in fields.items():
            try:
                values[name] = field.convert(given.get(name))
            except ValueError as exc:
                problems.append(Problem(*_at(shown, raw, loc), f"back field {name!r}: {exc}"))
        if problems:
            raise DataErrors(problems)
        return layout, values

    if doc.backs is None:
        one = ("", compiled(doc.back if doc.back is not None else Back(), ("back",)))
        return lambda values, where: one
    made = {k: compiled(v, ("backs", "layouts", k)) for k, v in doc.backs.layouts.items()}
    return by_value(doc.backs.by, made, "back", "backs")


def _check_references(plan: DeckPlan, raw_cards, limits=None) -> None:
    """Before anything is drawn: every value a layout looks up in a table is in it, every
    symbol a card names exists, every image it names is a file; each with the card's place."""
    from pnp.layout.compile import CardError
    from pnp.load.budget import BudgetError, Limits
    from pnp.load.paths import is_inside

    problems, broken = [], {}  # broken: picture -> [its problem, cards showing it]
    for i, card in enumerate(plan.cards):
        uses, tables, icons = card.face.uses, card.face.tables, card.face.layout.icons
        label = card.values.get("id") or card.label

        def at(name):
            if raw_cards is not None:
                from pnp.load.loader import locate

                return (card.source[0], *locate(raw_cards, (i, name)))
            return (card.source[0], card.source[1], 0)

        for name, names in sorted(uses.lookups.items()):
            value = card.values.get(name)
            key = "" if value is None else str(value)
            for t in sorted(names):
                if key not in tables[t] and "default" not in tables[t]:
                    listed = ", ".join(k for k in tables[t])
                    problems.append(Problem(*at(name), f"{name!r}: card {label!r} names unknown {name} {key!r}; "
                                                       f"expected one of {listed}"))
                    break
        for name in sorted(uses.symbols):
            sid = card.values.get(name)
            syms = plan.symbols.by_id
            if sid and sid not in syms and sid not in icons:
                known = ", ".join(s for s in syms if not s.startswith(("mark-", "pip")))
                problems.append(Problem(*at(name), f"{name!r}: card {label!r} names unknown symbol {sid!r}; the "
                                                   f"game's symbols are: {known or 'none (add a file with kind: symbols)'}"))
        for name in sorted(uses.images):
            img = card.values.get(name)
            if not img:
                continue
            if not (plan.folder / str(img)).is_file() and is_inside(plan.folder / str(img), plan.roots):
                problems.append(Problem(*at(name), f"{name!r}: card {label!r} shows the image {img!r}, which is not "
                                                   f"a file in {plan.folder.name}/"))
                continue
            try:
                pic = plan.images.picture(str(img))
            except CardError as exc:
                if str(img) not in broken:
                    broken[str(img)] = [Problem(*at(name), f"{name!r}: card {label!r}: {exc}"), 0]
                    problems.append(broken[str(img)][0])
                broken[str(img)][1] += 1
                continue
            card.elements += pic.probe.elements
            if pic.digest not in plan.pictures:
                plan.pictures[pic.digest] = (pic.decoded, pic.probe.elements)
                try:  # stop reading pictures as soon as there are too many: each is decoded whole
                    (limits or Limits()).check_pictures(sum(p for p, _ in plan.pictures.values()),
                                                        sum(e for _, e in plan.pictures.values()), "the deck's cards")
                except BudgetError as exc:
                    raise DataErrors(problems + [Problem(*at(name), f"{name!r}: card {label!r}: {exc}")]) from None
    for first, n in broken.values():  # one problem per broken picture, however many cards show it
        if n > 1:
            problems[problems.index(first)] = Problem(first.file, first.line, first.col,
                                                      f"{first.message} (and {n - 1} more card(s) show it)")
    if problems:
        raise DataErrors(problems)


# ------------------------------------------------------------------ items and assets


def _stamp(plan: DeckPlan, layout, values: dict, card: Card | None, bleed: float, lang: str):
    from pnp.layout.compile import Card as Stamp, CardError
    from pnp.layout.data import records_in

    w, h = plan.size
    where = card.source if card is not None else (plan.doc.name or "deck", 0)
    side = (where, id(layout))
    found = [] if side not in plan._checked else None
    try:
        drawn = layout.stamp(values, Stamp(w, h, bleed, lang, plan.symbols, plan.images,
                                           data=records_in(plan.folder), warn=lambda m: _warn(plan, where, m),
                                           fallback=lambda fam, chars: _fallback(plan, fam, chars),
                                           shared=plan.shared.get(id(layout)), overlaps=found,
                                           ink_saver=plan.ink_saver))
    except CardError as exc:
        raise DataErrors([Problem(where[0], where[1], 0, str(exc))]) from None
    if found is not None:
        plan._checked.add(side)
        label = card.label if card is not None else ENGINE(lang, "proof.back")
        for message in found:
            plan.overlaps.append(Overlap(label, f"{where[0]}:{where[1]}" if where[1] else where[0], message))
            _warn(plan, where, f"card {label!r}: {message}")
    return drawn


@dataclass(frozen=True)
class Overlap:
    """A text of a card side that overlaps another element of it."""

    card: str
    source: str  # file:line of the card's row
    message: str

    def __str__(self) -> str:
        return f"card {self.card!r} ({self.source}): {self.message}"


def _warn(plan: DeckPlan, where: tuple[str, int], message: str) -> None:
    text = f"{where[0]}:{where[1]}: warning: {message}" if where[1] else f"{where[0]}: warning: {message}"
    if text not in plan.warnings:  # each copy of a card is stamped again; say it once
        plan.warnings.append(text)


def _fallback(plan: DeckPlan, family: str, chars: str) -> None:
    """One warning per font of the deck, naming every character a fallback font drew for it."""
    from pnp.load.loader import display_path

    seen = plan.fallbacks.setdefault(family, {})
    new = [c for c in chars if c not in seen]
    if not new:
        return
    old = _fallback_text(plan, family, seen) if seen else None
    seen.update(dict.fromkeys(new))
    text = _fallback_text(plan, family, seen)
    if old in plan.warnings:
        plan.warnings[plan.warnings.index(old)] = text
    else:
        plan.warnings.append(text)


def _fallback_text(plan: DeckPlan, family: str, chars: dict) -> str:
    from pnp.load.loader import display_path

    shown = " ".join(f"{c!r} (U+{ord(c):04X})" for c in chars)
    return (f"{display_path(plan.folder)}: warning: {plan.doc.name or 'deck'}: the font {family!r} has no glyph for "
            f"{shown}; drawn with a fallback font")


def _item(plan: DeckPlan, card: Card, lang: str):
    from pnp.impose.items import Item

    w, h = plan.size
    back, key = None, None
    if card.back is not None:
        layout, values = card.back
        back = lambda b: _copy(plan, "back", layout, values, card, b, lang)  # noqa: E731
        key = _back_key(card)
    return Item(w, h, lambda b: _copy(plan, "face", card.face, card.values, card, b, lang), back, card.label, key)


def _copy(plan: DeckPlan, side: str, layout, values: dict, card: Card, bleed: float, lang: str):
    """The stamp of one side of ``card``: the copies of a card follow each other, so the stamp of
    the last card is kept (one a side) and drawn again for its next copy instead of stamped anew."""
    key = (id(card), id(layout), bleed, lang)
    last = plan._last.get(side)
    if last is not None and last[0] == key:
        return last[1]
    drawn = _stamp(plan, layout, values, card, bleed, lang)
    plan._last[side] = (key, drawn)
    return drawn


def _back_key(card: Card):
    """Equal for cards whose backs look the same: the same layout with the same values."""
    layout, values = card.back
    return (id(layout), repr(sorted(values.items())))


def card_faces(plan: DeckPlan, lang: str = "de") -> list[tuple]:
    """(item, copies) per card of the list."""
    return [(_item(plan, c, lang), c.copies) for c in plan.cards]


def card_items(faces: list[tuple]) -> list:
    """One item per printed card, copies expanded, in list order."""
    return [item for item, copies in faces for _ in range(copies)]


def back_item(plan: DeckPlan, lang: str = "de"):
    """The deck's one back as an item, when every card has the same one."""
    from pnp.impose.items import Item

    backs = {_back_key(c) if c.back else None for c in plan.cards}
    if len(backs) != 1 or None in backs:
        return None
    layout, values = plan.cards[0].back
    w, h = plan.size
    return Item(w, h, lambda b: _stamp(plan, layout, values, None, b, lang), None, "back")


def deck_sheet(doc: Deck, opts: BuildOptions):
    """The sheet for the deck; the margin is narrowed to TIGHT_MARGIN only when
    that fits more cards (poker cards 3×3 on Letter need 7.7 mm, not 8). The
    cards stay centred, so only the crop marks move closer to the paper edge."""
    from pnp.impose.grid import DoesNotFit, plan_grid
    from pnp.impose.items import sheet_from_options

    sheet = sheet_from_options(opts)
    if opts.margin > TIGHT_MARGIN:
        w, h = doc.size
        tight = sheet_from_options(opts, margin=TIGHT_MARGIN)

        def per_page(s) -> int:
            try:
                return plan_grid(w, h, s).per_page
            except DoesNotFit:  # larger than the paper: the build says so before drawing
                return 0

        if per_page(tight) > per_page(sheet):
            return tight
    return sheet


def deck_shapes(plan: DeckPlan) -> int:
    """About what the deck's pages draw: every printed card times the elements of its face
    and back layouts and of the SVG pictures it shows (known before anything is stamped)."""
    return sum(c.copies * (c.face.elements + (c.back[0].elements if c.back is not None else 0) + c.elements)
               for c in plan.cards)


def _slug(card: Card, i: int) -> str:
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


def deck_assets(doc: Deck, game, opts: BuildOptions, stem: str) -> Iterable[Asset]:
    """Kind 'deck': the imposed deck PDF; one SVG (and with ``-f png-cards`` one PNG) per card type and
    per back, in ``cards/<deck>/``; a PNG contact sheet."""
    from pnp.impose.grid import impose
    from pnp.impose.single import single_page
    from pnp.layout.builtin.preview import contact_sheet
    from pnp.load.paths import file_stem

    lang = opts.lang
    plan = plan_deck(doc, game, lang, stem, opts.limits, opts.ink_saver)
    name = doc.name or stem
    title = tr(doc.title, lang)
    sheet = deck_sheet(doc, opts)
    w, h = plan.size
    faces = card_faces(plan, lang)  # the items the pages are imposed from, made once
    deck = Asset(name, title, lambda: impose(card_items(faces), sheet), formats=("pdf",),
                 description=f"{plan.total} cards, {len(plan.cards)} types, {w:g} × {h:g} mm",
                 faces=faces, back=back_item(plan, lang), safe=plan.safe, cards=plan,
                 warnings=plan.warnings, overlaps=plan.overlaps, shapes=deck_shapes(plan), pictures=plan.pictures)
    yield deck
    folder = f"cards/{name}"
    seen: set[str] = set()
    for i, card in enumerate(plan.cards):
        slug = _unique(_slug(card, i), seen)
        item = faces[i][0]
        yield Asset(f"{folder}/{slug}", card.label, lambda it=item: [single_page(it, opts.bleed)],
                    formats=CARD_FORMATS, description=f"{card.copies}× {card.label}")
    backs: dict = {}
    for card in plan.cards:
        if card.back is not None:
            backs.setdefault(_back_key(card), card)
    taken: set[str] = set()
    for card in backs.values():
        item = _item(plan, card, lang)
        one = len(backs) == 1
        suffix = "" if one else "-" + _unique(file_stem(card.back_name) or "back", taken)
        label = ENGINE(lang, "proof.back")
        yield Asset(f"{folder}/_back{suffix}", label if one else f"{label} {card.back_name}",
                    lambda it=item: [single_page(it, opts.bleed, back=True)], formats=CARD_FORMATS,
                    description="the back every card shares" if one else f"the back of {card.back_name}")
    yield Asset(f"{name}-contact-sheet", title, lambda: [contact_sheet(deck)], formats=("png",),
                description="every card type once with its copy count", preview_of=name)
