"""The shared hatch geometry: segments inside the shape, holes respected, pattern continuous."""
from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.render.hatch import hatch_segments
from pnp.render.shapes import outline
from pnp.scene import Circle, Path, Rect
from pnp.scene.style import Hatch


def inside_rect(x, y, r, eps=1e-6):
    return r.x - eps <= x <= r.x + r.w + eps and r.y - eps <= y <= r.y + r.h + eps


@settings(max_examples=60, deadline=None)
@given(x=st.floats(-50, 50), y=st.floats(-50, 50), w=st.floats(1, 80), h=st.floats(1, 80),
       angle=st.floats(0, 180), spacing=st.floats(0.5, 6))
def test_segments_stay_in_a_rect_and_span_it(x, y, w, h, angle, spacing):
    r = Rect(x, y, w, h)
    segs = hatch_segments(outline(r), Hatch(angle, spacing))
    for x1, y1, x2, y2 in segs:
        assert inside_rect(x1, y1, r) and inside_rect(x2, y2, r)
        # every end lies on the outline: the line is clipped exactly at the edge
        for px, py in ((x1, y1), (x2, y2)):
            assert min(abs(px - r.x), abs(px - r.x - r.w), abs(py - r.y), abs(py - r.y - r.h)) < 1e-6
    # the lines are spacing apart across the hatch direction, so their count matches the width across
    a = math.radians(angle)
    across = abs(w * math.sin(a)) + abs(h * math.cos(a))
    assert abs(len(segs) - across / spacing) <= 1.0 + 1e-6


def test_even_odd_hole_is_left_empty():
    ring = Path().arc(0, 0, 20, 20, 0, 360).close().arc(0, 0, 10, 10, 0, 360).close()
    segs = hatch_segments(outline(ring), Hatch(0, 1))
    assert segs
    for x1, y1, x2, y2 in segs:
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        assert 10 - 0.05 <= math.hypot(mx, my) <= 20 + 0.05  # no segment crosses the hole
    through_centre = [s for s in segs if abs(s[1]) < 1e-9]
    assert len(through_centre) == 2  # the y = 0 line is split in two by the hole


def test_neighbouring_shapes_continue_the_same_lines():
    h = Hatch(30, 2.5)
    left = hatch_segments(outline(Rect(0, 0, 10, 10)), h)
    right = hatch_segments(outline(Rect(10, 0, 10, 10)), h)
    a = math.radians(30)

    def offsets(segs):  # distance of each line from the origin, across the hatch direction
        return {round(-x1 * math.sin(a) + y1 * math.cos(a), 6) for x1, y1, _, _ in segs}

    shared = offsets(left) & offsets(right)
    assert shared and all(abs(v / 2.5 - round(v / 2.5)) < 1e-6 for v in shared)


def test_circle_hatch_lengths_follow_the_chord():
    segs = hatch_segments(outline(Circle(0, 0, 10)), Hatch(0, 5))
    lengths = sorted(round(math.dist(s[:2], s[2:]), 2) for s in segs)
    expected = sorted(round(2 * math.sqrt(100 - y * y), 2) for y in (-5, 0, 5))
    assert all(abs(a - b) < 0.05 for a, b in zip(lengths, expected)) and len(lengths) == 3
