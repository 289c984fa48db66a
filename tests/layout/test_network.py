"""The ``network`` element: nodes measured back from the PDF at their size and place, edges rim to rim
styled by type, labels that never run into each other (Rather Silly's whole map), greyscale-distinct
nodes, and the errors of bad node and edge files."""
from __future__ import annotations

import csv
import itertools
import math
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest

from pdfpaths import painted
from pdfread import char_sizes, raster, words
from pnp.layout.compile import Card, CardError, compile_layout
from pnp.layout.data import Records
from pnp.layout.vocabulary import Layout
from pnp.render import write
from pnp.scene import Page

TOL = 0.1


def lay(*elements, tables=None):
    """A layout of the elements, each placed in the card's trim (a network's default frame is the safe zone)."""
    return Layout.model_validate({"kind": "layout", "tables": tables or {},
                                  "elements": [{"frame": "card", **el} for el in elements]})


class Syms:
    by_id = {"dot": None}

    def draw(self, sid, x, y, size, ink=None):
        from pnp.scene import Ellipse, Group, style

        return Group([Ellipse(x + size / 2, y + size / 2, size / 2, size / 2, style(fill="black"))])


def render(layout, folder, w=297.0, h=210.0, name="net"):
    g = compile_layout(layout).stamp({}, Card(w, h, 0, symbols=Syms(), data=Records(folder)))
    page = Page(w, h, g)
    pdf = folder / f"{name}.pdf"
    write("pdf", [page], pdf)
    write("svg", page, folder / f"{name}.svg")
    return pdf


def bounds(pts):
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def write_csv(path: Path, rows):
    with path.open("w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows(rows)


# ------------------------------------------------------------------ sizes and places on the print

def test_nodes_print_at_their_size_and_place_scaled_from_the_extent(tmp_path):
    write_csv(tmp_path / "cities.csv", [["id", "name", "x", "y", "kind"], ["a", "Aberg", 0, 0, "town"],
                                        ["b", "Bestadt", 100, 50, "port"], ["c", "Cedorf", 100, 0, "fort"],
                                        ["d", "Dahl", 0, 50, "camp"]])
    tables = {"shape": {"town": "circle", "port": "ellipse", "fort": "square", "camp": "hex"}}
    el = {"type": "network", "x": 10, "y": 20, "w": 200, "h": 100, "pad": 10, "extent": [0, 0, 100, 50],
          "nodes": "cities.csv", "size": 8, "shape": "{shape[kind]}", "label": None}
    pdf = render(lay(el, tables=tables), tmp_path)
    # 100 x 50 units into 180 x 80 mm: 1.6 mm a unit, centred across (180 - 160) / 2
    k, ox, oy = 1.6, 10 + 10 + 10, 20 + 10
    want = {"a": (ox, oy), "b": (ox + 160, oy + 80), "c": (ox + 160, oy), "d": (ox, oy + 80)}
    shapes = [p for p in painted(pdf) if p.stroked and p.closed]
    found = {}
    for p in shapes:
        x0, y0, x1, y1 = bounds(p.points)
        centre = ((x0 + x1) / 2, (y0 + y1) / 2)
        nid = next(n for n, c in want.items() if math.dist(c, centre) < 1)
        found[nid] = (x1 - x0, y1 - y0, len(p.points))
    assert set(found) == set(want)
    assert abs(found["a"][0] - 8) <= TOL and abs(found["a"][1] - 8) <= TOL  # circle: 8 mm across
    assert abs(found["b"][0] - 12) <= TOL and abs(found["b"][1] - 8) <= TOL  # ellipse: 1.5 x as wide
    assert abs(found["c"][0] - 8) <= TOL and abs(found["c"][1] - 8) <= TOL and found["c"][2] == 4
    assert abs(found["d"][0] - 8) <= TOL and abs(found["d"][1] - 16 / math.sqrt(3)) <= TOL  # hex: 8 across flats
    assert k == pytest.approx(min(180 / 100, 80 / 50))
    root = ET.parse(tmp_path / "net.svg").getroot()  # the SVG draws the same nodes
    ellipses = {(round(float(e.get("cx")), 2), round(float(e.get("cy")), 2)): (float(e.get("rx", e.get("r", 0))),
                                                                             float(e.get("ry", e.get("r", 0))))
                for e in root.iter() if e.tag.endswith(("ellipse", "circle"))}
    assert ellipses[want["a"]] == pytest.approx((4, 4), abs=TOL)
    assert ellipses[want["b"]] == pytest.approx((6, 4), abs=TOL)


def test_edges_run_rim_to_rim_and_take_their_look_from_their_type(tmp_path):
    write_csv(tmp_path / "n.csv", [["id", "name", "x", "y"], ["a", "A", 0, 0], ["b", "B", 100, 0],
                                   ["c", "C", 100, 100]])
    write_csv(tmp_path / "e.csv", [["from", "to", "type"], ["a", "b", "road"], ["b", "c", "ferry"]])
    tables = {"colour": {"road": "#8a6a3f", "ferry": "#3b82c4"}, "dash": {"ferry": "2 1", "default": ""},
              "width": {"road": 0.8, "ferry": 0.4}}
    el = {"type": "network", "x": 0, "y": 0, "w": 120, "h": 120, "pad": 10, "nodes": "n.csv", "edges": "e.csv",
          "size": 10, "label": None, "edge_stroke": "{colour[type]}", "edge_dash": "{dash[type]}",
          "edge_width": "{width[type]}"}
    pdf = render(lay(el, tables=tables), tmp_path, 120, 120)
    lines = [p for p in painted(pdf) if p.stroked and not p.closed and len(p.points) == 2]
    road = next(p for p in lines if tuple(round(v * 255) for v in p.stroke) == (0x8a, 0x6a, 0x3f))
    ferry = next(p for p in lines if tuple(round(v * 255) for v in p.stroke) == (0x3b, 0x82, 0xc4))
    assert road.dash == () and abs(road.width - 0.8) < 1e-3
    assert ferry.dash == (2, 1) and abs(ferry.width - 0.4) < 1e-3
    # a at (10, 10), b at (110, 10): the road leaves a's rim 5 mm right of its centre and ends 5 mm before b
    (x0, y0), (x1, y1) = road.points
    assert abs(x0 - 15) <= TOL and abs(x1 - 105) <= TOL and abs(y0 - 10) <= TOL and abs(y1 - 10) <= TOL


def test_nodes_from_a_yaml_file_and_inline_edges(tmp_path):
    (tmp_path / "n.yaml").write_text("- {id: a, name: Alpha, x: 0, y: 0}\n- {id: b, name: Beta, x: 10, y: 5}\n",
                                     encoding="utf-8")
    el = {"type": "network", "x": 0, "y": 0, "w": 100, "h": 60, "nodes": "n.yaml",
          "edges": [{"from": "a", "to": "b"}], "text": "{id}"}
    pdf = render(lay(el), tmp_path, 100, 60)
    found = {w for w, *_ in words(pdf)}
    assert {"Alpha", "Beta", "a", "b"} <= found


# ------------------------------------------------------------------ Rather Silly's map

def rather_silly_files(folder: Path):
    from pnp.games.rather_silly.mapdata import load_board
    from pnp.games.rather_silly.schematic import borders

    board = load_board(Path(__file__).resolve().parents[2] / "data" / "rather-silly" / "map.yaml")
    homes = board.homes()
    write_csv(folder / "nodes.csv", [["id", "name", "x", "y", "type", "sc", "owner"]] + [
        [p.id, p.name("de"), p.x, p.y, p.type, "yes" if p.sc else "", homes.get(p.id, "")]
        for p in board.provinces.values()])
    write_csv(folder / "edges.csv", [["from", "to", "type"]] + [
        [a.split("/")[0], b.split("/")[0], k] for a, b, k in borders(board)])
    return board


RS_TABLES = {
    "colour": {"sea": "#d4e9f7", "land": "#f4ebd3", "coast": "#f4ebd3", "island": "#efe6fa", "impassable": "#d9d9d9"},
    "shape": {"sea": "ellipse", "default": "circle"},
    "sc": {"yes": "dot", "default": ""},
    "edge": {"army": "#8a6a3f", "fleet": "#3b82c4", "both": "#555555"},
    "dash": {"fleet": "1.2 0.8", "default": ""},
}


def test_every_label_of_the_rather_silly_map_is_printed_clear_of_every_other(tmp_path):
    board = rather_silly_files(tmp_path)
    el = {"type": "network", "x": 10, "y": 10, "w": 400, "h": 277, "nodes": "nodes.csv", "edges": "edges.csv",
          "size": 9, "extent": [0, 0, 1000, 850], "shape": "{shape[type]}", "fill": "{colour[type]}",
          "text": "{id}", "label": "{name}", "icon": "{sc[sc]}", "icon_size": 2.4,
          "edge_stroke": "{edge[type]}", "edge_dash": "{dash[type]}"}
    pdf = render(lay(el, tables=RS_TABLES), tmp_path, 420, 297)
    found = words(pdf)
    text = " ".join(w for w, *_ in found)
    for p in board.provinces.values():
        assert p.id in text and all(part in text for part in p.name("de").split())  # every name printed
    boxes = [b for _, *b in found]
    for a, b in itertools.combinations(boxes, 2):  # no two words (of labels or node ids) touch
        assert not (a[0] < b[2] - 0.05 and b[0] < a[2] - 0.05 and a[1] < b[3] - 0.05 and b[1] < a[3] - 0.05)
    nodes = [bounds(p.points) for p in painted(pdf) if p.stroked and p.closed]
    ids = {p.id for p in board.provinces.values()}
    for w, *b in found:
        if w in ids:
            continue
        for n in nodes:  # a label never lies on a node
            assert not (b[0] < n[2] and n[0] < b[2] and b[1] < n[3] and n[1] < b[3]), w
        assert b[1] >= 10 and b[3] <= 287 and b[0] >= 10 and b[2] <= 410  # and stays in the box
    assert min(size for _, size in char_sizes(pdf)) >= 6 - 0.05  # nothing below 6 pt


def test_home_centres_differ_in_grey_by_their_pattern(tmp_path):
    # Austria and Italy: red and green that print the same grey; their patterns differ
    write_csv(tmp_path / "n.csv", [["id", "name", "x", "y", "owner"], ["VIE", "Wien", 0, 0, "austria"],
                                   ["ROM", "Rom", 100, 0, "italy"]])
    tables = {"power": {"austria": "#c44444", "italy": "#3c8c3c"},
              "pattern": {"austria": "horizontal", "italy": "vertical"}}
    el = {"type": "network", "x": 0, "y": 0, "w": 160, "h": 60, "nodes": "n.csv", "size": 30,
          "fill": "{power[owner]}", "hatch": "{pattern[owner]}", "label": None}
    pdf = render(lay(el, tables=tables), tmp_path, 160, 60)
    grey = np.asarray(raster(pdf, 200).convert("L")).astype(float)
    k = 200 / 25.4
    nodes = [bounds(p.points) for p in painted(pdf) if p.stroked and p.closed]
    patches = []
    for x0, y0, x1, y1 in sorted(nodes):
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        patches.append(grey[int((cy - 8) * k):int((cy + 8) * k), int((cx - 8) * k):int((cx + 8) * k)])
    a, b = patches
    assert abs(np.median(a) - np.median(b)) < 12  # alike as flat greys
    assert a.mean(axis=1).std() > 6 > a.mean(axis=0).std()  # Austria: lines across
    assert b.mean(axis=0).std() > 6 > b.mean(axis=1).std()  # Italy: lines down


# ------------------------------------------------------------------ errors

def err(el, folder, tables=None):
    with pytest.raises((CardError, ValueError)) as exc:
        compile_layout(lay(el, tables=tables)).stamp({}, Card(200, 200, 0, symbols=Syms(), data=Records(folder)))
    return str(exc.value)


def test_an_edge_to_a_node_that_is_not_there_names_the_row(tmp_path):
    write_csv(tmp_path / "n.csv", [["id", "name", "x", "y"], ["a", "A", 0, 0], ["b", "B", 1, 1]])
    write_csv(tmp_path / "e.csv", [["from", "to"], ["a", "b"], ["a", "zz"]])
    msg = err({"type": "network", "nodes": "n.csv", "edges": "e.csv"}, tmp_path)
    assert "e.csv:3" in msg and "'zz'" in msg


@pytest.mark.parametrize("rows, words_", [
    ([["id", "name", "x", "y"], ["a", "A", 0, 0], ["a", "B", 1, 1]], ["n.csv:3", "'a'", "twice"]),
    ([["id", "name", "x", "y"], ["a", "A", "west", 0]], ["n.csv:2", "'x'", "'west'"]),
    ([["id", "name", "x"], ["a", "A", 0]], ["n.csv:2", "'y'", "empty"]),
    ([["name", "x", "y"], ["A", 0, 0]], ["n.csv:2", "'id'"]),
    ([["id", "name", "x", "y", "s"], ["a", "A", 0, 0, "blob"]], ["n.csv:2", "'blob'", "circle"]),
])
def test_bad_node_files_name_the_row_and_what_is_wrong(tmp_path, rows, words_):
    write_csv(tmp_path / "n.csv", rows)
    msg = err({"type": "network", "nodes": "n.csv", "shape": "{s}" if "s" in rows[0] else "circle"}, tmp_path)
    assert all(w in msg for w in words_), msg


def test_a_label_that_finds_no_free_place_is_an_error_naming_the_node(tmp_path):
    write_csv(tmp_path / "n.csv", [["id", "name", "x", "y"], ["a", "A very long name indeed", 0, 0],
                                   ["b", "B", 1, 0]])
    msg = err({"type": "network", "nodes": "n.csv", "w": 30, "h": 12, "pad": 5, "size": 10}, tmp_path)
    assert "n.csv:2" in msg and "no place" in msg and "6 pt" in msg


def test_a_dash_that_is_not_lengths_is_an_error(tmp_path):
    write_csv(tmp_path / "n.csv", [["id", "name", "x", "y"], ["a", "A", 0, 0], ["b", "B", 10, 0]])
    msg = err({"type": "network", "nodes": "n.csv", "edges": [{"from": "a", "to": "b"}], "edge_dash": "dotted"},
              tmp_path)
    assert "dotted" in msg and "'2 1'" in msg


def test_a_list_of_templates_takes_the_first_that_gives_something(tmp_path):
    write_csv(tmp_path / "n.csv", [["id", "name", "x", "y", "type", "owner"], ["VIE", "Wien", 0, 0, "land", "austria"],
                                   ["BOH", "Böhmen", 50, 0, "land", ""]])
    tables = {"power": {"austria": "#c62828"}, "land": {"land": "#f4ebd3"}}
    el = {"type": "network", "w": 100, "h": 40, "nodes": "n.csv", "size": 10, "label": None,
          "fill": ["{power[owner]}", "{land[type]}"]}
    g = compile_layout(lay(el, tables=tables)).stamp({}, Card(100, 40, 0, data=Records(tmp_path)))

    def flat(n):
        for c in getattr(n, "children", [n]):
            yield from (flat(c) if hasattr(c, "children") else [c])

    fills = sorted((round(e.cx), e.style.fill.hex) for e in flat(g) if type(e).__name__ == "Ellipse")
    assert [f for _, f in fills] == ["#c62828", "#f4ebd3"]


def test_without_a_box_the_map_fills_the_safe_zone(tmp_path):
    write_csv(tmp_path / "cities.csv", [["id", "name", "x", "y"], ["a", "Aberg", 0, 0], ["b", "Bestadt", 100, 100]])
    layout = Layout.model_validate({"kind": "layout", "safe": 6, "elements": [
        {"type": "network", "nodes": "cities.csv", "size": 8}]})
    pdf = render(layout, tmp_path, 120, 120)
    for w, x0, y0, x1, y1 in words(pdf):
        assert 6 <= x0 and x1 <= 114 and 6 <= y0 and y1 <= 114, w
    nodes = [bounds(p.points) for p in painted(pdf) if p.stroked and p.closed]
    assert min(b[0] for b in nodes) == pytest.approx(6 + 1, abs=TOL)  # the pad: 1 mm beyond half a node
