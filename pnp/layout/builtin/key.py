"""Legend entries ("keys"): a glyph and the words that explain it.

Each entry is a Group with id ``key`` whose last child is the explaining text,
so a test can draw every glyph of a legend alone and check in grey that no
two look alike (nothing may be told apart by hue alone).
"""
from __future__ import annotations

from typing import Callable, Sequence, Union

from pnp.scene import Group, Node, Rect, Style, Text

KEY = "key"

# what a legend row shows: a function (x, y, w, h) -> its glyph, or the style of a plain swatch
Swatch = Union[Style, Callable[[float, float, float, float], Node]]


def key(*glyph: Node, text: Text) -> Group:
    """One legend entry: the glyph nodes, then the text."""
    return Group([*glyph, text], id=KEY)


def swatch_legend(x: float, y: float, rows: Sequence[tuple[Swatch, str]], size: float = 7.5) -> Group:
    """Rows of (Group-builder or style, text): small 8 x 5 mm swatches with labels."""
    grp = Group(id="legend")
    for i, (sw, words) in enumerate(rows):
        yy = y + i * 7.5
        glyph = sw(x, yy, 8.0, 5.0) if callable(sw) else Rect(x, yy, 8.0, 5.0, sw)
        grp.add(key(glyph, text=Text(x + 10.5, yy + 3.9, words, size=size)))
    return grp
