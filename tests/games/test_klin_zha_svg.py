"""Read the foil back from SVG: every cloud and edge cell lands on the board's cell, in mm, and the marks
are the board's (the foils are drawn by data/klin-zha/foils.yaml, the board by board.yaml)."""
import re
import xml.etree.ElementTree as ET

import pytest

from pnp.model.assets import BuildOptions
from pnp.model.game import discover
from pnp.model.trilattice import Cell
from pnp.output.build import collect_assets
from pnp.games.klin_zha.rules import load_kit
from pnp.games.klin_zha.sky import resolve
from pnp.render import svg

NS = "{http://www.w3.org/2000/svg}"
UNDER, EDGE = "#5b6b80", "#dbe3ee"  # foils.yaml's fills


def _matrix(attr):
    if not attr:
        return (1, 0, 0, 1, 0, 0)
    m = re.fullmatch(r"matrix\(([^)]*)\)", attr.strip())
    assert m, attr
    return tuple(float(v) for v in re.split(r"[ ,]+", m.group(1).strip()))


def _mul(p, q):  # p applied after q
    a, b, c, d, e, f = p
    A, B, C, D, E, F = q
    return (a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D, a * E + c * F + e, b * E + d * F + f)


def polygons(root):
    """(owner group id, fill, points in page mm) of every polygon."""
    out = []

    def walk(el, t, owner):
        if el.tag == NS + "g":
            t = _mul(t, _matrix(el.get("transform")))
            owner = el.get("id") or owner
        if el.tag == NS + "polygon":
            pts = [tuple(float(v) for v in p.split(",")) for p in el.get("points").split()]
            out.append((owner, (el.get("fill") or "").lower(),
                        tuple(sorted((round(t[0] * x + t[2] * y + t[4], 3), round(t[1] * x + t[3] * y + t[5], 3))
                                     for x, y in pts))))
        for ch in el:
            walk(ch, t, owner)

    walk(root, (1, 0, 0, 1, 0, 0), None)
    return out


def parse(page, tmp_path, name):
    p = tmp_path / f"{name}.svg"
    svg.write_svg(page, p)
    root = ET.parse(p).getroot()
    assert root.get("viewBox") == f"0 0 {page.width:g} {page.height:g}"
    assert root.get("width") == f"{page.width:g}mm"
    return polygons(root)


@pytest.mark.parametrize("name, mirror", [("2-medium", False), ("3-heavy", False), ("1-light", True)])
def test_svg_foil_cells_sit_on_svg_board_cells(tmp_path, name, mirror):
    game = discover()["klin-zha"]
    kit = load_kit(game)
    assets = {a.name: a for a in collect_assets(game, BuildOptions(extra={"mirror": mirror}))}
    (board_page,) = list(assets["board"].iter_pages())
    (foil_page,) = list(assets[f"clouds/{name}"].iter_pages())
    board = {pts: owner[len("cell-"):] for owner, _, pts in parse(board_page, tmp_path, "board")
             if owner and owner.startswith("cell-")}
    assert len(board) == 81
    foil = parse(foil_page, tmp_path, "foil")
    got = {"under": set(), "edge": set()}
    for _, fill, pts in foil:
        if fill in (UNDER, EDGE) and len(pts) == 3:
            assert pts in board, (fill, pts)  # the foil's cell is exactly a board cell, in mm
            got["under" if fill == UNDER else "edge"].add(board[pts])
    g = kit.grid()
    sky = resolve(g, next(x for x in kit.layouts if x.name == name).model)

    def where(cell):
        return g.name(Cell(cell.row, 2 * cell.row - 2 - cell.pos) if mirror else cell)

    assert got["under"] == {where(c) for c in sky.under}
    assert got["edge"] == {where(c) for c in sky.edge}
    for pts in board:  # and in absolute terms: 24 mm edges, inside the A4 landscape sheet
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        assert max(xs) - min(xs) == pytest.approx(g.edge, abs=1e-3)
        assert 6 < min(xs) and max(xs) < 291 and 6 < min(ys) and max(ys) < 204
