"""The ``network`` element: a point-to-point map of nodes joined by edges.

Nodes (``id``, ``name``, ``x``, ``y`` and any other columns) and edges
(``from``, ``to`` and any other columns, usually a ``type``) come from files
of the game folder, a list in the layout or a game's source. Every look is a
template filled per node or per edge, so tables style them by type: a sea's
oval and a land's circle, an army border's solid line and a fleet border's
dashes. Labels are placed beside their node where they cross no other node,
label or edge; when a label finds no such place the build says which.

Coordinates: a node's ``x`` and ``y`` are in the element's own units (x to the
right, y down). The rectangle ``extent`` ([x0, y0, x1, y1], or [w, h] from 0, 0;
default: the nodes' own bounds) is scaled by one factor, the same across and
down, to the largest size that fits the element's box less ``pad`` mm on every
side, and centred in it.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Generic, Iterator, Sequence, TypeVar

from pnp.layout.compile import CardError
from pnp.layout.elements import Draw, DrawContext, ElementKind, Fields, Tables, register
from pnp.layout.expr import Scope
from pnp.layout.itemstyle import (SHAPES, ItemScope, Templates, cap, centred_text, fitted_size, hatch_angles, hatches, label_ink, outline, rim, shape_node)
from pnp.layout.data import Row, inline_rows, number
from pnp.model.plain.layout import Placed
from pnp.scene import Box, Color, Group, Path, color, style
from pnp.scene.style import INK

if TYPE_CHECKING:  # pragma: no cover
    from pnp.layout.schemas import network as schema
    from pnp.layout.fontbook import FontBook

MAX_NODES, MAX_EDGES = 5000, 20000


class NetworkEl(Placed):
    """A point-to-point map: nodes at their x, y joined by edges, each styled by its type from data."""


NODE_OWN = ("node_size", "shape", "fill", "hatch", "hatch_colour", "stroke", "stroke_width", "text", "text_colour",
            "label", "label_colour", "label_ground", "icon", "icon_colour")
EDGE_OWN = ("edge_stroke", "edge_width", "edge_dash")
_COLOURS = ("fill", "hatch_colour", "stroke", "text_colour", "label_colour", "label_ground", "icon_colour",
            "edge_stroke")
_ASPECT = {"circle": (1.0, 1.0), "ellipse": (1.5, 1.0), "square": (1.0, 1.0), "diamond": (1.0, 1.0),
           "hex": (1.0, 2 / math.sqrt(3)), "none": (0.0, 0.0)}


class _Node:
    __slots__ = ("row", "id", "x", "y", "scope", "shape", "w", "h", "points", "fill")
    scope: ItemScope
    shape: str
    w: float
    h: float
    points: list[tuple[float, float]]
    fill: Color | None

    def __init__(self, row: Row, nid: str, x: float, y: float) -> None:
        self.row, self.id, self.x, self.y = row, nid, x, y


_Bounds = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm
_Seg = tuple[tuple[float, float], tuple[float, float]]


def network_body(el: schema.NetworkEl, fields: Fields, tables: Tables, where: str, ids: set[str],
                 book: FontBook | None = None) -> Draw:
    t = Templates({k: getattr(el, k) for k in NODE_OWN}, tables, where, _COLOURS)
    te = Templates({k: getattr(el, k) for k in EDGE_OWN}, tables, where, _COLOURS)
    what = f"network ({where})"
    inline_nodes = inline_rows(el.nodes, f"{what} nodes") if isinstance(el.nodes, list) else None
    inline_edges = inline_rows(el.edges, f"{what} edges") if isinstance(el.edges, list) else None
    checked: dict[tuple[int, int], tuple[Sequence[Row], Sequence[Row]]] = {}

    def draw(ctx: DrawContext, box: Box, g: Group) -> None:
        nodes_rows = inline_nodes if inline_nodes is not None else _rows(ctx, el.nodes, f"{what} nodes")
        edge_rows = inline_edges if inline_edges is not None else (
            () if el.edges is None else _rows(ctx, el.edges, f"{what} edges"))
        key = (id(nodes_rows), id(edge_rows))
        if key not in checked:
            if len(checked) > 8:
                checked.clear()
            known = set(ctx.scope.values) | set(fields)
            t.check({k for r in nodes_rows for k in r.values} | known, "the nodes")
            te.check({k for r in edge_rows for k in r.values} | known, "the edges")
            checked[key] = (nodes_rows, edge_rows)
        g.add(_draw(el, t, te, nodes_rows, edge_rows, ctx, box, tables, what))

    return draw


def _rows(ctx: DrawContext, ref: Any, what: str) -> Sequence[Row]:
    if ctx.card.data is None:
        raise CardError(f"{what}: this layout is drawn without a game folder to read records from")
    rows: Sequence[Row] = ctx.card.data.rows(ref, what)
    return rows


def _coord(row: Row, key: str, what: str) -> float:
    x = number(row, key, what)
    assert x is not None  # number() raises for an empty column when it is given no default
    return x


def _nodes(rows: Sequence[Row], what: str) -> dict[str, _Node]:
    if len(rows) > MAX_NODES:
        raise CardError(f"{what} nodes: {len(rows)} nodes; a network holds at most {MAX_NODES}")
    out: dict[str, _Node] = {}
    for row in rows:
        nid = row.get("id")
        if nid is None or str(nid).strip() == "":
            raise CardError(f"{row.where}: {what} nodes: a node needs an 'id'")
        nid = str(nid).strip()
        if nid in out:
            raise CardError(f"{row.where}: {what} nodes: id {nid!r} is used twice (also at {out[nid].row.where})")
        out[nid] = _Node(row, nid, _coord(row, "x", f"{what} node {nid}"), _coord(row, "y", f"{what} node {nid}"))
    if not out:
        raise CardError(f"{what} nodes: no nodes")
    return out


def _draw(el: schema.NetworkEl, t: Templates, te: Templates, node_rows: Sequence[Row], edge_rows: Sequence[Row],
          ctx: DrawContext, box: Box, tables: Tables, what: str) -> Group:
    base = ctx.scope
    nodes = _nodes(node_rows, what)
    if len(edge_rows) > MAX_EDGES:
        raise CardError(f"{what} edges: {len(edge_rows)} edges; a network holds at most {MAX_EDGES}")
    for n in nodes.values():  # the look of each node, before anything is placed
        _node_look(el, t, n, base, tables, what)
    _fit(el, nodes, box, what)
    edges_g, nodes_g, marks_g, texts_g, labels_g = (Group() for _ in range(5))
    segments = _edges(el, te, edge_rows, nodes, base, tables, what, edges_g)
    taken: _Index[_Bounds] = _Index()  # boxes labels must keep clear of
    lines: _Index[_Seg] = _Index()
    for seg in segments:
        lines.add_segment(seg)
    for n in nodes.values():
        nw = f"{n.row.where}: {what} node {n.id}"
        try:
            _draw_node(el, t, n, ctx, taken, nodes_g, marks_g, texts_g, nw)
        except CardError as exc:
            msg = str(exc)
            raise CardError(msg if msg.startswith(nw) else f"{nw}: {msg}") from None
    for n in nodes.values():
        text = t.text("label", n.scope)
        if text:
            nw = f"{n.row.where}: {what} node {n.id}"
            ink = t.colour("label_colour", n.scope) or INK
            _place_label(el, n, text, ink, t.colour("label_ground", n.scope), taken, lines, box, labels_g, nw)
    out = Group(id=None)
    for part in (edges_g, nodes_g, marks_g, texts_g, labels_g):
        if part.children:
            out.add(part)
    return out


def _node_look(el: schema.NetworkEl, t: Templates, n: _Node, base: Scope, tables: Tables, what: str) -> None:
    """The node's scope (its record over the card's values), shape and size."""
    values = dict(base.values)
    values.update({k: v for k, v in n.row.values.items() if v is not None})
    n.scope = ItemScope(values, tables, base.text, base.lang)
    n.shape = (t.text("shape", n.scope) or "circle").strip().lower()
    if n.shape not in SHAPES:
        raise CardError(f"{n.row.where}: {what} node {n.id}: unknown shape {n.shape!r}; use "
                        f"{', '.join(SHAPES)}")
    size = t.number("node_size", n.scope, f"node {n.id}") if t.has("node_size") else None
    size = el.size if size is None else size
    if not 0 <= size <= 200:
        raise CardError(f"{n.row.where}: {what} node {n.id}: size {size:g} mm is not between 0 and 200")
    ax, ay = _ASPECT[n.shape]
    n.w, n.h = size * ax, size * ay


def _fit(el: schema.NetworkEl, nodes: dict[str, _Node], box: Box, what: str) -> None:
    """Map the extent of the node coordinates onto the box (less its pad), one scale across and
    down, centred; each node gets its place in mm and its outline."""
    if el.extent is not None:
        x0, y0, x1, y1 = el.extent if len(el.extent) == 4 else (0.0, 0.0, *el.extent)
    else:
        x0, x1 = min(n.x for n in nodes.values()), max(n.x for n in nodes.values())
        y0, y1 = min(n.y for n in nodes.values()), max(n.y for n in nodes.values())
    pad = el.pad if el.pad is not None else max(max(n.w, n.h) for n in nodes.values()) / 2 + 1.0
    aw, ah = box.w - 2 * pad, box.h - 2 * pad
    if aw <= 0 or ah <= 0:
        raise CardError(f"{what}: its box of {box.w:.1f} × {box.h:.1f} mm leaves no room inside {pad:.1f} mm of pad")
    spans = [s for s in (x1 - x0, y1 - y0)]
    k = min(aw / spans[0] if spans[0] > 0 else math.inf, ah / spans[1] if spans[1] > 0 else math.inf)
    k = 1.0 if k == math.inf else k
    ox = box.x + pad + (aw - (x1 - x0) * k) / 2
    oy = box.y + pad + (ah - (y1 - y0) * k) / 2
    for n in nodes.values():
        n.x, n.y = ox + (n.x - x0) * k, oy + (n.y - y0) * k
        n.points = outline(n.shape, n.x, n.y, n.w, n.h)


def _draw_node(el: schema.NetworkEl, t: Templates, n: _Node, ctx: DrawContext, taken: _Index[_Bounds], nodes_g: Group,
               marks_g: Group, texts_g: Group, nw: str) -> None:
    """The node's shape (with its hatch), icon and text; what labels must keep clear of goes to ``taken``."""
    fill = t.colour("fill", n.scope)
    n.fill = fill
    angles = hatch_angles(t.value("hatch", n.scope), nw)
    ink = t.colour("stroke", n.scope)
    width = t.number("stroke_width", n.scope, "stroke width") if t.has("stroke_width") else None
    width = 0.3 if width is None else width
    shape = shape_node(n.shape, n.x, n.y, n.w, n.h, style(fill=fill, stroke=ink if width > 0 else None,
                                                          width=width))
    if shape is not None:
        nodes_g.add(shape)
        for h in hatches(angles, fill, t.colour("hatch_colour", n.scope), 1.5, 0.2):
            hatched = shape_node(n.shape, n.x, n.y, n.w, n.h, style(hatch=h))
            if hatched is not None:  # it is not: the shape is one
                nodes_g.add(hatched)
        taken.add_box(_bounds(n.points))
    sid = t.text("icon", n.scope)
    if sid:
        _icon(el, ctx, sid, n, t.colour("icon_colour", n.scope), marks_g, nw)
    text = t.text("text", n.scope)
    if text:
        size = fitted_size(text, el.text_size, min(el.text_size, 6.0), el.text_weight, max(n.w * 0.86, 0.1),
                           f"{nw}: text")
        c = cap(size, el.text_weight)
        clear = (fill or color("white")) if angles else None
        taken.add_box(centred_text(texts_g, text, n.x, n.y + c / 2, size, el.text_weight,
                                   label_ink(t.colour("text_colour", n.scope), fill), clear))


def _edges(el: schema.NetworkEl, te: Templates, rows: Sequence[Row], nodes: dict[str, _Node], base: Scope, tables: Tables,
           what: str, out: Group) -> list[_Seg]:
    """Draw every edge rim to rim; returns the segments (for labels to keep clear of)."""
    segs = []
    by_style: dict[tuple[Color, float, tuple[float, ...] | None], Path] = {}
    for row in rows:
        ew = f"{row.where}: {what} edge"
        a, b = (str(row.get(k) or "").strip() for k in ("from", "to"))
        for end, prop in ((a, "from"), (b, "to")):
            if not end:
                raise CardError(f"{ew}: an edge needs '{prop}' (a node id)")
            if end not in nodes:
                raise CardError(f"{ew}: '{prop}' names node {end!r}, which is not in the nodes")
        if a == b:
            raise CardError(f"{ew}: it joins node {a!r} to itself")
        values = dict(base.values)
        values.update({k: v for k, v in row.values.items() if v is not None})
        scope = ItemScope(values, tables, base.text, base.lang)
        ink = te.colour("edge_stroke", scope)
        if ink is None:
            continue
        width = te.number("edge_width", scope, f"{ew} width") if te.has("edge_width") else None
        width = 0.4 if width is None else width
        dash = _dash(te.text("edge_dash", scope), ew)
        na, nb = nodes[a], nodes[b]
        p = rim(na.points, na.x, na.y, nb.x, nb.y)
        q = rim(nb.points, nb.x, nb.y, na.x, na.y)
        key = (ink, round(width, 4), dash)
        path = by_style.get(key)
        if path is None:
            path = by_style[key] = Path(style=style(stroke=ink, width=width, dash=dash, cap="butt" if dash else "round"))
            out.add(path)
        path.move(*p).line(*q)
        segs.append((p, q))
    return segs


def _dash(value: str, what: str) -> tuple[float, ...] | None:
    if not value or value.strip().lower() in ("solid", "none"):
        return None
    try:
        parts = tuple(float(v) for v in value.replace(",", " ").split())
    except ValueError:
        raise CardError(f"{what}: dashes {value!r}: expected mm lengths such as '2 1'") from None
    if not parts or any(not (0 < v <= 100) for v in parts):
        raise CardError(f"{what}: dashes {value!r}: each length lies between 0 and 100 mm")
    return parts


def _icon(el: schema.NetworkEl, ctx: DrawContext, sid: str, n: _Node, ink: Color | None, out: Group, what: str) -> None:
    syms = ctx.card.symbols
    if syms is None or sid not in syms.by_id:
        raise CardError(f"{what}: icon {sid!r} is not in the game's symbol libraries")
    s = el.icon_size or max(n.w, n.h) * 0.4
    top = n.y - n.h / 2
    out.add(syms.draw(sid, n.x - s / 2, top - s / 2, s, ink))


_Thing = TypeVar("_Thing", _Bounds, _Seg)


class _Index(Generic[_Thing]):
    """Boxes and segments filed by the cells of a grid, so a label asks only about its neighbourhood."""

    def __init__(self, cell: float = 8.0) -> None:
        self.cell = cell
        self.cells: dict[tuple[int, int], list[_Thing]] = {}

    def _keys(self, box: _Bounds) -> Iterator[tuple[int, int]]:
        c = self.cell
        for i in range(int(box[0] // c), int(box[2] // c) + 1):
            for j in range(int(box[1] // c), int(box[3] // c) + 1):
                yield (i, j)

    def add_box(self: _Index[_Bounds], box: _Bounds) -> None:
        for k in self._keys(box):
            self.cells.setdefault(k, []).append(box)

    def add_segment(self: _Index[_Seg], seg: _Seg) -> None:
        """File the segment under every cell it passes through (a grid walk, cell by cell)."""
        c = self.cell
        (x0, y0), (x1, y1) = seg
        i, j = int(x0 // c), int(y0 // c)
        i1, j1 = int(x1 // c), int(y1 // c)
        dx, dy = x1 - x0, y1 - y0
        si, sj = (1 if dx > 0 else -1), (1 if dy > 0 else -1)
        tx = ((i + (si > 0)) * c - x0) / dx if dx else math.inf
        ty = ((j + (sj > 0)) * c - y0) / dy if dy else math.inf
        ddx = c / abs(dx) if dx else math.inf
        ddy = c / abs(dy) if dy else math.inf
        for _ in range(abs(i1 - i) + abs(j1 - j) + 1):
            self.cells.setdefault((i, j), []).append(seg)
            if (i, j) == (i1, j1):
                break
            if tx < ty:
                i, tx = i + si, tx + ddx
            else:
                j, ty = j + sj, ty + ddy

    def near(self, box: _Bounds) -> list[_Thing]:
        out, seen = [], set()
        for k in self._keys(box):
            for thing in self.cells.get(k, ()):
                if id(thing) not in seen:
                    seen.add(id(thing))
                    out.append(thing)
        return out


def _bounds(points: Sequence[tuple[float, float]]) -> _Bounds:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _overlaps(a: _Bounds, b: _Bounds, gap: float = 0.2) -> bool:
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def _crosses(seg: _Seg, r: _Bounds) -> bool:
    """Does the segment touch the rectangle r (x0, y0, x1, y1)? (Liang-Barsky clipping.)"""
    (x0, y0), (x1, y1) = seg
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - r[0]), (dx, r[2] - x0), (-dy, y0 - r[1]), (dy, r[3] - y0)):
        if abs(p) < 1e-12:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


_PLACES = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))  # below, above, right, left ...
_GAP = 0.6  # mm between a node and its label


def _place_label(el: schema.NetworkEl, n: _Node, text: str, ink: Color, ground: Color | None, taken: _Index[_Bounds],
                 lines: _Index[_Seg], box: Box, out: Group, what: str) -> None:
    """Put the label at the first place around its node that is inside the box and clear of every node,
    text and label already placed, preferring places no edge crosses; shrink it (down to label_min) when
    no place is clear; an error naming the node when none is even then."""
    from pnp.scene import fonts

    size = el.label_size
    while True:
        missing = fonts.missing_glyph(text, "sans", "regular")
        if missing is not None:
            raise CardError(f"{what}: label: the character {missing!r} is not in the bundled font")
        best = _label_spot(n, text, size, taken, lines, box)
        if best is not None:
            crossings, r, cx, base = best
            centred_text(out, text, cx, base, size, "regular", ink, ground if crossings else None)
            taken.add_box(r)
            return
        if size <= el.label_min:
            raise CardError(f"{what}: label {text!r} finds no place beside its node clear of the other nodes and "
                            f"labels, even at {el.label_min:g} pt; give the map more room or the node a shorter "
                            "label")
        size = max(el.label_min, size - 0.5)


def _label_spot(n: _Node, text: str, size: float, taken: _Index[_Bounds], lines: _Index[_Seg],
                box: Box) -> tuple[int, _Bounds, float, float] | None:
    """The best place for the label at ``size``: (edges crossing it, its box, centre x, baseline), the
    first with no crossing, else the first with fewest; None when every place leaves the box or
    overlaps something taken."""
    from pnp.scene import fonts

    w = fonts.string_width(text, size, "sans", "regular")
    c = cap(size)
    _, desc = fonts.ascent_descent(size)
    best = None
    for sx, sy in _PLACES:
        cx, top = _label_corner(n, sx, sy, w, c, desc)
        r = (cx - w / 2, top, cx + w / 2, top + c + desc)
        if r[0] < box.x or r[2] > box.right or r[1] < box.y or r[3] > box.bottom:
            continue
        if any(_overlaps(r, o) for o in taken.near((r[0] - 0.3, r[1] - 0.3, r[2] + 0.3, r[3] + 0.3))):
            continue
        crossings = sum(1 for s in lines.near(r) if _crosses(s, r))
        if best is None or crossings < best[0]:
            best = (crossings, r, cx, top + c)
        if crossings == 0:
            break
    return best


def _label_corner(n: _Node, sx: int, sy: int, w: float, c: float, desc: float) -> tuple[float, float]:
    """The centre x and the top of a label ``w`` wide on side (sx, sy) of its node."""
    cx = n.x + sx * (n.w / 2 + _GAP + (w / 2 if sx else 0))
    if sy > 0:
        top = n.y + (n.h / 2 if not sx else c / 2) + _GAP
    elif sy < 0:
        top = n.y - (n.h / 2 if not sx else c / 2) - _GAP - c - desc
    else:
        top = n.y - c / 2
    return cx, top


# ------------------------------------------------------------------ registration

register(ElementKind("pnp.layout.schemas.network:NetworkEl", network_body, own=NODE_OWN + EDGE_OWN,
                     points=("text_size", "label_size", "label_min"), twin=NetworkEl))
