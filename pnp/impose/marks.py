"""Crop marks, cut lines and alignment targets: the ink that helps cutting.

All functions return scene Groups in page millimetres. They never draw onto a
card: callers pass where the cards (with their bleed) are, and the marks stay
outside that.
"""
from __future__ import annotations

from typing import Iterable

from pnp.model.paper import PAGE_SAFE
from pnp.scene import Box, Circle, Group, Path, style
from pnp.scene.style import Style

MARK = style(stroke="black", width=0.2)
CUT = style(stroke="grey", width=0.1)
ALIGN = style(stroke="darkgrey", width=0.15)

MIN_MARK = 1.0  # mm; a crop mark shorter than this is left out
ROOM = 2.0  # mm; the shortest crop mark an imposition leaves room for between the bleed and PAGE_SAFE


def room(sheet_bleed: float, crop_gap: float, crop_length: float, marked: bool) -> float:
    """How far from the paper edge a trim must stay so that its bleed, and its crop marks when it has
    them, keep PAGE_SAFE mm clear of the edge."""
    return PAGE_SAFE + sheet_bleed + ((crop_gap + crop_length) if marked else 0.0)


def _printable(v: float, side: float) -> bool:
    """Whether a mark along ``v`` (mm from the paper's edge, of a side ``side`` mm long) is printed."""
    return PAGE_SAFE <= v <= side - PAGE_SAFE


def _seg(x1: float, y1: float, x2: float, y2: float) -> Path:
    return Path(style=MARK).move(x1, y1).line(x2, y2)


def grid_crop_marks(xs: Iterable[float], ys: Iterable[float], grid: Box, reach: float, length: float,
                    page_w: float, page_h: float) -> Group:
    """Marks in the margin around ``grid`` (the box of all trims).

    Every vertical trim edge ``x`` in ``xs`` gets a short vertical line above
    and below the grid, every horizontal edge ``y`` in ``ys`` one left and
    right of it. Each mark starts ``reach`` mm outside the grid (past the
    outer bleed plus a gap) and runs ``length`` mm outwards, cut short
    PAGE_SAFE mm from the paper edge (where a home printer may not print).
    """
    g = Group(id="crop-marks")
    top_end, top_start = grid.y - reach, max(PAGE_SAFE, grid.y - reach - length)
    bot_start, bot_end = grid.bottom + reach, min(page_h - PAGE_SAFE, grid.bottom + reach + length)
    left_end, left_start = grid.x - reach, max(PAGE_SAFE, grid.x - reach - length)
    right_start, right_end = grid.right + reach, min(page_w - PAGE_SAFE, grid.right + reach + length)
    for x in sorted(set(round(v, 6) for v in xs if _printable(v, page_w))):
        if top_end - top_start >= MIN_MARK:
            g.add(_seg(x, top_start, x, top_end))
        if bot_end - bot_start >= MIN_MARK:
            g.add(_seg(x, bot_start, x, bot_end))
    for y in sorted(set(round(v, 6) for v in ys if _printable(v, page_h))):
        if left_end - left_start >= MIN_MARK:
            g.add(_seg(left_start, y, left_end, y))
        if right_end - right_start >= MIN_MARK:
            g.add(_seg(right_start, y, right_end, y))
    return g


def corner_marks(trim: Box, reach: float, length: float, page_w: float, page_h: float) -> list[Path]:
    """Eight short marks continuing ``trim``'s edges outwards from its corners
    (for items that are not in a guillotine grid, e.g. packed tokens), cut short PAGE_SAFE mm from
    the paper edge."""
    out: list[Path] = []

    def add(x1: float, y1: float, x2: float, y2: float) -> None:
        if not (_printable(x1, page_w) if x1 == x2 else _printable(y1, page_h)):
            return  # the edge it would continue lies in the strip a printer may leave blank
        x1, x2 = (min(max(v, PAGE_SAFE), page_w - PAGE_SAFE) for v in (x1, x2))
        y1, y2 = (min(max(v, PAGE_SAFE), page_h - PAGE_SAFE) for v in (y1, y2))
        if abs(x2 - x1) + abs(y2 - y1) >= MIN_MARK:
            out.append(_seg(x1, y1, x2, y2))

    for x in (trim.x, trim.right):
        add(x, trim.y - reach - length, x, trim.y - reach)
        add(x, trim.bottom + reach, x, trim.bottom + reach + length)
    for y in (trim.y, trim.bottom):
        add(trim.x - reach - length, y, trim.x - reach, y)
        add(trim.right + reach, y, trim.right + reach + length, y)
    return out


def cut_lines(xs: Iterable[float], ys: Iterable[float], extent: Box) -> Group:
    """Thin lines along every trim edge across ``extent`` (drawn over the cards' bleed)."""
    g = Group(id="cut-lines")
    for x in sorted(set(round(v, 6) for v in xs)):
        g.add(Path(style=CUT).move(x, extent.y).line(x, extent.bottom))
    for y in sorted(set(round(v, 6) for v in ys)):
        g.add(Path(style=CUT).move(extent.x, y).line(extent.right, y))
    return g


def outline(trim: Box) -> Path:
    """A thin cut line around one trim box."""
    return (Path(style=CUT).move(trim.x, trim.y).line(trim.right, trim.y)
            .line(trim.right, trim.bottom).line(trim.x, trim.bottom).close())


def crosshair(x: float, y: float, r: float = 2.5, st: Style = ALIGN) -> Group:
    """A registration target: circle plus cross, centred on (x, y)."""
    return Group(children=[
        Circle(x, y, r * 0.6, st),
        Path(style=st).move(x - r, y).line(x + r, y),
        Path(style=st).move(x, y - r).line(x, y + r),
    ])


def bbox(boxes: Iterable[Box]) -> Box | None:
    boxes = list(boxes)
    if not boxes:
        return None
    x0 = min(b.x for b in boxes)
    y0 = min(b.y for b in boxes)
    x1 = max(b.right for b in boxes)
    y1 = max(b.bottom for b in boxes)
    return Box(x0, y0, x1 - x0, y1 - y0)
