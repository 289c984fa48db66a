"""Who may stand where, and move where, on the Rather Silly board.

The board (mapdata.py) holds the borders as printed on a standard map plus the variant's
islands. The rule document closes some of them, and this module is the one place that
says so, for the game-state checker and for ``pnp silly neighbours`` alike:

* Switzerland is closed to everyone ("Die Schweiz bleibt zwar unzugänglich");
* Iceland and Crete take the Superhirn's own units only ("für alle anderen Einheiten
  unzugänglich") - no other unit, the Borg, a monster, the Tardis or birds;
* the Mont-Blanc tunnel carries conventional armies and the Borg only;
* armies (and what moves like one) stay on land, fleets (and sea monsters) off inland
  provinces, and the Tardis never stays at sea ("Delphinritt zum nächstgelegenen Landgebiet").
"""
from __future__ import annotations

from dataclasses import field

from pnp.games.rather_silly.book import FACTS
from pnp.games.rather_silly.mapdata import Board, Province
from pnp.load.classes import dataclass

LAND_MOVERS = ("army", "amazon", "drecksack", "space-monster")  # stand and move like armies
SEA_MOVERS = ("fleet", "sea-monster")  # stand and move like fleets
NAMES = {"army": "an army", "fleet": "a fleet", "amazon": "an A®mazone", "drecksack": "a Drecksackarmee",
         "space-monster": "a space monster", "sea-monster": "a sea monster", "bird": "birds", "tardis": "the Tardis",
         "borg": "the Borg", "lama": "a llama herd"}


@dataclass(frozen=True)
class Barrier:
    """Why a piece may not stand in a province: ``kind`` is switzerland | island | terrain | sea."""

    kind: str
    message: str


def barrier(board: Board, place: str, piece: str, owner: str | None = None) -> Barrier | None:
    """None when ``piece`` (army, fleet, amazon, drecksack, bird, tardis, borg, sea-monster,
    space-monster, lama) of ``owner`` may stand on ``place`` (a province or PROV/coast)."""
    base, _, coast = place.partition("/")
    prov = board.provinces[base]
    who = NAMES.get(piece, piece)
    if prov.type == "impassable":
        return Barrier("switzerland", f"{prov.en} is impassable, nobody may stand there ({who} in {base}); "
                                      '"Die Schweiz bleibt zwar unzugänglich"')
    if prov.type == "island":
        if owner == FACTS.value("islands.open_to") and piece in ("army", "fleet"):
            return None
        return Barrier("island", f"{prov.en} is a build-only island for the Superhirn's own units; {who} "
                                 f"cannot be there ({'of ' + owner if owner else 'nobody owns it'})")
    if piece in LAND_MOVERS and prov.type == "sea":
        return Barrier("terrain", f"{who} moves like an army and cannot stand in the sea area {base}")
    if piece in SEA_MOVERS and prov.type == "land":
        return Barrier("terrain", f"{who} is a fleet and cannot stand in inland {base}")
    if piece in SEA_MOVERS and prov.coasts and not coast:
        coasts = ", ".join(base + "/" + c for c in prov.coasts)
        return Barrier("terrain", f"{who} in {base} must name its coast ({coasts})")
    if piece == "tardis" and prov.type == "sea":
        return Barrier("sea", f"the Tardis cannot stay in the sea area {base}: it rides a dolphin to the nearest "
                              'land ("Delphinritt zum nächstgelegenen Landgebiet")')
    return None


def borg_reach(board: Board, pid: str) -> list[str]:
    """The provinces the Borg reaches from ``pid`` in one move: it is amphibious and may use
    the tunnel, but Switzerland and the islands stay closed to it."""
    p = board.provinces[pid]
    near = set(p.army) | {n.split("/")[0] for n in board.fleet_nodes().get(pid, [])}
    for c in p.coasts:
        near |= {n.split("/")[0] for n in p.coasts[c]}
    if pid in board.tunnel.joins:
        near |= set(board.tunnel.joins)
    return sorted(n for n in near - {pid} if n in board.provinces and not barrier(board, n, "borg"))


ONLY_SUPERHIRN = "only the Superhirn's own units may enter (build-only island)"
NOBODY = "nobody may enter (impassable)"


@dataclass
class Moves:
    """Where pieces may move from one province (or one coast of it), and what is closed."""

    army: list[str] = field(default_factory=list)
    tunnel: list[str] = field(default_factory=list)  # conventional armies and the Borg only
    fleet: dict[str, list[str]] = field(default_factory=dict)  # node -> moves open to every fleet
    superhirn: dict[str, list[str]] = field(default_factory=dict)  # node -> moves open to the Superhirn's only
    borg: list[str] = field(default_factory=list)
    closed: dict[str, str] = field(default_factory=dict)  # neighbour -> who may enter it, and why


def moves(board: Board, place: str) -> Moves:
    """The moves from ``place`` (PROV, or PROV/coast for one coast), split by who may make them."""
    base = place.split("/")[0]
    p = board.provinces[base]
    if p.type == "impassable":
        return Moves(closed={base: NOBODY})
    island = p.type == "island"
    out = Moves(army=[] if island else sorted(p.army), tunnel=_tunnel(board, base))
    out.fleet, out.superhirn = _fleet_moves(board, place, island)
    out.closed = _closed(board, base, out.superhirn)
    out.borg = [] if island else borg_reach(board, base)
    return out


def _tunnel(board: Board, base: str) -> list[str]:
    """The provinces the tunnel leads to from ``base`` (none unless it borders Switzerland)."""
    if base not in board.tunnel.joins:
        return []
    return sorted(j for j in board.tunnel.joins if j != base)


def _fleet_moves(board: Board, place: str, island: bool) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """(moves open to every fleet, moves open to the Superhirn's only), per coast of ``place``: a move
    from or to a build-only island is the Superhirn's."""
    base = place.split("/")[0]
    fleet = board.fleet_nodes()
    anyone: dict[str, list[str]] = {}
    superhirn: dict[str, list[str]] = {}
    for node in [place] if "/" in place else [n for n in fleet if n.split("/")[0] == base]:
        for n in fleet.get(node, []):
            only_superhirn = island or board.provinces[n.split("/")[0]].type == "island"
            (superhirn if only_superhirn else anyone).setdefault(node, []).append(n)
    return anyone, superhirn


def _closed(board: Board, base: str, superhirn: dict[str, list[str]]) -> dict[str, str]:
    """The neighbours of ``base`` closed to some: the islands its Superhirn moves reach, then Switzerland."""
    closed: dict[str, str] = {}
    for n in sorted({n.split("/")[0] for ns in superhirn.values() for n in ns}):
        if board.provinces[n].type == "island":
            closed[n] = ONLY_SUPERHIRN
    for sw in (q for q in board.provinces.values() if q.type == "impassable" and base in q.touches):
        closed[sw.id] = NOBODY
    return closed


def province_kind(p: Province) -> str:
    return {"island": "build-only island", "land": "inland"}.get(p.type, p.type)
