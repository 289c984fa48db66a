"""Rules module for Rather Silly Diplomacy (named in data/rather-silly/game.yaml).

``check`` verifies the map data and, given a game-state file, the variant's
bookkeeping rules. Everything the game prints is a YAML file of data/rather-silly/
drawn by the engine; ``SOURCES`` hands those sheets what this package computes
(the words of the aids, seasons and shares, the map's nodes and borders, a
position's units), as plain data. No module here draws.
"""
from __future__ import annotations

FILES = ("map.yaml", "aids.yaml", "examples/*.yaml")  # the data files without a kind this module reads

OPTIONS = {"state": "a game-state file to show on the map (position.pdf)"}  # the -o KEY=VALUE settings this game reads

from pathlib import Path
from typing import TYPE_CHECKING

from pnp.games.rather_silly.aids import additions, aid_pages
from pnp.games.rather_silly.logs import SOURCES as LOG_SOURCES
from pnp.games.rather_silly.printables import SOURCES as MAP_SOURCES
from pnp.games.rather_silly.position import SOURCES as POSITION_SOURCES

from pnp.checks import Finding, failed
from pnp.games.rather_silly.checker import RULES, check_counters, check_map_file  # noqa: F401  (RULES: `pnp check --list-rules`)
from pnp.games.rather_silly import state_rules  # noqa: F401  (registers the game-state rules, after the map's)

if TYPE_CHECKING:  # pragma: no cover
    from pnp.model.game import Game

MAP_FILE = "map.yaml"
COUNTERS_FILE = "counters.yaml"


def check(game: Game, state: Path | None = None) -> list[Finding]:
    from pnp.games.rather_silly.mapdata import load_board
    from pnp.games.rather_silly.state_rules import check_state_file

    findings = check_map_file(game.path(MAP_FILE))
    if failed(findings):
        return findings  # a broken map would make every later verdict doubtful
    if game.path(COUNTERS_FILE).is_file():
        findings += check_counters(load_board(game.path(MAP_FILE)), game.path(COUNTERS_FILE))
    if state is not None and not failed(findings):
        findings += check_state_file(load_board(game.path(MAP_FILE)), Path(state))
    return findings


SOURCES = {"aids": aid_pages,  # what roles.yaml prints: the phase order and a sheet per role
           "additions": additions,  # map-additions.yaml: Iceland, Crete, the tunnel
           **LOG_SOURCES,
           **MAP_SOURCES,  # the schematic maps
           **POSITION_SOURCES}  # a position on the map (-o state=FILE)  # the ledger, the Doktor's and the season track, the Wahrsager's log
