"""Positions the Rather Silly state tests edit one change at a time, and how they read a verdict.

``BASE`` is a legal position after the Autumn 1905 moves that uses every kind of piece, so a
single edit breaks exactly one rule; ``SETUP`` is the set-up in Winter 1900 and
``SPRING_1901`` the position after the first moves.
"""
from __future__ import annotations

from pathlib import Path

from pnp.games.rather_silly.mapdata import load_board
from pnp.games.rather_silly.state_rules import check_state_file

DATA = Path(__file__).resolve().parents[2] / "data"
BOARD = load_board(DATA / "rather-silly" / "map.yaml")

BASE = """\
year: 1905
season: autumn
players:
  england:
    centres: [EDI, LON, LVP, NWY, BEL]
    units:
      - {type: fleet, at: NTH}
      - {type: fleet, at: NWG, gay: true}
      - {type: army, at: BEL, devil: 2}
      - {type: amazon, at: YOR}
      - {type: bird, at: LON}
      - {type: twins, at: [CLY, EDI], as: [army, fleet]}
    lama_herds: [WAL, WAL, IRI]
    fleets_built: [{year: 1901}, {year: 1902}, {year: 1903}, {year: 1903}, {year: 1904, gay: true}]
  france:
    centres: [BRE, MAR, PAR, SPA, POR]
    units:
      - {type: army, at: BUR, narr_commanded: true}
      - {type: fleet, at: MAO}
      - {type: fleet, at: SPA/sc}
      - {type: drecksack, at: PAR}
    lama_herds: [PIC, GAS]
    lamas_exploded: 1
  germany:
    centres: [BER, KIE, MUN, HOL]
    units:
      - {type: army, at: RUH}
      - {type: army, at: KIE, superhirn_built: true}
      - {type: fleet, at: HEL}
    lama_herds: [RUH, SIL, BOH]
  superhirn:
    units:
      - {type: fleet, at: ICE}
      - {type: army, at: CRE}
  doktor:
    points: 6
    centres: [SER]
    units:
      - {type: tardis, at: LON}
      - {type: army, at: SER}
  wahrsager:
    units:
      - {type: fleet, at: ADR}
  narr: {}
borg: TYR
monsters:
  - {type: sea-monster, at: ION}
  - {type: space-monster, at: UKR}
"""

HERDS = {"austria": "GAL, BOH, TYR", "england": "YOR, WAL, CLY", "france": "PIC, GAS, BUR",
         "germany": "RUH, SIL, PRU", "italy": "PIE, TUS, APU", "russia": "UKR, LVN, FIN", "turkey": "ARM, SYR, BLA"}


def _setup() -> str:
    from pnp.games.rather_silly.state import start_state_yaml

    text = start_state_yaml(BOARD)
    for pid, herds in HERDS.items():
        text = text.replace(f"  {pid}:\n", f"  {pid}:\n    lama_herds: [{herds}]\n", 1)
    return "\n".join(line for line in text.splitlines() if "lama_herds: []" not in line) + "\n"


SETUP = _setup()
SPRING_1901 = SETUP.replace("year: 1900\nseason: winter", "year: 1901\nseason: spring").replace(
    "borg: null", "borg: GAL").replace("  doktor:\n    points: 0\n    units: []",
                                       "  doktor:\n    points: 0\n    units: [{type: tardis, at: ALB}]")


def edit(text: str, *changes: tuple[str, str]) -> str:
    """``text`` with each (old, new) replaced once; old must be there."""
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def verdict(tmp_path: Path, text: str, severity: str = "error") -> set[tuple[str, str]]:
    """(rule id, object) of every finding of that severity."""
    path = tmp_path / "state.yaml"
    path.write_text(text, encoding="utf-8")
    return {(f.rule, f.object) for f in check_state_file(BOARD, path) if f.severity == severity}


def findings(tmp_path: Path, text: str):
    path = tmp_path / "state.yaml"
    path.write_text(text, encoding="utf-8")
    return check_state_file(BOARD, path)
