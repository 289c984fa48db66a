"""Klin Zha overlays: cells land on the board's cells (scene, PDF text and pixels), mirror, moving clouds, views."""

import pytest

from pnp.model.assets import BuildOptions
from pnp.render.pdf import render_pdf_bytes
from pnp.layout.builtin.trigrid import triboard_assets
from pnp.model.game import discover
from pnp.games.klin_zha.assets import kit_assets, overlay_pages, umpire_pages
from pnp.games.klin_zha.rules import load_kit
from pnp.games.klin_zha.sky import resolve
from pnp.scene import Group, Path, Polygon, Transform



@pytest.fixture(scope="module")
def kit():
    return load_kit(discover()["klin-zha"])


def layout(kit, name):
    return next(lay for lay in kit.layouts if lay.name == name)


def board_pages(kit, **extra):
    game = discover()["klin-zha"]
    (asset,) = list(triboard_assets(kit.board, game, BuildOptions(extra=extra), "board"))
    return list(asset.iter_pages())


def walk(node, t=Transform(), out=None):
    """{group id: [page-coordinate point lists of its polygons/paths]} over a scene tree."""
    out = {} if out is None else out
    if isinstance(node, Group):
        t2 = t @ node.transform
        if node.id:
            out.setdefault(node.id, []).append(_points(node, t2))
        for ch in node.children:
            walk(ch, t2, out)
    return out


def _points(group, t):
    pts = []
    for ch in group.children:
        if isinstance(ch, Polygon):
            pts += [t.apply(*p) for p in ch.points]
        elif isinstance(ch, Path):
            pts += [t.apply(*op[1:3]) for op in ch.ops if op[0] in ("M", "L")]
        elif isinstance(ch, Group):
            pts += _points(ch, t @ ch.transform)
    return pts


def same_points(a, b, tol=1e-6):
    a, b = sorted(a), sorted(b)
    return len(a) == len(b) and all(abs(p[0] - q[0]) < tol and abs(p[1] - q[1]) < tol for p, q in zip(a, b))


def test_overlay_cells_and_marks_coincide_with_the_board_in_the_scene(kit):
    (bp,) = board_pages(kit)
    (op,) = overlay_pages(kit, layout(kit, "2-medium"), BuildOptions())
    assert (bp.width, bp.height) == (op.width, op.height) == (297.0, 210.0)
    board, over = walk(bp.content), walk(op.content)
    g = kit.grid()
    sky = resolve(g, layout(kit, "2-medium").model)
    assert len(sky.under) == 15 and len(sky.edge) == 18
    for cell in sky.under:
        n = g.name(cell)
        assert same_points(over[f"under-{n}"][0], board[f"cell-{n}"][0]), n
    for cell in sky.edge:
        n = g.name(cell)
        # first three points: the cell itself; then the dashed rim inset inside it
        assert same_points(over[f"edge-{n}"][0][:3], board[f"cell-{n}"][0]), n
    normal = [c for c in g.cells() if sky.state(c) == "normal"]
    assert not any(f"under-{g.name(c)}" in over or f"edge-{g.name(c)}" in over for c in normal)
    assert same_points(over["registration"][0], board["registration"][0])
    # the board is 225 mm wide at 25 mm cells and centred on the sheet
    xs = [x for k, v in board.items() if k.startswith("cell-") for x, _ in v[0]]
    assert max(xs) - min(xs) == pytest.approx(225.0)
    assert (min(xs) + max(xs)) / 2 == pytest.approx(297 / 2)


def _words(pdf: bytes, tmp_path, name):
    from pdfread import words as read_words

    words = {}
    for w, x0, y0, x1, y1 in read_words(pdf):
        words.setdefault(w, []).append(((x0 + x1) / 2, (y0 + y1) / 2))
    return words


def _inside(p, tri):
    (x1, y1), (x2, y2), (x3, y3) = tri
    d = [(x2 - x1) * (p[1] - y1) - (y2 - y1) * (p[0] - x1), (x3 - x2) * (p[1] - y2) - (y3 - y2) * (p[0] - x2),
         (x1 - x3) * (p[1] - y3) - (y1 - y3) * (p[0] - x3)]
    return all(v >= 0 for v in d) or all(v <= 0 for v in d)


def test_pdf_cell_names_of_overlay_land_in_the_board_cells(kit, tmp_path):
    """Read positions back from the PDFs: each name sits inside its cell, overlay and board alike."""
    from pnp.games.klin_zha.assets import board_settings

    g, frame = board_settings(kit, BuildOptions())
    board = _words(render_pdf_bytes(board_pages(kit)), tmp_path, "board")
    lay = layout(kit, "3-heavy")
    over = _words(render_pdf_bytes(overlay_pages(kit, lay, BuildOptions())), tmp_path, "over")
    sky = resolve(g, lay.model)
    for cell in g.cells():
        n = g.name(cell)
        tri = [(x + frame.ox, y + frame.oy) for x, y in g.vertices(cell)]
        assert len(board[n]) == 1 and _inside(board[n][0], tri), n
        if cell in sky.under:
            (pos,) = over[n]
            assert _inside(pos, tri)
            assert abs(pos[0] - board[n][0][0]) < 0.2 and abs(pos[1] - board[n][0][1]) < 0.2
        else:
            assert n not in over
    # 8 edge lengths between the base corners' names: the print is to scale
    assert board["I99"][0][0] - board["I11"][0][0] == pytest.approx(200.0, abs=0.3)


def _png(pages, tmp_path, dpi=40):
    from pdfread import raster

    return raster(render_pdf_bytes(pages), dpi).convert("L")


def _lum(img, x_mm, y_mm, dpi=40, r=2):
    cx, cy = round(x_mm / 25.4 * dpi), round(y_mm / 25.4 * dpi)
    vals = [img.getpixel((cx + dx, cy + dy)) for dx in range(-r, r + 1) for dy in range(-r, r + 1)]
    return sum(vals) / len(vals)


def test_under_cloud_is_dense_edge_is_light_normal_is_clear(kit, tmp_path):
    from pnp.games.klin_zha.assets import board_settings

    g, frame = board_settings(kit, BuildOptions())
    lay = layout(kit, "2-medium")
    img = _png(overlay_pages(kit, lay, BuildOptions()), tmp_path)
    sky = resolve(g, lay.model)
    for cell in g.cells():
        cx, cy = g.centroid(cell)
        v = _lum(img, cx + frame.ox, cy + frame.oy)
        state = sky.state(cell)
        if state == "under":
            assert v < 140, (g.name(cell), v)
        elif state == "edge":
            assert 150 < v < 245, (g.name(cell), v)
        else:
            assert v > 250, (g.name(cell), v)


def _into(g, cell, t, depth):
    """A point on edge ``t`` (0..1 along the side) of ``cell``, ``depth`` mm into the cell."""
    import math

    (x0, y0), (x1, y1) = t[0], t[1]
    cx, cy = g.centroid(cell)
    mx, my = x0 + (x1 - x0) * t[2], y0 + (y1 - y0) * t[2]
    d = math.hypot(cx - mx, cy - my)
    return mx + (cx - mx) / d * depth, my + (cy - my) / d * depth


def _without_clouds(node):
    """A copy of the scene without the clouds (groups ``cloud-<name>``; the edge cells stay)."""
    from dataclasses import replace

    if not isinstance(node, Group):
        return node
    kept = [_without_clouds(c) for c in node.children
            if not (isinstance(c, Group) and (c.id or "").startswith("cloud-") and c.id != "cloud-edges")]
    return replace(node, children=kept)


def test_clouds_stay_inside_their_cells(kit, tmp_path):
    """Drawing the clouds changes no pixel outside their own cells: the blobs do not
    spill over cell edges into a neighbour."""
    from dataclasses import replace

    from PIL import Image, ImageChops, ImageDraw, ImageFilter

    from pnp.games.klin_zha.assets import board_settings

    dpi = 100
    px = dpi / 25.4
    g, frame = board_settings(kit, BuildOptions())
    for name in ("1-light", "2-medium", "3-heavy", "drifting"):
        lay = layout(kit, name)
        page = overlay_pages(kit, lay, BuildOptions())[0]
        bare = replace(page, content=_without_clouds(page.content))
        a = _png([page], tmp_path, dpi)
        b = _png([bare], tmp_path, dpi)
        diff = ImageChops.difference(a, b).point(lambda v: 255 if v > 24 else 0)
        assert diff.getbbox() is not None, name  # the clouds are drawn at all
        mask = Image.new("L", a.size, 0)
        draw = ImageDraw.Draw(mask)
        for cell in resolve(g, lay.model).under:
            pts = [((x + frame.ox) * px, (y + frame.oy) * px) for x, y in g.vertices(cell)]
            draw.polygon(pts, fill=255)
        mask = mask.filter(ImageFilter.MaxFilter(5))  # 0.5 mm: the light rim stroke on the border, antialiasing
        outside = ImageChops.subtract(diff, mask)
        assert outside.getbbox() is None, (name, outside.getbbox())


def test_blind_foil_keeps_the_grid_visible(kit, tmp_path):
    """All under cloud, yet every inner cell edge is drawn light across the dark: the foil
    can be laid on the board and each cell found."""
    from pnp.games.klin_zha.assets import board_settings

    dpi = 200
    g, frame = board_settings(kit, BuildOptions())
    img = _png(overlay_pages(kit, layout(kit, "blind"), BuildOptions())[:1], tmp_path, dpi)
    seen = 0
    for cell in g.cells():
        ids, vs = g.vertex_ids(cell), g.vertices(cell)
        for n in g.edge_neighbours(cell):
            shared = [vs[i] for i in range(3) if ids[i] in g.vertex_ids(n)]
            (x0, y0), (x1, y1) = shared
            # a third of the way along the shared edge: clear of names and puffs
            ex, ey = x0 + (x1 - x0) / 3, y0 + (y1 - y0) / 3
            on = _lum(img, ex + frame.ox, ey + frame.oy, dpi, r=0)
            ix, iy = _into(g, cell, (*shared, 1 / 3), 1.2)
            off = _lum(img, ix + frame.ox, iy + frame.oy, dpi, r=0)
            assert on > off + 60, (g.name(cell), g.name(n), on, off)
            seen += 1
    assert seen == 2 * (81 * 3 - 27) // 2 * 1  # every inner edge, once from each side


def test_mirror_switch_flips_every_overlay_about_the_board_axis(kit):
    lay = layout(kit, "1-light")
    (plain,) = overlay_pages(kit, lay, BuildOptions())
    (mirr,) = overlay_pages(kit, lay, BuildOptions(extra={"mirror": True}))
    a, b = walk(plain.content), walk(mirr.content)
    g = kit.grid()
    from pnp.layout.builtin.trigrid import Cell

    for cell in resolve(g, lay.model).under:
        twin = Cell(cell.row, 2 * cell.row - 2 - cell.pos)  # the cell's mirror image
        assert twin.up == cell.up
        assert same_points(b[f"under-{g.name(cell)}"][0], a_or_board(kit, g.name(twin))), g.name(cell)
    # the tips' marks map onto themselves, so a mirrored foil still lines up
    assert same_points(a["registration"][0], b["registration"][0])
    assert any(x.description.endswith("(mirrored)") for x in kit_assets(kit, BuildOptions(extra={"mirror": "true"}))
               if x.name.startswith("clouds/"))


def a_or_board(kit, name):
    (bp,) = board_pages(kit)
    return walk(bp.content)[f"cell-{name}"][0]


def test_moving_overlay_has_a_page_per_step_and_keeps_up_cells_up(kit):
    lay = layout(kit, "drifting")
    m = lay.model.moving
    pages = overlay_pages(kit, lay, BuildOptions())
    assert len(pages) == m.steps + 1
    g = kit.grid()
    start = resolve(g, lay.model, 0)
    for k in range(1, m.steps + 1):
        sky = resolve(g, lay.model, k)
        ids = {i for i in walk(pages[k].content) if i.startswith("under-")}
        assert ids == {f"under-{g.name(c)}" for c in sky.under}
        for d in m.drift:
            before, after = start.clouds[d.cloud], sky.clouds[d.cloud]
            expect = {g.shift(c, d.direction, d.distance * k) for c in before} - {None}
            assert after == expect
            assert sum(c.up for c in after) == sum(1 for c in before if c.up and g.shift(c, d.direction, d.distance * k))
    # the east cloud drifts off the board entirely: cells drop off instead of wrapping
    assert resolve(g, lay.model, 3).clouds["Ostwolke"] == frozenset()


def test_bigger_cells_tile_board_and_overlay_identically(kit):
    bp = board_pages(kit, cell_mm=30)
    op = overlay_pages(kit, layout(kit, "1-light"), BuildOptions(extra={"cell_mm": 30}))
    assert len(bp) == len(op) > 1
    assert all((p.width, p.height) in ((297.0, 210.0), (210.0, 297.0)) for p in bp + op)
    assert [p.label.split("·")[-1] for p in bp] == [p.label.split("·")[-1] for p in op]


def test_umpire_copy_names_every_cell(kit, tmp_path):
    words = _words(render_pdf_bytes(umpire_pages(kit, layout(kit, "3-heavy"), BuildOptions())), tmp_path, "u")
    g = kit.grid()
    assert all(g.name(c) in words for c in g.cells())


def test_player_views_hide_and_neutralise_enemy_pieces(kit):
    from pnp.model.game import DEFAULT_DATA
    from pnp.games.klin_zha.views import view_pages

    path = DEFAULT_DATA / "klin-zha" / "positions" / "setup-example.yaml"
    (gold,) = view_pages(kit, path, "gold", BuildOptions())
    (green,) = view_pages(kit, path, "green", BuildOptions())
    seen_gold = {i for i in walk(gold.content) if i.startswith("seen-")}
    seen_green = {i for i in walk(green.content) if i.startswith("seen-")}
    assert sum(1 for i in seen_gold if i.endswith("-gold-" + i.split("-")[-1]) and "-gold-" in i) == 10
    assert sum(1 for i in seen_green if "-green-" in i) == 10
    # green lancer G24 lies under the west cloud: gold sees nothing there
    assert not any(i.startswith("seen-G24-") for i in seen_gold)
    # green blockader H23 stands at the cloud's edge: gold sees a neutral green token
    assert "seen-H23-green-neutral" in seen_gold
    # green goal I22 stands in the open: gold sees it for what it is
    assert "seen-I22-green-goal" in seen_gold
    # gold's own vanguard under the east cloud is still shown to gold, hidden from green
    assert "seen-G57-gold-vanguard" in seen_gold and not any(i.startswith("seen-G57-") for i in seen_green)


def test_same_data_gives_identical_pdf_bytes(kit):
    lay = layout(kit, "drifting")
    a = render_pdf_bytes(overlay_pages(kit, lay, BuildOptions()))
    b = render_pdf_bytes(overlay_pages(kit, lay, BuildOptions()))
    assert a == b


def test_every_kit_asset_renders(kit):
    names = []
    for asset in kit_assets(kit, BuildOptions(lang="en")):
        pages = list(asset.iter_pages())
        assert pages, asset.name
        names.append(asset.name)
    assert {"clouds/1-light", "clouds/blind", "umpire/d6-directions", "umpire/setup-sheet",
            "umpire/position-sheet", "views/setup-example-green", "views/setup-example-gold"} <= set(names)
    assert len(names) == len(set(names))


def test_umpire_guide_is_data_and_fits_one_page(kit, tmp_path):
    from pnp.games.klin_zha.guide import guide_pages, load_guide

    guide = load_guide(kit.game.folder / "guide.yaml")
    for lang, word in (("de", "Blockader"), ("en", "Blockader")):
        pages = guide_pages(guide, BuildOptions(lang=lang))
        assert len(pages) == 1
        words = _words(render_pdf_bytes(pages), tmp_path, f"guide-{lang}")
        assert word in words
    assert "Wolkenrand" in _words(render_pdf_bytes(guide_pages(guide, BuildOptions(lang="de"))), tmp_path, "g")
    long = guide.model_copy(update={"sections": guide.sections * 3})
    from pnp.load.errors import DataErrors

    with pytest.raises(DataErrors, match="past the page"):
        guide_pages(long, BuildOptions())


def test_d6_table_prints_the_rules_numbers(kit, tmp_path):
    from dataclasses import replace

    from pnp.games.klin_zha.sheets import d6_table_page

    rules = kit.rules.model_copy(update={"d6_distance": [4, 1, 1, 1, 1, 1], "d6_turns": [7, 3, 3, 3, 3, 3]})
    page = d6_table_page(replace(kit, rules=rules), BuildOptions(lang="en"))
    from pdfread import text as read_text

    text = read_text(render_pdf_bytes([page]))
    first = next(line for line in text.splitlines() if line.strip().startswith("1 "))
    assert "right" in first and "4 cells" in first and "7 turns" in first
    assert text.count("3 turns") == 5
    flat = " ".join(text.split())
    # what the rules bind, in their terms, and what they leave open said as open
    assert "after X turns the clouds shift at random, Y cells in direction Z" in flat
    assert "the rules give no numbers; this table is a suggestion" in flat
    assert "whether all clouds roll together or each on its own" in flat
    assert "(drifting)" not in flat  # no internal layout ids on the sheet
