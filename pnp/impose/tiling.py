"""Tiling: an item bigger than the paper (a board) split over several pages.

The item plus its outer bleed is cut into ``rows x cols`` windows of equal
size; neighbouring windows share exactly ``overlap`` mm of artwork. In the
middle of each shared strip a dashed line is printed with registration
crosses centred on it. To assemble: cut the right-hand / lower page along its
dashed line at the left / top, lay it on its neighbour so the half crosses
complete each other, tape. Because the artwork is continuous across the
strip, the assembled board measures exactly the item's trim size.

The window keeps the sheet's margin from the paper edge, or more so that the
crop marks outside it end ``PAGE_SAFE`` (6) mm from the edge with room for
a mark of at least 1 mm (the footer under the window has room for whole ones).

Pages are named like a chess board turned on its side: rows are letters
(A at the top), columns numbers (1 on the left): "A1 of 2×2". Each page shows
that name and a small map of all pages with its own cell filled.
"""
from __future__ import annotations

import math
from typing import cast

from pnp.load.classes import dataclass
from pnp.scene import Box, Group, Page, Path, Rect, Text, style, translate
from pnp.scene.primitives import Node
from pnp.impose.items import Item, SheetSpec
from pnp.impose.marks import MIN_MARK, crosshair, grid_crop_marks, room
from pnp.model.paper import PAGE_SAFE, paper_size
from pnp.load.words import ENGINE

FOOTER = 18.0  # mm under the window: crop marks, then page name, map and cutting hint
MAP_CELL = 3.5  # mm per page in the page map
SEAM = style(stroke="darkgrey", width=0.2, dash=(2.0, 1.5))
HALO = style(stroke="white", width=0.6)
MAP_OFF = style(stroke="black", width=0.15)
MAP_ON = style(fill="darkgrey", stroke="black", width=0.15)

WORDS = ENGINE.section("tiling")


def row_name(r: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    s = ""
    r += 1
    while r:
        r, k = divmod(r - 1, 26)
        s = chr(65 + k) + s
    return s


def _split(span: float, avail: float, overlap: float) -> tuple[int, float]:
    """(pieces, window length) so equal windows overlapping by ``overlap`` cover ``span``."""
    if span <= avail + 1e-9:
        return 1, span
    if avail <= overlap:
        raise ValueError(f"overlap {overlap:g} mm leaves no room: the printable width is {avail:g} mm")
    n = math.ceil((span - overlap) / (avail - overlap) - 1e-9)
    return n, (span + (n - 1) * overlap) / n


@dataclass(frozen=True)
class Tiling:
    page_w: float
    page_h: float
    rows: int
    cols: int
    win_w: float  # window size (item mm == page mm)
    win_h: float
    x0: float  # window's top-left corner on the page
    y0: float
    bleed_x: float  # bleed shown left/right and top/bottom of the item
    bleed_y: float
    overlap: float

    def window(self, r: int, c: int) -> Box:
        """Window of page (r, c) in item coordinates (trim at 0, 0)."""
        return Box(-self.bleed_x + c * (self.win_w - self.overlap), -self.bleed_y + r * (self.win_h - self.overlap),
                   self.win_w, self.win_h)


def fit_tiles(item_w: float, item_h: float, sheet: SheetSpec, overlap: float) -> Tiling:
    """Fewest pages over the allowed orientations; ties keep portrait.

    An item whose trim fits the printable area stays on one page even when
    its full bleed does not: the bleed is then cut to what the margin allows.
    """
    if overlap < 0:
        raise ValueError(f"overlap must be 0 or more mm, got {overlap}")
    span_w, span_h = item_w + 2 * sheet.bleed, item_h + 2 * sheet.bleed
    orients = ("portrait", "landscape") if sheet.orientation == "auto" else (sheet.orientation,)
    best: tuple[int, Tiling] | None = None
    margin = max(sheet.margin, room(0.0, sheet.crop_gap, MIN_MARK, sheet.crop_marks))  # marks end PAGE_SAFE from the edge
    for o in orients:
        pw, ph = paper_size(sheet.paper, o)
        aw = pw - 2 * margin
        ah_full = ph - 2 * margin
        if item_w <= aw + 1e-9 and item_h <= ah_full + 1e-9:
            bx = max(0.0, min(sheet.bleed, (aw - item_w) / 2))
            by = max(0.0, min(sheet.bleed, (ah_full - item_h) / 2))
            ww, wh = item_w + 2 * bx, item_h + 2 * by
            plan = Tiling(pw, ph, 1, 1, ww, wh, (pw - ww) / 2, (ph - wh) / 2, bx, by, overlap)
            n = 1
        else:
            ah = ah_full - FOOTER
            cols, ww = _split(span_w, aw, overlap)
            rows, wh = _split(span_h, ah, overlap)
            plan = Tiling(pw, ph, rows, cols, ww, wh, margin + (aw - ww) / 2,
                            margin + (ah - wh) / 2, sheet.bleed, sheet.bleed, overlap)
            n = rows * cols
        if best is None or n < best[0]:
            best = (n, plan)
    assert best is not None  # there is at least one orientation
    return best[1]


def _seam_marks(plan: Tiling, item_w: float, item_h: float) -> Group:
    """Dashed cut lines and crosses in the middle of every shared strip (item coordinates)."""
    g = Group(id="seams")
    top, bottom = -plan.bleed_y, item_h + plan.bleed_y
    left, right = -plan.bleed_x, item_w + plan.bleed_x
    quarters = (0.25, 0.75)  # two crosses along each window's side of the strip
    for c in range(1, plan.cols):
        x = plan.window(0, c).x + plan.overlap / 2
        g.add(Path(style=SEAM).move(x, top).line(x, bottom))
        column = [plan.window(r, c) for r in range(plan.rows)]
        _crosses(g, [(x, w.y + f * w.h) for w in column for f in quarters])
    for r in range(1, plan.rows):
        y = plan.window(r, 0).y + plan.overlap / 2
        g.add(Path(style=SEAM).move(left, y).line(right, y))
        row = [plan.window(r, c) for c in range(plan.cols)]
        _crosses(g, [(w.x + f * w.w, y) for w in row for f in quarters])
    return g


def _crosses(g: Group, points: list[tuple[float, float]]) -> None:
    """A registration cross at each point, over a white halo that keeps it visible on the art."""
    for x, y in points:
        g.add(crosshair(x, y, st=HALO), crosshair(x, y))


def map_cell(plan: Tiling) -> float:
    return min(MAP_CELL, 30.0 / plan.cols, 10.0 / plan.rows)


def _page_map(plan: Tiling, r: int, c: int, x: float, y: float) -> Group:
    cell = map_cell(plan)
    g = Group(id="page-map")
    for rr in range(plan.rows):
        for cc in range(plan.cols):
            st = MAP_ON if (rr, cc) == (r, c) else MAP_OFF
            g.add(Rect(x + cc * cell, y + rr * cell, cell, cell, st))
    return g


def tile(item: Item, sheet: SheetSpec, overlap: float = 10.0, title: str = "") -> list[Page]:
    """Pages that, cut and taped along their seams, give ``item`` at its exact size."""
    plan = fit_tiles(item.w, item.h, sheet, overlap)
    words = WORDS[sheet.lang]
    single = plan.rows == plan.cols == 1
    seams = None if single else _seam_marks(plan, item.w, item.h)
    trim_item = Box(0.0, 0.0, item.w, item.h)
    pages = []
    for r in range(plan.rows):
        for c in range(plan.cols):
            win = plan.window(r, c)
            shift = translate(plan.x0 - win.x, plan.y0 - win.y)
            drawn: list[Node] = [item.front(sheet.bleed)]
            art = Group(children=drawn + ([seams] if seams else []), transform=shift)
            content = Group(id=f"tile-{row_name(r)}{c + 1}")
            content.add(Group(children=[art], clip=Rect(plan.x0, plan.y0, plan.win_w, plan.win_h), id="window"))
            # the part of the trim on this page, in page coordinates
            tx0, ty0 = max(win.x, 0.0), max(win.y, 0.0)
            tx1, ty1 = min(win.right, item.w), min(win.bottom, item.h)
            trim = Box(tx0 - win.x + plan.x0, ty0 - win.y + plan.y0, tx1 - tx0, ty1 - ty0)
            window_page = Box(plan.x0, plan.y0, plan.win_w, plan.win_h)
            if sheet.crop_marks:
                xs = [trim.x] if c == 0 else []
                xs += [trim.right] if c == plan.cols - 1 else []
                ys = [trim.y] if r == 0 else []
                ys += [trim.bottom] if r == plan.rows - 1 else []
                marks = grid_crop_marks(xs, ys, window_page, sheet.crop_gap, sheet.crop_length,
                                        plan.page_w, plan.page_h)
                content.add(_only_outer(marks, window_page, trim_item, win))
            name = f"{row_name(r)}{c + 1}"
            label = name if single else f"{name} {words['of']} {plan.rows}×{plan.cols}"
            if title:
                label = f"{title} · {label}"
            if not single:
                content.add(*_footer(plan, r, c, label, words, sheet))
            pages.append(Page(plan.page_w, plan.page_h, content, trim=trim, bleed=window_page,
                              label=label))
    return pages


def _only_outer(marks: Group, window: Box, trim_item: Box, win: Box) -> Group:
    """Keep crop marks only in margins that face the item's outside edges.

    ``grid_crop_marks`` marks an edge on both sides of the window; on a tile
    one of those sides may be a seam, where the next page continues the art.
    Marks there are harmless but confusing, so they go.
    """
    keep = Group(id=marks.id)
    at_top, at_bottom = win.y <= trim_item.y, win.bottom >= trim_item.bottom
    at_left, at_right = win.x <= trim_item.x, win.right >= trim_item.right
    for p in marks.children:
        (_, x1, y1), (_, x2, y2) = cast(Path, p).ops  # grid_crop_marks draws one straight path per mark
        if y2 <= window.y and not at_top:
            continue
        if y1 >= window.bottom and not at_bottom:
            continue
        if x2 <= window.x and not at_left:
            continue
        if x1 >= window.right and not at_right:
            continue
        keep.add(p)
    return keep


def _footer(plan: Tiling, r: int, c: int, label: str, words: dict[str, str], sheet: SheetSpec) -> list[Node]:
    """Page name, page map and the cutting hint, below the reach of the crop marks."""
    y = plan.y0 + plan.win_h + sheet.crop_gap + sheet.crop_length + 1.5
    mid = plan.page_w / 2
    out: list[Node] = [_page_map(plan, r, c, mid + 2, y)]
    out.append(Text(mid - 2, y + 3.2, label, size=9, weight="bold", anchor="end"))
    sides = [words[s] for s, on in (("left", c > 0), ("top", r > 0)) if on]
    if sides:
        hint = words["cut"].format(sides=words["and"].join(sides))
        left = max(sheet.margin, PAGE_SAFE)
        out.append(Text(left, y + 5.0, hint, size=6, box=(mid - 2 - left, 6.0), anchor="end"))
    return out
