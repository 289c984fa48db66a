"""Text layout: turns a Text primitive into positioned lines.

Done once here, with the bundled fonts' metrics, so every backend breaks and
places lines identically; backends only draw the resulting lines.
"""
from __future__ import annotations

from dataclasses import dataclass

from .. import fonts
from .primitives import Text


@dataclass(frozen=True)
class Line:
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


def layout(t: Text) -> list[Line]:
    """Lines of ``t`` with baseline positions in mm."""
    fonts.check_glyphs(t.text, t.font, t.weight)
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
        if fits or not t.shrink or size <= t.min_size:
            break
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
