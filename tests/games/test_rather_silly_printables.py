"""Rather Silly printables: every asset renders, the texts and numbers on the pages come from the
data (read back from the PDF), the schematic map shows every province, border and home colour."""
from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pdfread import text

text_of = text
from pnp.cli.main import app
from pnp.load.errors import DataErrors
from pnp.model.assets import BuildOptions
from pnp.render.pdf import render_pdf_bytes
from pnp.model.game import discover
from pnp.games.rather_silly.book import FACTS
from pnp.games.rather_silly.mapdata import load_board
from pnp.games.rather_silly.printables import assets
from pnp.games.rather_silly.schematic import MapGeometry, _edges, draw_map
from pnp.scene import Ellipse, Group, Path as SPath, Text

DATA = Path(__file__).resolve().parents[2] / "data"
A4 = (210.0, 297.0)


@pytest.fixture(scope="module")
def game():
    return discover(DATA)["rather-silly"]


@pytest.fixture(scope="module")
def board():
    return load_board(DATA / "rather-silly" / "map.yaml")


SHEETS = ("aid-phases", "role-narr", "role-superhirn", "role-doktor", "role-wahrsager",  # drawn from roles.yaml
          "superhirn-ledger", "doktor-track", "season-track", "wahrsager-log", "map-additions")  # and the sheets of logs.py's sources


@dataclass
class PdfPage:
    """A page read back from a built PDF: its size in mm."""
    width: float
    height: float


def rendered(game, lang, out_dir):
    """The game's code-drawn assets (pages and their text), plus the pages of its sheets read back from a build."""
    out = {}
    for a in assets(game, BuildOptions(lang=lang)):
        pages = list(a.iter_pages())
        reader = PdfReader(io.BytesIO(render_pdf_bytes(pages)))
        out[a.name] = (pages, [p.extract_text() for p in reader.pages])
    res = CliRunner().invoke(app, ["build", "rather-silly", "--data", str(DATA), "--out", str(out_dir),
                                   "--format", "pdf", "--lang", lang])
    assert res.exit_code == 0, res.output
    for name in SHEETS:
        pdf = out_dir / "rather-silly" / f"{name}.pdf"
        reader = PdfReader(pdf)
        out[name] = ([PdfPage(float(p.mediabox.width) * 25.4 / 72, float(p.mediabox.height) * 25.4 / 72)
                      for p in reader.pages], text(pdf).split("\f"))
    return out


@pytest.fixture(scope="module")
def de(game, tmp_path_factory):
    return rendered(game, "de", tmp_path_factory.mktemp("rs-de"))


@pytest.fixture(scope="module")
def en(game, tmp_path_factory):
    return rendered(game, "en", tmp_path_factory.mktemp("rs-en"))


def test_every_asset_renders_on_real_paper(de):
    expected = {"map-additions", "map", "map-large", "aid-phases", "role-narr", "role-superhirn", "role-doktor",
                "role-wahrsager", "superhirn-ledger", "doktor-track", "season-track", "wahrsager-log"}
    assert set(de) == expected
    for name, (pages, _) in de.items():
        assert pages, name
        for p in pages:
            assert sorted((round(p.width, 1), round(p.height, 1))) == sorted(A4), (name, p.width, p.height)
    assert len(de["map-large"][0]) > 1  # tiled over several sheets


def test_phase_order_has_the_eleven_steps_in_each_language(de, en):
    for pages, lang, words in ((de, "de", ["Borg", "Lama", "Rückzüge", "Hyperraum"]),
                               (en, "en", ["Borg", "llama", "Retreats", "hyperspace"])):
        text = " ".join(pages["aid-phases"][1])
        nums = [int(n) for n in re.findall(r"(?m)^(\d{1,2})\.?(?=\s|$)", "\n".join(pages["aid-phases"][1]))]
        assert sorted(set(nums)) == list(range(1, 12)), nums
        pos = [text.find(w) for w in words]
        assert all(p >= 0 for p in pos) and pos == sorted(pos), (lang, pos)  # in the seed's order


def test_role_sheets_and_logs_carry_the_rule_numbers(de, en):
    assert "Island" in de["role-superhirn"][1][0] and "NAO und NWG" in de["role-superhirn"][1][0]
    assert "1921" in en["role-narr"][1][0]
    assert "30" in de["role-doktor"][1][0]
    track = de["doktor-track"][1][0]
    tokens = set(re.findall(r"(?<![\w.,])\d+(?![\w.,])", track))
    assert {str(v) for v in range(0, 31)} <= tokens, sorted(tokens)
    seasons = de["season-track"][1][0]
    assert all(str(y) in seasons for y in range(1901, 1922)) and "Narr gewinnt" in seasons
    log = de["wahrsager-log"][1][0]
    assert len(re.findall(r"Frühjahr 19\d\d", log)) == 20 and len(re.findall(r"Herbst 19\d\d", log)) == 20
    assert "Herbst 1921" not in log and "3. (nach Superhirn)" in log
    ledger = de["superhirn-ledger"][1][0]
    for share in ("100 %", "50 %", "33,3 %", "25 %"):
        assert share in ledger
    assert "33.3 %" in en["superhirn-ledger"][1][0]


def test_map_additions_name_the_borders_from_the_data(de, en):
    text = " ".join(de["map-additions"][1][0].split())
    assert text.count("Island (ICE)") == 2 and text.count("Kreta (CRE)") == 2
    assert "NAO, NWG" in text and "AEG, EAS, ION" in text
    assert text.count("BUR · MAR · MUN · PIE · TYR") == 2
    assert "Iceland (ICE)" in en["map-additions"][1][0]


def _walk(node):
    yield node
    if isinstance(node, Group):
        for c in node.children:
            yield from _walk(c)


def _group(root, gid):
    return next(n for n in _walk(root) if isinstance(n, Group) and n.id == gid)


def test_schematic_map_shows_every_province_border_and_home_colour(board):
    g = draw_map(board, 280, 240, "de")
    ids = [t.text for t in _walk(_group(g, "provinces")) if isinstance(t, Text) and t.text.isupper()]
    assert sorted(ids) == sorted(board.provinces)
    borders = [n for n in _walk(_group(g, "borders")) if isinstance(n, SPath)]
    assert len(borders) == len(_edges(board))
    geo = MapGeometry(board, 280, 240)
    ellipses = [e for e in _walk(_group(g, "provinces")) if isinstance(e, Ellipse)]
    for pw in board.powers:
        for c in pw.homes:
            x, y = geo.pos(c)
            node = next(e for e in ellipses if abs(e.cx - x) < 1e-6 and abs(e.cy - y) < 1e-6)
            assert node.style.fill.hex == pw.colour.lower(), c
    # the tunnel touches exactly its five provinces
    tunnel = [n for n in _walk(_group(g, "tunnel")) if isinstance(n, SPath)]
    ends = {tuple(round(v, 6) for v in p.ops[-1][1:3]) for p in tunnel if p.ops[-1][0] == "L" and len(p.ops) == 2}
    assert ends == {tuple(round(v, 6) for v in geo.pos(j)) for j in board.tunnel.joins}


def test_map_pdf_names_every_province_and_is_deterministic(game, de):
    text = "\n".join(de["map"][1])
    board = load_board(DATA / "rather-silly" / "map.yaml")
    missing = [pid for pid in board.provinces if not re.search(rf"\b{pid}\b", text)]
    assert missing == []
    a = next(a for a in assets(game, BuildOptions()) if a.name == "map")
    assert render_pdf_bytes(list(a.iter_pages())) == render_pdf_bytes(list(a.iter_pages()))


def test_large_map_width_option(game):
    big = next(a for a in assets(game, BuildOptions(extra={"map_width": "900"})) if a.name == "map-large")
    small = next(a for a in assets(game, BuildOptions(extra={"map_width": "300"})) if a.name == "map-large")
    assert len(list(big.iter_pages())) > len(list(small.iter_pages()))
    bad = next(a for a in assets(game, BuildOptions(extra={"map_width": "wide"})) if a.name == "map-large")
    with pytest.raises(DataErrors, match="map_width"):
        list(bad.iter_pages())


def test_position_page_marks_units_centres_and_herds(game, board, tmp_path):
    from pnp.games.rather_silly.position import draw_position
    from pnp.games.rather_silly.state import load_state
    from pnp.scene import Circle, Polygon, Rect

    st = load_state(DATA / "rather-silly" / "examples" / "state-1905-autumn.yaml")
    g = draw_position(board, st, 280, 240, "de")
    units = _group(g, "units")
    letters = [t.text for t in _walk(units) if isinstance(t, Text)]
    n_units = sum(len(u.places()) for h in st.players.values() for u in h.units)
    markers = [n for n in units.children if isinstance(n, Group)]
    assert len(markers) == n_units + 1 + len(st.monsters)  # plus the Borg
    assert letters.count("A®") == 1 and letters.count("T") == 1 and "B" in letters
    rings = [n for n in _walk(_group(g, "ownership")) if isinstance(n, Ellipse)]
    assert len(rings) == sum(len(h.centres) for h in st.players.values())
    herds = [n for n in _walk(units) if isinstance(n, Polygon)]
    assert len(herds) == sum(len(set(h.lama_herds)) for h in st.players.values())
    assert len([n for n in _walk(_group(g, "twin-bars")) if isinstance(n, SPath)]) == 1
    # as an asset when a state file is given, and from the CLI
    a = next(a for a in assets(game, BuildOptions(extra={"state": str(DATA / "rather-silly" / "examples" /
                                                                      "state-1905-autumn.yaml")}))
             if a.name == "position")
    pages = PdfReader(io.BytesIO(render_pdf_bytes(list(a.iter_pages())))).pages
    text = pages[0].extract_text()
    assert "Herbst 1905" in text and "England: 6" in text
    # the map tells powers apart by colour; the second page says it all in words
    listed = " ".join(pages[1].extract_text().split())
    assert "Einheiten und Zentren: Herbst 1905" in listed
    for phrase in ("England 6: EDI, LON, LVP, NWY, BEL, DEN", "F SKA (schwul)", "A NWY (Teufel 2)",
                   "Zwillinge A GAS + A BRE", "F SPA/sc", "0; 6 Siegpunkte", "Borg TYR", "PIC ×2"):
        assert phrase in listed, phrase
    from typer.testing import CliRunner

    from pnp.games.rather_silly.cli import app

    res = CliRunner().invoke(app, ["show", str(DATA / "rather-silly" / "examples" / "state-1905-autumn.yaml"),
                                   "--out", str(tmp_path / "p.pdf"), "--lang", "en"])
    assert res.exit_code == 0, res.output
    en = PdfReader(str(tmp_path / "p.pdf")).pages
    assert "Autumn 1905" in en[0].extract_text() and "Units and centres" in en[1].extract_text()


def test_map_names_each_powers_home_centres_in_words(game, board):
    """Home centres are filled in their power's colour; a grey print needs the words too."""
    a = next(a for a in assets(game, BuildOptions()) if a.name == "map")
    text = " ".join(PdfReader(io.BytesIO(render_pdf_bytes(list(a.iter_pages())))).pages[0].extract_text().split())
    assert "Heimatzentren" in text
    for pw in board.powers:
        assert f"{pw.de}: {', '.join(pw.homes)}" in text, pw.id


@pytest.mark.parametrize("name, winter", [("doktor-track", True), ("superhirn-ledger", False),
                                          ("wahrsager-log", False)])
def test_logs_run_to_the_last_season_before_the_narrs_year(de, name, winter):
    """Every season from the first year to the last one the rules allow has its row, none twice:
    the game ends when it reaches the Narr's year (a log that stops early is useless in year 8)."""
    text = "\n".join(de[name][1])
    rows = re.findall(r"(Frühjahr|Herbst|Winter) (\d{4})", text)
    first, last = FACTS.value("first_year"), FACTS.value("narr_year") - 1
    names = ["Frühjahr", "Herbst"] + (["Winter"] if winter else [])
    assert rows == [(n, str(y)) for y in range(first, last + 1) for n in names]


def test_season_track_ends_with_the_narrs_year(de):
    text = de["season-track"][1][0]
    years = [int(y) for y in re.findall(r"\b(19\d\d)\b", text)]
    assert list(range(FACTS.value("first_year"), FACTS.value("narr_year") + 1)) == sorted(set(years)) == \
        list(range(1901, 1922))


def test_the_tracks_follow_the_document_whatever_map_yaml_restates(tmp_path):
    """The rules block of map.yaml is never read: with narr_year 1920 and doktor_victory_points 25 in it
    (which `pnp check` rejects), the season track still ends in 1921 and the Doktor's track at 30."""
    import shutil

    shutil.copytree(DATA / "rather-silly", tmp_path / "rather-silly")
    path = tmp_path / "rather-silly" / "map.yaml"
    path.write_text(path.read_text().replace("narr_year: 1921", "narr_year: 1920").replace(
        "doktor_victory_points: 30", "doktor_victory_points: 25"))
    res = CliRunner().invoke(app, ["build", "rather-silly", "--data", str(tmp_path), "--out", str(tmp_path / "out"),
                                   "--format", "pdf"])
    assert res.exit_code == 0, res.output
    text = {name: text_of(tmp_path / "out" / "rather-silly" / f"{name}.pdf") for name in ("season-track", "doktor-track")}
    assert max(int(y) for y in re.findall(r"\b(19\d\d)\b", text["season-track"])) == 1921
    assert "≥ 30" in text["doktor-track"] and "≥ 25" not in text["doktor-track"]
