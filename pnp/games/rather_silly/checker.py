"""Rule checks for Rather Silly Diplomacy: the map data and game states.

Map checks make sure the board the printables are drawn from is the one the
seed plays on (34 supply centres, symmetric borders, Switzerland ringed by
the tunnel, Iceland and Crete where the seed puts them). State checks apply
the variant's bookkeeping rules to a position a game master writes down.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

from ...checks import Finding
from ...data.errors import DataErrors
from .mapdata import Board, load_board_and_ids

SEED = "003_3878791c092c868a.txt"

# Facts from the seed: "Island grenzt an NAO & NWG, Kreta an ION, AEG & EAS".
ISLAND_BORDERS = {"ICE": {"NAO", "NWG"}, "CRE": {"ION", "AEG", "EAS"}}
# The standard board (not the seed) has 19 seas, 14 inland and 42 coastal provinces.
STANDARD_COUNTS = {"sea": 19, "land": 14, "coast": 42}


def _f(rule: str, message: str, obj: str = "", severity: str = "error", where: str = "") -> Finding:
    return Finding(rule, message, SEED, obj, severity, where)


# ------------------------------------------------------------------ map data

def check_board(board: Board, ids_with_lines: list[tuple[str, int]] | None = None) -> list[Finding]:
    out: list[Finding] = []
    where = str(board.source) if board.source else ""
    P = board.provinces

    # names once each
    if ids_with_lines:
        seen: dict[str, int] = {}
        for pid, line in ids_with_lines:
            if pid in seen:
                out.append(_f("rs.map.unique", f"province {pid} is defined twice (lines {seen[pid]} and {line})",
                              pid, where=f"{where}:{line}"))
            else:
                seen[pid] = line
    for attr in ("de", "en"):
        counts = Counter(getattr(p, attr) for p in P.values())
        for name, n in sorted(counts.items()):
            if n > 1:
                out.append(_f("rs.map.unique", f"the {attr} name {name!r} is used by {n} provinces", name, where=where))

    # 34 supply centres
    scs = board.supply_centres()
    if len(scs) != board.rules.supply_centres:
        out.append(_f("rs.map.centres", f"the map has {len(scs)} supply centres; the seed says "
                      f"{board.rules.supply_centres}", where=where))
    for pid in scs:
        if P[pid].type not in ("land", "coast"):
            out.append(_f("rs.map.centres", f"{pid} is a {P[pid].type} but marked as a supply centre", pid, where=where))

    # standard composition (a warning: variants may add, but a lost province is likely a typo)
    kinds = Counter(p.type for p in P.values())
    for t, n in STANDARD_COUNTS.items():
        if kinds.get(t, 0) != n:
            out.append(_f("rs.map.standard", f"{kinds.get(t, 0)} provinces of type {t}; the standard board has {n}",
                          t, "warning", where))

    # references exist and terrain fits
    fleet = board.fleet_nodes()
    for p in P.values():
        for n in p.army:
            q = P.get(n)
            if q is None:
                out.append(_f("rs.map.reference", f"{p.id}: army neighbour {n} is not a province", p.id, where=where))
            elif q.type not in ("land", "coast"):
                out.append(_f("rs.map.terrain", f"{p.id}: armies cannot move to {n} ({q.type})", p.id, where=where))
        if p.army and p.type not in ("land", "coast"):
            out.append(_f("rs.map.terrain", f"{p.id} is a {p.type} and cannot have army moves", p.id, where=where))
        if p.type == "land" and (p.fleet or p.coasts):
            out.append(_f("rs.map.terrain", f"{p.id} is inland but lists fleet moves", p.id, where=where))
        if p.coasts and p.fleet:
            out.append(_f("rs.map.coasts", f"{p.id} has split coasts; list its fleet moves per coast only",
                          p.id, where=where))
    for node, nbrs in fleet.items():
        for n in nbrs:
            if n not in fleet:
                base = n.split("/")[0]
                if base in P and P[base].coasts and "/" not in n:
                    msg = f"{node}: fleet neighbour {n} has split coasts; name the coast ({', '.join(base + '/' + c for c in P[base].coasts)})"
                else:
                    msg = f"{node}: fleet neighbour {n} is not a sea, coast or coast of a province"
                out.append(_f("rs.map.reference", msg, node, where=where))

    # symmetry
    army = board.army_graph()
    for a, nbrs in army.items():
        for b in nbrs:
            if b in army and a not in army[b]:
                out.append(_f("rs.map.symmetric", f"army move {a}-{b} is listed at {a} but {b} does not list {a}",
                              f"{a}-{b}", where=where))
    for a, nbrs in fleet.items():
        for b in nbrs:
            if b in fleet and a not in fleet[b]:
                out.append(_f("rs.map.symmetric", f"fleet move {a}-{b} is listed at {a} but {b} does not list {a}",
                              f"{a}-{b}", where=where))
        if len(set(nbrs)) != len(nbrs):
            out.append(_f("rs.map.reference", f"{a} lists a fleet neighbour twice", a, where=where))

    # Switzerland and the tunnel
    imp = [p for p in P.values() if p.type == "impassable"]
    if len(imp) != 1:
        out.append(_f("rs.map.switzerland", f"expected exactly one impassable province (Switzerland), found {len(imp)}",
                      where=where))
    for sw in imp:
        for p in P.values():
            if sw.id in p.army or sw.id in p.fleet or any(sw.id in v for v in p.coasts.values()):
                out.append(_f("rs.map.switzerland", f"{p.id} lists a move into impassable {sw.id}", p.id, where=where))
        for t in sw.touches:
            if t not in P or P[t].type not in ("land", "coast"):
                out.append(_f("rs.map.switzerland", f"{sw.id} touches {t}, which is not a land province", t, where=where))
        joins, touches = sorted(board.tunnel.joins), sorted(sw.touches)
        if joins != touches:
            out.append(_f("rs.map.tunnel", f"the tunnel joins {', '.join(joins)} but the provinces bordering "
                          f"{sw.id} are {', '.join(touches)}; the seed says it joins all of them and only them",
                          "tunnel", where=where))
    if sorted(board.tunnel.units) != ["army", "borg"]:
        out.append(_f("rs.map.tunnel", f"the tunnel is for conventional armies and the Borg only, data says "
                      f"{board.tunnel.units}", "tunnel", where=where))

    # Iceland and Crete
    for iid, expected in ISLAND_BORDERS.items():
        isl = P.get(iid)
        if isl is None:
            out.append(_f("rs.map.islands", f"the build-only island {iid} is missing", iid, where=where))
            continue
        got = {n.split("/")[0] for n in isl.fleet} | set(isl.army)
        if got != expected:
            out.append(_f("rs.map.islands", f"{iid} borders {', '.join(sorted(got))}; the seed says "
                          f"{', '.join(sorted(expected))}", iid, where=where))
        if isl.only != "superhirn":
            out.append(_f("rs.map.islands", f"{iid} must be open to Superhirn units only (only: superhirn)",
                          iid, where=where))
        if isl.sc:
            out.append(_f("rs.map.islands", f"{iid} is build-only, not a supply centre", iid, where=where))

    # powers: home centres are supply centres and belong to one power each
    owner: dict[str, str] = {}
    for pw in board.powers:
        for c in pw.homes:
            if c not in P or not P[c].sc:
                out.append(_f("rs.map.homes", f"{pw.id}'s home {c} is not a supply centre", pw.id, where=where))
            if c in owner:
                out.append(_f("rs.map.homes", f"{c} is a home centre of both {owner[c]} and {pw.id}", c, where=where))
            owner[c] = pw.id
    # starting units stand on their own home centres, one each, on fitting terrain
    for pw in board.powers:
        places = [place for _, place in pw.start_units()]
        if pw.start and sorted(p.split("/")[0] for p in places) != sorted(pw.homes):
            out.append(_f("rs.map.start", f"{pw.id} starts in {', '.join(places)}; its home centres are "
                          f"{', '.join(pw.homes)} (one unit on each)", pw.id, where=where))
        for kind, place in pw.start_units():
            base, _, coast = place.partition("/")
            prov = P.get(base)
            if prov is None:
                continue
            if kind == "fleet" and (prov.type == "land" or (prov.coasts and coast not in prov.coasts)):
                out.append(_f("rs.map.start", f"{pw.id}: a fleet cannot start in {place}"
                              + (" (name the coast)" if prov.coasts else ""), pw.id, where=where))
    if len(board.powers) != 7:
        out.append(_f("rs.map.powers", f"{len(board.powers)} powers; the seed has the seven usual ones", where=where))
    if sorted(r.id for r in board.roles) != ["doktor", "narr", "superhirn", "wahrsager"]:
        out.append(_f("rs.map.powers", "the four extra players are narr, superhirn, doktor and wahrsager", where=where))
    return _with_lines(out, where, ids_with_lines)


def _with_lines(findings: list[Finding], file: str, ids_with_lines) -> list[Finding]:
    """Point findings about a province (object 'BUL', 'BUL/ec' or 'KIE-HEL') at its line."""
    if not ids_with_lines or not file:
        return findings
    first: dict[str, int] = {}
    for pid, line in ids_with_lines:
        first.setdefault(pid, line)
    out = []
    for f in findings:
        key = f.object.split("-")[0].split("/")[0]
        if f.where == file and key in first:
            f = Finding(f.rule, f.message, f.seed, f.object, f.severity, f"{file}:{first[key]}")
        out.append(f)
    return out


def check_map_file(path: Path) -> list[Finding]:
    try:
        board, ids = load_board_and_ids(path)
    except DataErrors as exc:
        return [_f("rs.map.schema", p.message, where=f"{p.file}:{p.line}:{p.col}") for p in exc.problems]
    return check_board(board, ids)


# ------------------------------------------------------------------ counter sheet

def check_counters(board: Board, sheet, where: str = "") -> list[Finding]:
    """The counter sheet prints what the seed asks for and in the map's power colours.

    Counter ids with a rule meaning: lama, amazon, drecksack, twins, borg,
    tardis, sea-monster, space-monster, link-a, link-b, devil.
    """
    out: list[Finding] = []
    R = board.rules
    power_ids = [p.id for p in board.powers]
    groups = {g.id: g for g in sheet.groups}
    for pl in board.powers + board.roles:
        g = groups.get(pl.id)
        if g is None:
            if pl.id != "narr":  # the Narr owns no units
                out.append(_f("rs.counters.groups", f"no counter colours for {pl.id}", pl.id, where=where))
        elif g.colour.lower() != pl.colour.lower():
            out.append(_f("rs.counters.groups", f"{pl.id}'s counters are {g.colour} but the map colours it "
                          f"{pl.colour}", pl.id, "warning", where))

    def per_group(cid: str) -> dict[str, int]:
        c = next((c for c in sheet.counters if c.id == cid), None)
        if c is None:
            return {}
        gids = [g.id for g in sheet.groups] if c.groups == "all" else (c.groups or [None])
        return {g: c.count for g in gids}

    def total(cid: str) -> int:
        return sum(per_group(cid).values())

    expect = (("lama", R.lama_herds_per_power, "lama herds"), ("amazon", R.special_armies_max, "A®mazonen"),
              ("drecksack", R.special_armies_max, "Drecksackarmeen"), ("twins", 1, "Siamese-twin pairs"))
    for cid, n, what in expect:
        got = per_group(cid)
        for p in power_ids:
            if got.get(p, 0) != n:
                out.append(_f("rs.counters.count", f"{p} gets {got.get(p, 0)} {what} counters; the seed gives "
                              f"each power {n}", f"{cid}/{p}", where=where))
    twins = next((c for c in sheet.counters if c.id == "twins"), None)
    if twins is not None and (twins.width != 2):
        out.append(_f("rs.counters.twins", "Siamese twins are one double-width counter (width: 2)", "twins",
                      where=where))
    for cid, n in (("borg", 1), ("tardis", 1), ("link-a", 1), ("link-b", 1)):
        if total(cid) != n:
            out.append(_f("rs.counters.count", f"{total(cid)} {cid} counters; the game has {n}", cid, where=where))
    for cid in ("sea-monster", "space-monster"):
        c = next((c for c in sheet.counters if c.id == cid), None)
        if c is None or c.count < 1:
            out.append(_f("rs.counters.count", f"no {cid} counters", cid, where=where))
        elif str(c.number) != "2":
            out.append(_f("rs.counters.strength", f"{cid} counters must show strength 2, they show {c.number}",
                          cid, where=where))
    devil = next((c for c in sheet.counters if c.id == "devil"), None)
    if devil is None or devil.back is None:
        out.append(_f("rs.counters.devil", "devil's-bargain markers need two sides (two seasons, then one)",
                      "devil", where=where))
    for cid in ("army", "fleet", "birds"):
        got = per_group(cid)
        for p in power_ids:
            if got.get(p, 0) < 1:
                out.append(_f("rs.counters.count", f"{p} has no {cid} counters", f"{cid}/{p}", where=where))
    return out
