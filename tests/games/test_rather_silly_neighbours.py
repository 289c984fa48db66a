"""`pnp silly neighbours PROV`: the moves from a province, split by who may make them. Iceland
and Crete take the Superhirn's own units only, Switzerland nobody, the Mont-Blanc tunnel
conventional armies and the Borg only."""
from __future__ import annotations

import json

from typer.testing import CliRunner

from pnp.games.rather_silly.cli import app


def run(*args: str):
    res = CliRunner().invoke(app, ["neighbours", *args])
    assert "Traceback" not in res.output, res.output
    return res


def lines(*args: str) -> list[str]:
    res = run(*args)
    assert res.exit_code == 0, res.output
    return res.stdout.splitlines()


def test_nao_does_not_offer_iceland_as_an_ordinary_fleet_move():
    """Iceland and Crete are "reine Aufbauprovinzen und somit für alle anderen Einheiten unzugänglich"."""
    assert lines("NAO") == [
        "NAO Nordatlantik / North Atlantic Ocean (sea)",
        "fleet: CLY, IRI, LVP, MAO, NWG",
        "Borg: CLY, IRI, LVP, MAO, NWG",
        "ICE: only the Superhirn's own units may enter (build-only island)",
    ]


def test_the_seas_around_crete_close_it_to_all_but_the_superhirn():
    for sea in ("ION", "AEG", "EAS"):
        out = lines(sea)
        fleet = next(ln for ln in out if ln.startswith("fleet: "))
        assert "CRE" not in fleet and "CRE: only the Superhirn's own units may enter (build-only island)" in out
    assert "ICE: only the Superhirn's own units may enter (build-only island)" in lines("NWG")


def test_an_island_lists_the_superhirns_moves_only():
    assert lines("ICE") == [
        "ICE Island / Iceland (build-only island)",
        "open to the Superhirn's own units only: no other unit, the Borg, a monster, the Tardis or birds may enter "
        "it",
        "fleet (the Superhirn's own units only): NAO, NWG",
    ]
    assert lines("cre")[-1] == "fleet (the Superhirn's own units only): AEG, EAS, ION"


def test_switzerland_is_closed_to_everyone_and_ringed_by_the_tunnel():
    """"Die Schweiz bleibt zwar unzugänglich ... MONT BLANC-TUNNEL ... nur für konventionelle Armeen und den
    BORG passierbar"."""
    assert lines("SWI") == [
        "SWI Schweiz / Switzerland (impassable)",
        "nobody may enter it; it borders BUR, MAR, MUN, PIE, TYR, which the Mont-Blanc tunnel joins for "
        "conventional armies and the Borg only",
    ]
    assert lines("MUN") == [
        "MUN München / Munich (inland, supply centre)",
        "army: BER, BOH, BUR, KIE, RUH, SIL, TYR",
        "tunnel: BUR, MAR, PIE, TYR (conventional armies and the Borg only)",
        "Borg: BER, BOH, BUR, KIE, MAR, PIE, RUH, SIL, TYR",
        "SWI: nobody may enter (impassable)",
    ]


def test_a_tunnel_province_on_the_coast():
    out = lines("PIE")
    assert out[1:] == ["army: MAR, TUS, TYR, VEN", "tunnel: BUR, MAR, MUN, TYR (conventional armies and the Borg only)",
                       "fleet: LYO, MAR, TUS", "Borg: BUR, LYO, MAR, MUN, TUS, TYR, VEN",
                       "SWI: nobody may enter (impassable)"]


def test_split_coasts_one_or_both():
    assert lines("bul")[1:4] == ["army: CON, GRE, RUM, SER", "fleet BUL/ec: BLA, CON, RUM", "fleet BUL/sc: AEG, CON, GRE"]
    assert [ln for ln in lines("BUL/sc") if ln.startswith("fleet")] == ["fleet BUL/sc: AEG, CON, GRE"]
    assert [ln for ln in lines("stp/NC") if ln.startswith("fleet")] == ["fleet STP/nc: BAR, NWY"]


def test_a_province_away_from_the_closed_ones_lists_nothing_closed():
    assert lines("LON") == ["LON London / London (coast, supply centre)", "army: WAL, YOR", "fleet: ENG, NTH, WAL, YOR",
                            "Borg: ENG, NTH, WAL, YOR"]


def test_unknown_province_or_coast_is_exit_2():
    bad = run("XYZ")
    assert bad.exit_code == 2 and "unknown province 'XYZ'" in bad.output
    coast = run("BUL/nc")
    assert coast.exit_code == 2 and coast.output.strip() == "BUL has no coast 'nc'; its coasts: BUL/ec, BUL/sc"
    assert run("MUN/sc").output.strip() == "MUN has no coast 'sc'; its coasts: none"


def test_json_says_who_may_move_where():
    got = json.loads(run("NAO", "--json").stdout)
    assert got == {"province": "NAO", "type": "sea", "supply_centre": False, "army": [], "tunnel": [],
                   "fleet": {"NAO": ["CLY", "IRI", "LVP", "MAO", "NWG"]}, "superhirn_fleet": {"NAO": ["ICE"]},
                   "borg": ["CLY", "IRI", "LVP", "MAO", "NWG"],
                   "closed": {"ICE": "only the Superhirn's own units may enter (build-only island)"}}
    swi = json.loads(run("SWI", "--json").stdout)
    assert swi["closed"] == {"SWI": "nobody may enter (impassable)"} and swi["army"] == swi["borg"] == []


def test_pnp_silly_neighbours_as_a_command(tmp_path):
    """The real command line, as a player types it."""
    import os
    import subprocess
    import sys

    env = dict(os.environ, PNP_CACHE_DIR=str(tmp_path / "cache"))
    res = subprocess.run([sys.executable, "-m", "pnp.cli.main", "silly", "neighbours", "NAO"], capture_output=True,
                         text=True, env=env, cwd=tmp_path, timeout=120)
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines()[1:] == ["fleet: CLY, IRI, LVP, MAO, NWG", "Borg: CLY, IRI, LVP, MAO, NWG",
                                           "ICE: only the Superhirn's own units may enter (build-only island)"]
