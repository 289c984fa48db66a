"""Clouded Klin Zha checker: the shipped data passes; broken layouts, setups and tokens fail clearly."""
import re
import shutil
from pathlib import Path

import pytest

from pnp.checks import failed
from pnp.load.errors import DataErrors
from pnp.model.game import DEFAULT_DATA, discover
from pnp.games.klin_zha.rules import check, load_kit
from pnp.games.klin_zha.randomlayout import random_layout
from pnp.games.klin_zha.sky import resolve

SRC = DEFAULT_DATA / "klin-zha"
SEED = "001_172d3087ef5ea435.txt"


@pytest.fixture()
def game(tmp_path):
    shutil.copytree(SRC, tmp_path / "klin-zha")
    return discover(tmp_path)["klin-zha"]


def rules_of(findings, rule):
    return [f for f in findings if f.rule == rule]


def write(game, rel, text):
    p = game.folder / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text, encoding="utf-8")
    return p


def test_shipped_data_passes_and_cites_the_seed(game):
    findings = check(game)
    assert not failed(findings), [str(f) for f in findings]
    findings = check(game, SRC / "positions" / "setup-example.yaml")
    assert findings == []
    assert game.seed == SEED


def test_unknown_cell_names_point_at_the_line(game):
    write(game, "clouds/typo.yaml", "title: Tippfehler\nclouds:\n  - name: W\n    cells: [E37, Z99, E38]\n")
    bad = rules_of(check(game), "layout.cell-name")
    assert len(bad) == 1
    assert "'Z99'" in bad[0].message and bad[0].severity == "error"
    assert bad[0].where.endswith("typo.yaml:4:18")
    assert bad[0].seed == SEED


def test_a_cell_under_two_clouds_is_classified_twice(game):
    write(game, "clouds/overlap.yaml",
          "title: x\nclouds:\n  - {name: A, cells: [E37, E38]}\n  - {name: B, cells: [E38, E48]}\n")
    bad = rules_of(check(game), "layout.classified-once")
    assert len(bad) == 1 and "E38" in bad[0].message and "'A'" in bad[0].message


def test_listed_edges_must_touch_a_cloud_and_not_lie_under_one(game):
    write(game, "clouds/listed.yaml",
          "title: x\nedges: listed\nedge_cells: [E27, A19, E37]\nclouds:\n  - {name: A, cells: [E37, E38]}\n")
    f = check(game)
    loose = rules_of(f, "layout.edge-touches")
    assert [x.severity for x in loose] == ["warning"] and "A19" in loose[0].message
    twice = rules_of(f, "layout.classified-once")
    assert len(twice) == 1 and "E37" in twice[0].message
    # a corner-touching edge cell is accepted (E27 shares an edge, D28 only a corner with E37/E38)
    write(game, "clouds/listed.yaml",
          "title: x\nedges: listed\nedge_cells: [E27, D38]\nclouds:\n  - {name: A, cells: [E37, E38]}\n")
    assert rules_of(check(game), "layout.edge-touches") == []


def test_per_corner_limit_is_a_fact_and_blind_is_decided_by_the_cells(game):
    apex8 = "[A19, B18, B19, B29, C17, C18, C28, C29]"
    write(game, "clouds/too-many.yaml", f"title: x\nclouds:\n  - {{name: A, cells: {apex8}}}\n")
    bad = rules_of(check(game), "layout.corner-limit")
    assert len(bad) == 1 and "corner apex: 8 cells" in bad[0].message and bad[0].object == "too-many"
    write(game, "clouds/too-many.yaml", f"title: x\nclouds:\n  - {{name: A, cells: {apex8[:-5]}]}}\n")
    assert rules_of(check(game), "layout.corner-limit") == []
    # the same whole-board cloud under another name is blind too
    shutil.copy(game.folder / "clouds" / "blind.yaml", game.folder / "clouds" / "overcast.yaml")
    assert not failed(check(game))
    # lowering the limit in rules.yaml changes nothing but is reported: the number is the document's
    rules = game.folder / "rules.yaml"
    rules.write_text(rules.read_text() + "under_cloud_limit: {per_corner_fewer_than: 7}\n")
    found = check(game)
    assert {(f.rule, f.object) for f in found if f.severity == "error"} == {
        ("rules.facts", "under_cloud_limit.per_corner_fewer_than")}


def test_moving_clouds_are_checked_at_every_step(game):
    write(game, "clouds/drift-in.yaml",
          "title: x\nclouds:\n  - {name: A, cells: [C17, C18, C28, D17, D27, D28, E27]}\n"
          "  - {name: B, cells: [G24]}\n"
          "moving:\n  every: 3\n  steps: 2\n  drift:\n    - {cloud: A, direction: up-right, distance: 1}\n"
          "    - {cloud: Nope, direction: left}\n")
    f = check(game)
    lim = rules_of(f, "layout.corner-limit")
    assert lim == []  # 7 apex cells drifting off the board never exceed the limit
    assert any("'Nope'" in x.message for x in rules_of(f, "layout.moving"))
    write(game, "clouds/drift-in.yaml",
          "title: x\nclouds:\n  - {name: A, cells: [F14, F15, F25, G13, G14, G24, G25]}\n"
          "  - {name: B, cells: [I55]}\n"
          "moving:\n  every: 3\n  steps: 2\n  drift:\n    - {cloud: B, direction: left, distance: 1}\n")
    lim = rules_of(check(game), "layout.corner-limit")
    assert len(lim) == 2 and all("after move" in x.message and "corner left: 8" in x.message for x in lim)


SETUP = SRC / "positions" / "setup-example.yaml"


def test_setup_rules(game, tmp_path):
    base = SETUP.read_text()
    cases = {
        "flier: [I12, I33]": ("flier: [I12, I33, I44]", "position.count"),
        "goal: I22": ("goal: I55", "position.half-space"),
        "lancer: G24": ("lancer: D27", "position.one-corner"),
        "swift: H34": ("swift: H24", "position.one-per-cell"),
        "vanguard: [G25, G35, H35]": ("vanguard: [G25, G35, Q35]", "position.cell-name"),
    }
    for old, (new, rule) in cases.items():
        p = tmp_path / f"{rule}.yaml"
        p.write_text(base.replace(old, new, 1))
        f = check(game, p)
        hits = rules_of(f, rule)
        assert hits and all(h.severity == "error" for h in hits), (rule, [str(x) for x in f])
        assert hits[0].where.startswith(str(p.name)) or p.name in hits[0].where
    # no position switches the half-space rule off
    p = tmp_path / "half-ok.yaml"
    p.write_text(base.replace("goal: I22", "goal: I45", 1).replace("phase: setup", "phase: setup\nallow_half_spaces: true"))
    assert {f.rule for f in check(game, p)} == {"position.facts"}
    p.write_text(base.replace("goal: I22", "goal: H46", 1).replace("phase: setup", "phase: setup\nallow_half_spaces: true"))
    assert {f.rule for f in check(game, p)} == {"position.facts", "position.half-space"}
    # both sides in the same corner
    gold_left = base.split("gold:")[0] + "gold:\n" + "\n".join(
        line for line in base.split("gold:")[1].splitlines() if line.strip()).replace("I88", "I11").replace(
        "H78", "H12").replace("H68", "H13").replace("G68", "G13").replace("H67", "G14").replace(
        "[I77, I66]", "[I23, I44]").replace("[G57, G58, H57]", "[I45, F14, F15]")
    p.write_text(gold_left)
    assert rules_of(check(game, p), "position.one-corner")
    # a game in progress may have lost pieces but never has extra ones
    p.write_text(base.replace("phase: setup", "phase: game").replace("  swift: H34\n", "", 1))
    assert not failed(check(game, p))


def test_board_lists_must_agree_with_geometry(game):
    p = game.folder / "board.yaml"
    p.write_text(p.read_text().replace("half_spaces: [E15,", "half_spaces: [E16,"))
    with pytest.raises(DataErrors) as exc:
        check(game)
    msg = str(exc.value)
    assert "board.yaml:" in msg and "half_spaces" in msg and "E15" in msg and "E16" in msg


def test_token_sheet_counts_follow_the_rules(game):
    p = game.folder / "tokens.yaml"
    p.write_text(p.read_text().replace("groups: all, count: 3", "groups: all, count: 2"))
    bad = rules_of(check(game), "tokens.count")
    assert len(bad) == 2 and all("vanguard" in b.message for b in bad)


def test_random_layouts_are_valid_and_deterministic(game):
    kit = load_kit(game)
    g = kit.grid()
    corners, _ = g.regions()
    for seed in range(25):
        doc = random_layout(g, seed, kit.rules)
        assert doc == random_layout(g, seed, kit.rules)
        from pnp.games.klin_zha.schemas import CloudLayout

        sky = resolve(g, CloudLayout.model_validate(doc))
        assert sky.under and sky.edge
        for cells in corners.values():
            assert sum(1 for c in cells if c in sky.under) < 8
        seen = [c for cl in doc["clouds"] for c in cl["cells"]]
        assert len(seen) == len(set(seen))
    assert random_layout(g, 1, kit.rules) != random_layout(g, 2, kit.rules)


def test_random_layout_written_by_the_cli_passes_the_checker(game, tmp_path):
    from typer.testing import CliRunner

    from pnp.games.klin_zha.cli import app

    out = game.folder / "clouds" / "r11.yaml"
    res = CliRunner().invoke(app, ["random", "--seed", "11", "--moving", "--out", str(out),
                                   "--data", str(game.folder.parent)])
    assert res.exit_code == 0, res.output
    assert out.is_file()
    findings = check(game)
    assert not failed(findings), [str(f) for f in findings]
    res = CliRunner().invoke(app, ["random", "--seed", "11", "--json", "--data", str(game.folder.parent)])
    import json

    data = json.loads(res.stdout)
    assert data["seed"] == 11 and max(data["under_per_corner"].values()) < 8


def test_misspelt_layout_keys_are_reported_with_position(game):
    write(game, "clouds/bad.yaml", "title: x\nedges: diagonal\nclouds:\n  - {name: A, cels: [E37]}\n")
    with pytest.raises(DataErrors) as exc:
        check(game)
    msg = str(exc.value)
    assert "bad.yaml:2:8: 'edges'" in msg and "'by-edge'" in msg
    assert re.search(r"bad\.yaml:4:\d+: unknown key 'clouds\.0\.cels'", msg), msg


def test_position_must_name_an_existing_layout_and_step(game, tmp_path):
    p = tmp_path / "pos.yaml"
    p.write_text(SETUP.read_text().replace("layout: 2-medium", "layout: foggy"))
    bad = rules_of(check(game, p), "position.layout")
    assert len(bad) == 1 and "'foggy'" in bad[0].message and bad[0].where.endswith("pos.yaml:4:9")
    p.write_text(SETUP.read_text().replace("layout: 2-medium\nstep: 0", "layout: drifting\nstep: 4"))
    bad = rules_of(check(game, p), "position.layout")
    assert len(bad) == 1 and "steps 0..3" in bad[0].message
    p.write_text(SETUP.read_text().replace("layout: 2-medium\nstep: 0", "layout: drifting\nstep: 3"))
    assert rules_of(check(game, p), "position.layout") == []


# ------------------------------------------------------------------ what the build takes from the rules module


def _asset_names(game) -> list[str]:
    """What a build of ``game`` makes, by name (the sheets in data/klin-zha/ fed by the rules module's sources)."""
    from pnp.model.assets import BuildOptions
    from pnp.output.plan import collect_assets

    return [a.name for a in collect_assets(game, BuildOptions().for_game(game))]


def test_the_build_names_an_overlay_and_an_umpire_sheet_per_layout_and_a_view_per_side(game):
    layouts = ["1-light", "2-medium", "3-heavy", "blind", "drifting"]
    names = _asset_names(game)
    assert sorted(n for n in names if n.startswith(("clouds/", "umpire/", "views/"))) == sorted(
        [n for lay in layouts for n in (f"clouds/{lay}", f"umpire/clouds-{lay}")] + [
            "umpire/d6-directions", "umpire/setup-sheet", "umpire/position-sheet", "views/setup-example-green",
            "views/setup-example-gold", "umpire/guide"])
    assert {"board", "pieces/tokens"} <= set(names)


@pytest.mark.parametrize("text, refused", [
    ("title: x\nclouds:\n  - {name: W, cells: [E37, Z99]}\n",
     ["typo.yaml:3:28: cloud 'W': 'Z99' is not a cell of the board (row letter A-I, then L and R, e.g. A19, I55) "
      "(layout.cell-name)"]),
    ("title: x\nclouds:\n  - {name: W, cells: [E37]}\nmoving:\n  every: 3\n  steps: 1\n  drift:\n"
     "    - {cloud: Nope, direction: left}\n",
     ["typo.yaml:8:15: drift names cloud 'Nope', which the layout does not have (clouds: W) (layout.moving)"]),
    # drawable, if against the rules: the checker says so, the build prints it
    ("title: x\nclouds:\n  - {name: A, cells: [A19, B18, B19, B29, C17, C18, C28, C29]}\n", []),
    ("title: x\nclouds:\n  - {name: A, cells: [E37]}\n  - {name: A, cells: [E38]}\n", []),
])
def test_the_build_refuses_a_layout_it_cannot_draw_and_only_that(game, text, refused):
    write(game, "clouds/typo.yaml", text)
    try:
        _asset_names(game)
        said = []
    except DataErrors as exc:
        said = [re.sub(r"^.*/clouds/", "", str(p)) for p in exc.problems]
    assert said == refused


def test_the_kit_prints_the_documents_piece_counts_whatever_rules_yaml_says(game):
    rules = game.folder / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    text = text.replace("mark: Fl}", "mark: Fl, count: 5}").replace(
        "  - {id: goal, ", "  - {id: dragon, name: Drache, mark: Dr, count: 4}\n  - {id: wyrm, name: Wurm, mark: Wu}\n"
                          "  - {id: goal, ")
    rules.write_text(text, encoding="utf-8")
    kit = load_kit(game)
    assert {p.id: p.count for p in kit.rules.pieces} == {
        "fencer": 1, "lancer": 1, "swift": 1, "flier": 2, "vanguard": 3, "blockader": 1, "dragon": 4, "wyrm": 1,
        "goal": 1}


def test_the_kit_names_its_board_file_and_draws_the_grid_at_the_edge_asked(game):
    kit = load_kit(game)
    assert kit.board_file.endswith("klin-zha/board.yaml")
    assert (kit.grid().edge, kit.grid(30).edge) == (24, 30)  # board.yaml: 24 mm cells


def test_without_a_token_sheet_the_board_and_layouts_are_still_checked(game):
    (game.folder / "tokens.yaml").unlink()
    assert check(game) == []
    write(game, "clouds/typo.yaml", "title: x\nclouds:\n  - {name: W, cells: [Z99]}\n")
    assert [(f.rule, f.object) for f in check(game)] == [("layout.cell-name", "typo")]


def test_a_token_count_off_the_document_is_named_at_its_line(game):
    tokens = game.folder / "tokens.yaml"
    text = tokens.read_text(encoding="utf-8")
    tokens.write_text(text.replace("groups: all, count: 3,", "groups: all, count: 2,"), encoding="utf-8")
    line = next(i for i, s in enumerate(text.splitlines(), 1) if "id: vanguard" in s)
    found = check(game)
    assert [(f.rule, f.object, f.message) for f in found] == [
        ("tokens.count", "tokens", "green vanguard: 2 token(s) printed, a side has 3"),
        ("tokens.count", "tokens", "gold vanguard: 2 token(s) printed, a side has 3")]
    assert all(f":{line}:" in f.where and f.where.split(":")[0].endswith("tokens.yaml") for f in found)


GAME_ON = ("phase: setup", "phase: game")
POSITIONS = [
    # (edits of setup-example.yaml, the exact findings: rule, object, message)
    ([("flier: [I12, I33]", "flier: [I12, I33, I44]")],
     [("position.count", "green", "green has 3 flier(s) on the board; a side has 2")]),
    ([("flier: [I12, I33]", "flier: [I12, I33, I44]"), GAME_ON],
     [("position.count", "green", "green has 3 flier(s) on the board; a side has 2")]),
    ([("flier: [I12, I33]", "flier: [I12]")], [("position.count", "green", "green has 1 flier(s) on the board; a side has 2")]),
    ([("flier: [I12, I33]", "flier: I12")], [("position.count", "green", "green has 1 flier(s) on the board; a side has 2")]),
    ([("flier: [I12, I33]", "flier: [I12]"), GAME_ON], []),  # a piece lost in play
    ([("  swift: H34\n", "")], [("position.count", "green", "green has not placed: swift")]),
    ([("  swift: H34\n", ""), GAME_ON], []),
    ([("goal: I22", "goal: I55")], [("position.half-space", "green", "green goal on I55: half-space cells (cut by the "
                                                                     "centre lines) are not part of any corner at setup")]),
    ([("goal: I22", "goal: I55"), GAME_ON], []),
    ([("lancer: G24", "lancer: D27")], [("position.one-corner", "green", "green stands in 2 corners (apex, left); a side "
                                                                         "sets up inside one corner")]),
    ([("lancer: G24", "lancer: D27"), GAME_ON], []),
    ([("swift: H34", "swift: H24")], [("position.one-per-cell", "green", "H24 holds both green fencer and green swift; "
                                                                         "only one piece may stand on a cell")]),
    ([("swift: H67", "swift: H24")], [
        ("position.one-per-cell", "gold", "H24 holds both green fencer and gold swift; only one piece may stand on a cell"),
        ("position.one-corner", "gold", "gold stands in 2 corners (left, right); a side sets up inside one corner")]),
    ([("vanguard: [G25, G35, H35]", "vanguard: [G25, G35, Q35]")],
     [("position.cell-name", "green", "green vanguard: 'Q35' is not a cell of the board")]),
    ([("  fencer:", "  dragon: I11\n  fencer:")],
     [("position.piece", "green", "green: unknown piece 'dragon'; expected one of fencer, lancer, swift, flier, vanguard, "
                                  "blockader, goal")]),
    ([("  goal: I88", "  goal: I88\n  dragon: I11")],
     [("position.piece", "gold", "gold: unknown piece 'dragon'; expected one of fencer, lancer, swift, flier, vanguard, "
                                 "blockader, goal")]),
]


@pytest.mark.parametrize("edits, expected", POSITIONS, ids=[str(i) for i in range(len(POSITIONS))])
def test_a_position_with_one_change_gets_exactly_its_findings(game, tmp_path, edits, expected):
    text = SETUP.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    p = tmp_path / "pos.yaml"
    p.write_text(text, encoding="utf-8")
    assert [(f.rule, f.object, f.message) for f in check(game, p)] == expected


# ------------------------------------------------------------------ each rule in-process, broken one way (mutation survivors)

from pnp.checks import Source  # noqa: E402
from pnp.games.klin_zha.check import RULES, Board, Tokens, check_layout  # noqa: E402
from pnp.games.klin_zha.sky import load_layout  # noqa: E402
from pnp.layout.kinds import read_doc  # noqa: E402
from pnp.model.trilattice import TriGrid  # noqa: E402

GRID = TriGrid(9)
TOKENS = (SRC / "tokens.yaml").read_text(encoding="utf-8")


def exact(findings):
    return [(f.rule, f.object, f.severity, f.message) for f in findings]


@pytest.mark.parametrize("size, expected", [
    (9, []),
    (8, [("board.size", "board", "error", "a Klin Zha board has 9 cells per side (81 cells); this one has 8")]),
    (10, [("board.size", "board", "error", "a Klin Zha board has 9 cells per side (81 cells); this one has 10")]),
])
def test_the_board_has_nine_cells_per_side(size, expected):
    found = RULES.run(Board(size, "board.yaml"), "board")
    assert exact(found) == expected
    assert all(f.file == "board.yaml" for f in found)


def tokens(tmp_path, text, neutral_tokens=10):
    p = tmp_path / "tokens.yaml"
    p.write_text(text, encoding="utf-8")
    _kind, sheet, raw = read_doc(p)
    rules = load_kit(discover(DEFAULT_DATA)["klin-zha"]).rules.model_copy(update={"neutral_tokens": neutral_tokens})
    return RULES.run(Tokens(rules, sheet, Source.of(p, raw)), "tokens")


def line_of(text, needle):
    return next(i for i, s in enumerate(text.splitlines(), 1) if needle in s)


SWIFT = "{id: swift,     number: SW, label: Swift,                           groups: all, count: 1, back: {}}"


@pytest.mark.parametrize("old, new, expected", [
    (None, None, []),
    ("  - {id: gold, name: {de: Gold, en: Gold}, colour: \"#c9a227\", text: \"#222222\"}\n", "",
     [("tokens.sides", "tokens", "error", "the token sheet has no group 'gold'")]
     + [("tokens.count", "tokens", "error", f"no gold token for {p!r}") for p in
        ("fencer", "lancer", "swift", "flier", "vanguard", "blockader", "goal")]),
    (SWIFT, "{id: swiftly, label: Swift, groups: all, count: 1}",
     [("tokens.count", "tokens", "error", "no token for 'swift'; each side needs 1")]),
    (SWIFT, "{id: swift, label: Swift, groups: [green], count: 1}",
     [("tokens.count", "tokens", "error", "no gold token for 'swift'")]),
    (SWIFT, "{id: swift, label: Swift, groups: [gold, green], count: 1}", []),
    # a missing token does not stop the count of the pieces after it
    (SWIFT + "\n  - {id: flier,     number: FL, label: {de: Flieger, en: Flier},        groups: all, count: 2,",
     "{id: swiftly, label: Swift, groups: all, count: 1}\n  - {id: flier, label: Flier, groups: all, count: 3,",
     [("tokens.count", "tokens", "error", "no token for 'swift'; each side needs 1"),
      ("tokens.count", "tokens", "error", "green flier: 3 token(s) printed, a side has 2"),
      ("tokens.count", "tokens", "error", "gold flier: 3 token(s) printed, a side has 2")]),
    (SWIFT, "{id: swift, label: Swift, groups: [gold, green], count: 2}",
     [("tokens.count", "tokens", "error", "green swift: 2 token(s) printed, a side has 1"),
      ("tokens.count", "tokens", "error", "gold swift: 2 token(s) printed, a side has 1")]),
    ("groups: all, count: 10,", "groups: all, count: 9,",
     [("tokens.neutral", "tokens", "warning", "the umpire needs 10 neutral tokens per colour for pieces at cloud "
                                              "edges")]),
    ("groups: all, count: 10,", "groups: all, count: 11,", []),
    ("  - {id: neutral,", "  - {id: neutrals,",
     [("tokens.neutral", "tokens", "warning", "the umpire needs 10 neutral tokens per colour for pieces at cloud "
                                              "edges")]),
])
def test_a_token_sheet_broken_one_way_gets_exactly_its_findings(tmp_path, old, new, expected):
    text = TOKENS if old is None else TOKENS.replace(old, new, 1)
    assert text != TOKENS or old is None
    found = tokens(tmp_path, text)
    assert exact(found) == expected
    # each finding points at its counter, or at the list it is missing from
    for f in found:
        if f.rule == "tokens.sides":
            needle = "{id: green"
        elif f.rule == "tokens.neutral":
            needle = "{id: fencer" if "neutrals" in text else "{id: neutral,"
        elif f.message.startswith("no token"):
            needle = "{id: fencer"
        else:
            needle = "{id: " + next(g for g in re.search(r"for '(\w+)'|^\w+ (\w+):", f.message).groups() if g)
        assert f.line == line_of(text, needle), (f, needle)


def test_no_neutral_tokens_are_needed_when_the_rules_ask_for_none(tmp_path):
    assert tokens(tmp_path, TOKENS.replace("  - {id: neutral,", "  - {id: neutrals,"), neutral_tokens=0) == []
    assert exact(tokens(tmp_path, TOKENS, neutral_tokens=11)) == [
        ("tokens.neutral", "tokens", "warning", "the umpire needs 11 neutral tokens per colour for pieces at cloud "
                                                "edges")]
    assert tokens(tmp_path, TOKENS, neutral_tokens=10) == []
    (f,) = tokens(tmp_path, TOKENS, neutral_tokens=11)
    assert f.line == line_of(TOKENS, "{id: neutral,")


def layout_findings(tmp_path, text):
    p = tmp_path / "lay.yaml"
    p.write_text(text, encoding="utf-8")
    kit_rules = load_kit(discover(DEFAULT_DATA)["klin-zha"]).rules
    return check_layout(GRID, kit_rules, load_layout(p))


@pytest.mark.parametrize("text, expected", [
    ("title: x\nclouds:\n  - {name: A, cells: [E37]}\n  - {name: B, cells: [E38]}\n", []),
    ("title: x\nclouds:\n  - {name: A, cells: [E37]}\n  - {name: A, cells: [E38]}\n  - {name: A, cells: [E48]}\n",
     [("layout.cloud-name", "lay", "error", "cloud name 'A' is used twice")] * 2),
    ("title: x\nedges: by-edge\nedge_cells: [E27]\nclouds:\n  - {name: A, cells: [E37]}\n",
     [("layout.edge-cells", "lay", "warning", "edge_cells are listed but edges: by-edge derives them; set edges: "
                                              "listed or drop the list")]),
    ("title: x\nedges: listed\nedge_cells: [E27]\nclouds:\n  - {name: A, cells: [E37]}\n", []),
    ("title: x\nedges: listed\nedge_cells: [E27, E27]\nclouds:\n  - {name: A, cells: [E37]}\n",
     [("layout.classified-once", "lay", "error", "edge cell E27 is listed twice")]),
    ("title: x\nedges: listed\nedge_cells: [E27, Z99]\nclouds:\n  - {name: A, cells: [E37]}\n",
     [("layout.cell-name", "lay", "error", "edge cell 'Z99' is not a cell of the board")]),
    ("title: x\nedges: listed\nedge_cells: [E37]\nclouds:\n  - {name: A, cells: [E37]}\n",
     [("layout.classified-once", "lay", "error", "E37 is listed as a cloud edge but lies under cloud 'A'")]),
    ("title: x\nedges: listed\nclouds:\n  - {name: A, cells: [E37]}\nmoving:\n  every: 3\n  steps: 1\n  drift:\n"
     "    - {cloud: A, direction: left}\n",
     [("layout.moving", "lay", "error", "moving clouds need derived edges (edges: by-edge or by-corner); listed edge "
                                        "cells cannot follow the clouds")]),
    ("title: x\nclouds:\n  - {name: A, cells: [E37]}\nmoving:\n  every: 3\n  steps: 1\n  drift:\n"
     "    - {cloud: A, direction: left}\n", []),
    ("title: x\nclouds:\n  - {name: A, cells: all}\n  - {name: B, cells: [E37]}\n",
     [("layout.classified-once", "lay", "error", "E37 is under both 'A' and 'B'; every cell must have exactly one "
                                                 "class")]),
    ("title: x\nclouds:\n  - {name: W, cells: [E37, Z99]}\n",
     [("layout.cell-name", "lay", "error", "cloud 'W': 'Z99' is not a cell of the board (row letter A-I, then L and R, "
                                           "e.g. A19, I55)")]),
    ("title: x\nclouds:\n  - {name: A, cells: [A19, B18, B19, B29, C17, C18, C28, C29]}\n",
     [("layout.corner-limit", "lay", "error", "corner apex: 8 cells fully under cloud; the limit is fewer than 8 per "
                                              "corner unless the whole board is under cloud (blind)")]),
    ("title: x\nclouds:\n  - {name: A, cells: [A19, B18, B19, B29, C17, C18, C28]}\n", []),
    ("title: x\nedges: listed\nedge_cells: [A19]\nclouds:\n  - {name: A, cells: [E37]}\n",
     [("layout.edge-touches", "lay", "warning", "edge cell A19 touches no cloud cell (neither by edge nor corner); the "
                                                "seed's edge cells are half covered by a cloud")]),
])
def test_a_layout_broken_one_way_gets_exactly_its_findings(tmp_path, text, expected):
    assert exact(layout_findings(tmp_path, text)) == expected


def test_layout_findings_point_at_the_entry(tmp_path):
    text = ("title: x\nedges: listed\nedge_cells: [E27, E27]\nclouds:\n  - {name: A, cells: [E37]}\n"
            "  - {name: A, cells: [E38]}\n")
    found = {f.rule: f for f in layout_findings(tmp_path, text)}
    assert (found["layout.classified-once"].line, found["layout.classified-once"].col) == (3, 19)
    assert (found["layout.cloud-name"].line, found["layout.cloud-name"].col) == (6, 12)
    text = "title: x\nedges: by-edge\nedge_cells: [E27]\nclouds:\n  - {name: A, cells: [E37]}\n"
    (f,) = layout_findings(tmp_path, text)
    assert (f.line, f.col) == (3, 13)


@pytest.mark.parametrize("old, new, expected, at", [
    ("layout: 2-medium", "layout: foggy",
     [("position.layout", "position", "no cloud layout 'foggy' in clouds/ (have 1-light, 2-medium, 3-heavy, blind, "
                                      "drifting)")], (4, 9)),
    ("layout: 2-medium\nstep: 0", "layout: drifting\nstep: 4",
     [("position.layout", "position", "layout 'drifting' has steps 0..3, not 4")], (5, 7)),
    ("vanguard: [G25, G35, H35]", "vanguard: [G25, G35, Q35]",
     [("position.cell-name", "green", "green vanguard: 'Q35' is not a cell of the board")], (14, 24)),
    ("goal: I22", "goal: Q22", [("position.cell-name", "green", "green goal: 'Q22' is not a cell of the board")], (8, 9)),
    ("  fencer: H24", "  fencer: H24\n  dragon: I11",
     [("position.piece", "green", "green: unknown piece 'dragon'; expected one of fencer, lancer, swift, flier, "
                                  "vanguard, blockader, goal")], (11, 11)),
    ("flier: [I12, I33]", "flier: [I12, I33, I44]",
     [("position.count", "green", "green has 3 flier(s) on the board; a side has 2")], (13, 10)),
    ("  swift: H34\n  flier:", "  flier:", [("position.count", "green", "green has not placed: swift")], (7, 1)),
    ("  lancer: G24\n  swift: H34\n", "", [("position.count", "green", "green has not placed: lancer, swift")], (7, 1)),
    ("phase: setup", "phase: setup\nallow_half_spaces: true",
     [("position.facts", "position", "the position's allow_half_spaces is True; Clouded Klin Zha, §Aufstellung der "
                                     "Figuren [001_172d3087ef5ea435.txt] says False (\"baut seine Figuren gemäß den "
                                     "\"normalen Regeln\" in eine Ecke auf\")")], (7, 20)),
])
def test_a_position_finding_points_at_the_value_it_is_about(game, tmp_path, old, new, expected, at):
    p = tmp_path / "pos.yaml"
    p.write_text(SETUP.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    found = check(game, p)
    assert [(f.rule, f.object, f.message) for f in found] == expected
    assert (found[0].line, found[0].col) == at


def test_a_name_that_is_no_cell_does_not_stop_the_search_for_two_pieces_on_a_cell(game, tmp_path):
    p = tmp_path / "pos.yaml"
    p.write_text(SETUP.read_text(encoding="utf-8").replace("goal: I22", "goal: Q22", 1).replace(
        "swift: H67", "swift: H24", 1), encoding="utf-8")
    assert [(f.rule, f.object, f.message, f.line) for f in check(game, p)] == [
        ("position.cell-name", "green", "green goal: 'Q22' is not a cell of the board", 8),
        ("position.one-per-cell", "gold", "H24 holds both green fencer and gold swift; only one piece may stand on a "
                                          "cell", 20),
        ("position.one-corner", "gold", "gold stands in 2 corners (left, right); a side sets up inside one corner", 15)]


def test_both_sides_in_one_corner_is_one_finding_about_the_setup(game, tmp_path):
    text = SETUP.read_text(encoding="utf-8")
    gold = dict(I88="I11", H78="H12", H68="H13", G68="G13", H67="G14")
    body = text.split("gold:")[1]
    for old, new in list(gold.items()) + [("[I77, I66]", "[I23, I44]"), ("[G57, G58, H57]", "[I45, F14, F15]")]:
        body = body.replace(old, new, 1)
    p = tmp_path / "pos.yaml"
    p.write_text(text.split("gold:")[0] + "gold:" + body, encoding="utf-8")
    (f,) = check(game, p)
    assert (f.rule, f.object, f.severity, f.message) == (
        "position.one-corner", "setup", "error",
        "both sides set up in corner left; the second player takes one of the remaining corners")
    assert f.file.endswith("pos.yaml") and f.line == 3  # the position as a whole: its first line


RULES_YAML = (SRC / "rules.yaml").read_text(encoding="utf-8")
FLIER = "{id: flier,     name: {de: Flieger,   en: Flier},  "
SWIFT_LINE = "  - {id: swift,     name: {de: Swift,     en: Swift},     mark: SW}\n"
A_SIDE = "a side has 1 fencer, 1 lancer, 1 swift, 2 flier, 3 vanguard, 1 blockader, 1 goal"
QUOTE = "(\"Spieler 1 baut seine Figuren gemäß den \"normalen Regeln\" in eine Ecke auf\")"


@pytest.mark.parametrize("old, new, expected", [
    (FLIER, FLIER + "   count: 2,", []),  # restating the document's number is harmless
    (FLIER, FLIER + "   count: 3,",
     [("flier", "rules.yaml gives a side 3 flier; Clouded Klin Zha, §Aufstellung der Figuren "
                f"[001_172d3087ef5ea435.txt] says 2 {QUOTE}", (15, 66))]),
    (SWIFT_LINE, "", [("pieces", f"rules.yaml has no name and mark for swift; {A_SIDE}", (12, 3))]),
    ("{id: swift, ", "{id: dragon,",
     [("dragon", f"rules.yaml names piece 'dragon', which is not a Klin Zha piece; {A_SIDE}", (14, 10)),
      ("pieces", f"rules.yaml has no name and mark for swift; {A_SIDE}", (12, 3))]),
    # an entry that is not a mapping (the schema refuses it before the rules run) names no piece
    (SWIFT_LINE, "  - plain\n" + SWIFT_LINE, []),
])
def test_rules_yaml_broken_one_way_gets_exactly_its_findings(tmp_path, old, new, expected):
    from pnp.games.klin_zha.check import RulesFile

    p = tmp_path / "rules.yaml"
    p.write_text(RULES_YAML.replace(old, new, 1), encoding="utf-8")
    valid = load_kit(discover(DEFAULT_DATA)["klin-zha"]).rules  # the rules read only the file as written
    found = RULES.run(RulesFile(valid, Source.read(p)), "rules")
    assert [(f.object, f.message, (f.line, f.col)) for f in found] == expected
    assert {(f.rule, f.severity) for f in found} <= {("rules.facts", "error")}


@pytest.mark.parametrize("text", ["- a list\n", "sides: []\n", "pieces: {fencer: 1}\n"])
def test_a_rules_yaml_without_a_list_of_pieces_misses_every_piece(tmp_path, text):
    from pnp.games.klin_zha.check import RulesFile

    p = tmp_path / "rules.yaml"
    p.write_text(text, encoding="utf-8")
    valid = load_kit(discover(DEFAULT_DATA)["klin-zha"]).rules
    found = RULES.run(RulesFile(valid, Source.read(p)), "rules")
    assert [(f.rule, f.object, f.message) for f in found] == [
        ("rules.facts", "pieces", "rules.yaml has no name and mark for fencer, lancer, swift, flier, vanguard, "
                                  f"blockader, goal; {A_SIDE}")]


# ------------------------------------------------------------------ where each layout finding points (file:line:col)


@pytest.mark.parametrize("text, expected", [
    # the second entry of the list, so a finding that points at the list or its first entry is told apart
    ("title: x\nedges: listed\nedge_cells: [E27, Z99]\nclouds:\n  - {name: A, cells: [E37]}\n",
     [("layout.cell-name", "edge cell 'Z99' is not a cell of the board", 3, 19)]),
    ("title: x\nclouds:\n  - {name: A, cells: [E37, E38]}\n  - {name: B, cells: [E48, E38]}\n",
     [("layout.classified-once", "E38 is under both 'A' and 'B'; every cell must have exactly one class", 4, 28)]),
    ("title: x\nedges: listed\nedge_cells: [E27, E37]\nclouds:\n  - {name: A, cells: [E37]}\n",
     [("layout.classified-once", "E37 is listed as a cloud edge but lies under cloud 'A'", 3, 19)]),
    ("title: x\nedges: listed\nedge_cells: [E27, A19]\nclouds:\n  - {name: A, cells: [E37]}\n",
     [("layout.edge-touches", "edge cell A19 touches no cloud cell (neither by edge nor corner); the seed's edge "
                              "cells are half covered by a cloud", 3, 19)]),
    # a whole-board cloud: the finding points at its `cells: all`
    ("title: x\nclouds:\n  - {name: A, cells: [E37]}\n  - {name: B, cells: all}\n",
     [("layout.classified-once", "E37 is under both 'A' and 'B'; every cell must have exactly one class", 4, 22)]),
    # moving clouds with listed edges: the `edges:` line
    ("title: x\nedges: listed\nclouds:\n  - {name: A, cells: [E37]}\nmoving:\n  every: 3\n  steps: 1\n  drift:\n"
     "    - {cloud: A, direction: left}\n",
     [("layout.moving", "moving clouds need derived edges (edges: by-edge or by-corner); listed edge cells cannot "
                        "follow the clouds", 2, 8)]),
    # a drift naming a cloud the layout lacks lists the clouds it has
    ("title: x\nclouds:\n  - {name: A, cells: [E37]}\n  - {name: B, cells: [G24]}\nmoving:\n  every: 3\n  steps: 1\n"
     "  drift:\n    - {cloud: A, direction: left}\n    - {cloud: Nope, direction: left}\n",
     [("layout.moving", "drift names cloud 'Nope', which the layout does not have (clouds: A, B)", 10, 15)]),
    # too many cells of a corner under cloud: the list of clouds
    ("title: x\nedges: by-edge\nclouds:\n  - {name: A, cells: [A19, B18, B19, B29, C17, C18, C28, C29]}\n",
     [("layout.corner-limit", "corner apex: 8 cells fully under cloud; the limit is fewer than 8 per corner unless "
                              "the whole board is under cloud (blind)", 4, 3)]),
])
def test_a_layout_finding_names_the_layout_and_points_at_its_entry(tmp_path, text, expected):
    found = layout_findings(tmp_path, text)
    assert [(f.rule, f.message, f.line, f.col) for f in found] == expected
    assert all(f.object == "lay" and f.file.endswith("lay.yaml") for f in found)


def test_both_sides_in_the_same_two_corners_are_named_in_order(game, tmp_path):
    text = SETUP.read_text(encoding="utf-8").replace("lancer: G24", "lancer: D27", 1)  # green: left and apex
    head, body = text.split("gold:")
    for old, new in dict(I88="I11", H78="H12", H68="H13", G68="G13", H67="B18", I77="I23", I66="I44", G57="I45",
                         G58="F14", H57="F15").items():  # gold: left and apex too
        body = body.replace(old, new, 1)
    p = tmp_path / "pos.yaml"
    p.write_text(head + "gold:" + body, encoding="utf-8")
    assert [(f.rule, f.object, f.message) for f in check(game, p)] == [
        ("position.one-corner", "green", "green stands in 2 corners (apex, left); a side sets up inside one corner"),
        ("position.one-corner", "gold", "gold stands in 2 corners (apex, left); a side sets up inside one corner"),
        ("position.one-corner", "setup", "both sides set up in corner apex, left; the second player takes one of the "
                                         "remaining corners")]


def test_a_board_of_another_size_is_reported_with_the_rest_of_the_kit(game):
    board = game.folder / "board.yaml"
    text = board.read_text(encoding="utf-8")
    lines = [s for s in text.splitlines() if not s.startswith(("half_spaces:", "corners:", "  ", "    "))]
    board.write_text("\n".join(lines).replace("size: 9", "size: 8") + "\n", encoding="utf-8")
    shutil.rmtree(game.folder / "clouds")
    (game.folder / "clouds").mkdir()
    rules = game.folder / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace(SWIFT_LINE, ""), encoding="utf-8")
    found = check(game)
    assert [(f.rule, f.object, f.message) for f in found] == [
        ("board.size", "board", "a Klin Zha board has 9 cells per side (81 cells); this one has 8"),
        ("rules.facts", "pieces", f"rules.yaml has no name and mark for swift; {A_SIDE}")]
    assert found[0].file.endswith("klin-zha/board.yaml") and found[1].file.endswith("klin-zha/rules.yaml")
