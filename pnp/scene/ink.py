"""Where a scene puts ink: the box around what a node draws, after every transform.

Text counts only its glyphs' outlines (a line of lower-case letters without
descenders stops at the baseline), shapes their outline (curves by their
control points, strokes by half their width), pictures their box. Clips cut
the box down. Used to find elements that overlap on a card.
"""
from __future__ import annotations

from typing import Iterator

from pnp.scene import fonts
from pnp.scene.geometry import normalise
from pnp.scene.primitives import IDENTITY, Ellipse, Group, Image, Node, Path, Polygon, Rect, Shape, Text, Transform

Box4 = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm
_SHIFT = {"start": 0.0, "middle": 0.5, "end": 1.0}


def _union(a: Box4 | None, b: Box4 | None) -> Box4 | None:
    if a is None:
        return b
    if b is None:
        return a
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def _clip(a: Box4 | None, b: Box4) -> Box4 | None:
    if a is None:
        return None
    x0, y0, x1, y1 = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    return (x0, y0, x1, y1) if x0 < x1 and y0 < y1 else None


def _mapped(m: Transform, x0: float, y0: float, x1: float, y1: float) -> Box4:
    if m is IDENTITY:  # most of a card's ink (+ 0.0: what the identity's sums give a -0.0)
        return ((x0 if x0 <= x1 else x1) + 0.0, (y0 if y0 <= y1 else y1) + 0.0, (x1 if x1 >= x0 else x0) + 0.0,
                (y1 if y1 >= y0 else y0) + 0.0)
    pts = [m.apply(x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def _points(node: Node) -> list[tuple[float, float]]:
    # one type() a node, not an isinstance per kind: each branch tells mypy which kind it has
    t = type(node)
    if t is Rect:
        r: Rect = node  # type: ignore[assignment]  # t is Rect
        return [(r.x, r.y), (r.x + r.w, r.y + r.h)]
    if t is Ellipse:
        e: Ellipse = node  # type: ignore[assignment]  # t is Ellipse
        return [(e.cx - e.rx, e.cy - e.ry), (e.cx + e.rx, e.cy + e.ry)]
    if t is Polygon:
        return list(node.points)  # type: ignore[union-attr]  # t is Polygon
    if t is Path:
        p: Path = node  # type: ignore[assignment]  # t is Path
        return [op[i:i + 2] for op in normalise(p) for i in range(1, len(op) - 1, 2)]
    return []


def _shape(node: Shape, m: Transform) -> Box4 | None:
    st = node.style
    stroke = st.stroke is not None and st.stroke_width > 0
    if st.fill is None and not stroke and st.hatch is None:
        return None
    pts = _points(node)
    if not pts:
        return None
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    h = st.stroke_width / 2 if stroke else 0.0
    return _mapped(m, min(xs) - h, min(ys) - h, max(xs) + h, max(ys) + h)


def text_ink(t: Text, m: Transform = IDENTITY) -> Box4 | None:
    """The glyphs of ``t`` as laid out (shrunk and wrapped as every backend draws it)."""
    from pnp.scene.text import set_lines

    if t.fill is None or not t.text:
        return None
    box: Box4 | None = None
    for ln in set_lines(t):
        g = fonts.ink(ln.text, ln.size, t.font, t.weight) if ln.text else None
        if g is None:
            continue
        x0 = ln.x - _SHIFT[t.anchor] * ln.width
        box = _union(box, _mapped(m, x0 + g[0], ln.y + g[1], x0 + g[2], ln.y + g[3]))
    return box


def _clip_box(group: Group, inner: Transform) -> Box4 | None:
    """The box of the group's clip in the coordinates ``inner`` maps to; None without one."""
    if group.clip is None:
        return None
    pts = _points(group.clip)
    if not pts:
        return None
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return _mapped(inner, min(xs), min(ys), max(xs), max(ys))


def ink_box(node: Node, m: Transform = IDENTITY) -> Box4 | None:
    """The box around the ink ``node`` lays down, in the coordinates ``m`` maps to; None for none."""
    t = type(node)
    if t is Group:
        g: Group = node  # type: ignore[assignment]  # t is Group (as in _points: one type() a node)
        inner = m if g.transform is IDENTITY else m @ g.transform
        box = None
        for child in g.children:
            box = _union(box, ink_box(child, inner))
        if box is not None and g.clip is not None:
            clip = _clip_box(g, inner)
            if clip is not None:
                box = _clip(box, clip)
        return box
    if t is Text:
        return text_ink(node, m)  # type: ignore[arg-type]  # t is Text
    if t is Image:
        im: Image = node  # type: ignore[assignment]  # t is Image
        return _mapped(m, im.x, im.y, im.x + im.w, im.y + im.h)
    if t in (Rect, Ellipse, Polygon, Path):
        return _shape(node, m)  # type: ignore[arg-type]  # t is a shape
    return None


def ink_pieces(node: Node, m: Transform = IDENTITY) -> Iterator[Box4]:
    """The boxes of the separate pieces of ink ``node`` lays down: each shape, text and picture, a path
    split where it lifts the pen (a lattice's lines, a registration mark at each corner). Finer than
    :func:`ink_box`: a text in the empty middle of a frame of marks touches none of them."""
    if type(node) is Group:
        yield from _group_pieces(node, m)
    elif type(node) is Path and node.style.fill is None and node.style.hatch is None:
        yield from _stroke_pieces(node, m)
    else:
        box = ink_box(node, m)
        if box is not None:
            yield box


def _group_pieces(node: Group, m: Transform) -> Iterator[Box4]:
    """The pieces of the group's children, cut down by its clip."""
    inner = m if node.transform is IDENTITY else m @ node.transform
    clip = _clip_box(node, inner)
    for child in node.children:
        for box in ink_pieces(child, inner):
            cut = box if clip is None else _clip(box, clip)
            if cut is not None:
                yield cut


def _stroke_pieces(node: Path, m: Transform) -> Iterator[Box4]:
    """An unfilled path's pieces: one box for each stretch drawn without lifting the pen."""
    h = node.style.stroke_width / 2 if node.style.stroke is not None else 0.0
    piece: list[tuple[float, float]] = []
    for op in normalise(node) + [("M", 0.0, 0.0)]:
        if op[0] == "M" and len(piece) > 1:
            xs, ys = [p[0] for p in piece], [p[1] for p in piece]
            yield _mapped(m, min(xs) - h, min(ys) - h, max(xs) + h, max(ys) + h)
        if op[0] == "M":
            piece = []
        piece += [op[i:i + 2] for i in range(1, len(op) - 1, 2)]


def overlap(a: Box4, b: Box4) -> tuple[float, float]:
    """How far two boxes overlap across and down (mm; 0 when they do not)."""
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])), max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def contains(outer: Box4, inner: Box4, slack: float = 0.05) -> bool:
    return (outer[0] <= inner[0] + slack and outer[1] <= inner[1] + slack and outer[2] >= inner[2] - slack
            and outer[3] >= inner[3] - slack)
