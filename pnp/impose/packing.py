"""Packing: items of mixed sizes (tokens, standees, tiles) on as few sheets as
a simple, predictable method allows.

Shelf packing: items are sorted by height (tallest first, then widest, then
input order, so the result is deterministic), laid left to right in rows
("shelves"); short items stack in columns inside a taller shelf; a new
shelf starts when the row is full and a new page when the shelf does not
fit. When the last page would be near empty, the pages are filled evenly
instead (the same number of pages, each stopping at a share of the items'
area), so no page holds a lone few tokens. ``orientation="auto"`` keeps
whichever paper orientation needs fewer pages. An item taller than the printable height but fitting
when turned is turned by 90 degrees (if ``sheet.rotate``).

Items are not in a guillotine grid, so each gets its own crop marks: eight
short lines continuing its trim edges from the corners. The trims keep the
sheet's margin from the paper edge, or more so that bleed and crop marks stay
``PAGE_SAFE`` (6) mm clear of it, where a home printer may not print. To keep those marks
off every other item and its bleed, trims are spaced
``max(gutter, 2 * bleed + crop_gap + crop_length)`` apart (without crop marks:
``max(gutter, 2 * bleed)``). Thin cut outlines around each trim are drawn
when ``cut_lines`` is on. An item whose trim is not its box (``Item.cut``: a
round or hexagonal token) gets a cut line along its shape and no crop marks,
which would point at corners it does not have; a page of such items alone
spaces them ``max(gutter, 2 * bleed)``. Backs work as in :mod:`pnp.impose.grid`.
"""
from __future__ import annotations

from typing import Iterable, Iterator

from pnp.load.classes import dataclass
from pnp.scene import Box, Group, Page, Path, Rect, Transform, rotate, translate
from pnp.impose.duplex import back_placement, map_box, sheet_flip
from pnp.impose.grid import LABELS
from pnp.impose.items import Item, SheetSpec
from pnp.impose.marks import CUT, bbox, corner_marks, outline, room
from pnp.model.paper import paper_size


@dataclass(frozen=True)
class Placed:
    index: int  # position in the input
    item: Item
    trim: Box  # page mm
    turned: bool

    def placement(self) -> Transform:
        if self.turned:
            return translate(self.trim.x + self.item.h, self.trim.y) @ rotate(90)
        return translate(self.trim.x, self.trim.y)


def spacing(sheet: SheetSpec, marks: bool = True) -> float:
    """Distance between neighbouring trims (see module docstring); ``marks=False``: no item has crop marks."""
    need = 2 * sheet.bleed + ((sheet.crop_gap + sheet.crop_length) if sheet.crop_marks and marks else 0.0)
    return max(sheet.gutter, need)


def _orientations(sheet: SheetSpec) -> tuple[str, ...]:
    return ("portrait", "landscape") if sheet.orientation == "auto" else (sheet.orientation,)


def _shelves(sized: list[tuple], aw: float, ah: float, gap: float, cap: float | None = None) -> list[list[tuple]]:
    """Shelf packing with stacking: (i, w, h, turned) in order -> pages of (i, x, y, w, h, turned).

    A shelf is as tall as its first (tallest) item. Within a shelf, items go
    into columns: a short item is stacked under the previous one when it is
    no wider than that column and still fits the shelf height, otherwise it
    starts a new column to the right. With ``cap``, a page that already holds
    that much item area (mm²) takes no further shelf.
    """
    pages: list[list[tuple]] = []
    area = 0.0
    page: list[tuple] = []
    shelf_y = shelf_h = 0.0
    col_x = col_w = col_y = 0.0
    started = False
    for i, w, h, turned in sized:
        if started and w <= col_w + 1e-9 and col_y + gap + h <= shelf_y + shelf_h + 1e-9:
            y = col_y + gap
            page.append((i, col_x, y, w, h, turned))
            col_y = y + h
            continue
        x = col_x + col_w + gap if started else 0.0
        if started and x + w > aw + 1e-9:  # next shelf
            shelf_y, x = shelf_y + shelf_h + gap, 0.0
            started = False
        if not started:
            if page and (shelf_y + h > ah + 1e-9 or (cap is not None and area + w * h > cap)):  # next page
                pages.append(page)
                page, shelf_y, area = [], 0.0, 0.0
            shelf_h = h
            started = True
        page.append((i, x, shelf_y, w, h, turned))
        area += w * h
        col_x, col_w, col_y = x, w, shelf_y + h
    if page:
        pages.append(page)
    return pages


NEAR_EMPTY = 1 / 3  # a last page holding less than this share of the fullest page's items is spread out


def _balanced(sized: list[tuple], aw: float, ah: float, gap: float) -> list[list[tuple]]:
    """Shelf packing, then, when the last page would be near empty (a page holding 3 tokens), the same
    number of pages filled evenly: each page stops taking shelves at an area cap, the smallest cap
    (from the mean area per page up) that needs no more pages."""
    pages = _shelves(sized, aw, ah, gap)
    if len(pages) < 2:
        return pages

    def area(page: list[tuple[int, float, float, float, float, bool]]) -> float:  # (i, x, y, w, h, turned)
        return sum(w * h for _, _, _, w, h, _ in page)

    if area(pages[-1]) >= NEAR_EMPTY * max(area(p) for p in pages):
        return pages
    mean = sum(area(p) for p in pages) / len(pages)
    for k in range(0, 41):
        tried = _shelves(sized, aw, ah, gap, cap=mean * (1 + 0.025 * k))
        if len(tried) == len(pages):
            return tried
    return pages


def pack_pages(items: list[Item], sheet: SheetSpec) -> tuple[str, list[list[Placed]]]:
    """The paper orientation and every item's position, page by page.

    With ``orientation="auto"`` portrait and landscape are both tried; fewer
    pages wins, portrait on a tie.
    """
    best: tuple[str, list[list[Placed]]] | None = None
    for orient in _orientations(sheet):
        pages = _pack(items, sheet, orient)
        if best is None or len(pages) < len(best[1]):
            best = (orient, pages)
    assert best is not None  # there is at least one orientation
    return best


def _pack(items: list[Item], sheet: SheetSpec, orient: str) -> list[list[Placed]]:
    pw, ph = paper_size(sheet.paper, orient)
    margin = paper_margin(sheet, items)
    aw, ah = pw - 2 * margin, ph - 2 * margin
    gap = spacing(sheet, any(it.cut is None for it in items))
    sized = []
    for i, it in enumerate(items):
        w, h, turned = it.w, it.h, False
        if w > aw + 1e-9 or h > ah + 1e-9:
            if sheet.rotate and h <= aw + 1e-9 and w <= ah + 1e-9:
                w, h, turned = h, w, True
            else:
                name = f" ({it.label})" if it.label else ""
                raise ValueError(f"item {i + 1}{name} of {it.w:g} x {it.h:g} mm does not fit on "
                                 f"{sheet.paper} with a {margin:g} mm margin; tile it instead")
        sized.append((-h, -w, i, w, h, turned))
    sized.sort()
    pages = _balanced([(i, w, h, t) for _, _, i, w, h, t in sized], aw, ah, gap)
    out = []
    for pl in pages:  # centre each page's block on the paper
        right = max(x + w for _, x, _, w, _, _ in pl)
        bottom = max(y + h for _, _, y, _, h, _ in pl)
        dx = margin + (aw - right) / 2
        dy = margin + (ah - bottom) / 2
        out.append([Placed(i, items[i], Box(x + dx, y + dy, w, h), t) for i, x, y, w, h, t in pl])
    return out


def paper_margin(sheet: SheetSpec, items: list[Item]) -> float:
    """The margin the trims keep: the sheet's, or more, so that every item's bleed and its crop marks
    (items cut along their box have them) stay PAGE_SAFE mm clear of the paper edge."""
    marked = sheet.crop_marks and any(it.cut is None for it in items)
    return max(sheet.margin, room(sheet.bleed, sheet.crop_gap, sheet.crop_length, marked))


def _clip(trim: Box, bleed: float) -> Rect:
    b = trim.grow(bleed)
    return Rect(b.x, b.y, b.w, b.h)


def pack(items: Iterable[Item], sheet: SheetSpec) -> Iterator[Page]:
    """Pages of packed items; each front page is followed by its back page
    when duplex is on and any item on it has a back."""
    items = list(items)
    if not items:
        return
    orient, pages = pack_pages(items, sheet)
    pw, ph = paper_size(sheet.paper, orient)
    front_word, back_word = LABELS[sheet.lang]
    reach = sheet.bleed + sheet.crop_gap
    two_sided = sheet.duplex != "none" and any(it.back is not None for it in items)
    for n, placed in enumerate(pages, 1):
        of = f"{n}/{len(pages)}"
        content = Group(id="fronts")
        marks = Group(id="crop-marks")
        cuts = Group(id="cut-lines")
        for p in placed:
            inner = Group(children=[p.item.front(sheet.bleed)], transform=p.placement())
            content.add(Group(children=[inner], clip=_clip(p.trim, sheet.bleed), id=f"item-{p.index}"))
            if p.item.cut is not None:
                cuts.add(Group([Path(list(p.item.cut), style=CUT)], transform=p.placement()))
                continue
            if sheet.crop_marks:
                marks.add(*corner_marks(p.trim, reach, sheet.crop_length, pw, ph))
            if sheet.cut_lines:
                cuts.add(outline(p.trim))
        if cuts.children:
            content.add(cuts)
        if marks.children:
            content.add(marks)
        trims = [p.trim for p in placed]
        yield Page(pw, ph, content, trim=bbox(trims), bleed=bbox(t.grow(sheet.bleed) for t in trims),
                   label=f"{front_word} {of}", cuts=tuple(trims), side="front" if two_sided else "")
        if not two_sided:  # every front gets a back page once any item has one
            continue
        flip = sheet_flip(sheet.duplex, pw, ph)
        shift = translate(*sheet.back_offset)
        back = Group(id="backs")
        btrims = []
        for p in placed:
            if p.item.back is None:
                continue
            where = back_placement(p.placement(), p.item.w, flip, sheet.back_offset)
            t = map_box(shift @ flip, p.trim)
            inner = Group(children=[p.item.back(sheet.bleed)], transform=where)
            back.add(Group(children=[inner], clip=_clip(t, sheet.bleed), id=f"back-{p.index}"))
            btrims.append(t)
        yield Page(pw, ph, back, trim=bbox(btrims), bleed=bbox(t.grow(sheet.bleed) for t in btrims),
                   label=f"{back_word} {of}", cuts=tuple(btrims), side="back")
