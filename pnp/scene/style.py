"""Colours and drawing styles shared by every primitive.

Colours are parsed once here so that all backends paint the same value:
names (``"red"``), hex (``"#1a2b3c"``, ``"#abc"``) and CMYK
(``"cmyk(0, 0.5, 1, 0)"`` or a 4-tuple of 0..1 floats). CMYK colours keep their
original components for the PDF backend and carry an RGB approximation for
the screen backends.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

from pnp.load.classes import dataclass
from pnp.load.errors import UserError

# A small, deliberate palette: enough for game data, all distinguishable.
NAMED_COLOURS: dict[str, tuple[int, int, int]] = {
    "black": (0, 0, 0),
    "white": (255, 255, 255),
    "grey": (128, 128, 128),
    "gray": (128, 128, 128),
    "lightgrey": (211, 211, 211),
    "darkgrey": (80, 80, 80),
    "red": (200, 30, 30),
    "darkred": (139, 0, 0),
    "green": (30, 140, 60),
    "darkgreen": (0, 90, 40),
    "blue": (30, 80, 190),
    "navy": (0, 0, 110),
    "lightblue": (170, 200, 240),
    "yellow": (240, 200, 0),
    "gold": (212, 160, 23),
    "orange": (230, 120, 20),
    "purple": (120, 50, 160),
    "brown": (120, 75, 40),
    "pink": (230, 130, 170),
    "cyan": (0, 170, 200),
    "teal": (0, 128, 128),
    "olive": (110, 120, 30),
    "beige": (240, 230, 200),
    "none": (-1, -1, -1),
}

_HEX = re.compile(r"^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
_CMYK = re.compile(r"^cmyk\(\s*([0-9.]+)\s*,\s*([0-9.]+)\s*,\s*([0-9.]+)\s*,\s*([0-9.]+)\s*\)$")


class ColourError(UserError, ValueError):
    """A colour string or tuple that cannot be parsed."""


@dataclass(frozen=True)
class Color:
    """An sRGB colour (0..255 ints) with optional original CMYK (0..1)."""

    r: int
    g: int
    b: int
    cmyk: tuple[float, float, float, float] | None = None

    @property
    def hex(self) -> str:
        return f"#{self.r:02x}{self.g:02x}{self.b:02x}"

    @property
    def rgb01(self) -> tuple[float, float, float]:
        return (self.r / 255, self.g / 255, self.b / 255)


def _from_cmyk(c: float, m: float, y: float, k: float) -> Color:
    for v in (c, m, y, k):
        if not 0 <= v <= 1:
            raise ColourError(f"CMYK components must lie in 0..1, got {v}")
    to = lambda v: round(255 * (1 - v) * (1 - k))  # noqa: E731
    return Color(to(c), to(m), to(y), (c, m, y, k))


def color(value: "str | Color | tuple | list | None") -> Color | None:
    """Parse a colour; ``None`` and ``"none"`` mean *no paint*."""
    if value is None or isinstance(value, Color):
        return value
    if isinstance(value, (tuple, list)):
        if len(value) == 4:
            return _from_cmyk(*(float(v) for v in value))
        if len(value) == 3:
            r, g, b = (int(v) for v in value)
            return Color(r, g, b)
        raise ColourError(f"a colour tuple needs 3 (RGB) or 4 (CMYK) numbers, got {len(value)}")
    if not isinstance(value, str):
        raise ColourError(f"expected a colour name, #hex or cmyk(...), got {value!r}")
    return _parse(value)


@lru_cache(maxsize=1024)
def _parse(value: str) -> Color | None:
    """A colour written as text; a deck names the same few thousands of times."""
    text = value.strip().lower()
    if text == "none":
        return None
    if text in NAMED_COLOURS:
        return Color(*NAMED_COLOURS[text])
    m = _HEX.match(text)
    if m:
        h = m.group(1)
        if len(h) == 3:
            h = "".join(ch * 2 for ch in h)
        return Color(int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))
    m = _CMYK.match(text)
    if m:
        return _from_cmyk(*(float(g) for g in m.groups()))
    raise ColourError(
        f"unknown colour {value!r}: use a name ({', '.join(sorted(k for k in NAMED_COLOURS if k != 'none')[:6])}, ...), "
        "#rrggbb, #rgb or cmyk(c, m, y, k)"
    )


def mix(a: Color, b: Color, t: float) -> Color:
    """Blend two colours: t=0 gives a, t=1 gives b (used for tints)."""
    r, g, b_ = (round(x + (y - x) * t) for x, y in zip((a.r, a.g, a.b), (b.r, b.g, b.b)))
    return Color(r, g, b_)


@dataclass(frozen=True)
class Hatch:
    """Parallel lines filling a shape: angle in degrees, spacing and width in mm."""

    angle: float = 45.0
    spacing: float = 2.0
    width: float = 0.25
    color: Color = Color(0, 0, 0)


@dataclass(frozen=True)
class Style:
    """How a shape is painted. Widths and dash lengths are in millimetres."""

    fill: Color | None = None
    stroke: Color | None = None
    stroke_width: float = 0.25
    dash: tuple[float, ...] | None = None
    join: str = "miter"  # miter | round | bevel
    cap: str = "butt"  # butt | round | square
    opacity: float = 1.0
    hatch: Hatch | None = None


def style(fill: "str | Color | tuple | list | None" = None, stroke: "str | Color | tuple | list | None" = None,
          width: float = 0.25, dash: "Iterable[float] | None" = None, join: str = "miter", cap: str = "butt",
          opacity: float = 1.0, hatch: Hatch | None = None) -> Style:
    """Convenience constructor that parses colour arguments."""
    return Style(color(fill), color(stroke), width, tuple(dash) if dash else None, join, cap, opacity, hatch)


BLACK = Color(0, 0, 0)
WHITE = Color(255, 255, 255)


INK = Color(26, 26, 26)  # near-black for text on light grounds


def contrast(bg: Color) -> Color:
    """Near-black or white, whichever reads better on ``bg``."""
    r, g, b = bg.rgb01
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 0.55 else WHITE
