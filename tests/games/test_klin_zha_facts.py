"""Clouded Klin Zha against its document: the numbers are pnp's facts, blind is decided by the
cells, no data file switches a rule off, and `pnp clouds random` gives out only layouts the
checker passes at every step. Each case is a shipped file with one change and asserts the
EXACT findings (rule id, object)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.checks import Source
from pnp.games.klin_zha.check import RULES, check_layout
from pnp.games.klin_zha.facts import FACTS, LIMIT, PIECES
from pnp.games.klin_zha.randomlayout import MIN_CELLS, cloud_counts, random_layout
from pnp.games.klin_zha.rules import check, load_kit
from pnp.games.klin_zha.schemas import CloudLayout
from pnp.games.klin_zha.sky import Layout
from pnp.load.paths import DEFAULT_DATA
from pnp.model.game import discover
from pnp.model.trilattice import TriGrid

SRC = DEFAULT_DATA / "klin-zha"
SETUP = (SRC / "positions" / "setup-example.yaml").read_text(encoding="utf-8")
OLD_RULES = Path(__file__).resolve().parent / "old" / "klin-zha-rules.yaml"
G = TriGrid(9)
CORNERS, HALF = G.regions()
APEX = [G.name(c) for c in CORNERS["apex"]]
LEFT = [G.name(c) for c in CORNERS["left"]]
RIGHT = [G.name(c) for c in CORNERS["right"]]


@pytest.fixture()
def game(tmp_path):
    shutil.copytree(SRC, tmp_path / "klin-zha")
    return discover(tmp_path)["klin-zha"]


def found(findings) -> set[tuple[str, str]]:
    return {(f.rule, f.object) for f in findings if f.severity == "error"}


def layout(game, name: str, text: str) -> set[tuple[str, str]]:
    """The error findings of the game with one more layout file."""
    (game.folder / "clouds" / f"{name}.yaml").write_text(text, encoding="utf-8")
    return found(check(game))


def cells(names) -> str:
    return "[" + ", ".join(names) + "]"


def test_the_shipped_game_and_position_pass(game):
    assert found(check(game)) == set()
    assert found(check(game, SRC / "positions" / "setup-example.yaml")) == set()


# ------------------------------------------------------------------ blind by the cells


def test_a_file_named_blind_is_not_blind_by_its_name(game):
    """"Blindvariante … wenn das gesamte Brett unter einer Wolke liegt": twelve apex cells in a file
    called blind.yaml are held to the corner limit like any other layout."""
    assert layout(game, "blind", f"title: x\nclouds:\n  - {{name: A, cells: {cells(APEX[:12])}}}\n") == {
        ("layout.corner-limit", "blind")}


def test_the_whole_board_under_one_cloud_is_blind_whatever_the_file_is_called(game):
    """"Blindvariante … wenn das gesamte Brett unter einer Wolke liegt": `cells: all` named otherwise passes."""
    assert layout(game, "overcast", "title: x\nclouds:\n  - {name: Alles, cells: all}\n") == set()
    assert layout(game, "every-cell", f"title: x\nclouds:\n  - {{name: A, cells: {cells(G.names())}}}\n") == set()


def test_the_whole_board_under_several_clouds_is_blind_too(game):
    """The reading pnp picks: what makes the variant blind is that no cell is visible."""
    rest = [n for n in G.names() if n not in APEX]
    assert layout(game, "split", f"title: x\nclouds:\n  - {{name: A, cells: {cells(APEX)}}}\n"
                                 f"  - {{name: B, cells: {cells(rest)}}}\n") == set()


def test_all_but_one_cell_is_not_blind(game):
    almost = [n for n in G.names() if n != "A19"]
    assert layout(game, "almost", f"title: x\nclouds:\n  - {{name: A, cells: {cells(almost)}}}\n") == {
        ("layout.corner-limit", "almost")}


def test_a_blind_sky_that_drifts_is_held_to_the_limit_once_cells_clear(game):
    text = ("title: x\nclouds:\n  - {name: A, cells: all}\n"
            "moving:\n  every: 3\n  steps: 1\n  drift: [{cloud: A, direction: right, distance: 1}]\n")
    (game.folder / "clouds" / "drift.yaml").write_text(text, encoding="utf-8")
    hits = [f for f in check(game) if f.rule == "layout.corner-limit"]
    assert {f.object for f in hits} == {"drift"} and all("after move 1" in f.message for f in hits)


# ------------------------------------------------------------------ the per-corner limit and its reading


def test_eight_cells_of_a_corner_under_cloud_are_too_many_by_the_german_reading(game):
    """"auf unter 8 pro Ecke begrenzt": 7 pass; 8 fail (the English "not more than 8" would allow them)."""
    assert layout(game, "seven", f"title: x\nclouds:\n  - {{name: A, cells: {cells(APEX[:7])}}}\n") == set()
    assert layout(game, "eight", f"title: x\nclouds:\n  - {{name: A, cells: {cells(APEX[:8])}}}\n") == {
        ("layout.corner-limit", "eight")}


def test_the_limit_is_per_corner_and_half_spaces_count_for_none(game):
    """"pro Ecke" (the English says "per edge"): seven cells in each corner plus all nine half-space
    cells, 30 cells under cloud, pass."""
    text = "title: x\nclouds:\n" + "".join(
        f"  - {{name: {n}, cells: {cells(cs)}}}\n"
        for n, cs in (("A", APEX[:7]), ("L", LEFT[:7]), ("R", RIGHT[:7]), ("H", [G.name(c) for c in HALF])))
    assert layout(game, "full", text) == set()


# ------------------------------------------------------------------ no data file switches a rule off


def test_a_position_cannot_switch_the_corner_rule_off(game, tmp_path):
    """A position file's `allow_half_spaces: true` no longer lets a piece set up on a half-space cell."""
    p = tmp_path / "pos.yaml"
    p.write_text(SETUP.replace("goal: I22", "goal: I55").replace("phase: setup", "phase: setup\nallow_half_spaces: true"))
    assert found(check(game, p)) == {("position.facts", "position"), ("position.half-space", "green")}
    p.write_text(SETUP.replace("goal: I22", "goal: I55"))
    assert found(check(game, p)) == {("position.half-space", "green")}
    # saying what the document says is harmless; in a game in progress the half-spaces are open
    p.write_text(SETUP.replace("phase: setup", "phase: setup\nallow_half_spaces: false"))
    assert found(check(game, p)) == set()
    p.write_text(SETUP.replace("goal: I22", "goal: I55").replace("phase: setup", "phase: game"))
    assert found(check(game, p)) == set()


def test_rules_yaml_cannot_change_a_fact(game):
    """What rules.yaml says about the document's numbers is compared with them, never believed."""
    rules = game.folder / "rules.yaml"
    base = rules.read_text(encoding="utf-8")
    cases = {
        "under_cloud_limit: {per_corner_fewer_than: 9}\n": {
            ("rules.facts", "under_cloud_limit.per_corner_fewer_than")},
        "under_cloud_limit: {exempt_layouts: [3-heavy]}\n": {("rules.facts", "under_cloud_limit.exempt_layouts")},
        "setup: {allow_half_spaces: true}\n": {("rules.facts", "setup.allow_half_spaces")},
    }
    for extra, want in cases.items():
        rules.write_text(base + extra, encoding="utf-8")
        assert found(check(game)) == want, extra
    rules.write_text(base.replace("{id: flier,     name: {de: Flieger,   en: Flier},  ",
                                  "{id: flier,     name: {de: Flieger,   en: Flier},     count: 3,"), encoding="utf-8")
    assert found(check(game)) == {("rules.facts", "flier")}
    assert load_kit(game).rules.pieces[3].count == 2  # what the kit prints stays the document's
    rules.write_text(base.replace("  - {id: swift,     name: {de: Swift,     en: Swift},     mark: SW}\n", ""))
    assert found(check(game)) == {("rules.facts", "pieces")}
    rules.write_text(base.replace("{id: swift, ", "{id: dragon,").replace("{id: swift,     ", "{id: dragon,    "))
    assert found(check(game)) == {("rules.facts", "dragon"), ("rules.facts", "pieces")}


def test_an_old_rules_yaml_that_restates_the_document_passes(game):
    shutil.copy(OLD_RULES, game.folder / "rules.yaml")
    assert found(check(game)) == {("rules.facts", "under_cloud_limit.exempt_layouts")}  # it exempted blind by name
    text = OLD_RULES.read_text(encoding="utf-8").replace("  exempt_layouts: [blind]", "")
    (game.folder / "rules.yaml").write_text(text, encoding="utf-8")
    assert found(check(game)) == set()


def test_a_restated_fact_names_the_fact_and_its_passage(game):
    rules = game.folder / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8") + "under_cloud_limit: {per_corner_fewer_than: 9}\n")
    f = next(f for f in check(game) if f.rule == "rules.facts")
    assert f.message == ("rules.yaml says under_cloud_limit.per_corner_fewer_than is 9; Clouded Klin Zha, §Playtest "
                         f"[001_172d3087ef5ea435.txt] says 8 (\"{FACTS['under_cloud_limit.per_corner_fewer_than'].quote}\")")
    assert f.where.endswith(f"rules.yaml:{len(rules.read_text().splitlines())}:44")


def test_positions_count_the_documents_pieces(game, tmp_path):
    """"gemäß den normalen Regeln": ten pieces a side, whatever rules.yaml says."""
    rules = game.folder / "rules.yaml"
    rules.write_text(rules.read_text().replace("en: Flier},  ", "en: Flier},     count: 3,"))
    p = tmp_path / "pos.yaml"
    p.write_text(SETUP.replace("flier: [I12, I33]", "flier: [I12, I33, I44]"))
    assert found(check(game, p)) == {("rules.facts", "flier"), ("position.count", "green")}
    assert sum(PIECES.values()) == 10


# ------------------------------------------------------------------ clouds random


def valid(doc) -> bool:
    kit_rules = load_kit(discover(DEFAULT_DATA)["klin-zha"]).rules
    lay = Layout("random", Source("random"), CloudLayout.model_validate(doc))
    return not [f for f in check_layout(G, kit_rules, lay) if f.severity == "error"]


def test_seed_14_moving_passes_after_every_move(game):
    """`pnp clouds random --seed 14 --moving` wrote a layout `pnp check` rejected after the first move."""
    out = game.folder / "clouds" / "r14.yaml"
    res = CliRunner().invoke(_clouds_app(), ["random", "--seed", "14", "--moving", "--out", str(out),
                                             "--data", str(game.folder.parent)])
    assert res.exit_code == 0, res.output
    assert found(check(game)) == set()


def test_random_moving_layouts_are_valid_at_every_step():
    """8 of 58 moving seeds used to fail the checker after a move."""
    rules = load_kit(discover(DEFAULT_DATA)["klin-zha"]).rules
    for seed in range(58):
        doc = random_layout(G, seed, rules, moving=True)
        assert doc["moving"]["steps"] == 3 and valid(doc), seed


def test_every_offered_cloud_count_is_met():
    rules = load_kit(discover(DEFAULT_DATA)["klin-zha"]).rules
    counts = cloud_counts(G)
    assert list(counts) == list(range(1, 3 * ((LIMIT - 1) // MIN_CELLS) + 1)) == [1, 2, 3, 4, 5, 6]
    for n in counts:
        for seed in range(8):
            for moving in (False, True):
                doc = random_layout(G, seed, rules, n, moving)
                assert len(doc["clouds"]) == n and valid(doc), (n, seed, moving)


@pytest.mark.parametrize("n", [7, 8])
def test_a_count_the_board_cannot_hold_is_refused_up_front(n, tmp_path):
    """`--clouds 8` was offered but failed on every seed: now it is refused, exit 2, saying why."""
    res = CliRunner().invoke(_clouds_app(), ["random", "--seed", "1", "--clouds", str(n)])
    assert res.exit_code == 2, res.output
    assert res.output.strip() == (f"error: --clouds {n}: a random layout has 1 to 6 clouds: each keeps to one of the "
                                  "3 corners with at least 3 cells, and a corner holds fewer than 8 cells under cloud")


def test_random_json_reports_the_documents_limit():
    res = CliRunner().invoke(_clouds_app(), ["random", "--seed", "3", "--clouds", "6", "--json"])
    data = json.loads(res.stdout)
    assert data["limit_fewer_than"] == LIMIT and max(data["under_per_corner"].values()) < LIMIT
    assert len(data["layout"]["clouds"]) == 6


def _clouds_app():
    from pnp.games.klin_zha.cli import app

    return app


def test_every_rule_says_its_reading_where_the_document_is_open():
    readings = {r.id for r in RULES if r.reading}
    assert {"layout.corner-limit", "position.half-space"} <= readings
