"""Triangular-lattice geometry: counts, names, neighbours, corners, shifts."""
import math

import pytest

from pnp.model.trilattice import DIRECTIONS, SQRT3, Cell, TriGrid, corner_kites


def test_81_cells_45_up_36_down():
    g = TriGrid(9, 25.0)
    cells = g.cells()
    assert len(cells) == 81
    assert sum(c.up for c in cells) == 45
    assert sum(not c.up for c in cells) == 36
    for r in range(1, 10):
        row = [c for c in cells if c.row == r]
        assert len(row) == 2 * r - 1
        assert row[0].up and row[-1].up


def test_takzh_names_of_landmarks_and_uniqueness():
    g = TriGrid(9, 25.0)
    assert g.name(Cell(1, 0)) == "A19"
    assert g.name(Cell(9, 0)) == "I11"
    assert g.name(Cell(9, 16)) == "I99"
    assert g.name(Cell(9, 8)) == "I55"
    names = g.names()
    assert len(set(names)) == 81
    for c in g.cells():
        assert g.cell(g.name(c)) == c
    # down cells: R = k + 10 - r
    assert g.name(Cell(2, 1)) == "B19"
    assert not g.is_name("A11") and not g.is_name("J11")


def test_cells_tile_the_big_triangle():
    g = TriGrid(9, 25.0)
    area = sum(abs(_area(g.vertices(c))) for c in g.cells())
    big = g.width * g.height / 2
    assert area == pytest.approx(big)
    for c in g.cells():
        vs = g.vertices(c)
        for i in range(3):
            assert math.dist(vs[i], vs[(i + 1) % 3]) == pytest.approx(25.0)
        cx, cy = g.centroid(c)
        top = min(y for _, y in vs)
        # up cells have their point at the top: two corners at the bottom
        assert (sum(1 for _, y in vs if y == pytest.approx(top)) == 1) == c.up


def _area(vs):
    return sum(vs[i][0] * vs[(i + 1) % 3][1] - vs[(i + 1) % 3][0] * vs[i][1] for i in range(3)) / 2


def test_neighbours_by_edge_and_corner():
    g = TriGrid(9, 25.0)
    for c in g.cells():
        en = g.edge_neighbours(c)
        cn = g.corner_neighbours(c)
        assert set(en) <= set(cn)
        assert all(n.up != c.up for n in en)
        assert 1 <= len(en) <= 3 and len(cn) <= 12
        # an edge neighbour's centroid is exactly two inradii away
        for n in en:
            assert math.dist(g.centroid(c), g.centroid(n)) == pytest.approx(2 * g.inradius())
    inner = g.cell("E37")
    assert sorted(g.name(n) for n in g.edge_neighbours(inner)) == ["E27", "E38", "F37"]
    assert len(g.corner_neighbours(inner)) == 12
    assert len(g.edge_neighbours(g.cell("A19"))) == 1
    assert len(g.corner_neighbours(g.cell("A19"))) == 3


def test_corners_24_each_and_9_half_spaces_from_geometry():
    g = TriGrid(9, 25.0)
    corners, cut = g.regions()
    assert {k: len(v) for k, v in corners.items()} == {"apex": 24, "left": 24, "right": 24}
    assert len(cut) == 9
    everything = [c for v in corners.values() for c in v] + cut
    assert sorted(everything) == sorted(g.cells())
    assert g.cell("A19") in corners["apex"] and g.cell("I11") in corners["left"]
    assert g.cell("I99") in corners["right"] and g.cell("I55") in cut
    # every half-space cell really straddles a kite boundary: its corners are not in one kite
    kites = corner_kites(g)
    for c in cut:
        touched = {t for t, k in kites.items() for v in g.vertices(c) if _inside(v, k)}
        assert len(touched) >= 2
        assert not any(all(_inside(v, k) for v in g.vertices(c)) for k in kites.values())
    # the three corners are mirror images / rotations: same count of up cells
    assert len({sum(c.up for c in v) for v in corners.values()}) == 1


def _inside(p, poly):
    s = [(poly[(i + 1) % 4][0] - poly[i][0]) * (p[1] - poly[i][1]) - (poly[(i + 1) % 4][1] - poly[i][1]) * (p[0] - poly[i][0])
         for i in range(4)]
    return all(v >= -1e-9 for v in s) or all(v <= 1e-9 for v in s)


@pytest.mark.parametrize("n", [4, 6, 9, 12])
def test_corners_partition_other_sizes(n):
    g = TriGrid(n, 10.0)
    corners, cut = g.regions()
    sizes = {len(v) for v in corners.values()}
    assert len(sizes) == 1  # symmetric
    assert 3 * sizes.pop() + len(cut) == n * n


@pytest.mark.parametrize("direction", list(DIRECTIONS))
@pytest.mark.parametrize("steps", [1, 2, 3])
def test_lattice_shift_keeps_orientation_and_moves_by_whole_edges(direction, steps):
    g = TriGrid(9, 25.0)
    _, (ux, uy) = DIRECTIONS[direction]
    moved = 0
    for c in g.cells():
        d = g.shift(c, direction, steps)
        if d is None:
            continue
        moved += 1
        assert d.up == c.up
        (x0, y0), (x1, y1) = g.centroid(c), g.centroid(d)
        assert (x1 - x0, y1 - y0) == (pytest.approx(ux * 25 * steps), pytest.approx(uy * 25 * steps))
    # cells that would land outside drop off, the others all arrive somewhere distinct
    assert 0 < moved < 81
    # going back returns to the start
    for c in g.cells():
        d = g.shift(c, direction, steps)
        if d is not None:
            back = {"right": "left", "left": "right", "down-right": "up-left", "up-left": "down-right",
                    "down-left": "up-right", "up-right": "down-left"}[direction]
            assert g.shift(d, back, steps) == c


def test_shift_to_edge_neighbour_would_flip_orientation():
    """Why clouds move by whole edges: half an edge (to the neighbour) flips up/down."""
    g = TriGrid(9, 25.0)
    c = g.cell("E37")
    for n in g.edge_neighbours(c):
        assert n.up != c.up
        d = math.dist(g.centroid(c), g.centroid(n))
        assert d < 25.0 and not math.isclose(d, 25.0)


def test_row_index_scheme_and_big_boards():
    g = TriGrid(12, 10.0, "row-index")
    assert g.name(Cell(1, 0)) == "A1" and g.name(Cell(12, 22)) == "L23"
    t = TriGrid(12, 10.0, "takzh")
    assert t.name(Cell(1, 0)) == "A1.12"
    assert len(set(t.names())) == 144
    assert g.height == pytest.approx(12 * 10 * SQRT3 / 2)
