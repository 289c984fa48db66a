"""One item alone on a page the size of its trim plus bleed (per-card SVG/PNG)."""
from __future__ import annotations

from pnp.scene import Box, Group, Page, Rect, translate
from pnp.impose.items import Item


def single_page(item: Item, bleed: float, back: bool = False) -> Page:
    """A page of ``item.w + 2 bleed`` by ``item.h + 2 bleed`` mm; TrimBox is the card."""
    if bleed < 0:
        raise ValueError(f"bleed must be 0 or more mm, got {bleed}")
    draw = item.back if back else item.front
    if draw is None:
        name = f" {item.label!r}" if item.label else ""
        raise ValueError(f"item{name} has no back to draw")
    w, h = item.w + 2 * bleed, item.h + 2 * bleed
    inner = Group(children=[draw(bleed)], transform=translate(bleed, bleed))
    content = Group(children=[inner], clip=Rect(0, 0, w, h), id="back" if back else "front")
    return Page(w, h, content, trim=Box(bleed, bleed, item.w, item.h), bleed=Box(0, 0, w, h),
                label=item.label)
