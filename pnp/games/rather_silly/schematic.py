"""The schematic play map as data: the nodes and edges map.yaml's board makes, for a ``network`` to draw.

map.yaml places every province on a 1000 x 850 grid (``UNITS_W`` x ``UNITS_H``). From it come the
records of map.yaml's provinces (source ``map_nodes``: id, name, x, y, ``kind`` -- sea, coast, land,
island, impassable, home for a power's home centre, coast for a split coast's dot --, ``colour`` the
home power's colour, ``centre`` a supply centre), the borders between them (source ``map_edges``:
from, to, ``type`` army, fleet, both or tunnel), the abbreviations (source ``map_names``) and each
power's home centres in words (source ``map_homes``). How the map looks is map.yaml's sibling
schematic-map.yaml and map-large.yaml; this module only computes where things are.
"""
from __future__ import annotations

import math

from pnp.games.rather_silly.mapdata import Board

UNITS_W, UNITS_H = 1000.0, 850.0  # the frame of map.yaml's positions (see its header)
COAST_SIDES = {"nc": (0.0, -1.0), "sc": (0.0, 1.0), "ec": (1.0, 0.0), "wc": (-1.0, 0.0)}
COAST_OFFSET = 18.0  # units from a province's centre to its split coasts' dots (a land node is 34 across)


def coast_points(board: Board) -> dict[str, tuple[float, float]]:
    """Each split coast sits beside its province, towards the mean of its fleet neighbours, leaning to the
    side it is named after (north coast up, ...): ``{"BUL/ec": (x, y)}`` in map units."""
    out = {}
    for p in board.provinces.values():
        for c, nbrs in (p.coasts or {}).items():
            vx = vy = 0.0
            for n in nbrs:
                q = board.provinces[n.split("/")[0]]
                dx, dy = q.x - p.x, q.y - p.y
                d = math.hypot(dx, dy) or 1.0
                vx, vy = vx + dx / d, vy + dy / d
            d = math.hypot(vx, vy) or 1.0
            nx, ny = COAST_SIDES.get(c, (0.0, 0.0))
            vx, vy = vx / d + nx, vy / d + ny
            d = math.hypot(vx, vy) or 1.0
            out[f"{p.id}/{c}"] = (p.x + vx / d * COAST_OFFSET, p.y + vy / d * COAST_OFFSET)
    return out


def borders(board: Board) -> list[tuple[str, str, str]]:
    """(node a, node b, army|fleet|both), each border once, in a stable order: an army border and a fleet
    border between the same two provinces are one line."""
    kinds: dict[tuple[str, str], set[str]] = {}
    for a, nbrs in board.army_graph().items():
        for b in nbrs:
            kinds.setdefault(tuple(sorted((a, b))), set()).add("army")
    for a, nbrs in board.fleet_nodes().items():
        for b in nbrs:
            kinds.setdefault(tuple(sorted((a, b))), set()).add("fleet")
    return [(a, b, "both" if len(ks) == 2 else next(iter(ks))) for (a, b), ks in sorted(kinds.items())]


def tunnel_edges(board: Board) -> list[tuple[str, str]]:
    """The tunnel: a ring through the provinces it joins, in their order around the impassable province,
    and a spoke from that province to each."""
    sw = next((p for p in board.provinces.values() if p.type == "impassable"), None)
    joins = [j for j in board.tunnel.joins if j in board.provinces]
    if sw is None or len(joins) < 2:
        return []
    ring = sorted(joins, key=lambda j: math.atan2(board.provinces[j].y - sw.y, board.provinces[j].x - sw.x))
    edges = [(ring[i], ring[(i + 1) % len(ring)]) for i in range(len(ring))] if len(ring) > 2 else [tuple(ring)]
    return edges + [(sw.id, j) for j in ring]


def nodes(board: Board, lang: str) -> list[dict]:
    """Every province and split coast as a node record: ``kind`` the province's type (or coast-dot),
    ``paint`` the same but home for a power's home centre, ``colour`` that power's colour, ``centre`` the
    symbol of a supply centre, ``coast`` a split coast's name, ``abbr`` the abbreviation printed in a
    province. (The tunnel is named in the key.)"""
    homes = board.homes()
    colours = {p.id: p for p in board.powers}
    out = []
    for p in board.provinces.values():
        owner = homes.get(p.id)
        out.append(node_record(p.id, p.name(lang), p.x, p.y, p.type, paint="home" if owner else p.type,
                         colour=colours[owner].colour if owner else "", centre="centre" if p.sc else ""))
    for cid, (x, y) in coast_points(board).items():
        out.append(node_record(cid, "", round(x, 3), round(y, 3), "coast-dot", coast=cid.split("/")[1]))
    return out


def node_record(nid: str, name: str, x: float, y: float, kind: str, paint: str = "", colour: str = "",
                centre: str = "", coast: str = "", abbr: str | None = None, mark: str = "") -> dict:
    """One node: every node has every key (``outline`` and ``ring`` for a position's owned centres, ``mark``
    the words beside a position's unit), so a template may name any of them."""
    if abbr is None:
        abbr = nid if kind != "coast-dot" else ""
    return {"id": nid, "abbr": abbr, "name": name, "x": x, "y": y, "kind": kind, "paint": paint or kind,
            "colour": colour, "centre": centre, "coast": coast, "outline": kind, "ring": "", "mark": mark}


def edges(board: Board) -> list[dict]:
    """Every border, then the tunnel's ring and spokes (drawn over them)."""
    out = [{"from": a, "to": b, "type": kind} for a, b, kind in borders(board)]
    return out + [{"from": a, "to": b, "type": "tunnel"} for a, b in tunnel_edges(board)]


def names(board: Board, lang: str) -> list[dict]:
    """The abbreviations, alphabetically, in two columns: row i holds provinces i and i + half."""
    provs = sorted(board.provinces.values(), key=lambda p: p.id)
    half = math.ceil(len(provs) / 2)
    rows = []
    for i in range(half):
        a = provs[i]
        b = provs[i + half] if i + half < len(provs) else None
        rows.append({"id": a.id, "name": a.name(lang), "id_2": b.id if b else "", "name_2": b.name(lang) if b else ""})
    return rows


def homes(board: Board, lang: str) -> list[dict]:
    """Each power's home centres in words, so a grey print still says whose home is whose."""
    return [{"power": pw.name(lang), "initial": pw.name(lang)[:1], "colour": pw.colour,
             "homes": ", ".join(pw.homes)} for pw in board.powers if pw.homes]
