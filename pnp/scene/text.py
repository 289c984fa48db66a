"""Text layout: turns a Text primitive into positioned lines.

Done once here, with the bundled fonts' metrics, so every backend breaks and
places lines identically; backends only draw the resulting lines.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, cast

from pnp.scene import fonts
from pnp.scene.primitives import Text
from pnp.scene.units import pt_to_mm

if TYPE_CHECKING:
    from pnp.scene.richtext import PlacedText


SHRINK_STEP = 0.94  # a shrinking scene text tries 6 % smaller each step


class Line(NamedTuple):  # a tuple: cheap to make, and to pickle for a drawer process
    x: float  # anchor point of the line (start, middle or end per anchor)
    y: float  # baseline
    text: str
    size: float  # points
    width: float  # mm


class TextOverflow(ValueError):
    """A shrinking text that does not fit its box even at its smallest size; says by how much."""

    def __init__(self, t: Text, over_w: float, over_h: float, size: float):
        self.text, self.over_w, self.over_h, self.size = t, over_w, over_h, size
        parts = [f"{v:.1f} mm too {w}" for v, w in ((over_w, "wide"), (over_h, "tall")) if v > 0.05]
        where = f"{t.source}: " if t.source else ""
        bw, bh = cast("tuple[float, float]", t.box)  # only a text with a box overflows it
        super().__init__(f"{where}the text {t.text[:40]!r}{'…' if len(t.text) > 40 else ''} does not fit its "
                         f"{bw:.1f} x {bh:.1f} mm box at {size:g} pt: {' and '.join(parts)}")


KEPT_LINES = 4096  # texts whose lines are kept: a card's are asked for by its overlap check, then by each backend
_kept: dict[tuple, tuple[Line, ...]] = {}


def set_lines(t: Text) -> list[Line]:
    """Lines of ``t`` with baseline positions in mm; a text with a box is set by the one
    fitting routine, :func:`pnp.scene.richtext.fit` (as it is: no markup, no hyphens).
    Kept by what decides them (not colour, opacity or source), so the overlap check, the
    survey and the writer set a text once."""
    key = (t.text, t.x, t.y, t.size, t.font, t.weight, t.anchor, t.box, t.wrap, t.shrink, t.min_size, t.line_height,
           t.valign)
    lines = _kept.get(key)
    if lines is None:
        lines = tuple(_set(t))
        if len(_kept) >= KEPT_LINES:
            _kept.clear()
        _kept[key] = lines
    return list(lines)


def _set(t: Text) -> list[Line]:
    missing = fonts.missing_glyph(t.text, t.font, t.weight)
    if missing is not None:
        where = f"{t.source}: " if t.source else ""
        raise fonts.FontError(where + fonts.glyph_message(missing, t.font, t.weight))
    if t.box is None:
        size = t.size
        out = []
        step = pt_to_mm(size * t.line_height)
        for i, s in enumerate(t.text.split("\n")):
            out.append(Line(t.x, t.y + i * step, s, size, fonts.string_width(s, size, t.font, t.weight)))
        return out
    from pnp.scene.richtext import Overflow, fit

    bw, bh = t.box
    try:
        fitted = fit(t.text, bw, bh, t.size, min(t.min_size, t.size) if t.shrink else t.size, lang=None,
                     family=t.font, weight=t.weight, line_height=t.line_height, valign=t.valign, wrap=t.wrap,
                     hyphenate=False, markup_on=False, strict=t.shrink, ratio=SHRINK_STEP)
    except Overflow as exc:  # the smallest allowed size and still too big: never drawn off its box
        raise TextOverflow(t, exc.width_mm, exc.height_mm, exc.size_pt) from None
    ax = {"start": t.x, "middle": t.x + bw / 2, "end": t.x + bw}[t.anchor]
    placed = cast("tuple[PlacedText, ...]", fitted.pieces)  # no markup, so no icons: only text
    return [Line(ax, t.y + p.baseline_y, p.text, p.size_pt, fonts.string_width(p.text, p.size_pt, t.font, t.weight))
            for p in placed]


