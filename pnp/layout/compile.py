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
from dataclasses import dataclass, field
from typing import Any, Callable

from pnp.model.paper import card_size
from pnp.scene import Box, Ellipse, Group, Path, Polygon, Rect, Text, color, rotate, scale, style
from pnp.scene.style import ColourError
from pnp.layout.expr import Cond, ExprError, Scope, Template, check_names, condition, template
from pnp.layout.elements import ElementKind, kind_of, register, validate_list
from pnp.model.layout import (EllipseEl, GroupEl, IconsEl, ImageEl, Layout, LineEl, Placed, PolygonEl, RectEl, SymbolEl,
                     TextBoxEl, TextEl)

MM_PER_PT = 25.4 / 72.0
_ANCHOR_XY = {"top-left": (0, 0), "top": (.5, 0), "top-right": (1, 0), "left": (0, .5), "center": (.5, .5),
              "right": (1, .5), "bottom-left": (0, 1), "bottom": (.5, 1), "bottom-right": (1, 1)}
_TEXT_ANCHOR = {"left": "start", "center": "middle", "right": "end"}


class CardError(ValueError):
    """One card's values cannot be drawn with the layout (text overflow, missing image ...)."""


@dataclass
class Card:
    """What a stamp needs besides the field values."""

    w: float
    h: float
    bleed: float
    lang: str = "de"
    symbols: Any = None  # .draw(id, x, y, size, ink) -> Group, .by_id
    images: Any = None  # .load(name) -> (bytes, kind, (px_w, px_h) or None)
    warn: Callable[[str], None] = lambda msg: None


@dataclass
class _Ctx:
    card: Card
    scope: Scope
    frames: dict[str, Box] = field(default_factory=dict)


def _length(v, whole: float) -> float:
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

    def __init__(self, text, fields, tables, where: str):
        self.by_lang: dict[str, Template] | None = None
        self.t: Template | None = None
        if text is None:
            return
        if isinstance(text, str):
            self.t = template(text)
        else:  # I18n
            self.by_lang = {"de": template(text.de), "en": template(text.en or text.de)}
            self.t = self.by_lang["de"]
        for t in (self.by_lang or {"": self.t}).values():
            check_names(t.refs, fields, tables, where)

    def __call__(self, scope: Scope):
        if self.by_lang is not None:
            return self.by_lang.get(scope.lang, self.t).render(scope)
        return None if self.t is None else self.t.render(scope)


class _Colour(_Str):
    """A colour property; constant colours and every table a lookup may reach are checked up front."""

    def __init__(self, text, fields, tables, where: str):
        super().__init__(text, fields, tables, where)
        if self.t is None:
            return
        try:
            if self.t.constant:
                color(self.t.parts[0])
            for ref in self.t.refs:
                if ref.table is not None and len(self.t.parts) == 1:
                    for key, value in tables[ref.table].items():
                        color(value if isinstance(value, str) else str(value))
        except ColourError as exc:
            raise ExprError(f"{where}: {exc}") from None

    def __call__(self, scope):
        v = super().__call__(scope)
        if v is None or v == "":
            return None
        try:
            return color(str(v))
        except ColourError as exc:
            raise CardError(str(exc)) from None


def _number(v, what: str) -> float:
    try:
        x = float(v)
    except (TypeError, ValueError):
        raise CardError(f"{what}: expected a number, got {v!r}") from None
    if not math.isfinite(x):
        raise CardError(f"{what}: expected a number, got {v!r}")
    return x


class Compiled:
    def __init__(self, layout: Layout, draws: list[Callable[[_Ctx, Group], None]], fields: dict, tables: dict):
        self.layout = layout
        self.draws = draws
        self.fields = fields
        self.tables = tables
        self.design = card_size(layout.size) if layout.size else None

    def stamp(self, values: dict, card: Card) -> Group:
        """One side of one card in trim coordinates, background over the bleed."""
        scope = Scope(values, self.tables, text=lambda v: _text(v, card.lang), lang=card.lang)
        k = self.scale(card.w, card.h)
        w, h, b, s = card.w / k, card.h / k, card.bleed / k, self.layout.safe
        ctx = _Ctx(card, scope, {"card": Box(0, 0, w, h), "bleed": Box(-b, -b, w + 2 * b, h + 2 * b),
                                 "safe": Box(s, s, w - 2 * s, h - 2 * s)})
        ctx.frames["parent"] = ctx.frames["card"]
        g = Group() if k == 1 else Group(transform=scale(k))
        try:
            for draw in self.draws:
                draw(ctx, g)
        except ExprError as exc:  # a lookup with no entry: the card's fault, not the layout's
            raise CardError(str(exc)) from None
        return g

    def scale(self, w: float, h: float) -> float:
        """How much a card of w x h mm scales a layout drawn for ``layout.size`` (1 without one)."""
        if self.design is None:
            return 1.0
        return min(w / self.design[0], h / self.design[1])


def _text(v, lang: str):
    """Plain text from a localised value ({de: ..., en: ...}) or anything else."""
    if hasattr(v, "get") and hasattr(v, "de"):  # pnp.model.base.I18n
        return v.get(lang)
    if isinstance(v, dict) and "de" in v:
        return v.get(lang) or v["de"]
    return v


def compile_layout(layout: Layout, extra_tables: dict | None = None, field_names=None) -> Compiled:
    """Check and compile ``layout``; ``extra_tables`` (a deck's own) override the layout's."""
    tables = {**layout.tables, **(extra_tables or {})}
    fields = dict(layout.fields) if field_names is None else {n: None for n in field_names}
    draws = _compile_list(layout.elements, fields, tables, "elements", known_ids={"card", "bleed", "safe", "parent"})
    compiled = Compiled(layout, draws, fields, tables)
    compiled.uses = uses(layout.elements)
    return compiled


@dataclass
class Uses:
    """What a layout does with its fields, so a card list can be checked before drawing."""

    lookups: dict[str, set] = field(default_factory=dict)  # field -> tables keyed by it
    symbols: set = field(default_factory=set)  # fields whose value is a symbol id
    images: set = field(default_factory=set)  # fields whose value is an image file


def uses(elements, out: Uses | None = None) -> Uses:
    out = out if out is not None else Uses()
    for el in elements:
        kind = kind_of(el)
        for name, value in el:
            texts = [value] if isinstance(value, str) else [value.de, value.en] if hasattr(value, "de") else []
            for text in filter(None, texts):
                try:
                    t = template(text)
                except ExprError:
                    continue
                for ref in t.refs:
                    if ref.table is not None:
                        out.lookups.setdefault(ref.name, set()).add(ref.table)
                if len(t.parts) == 1 and t.refs and t.refs[0].table is None:
                    if name in kind.symbols:
                        out.symbols.add(t.refs[0].name)
                    elif name in kind.images:
                        out.images.add(t.refs[0].name)
        if kind.children:
            uses(getattr(el, kind.children), out)
        elif kind.parts is not None:
            uses(_parts(kind, el, ""), out)
    return out


def _compile_list(elements, fields, tables, path: str, known_ids: set, in_group: bool = False) -> list:
    out = []
    for i, el in enumerate(elements):
        where = f"{path}.{i}" + (f" (id {el.id!r})" if el.id else "")
        frame = el.frame if (not in_group or "frame" in el.model_fields_set) else "parent"
        if frame not in known_ids:
            raise ExprError(f"{where}: frame {frame!r} is neither card, bleed, safe, parent nor the id of an "
                            f"earlier element ({', '.join(sorted(known_ids - {'card', 'bleed', 'safe', 'parent'})) or 'none yet'})")
        out.append(_compile_el(el, frame, fields, tables, where, known_ids))
        if el.id:
            if el.id in known_ids:
                raise ExprError(f"{where}: id {el.id!r} is used twice")
            known_ids.add(el.id)
    return out


def _compile_el(el, frame: str, fields, tables, where: str, known_ids: set):
    when: Cond | None = None
    if el.when is not None:
        when = condition(el.when)
        check_names(when.refs(), fields, tables, where)
    kind = kind_of(el)
    if kind.body is not None:
        body = kind.body(el, fields, tables, where, known_ids)
    else:
        body = _inside(_compile_list(_parts(kind, el, where), fields, tables, f"{where}.parts", set(known_ids),
                                     in_group=True))
    placed: dict[Box, Box] = {}  # frame -> the element's box: frames repeat card after card

    def draw(ctx: _Ctx, parent: Group):
        if when is not None and not when.test(ctx.scope):
            return
        fb = ctx.frames[frame]
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
        body(ctx, box, g)
        if g.children:
            parent.add(g if (el.id or el.rotate or el.opacity < 1) else _flatten(g))

    return draw


def _flatten(g: Group):
    return g.children[0] if len(g.children) == 1 else g


def _paint(el, fields, tables, where):
    fill = _Colour(el.fill, fields, tables, f"{where} fill")
    stroke = _Colour(el.stroke, fields, tables, f"{where} stroke")
    dash = tuple(el.dash) if el.dash else None

    def st(scope):
        return style(fill=fill(scope), stroke=stroke(scope), width=el.stroke_width, dash=dash)

    return st


def _rect(el: RectEl, fields, tables, where, ids):
    paint = _paint(el, fields, tables, where)

    def body(ctx, box, g):
        g.add(Rect(box.x, box.y, box.w, box.h, paint(ctx.scope), radius=min(el.radius, box.w / 2, box.h / 2)))

    return body


def _ellipse(el: EllipseEl, fields, tables, where, ids):
    paint = _paint(el, fields, tables, where)

    def body(ctx, box, g):
        g.add(Ellipse(box.x + box.w / 2, box.y + box.h / 2, box.w / 2, box.h / 2, paint(ctx.scope)))

    return body


def _points(pts, box: Box):
    return [(box.x + _length(x, box.w), box.y + _length(y, box.h)) for x, y in pts]


def _line(el: LineEl, fields, tables, where, ids):
    stroke = _Colour(el.stroke, fields, tables, f"{where} stroke")
    dash = tuple(el.dash) if el.dash else None

    def body(ctx, box, g):
        pts = _points(el.points, box)
        p = Path(style=style(stroke=stroke(ctx.scope), width=el.stroke_width, dash=dash, cap=el.cap))
        p.move(*pts[0])
        for pt in pts[1:]:
            p.line(*pt)
        g.add(p)

    return body


def _polygon(el: PolygonEl, fields, tables, where, ids):
    paint = _paint(el, fields, tables, where)

    def body(ctx, box, g):
        g.add(Polygon(_points(el.points, box), paint(ctx.scope)))

    return body


def _text_el(el: TextEl, fields, tables, where, ids):
    from pnp.scene import fonts
    text = _Str(el.text, fields, tables, where)
    ink = _Colour(el.colour, fields, tables, f"{where} colour")

    def body(ctx, box, g):
        s = text(ctx.scope)
        s = "" if s is None else str(s)
        if not s:
            return
        missing = fonts.missing_glyph(s, "sans", el.weight)
        if missing is not None:
            raise CardError(f"text ({where}): the character {missing!r} (U+{ord(missing):04X}) is not in the "
                            "bundled font; use another character")
        size = el.size
        width = fonts.string_width(s, size, "sans", el.weight)
        if width > box.w + 1e-6:
            size = max(el.min_size, size * box.w / width)
            width = fonts.string_width(s, size, "sans", el.weight)
            if width > box.w + 1e-6:
                raise CardError(f"text {s[:40]!r} is {width - box.w:.1f} mm too wide for its "
                                f"{box.w:.1f} mm box at {el.min_size:g} pt ({where})")
        g.add(Text(box.x, box.y, s, size=size, weight=el.weight, anchor=_TEXT_ANCHOR[el.align], fill=ink(ctx.scope),
                   box=(box.w, box.h), wrap=False, valign=el.valign, min_size=size))

    return body


def _textbox(el: TextBoxEl, fields, tables, where, ids):
    from pnp.scene import fonts
    from pnp.layout import richtext

    text = _Str(el.text, fields, tables, where)
    ink = _Colour(el.colour, fields, tables, f"{where} colour")

    def body(ctx, box, g):
        s = text(ctx.scope)
        if s is None or str(s) == "":
            return
        card = ctx.card
        try:
            fitted = richtext.fit(str(s), box.w, box.h, el.size, min_size_pt=el.min_size, lang=card.lang,
                                  line_height=el.line_height, align=el.align, valign=el.valign)
        except richtext.Overflow as exc:
            raise CardError(f"text box ({where}): {exc}") from None
        except fonts.FontError as exc:
            raise CardError(f"text box ({where}): {exc}") from None
        except ValueError as exc:
            raise CardError(f"text ({where}): {exc}") from None
        fill = ink(ctx.scope)

        def icon(name, x, y, size):
            if card.symbols is None or name not in card.symbols.by_id:
                raise CardError(f"text ({where}) names icon :{name}: but the game has no symbol {name!r}")
            return card.symbols.draw(name, x, y, size, fill)

        g.add(richtext.to_scene(fitted, box.x, box.y, fill, icon))

    return body


def _symbol(el: SymbolEl, fields, tables, where, ids):
    name = _Str(el.symbol, fields, tables, where)
    ink = _Colour(el.colour, fields, tables, f"{where} colour")

    def body(ctx, box, g):
        sid = name(ctx.scope)
        if not sid:
            return
        syms = ctx.card.symbols
        if syms is None or sid not in syms.by_id:
            raise CardError(f"symbol {sid!r} ({where}) is not in the game's symbol libraries")
        s = min(box.w, box.h)
        g.add(syms.draw(str(sid), box.x + (box.w - s) / 2, box.y + (box.h - s) / 2, s, ink(ctx.scope)))

    return body


def _icons(el: IconsEl, fields, tables, where, ids):
    name = _Str(el.icon, fields, tables, where)
    count = _Str(el.count, fields, tables, where) if isinstance(el.count, str) else (lambda scope: el.count)
    ink = _Colour(el.colour, fields, tables, f"{where} colour")

    def body(ctx, box, g):
        n = count(ctx.scope)
        n = 0 if n in (None, "") else int(_number(n, f"icon count ({where})"))
        if n <= 0:
            return
        if n > 100:
            raise CardError(f"icon count {n} ({where}) is over 100")
        sid = name(ctx.scope)
        syms = ctx.card.symbols
        if syms is None or sid not in syms.by_id:
            raise CardError(f"icon {sid!r} ({where}) is not in the game's symbol libraries")
        row = el.direction == "row"
        along, across = (box.w, box.h) if row else (box.h, box.w)
        s = across if el.size is None else _length(el.size, across)
        total = n * s + (n - 1) * el.gap
        start = {"start": 0.0, "center": (along - total) / 2, "end": along - total}[el.align]
        fill = ink(ctx.scope)
        for i in range(n):
            off = start + i * (s + el.gap)
            x, y = (box.x + off, box.y + (box.h - s) / 2) if row else (box.x + (box.w - s) / 2, box.y + off)
            g.add(syms.draw(str(sid), x, y, s, fill))

    return body


def _image(el: ImageEl, fields, tables, where, ids):
    from pnp.scene import Image

    src = _Str(el.src, fields, tables, where)

    def body(ctx, box, g):
        name = src(ctx.scope)
        if not name:
            return
        images = ctx.card.images
        if images is None:
            raise CardError(f"image {name!r} ({where}): this layout has no image folder")
        data, kind, pixels = images.load(str(name))  # CardError when missing or unreadable
        iw, ih = images.aspect(str(name))
        x, y, w, h = _fit(el.fit, box, iw / ih)
        if pixels is not None:
            dpi = min(pixels[0] / (w / 25.4), pixels[1] / (h / 25.4))
            if dpi < 200:
                ctx.card.warn(f"image {name!r} prints at {dpi:.0f} dpi (below 200; it will look soft)")
        g.add(Group([Image(x, y, w, h, data)], clip=Rect(box.x, box.y, box.w, box.h)))

    return body


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


def _group(el: GroupEl, fields, tables, where, ids):
    inner_ids = set(ids)
    return _inside(_compile_list(el.elements, fields, tables, f"{where}.elements", inner_ids, in_group=True))


def _inside(children: list):
    """The body of an element whose children are placed in its box (a group, an element kind made of parts)."""

    def body(ctx, box, g):
        outer = ctx.frames["parent"]
        ctx.frames["parent"] = box
        for draw in children:
            draw(ctx, g)
        ctx.frames["parent"] = outer

    return body


def _parts(kind: ElementKind, el, where: str) -> list:
    """The elements an element kind made of parts consists of, validated as elements."""
    from pydantic import ValidationError

    try:
        return validate_list(kind.parts(el))
    except ValidationError as exc:
        why = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        raise ExprError(f"{where}: the parts of {el.type!r} are not valid elements: {why}") from None


register(  # the built-in element kinds; pnp.layout.vocabulary imports every module that registers more
    ElementKind(RectEl, _rect), ElementKind(EllipseEl, _ellipse), ElementKind(LineEl, _line),
    ElementKind(PolygonEl, _polygon), ElementKind(TextEl, _text_el), ElementKind(TextBoxEl, _textbox),
    ElementKind(SymbolEl, _symbol, symbols=("symbol",)), ElementKind(ImageEl, _image, images=("src",)),
    ElementKind(IconsEl, _icons, symbols=("icon",)), ElementKind(GroupEl, _group, children="elements"))

__all__ = ["Card", "CardError", "Compiled", "compile_layout", "place"]
