"""Rather Silly's printables are data (issue #31): no module of pnp/games/rather_silly/ draws, every sheet of
data/rather-silly/ is held to the print rules when read back from the built PDFs, and the map's key tells
its kinds apart in grey."""
from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest
from typer.testing import CliRunner

from drawing import DRAWING, drawing_imports, imports
from pdfread import char_sizes, raster, text, words
from pnp.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"
PACKAGE = ROOT / "pnp" / "games" / "rather_silly"
STATE = DATA / "rather-silly" / "examples" / "state-1905-autumn.yaml"
# the sheets this port made, and what they are: pages to print, pieces to cut, a board's tiles
PAGES = ("superhirn-ledger", "doktor-track", "season-track", "wahrsager-log", "map", "position")
PIECES = ("map-additions",)
TILES = ("map-large",)


def test_no_module_of_the_game_imports_a_drawing_package():
    """The game's Python only computes: no module imports pnp.scene, pnp.impose or pnp.render, by an absolute
    or a relative import (``from ...scene import x``), nor the engine's hand-drawing helpers."""
    modules = sorted(PACKAGE.rglob("*.py"))
    assert len(modules) >= 10
    for path in modules:
        names = imports(path)
        assert not drawing_imports(path), f"{path.name} imports {sorted(drawing_imports(path))}"
        helpers = {n for n in names if n.startswith("pnp.layout.builtin.") and not n.startswith("pnp.layout.builtin.sheet")}
        assert not helpers, f"{path.name} imports drawing helpers {sorted(helpers)}"


def test_relative_imports_of_drawing_packages_are_seen(tmp_path):
    """The check above resolves relative imports against the module's package, so it cannot be dodged."""
    folder = tmp_path / "pnp" / "games" / "x"
    folder.mkdir(parents=True)
    for package in (tmp_path / "pnp", tmp_path / "pnp" / "games", folder):
        (package / "__init__.py").write_text("")
    for line, drawn in (("from ...scene import Group", "pnp.scene"), ("from ... import render", "pnp.render"),
                        ("from ...impose.grid import impose", "pnp.impose.grid"), ("from . import rules", None),
                        ("from ..x import sibling", None), ("import pnp.scene.text", "pnp.scene.text")):
        (folder / "a.py").write_text(line + "\n")
        got = drawing_imports(folder / "a.py")
        assert (drawn in got) if drawn else not got, (line, got)
    assert set(DRAWING) == {"pnp.scene", "pnp.impose", "pnp.render"}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("rs-port")
    res = CliRunner().invoke(app, ["build", "rather-silly", "--data", str(DATA), "--out", str(out), "--format", "pdf",
                                   "-o", f"state={STATE}"])
    assert res.exit_code == 0, res.output
    return out / "rather-silly"


def _size(pdf) -> tuple[float, float]:
    from pypdf import PdfReader

    box = PdfReader(pdf).pages[0].mediabox
    return float(box.width) * 25.4 / 72, float(box.height) * 25.4 / 72


@pytest.mark.parametrize("name", PAGES + PIECES + TILES)
def test_text_large_enough_and_off_the_paper_edge(built, name):
    """Text >= 6 pt; no word within 6 mm of the paper's edge on any page (a board's tiles are clipped to
    their part of the board, so their words are measured by the engine's tiling tests)."""
    pdf = built / f"{name}.pdf"
    assert min(size for _, size in char_sizes(pdf)) >= 6, name
    if name in TILES:
        return
    w, h = _size(pdf)
    for page in range(len(text(pdf).split("\f"))):
        for word, x0, y0, x1, y1 in words(pdf, page):
            assert x0 >= 6 and y0 >= 6 and x1 <= w - 6 and y1 <= h - 6, (name, page, word, x0, y0, x1, y1)


def test_no_slugs_or_file_names_on_the_sheets(built):
    for name in PAGES + PIECES + TILES:
        flat = text(built / f"{name}.pdf")
        for slug in ("pfeil-zurueck", ".yaml", ".csv", "coast-dot", "superhirn-ledger", "{", "}"):
            assert slug not in flat, (name, slug)


def test_map_additions_pack_evenly_on_one_page(built):
    """Six pieces of one size: one page, full rows of four and the rest, not 3/2/1 of mixed sizes."""
    flat = " ".join(text(built / "map-additions.pdf").split())
    assert len(text(built / "map-additions.pdf").split("\f")) == 1
    assert flat.count("Island (ICE)") == 2 and flat.count("Kreta (CRE)") == 2 and flat.count("Mont-Blanc-Tunnel") == 2
    tops = sorted({round(y0) for w, x0, y0, x1, y1 in words(built / "map-additions.pdf") if w in ("Island", "Kreta")})
    assert len(tops) == 1  # the four island boxes share a row


def differ(a, b, levels: int = 24, share: float = 0.03) -> bool:
    """Two grey glyphs differ in shape (size) or in at least ``share`` of their pixels by more than ``levels``
    (tests/print/test_greyscale.py holds the games' drawn legends to the same)."""
    from PIL import ImageChops

    (aw, ah), (bw, bh) = a.size, b.size
    if abs(aw - bw) > 0.15 * max(aw, bw) or abs(ah - bh) > 0.15 * max(ah, bh):
        return True
    size = (max(aw, bw), max(ah, bh))
    diff = ImageChops.difference(a.resize(size), b.resize(size))
    return sum(diff.point(lambda v: 255 if v > levels else 0).histogram()[255:]) >= share * size[0] * size[1]


def test_map_key_glyphs_differ_in_grey(built):
    """Each row of the map's key (a sea, coastal land, inland, ..., impassable) looks different from every
    other when printed in grey: told apart by shape, rim and dashes, not by hue alone."""
    dpi = 300
    img = raster(built / "map.pdf", dpi).convert("L")
    px = dpi / 25.4
    w_mm = img.width / px
    x0 = w_mm - 6 - 74  # the key's column: 74 mm wide inside the 6 mm margin
    glyphs = []
    for i in range(12):
        y = 6 + 14 + i * 3.3
        crop = img.crop((round(x0 * px), round(y * px), round((x0 + 6) * px), round((y + 3.3) * px)))
        box = crop.point(lambda v: 255 if v < 250 else 0).getbbox()
        assert box is not None, f"key row {i} prints nothing"
        glyphs.append(crop.crop(box))
    alike = [(a, b) for (a, ga), (b, gb) in combinations(enumerate(glyphs), 2) if not differ(ga, gb)]
    assert alike == []


def test_every_powers_counters_carry_a_mark_of_their_own(built):
    """Austria and Italy, England and Germany, France and Turkey print in near the same grey: each group of
    counters.yaml has its own mark (a large initial in a ring on its counters), printed >= 9 pt."""
    import yaml

    doc = yaml.safe_load((DATA / "rather-silly" / "counters.yaml").read_text(encoding="utf-8"))
    assert doc["layout"] == "counter.yaml"
    marks = [g["mark"]["de"] if isinstance(g["mark"], dict) else g["mark"] for g in doc["groups"]]
    assert len(marks) == len(doc["groups"]) and len(set(marks)) == len(marks)
    sizes = char_sizes(built / "counters.pdf")
    big = {ch for ch, size in sizes if size >= 9}
    assert {m[0] for m in marks} <= big
