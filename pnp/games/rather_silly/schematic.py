"""A schematic play map drawn from map.yaml, for groups without a board.

Provinces are nodes at their rough positions: seas as blue ovals, land as
sand circles (coastal land with a blue rim), Switzerland grey and hatched.
Lines are borders: brown for armies only, dashed blue for fleets only,
dark grey for both. Split coasts get small labelled coast dots that their
fleet lines attach to. Supply centres carry a dot; home centres are filled
in their power's colour. Iceland and Crete are drawn in the Superhirn's
colour, the Mont-Blanc tunnel as a dotted ring through its five provinces.
"""
from __future__ import annotations

import math

from pnp.scene import Circle, Ellipse, Group, Hatch, Path, Rect, Text, color, style
from pnp.layout.builtin.key import key
from pnp.games.rather_silly.mapdata import Board
from pnp.load.words import Words

SEA = color("#d4e9f7")
SEA_INK = color("#1d5b8f")
LAND = color("#f4ebd3")
LAND_INK = color("#5b4630")
ARMY_LINE = color("#8a6a3f")
FLEET_LINE = color("#3b82c4")
BOTH_LINE = color("#555555")
TUNNEL = color("#7b1fa2")

UNITS_W, UNITS_H = 1000.0, 850.0
COAST_SIDES = {"nc": (0.0, -1.0), "sc": (0.0, 1.0), "ec": (1.0, 0.0), "wc": (-1.0, 0.0)}  # the coordinate frame of map.yaml positions

MIN_PT = 6.0  # the smallest text a player reads on the map


class MapGeometry:
    """Node positions and radii in item millimetres for a map of w x h."""

    def __init__(self, board: Board, w: float, h: float, pad: float = 6.0):
        self.board = board
        self.k = min((w - 2 * pad) / UNITS_W, (h - 2 * pad) / UNITS_H)
        self.ox = (w - UNITS_W * self.k) / 2
        self.oy = (h - UNITS_H * self.k) / 2
        self.r = 17.0 * self.k  # land node radius
        self.coast_pts = self._coast_points()

    def pos(self, pid: str) -> tuple[float, float]:
        if "/" in pid:
            return self.coast_pts[pid]
        p = self.board.provinces[pid]
        return self.ox + p.x * self.k, self.oy + p.y * self.k

    def radius(self, pid: str) -> tuple[float, float]:
        if "/" in pid:
            return self.r * 0.32, self.r * 0.32
        t = self.board.provinces[pid].type
        if t == "sea":
            return self.r * 1.45, self.r * 0.95
        return self.r, self.r

    def _coast_points(self) -> dict[str, tuple[float, float]]:
        """Each split coast sits on the rim, towards the mean of its fleet neighbours."""
        out = {}
        for p in self.board.provinces.values():
            for c, nbrs in p.coasts.items():
                cx, cy = self.ox + p.x * self.k, self.oy + p.y * self.k
                vx = vy = 0.0
                for n in nbrs:
                    q = self.board.provinces[n.split("/")[0]]
                    dx, dy = q.x - p.x, q.y - p.y
                    d = math.hypot(dx, dy) or 1.0
                    vx, vy = vx + dx / d, vy + dy / d
                d = math.hypot(vx, vy) or 1.0
                # lean towards the side the coast is named after (north coast up, ...)
                nx, ny = COAST_SIDES.get(c, (0.0, 0.0))
                vx, vy = vx / d + nx, vy / d + ny
                d = math.hypot(vx, vy) or 1.0
                out[f"{p.id}/{c}"] = (cx + vx / d * self.r * 1.05, cy + vy / d * self.r * 1.05)
        return out

    def rim(self, a: str, towards: tuple[float, float]) -> tuple[float, float]:
        """Where the line from a's centre towards a point leaves a's outline."""
        x, y = self.pos(a)
        rx, ry = self.radius(a)
        dx, dy = towards[0] - x, towards[1] - y
        d = math.hypot(dx / rx, dy / ry) or 1.0
        return x + dx / d, y + dy / d


def _edges(board: Board) -> list[tuple[str, str, str]]:
    """(node a, node b, army|fleet|both), each border once, in a stable order."""
    kinds: dict[tuple[str, str], set[str]] = {}
    for a, nbrs in board.army_graph().items():
        for b in nbrs:
            kinds.setdefault(tuple(sorted((a, b))), set()).add("army")
    for a, nbrs in board.fleet_nodes().items():
        for b in nbrs:
            key = tuple(sorted((a, b)))
            kinds.setdefault(key, set()).add("fleet")
    out = []
    for (a, b), ks in sorted(kinds.items()):
        # an army border and a fleet border between the same two provinces are one line
        out.append((a, b, "both" if len(ks) == 2 else next(iter(ks))))
    # merge: army edge A-B plus fleet edge A-B (no coasts) already merged above
    return out


def draw_map(board: Board, w: float, h: float, lang: str = "de", names: bool = False,
             bleed: float = 0.0) -> Group:
    """The whole map in a w x h box (mm); ``names`` adds full province names."""
    geo = MapGeometry(board, w, h)
    k, r = geo.k, geo.r
    g = Group(id="schematic-map")
    g.add(Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, style(fill="#f7fbfe")))
    homes = board.homes()
    colours = {p.id: p for p in board.powers}
    superhirn = board.player("superhirn")
    sh_colour = color(superhirn.colour) if superhirn else TUNNEL

    # borders first, under the nodes
    lines = Group(id="borders")
    army_fleet_pairs = set()
    for a, b, kind in _edges(board):
        pa, pb = geo.pos(a), geo.pos(b)
        if "/" in a:
            s = pa
        else:
            s = geo.rim(a, pb)
        e = pb if "/" in b else geo.rim(b, pa)
        if kind == "army":
            st = style(stroke=ARMY_LINE, width=max(0.25, 2.2 * k), cap="round")
        elif kind == "fleet":
            st = style(stroke=FLEET_LINE, width=max(0.25, 2.2 * k), dash=(6 * k, 4 * k))
        else:
            st = style(stroke=BOTH_LINE, width=max(0.3, 2.6 * k), cap="round")
        lines.add(Path(style=st).move(*s).line(*e))
        army_fleet_pairs.add((a, b))
    g.add(lines)

    # the tunnel: a dotted ring through the five provinces around Switzerland
    tun = board.tunnel
    sw = next((p for p in board.provinces.values() if p.type == "impassable"), None)
    if sw is not None and tun.joins:
        cx, cy = geo.pos(sw.id)
        pts = sorted((geo.pos(j) for j in tun.joins), key=lambda p: math.atan2(p[1] - cy, p[0] - cx))
        ring = Path(style=style(stroke=TUNNEL, width=max(0.4, 3.5 * k), dash=(2.5 * k, 5 * k), cap="round"))
        ring.move(*pts[0])
        for p in pts[1:]:
            ring.line(*p)
        ring.close()
        spokes = Group(id="tunnel")
        for p in pts:
            spokes.add(Path(style=style(stroke=TUNNEL, width=max(0.3, 2.0 * k), dash=(2 * k, 3 * k)))
                       .move(cx, cy).line(*p))
        spokes.add(ring)
        g.add(spokes)

    # nodes
    nodes = Group(id="provinces")
    for p in board.provinces.values():
        x, y = geo.pos(p.id)
        rx, ry = geo.radius(p.id)
        ink = LAND_INK
        if p.type == "sea":
            nodes.add(Ellipse(x, y, rx, ry, style(fill=SEA, stroke=SEA_INK, width=max(0.2, 1.5 * k))))
            ink = SEA_INK
        elif p.type == "impassable":
            nodes.add(Ellipse(x, y, rx, ry, style(fill="#d9d9d9", stroke="#777777", width=max(0.2, 1.5 * k),
                                                  hatch=Hatch(45, max(0.6, 5 * k), max(0.1, 0.8 * k), color("#999999")))))
            ink = color("#444444")
        elif p.type == "island":
            nodes.add(Ellipse(x, y, rx, ry, style(fill="#efe6fa", stroke=sh_colour, width=max(0.4, 3.5 * k))))
            ink = sh_colour
        else:
            fill = LAND
            owner = homes.get(p.id)
            if owner:
                fill = color(colours[owner].colour)
                ink = color(colours[owner].text)
            rim = SEA_INK if p.type == "coast" else LAND_INK
            nodes.add(Ellipse(x, y, rx, ry, style(fill=fill, stroke=rim,
                                                  width=max(0.25, (3.0 if p.type == "coast" else 1.5) * k))))
        if p.sc:
            dot = 3.6 * k
            sc_ink = ink
            nodes.add(Circle(x, y - ry * 0.55, dot, style(fill="white" if not homes.get(p.id) else None,
                                                           stroke=sc_ink, width=max(0.15, 1.0 * k))))
            nodes.add(Circle(x, y - ry * 0.55, dot * 0.45, style(fill=sc_ink)))
        nodes.add(Text(x, y + 4.2 * k, p.id, size=max(MIN_PT, 30 * k), weight="bold", anchor="middle", fill=ink))
        if names and 20 * k >= MIN_PT:  # too small to read: the legend lists every name instead
            nodes.add(Text(x, y + ry + 9 * k, p.name(lang), size=20 * k, anchor="middle",
                           fill=color("#333333")))
        for c in p.coasts:
            cxy = geo.pos(f"{p.id}/{c}")
            nodes.add(Circle(*cxy, geo.r * 0.32, style(fill="white", stroke=FLEET_LINE, width=max(0.15, 1.2 * k))))
            nodes.add(Text(cxy[0], cxy[1] + 2.6 * k, c, size=max(MIN_PT, 16 * k), weight="bold", anchor="middle",
                           fill=FLEET_LINE))
    g.add(nodes)

    if sw is not None:
        cx, cy = geo.pos(sw.id)
        g.add(Text(cx, cy + geo.r + 12 * k, tun.name(lang), size=max(MIN_PT, 20 * k),
                   weight="bold", anchor="middle", fill=TUNNEL))
    return g


WORDS = Words.beside(__file__)
LEGEND = WORDS.section("legend")


def draw_legend(board: Board, x: float, y: float, w: float, lang: str = "de", size: float = 6.0) -> tuple[Group, float]:
    """A key to the map's symbols plus the abbreviation list; returns (group, height)."""
    words = LEGEND[lang]
    g = Group(id="legend")
    line = size * 0.3528 * 1.5
    r = line * 0.38
    cy = y
    sym_x = x + 3
    tx = x + 8

    def row(draw, text):
        nonlocal cy
        cy += line
        g.add(key(draw(sym_x, cy - line * 0.3), text=Text(tx, cy, text, size=size, fill=color("#222222"))))

    row(lambda a, b: Ellipse(a, b, r * 1.5, r, style(fill=SEA, stroke=SEA_INK, width=0.25)), words["sea"])
    row(lambda a, b: Circle(a, b, r, style(fill=LAND, stroke=SEA_INK, width=0.45)), words["coast"])
    row(lambda a, b: Circle(a, b, r, style(fill=LAND, stroke=LAND_INK, width=0.25)), words["land"])
    row(lambda a, b: Group(children=[Circle(a, b, r * 0.7, style(fill="white", stroke="black", width=0.2)),
                                     Circle(a, b, r * 0.3, style(fill="black"))]), words["sc"])
    row(lambda a, b: Circle(a, b, r, style(fill=board.powers[0].colour, stroke=SEA_INK, width=0.45)), words["home"])
    row(lambda a, b: Circle(a, b, r * 0.6, style(fill="white", stroke=FLEET_LINE, width=0.25)), words["coast_dot"])
    row(lambda a, b: Path(style=style(stroke=BOTH_LINE, width=0.6)).move(a - 3, b).line(a + 3, b), words["both"])
    row(lambda a, b: Path(style=style(stroke=ARMY_LINE, width=0.5)).move(a - 3, b).line(a + 3, b), words["army"])
    row(lambda a, b: Path(style=style(stroke=FLEET_LINE, width=0.5, dash=(1.2, 0.8))).move(a - 3, b).line(a + 3, b),
        words["fleet"])
    row(lambda a, b: Path(style=style(stroke=TUNNEL, width=0.7, dash=(0.5, 1.0), cap="round")).move(a - 3, b)
        .line(a + 3, b), words["tunnel"])
    row(lambda a, b: Ellipse(a, b, r, r, style(fill="#efe6fa", stroke=TUNNEL, width=0.5)), words["island"])
    row(lambda a, b: Ellipse(a, b, r, r, style(fill="#d9d9d9", stroke="#777777", width=0.25)), words["swi"])
    cy += line * 0.6
    # abbreviations in two columns
    provs = sorted(board.provinces.values(), key=lambda p: p.id)
    half = math.ceil(len(provs) / 2)
    small = max(MIN_PT, size * 0.85)
    step = small * 0.3528 * 1.3
    col_w = w / 2
    for i, p in enumerate(provs):
        col, rowi = divmod(i, half)
        px, py = x + col * col_w, cy + (rowi + 1) * step
        g.add(Text(px, py, p.id, size=small, weight="bold", fill=color("#222222")))
        g.add(Text(px + 7.5 * small / 5, py, p.name(lang), size=small, fill=color("#333333"),
                   box=None))
    height = cy + (half + 1) * step - y
    return g, height


def homes_block(board: Board, x: float, y: float, w: float, lang: str = "de",
                size: float = 6.4) -> tuple[Group, float]:
    """Each power's home centres in words, so a grey print still says whose home is whose."""
    words = LEGEND[lang]
    g = Group(id="homes")
    step = size * 0.3528 * 1.35
    g.add(Text(x, y + step, words["homes"], size=size, weight="bold", fill=color("#222222")))
    cy = y + step
    for pw in board.powers:
        if not pw.homes:
            continue
        cy += step
        g.add(Rect(x, cy - step * 0.7, step * 0.7, step * 0.7, style(fill=pw.colour, stroke="black", width=0.15)),
              Text(x + step, cy, f"{pw.name(lang)}: {', '.join(pw.homes)}", size=size,
                   fill=color("#222222")))  # the words name the power: the chip need not differ in grey
    return g, cy - y
