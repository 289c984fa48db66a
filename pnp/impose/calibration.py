"""A duplex calibration sheet: measure how far your printer shifts backs.

The front carries bold crosses; the back carries millimetre scales exactly
where those crosses should land (already shifted by the current
``back_offset``). Held against the light, each front cross shows through at
some reading (x, y) on the back's scales, read in the back page's own
directions (right and down positive). Adding that reading to
``back_offset`` moves the backs onto their fronts; no sign juggling, since
both the reading and the offset are measured on the back page.
"""
from __future__ import annotations

from dataclasses import replace

from pnp.scene import Group, Page, Path, Text, style, translate
from pnp.impose.duplex import sheet_flip
from pnp.impose.items import SheetSpec
from pnp.model.paper import paper_size
from pnp.load.words import ENGINE

CROSS = style(stroke="black", width=0.35)
TICK = style(stroke="black", width=0.15)
SCALE_HALF = 10  # mm each side of zero
INSET = 35.0  # mm from the paper corner to the corner targets

TEXT = ENGINE.section("calibration")


def targets(w: float, h: float) -> list[tuple[float, float]]:
    """Front target centres: the middle and four points near the corners."""
    return [(w / 2, h / 2), (INSET, INSET), (w - INSET, INSET), (INSET, h - INSET), (w - INSET, h - INSET)]


def _cross(x: float, y: float, arm: float = 8.0) -> Group:
    return Group(children=[Path(style=CROSS).move(x - arm, y).line(x + arm, y),
                           Path(style=CROSS).move(x, y - arm).line(x, y + arm)])


def _scales(x: float, y: float) -> Group:
    """Two perpendicular mm scales crossing at (x, y), zero in the middle."""
    g = Group()
    g.add(Path(style=TICK).move(x - SCALE_HALF, y).line(x + SCALE_HALF, y))
    g.add(Path(style=TICK).move(x, y - SCALE_HALF).line(x, y + SCALE_HALF))
    for k in range(-SCALE_HALF, SCALE_HALF + 1):
        n = 2.2 if k % 5 == 0 else 1.0
        g.add(Path(style=TICK).move(x + k, y).line(x + k, y + n))  # ticks below the x scale
        g.add(Path(style=TICK).move(x, y + k).line(x + n, y + k))  # ticks right of the y scale
        if k % 5 == 0 and k:
            lab = f"{k:+d}"
            # the x scale's labels above it (its ticks hang below), the y scale's to its right: none meet
            g.add(Text(x + k, y - 1.5, lab, size=6, anchor="middle"))
            g.add(Text(x + 3.2, y + k + 0.7, lab, size=6))
    return g


def calibration_pages(sheet: SheetSpec) -> list[Page]:
    orient = "portrait" if sheet.orientation == "auto" else sheet.orientation
    w, h = paper_size(sheet.paper, orient)
    mode = sheet.duplex if sheet.duplex in ("long", "short") else "long"
    if mode != sheet.duplex:
        sheet = replace(sheet, duplex=mode)
    words = TEXT[sheet.lang]
    flip = sheet_flip(mode, w, h)
    dx, dy = sheet.back_offset
    text_w = w - 2 * INSET - 20

    front = Group(id="calibration-front")
    for x, y in targets(w, h):
        front.add(_cross(x, y))
    front.add(Text(w / 2, h / 2 - 40, words["front"], size=12, weight="bold", anchor="middle"))
    front.add(Text(w / 2 - text_w / 2, h / 2 - 34, words["how_front"].format(mode=words[mode]), size=8,
                   box=(text_w, 20), anchor="middle"))

    scales = Group(id="calibration-scales", transform=translate(dx, dy))
    for x, y in targets(w, h):
        bx, by = flip.apply(x, y)
        scales.add(_scales(bx, by))
    back = Group(id="calibration-back", children=[scales])
    back.add(Text(w / 2, h / 2 + 28, words["back"], size=12, weight="bold", anchor="middle"))
    back.add(Text(w / 2 - text_w / 2, h / 2 + 33, words["how_back"].format(x=dx, y=dy), size=8,
                  box=(text_w, 30), anchor="middle"))
    return [Page(w, h, front, label=words["front"]), Page(w, h, back, label=words["back"])]
