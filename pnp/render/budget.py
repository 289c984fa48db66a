"""How much one build may draw, so a schema-valid but enormous request (millions of
counters, a board of 30 rows with 200 mm cells, a 1,200 dpi preview of a tiled board)
is refused with its figure instead of eating the machine.

The limits are generous for real games and can be raised per run
(``pnp build --max-pages N --max-megapixels N``) or for a shell session
(``PNP_MAX_PAGES``, ``PNP_MAX_MEGAPIXELS``, ``PNP_MAX_SHAPES``).
"""
from __future__ import annotations

import os

DEFAULTS = {"pages": 2000, "megapixels": 100, "shapes": 3_000_000}
FLAGS = {"pages": "--max-pages", "megapixels": "--max-megapixels", "shapes": "PNP_MAX_SHAPES"}


class BudgetError(ValueError):
    """A request over a limit: the message names the figure, the limit and how to raise it."""


def limit(name: str) -> int:
    value = os.environ.get(f"PNP_MAX_{name.upper()}")
    try:
        return max(1, int(value)) if value else DEFAULTS[name]
    except ValueError:
        return DEFAULTS[name]


def refuse(name: str, what: str) -> BudgetError:
    return BudgetError(f"{what}; the limit is {limit(name):,} {name} (raise it with {FLAGS[name]})")


def check_pages(count: int, what: str) -> None:
    if count > limit("pages"):
        raise refuse("pages", f"{what} would make {count:,} pages")


def check_pixels(width_px: int, height_px: int, what: str) -> None:
    mp = width_px * height_px / 1e6
    if mp > limit("megapixels"):
        raise refuse("megapixels", f"{what} would be {width_px:,} x {height_px:,} pixels ({mp:,.0f} megapixels)")


class Counter:
    """Counts the shapes a build draws, page after page, against the ``shapes`` limit."""

    def __init__(self) -> None:
        self.shapes = 0
        self.cap = limit("shapes")

    def add(self, n: int, what: str) -> None:
        self.shapes += n
        if self.shapes > self.cap:
            raise refuse("shapes", f"{what} draws more than {self.cap:,} shapes")
