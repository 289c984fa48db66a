"""Packing: items of mixed sizes (tokens, standees, tiles) on as few sheets as
a simple, predictable method allows.

Shelf packing: items are sorted by height (tallest first, then widest, then
input order, so the result is deterministic), laid left to right in rows
("shelves"); a new shelf starts when the row is full and a new page when
the shelf does not fit. An item taller than the printable height but fitting
when turned is turned by 90 degrees (if ``sheet.rotate``).

Items are not in a guillotine grid, so each gets its own crop marks: eight
short lines continuing its trim edges from the corners. To keep those marks
off every other item and its bleed, trims are spaced
``max(gutter, 2 * bleed + crop_gap + crop_length)`` apart (without crop marks:
``max(gutter, 2 * bleed)``). Thin cut outlines around each trim are drawn
when ``cut_lines`` is on. Backs work as in :mod:`pnp.imposition.grid`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator

from ..scene import Box, Group, Page, Rect, Transform, rotate, translate
from .duplex import back_placement, map_box, sheet_flip
from .grid import LABELS
from .items import Item, SheetSpec
from .marks import bbox, corner_marks, outline
from .paper import paper_size


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


def spacing(sheet: SheetSpec) -> float:
    """Distance between neighbouring trims (see module docstring)."""
    need = 2 * sheet.bleed + ((sheet.crop_gap + sheet.crop_length) if sheet.crop_marks else 0.0)
    return max(sheet.gutter, need)


def _paper(sheet: SheetSpec) -> tuple[float, float]:
    return paper_size(sheet.paper, "portrait" if sheet.orientation == "auto" else sheet.orientation)


def layout_pages(items: list[Item], sheet: SheetSpec) -> list[list[Placed]]:
    """Positions of every item, page by page."""
    pw, ph = _paper(sheet)
    aw, ah = pw - 2 * sheet.margin, ph - 2 * sheet.margin
    gap = spacing(sheet)
    sized = []
    for i, it in enumerate(items):
        w, h, turned = it.w, it.h, False
        if w > aw + 1e-9 or h > ah + 1e-9:
            if sheet.rotate and h <= aw + 1e-9 and w <= ah + 1e-9:
                w, h, turned = h, w, True
            else:
                name = f" ({it.label})" if it.label else ""
                raise ValueError(f"item {i + 1}{name} of {it.w:g} x {it.h:g} mm does not fit on "
                                 f"{sheet.paper} with a {sheet.margin:g} mm margin; tile it instead")
        sized.append((-h, -w, i, w, h, turned))
    sized.sort()
    pages: list[list[Placed]] = []
    page: list[Placed] = []
    x = y = 0.0
    shelf_h = 0.0
    for _, _, i, w, h, turned in sized:
        if page and x + w > aw + 1e-9:  # next shelf
            y += shelf_h + gap
            x, shelf_h = 0.0, 0.0
        if page and y + h > ah + 1e-9:  # next page
            pages.append(page)
            page, x, y, shelf_h = [], 0.0, 0.0, 0.0
        page.append(Placed(i, items[i], Box(x, y, w, h), turned))
        x += w + gap
        shelf_h = max(shelf_h, h)
    if page:
        pages.append(page)
    # centre each page's block on the paper
    out = []
    for pl in pages:
        block = bbox(p.trim for p in pl)
        dx = sheet.margin + (aw - block.right) / 2
        dy = sheet.margin + (ah - block.bottom) / 2
        out.append([Placed(p.index, p.item, Box(p.trim.x + dx, p.trim.y + dy, p.trim.w, p.trim.h), p.turned)
                    for p in pl])
    return out


def _clip(trim: Box, bleed: float) -> Rect:
    b = trim.grow(bleed)
    return Rect(b.x, b.y, b.w, b.h)


def pack(items: Iterable[Item], sheet: SheetSpec) -> Iterator[Page]:
    """Pages of packed items; each front page is followed by its back page
    when duplex is on and any item on it has a back."""
    items = list(items)
    if not items:
        return
    pw, ph = _paper(sheet)
    pages = layout_pages(items, sheet)
    front_word, back_word = LABELS.get(sheet.lang, LABELS["en"])
    reach = sheet.bleed + sheet.crop_gap
    for n, placed in enumerate(pages, 1):
        of = f"{n}/{len(pages)}"
        content = Group(id="fronts")
        marks = Group(id="crop-marks")
        cuts = Group(id="cut-lines")
        for p in placed:
            inner = Group(children=[p.item.front(sheet.bleed)], transform=p.placement())
            content.add(Group(children=[inner], clip=_clip(p.trim, sheet.bleed), id=f"item-{p.index}"))
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
                   label=f"{front_word} {of}")
        if sheet.duplex == "none" or not any(p.item.back is not None for p in placed):
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
                   label=f"{back_word} {of}")
