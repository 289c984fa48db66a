"""Hatch lines as plain geometry: parallel segments clipped to a shape.

Computed once here so all three backends draw the very same segments.
Lines are anchored at the coordinate origin (one line passes through (0, 0)),
so neighbouring shapes with the same hatch continue each other's pattern.
The fill rule is even-odd, like every filled shape in pnp.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Iterable, Sequence

Segment = tuple[float, float, float, float]  # x1, y1, x2, y2 in mm

from pnp.scene.style import Hatch
from pnp.render.shapes import flatten

FLAT_TOLERANCE = 0.01  # mm


@lru_cache(maxsize=1024)
def _segments(ops: tuple, angle: float, spacing: float) -> "tuple[Segment, ...]":
    if spacing <= 0:
        raise ValueError(f"hatch spacing must be positive, got {spacing}")
    a = math.radians(angle)
    ca, sa = math.cos(a), math.sin(a)
    # rotate so hatch lines run along u; v is the across-line coordinate
    edges: list[tuple[tuple[float, float], tuple[float, float]]] = []
    vmin, vmax = math.inf, -math.inf
    for pts, _closed in flatten(ops, FLAT_TOLERANCE):
        uv = [(x * ca + y * sa, -x * sa + y * ca) for x, y in pts]
        for i in range(len(uv)):
            p, q = uv[i - 1], uv[i]  # implicit close: fill semantics
            if p[1] != q[1]:
                edges.append((p, q) if p[1] < q[1] else (q, p))
            vmin = min(vmin, q[1])
            vmax = max(vmax, q[1])
    out: list[Segment] = []
    if not edges:
        return ()
    k0 = math.ceil(vmin / spacing)
    k1 = math.floor(vmax / spacing)
    for k in range(k0, k1 + 1):
        v = k * spacing
        xs: list[float] = []
        for (u0, v0), (u1, v1) in edges:
            if v0 <= v < v1:
                xs.append(u0 + (v - v0) * (u1 - u0) / (v1 - v0))
        xs.sort()
        for i in range(0, len(xs) - 1, 2):
            ua, ub = xs[i], xs[i + 1]
            if ub - ua > 1e-9:
                out.append((ua * ca - v * sa, ua * sa + v * ca, ub * ca - v * sa, ub * sa + v * ca))
    return tuple(out)


def hatch_segments(ops: Iterable[Sequence[object]], hatch: Hatch) -> "tuple[Segment, ...]":
    """Segments (x1, y1, x2, y2) in the shape's coordinates filling ``ops``."""
    return _segments(tuple(tuple(op) for op in ops), float(hatch.angle), float(hatch.spacing))
