"""A renderer that draws nothing and measures: where every line of text and every
symbol (a group with an id ``symbol-...``) lands on the page, and how sharp
every raster image prints. Fed by the same walker as the
PDF and SVG backends, so it sees exactly what they draw (after layout, shrink
and every group transform)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from pnp.load.classes import dataclass
from pnp.render.base import Renderer, walk
from pnp.scene.primitives import IDENTITY, Box, Group, Image, Page, Shape, Text, Transform
from pnp.scene.style import Color, Style
from pnp.scene.text import Line
from pnp.scene.units import MM_PER_INCH, MM_PER_PT

if TYPE_CHECKING:  # pragma: no cover
    from pnp.render.hatch import Segment

# of the font size: DejaVu Sans's ascent and descent, the line's box as the layout sets it; a text
# in another font is measured by that font's own (a serif's are lower, a mono's may be taller)
ASCENT, DESCENT = 0.76, 0.24
_SHIFT = {"start": 0.0, "middle": 0.5, "end": 1.0}


@dataclass
class TextBox:
    text: str  # the line, or the symbol's id
    box: tuple[float, float, float, float]  # x0, y0, x1, y1 in page mm
    source: str
    what: str = "text"  # text | symbol

    @property
    def named(self) -> str:
        return f"{self.what} {self.text[:30]!r}"


@dataclass
class Picture:
    box: tuple[float, float, float, float]
    pixels: tuple[int, int] | None  # None: vector art
    dpi: float | None  # the lower of the two directions, as printed


def _bounds(m: Transform, x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
    if m.b == 0 and m.c == 0:  # no rotation or skew (nearly always): two corners say it all
        ax, bx = m.a * x0 + m.e, m.a * x1 + m.e
        ay, by = m.d * y0 + m.f, m.d * y1 + m.f
        return (min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))
    pts = [m.apply(x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


class Survey(Renderer):
    def __init__(self) -> None:
        self.stack = [IDENTITY]
        self.texts: list[TextBox] = []
        self.pictures: list[Picture] = []
        # (name, [x0, y0, x1, y1]) of each symbol group being drawn
        self.open_symbols: list[tuple[str, list[float]]] = []

    def begin_page(self, page: Page) -> None:
        self.stack = [IDENTITY]

    def end_page(self, page: Page) -> None:
        pass

    def begin_group(self, group: Group) -> None:
        m = self.stack[-1]
        self.stack.append(m if group.transform is IDENTITY else m @ group.transform)
        if group.id and group.id.startswith("symbol-"):
            self.open_symbols.append((group.id[7:], [float("inf"), float("inf"), float("-inf"), float("-inf")]))

    def end_group(self, group: Group) -> None:
        self.stack.pop()
        if group.id and group.id.startswith("symbol-"):
            name, box = self.open_symbols.pop()
            if box[0] <= box[2]:  # a symbol counts as text does: it must survive the cut
                self.texts.append(TextBox(name, (box[0], box[1], box[2], box[3]), "", "symbol"))

    def shape(self, node: Shape, style: Style, alpha: float) -> None:
        if self.open_symbols:
            from pnp.render.shapes import outline

            pts = [op[i:i + 2] for op in outline(node) for i in range(1, len(op), 2)]
            if pts:
                xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                x0, y0, x1, y1 = _bounds(self.stack[-1], min(xs), min(ys), max(xs), max(ys))
                for _, b in self.open_symbols:
                    b[0], b[1], b[2], b[3] = min(b[0], x0), min(b[1], y0), max(b[2], x1), max(b[3], y1)

    def segments(self, segs: Sequence[Segment], color: Color, width: float, alpha: float) -> None:
        pass

    def text(self, t: Text, lines: list[Line], alpha: float) -> None:
        m = self.stack[-1]
        own = not isinstance(t.font, str) and not t.font.bundled  # a game's font: its own ascent and descent
        for ln in lines:
            x0 = ln.x - _SHIFT[t.anchor] * ln.width
            s = ln.size * MM_PER_PT
            if own:
                from pnp.scene import fonts

                asc, desc = fonts.ascent_descent(ln.size, t.font, t.weight)
            else:
                asc, desc = ASCENT * s, DESCENT * s
            self.texts.append(TextBox(ln.text, _bounds(m, x0, ln.y - asc, x0 + ln.width, ln.y + desc), t.source))

    def image(self, im: Image, alpha: float) -> None:
        from pnp.render.images import pixels_of

        data = im.source if isinstance(im.source, (bytes, bytearray)) else open(im.source, "rb").read()
        box = _bounds(self.stack[-1], im.x, im.y, im.x + im.w, im.y + im.h)
        pixels = pixels_of(bytes(data))
        dpi: float | None = None
        if pixels:
            w_in, h_in = (box[2] - box[0]) / MM_PER_INCH, (box[3] - box[1]) / MM_PER_INCH
            dpi = min(pixels[0] / w_in if w_in else float("inf"), pixels[1] / h_in if h_in else float("inf"))
        self.pictures.append(Picture(box, pixels, dpi))


def survey(page: Page) -> Survey:
    s = Survey()
    walk(s, page)
    return s


def safe_zone_overlap(box: tuple[float, float, float, float], trim: Box, safe: float) -> float:
    """How far (mm) a text box reaches past the safe zone of a cut item; <= 0 when inside."""
    x0, y0, x1, y1 = box
    return max(trim.x + safe - x0, trim.y + safe - y0, x1 - (trim.x + trim.w - safe), y1 - (trim.y + trim.h - safe))


class SafeZoneWatch(Survey):
    """Watches sheets being drawn: text of a cut item that comes within ``safe`` mm of its cut.
    Keeps only what it finds, so a 5,000-card deck costs no memory."""

    def __init__(self, safe: float, tolerance: float = 0.05):
        super().__init__()
        self.safe, self.tolerance = safe, tolerance
        self.found: list[tuple[str, str, float]] = []  # (page label, text, mm past the safe line)

    def end_page(self, page: Page) -> None:
        for t in self.texts:
            cx, cy = (t.box[0] + t.box[2]) / 2, (t.box[1] + t.box[3]) / 2
            for cut in page.cuts:
                if cut.x <= cx <= cut.x + cut.w and cut.y <= cy <= cut.y + cut.h:
                    over = safe_zone_overlap(t.box, cut, self.safe)
                    if over > self.tolerance:
                        self.found.append((page.label, t.named, over))
                    break
        self.texts.clear()
        self.pictures.clear()
