"""Shared helpers for imposition tests: fake items and a walk over the scene tree."""
from __future__ import annotations

from pnp.impose.items import Item
from pnp.scene import Box, Group, Path, Rect, Transform, style
from pnp.scene.primitives import IDENTITY


def card(w: float = 63, h: float = 88, back: bool = True, label: str = "", colour: str = "red") -> Item:
    """An item whose background runs exactly ``bleed`` past its trim, as components must do."""

    def front(bleed: float) -> Group:
        return Group(children=[Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, style(fill=colour)),
                               Rect(0, 0, w, h, style(stroke="black", width=0.3))], id="art")

    def back_(bleed: float) -> Group:
        return Group(children=[Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, style(fill="blue")),
                               # an arrow pointing to the item's top edge, so orientation is testable
                               Path(style=style(stroke="white", width=1)).move(w / 2, h * 0.8).line(w / 2, h * 0.2)],
                     id="art")

    return Item(w, h, front, back_ if back else None, label)


def find(group: Group, prefix: str, t: Transform = IDENTITY):
    """Yield (group, transform to page) for every group whose id starts with ``prefix``."""
    here = t @ group.transform
    if group.id and group.id.startswith(prefix):
        yield group, here
    for ch in group.children:
        if isinstance(ch, Group):
            yield from find(ch, prefix, here)


def placed(page, prefix: str) -> dict[str, tuple[Box, Box, Transform]]:
    """id -> (trim box on page, clip box on page, item->page transform) for placed items.

    Placed items are a clip group (id) holding one group whose transform maps
    item coordinates to the page; the item is found by its art's size.
    """
    out = {}
    for g, t in find(page.content, prefix):
        inner = g.children[0]
        tt = t @ inner.transform
        art = inner.children[0]
        outer = art.children[0]  # background rect: (-b, -b, w+2b, h+2b)
        b = -outer.x
        w, h = outer.w - 2 * b, outer.h - 2 * b
        trim = box_of(tt, Box(0, 0, w, h))
        c = g.clip
        out[g.id] = (trim, Box(c.x, c.y, c.w, c.h), tt)
    return out


def box_of(t: Transform, b: Box) -> Box:
    pts = [t.apply(b.x, b.y), t.apply(b.right, b.bottom), t.apply(b.x, b.bottom), t.apply(b.right, b.y)]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def segments(group: Group, t: Transform = IDENTITY):
    """Every straight path segment under ``group`` in page coordinates."""
    here = t @ group.transform
    for ch in group.children:
        if isinstance(ch, Group):
            yield from segments(ch, here)
        elif isinstance(ch, Path):
            pts = [here.apply(op[1], op[2]) for op in ch.ops if op[0] in "ML"]
            yield from zip(pts, pts[1:])


def overlaps(a: Box, b: Box, eps: float = 1e-6) -> bool:
    return a.x < b.right - eps and b.x < a.right - eps and a.y < b.bottom - eps and b.y < a.bottom - eps


def seg_hits_box(p, q, b: Box, eps: float = 1e-6) -> bool:
    """Axis-parallel segment p-q touches the inside of box b."""
    x0, x1 = sorted((p[0], q[0]))
    y0, y1 = sorted((p[1], q[1]))
    return x0 < b.right - eps and x1 > b.x + eps and y0 < b.bottom - eps and y1 > b.y + eps if (
        x0 != x1 and y0 != y1) else (
        (b.x + eps < x0 < b.right - eps and y0 < b.bottom - eps and y1 > b.y + eps) if x0 == x1 else
        (b.y + eps < y0 < b.bottom - eps and x0 < b.right - eps and x1 > b.x + eps))


def centre(b: Box) -> tuple[float, float]:
    return (b.x + b.w / 2, b.y + b.h / 2)
