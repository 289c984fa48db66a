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
    # (what to replace, replacement, the exact findings); the document's facts: test_rather_silly_facts.py
    ("fleet: [DEN, HOL, KIE, NTH]", "fleet: [DEN, HOL, NTH]", {("rs.map.symmetric", "KIE-HEL")}),
    ("army: [CLY, LVP, YOR]", "army: [CLY, YOR]", {("rs.map.symmetric", "LVP-EDI")}),
    ("joins: [BUR, MAR, MUN, PIE, TYR]", "joins: [BUR, MAR, MUN, PIE, TYR, VEN]", [("rs.map.tunnel", "tunnel")] * 2),
    ("type: land,  x: 745, y: 450,", "type: land,  x: 745, y: 450, sc: true,",
     {("rs.map.centres", ""), ("rs.map.neutral", "UKR")}),
    ("en: Tunis,", "en: Trieste,", {("rs.map.unique", "Trieste")}),
    ("{id: TUN,", "{id: TRI,", [("rs.map.unique", "TRI"), ("rs.map.centres", ""), ("rs.map.neutral", "TUN"),
                                ("rs.map.reference", "ION"), ("rs.map.reference", "NAF"), ("rs.map.reference", "NAF"),
                                ("rs.map.reference", "TYS"), ("rs.map.reference", "WES")]),
    ("fleet: [BLA, BUL/ec, SEV]", "fleet: [BLA, BUL, SEV]",
     {("rs.map.reference", "RUM"), ("rs.map.symmetric", "BUL/ec-RUM")}),
    ("army: [ARM, MOS, RUM, UKR]", "army: [ARM, MOS, RUM, UKR, SWI]", {("rs.map.switzerland", "SEV")}),
    ("homes: [BUD, TRI, VIE]", "homes: [BUD, TRI, VIE, SER, PIC]", [("rs.map.homes", "austria"),  # not the fact
                                                                     ("rs.map.homes", "austria"),  # PIC: no centre
                                                                     ("rs.map.neutral", "SER")]),
    ("army: [CLY, LVP, YOR]", "army: [CLY, LVP, YOX]", {("rs.map.reference", "EDI"), ("rs.map.symmetric", "YOR-EDI")}),
    ("fleet: [BLA, BUL/ec, SEV]", "fleet: [BLA, BLA, BUL/ec, SEV]", [("rs.map.reference", "RUM")]),
    ("touches: [BUR, MAR, MUN, PIE, TYR]", "touches: [BUR, MAR, MUN, PIE, TYR], army: [BUR]",
     [("rs.map.terrain", "SWI"), ("rs.map.symmetric", "SWI-BUR")]),
    ("x: 420, y: 428, army: [BEL, BUR, HOL, KIE, MUN]", "x: 420, y: 428, army: [BEL, BUR, HOL, KIE, MUN], fleet: [HOL]",
     [("rs.map.terrain", "RUH"), ("rs.map.symmetric", "RUH-HOL")]),
    ("coasts: {nc: [GAS, MAO, POR],", "fleet: [MAO], coasts: {nc: [GAS, MAO, POR],", [("rs.map.coasts", "SPA")]),
    ("fleet: [LYO, PIE, SPA/sc]}", "fleet: [LYO, PIE, SPA/sc, SWI]}",
     [("rs.map.reference", "MAR"), ("rs.map.switzerland", "MAR")]),
    ("touches: [BUR, MAR, MUN, PIE, TYR]", "touches: [BUR, LYO, MAR, MUN, PIE, TYR]",
     [("rs.map.switzerland", "LYO"), ("rs.map.tunnel", "tunnel")]),
    ("  - {id: ICE,", "  # - {id: ICE,", [("rs.map.islands", "ICE"), ("rs.map.reference", "NAO"),
                                            ("rs.map.reference", "NWG")]),
    ("type: island, x: 240, y: 85,", "type: coast, x: 240, y: 85,", [("rs.map.islands", "ICE")]),
    ("type: coast, x: 298, y: 318,", "type: coast, x: 298, y: 318, only: superhirn,", [("rs.map.islands", "YOR")]),
    ("homes: [BUD, TRI, VIE]", "homes: [BUD, TRI, VIE, XXX]", [("rs.map.homes", "austria")] * 2),
    ("x: 95,  y: 215,", "x: 95,  y: wide,", {("rs.map.schema", "")}),
    ("start: [F LON, F EDI, A LVP]", "start: [F LON, F EDI, Army LVP]", {("rs.map.schema", "")}),
]


@pytest.mark.parametrize("old,new,expected", BREAKS, ids=[b[1][:30] for b in BREAKS])
def test_broken_map_copies_fail(tmp_path, old, new, expected):
    text = MAP.read_text(encoding="utf-8")
    assert old in text, old
    broken = tmp_path / "map.yaml"
    broken.write_text(text.replace(old, new, 1), encoding="utf-8")
    findings = check_map_file(broken)
    assert sorted((f.rule, f.object) for f in findings if f.severity == "error") == sorted(expected), \
        [str(f) for f in findings]


def test_reference_messages_say_what_is_wrong_with_the_neighbour(tmp_path):
    text = MAP.read_text(encoding="utf-8")
    (tmp_path / "map.yaml").write_text(text.replace("fleet: [BLA, BUL/ec, SEV]", "fleet: [BLA, BUL, SEV]"))
    assert [f.message for f in check_map_file(tmp_path / "map.yaml") if f.rule == "rs.map.reference"] == [
        "RUM: fleet neighbour BUL has split coasts; name the coast (BUL/ec, BUL/sc)"]
    (tmp_path / "map.yaml").write_text(text.replace("fleet: [BLA, BUL/ec, SEV]", "fleet: [BLA, BUX, SEV]"))
    assert [f.message for f in check_map_file(tmp_path / "map.yaml") if f.rule == "rs.map.reference"] == [
        "RUM: fleet neighbour BUX is not a sea, coast or coast of a province"]


def test_a_board_unlike_the_standard_one_is_a_warning(tmp_path):
    """The standard board has 19 seas, 14 inland and 42 coastal provinces; a variant map may differ,
    so this is a warning, not an error."""
    text = MAP.read_text(encoding="utf-8").replace("type: land,  x: 420, y: 428,", "type: coast, x: 420, y: 428,")
    (tmp_path / "map.yaml").write_text(text, encoding="utf-8")
    found = check_map_file(tmp_path / "map.yaml")
    assert {(f.rule, f.object, f.severity) for f in found} == {("rs.map.standard", "land", "warning"),
                                                               ("rs.map.standard", "coast", "warning")}
    assert sorted(f.message for f in found) == ["13 provinces of type land; the standard board has 14",
                                                "43 provinces of type coast; the standard board has 42"]


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


# ------------------------------------------------------------------ game states (the rules: test_rather_silly_state.py)

def state(tmp_path, body: str) -> Path:
    p = tmp_path / "state.yaml"
    p.write_text(textwrap.dedent(body), encoding="utf-8")
    return p


def test_shipped_example_state_passes(board):
    example = DATA / "rather-silly" / "examples" / "state-1905-autumn.yaml"
    fs = check_state_file(board, example)
    assert [(f.rule, f.severity) for f in fs] == [("rs.victory.none", "info")]


def test_start_template_is_the_set_up_and_needs_only_the_lama_herds(board, tmp_path):
    from pnp.games.rather_silly.state import start_state_yaml

    text = start_state_yaml(board)
    assert "year: 1900\nseason: winter\n" in text
    fs = check_state_file(board, state(tmp_path, text))
    assert {(f.rule, f.object) for f in fs if f.severity == "error"} == {
        ("rs.lamas.count", p.id) for p in board.powers}
    herds = {"austria": "GAL, BOH, TYR", "england": "YOR, WAL, CLY", "france": "PIC, GAS, BUR",
             "germany": "RUH, SIL, PRU", "italy": "PIE, TUS, APU", "russia": "UKR, LVN, FIN", "turkey": "ARM, SYR, BLA"}
    filled = text
    for pid, h in herds.items():
        filled = filled.replace(f"  {pid}:\n", f"  {pid}:\n    lama_herds: [{h}]\n", 1)
    filled = "\n".join(line for line in filled.splitlines() if "lama_herds: []" not in line) + "\n"
    assert rules_of(check_state_file(board, state(tmp_path, filled))) == []


def test_cli_start_writes_the_template(tmp_path):
    from typer.testing import CliRunner

    from pnp.games.rather_silly.cli import app

    res = CliRunner().invoke(app, ["start", "--out", str(tmp_path / "s.yaml")])
    assert res.exit_code == 0 and "F STP/sc" not in (tmp_path / "s.yaml").read_text()
    assert "{type: fleet, at: STP/sc}" in (tmp_path / "s.yaml").read_text()


LEGAL = (DATA / "rather-silly" / "examples" / "state-1905-autumn.yaml").read_text(encoding="utf-8")


def test_pnp_check_command_exit_codes(tmp_path):
    from typer.testing import CliRunner

    from pnp.cli.main import app

    r = CliRunner()
    good = r.invoke(app, ["check", "rather-silly", "--data", str(DATA), "--state",
                          str(DATA / "rather-silly" / "examples" / "state-1905-autumn.yaml")])
    assert good.exit_code == 0, good.output
    assert "rs.victory.none" in good.output
    bad = r.invoke(app, ["check", "rather-silly", "--data", str(DATA), "--state",
                         str(state(tmp_path, LEGAL.replace("lama_herds: [WAL, CLY, IRI]", "lama_herds: [LON]")))])
    assert bad.exit_code == 1 and "rs.lamas.count" in bad.output and "rs.lamas.place" in bad.output
    broken = r.invoke(app, ["check", "rather-silly", "--data", str(DATA), "--state",
                            str(state(tmp_path, "year: [1903\n"))])
    assert broken.exit_code in (1, 2) and "state.yaml:" in broken.output


def test_state_findings_point_at_the_line(board, tmp_path):
    body = LEGAL.replace("lama_herds: [WAL, CLY, IRI]", "lama_herds: [WAL, LON, IRI]").replace(
        "{type: army, at: SIL}", "{type: army, at: BAL}")
    path = state(tmp_path, body)
    lines = body.splitlines()
    fs = {f.rule: f for f in check_state_file(board, path)}
    herd_line = next(i for i, s in enumerate(lines, 1) if "LON, IRI" in s)
    unit_line = next(i for i, s in enumerate(lines, 1) if "at: BAL" in s)
    assert f":{herd_line}:" in fs["rs.lamas.place"].where
    assert f":{unit_line}:" in fs["rs.state.terrain"].where


# ------------------------------------------------------------------ the game module: check and build


def test_the_game_check_keeps_the_map_warnings_beside_the_counters_and_the_state(tmp_path):
    """A map that only warns does not stop the check: the counters and a state are checked too, and
    the map's warnings stay in the verdict beside theirs."""
    folder = tmp_path / "rather-silly"
    shutil.copytree(DATA / "rather-silly", folder)
    text = (folder / "map.yaml").read_text(encoding="utf-8")
    (folder / "map.yaml").write_text(text.replace("type: land,  x: 420, y: 428,", "type: coast, x: 420, y: 428,"),
                                     encoding="utf-8")
    game = discover(tmp_path)["rather-silly"]
    standard = {("rs.map.standard", "land", "warning"), ("rs.map.standard", "coast", "warning")}
    assert {(f.rule, f.object, f.severity) for f in check(game)} == standard
    bad = state(tmp_path, LEGAL.replace("lama_herds: [WAL, CLY, IRI]", "lama_herds: [WAL, IRI]"))
    assert {(f.rule, f.object, f.severity) for f in check(game, bad)} == standard | {
        ("rs.lamas.count", "england", "error"), ("rs.victory.none", "", "info")}


def test_a_broken_counter_sheet_is_reported_beside_the_map_warnings_and_stops_the_state(tmp_path):
    folder = tmp_path / "rather-silly"
    shutil.copytree(DATA / "rather-silly", folder)
    text = (folder / "map.yaml").read_text(encoding="utf-8")
    (folder / "map.yaml").write_text(text.replace("type: land,  x: 420, y: 428,", "type: coast, x: 420, y: 428,"),
                                     encoding="utf-8")
    (folder / "counters.yaml").write_text("kind: counters\nname: counters\ncounters: []\n", encoding="utf-8")
    game = discover(tmp_path)["rather-silly"]
    want = {("rs.map.standard", "land", "warning"), ("rs.map.standard", "coast", "warning"),
            ("rs.counters.schema", "", "error")}
    assert {(f.rule, f.object, f.severity) for f in check(game)} == want
    bad = state(tmp_path, LEGAL.replace("lama_herds: [WAL, CLY, IRI]", "lama_herds: [WAL, IRI]"))
    assert {(f.rule, f.object, f.severity) for f in check(game, bad)} == want  # the state waits for good counters


def test_the_build_makes_every_printable_by_name_and_the_position_only_with_a_state(tmp_path):
    """The sheets in data/rather-silly/ (fed by the rules module's sources) make these files; the position
    map only when -o state=FILE names a game state."""
    from pnp.model.assets import BuildOptions
    from pnp.output.plan import collect_assets

    game = discover(DATA)["rather-silly"]
    names = {"map-additions", "map", "map-large", "superhirn-ledger", "doktor-track", "season-track",
             "wahrsager-log", "aid-phases", "role-narr", "role-superhirn", "role-doktor", "role-wahrsager"}
    plain = {a.name for a in collect_assets(game, BuildOptions().for_game(game))}
    assert names <= plain and "position" not in plain
    opts = BuildOptions(extra={"state": str(DATA / "rather-silly" / "examples" / "state-1905-autumn.yaml")})
    assert {a.name for a in collect_assets(game, opts.for_game(game))} == plain | {"position"}


# ------------------------------------------------------------------ the exact findings of each broken map, with their lines

NEUTRAL = ('; the neutral centres of the standard board, which Rather Silly Diplomacy, §Regeln [003_3878791c092c868a.txt] '
           'plays on ("Es gelten die allgemein bekannten Standard-Diplomacy-Regeln"), are BEL, BUL, DEN, GRE, HOL, NWY, '
           'POR, RUM, SER, SPA, SWE, TUN')
# (index into BREAKS, [(rule, object, severity, the province whose entry the finding points at or None, message)])
MAP_MESSAGES = [
    (0, [
        ('rs.map.symmetric', 'KIE-HEL', 'error', 'KIE',
             'fleet move KIE-HEL is listed at KIE but HEL does not list KIE'),
    ]),
    (1, [
        ('rs.map.symmetric', 'LVP-EDI', 'error', 'LVP',
             'army move LVP-EDI is listed at LVP but EDI does not list LVP'),
    ]),
    (2, [
        ('rs.map.tunnel', 'tunnel', 'error', None,
             'the number of provinces the tunnel joins is 6; Rather Silly Diplomacy, '
             '§Schweiz, Mont-Blanc-Tunnel [003_3878791c092c868a.txt] says 5 ("der alle fünf '
             'an die Schweiz angrenzenden Gebiete miteinander verbindet")'),
        ('rs.map.tunnel', 'tunnel', 'error', None,
             'the tunnel joins BUR, MAR, MUN, PIE, TYR, VEN but the provinces bordering SWI '
             'are BUR, MAR, MUN, PIE, TYR; it joins all of them and only them'),
    ]),
    (3, [
        ('rs.map.centres', '', 'error', None,
             'the number of supply centres on the map is 35; Rather Silly Diplomacy, §Anzahl '
             'VZ [003_3878791c092c868a.txt] says 34 ("Anzahl VZ: 34")'),
        ('rs.map.neutral', 'UKR', 'error', 'UKR',
             "UKR is a supply centre on the map, but nobody's home" + NEUTRAL),
    ]),
    (4, [
        ('rs.map.unique', 'Trieste', 'error', None,
             "the en name 'Trieste' is used by 2 provinces"),
    ]),
    (5, [
        ('rs.map.unique', 'TRI', 'error', 'TRI',
             'province TRI is defined twice (lines 82 and 104)'),
        ('rs.map.centres', '', 'error', None,
             'the number of supply centres on the map is 33; Rather Silly Diplomacy, §Anzahl '
             'VZ [003_3878791c092c868a.txt] says 34 ("Anzahl VZ: 34")'),
        ('rs.map.neutral', 'TUN', 'error', None,
             'TUN is not a supply centre on the map' + NEUTRAL),
        ('rs.map.standard', 'coast', 'warning', None,
             '41 provinces of type coast; the standard board has 42'),
        ('rs.map.reference', 'NAF', 'error', 'NAF',
             'NAF: army neighbour TUN is not a province'),
        ('rs.map.reference', 'WES', 'error', 'WES',
             'WES: fleet neighbour TUN is not a sea, coast or coast of a province'),
        ('rs.map.reference', 'TYS', 'error', 'TYS',
             'TYS: fleet neighbour TUN is not a sea, coast or coast of a province'),
        ('rs.map.reference', 'ION', 'error', 'ION',
             'ION: fleet neighbour TUN is not a sea, coast or coast of a province'),
        ('rs.map.reference', 'NAF', 'error', 'NAF',
             'NAF: fleet neighbour TUN is not a sea, coast or coast of a province'),
    ]),
    (6, [
        ('rs.map.reference', 'RUM', 'error', 'RUM',
             'RUM: fleet neighbour BUL has split coasts; name the coast (BUL/ec, BUL/sc)'),
        ('rs.map.symmetric', 'BUL/ec-RUM', 'error', 'BUL',
             'fleet move BUL/ec-RUM is listed at BUL/ec but RUM does not list BUL/ec'),
    ]),
    (7, [
        ('rs.map.switzerland', 'SEV', 'error', 'SEV',
             'SEV lists a move into impassable SWI'),
    ]),
    (8, [
        ('rs.map.neutral', 'SER', 'error', 'SER',
             'SER is a home centre on the map' + NEUTRAL),
        ('rs.map.homes', 'austria', 'error', 'austria',
             "austria's home centres is BUD, PIC, SER, TRI, VIE; Rather Silly Diplomacy, "
             '§Regeln [003_3878791c092c868a.txt] says BUD, TRI, VIE '
             '("Standard-Diplomacy-Regeln")'),
        ('rs.map.homes', 'austria', 'error', None,
             "austria's home PIC is not a supply centre"),
    ]),
    (9, [
        ('rs.map.reference', 'EDI', 'error', 'EDI',
             'EDI: army neighbour YOX is not a province'),
        ('rs.map.symmetric', 'YOR-EDI', 'error', 'YOR',
             'army move YOR-EDI is listed at YOR but EDI does not list YOR'),
    ]),
    (10, [
        ('rs.map.reference', 'RUM', 'error', 'RUM',
             'RUM lists a fleet neighbour twice'),
    ]),
    (11, [
        ('rs.map.terrain', 'SWI', 'error', 'SWI',
             'SWI (impassable) cannot have army moves'),
        ('rs.map.symmetric', 'SWI-BUR', 'error', 'SWI',
             'army move SWI-BUR is listed at SWI but BUR does not list SWI'),
    ]),
    (12, [
        ('rs.map.terrain', 'RUH', 'error', 'RUH',
             'RUH is inland but lists fleet moves'),
        ('rs.map.symmetric', 'RUH-HOL', 'error', 'RUH',
             'fleet move RUH-HOL is listed at RUH but HOL does not list RUH'),
    ]),
    (13, [
        ('rs.map.coasts', 'SPA', 'error', 'SPA',
             'SPA has split coasts; list its fleet moves per coast only'),
    ]),
    (14, [
        ('rs.map.reference', 'MAR', 'error', 'MAR',
             'MAR: fleet neighbour SWI is not a sea, coast or coast of a province'),
        ('rs.map.switzerland', 'MAR', 'error', 'MAR',
             'MAR lists a move into impassable SWI'),
    ]),
    (15, [
        ('rs.map.switzerland', 'LYO', 'error', 'LYO',
             'SWI touches LYO, which is not a land province'),
        ('rs.map.tunnel', 'tunnel', 'error', None,
             'the tunnel joins BUR, MAR, MUN, PIE, TYR but the provinces bordering SWI are '
             'BUR, LYO, MAR, MUN, PIE, TYR; it joins all of them and only them'),
    ]),
    (16, [
        ('rs.map.reference', 'NAO', 'error', 'NAO',
             'NAO: fleet neighbour ICE is not a sea, coast or coast of a province'),
        ('rs.map.reference', 'NWG', 'error', 'NWG',
             'NWG: fleet neighbour ICE is not a sea, coast or coast of a province'),
        ('rs.map.islands', 'ICE', 'error', None,
             'the build-only island ICE is missing'),
    ]),
    (17, [
        ('rs.map.standard', 'coast', 'warning', None,
             '43 provinces of type coast; the standard board has 42'),
        ('rs.map.islands', 'ICE', 'error', 'ICE',
             'ICE is a build-only island (type: island), not a coast'),
    ]),
    (18, [
        ('rs.map.islands', 'YOR', 'error', 'YOR',
             "YOR is not one of the document's build-only islands (CRE, ICE)"),
    ]),
    (19, [
        ('rs.map.homes', 'austria', 'error', 'austria',
             "austria's home centres is BUD, TRI, VIE, XXX; Rather Silly Diplomacy, §Regeln "
             '[003_3878791c092c868a.txt] says BUD, TRI, VIE ("Standard-Diplomacy-Regeln")'),
        ('rs.map.homes', 'austria', 'error', None,
             "austria's home XXX is not a supply centre"),
    ]),
]


@pytest.mark.parametrize("index, expected", MAP_MESSAGES, ids=[str(i) for i, _ in MAP_MESSAGES])
def test_a_broken_map_gets_exactly_its_messages_at_their_lines(tmp_path, index, expected):
    old, new, _ = BREAKS[index]
    text = MAP.read_text(encoding="utf-8").replace(old, new, 1)
    (tmp_path / "map.yaml").write_text(text, encoding="utf-8")
    found = check_map_file(tmp_path / "map.yaml")
    assert [(f.rule, f.object, f.severity, f.message) for f in found] == [(r, o, s, m) for r, o, s, _, m in expected]
    lines = text.splitlines()
    for f, (*_, entry, _m) in zip(found, expected):
        assert f.file.endswith("map.yaml")
        if entry is not None:  # a finding about a province or a power points at its entry
            assert f"{{id: {entry}," in lines[f.line - 1], (f, entry)
