"""Where a back must go so it lands behind its front.

Duplex printers turn the sheet over about one of its edges:

* ``long``: about an axis parallel to the paper's long side. On a portrait
  page that is a vertical axis (the back is mirrored left-right); on a
  landscape page the long side is horizontal, so the back is mirrored
  top-bottom. This is what the printer physically does, whatever the page
  orientation.
* ``short``: about an axis parallel to the short side (portrait: top-bottom,
  landscape: left-right).

A card's back is drawn as you see it when you turn the cut card over like a
book page (about the card's own vertical axis). So the back's placement is
``flip . front_placement . mirror(card)``: two mirrors make a rigid motion,
never a mirrored image. For a short-edge flip this turns backs by 180 degrees,
which is what makes asymmetric backs read the right way up.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Iterator

from pnp.scene import Box, Transform, mirror_x, mirror_y, translate

if TYPE_CHECKING:  # pragma: no cover
    from pnp.scene import Page


DUPLEX_MODES = ("long", "short", "none")


def sheet_flip(duplex: str, page_w: float, page_h: float) -> Transform:
    """Map a point on the front of the sheet to the same spot seen from the back."""
    if duplex not in ("long", "short"):
        raise ValueError(f"unknown duplex mode {duplex!r}: use long, short or none")
    portrait = page_w <= page_h
    vertical_axis = (duplex == "long") == portrait
    return mirror_x(page_w / 2) if vertical_axis else mirror_y(page_h / 2)


def back_placement(front: Transform, item_w: float, flip: Transform,
                   offset: tuple[float, float] = (0.0, 0.0)) -> Transform:
    """Placement of an item's back given the placement of its front."""
    return translate(*offset) @ flip @ front @ mirror_x(item_w / 2)


def map_box(t: Transform, box: Box) -> Box:
    """The axis-aligned box covering ``box`` after ``t`` (exact for flips, shifts and 90 degree turns)."""
    pts = [t.apply(box.x, box.y), t.apply(box.right, box.bottom),
           t.apply(box.x, box.bottom), t.apply(box.right, box.y)]
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


class Sides:
    """What :func:`paired` saw of a file: whether it prints double-sided, and blank backs it added."""

    def __init__(self) -> None:
        self.double = False
        self.blanks = 0


def paired(pages: "Iterable[Page]", sides: "Sides | None" = None, hold: int = 64) -> "Iterator[Page]":
    """The pages of one file, made safe to print double-sided: once any page has a back (``side``
    front/back), every page on its own gets a blank back after it and a front whose back is missing
    gets one, so a duplex printer never puts one piece's front behind another's. Pages on their own
    that come before the first front are held (at most ``hold``) until it is known whether the file
    is double-sided; a file that turns double-sided after more than ``hold`` pages on their own is
    an error of whoever made its pages."""
    from pnp.scene import Group, Page

    sides = sides if sides is not None else Sides()
    held: list[Page] = []
    committed_single = False
    expect_back = False  # the last page was a front

    def blank(after: Page) -> Page:
        sides.blanks += 1
        return Page(after.width, after.height, Group(id="blank-back"), label=f"{after.label} (blank back)",
                    side="back")

    last: Page | None = None
    for page in pages:
        side = getattr(page, "side", "")
        if side == "back":
            if not expect_back:
                raise ValueError(f"page {page.label!r} is a back without a front before it")
            expect_back = False
            yield page
            last = page
            continue
        if expect_back and last is not None:  # the front before (last) had no back
            yield blank(last)
            expect_back = False
        if side == "front":
            if committed_single:
                raise ValueError(f"page {page.label!r} has a back, but more than {hold} pages before it were "
                                 "printed on their own; make double-sided pages a file of their own")
            sides.double = True
            for h in held:
                yield h
                yield blank(h)
            held.clear()
            expect_back = True
            yield page
        elif sides.double:
            yield page
            yield blank(page)
        elif committed_single:
            yield page
        else:
            held.append(page)
            if len(held) > hold:
                committed_single = True
                yield from held
                held.clear()
        last = page
    if expect_back and last is not None:
        yield blank(last)
    yield from held
