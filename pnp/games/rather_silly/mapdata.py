"""The Diplomacy board as data: provinces, coasts, adjacencies, powers.

``map.yaml`` in the game folder is validated by :mod:`.schemas` (positions in error
messages come from the loader) and turned into a :class:`Board` with the
graph queries the checker and the map drawing need. Fleet positions are
"nodes": a province id, or ``PROV/coast`` for a split coast.
"""
from __future__ import annotations

from dataclasses import field
from pathlib import Path

from pnp.load.classes import dataclass
from pnp.model.plain import Plain
from pnp.model.plain.base import pick

SCHEMA = "pnp.games.rather_silly.schemas:MapFile"  # validates map.yaml when the cache does not hold it


class Named:
    """A place, power or passage named in German and English."""

    de: str
    en: str

    def name(self, lang: str) -> str:
        return pick({"de": self.de, "en": self.en}, lang)


Abbr = str  # three capital letters, checked by pattern
ABBR = r"^[A-Z]{3}$"
NODE = r"^[A-Z]{3}(/[a-z]{2})?$"


# The plain twins of map.yaml's schemas (pnp.games.rather_silly.schemas), as the build reads them.
class Sea(Named, Plain):
    """A sea province."""


class Land(Named, Plain):
    """A land, coast, island or impassable province."""


class Tunnel(Named, Plain):
    """The tunnel: the provinces it joins and the units that may use it."""


class Power(Named, Plain):
    """A power or an extra player."""

    def start_units(self) -> list[tuple[str, str]]:
        """(army|fleet, place) for each starting unit."""
        return [("army" if u[0] == "A" else "fleet", u[2:]) for u in self.start]


class RuleNumbers(Plain):
    """The document's numbers as a map file may restate them."""


class MapFile(Plain):
    """map.yaml."""


@dataclass
class Province(Named):
    id: str
    de: str
    en: str
    type: str  # sea | land | coast | island | impassable
    x: float
    y: float
    sc: bool = False
    army: list[str] = field(default_factory=list)
    fleet: list[str] = field(default_factory=list)  # for provinces without split coasts
    coasts: dict[str, list[str]] = field(default_factory=dict)
    touches: list[str] = field(default_factory=list)
    only: str | None = None



@dataclass
class Board:
    provinces: dict[str, Province]  # in file order
    tunnel: Tunnel
    powers: list[Power]
    roles: list[Power]
    rules: RuleNumbers
    source: Path | None = None

    # ------------------------------------------------------------ queries
    def fleet_nodes(self) -> dict[str, list[str]]:
        """Fleet graph: node -> neighbour nodes (split coasts are their own nodes)."""
        out: dict[str, list[str]] = {}
        for p in self.provinces.values():
            if p.coasts:
                for c, nbrs in p.coasts.items():
                    out[f"{p.id}/{c}"] = list(nbrs)
            elif p.fleet:
                out[p.id] = list(p.fleet)
        return out

    def army_graph(self) -> dict[str, list[str]]:
        return {p.id: list(p.army) for p in self.provinces.values() if p.army}

    def adjacent(self, a: str, b: str, unit: str | None = None) -> bool:
        """True when a unit of type ``unit`` (army|fleet|None = either) can move a -> b."""
        a0, b0 = a.split("/")[0], b.split("/")[0]
        if unit in (None, "army") and b0 in self.provinces.get(a0, Province("", "", "", "", 0, 0)).army:
            return True
        if unit in (None, "fleet"):
            fg = self.fleet_nodes()
            srcs = [a] if "/" in a else [n for n in fg if n.split("/")[0] == a0]
            for s in srcs:
                if any(n.split("/")[0] == b0 and ("/" not in b or n == b) for n in fg.get(s, [])):
                    return True
        return False

    def supply_centres(self) -> list[str]:
        return [p.id for p in self.provinces.values() if p.sc]

    def homes(self) -> dict[str, str]:
        """centre -> power id."""
        return {c: pw.id for pw in self.powers for c in pw.homes}

    def player(self, pid: str) -> Power | None:
        for p in self.powers + self.roles:
            if p.id == pid:
                return p
        return None


def load_board(path: Path) -> Board:
    """Read and validate ``map.yaml``; DataErrors name file:line:col on bad input."""
    return read_board(path)[0]


def read_board(path: Path):
    """The board and its file as read (a :class:`pnp.checks.Source`): duplicate province ids
    collapse in the board, so the checker finds them, and their lines, in the file."""
    from pnp.checks import Source
    from pnp.load.loader import load_model

    src = Source.read(path)
    m = load_model(path, SCHEMA)
    provs: dict[str, Province] = {}
    for s in m.seas:
        provs.setdefault(s.id, Province(s.id, s.de, s.en, "sea", s.x, s.y, fleet=list(s.fleet)))
    for land in m.lands:
        provs.setdefault(land.id, Province(land.id, land.de, land.en, land.type, land.x, land.y, land.sc,
                                           list(land.army), list(land.fleet), dict(land.coasts or {}),
                                           list(land.touches), land.only))
    return Board(provs, m.tunnel, list(m.powers), list(m.roles), m.rules, Path(path)), src
