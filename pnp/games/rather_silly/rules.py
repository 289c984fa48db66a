"""Rules module for Rather Silly Diplomacy (named in data/rather-silly/game.yaml).

``check`` verifies the map data and, given a game-state file, the variant's
bookkeeping rules; ``build`` adds the printables that are not a generic kind
(map add-ons, schematic map, player aids). The counter sheet is a generic
``kind: counters`` file and needs no code here.
"""
from __future__ import annotations

from pathlib import Path

from ...checks import Finding
from ...game import Game

MAP_FILE = "map.yaml"
COUNTERS_FILE = "counters.yaml"


def check(game: Game, state: Path | None = None) -> list[Finding]:
    from .checker import check_map_file
    from .mapdata import load_board
    from .state import check_state_file

    findings = check_map_file(game.path(MAP_FILE))
    findings += _check_counter_sheet(game, findings)
    if state is not None:
        if any(f.severity == "error" for f in findings):
            return findings  # a broken map would make every state verdict doubtful
        findings += check_state_file(load_board(game.path(MAP_FILE)), Path(state))
    return findings


def _check_counter_sheet(game: Game, map_findings: list[Finding]) -> list[Finding]:
    from ...data.errors import DataErrors
    from ...kinds import load_doc
    from .checker import SEED, check_counters
    from .mapdata import load_board

    path = game.path(COUNTERS_FILE)
    if not path.is_file() or any(f.severity == "error" for f in map_findings):
        return []
    try:
        _, sheet = load_doc(path)
    except DataErrors as exc:
        return [Finding("rs.counters.schema", p.message, SEED, "", "error", f"{p.file}:{p.line}:{p.col}")
                for p in exc.problems]
    return check_counters(load_board(game.path(MAP_FILE)), sheet, str(path))


def build(game: Game, opts):
    from .printables import assets

    return assets(game, opts)
