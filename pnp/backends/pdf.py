"""PDF backend: scene pages -> one PDF through the reportlab canvas.

Each page's content stream starts with a matrix that turns scene millimetres
(top-left origin, y down) into PDF points, so shapes, line widths and dashes
are written in millimetres as they are; only text and images are flipped back
locally so they stand upright. MediaBox is the page, TrimBox/BleedBox come
from ``page.trim_box``/``page.bleed_box`` on every page.

A group's clip is given in the group's own coordinates (after its
transform), as in SVG and the PNG backend. Group opacity is applied to each
child (PDF has no cheap group alpha via the reportlab canvas); it differs
from true group compositing only where children of a translucent group
overlap. Filled shapes use the even-odd rule in all three backends.

Output is deterministic: reportlab's ``invariant`` mode (a fixed date and
document id), fixed creator/producer, no clock or hash-order anywhere.
"""
from __future__ import annotations

import io
import os
from typing import Iterable

from reportlab import rl_config
from functools import lru_cache

from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from .. import fonts
from ..scene.primitives import IDENTITY, Ellipse, Group, Image, Page, Path, Polygon, Rect, Text
from ..scene.text import layout
from .hatch import hatch_segments
from .shapes import outline

PT = 72.0 / 25.4  # points per mm
# Streams stay binary (zlib only): ASCII85 makes files 25 % larger and costs
# a third of the writing time for nothing a print shop needs.
rl_config.useA85 = 0
CREATOR = "pnp"
PRODUCER = "pnp (reportlab)"

_SHIFT = {"start": 0.0, "middle": 0.5, "end": 1.0}
_JOIN = {"miter": 0, "round": 1, "bevel": 2}
_CAP = {"butt": 0, "round": 1, "square": 2}
_fonts: dict[tuple[str, str], tuple[str, object]] = {}


def font_name(family: str, weight: str) -> str:
    """Register the bundled TTF with reportlab once per process; return its name."""
    return _font(family, weight)[0]


def _font(family: str, weight: str):
    got = _fonts.get((family, weight))
    if got is None:
        ttf = fonts.ttfont(family, weight)
        pdfmetrics.registerFont(ttf)
        got = _fonts[(family, weight)] = (ttf.fontName, ttf)
    return got


def _num(v: float) -> str:
    """Compact, deterministic number formatting (reportlab's C formatter)."""
    return fp_str(v)


def _ops_code(ops) -> str:
    """Path ops (M/L/C/Z, mm) as PDF path construction operators."""
    out = []
    for op in ops:
        k = op[0]
        if k == "L":
            out.append(fp_str(op[1], op[2]) + " l")
        elif k == "C":
            out.append(fp_str(*op[1:]) + " c")
        elif k == "M":
            out.append(fp_str(op[1], op[2]) + " m")
        else:
            out.append("h")
    return " ".join(out)


@lru_cache(maxsize=1024)
def _colour_op(col, stroke: bool) -> str:
    if col.cmyk is not None:
        return f"{fp_str(*col.cmyk)} {'K' if stroke else 'k'}"
    return f"{fp_str(*col.rgb01)} {'RG' if stroke else 'rg'}"


class _Painter:
    """Walks a scene tree and writes it into a reportlab canvas.

    Path geometry and paint state go straight into the canvas's content list
    as PDF operators (one string per shape), which is several times faster
    than one canvas method call per path segment; fonts, images and alpha
    states use the canvas API so reportlab manages those resources.
    """

    def __init__(self, canvas: Canvas):
        self.c = canvas
        self.code = canvas._code  # reportlab's content stream for the current page
        self._state: list = []
        self._reset()

    def _reset(self):
        # what the PDF graphics state currently holds (None = PDF default)
        self.fill = None
        self.stroke = None
        self.lw = None
        self.dash = None
        self.join = 0
        self.cap = 0
        self.falpha = 1.0
        self.salpha = 1.0
        self._state.clear()

    def _save(self):
        self.c.saveState()  # q, and reportlab keeps its alpha (ExtGState) bookkeeping in step
        self._state.append((self.fill, self.stroke, self.lw, self.dash, self.join, self.cap,
                            self.falpha, self.salpha))

    def _restore(self):
        self.c.restoreState()
        (self.fill, self.stroke, self.lw, self.dash, self.join, self.cap,
         self.falpha, self.salpha) = self._state.pop()

    # --------------------------------------------------------- paint state
    def _set_fill(self, col, alpha):
        if col != self.fill:
            self.code.append(_colour_op(col, False))
            self.fill = col
        if alpha != self.falpha:
            self.c.setFillAlpha(alpha)
            self.falpha = alpha

    def _set_stroke(self, st, alpha, col=None, width=None):
        col = col or st.stroke
        width = st.stroke_width if width is None else width
        code = self.code
        if col != self.stroke:
            code.append(_colour_op(col, True))
            self.stroke = col
        if width != self.lw:
            code.append(f"{_num(width)} w")
            self.lw = width
        dash = st.dash if st is not None else None
        if dash != self.dash:
            code.append(f"[{' '.join(_num(d) for d in dash)}] 0 d" if dash else "[] 0 d")
            self.dash = dash
        join = _JOIN.get(st.join, 0) if st is not None else 0
        if join != self.join:
            code.append(f"{join} j")
            self.join = join
        cap = _CAP.get(st.cap, 0) if st is not None else 0
        if cap != self.cap:
            code.append(f"{cap} J")
            self.cap = cap
        if alpha != self.salpha:
            self.c.setStrokeAlpha(alpha)
            self.salpha = alpha

    # --------------------------------------------------------- tree walk
    def page(self, page: Page):
        c = self.c
        c.setPageSize((page.width * PT, page.height * PT))
        for name, box in (("trim", page.trim_box), ("bleed", page.bleed_box)):
            c.setCropBox(_pdf_box(box, page.height), name=name)
        self.code = c._code
        self._reset()
        # mm user space, y down; miter limit 4 as in SVG so sharp corners bevel alike
        self.code.append(f"{_num(PT)} 0 0 {_num(-PT)} 0 {_num(page.height * PT)} cm 4 M")
        self.node(page.content, 1.0)
        c.showPage()

    def node(self, n, alpha: float):
        t = type(n)
        if t is Group:
            self.group(n, alpha)
        elif t is Text:
            self.text(n, alpha)
        elif t is Image:
            self.image(n, alpha)
        elif t in (Rect, Path, Ellipse, Polygon):
            self.shape(n, alpha)
        else:
            raise TypeError(f"cannot draw {t.__name__} in PDF")

    def group(self, g: Group, alpha: float):
        tr = g.transform
        moved = tr is not IDENTITY and tr != IDENTITY
        plain = not moved and g.clip is None
        if not plain:
            self._save()
            if moved:
                self.code.append(fp_str(tr.a, tr.b, tr.c, tr.d, tr.e, tr.f) + " cm")
            if g.clip is not None:
                self.code.append(_ops_code(outline(g.clip)) + " W* n")
        a = alpha * g.opacity
        for child in g.children:
            self.node(child, a)
        if not plain:
            self._restore()

    def shape(self, n, alpha: float):
        st = n.style
        a = alpha * st.opacity
        fill = st.fill is not None
        stroke = st.stroke is not None and st.stroke_width > 0
        hatch = st.hatch
        if not (fill or stroke or hatch):
            return
        ops = outline(n)
        if not ops:
            return
        geom = _ops_code(ops)
        if fill:
            self._set_fill(st.fill, a)
        if hatch is None:
            if stroke:
                self._set_stroke(st, a)
            self.code.append(geom + (" B*" if fill and stroke else " f*" if fill else " S"))
            return
        if fill:
            self.code.append(geom + " f*")
        segs = hatch_segments(ops, hatch)
        if segs:
            self._set_stroke(None, a, hatch.color, hatch.width)
            self.code.append(" ".join(f"{fp_str(x1, y1)} m {fp_str(x2, y2)} l" for x1, y1, x2, y2 in segs)
                             + " S")
        if stroke:
            self._set_stroke(st, a)
            self.code.append(geom + " S")

    def text(self, t: Text, alpha: float):
        """Lines from the shared layout, written as BT..ET with reportlab's TTF subsets.

        Uses the TrueType font's documented splitString/getSubsetInternalName
        pair directly (as reportlab's text object does internally), which
        embeds and subsets the font without a text object per line.
        """
        if t.fill is None or not t.text:
            return
        lines = layout(t)
        _name, font = _font(t.font, t.weight)
        self._set_fill(t.fill, alpha * t.opacity)
        doc = self.c._doc
        shift = _SHIFT[t.anchor]
        parts = ["BT"]
        cur = None
        for ln in lines:
            if not ln.text:
                continue
            size = fp_str(ln.size / PT)
            parts.append(f"1 0 0 -1 {fp_str(ln.x - shift * ln.width, ln.y)} Tm")
            for subset, chunk in font.splitString(ln.text, doc):
                key = (subset, size)
                if key != cur:
                    parts.append(f"{font.getSubsetInternalName(subset, doc)} {size} Tf")
                    cur = key
                parts.append(f"({escapePDF(chunk)}) Tj")
        parts.append("ET")
        self.code.append(" ".join(parts))

    def image(self, im: Image, alpha: float):
        src = im.source
        reader = ImageReader(io.BytesIO(src) if isinstance(src, (bytes, bytearray)) else os.fspath(src))
        self._save()
        if alpha != self.falpha:
            self.c.setFillAlpha(alpha)
            self.falpha = alpha
        # the image is drawn upright: flip back locally around its box
        self.code.append(f"1 0 0 -1 {_num(im.x)} {_num(im.y + im.h)} cm")
        self.c.drawImage(reader, 0, 0, im.w, im.h, mask="auto")
        self._restore()


def _pdf_box(box, page_h: float) -> tuple[float, float, float, float]:
    """A scene Box (mm, y down) as a PDF rectangle [x1 y1 x2 y2] in points."""
    return (round(box.x * PT, 4), round((page_h - box.bottom) * PT, 4),
            round(box.right * PT, 4), round((page_h - box.y) * PT, 4))


def _canvas(target, title: str) -> Canvas:
    c = Canvas(target, invariant=1, pageCompression=1,
               initialFontName=font_name("sans", "regular"), initialFontSize=10)
    c.setCreator(CREATOR)
    c.setProducer(PRODUCER)
    c.setTitle(title)
    c.setAuthor("")
    c.setSubject("")
    return c


def _render(pages: Iterable[Page], target, title: str) -> Canvas:
    c = _canvas(target, title)
    painter = _Painter(c)
    count = 0
    for page in pages:  # consumed lazily: only the current page's scene is alive
        painter.page(page)
        count += 1
    if count == 0:
        raise ValueError("no pages to write")
    return c


def write_pdf(pages: Iterable[Page], path, title: str = "") -> None:
    """Write all pages into one PDF file at ``path``."""
    c = _render(pages, os.fspath(path), title)
    c.save()


def render_pdf_bytes(pages: Iterable[Page], title: str = "") -> bytes:
    """The PDF as bytes (for tests and in-memory use)."""
    buf = io.BytesIO()
    c = _render(pages, buf, title)
    c.save()
    return buf.getvalue()
