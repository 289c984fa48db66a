"""The ``grid`` element: square, hex (flat and pointy) and triangle cells, each measured back from the
PDF at its declared size, read from the SVG, filled, hatched and labelled from data, and its errors."""
from __future__ import annotations

import math
import re
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest
import yaml
from typer.testing import CliRunner

from pdfpaths import painted
from pdfread import char_sizes, raster, words
from pnp.layout.compile import Card, CardError, compile_layout
from pnp.layout.expr import ExprError
from pnp.layout.data import Records
from pnp.layout.vocabulary import Layout
from pnp.model.grids import Grid, column_index, column_name
from pnp.render import write
from pnp.scene import Page

TOL = 0.1  # mm


def lay(*elements, tables=None, fields=None):
    return Layout.model_validate({"kind": "layout", "fields": fields or {}, "tables": tables or {},
                                  "elements": list(elements)})


class Syms:
    by_id = {"tree": None}

    def draw(self, sid, x, y, size, ink=None):
        from pnp.scene import Group, Rect, style

        return Group([Rect(x, y, size, size, style(fill="black"))], id=f"icon-{sid}")


def render(layout, tmp_path, w=297.0, h=210.0, folder=None, values=None, name="grid"):
    """The layout stamped on a page of w x h; (pdf path, svg path)."""
    g = compile_layout(layout).stamp(values or {}, Card(w, h, 0, symbols=Syms(),
                                                        data=Records(folder or tmp_path)))
    page = Page(w, h, g)
    pdf, svg = tmp_path / f"{name}.pdf", tmp_path / f"{name}.svg"
    write("pdf", [page], pdf)
    write("svg", page, svg)
    return pdf, svg


def outlines(pdf, sides: int):
    """Closed stroked subpaths with ``sides`` corners: the printed cell outlines."""
    return [p.points for p in painted(pdf) if p.stroked and p.closed and len(p.points) == sides]


def edges(pts):
    return [math.dist(pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts))]


def sized(cells, n: int, edge: float):
    """The cells, after checking there are ``n`` and every edge is ``edge`` mm; (x0, y0, x1, y1) of them all."""
    assert len(cells) == n
    for pts in cells:
        assert all(abs(e - edge) <= TOL for e in edges(pts))
    xs = [x for pts in cells for x, _ in pts]
    ys = [y for pts in cells for _, y in pts]
    return min(xs), min(ys), max(xs), max(ys)


# ------------------------------------------------------------------ sizes measured on the print

def test_square_cells_measure_their_size_on_the_pdf_and_the_grid_its_box(tmp_path):
    pdf, _ = render(lay({"type": "grid", "shape": "square", "cols": 8, "rows": 8, "size": 30, "x": 15, "y": 15}),
                    tmp_path, 297, 297)
    x0, y0, x1, y1 = sized(outlines(pdf, 4), 64, 30)
    assert abs(x0 - 15) <= TOL and abs(x1 - 255) <= TOL
    assert abs(y0 - 15) <= TOL and abs(y1 - 255) <= TOL


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_hex_cells_measure_their_size_across_the_flats(tmp_path, orientation):
    pdf, _ = render(lay({"type": "grid", "shape": "hex", "orientation": orientation, "cols": 12, "rows": 9,
                         "size": 22, "x": 15, "y": 15}), tmp_path, 420, 297)
    cells = outlines(pdf, 6)
    assert len(cells) == 108
    side = 22 / math.sqrt(3)
    for pts in cells:
        assert all(abs(e - side) <= TOL for e in edges(pts))  # a regular hexagon ...
        across = [math.dist(pts[i], pts[i + 3]) for i in range(3)]  # ... corner to opposite corner: 2 sides
        assert all(abs(d - 2 * side) <= TOL for d in across)
        cx, cy = sum(x for x, _ in pts) / 6, sum(y for _, y in pts) / 6
        mids = [((pts[i][0] + pts[(i + 1) % 6][0]) / 2, (pts[i][1] + pts[(i + 1) % 6][1]) / 2) for i in range(6)]
        assert all(abs(2 * math.dist((cx, cy), m) - 22) <= TOL for m in mids)  # 22 mm across the flats
        flats = [abs(pts[i][1] - pts[(i + 1) % 6][1]) < 1e-6 for i in range(6)]
        assert any(flats) == (orientation == "flat")  # a flat top, or a corner on top


def test_flat_hexes_stand_in_columns_shifted_on_odd_columns_and_pointy_ones_in_rows(tmp_path):
    flat = Grid("hex", 3, 2, 20, "flat")
    a1, b1, c1 = (flat.find(n).centre for n in ("A1", "B1", "C1"))
    assert abs(b1[1] - a1[1] - 10) < 1e-9 and abs(c1[1] - a1[1]) < 1e-9  # B sits half a hex lower
    assert abs(flat.find("A2").centre[1] - a1[1] - 20) < 1e-9  # rows: one hex (across the flats) apart
    even = Grid("hex", 3, 2, 20, "flat", "even")
    assert even.find("A1").centre[1] - even.find("B1").centre[1] == pytest.approx(10)
    pointy = Grid("hex", 3, 3, 20, "pointy")
    assert pointy.find("A2").centre[0] - pointy.find("A1").centre[0] == pytest.approx(10)  # row 2 half a hex right
    assert pointy.find("B1").centre[0] - pointy.find("A1").centre[0] == pytest.approx(20)
    assert pointy.find("A2").centre[1] - pointy.find("A1").centre[1] == pytest.approx(1.5 * 20 / math.sqrt(3))


def test_triangle_cells_measure_their_edge_and_make_the_big_triangle(tmp_path):
    pdf, _ = render(lay({"type": "grid", "shape": "triangle", "rows": 9, "size": 25, "x": 10, "y": 10}),
                    tmp_path, 297, 210)
    x0, y0, x1, y1 = sized(outlines(pdf, 3), 81, 25)
    assert abs(x1 - x0 - 225) <= TOL and abs(y1 - y0 - 225 * math.sqrt(3) / 2) <= TOL


def svg_subpaths(svg):
    """Closed subpaths of every SVG path, as points in the page's mm (the viewBox is the page in mm)."""
    root = ET.parse(svg).getroot()
    assert root.get("width").endswith("mm") and root.get("viewBox").split()[2] == \
        root.get("width")[:-2].rstrip("0").rstrip(".")
    out = []
    for e in root.iter():
        if e.tag.endswith("path") and e.get("d") and not e.get("transform"):
            for part in re.findall(r"M[^MZz]*[Zz]", e.get("d")):
                nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", part)]
                out.append(list(zip(nums[0::2], nums[1::2])))
    return out


def test_the_svg_holds_the_same_cells(tmp_path):
    _, svg = render(lay({"type": "grid", "shape": "hex", "cols": 3, "rows": 2, "size": 20, "x": 10, "y": 10}),
                    tmp_path)
    hexes = [pts for pts in svg_subpaths(svg) if len(pts) == 6]
    assert len(hexes) == 6
    want = {c.name: [(10 + x, 10 + y) for x, y in c.corners] for c in Grid("hex", 3, 2, 20).cells}
    for pts in hexes:
        assert all(abs(e - 20 / math.sqrt(3)) <= TOL for e in edges(pts))
        assert any(all(math.dist(p, q) <= TOL for p, q in zip(pts, corners)) for corners in want.values())


def test_size_left_out_fits_the_cells_into_the_box(tmp_path):
    el = {"type": "grid", "shape": "square", "cols": 4, "rows": 2, "x": 10, "y": 10, "w": 100, "h": 60}
    pdf, _ = render(lay(el), tmp_path)
    cells = outlines(pdf, 4)
    assert all(abs(e - 25) <= TOL for pts in cells for e in edges(pts))  # 100 / 4 beats 60 / 2
    ys = [y for pts in cells for _, y in pts]
    assert abs(min(ys) - 15) <= TOL  # centred: (60 - 50) / 2 below the box's top


# ------------------------------------------------------------------ names, data, looks

def test_cell_names_are_column_letters_and_row_numbers():
    assert [column_name(i) for i in (0, 2, 25, 26, 27, 701, 702)] == ["A", "C", "Z", "AA", "AB", "ZZ", "AAA"]
    assert all(column_index(column_name(i)) == i for i in range(800))
    g = Grid("hex", 12, 9, 22)
    c4 = g.find("c4")
    assert (c4.col, c4.row, c4.name) == (3, 4, "C4")
    assert g.first_last() == ("A1", "L9")
    assert g.find("M1") is None and g.find("A10") is None


def test_terrain_from_a_csv_fills_and_labels_each_cell(tmp_path):
    (tmp_path / "terrain.csv").write_text("at,terrain\nA1,forest\nB1,water\nC4,hill\n", encoding="utf-8")
    el = {"type": "grid", "shape": "hex", "orientation": "flat", "cols": 12, "rows": 9, "size": 22, "x": 15, "y": 15,
          "cells": "terrain.csv", "fill": "{terrain[terrain]}", "label": "{at}"}
    tables = {"terrain": {"forest": "#2e7d32", "water": "#1565c0", "hill": "#a1887f", "plain": "#e8e0c8"}}
    pdf, _ = render(lay(el, tables=tables), tmp_path, 420, 297)
    fills = {p.fill for p in painted(pdf) if p.filled and len(p.points) == 6}
    assert {tuple(round(v * 255) for v in f) for f in fills} == {(0x2e, 0x7d, 0x32), (0x15, 0x65, 0xc0),
                                                                 (0xa1, 0x88, 0x7f)}
    found = {w for w, *_ in words(pdf)}
    assert {"A1", "C4", "L9", "F5"} <= found and len(found) == 108  # every cell says its name
    box = next(b for w, *b in words(pdf) if w == "C4")
    c4 = Grid("hex", 12, 9, 22).find("C4")
    cx, cy = 15 + c4.centre[0], 15 + c4.centre[1]
    assert abs((box[0] + box[2]) / 2 - cx) < 0.3 and cy - 11 < box[1] < box[3] < cy  # in the cell's upper half
    assert min(size for _, size in char_sizes(pdf)) >= 6.5 - 0.05


def test_records_also_name_cells_by_col_and_row_and_yaml_works_too(tmp_path):
    (tmp_path / "cells.yaml").write_text("- {col: 2, row: 1, colour: '#ff0000'}\n- {col: C, row: 2, colour: blue}\n",
                                         encoding="utf-8")
    el = {"type": "grid", "cols": 3, "rows": 2, "size": 10, "cells": "cells.yaml", "fill": "{colour}"}
    g = compile_layout(lay(el)).stamp({}, Card(100, 100, 0, data=Records(tmp_path)))
    polys = [n for n in _flat(g) if type(n).__name__ == "Polygon" and n.style.fill is not None]
    assert sorted((round(n.points[0][0]), round(n.points[0][1]), n.style.fill.hex) for n in polys) == \
        [(10, 0, "#ff0000"), (20, 10, "#1e50be")]


def chars(pdf, page=0):
    """(character, x0, y0, x1, y1) in mm from the top-left, one per printed character."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        p = doc[page]
        height, tp, out = p.get_height(), p.get_textpage(), []
        for i in range(tp.count_chars()):
            ch = tp.get_text_range(i, 1)
            if ch.strip():
                left, bottom, right, top = tp.get_charbox(i)
                k = 25.4 / 72
                out.append((ch, left * k, (height - top) * k, right * k, (height - bottom) * k))
        return out
    finally:
        doc.close()


def _flat(g):
    for c in g.children:
        yield from (_flat(c) if hasattr(c, "children") else [c])


def test_hatching_tells_regions_apart_in_grey_where_the_hues_do_not(tmp_path):
    # red and green chosen to print the same grey; the patterns still differ
    tables = {"terrain": {"forest": "#3c8c3c", "field": "#c44444"},
              "pattern": {"forest": "diagonal", "field": "grid"}}
    cells = [{"at": "A1", "terrain": "forest"}, {"at": "B1", "terrain": "field"}]
    el = {"type": "grid", "cols": 2, "rows": 1, "size": 40, "x": 10, "y": 10, "cells": cells,
          "fill": "{terrain[terrain]}", "hatch": "{pattern[terrain]}"}
    pdf, _ = render(lay(el, tables=tables), tmp_path)
    grey = np.asarray(raster(pdf, 150).convert("L")).astype(float)
    k = 150 / 25.4

    def patch(x0):
        return grey[int(15 * k):int(45 * k), int((x0 + 5) * k):int((x0 + 35) * k)]

    a, b = patch(10), patch(50)
    flat_a, flat_b = np.median(a), np.median(b)
    assert abs(flat_a - flat_b) < 12  # alike as flat greys ...
    rows_a, rows_b = a.mean(axis=1), b.mean(axis=1)
    assert rows_a.std() < 6 < rows_b.std()  # ... but one has horizontal lines, the other does not
    cols_a, cols_b = a.mean(axis=0), b.mean(axis=0)
    assert cols_b.std() > 6  # and vertical ones


def test_icons_sit_below_a_top_label_and_in_the_cell(tmp_path):
    cells = [{"at": "B2", "thing": "tree"}]
    el = {"type": "grid", "cols": 3, "rows": 3, "size": 20, "cells": cells, "icon": "{thing}", "label": "{at}"}
    g = compile_layout(lay(el)).stamp({}, Card(100, 100, 0, symbols=Syms(), data=Records(tmp_path)))
    icon = next(n for n in _flat(g) if type(n).__name__ == "Rect" and n.style.fill is not None and n.w > 3)
    label = next(n for n in _flat(g) if type(n).__name__ == "Text" and n.text == "B2")
    assert 20 < icon.x and icon.x + icon.w < 40 and icon.y + icon.h < 40
    assert icon.y > label.y  # below the label's baseline


def test_the_triangle_expresses_the_klin_zha_board_names_and_corners():
    board = yaml.safe_load((Path(__file__).resolve().parents[2] / "data" / "klin-zha" / "board.yaml").read_text())
    g = Grid("triangle", 9, 9, 25, naming="takzh")
    names = {c.name for c in g.cells}
    assert len(names) == 81 and {"A19", "I11", "I99", "E15"} <= names
    corner = {c.name: dict(c.fields)["corner"] for c in g.cells}
    half = {c.name for c in g.cells if dict(c.fields)["half_space"]}
    for c in board["corners"]:
        assert {n for n, tip in corner.items() if tip == c["tip"]} == set(c["cells"])
    assert half == set(board["half_spaces"])
    rows = Grid("triangle", 3, 3, 10)
    assert [c.name for c in rows.cells] == ["A1", "B1", "B2", "B3", "C1", "C2", "C3", "C4", "C5"]
    assert [dict(c.fields)["facing"] for c in rows.cells][:4] == ["up", "up", "down", "up"]


def test_triangle_cells_take_their_corner_and_facing_as_fields(tmp_path):
    tables = {"tint": {"apex": "#ff0000", "left": "#00ff00", "right": "#0000ff", "default": "#777777"}}
    el = {"type": "grid", "shape": "triangle", "rows": 9, "size": 10, "naming": "takzh", "fill": "{tint[corner]}"}
    g = compile_layout(lay(el, tables=tables)).stamp({}, Card(100, 100, 0, data=Records(tmp_path)))
    fills = [n.style.fill.hex for n in _flat(g) if type(n).__name__ == "Polygon" and n.style.fill is not None]
    assert fills.count("#ff0000") == fills.count("#00ff00") == fills.count("#0000ff") == 24
    assert fills.count("#777777") == 9


def test_edge_coordinates_stand_outside_the_cells(tmp_path):
    el = {"type": "grid", "cols": 8, "rows": 8, "size": 20, "x": 20, "y": 20, "coords": "outside"}
    pdf, _ = render(lay(el), tmp_path, 297, 297)
    found = chars(pdf)
    lo, hi = 20 + (7 * 25.4 / 72 + 2), 20 + (7 * 25.4 / 72 + 2) + 160
    letters = [b for w, *b in found if w == "C"]
    numbers = [b for w, *b in found if w == "4"]
    assert len(letters) == 2 and len(numbers) == 2
    assert all(b[3] <= lo or b[1] >= hi for b in letters)
    assert all(b[2] <= lo or b[0] >= hi for b in numbers)


def build_deck_game(tmp_path, card: str, files: dict[str, str]) -> Path:
    """A game whose one-card deck is drawn with map.yaml; built to PDF; the deck's PDF."""
    from pnp.cli import main as cli

    data = tmp_path / "data"
    game = data / "hexes"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("name: hexes\ntitle: Hexes\n", encoding="utf-8")
    for name, text in files.items():
        (game / name).write_text(textwrap.dedent(text), encoding="utf-8")
    (game / "deck.yaml").write_text(f"kind: deck\nname: maps\ntitle: Maps\ncard: {card}\nlayout: map.yaml\n"
                                    "cards: [{name: one}]\nback: none\n", encoding="utf-8")
    out = tmp_path / "out"
    res = CliRunner().invoke(cli.app, ["build", "hexes", "--data", str(data), "--out", str(out), "-f", "pdf", "-j", "1"])
    assert res.exit_code == 0, res.output
    return out / "hexes" / "maps.pdf"


def test_a_grid_in_a_deck_reads_its_cells_from_the_game_folder(tmp_path):
    pdf = build_deck_game(tmp_path, "120x110", {"terrain.csv": "at,terrain\nA1,forest\nB2,water\n", "map.yaml": """\
        kind: layout
        fields: {name: text}
        tables: {terrain: {forest: "#2e7d32", water: "#1565c0"}}
        elements:
          - {type: grid, shape: hex, cols: 5, rows: 4, size: 20, x: 5, y: 5, cells: terrain.csv,
             fill: "{terrain[terrain]}", label: "{at}"}
        """})
    fills = {tuple(round(v * 255) for v in p.fill) for p in painted(pdf) if p.filled and len(p.points) == 6}
    assert {(0x2e, 0x7d, 0x32), (0x15, 0x65, 0xc0)} <= fills
    assert {"A1", "E4"} <= {w for w, *_ in words(pdf)}


# ------------------------------------------------------------------ errors a designer meets

def err(el, tmp_path, tables=None, values=None):
    with pytest.raises((CardError, ExprError, ValueError)) as exc:
        compile_layout(lay(el, tables=tables)).stamp(values or {}, Card(300, 300, 0, symbols=Syms(),
                                                                       data=Records(tmp_path)))
    return str(exc.value)


def test_a_cell_that_is_not_on_the_grid_names_the_row_of_the_file(tmp_path):
    (tmp_path / "terrain.csv").write_text("at,terrain\nA1,forest\nZ9,hill\n", encoding="utf-8")
    msg = err({"type": "grid", "cols": 3, "rows": 3, "size": 10, "cells": "terrain.csv"}, tmp_path)
    assert "terrain.csv:3" in msg and "'Z9'" in msg and "A1 to C3" in msg


def test_a_cell_listed_twice_and_a_record_without_a_cell_are_errors(tmp_path):
    (tmp_path / "t.csv").write_text("at\nB2\nb2\n", encoding="utf-8")
    assert "t.csv:3" in err({"type": "grid", "cols": 3, "rows": 3, "size": 10, "cells": "t.csv"}, tmp_path)
    (tmp_path / "u.csv").write_text("terrain\nforest\n", encoding="utf-8")
    msg = err({"type": "grid", "cols": 3, "rows": 3, "size": 10, "cells": "u.csv"}, tmp_path)
    assert "u.csv:2" in msg and "'at'" in msg


def test_a_template_reading_a_column_the_cells_lack_names_what_they_have(tmp_path):
    (tmp_path / "t.csv").write_text("at,terrain\nB2,hill\n", encoding="utf-8")
    msg = err({"type": "grid", "cols": 3, "rows": 3, "size": 10, "cells": "t.csv", "label": "{terain}"}, tmp_path)
    assert "{terain}" in msg and "terrain" in msg


def test_an_unknown_terrain_is_an_error_but_an_unlisted_cell_is_left_plain(tmp_path):
    tables = {"terrain": {"forest": "#2e7d32"}}
    (tmp_path / "t.csv").write_text("at,terrain\nB2,forset\n", encoding="utf-8")
    msg = err({"type": "grid", "cols": 3, "rows": 3, "size": 10, "cells": "t.csv", "fill": "{terrain[terrain]}"},
              tmp_path, tables)
    assert "t.csv:2" in msg and "B2" in msg and "forset" in msg
    (tmp_path / "ok.csv").write_text("at,terrain\nB2,forest\n", encoding="utf-8")
    g = compile_layout(lay({"type": "grid", "cols": 3, "rows": 3, "size": 10, "cells": "ok.csv",
                            "fill": "{terrain[terrain]}"}, tables=tables)).stamp({}, Card(50, 50, 0,
                                                                                    data=Records(tmp_path)))
    assert len([n for n in _flat(g) if type(n).__name__ == "Polygon"]) == 1


def test_files_outside_the_game_folder_and_unknown_tables_are_refused(tmp_path):
    inner = tmp_path / "game"
    inner.mkdir()
    (tmp_path / "secret.csv").write_text("at\nA1\n", encoding="utf-8")
    msg = err({"type": "grid", "cols": 3, "rows": 3, "size": 10, "cells": "../secret.csv"}, inner)
    assert "relative to the game folder, without '..'" in msg  # refused as the layout is read
    (inner / "out.csv").symlink_to(tmp_path / "secret.csv")
    msg = err({"type": "grid", "cols": 3, "rows": 3, "size": 10, "cells": "out.csv"}, inner)
    assert "inside the game folder" in msg  # and a link out of it as it is drawn
    msg = err({"type": "grid", "cols": 3, "rows": 3, "size": 10, "fill": "{colours[terrain]}"}, tmp_path)
    assert "unknown table 'colours'" in msg


def test_a_label_too_wide_for_its_cell_and_an_unknown_hatch_say_which_cell(tmp_path):
    msg = err({"type": "grid", "cols": 3, "rows": 3, "size": 8, "label": "Bottnischer Meerbusen"}, tmp_path)
    assert "A1" in msg and "too wide" in msg and "6 pt" in msg
    msg = err({"type": "grid", "cols": 3, "rows": 3, "size": 8, "hatch": "zigzag"}, tmp_path)
    assert "zigzag" in msg and "diagonal" in msg


@pytest.mark.parametrize("el, words_", [
    ({"type": "grid", "cols": 3, "rows": 3, "size": 10, "w": 50}, ["30.00", "leave w and h out"]),
    ({"type": "grid", "shape": "triangle", "cols": 3, "rows": 3, "size": 10}, ["rows only"]),
    ({"type": "grid", "shape": "hex", "rows": 3, "size": 10}, ["needs cols"]),
    ({"type": "grid", "cols": 200, "rows": 200, "size": 1}, ["at most 20000"]),
    ({"type": "grid", "cols": 3, "rows": 3, "size": 10, "label_size": 4}, ["label_size"]),
])
def test_schema_errors_say_what_to_change(el, words_):
    from pydantic import ValidationError

    with pytest.raises(ValidationError) as exc:
        lay(el)
    assert all(w in str(exc.value) for w in words_), str(exc.value)


def test_the_example_in_the_docs_draws_as_the_docs_say(tmp_path):
    doc = (Path(__file__).resolve().parents[2] / "docs" / "layouts.md").read_text(encoding="utf-8")
    layout_yaml, csv = (m for m in re.findall(r"<!-- test: grid -->\n```\w+\n(.*?)```", doc, re.S))
    (tmp_path / "terrain.csv").write_text(csv, encoding="utf-8")
    layout = Layout.model_validate(yaml.safe_load(layout_yaml))
    el = layout.elements[0]
    assert (round(el.w, 2), round(el.h, 2)) == (234.98, 209.0)
    assert "234.98 × 209 mm" in doc
    pdf, _ = render(layout, tmp_path, 420, 297)
    hexes = [p for p in painted(pdf) if p.filled and len(p.points) == 6]
    hill = next(p for p in hexes if tuple(round(v * 255) for v in p.fill) == (0xa1, 0x88, 0x7f))
    c4 = Grid("hex", 12, 9, 22).find("C4")
    assert all(math.dist(p, (15 + x, 15 + y)) <= TOL for p, (x, y) in zip(hill.points, c4.corners))


def test_a_yaml_file_of_records_in_a_game_folder_says_its_kind(tmp_path):
    pdf = build_deck_game(tmp_path, "70x70", {
        "cells.yaml": "kind: records\nrecords:\n  - {at: B2, colour: '#123456'}\n",
        "map.yaml": "kind: layout\nfields: {name: text}\nelements:\n"
                    "  - {type: grid, cols: 3, rows: 3, size: 20, cells: cells.yaml, fill: '{colour}'}\n"})
    assert (0x12, 0x34, 0x56) in {tuple(round(v * 255) for v in p.fill) for p in painted(pdf) if p.filled}
