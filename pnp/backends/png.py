"""PNG backend: one page -> one raster image through pillow.

Everything is drawn at ``SUPERSAMPLE`` (2) times the target resolution and
the page is box-downsampled at the end, which anti-aliases every edge
(measured on a 3x3 card sheet at 150 dpi: 1x 0.012 s but jagged, 2x 0.06 s,
3x 0.12 s for little visible gain). Opaque paint that no clip edge cuts is
drawn straight onto the page; translucent or clipped paint goes through a
small mask (the shape's bounding box) pasted in its colour. Curves are flattened by the shared
``shapes.flatten`` to a quarter of a pixel, fills use the even-odd rule like
the PDF and SVG, and text is drawn with the bundled TTF at the laid-out
baselines (pillow's BASIC layout: no kerning, like the PDF). Rotated or
mirrored text and images are rendered upright in a small tile at the final
resolution and mapped onto the page with an affine transform (bilinear),
rather than converted to glyph outlines. Group opacity is multiplied into
each child, as in the PDF and SVG backends.
"""
from __future__ import annotations

import io
import math
import os
from functools import lru_cache

from PIL import Image as PILImage
from PIL import ImageChops, ImageDraw, ImageFont

from .. import fonts
from ..scene.primitives import Ellipse, Group, Image, Page, Path, Polygon, Rect, Text, Transform, scale
from ..scene.text import layout
from .hatch import hatch_segments
from .shapes import bbox, flatten, outline

SUPERSAMPLE = 2
MAX_WORK_PIXELS = 40_000_000  # above this (a large board at high dpi) draw at 1x to bound memory
MM_PER_PT = 25.4 / 72.0


@lru_cache(maxsize=256)
def _font(path: str, px: float):
    # BASIC layout: no kerning, so advances match the metrics the shared layout used
    return ImageFont.truetype(path, size=max(1.0, px), layout_engine=ImageFont.Layout.BASIC)


def _dash_polyline(pts, pattern_px):
    """Split a polyline into the 'on' pieces of a dash pattern."""
    if not pattern_px or sum(pattern_px) <= 0:
        return [pts]
    pieces, cur = [], [pts[0]]
    idx, left, on = 0, pattern_px[0], True
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        seg = math.hypot(x1 - x0, y1 - y0)
        pos = 0.0
        while seg - pos > left:
            pos += left
            t = pos / seg
            p = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            if on:
                cur.append(p)
                pieces.append(cur)
            else:
                cur = [p]
            on = not on
            idx = (idx + 1) % len(pattern_px)
            left = pattern_px[idx]
        left -= seg - pos
        if on:
            cur.append((x1, y1))
    if on and len(cur) > 1:
        pieces.append(cur)
    return [p for p in pieces if len(p) > 1]


MITER_LIMIT = 4.0  # the SVG default; the PDF backend sets the same


def stroke_outline(pts, closed: bool, hw: float, join: str, cap: str):
    """The area a stroke of half-width ``hw`` covers, as polygons and discs.

    Returns (polygons, discs): the union of segment quads, joins (miter up to
    MITER_LIMIT, else bevel; round; bevel) and caps (butt, square, round),
    which is what PDF and SVG paint for the same stroke.
    """
    clean = [pts[0]]
    for p in pts[1:]:
        if abs(p[0] - clean[-1][0]) > 1e-9 or abs(p[1] - clean[-1][1]) > 1e-9:
            clean.append(p)
    if closed and len(clean) > 2 and abs(clean[0][0] - clean[-1][0]) < 1e-9 and abs(clean[0][1] - clean[-1][1]) < 1e-9:
        clean.pop()
    polys: list = []
    discs: list = []
    if len(clean) < 2:
        if cap == "round" and clean:
            discs.append((clean[0][0], clean[0][1], hw))
        return polys, discs
    segs = list(zip(clean, clean[1:])) + ([(clean[-1], clean[0])] if closed else [])
    dirs = []
    for (x0, y0), (x1, y1) in segs:
        L = math.hypot(x1 - x0, y1 - y0)
        dx, dy = (x1 - x0) / L, (y1 - y0) / L
        dirs.append((dx, dy))
        nx, ny = -dy * hw, dx * hw
        polys.append([(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)])
    # joins at every vertex between two segments
    n = len(segs)
    pairs = [(i, i + 1) for i in range(n - 1)] + ([(n - 1, 0)] if closed else [])
    for i, j in pairs:
        vx, vy = segs[j][0]
        (ax, ay), (bx, by) = dirs[i], dirs[j]
        cross = ax * by - ay * bx
        if abs(cross) < 1e-12 and ax * bx + ay * by > 0:
            continue  # straight on: the quads already meet
        if join == "round":
            discs.append((vx, vy, hw))
            continue
        side = -1.0 if cross > 0 else 1.0  # the outer side of the turn
        n1 = (-ay * hw * side, ax * hw * side)
        n2 = (-by * hw * side, bx * hw * side)
        p1, p2 = (vx + n1[0], vy + n1[1]), (vx + n2[0], vy + n2[1])
        cos = ax * bx + ay * by
        if join == "miter" and 1 + cos > 1e-12 and 1 / math.sqrt((1 + cos) / 2) <= MITER_LIMIT:
            k = 1 / (1 + cos)
            m = (vx + (n1[0] + n2[0]) * k, vy + (n1[1] + n2[1]) * k)
            polys.append([(vx, vy), p1, m, p2])
        else:
            polys.append([(vx, vy), p1, p2])
    if not closed:
        for (px, py), (dx, dy), sign in ((clean[0], dirs[0], -1), (clean[-1], dirs[-1], 1)):
            if cap == "round":
                discs.append((px, py, hw))
            elif cap == "square":
                ex, ey = px + sign * dx * hw, py + sign * dy * hw
                nx, ny = -dy * hw, dx * hw
                polys.append([(px + nx, py + ny), (ex + nx, ey + ny), (ex - nx, ey - ny), (px - nx, py - ny)])
    return polys, discs


class _Raster:
    def __init__(self, page: Page, dpi: float):
        self.page = page
        self.size = (max(1, round(page.width * dpi / 25.4)), max(1, round(page.height * dpi / 25.4)))
        ss = SUPERSAMPLE if self.size[0] * self.size[1] * SUPERSAMPLE ** 2 <= MAX_WORK_PIXELS else 1
        self.ss = ss
        self.k = dpi / 25.4 * ss  # pixels per mm on the working canvas
        self.work = (self.size[0] * ss, self.size[1] * ss)
        self.img = PILImage.new("RGB", self.work, (255, 255, 255))
        # the current clip: (x0, y0, x1, y1, mask or None) on the working canvas; a mask is
        # the size of its box; None = no clip. Axis-aligned rect clips need no mask at all.
        self.clip: tuple | None = None

    # ------------------------------------------------------------ helpers
    def _paste(self, colour, mask: PILImage.Image, x0: int, y0: int, alpha: float):
        """Paint ``colour`` through ``mask`` placed at (x0, y0), honouring clip and alpha."""
        W, H = self.work
        x1, y1 = x0 + mask.width, y0 + mask.height
        lx0, ly0, lx1, ly1 = 0, 0, W, H
        clip = self.clip
        if clip is not None:
            lx0, ly0, lx1, ly1 = max(0, clip[0]), max(0, clip[1]), min(W, clip[2]), min(H, clip[3])
        cx0, cy0, cx1, cy1 = max(lx0, x0), max(ly0, y0), min(lx1, x1), min(ly1, y1)
        if cx0 >= cx1 or cy0 >= cy1:
            return
        if (cx0, cy0, cx1, cy1) != (x0, y0, x1, y1):
            mask = mask.crop((cx0 - x0, cy0 - y0, cx1 - x0, cy1 - y0))
        if alpha < 1:
            mask = mask.point(lambda v, a=alpha: round(v * a))
        if clip is not None and clip[4] is not None:
            mask = ImageChops.multiply(mask, clip[4].crop((cx0 - clip[0], cy0 - clip[1],
                                                           cx1 - clip[0], cy1 - clip[1])))
        self.img.paste((colour.r, colour.g, colour.b), (cx0, cy0, cx1, cy1), mask)

    def _fast_rect(self, n, tf: Transform, colour, alpha: float) -> bool:
        """Fill an opaque axis-aligned rect straight into the canvas (no mask).

        Edges snap to the working grid (a 1/SUPERSAMPLE output pixel), which the
        final downsampling turns into the same partial coverage a mask would give.
        """
        clip = self.clip
        if (type(n) is not Rect or n.radius > 0 or alpha < 1 or abs(tf.b) > 1e-12 or abs(tf.c) > 1e-12
                or (clip is not None and clip[4] is not None)):
            return False
        (ax, ay), (bx, by) = tf.apply(n.x, n.y), tf.apply(n.x + n.w, n.y + n.h)
        W, H = self.work
        x0, y0, x1, y1 = round(min(ax, bx)), round(min(ay, by)), round(max(ax, bx)), round(max(ay, by))
        lx0, ly0, lx1, ly1 = (0, 0, W, H) if clip is None else clip[:4]
        x0, y0, x1, y1 = max(x0, lx0, 0), max(y0, ly0, 0), min(x1, lx1, W), min(y1, ly1, H)
        if x0 < x1 and y0 < y1:
            self.img.paste((colour.r, colour.g, colour.b), (x0, y0, x1, y1))
        return True

    def _clip_for(self, shape, tf: Transform) -> tuple:
        """The clip region of ``shape`` drawn under ``tf``, intersected with the current clip."""
        if type(shape) is Rect and shape.radius <= 0 and abs(tf.b) < 1e-12 and abs(tf.c) < 1e-12:
            (ax, ay), (bx, by) = tf.apply(shape.x, shape.y), tf.apply(shape.x + shape.w, shape.y + shape.h)
            new = (round(min(ax, bx)), round(min(ay, by)), round(max(ax, bx)), round(max(ay, by)), None)
        else:
            got = self._polys_mask(flatten(outline(shape), 0.25, tf.apply))
            if got is None:
                return (0, 0, 0, 0, None)
            m, ox, oy = got
            new = (ox, oy, ox + m.width, oy + m.height, m)
        old = self.clip
        if old is None:
            return new
        x0, y0 = max(old[0], new[0]), max(old[1], new[1])
        x1, y1 = max(x0, min(old[2], new[2])), max(y0, min(old[3], new[3]))
        if old[4] is None and new[4] is None:
            return (x0, y0, x1, y1, None)
        mask = PILImage.new("L", (max(1, x1 - x0), max(1, y1 - y0)), 255 if x1 > x0 and y1 > y0 else 0)
        for c in (old, new):
            if c[4] is not None:
                mask = ImageChops.multiply(mask, c[4].crop((x0 - c[0], y0 - c[1], x0 - c[0] + mask.width,
                                                            y0 - c[1] + mask.height)))
        return (x0, y0, x1, y1, mask)

    def _polys_mask(self, subpaths):
        """Even-odd filled mask of subpaths (pixel coordinates) and its origin."""
        allpts = [p for pts, _ in subpaths for p in pts]
        if not allpts:
            return None
        x0, y0, x1, y1 = bbox(allpts)
        ox, oy = math.floor(x0) - 1, math.floor(y0) - 1
        w, h = math.ceil(x1) - ox + 2, math.ceil(y1) - oy + 2
        if w <= 0 or h <= 0 or w * h > 4e8:
            return None
        mask = None
        for pts, _closed in subpaths:
            if len(pts) < 3:
                continue
            m = PILImage.new("L", (w, h), 0)
            ImageDraw.Draw(m).polygon([(x - ox, y - oy) for x, y in pts], fill=255)
            mask = m if mask is None else ImageChops.logical_xor(mask.convert("1"), m.convert("1")).convert("L")
        return (mask, ox, oy) if mask is not None else None

    def _direct(self, x0: float, y0: float, x1: float, y1: float, alpha: float) -> bool:
        """Can paint covering the pixel box be drawn straight onto the page?

        Yes when it is opaque and no clip mask or clip edge cuts through it;
        then no mask and no paste is needed, which is most of the drawing.
        """
        if alpha < 1:
            return False
        clip = self.clip
        if clip is None:
            return True
        return (clip[4] is None and clip[0] <= math.floor(x0) - 1 and clip[1] <= math.floor(y0) - 1
                and math.ceil(x1) + 1 <= clip[2] and math.ceil(y1) + 1 <= clip[3])

    def _fill(self, colour, subpaths, alpha: float):
        """Fill subpaths (pixel coordinates) with the even-odd rule."""
        rings = [pts for pts, _ in subpaths if len(pts) >= 3]
        if not rings:
            return
        if len(rings) == 1:
            x0, y0, x1, y1 = bbox(rings[0])
            if self._direct(x0, y0, x1, y1, alpha):
                ImageDraw.Draw(self.img).polygon(rings[0], fill=(colour.r, colour.g, colour.b))
                return
        got = self._polys_mask(subpaths)
        if got:
            self._paste(colour, *got, alpha)

    def _stroke(self, colour, polylines, width_px: float, alpha: float, join: str = "miter", cap: str = "butt"):
        """Stroke polylines [(points, closed)], joins and caps drawn as PDF/SVG do."""
        hw = width_px / 2
        allpts = [p for pts, _ in polylines for p in pts]
        if not allpts or hw <= 0:
            return
        pad = hw * MITER_LIMIT + 2
        x0, y0, x1, y1 = bbox(allpts)
        x0, y0, x1, y1 = x0 - pad, y0 - pad, x1 + pad, y1 + pad
        if self._direct(x0, y0, x1, y1, alpha):
            d, ox, oy, ink, mask = ImageDraw.Draw(self.img), 0, 0, (colour.r, colour.g, colour.b), None
        else:
            ox, oy = math.floor(x0), math.floor(y0)
            mask = PILImage.new("L", (math.ceil(x1) - ox, math.ceil(y1) - oy), 0)
            d, ink = ImageDraw.Draw(mask), 255
        for pts, closed in polylines:
            polys, discs = stroke_outline(pts, closed, hw, join, cap)
            for poly in polys:
                d.polygon([(x - ox, y - oy) for x, y in poly] if ox or oy else poly, fill=ink)
            for cx, cy, r in discs:
                d.ellipse((cx - ox - r, cy - oy - r, cx - ox + r, cy - oy + r), fill=ink)
        if mask is not None:
            self._paste(colour, mask, ox, oy, alpha)

    # ------------------------------------------------------------ tree walk
    def node(self, n, tf: Transform, alpha: float):
        t = type(n)
        if t is Group:
            self.group(n, tf, alpha)
        elif t is Text:
            self.text(n, tf, alpha)
        elif t is Image:
            self.image(n, tf, alpha)
        elif t in (Rect, Path, Ellipse, Polygon):
            self.shape(n, tf, alpha)
        else:
            raise TypeError(f"cannot draw {t.__name__} in PNG")

    def group(self, g: Group, tf: Transform, alpha: float):
        inner = tf @ g.transform
        saved = self.clip
        if g.clip is not None:
            self.clip = self._clip_for(g.clip, inner)
        a = alpha * g.opacity
        for child in g.children:
            self.node(child, inner, a)
        self.clip = saved

    def shape(self, n, tf: Transform, alpha: float):
        st = n.style
        stroke = st.stroke is not None and st.stroke_width > 0
        if st.fill is None and not stroke and st.hatch is None:
            return
        ops = outline(n)
        if not ops:
            return
        a = alpha * st.opacity
        subs = flatten(ops, 0.25, tf.apply)
        if st.fill is not None and not self._fast_rect(n, tf, st.fill, a):
            self._fill(st.fill, subs, a)
        lin = math.sqrt(abs(tf.a * tf.d - tf.b * tf.c)) or 1.0
        if st.hatch is not None:
            segs = hatch_segments(ops, st.hatch)
            lines = [([tf.apply(x1, y1), tf.apply(x2, y2)], False) for x1, y1, x2, y2 in segs]
            if lines:
                self._stroke(st.hatch.color, lines, st.hatch.width * lin, a)
        if stroke:
            polylines = subs
            if st.dash:
                pattern = [d * lin for d in st.dash]
                polylines = [(piece, False) for pts, closed in subs
                             for piece in _dash_polyline(pts + [pts[0]] if closed else pts, pattern)]
            self._stroke(st.stroke, polylines, st.stroke_width * lin, a, st.join, st.cap)

    def _affine_tile(self, tile: PILImage.Image, local_box, tf: Transform):
        """Map a tile covering ``local_box`` (scene units of the node) onto the page.

        Returns (mask-or-image, ox, oy) on the working canvas.
        """
        bx0, by0, bx1, by1 = local_box
        corners = [tf.apply(x, y) for x, y in ((bx0, by0), (bx1, by0), (bx1, by1), (bx0, by1))]
        X0, Y0, X1, Y1 = bbox(corners)
        ox, oy = math.floor(X0), math.floor(Y0)
        w, h = max(1, math.ceil(X1) - ox), max(1, math.ceil(Y1) - oy)
        # inverse of tf: page px -> local units
        det = tf.a * tf.d - tf.b * tf.c
        if abs(det) < 1e-12:
            return None
        ia, ib, ic, id_ = tf.d / det, -tf.b / det, -tf.c / det, tf.a / det
        ie = -(ia * tf.e + ic * tf.f)
        if_ = -(ib * tf.e + id_ * tf.f)
        rx = tile.width / (bx1 - bx0)
        ry = tile.height / (by1 - by0)
        # tile px u = (lx - bx0) * rx with lx = ia*X + ic*Y + ie, X = ox + i
        coeffs = (rx * ia, rx * ic, rx * (ia * ox + ic * oy + ie - bx0),
                  ry * ib, ry * id_, ry * (ib * ox + id_ * oy + if_ - by0))
        out = tile.transform((w, h), PILImage.Transform.AFFINE, coeffs, resample=PILImage.Resampling.BILINEAR)
        return out, ox, oy

    def text(self, t: Text, tf: Transform, alpha: float):
        if t.fill is None or not t.text:
            return
        page_tf = tf
        uniform = abs(tf.b) < 1e-9 and abs(tf.c) < 1e-9 and tf.a > 0 and abs(tf.a - tf.d) < 1e-9
        path = str(fonts.face(t.font, t.weight).path)
        a = alpha * t.opacity
        shift = {"start": 0.0, "middle": 0.5, "end": 1.0}[t.anchor]
        for ln in layout(t):
            if not ln.text:
                continue
            size_mm = ln.size * MM_PER_PT
            if uniform:
                px = size_mm * tf.a
                font = _font(path, px)
                # start the line where the shared layout's width says (as the PDF does)
                X, Y = tf.apply(ln.x - shift * ln.width, ln.y)
                l, tp, r, b = font.getbbox(ln.text, anchor="ls")
                if self._direct(X + l, Y + tp, X + r, Y + b, a):
                    ImageDraw.Draw(self.img).text((X, Y), ln.text, font=font, anchor="ls",
                                                  fill=(t.fill.r, t.fill.g, t.fill.b))
                    continue
                ox, oy = math.floor(X + l) - 1, math.floor(Y + tp) - 1
                w, h = math.ceil(X + r) - ox + 2, math.ceil(Y + b) - oy + 2
                if w <= 0 or h <= 0:
                    continue
                mask = PILImage.new("L", (w, h), 0)
                ImageDraw.Draw(mask).text((X - ox, Y - oy), ln.text, font=font, fill=255, anchor="ls")
                self._paste(t.fill, mask, ox, oy, a)
                continue
            # general transform: draw upright in a tile, then map it
            res = math.sqrt(abs(tf.a * tf.d - tf.b * tf.c))  # px per local unit
            font = _font(path, size_mm * res)
            asc, desc = fonts.ascent_descent(ln.size, t.font, t.weight)
            x0 = ln.x - shift * ln.width
            box = (x0 - 0.5, ln.y - asc - 0.5, x0 + ln.width + 0.5, ln.y + desc + 0.5)
            tw = max(1, math.ceil((box[2] - box[0]) * res))
            th = max(1, math.ceil((box[3] - box[1]) * res))
            tile = PILImage.new("L", (tw, th), 0)
            ImageDraw.Draw(tile).text(((x0 - box[0]) * res, (ln.y - box[1]) * res), ln.text, font=font,
                                      fill=255, anchor="ls")
            got = self._affine_tile(tile, box, page_tf)
            if got:
                self._paste(t.fill, *got, a)

    def image(self, im: Image, tf: Transform, alpha: float):
        src = im.source
        pic = PILImage.open(io.BytesIO(src) if isinstance(src, (bytes, bytearray)) else os.fspath(src))
        pic = pic.convert("RGBA")
        got = self._affine_tile(pic, (im.x, im.y, im.x + im.w, im.y + im.h), tf)
        if not got:
            return
        layer, ox, oy = got
        W, H = self.work
        cx0, cy0 = max(0, ox), max(0, oy)
        cx1, cy1 = min(W, ox + layer.width), min(H, oy + layer.height)
        if cx0 >= cx1 or cy0 >= cy1:
            return
        layer = layer.crop((cx0 - ox, cy0 - oy, cx1 - ox, cy1 - oy))
        mask = layer.getchannel("A")
        if alpha < 1:
            mask = mask.point(lambda v: round(v * alpha))
        clip = self.clip
        if clip is not None:
            cm = clip[4] if clip[4] is not None else PILImage.new("L", (clip[2] - clip[0], clip[3] - clip[1]), 255)
            mask = ImageChops.multiply(mask, cm.crop((cx0 - clip[0], cy0 - clip[1], cx1 - clip[0], cy1 - clip[1])))
        self.img.paste(layer.convert("RGB"), (cx0, cy0, cx1, cy1), mask)

    def render(self) -> PILImage.Image:
        self.node(self.page.content, scale(self.k), 1.0)
        if self.ss == 1:
            return self.img
        img = self.img.reduce(self.ss)  # box filter: the average of each ss x ss block
        return img if img.size == self.size else img.resize(self.size, PILImage.Resampling.BOX)


def render_image(page: Page, dpi: float = 150) -> PILImage.Image:
    """The page as an RGB pillow image at ``dpi``."""
    return _Raster(page, dpi).render()


def png_bytes(page: Page, dpi: float = 150) -> bytes:
    buf = io.BytesIO()
    img = render_image(page, dpi)
    img.save(buf, format="PNG", dpi=(dpi, dpi), compress_level=3)  # ~as small as 6, a third faster
    return buf.getvalue()


def write_png(page: Page, path, dpi: float = 150) -> None:
    with open(os.fspath(path), "wb") as fh:
        fh.write(png_bytes(page, dpi))
