"""Drawn shapes of a layout, each filling the element's box: ``star``, ``arc`` and ``path``
element kinds (registered here), and the outline of a regular polygon (``polygon`` with ``sides``).

A star, a regular polygon and a path are scaled so that their outline's
bounding box is the element's box (what is printed measures what the layout
says); an arc is the part of the ellipse inscribed in the box between two
angles. Angles are degrees clockwise from 3 o'clock, as ``rotate`` turns.
A stroke straddles the outline, as a rect's does. Path data is SVG's, read
and fitted by :mod:`pnp.scene.pathdata`.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable

from pnp.layout.compile import _Colour, _paint
from pnp.layout.expr import Scope
from pnp.layout.elements import Draw, DrawContext, ElementKind, Fields, Tables, register
from pnp.model.plain.layout import Paint, Placed
from pnp.scene import Box, Group, Path, Polygon, style
from pnp.scene.style import Style
from pnp.scene.pathdata import fit, parse_d

if TYPE_CHECKING:  # pragma: no cover
    from pnp.layout.schemas import shapes as schema
    from pnp.layout.fontbook import FontBook


class StarEl(Placed, Paint):
    """A star filling its box, one tip pointing up."""


class ArcEl(Placed):
    """Part of the ellipse inscribed in the box, from ``start`` clockwise to ``end``."""




class PathEl(Placed, Paint):
    """SVG path data drawn into the box: its drawn extent fills the box, or its viewbox does."""


def _fill(points: list[tuple[float, float]], box: Box) -> list[tuple[float, float]]:
    """``points`` moved and stretched so their bounding box is ``box``."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0, y0, w, h = min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)
    sx = box.w / w if w else 0.0
    sy = box.h / h if h else 0.0
    return [(box.x + (x - x0) * sx if w else box.x + box.w / 2,
             box.y + (y - y0) * sy if h else box.y + box.h / 2) for x, y in points]


def star(box: Box, points: int, inner: float) -> list[tuple[float, float]]:
    """A star of ``points`` tips, one pointing up, its inner corners at ``inner`` × the tips' radius."""
    corners = []
    for i in range(2 * points):
        r = 1.0 if i % 2 == 0 else inner
        a = math.radians(-90 + i * 180 / points)
        corners.append((r * math.cos(a), r * math.sin(a)))
    return _fill(corners, box)


def regular(box: Box, sides: int, orient: str | None) -> list[tuple[float, float]]:
    """A regular polygon: ``pointy`` has a corner at the top, ``flat`` a side; by default it stands on
    a side (a triangle points up, a square and a hexagon lie flat)."""
    if orient is None:
        orient = "pointy" if sides % 2 else "flat"
    turn = 0.0 if orient == "pointy" else 180.0 / sides
    pts = [(math.cos(a), math.sin(a)) for a in (math.radians(-90 + turn + i * 360 / sides) for i in range(sides))]
    return _fill(pts, box)


def sweep(start: float, end: float) -> float:
    """Degrees from ``start`` clockwise to ``end``: 0 < sweep <= 360."""
    s = (end - start) % 360.0
    return 360.0 if s == 0 else s


def arc(box: Box, start: float, end: float, pie: bool) -> list[tuple]:
    """Path ops of the arc on the ellipse inscribed in ``box`` (a wedge from the centre with ``pie``),
    cut at every quarter so no control point leaves the ellipse's box."""
    cx, cy, rx, ry = box.x + box.w / 2, box.y + box.h / 2, box.w / 2, box.h / 2
    total = sweep(start, end)
    cuts = [start]
    q = (math.floor(start / 90.0) + 1) * 90.0
    while q < start + total - 1e-9:
        cuts.append(q)
        q += 90.0
    cuts.append(start + total)
    ops: list[tuple] = [("M", cx, cy)] if pie else []
    for a, b in zip(cuts, cuts[1:]):
        ops.append(("A", cx, cy, rx, ry, a, b - a))
    if pie:
        ops.append(("Z",))
    return ops


# ------------------------------------------------------------------ the element kinds


def _star(el: schema.StarEl, fields: Fields, tables: Tables, where: str, ids: set[str],
           book: FontBook | None = None) -> Draw:
    paint = _paint(el, fields, tables, where)

    def body(ctx: DrawContext, box: Box, g: Group) -> None:
        g.add(Polygon(star(box, el.points, el.inner), paint(ctx.scope)))

    return body


def _line_paint(el: schema.ArcEl | schema.PathEl, fields: Fields, tables: Tables, where: str) -> Callable[[Scope, bool], Style]:
    """The style of an arc or path per card: its fill (when filled), stroke, dash and line caps."""
    fill = _Colour(el.fill, fields, tables, f"{where} fill")
    stroke = _Colour(el.stroke, fields, tables, f"{where} stroke")
    dash = tuple(el.dash) if el.dash else None

    def st(scope: Scope, filled: bool) -> Style:
        return style(fill=fill(scope) if filled else None, stroke=stroke(scope), width=el.stroke_width, dash=dash,
                     cap=el.cap)

    return st


def _arc(el: schema.ArcEl, fields: Fields, tables: Tables, where: str, ids: set[str],
           book: FontBook | None = None) -> Draw:
    paint = _line_paint(el, fields, tables, where)

    def body(ctx: DrawContext, box: Box, g: Group) -> None:
        g.add(Path(arc(box, el.start, el.end, el.pie), paint(ctx.scope, el.pie)))  # only a pie is filled

    return body


def _path(el: schema.PathEl, fields: Fields, tables: Tables, where: str, ids: set[str],
           book: FontBook | None = None) -> Draw:
    paint = _line_paint(el, fields, tables, where)
    ops = parse_d(el.d)

    def body(ctx: DrawContext, box: Box, g: Group) -> None:
        g.add(Path(fit(ops, box, el.viewbox), paint(ctx.scope, True)))

    return body


# ------------------------------------------------------------------ registration

SCHEMAS = "pnp.layout.schemas.shapes"  # the kinds' schemas, imported when a layout is validated

register(ElementKind(f"{SCHEMAS}:StarEl", _star, twin=StarEl), ElementKind(f"{SCHEMAS}:ArcEl", _arc, twin=ArcEl),
         ElementKind(f"{SCHEMAS}:PathEl", _path, twin=PathEl))
