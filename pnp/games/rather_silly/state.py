"""Game-state files for Rather Silly Diplomacy and the rules that apply to them.

A game master writes down the position after a phase (``season: spring`` is the position
after the spring moves, retreats and the monsters that follow them; ``winter`` the one after
the adjustments; Winter 1900 is the set-up, before the first moves)::

    year: 1905
    season: autumn          # spring | autumn | winter (after that phase)
    players:
      england:
        centres: [EDI, LON, LVP, NWY, BEL]
        units:
          - {type: army, at: YOR}
          - {type: fleet, at: NTH}
          - {type: fleet, at: NWG, gay: true}
          - {type: amazon, at: WAL}
          - {type: twins, at: [CLY, EDI], as: [army, fleet]}
        lama_herds: [WAL, YOR, NAO]
        lamas_exploded: 0
        fleets_built: [{year: 1901}, {year: 1902}, ...]   # in build order
      doktor: {points: 7, centres: [], units: [{type: tardis, at: LON}]}
    borg: MUN
    monsters: [{type: sea-monster, at: ION}]

``state_rules.check_state_file`` returns a finding for every broken rule plus an
``info`` victory report.
"""
from __future__ import annotations

from pathlib import Path

from pnp.load.loader import load_model
from pnp.model.plain import Plain
from pnp.games.rather_silly.book import FACTS
from pnp.games.rather_silly.mapdata import Board

SCHEMA = "pnp.games.rather_silly.schemas:GameState"  # validates a state file when the cache does not hold it
CONVENTIONAL = ("army", "fleet")


# The plain twins of the state file's schemas (pnp.games.rather_silly.schemas), as the build and the checker read them.
class Unit(Plain):
    """A unit: its type and where it stands."""

    def places(self) -> list[str]:
        return list(self.at) if isinstance(self.at, list) else [self.at]

    def kinds(self) -> list[str]:
        """Movement type per place (army/fleet); special armies move like armies."""
        if self.type == "twins":
            return list(self.as_ or ["army", "army"])
        return ["fleet" if self.type == "fleet" else "army"]


class FleetBuild(Plain):
    """A fleet built, and when."""


class Holdings(Plain):
    """What a player holds."""


class Monster(Plain):
    """A monster on the board."""


class GameState(Plain):
    """A game-state file: the position after a phase."""

    # ------------------------------------------------ the clock: what has been played up to this position
    @property
    def springs(self) -> int:
        """Spring moves played (a sea-monster horde follows each)."""
        return max(0, self.year - FACTS.value("first_year") + 1)

    @property
    def autumns(self) -> int:
        """Autumn moves played (space monsters fall after each)."""
        return max(0, self.year - FACTS.value("first_year") + (self.season != "spring"))

    @property
    def adjustments(self) -> int:
        """Winter adjustments played (builds happen only there); Winter 1900 is the set-up, not one."""
        return max(0, self.year - FACTS.value("first_year") + (self.season == "winter"))

    @property
    def set_up(self) -> bool:
        """True before the first moves (Winter 1900)."""
        return self.year < FACTS.value("first_year")


def load_state(path: Path) -> GameState:
    return load_model(path, SCHEMA)


def start_state_yaml(board: Board) -> str:
    """A game-state file for the set-up in Winter 1900, the position the Spring 1901 moves
    start from: every power's home centres and starting units.

    Lama herds are left empty on purpose: each power places three in Winter 1900, and the
    checker says so until they are filled in.
    """
    lines = [
        f"# Rather Silly Diplomacy: the set-up in Winter {FACTS.value('setup_year')}, before the Spring "
        f"{FACTS.value('first_year')} moves.",
        "# Fill in each power's three lama herds (not on supply centres), then check with",
        "#   pnp check rather-silly --state THIS_FILE",
        f"year: {FACTS.value('setup_year')}",
        "season: winter",
        "players:",
    ]
    for pw in board.powers:
        lines.append(f"  {pw.id}:")
        lines.append(f"    centres: [{', '.join(pw.homes)}]")
        lines.append("    units:")
        for kind, place in pw.start_units():
            lines.append(f"      - {{type: {kind}, at: {place}}}")
        lines.append("    lama_herds: []   # three provinces that are not supply centres")
        lines.append("    fleets_built: []  # every fleet built from Winter 1901 on, in order: {year: 1901}")
    lines += ["  doktor:", "    points: 0", "    units: []   # the Tardis arrives through the first hyperspace link",
              "  superhirn:", "    units: []", "  wahrsager:", "    units: []",
              "borg: null   # appears after the Spring 1901 moves", "monsters: []"]
    return "\n".join(lines) + "\n"
