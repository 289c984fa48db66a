"""A game position as data, for position.yaml to draw on the schematic map (``-o state=FILE``, ``pnp silly show``).

The sources read the state file the build's option ``state`` names and hand over:

* ``position``: the pages -- the map, then the list -- with the title (season and year); none without a
  state, so the build then makes no position file;
* ``position_nodes``, ``position_edges``: the map's nodes and borders (schematic.py) plus a marker per
  unit beside its province (``kind`` unit, ``abbr`` its letter: A army, F fleet, A® A®mazone,
  D Drecksackarmee, V/B birds, T Tardis, B the Borg, 2 a monster), a marker per lama herd (``kind`` herd,
  its count when more than one), owned supply centres ringed in the owner's colour (``outline`` owned,
  ``ring``), a devil's bargain as the marker's label (†2), a gay fleet's rainbow as its icon; a bar joins
  Siamese twins;
* ``position_counts``: each player's centres (and the Doktor's points) for the key;
* ``position_list``: each player's centres, units and herds in words, so colour is never needed.

Positions are in map.yaml's 1000 x 850 units, as the map's.
"""
from __future__ import annotations

from pathlib import Path

from pnp.games.rather_silly import schematic
from pnp.games.rather_silly.mapdata import Board
from pnp.games.rather_silly.state import GameState
from pnp.load.words import Words

LETTERS = {
    "de": {"army": "A", "fleet": "F", "amazon": "A®", "drecksack": "D", "bird": "V", "tardis": "T"},
    "en": {"army": "A", "fleet": "F", "amazon": "A®", "drecksack": "D", "bird": "B", "tardis": "T"},
}
WORDS = Words.beside(__file__)
SEASONS = WORDS.section("seasons")
LIST = WORDS.section("list")
# where markers sit, in map units: beside the province's node (upper right), so its name stays readable
UNIT_DX, UNIT_DY, UNIT_STEP = 16.0, -12.0, 15.0
HERD_DX, HERD_DY, HERD_STEP = -16.0, 15.0, 11.0
NEUTRAL = {"borg": "#111111", "sea-monster": "#0b4f6c", "space-monster": "#2e7d32"}  # the counters' colours


def _lang(opts) -> str:
    return opts.lang if opts.lang in LETTERS else "en"


def _state(game, opts) -> tuple[Board, GameState] | None:
    from pnp.games.rather_silly.mapdata import load_board
    from pnp.games.rather_silly.state import load_state

    path = opts.extra.get("state") if isinstance(opts.extra, dict) else None
    if not path:
        return None
    return load_board(game.path("map.yaml")), load_state(Path(path))


def _of_state(compute):
    """A source computing from (board, state, lang): none of its records without a state file."""
    def source(game, opts) -> list[dict]:
        got = _state(game, opts)
        return [] if got is None else compute(*got, _lang(opts))

    source.__doc__ = compute.__doc__
    return source


@_of_state
def position(board: Board, st: GameState, lang: str) -> list[dict]:
    """The position's pages: the map, then the list; none without a state file."""
    season = SEASONS[lang]
    title = f"{season['title']}: {season[st.season]} {st.year} – Rather Silly Diplomacy"
    listed = f"{LIST[lang]['title']}: {season[st.season]} {st.year} – Rather Silly Diplomacy"
    words = LIST[lang]
    common = {"asset": "position", "power": words["power"], "centres": words["centres"], "units": words["units"],
              "herds": words["herds"]}
    return [dict(common, part="map", title=title), dict(common, part="list", title=listed)]


def _ok(board: Board, place: str) -> bool:
    base, _, coast = place.partition("/")
    p = board.provinces.get(base)
    return p is not None and (not coast or coast in (p.coasts or {}))


def markers(board: Board, st: GameState, lang: str) -> tuple[list[dict], list[dict]]:
    """The unit and herd markers (nodes) and the bars joining Siamese twins (edges)."""
    coasts = schematic.coast_points(board)
    used: dict[str, int] = {}
    nodes: list[dict] = []
    bars: list[dict] = []

    def spot(place: str) -> tuple[float, float]:
        base = place.split("/")[0]
        n = used.get(base, 0)
        used[base] = n + 1
        x, y = coasts.get(place) or (board.provinces[base].x, board.provinces[base].y)
        return x + UNIT_DX + n * UNIT_STEP, y + UNIT_DY

    def marker(kind: str, x: float, y: float, colour: str, abbr: str, label: str = "", icon: str = "") -> str:
        nid = f"{kind}-{len(nodes) + 1}"
        nodes.append(schematic.node_record(nid, "", round(x, 3), round(y, 3), kind, colour=colour, abbr=abbr,
                                           mark=label, centre=icon))
        return nid

    letters = LETTERS[lang]
    for pid, hold in st.players.items():
        who = board.player(pid)
        if who is None:
            continue
        for u in hold.units:
            ids = []
            for place, kind in zip(u.places(), u.kinds()):
                if not _ok(board, place):
                    continue
                letter = letters["fleet" if (u.type == "twins" and kind == "fleet") else
                                 ("army" if u.type == "twins" else u.type)]
                ids.append(marker("unit", *spot(place), who.colour, letter, f"†{u.devil}" if u.devil else "",
                                  "gay" if u.gay else ""))
            if len(ids) == 2:
                bars.append({"from": ids[0], "to": ids[1], "type": "twins", "colour": who.colour})
        for herd in sorted(set(hold.lama_herds)):
            if herd not in board.provinces:
                continue
            n = hold.lama_herds.count(herd)
            k = used.get("lama:" + herd, 0)
            used["lama:" + herd] = k + 1
            p = board.provinces[herd]
            marker("herd", p.x + HERD_DX + k * HERD_STEP, p.y + HERD_DY, who.colour, str(n) if n > 1 else "")
    if st.borg and _ok(board, st.borg):
        marker("unit", *spot(st.borg), NEUTRAL["borg"], "B")
    for m in st.monsters:
        if _ok(board, m.at):
            marker("unit", *spot(m.at), NEUTRAL[m.type], "2")
    return nodes, bars


@_of_state
def position_nodes(board: Board, st: GameState, lang: str) -> list[dict]:
    """The map's nodes, owned centres ringed, then the markers."""
    owners = {c: board.player(pid) for pid, hold in st.players.items() for c in hold.centres
              if c in board.provinces and board.player(pid) is not None}
    nodes = schematic.nodes(board, lang)
    for n in nodes:
        who = owners.get(n["id"])
        if who is not None:
            n.update(outline="owned", ring=who.colour)
    return nodes + markers(board, st, lang)[0]


@_of_state
def position_edges(board: Board, st: GameState, lang: str) -> list[dict]:
    """The map's borders (no colour of their own), then the twins' bars in their owner's colour."""
    return [dict(e, colour="") for e in schematic.edges(board)] + markers(board, st, lang)[1]


@_of_state
def position_counts(board: Board, st: GameState, lang: str) -> list[dict]:
    """'England: 6' per player, the Doktor's points added: ``initial`` tells players apart without colour."""
    out = []
    for pid, hold in st.players.items():
        who = board.player(pid)
        if who is None:
            continue
        text = f"{who.name(lang)}: {len(hold.centres)}" + (f" + {hold.points}" if pid == "doktor" else "")
        out.append({"initial": who.name(lang)[:1], "colour": who.colour, "count": text})
    return out


def unit_words(u, lang: str) -> str:
    """'F SKA (schwul)', 'Zwillinge A GAS + A BRE', 'A NWY (Teufel 2)'."""
    words, letters = LIST[lang], LETTERS[lang]
    if u.type == "twins":
        text = words["twins"] + " " + " + ".join(f"{letters[k]} {p}" for p, k in zip(u.places(), u.kinds()))
    else:
        text = f"{letters[u.type]} {u.places()[0]}"
    notes = ([words["gay"]] if u.gay else []) + ([f"{words['devil']} {u.devil}"] if u.devil else [])
    return text + (f" ({', '.join(notes)})" if notes else "")


@_of_state
def position_list(board: Board, st: GameState, lang: str) -> list[dict]:
    """Every player's centres, units and lama herds as text, one row each; then the Borg and the monsters."""
    words = LIST[lang]
    rows = []
    for pid, hold in st.players.items():
        who = board.player(pid)
        name = who.name(lang) if who else pid
        centres = f"{len(hold.centres)}: {', '.join(hold.centres)}" if hold.centres else "0"
        if pid == "doktor" or hold.points:
            centres += f"; {hold.points} {words['points']}"
        herds = ", ".join(f"{h}" + (f" ×{hold.lama_herds.count(h)}" if hold.lama_herds.count(h) > 1 else "")
                          for h in sorted(set(hold.lama_herds)))
        rows.append({"power": name, "centres": centres, "units": ", ".join(unit_words(u, lang) for u in hold.units),
                     "herds": herds})
    neutral = ([f"{words['borg']} {st.borg}"] if st.borg else []) + [f"{words[m.type]} {m.at}" for m in st.monsters]
    if neutral:
        rows.append({"power": words["others"], "centres": "", "units": ", ".join(neutral), "herds": ""})
    return rows


SOURCES = {"position": position, "position_nodes": position_nodes, "position_edges": position_edges,
           "position_counts": position_counts, "position_list": position_list}
