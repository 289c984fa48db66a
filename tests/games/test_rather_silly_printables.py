"""Rather Silly printables: every sheet builds from data/rather-silly/ (the game's Python only computes), the
texts and numbers on the pages come from the data (read back from the PDFs), the schematic map shows every
province, border and home colour, a position shows every unit."""
from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pdfread import text
from pnp.cli.main import app
from pnp.model.assets import BuildOptions
from pnp.model.game import discover
from pnp.games.rather_silly.book import FACTS
from pnp.games.rather_silly.mapdata import load_board
from pnp.games.rather_silly.schematic import borders, tunnel_edges

text_of = text
DATA = Path(__file__).resolve().parents[2] / "data"
STATE = DATA / "rather-silly" / "examples" / "state-1905-autumn.yaml"
A4 = (210.0, 297.0)


@pytest.fixture(scope="module")
def game():
    return discover(DATA)["rather-silly"]


@pytest.fixture(scope="module")
def board():
    return load_board(DATA / "rather-silly" / "map.yaml")


SHEETS = ("aid-phases", "role-narr", "role-superhirn", "role-doktor", "role-wahrsager",  # roles.yaml
          "superhirn-ledger", "doktor-track", "season-track", "wahrsager-log", "map-additions", "map", "map-large",
          "position")


@dataclass
class PdfPage:
    """A page read back from a built PDF: its size in mm."""
    width: float
    height: float


def build(data: Path, out: Path, *args: str):
    res = CliRunner().invoke(app, ["build", "rather-silly", "--data", str(data), "--out", str(out),
                                   "--format", "pdf", *args])
    assert res.exit_code == 0, res.output
    return out / "rather-silly"


def rendered(lang, out_dir):
    """Every sheet's pages (their size) and the text of each page, read back from a build with a position."""
    folder = build(DATA, out_dir, "--lang", lang, "-o", f"state={STATE}")
    out = {}
    for name in SHEETS:
        pdf = folder / f"{name}.pdf"
        reader = PdfReader(pdf)
        out[name] = ([PdfPage(float(p.mediabox.width) * 25.4 / 72, float(p.mediabox.height) * 25.4 / 72)
                      for p in reader.pages], text(pdf).split("\f"))
    out["_folder"] = folder
    return out


@pytest.fixture(scope="module")
def de(tmp_path_factory):
    return rendered("de", tmp_path_factory.mktemp("rs-de"))


@pytest.fixture(scope="module")
def en(tmp_path_factory):
    return rendered("en", tmp_path_factory.mktemp("rs-en"))


def test_every_asset_renders_on_real_paper(de):
    for name in SHEETS:
        pages = de[name][0]
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


def test_schematic_map_data_has_every_province_border_and_home_colour(game, board):
    """The map's sources hand over every province, every border once and the tunnel; home centres carry
    their power's colour."""
    from pnp.games.rather_silly.rules import SOURCES

    nodes = SOURCES["map_nodes"](game, BuildOptions())
    provinces = [n for n in nodes if n["kind"] != "coast-dot"]
    assert sorted(n["id"] for n in provinces) == sorted(board.provinces)
    coasts = {n["id"] for n in nodes if n["kind"] == "coast-dot"}
    assert coasts == {f"{p.id}/{c}" for p in board.provinces.values() for c in (p.coasts or {})}
    edges = SOURCES["map_edges"](game, BuildOptions())
    assert len([e for e in edges if e["type"] != "tunnel"]) == len(borders(board))
    homes = {n["id"]: n["colour"] for n in provinces if n["paint"] == "home"}
    assert homes == {c: pw.colour for pw in board.powers for c in pw.homes}
    # the tunnel touches exactly its five provinces (and the impassable one it runs under)
    touched = {x for e in edges if e["type"] == "tunnel" for x in (e["from"], e["to"])}
    assert touched == set(board.tunnel.joins) | {"SWI"}
    assert len(tunnel_edges(board)) == 2 * len(board.tunnel.joins)


def test_map_pdf_names_every_province_on_one_page(de, board):
    pages, texts = de["map"]
    assert len(pages) == 1 and sorted((round(pages[0].width), round(pages[0].height))) == [210, 297]
    missing = [pid for pid in board.provinces if not re.search(rf"\b{pid}\b", texts[0])]
    assert missing == []
    # the abbreviations' key: every province's name beside its abbreviation
    flat = " ".join(texts[0].split())
    for p in board.provinces.values():
        assert p.de in flat, p.id


def test_map_is_deterministic(tmp_path):
    a = build(DATA, tmp_path / "a") / "map.pdf"
    b = build(DATA, tmp_path / "b") / "map.pdf"
    assert a.read_bytes() == b.read_bytes()
    assert not (a.parent / "position.pdf").exists()  # a position only with -o state=FILE


def test_large_map_is_as_wide_as_its_sheet_says(tmp_path):
    """map-large.yaml's size is the map's size: a larger one tiles over more sheets."""
    shutil.copytree(DATA / "rather-silly", tmp_path / "data" / "rather-silly")
    shipped = len(PdfReader(build(tmp_path / "data", tmp_path / "shipped") / "map-large.pdf").pages)
    path = tmp_path / "data" / "rather-silly" / "map-large.yaml"
    path.write_text(path.read_text().replace("size: 600x510", "size: 900x765"))
    big = len(PdfReader(build(tmp_path / "data", tmp_path / "big") / "map-large.pdf").pages)
    assert shipped == 8 and big > shipped


def test_position_marks_units_centres_and_herds(game, board, de, en, tmp_path):
    from pnp.games.rather_silly.rules import SOURCES
    from pnp.games.rather_silly.state import load_state

    st = load_state(STATE)
    opts = BuildOptions(extra={"state": str(STATE)})
    nodes = SOURCES["position_nodes"](game, opts)
    units = [n for n in nodes if n["kind"] == "unit"]
    n_units = sum(len(u.places()) for h in st.players.values() for u in h.units)
    assert len(units) == n_units + 1 + len(st.monsters)  # plus the Borg
    letters = [n["abbr"] for n in units]
    assert letters.count("A®") == 1 and letters.count("T") == 1 and "B" in letters
    assert len([n for n in nodes if n["outline"] == "owned"]) == sum(len(h.centres) for h in st.players.values())
    herds = [n for n in nodes if n["kind"] == "herd"]
    assert len(herds) == sum(len(set(h.lama_herds)) for h in st.players.values())
    assert len([e for e in SOURCES["position_edges"](game, opts) if e["type"] == "twins"]) == 1
    assert [n["mark"] for n in units if n["mark"]] == ["†2"] and [n["centre"] for n in units if n["centre"]] == ["gay"]
    # without a state file there is no position, and no position.pdf
    assert SOURCES["position"](game, BuildOptions()) == []
    # the built file: the map with the centres per player, then the list in words
    pages = de["position"][1]
    assert len(pages) == 2
    assert "Herbst 1905" in pages[0] and "England: 6" in pages[0]
    listed = " ".join(pages[1].split())
    assert "Einheiten und Zentren: Herbst 1905" in listed
    for phrase in ("England 6: EDI, LON, LVP, NWY, BEL, DEN", "F SKA (schwul)", "A NWY (Teufel 2)",
                   "Zwillinge A GAS + A BRE", "F SPA/sc", "0; 6 Siegpunkte", "Borg TYR", "PIC ×2"):
        assert phrase in listed, phrase
    assert "Autumn 1905" in en["position"][1][0]
    from pnp.games.rather_silly.cli import app as silly

    res = CliRunner().invoke(silly, ["show", str(STATE), "--out", str(tmp_path / "p.pdf"), "--lang", "en"])
    assert res.exit_code == 0, res.output
    shown = PdfReader(str(tmp_path / "p.pdf")).pages
    assert "Autumn 1905" in shown[0].extract_text() and "Units and centres" in shown[1].extract_text()


def test_map_names_each_powers_home_centres_in_words(de, board):
    """Home centres are filled in their power's colour; a grey print needs the words too, each power
    with its initial."""
    flat = " ".join(de["map"][1][0].split())
    assert "Heimatzentren" in flat
    for pw in board.powers:
        assert f"{pw.de}: {', '.join(pw.homes)}" in flat, pw.id


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
