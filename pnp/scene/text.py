"""Text layout: turns a Text primitive into positioned lines.

Done once here, with the bundled fonts' metrics, so every backend breaks and
places lines identically; backends only draw the resulting lines.
"""
from __future__ import annotations

from typing import NamedTuple

from pnp.scene import fonts
from pnp.scene.primitives import Text


class Line(NamedTuple):  # a tuple: cheap to make, and to pickle for a drawer process
    x: float  # anchor point of the line (start, middle or end per anchor)
    y: float  # baseline
    text: str
    size: float  # points
    width: float  # mm


def _wrap(words_text: str, width: float, size: float, family: str, weight: str) -> list[str]:
    lines: list[str] = []
    for para in words_text.split("\n"):
        words = para.split(" ")
        cur = ""
        for w in words:
            trial = w if not cur else cur + " " + w
            if not cur or fonts.string_width(trial, size, family, weight) <= width + 1e-9:
                cur = trial
            else:
                lines.append(cur)
                cur = w
        lines.append(cur)
    return lines


class TextOverflow(ValueError):
    """A shrinking text that does not fit its box even at its smallest size; says by how much."""

    def __init__(self, t: Text, over_w: float, over_h: float, size: float):
        self.text, self.over_w, self.over_h, self.size = t, over_w, over_h, size
        parts = [f"{v:.1f} mm too {w}" for v, w in ((over_w, "wide"), (over_h, "tall")) if v > 0.05]
        where = f"{t.source}: " if t.source else ""
        super().__init__(f"{where}the text {t.text[:40]!r}{'…' if len(t.text) > 40 else ''} does not fit its "
                         f"{t.box[0]:.1f} x {t.box[1]:.1f} mm box at {size:g} pt: {' and '.join(parts)}")


def layout(t: Text) -> list[Line]:
    """Lines of ``t`` with baseline positions in mm."""
    missing = fonts.missing_glyph(t.text, t.font, t.weight)
    if missing is not None:
        where = f"{t.source}: " if t.source else ""
        raise fonts.FontError(f"{where}character {missing!r} (U+{ord(missing):04X}) is not in the bundled font "
                              f"{fonts.face(t.font, t.weight).path.name}; use another character or add a font")
    if t.box is None:
        size = t.size
        out = []
        step = size * t.line_height * 25.4 / 72
        for i, s in enumerate(t.text.split("\n")):
            out.append(Line(t.x, t.y + i * step, s, size, fonts.string_width(s, size, t.font, t.weight)))
        return out
    bw, bh = t.box
    size = t.size
    while True:
        lines = _wrap(t.text, bw, size, t.font, t.weight) if t.wrap else t.text.split("\n")
        asc, desc = fonts.ascent_descent(size, t.font, t.weight)
        step = size * t.line_height * 25.4 / 72
        block = asc + desc + step * (len(lines) - 1)
        widest = max(fonts.string_width(s, size, t.font, t.weight) for s in lines)
        fits = block <= bh + 1e-6 and widest <= bw + 1e-6
        if fits or not t.shrink:
            break
        if size <= t.min_size:  # the smallest allowed size and still too big: never drawn off its box
            raise TextOverflow(t, widest - bw, block - bh, size)
        size = max(t.min_size, size * 0.94)
    if t.valign == "middle":
        top = t.y + (bh - block) / 2
    elif t.valign == "bottom":
        top = t.y + bh - block
    else:
        top = t.y
    ax = {"start": t.x, "middle": t.x + bw / 2, "end": t.x + bw}[t.anchor]
    return [Line(ax, top + asc + i * step, s, size, fonts.string_width(s, size, t.font, t.weight))
            for i, s in enumerate(lines)]
