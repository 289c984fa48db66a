"""A page without transparency, for print files that may hold none (PDF/X-1a).

Every element drawn with an opacity below 1 (its own, times its groups') and every
picture with an alpha channel is composited onto what lies beneath it, in the CMYK
of the profile the file is written with, before anything is drawn:

- on a flat backdrop (paper, or one opaque filled rectangle that covers the element's
  whole box with nothing else in between), colours are mixed: the element keeps its
  shape and stays vector, in the colour it showed; a picture is mixed with the
  backdrop's colour pixel by pixel;
- on anything else (a picture, a gradient of shapes, other text), the element's box is
  drawn again, backdrop and element together, as an opaque CMYK picture: each ink is
  rasterised on its own, so the picture's inks are the ones the vector art beneath
  would have printed.

A shape whose outline and fill are both translucent keeps the look PDF gives it: the
inner half of the outline lies on the shape's own (mixed) fill, the outer half on the
backdrop. Pictures that are fully opaque lose an alpha channel they do not use.
"""
from __future__ import annotations

import io
import math
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Iterator, Union, cast, overload

from pnp.render.base import _paints, _shown, text_lines
from pnp.render.shapes import outline
from pnp.scene.primitives import (IDENTITY, Ellipse, Group, Image, Node, Page, Path, Polygon, Rect, Shape, Text,
                                  Transform, translate)
from pnp.scene.style import Color, Style
from pnp.scene.units import MM_PER_PT, mm_to_px

if TYPE_CHECKING:
    from PIL import Image as PILImage
    from reportlab.graphics.shapes import Shape as RlShape

    from pnp.render.cmyk import Cmyk

ASCENT, DESCENT = 0.8, 0.3  # of the font size: a little beyond what DejaVu's glyphs reach, so a patch holds them
_SHIFT = {"start": 0.0, "middle": 0.5, "end": 1.0}
PAPER = Color(255, 255, 255, (0.0, 0.0, 0.0, 0.0))
MARGIN = 0.2  # mm around an element's box that its patch also covers (anti-aliased edges)

Bounds = tuple[float, float, float, float]  # x0, y0, x1, y1
Leaf = Union[Path, Rect, Ellipse, Polygon, Text, Image]  # a node that draws (every kind but a group)
Clips = tuple[tuple[Shape, Transform], ...]  # the clip shapes around a node, each with the transform it is in


class FlattenError(ValueError):
    """An element that cannot be composited onto what lies beneath it."""


def flatten(page: Page, cmyk: "Cmyk", dpi: float = 600) -> Page:
    """``page`` with no transparency left; ``cmyk`` is the :class:`pnp.render.cmyk.Cmyk` the
    file is written with, ``dpi`` the resolution of patches drawn as pictures."""
    return Flattener(cmyk, dpi).page(page)


def has_alpha(im: "PILImage.Image") -> bool:
    """Whether a pillow image carries transparency (an alpha channel or a transparent colour)."""
    return im.mode in ("RGBA", "LA", "PA", "RGBa", "La") or "transparency" in im.info


def _pixels(im: "PILImage.Image") -> "PILImage.Image":
    """A picture's pixels, a palette or a transparent colour turned into an alpha channel."""
    im.load()
    if im.mode == "P" or (im.mode in ("RGB", "L") and "transparency" in im.info):
        return im.convert("RGBA")
    return im


class _Drawn:
    """A leaf drawn (opaque) so far, where it is and what clips it; its box is measured on demand."""

    __slots__ = ("node", "ctm", "clips", "_box")

    def __init__(self, node: Leaf, ctm: Transform, clips: Clips):
        self.node, self.ctm, self.clips = node, ctm, clips
        self._box: Bounds | None = None

    @property
    def box(self) -> Bounds | None:
        box = self._box
        if box is None:
            b: Bounds | None = _page_bounds(local_bounds(self.node), self.ctm)
            for clip, m in self.clips:
                b = _meet(b, _page_bounds(local_bounds(clip), m)) if b is not None else None
            box = self._box = b or (0.0, 0.0, 0.0, 0.0)
        return box if box[0] < box[2] and box[1] < box[3] else None


class Flattener:
    """Flattens the pages of one file, one after the other; a picture used on many pages is
    read and composited once."""

    def __init__(self, cmyk: "Cmyk", dpi: float = 600):
        self.cmyk, self.dpi = cmyk, dpi
        self.stack: list[tuple[Group, list[Node]]] = []  # (group, its new children so far) from the root inwards
        self.drawn: list[_Drawn] = []
        self.inks: dict[tuple, bytes] = {}  # (picture, size, ink) -> that ink of the picture as grey
        # (picture, size) -> the pillow image (not decoded yet), or None
        self.opened: dict[tuple, PILImage.Image | None] = {}
        self.mixed: dict[tuple, bytes] = {}  # (picture, opacity, backdrop) -> the composited picture

    def page(self, page: Page) -> Page:
        self.stack, self.drawn = [], []
        return replace(page, content=self.group(page.content, IDENTITY, (), 1.0), laid_out=None)

    # ------------------------------------------------------------ the walk
    def group(self, g: Group, ctm: Transform, clips: Clips, alpha: float) -> Group:
        m = ctm if g.transform is IDENTITY else ctm @ g.transform
        if g.clip is not None:
            clips = clips + ((g.clip, m),)
        a = alpha * g.opacity
        kids: list[Node] = []
        self.stack.append((g, kids))
        for child in g.children:
            new = self.group(child, m, clips, a) if isinstance(child, Group) else self.leaf(child, m, clips, a)
            if new is not None:
                kids.append(new)
        self.stack.pop()
        return Group(kids, g.transform, g.clip, 1.0, g.id)

    def leaf(self, n: Leaf, ctm: Transform, clips: Clips, alpha: float) -> Node | None:
        if isinstance(n, Text):
            if not _shown(n):
                return n
            a = alpha * n.opacity
        elif isinstance(n, (Rect, Path, Ellipse, Polygon)):
            if not _paints(n.style):
                return n
            a = alpha * n.style.opacity
        elif isinstance(n, Image):
            a = alpha
        else:
            raise TypeError(f"cannot draw {type(n).__name__}")
        if a <= 0:
            return None  # drawn with opacity 0: nothing shows
        picture = self._picture(n, always=a < 1) if isinstance(n, Image) else None
        if a >= 1 and (picture is None or not has_alpha(picture)):
            self.drawn.append(_Drawn(n, ctm, clips))
            return n
        if a >= 1 and picture is not None and _opaque(_pixels(picture)):  # an alpha channel it does not use
            pixels = _pixels(picture)
            new = replace(cast(Image, n), source=_encode(pixels.convert("CMYK" if pixels.mode == "CMYK" else "RGB")))
            self.drawn.append(_Drawn(new, ctm, clips))
            return new
        placed = self.composite(n, ctm, clips, a, picture)
        if placed is not None:
            for leaf, m, c in _leaves(placed, ctm, clips):
                self.drawn.append(_Drawn(leaf, m, c))
        return placed

    # ------------------------------------------------------------ compositing
    def composite(self, n: Leaf, ctm: Transform, clips: Clips, a: float,
                  picture: "PILImage.Image | None") -> Node | None:
        me = _Drawn(n, ctm, clips).box
        if me is None:
            return None  # clipped away entirely
        back = self.backdrop(me)
        if back is None:
            return self.patch(n, ctm, a)
        if isinstance(n, Image):
            if picture is None:
                raise TypeError("a picture is composited with its pixels")  # leaf() opens every one it composites
            key = (_key(n.source), round(n.w, 3), round(n.h, 3), a, self.cmyk.colour(back).cmyk)
            if key not in self.mixed:
                self.mixed[key] = _encode(self._picture_on(_pixels(picture), a, back))
            return replace(n, source=self.mixed[key])
        if isinstance(n, Text):
            return replace(n, fill=self.mix(n.fill, a, back), opacity=1.0)
        return self._shape_on(n, a, back)

    def backdrop(self, box: Bounds) -> Color | None:
        """The one colour beneath ``box`` (paper when nothing is), or None when it is not flat."""
        for d in reversed(self.drawn):
            b = d.box
            if b is None or b[0] >= box[2] or b[2] <= box[0] or b[1] >= box[3] or b[3] <= box[1] or _in_hole(d, box):
                continue
            return _cover_colour(d, box)
        return PAPER

    @overload
    def mix(self, top: Color, a: float, back: Color) -> Color: ...

    @overload
    def mix(self, top: Color | None, a: float, back: Color) -> Color | None: ...

    def mix(self, top: Color | None, a: float, back: Color) -> Color | None:
        """``top`` at opacity ``a`` over ``back``, mixed ink by ink (and on screen, channel by channel)."""
        if top is None:
            return None
        t, b = self.cmyk.inks(top), self.cmyk.inks(back)
        r, g, b_ = (round(a * x + (1 - a) * y) for x, y in zip((top.r, top.g, top.b), (back.r, back.g, back.b)))
        c, m, y_, k = (round(a * x + (1 - a) * y, 6) for x, y in zip(t, b))
        return Color(r, g, b_, (c, m, y_, k))

    def _shape_on(self, n: Shape, a: float, back: Color) -> Node:
        st = n.style
        fill = self.mix(st.fill, a, back)
        under = fill or back  # what the inner half of the outline, and the hatching, lie on
        parts: list[Node] = []
        if fill is not None:
            parts.append(replace(n, style=Style(fill=fill)))
        if st.hatch is not None:
            parts.append(replace(n, style=Style(hatch=replace(st.hatch, color=self.mix(st.hatch.color, a, under)))))
        if st.stroke is not None and st.stroke_width > 0:
            line = replace(st, fill=None, hatch=None, opacity=1.0)
            if fill is None:
                parts.append(replace(n, style=replace(line, stroke=self.mix(st.stroke, a, back))))
            else:
                x0, y0, x1, y1 = local_bounds(n)
                d = 4 * st.stroke_width + 1
                outside = Path([("M", x0 - d, y0 - d), ("L", x1 + d, y0 - d), ("L", x1 + d, y1 + d),
                                ("L", x0 - d, y1 + d), ("Z",), *outline(n)])
                parts.append(Group([replace(n, style=replace(line, stroke=self.mix(st.stroke, a, under)))],
                                   clip=_as_clip(n)))
                parts.append(Group([replace(n, style=replace(line, stroke=self.mix(st.stroke, a, back)))],
                                   clip=outside))
        return parts[0] if len(parts) == 1 else Group(parts)

    def _picture_on(self, im: "PILImage.Image", a: float, back: Color) -> "PILImage.Image":
        from PIL import Image as PILImage

        pic, alpha = self.cmyk.picture(im)
        if alpha is None:
            alpha = PILImage.new("L", pic.size, 255)
        if a < 1:
            alpha = alpha.point(lambda v: round(v * a))
        ground = PILImage.new("CMYK", pic.size, tuple(round(v * 255) for v in self.cmyk.inks(back)))
        return PILImage.composite(pic, ground, alpha)

    def patch(self, n: Leaf, ctm: Transform, a: float) -> Image:
        """``n``'s box drawn again with everything beneath it, as an opaque CMYK picture."""
        from PIL import Image as PILImage, ImageOps

        from pnp.load.budget import Limits
        from pnp.render.png import render_image

        x0, y0, x1, y1 = local_bounds(n)
        x0, y0, x1, y1 = x0 - MARGIN, y0 - MARGIN, x1 + MARGIN, y1 + MARGIN
        w, h = x1 - x0, y1 - y0
        sx, sy = math.hypot(ctm.a, ctm.b), math.hypot(ctm.c, ctm.d)
        size = (max(1, math.ceil(mm_to_px(w * sx, self.dpi))), max(1, math.ceil(mm_to_px(h * sy, self.dpi))))
        Limits().check_pixels(*size, "a translucent element drawn as a picture")
        scene = self._prefix(_with_alpha(n, a))
        to_box = translate(-x0, -y0) @ ctm.inverse()
        inks: list[PILImage.Image] = []
        for ink in range(4):
            page = Page(w, h, Group([self._ink(scene, ink)], transform=to_box))
            inks.append(ImageOps.invert(render_image(page, size=size).convert("L")))
        return Image(x0, y0, w, h, _encode(PILImage.merge("CMYK", inks)))

    def _prefix(self, last: Node) -> Node:
        """The page as drawn so far, ending with ``last`` where the walk is now."""
        node = last
        for g, kids in reversed(self.stack):
            node = Group([*kids, node], g.transform, g.clip, 1.0, g.id)
        return node

    # ------------------------------------------------------------ one ink as grey
    def _ink(self, node: Node, ink: int) -> Node:
        """``node`` with every colour and picture replaced by the grey of one ink (black = 100 %)."""
        if isinstance(node, Group):
            return Group([self._ink(c, ink) for c in node.children], node.transform, node.clip, node.opacity, node.id)

        def grey(c: Color | None) -> Color | None:
            return None if c is None else _grey(self.cmyk.inks(c)[ink])

        if isinstance(node, Text):
            return replace(node, fill=grey(node.fill))
        if isinstance(node, Image):
            return replace(node, source=self._ink_picture(node, ink))
        st = node.style
        hatch = replace(st.hatch, color=_grey(self.cmyk.inks(st.hatch.color)[ink])) if st.hatch is not None else None
        return replace(node, style=replace(st, fill=grey(st.fill), stroke=grey(st.stroke), hatch=hatch))

    def _ink_picture(self, im: Image, ink: int) -> bytes:
        from PIL import ImageOps

        key = (_key(im.source), round(im.w, 3), round(im.h, 3), ink)
        if key not in self.inks:
            opened = cast("PILImage.Image", self._picture(im, always=True))  # always: never None
            pic, alpha = self.cmyk.picture(_pixels(opened))
            plate = ImageOps.invert(pic.getchannel(ink))
            if alpha is not None:
                plate.putalpha(alpha)
            self.inks[key] = _encode(plate)
        return self.inks[key]

    # ------------------------------------------------------------ pictures
    def _picture(self, im: Image, always: bool = False) -> "PILImage.Image | None":
        """The picture as a pillow image, opened but not decoded; SVG art is drawn to pixels when it is
        translucent or ``always``, else None (it stays vector)."""
        key = (_key(im.source), round(im.w, 3), round(im.h, 3), always)
        if key not in self.opened:
            self.opened[key] = self._open(im, always)
        return self.opened[key]

    def _open(self, im: Image, always: bool) -> "PILImage.Image | None":
        from PIL import Image as PILImage

        from pnp.render.images import eight_bit, is_svg

        src = im.source
        data = bytes(src) if isinstance(src, (bytes, bytearray)) else open(src, "rb").read()
        if is_svg(data):
            if not always and not _svg_translucent(data):
                return None
            return _svg_pixels(data, im, self.dpi)
        return eight_bit(PILImage.open(io.BytesIO(data)))


# ------------------------------------------------------------ helpers


def _key(source: "bytes | bytearray | str") -> "str | bytes":
    """A picture's source as a dictionary key (bytes keep their hash once computed)."""
    return source if isinstance(source, (str, bytes)) else bytes(source)


def _grey(v: float) -> Color:
    g = round(255 * (1 - v))
    return Color(g, g, g)


def _encode(im: "PILImage.Image") -> bytes:
    """A pillow image as lossless bytes the PDF backend reads (TIFF keeps CMYK, PNG the rest)."""
    buf = io.BytesIO()
    if im.mode == "CMYK":
        im.save(buf, "TIFF", compression="tiff_deflate")
    else:
        im.save(buf, "PNG")
    return buf.getvalue()


def _opaque(im: "PILImage.Image") -> bool:
    return im.mode not in ("RGBA", "LA") or im.getchannel("A").getextrema()[0] == 255


def _with_alpha(n: Leaf, a: float) -> Node:
    """``n`` drawn at opacity ``a`` (its own opacity replaced: the groups' is folded in)."""
    if isinstance(n, Text):
        return replace(n, opacity=a)
    if isinstance(n, Image):
        return Group([n], opacity=a)
    return replace(n, style=replace(n.style, opacity=a))


def _as_clip(n: Node) -> Shape | None:
    return n if isinstance(n, (Rect, Ellipse, Polygon, Path)) else None


def _leaves(node: Node, ctm: Transform, clips: Clips) -> Iterator[tuple[Leaf, Transform, Clips]]:
    if not isinstance(node, Group):
        yield node, ctm, clips
        return
    m = ctm if node.transform is IDENTITY else ctm @ node.transform
    if node.clip is not None:
        clips = clips + ((node.clip, m),)
    for child in node.children:
        yield from _leaves(child, m, clips)


def local_bounds(n: Leaf) -> Bounds:
    """What ``n`` paints, as a box in its own coordinates (outlines and glyphs included)."""
    if isinstance(n, Image):
        return (n.x, n.y, n.x + n.w, n.y + n.h)
    if isinstance(n, Text):
        boxes = []
        for ln in text_lines(n):
            x0 = ln.x - _SHIFT[n.anchor] * ln.width
            s = ln.size * MM_PER_PT
            boxes.append((x0 - 0.1 * s, ln.y - ASCENT * s, x0 + ln.width + 0.1 * s, ln.y + DESCENT * s))
        if not boxes:
            return (n.x, n.y, n.x, n.y)
        return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
                max(b[3] for b in boxes))
    pts = [op[i:i + 2] for op in outline(n) for i in range(1, len(op), 2)]
    if not pts:
        return (0.0, 0.0, 0.0, 0.0)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    st = n.style
    d = 0.0
    if st.stroke is not None:  # half the width; sharp miter joins of paths reach up to the miter limit (4) of it
        d = st.stroke_width * (0.5 if type(n) in (Rect, Ellipse) else 2.0)
    return (min(xs) - d, min(ys) - d, max(xs) + d, max(ys) + d)


def _page_bounds(b: Bounds, m: Transform) -> Bounds:
    pts = [m.apply(x, y) for x, y in ((b[0], b[1]), (b[2], b[1]), (b[0], b[3]), (b[2], b[3]))]
    return (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))


def _meet(a: Bounds, b: Bounds) -> Bounds | None:
    out = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return out if out[0] < out[2] and out[1] < out[3] else None


def _inner_boxes(node: Node, m: Transform) -> list[Bounds] | None:
    """Boxes (page coordinates) inside an upright rectangle, less the half of its outline
    that lies inside and its rounded corners: where its fill alone shows."""
    if type(node) is not Rect or m.b != 0 or m.c != 0:
        return None
    st = node.style
    inset = st.stroke_width / 2 if st.stroke is not None and st.stroke_width > 0 else 0.0
    x0, y0, x1, y1 = node.x + inset, node.y + inset, node.x + node.w - inset, node.y + node.h - inset
    r = max(0.0, node.radius - inset) if node.radius > 0 else 0.0
    boxes = [(x0 + r, y0, x1 - r, y1), (x0, y0 + r, x1, y1 - r)] if r else [(x0, y0, x1, y1)]
    return [_page_bounds(b, m) for b in boxes]


def _inside(box: Bounds, within: list[Bounds]) -> bool:
    return any(w[0] <= box[0] and w[1] <= box[1] and box[2] <= w[2] and box[3] <= w[3] for w in within)


def _in_hole(d: _Drawn, box: Bounds) -> bool:
    """Whether ``box`` lies inside an outline drawn without fill or hatching, touching nothing it paints."""
    st = getattr(d.node, "style", None)
    if st is None or st.fill is not None or st.hatch is not None:
        return False
    hole = _inner_boxes(d.node, d.ctm)
    return hole is not None and _inside(box, hole)


def _cover_colour(d: _Drawn, box: Bounds) -> Color | None:
    """The fill of ``d`` when it alone paints all of ``box`` (through every clip), else None."""
    n = d.node
    if type(n) is not Rect or n.style.fill is None or n.style.hatch is not None:
        return None
    solid = _inner_boxes(n, d.ctm)
    if solid is None or not _inside(box, solid):
        return None
    for clip, m in d.clips:
        region = _inner_boxes(Rect(clip.x, clip.y, clip.w, clip.h, radius=clip.radius), m) \
            if type(clip) is Rect else None
        if region is None or not _inside(box, region):
            return None
    return n.style.fill


@lru_cache(maxsize=64)
def _svg_translucent(data: bytes) -> bool:
    """Whether SVG art draws anything with an opacity or a colour alpha below 1."""
    from pnp.render.images import svg_drawing

    def seen(node: "RlShape") -> bool:
        for attr in ("fillOpacity", "strokeOpacity"):
            v = getattr(node, attr, None)
            if v is not None and v < 1:
                return True
        for attr in ("fillColor", "strokeColor"):
            col = getattr(node, attr, None)
            if col is not None and getattr(col, "alpha", 1) < 1:
                return True
        return any(seen(c) for c in getattr(node, "contents", ()))

    return seen(svg_drawing(data))


def _svg_pixels(data: bytes, im: Image, dpi: float) -> "PILImage.Image":
    """Translucent SVG art as an RGBA picture at ``dpi`` of its box (at least 1 mm square)."""
    from pnp.render.png import render_clear

    w, h = max(im.w, 1.0), max(im.h, 1.0)
    size = (max(1, round(mm_to_px(w, dpi))), max(1, round(mm_to_px(h, dpi))))
    return render_clear(Page(w, h, Group([Image(0, 0, w, h, data)])), size)
