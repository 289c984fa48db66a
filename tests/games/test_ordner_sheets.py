"""Ordnerstruktur's kit is data (data/ordnerstruktur/*.yaml) fed by the rules module's sources: read
back from the PDFs `pnp build ordnerstruktur` writes. No module of the game draws."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from drawing import DRAWING
from pdfpaths import painted
from pdfread import char_sizes, text, words
from pnp.cli.main import app
from pnp.model.assets import BuildOptions
from pnp.model.game import discover
from pnp.games.ordnerstruktur.sources import solutions
from pnp.games.ordnerstruktur.structure import load_structure

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"
PACKAGE = ROOT / "pnp" / "games" / "ordnerstruktur"
STRUCTURES = DATA / "ordnerstruktur" / "structures"


def imported(path: Path) -> set[str]:
    """Every module a file of the package imports, relative imports resolved (``from ..scene import x``
    in pnp/games/ordnerstruktur/ is pnp.scene; ``from . import x`` is the package's x)."""
    package = "pnp.games.ordnerstruktur".split(".")
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            mod = ".".join(base + ([node.module] if node.module else []))
            out.add(mod)
            out |= {f"{mod}.{a.name}" for a in node.names}
    return out


STILL_DRAWING: set[str] = set()  # every module of the game only computes now


def test_no_module_of_the_game_imports_a_drawing_package():
    for m in sorted(PACKAGE.rglob("*.py")):
        bad = {n for n in imported(m) if any(n == d or n.startswith(d + ".") for d in DRAWING)}
        if m.name in STILL_DRAWING:
            assert bad, f"{m.name} no longer draws: take it off STILL_DRAWING"
        else:
            assert not bad, f"{m.name} imports {sorted(bad)}"


def test_relative_imports_of_a_drawing_package_are_caught(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("from ...scene import Group\nfrom ... import render\nfrom .look import x\n")
    found = imported(probe)
    assert {"pnp.scene", "pnp.render", "pnp.games.ordnerstruktur.look"} <= found


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The whole game built once, in German and in English: {lang: folder of PDFs}."""
    out = {}
    for lang in ("de", "en"):
        folder = tmp_path_factory.mktemp(f"ordner-{lang}")
        res = CliRunner().invoke(app, ["build", "ordnerstruktur", "--data", str(DATA), "--lang", lang,
                                       "--out", str(folder), "--format", "pdf", "-j", "1"])
        assert res.exit_code == 0, res.output
        out[lang] = folder / "ordnerstruktur"
    return out


def flat(pdf) -> str:
    return " ".join(text(pdf).split())


def edge_clearance(pdf, page: int = 0) -> float:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    w, h = (v * 25.4 / 72 for v in doc[page].get_size())
    doc.close()
    return min(min(x0, y0, w - x1, h - y1) for _, x0, y0, x1, y1 in words(pdf, page))


def test_the_kit_is_every_file_it_was(built):
    names = {p.stem for p in built["de"].glob("*.pdf")}
    for v in ("paare", "voelker"):
        assert {f"entwurf-{v}", f"konten-{v}", f"uebergaenge-{v}", f"leer-{v}-matte", f"leer-{v}-plaettchen"} <= names
    for stem in ("erste-schritte", "vier-voelker"):
        assert {f"{stem}-matte", f"{stem}-plaettchen", f"{stem}-loesung"} <= names


@pytest.mark.parametrize("stem", ["erste-schritte", "vier-voelker"])
def test_the_solution_sheet_prints_the_solvers_numbers_in_the_languages_format(built, stem):
    from pnp.games.ordnerstruktur.solver import solve_structure

    sol = solve_structure(load_structure(STRUCTURES / f"{stem}.yaml"))
    de, en = flat(built["de"] / f"{stem}-loesung.pdf"), flat(built["en"] / f"{stem}-loesung.pdf")
    assert f"{sol.paths:,}".replace(",", ".") in de and f"{sol.paths:,}" in en
    assert f"{sol.mean:.1f}".replace(".", ",") in de.split() and f"{sol.mean:.1f}" in en.split()
    assert "Mittelwert" in de and "mean" in en
    assert f"Bestwert {sol.best}" in de and f"best score {sol.best}" in en
    # the best path's accounts add up to the best score in the sums row
    assert re.search(rf"Punktzahl {sol.best}\b", de)
    for pdf in (built["de"] / f"{stem}-loesung.pdf", built["en"] / f"{stem}-loesung.pdf"):
        assert text(pdf).count("\f") <= 1
        assert min(s for _, s in char_sizes(pdf)) >= 6.0 - 1e-6
        assert edge_clearance(pdf) >= 6.0


def test_the_distribution_has_a_bar_per_reached_score_and_the_best_one_hatched(built):
    game = discover()["ordnerstruktur"]
    record = next(r for r in solutions(game, BuildOptions()) if r["structure"] == "erste-schritte")
    pdf = built["de"] / "erste-schritte-loesung.pdf"
    blue, red = (0x3F / 255, 0x6F / 255, 0xB5 / 255), (0xC8 / 255, 0x1E / 255, 0x1E / 255)

    def fills(c):
        return [p for p in painted(pdf) if p.filled and p.fill and all(abs(a - b) < 0.01 for a, b in zip(p.fill, c))]

    reached = [b for b in record["scores"] if b["count"] > 0]
    assert len(fills(blue)) + len(fills(red)) == len(reached)
    assert len(fills(red)) == 1  # the best score's bar, crosshatched and pointed at by its note
    heights = {b["score"]: b["count"] for b in reached}
    bars = sorted(fills(blue) + fills(red), key=lambda p: min(q[0] for q in p.points))
    unit = {round((max(q[1] for q in p.points) - min(q[1] for q in p.points)) / c, 6)
            for p, c in zip(bars, heights.values())}
    assert max(unit) - min(unit) < 1e-3  # heights proportional to the counts


def test_the_account_sheet_has_six_accounts_with_ten_entry_boxes_and_the_steps(built):
    from pnp.games.ordnerstruktur.model import ACCOUNTS

    pdf = built["de"] / "konten-paare.pdf"
    page = flat(pdf)
    assert all(a in page for a in ACCOUNTS)
    assert "Endabrechnung" in page and "nie gestrichen" in page and "Punktzahl" in page
    # the entry columns 1..10 stand 10.4 mm apart, under "Einträge"
    found = words(pdf)
    entries_top = next(y0 for w, x0, y0, *_ in found if w == "Einträge")
    heads = sorted((x0 + x1) / 2 for w, x0, y0, x1, y1 in found if w in {str(n) for n in range(1, 11)}
                   and y0 > entries_top)
    assert len(heads) == 10
    assert all(abs(b - a - 10.4) < 0.3 for a, b in zip(heads, heads[1:])), heads
    en = flat(built["en"] / "konten-voelker.pdf")
    assert "Final scoring" in en and "account of the two peoples" in en
    assert text(pdf).count("\f") <= 1 and edge_clearance(pdf) >= 6.0


@pytest.mark.parametrize("variant", ["paare", "voelker"])
def test_the_transitions_card_lists_exactly_the_legal_moves(built, variant):
    from pnp.games.ordnerstruktur.model import ACCOUNTS, CANONICAL, move_account
    from pnp.games.ordnerstruktur.sources import variants

    names = CANONICAL[variant]
    record = next(r for r in variants(discover()["ordnerstruktur"], BuildOptions()) if r["variant"] == variant)
    for i, frm in enumerate(names):
        legal = [to for to in names if move_account(variant, frm, to) is not None]
        assert record[f"f{i}"] == frm
        assert [m["to"] for m in record[f"m{i}"]] == legal
        assert [m["account"] for m in record[f"m{i}"]] == [ACCOUNTS[move_account(variant, frm, to)] for to in legal]
        assert record[f"b{i}"].split(", ") == [n for n in names if n not in legal]
    pdf = built["de"] / f"uebergaenge-{variant}.pdf"
    page = flat(pdf)
    assert all(f"Von {n}" in page for n in names)
    assert page.count("→") == sum(len(record[f"m{i}"]) for i in range(len(names)))  # one line per legal move
    assert page.count("gesperrt:") == len(names)
    assert min(s for _, s in char_sizes(pdf)) >= 6.0 - 1e-6 and edge_clearance(pdf) >= 6.0


TILE = {"paare": (38.0, 13.5), "voelker": (50.0, 13.5)}  # a mat's cell is a tile (plaettchen-<variant>.yaml)


def centres(pdf, wanted) -> dict:
    return {w: ((x0 + x1) / 2, (y0 + y1) / 2) for w, x0, y0, x1, y1 in words(pdf) if w in wanted}


@pytest.mark.parametrize("stem", ["erste-schritte", "vier-voelker"])
def test_the_play_mat_prints_the_public_sums_above_the_names_and_left_of_the_subfolders(built, stem):
    s = load_structure(STRUCTURES / f"{stem}.yaml")
    pdf = built["de"] / f"{stem}-matte.pdf"
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    assert [round(v * 25.4 / 72) for v in doc[0].get_size()] == [297, 210]
    doc.close()
    page = flat(pdf)
    assert all(n in page for n in s.names) and "200" in page.split()
    found = words(pdf)
    first = s.names[0].split()[0]
    name_y = min(y0 for w, x0, y0, *_ in found if w == first)
    sums_y = [y0 for w, x0, y0, *_ in found if w == str(s.column_sums[0])]
    assert any(y < name_y for y in sums_y)  # the seed's screen: the sums above the names
    # columns a tile wide, rows a tile high: name heads and subfolder numbers stand a tile apart
    w, h = TILE[s.variant]
    top = min(sums_y)
    heads = sorted((x0 + x1) / 2 for w_, x0, y0, x1, y1 in found
                   if abs(y0 - top) < 1 and w_ in {str(c) for c in s.column_sums} and x0 > 60)
    assert len(heads) == len(s.names)
    assert all(abs(b - a - w) < 0.4 for a, b in zip(heads, heads[1:])), heads
    numbers = [c for c in centres(pdf, {str(r) for r in range(1, 12)}).items()]
    rows = sorted(y for n, (x, y) in numbers if n in {"1", "2", "3"} and y > name_y)
    assert all(abs(b - a - h) < 0.4 for a, b in zip(rows, rows[1:])), rows
    for r, total in enumerate(s.row_sums, 1):
        assert str(total) in page.split()
    assert edge_clearance(pdf) >= 6.0 and min(sz for _, sz in char_sizes(pdf)) >= 6.0 - 1e-6


@pytest.mark.parametrize("variant", ["paare", "voelker"])
def test_the_design_form_and_the_blank_mat_leave_the_sums_blank_and_print_the_limits(built, variant):
    from pnp.games.ordnerstruktur.model import CANONICAL, MAX_NAME, MAX_SUBFOLDER

    names = CANONICAL[variant]
    for stem in (f"entwurf-{variant}", f"leer-{variant}-matte"):
        pdf = built["de"] / f"{stem}.pdf"
        page = flat(pdf)
        assert "Genau 200 Machtpunkte in allen Dateien" in page and "höchstens 60" in page
        assert page.count(f"≤ {MAX_NAME}") == len(names) and page.count(f"≤ {MAX_SUBFOLDER}") == 1
        assert all(f"{n} ≤ {MAX_NAME}" in page for n in names)
        assert not re.search(r"\b(?!200\b|100\b|60\b|1?[0-9]\b)\d+\b", page)  # no sums printed: all to write in
        assert edge_clearance(pdf) >= 6.0
    assert flat(built["de"] / f"entwurf-{variant}.pdf").count("keine Zahl") == len(names)
    assert "Titel:" in flat(built["de"] / f"entwurf-{variant}.pdf")
    assert "Play mat (blank" in flat(built["en"] / f"leer-{variant}-matte.pdf")


def fold_lines(pdf, page: int):
    """The dashed fold line of every tile on a page: (x0, y, x1)."""
    out = []
    for p in painted(pdf, page):
        if p.stroked and p.dash and len(p.points) == 2 and abs(p.points[0][1] - p.points[1][1]) < 1e-6:
            (x0, y), (x1, _) = sorted(p.points)
            out.append((x0, y, x1))
    return out


def pages_of(pdf) -> int:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    n = len(doc)
    doc.close()
    return n


@pytest.mark.parametrize("stem, variant, files", [("erste-schritte", "paare", 6), ("vier-voelker", "voelker", 4),
                                                  ("leer-paare", "paare", 6), ("leer-voelker", "voelker", 4)])
def test_every_file_has_a_fold_over_tile_a_mat_cell_wide_and_pages_filled_evenly(built, stem, variant, files):
    pdf = built["de"] / f"{stem}-plaettchen.pdf"
    per_page = [fold_lines(pdf, k) for k in range(pages_of(pdf))]
    assert sum(map(len, per_page)) == 11 * files  # one tile per file of subfolders 1..11
    assert min(map(len, per_page)) >= max(map(len, per_page)) / 4  # no near-empty last page
    w, h = TILE[variant]
    for lines in per_page:
        assert all(abs(x1 - x0 - w) < 0.05 for x0, _, x1 in lines)  # as wide as a mat cell
        rows = sorted({round(y, 2) for _, y, _ in lines})
        assert all(abs(b - a - 2 * h) < 0.05 for a, b in zip(rows, rows[1:]))  # front and back, 13.5 mm each
    sizes = [sz for _, sz in char_sizes(pdf)]
    assert min(sizes) >= 5.0 - 1e-6  # tiles are read up close
    for k in range(pages_of(pdf)):
        assert edge_clearance(pdf, k) >= 6.0


def test_a_structures_tiles_carry_its_points_on_the_back(built):
    from pnp.games.ordnerstruktur.sources import tiles

    s = load_structure(STRUCTURES / "erste-schritte.yaml")
    records = [r for r in tiles("paare")(discover()["ordnerstruktur"], BuildOptions())
               if r["asset"] == "erste-schritte-plaettchen"]
    assert [(r["subfolder"], r["name"]) for r in records] == [(k, n) for k in range(1, 12) for n in s.names]
    assert all(r["points"] == (s.points(r["subfolder"], r["name"]) if r["subfolder"] <= 10 else "") for r in records)
    page = flat(built["de"] / "erste-schritte-plaettchen.pdf")
    for r in range(1, 11):
        for n in s.names:
            assert f"{r} · {n}" in page  # each back names its file under the points
    assert page.count("keine Zahl") == len(s.names)  # subfolder 11 holds no number
    from collections import Counter

    numbers = Counter(int(w) for w in page.split() if w.isdigit())
    subfolders = Counter({r: 2 * len(s.names) for r in range(1, 12)})  # on the front and under the points
    points = numbers - subfolders
    expected = sorted(s.points(r, n) for r in range(1, 11) for n in s.names)
    assert sorted(points.elements()) == expected and sum(expected) == 200  # every file's points, on its back


def test_blank_tiles_leave_the_points_to_write_in(built):
    from pnp.games.ordnerstruktur.model import CANONICAL

    for variant in ("paare", "voelker"):
        page = flat(built["de"] / f"leer-{variant}-plaettchen.pdf")
        names = CANONICAL[variant]
        assert page.count("Machtpunkte") == 10 * len(names) and page.count("keine Zahl") == len(names)
        assert {int(w) for w in page.split() if w.isdigit()} == set(range(1, 12))  # subfolders only: no points


def test_tile_files_are_single_sided_so_any_printer_prints_them(built):
    import json

    manifest = json.loads((built["de"] / "manifest.json").read_text())

    def entries(o):
        if isinstance(o, dict):
            if str(o.get("file", "")).endswith("-plaettchen.pdf"):
                yield o
            for v in o.values():
                yield from entries(v)
        elif isinstance(o, list):
            for v in o:
                yield from entries(v)

    tiles = list(entries(manifest))
    assert len(tiles) == 4 and all(not t.get("duplex") for t in tiles)  # fronts and backs fold, one side


def test_the_same_data_gives_byte_identical_files(built, tmp_path):
    res = CliRunner().invoke(app, ["build", "ordnerstruktur", "--data", str(DATA), "--lang", "de",
                                   "--out", str(tmp_path), "--format", "pdf", "-j", "1"])
    assert res.exit_code == 0, res.output
    first = sorted(p.name for p in built["de"].glob("*.pdf"))
    assert first == sorted(p.name for p in (tmp_path / "ordnerstruktur").glob("*.pdf"))
    for name in first:
        assert (built["de"] / name).read_bytes() == (tmp_path / "ordnerstruktur" / name).read_bytes(), name
