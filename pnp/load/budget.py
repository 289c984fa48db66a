"""How much one build may make, so a schema-valid but enormous request (a million counters,
a board of 30 rows with 200 mm cells, a 1,200 dpi preview of a tiled board) is refused with
its figure instead of eating the machine.

:class:`Limits` holds the figures; it belongs to one build (``BuildOptions.limits``) and is
passed explicitly, never read from the environment. ``pnp build --max-pages N
--max-megapixels N --max-shapes N --max-picture-megapixels N --max-svg-elements N`` raise them for
that build. Each kind says what it will
make before anything is drawn (a deck: cards times the elements of its layouts; a counter
sheet: counters times groups times the elements of a face), and the build refuses a request
over a limit then; while drawing, :class:`Tally` counts the shapes an asset really draws, so
an estimate that fell short still stops at the limit.

The figures are sized so that a build at a limit still ends in well under a minute on a
small machine: the five shipped games draw about 32,000 shapes in all.
"""
from __future__ import annotations

from pnp.load.classes import dataclass
from pnp.load.errors import UserError


class BudgetError(UserError):
    """A request over a limit: the message names the figure, the limit and how to raise it."""


FLAGS = {"pages": "--max-pages", "megapixels": "--max-megapixels", "shapes": "--max-shapes",
         "pictures": "--max-picture-megapixels", "svg_elements": "--max-svg-elements"}


@dataclass(frozen=True)
class Limits:
    pages: int = 2000  # pages of one asset
    megapixels: int = 100  # one PNG page (or shop image) pnp writes
    shapes: int = 300_000  # shapes (rectangles, paths, texts, groups, SVG elements ...) drawn by one asset
    # megapixels of all the different raster pictures (PNG, JPEG, GIF ...) a build places, about 80 photos of a
    # phone's 12 megapixels: each is decoded once, to check it, when pnp first sees it
    pictures: int = 1000
    svg_elements: int = 10_000  # elements of all the different SVG pictures a build places, parsed

    def refuse(self, name: str, what: str) -> BudgetError:
        return BudgetError(f"{what}; the limit is {getattr(self, name):,} {name} (raise it with {FLAGS[name]})")

    def check_pages(self, count: int, what: str) -> None:
        if count > self.pages:
            raise self.refuse("pages", f"{what} would make {count:,} pages")

    def check_pixels(self, width_px: int, height_px: int, what: str) -> None:
        mp = width_px * height_px / 1e6
        if mp > self.megapixels:
            raise self.refuse("megapixels", f"{what} would be {width_px:,} x {height_px:,} pixels "
                                            f"({mp:,.0f} megapixels)")

    def check_shapes(self, count: int, what: str) -> None:
        """Before drawing: ``count`` is what a kind says it will draw."""
        if count > self.shapes:
            raise self.refuse("shapes", f"{what} would draw about {count:,} shapes")


    def check_pictures(self, pixels: int, elements: int, what: str) -> None:
        """Before drawing: the different pictures a build places, decoded and parsed once each."""
        if pixels > self.pictures * 1_000_000:
            raise BudgetError(f"{what} place {pixels / 1e6:,.0f} megapixels of raster pictures; the limit "
                              f"is {self.pictures:,} megapixels a build (raise it with {FLAGS['pictures']}, or use "
                              "fewer or smaller pictures)")
        if elements > self.svg_elements:
            raise BudgetError(f"{what} place SVG pictures of {elements:,} elements in all; the limit is "
                              f"{self.svg_elements:,} a build (raise it with {FLAGS['svg_elements']}; or simplify "
                              "them, or save the largest as PNG)")


class Tally:
    """The shapes one asset draws, page after page, against ``limits.shapes``: made for each
    asset a build draws and handed to the writer (and to a drawer process, which sends its
    count back)."""

    def __init__(self, limits: Limits, shapes: int = 0) -> None:
        self.limits, self.shapes = limits, shapes

    def add(self, n: int, what: str) -> None:
        self.shapes += n
        if self.shapes > self.limits.shapes:
            raise self.limits.refuse("shapes", f"{what} draws more than {self.limits.shapes:,} shapes")
