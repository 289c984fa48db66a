"""Read the overlay back from SVG: every cloud and edge cell lands on the board's cell, in mm."""
import re
import xml.etree.ElementTree as ET

import pytest

from pnp.model.assets import BuildOptions
from pnp.layout.builtin.trigrid import Cell, triboard_assets
from pnp.model.game import discover
from pnp.games.klin_zha.assets import overlay_pages
from pnp.games.klin_zha.rules import load_kit
from pnp.games.klin_zha.sky import resolve
from pnp.render import svg

NS = "{http://www.w3.org/2000/svg}"


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


def shapes_by_id(root):
    """{group id: first polygon's points in page mm} for every id'd group."""
    out = {}

    def walk(el, t, owner):
        if el.tag == NS + "g":
            t = _mul(t, _matrix(el.get("transform")))
            gid = el.get("id")
            if gid:
                owner = gid
        if el.tag == NS + "polygon" and owner and owner not in out:
            pts = [tuple(float(v) for v in p.split(",")) for p in el.get("points").split()]
            out[owner] = [(t[0] * x + t[2] * y + t[4], t[1] * x + t[3] * y + t[5]) for x, y in pts]
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
    return shapes_by_id(root)


def close(a, b):
    return len(a) == len(b) and all(abs(p[0] - q[0]) < 1e-3 and abs(p[1] - q[1]) < 1e-3
                                    for p, q in zip(sorted(a), sorted(b)))


@pytest.mark.parametrize("name, mirror", [("2-medium", False), ("3-heavy", False), ("1-light", True)])
def test_svg_overlay_cells_sit_on_svg_board_cells(tmp_path, name, mirror):
    game = discover()["klin-zha"]
    kit = load_kit(game)
    (board_asset,) = list(triboard_assets(kit.board, game, BuildOptions(), "board"))
    (board_page,) = list(board_asset.iter_pages())
    lay = next(x for x in kit.layouts if x.name == name)
    (over_page,) = overlay_pages(kit, lay, BuildOptions(extra={"mirror": mirror}))
    board = parse(board_page, tmp_path, "board")
    over = parse(over_page, tmp_path, "over")
    g = kit.grid()
    sky = resolve(g, lay.model)
    assert len([k for k in board if k.startswith("cell-")]) == 81
    for cell in g.cells():
        n = g.name(cell)
        target = Cell(cell.row, 2 * cell.row - 2 - cell.pos) if mirror else cell
        state = sky.state(cell)
        if state == "normal":
            assert f"under-{n}" not in over and f"edge-{n}" not in over
            continue
        got = over[f"{state}-{n}"]
        assert close(got, board[f"cell-{g.name(target)}"]), (n, state)
        # and in absolute terms: 25 mm edges, inside the A4 landscape sheet
        xs, ys = [p[0] for p in got], [p[1] for p in got]
        assert max(xs) - min(xs) == pytest.approx(25.0, abs=1e-3)
        assert 0 < min(xs) and max(xs) < 297 and 0 < min(ys) and max(ys) < 210
