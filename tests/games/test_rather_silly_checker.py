"""Rather Silly Diplomacy checker: shipped map passes, broken copies fail, hand-made states get
the verdicts the seed's rules give."""
from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

from pnp.model.game import discover
from pnp.games.rather_silly.checker import check_map_file
from pnp.games.rather_silly.mapdata import load_board
from pnp.games.rather_silly.rules import check
from pnp.games.rather_silly.state_rules import check_state_file

DATA = Path(__file__).resolve().parents[2] / "data"
MAP = DATA / "rather-silly" / "map.yaml"


@pytest.fixture(scope="module")
def board():
    return load_board(MAP)


def rules_of(findings, severity="error"):
    return sorted({f.rule for f in findings if f.severity == severity})


# ------------------------------------------------------------------ map data

def test_shipped_map_passes_every_check(board):
    assert check_map_file(MAP) == []
    assert len(board.supply_centres()) == 34
    kinds = [p.type for p in board.provinces.values()]
    assert (kinds.count("sea"), kinds.count("land"), kinds.count("coast")) == (19, 14, 42)


def test_home_and_neutral_centres_are_the_ones_the_issue_lists(board):
    homes = {pw.id: sorted(pw.homes) for pw in board.powers}
    assert homes["russia"] == ["MOS", "SEV", "STP", "WAR"]
    assert homes["turkey"] == ["ANK", "CON", "SMY"]
    neutral = sorted(set(board.supply_centres()) - set(board.homes()))
    assert neutral == "BEL BUL DEN GRE HOL NWY POR RUM SER SPA SWE TUN".split()


@pytest.mark.parametrize("a,b,unit,expected", [
    ("BUL/ec", "BLA", "fleet", True), ("BUL/ec", "AEG", "fleet", False), ("BUL/sc", "AEG", "fleet", True),
    ("CON", "BUL/ec", "fleet", True), ("CON", "BUL/sc", "fleet", True),
    ("SPA/nc", "GAS", "fleet", True), ("SPA/nc", "MAR", "fleet", False), ("SPA/sc", "WES", "fleet", True),
    ("STP/nc", "BAR", "fleet", True), ("STP/nc", "BOT", "fleet", False), ("STP/sc", "FIN", "fleet", True),
    ("DEN", "SWE", "army", True), ("DEN", "KIE", "army", True), ("DEN", "BAL", "fleet", True),
    ("SKA", "SWE", "fleet", True), ("SKA", "BAL", "fleet", False), ("BOT", "LVN", "fleet", True),
    ("ENG", "IRI", "fleet", True), ("WAL", "ENG", "fleet", True), ("MAO", "IRI", "fleet", True),
    ("NAF", "TUN", "army", True), ("ION", "EAS", "fleet", True), ("AEG", "ION", "fleet", True),
    ("BLA", "ARM", "fleet", True), ("ARM", "SYR", "fleet", False), ("ARM", "SYR", "army", True),
    ("ANK", "SMY", "fleet", False), ("RUM", "SEV", "fleet", True), ("MUN", "PIE", "army", False),
    ("FIN", "NWY", "army", True), ("FIN", "NWY", "fleet", False), ("ROM", "VEN", "fleet", False),
])
def test_tricky_borders(board, a, b, unit, expected):
    assert board.adjacent(a, b, unit) is expected
    assert board.adjacent(b, a, unit) is expected


def test_islands_and_tunnel(board):
    assert sorted(board.provinces["ICE"].fleet) == ["NAO", "NWG"]
    assert sorted(board.provinces["CRE"].fleet) == ["AEG", "EAS", "ION"]
    assert sorted(board.tunnel.joins) == sorted(board.provinces["SWI"].touches) == ["BUR", "MAR", "MUN", "PIE", "TYR"]


BREAKS = [
    # (what to replace, replacement, rule expected to fire)
    ("fleet: [DEN, HOL, KIE, NTH]", "fleet: [DEN, HOL, NTH]", "rs.map.symmetric"),
    ("army: [CLY, LVP, YOR]", "army: [CLY, YOR]", "rs.map.symmetric"),
    ("joins: [BUR, MAR, MUN, PIE, TYR]", "joins: [BUR, MAR, MUN, PIE]", "rs.map.tunnel"),
    ("joins: [BUR, MAR, MUN, PIE, TYR]", "joins: [BUR, MAR, MUN, PIE, TYR, VEN]", "rs.map.tunnel"),
    ("units: [army, borg]", "units: [army, fleet, borg]", "rs.map.tunnel"),
    ("sc: true, army: [KIE, SWE]", "army: [KIE, SWE]", "rs.map.centres"),
    ("type: land,  x: 745, y: 450,", "type: land,  x: 745, y: 450, sc: true,", "rs.map.centres"),
    ("only: superhirn, fleet: [NAO, NWG]", "only: superhirn, fleet: [NAO, NWG, NTH]", "rs.map.islands"),
    ("only: superhirn, fleet: [AEG, EAS, ION]", "fleet: [AEG, EAS, ION]", "rs.map.islands"),
    ("en: Tunis,", "en: Trieste,", "rs.map.unique"),
    ("{id: TUN,", "{id: TRI,", "rs.map.unique"),
    ("fleet: [BLA, BUL/ec, SEV]", "fleet: [BLA, BUL, SEV]", "rs.map.reference"),
    ("army: [ARM, MOS, RUM, UKR]", "army: [ARM, MOS, RUM, UKR, SWI]", "rs.map.switzerland"),
    ("homes: [BUD, TRI, VIE]", "homes: [BUD, TRI, VIE, SER, PIC]", "rs.map.homes"),
    ("x: 95,  y: 215,", "x: 95,  y: wide,", "rs.map.schema"),
    ("F STP/sc]", "F STP]", "rs.map.start"),
    ("start: [A VIE, A BUD, F TRI]", "start: [A VIE, A BUD, F ADR]", "rs.map.start"),
    ("start: [F LON, F EDI, A LVP]", "start: [F LON, F EDI, Army LVP]", "rs.map.schema"),
]


@pytest.mark.parametrize("old,new,rule", BREAKS, ids=[b[2] + ":" + b[1][:24] for b in BREAKS])
def test_broken_map_copies_fail(tmp_path, old, new, rule):
    text = MAP.read_text(encoding="utf-8")
    assert old in text, old
    broken = tmp_path / "map.yaml"
    broken.write_text(text.replace(old, new, 1), encoding="utf-8")
    findings = check_map_file(broken)
    assert rule in rules_of(findings), [str(f) for f in findings]


def test_map_findings_point_at_the_province_line(tmp_path):
    text = MAP.read_text(encoding="utf-8")
    (tmp_path / "map.yaml").write_text(text.replace("fleet: [DEN, HOL, KIE, NTH]", "fleet: [DEN, HOL, NTH]"),
                                       encoding="utf-8")
    (f,) = check_map_file(tmp_path / "map.yaml")
    kie = next(i for i, s in enumerate(text.splitlines(), 1) if "{id: KIE," in s)
    assert f.where.endswith(f"map.yaml:{kie}:5") and f.object == "KIE-HEL"  # the entry's line and column


def test_schema_error_names_file_line_and_key(tmp_path):
    text = MAP.read_text(encoding="utf-8").replace("x: 95,  y: 215,", "x: 95,  y: wide,", 1)
    (tmp_path / "map.yaml").write_text(text, encoding="utf-8")
    f = check_map_file(tmp_path / "map.yaml")[0]
    line = next(i for i, s in enumerate(text.splitlines(), 1) if "y: wide" in s)
    assert f.where.endswith(f"map.yaml:{line}:" + f.where.rsplit(":", 1)[1])
    assert "seas.0.y" in f.message


def test_whole_game_check_via_rules_module_on_a_copied_folder(tmp_path):
    folder = tmp_path / "rather-silly"
    shutil.copytree(DATA / "rather-silly", folder)
    game = discover(tmp_path)["rather-silly"]
    assert rules_of(check(game)) == []
    text = (folder / "map.yaml").read_text(encoding="utf-8")
    (folder / "map.yaml").write_text(text.replace("fleet: [MAO, TUN, WES]", "fleet: [MAO, TUN]"), encoding="utf-8")
    assert rules_of(check(game)) == ["rs.map.symmetric"]


# ------------------------------------------------------------------ game states

def state(tmp_path, body: str) -> Path:
    p = tmp_path / "state.yaml"
    p.write_text(textwrap.dedent(body), encoding="utf-8")
    return p


LEGAL = """\
year: 1903
season: autumn
players:
  england:
    centres: [EDI, LON, LVP, NWY, BEL]
    units:
      - {type: fleet, at: NTH}
      - {type: army, at: BEL}
      - {type: fleet, at: NWG}
      - {type: amazon, at: YOR}
      - {type: twins, at: [CLY, EDI], as: [army, army]}
    lama_herds: [WAL, WAL, NAO]
  russia:
    centres: [MOS, SEV, STP, WAR]
    units:
      - {type: fleet, at: STP/sc}
      - {type: army, at: UKR}
    lama_herds: [FIN, LVN, BOT]
    fleets_built: [{year: 1901}, {year: 1901}, {year: 1902}, {year: 1902}, {year: 1903, gay: true}]
  superhirn:
    units: [{type: fleet, at: CRE}, {type: army, at: ICE}]
  doktor:
    points: 3
    units: [{type: tardis, at: BEL}]
borg: TYR
"""


def test_shipped_example_state_and_a_legal_state_pass(board, tmp_path):
    example = DATA / "rather-silly" / "examples" / "state-1905-autumn.yaml"
    assert rules_of(check_state_file(board, example)) == []
    fs = check_state_file(board, state(tmp_path, LEGAL))
    assert rules_of(fs) == []
    assert rules_of(fs, "info") == ["rs.victory.none"]


@pytest.mark.parametrize("old,new,rule", [
    ("lama_herds: [WAL, WAL, NAO]", "lama_herds: [WAL, NAO]", "rs.lamas.count"),
    ("lama_herds: [WAL, WAL, NAO]", "lama_herds: [WAL, LON, NAO]", "rs.lamas.place"),
    ("- {type: amazon, at: YOR}", "- {type: amazon, at: YOR}\n      - {type: amazon, at: WAL}", "rs.special-armies"),
    ("centres: [EDI, LON, LVP, NWY, BEL]", "centres: [EDI, LON, LVP, NWY]", "rs.special-armies"),
    ("{year: 1903, gay: true}", "{year: 1903}", "rs.gay-fleets.order"),
    ("[{year: 1901}, {year: 1901},", "[{year: 1901, gay: true}, {year: 1901},", "rs.gay-fleets.order"),
    ("at: [CLY, EDI], as: [army, army]", "at: [CLY, LON], as: [army, army]", "rs.twins.adjacent"),
    ("- {type: amazon, at: YOR}", "- {type: twins, at: [WAL, LON]}", "rs.twins.once"),
    ("{type: fleet, at: NWG}", "{type: fleet, at: ICE}", "rs.islands.superhirn-only"),
    ("borg: TYR", "borg: TYR\nmonsters: [{type: sea-monster, at: CRE}]", "rs.islands.superhirn-only"),
    ("{type: fleet, at: STP/sc}", "{type: fleet, at: STP}", "rs.state.terrain"),
    ("{type: army, at: UKR}", "{type: army, at: BLA}", "rs.state.terrain"),
    ("{type: army, at: UKR}", "{type: army, at: SWI}", "rs.state.terrain"),
    ("{type: army, at: UKR}", "{type: army, at: XYZ}", "rs.state.province"),
    ("{type: army, at: UKR}", "{type: army, at: BEL}", "rs.state.occupancy"),
    ("centres: [MOS, SEV, STP, WAR]", "centres: [MOS, SEV, STP, WAR, LON]", "rs.state.centres"),
    ("{type: army, at: UKR}", "{type: army, at: UKR, devil: 3}", "rs.devil.countdown"),
    ("{type: amazon, at: YOR}", "{type: amazon, at: YOR, devil: 2}", "rs.devil.who"),
    ("  doktor:", "  narr:\n    units: [{type: army, at: GAL}]\n  doktor:", "rs.narr.no-units"),
    ("year: 1903", "year: 1903\nfoo: 1", "rs.state.schema"),
    ("{type: army, at: UKR}", "{type: tardis, at: UKR}", "rs.tardis.owner"),
])
def test_broken_states_get_the_rule_that_forbids_them(board, tmp_path, old, new, rule):
    assert old in LEGAL
    fs = check_state_file(board, state(tmp_path, LEGAL.replace(old, new, 1)))
    assert rule in rules_of(fs), [str(f) for f in fs]


def test_victory_by_18_centres_only_after_autumn(board, tmp_path):
    scs = [c for c in board.supply_centres() if c not in ("MOS", "SEV", "STP", "WAR")][:18]
    body = LEGAL.replace("centres: [EDI, LON, LVP, NWY, BEL]", f"centres: [{', '.join(scs)}]")
    fs = check_state_file(board, state(tmp_path, body))
    assert [f.object for f in fs if f.rule == "rs.victory.centres"] == ["england"]
    spring = check_state_file(board, state(tmp_path, body.replace("season: autumn", "season: spring")))
    assert "rs.victory.centres" not in rules_of(spring, "info")


def test_doktor_wins_with_points_plus_centres_and_narr_in_1921(board, tmp_path):
    body = LEGAL.replace("points: 3", "points: 28\n    centres: [SER, GRE]")
    fs = check_state_file(board, state(tmp_path, body.replace("season: autumn", "season: spring")))
    assert "rs.victory.doktor" in rules_of(fs, "info")
    fs = check_state_file(board, state(tmp_path, LEGAL.replace("points: 3", "points: 27\n    centres: [SER, GRE]")))
    assert "rs.victory.doktor" not in rules_of(fs, "info")
    fs = check_state_file(board, state(tmp_path, LEGAL.replace("year: 1903", "year: 1921")))
    assert "rs.victory.narr" in rules_of(fs, "info")


# ------------------------------------------------------------------ start template and CLI

def test_start_template_needs_only_the_lama_herds(board, tmp_path):
    from pnp.games.rather_silly.state import start_state_yaml

    text = start_state_yaml(board)
    fs = check_state_file(board, state(tmp_path, text))
    assert rules_of(fs) == ["rs.lamas.count"]
    assert len([f for f in fs if f.rule == "rs.lamas.count"]) == 7
    herds = {"austria": "GAL, BOH, TYR", "england": "YOR, WAL, CLY", "france": "PIC, GAS, BUR",
             "germany": "RUH, SIL, PRU", "italy": "PIE, TUS, APU", "russia": "UKR, LVN, FIN", "turkey": "ARM, SYR, BLA"}
    filled = text
    for pid, h in herds.items():
        filled = filled.replace(f"  {pid}:\n", f"  {pid}:\n    lama_herds: [{h}]\n", 1)
    filled = "\n".join(line for line in filled.splitlines() if "lama_herds: []" not in line) + "\n"
    assert rules_of(check_state_file(board, state(tmp_path, filled))) == []


def test_cli_neighbours_and_start(tmp_path):
    from typer.testing import CliRunner

    from pnp.games.rather_silly.cli import app

    r = CliRunner()
    out = r.invoke(app, ["neighbours", "bul"]).output
    assert "fleet BUL/ec: BLA, CON, RUM" in out and "fleet BUL/sc: AEG, CON, GRE" in out
    out = r.invoke(app, ["neighbours", "PIE"]).output
    assert "tunnel: BUR, MAR, MUN, TYR" in out
    bad = r.invoke(app, ["neighbours", "XYZ"])
    assert bad.exit_code == 2 and "unknown province" in bad.output
    res = r.invoke(app, ["start", "--out", str(tmp_path / "s.yaml")])
    assert res.exit_code == 0 and "F STP/sc" not in (tmp_path / "s.yaml").read_text()
    assert "{type: fleet, at: STP/sc}" in (tmp_path / "s.yaml").read_text()


def test_borg_in_a_centre_at_the_adjustments_makes_it_neutral(board, tmp_path):
    winter = LEGAL.replace("season: autumn", "season: winter").replace("borg: TYR", "borg: LVP")
    assert "rs.borg.neutral" in rules_of(check_state_file(board, state(tmp_path, winter)))
    autumn = LEGAL.replace("borg: TYR", "borg: LVP")
    assert "rs.borg.neutral" not in rules_of(check_state_file(board, state(tmp_path, autumn)))


def test_pnp_check_command_exit_codes(tmp_path):
    from typer.testing import CliRunner

    from pnp.cli.main import app

    r = CliRunner()
    good = r.invoke(app, ["check", "rather-silly", "--data", str(DATA), "--state",
                          str(DATA / "rather-silly" / "examples" / "state-1905-autumn.yaml")])
    assert good.exit_code == 0, good.output
    assert "rs.victory.none" in good.output
    bad = r.invoke(app, ["check", "rather-silly", "--data", str(DATA), "--state",
                         str(state(tmp_path, LEGAL.replace("lama_herds: [WAL, WAL, NAO]", "lama_herds: [LON]")))])
    assert bad.exit_code == 1 and "rs.lamas.count" in bad.output and "rs.lamas.place" in bad.output
    broken = r.invoke(app, ["check", "rather-silly", "--data", str(DATA), "--state",
                            str(state(tmp_path, "year: [1903\n"))])
    assert broken.exit_code in (1, 2) and "state.yaml:" in broken.output


def test_state_findings_point_at_the_line(board, tmp_path):
    body = LEGAL.replace("lama_herds: [WAL, WAL, NAO]", "lama_herds: [WAL, LON, NAO]").replace(
        "{type: army, at: UKR}", "{type: army, at: BLA}")
    path = state(tmp_path, body)
    lines = body.splitlines()
    fs = {f.rule: f for f in check_state_file(board, path)}
    herd_line = next(i for i, s in enumerate(lines, 1) if "LON, NAO" in s)
    unit_line = next(i for i, s in enumerate(lines, 1) if "at: BLA" in s)
    assert f":{herd_line}:" in fs["rs.lamas.place"].where
    assert f":{unit_line}:" in fs["rs.state.terrain"].where
