"""The play kit: what the pages hold, measured in the scene and read back from PDF."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.model.assets import BuildOptions
from pnp.render.pdf import render_pdf_bytes
from pnp.model.game import discover
from pnp.games.ordnerstruktur import rules
from pnp.games.ordnerstruktur.histogram import histogram_group
from pnp.games.ordnerstruktur.mat import TILE
from pnp.games.ordnerstruktur.model import ACCOUNTS, CANONICAL, move_account
from pnp.games.ordnerstruktur.solver import solve
from pnp.games.ordnerstruktur.structure import load_structure
from pnp.games.ordnerstruktur.tiles import tile_items
from pnp.scene import Group, Rect, Text

DATA = Path(__file__).resolve().parents[2] / "data" / "ordnerstruktur" / "structures"
MM = 72 / 25.4


def walk(node):
    yield node
    if isinstance(node, Group):
        for c in node.children:
            yield from walk(c)


def texts(node) -> list[str]:
    return [n.text for n in walk(node) if isinstance(n, Text)]


def pdf_text(pages) -> tuple[PdfReader, str]:
    r = PdfReader(io.BytesIO(render_pdf_bytes(pages)))
    return r, "\n".join(p.extract_text() for p in r.pages)


@pytest.fixture(scope="module")
def erste():
    return load_structure(DATA / "erste-schritte.yaml")


@pytest.fixture(scope="module")
def vier():
    return load_structure(DATA / "vier-voelker.yaml")


def test_build_lists_kit_per_variant_and_per_structure():
    from pnp.output.build import collect_assets

    game = discover()["ordnerstruktur"]
    names = [a.name for a in collect_assets(game, BuildOptions())]
    assert (game.folder / "aid.yaml").is_file() and "regeln" in names  # the rules in brief: a sheet of the data
    for v in ("paare", "voelker"):
        assert {f"entwurf-{v}", f"konten-{v}", f"uebergaenge-{v}"} <= set(names)
    for stem in ("erste-schritte", "vier-voelker"):
        assert {f"{stem}-matte", f"{stem}-plaettchen", f"{stem}-loesung"} <= set(names)


def test_tiles_are_mat_cell_sized(erste, vier):
    # the mat's cells are measured on the built PDF in test_ordner_sheets.py
    for s in (erste, vier):
        tiles = tile_items(s)
        assert {(i.w, i.h) for i in tiles} == {TILE[s.variant]}


def test_tiles_front_names_back_points(erste):
    items = tile_items(erste)
    assert len(items) == 11 * 6
    backs = {}
    for it in items:
        sub, name = it.label.split(" ", 1)
        front = texts(it.front(3.0))
        assert sub in front and name in front
        big = [n.text for n in walk(it.back(3.0)) if isinstance(n, Text) and n.size >= 12]
        backs[(int(sub), name)] = big[0]
    for r in range(1, 11):
        for name in erste.names:
            assert backs[(r, name)] == str(erste.points(r, name))
    assert all(backs[(11, n)] == "–" for n in erste.names)


def test_tile_sheets_are_duplex_with_backs(vier):
    from pnp.impose.grid import impose
    from pnp.impose.items import SheetSpec

    pages = list(impose(tile_items(vier), SheetSpec(duplex="long")))
    assert len(pages) == 2
    reader, text = pdf_text(pages)
    back_text = reader.pages[1].extract_text()
    assert "20" in back_text and "keine Zahl" in back_text
    assert len(list(impose(tile_items(vier), SheetSpec(duplex="none")))) == 1


def test_histogram_bars_and_best_marker():
    grid = [[1, 0, 2, 0, 3, 0], [0, 4, 0, 1, 0, 2], [2, 2, 0, 0, 1, 1]]
    sol = solve(grid, "paare")
    g = histogram_group(sol, 150, 80, "en")
    bars = [n for n in walk(g) if isinstance(n, Rect)]
    assert len(bars) == len(sol.histogram)
    red = [b for b in bars if b.style.fill and b.style.fill.hex == "#c81e1e"]
    assert len(red) == 1
    # bars left to right follow the scores, heights proportional to the counts
    bars.sort(key=lambda b: b.x)
    ratios = {round(b.h / c, 9) for b, c in zip(bars, sol.histogram.values())}
    assert len(ratios) == 1
    best_bar = bars[list(sol.histogram).index(sol.best)]
    assert best_bar is red[0]


def test_solution_sheet_and_determinism(erste, tmp_path):
    # the solution sheet is data (loesung.yaml) fed by the source 'solutions': built twice, byte-identical
    from typer.testing import CliRunner
    from pnp.cli.main import app
    from pnp.games.ordnerstruktur.solver import solve_structure

    sol = solve_structure(erste)
    made = []
    for k in range(2):
        res = CliRunner().invoke(app, ["build", "ordnerstruktur", "--data", str(DATA.parents[1]), "-f", "pdf",
                                       "--out", str(tmp_path / str(k))])
        assert res.exit_code == 0, res.output
        made.append((tmp_path / str(k) / "ordnerstruktur" / "erste-schritte-loesung.pdf").read_bytes())
    _, text = pdf_text_of(made[0])
    assert str(sol.best) in text and "6.291.456" in text
    assert made[0] == made[1]


def pdf_text_of(data: bytes) -> tuple[PdfReader, str]:
    r = PdfReader(io.BytesIO(data))
    return r, "\n".join(p.extract_text() for p in r.pages)


def test_check_passes_shipped_and_reports_a_broken_state(tmp_path):
    game = discover()["ordnerstruktur"]
    assert [f for f in rules.check(game) if f.severity == "error"] == []
    bad = tmp_path / "bad.yaml"
    text = (DATA / "vier-voelker.yaml").read_text(encoding="utf-8").replace("[12,  0,  0,  3]", "[12,  0,  0, -3]")
    bad.write_text(text, encoding="utf-8")
    found = rules.check(game, bad)
    rules_hit = sorted(f.rule for f in found)
    assert rules_hit == ["ordner.non-negative", "ordner.total"]
    assert all(f.where.startswith(str(bad)) and f.seed.startswith("002_") for f in found)


@pytest.mark.parametrize("lang,needle", [("de", "Endabrechnung"), ("en", "Final scoring")])
def test_rules_summary_fits_one_page(lang, needle, tmp_path):
    # the rules in brief are a sheet (data/ordnerstruktur/aid.yaml): read back the page the build writes
    from typer.testing import CliRunner
    from pnp.cli.main import app

    res = CliRunner().invoke(app, ["build", "ordnerstruktur", "--data", str(DATA.parents[1]), "--lang", lang,
                                   "--out", str(tmp_path), "--format", "pdf"])
    assert res.exit_code == 0, res.output
    reader = PdfReader(tmp_path / "ordnerstruktur" / "regeln.pdf")
    text = "\n".join(p.extract_text() for p in reader.pages)
    assert len(reader.pages) == 1 and needle in text and "200" in text and "60" in text


def test_foldover_tiles_without_duplex(erste):
    from pnp.games.ordnerstruktur.tiles import foldover_items

    items = foldover_items(erste)
    w, h = TILE["paare"]
    assert len(items) == 66 and {(i.w, i.h) for i in items} == {(w, 2 * h)}
    assert all(i.back is None for i in items)
    it = next(i for i in items if i.label == "4 Stadt Höhle")
    ts = texts(it.front(3.0))
    assert "Stadt Höhle" in ts and "25" in ts
    game = discover()["ordnerstruktur"]
    tiles = next(a for a in rules.build(game, BuildOptions(duplex="none")) if a.name == "erste-schritte-plaettchen")
    pages = list(tiles.iter_pages())
    assert len(pages) == 2  # 66 tall tiles, fronts only


@pytest.mark.parametrize("variant", ["paare", "voelker"])
def test_blank_kit_lets_a_structure_be_designed_and_played_on_paper(variant):
    """Every tile with a back to write on (the blank mat is read back in test_ordner_sheets.py)."""
    from pnp.games.ordnerstruktur.model import NUMBERED, SUBFOLDERS
    from pnp.games.ordnerstruktur.tiles import blank_tile_items

    names = CANONICAL[variant]
    tiles = blank_tile_items(variant, "de")
    assert len(tiles) == SUBFOLDERS * len(names)
    assert {(t.w, t.h) for t in tiles} == {TILE[variant]}
    backs = [" ".join(texts(t.back(0))) for t in tiles]
    assert sum("Machtpunkte" in b for b in backs) == NUMBERED * len(names)
    assert sum("keine Zahl" in b for b in backs) == len(names)
    assert not any(any(ch.isdigit() for ch in b.split("·")[-1]) for b in backs)  # no number printed to write over


def test_blank_kit_is_built(tmp_path):
    from pnp.output.build import collect_assets

    names = {a.name for a in collect_assets(discover()["ordnerstruktur"], BuildOptions())}
    assert {"leer-paare-matte", "leer-paare-plaettchen", "leer-voelker-matte", "leer-voelker-plaettchen"} <= names
