"""Nothing is told apart by hue alone: every legend's glyphs, printed in grey,
still look different from each other.

Each legend entry is a ``key`` group (glyph, then its words). The glyphs of one
legend are drawn alone, rasterised, converted to grey and compared pixel by
pixel; two glyphs that differ only in hue come out the same.
"""
from __future__ import annotations

from itertools import combinations

import pytest
from PIL import Image, ImageChops

from pnp.model.assets import BuildOptions
from pnp.render.png import render_image
from pnp.output.build import collect_assets
from pnp.layout.builtin.key import KEY, swatch_legend
from pnp.model.game import discover
from pnp.load.paths import SHIPPED_DATA
from pnp.scene import Group, Page, Rect, Text, style

DPI = 200
LEVELS = 24  # grey levels (of 255) that make a pixel count as different
SHARE = 0.03  # share of differing pixels that makes two glyphs different


def is_key(group: Group) -> bool:
    """A legend entry: the engine's ``key`` group, or a layout's group element ``legend-<name>`` (a glyph,
    then its words)."""
    return group.id == KEY or (group.id or "").startswith("legend-")


def legends(node, tf=None):
    """(transform, [key groups]) of every group holding legend keys, in page coordinates."""
    from pnp.scene.primitives import IDENTITY

    tf = IDENTITY if tf is None else tf
    if not isinstance(node, Group):
        return
    here = tf @ node.transform
    keys = [c for c in node.children if isinstance(c, Group) and is_key(c)]
    if keys:
        yield here, keys
    for c in node.children:
        if not (isinstance(c, Group) and is_key(c)):
            yield from legends(c, here)


def glyph_image(page: Page, tf, key: Group) -> Image.Image:
    """The key's glyph alone (its words left out), in grey, cropped to its ink."""
    glyph = Group(list(key.children[:-1]), transform=tf @ key.transform)
    img = render_image(Page(page.width, page.height, Group([glyph])), DPI).convert("L")
    box = img.point(lambda v: 255 if v < 250 else 0).getbbox()
    assert box is not None, "a legend glyph prints nothing"
    return img.crop(box)


def differ(a: Image.Image, b: Image.Image) -> bool:
    (aw, ah), (bw, bh) = a.size, b.size
    if abs(aw - bw) > 0.15 * max(aw, bw) or abs(ah - bh) > 0.15 * max(ah, bh):
        return True  # a different shape is told apart without colour
    size = (max(aw, bw), max(ah, bh))
    diff = ImageChops.difference(a.resize(size), b.resize(size))
    changed = sum(diff.point(lambda v: 255 if v > LEVELS else 0).histogram()[255:])
    return changed >= SHARE * size[0] * size[1]


def alike_pairs(page: Page) -> list[tuple[str, str]]:
    out = []
    for tf, keys in legends(page.content):
        images = [(k.children[-1].text if isinstance(k.children[-1], Text) else "?", glyph_image(page, tf, k))
                  for k in keys]
        out += [(na, nb) for (na, a), (nb, b) in combinations(images, 2) if not differ(a, b)]
    return out


def legend_pages():
    """Every page of every shipped game that carries a legend, in both languages' German."""
    opts = BuildOptions()
    for name, game in sorted(discover(SHIPPED_DATA).items()):
        for asset in collect_assets(game, opts):
            for n, page in enumerate(asset.iter_pages()):
                if any(True for _ in legends(page.content)):
                    yield pytest.param(page, id=f"{name}/{asset.name}/p{n + 1}")


PAGES = list(legend_pages())


def test_legends_are_found():
    """The games' boards, cloud sheets, maps and set-up views carry keyed legends."""
    ids = " ".join(p.id for p in PAGES)
    for where in ("klin-zha/board", "klin-zha/clouds", "klin-zha/umpire", "klin-zha/views",
                  "kafkas-halle/board-diagram"):  # Rather Silly's map key is a sheet: test_rather_silly_map_key
        assert where in ids, where


@pytest.mark.parametrize("page", PAGES)
def test_no_two_legend_glyphs_look_alike_in_grey(page):
    assert alike_pairs(page) == []


def test_the_comparison_catches_hue_only_keys():
    """Three swatches that differ only in hue (the old Klin Zha corner tints) are caught;
    a hatch or a darker grey tells them apart."""
    from pnp.layout.builtin.trigrid import corner_hatch

    hue_only = swatch_legend(10, 10, [(style(fill=c, stroke="black", width=0.2), c)
                                      for c in ("#eef3e6", "#f6efdc", "#e6edf5")])
    page = Page(100, 60, Group([hue_only]))
    assert len(alike_pairs(page)) == 3
    fixed = swatch_legend(10, 10, [(style(fill="#eef3e6", stroke="black", width=0.2), "plain"),
                                   (style(fill="#f6efdc", stroke="black", width=0.2, hatch=corner_hatch(60)), "/"),
                                   (style(fill="#e6edf5", stroke="black", width=0.2, hatch=corner_hatch(-60)), "\\"),
                                   (style(fill="#cfcfcf", stroke="black", width=0.2), "grey")])
    assert alike_pairs(Page(100, 60, Group([fixed]))) == []
    # two glyphs drawn the same are alike whatever their colour
    assert alike_pairs(Page(100, 60, Group([swatch_legend(10, 10, [(lambda x, y, w, h: Rect(x, y, w, h, style(
        fill="#c62828")), "red"), (lambda x, y, w, h: Rect(x, y, w, h, style(fill="#2e8b3e")), "green")])]))) \
        == [("red", "green")]
