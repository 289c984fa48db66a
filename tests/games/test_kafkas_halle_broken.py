"""`pnp check kafkas-halle` on the real data and on deliberately broken copies
(YAML text edited in a copy of data/kafkas-halle): each must fail with the
right rule, object, seed file and a message saying what the seed wants."""
from __future__ import annotations

import shutil

from pnp.checks import failed
from pnp.model.game import discover
from pnp.load.paths import DEFAULT_DATA

SEED = "000_b69832241c10d319.txt"


def check_copy(tmp_path, file: str | None = None, old: str = "", new: str = ""):
    dst = tmp_path / "data" / "kafkas-halle"
    shutil.copytree(DEFAULT_DATA / "kafkas-halle", dst)
    if file:
        p = dst / file
        text = p.read_text(encoding="utf-8")
        assert text.count(old) == 1, f"edit target {old!r} not unique in {file}"
        p.write_text(text.replace(old, new), encoding="utf-8")
    game = discover(tmp_path / "data")["kafkas-halle"]
    return game.module().check(game)


def find(findings, rule, obj=None):
    hits = [f for f in findings if f.rule == rule and (obj is None or obj in f.object)]
    assert hits, f"no {rule} finding for {obj!r}; got: " + "; ".join(str(f) for f in findings)
    assert all(f.seed == SEED and f.severity == "error" for f in hits)
    return hits[0]


def test_real_data_passes(tmp_path):
    findings = check_copy(tmp_path)
    assert findings == [] and not failed(findings)


def test_nineteen_move_cards(tmp_path):
    old = "  - id: nach-links\n    name: {de: Nach Links, en: Left}\n    category: bewegen\n    copies: 4"
    findings = check_copy(tmp_path, "deck.yaml", old, old[:-1] + "5")
    f = find(findings, "deck.category-total", "Bewegen")
    assert "19" in f.message and "18" in f.message
    assert "51" in find(findings, "deck.total").message
    c = find(findings, "deck.copies", "Nach Links")
    assert "deck.yaml:" in c.where


def test_barrier_on_goal_square(tmp_path):
    findings = check_copy(tmp_path, "board.yaml", "id: H1, at: [d3, e3]", "id: H1, at: [a1, b1]")
    f = find(findings, "setup.barrier-on-goal", "H1")
    assert "a1" in f.message
    assert "board.yaml:" in f.where


def test_vertical_light_barrier(tmp_path):
    findings = check_copy(tmp_path, "board.yaml", "id: H1, at: [d3, e3]", "id: H1, at: [d3, d2]")
    f = find(findings, "setup.barrier-orientation", "H1")
    assert "horizontal" in f.message or "waagerecht" in f.message


def test_overlapping_objects(tmp_path):
    findings = check_copy(tmp_path, "board.yaml", "{piece: sperre, at: h3}", "{piece: sperre, at: e3}")
    f = find(findings, "setup.overlap")
    assert "e3" in f.message


def test_missing_symbol(tmp_path):
    findings = check_copy(tmp_path, "deck.yaml", "symbol: pfeil-links", "symbol: pfeil-oben")
    f = find(findings, "deck.symbol", "Nach Links")
    assert "pfeil-oben" in f.message


def test_wrong_action_cost(tmp_path):
    old = "  - id: vorwaerts\n    name: {de: Vorwärts, en: Forward}\n    category: bewegen\n    copies: 3\n    cost: 2"
    findings = check_copy(tmp_path, "deck.yaml", old, old[:-1] + "1")
    f = find(findings, "deck.cost", "Vorwärts")
    assert "2" in f.message and "1" in f.message


def test_forbid_must_cost_nothing(tmp_path):
    old = "    name: {de: Verbot einer Drehung, en: Forbid a turn}\n    category: manipulieren\n    copies: 2\n    cost: 0"
    findings = check_copy(tmp_path, "deck.yaml", old, old[:-1] + "1")
    find(findings, "deck.forbid-cost", "Verbot einer Drehung")


def test_figure_must_start_on_the_other_goal(tmp_path):
    findings = check_copy(tmp_path, "board.yaml", "{piece: figur-1, id: F1, at: h8}", "{piece: figur-1, id: F1, at: a1}")
    find(findings, "setup.figure-start", "F1")
    # both figures on a1 is a legal goal-square share, not an overlap
    assert not [f for f in findings if f.rule == "setup.overlap"]


def test_a_moved_dark_barrier_is_not_the_start_position(tmp_path):
    findings = check_copy(tmp_path, "board.yaml", "id: D2, at: [h4, h5]", "id: D2, at: [h5, h6]")
    find(findings, "setup.barrier-start", "dunkle-barriere")
