"""Path normalisation shared by all backends, so curves agree exactly.

Backends draw only M/L/C/Z: quadratic curves are raised to cubics and
centre-form arcs are split into cubic segments of at most 90 degrees.
"""
from __future__ import annotations

import math
from typing import Iterator

from pnp.scene.primitives import Path


def _arc_to_cubics(cx: float, cy: float, rx: float, ry: float, start_deg: float,
                   sweep_deg: float) -> Iterator[tuple[float, float, float, float, float, float]]:
    """Yield (x1, y1, x2, y2, x, y) cubic segments approximating the arc."""
    n = max(1, math.ceil(abs(sweep_deg) / 90.0 - 1e-9))
    step = math.radians(sweep_deg) / n
    k = 4.0 / 3.0 * math.tan(step / 4.0)
    a = math.radians(start_deg)
    for _ in range(n):
        b = a + step
        ca, sa, cb, sb = math.cos(a), math.sin(a), math.cos(b), math.sin(b)
        yield (
            cx + rx * (ca - k * sa), cy + ry * (sa + k * ca),
            cx + rx * (cb + k * sb), cy + ry * (sb - k * cb),
            cx + rx * cb, cy + ry * sb,
        )
        a = b


def arc_point(cx: float, cy: float, rx: float, ry: float, deg: float) -> tuple[float, float]:
    r = math.radians(deg)
    return cx + rx * math.cos(r), cy + ry * math.sin(r)


def normalise(path: Path) -> list[tuple]:
    """Return the path's ops using only M, L, C and Z."""
    out: list[tuple] = []
    cur = (0.0, 0.0)
    start = (0.0, 0.0)
    for op in path.ops:
        kind = op[0]
        if kind == "M":
            cur = start = (op[1], op[2])
            out.append(op)
        elif kind == "L":
            cur = (op[1], op[2])
            out.append(op)
        elif kind == "C":
            cur = (op[5], op[6])
            out.append(op)
        elif kind == "Q":
            x0, y0 = cur
            qx, qy, x, y = op[1:]
            out.append(("C", x0 + 2 / 3 * (qx - x0), y0 + 2 / 3 * (qy - y0),
                        x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), x, y))
            cur = (x, y)
        elif kind == "A":
            cx, cy, rx, ry, s, sweep = op[1:]
            p0 = arc_point(cx, cy, rx, ry, s)
            if not out:
                out.append(("M", *p0))
                start = p0
            elif math.dist(p0, cur) > 1e-9:
                out.append(("L", *p0))
            for seg in _arc_to_cubics(cx, cy, rx, ry, s, sweep):
                out.append(("C", *seg))
            cur = arc_point(cx, cy, rx, ry, s + sweep)
        elif kind == "Z":
            out.append(("Z",))
            cur = start
        else:
            raise ValueError(f"unknown path command {kind!r}")
    return out


def rounded_rect_path(x: float, y: float, w: float, h: float, r: float) -> Path:
    """A rectangle with circular corners of radius r, as a closed path."""
    r = max(0.0, min(r, w / 2, h / 2))
    p = Path()
    p.move(x + r, y).line(x + w - r, y).arc(x + w - r, y + r, r, r, -90, 90)
    p.line(x + w, y + h - r).arc(x + w - r, y + h - r, r, r, 0, 90)
    p.line(x + r, y + h).arc(x + r, y + h - r, r, r, 90, 90)
    p.line(x, y + r).arc(x + r, y + r, r, r, 180, 90)
    return p.close()
