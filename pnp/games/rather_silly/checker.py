"""Rule checks for Rather Silly Diplomacy: the map data and the counter sheet.

Map rules make sure the board the printables are drawn from is the one the seed plays
on (34 supply centres, symmetric borders, Switzerland ringed by the tunnel, Iceland and
Crete where the seed puts them); counter rules that the sheet prints what the seed asks
for. Game states have their own rules in state_rules.py.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from pnp.checks import Finding, Loc, RuleBook, Source, flag
from pnp.load.errors import DataErrors
from pnp.games.rather_silly.mapdata import Board, read_board

SEED = "003_3878791c092c868a.txt"
RULES = RuleBook(SEED)

# Facts from the seed: "Island grenzt an NAO & NWG, Kreta an ION, AEG & EAS".
ISLAND_BORDERS = {"ICE": {"NAO", "NWG"}, "CRE": {"ION", "AEG", "EAS"}}
# The standard board (not the seed) has 19 seas, 14 inland and 42 coastal provinces.
STANDARD_COUNTS = {"sea": 19, "land": 14, "coast": 42}
ROLES = ["doktor", "narr", "superhirn", "wahrsager"]


@dataclass
class Map:
    board: Board
    src: Source  # map.yaml as read

    @property
    def P(self):  # noqa: N802  (the provinces, as the rules read them)
        return self.board.provinces

    def army_moves(self):
        """(province, neighbour id) of every army move the map lists."""
        return [(p, n) for p in self.P.values() for n in p.army]

    @cached_property
    def ids(self) -> list[tuple[str, Loc]]:
        """Every province id as written, in file order, with its place."""
        return [(str(e.get("id")), self.src.at(part, i)) for part in ("seas", "lands")
                for i, e in enumerate(self.src.raw.get(part) or [])]

    def at(self, obj: str = "") -> Loc:
        """A finding about a province (object 'BUL', 'BUL/ec' or 'KIE-HEL') points at its line."""
        key = obj.split("-")[0].split("/")[0]
        return next((loc for pid, loc in self.ids if pid == key), Loc(self.src.file)) if key else Loc(self.src.file)


def _f(m: Map, message: str, obj: str = "") -> Finding:
    return flag(message, obj, m.at(obj))


RULES.load_rule("rs.map.schema", "Regeln (Standard-Diplomacy-Regeln)", "map.yaml is a valid board file",
                scope="map-file")



@RULES.rule("rs.map.unique", "Regeln (Standard-Diplomacy-Regeln)",
            "each province id and name is used once", scope="map")
def unique(m: Map):
    first: dict[str, Loc] = {}
    for pid, loc in m.ids:
        if pid in first:
            yield flag(f"province {pid} is defined twice (lines {first[pid].line} and {loc.line})", pid, loc)
        first.setdefault(pid, loc)
    for attr in ("de", "en"):
        for name, n in sorted(Counter(getattr(p, attr) for p in m.P.values()).items()):
            if n > 1:
                yield flag(f"the {attr} name {name!r} is used by {n} provinces", name, m.src.file)


@RULES.rule("rs.map.centres", "Anzahl VZ (34)", "34 supply centres, all on land", scope="map")
def centres(m: Map):
    scs = m.board.supply_centres()
    if len(scs) != m.board.rules.supply_centres:
        yield _f(m, f"the map has {len(scs)} supply centres; the seed says {m.board.rules.supply_centres}")
    for pid in scs:
        if m.P[pid].type not in ("land", "coast"):
            yield _f(m, f"{pid} is a {m.P[pid].type} but marked as a supply centre", pid)


@RULES.rule("rs.map.standard", "Regeln (allgemein bekannten Standard-Diplomacy-Regeln)",
            "19 seas, 14 inland and 42 coastal provinces as on the standard board", scope="map", severity="warning")
def standard(m: Map):
    kinds = Counter(p.type for p in m.P.values())
    for t, n in STANDARD_COUNTS.items():
        if kinds.get(t, 0) != n:
            yield _f(m, f"{kinds.get(t, 0)} provinces of type {t}; the standard board has {n}", t)


@RULES.rule("rs.map.reference", "Regeln (Standard-Diplomacy-Regeln)",
            "every neighbour named is a province, or a coast of one, and listed once", scope="map")
def reference(m: Map):
    for p, n in m.army_moves():
        if n not in m.P:
            yield _f(m, f"{p.id}: army neighbour {n} is not a province", p.id)
    fleet = m.board.fleet_nodes()
    for node, nbrs in fleet.items():
        for n in nbrs:
            if n not in fleet:
                base = n.split("/")[0]
                if base in m.P and m.P[base].coasts and "/" not in n:
                    coasts = ", ".join(base + "/" + c for c in m.P[base].coasts)
                    yield _f(m, f"{node}: fleet neighbour {n} has split coasts; name the coast ({coasts})", node)
                else:
                    yield _f(m, f"{node}: fleet neighbour {n} is not a sea, coast or coast of a province", node)
        if len(set(nbrs)) != len(nbrs):
            yield _f(m, f"{node} lists a fleet neighbour twice", node)


@RULES.rule("rs.map.terrain", "Regeln (Standard-Diplomacy-Regeln)",
            "armies move over land, fleets not inland", scope="map")
def terrain(m: Map):
    for p, n in m.army_moves():
        if n in m.P and m.P[n].type not in ("land", "coast"):
            yield _f(m, f"{p.id}: armies cannot move to {n} ({m.P[n].type})", p.id)
    for p in m.P.values():
        if p.army and p.type not in ("land", "coast"):
            yield _f(m, f"{p.id} is a {p.type} and cannot have army moves", p.id)
        if p.type == "land" and (p.fleet or p.coasts):
            yield _f(m, f"{p.id} is inland but lists fleet moves", p.id)


@RULES.rule("rs.map.coasts", "Regeln (Standard-Diplomacy-Regeln)",
            "a province with split coasts lists fleet moves per coast", scope="map")
def coasts(m: Map):
    for p in m.P.values():
        if p.coasts and p.fleet:
            yield _f(m, f"{p.id} has split coasts; list its fleet moves per coast only", p.id)


@RULES.rule("rs.map.symmetric", "Regeln (Standard-Diplomacy-Regeln)",
            "every border is listed from both sides", scope="map")
def symmetric(m: Map):
    for unit, graph in (("army", m.board.army_graph()), ("fleet", m.board.fleet_nodes())):
        for a, nbrs in graph.items():
            for b in nbrs:
                if b in graph and a not in graph[b]:
                    yield _f(m, f"{unit} move {a}-{b} is listed at {a} but {b} does not list {a}", f"{a}-{b}")


@RULES.rule("rs.map.switzerland", "Schweiz, Mont-Blanc-Tunnel (Die Schweiz bleibt zwar unzugänglich)",
            "one impassable province (Switzerland) that no move enters", scope="map")
def switzerland(m: Map):
    imp = [p for p in m.P.values() if p.type == "impassable"]
    if len(imp) != 1:
        yield _f(m, f"expected exactly one impassable province (Switzerland), found {len(imp)}")
    for sw in imp:
        for p in m.P.values():
            if sw.id in p.army or sw.id in p.fleet or any(sw.id in v for v in p.coasts.values()):
                yield _f(m, f"{p.id} lists a move into impassable {sw.id}", p.id)
        for t in sw.touches:
            if t not in m.P or m.P[t].type not in ("land", "coast"):
                yield _f(m, f"{sw.id} touches {t}, which is not a land province", t)


@RULES.rule("rs.map.tunnel",
            "Schweiz, Mont-Blanc-Tunnel (alle fünf an die Schweiz angrenzenden Gebiete ... nur für konventionelle "
            "Armeen und den BORG)",
            "the tunnel joins the provinces around Switzerland, for armies and the Borg", scope="map")
def tunnel(m: Map):
    for sw in (p for p in m.P.values() if p.type == "impassable"):
        joins, touches = sorted(m.board.tunnel.joins), sorted(sw.touches)
        if joins != touches:
            yield _f(m, f"the tunnel joins {', '.join(joins)} but the provinces bordering {sw.id} are "
                        f"{', '.join(touches)}; the seed says it joins all of them and only them", "tunnel")
    if sorted(m.board.tunnel.units) != ["army", "borg"]:
        yield _f(m, f"the tunnel is for conventional armies and the Borg only, data says {m.board.tunnel.units}",
                 "tunnel")


@RULES.rule("rs.map.islands",
            "Superhirn (Island grenzt an NAO & NWG, Kreta an ION, AEG & EAS ... reine Aufbauprovinzen)",
            "Iceland and Crete: build-only islands for Superhirn units, bordering the seed's seas", scope="map")
def islands(m: Map):
    for iid, expected in ISLAND_BORDERS.items():
        isl = m.P.get(iid)
        if isl is None:
            yield _f(m, f"the build-only island {iid} is missing", iid)
            continue
        got = {n.split("/")[0] for n in isl.fleet} | set(isl.army)
        if got != expected:
            yield _f(m, f"{iid} borders {', '.join(sorted(got))}; the seed says {', '.join(sorted(expected))}", iid)
        if isl.only != "superhirn":
            yield _f(m, f"{iid} must be open to Superhirn units only (only: superhirn)", iid)
        if isl.sc:
            yield _f(m, f"{iid} is build-only, not a supply centre", iid)


@RULES.rule("rs.map.homes", "Regeln (die sieben üblichen Mächte)",
            "home centres are supply centres of one power each", scope="map")
def homes(m: Map):
    owner: dict[str, str] = {}
    for pw in m.board.powers:
        for c in pw.homes:
            if c not in m.P or not m.P[c].sc:
                yield _f(m, f"{pw.id}'s home {c} is not a supply centre", pw.id)
            if c in owner:
                yield _f(m, f"{c} is a home centre of both {owner[c]} and {pw.id}", c)
            owner[c] = pw.id


@RULES.rule("rs.map.start", "Startpositionen",
            "each power starts with one unit on each home centre, on fitting terrain", scope="map")
def start(m: Map):
    for pw in m.board.powers:
        places = [place for _, place in pw.start_units()]
        if pw.start and sorted(p.split("/")[0] for p in places) != sorted(pw.homes):
            yield _f(m, f"{pw.id} starts in {', '.join(places)}; its home centres are {', '.join(pw.homes)} (one "
                        "unit on each)", pw.id)
        for kind, place in pw.start_units():
            base, _, coast = place.partition("/")
            prov = m.P.get(base)
            if prov is not None and kind == "fleet" and (prov.type == "land" or (prov.coasts and coast not in
                                                                                 prov.coasts)):
                yield _f(m, f"{pw.id}: a fleet cannot start in {place}" + (" (name the coast)" if prov.coasts else ""),
                         pw.id)


@RULES.rule("rs.map.powers", "Regeln (die sieben üblichen Mächte ... NARR ... SUPERHIRN ... DOKTOR ... WAHRSAGER)",
            "the seven powers and the four extra players", scope="map")
def powers(m: Map):
    if len(m.board.powers) != 7:
        yield _f(m, f"{len(m.board.powers)} powers; the seed has the seven usual ones")
    if sorted(r.id for r in m.board.roles) != ROLES:
        yield _f(m, "the four extra players are narr, superhirn, doktor and wahrsager")


def check_map_file(path: Path) -> list[Finding]:
    try:
        board, src = read_board(path)
    except DataErrors as exc:
        return RULES.run(exc, "map-file")
    return RULES.run(Map(board, src), "map")


# ------------------------------------------------------------------ counter sheet


@dataclass
class Sheet:
    """The counter sheet (kind: counters) next to the map whose powers it colours."""

    board: Board
    sheet: object  # pnp.model.counters.CounterSheet
    src: Source = Source("")

    def at(self, cid: str) -> Loc:
        return self.src.at_id("counters", cid)

    def counter(self, cid: str):
        return next((c for c in self.sheet.counters if c.id == cid), None)

    def per_group(self, cid: str) -> dict[str, int]:
        c = self.counter(cid)
        if c is None:
            return {}
        gids = [g.id for g in self.sheet.groups] if c.groups == "all" else (c.groups or [None])
        return {g: c.count for g in gids}

    def per_power(self, cid: str):
        """(power id, how many ``cid`` counters it gets)."""
        got = self.per_group(cid)
        return [(p.id, got.get(p.id, 0)) for p in self.board.powers]


RULES.load_rule("rs.counters.schema", "Regeln (Weitere Requisiten)", "counters.yaml is a valid counter sheet",
                scope="counters-file")



@RULES.rule("rs.counters.groups", "Regeln (die sieben üblichen Mächte)",
            "every player with units has counters in the map's colour", scope="counters")
def counter_groups(s: Sheet):
    groups = {g.id: g for g in s.sheet.groups}
    for pl in s.board.powers + s.board.roles:
        g = groups.get(pl.id)
        if g is None and pl.id != "narr":  # the Narr owns no units
            yield flag(f"no counter colours for {pl.id}", pl.id, s.src.at("groups"))
        elif g is not None and g.colour.lower() != pl.colour.lower():
            yield flag(f"{pl.id}'s counters are {g.colour} but the map colours it {pl.colour}", pl.id,
                       s.src.at_id("groups", pl.id),
                       "warning")


@RULES.rule("rs.counters.count",
            "Regeln (Weitere Requisiten); Lama; A®mazonen; Drecksarmee; Siamesische Zwillinge; Hyperspace-Verbindung",
            "every special unit the seed gives each power, the unique pieces once", scope="counters")
def counter_count(s: Sheet):
    R = s.board.rules
    expect = (("lama", R.lama_herds_per_power, "lama herds"), ("amazon", R.special_armies_max, "A®mazonen"),
              ("drecksack", R.special_armies_max, "Drecksackarmeen"), ("twins", 1, "Siamese-twin pairs"))
    for cid, n, what in expect:
        for p, got in s.per_power(cid):
            if got != n:
                yield flag(f"{p} gets {got} {what} counters; the seed gives each power {n}", f"{cid}/{p}",
                           s.at(cid))
    for cid, n in (("borg", 1), ("tardis", 1), ("link-a", 1), ("link-b", 1)):
        got = sum(s.per_group(cid).values())
        if got != n:
            yield flag(f"{got} {cid} counters; the game has {n}", cid, s.at(cid))
    for cid in ("sea-monster", "space-monster"):
        c = s.counter(cid)
        if c is None or c.count < 1:
            yield flag(f"no {cid} counters", cid, s.at(cid))
    for cid in ("army", "fleet", "birds"):
        for p, got in s.per_power(cid):
            if got < 1:
                yield flag(f"{p} has no {cid} counters", f"{cid}/{p}", s.at(cid))


@RULES.rule("rs.counters.twins", "Siamesische Zwillinge (in zwei nebeneinander liegenden Provinzen)",
            "Siamese twins are one double-width counter", scope="counters")
def counter_twins(s: Sheet):
    twins = s.counter("twins")
    if twins is not None and twins.width != 2:
        yield flag("Siamese twins are one double-width counter (width: 2)", "twins", s.at("twins"))


@RULES.rule("rs.counters.strength", "Seemonster (Flotten mit der Stärke 2); Weltraummonster (Armeen mit der Stärke 2)",
            "monster counters show strength 2", scope="counters")
def counter_strength(s: Sheet):
    for cid in ("sea-monster", "space-monster"):
        c = s.counter(cid)
        if c is not None and c.count >= 1 and str(c.number) != "2":
            yield flag(f"{cid} counters must show strength 2, they show {c.number}", cid, s.at(cid))


@RULES.rule("rs.counters.devil", "Teuflische Einheit (für die nächsten zwei Jahreszeiten)",
            "devil's-bargain markers have two sides", scope="counters")
def counter_devil(s: Sheet):
    devil = s.counter("devil")
    if devil is None or devil.back is None:
        yield flag("devil's-bargain markers need two sides (two seasons, then one)", "devil", s.at("devil"))


def check_counters(board: Board, path: Path) -> list[Finding]:
    """The counter sheet prints what the seed asks for and in the map's power colours."""
    from pnp.layout.kinds import read_doc

    try:
        _, sheet, raw = read_doc(path)
    except DataErrors as exc:
        return RULES.run(exc, "counters-file")
    return RULES.run(Sheet(board, sheet, Source.of(path, raw)), "counters")
