"""A deck's card list, read (kind: deck): its face and back layouts compiled, its records typed
with the deck's defaults, every table value, symbol and picture a card names checked, all before
anything is drawn. :mod:`pnp.layout.builtin.card` stamps and imposes what this reads.
"""
from __future__ import annotations

from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, TypeVar

from pnp.load.classes import dataclass
from pnp.load.errors import DataErrors, Problem
from pnp.model.plain.base import tr
from pnp.scene import WHITE, Group, color, contrast, mix
from pnp.model.plain.deck import DEFAULT_BACK
from pnp.layout.builtin.symbols import Symbols, game_symbols
from pnp.layout.files import compiled_layout, roots_of

if TYPE_CHECKING:
    from pnp.layout.builtin.card import Overlap
    from pnp.layout.builtin.images import Images
    from pnp.layout.compile import Compiled
    from pnp.layout.fields import FieldType
    from pnp.layout.tables import Record, RecordList
    from pnp.load.budget import Limits
    from pnp.model.deck import Back, Deck
    from pnp.model.game import Game

Values = dict[str, Any]  # a layout's field values, typed
Where = tuple[str, int]  # (display file, line) a card was written at
At = tuple[str, int, int]  # (display file, line, column) a problem points at
Fields = dict[str, "FieldType"]  # a layout's fields by name
Made = TypeVar("Made")


# ------------------------------------------------------------------ the classic layout's tables


def category_tables(deck: Deck, lang: str) -> dict[str, dict[str, str]]:
    """colour, ink, tint, edge, mark and category (name) per category, for the classic layout."""
    t: dict[str, dict[str, str]] = {k: {} for k in ("colour", "ink", "tint", "edge", "mark", "category")}
    for c in deck.categories or ():
        band = color(c.colour) or WHITE  # the colour "none": the band is the paper
        t["colour"][c.id] = c.colour
        t["ink"][c.id] = contrast(band).hex
        t["tint"][c.id] = mix(band, WHITE, 0.86).hex
        t["edge"][c.id] = mix(band, WHITE, 0.5).hex
        t["mark"][c.id] = f"mark-{c.mark}"
        t["category"][c.id] = tr(c.name, lang)
    return {k: v for k, v in t.items() if v}

# ------------------------------------------------------------------ the deck


@dataclass
class CardType:
    """One card type of the list: its field values, copies and where it was written."""

    values: Values
    copies: int
    source: Where  # display file, line
    face: Compiled  # the compiled face layout
    back: tuple[Compiled, Values] | None = None  # the compiled back layout and its values, or None
    lang: str = "de"  # the language its label is shown in
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
class PreparedDeck:
    """A deck ready to stamp: its layouts compiled, its card types read and checked."""

    doc: Deck
    face: Compiled  # the first face layout (compiled); each card knows its own
    cards: list[CardType]
    symbols: Symbols
    folder: Path
    warnings: list[str] = field(default_factory=list)
    # face layout id -> the one size of each of its same_size texts
    shared: dict[int, dict[str, float]] = field(default_factory=dict)
    # font name -> characters a fallback drew for it (a dict for their order)
    fallbacks: dict[str, dict[str, None]] = field(default_factory=dict)
    overlaps: list[Overlap] = field(default_factory=list)  # each card side whose text overlaps an element
    _checked: set[tuple[Where, int]] = field(default_factory=set)  # card sides looked at for overlaps
    # a warning's message -> (its place in warnings, the rows it was said for): said once, with how many more cards
    _said: dict[str, tuple[int, set[Where]]] = field(default_factory=dict)
    # "face"/"back" -> ((card, layout, bleed, language), its stamp): copies follow each other
    _last: dict[str, tuple[tuple[int, int, float, str], Group]] = field(default_factory=dict)
    faces: dict[str, Compiled] = field(default_factory=dict)  # 'layouts' key (or "") -> compiled face layout
    roots: tuple[Path, ...] = ()  # where the files it names may lie (Game.roots)
    # digest -> (pixels decoded, SVG elements) of every picture
    pictures: dict[str, tuple[int, int]] = field(default_factory=dict)

    @property
    def images(self) -> Images:
        from pnp.layout.builtin.images import images_in

        return images_in(self.folder, self.roots or (self.folder,))
    ink_saver: bool = False  # stamp the layouts' ink-saving variants

    @property
    def size(self) -> tuple[float, float]:
        return self.doc.size

    @property
    def total(self) -> int:
        return sum(c.copies for c in self.cards)

    @property
    def safe(self) -> float:
        return min(f.layout.safe for f in self.faces.values()) if self.faces else self.face.layout.safe


def prepare_deck(doc: Deck, game: Game | None, lang: str, stem: str = "deck", limits: Limits | None = None,
                 ink_saver: bool = False) -> PreparedDeck:
    """Everything the deck needs before drawing: layouts compiled, card list read and typed,
    pictures checked, all within ``limits`` (:class:`pnp.load.budget.Limits`); ``ink_saver``: the
    layouts' ink-saving variants are drawn.

    Every problem of the card list is reported at once, as ``file:line``.
    """
    faces, records, (items, names), (folder, shown, raw) = _read(doc, game, lang, stem)
    _check_pickers(doc, records, shown, raw)
    backs = _backs(doc, folder, shown, raw, game)
    pick = _picker(doc, faces)
    cards: list[CardType] = []
    problems: list[Problem] = []
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
        cards.append(CardType(values, rec.copies, rec.source, face, back, lang, names[n] if names else None, back_name))
    if problems:
        raise DataErrors(problems)
    compiled = {k: f for k, (f, _) in faces.items()}
    prepared = PreparedDeck(doc, next(iter(compiled.values())), cards, game_symbols(game), folder, faces=compiled,
                    roots=roots_of(game, folder), warnings=list(getattr(records, "warnings", ())), ink_saver=ink_saver)
    _check_references(prepared, items if not isinstance(doc.cards, str) else None, limits)
    if any(face.same_size for face in compiled.values()):  # every card is stamped: after the budget, not before
        from pnp.load.budget import Limits

        (limits or Limits()).check_shapes(deck_shapes(prepared), doc.name or stem)
    for face in compiled.values():
        if face.same_size:
            prepared.shared[id(face)] = _shared_sizes(prepared, face, lang)
    return prepared


def deck_records(doc: Deck, game: Game | None, stem: str = "deck") -> RecordList:
    """The deck's card list as the build reads it (a YAML list, a spreadsheet or a generated list,
    typed, with the deck's defaults and each card's copies): what a rules checker counts."""
    return _read(doc, game, "de", stem)[1]


def _read(doc: Deck, game: Game | None, lang: str,
          stem: str) -> tuple[dict[str, tuple[Compiled, Fields]], RecordList, tuple[Any, list[str | None] | None],
                          tuple[Path, str, Any]]:
    """(face layouts, card records, (YAML card list, generated cards' names), (folder, shown path,
    raw YAML)) of a deck; the face layouts by their 'layouts' key ("" for the one layout), each
    compiled with its typed fields."""
    from pnp.load.loader import display_path
    from pnp.layout.documents import source
    src = source(game, doc)
    path, raw = src if src is not None else (Path(f"{stem}.yaml"), None)
    folder = Path(path).parent
    shown = display_path(Path(path))
    tables: dict[str, dict[str, Any]] = {**category_tables(doc, lang), **doc.tables}
    faces = _faces(doc, folder, tables, shown, raw, game)
    fields = _with_defaults(_union(faces, doc, shown, raw), doc, shown, raw)
    items, names = _card_list(doc, shown, raw)
    records = _records(doc, fields, folder, _at(shown, raw, ("cards",)), items, roots_of(game, folder))
    return faces, records, (items, names), (folder, shown, raw)

def _faces(doc: Deck, folder: Path, tables: dict[str, dict[str, Any]], shown: str, raw: Any,
           game: Game | None) -> dict[str, tuple[Compiled, Fields]]:
    """'layouts' key -> (compiled face layout, its typed fields); one layout is the key ""."""
    if doc.layouts is None:
        return {"": compiled_layout(doc.layout, folder, tables, _at(shown, raw, ("layout",)), game)}
    return {key: compiled_layout(ref, folder, tables, _at(shown, raw, ("layouts", "layouts", key)), game)
            for key, ref in doc.layouts.layouts.items()}


def _union(faces: dict[str, tuple[Compiled, Fields]], doc: Deck, shown: str, raw: Any) -> Fields:
    """The fields a card list is read with: every face layout's, declared alike wherever they repeat
    (a field only some faces need is checked per card), plus the fields that pick faces and backs."""
    from dataclasses import replace

    from pnp.layout.fields import parse_field

    out: Fields = {}
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


def _check_pickers(doc: Deck, records: list[Record], shown: str, raw: Any) -> None:
    """A field that picks faces or backs but that no card gives (a misspelt ``by``) is one error at
    ``by``, not one per card."""
    for picker, key in ((doc.layouts, "layouts"), (doc.backs, "backs")):
        if picker is None or "default" in picker.layouts or not records:
            continue
        if all(r.values.get(picker.by) in (None, "") for r in records):
            raise DataErrors([Problem(*_at(shown, raw, (key, "by")), f"'{key}.by': no card gives the field "
                                      f"{picker.by!r}; it picks among {', '.join(picker.layouts)}")])


def _picker(doc: Deck, faces: dict[str, tuple[Compiled, Fields]]
            ) -> Callable[[Values, Where], tuple[str, tuple[Compiled, Fields]]]:
    if doc.layouts is None:
        one = ("layout", faces[""])
        return lambda values, where: one
    return by_value(doc.layouts.by, faces, "layout", "layouts")


def by_value(by: str, made: dict[str, Made], what: str, key: str) -> Callable[[Values, Where], tuple[str, Made]]:
    """A function (card values, (file, line)) -> (entry, made[entry]): the entry the card's value of
    ``by`` names, else ``default``; else the card's error, naming the entries of ``key``."""

    def pick(values: Values, where: Where) -> tuple[str, Made]:
        value = "" if values.get(by) is None else str(values.get(by))
        for k in (value, "default"):
            if k in made:
                return k, made[k]
        raise DataErrors([Problem(where[0], where[1], 0, f"no {what} for {by} = {value!r}; '{key}' lists "
                                                         f"{', '.join(made)} (add one or a 'default')")])

    return pick


def _shared_sizes(prepared: PreparedDeck, face: Compiled, lang: str) -> dict[str, float]:
    """One size per same_size text of a face layout: the least any of its cards' text fits at."""
    from pnp.layout.compile import Card as Stamp, CardError

    w, h = prepared.size
    measured: dict[str, float] = {}
    for card in prepared.cards:
        if card.face is not face:
            continue
        try:
            face.stamp(card.values, Stamp(w, h, 0.0, lang, prepared.symbols, prepared.images,
                                          measured=measured, ink_saver=prepared.ink_saver))
        except CardError as exc:
            raise DataErrors([Problem(card.source[0], card.source[1], 0, str(exc))]) from None
    return measured


def _with_defaults(fields: Fields, doc: Deck, shown: str, raw: Any) -> Fields:
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


def _at(shown: str, raw: Any, loc: tuple[str | int, ...]) -> At:
    from pnp.load.loader import locate

    return (shown, *locate(raw, loc)) if raw is not None else (shown, 0, 0)


def _card_list(doc: Deck, shown: str, raw: Any) -> tuple[Any, list[str | None] | None]:
    """The YAML card list (generated from ``product``/``extra`` when asked) and the generated
    cards' names; (None, None) for a spreadsheet."""
    from pnp.layout.tables import generate

    if isinstance(doc.cards, str):
        return None, None
    items = raw["cards"] if raw is not None else doc.cards
    if isinstance(items, dict):
        return generate(items)
    return items, None


def _records(doc: Deck, fields: Fields, folder: Path, where: At, items: Any, roots: tuple[Path, ...]) -> RecordList:
    from pnp.layout.tables import read_records, records_from_yaml

    if isinstance(doc.cards, str):
        from pnp.model.plain.game import inside

        path = inside(folder / doc.cards, roots, where, doc.cards, "cards")
        return read_records(path, fields, doc.columns, doc.sheet)
    return records_from_yaml(items, fields, where[0])


def _backs(doc: Deck, folder: Path, shown: str, raw: Any,
           game: Game | None) -> Callable[[Values, Where], tuple[str, tuple[Compiled, Values]]] | None:
    """A function card values -> (key, (compiled back layout, back values)), or None for single-sided
    decks; the key is the 'backs' entry that chose the back ("" for the deck's one back)."""
    if doc.backs is None and doc.back == "none":
        return None
    cache: dict[str, tuple[Compiled, Fields]] = {}

    def compiled(spec: Back | str, loc: tuple[str | int, ...]) -> tuple[Compiled, Values]:
        # a back named by its layout alone gives no field values
        key, given = (spec, {}) if isinstance(spec, str) else (spec.layout, spec.values())
        if key not in cache:
            cache[key] = compiled_layout(key, folder, dict(doc.tables), _at(shown, raw, loc), game)
        layout, fields = cache[key]
        values: Values = {}
        problems: list[Problem] = []
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
        one = ("", compiled(doc.back if doc.back is not None else DEFAULT_BACK, ("back",)))
        return lambda values, where: one
    made = {k: compiled(v, ("backs", "layouts", k)) for k, v in doc.backs.layouts.items()}
    return by_value(doc.backs.by, made, "back", "backs")


def _check_references(prepared: PreparedDeck, raw_cards: Any, limits: Limits | None = None) -> None:
    """Before anything is drawn: every value a layout looks up in a table is in it, every
    symbol a card names exists, every image it names is a file; each with the card's place."""
    problems: list[Problem] = []
    broken: dict[str, tuple[Problem, int]] = {}  # picture -> (its problem, cards showing it)
    for i, card in enumerate(prepared.cards):
        label = card.values.get("id") or card.label

        def at(name: str, i: int = i, card: CardType = card) -> At:
            if raw_cards is not None:
                from pnp.load.loader import locate

                return (card.source[0], *locate(raw_cards, (i, name)))
            return (card.source[0], card.source[1], 0)

        problems += _unknown_lookups(card, label, at) + _unknown_symbols(prepared, card, label, at)
        _check_pictures(prepared, card, label, at, problems, broken, limits)
    for first, n in broken.values():  # one problem per broken picture, however many cards show it
        if n > 1:
            problems[problems.index(first)] = Problem(first.file, first.line, first.col,
                                                      f"{first.message} (and {n - 1} more card(s) show it)")
    if problems:
        raise DataErrors(problems)


def _unknown_lookups(card: CardType, label: object, at: Callable[[str], At]) -> list[Problem]:
    """A value the card's layout looks up in a table that has no row for it (and no default)."""
    out = []
    tables = card.face.tables
    for name, names in sorted(card.face.uses.lookups.items()):
        value = card.values.get(name)
        key = "" if value is None else str(value)
        for t in sorted(names):
            if key not in tables[t] and "default" not in tables[t]:
                listed = ", ".join(k for k in tables[t])
                out.append(Problem(*at(name), f"{name!r}: card {label!r} names unknown {name} {key!r}; "
                                              f"expected one of {listed}"))
                break
    return out


def _unknown_symbols(prepared: PreparedDeck, card: CardType, label: object, at: Callable[[str], At]) -> list[Problem]:
    """A symbol the card names that neither the game's libraries nor the layout's icons have."""
    out = []
    for name in sorted(card.face.uses.symbols):
        sid = card.values.get(name)
        syms = prepared.symbols.by_id
        if sid and sid not in syms and sid not in card.face.layout.icons:
            known = ", ".join(s for s in syms if not s.startswith(("mark-", "pip")))
            out.append(Problem(*at(name), f"{name!r}: card {label!r} names unknown symbol {sid!r}; the "
                                          f"game's symbols are: {known or 'none (add a file with kind: symbols)'}"))
    return out


def _check_pictures(prepared: PreparedDeck, card: CardType, label: object, at: Callable[[str], At],
                    problems: list[Problem], broken: dict[str, tuple[Problem, int]], limits: Limits | None) -> None:
    """Every picture the card shows is a file that reads as one, within the build's budget of
    pixels; a broken picture is one problem (in ``broken``) however many cards show it."""
    from pnp.layout.compile import CardError
    from pnp.load.budget import BudgetError, Limits
    from pnp.load.paths import is_inside

    for name in sorted(card.face.uses.images):
        img = card.values.get(name)
        if not img:
            continue
        if not (prepared.folder / str(img)).is_file() and is_inside(prepared.folder / str(img), prepared.roots):
            problems.append(Problem(*at(name), f"{name!r}: card {label!r} shows the image {img!r}, which is not "
                                               f"a file in {prepared.folder.name}/"))
            continue
        try:
            pic = prepared.images.picture(str(img))
        except CardError as exc:
            if str(img) not in broken:
                broken[str(img)] = (Problem(*at(name), f"{name!r}: card {label!r}: {exc}"), 0)
                problems.append(broken[str(img)][0])
            first, n = broken[str(img)]
            broken[str(img)] = (first, n + 1)
            continue
        card.elements += pic.probe.elements
        if pic.digest not in prepared.pictures:
            prepared.pictures[pic.digest] = (pic.decoded, pic.probe.elements)
            try:  # stop reading pictures as soon as there are too many: each is decoded whole
                (limits or Limits()).check_pictures(sum(p for p, _ in prepared.pictures.values()),
                                                    sum(e for _, e in prepared.pictures.values()), "the deck's cards")
            except BudgetError as exc:
                raise DataErrors(problems + [Problem(*at(name), f"{name!r}: card {label!r}: {exc}")]) from None


def deck_shapes(prepared: PreparedDeck) -> int:
    """About what the deck's pages draw: every printed card times the elements of its face
    and back layouts and of the SVG pictures it shows (known before anything is stamped)."""
    return sum(c.copies * (c.face.elements + (c.back[0].elements if c.back is not None else 0) + c.elements)
               for c in prepared.cards)
