"""Klin Zha's foils, umpire maps, views and umpire paper are sheets in data/klin-zha/ drawn by the engine
from what the rules module computes (sources skies, views, umpire_paper). Read back from the pages and
PDFs: foils land on the board (marks, names, pixels), everything keeps 6 mm from the paper's edge,
mirror, moving clouds, views, the guide, the d6 table; and no module of the game draws."""
from __future__ import annotations

import math
import shutil
from functools import lru_cache
from pathlib import Path

import pytest

from drawing import DRAWING, imports
from pdfread import raster, text as read_text, words as read_words
from pnp.model.assets import BuildOptions
from pnp.model.game import discover
from pnp.model.trilattice import Cell, TriGrid
from pnp.output.build import collect_assets
from pnp.render.pdf import render_pdf_bytes
from pnp.scene import Group, Path as ScenePath, Transform

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"
PACKAGE = ROOT / "pnp" / "games" / "klin_zha"
PAGE_W, PAGE_H = 297.0, 210.0  # A4 landscape: board, foils and umpire maps


@pytest.fixture(scope="module")
def game():
    return discover()["klin-zha"]


@pytest.fixture(scope="module")
def kit(game):
    from pnp.games.klin_zha.rules import load_kit

    return load_kit(game)


@lru_cache(maxsize=8)
def _assets(extra: tuple = (), lang: str = "de", ink_saver: bool = False):
    opts = BuildOptions(lang=lang, extra=dict(extra), ink_saver=ink_saver)
    return {a.name: a for a in collect_assets(discover()["klin-zha"], opts)}


def pages(name: str, **extra) -> list:
    return list(_assets(tuple(sorted(extra.items())))[name].iter_pages())


def pdf(name: str, **extra) -> bytes:
    return render_pdf_bytes(pages(name, **extra))


def grid(kit) -> TriGrid:
    return kit.grid()


def origin(kit) -> tuple[float, float]:
    """Where the board's triangle sits on the page: centred on A4 landscape."""
    g = grid(kit)
    return (PAGE_W - g.width) / 2, (PAGE_H - g.height) / 2


def layout(kit, name):
    return next(lay for lay in kit.layouts if lay.name == name)


# ---------------------------------------------------------------- reading pages back


def marks(node, t=Transform()) -> list[tuple[float, float]]:
    """Page points of the registration marks' strokes (group ``registration``)."""
    out: list = []
    if isinstance(node, Group):
        t2 = t @ node.transform
        if node.id == "registration":
            for ch in node.children:
                if isinstance(ch, ScenePath):
                    out += [tuple(round(v, 6) for v in t2.apply(*op[1:3])) for op in ch.ops if op[0] in ("M", "L")]
            return out
        for ch in node.children:
            out += marks(ch, t2)
    return out


def words(data: bytes, page: int = 0) -> dict[str, list[tuple[float, float]]]:
    out: dict = {}
    for w, x0, y0, x1, y1 in read_words(data, page):
        out.setdefault(w, []).append(((x0 + x1) / 2, (y0 + y1) / 2))
    return out


def inside(p, tri) -> bool:
    (x1, y1), (x2, y2), (x3, y3) = tri
    d = [(x2 - x1) * (p[1] - y1) - (y2 - y1) * (p[0] - x1), (x3 - x2) * (p[1] - y2) - (y3 - y2) * (p[0] - x2),
         (x1 - x3) * (p[1] - y3) - (y1 - y3) * (p[0] - x3)]
    return all(v >= 0 for v in d) or all(v <= 0 for v in d)


def tri(kit, cell):
    ox, oy = origin(kit)
    return [(x + ox, y + oy) for x, y in grid(kit).vertices(cell)]


def lum(img, x_mm, y_mm, dpi, r=2):
    cx, cy = round(x_mm / 25.4 * dpi), round(y_mm / 25.4 * dpi)
    vals = [img.getpixel((cx + dx, cy + dy)) for dx in range(-r, r + 1) for dy in range(-r, r + 1)]
    return sum(vals) / len(vals)


def ink_margins(data: bytes, dpi: float = 100) -> list[tuple[float, float, float, float]]:
    """Per page: mm from the left, top, right and bottom paper edge to the nearest ink."""
    from pdfread import rasters

    out = []
    for img in rasters(data, dpi):
        grey = img.convert("L")
        box = grey.point(lambda v: 255 if v < 245 else 0).getbbox()
        assert box is not None
        w, h = grey.size
        k = 25.4 / dpi
        out.append((box[0] * k, box[1] * k, (w - box[2]) * k, (h - box[3]) * k))
    return out


# ---------------------------------------------------------------- the game draws nothing itself


def drawing_modules(path: Path) -> set[str]:
    """Drawing packages and the engine's built-in drawing helpers (pnp.layout.builtin: trigrid's
    board_group, key's swatch_legend, ...) a module imports, relative imports resolved."""
    return {n for n in imports(path) if any(n == d or n.startswith(d + ".") for d in (*DRAWING, "pnp.layout.builtin"))}


def test_no_module_of_the_game_imports_a_drawing_package():
    modules = sorted(PACKAGE.glob("*.py"))
    assert {m.name for m in modules} >= {"rules.py", "sources.py", "check.py"}
    for m in modules:
        assert not drawing_modules(m), f"{m.name} imports {sorted(drawing_modules(m))}"


def test_the_import_check_bites(tmp_path):
    """Absolute and relative imports of a drawing package or helper are both caught."""
    pkg = tmp_path / "pnp" / "games" / "klin_zha"
    pkg.mkdir(parents=True)
    for folder in (pkg, pkg.parent, pkg.parent.parent):
        (folder / "__init__.py").write_text("")
    for body in ("from pnp.scene import Group\n", "from ...scene import Text\n", "from ... import render\n",
                 "import pnp.impose.layout\n", "from pnp.layout.builtin.trigrid import board_group\n",
                 "from ...layout.builtin import key\n"):
        (pkg / "m.py").write_text(body)
        assert drawing_modules(pkg / "m.py"), body
    (pkg / "m.py").write_text("from ...model.trilattice import TriGrid\nfrom .sky import resolve\n")
    assert not drawing_modules(pkg / "m.py")


def test_the_sources_hand_over_plain_data(game):
    from pnp.games.klin_zha.rules import SOURCES

    def plain(v):
        if isinstance(v, dict):
            return all(isinstance(k, str) and plain(x) for k, x in v.items())
        if isinstance(v, list):
            return all(plain(x) for x in v)
        return v is None or isinstance(v, (str, int, float, bool))

    assert set(SOURCES) == {"skies", "views", "umpire_paper"}
    for name, source in SOURCES.items():
        got = source(game, BuildOptions())
        assert got and plain(got), name


# ---------------------------------------------------------------- foils on the board


def test_marks_of_board_foils_and_umpire_maps_coincide_and_keep_6_mm_from_the_edge(kit):
    (board,) = pages("board")
    ref = marks(board.content)
    assert len(ref) == 12  # three tips, two strokes of two points each
    checked = 0
    for name in [n for n in _assets() if n.startswith(("clouds/", "umpire/clouds-"))]:
        for page in pages(name):
            assert (page.width, page.height) == (PAGE_W, PAGE_H), name
            assert sorted(marks(page.content)) == sorted(ref), name
            checked += 1
    assert checked == 2 * (1 + 1 + 1 + 1 + 4)  # five layouts, drifting has four steps
    xs, ys = [p[0] for p in ref], [p[1] for p in ref]
    assert min(xs) >= 6 and min(ys) >= 6 and PAGE_W - max(xs) >= 6 and PAGE_H - max(ys) >= 6
    # the marks sit on the tips of the board: the sides run on 3 mm past each tip
    ox, oy = origin(kit)
    tips = grid(kit).tips()
    for tx, ty in tips.values():
        assert any(math.dist((tx + ox, ty + oy), p) == pytest.approx(3.0, abs=1e-6) for p in ref)


@pytest.mark.parametrize("name", ["board", "clouds/2-medium", "clouds/drifting", "umpire/clouds-3-heavy",
                                  "views/setup-example-gold", "umpire/d6-directions", "umpire/setup-sheet",
                                  "umpire/position-sheet", "umpire/guide"])
def test_nothing_prints_within_6_mm_of_the_paper_edge(name):
    for left, top, right, bottom in ink_margins(pdf(name)):
        assert min(left, top, right, bottom) >= 6.0, (name, left, top, right, bottom)


def test_foil_names_land_in_the_board_cells(kit):
    """Read positions back from the PDFs: each name sits inside its cell, foil and board alike."""
    board = words(pdf("board"))
    lay = layout(kit, "3-heavy")
    over = words(pdf("clouds/3-heavy"))
    from pnp.games.klin_zha.sky import resolve

    g = grid(kit)
    sky = resolve(g, lay.model)
    for cell in g.cells():
        n = g.name(cell)
        assert len(board[n]) == 1 and inside(board[n][0], tri(kit, cell)), n
        if cell in sky.under:
            (pos,) = over[n]
            assert inside(pos, tri(kit, cell)), n
        else:
            assert n not in over, n
    # 8 edge lengths between the base corners' names: the print is to scale
    assert board["I99"][0][0] - board["I11"][0][0] == pytest.approx(8 * g.edge, abs=0.3)


def test_under_cloud_is_dense_edge_is_light_normal_is_clear(kit):
    from pnp.games.klin_zha.sky import resolve

    dpi = 40
    img = raster(pdf("clouds/2-medium"), dpi).convert("L")
    g = grid(kit)
    sky = resolve(g, layout(kit, "2-medium").model)
    assert len(sky.under) == 15 and len(sky.edge) == 18
    ox, oy = origin(kit)
    for cell in g.cells():
        cx, cy = g.centroid(cell)
        v = lum(img, cx + ox, cy + oy, dpi)
        state = sky.state(cell)
        if state == "under":
            assert v < 140, (g.name(cell), v)
        elif state == "edge":
            assert 150 < v < 245, (g.name(cell), v)
        else:
            assert v > 250, (g.name(cell), v)


def test_blind_foil_keeps_the_grid_visible(kit):
    """All under cloud, yet every inner cell edge is drawn light across the dark."""
    dpi = 200
    img = raster(pdf("clouds/blind"), dpi).convert("L")
    g = grid(kit)
    ox, oy = origin(kit)
    seen = 0
    for cell in g.cells():
        ids, vs = g.vertex_ids(cell), g.vertices(cell)
        cx, cy = g.centroid(cell)
        for n in g.edge_neighbours(cell):
            (x0, y0), (x1, y1) = [vs[i] for i in range(3) if ids[i] in g.vertex_ids(n)]
            ex, ey = x0 + (x1 - x0) / 3, y0 + (y1 - y0) / 3  # a third of the way: clear of the names
            d = math.hypot(cx - ex, cy - ey)
            ix, iy = ex + (cx - ex) / d * 1.2, ey + (cy - ey) / d * 1.2
            on, off = lum(img, ex + ox, ey + oy, dpi, r=0), lum(img, ix + ox, iy + oy, dpi, r=0)
            assert on > off + 60, (g.name(cell), g.name(n), on, off)
            seen += 1
    assert seen == 81 * 3 - 27


def test_mirror_switch_flips_every_foil_about_the_board_axis(kit):
    from pnp.games.klin_zha.sky import resolve

    dpi = 40
    lay = layout(kit, "1-light")
    plain = raster(pdf("clouds/1-light"), dpi).convert("L")
    mirr = raster(pdf("clouds/1-light", mirror=True), dpi).convert("L")
    g = grid(kit)
    ox, oy = origin(kit)
    under = resolve(g, lay.model).under
    assert under
    for cell in g.cells():
        twin = Cell(cell.row, 2 * cell.row - 2 - cell.pos)  # the cell's mirror image
        assert twin.up == cell.up
        cx, cy = g.centroid(twin)
        assert (lum(mirr, cx + ox, cy + oy, dpi) < 140) == (cell in under), g.name(cell)
        cx, cy = g.centroid(cell)
        assert (lum(plain, cx + ox, cy + oy, dpi) < 140) == (cell in under), g.name(cell)
    # the tips' marks map onto themselves, so a mirrored foil still lines up
    (a,), (b,) = pages("clouds/1-light"), pages("clouds/1-light", mirror=True)
    assert sorted(marks(a.content)) == sorted(marks(b.content))
    assert "gespiegelt" in read_text(pdf("clouds/1-light", mirror=True))


def test_moving_foil_has_a_page_per_step_with_the_clouds_of_that_step(kit):
    from pnp.games.klin_zha.sky import resolve

    lay = layout(kit, "drifting")
    m = lay.model.moving
    data = pdf("clouds/drifting")
    assert len(pages("clouds/drifting")) == m.steps + 1
    g = grid(kit)
    for k in range(m.steps + 1):
        names = {w for w in words(data, k) if g.is_name(w)}
        assert names == {g.name(c) for c in resolve(g, lay.model, k).under}, k
    # the east cloud drifts off the board entirely: cells drop off instead of wrapping
    assert resolve(g, lay.model, 3).clouds["Ostwolke"] == frozenset()
    assert "nach Zug 12" in read_text(data, 3)


def test_bigger_cells_are_refused_rather_than_printing_foils_off_the_board(game):
    from pnp.load.errors import DataErrors
    from pnp.games.klin_zha.sources import skies

    assert skies(game, BuildOptions(extra={"cell_mm": 24}))
    with pytest.raises(DataErrors, match="edge in board.yaml"):
        skies(game, BuildOptions(extra={"cell_mm": 30}))


# ---------------------------------------------------------------- umpire maps, views, paper


def test_umpire_map_names_every_cell_on_clear_ground(kit):
    data = pdf("umpire/clouds-3-heavy")
    got = words(data)
    g = grid(kit)
    assert all(g.name(c) in got for c in g.cells())
    # the hatching of cloud edges and corners stops short of every name: the pixels right around a
    # name's letters are its cell's ground, never a hatch line
    dpi = 200
    img = raster(data, dpi).convert("L")
    for w, x0, y0, x1, y1 in read_words(data):
        if not g.is_name(w):
            continue
        band = [img.getpixel((round(x / 25.4 * dpi), round((y1 + 0.25) / 25.4 * dpi)))
                for x in (x0 + (x1 - x0) * k / 8 for k in range(9))]
        assert max(band) - min(band) < 60, (w, band)


def test_player_views_hide_and_neutralise_enemy_pieces(game):
    from pnp.games.klin_zha.sources import views

    recs = {r["viewer"]: r for r in views(game, BuildOptions())}
    seen_gold = {t["id"] for t in recs["gold"]["tokens"]}
    seen_green = {t["id"] for t in recs["green"]["tokens"]}
    assert sum(1 for i in seen_gold if "-gold-" in i) == 10
    assert sum(1 for i in seen_green if "-green-" in i) == 10
    assert not any(i.startswith("seen-G24-") for i in seen_gold)  # under the west cloud
    assert "seen-H23-green-neutral" in seen_gold  # at the cloud's edge
    assert "seen-I22-green-goal" in seen_gold  # in the open
    assert "seen-G57-gold-vanguard" in seen_gold and not any(i.startswith("seen-G57-") for i in seen_green)


def test_views_print_tokens_on_their_cells_and_no_slugs(kit):
    data = pdf("views/setup-example-gold")
    flat = " ".join(read_text(data).split())
    assert "Wechselnd bewölkt" in flat and "2-medium" not in flat and "setup-example" not in flat
    got = words(data)
    # gold's blockader at H78 and green's goal at I22, drawn where the cells are on the 19 mm board
    g19 = TriGrid(9, 19.0, kit.board.naming)
    for mark, cell in (("BL", "H78"), ("G", "I22")):
        cx, cy = g19.centroid(g19.cell(cell))
        assert any(math.dist((x, y), (cx + 8, cy + 22)) < 1.5 for x, y in got[mark]), (mark, got[mark])


def test_same_data_gives_identical_pdf_bytes():
    a = pdf("clouds/drifting")
    _assets.cache_clear()
    assert a == pdf("clouds/drifting")


def test_every_kit_asset_renders():
    names = set(_assets(lang="en"))
    assert {"board", "clouds/1-light", "clouds/blind", "umpire/clouds-2-medium", "umpire/d6-directions",
            "umpire/setup-sheet", "umpire/position-sheet", "umpire/guide", "views/setup-example-green",
            "views/setup-example-gold", "pieces/tokens"} <= names
    for name, asset in _assets(lang="en").items():
        assert list(asset.iter_pages()), name


def test_umpire_guide_is_data_and_fits_one_page():
    for lang in ("de", "en"):
        got = list(_assets(lang=lang)["umpire/guide"].iter_pages())
        assert len(got) == 1
        flat = " ".join(read_text(render_pdf_bytes(got)).split())
        assert "Blockader" in flat
    assert "Wolkenrand" in read_text(pdf("umpire/guide"))


def test_d6_table_prints_the_rules_numbers(tmp_path):
    folder = tmp_path / "klin-zha"
    shutil.copytree(DATA / "klin-zha", folder)
    rules = folder / "rules.yaml"
    text = rules.read_text()
    text = text.replace("d6_distance: [1, 1, 1, 2, 2, 3]", "d6_distance: [4, 1, 1, 1, 1, 1]")
    text = text.replace("d6_turns: [3, 3, 4, 4, 5, 6]", "d6_turns: [7, 3, 3, 3, 3, 3]")
    rules.write_text(text)
    game = discover(tmp_path)["klin-zha"]
    (asset,) = [a for a in collect_assets(game, BuildOptions(lang="en")) if a.name == "umpire/d6-directions"]
    out = read_text(render_pdf_bytes(list(asset.iter_pages())))
    first = next(line for line in out.splitlines() if line.strip().startswith("1 "))
    assert "right" in first and "4 cells" in first and "7 turns" in first
    assert out.count("3 turns") == 5
    flat = " ".join(out.split())
    assert "after X turns the clouds shift at random, Y cells in direction Z" in flat
    assert "the rules give no numbers; this table is a suggestion" in flat
    assert "whether all clouds roll together or each on its own" in flat
    assert "(drifting)" not in flat and "drifting" not in flat  # no internal layout ids on the sheet


# ---------------------------------------------------------------- the board and the tokens


def test_corner_a_and_the_half_spaces_differ_by_pattern_not_grey_alone(kit):
    """The apex corner is hatched, the half-spaces plain: in grey, a strip across an apex cell
    crosses lines, one across a half-space cell is flat."""
    dpi = 200
    img = raster(pdf("board"), dpi).convert("L")
    g = grid(kit)
    ox, oy = origin(kit)
    corners, half = g.regions()

    def spread(cell):
        cx, cy = g.centroid(cell)
        vals = [lum(img, cx + ox + dx / 4, cy + oy - 1.0, dpi, r=0) for dx in range(-12, 13)]
        return max(vals) - min(vals)

    assert all(spread(c) > 40 for c in corners["apex"] if c.up), "corner A is hatched"
    assert all(spread(c) < 10 for c in half if c.up), "the half-spaces are plain"


def test_tokens_fit_a_cell_and_their_names_stay_inside_the_disc(kit):
    from pnp.layout.kinds import load_doc

    _, sheet = load_doc(DATA / "klin-zha" / "tokens.yaml")
    assert sheet.size <= kit.grid().inradius() * 2  # a token fits inside a cell's incircle
    assert all(p.mark == p.mark.upper() for p in kit.rules.pieces)  # no small l to read as a capital I
    data = pdf("pieces/tokens")
    for w, x0, y0, x1, y1 in read_words(data):
        if w in ("Blockader", "Fechter", "Flieger", "neutral"):
            assert x1 - x0 <= 0.88 * sheet.size, (w, x1 - x0)
