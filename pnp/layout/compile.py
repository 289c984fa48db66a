"""A layout compiled once and stamped per card.

:func:`compile_layout` checks every template, condition, frame reference and
constant colour of a validated :class:`~pnp.model.layout.Layout` and turns
each element into a small drawing function; :meth:`Compiled.stamp` runs them
for one card's field values and returns the card's scene group (trim at
0, 0). Nothing is parsed while stamping, so a 5,000-card deck costs the
drawing and no more.

Problems found here are ``ValueError`` with the element's path (``elements.3
(id 'rules')``) so the caller can point at the layout file's line; problems
with one card's values (a text that overflows, a missing image) raise
:class:`CardError` for the caller to point at the card's row.
"""
from __future__ import annotations

import math
import re
from contextvars import ContextVar
from dataclasses import field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping, Protocol, Sequence, cast

from pnp.load.classes import dataclass
from pnp.model.plain import fields_of
from pnp.model.plain import layout as plain
from pnp.model.plain.base import I18n, pick, tr
from pnp.model.paper import card_size
from pnp.scene import Box, Ellipse, Group, Path, Polygon, Rect, Text, color, rotate, scale, style
from pnp.scene.primitives import Node
from pnp.scene.style import Color, Style
from pnp.scene.style import ColourError
from pnp.layout.expr import Cond, ExprError, Ref, Scope, Template, check_names, check_numbers, condition, show, template
from pnp.layout.elements import Draw, DrawContext, ElementKind, Fields, Tables, kind_of, register, validate_list
from pnp.scene.units import dpi_of

if TYPE_CHECKING:
    from pnp.model.layout import (EllipseEl, GroupEl, IconsEl, ImageEl, Layout, LineEl, Placed, PolygonEl, RectEl,
                                  SymbolEl, TextBoxEl, TextEl)
    from pnp.layout.fontbook import FontBook
    from pnp.scene.fonts import FamilyRef
    from pnp.scene.ink import Box4
    from pnp.scene.richtext import Fitted


_ANCHOR_XY = {"top-left": (0, 0), "top": (.5, 0), "top-right": (1, 0), "left": (0, .5), "center": (.5, .5),
              "right": (1, .5), "bottom-left": (0, 1), "bottom": (.5, 1), "bottom-right": (1, 1)}
_TEXT_ANCHOR = {"left": "start", "center": "middle", "right": "end"}


class CardError(ValueError):
    """One card's values cannot be drawn with the layout (text overflow, missing image ...)."""


@dataclass
class Flow:
    """Text running on over pages: where each flowing element (a ``document``, by its path such as
    ``elements.2``) starts on the page being stamped, and where it stopped (``rest``; empty when
    everything fitted). A sheet stamps its layout again with ``start = rest`` until ``rest`` is empty."""

    start: dict[str, int] = field(default_factory=dict)
    rest: dict[str, int] = field(default_factory=dict)


@dataclass
class Card:
    """What a stamp needs besides the field values."""

    w: float
    h: float
    bleed: float
    lang: str = "de"
    symbols: Any = None  # .draw(id, x, y, size, ink) -> Group, .by_id
    images: Any = None  # .load(name) -> (bytes, kind, (px_w, px_h) or None), .aspect(name), .lost(name)
    data: Any = None  # .rows(ref, what) -> records an element reads (pnp.layout.data.Records; a sheet's
    # pnp.layout.data.SheetData)
    warn: Callable[[str], None] = lambda msg: None
    fallback: Callable[[str, str], None] = lambda family, chars: None  # a font lacked these; a fallback drew them
    measured: dict | None = None  # a deck's first pass: the size each same_size text fits at, the least per text
    shared: dict | None = None  # the deck's one size per same_size text
    overlaps: list | None = None  # when a list: each text that overlaps another element is said here
    ink_saver: bool = False  # draw each element's ink_saver variant where it has one
    drawn: list | None = None  # when a list: (draw, nodes) of every element the stamp drew, for print checks
    flow: Flow | None = None  # a sheet's pages: text that does not fit runs on to the next page


@dataclass
class _Ctx:  # a DrawContext (pnp.layout.elements)
    card: Card
    scope: Scope
    frames: dict[str, Box] = field(default_factory=dict)


def _length(v: float | str, whole: float) -> float:
    """mm as given, or ``P%`` of ``whole`` plus or minus an offset in mm."""
    if isinstance(v, str):
        pct, _, rest = v.partition("%")
        off = rest.replace(" ", "")
        return float(pct) / 100.0 * whole + (float(off) if off else 0.0)
    return float(v)


def place(el: Placed, frame: Box) -> Box:
    """The element's box: its ``anchor`` point at the frame's ``at`` point, moved by x, y."""
    w = frame.w if el.w is None else _length(el.w, frame.w)
    h = frame.h if el.h is None else _length(el.h, frame.h)
    fx, fy = _ANCHOR_XY[el.at]
    ax, ay = _ANCHOR_XY[el.anchor or el.at]
    px = frame.x + fx * frame.w + _length(el.x, frame.w)
    py = frame.y + fy * frame.h + _length(el.y, frame.h)
    return Box(px - ax * w, py - ay * h, w, h)


class _Str:
    """A string property: constant, or a template filled per card; given per language
    (``{de: ..., en: ...}``) it is one template per language."""

    def __init__(self, text: str | I18n | None, fields: Fields, tables: Tables, where: str):
        self.by_lang: dict[str, Template] | None = None
        self.t: Template | None = None
        if text is None:
            return
        try:
            if isinstance(text, str):
                self.t = template(text)
            else:  # I18n
                self.by_lang = {k: template(v) for k, v in text.texts.items()}
                self._picked: dict[str, Template] = {}
        except ExprError as exc:
            raise ExprError(f"{where}: {exc}") from None
        for t in self._templates():
            check_names(t.refs, fields, tables, where)
            check_numbers(t, fields, tables, where)

    def _templates(self) -> list[Template]:
        if self.by_lang:
            return list(self.by_lang.values())
        return [] if self.t is None else [self.t]

    def __call__(self, scope: Scope) -> Any:
        if self.by_lang is not None:
            t = self._picked.get(scope.lang)
            if t is None:  # the language pick() chooses among those given
                t = self._picked[scope.lang] = self.by_lang[pick({k: k for k in self.by_lang}, scope.lang)]
            return t.render(scope)
        return None if self.t is None else self.t.render(scope)


class _Colour(_Str):
    """A colour property; constant colours and every table a lookup may reach are checked up front."""

    def __init__(self, text: str | I18n | None, fields: Fields, tables: Tables, where: str):
        super().__init__(text, fields, tables, where)
        if self.t is None:
            return
        try:
            if self.t.constant:
                color(str(self.t.parts[0]))
            for ref in self.t.refs:
                if ref.table is not None and len(self.t.parts) == 1:
                    for key, value in tables[ref.table].items():
                        color(value if isinstance(value, str) else str(value))
        except ColourError as exc:
            raise ExprError(f"{where}: {exc}") from None

    def __call__(self, scope: Scope) -> Color | None:
        return colour_value(super().__call__(scope))


def colour_value(v: Any) -> Color | None:
    """A filled-in colour template's value as a colour (None when empty); a bad one is the card's error."""
    if v is None or v == "":
        return None
    try:
        return color(str(v))
    except ColourError as exc:
        raise CardError(str(exc)) from None


def _number(v: Any, what: str) -> float:
    try:
        x = float(v)
    except (TypeError, ValueError):
        raise CardError(f"{what}: expected a number, got {v!r}") from None
    if not math.isfinite(x):
        raise CardError(f"{what}: expected a number, got {v!r}")
    return x


class Compiled:
    uses: Uses  # set by compile_layout, as are the two below
    same_size: bool  # an element's text has one size on every card
    elements: int  # about the most elements one stamp draws (see _count)

    def __init__(self, layout: Layout, draws: list[CompiledElement], fields: Fields, tables: Tables):
        self.layout = layout
        self.draws = draws
        self.fields = fields
        self.tables = tables
        self.design = card_size(layout.size) if layout.size else None

    def stamp(self, values: Mapping[str, Any], card: Card) -> Group:
        """One side of one card in trim coordinates, background over the bleed."""
        if self.layout.icons:
            card = self._with_icons(card)
        scope = Scope(values, self.tables, text=lambda v: _text(v, card.lang), lang=card.lang)
        k = self.scale(card.w, card.h)
        w, h, b, s = card.w / k, card.h / k, card.bleed / k, self.layout.safe
        ctx = _Ctx(card, scope, {"card": Box(0, 0, w, h), "bleed": Box(-b, -b, w + 2 * b, h + 2 * b),
                                 "safe": Box(s, s, w - 2 * s, h - 2 * s)})
        ctx.frames["parent"] = ctx.frames["card"]
        g = Group() if k == 1 else Group(transform=scale(k))
        drawn = card.drawn if card.drawn is not None else [] if card.overlaps is not None else None
        try:
            for draw in self.draws:
                before = len(g.children)
                draw(ctx, g)
                if drawn is not None and len(g.children) > before:
                    drawn.append((draw, g.children[before:]))
        except ExprError as exc:  # a lookup with no entry: the card's fault, not the layout's
            raise CardError(str(exc)) from None
        if drawn and card.overlaps is not None:
            card.overlaps.extend(overlaps(drawn))
        return g

    def _with_icons(self, card: Card) -> Card:
        """``card`` whose symbols include the layout's icon pictures (made once per symbols and folder)."""
        from dataclasses import replace

        cache: dict[tuple[int, int], IconFiles] = self.__dict__.setdefault("_icon_sets", {})
        key = (id(card.symbols), id(card.images))
        if key not in cache:
            cache.clear()
            cache[key] = IconFiles(card.symbols, self.layout.icons, card.images)
        return replace(card, symbols=cache[key])

    def scale(self, w: float, h: float) -> float:
        """How much a card of w x h mm scales a layout drawn for ``layout.size`` (1 without one)."""
        if self.design is None:
            return 1.0
        return min(w / self.design[0], h / self.design[1])


class IconFiles:
    """A game's symbols plus a layout's ``icons`` (pictures by name), drawn as symbols are."""

    def __init__(self, symbols: Any, icons: dict[str, str], images: Any):  # as Card.symbols and Card.images
        self.symbols, self.icons, self.images = symbols, icons, images

    @cached_property
    def by_id(self) -> dict[str, Any]:
        own = getattr(self.symbols, "by_id", None) or {}
        return {**own, **{name: None for name in self.icons}}

    def draw(self, sid: str, x: float, y: float, size: float, ink: Color | None = None) -> Group:
        src = self.icons.get(sid)
        if src is None:
            return self.symbols.draw(sid, x, y, size, ink)
        if self.images is None:
            raise CardError(f"icon {sid!r} ({src}): this layout has no image folder")
        from pnp.scene import Image

        data, _kind, _pixels = self.images.load(src)
        iw, ih = self.images.aspect(src)
        bx, by, w, h = _fit("contain", Box(x, y, size, size), iw / ih)
        return Group([Image(bx, by, w, h, data)], id=f"icon-{sid}")


def _text(v: Any, lang: str) -> Any:
    """Plain text from a localised value ({de: ..., en: ...}) or anything else."""
    if type(v) is str:  # most values: asked first, as a pydantic class answers isinstance slowly
        return v
    if isinstance(v, dict):
        return tr(v, lang)
    if isinstance(v, I18n):
        return v.get(lang)
    return v


_LOCATE: ContextVar[Callable[[tuple], str] | None] = ContextVar("locate", default=None)


def _path_of(where: str) -> tuple:
    """('elements', 3, 'elements', 1) of 'elements.3.elements.1 (id ...)'."""
    return tuple(int(p) if p.isdigit() else p for p in where.split(" ", 1)[0].split("."))


def compile_layout(layout: Layout, extra_tables: Tables | None = None, field_names: Iterable[str] | None = None,
                   book: FontBook | None = None,
                   locate: Callable[[tuple], str] | None = None) -> Compiled:
    """Check and compile ``layout``; ``extra_tables`` (a deck's own) override the layout's; ``book``
    (a :class:`pnp.layout.fontbook.FontBook`) resolves the fonts its elements name;
    ``locate(('elements', 3))`` says where an element was written (``card.yaml:12``), for the
    errors a card's values cause."""
    tables = {**layout.tables, **(extra_tables or {})}
    fields: dict[str, Any] = dict(layout.fields) if field_names is None else {n: None for n in field_names}
    token = _LOCATE.set(locate)
    try:
        draws = _compile_list(layout.elements, fields, tables, "elements",
                              known_ids={"card", "bleed", "safe", "parent"}, book=book)
    finally:
        _LOCATE.reset(token)
    compiled = Compiled(layout, draws, fields, tables)
    compiled.uses = uses(layout.elements)
    compiled.same_size = _any_same_size(layout.elements)
    compiled.elements = _count(layout.elements, layout.fields)
    return compiled


def _any_same_size(elements: Iterable[Placed]) -> bool:
    return any(getattr(el, "same_size", False) or (isinstance(el, plain.GroupEl) and _any_same_size(el.elements))
               for el in elements)


def _count(elements: Iterable[Placed], fields: Fields) -> int:
    """Elements of a layout, those in groups included, a row of icons as its most icons (its
    count, or the highest value of the field that gives it): about what one stamp draws at
    most, so a kind knows how much its pieces will draw before any is stamped."""
    n = 0
    for el in elements:
        n += 1
        if isinstance(el, plain.GroupEl):
            n += _count(el.elements, fields)
        elif isinstance(el, plain.IconsEl):
            n += _most_icons(el.count, fields)
    return n


def _most_icons(count: int | str, fields: Fields) -> int:
    from pnp.layout.fields import parse_field

    if isinstance(count, int):
        return count
    m = re.fullmatch(r"\s*\{\s*(\w+)\s*\}\s*", count)
    if m and m.group(1) in fields:
        try:
            high = parse_field(fields[m.group(1)]).high
        except ValueError:
            high = None
        if high is not None:
            return max(0, min(MAX_ICONS, int(high)))
    return MAX_ICONS


MAX_ICONS = 100  # icons in one row


@dataclass
class Uses:
    """What a layout does with its fields, so a card list can be checked before drawing."""

    lookups: dict[str, set[str]] = field(default_factory=dict)  # field -> tables keyed by it
    symbols: set[str] = field(default_factory=set)  # fields whose value is a symbol id
    images: set[str] = field(default_factory=set)  # fields whose value is an image file


def uses(elements: Iterable[Placed], out: Uses | None = None) -> Uses:
    out = out if out is not None else Uses()
    for el in elements:
        kind = kind_of(el)
        for name, value in [*fields_of(el).items(), *(el.ink_saver or {}).items()]:
            if name in kind.own:
                continue
            texts = [value] if isinstance(value, str) else list(value.texts.values()) if isinstance(value, I18n) else []
            for text in filter(None, texts):
                try:
                    t = template(text)
                except ExprError:
                    continue
                for ref in t.refs:
                    if ref.table is not None:
                        out.lookups.setdefault(ref.name, set()).add(ref.table)
                if len(t.parts) == 1 and isinstance(t.parts[0], Ref) and t.parts[0].table is None:
                    if name in kind.symbols:
                        out.symbols.add(t.refs[0].name)
                    elif name in kind.images:
                        out.images.add(t.refs[0].name)
        if kind.children:
            uses(getattr(el, kind.children), out)
        elif kind.parts is not None:
            uses(_parts(kind, el, ""), out)
    return out


def _compile_list(elements: Sequence[Placed], fields: Fields, tables: Tables, path: str, known_ids: set[str],
                  in_group: bool = False, book: FontBook | None = None) -> list[CompiledElement]:
    out: list[CompiledElement] = []
    for i, el in enumerate(elements):
        where = f"{path}.{i}" + (f" (id {el.id!r})" if el.id else "")
        frame = el.frame if (not in_group or "frame" in el.model_fields_set) else "parent"
        if frame not in known_ids:
            raise ExprError(f"{where}: frame {frame!r} is neither card, bleed, safe, parent nor the id of an "
                            f"earlier element ({', '.join(sorted(known_ids - {'card', 'bleed', 'safe', 'parent'})) or 'none yet'})")
        draw: CompiledElement = _compile_el(el, frame, fields, tables, where, known_ids, book)
        if el.ink_saver is not None:
            draw = _Either(draw, _compile_el(el._saver, frame, fields, tables, where, known_ids, book))
        out.append(draw)
        if el.id:
            if el.id in known_ids:
                raise ExprError(f"{where}: id {el.id!r} is used twice")
            known_ids.add(el.id)
    return out


class CompiledElement(Protocol):
    """A compiled element: draws it for one card; ``where``, ``kind`` and ``text`` name it in findings."""

    where: str
    kind: str
    text: bool

    def __call__(self, ctx: DrawContext, parent: Group) -> None: ...


class _Either:
    """Draws ``saver`` in an ink-saving build and ``normal`` otherwise (named as ``normal`` in findings)."""

    def __init__(self, normal: CompiledElement, saver: CompiledElement):
        self.normal, self.saver = normal, saver
        self.where, self.kind, self.text = normal.where, normal.kind, normal.text

    def __call__(self, ctx: DrawContext, parent: Group) -> None:
        (self.saver if ctx.card.ink_saver else self.normal)(ctx, parent)


def _compile_el(el: Placed, frame: str, fields: Fields, tables: Tables, where: str, known_ids: set[str],
                book: FontBook | None = None) -> _Element:
    when: Cond | None = None
    if el.when is not None:
        try:
            when = condition(el.when)
        except ExprError as exc:
            raise ExprError(f"{where}: 'when': {exc}") from None
        check_names(when.refs(), fields, tables, where)
    kind = kind_of(el)
    if kind.body is not None:
        body = kind.body(el, fields, tables, where, known_ids, book)
    else:
        body = _inside(_compile_list(_parts(kind, el, where), fields, tables, f"{where}.parts", set(known_ids),
                                     in_group=True, book=book))
    locate = _LOCATE.get()
    at = f"{where}, {locate(_path_of(where))}" if locate is not None else where
    return _Element(el, frame, when, body, where, at)


class _Element:
    """One element of a layout compiled: placed in its frame, drawn when its condition holds."""

    def __init__(self, el: Placed, frame: str, when: Cond | None, body: Draw, where: str, at: str):
        self.el, self.frame, self.when, self.body, self.at = el, frame, when, body, at
        self.placed: dict[Box, Box] = {}  # frame -> the element's box: frames repeat card after card
        self.where, self.kind, self.text = where, getattr(el, "type"), isinstance(el, (plain.TextEl, plain.TextBoxEl))

    def __call__(self, ctx: DrawContext, parent: Group) -> None:
        el, placed = self.el, self.placed
        try:
            if self.when is not None and not self.when.test(ctx.scope):
                return
            fb = ctx.frames[self.frame]
            box = placed.get(fb)
            if box is None:
                if len(placed) > 64:
                    placed.clear()
                box = placed[fb] = place(el, fb)
            if el.id:
                ctx.frames[el.id] = box
            g = Group(id=el.id, opacity=el.opacity)
            if el.rotate:
                ax, ay = _ANCHOR_XY[el.anchor or el.at]
                g.transform = rotate(el.rotate, box.x + ax * box.w, box.y + ay * box.h)
            self.body(ctx, box, g)
        except ExprError as exc:  # a value of this card the element cannot use: the card's error
            raise CardError(f"{exc} ({self.at})") from None
        if g.children:
            parent.add(g if (el.id or el.rotate or el.opacity < 1) else _flatten(g))


OVERLAP_MM = 0.05  # ink closer than this is touching, not overlapping


def overlaps(drawn: Iterable[tuple[CompiledElement, list[Node]]]) -> list[str]:
    """Each text of a stamped card whose ink overlaps another element's (not one that holds
    it whole, such as the panel it is printed on): the two elements and by how much."""
    from pnp.scene.ink import contains

    inks = _inks(drawn)
    found = []
    pieces: dict[int, list[Box4]] = {}  # an element's pieces of ink, found once per card
    for i, (a, a_nodes, ab) in enumerate(inks):
        if not a.text:
            continue
        ax0, ay0, ax1, ay1 = ab
        for j, (b, b_nodes, bb) in enumerate(inks):
            if i == j or (b.text and j < i):
                continue
            bx0, by0, bx1, by1 = bb
            # boxes apart (most pairs) are no finding whatever holds what: tested first, as cheaply as can be
            if ((ax1 if ax1 < bx1 else bx1) - (ax0 if ax0 > bx0 else bx0) <= OVERLAP_MM
                    or (ay1 if ay1 < by1 else by1) - (ay0 if ay0 > by0 else by0) <= OVERLAP_MM):
                continue
            if contains(bb, ab) or (b.text and contains(ab, bb)):
                continue
            dx, dy = _overlap(ab, b, b_nodes, bb, pieces, j)
            if dx > OVERLAP_MM and dy > OVERLAP_MM:
                found.append(f"{_named(a, a_nodes)} overlaps {_named(b, b_nodes)} by {dx:.1f} × {dy:.1f} mm")
    return found


def _inks(drawn: Iterable[tuple[CompiledElement, list[Node]]]) -> list[tuple[CompiledElement, list[Node], Box4]]:
    """Each element that put ink on the card, with the box around all of its ink."""
    from pnp.scene.ink import ink_box

    inks = []
    for draw, nodes in drawn:
        box = None
        for n in nodes:
            b = ink_box(n)
            if b is not None:
                box = b if box is None else (min(box[0], b[0]), min(box[1], b[1]), max(box[2], b[2]),
                                             max(box[3], b[3]))
        if box is not None:
            inks.append((draw, nodes, box))
    return inks


def _overlap(ab: Box4, b: CompiledElement, b_nodes: list[Node], bb: Box4, pieces: dict[int, list[Box4]],
             j: int) -> tuple[float, float]:
    """How far a text's ink box ``ab`` reaches into element ``b`` (the ``j``-th with ink; its pieces
    kept in ``pieces``): its box, or, when ``b`` is no text, its pieces (the text may sit between them)."""
    from pnp.scene.ink import ink_pieces, overlap

    dx, dy = overlap(ab, bb)
    if dx > OVERLAP_MM and dy > OVERLAP_MM and not b.text:
        own = pieces.get(j)
        if own is None:
            own = pieces[j] = [piece for n in b_nodes for piece in ink_pieces(n)]
        dx, dy = max((o for o in (overlap(ab, piece) for piece in own) if min(o) > OVERLAP_MM), default=(0.0, 0.0))
    return dx, dy


def _named(draw: CompiledElement, nodes: list[Node]) -> str:
    words = " ".join(t.text for t in _texts(nodes)) if draw.text else ""
    shown = f" {words[:30]!r}" if words else ""
    return f"{draw.kind} {draw.where}{shown}"


def _texts(nodes: Iterable[Node]) -> Iterator[Text]:
    for n in nodes:
        if isinstance(n, Text):
            yield n
        elif isinstance(n, Group):
            yield from _texts(n.children)


def _flatten(g: Group) -> Node:
    return g.children[0] if len(g.children) == 1 else g


def _paint(el: Any, fields: Fields, tables: Tables, where: str) -> Callable[[Scope], Style]:
    fill = _Colour(el.fill, fields, tables, f"{where} fill")
    stroke = _Colour(el.stroke, fields, tables, f"{where} stroke")
    dash = tuple(el.dash) if el.dash else None

    def st(scope: Scope) -> Style:
        return style(fill=fill(scope), stroke=stroke(scope), width=el.stroke_width, dash=dash)

    return st


def _rect(el: RectEl, fields: Fields, tables: Tables, where: str, ids: set[str], book: FontBook | None = None) -> Draw:
    paint = _paint(el, fields, tables, where)

    def body(ctx: DrawContext, box: Box, g: Group) -> None:
        g.add(Rect(box.x, box.y, box.w, box.h, paint(ctx.scope), radius=min(el.radius, box.w / 2, box.h / 2)))

    return body


def _ellipse(el: EllipseEl, fields: Fields, tables: Tables, where: str,
             ids: set[str], book: FontBook | None = None) -> Draw:
    paint = _paint(el, fields, tables, where)

    def body(ctx: DrawContext, box: Box, g: Group) -> None:
        g.add(Ellipse(box.x + box.w / 2, box.y + box.h / 2, box.w / 2, box.h / 2, paint(ctx.scope)))

    return body


def _points(pts: Iterable[tuple[float | str, float | str]], box: Box) -> list[tuple[float, float]]:
    return [(box.x + _length(x, box.w), box.y + _length(y, box.h)) for x, y in pts]


def _line(el: LineEl, fields: Fields, tables: Tables, where: str, ids: set[str], book: FontBook | None = None) -> Draw:
    stroke = _Colour(el.stroke, fields, tables, f"{where} stroke")
    dash = tuple(el.dash) if el.dash else None

    def body(ctx: DrawContext, box: Box, g: Group) -> None:
        pts = _points(el.points, box)
        p = Path(style=style(stroke=stroke(ctx.scope), width=el.stroke_width, dash=dash, cap=el.cap))
        p.move(*pts[0])
        for pt in pts[1:]:
            p.line(*pt)
        g.add(p)

    return body


def _polygon(el: PolygonEl, fields: Fields, tables: Tables, where: str,
             ids: set[str], book: FontBook | None = None) -> Draw:
    from pnp.layout.shapes import regular

    paint = _paint(el, fields, tables, where)

    def body(ctx: DrawContext, box: Box, g: Group) -> None:
        # a polygon without sides has points
        pts = regular(box, el.sides, el.orient) if el.sides else _points(el.points or [], box)
        g.add(Polygon(pts, paint(ctx.scope)))

    return body


def _family(el: Any, book: FontBook | None, where: str) -> FamilyRef:
    """The font family ``el.font`` names (the bundled DejaVu Sans without one)."""
    if el.font is None:
        return "sans"
    from pnp.layout.fontbook import FontRefError, installed_family, is_file_ref
    from pnp.scene.fonts import FontError

    try:
        if book is not None:
            return book.family(el.font)
        if is_file_ref(el.font):
            raise FontRefError(f"font file {el.font!r}: only a layout of a game folder can name font files")
        return installed_family(el.font)
    except (FontRefError, FontError) as exc:
        raise ExprError(f"{where}: 'font': {exc}") from None


def _fitted(s: str, box: Box, el: Any, card: Card, where: str, family: FamilyRef, **how: Any) -> Fitted:
    """``s`` set in ``box`` by the one fitting routine, as ``el`` asks; a card's problem is a CardError."""
    from pnp.scene import fonts, richtext

    size, least = el.size, el.min_size
    shared = card.shared.get(where) if card.shared is not None and getattr(el, "same_size", False) else None
    if shared is not None:
        size = least = min(shared, size)
    try:
        fitted = richtext.fit(s, box.w, box.h, size, min_size_pt=min(least, size), family=family, weight=el.weight,
                              align=_TEXT_ALIGN[el.align] if "justify" not in el.align else el.align,
                              valign=el.valign, **how)
    except richtext.Overflow as exc:
        if how.get("wrap", True):
            raise CardError(f"text box ({where}): {exc}") from None
        too = f"{exc.width_mm:.1f} mm too wide for its {box.w:.1f} mm" if exc.width_mm > 0 else \
            f"{exc.height_mm:.1f} mm too tall for its {box.h:.1f} mm"
        shown = s if len(s) <= 40 else s[:39] + "…"  # a long title cut short says so
        raise CardError(f"text {shown!r} is {too} box at {exc.size_pt:g} pt ({where})") from None
    except fonts.FontError as exc:
        raise CardError(f"text ({where}): {exc}") from None
    except ValueError as exc:
        raise CardError(f"text ({where}): {exc}") from None
    if card.measured is not None and getattr(el, "same_size", False):
        card.measured[where] = min(card.measured.get(where, fitted.size_pt), fitted.size_pt)
    missing = fonts.fallback_chars(s, family, el.weight)
    if missing:
        card.fallback(fonts.family_of(family).name, missing)
    return fitted


_TEXT_ALIGN = {"left": "left", "center": "center", "right": "right"}


def _ink(fill: Color | None) -> Color:
    """A text's fill as richtext.to_scene takes it; None (colour 'none') passes through as no paint."""
    return cast(Color, fill)


def _icon_drawer(card: Card, where: str, fill: Color | None) -> Callable[[str, float, float, float], Any]:
    """Draws the inline icon ``:name:`` of a text with the card's symbols (a layout's icons among them)."""
    def icon(name: str, x: float, y: float, size: float) -> Any:
        if card.symbols is None or name not in card.symbols.by_id:
            raise CardError(f"text ({where}) names icon :{name}: but the game has no symbol {name!r}")
        return card.symbols.draw(name, x, y, size, fill)

    return icon


def _text_parts(el: TextEl | TextBoxEl, fields: Fields, tables: Tables, where: str,
                book: FontBook | None) -> tuple[_Str, _Colour, FamilyRef]:
    """What a text element reads per card: its text, its ink, and its font family (fixed)."""
    return (_Str(el.text, fields, tables, where), _Colour(el.colour, fields, tables, f"{where} colour"),
            _family(el, book, where))


def _shown(text: _Str, scope: Scope) -> str:
    """The card's text as printed ('' when the field is unset)."""
    s = text(scope)
    return "" if s is None else show(s, scope.lang)


def _text_el(el: TextEl, fields: Fields, tables: Tables, where: str,
             ids: set[str], book: FontBook | None = None) -> Draw:
    from pnp.scene import richtext

    text, ink, family = _text_parts(el, fields, tables, where, book)

    def body(ctx: DrawContext, box: Box, g: Group) -> None:
        s = _shown(text, ctx.scope)
        if not s:
            return
        # a title: one line, never hyphenated, shrunk to fit; :name: of a symbol or icon draws it
        card = ctx.card
        marked = None if card.symbols is None else richtext.icons_in_plain(s, card.symbols.by_id)
        if marked is not None:
            fill = ink(ctx.scope)
            fitted = _fitted(marked, box, el, card, where, family, lang=None, wrap=False, hyphenate=False)
            g.add(richtext.to_scene(fitted, box.x, box.y, _ink(fill), _icon_drawer(card, where, fill)))
            return
        fitted = _fitted(s, box, el, card, where, family, lang=None, wrap=False, hyphenate=False,
                         markup_on=False)
        size = fitted.size_pt
        # Text.font holds a FamilyRef (a Family for a layout's own font), though annotated as str
        g.add(Text(box.x, box.y, s, size=size, font=cast(str, family), weight=el.weight, anchor=_TEXT_ANCHOR[el.align],
                   fill=ink(ctx.scope), box=(box.w, box.h), wrap=False, valign=el.valign, min_size=size))

    return body


def _textbox(el: TextBoxEl, fields: Fields, tables: Tables, where: str,
             ids: set[str], book: FontBook | None = None) -> Draw:
    from pnp.scene import richtext

    text, ink, family = _text_parts(el, fields, tables, where, book)

    def body(ctx: DrawContext, box: Box, g: Group) -> None:
        s = _shown(text, ctx.scope)
        if s == "":
            return
        card = ctx.card
        lang = card.lang if el.hyphenate and richtext.has_patterns(card.lang) else None
        fitted = _fitted(s, box, el, card, where, family, lang=lang, line_height=el.line_height,
                         hyphenate=el.hyphenate)
        fill = ink(ctx.scope)
        g.add(richtext.to_scene(fitted, box.x, box.y, _ink(fill), _icon_drawer(card, where, fill)))

    return body


def _symbol(el: SymbolEl, fields: Fields, tables: Tables, where: str,
            ids: set[str], book: FontBook | None = None) -> Draw:
    name = _Str(el.symbol, fields, tables, where)
    ink = _Colour(el.colour, fields, tables, f"{where} colour")

    def body(ctx: DrawContext, box: Box, g: Group) -> None:
        sid = name(ctx.scope)
        if not sid:
            return
        syms = ctx.card.symbols
        if syms is None or sid not in syms.by_id:
            raise CardError(f"symbol {sid!r} ({where}) is not in the game's symbol libraries")
        s = min(box.w, box.h)
        g.add(syms.draw(str(sid), box.x + (box.w - s) / 2, box.y + (box.h - s) / 2, s, ink(ctx.scope)))

    return body


def _icons(el: IconsEl, fields: Fields, tables: Tables, where: str,
           ids: set[str], book: FontBook | None = None) -> Draw:
    name = _Str(el.icon, fields, tables, where)
    count: Callable[[Scope], Any] = _Str(el.count, fields, tables, where) if isinstance(el.count, str) \
        else (lambda scope: el.count)
    ink = _Colour(el.colour, fields, tables, f"{where} colour")

    def body(ctx: DrawContext, box: Box, g: Group) -> None:
        n = count(ctx.scope)
        n = 0 if n in (None, "") else int(_number(n, f"icon count ({where})"))
        if n <= 0:
            return
        if n > MAX_ICONS:
            raise CardError(f"icon count {n} ({where}) is over {MAX_ICONS}")
        sid = name(ctx.scope)
        syms = ctx.card.symbols
        if syms is None or sid not in syms.by_id:
            raise CardError(f"icon {sid!r} ({where}) is not in the game's symbol libraries")
        row = el.direction == "row"
        along, across = (box.w, box.h) if row else (box.h, box.w)
        s = across if el.size is None else _length(el.size, across)
        if n * s + (n - 1) * el.gap > along:  # never past its box: more icons than fit are drawn smaller
            s = max(0.0, (along - (n - 1) * el.gap) / n)
        total = n * s + (n - 1) * el.gap
        start = {"start": 0.0, "center": (along - total) / 2, "end": along - total}[el.align]
        fill = ink(ctx.scope)
        for i in range(n):
            off = start + i * (s + el.gap)
            x, y = (box.x + off, box.y + (box.h - s) / 2) if row else (box.x + (box.w - s) / 2, box.y + off)
            g.add(syms.draw(str(sid), x, y, s, fill))

    return body


def _image(el: ImageEl, fields: Fields, tables: Tables, where: str,
           ids: set[str], book: FontBook | None = None) -> Draw:
    from pnp.scene import Image

    src = _Str(el.src, fields, tables, where)

    def body(ctx: DrawContext, box: Box, g: Group) -> None:
        name = src(ctx.scope)
        if not name:
            return
        images = ctx.card.images
        if images is None:
            raise CardError(f"image {name!r} ({where}): this layout has no image folder")
        data, kind, pixels = images.load(str(name))  # CardError when missing or unreadable
        iw, ih = images.aspect(str(name))  # an SVG is parsed and tried here: CardError when it cannot be drawn
        if kind == "svg" and b"<text" in data:
            _picture_text(data, str(name), where)
        lost = images.lost(str(name)) if kind == "svg" else ()
        if lost:
            ctx.card.warn(f"image {name!r} uses {', '.join(lost)}, which pnp cannot draw: left out, it prints unlike "
                          "a browser shows it (flatten them in the drawing program, or save the picture as PNG)")
        x, y, w, h = _fit(el.fit, box, iw / ih)
        if pixels is not None:
            dpi = min(dpi_of(pixels[0], w), dpi_of(pixels[1], h))
            if dpi < 200:
                ctx.card.warn(f"image {name!r} prints at {dpi:.0f} dpi (below 200; it will look soft)")
        g.add(Group([Image(x, y, w, h, data)], clip=Rect(box.x, box.y, box.w, box.h)))

    return body


def _picture_text(data: bytes, name: str, where: str) -> None:
    """The text of an SVG picture is drawn with pnp's embedded DejaVu Sans: a character it lacks
    cannot be printed, so the picture is named (the caller adds the card's row)."""
    from pnp.render.images import svg_strings
    from pnp.scene import fonts

    for text, face in svg_strings(data):
        ch = fonts.missing_glyph(text, "sans", face)
        if ch is not None:
            raise CardError(f"image {name!r} ({where}): its text {text[:30]!r} holds the character {ch!r} "
                            f"(U+{ord(ch):04X}), which no font pnp can embed has; convert the picture's text to "
                            "outlines (paths) in your drawing program")


def _fit(mode: str, box: Box, aspect: float) -> tuple[float, float, float, float]:
    """(x, y, w, h) of an image of ``aspect`` (w/h) in ``box``: whole (contain), filling (cover) or stretched."""
    if mode == "stretch":
        return box.x, box.y, box.w, box.h
    wide = aspect > box.w / box.h
    if (mode == "contain") == wide:
        w, h = box.w, box.w / aspect
    else:
        w, h = box.h * aspect, box.h
    return box.x + (box.w - w) / 2, box.y + (box.h - h) / 2, w, h


def _group(el: GroupEl, fields: Fields, tables: Tables, where: str,
           ids: set[str], book: FontBook | None = None) -> Draw:
    inner_ids = set(ids)
    return _inside(_compile_list(el.elements, fields, tables, f"{where}.elements", inner_ids, in_group=True, book=book))


def _inside(children: list[CompiledElement]) -> Draw:
    """The body of an element whose children are placed in its box (a group, an element kind made of parts)."""

    def body(ctx: DrawContext, box: Box, g: Group) -> None:
        outer = ctx.frames["parent"]
        ctx.frames["parent"] = box
        for draw in children:
            draw(ctx, g)
        ctx.frames["parent"] = outer

    return body


SCHEMAS = "pnp.model.layout"  # where the built-in kinds' schemas are


def _parts(kind: ElementKind, el: Any, where: str) -> list[Placed]:
    """The elements an element kind made of parts consists of, validated as elements."""
    from pydantic import ValidationError

    assert kind.parts is not None  # called for a kind made of parts only
    try:
        return validate_list(kind.parts(el))
    except ValidationError as exc:
        why = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        raise ExprError(f"{where}: the parts of {el.type!r} are not valid elements: {why}") from None


register(  # the built-in element kinds; pnp.layout.vocabulary imports every module that registers more
    ElementKind(f"{SCHEMAS}:RectEl", _rect, twin=plain.RectEl),
    ElementKind(f"{SCHEMAS}:EllipseEl", _ellipse, twin=plain.EllipseEl),
    ElementKind(f"{SCHEMAS}:LineEl", _line, twin=plain.LineEl),
    ElementKind(f"{SCHEMAS}:PolygonEl", _polygon, twin=plain.PolygonEl),
    ElementKind(f"{SCHEMAS}:TextEl", _text_el, points=("size", "min_size"), twin=plain.TextEl),
    ElementKind(f"{SCHEMAS}:TextBoxEl", _textbox, points=("size", "min_size"), twin=plain.TextBoxEl),
    ElementKind(f"{SCHEMAS}:SymbolEl", _symbol, symbols=("symbol",), twin=plain.SymbolEl),
    ElementKind(f"{SCHEMAS}:ImageEl", _image, images=("src",), twin=plain.ImageEl),
    ElementKind(f"{SCHEMAS}:IconsEl", _icons, symbols=("icon",), twin=plain.IconsEl),
    ElementKind(f"{SCHEMAS}:GroupEl", _group, children="elements", twin=plain.GroupEl))

__all__ = ["Card", "CardError", "Compiled", "Flow", "IconFiles", "compile_layout", "place"]
