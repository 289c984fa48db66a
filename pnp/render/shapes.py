"""Geometry every backend shares: a primitive's outline as M/L/C/Z ops,
curve flattening, and bounding boxes.

Rects with a radius become :func:`rounded_rect_path`, ellipses become four
cubic quarter arcs, so the PDF, the SVG and the PNG trace the same curves.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Callable, Iterable, Sequence

from pnp.scene.geometry import normalise, rounded_rect_path
from pnp.scene.primitives import Ellipse, Path, Polygon, Rect, Shape

Point = tuple[float, float]


@lru_cache(maxsize=4096)
def _ellipse_ops(cx: float, cy: float, rx: float, ry: float) -> tuple:
    return tuple(normalise(Path().arc(cx, cy, rx, ry, 0, 360).close()))


@lru_cache(maxsize=4096)
def _rounded_ops(x: float, y: float, w: float, h: float, r: float) -> tuple:
    return tuple(normalise(rounded_rect_path(x, y, w, h, r)))


def outline(node: Shape) -> list[tuple] | tuple[tuple, ...]:
    """The node's outline in its own coordinates, using only M/L/C/Z."""
    if isinstance(node, Rect):
        if node.radius > 0:
            return _rounded_ops(node.x, node.y, node.w, node.h, node.radius)
        x, y, w, h = node.x, node.y, node.w, node.h
        return (("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",))
    if isinstance(node, Ellipse):
        return _ellipse_ops(node.cx, node.cy, node.rx, node.ry)
    if isinstance(node, Polygon):
        pts = node.points
        if not pts:
            return ()
        ops: list[tuple] = [("M", *pts[0])] + [("L", *p) for p in pts[1:]]
        if node.closed:
            ops.append(("Z",))
        return ops
    if isinstance(node, Path):
        return normalise(node)
    raise TypeError(f"no outline for {type(node).__name__}")


def flatten(ops: Iterable[tuple], tol: float, transform: "Callable[[float, float], Point] | None" = None) \
        -> list[tuple[list[Point], bool]]:
    """Subpaths as (points, closed) with cubics cut into straight pieces.

    ``tol`` is the largest allowed distance from the true curve, in the units
    of the output (after ``transform``, a function (x, y) -> (x, y), if given).
    """
    tf: Callable[[float, float], Point] = transform or (lambda x, y: (x, y))
    subs: list[tuple[list[Point], bool]] = []
    pts: list[Point] | None = None
    cur: Point = (0.0, 0.0)
    for op in ops:
        k = op[0]
        if k == "M":
            if pts and len(pts) > 1:
                subs.append((pts, False))
            cur = tf(op[1], op[2])
            pts = [cur]
        elif k == "L":
            cur = tf(op[1], op[2])
            if pts is None:
                pts = [cur]
            else:
                pts.append(cur)
        elif k == "C":
            p0 = cur
            p1, p2, p3 = tf(op[1], op[2]), tf(op[3], op[4]), tf(op[5], op[6])
            if pts is None:
                pts = [p0]
            ddx = max(abs(p0[0] - 2 * p1[0] + p2[0]), abs(p1[0] - 2 * p2[0] + p3[0]))
            ddy = max(abs(p0[1] - 2 * p1[1] + p2[1]), abs(p1[1] - 2 * p2[1] + p3[1]))
            n = max(1, min(200, math.ceil(math.sqrt(0.75 * math.hypot(ddx, ddy) / tol))))
            for i in range(1, n + 1):
                t = i / n
                mt = 1 - t
                a, b, c, d = mt * mt * mt, 3 * mt * mt * t, 3 * mt * t * t, t * t * t
                pts.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                            a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
            cur = p3
        elif k == "Z":
            if pts and len(pts) > 1:
                subs.append((pts, True))
                cur = pts[0]
            pts = [cur]
    if pts and len(pts) > 1:
        subs.append((pts, False))
    return subs


def bbox(points: "Sequence[Point]") -> tuple[float, float, float, float]:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)
