"""SVG path data (``d``) as pnp's path ops, and fitted into a box.

Read by the svg.path library (every command, absolute and relative, elliptical
arcs included); curves stay cubic Béziers, arcs become cubics of at most 90
degrees, and a path's extent is that of its curves, not of their control points.
"""
from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING

from pnp.scene.primitives import Box

if TYPE_CHECKING:
    from svg.path import Arc

_PATH_CHARS = re.compile(r"^[MmZzLlHhVvCcSsQqTtAa0-9eE+\-.,\s]*$")


def parse_d(d: str) -> list[tuple]:
    """SVG path data as M/L/C/Z ops in its own coordinates; ValueError saying what is wrong."""
    from svg.path import Arc, Close, CubicBezier, Line, Move, QuadraticBezier, parse_path
    from svg.path.parser import InvalidPathError

    text = d.strip()
    bad = next((c for c in text if not _PATH_CHARS.match(c)), None)
    if bad is not None:
        raise ValueError(f"path data may hold SVG path commands (M L H V C S Q T A Z) and numbers; "
                         f"{bad!r} is neither")
    if not text or text[0] not in "Mm":
        raise ValueError("path data starts with a move (M x y)")
    try:
        segments = parse_path(text)
    except (InvalidPathError, ValueError, IndexError) as exc:
        raise ValueError(f"path data cannot be read: {exc}") from None
    ops: list[tuple] = []
    for seg in segments:
        if isinstance(seg, Move):
            ops.append(("M", seg.end.real, seg.end.imag))
        elif isinstance(seg, Line):
            ops.append(("L", seg.end.real, seg.end.imag))
        elif isinstance(seg, CubicBezier):
            ops.append(("C", seg.control1.real, seg.control1.imag, seg.control2.real, seg.control2.imag,
                        seg.end.real, seg.end.imag))
        elif isinstance(seg, QuadraticBezier):
            p0, c, p1 = seg.start, seg.control, seg.end
            c1, c2 = p0 + 2 / 3 * (c - p0), p1 + 2 / 3 * (c - p1)
            ops.append(("C", c1.real, c1.imag, c2.real, c2.imag, p1.real, p1.imag))
        elif isinstance(seg, Arc):
            ops += _arc_cubics(seg)
        elif isinstance(seg, Close):
            ops.append(("Z",))
    if not all(math.isfinite(v) for op in ops for v in op[1:]):
        raise ValueError("path data holds a number too large to draw")
    if not any(op[0] in "LC" for op in ops):
        raise ValueError("path data draws nothing: it needs a line or curve after its move")
    return ops


def _arc_cubics(seg: "Arc") -> list[tuple]:
    """An SVG elliptical arc as cubic segments of at most 90 degrees."""
    if seg.radius.real == 0 or seg.radius.imag == 0:
        return [("L", seg.end.real, seg.end.imag)]
    rx, ry = abs(seg.radius.real), abs(seg.radius.imag)
    rot = math.radians(seg.rotation)
    n = max(1, math.ceil(abs(seg.delta) / 90.0 - 1e-9))
    step = math.radians(seg.delta) / n
    k = 4.0 / 3.0 * math.tan(step / 4.0)
    cos_r, sin_r = math.cos(rot), math.sin(rot)

    def at(x: float, y: float) -> tuple[float, float]:
        return (seg.center.real + x * rx * cos_r - y * ry * sin_r, seg.center.imag + x * rx * sin_r + y * ry * cos_r)

    out: list[tuple] = []
    a = math.radians(seg.theta)
    for _ in range(n):
        b = a + step
        ca, sa, cb, sb = math.cos(a), math.sin(a), math.cos(b), math.sin(b)
        out.append(("C", *at(ca - k * sa, sa + k * ca), *at(cb + k * sb, sb - k * cb), *at(cb, sb)))
        a = b
    return out


def bounds(ops: list[tuple]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of what the ops draw: curves by their extremes, not their control points."""
    xs: list[float] = []
    ys: list[float] = []
    cur = (0.0, 0.0)
    for op in ops:
        if op[0] in "ML":
            cur = (op[1], op[2])
            xs.append(cur[0])
            ys.append(cur[1])
        elif op[0] == "C":
            p0, p1, p2, p3 = cur, (op[1], op[2]), (op[3], op[4]), (op[5], op[6])
            for axis, out in ((0, xs), (1, ys)):
                out += [_cubic(p0[axis], p1[axis], p2[axis], p3[axis], t)
                        for t in (0.0, 1.0, *_extremes(p0[axis], p1[axis], p2[axis], p3[axis]))]
            cur = p3
    return min(xs), min(ys), max(xs), max(ys)


def _cubic(a: float, b: float, c: float, d: float, t: float) -> float:
    u = 1 - t
    return u * u * u * a + 3 * u * u * t * b + 3 * u * t * t * c + t * t * t * d


def _extremes(a: float, b: float, c: float, d: float) -> list[float]:
    """The t in (0, 1) where a cubic's coordinate turns (its derivative is 0)."""
    qa, qb, qc = -a + 3 * b - 3 * c + d, 2 * (a - 2 * b + c), b - a
    if abs(qa) < 1e-12:
        return [-qc / qb] if abs(qb) > 1e-12 and 0 < -qc / qb < 1 else []
    disc = qb * qb - 4 * qa * qc
    if disc < 0:
        return []
    r = math.sqrt(disc)
    return [t for t in ((-qb + r) / (2 * qa), (-qb - r) / (2 * qa)) if 0 < t < 1]


def fit(ops: list[tuple], box: Box, viewbox: tuple[float, float, float, float] | None = None) -> list[tuple]:
    """``ops`` mapped into ``box``: their drawn extent (or the ``viewbox`` x, y, w, h) onto the box."""
    if viewbox is not None:
        x0, y0, w, h = viewbox
    else:
        x0, y0, x1, y1 = bounds(ops)
        w, h = x1 - x0, y1 - y0
    sx = box.w / w if w else 0.0
    sy = box.h / h if h else 0.0
    ox = box.x if w else box.x + box.w / 2
    oy = box.y if h else box.y + box.h / 2

    def m(x: float, y: float) -> tuple[float, float]:
        return (ox + (x - x0) * sx, oy + (y - y0) * sy)

    out: list[tuple] = []
    for op in ops:
        if op[0] == "Z":
            out.append(op)
        else:
            pts = [m(op[i], op[i + 1]) for i in range(1, len(op), 2)]
            out.append((op[0], *[v for p in pts for v in p]))
    return out
