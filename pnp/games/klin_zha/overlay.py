"""Cloud overlays at board scale: what gets printed on the transparency.

Under-cloud cells are filled densely (with a lighter puff texture) so the
board beneath cannot be read, with their edges drawn light on top so the grid
stays visible; edge cells get a light tint, hatching and a dashed rim; normal
cells stay clear. Each cloud's outer boundary is a row of shallow arcs curling
inwards, so the shapes read as clouds and never spill into a neighbour.
Every cell shape sits in a group ``under-<cell>`` / ``edge-<cell>`` so
tests (and curious users) can find it in the SVG.
"""
from __future__ import annotations

import math

from pnp.layout.builtin.trigrid import cell_label_point
from pnp.model.trilattice import SQRT3, Cell, TriGrid, cell_polygon
from pnp.scene import Circle, Group, Hatch, Path, Polygon, Rect, Text, mirror_x, style
from pnp.scene.style import color
from pnp.games.klin_zha.sky import Sky
from pnp.load.words import Words

WORDS = Words.beside(__file__)

CLOUD = "#5b6b80"  # dense slate: opaque on foil, hides the board
PUFF = "#74849a"
RIM = "#eef2f7"
EDGE_TINT = "#dbe3ee"
EDGE_INK = "#5b6b80"


# How clouds look on the foil. The rules ask only that every cell shows whether it is clear, at the
# edge of a cloud or under one (the umpire hides the pieces), so an ink-saving build (pnp build
# --ink-saver) draws a cloud cross-hatched and outlined instead of dense, and an edge cell hatched
# without its tint: each cell still reads as one of the three.
LOOKS = {
    False: {"cloud": CLOUD, "cross": None, "puffs": True, "lines": RIM, "names": "white", "edge_tint": EDGE_TINT},
    True: {"cloud": None, "cross": 3.0, "puffs": False, "lines": CLOUD, "names": "#1a1a1a", "edge_tint": None},
}


def cloud_style(opacity: float = 1.0, ink_saver: bool = False):
    look = LOOKS[ink_saver]
    if look["cross"] is None:
        return style(fill=look["cloud"], stroke=CLOUD, width=0.3, join="round", opacity=opacity)
    return style(stroke=CLOUD, width=0.3, join="round", opacity=opacity,
                 hatch=Hatch(45.0, look["cross"], 0.3, color(CLOUD)))


def cross_style(opacity: float = 1.0, ink_saver: bool = False):
    """The second direction of an ink-saving cloud's cross-hatching (None for a dense cloud)."""
    spacing = LOOKS[ink_saver]["cross"]
    return None if spacing is None else style(opacity=opacity, hatch=Hatch(-45.0, spacing, 0.3, color(CLOUD)))


def edge_style(ink_saver: bool = False):
    return style(fill=LOOKS[ink_saver]["edge_tint"], hatch=Hatch(45.0, 2.2, 0.3, color(EDGE_INK)))


def _arc_between(p0, p1, bulge: float, outward: tuple[float, float]):
    """Centre-form arc from p0 to p1 bulging ``bulge`` mm towards ``outward``."""
    c = math.dist(p0, p1)
    r = (c * c / 4 + bulge * bulge) / (2 * bulge)
    mx, my = (p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2
    ox, oy = outward
    cx, cy = mx - ox * (r - bulge), my - oy * (r - bulge)
    a0 = math.degrees(math.atan2(p0[1] - cy, p0[0] - cx))
    a1 = math.degrees(math.atan2(p1[1] - cy, p1[0] - cx))
    am = math.degrees(math.atan2(oy, ox))
    sweep = (a1 - a0 + 540) % 360 - 180
    # pick the short way round that passes the outward point
    mid = a0 + sweep / 2
    if abs(((mid - am + 540) % 360) - 180) > 90:
        sweep = sweep - 360 if sweep > 0 else sweep + 360
    return cx, cy, r, a0, sweep


def boundary_edges(g: TriGrid, cells: frozenset[Cell]):
    """Edges of ``cells`` not shared with another cell of the set: (p0, p1, outward unit, on_rim)."""
    out = []
    for c in sorted(cells):
        ids = g.vertex_ids(c)
        vs = g.vertices(c)
        cx, cy = g.centroid(c)
        neighbours = {frozenset(set(ids) & set(g.vertex_ids(n))): n for n in g.edge_neighbours(c)}
        for i in range(3):
            key = frozenset({ids[i], ids[(i + 1) % 3]})
            n = neighbours.get(key)
            if n is not None and n in cells:
                continue
            p0, p1 = vs[i], vs[(i + 1) % 3]
            mx, my = (p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2
            d = math.hypot(mx - cx, my - cy)
            out.append((p0, p1, ((mx - cx) / d, (my - cy) / d), n is None))
    return out


def cloud_shape(g: TriGrid, name: str, cells: frozenset[Cell], opacity: float = 1.0, texture: bool = True,
                scallops: int = 3, ink_saver: bool = False) -> Group:
    """A cloud that stays inside its cells: filled cells, the cell edges drawn light across
    it (so the foil lines up with the board and every cell can be read), and a scalloped
    rim that curls inwards along its outer boundary."""
    look = LOOKS[ink_saver]
    grp = Group(id=f"cloud-{_slug(name)}")
    st, cross = cloud_style(opacity, ink_saver), cross_style(opacity, ink_saver)
    for c in sorted(cells):
        grp.add(Group([Polygon(g.vertices(c), st)] + ([Polygon(g.vertices(c), cross)] if cross else []),
                      id=f"under-{g.name(c)}"))
    if texture and look["puffs"]:
        grp.add(_puffs(g, cells, opacity))
    grid = Path(style=style(stroke=look["lines"], width=0.25, cap="round", opacity=opacity))
    seen = set()
    for c in sorted(cells):
        ids, vs = g.vertex_ids(c), g.vertices(c)
        for i in range(3):
            edge = frozenset({ids[i], ids[(i + 1) % 3]})
            if edge not in seen:
                seen.add(edge)
                grid.move(*vs[i]).line(*vs[(i + 1) % 3])
    grp.add(grid)
    bulge = g.edge * 0.06
    outline = Path(style=style(stroke=look["lines"], width=max(0.35, g.edge * 0.02), cap="round", join="round",
                               opacity=opacity))
    for p0, p1, out, on_rim in boundary_edges(g, cells):
        if on_rim:  # the board's own border: keep it straight
            continue
        inward = (-out[0], -out[1])
        for k in range(scallops):
            a = (p0[0] + (p1[0] - p0[0]) * k / scallops, p0[1] + (p1[1] - p0[1]) * k / scallops)
            b = (p0[0] + (p1[0] - p0[0]) * (k + 1) / scallops, p0[1] + (p1[1] - p0[1]) * (k + 1) / scallops)
            cx, cy, r, a0, sweep = _arc_between(a, b, bulge, inward)
            outline.move(*a).arc(cx, cy, r, r, a0, sweep)
    if outline.ops:
        grp.add(outline)
    return grp


def _puffs(g: TriGrid, cells, opacity: float) -> Group:
    """A few lighter round puffs inside every cloud cell (kept inside the cell's incircle)."""
    grp = Group(id="puffs")
    ri = g.inradius()
    st = style(fill=PUFF, opacity=opacity)
    for c in sorted(cells):
        cx, cy = g.centroid(c)
        turn = 0 if c.up else 180
        for k, (ang, dist, rad) in enumerate(((90 + turn, 0.30, 0.42), (210 + turn, 0.34, 0.34),
                                              (330 + turn, 0.34, 0.38))):
            a = math.radians(ang + (c.row * 17 + c.pos * 29) % 40 - 20)
            grp.add(Circle(cx + math.cos(a) * ri * dist, cy + math.sin(a) * ri * dist, ri * rad, st))
    return grp


def _slug(name: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in name.lower())


def edge_cells(g: TriGrid, cells, inset: float = 0.9, ink_saver: bool = False) -> Group:
    grp = Group(id="cloud-edges")
    rim = style(stroke=EDGE_INK, width=0.45, dash=(1.6, 1.1), join="round")
    for c in sorted(cells):
        grp.add(Group([Polygon(g.vertices(c), edge_style(ink_saver)),
                       Polygon(cell_polygon(g, c, inset=inset), rim)], id=f"edge-{g.name(c)}"))
    return grp


def overlay_group(g: TriGrid, sky: Sky, *, names_under: bool = True, opacity: float = 1.0,
                  registration: Group | None = None, mirror: bool = False, ink_saver: bool = False) -> Group:
    """The transparency's artwork in board coordinates (same frame as the board)."""
    grp = Group(id="overlay")
    # a faint outline of the board helps to lay the foil straight
    grp.add(Polygon([g.point(0, 0), g.point(g.n, g.n), g.point(g.n, 0)], style(stroke="#9aa6b5", width=0.2)))
    grp.add(edge_cells(g, sky.edge, ink_saver=ink_saver))
    for name, cells in sky.clouds.items():
        if cells:
            grp.add(cloud_shape(g, name, cells, opacity, ink_saver=ink_saver))
    if names_under and sky.under:
        labels = Group(id="names-under-cloud")
        for c in sorted(sky.under):
            x, y = cell_label_point(g, c)
            labels.add(Text(x, y, g.name(c), size=6.0, anchor="middle", fill=color(LOOKS[ink_saver]["names"])))
        grp.add(labels)
    if registration is not None:
        grp.add(registration)
    if mirror:
        return Group([grp], transform=mirror_x(g.width / 2), id="mirrored")
    return grp


def legend_rows(lang: str, ink_saver: bool = False):
    words = WORDS[lang]["legend"]

    def normal(x, y, w, h):
        return Rect(x, y, w, h, style(stroke="black", width=0.25))

    def edge(x, y, w, h):
        return Group([Rect(x, y, w, h, edge_style(ink_saver)),
                      Rect(x + 0.6, y + 0.6, w - 1.2, h - 1.2, style(stroke=EDGE_INK, width=0.35, dash=(1.2, 0.8)))])

    def under(x, y, w, h):
        if ink_saver:
            return Group([Rect(x, y, w, h, cloud_style(ink_saver=True)), Rect(x, y, w, h, cross_style(ink_saver=True))])
        return Group([Rect(x, y, w, h, cloud_style()), Circle(x + w * 0.35, y + h * 0.5, h * 0.3, style(fill=PUFF)),
                      Circle(x + w * 0.65, y + h * 0.45, h * 0.35, style(fill=PUFF))])

    return [
        (normal, words["normal"]),
        (edge, words["edge"]),
        (under, words["under"]),
    ]


def direction_arrow(x: float, y: float, direction_vec: tuple[float, float], length: float, colour="black",
                    width: float = 0.6) -> Path:
    ux, uy = direction_vec
    tx, ty = x + ux * length, y + uy * length
    head = min(3.0, length * 0.3)
    p = Path(style=style(stroke=colour, width=width, cap="round", join="round")).move(x, y).line(tx, ty)
    for turn in (150, -150):
        a = math.atan2(uy, ux) + math.radians(turn)
        p.move(tx, ty).line(tx + math.cos(a) * head, ty + math.sin(a) * head)
    return p


__all__ = ["overlay_group", "cloud_shape", "edge_cells", "legend_rows", "direction_arrow", "SQRT3"]
