"""Token sheets (kind: tokens): pieces of any shape whose looks are layouts.

Each token is an :class:`~pnp.impose.items.Item` of its cut size, its face a
layout stamped with the token's field values (as a deck's cards are), clipped
to its shape grown by the bleed, so every side of every shape has bleed:

* square and bar: the box is the cut; crop marks at its corners.
* circle and hex: a cut line along the shape, no crop marks (they would point
  at corners the piece does not have).
* standee: one strip folded twice -- a base tab, the figure's back upside
  down, a fold, the front, a fold, the other base tab -- with dashed fold lines.

Tokens are packed (:mod:`pnp.impose.packing`): crop marks for the pieces on the
page only, backs mirrored onto the following page for duplex. Single-sided and
double-sided tokens go to separate files (``NAME`` and ``NAME-double-sided``)
when a sheet has both, so that each file prints either all one-sided or all
duplex.
"""
from __future__ import annotations

import math
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator

from pnp.load.classes import dataclass
from pnp.load.errors import DataErrors, Problem
from pnp.model.assets import Asset, BuildOptions, Item, SheetSpec
from pnp.model.plain.base import tr
from pnp.scene import Ellipse, Group, Path as ScenePath, Polygon, Rect, rotate, style, translate

if TYPE_CHECKING:
    from pnp.layout.compile import Compiled
    from pnp.layout.data import SheetData
    from pnp.layout.fields import FieldType
    from pnp.model.game import Game
    from pnp.model.tokens import TokenSheet, TokenType

MIN_PT = 5.0  # tokens are read up close
MAX_PIECES = 10_000  # on one token sheet, copies included
FOLD = style(stroke="#555555", width=0.25, dash=(1.5, 1.0))
TAB = style(fill="#e6e6e6")

Values = dict[str, Any]  # a layout's field values, typed
Where = tuple[str, int]  # (display file, line) a token was written at
Token = tuple[Values, Values, int, Where]  # front values, back values, copies, where
# (layout, values, w, h, bleed) -> the layout stamped at that size, art to the bleed
Stamp = Callable[["Compiled", Values, float, float, float], Group]
At = Callable[..., tuple[str, int, int]]  # a place in the sheet file -> (file, line, column)


@dataclass
class Piece:
    """One token type, resolved: shape and cut size, compiled layouts, and each token's values."""

    shape: str
    w: float  # the cut piece (a standee: the whole strip)
    h: float
    face_h: float  # a standee's face height (else h)
    base: float  # a standee's base tab
    orientation: str
    front: Compiled
    back: Compiled | None  # compiled back layout, or None
    tokens: list[Token]


def hex_points(w: float, h: float, orientation: str, grow: float = 0.0) -> list[tuple[float, float]]:
    """A regular hexagon in its w x h box (w across the flats when pointy, h when flat), grown by ``grow``."""
    cx, cy = w / 2, h / 2
    r = (max(w, h) / 2) + grow * 2 / math.sqrt(3)
    angles = (0, 60, 120, 180, 240, 300) if orientation == "flat" else (30, 90, 150, 210, 270, 330)
    return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in angles]


def piece_size(t: TokenType, doc: TokenSheet) -> tuple[str, float, float, float, float]:
    """(shape, cut w, cut h, face h, base) of a token type."""
    shape = t.shape or doc.shape
    s = t.size or doc.size
    if shape in ("square", "circle"):
        return shape, _mm(s), _mm(s), _mm(s), 0.0
    if shape == "hex":
        corner = _mm(s) * 2 / math.sqrt(3)
        return (shape, corner, _mm(s), _mm(s), 0.0) if t.orientation == "flat" else (shape, _mm(s), corner, corner, 0.0)
    w, h = _mm(t.w), _mm(t.h)
    if shape == "bar":
        return shape, w, h, h, 0.0
    base = _mm(t.base) if t.base is not None else round(w * 0.6, 3)
    return shape, w, 2 * h + 2 * base, h, base


def _mm(size: float | str | None) -> float:
    """A size of a token type that :func:`sized` has worked out (a calculation) and the schema
    has asked for (a bar's or a standee's w and h): a number."""
    assert isinstance(size, (int, float)), size
    return size


def cut_ops(p: Piece) -> tuple[tuple, ...] | None:
    """The cut line of a round or hexagonal piece, as path ops in its own mm."""
    if p.shape == "circle":
        return (("A", p.w / 2, p.h / 2, p.w / 2, p.h / 2, 0.0, 360.0), ("Z",))
    if p.shape == "hex":
        pts = hex_points(p.w, p.h, p.orientation)
        return (("M", *pts[0]), *(("L", *q) for q in pts[1:]), ("Z",))
    return None


def _clip(p: Piece, bleed: float) -> Ellipse | Polygon | None:
    if p.shape == "circle":
        return Ellipse(p.w / 2, p.h / 2, p.w / 2 + bleed, p.h / 2 + bleed)
    if p.shape == "hex":
        return Polygon(hex_points(p.w, p.h, p.orientation, bleed))
    return None


def draw_side(p: Piece, layout: Compiled, values: Values | tuple[Values, Values], bleed: float, stamp: Stamp) -> Group:
    """One side of a token in its own coordinates (trim = 0, 0, w, h), art to the bleed on every side;
    a standee's one side is both faces: ``values`` are (front values, back values)."""
    if isinstance(values, tuple):
        return _standee(p, values, bleed, stamp)
    art = stamp(layout, values, p.w, p.h, bleed)
    return Group([art], clip=_clip(p, bleed))


def _standee(p: Piece, values: tuple[Values, Values], bleed: float, stamp: Stamp) -> Group:
    """Base tab | the back upside down | fold | the front | fold | base tab."""
    front_values, back_values = values
    w, fh, base = p.w, p.face_h, p.base
    g = Group()
    g.add(Rect(-bleed, -bleed, w + 2 * bleed, p.h + 2 * bleed, TAB))
    face = Rect(-bleed, 0, w + 2 * bleed, fh)  # the faces' art runs into the bleed at the sides only
    back_layout = p.back or p.front
    back = stamp(back_layout, back_values if p.back is not None else front_values, w, fh, bleed)
    g.add(Group([Group([back], clip=face)], transform=translate(0, base) @ rotate(180, w / 2, fh / 2),
                id="standee-back"))
    g.add(Group([Group([stamp(p.front, front_values, w, fh, bleed)], clip=face)], transform=translate(0, base + fh),
                id="standee-front"))
    folds = ScenePath(style=FOLD)
    for y in (base, base + fh, base + 2 * fh):
        folds.move(0, y).line(w, y)
    g.add(folds)
    return g


def sized(t: TokenType, doc: TokenSheet, values: Values, at: At, i: int) -> tuple[TokenType, TokenSheet]:
    """The token type and sheet with every size a number: a calculation (``"{square * 0.8}"``) is
    worked out on the sheet's ``values``; one that is no size in mm is a problem at its line."""
    from pnp.layout.expr import ExprError, Scope, template

    known = ", ".join(sorted(values)) or "none: give the sheet 'values'"

    def mm(value: float | str | None, loc: tuple[str | int, ...]) -> float | None:
        if not isinstance(value, str):
            return value
        text = value.strip()
        low, high = (0.0, 100.0) if loc[-1] == "base" else (0.0, 300.0)
        try:
            t = template(text)
            missing = [r.name for r in t.refs if r.name not in values]
            if missing:
                raise ExprError(f"it reads {missing[0]!r}, which the sheet's values do not have ({known})")
            got = t.render(Scope(values, {}))
        except (ExprError, ArithmeticError, TypeError, ValueError) as exc:
            raise DataErrors([Problem(*at(*loc), f"{text!r}: {exc}")]) from None
        if isinstance(got, bool) or not isinstance(got, (int, float)) or not math.isfinite(got) \
                or not low <= got <= high or (got == 0 and loc[-1] != "base"):
            raise DataErrors([Problem(*at(*loc), f"{text!r} gives {got!r}; expected a size in mm "
                                                 f"({'0' if loc[-1] == 'base' else 'more than 0'} to {high:g}) "
                                                 f"from the sheet's values ({known})")])
        return float(got)

    t = t.model_copy(update={k: mm(getattr(t, k), ("tokens", i, k)) for k in ("size", "w", "h", "base")})
    return t, doc.model_copy(update={"size": mm(doc.size, ("size",))})


class _Reading:
    """A token sheet being read: where its problems point, its values read from its data, and each
    layout it names compiled once."""

    def __init__(self, doc: TokenSheet, game: Game | None, opts: BuildOptions, stem: str) -> None:
        from pnp.layout.data import SheetData
        from pnp.layout.documents import source
        from pnp.load.loader import display_path

        src = source(game, doc)
        path, raw = src if src is not None else (Path(f"{stem}.yaml"), None)
        self.doc, self.game, self.raw = doc, game, raw
        self.folder, self.shown = Path(path).parent, display_path(Path(path))
        self.data = SheetData(game, opts, self.folder, self.shown, raw)
        self._layouts: dict[str, tuple[Compiled, dict[str, FieldType]]] = {}

    def at(self, *loc: str | int) -> tuple[str, int, int]:
        from pnp.load.loader import locate

        return (self.shown, *locate(self.raw, loc)) if self.raw is not None else (self.shown, 0, 0)

    def layout(self, ref: str, loc: tuple[str | int, ...]) -> tuple[Compiled, dict[str, FieldType]]:
        """The layout ``ref`` compiled with its typed fields (once per sheet); ``loc``: where it is named."""
        from pnp.layout.files import compiled_layout

        if ref not in self._layouts:
            self._layouts[ref] = compiled_layout(ref, self.folder, dict(self.doc.tables), self.at(*loc), self.game)
        return self._layouts[ref]


def plan_tokens(doc: TokenSheet, game: Game | None, opts: BuildOptions, stem: str) -> tuple[list[Piece], Path]:
    """Every token type with its layouts compiled and its tokens' values typed, and the folder the
    sheet's files are named in; every problem at once."""
    reading = _Reading(doc, game, opts, stem)
    numbers = reading.data.values(doc.values) if doc.values is not None else {}  # what sizes calculate with
    pieces: list[Piece] = []
    problems: list[Problem] = []
    for i, t in enumerate(doc.tokens):
        try:
            pieces.append(_piece(reading, t, i, numbers, problems))
        except DataErrors as exc:
            problems += exc.problems
    if problems:
        raise DataErrors(problems)
    _within_budget(pieces, reading.at("tokens"))
    return pieces, reading.folder


def _piece(reading: _Reading, t: TokenType, i: int, numbers: dict[str, Any], problems: list[Problem]) -> Piece:
    """Token type ``i`` resolved; what stops it is raised, a back field's problems go to ``problems``."""
    t, sheet = sized(t, reading.doc, numbers, reading.at, i)
    shape, w, h, face_h, base = piece_size(t, sheet)
    (front, fields), (back, back_fields), back_ref = _layouts(reading, t, i)
    tokens: list[Token] = []
    for values, copies, where in _rows(t, fields, reading.folder, reading.at, i, reading.data):
        back_values = {} if back is None else _back_values(reading, t, i, back_ref, back_fields, values, problems)
        tokens.append((values, back_values, copies * t.count, where))
    return Piece(shape, w, h, face_h, base, t.orientation, front, back, tokens)


def _layouts(reading: _Reading, t: TokenType, i: int) -> tuple[tuple[Compiled, dict[str, FieldType]],
                                                                  tuple[Compiled | None, dict[str, FieldType]],
                                                                  str | None]:
    """(front layout, its fields), (back layout or None, its fields) and the back's name of token type ``i``."""
    doc = reading.doc
    front_ref = t.layout or doc.layout
    assert front_ref is not None  # TokenSheet's schema asks the token or the sheet for a layout
    back_ref = t.back if t.back is not None else doc.back
    back_ref = None if back_ref == "none" else back_ref
    front = reading.layout(front_ref, ("tokens", i, "layout") if t.layout else ("layout",))
    back: tuple[Compiled | None, dict[str, FieldType]] = \
        reading.layout(back_ref, ("tokens", i, "back") if t.back else ("back",)) if back_ref else (None, {})
    return front, back, back_ref


def _back_values(reading: _Reading, t: TokenType, i: int, back_ref: str | None, back_fields: dict[str, FieldType],
                 values: dict[str, Any], problems: list[Problem]) -> dict[str, Any]:
    """A token's back layout's values: its front values with the type's ``back_fields`` over them."""
    back_values = {}
    given = {**values, **t.back_fields}
    for name, field in back_fields.items():
        try:
            back_values[name] = field.convert(given.get(name))
        except ValueError as exc:
            problems.append(Problem(*reading.at("tokens", i, "back_fields"), f"back field {name!r}: {exc}"))
    unknown = sorted(set(t.back_fields) - set(back_fields))
    if unknown:
        problems.append(Problem(*reading.at("tokens", i, "back_fields"), f"the back layout {back_ref!r} has no "
                                f"field {unknown[0]!r}; its fields are {', '.join(back_fields) or 'none'}"))
    return back_values


def _within_budget(pieces: list[Piece], where: tuple[str, int, int]) -> None:
    """Refuse more pieces than a sheet may hold before any is made (each is an item in memory)."""
    count = sum(copies for p in pieces for *_, copies, _ in p.tokens)
    if count > MAX_PIECES:
        raise DataErrors([Problem(*where, f"tokens: {count:,} pieces; a token sheet holds at most {MAX_PIECES:,}")])


def _fits(p: Piece, sheet: SheetSpec) -> bool:
    """Whether a piece fits inside the paper's margins, turned or not, as packing places it."""
    from pnp.model.paper import paper_size

    for orient in (("portrait", "landscape") if sheet.orientation == "auto" else (sheet.orientation,)):
        pw, ph = paper_size(sheet.paper, orient)
        aw, ah = pw - 2 * sheet.margin, ph - 2 * sheet.margin
        if (p.w <= aw and p.h <= ah) or (sheet.rotate and p.h <= aw and p.w <= ah):
            return True
    return False


def pages_at_least(items: list[Item], sheet: SheetSpec) -> int:
    """Pages these pieces cover at the least, counting only their area with bleed (packing makes as many
    or more), so the build holds them to its page budget before drawing any."""
    from pnp.model.paper import paper_size

    pw, ph = paper_size(sheet.paper)
    usable = max(pw - 2 * sheet.margin, 1.0) * max(ph - 2 * sheet.margin, 1.0)
    area = sum((it.w + 2 * sheet.bleed) * (it.h + 2 * sheet.bleed) for it in items)
    return math.ceil(area / usable) * (2 if any(it.back is not None for it in items) else 1)


def on_paper(sheet: SheetSpec, pieces: list[Piece]) -> SheetSpec:
    """The sheet spec tokens are packed with: its margin wide enough that each piece's bleed and crop
    marks (squares, bars and standees have them) stay PAGE_SAFE mm clear of the paper's edge, where a
    home printer may not print (the packing keeps that margin too; the fit check needs it first)."""
    from dataclasses import replace

    from pnp.impose.marks import room

    marked = sheet.crop_marks and any(cut_ops(p) is None for p in pieces)
    return replace(sheet, margin=max(sheet.margin, room(sheet.bleed, sheet.crop_gap, sheet.crop_length, marked)))


def _rows(t: TokenType, fields: dict[str, FieldType], folder: Path, at: At, i: int,
          data: SheetData) -> list[tuple[Values, int, Where]]:
    """(typed values, copies, (file, line)) of each token a type prints."""
    if t.records is None:
        values: Values = {}
        problems: list[Problem] = []
        for name in t.fields:
            if name not in fields:
                problems.append(Problem(*at("tokens", i, "fields", name), f"the layout has no field {name!r}; its "
                                        f"fields are {', '.join(fields) or 'none'}"))
        for name, field in fields.items():
            try:
                values[name] = field.convert(t.fields.get(name))
            except ValueError as exc:
                problems.append(Problem(*at("tokens", i, "fields"), f"field {name!r}: {exc}"))
        if problems:
            raise DataErrors(problems)
        where = at("tokens", i)
        return [(values, 1, (where[0], where[1]))]
    from pnp.layout.tables import read_records, records_from_yaml
    from pnp.load.loader import display_path, load_yaml

    if not isinstance(t.records, str):  # {source: name}: the records a game's rules module computes
        got = data.source(t.records.source, ("tokens", i, "records", "source"))
        if not isinstance(got, list):
            raise data.fail(("tokens", i, "records", "source"), f"source {t.records.source!r} gives a "
                            f"{type(got).__name__}; a token's records are a list of mappings")
        where = at("tokens", i, "records")  # a computed record's problems point at the sheet line naming it
        try:
            recs = records_from_yaml(got, fields, f"source {t.records.source}")
        except DataErrors as exc:
            raise DataErrors([Problem(*where, f"source {t.records.source!r}, record {p.line}: "
                                              f"{p.message.replace(' for this card', '')}")
                              for p in exc.problems]) from None
        return [(dict(r.values), r.copies, (where[0], where[1])) for r in recs]
    path = (folder / t.records).resolve()
    if folder.resolve() not in path.parents:
        raise DataErrors([Problem(*at("tokens", i, "records"), f"records {t.records!r}: a file inside the game "
                                                                  "folder")])
    if path.suffix.lower() in (".yaml", ".yml"):
        doc = load_yaml(path)
        items = doc.get("records") if isinstance(doc, dict) else doc
        recs = records_from_yaml(items, fields, display_path(path))
    else:
        recs = read_records(path, fields)
    return [(dict(r.values), r.copies, r.source) for r in recs]


def token_items(pieces: list[Piece], stamp_for: Callable[[Where], Stamp]) -> list[Item]:
    """One imposition item per printed token, in data order."""
    items: list[Item] = []
    for k, p in enumerate(pieces):
        cut = cut_ops(p)
        for n, (values, back_values, copies, where) in enumerate(p.tokens):
            stamp = stamp_for(where)
            both = (values, back_values)
            front = (lambda b, p=p, v=values, bv=both, s=stamp:
                     draw_side(p, p.front, bv if p.shape == "standee" else v, b, s))
            back = None
            if p.back is not None and p.shape != "standee":
                back = (lambda b, p=p, v=back_values, s=stamp: draw_side(p, p.back, v, b, s))
            item = Item(p.w, p.h, front, back, caption(values, k, n), cut=cut)
            items += [item] * copies
    return items


def caption(values: Values, k: int, n: int) -> str:
    """What a proof page and the contact sheet call a token: its name or label, else its place in the sheet."""
    for key in ("name", "label", "title"):
        v = values.get(key)
        if isinstance(v, str) and v.strip():
            return v.strip()[:40]
    return f"token {k + 1}.{n + 1}"


def distinct(items: list[Item]) -> list[tuple[Item, int]]:
    """Each token printed once with its number of copies (the items of one record are one object's
    copies, in a row), for ``pnp proof`` and the contact sheet."""
    faces: list[tuple[Item, int]] = []
    for it in items:
        if faces and faces[-1][0].front is it.front:
            faces[-1] = (faces[-1][0], faces[-1][1] + 1)
        else:
            faces.append((it, 1))
    return faces


def token_assets(doc: TokenSheet, game: Game | None, opts: BuildOptions, stem: str) -> Iterator[Asset]:
    """Kind 'tokens': the packed sheet(s), single-sided and double-sided pieces in files of their own."""
    from pnp.impose.items import sheet_from_options
    from pnp.impose.packing import pack
    from pnp.layout.builtin.symbols import game_symbols
    from pnp.layout.builtin.images import images_in
    from pnp.layout.builtin.sheet import smallest_text
    from pnp.layout.compile import Card, CardError
    from pnp.layout.data import records_in

    lang = opts.lang
    pieces, folder = plan_tokens(doc, game, opts, stem)
    sheet = on_paper(sheet_from_options(opts), pieces)
    too_big = [Problem(*p.tokens[0][3], 0, f"a {p.shape} of {p.w:g} x {p.h:g} mm does not fit on {sheet.paper} "
                                           f"inside its {sheet.margin:g} mm margin; make it smaller or print on "
                                           f"larger paper (--paper)")
               for p in pieces if p.tokens and not _fits(p, sheet)]
    if too_big:
        raise DataErrors(too_big)
    symbols, images, data = game_symbols(game), images_in(folder), records_in(folder)

    def stamp_for(where: Where) -> Stamp:
        def stamp(layout: Compiled, values: Values, w: float, h: float, bleed: float) -> Group:
            try:
                art = layout.stamp(values, Card(w, h, bleed, lang, symbols, images, data=data))
            except CardError as exc:
                raise DataErrors([Problem(where[0], where[1], 0, str(exc))]) from None
            small = smallest_text([art])
            if small is not None and small[0] < MIN_PT - 0.05:  # a layout drawn larger, scaled down to this piece
                raise DataErrors([Problem(where[0], where[1], 0, f"the text {small[1][:30]!r} prints at {small[0]:.1f} pt "
                                          f"on a {w:g} x {h:g} mm token, below the {MIN_PT:g} pt tokens may print "
                                          f"at; make the token larger or its text")])
            return art
        return stamp

    items = token_items(pieces, stamp_for)
    single = [it for it in items if it.back is None]
    double = [it for it in items if it.back is not None]
    name, title = doc.name or stem, tr(doc.title, lang)
    for part, suffix in ((single, ""), (double, "-double-sided" if single else "")):
        if not part:
            continue
        shapes = sorted({p.shape for p in pieces})
        yield Asset(f"{name}{suffix}", title, partial(pack, part, sheet), min_text_pt=MIN_PT,
                    faces=distinct(part), safe=min((p.front.layout.safe for p in pieces), default=None),
                    pages_at_least=pages_at_least(part, sheet), description=f"{len(part):,} tokens ({', '.join(shapes)})"
                                + (", double-sided" if part is double else ""))
