"""PDF backend: a :class:`~pnp.render.base.Renderer` on the reportlab canvas.

Each page's content stream starts with a matrix that turns scene millimetres
(top-left origin, y down) into PDF points, so shapes, line widths and dashes
are written in millimetres as they are; only text and images are flipped back
locally so they stand upright. MediaBox is the page, TrimBox/BleedBox come
from ``page.trim_box``/``page.bleed_box`` on every page.

Path geometry and paint state are PDF operators collected in a buffer and
handed to the canvas with its public ``addLiteral`` (one call per run of
shapes), which is several times faster than a canvas call per segment; text,
images, alpha and the graphics-state stack go through the canvas API so
reportlab manages fonts (embedded TrueType subsets), images and ExtGStates.

Group opacity is multiplied into each child (PDF has no cheap group alpha via
the canvas); it differs from true group compositing only where children of a
translucent group overlap. Filled shapes use the even-odd rule, as in SVG.

Output is deterministic: reportlab's ``invariant`` mode (a fixed date and
document id), fixed creator/producer, no clock or hash-order anywhere.
Streams are zlib only, without ASCII85 (25 % smaller, a third faster); that
reportlab setting is switched for the duration of our own writing and put
back afterwards, so other users of reportlab in the process are unaffected.
"""
from __future__ import annotations

import io
import math
import os
from contextlib import contextmanager
from functools import lru_cache
from typing import IO, TYPE_CHECKING, Iterable, Iterator, Sequence, Union, cast

from reportlab import rl_config
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from pnp.scene import fonts
from pnp.scene.style import Color, Style
from pnp.scene.primitives import IDENTITY, Box, Group, Image, Page, Shape, Text
from pnp.scene.text import Line
from pnp.render.base import Renderer, Tee, walk
from pnp.render.shapes import outline
from pnp.scene.units import MM_PER_INCH, PT_PER_MM

if TYPE_CHECKING:
    from pnp.render.hatch import Segment
    from PIL import Image as PILImage
    from reportlab.graphics.shapes import Image as RlImage, Shape as RlShape

    from pnp.load.budget import Tally
    from pnp.render import Job
    from pnp.render.cmyk import Cmyk

FilePath = Union[str, "os.PathLike[str]"]

CREATOR = "pnp"
PRODUCER = "pnp (reportlab)"

_SHIFT = {"start": 0.0, "middle": 0.5, "end": 1.0}
_JOIN = {"miter": 0, "round": 1, "bevel": 2}
_CAP = {"butt": 0, "round": 1, "square": 2}


def font_name(family: "fonts.FamilyRef" = "sans", weight: str = "regular") -> str:
    """Register the family's face with reportlab once per process; return its name."""
    return _face_name(fonts.face(family, weight))


@lru_cache(maxsize=None)
def _face_name(f: "fonts.FontFace") -> str:
    pdfmetrics.registerFont(_parsed(f.ps_name, fonts.truetype_bytes(f.file)))
    return f.ps_name


def _parsed(name: str, data: bytes) -> TTFont:
    """reportlab's TTFont of a font file, its parsed tables kept in pnp's cache (every process
    that draws a PDF needs both faces: about 20 ms each to parse, 10 to read back). Rebuilt
    from the attributes reportlab set, less the two it cannot pickle (the per-document
    state, the unit scale function)."""
    import hashlib
    from weakref import WeakKeyDictionary

    import reportlab
    from reportlab.pdfbase.ttfonts import TTFontFace
    from pnp.load.cache import cached_object

    def snapshot() -> tuple[dict[str, object], dict[str, object]]:
        font = TTFont(name, io.BytesIO(data))
        return ({k: v for k, v in vars(font).items() if k not in ("face", "state")},
                {k: v for k, v in vars(font.face).items() if k != "_pdfScale"})

    key = f"ttf-v1|{reportlab.Version}|{name}|{hashlib.sha256(data).hexdigest()}"
    font_attrs, face_attrs = cast("tuple[dict[str, object], dict[str, object]]", cached_object("ttf", key, snapshot))
    font, face = TTFont.__new__(TTFont), TTFontFace.__new__(TTFontFace)
    font.__dict__.update(font_attrs)
    face.__dict__.update(face_attrs)
    upm = face.unitsPerEm  # reportlab's scale from font units to 1/1000 em
    face._pdfScale = (lambda x: x) if upm == 1000 else (lambda x, m=1000 / upm: x * m)
    font.face, font.state = face, WeakKeyDictionary()
    return font


@lru_cache(maxsize=None)
def _ttf(family: "fonts.FamilyRef", weight: str) -> TTFont:
    return pdfmetrics.getFont(font_name(family, weight))


@lru_cache(maxsize=256)
def _ttf_face(family: "fonts.FamilyRef", weight: str, face: "fonts.Face") -> TTFont:
    """The registered font of one face of ``family``'s chain (a fallback's own face too)."""
    fam = fonts.family_of(family)
    if face == fam.face(weight):
        return _ttf(family, weight)
    for fb in (*_fallbacks(fam), fonts.bundled()):
        if face == fb.face(weight):
            return _ttf(fb, weight)
    raise ValueError(f"{face.name} is not a face of {fam.name}")


def _fallbacks(fam: "fonts.Family") -> "Iterator[fonts.Family]":
    for fb in fam.fallback:
        yield fb
        yield from _fallbacks(fb)


def _ops_code(ops: "Sequence[tuple]") -> str:
    """Path ops (M/L/C/Z, mm) as PDF path construction operators."""
    return _ops_text(ops) if type(ops) is tuple else _ops_text.__wrapped__(ops)


@lru_cache(maxsize=4096)  # a rectangle's ops are a tuple: each card of a deck repeats the same few
def _ops_text(ops: "Sequence[tuple]") -> str:
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
def _colour_op(col: Color, stroke: bool) -> str:
    if col.cmyk is not None:
        return f"{fp_str(*col.cmyk)} {'K' if stroke else 'k'}"
    return f"{fp_str(*col.rgb01)} {'RG' if stroke else 'rg'}"


# what _save keeps of the graphics state: fill, stroke, line width, dash, join, cap, fill alpha, stroke alpha
_GState = tuple["Color | None", "Color | None", "float | None", "tuple[float, ...] | None", int, int, float, float]


class PdfRenderer(Renderer):
    """Draws pages into a reportlab canvas, tracking the PDF graphics state
    so unchanged colours, widths and dashes are not written again."""

    def __init__(self, canvas: Canvas, cmyk: "Cmyk | None" = None, raster_dpi: "float | None" = None):
        self.c = canvas
        self.cmyk = cmyk  # every colour and picture converted with it
        # a PDF made to be rasterised at this dpi: a PNG or JPEG is written with the pixels it covers there
        self.raster_dpi = raster_dpi
        self._scales = [1.0]  # with raster_dpi: how much the open groups enlarge, outermost first
        self.buf: list[str] = []
        self._state: list[_GState] = []
        self._plain: list[bool] = []  # per open group: did it save the graphics state?
        self._placed: dict[str, tuple[str, float, float]] = {}  # picture digest -> (XObject, width, height)
        self._reset()

    def _reset(self) -> None:
        # what the PDF graphics state currently holds (None = PDF default)
        self.fill: Color | None = None
        self.stroke: Color | None = None
        self.lw: float | None = None
        self.dash: tuple[float, ...] | None = None
        self.join = 0
        self.cap = 0
        self.falpha = 1.0
        self.salpha = 1.0
        self._state.clear()

    def _flush(self) -> None:
        if self.buf:
            self.c.addLiteral("\n".join(self.buf))
            self.buf.clear()

    def _save(self) -> None:
        self._flush()
        self.c.saveState()  # q, and reportlab keeps its alpha (ExtGState) bookkeeping in step
        self._state.append((self.fill, self.stroke, self.lw, self.dash, self.join, self.cap,
                            self.falpha, self.salpha))

    def _restore(self) -> None:
        self._flush()
        self.c.restoreState()
        (self.fill, self.stroke, self.lw, self.dash, self.join, self.cap,
         self.falpha, self.salpha) = self._state.pop()

    # --------------------------------------------------------- paint state
    def _set_fill(self, col: Color, alpha: float) -> None:
        if self.cmyk is not None:
            col = self.cmyk.colour(col)
        if col != self.fill:
            self.buf.append(_colour_op(col, False))
            self.fill = col
        if alpha != self.falpha:
            self._flush()
            self.c.setFillAlpha(alpha)
            self.falpha = alpha

    def _set_stroke(self, col: Color, width: float, alpha: float, dash: tuple[float, ...] | None = None,
                    join: str = "miter", cap: str = "butt") -> None:
        buf = self.buf
        if self.cmyk is not None:
            col = self.cmyk.colour(col)
        if col != self.stroke:
            buf.append(_colour_op(col, True))
            self.stroke = col
        if width != self.lw:
            buf.append(f"{fp_str(width)} w")
            self.lw = width
        if dash != self.dash:
            buf.append(f"[{' '.join(fp_str(d) for d in dash)}] 0 d" if dash else "[] 0 d")
            self.dash = dash
        j = _JOIN.get(join, 0)
        if j != self.join:
            buf.append(f"{j} j")
            self.join = j
        k = _CAP.get(cap, 0)
        if k != self.cap:
            buf.append(f"{k} J")
            self.cap = k
        if alpha != self.salpha:
            self._flush()
            self.c.setStrokeAlpha(alpha)
            self.salpha = alpha

    # --------------------------------------------------------- Renderer
    def begin_page(self, page: Page) -> None:
        c = self.c
        c.setPageSize((page.width * PT_PER_MM, page.height * PT_PER_MM))
        for name, box in (("trim", page.trim_box), ("bleed", page.bleed_box)):
            c.setCropBox(_pdf_box(box, page.height), name=name)
        self._reset()
        # mm user space, y down; miter limit 4 as in SVG so sharp corners bevel alike
        self.buf.append(f"{fp_str(PT_PER_MM)} 0 0 {fp_str(-PT_PER_MM)} 0 {fp_str(page.height * PT_PER_MM)} cm 4 M")

    def end_page(self, page: Page) -> None:
        self._flush()
        self.c.showPage()

    def begin_group(self, g: Group) -> None:
        tr = g.transform
        moved = tr is not IDENTITY and tr != IDENTITY
        plain = not moved and g.clip is None
        if self.raster_dpi is not None:
            self._scales.append(self._scales[-1] * (abs(tr.a * tr.d - tr.b * tr.c) ** 0.5 if moved else 1.0))
        self._plain.append(plain)
        if plain:
            return
        self._save()
        if moved:
            self.buf.append(fp_str(tr.a, tr.b, tr.c, tr.d, tr.e, tr.f) + " cm")
        if g.clip is not None:
            self.buf.append(_ops_code(outline(g.clip)) + " W* n")

    def end_group(self, g: Group) -> None:
        if self.raster_dpi is not None:
            self._scales.pop()
        if not self._plain.pop():
            self._restore()

    def shape(self, n: Shape, st: Style, alpha: float) -> None:
        ops = outline(n)
        if not ops:
            return
        a = alpha * st.opacity
        fill, stroke = st.fill, st.stroke if st.stroke_width > 0 else None
        if fill is not None:
            self._set_fill(fill, a)
        if stroke is not None:
            self._set_stroke(stroke, st.stroke_width, a, st.dash, st.join, st.cap)
        self.buf.append(_ops_code(ops) + (" B*" if fill is not None and stroke is not None
                                          else " f*" if fill is not None else " S"))

    def segments(self, segs: Sequence[Segment], color: Color, width: float, alpha: float) -> None:
        self._set_stroke(color, width, alpha)
        self.buf.append(" ".join(f"{fp_str(x1, y1)} m {fp_str(x2, y2)} l" for x1, y1, x2, y2 in segs) + " S")

    def text(self, t: Text, lines: list[Line], alpha: float) -> None:
        """One text object per Text, in the TrueType subsets reportlab assigns and embeds.

        The operators are the ones reportlab's text object writes (``BT``, ``Tm`` per
        line, ``Tf``/``TL`` on a new subset or size, ``Tj``, ``ET``), written here
        without the object, whose cursor bookkeeping measures every string again.
        The y axis is flipped back inside q/Q, so each line needs one text matrix.
        """
        self._set_fill(cast(Color, t.fill), alpha * t.opacity)  # the walker draws only texts with paint
        shift = _SHIFT[t.anchor]
        font, doc = _ttf(t.font, t.weight), self.c._doc
        out = ["q 1 0 0 -1 0 0 cm\nBT"]
        size: float | None = None
        subset: tuple[TTFont, int] | None = None
        for ln in lines:
            out.append(f"1 0 0 1 {fp_str(ln.x - shift * ln.width, -ln.y)} Tm")
            if ln.size != size:
                size, subset = ln.size, None
                mm = size / PT_PER_MM  # the Tf operator runs in the mm user space
                tf = f"{fp_str(mm)} Tf {fp_str(mm * 1.2)} TL"
            ops = []
            for face, part in _parts(ln.text, t.font, t.weight, font):
                for sub, chunk in face.splitString(part, doc):
                    if (face, sub) != subset:
                        ops.append(f"{face.getSubsetInternalName(sub, doc)} {tf}")
                        subset = (face, sub)
                    ops.append(f"({escapePDF(chunk)}) Tj")
            out.append(" ".join(ops))
        out.append("ET\nQ")
        self.buf.append(" ".join(out))

    def image(self, im: Image, alpha: float) -> None:
        """A picture placed by reference: written into the PDF the first time the document shows
        it (an SVG as a form XObject, vector through svglib; a PNG or JPEG as an image XObject),
        then every card that shows it again draws that object (``Do``) in its box, the picture
        neither parsed nor decoded again."""
        from pnp.render.images import digest_of, is_svg

        src = im.source
        data = bytes(src) if isinstance(src, (bytes, bytearray)) else _file_bytes(src)
        key = digest_of(data)
        svg = is_svg(data)
        fewer = None if self.raster_dpi is None or svg else self._raster_size(data, im)
        if fewer is not None:
            key = f"{key}@{fewer[0]}x{fewer[1]}"
        placed = self._placed.get(key)
        if placed is None and svg:
            self._flush()
            placed = self._placed[key] = self._form(data, key)
        self._save()
        c = self.c
        if alpha != self.falpha:
            c.setFillAlpha(alpha)
            self.falpha = alpha
        # the picture is drawn upright: flip back locally around its box
        self.buf.append(f"1 0 0 -1 {fp_str(im.x)} {fp_str(im.y + im.h)} cm")
        self._flush()
        if placed is None:  # a PNG or JPEG the document has not shown yet: written once, here
            reader = self._reader(data) if fewer is None else ImageReader(_shrunk(data, fewer))
            placed = self._placed[key] = (self._raster(reader, key), 1.0, 1.0)
        name, w, h = placed
        c.saveState()
        c.translate(0, 0)  # the operators reportlab's drawImage writes
        c.scale(im.w / w, im.h / h)
        c.doForm(name)
        c.restoreState()
        c._currentPageHasImages = 1
        self._restore()

    def _raster_size(self, data: bytes, im: Image) -> "tuple[int, int] | None":
        """The pixels the picture ``data`` covers where ``im`` places it, rasterised at
        :attr:`raster_dpi`, when the picture has more than twice as many each way; else None."""
        from pnp.render.images import pixels_of

        px = pixels_of(data)
        scale = self._scales[-1] * cast(float, self.raster_dpi) / MM_PER_INCH
        need = (max(1, math.ceil(im.w * scale)), max(1, math.ceil(im.h * scale)))
        if px is None or px[0] <= 2 * need[0] or px[1] <= 2 * need[1]:
            return None
        return need

    def _raster(self, reader: ImageReader, key: str) -> str:
        """The PNG or JPEG ``reader`` reads (digest ``key``) written into the document as an image XObject,
        as reportlab's drawImage registers one, but named by the digest pnp already has: drawImage
        names a picture by a digest of its decoded pixels, so it decoded every JPEG (which reportlab
        then writes as it is) only to name it. Returns the name to draw it by."""
        from reportlab.pdfbase.pdfdoc import PDFImageXObject, PDFObjectReference

        c, doc = self.c, self.c._doc
        name = key[:32] + key[64:].replace("@", "_")  # a reduced copy (digest@WxH) gets a name of its own
        reg = doc.getXObjectName(name)
        obj = PDFImageXObject(name, reader, mask="auto")
        obj.name = name
        c._setXObjects(obj)
        doc.Reference(obj, reg)
        doc.addForm(name, obj)
        smask = getattr(obj, "_smask", None)
        if smask is not None:  # the picture's alpha, an image of its own
            mask_reg = doc.getXObjectName(smask.name)
            if mask_reg in doc.idToObject:
                obj.smask = PDFObjectReference(mask_reg)
            else:
                c._setXObjects(smask)
                obj.smask = doc.Reference(smask, mask_reg)
            del obj._smask
        return name

    def _reader(self, data: bytes) -> ImageReader:
        from pnp.render.images import eight_bit

        reader = ImageReader(io.BytesIO(data))
        if reader._image.mode.startswith("I"):  # 16-bit grey: reportlab would clip it to white
            reader = ImageReader(eight_bit(reader._image))
        if self.cmyk is not None:
            reader = _CmykReader(*self.cmyk.picture(reader._image))
        return reader

    def _form(self, data: bytes, key: str) -> tuple[str, float, float]:
        """The SVG picture ``data`` written into the document as a form XObject: (its name,
        its width and height in points)."""
        from reportlab.graphics import renderPDF
        from reportlab.lib.colors import CMYKColor

        from pnp.render.images import svg_drawing

        c = self.c
        d = svg_drawing(data, self.cmyk)  # kept per converter: CMYK conversion changes the drawing
        _embedded_text(d)  # the same names every time: a kept drawing stays as it was
        # reportlab starts each drawing by setting a font and black: the font is pnp's embedded one,
        # not an unembedded Helvetica a print shop would refuse, and black is CMYK for CMYK output
        # (its renderer reads these attributes, which Drawing does not declare: they go into __dict__)
        d.__dict__["initialFontName"] = font_name("sans", "regular")
        if self.cmyk is not None:
            _cmyk_drawing(d, self.cmyk)
            d.__dict__.update(initialStrokeColor=CMYKColor(0, 0, 0, 1), initialFillColor=CMYKColor(0, 0, 0, 1))
        w, h = float(d.width), float(d.height)
        name = f"Pic{key[:20]}"
        c.beginForm(name, 0, 0, w, h)
        _svg_renderer()().draw(renderPDF.renderScaledDrawing(d), c, 0, 0)
        _end_form(c, name, w, h)
        return name, w, h


def _file_bytes(path: FilePath) -> bytes:
    with open(os.fspath(path), "rb") as fh:
        return fh.read()


def _end_form(c: Canvas, name: str, w: float, h: float) -> None:
    """reportlab's ``endForm``, with the resources the form's drawing uses (its transparency
    states, shadings and colour spaces: reportlab gives a form only fonts and XObjects)."""
    from reportlab.pdfbase import pdfdoc

    form = pdfdoc.PDFFormXObject(0, 0, w, h)
    form.compression = c._pageCompression
    form.setStreamList([c._preamble] + c._code)
    res = pdfdoc.PDFResourceDictionary()
    res.basicFonts()
    res.allProcs()
    if c._formsinuse:
        res.XObject = c._doc.xobjDict(c._formsinuse)
    states = c._extgstate.getState()
    if states:
        res.ExtGState = states
    res.setShading(c._shadingUsed)
    res.setColorSpace(c._colorsUsed)
    form.Resources = res
    c._doc.addForm(name, form)
    c._restartAccumulators()
    c.pop_state_stack()


def _embedded_text(node: "RlShape") -> None:
    """Every string of an SVG picture drawn with pnp's embedded DejaVu Sans in the face it asks
    for (svglib would name a font the PDF does not carry, such as Helvetica)."""
    from pnp.render.images import picture_face

    if hasattr(node, "fontName") and isinstance(getattr(node, "text", None), str):
        node.fontName = font_name("sans", picture_face(node.fontName))
    for child in getattr(node, "contents", ()):
        _embedded_text(child)


@lru_cache(maxsize=None)
def _svg_renderer() -> type:
    """reportlab's drawing renderer, with the pictures an SVG holds placed as image objects
    (its inline images cannot go into the binary page streams pnp writes); made on first use,
    as reportlab's graphics load with the first SVG picture."""
    from reportlab.graphics.renderPDF import _PDFRenderer

    class SvgRenderer(_PDFRenderer):
        def drawImage(self, image: "RlImage") -> None:  # noqa: N802 - reportlab's name
            if image.path is not None and hasattr(image.path, "mode"):  # a pillow image: the only kind svglib makes
                self._canvas.drawImage(ImageReader(image.path), image.x, image.y, image.width, image.height,
                                       mask="auto")

    return SvgRenderer


def _cmyk_drawing(node: "RlShape", cmyk: "Cmyk") -> None:
    """Every fill and stroke colour of an SVG picture (a reportlab drawing) converted with ``cmyk``,
    the stops of its gradients too (svglib keeps them in ``_rl_colors``; reportlab writes a
    shading of CMYK stops in DeviceCMYK)."""
    from reportlab.lib.colors import CMYKColor, Color as RlColor

    def converted(col: object) -> object:
        if isinstance(col, RlColor) and not isinstance(col, CMYKColor):
            r, g, b = (round(v * 255) for v in col.rgb())
            return CMYKColor(*cmyk.inks(Color(r, g, b)), alpha=col.alpha)
        return col

    for attr in ("fillColor", "strokeColor"):
        col = getattr(node, attr, None)
        if col is not None:
            setattr(node, attr, converted(col))
    stops = node.__dict__.get("_rl_colors")
    if isinstance(stops, list):
        node._rl_colors = [converted(c) for c in stops]
    for child in getattr(node, "contents", ()):
        _cmyk_drawing(child, cmyk)


class _CmykReader(ImageReader):
    """A picture in CMYK for reportlab, its alpha channel kept as the soft mask
    (reportlab makes one only for RGBA and LA pictures)."""

    def __init__(self, im: "PILImage.Image", alpha: "PILImage.Image | None"):
        super().__init__(im)
        self._alpha = alpha

    def getRGBData(self) -> bytes:  # noqa: N802 - reportlab's name
        data = super().getRGBData()
        self._dataA = ImageReader(self._alpha) if self._alpha is not None else None
        return data


def _parts(text: str, family: "fonts.FamilyRef", weight: str, font: TTFont) -> list[tuple[TTFont, str]]:
    """(registered font, text) runs of a line: the family's own font, or a fallback's where it
    lacks a character."""
    parts = fonts.runs(text, family, weight)
    if len(parts) <= 1:
        return [(font, text)]
    return [(_ttf_face(family, weight, f), part) for f, part in parts]


def _pdf_box(box: Box, page_h: float) -> tuple[float, float, float, float]:
    """A scene Box (mm, y down) as a PDF rectangle [x1 y1 x2 y2] in points."""
    return (round(box.x * PT_PER_MM, 4), round((page_h - box.bottom) * PT_PER_MM, 4),
            round(box.right * PT_PER_MM, 4), round((page_h - box.y) * PT_PER_MM, 4))


@contextmanager
def _binary_streams() -> Iterator[None]:
    old = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = old


def _shrunk(data: bytes, size: tuple[int, int]) -> "PILImage.Image":
    """The PNG or JPEG ``data`` as a picture of ``size`` pixels for rasterising: a JPEG decoded at
    the smallest of its built-in reductions that is still larger (quick, and never whole), then
    resampled; alpha kept, 16-bit grey as 8-bit."""
    from PIL import Image as PILImage

    from pnp.render.images import eight_bit

    with PILImage.open(io.BytesIO(data), formats=("PNG", "JPEG")) as im:
        if im.format == "JPEG":
            im.draft(im.mode, size)
        pic = eight_bit(im)
        alpha = pic.mode in ("RGBA", "LA", "PA") or (pic.mode == "P" and "transparency" in pic.info)
        pic = pic.convert("RGBA" if alpha else "RGB").resize(size, PILImage.Resampling.LANCZOS)
    return pic


def _write(pages: Iterable[Page], target: "str | IO[bytes]", title: str, observer: Renderer | None = None,
           cmyk: "Cmyk | None" = None, tally: "Tally | None" = None, raster_dpi: "float | None" = None) -> int:
    """Draw every page into ``target`` (a path or a binary file); returns the page count.
    An ``observer`` (another Renderer) sees every drawing call too, from the same walk;
    ``cmyk`` (a :class:`pnp.render.cmyk.Cmyk`) converts every colour and picture to CMYK;
    a ``tally`` (:class:`pnp.load.budget.Tally`) counts the shapes drawn against the budget;
    ``raster_dpi``: the PDF is made to be rasterised at that resolution (:class:`PdfRenderer`)."""
    with _binary_streams():
        c = Canvas(target, invariant=1, pageCompression=1,
                   initialFontName=font_name("sans", "regular"), initialFontSize=10)
        c.setCreator(CREATOR)
        c.setProducer(PRODUCER)
        c.setTitle(title)
        c.setAuthor("")
        c.setSubject("")
        pdf = PdfRenderer(c, cmyk, raster_dpi)
        r: Renderer = pdf if observer is None else Tee(pdf, observer)
        count = 0
        for page in pages:  # consumed lazily: only the current page's scene is alive
            drawn = walk(r, page)
            if tally is not None:
                tally.add(drawn, f"page {page.label or ''}".strip())
            count += 1
        if count == 0:
            raise ValueError("no pages to write")
        c.save()
    return count


def write_pdf(pages: Iterable[Page], path: FilePath, title: str = "", observer: Renderer | None = None,
              cmyk: "Cmyk | None" = None, tally: "Tally | None" = None) -> int:
    """Write all pages into one PDF file at ``path``; returns the page count."""
    return _write(pages, os.fspath(path), title, observer, cmyk, tally)


def render_pdf_bytes(pages: Iterable[Page], title: str = "", observer: Renderer | None = None,
                     tally: "Tally | None" = None, raster_dpi: "float | None" = None) -> bytes:
    """The PDF as bytes (for rasterising and in-memory use); ``raster_dpi``: made to be
    rasterised at that resolution, each PNG or JPEG with no more pixels than it covers there."""
    buf = io.BytesIO()
    _write(pages, buf, title, observer, tally=tally, raster_dpi=raster_dpi)
    return buf.getvalue()


def write_files(job: "Job") -> list[tuple[str, int]]:
    """The ``pdf`` format's writer (:mod:`pnp.render.formats`): every page into ``stem.pdf``."""
    (rel,) = job.names("pdf", 1)
    path = job.target(rel)
    count = write_pdf(job.pages(), path, title=job.title, observer=job.observer, cmyk=job.cmyk,
                      tally=job.counts("pdf"))
    job.pdf_file = (path, count)
    return [(rel, count)]
