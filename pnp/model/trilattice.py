"""The lattice of a triangular board: cells, names, neighbours, corners and half-spaces.

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

Pure geometry, no drawing: the schema checks a board's corner lists against it,
the rules checkers and the drawing code (pnp.layout.builtin.trigrid) use it.
"""
from __future__ import annotations

import math
import string
from functools import lru_cache
from typing import Iterable, Iterator, Sequence

from pnp.load.classes import dataclass

Point = tuple[float, float]  # on the page, mm, y down

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


def _side(p: Point, a: Point, b: Point) -> float:
    """Signed area: >0 when p is left of a->b (in y-down page terms, clockwise)."""
    return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])


def _in_convex(p: Point, poly: Sequence[Point]) -> bool:
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


def cell_polygon(g: TriGrid, cell: Cell, ox: float = 0.0, oy: float = 0.0, inset: float = 0.0) -> list[Point]:
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
