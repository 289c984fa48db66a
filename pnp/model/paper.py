"""Paper and card sizes by name, in millimetres.

Sizes are listed portrait (width < height). Anything not named can be given
as a ``"WxH"`` string in mm (``"210x297"``, ``"63.5x88"``).
"""
from __future__ import annotations

import re

PAPERS: dict[str, tuple[float, float]] = {
    "a3": (297.0, 420.0),
    "a4": (210.0, 297.0),
    "a5": (148.0, 210.0),
    "a6": (105.0, 148.0),
    "letter": (215.9, 279.4),
    "legal": (215.9, 355.6),
}

CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (57.0, 89.0),
    "mini": (44.0, 63.0),
    "tarot": (70.0, 120.0),
    "square": (70.0, 70.0),
    "euro": (59.0, 92.0),
}

ORIENTATIONS = ("auto", "portrait", "landscape")

PAGE_SAFE = 6.0  # mm: what a home printer may leave unprinted at the paper's edge, and then some; nothing a
# sheet needs (text, symbols, crop marks) comes nearer the edge than this

_WXH = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×X*]\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*$")


def parse_wxh(text: str) -> tuple[float, float] | None:
    """``"63x88"`` -> (63.0, 88.0); None when ``text`` is not of that form."""
    m = _WXH.match(text)
    if not m:
        return None
    w, h = float(m.group(1)), float(m.group(2))
    if w <= 0 or h <= 0:
        return None
    return (w, h)


def _lookup(value: object, table
: dict[str, tuple[float, float]], what: str) -> tuple[float, float]:
    if isinstance(value, (tuple, list)) and len(value) == 2:
        w, h = float(value[0]), float(value[1])
        if w > 0 and h > 0:
            return (w, h)
        raise ValueError(f"{what} size must be positive, got {w} x {h} mm")
    if not isinstance(value, str):
        raise ValueError(f"expected a {what} name or 'WxH' in mm, got {value!r}")
    key = value.strip().lower()
    if key in table:
        return table[key]
    size = parse_wxh(key)
    if size:
        return size
    raise ValueError(
        f"unknown {what} size {value!r}: use one of {', '.join(table)} or 'WxH' in mm (e.g. '63x88')")


def paper_size(paper: "str | tuple[float, float]" = "a4", orientation: str = "portrait") -> tuple[float, float]:
    """Width and height of the sheet in mm as it lies on the table.

    ``portrait`` puts the short side on top, ``landscape`` the long side;
    ``auto`` keeps the size as named/given (named papers are portrait).
    """
    w, h = _lookup(paper, PAPERS, "paper")
    if orientation == "portrait":
        return (min(w, h), max(w, h))
    if orientation == "landscape":
        return (max(w, h), min(w, h))
    if orientation == "auto":
        return (w, h)
    raise ValueError(f"unknown orientation {orientation!r}: use one of {', '.join(ORIENTATIONS)}")


def card_size(name_or_wxh: "str | tuple[float, float]") -> tuple[float, float]:
    """A card's trim size in mm from a name (poker, bridge, mini, tarot, square) or ``"WxH"``."""
    return _lookup(name_or_wxh, CARD_SIZES, "card")
