"""Grid imposition: same-size items (cards) in rows and columns on sheets.

Decisions, so the printed sheet measures what the data says:

* Capacity: the trims (not the bleed) must fit inside the paper minus
  ``margin`` on every side, with ``gutter`` mm between neighbouring trims.
  ``orientation="auto"`` tries portrait and landscape paper; when
  ``sheet.rotate`` is on, cards turned by 90 degrees are tried as well. The
  layout holding the most cards wins; ties keep the first of portrait,
  landscape, portrait turned, landscape turned. The grid is centred.
* Bleed: each item draws its own bleed. Towards the paper edge and towards
  an empty cell (the partial last sheet) it keeps the full ``bleed``, so every
  card, front and back, survives an imprecise cut alike; between two cards it
  is clipped to half the gutter (with no gutter the cards butt and one cut
  separates them). No card's bleed therefore ever covers another card's trim.
* Crop marks: only in the margin, on the extension of every trim edge of a
  used cell (a partial last sheet marks only its cards' edges), starting
  ``bleed + crop_gap`` mm outside the cards so they never touch a card or
  its bleed, and ending ``PAGE_SAFE`` (6) mm from the paper edge, which a
  home printer may leave blank. If the margin is too narrow, the outer
  bleed shrinks first so a mark of at least 2 mm still fits, down to 2 mm
  of bleed; then the marks get shorter, down to 1 mm. Without crop marks
  the bleed shrinks to stay out of those 6 mm too.
* Duplex: after each front page its back page follows (see
  :mod:`pnp.impose.duplex` for how positions are mirrored), also for a
  sheet whose cards happen to have no backs, so the printer's page pairs
  never slip;
  ``back_offset`` shifts everything on back pages. Back pages carry no crop
  marks: cut from the front. ``duplex="none"`` leaves backs out.
"""
from __future__ import annotations

import math
from functools import cached_property
from itertools import chain, islice
from typing import Iterable, Iterator

from pnp.load.classes import dataclass
from pnp.scene import Box, Group, Page, Rect, Transform, rotate, translate
from pnp.impose.duplex import back_placement, map_box, sheet_flip
from pnp.impose.items import Item, SheetSpec
from pnp.impose.marks import MIN_MARK, ROOM, bbox, cut_lines, grid_crop_marks, room
from pnp.model.paper import paper_size

MIN_BLEED = 2.0  # mm of bleed towards the paper edge kept before crop marks get shorter than ROOM
from pnp.load.words import ENGINE

# the best grid for a piece: (items per sheet, orientation, turned, paper w, h, columns, rows, cell w, h)
Best = tuple[int, str, bool, float, float, int, int, float, float]

SIZE_TOLERANCE = 0.01  # mm: items differing more than this are not "same size"

LABELS = ENGINE.section("sheet_sides")


def _fit(avail: float, size: float, gutter: float) -> int:
    if size <= 0:
        raise ValueError(f"item size must be positive, got {size} mm")
    return max(0, math.floor((avail + gutter + 1e-9) / (size + gutter)))


@dataclass(frozen=True)
class SheetGrid:
    """Where the cells of one sheet lie. Cells are filled row by row."""

    page_w: float
    page_h: float
    orientation: str  # portrait | landscape
    cols: int
    rows: int
    rotated: bool  # items turned 90 degrees clockwise
    item_w: float  # the item's own size
    item_h: float
    x0: float  # top-left trim corner of the first cell
    y0: float
    gutter: float
    outer_bleed: float  # bleed kept towards the paper edge
    inner_bleed: float  # bleed kept between cards (at most gutter / 2)

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def cell_w(self) -> float:
        return self.item_h if self.rotated else self.item_w

    @property
    def cell_h(self) -> float:
        return self.item_w if self.rotated else self.item_h

    @property
    def grid(self) -> Box:
        """The box around all trims of a full sheet."""
        return Box(self.x0, self.y0, self.cols * self.cell_w + (self.cols - 1) * self.gutter,
                   self.rows * self.cell_h + (self.rows - 1) * self.gutter)

    def trim(self, i: int) -> Box:
        r, c = divmod(i, self.cols)
        return Box(self.x0 + c * (self.cell_w + self.gutter), self.y0 + r * (self.cell_h + self.gutter),
                   self.cell_w, self.cell_h)

    def bleed(self, i: int, filled: int | None = None) -> Box:
        """The trim grown by the bleed this cell may show: full towards the paper edge and
        towards an empty cell (``filled`` cards on this sheet), clipped between two cards."""
        filled = self.per_page if filled is None else filled
        r, c = divmod(i, self.cols)
        t = self.trim(i)
        o, n = self.outer_bleed, self.inner_bleed
        left = n if c > 0 else o
        right = n if c < self.cols - 1 and i + 1 < filled else o
        top = n if r > 0 else o
        bottom = n if i + self.cols < filled else o  # the last row never has a card below
        return Box(t.x - left, t.y - top, t.w + left + right, t.h + top + bottom)

    def placement(self, i: int) -> Transform:
        """Item coordinates -> page coordinates for cell ``i``."""
        t = self.trim(i)
        if self.rotated:
            # rotate(90) maps (x, y) to (-y, x): the item's height now runs leftwards
            return translate(t.x + self.item_h, t.y) @ rotate(90)
        return translate(t.x, t.y)

    @cached_property
    def cells(self) -> list[tuple[Box, Box, Transform, Rect]]:
        """(trim, bleed box, placement, clip) of every cell of a full sheet, computed once
        per plan and shared by all its sheets (backends only read scenes)."""
        return self.cells_for(self.per_page)

    def cells_for(self, filled: int) -> list[tuple[Box, Box, Transform, Rect]]:
        """The cells of a sheet holding ``filled`` cards (a partial last sheet)."""
        if filled == self.per_page and "cells" in self.__dict__:
            return self.__dict__["cells"]
        return [(self.trim(i), self.bleed(i, filled), self.placement(i), _rect(self.bleed(i, filled)))
                for i in range(self.per_page)]

    def back_cells(self, duplex: str, offset: tuple[float, float],
                   filled: int | None = None) -> list[tuple[Box, Box, Transform, Rect]]:
        """The same for every cell's back on the back page."""
        flip = sheet_flip(duplex, self.page_w, self.page_h)
        moved = translate(*offset) @ flip
        out = []
        for t, b, p, _ in (self.cells if filled is None else self.cells_for(filled)):
            clip = map_box(moved, b)
            out.append((map_box(moved, t), clip, back_placement(p, self.item_w, flip, offset), _rect(clip)))
        return out

    def edges(self) -> tuple[list[float], list[float]]:
        xs, ys = [], []
        for c in range(self.cols):
            x = self.x0 + c * (self.cell_w + self.gutter)
            xs += [x, x + self.cell_w]
        for r in range(self.rows):
            y = self.y0 + r * (self.cell_h + self.gutter)
            ys += [y, y + self.cell_h]
        return xs, ys


def _candidates(sheet: SheetSpec) -> Iterator[tuple[str, bool]]:
    orients = ("portrait", "landscape") if sheet.orientation == "auto" else (sheet.orientation,)
    turns = (False, True) if sheet.rotate else (False,)  # a turned square ties and so is never taken
    for turned in turns:
        for o in orients:
            yield o, turned


class DoesNotFit(ValueError):
    """A piece larger than the printable part of the paper; the message says what paper would do."""


def needs(item_w: float, item_h: float, sheet: SheetSpec) -> str:
    """What paper a piece of this size needs with the sheet's margins: the smallest named
    paper it fits on, else a size to give as ``--paper WxH``."""
    from dataclasses import replace

    from pnp.model.paper import PAPERS

    for name in sorted(PAPERS, key=lambda k: PAPERS[k][0] * PAPERS[k][1]):
        if _best(item_w, item_h, replace(sheet, paper=name, orientation="auto"))[0]:
            return f"it needs {name} or larger (--paper {name})"
    w, h = (math.ceil(v + 2 * sheet.margin) for v in sorted((item_w, item_h)))
    return f"it needs paper of at least {w} × {h} mm (--paper {w}x{h})"


def _best(item_w: float, item_h: float, sheet: SheetSpec) -> Best:
    """(items per sheet, orientation, turned, paper w, h, columns, rows, cell w, h) of the best grid."""
    best: Best | None = None
    for orient, turned in _candidates(sheet):
        pw, ph = paper_size(sheet.paper, orient)
        cw, ch = (item_h, item_w) if turned else (item_w, item_h)
        cols = _fit(pw - 2 * sheet.margin, cw, sheet.gutter)
        rows = _fit(ph - 2 * sheet.margin, ch, sheet.gutter)
        if best is None or cols * rows > best[0]:
            best = (cols * rows, orient, turned, pw, ph, cols, rows, cw, ch)
    assert best is not None  # there is at least one candidate
    return best


def _outer_room(space: float, sheet: SheetSpec) -> float:
    """The most bleed towards the paper edge that leaves room, PAGE_SAFE mm from the edge, for the crop
    marks: ROOM (2) mm of mark while the bleed keeps MIN_BLEED (2) mm; then shorter marks, down to
    MIN_MARK (1 mm). Without crop marks, the bleed alone stays PAGE_SAFE mm clear."""
    if not sheet.crop_marks:
        return max(0.0, space - room(0.0, 0.0, 0.0, False))
    full = space - room(0.0, sheet.crop_gap, ROOM, True)
    short = space - room(0.0, sheet.crop_gap, MIN_MARK, True)
    return max(0.0, full, min(MIN_BLEED, short))


def fit_grid(item_w: float, item_h: float, sheet: SheetSpec) -> SheetGrid:
    """The grid that fits the most items of this size (see module docstring)."""
    n, orient, turned, pw, ph, cols, rows, cw, ch = _best(item_w, item_h, sheet)
    if n == 0:
        raise DoesNotFit(f"a piece of {item_w:g} × {item_h:g} mm does not fit on {sheet.paper} inside its "
                         f"{sheet.margin:g} mm margins; {needs(item_w, item_h, sheet)}")
    gw = cols * cw + (cols - 1) * sheet.gutter
    gh = rows * ch + (rows - 1) * sheet.gutter
    x0, y0 = (pw - gw) / 2, (ph - gh) / 2
    space = min(x0, y0)  # paper edge to the nearest trim
    outer = min(sheet.bleed, _outer_room(space, sheet))
    inner = min(sheet.bleed, sheet.gutter / 2)
    return SheetGrid(pw, ph, orient, cols, rows, turned, item_w, item_h, x0, y0, sheet.gutter,
                    max(0.0, outer), inner)


def grid_capacity(card_w: float, card_h: float, sheet: SheetSpec) -> tuple[int, int, str]:
    """(columns, rows, paper orientation) of the best grid for cards of this size."""
    p = fit_grid(card_w, card_h, sheet)
    return p.cols, p.rows, p.orientation


def _placed(item_group: Group, transform: Transform, clip: Rect, gid: str) -> Group:
    inner = Group(children=[item_group], transform=transform)
    return Group(children=[inner], clip=clip, id=gid)


def _rect(b: Box) -> Rect:
    return Rect(b.x, b.y, b.w, b.h)


def decorations(plan: SheetGrid, sheet: SheetSpec, filled: int | None = None) -> list[Group]:
    """Cut lines and crop marks of a front sheet holding ``filled`` cards (default: full; the same on
    every full sheet, so built once). A partial sheet marks only the edges of the cells it uses, so no
    mark asks for a cut through an empty row or column."""
    out = []
    if filled is None or filled >= plan.per_page:
        xs, ys = plan.edges()
        extent = plan.grid
    else:
        used = [plan.trim(i) for i in range(filled)]
        xs = [v for t in used for v in (t.x, t.right)]
        ys = [v for t in used for v in (t.y, t.bottom)]
        found = bbox(used)
        assert found is not None, filled  # a partial sheet holds at least one item
        extent = found
    if sheet.cut_lines:
        out.append(cut_lines(xs, ys, extent))
    if sheet.crop_marks:
        reach = plan.outer_bleed + sheet.crop_gap
        out.append(grid_crop_marks(xs, ys, extent, reach, sheet.crop_length, plan.page_w, plan.page_h))
    return out


def front_page(plan: SheetGrid, chunk: list[Item], sheet: SheetSpec, first_index: int, label: str,
               decor: list[Group] | None) -> Page:
    """One front sheet; ``decor`` is the plan's cut lines and crop marks (``decorations``), built once
    for full sheets; None on a partial sheet, which marks only the slots it uses."""
    content = Group(id="fronts")
    cells = plan.cells if len(chunk) == plan.per_page else plan.cells_for(len(chunk))
    for k, item in enumerate(chunk):
        _, _, where, clip = cells[k]
        content.add(_placed(item.front(sheet.bleed), where, clip, f"card-{first_index + k}"))
    content.add(*(decorations(plan, sheet, len(chunk)) if decor is None else decor))
    used = cells[:len(chunk)]
    return Page(plan.page_w, plan.page_h, content, trim=bbox(c[0] for c in used),
                bleed=bbox(c[1] for c in used), label=label, cuts=tuple(c[0] for c in used))


def back_page(plan: SheetGrid, chunk: list[Item], sheet: SheetSpec, first_index: int, label: str,
              cells: list | None = None) -> Page:
    if cells is None or len(chunk) < plan.per_page:
        cells = plan.back_cells(sheet.duplex, sheet.back_offset, len(chunk))
    content = Group(id="backs")
    used = []
    for k, item in enumerate(chunk):
        if item.back is None:
            continue
        _, _, where, clip = cells[k]
        content.add(_placed(item.back(sheet.bleed), where, clip, f"back-{first_index + k}"))
        used.append(cells[k])
    return Page(plan.page_w, plan.page_h, content, trim=bbox(c[0] for c in used),
                bleed=bbox(c[1] for c in used), label=label, cuts=tuple(c[0] for c in used))


def _check_size(item: Item, plan: SheetGrid, index: int) -> None:
    # rounded, so a size a hundredth off as typed (60.01 against 60) is within the tolerance
    # although its float difference is a hair above 0.01
    if round(abs(item.w - plan.item_w), 6) > SIZE_TOLERANCE or round(abs(item.h - plan.item_h), 6) > SIZE_TOLERANCE:
        name = f" ({item.label})" if item.label else ""
        raise ValueError(
            f"item {index + 1}{name} is {item.w:g} x {item.h:g} mm but the grid holds "
            f"{plan.item_w:g} x {plan.item_h:g} mm items; use pack() for mixed sizes")


def impose(items: Iterable[Item], sheet: SheetSpec) -> Iterator[Page]:
    """Pages of same-size items in a grid; each front page is followed by its
    back page when duplex is on and any item on it has a back.

    Items are consumed one sheet at a time, so a long generator of cards is
    never held in memory at once.
    """
    total = None
    if hasattr(items, "__len__"):
        total = len(items)  # type: ignore[arg-type]
    it = iter(items)
    first = next(it, None)
    if first is None:
        return
    plan = fit_grid(first.w, first.h, sheet)
    sheets = math.ceil(total / plan.per_page) if total is not None else None
    front_word, back_word = LABELS[sheet.lang]
    stream = chain([first], it)
    backs = plan.back_cells(sheet.duplex, sheet.back_offset) if sheet.duplex != "none" else None
    decor = decorations(plan, sheet)  # shared by every front page; scenes are read-only
    # Once any sheet has a back page, every sheet gets one (blank if need be):
    # a duplex printer pairs pages strictly two by two. A list is checked up
    # front; a generator can only be judged as it goes.
    two_sided = sheet.duplex != "none" and total is not None and any(i.back is not None for i in items)
    index = 0
    number = 0
    while True:
        chunk = list(islice(stream, plan.per_page))
        if not chunk:
            return
        number += 1
        for k, item in enumerate(chunk):
            _check_size(item, plan, index + k)
        of = f"{number}/{sheets}" if sheets else f"{number}"
        two_sided = two_sided or (sheet.duplex != "none" and any(item.back is not None for item in chunk))
        front = front_page(plan, chunk, sheet, index, f"{front_word} {of}",
                           decor if len(chunk) == plan.per_page else None)
        if two_sided:
            front.side = "front"
        yield front
        if two_sided:
            page = back_page(plan, chunk, sheet, index, f"{back_word} {of}", backs)
            page.side = "back"
            yield page
        index += len(chunk)


def calibration_sheet(sheet: SheetSpec) -> list[Page]:
    """A front and a back page for measuring the printer's duplex offset."""
    from pnp.impose.calibration import calibration_pages

    return calibration_pages(sheet)
