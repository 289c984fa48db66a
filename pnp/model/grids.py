"""The geometry of a board's grid: square, hex (flat or pointy) and triangle cells.

Pure numbers, nothing drawn: the ``grid`` element (:mod:`pnp.layout.boards`)
draws from it, and a game's rules module may ask it where a cell is.

Sizes, in mm, say what a ruler on the print measures:

* square: ``size`` is the side of a cell.
* hex: ``size`` is the distance between two opposite flat sides (across the
  flats), for flat-top and pointy-top hexes alike. A hex is then
  ``2 * size / sqrt(3)`` from corner to corner.
* triangle: ``size`` is the edge of a cell; ``rows`` cells make each side of
  the big triangle (apex up), as on Clouded Klin Zha's board
  (:mod:`pnp.model.trilattice` is that lattice).

Cells are named by column letter and row number, ``A1`` top-left, ``C4`` the
third column's fourth row (columns after Z are AA, AB ...). Hex rows and
columns are offset the usual way: flat-top hexes stand in columns, and with
``offset: odd`` (the default) the columns B, D, F ... sit half a hex lower
than A, C, E; pointy-top hexes lie in rows, and rows 2, 4, 6 ... sit half a
hex to the right. ``offset: even`` shifts the other half instead. Triangle
cells are named by their lattice (``row-index``: row letter and position in
the row, A1 at the apex; ``takzh``: row letter and the two diagonal numbers,
A19 at the apex of a 9-row board).

Coordinates: the grid's own box, origin at its top-left, y down.
"""
from __future__ import annotations

import math
import string
from functools import cached_property
from typing import Sequence

from pnp.load.classes import dataclass
from pnp.model.trilattice import SQRT3, Cell as TriCell, TriGrid

SHAPES = ("square", "hex", "triangle")
MAX_CELLS = 20_000  # a grid holding more is a data error (drawing it would take minutes)
Point = tuple[float, float]  # mm, y down


def column_name(i: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA: the letters of the ``i``-th column."""
    out = ""
    i += 1
    while i:
        i, rest = divmod(i - 1, 26)
        out = string.ascii_uppercase[rest] + out
    return out


def column_index(letters: str) -> int | None:
    """``A`` -> 0, ``AA`` -> 26; None when ``letters`` are not column letters."""
    letters = letters.strip().upper()
    if not letters or not all("A" <= ch <= "Z" for ch in letters):
        return None
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n - 1


@dataclass(frozen=True)
class GridCell:
    """One cell: ``col`` and ``row`` count from 1 (a triangle's ``col`` is its place in its row)."""

    col: int
    row: int
    name: str
    corners: tuple[tuple[float, float], ...]  # the cell's outline, clockwise on the page
    centre: tuple[float, float]
    fields: tuple[tuple[str, object], ...] = ()  # what else the shape says about the cell (a triangle's corner)


@dataclass(frozen=True)
class Grid:
    """A grid of ``shape`` with ``cols`` x ``rows`` cells of ``size`` mm (see the module docstring)."""

    shape: str
    cols: int
    rows: int
    size: float
    orientation: str = "flat"  # hex: flat | pointy
    offset: str = "odd"  # hex: odd | even
    naming: str = "row-index"  # triangle: row-index | takzh

    def __post_init__(self) -> None:
        if self.shape not in SHAPES:
            raise ValueError(f"unknown grid shape {self.shape!r}; use one of {', '.join(SHAPES)}")
        if not (self.size > 0 and math.isfinite(self.size)):
            raise ValueError(f"a cell size must be a positive number of mm, got {self.size!r}")
        if self.rows < 1 or self.cols < 1:
            raise ValueError("a grid has at least one column and one row")
        if self.count > MAX_CELLS:
            raise ValueError(f"{self.count} cells; a grid holds at most {MAX_CELLS}")

    # ------------------------------------------------------------------ sizes
    @property
    def count(self) -> int:
        return self.rows * self.rows if self.shape == "triangle" else self.cols * self.rows

    @property
    def radius(self) -> float:
        """A hex's centre-to-corner distance (its side), in mm."""
        return self.size / SQRT3

    @property
    def width(self) -> float:
        s = self.size
        if self.shape == "square":
            return self.cols * s
        if self.shape == "triangle":
            return self.rows * s
        if self.orientation == "flat":
            return self.radius * (1.5 * self.cols + 0.5)
        return s * self.cols + (s / 2 if self.rows > 1 else 0.0)

    @property
    def height(self) -> float:
        s = self.size
        if self.shape == "square":
            return self.rows * s
        if self.shape == "triangle":
            return self.rows * s * SQRT3 / 2
        if self.orientation == "flat":
            return s * self.rows + (s / 2 if self.cols > 1 else 0.0)
        return self.radius * (1.5 * self.rows + 0.5)

    @property
    def inradius(self) -> float:
        """Centre to the middle of a side: the largest circle a cell holds."""
        if self.shape == "triangle":
            return self.size / (2 * SQRT3)
        return self.size / 2

    @cached_property
    def tri(self) -> TriGrid:
        return TriGrid(self.rows, self.size, self.naming)

    # ------------------------------------------------------------------ cells
    @cached_property
    def cells(self) -> tuple[GridCell, ...]:
        """Every cell, row by row from the top, left to right."""
        if self.shape == "triangle":
            return tuple(self._tri_cell(c) for c in self.tri.cells())
        return tuple(self._cell(c, r) for r in range(self.rows) for c in range(self.cols))

    @cached_property
    def by_name(self) -> dict[str, GridCell]:
        return {c.name: c for c in self.cells}

    def cell(self, col: int, row: int) -> GridCell | None:
        """The cell at column ``col`` and row ``row`` (both from 1), or None."""
        if self.shape == "triangle":
            if not (1 <= row <= self.rows and 1 <= col <= 2 * row - 1):
                return None
            return self.by_name[self.tri.name(TriCell(row, col - 1))]
        if not (1 <= col <= self.cols and 1 <= row <= self.rows):
            return None
        return self.cells[(row - 1) * self.cols + col - 1]

    def find(self, name: str) -> GridCell | None:
        """The cell called ``name`` (any case, spaces ignored), or None."""
        key = str(name).strip().upper().replace(" ", "")
        return self.by_name.get(key)

    def first_last(self) -> tuple[str, str]:
        return self.cells[0].name, self.cells[-1].name

    def _shifted(self, i: int) -> bool:
        return (i % 2 == 1) == (self.offset == "odd")

    def _cell(self, c: int, r: int) -> GridCell:
        s = self.size
        name = f"{column_name(c)}{r + 1}"
        pts: tuple[Point, ...]
        if self.shape == "square":
            x, y = c * s, r * s
            pts = ((x, y), (x + s, y), (x + s, y + s), (x, y + s))
            return GridCell(c + 1, r + 1, name, pts, (x + s / 2, y + s / 2))
        R = self.radius
        if self.orientation == "flat":
            cx = R + 1.5 * R * c
            cy = s / 2 + r * s + (s / 2 if self._shifted(c) and self.cols > 1 else 0.0)
            angles = (180, 240, 300, 0, 60, 120)
        else:
            cy = R + 1.5 * R * r
            cx = s / 2 + c * s + (s / 2 if self._shifted(r) and self.rows > 1 else 0.0)
            angles = (210, 270, 330, 30, 90, 150)
        pts = tuple((cx + R * _cos(a), cy + R * _sin(a)) for a in angles)
        return GridCell(c + 1, r + 1, name, pts, (cx, cy))

    def _tri_cell(self, c: TriCell) -> GridCell:
        g = self.tri
        corners, half = _tri_regions(self.rows)
        fields = (("corner", corners.get(c, "")), ("half_space", c in half), ("facing", "up" if c.up else "down"))
        return GridCell(c.pos + 1, c.row, g.name(c), tuple(g.vertices(c)), g.centroid(c), fields)

    # ------------------------------------------------------------------ the edges
    def column_marks(self) -> list[tuple[str, float]]:
        """(letters, x) of each column, for coordinates along the top and bottom edges."""
        if self.shape == "triangle":
            return []
        return [(column_name(c), self._inside(c + 1, 1).centre[0]) for c in range(self.cols)]

    def row_marks(self) -> list[tuple[str, float]]:
        """(number or letter, y) of each row, for coordinates along the left and right edges."""
        if self.shape == "triangle":
            h = self.size * SQRT3 / 2
            return [(column_name(r - 1), (r - 0.5) * h) for r in range(1, self.rows + 1)]
        return [(str(r + 1), self._row_y(r)) for r in range(self.rows)]

    def _row_y(self, r: int) -> float:
        if self.shape == "hex" and self.orientation == "flat":
            return r * self.size + self.size / 2 + (self.size / 4 if self.cols > 1 else 0.0)
        return self._inside(1, r + 1).centre[1]

    def _inside(self, col: int, row: int) -> GridCell:
        """The cell at ``col``, ``row``, which the caller knows is on the grid."""
        cell = self.cell(col, row)
        assert cell is not None, (col, row)
        return cell

    def row_edge(self, r: int, side: str) -> float:
        """x of row ``r``'s (from 1) outer edge on the ``side`` (left or right) of a triangle."""
        h = self.size * SQRT3 / 2
        y = (r - 0.5) * h
        half = y / SQRT3
        return self.width / 2 - half if side == "left" else self.width / 2 + half


def _cos(deg: float) -> float:
    v = math.cos(math.radians(deg))
    return 0.0 if abs(v) < 1e-15 else v


def _sin(deg: float) -> float:
    v = math.sin(math.radians(deg))
    return 0.0 if abs(v) < 1e-15 else v


_REGIONS: dict[int, tuple[dict[TriCell, str], frozenset[TriCell]]] = {}


def _tri_regions(n: int) -> tuple[dict[TriCell, str], frozenset[TriCell]]:
    """cell -> the tip of the corner it lies in, and the half-space cells, of an n-row triangle."""
    if n not in _REGIONS:
        corners, cut = TriGrid(n, 1.0).regions()
        _REGIONS[n] = ({c: tip for tip, cells in corners.items() for c in cells}, frozenset(cut))
    return _REGIONS[n]


def chord(points: Sequence[Point], y: float) -> tuple[float, float] | None:
    """Where the horizontal line at ``y`` crosses the convex outline ``points``: (x0, x1), or None."""
    xs: list[float] = []
    n = len(points)
    for i in range(n):
        (x0, y0), (x1, y1) = points[i], points[(i + 1) % n]
        if (y0 <= y <= y1) or (y1 <= y <= y0):
            if abs(y1 - y0) < 1e-12:
                xs += [x0, x1]
            else:
                xs.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
    if not xs:
        return None
    return min(xs), max(xs)
