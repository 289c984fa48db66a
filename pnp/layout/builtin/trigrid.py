"""Triangular boards: the lattice geometry and the generic ``triboard`` kind.

The board is a big equilateral triangle, apex up, cut into ``n`` small
triangles per side (n*n cells). Row r (1 = apex row ... n = base row) holds
2r-1 cells alternating up/down, starting and ending with an up cell.

Geometry (all in mm, origin = the board's own top-left, y down):

* lattice points (t, j): line t = 0..n from the apex, j = 0..t from the left;
  x = W/2 - t*s/2 + j*s, y = t*h with W = n*s and h = s*sqrt(3)/2.
* band coordinates (a, b, c): how many bands a cell is from the base, the
  left side and the right side (1 = touching it). Up cells have a+b+c = n+2,
  down cells n+1. The six lattice directions change two bands by +1/-1, so
  shifting by whole edge lengths keeps up cells up (a step to an edge
  neighbour, by contrast, always flips up/down).
* corners and half-spaces come from the lines joining the board's centre to
  the midpoints of the three sides: a cell wholly inside one of the three
  kite-shaped regions belongs to that corner; a cell one of the lines cuts
  is a half-space cell.

Everything below the geometry renders the kind: one page when the board plus
its registration marks fits the paper, else tiled.
"""
from __future__ import annotations

import math
import string
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Iterator

SQRT3 = math.sqrt(3.0)
EPS = 1e-9

# The six lattice directions as band changes (da, db, dc) and unit vectors on
# the page (y down). Order is the d6 order used by umpire tables.
DIRECTIONS: dict[str, tuple[tuple[int, int, int], tuple[float, float]]] = {
    "right": ((0, +1, -1), (1.0, 0.0)),
    "down-right": ((-1, +1, 0), (0.5, SQRT3 / 2)),
    "down-left": ((-1, 0, +1), (-0.5, SQRT3 / 2)),
    "left": ((0, -1, +1), (-1.0, 0.0)),
    "up-left": ((+1, -1, 0), (-0.5, -SQRT3 / 2)),
    "up-right": ((+1, 0, -1), (0.5, -SQRT3 / 2)),
}

TIPS = ("apex", "left", "right")  # the three points of the board


@dataclass(frozen=True, order=True)
class Cell:
    """One small triangle: row 1..n from the apex, pos 0..2r-2 from the left."""

    row: int
    pos: int

    @property
    def up(self) -> bool:
        return self.pos % 2 == 0

    @property
    def k(self) -> int:
        """1-based index among the cells of the same orientation in the row."""
        return self.pos // 2 + 1


@dataclass(frozen=True)
class TriGrid:
    """A triangular board of ``n`` cells per side with cell edge ``edge`` mm."""

    n: int = 9
    edge: float = 25.0
    scheme: str = "takzh"  # takzh | row-index

    # ---------------------------------------------------------- sizes
    @property
    def h(self) -> float:
        return self.edge * SQRT3 / 2

    @property
    def width(self) -> float:
        return self.n * self.edge

    @property
    def height(self) -> float:
        return self.n * self.h

    # ---------------------------------------------------------- cells and names
    def cells(self) -> list[Cell]:
        return [Cell(r, p) for r in range(1, self.n + 1) for p in range(2 * r - 1)]

    def contains(self, cell: Cell) -> bool:
        return 1 <= cell.row <= self.n and 0 <= cell.pos <= 2 * cell.row - 2

    def name(self, cell: Cell) -> str:
        return _names(self.n, self.scheme)[0][cell]

    def cell(self, name: str) -> Cell:
        """The cell called ``name`` (KeyError if no such cell on this board)."""
        return _names(self.n, self.scheme)[1][name.strip().upper()]

    def names(self) -> list[str]:
        return [self.name(c) for c in self.cells()]

    def is_name(self, name: str) -> bool:
        return isinstance(name, str) and name.strip().upper() in _names(self.n, self.scheme)[1]

    # ---------------------------------------------------------- band coordinates
    def bands(self, cell: Cell) -> tuple[int, int, int]:
        """(a, b, c): band counted from the base, the left side and the right side."""
        a = self.n + 1 - cell.row
        b = cell.k
        c = (self.n + 2 - a - b) if cell.up else (self.n + 1 - a - b)
        return a, b, c

    def from_bands(self, a: int, b: int, c: int) -> Cell | None:
        total = a + b + c
        if total not in (self.n + 1, self.n + 2) or min(a, b, c) < 1:
            return None
        up = total == self.n + 2
        row = self.n + 1 - a
        pos = 2 * (b - 1) + (0 if up else 1)
        cell = Cell(row, pos)
        return cell if self.contains(cell) else None

    # ---------------------------------------------------------- points
    def point(self, t: int, j: int) -> tuple[float, float]:
        """Lattice point j (0..t) on line t (0 = apex ... n = base)."""
        return (self.width / 2 - t * self.edge / 2 + j * self.edge, t * self.h)

    def vertex_ids(self, cell: Cell) -> tuple[tuple[int, int], ...]:
        r, j = cell.row, cell.pos // 2
        if cell.up:
            return ((r - 1, j), (r, j + 1), (r, j))  # top, bottom-right, bottom-left
        return ((r - 1, j), (r - 1, j + 1), (r, j + 1))  # top-left, top-right, bottom

    def vertices(self, cell: Cell) -> list[tuple[float, float]]:
        return [self.point(*v) for v in self.vertex_ids(cell)]

    def centroid(self, cell: Cell) -> tuple[float, float]:
        vs = self.vertices(cell)
        return (sum(v[0] for v in vs) / 3, sum(v[1] for v in vs) / 3)

    def inradius(self) -> float:
        return self.edge / (2 * SQRT3)

    def tips(self) -> dict[str, tuple[float, float]]:
        return {"apex": self.point(0, 0), "left": self.point(self.n, 0), "right": self.point(self.n, self.n)}

    def centre(self) -> tuple[float, float]:
        return (self.width / 2, self.height * 2 / 3)

    # ---------------------------------------------------------- neighbours
    def edge_neighbours(self, cell: Cell) -> list[Cell]:
        """Cells sharing a whole edge (2 or 3; never the same orientation)."""
        mine = set(self.vertex_ids(cell))
        return [c for c in self._around(cell) if len(mine & set(self.vertex_ids(c))) == 2]

    def corner_neighbours(self, cell: Cell) -> list[Cell]:
        """Cells sharing at least one lattice point (edge neighbours included; up to 12)."""
        mine = set(self.vertex_ids(cell))
        return [c for c in self._around(cell) if mine & set(self.vertex_ids(c))]

    def _around(self, cell: Cell) -> Iterator[Cell]:
        for r in range(cell.row - 1, cell.row + 2):
            for p in range(cell.pos - 3, cell.pos + 4):
                c = Cell(r, p)
                if c != cell and self.contains(c):
                    yield c

    # ---------------------------------------------------------- translations
    def shift(self, cell: Cell, direction: str, steps: int = 1) -> Cell | None:
        """Move by ``steps`` edge lengths along a lattice direction; None if it leaves the board.

        A step of one edge length passes over one cell of the other orientation,
        so the result always has the same orientation as ``cell``.
        """
        (da, db, dc), _ = DIRECTIONS[direction]
        a, b, c = self.bands(cell)
        return self.from_bands(a + da * steps, b + db * steps, c + dc * steps)

    # ---------------------------------------------------------- corners
    def regions(self) -> tuple[dict[str, list[Cell]], list[Cell]]:
        """Corners (keyed by tip) and half-space cells, from the centre-to-midpoint lines."""
        return _regions(self.n)


def _row_letters(n: int) -> list[str]:
    letters = string.ascii_uppercase
    if n <= 26:
        return list(letters[:n])
    return [letters[i // 26 - 1] + letters[i % 26] if i >= 26 else letters[i] for i in range(n)]


@lru_cache(maxsize=32)
def _names(n: int, scheme: str) -> tuple[dict[Cell, str], dict[str, Cell]]:
    """Names for every cell.

    takzh: row letter + L + R where, for the k-th up cell of row r, L = k and
    R = k + n - r, for the k-th down cell L = k and R = k + n + 1 - r (boards
    above 9 per side separate the two numbers with a dot). row-index: row
    letter + the cell's 1-based position in the row.
    """
    letters = _row_letters(n)
    fwd: dict[Cell, str] = {}
    for r in range(1, n + 1):
        for p in range(2 * r - 1):
            c = Cell(r, p)
            if scheme == "row-index":
                nm = f"{letters[r - 1]}{p + 1}"
            elif scheme == "takzh":
                left = c.k
                right = c.k + n - r + (0 if c.up else 1)
                nm = f"{letters[r - 1]}{left}{right}" if n <= 9 else f"{letters[r - 1]}{left}.{right}"
            else:
                raise ValueError(f"unknown naming scheme {scheme!r}; use takzh or row-index")
            fwd[c] = nm
    back = {v: k for k, v in fwd.items()}
    assert len(back) == len(fwd), "cell names must be unique"
    return fwd, back


def _side(p, a, b) -> float:
    """Signed area: >0 when p is left of a->b (in y-down page terms, clockwise)."""
    return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])


def _in_convex(p, poly) -> bool:
    """p inside or on the boundary of a convex polygon given in either winding."""
    signs = [_side(p, poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]
    scale = max(1.0, max(abs(s) for s in signs))
    return all(s >= -EPS * scale for s in signs) or all(s <= EPS * scale for s in signs)


def corner_kites(g: TriGrid) -> dict[str, list[tuple[float, float]]]:
    """The three corner regions: tip, the two side midpoints next to it, the centre."""
    tip = g.tips()
    mid = {
        "left-side": ((tip["apex"][0] + tip["left"][0]) / 2, (tip["apex"][1] + tip["left"][1]) / 2),
        "right-side": ((tip["apex"][0] + tip["right"][0]) / 2, (tip["apex"][1] + tip["right"][1]) / 2),
        "base": ((tip["left"][0] + tip["right"][0]) / 2, (tip["left"][1] + tip["right"][1]) / 2),
    }
    c = g.centre()
    return {
        "apex": [tip["apex"], mid["right-side"], c, mid["left-side"]],
        "left": [tip["left"], mid["left-side"], c, mid["base"]],
        "right": [tip["right"], mid["base"], c, mid["right-side"]],
    }


@lru_cache(maxsize=32)
def _regions(n: int) -> tuple[dict[str, list[Cell]], list[Cell]]:
    g = TriGrid(n, 1.0)
    kites = corner_kites(g)
    corners: dict[str, list[Cell]] = {t: [] for t in TIPS}
    cut: list[Cell] = []
    for cell in g.cells():
        vs = g.vertices(cell)
        owners = [t for t in TIPS if all(_in_convex(v, kites[t]) for v in vs)]
        if len(owners) == 1:
            corners[owners[0]].append(cell)
        else:
            cut.append(cell)
    return corners, cut


def cell_polygon(g: TriGrid, cell: Cell, ox: float = 0.0, oy: float = 0.0, inset: float = 0.0):
    """The cell's corners on the page, optionally pulled ``inset`` mm towards its centre."""
    vs = g.vertices(cell)
    if inset:
        cx, cy = g.centroid(cell)
        r = g.edge / SQRT3  # centroid to corner
        f = max(0.0, (r - 2 * inset)) / r  # inset measured perpendicular to the edges
        vs = [(cx + (x - cx) * f, cy + (y - cy) * f) for x, y in vs]
    return [(x + ox, y + oy) for x, y in vs]


# ====================================================================== rendering
# Everything below builds scenes; nothing here imports a drawing library.

from pnp.scene import Group, Page, Path, Polygon, Rect, Text, style, translate  # noqa: E402
from pnp.scene.style import Hatch, color, mix  # noqa: E402
from pnp.layout.builtin.key import swatch_legend  # noqa: E402

REG_TICK = 3.0  # mm the sides are extended beyond each tip to form the registration marks
PAD_X = REG_TICK + 0.5  # mm left/right of the triangle inside the board item (holds the marks)
PAD_Y = REG_TICK * SQRT3 / 2 + 0.3  # above the apex / below the base: the ticks run at 60 degrees

_PAPERS = {"a4": (210.0, 297.0), "a3": (297.0, 420.0), "letter": (215.9, 279.4)}


def paper_dims(paper: str) -> tuple[float, float]:
    """Portrait (w, h) in mm of a named paper or "WxH"."""
    try:  # the imposition package's helper when present, so all assets agree
        from pnp.impose.paper import paper_size

        w, h = paper_size(paper, "portrait")
        return (min(w, h), max(w, h))
    except ImportError:
        pass
    key = paper.lower().strip()
    if key in _PAPERS:
        return _PAPERS[key]
    w, _, h = key.partition("x")
    a, b = float(w), float(h)
    return (min(a, b), max(a, b))


def registration_marks(g: TriGrid, colour="black", width: float = 0.3) -> Group:
    """At each tip the two sides run on REG_TICK mm past it: an X to line foils up on."""
    st = style(stroke=colour, width=width)
    tips = g.tips()
    grp = Group(id="registration")
    pairs = {"apex": ("left", "right"), "left": ("apex", "right"), "right": ("apex", "left")}
    for name in TIPS:
        tx, ty = tips[name]
        p = Path(style=st)
        for other in pairs[name]:
            ox, oy = tips[other]
            d = math.hypot(tx - ox, ty - oy)
            ux, uy = (tx - ox) / d, (ty - oy) / d
            p.move(tx - ux * REG_TICK, ty - uy * REG_TICK).line(tx + ux * REG_TICK, ty + uy * REG_TICK)
        grp.add(p)
    return grp


def cell_label_point(g: TriGrid, cell: Cell) -> tuple[float, float]:
    """Baseline point of a cell's small name: near the flat side, clear of a piece in the middle."""
    cx, cy = g.centroid(cell)
    off = g.inradius() * 0.62
    if cell.up:
        return cx, cy + off
    return cx, cy - off + g.edge * 0.07


def board_group(doc, g: TriGrid, lang: str = "de", names: bool | None = None, hatch: bool = True) -> Group:
    """The board in its own coordinates (apex at (W/2, 0)). ``hatch=False`` leaves the
    corners unhatched, for copies whose own hatching (cloud edges) must not be confused with it."""
    draw_hatch = hatch
    regions, cut = g.regions()
    tint: dict[Cell, object] = {}
    hatch: dict[Cell, Hatch] = {}
    for corner in doc.corners:
        if corner.tint:
            for c in regions[corner.tip]:
                tint[c] = color(corner.tint)
        if corner.hatch is not None and draw_hatch:
            for c in regions[corner.tip]:
                hatch[c] = corner_hatch(corner.hatch)
    if doc.half_space_tint:
        for c in cut:
            tint[c] = color(doc.half_space_tint)
    fills = Group(id="cells")
    fill_of = {}
    for c in g.cells():
        base = color(doc.up_fill if c.up else doc.down_fill)
        fill = tint.get(c, base)
        if c in tint and base is not None and not c.up:
            fill = mix(fill, color("black"), 0.08)  # keep up/down readable inside tinted corners
        fill_of[c] = fill or color("white")
        fills.add(Group([Polygon(g.vertices(c), style(fill=fill, hatch=hatch.get(c)))], id=f"cell-{g.name(c)}"))
    lines = Path(style=style(stroke=doc.line, width=doc.line_width, join="round", cap="round"))
    for t in range(1, g.n):  # inner lattice lines, three directions
        lines.move(*g.point(t, 0)).line(*g.point(t, t))
        lines.move(*g.point(t, t)).line(*g.point(g.n, t))  # parallel to the left side... and
        lines.move(*g.point(t, 0)).line(*g.point(g.n, g.n - t))  # ...to the right side
    outline = Polygon([g.point(0, 0), g.point(g.n, g.n), g.point(g.n, 0)],
                      style(stroke=doc.line, width=doc.line_width * 2.2, join="miter"))
    grp = Group([fills, lines, outline], id="board")
    show = doc.show_names if names is None else names
    if show:
        grp.add(cell_names(g, size=doc.name_size, clear={c: fill_of[c] for c in hatch}))
    return grp


def corner_hatch(angle: float) -> Hatch:
    """Thin grey lines, far enough apart to leave a cell's name readable."""
    return Hatch(angle, 2.4, 0.15, color("#8c8c8c"))


def cell_names(g: TriGrid, size: float = 6.0, fill="#444444", cells: Iterable[Cell] | None = None,
               clear: "dict[Cell, object] | None" = None) -> Group:
    """Each cell's name; on the cells in ``clear`` a patch of the given colour under
    the name keeps hatching from crossing it."""
    from pnp.scene.fonts import cap_height, string_width

    grp = Group(id="cell-names")
    for c in (g.cells() if cells is None else cells):
        x, y = cell_label_point(g, c)
        name = g.name(c)
        if clear and c in clear:
            w, h = string_width(name, size) + 1.0, cap_height(size) + 1.0
            grp.add(Rect(x - w / 2, y - h + 0.5, w, h, style(fill=clear[c]), radius=0.5))
        grp.add(Text(x, y, name, size=size, anchor="middle", fill=color(fill)))
    return grp


@dataclass(frozen=True)
class BoardFrame:
    """Where the board sits: one page (page size + board origin) or tiled.

    Every asset drawn at board scale (board, overlays, umpire copies) uses the
    same frame, so the registration marks of all of them coincide.
    """

    grid: TriGrid
    page_w: float
    page_h: float
    ox: float  # board origin (apex line's left end, i.e. the board box's top-left) on the page
    oy: float
    tiled: bool
    margin: float
    paper: str = "a4"

    @property
    def item_size(self) -> tuple[float, float]:
        return self.grid.width + 2 * PAD_X, self.grid.height + 2 * PAD_Y


def board_frame(g: TriGrid, paper: str = "a4", orientation: str = "auto", margin: float = 4.5,
                force_tiles: bool = False) -> BoardFrame:
    pw, ph = paper_dims(paper)
    iw, ih = g.width + 2 * PAD_X, g.height + 2 * PAD_Y
    options = {"portrait": (pw, ph), "landscape": (ph, pw)}
    order = ["landscape", "portrait"] if orientation == "auto" else [orientation]
    if not force_tiles:
        for o in order:
            w, h = options[o]
            if iw <= w - 2 * margin + 1e-6 and ih <= h - 2 * margin + 1e-6:
                return BoardFrame(g, w, h, (w - iw) / 2 + PAD_X, (h - ih) / 2 + PAD_Y, False, margin, paper)
    w, h = options[order[0]]
    return BoardFrame(g, w, h, PAD_X, PAD_Y, True, margin, paper)


def board_pages(frame: BoardFrame, draw, extras=None, title: str = "", label: str = "",
                sheet=None, lang: str = "de") -> list[Page]:
    """Pages for something drawn at board scale.

    ``draw()`` returns a Group in board coordinates; ``extras(frame)`` a Group
    in page coordinates (title, legend, scale bar) used on single pages only.
    Boards that do not fit are split with the imposition tiler.
    """
    if not frame.tiled:
        content = Group([Group([draw()], transform=translate(frame.ox, frame.oy))])
        if extras is not None:
            content.add(extras(frame))
        return [Page(frame.page_w, frame.page_h, content, label=label)]
    from pnp.impose.items import Item, SheetSpec
    from pnp.impose.tiling import tile

    iw, ih = frame.item_size
    item = Item(iw, ih, lambda bleed: Group([draw()], transform=translate(PAD_X, PAD_Y)), None, label)
    spec = sheet or SheetSpec(paper=frame.paper, margin=max(frame.margin, 8.0), bleed=0.0, crop_marks=False,
                              duplex="none", lang=lang)
    return tile(item, spec, title=title)


def scale_bar(x: float, y: float, length: float = 100.0, lang: str = "de") -> Group:
    """A bar of ``length`` mm with cm ticks: measure it to check the printer used 100 %."""
    st = style(stroke="black", width=0.3)
    p = Path(style=st).move(x, y).line(x + length, y)
    for i in range(int(length // 10) + 1):
        tick = 2.5 if i % 5 == 0 else 1.5
        p.move(x + i * 10, y).line(x + i * 10, y - tick)
    text = (f"{length:g} mm – bei 100 % Druck nachmessen" if lang == "de"
            else f"{length:g} mm – measure to check 100 % print scale")
    return Group([p, Text(x, y + 3.2, text, size=6.5, fill=color("#333333"))], id="scale-bar")


def page_title(frame: BoardFrame, title: str, subtitle: str = "", lang: str = "de", bar: bool = True) -> Group:
    m = max(frame.margin, 4.0)
    grp = Group(id="page-title")
    grp.add(Text(m, m + 4.5, title, size=12, weight="bold"))
    if subtitle:
        grp.add(Text(m, m + 9.5, subtitle, size=7.5, fill=color("#333333")))
    if bar:
        grp.add(scale_bar(m, m + 17, 100.0, lang))
    return grp


def edge_option(opts, default: float) -> float:
    """The cell edge: ``-o cell_mm=N`` when given (checked), else the data's."""
    from pnp.model.options import number

    return number(opts, "cell_mm", default, 5, 200)


def triboard_assets(doc, game, opts, stem: str):
    """The ``triboard`` kind: the printed board (one page, or tiled when too big)."""
    from pnp.model.assets import Asset
    from pnp.model.base import tr

    g = doc.grid(edge_option(opts, doc.edge))
    lang = opts.lang
    from pnp.model.options import flag

    force_tiles = flag(opts, "tile")
    frame = board_frame(g, opts.paper, opts.orientation, doc.margin, force_tiles)
    title = tr(doc.title, lang)

    def draw():
        grp = board_group(doc, g, lang)
        if doc.registration:
            grp.add(registration_marks(g, doc.line))
        return grp

    def extras(fr: BoardFrame) -> Group:
        sub = (f"{g.n}×{g.n} = {g.n * g.n} Felder, Kante {g.edge:g} mm" if lang == "de"
               else f"{g.n * g.n} cells, edge {g.edge:g} mm")
        grp = Group([page_title(fr, title, sub, lang, doc.scale_bar)])
        rows = []
        for corner in doc.corners:
            if (corner.tint or corner.hatch is not None) and corner.label:
                hatch = None if corner.hatch is None else corner_hatch(corner.hatch)
                rows.append((style(fill=corner.tint, stroke="black", width=0.2, hatch=hatch), tr(corner.label, lang)))
        if doc.half_space_tint:
            rows.append((style(fill=doc.half_space_tint, stroke="black", width=0.2),
                         "Halbraum (Niemandsland)" if lang == "de" else "half-space (no-man's-land)"))
        if rows:
            grp.add(swatch_legend(fr.page_w - fr.margin - 62, fr.margin + 2, rows))
        return grp

    yield Asset(stem, title, lambda: iter(board_pages(frame, draw, extras, title, stem, lang=lang)),
                description=f"{g.n * g.n}-cell triangular board at {g.edge:g} mm cell edge")
