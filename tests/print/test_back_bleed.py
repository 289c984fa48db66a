"""Every cut item on every sheet keeps its bleed on every free side, fronts and backs,
whatever its neighbours: an imprecise cut never shows a white edge that marks a card.

Measured on the rasterised pages of all five games: just outside each item's trim
(1 to 2 mm out) the sheet may be bare paper only where the item's own ground along
its edge (0.2 to 1.5 mm in; the median, so a thin frame line does not count) is
paper-light too. Sides that touch a neighbour item are left out (there
the neighbour's own edge lies).
"""
from __future__ import annotations

import pytest
from PIL import ImageStat

from pnp.model.assets import BuildOptions
from pnp.render.png import render_image
from pnp.output.build import collect_assets
from pnp.model.game import discover
from pnp.load.paths import SHIPPED_DATA
from pnp.scene import Box

DPI = 150
PAPER = 245  # a strip this light (median grey level) is bare paper
INK = 235  # an item edge darker than this would show a white line where the bleed is missing


def sheets():
    opts = BuildOptions()
    for name, game in sorted(discover(SHIPPED_DATA).items()):
        for asset in collect_assets(game, opts):
            for n, page in enumerate(asset.iter_pages()):
                if page.cuts:
                    yield pytest.param(page, id=f"{name}/{asset.name}/p{n + 1}")


SHEETS = list(sheets())


def strips(t: Box, side: str, out: tuple[float, float], inn: tuple[float, float]):
    """(outside strip, inside strip) boxes along the middle 60 % of one side of trim ``t``."""
    if side in ("top", "bottom"):
        x0, x1 = t.x + 0.2 * t.w, t.x + 0.8 * t.w
        edge, sign = (t.y, -1) if side == "top" else (t.y + t.h, 1)
        return tuple((x0, min(edge + sign * a, edge + sign * b), x1, max(edge + sign * a, edge + sign * b))
                     for a, b in (out, (-inn[0], -inn[1])))
    y0, y1 = t.y + 0.2 * t.h, t.y + 0.8 * t.h
    edge, sign = (t.x, -1) if side == "left" else (t.x + t.w, 1)
    return tuple((min(edge + sign * a, edge + sign * b), y0, max(edge + sign * a, edge + sign * b), y1)
                 for a, b in (out, (-inn[0], -inn[1])))


def free(t: Box, side: str, cuts, reach: float) -> bool:
    """No other item within ``reach`` mm of this side."""
    grown = {"top": Box(t.x, t.y - reach, t.w, reach), "bottom": Box(t.x, t.y + t.h, t.w, reach),
             "left": Box(t.x - reach, t.y, reach, t.h), "right": Box(t.x + t.w, t.y, reach, t.h)}[side]
    return not any(o is not t and o.x < grown.x + grown.w - 0.01 and grown.x < o.x + o.w - 0.01
                   and o.y < grown.y + grown.h - 0.01 and grown.y < o.y + o.h - 0.01 for o in cuts)


def bare_edges(page, bleed: float = 3.0) -> list[str]:
    img = render_image(page, DPI).convert("L")
    k = DPI / 25.4

    def ground(box):
        x0, y0, x1, y1 = (round(v * k) for v in box)
        return ImageStat.Stat(img.crop((x0, y0, x1, y1))).median[0]

    bad = []
    for i, t in enumerate(page.cuts):
        for side in ("top", "bottom", "left", "right"):
            if not free(t, side, page.cuts, bleed):
                continue
            outside, inside = strips(t, side, (1.0, 2.0), (0.2, 1.5))
            a, b = ground(outside), ground(inside)
            if a > PAPER and b < INK:
                bad.append(f"item {i + 1} {side}: {a:.0f} outside, {b:.0f} inside")
    return bad


def test_sheets_with_cut_items_are_found():
    ids = " ".join(p.id for p in SHEETS)
    for where in ("kafkas-halle/deck", "rather-silly/counters", "klin-zha/pieces/tokens", "ordnerstruktur"):
        assert where in ids, where


@pytest.mark.parametrize("page", SHEETS)
def test_every_free_side_of_every_item_has_its_bleed(page):
    assert bare_edges(page) == []


def test_the_measure_sees_a_missing_bleed():
    """A dark card without bleed next to an empty slot shows white outside: caught."""
    from pnp.scene import Group, Page, Rect, style

    t = Box(20, 20, 40, 60)
    dark = Group([Rect(t.x, t.y, t.w, t.h, style(fill="#2b2b2b"))])
    page = Page(100, 100, dark, cuts=(t,))
    assert len(bare_edges(page)) == 4
    bled = Group([Rect(t.x - 3, t.y - 3, t.w + 6, t.h + 6, style(fill="#2b2b2b"))])
    assert bare_edges(Page(100, 100, bled, cuts=(t,))) == []
