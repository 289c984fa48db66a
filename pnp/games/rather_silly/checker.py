"""Rule checks for Rather Silly Diplomacy: the map data and the counter sheet.

Map rules make sure the board the printables are drawn from is the one the document plays
on; counter rules that the sheet prints what the document asks for. Both hold the data
folder against pnp's transcription of the document (facts.yaml, see book.py): a data file
that restates a fact differently is a finding naming the fact and its passage. Game states
have their own rules in state_rules.py.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import cached_property
from pathlib import Path
from typing import Iterable, Iterator

from pnp.checks import Finding, Loc, Source, flag
from pnp.load.classes import dataclass
from pnp.load.errors import DataErrors
from pnp.model.plain import fields_of
from pnp.games.rather_silly.book import FACTS, RULES
from pnp.games.rather_silly.mapdata import Board, Power, read_board

# The standard board (not the document) has 19 seas, 14 inland and 42 coastal provinces.
STANDARD_COUNTS = {"sea": 19, "land": 14, "coast": 42}


def fact_finding(key: str, actual, what: str, at: Loc | str, obj: str = "") -> Finding | None:
    """A finding when the data says ``actual`` where the document says the fact ``key``; it cites
    the fact's own section."""
    found = FACTS.compare(key, actual, what, at, obj)
    return replace(found, section=FACTS[key].section) if found else None


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

    def at_power(self, pid: str) -> Loc:
        return self.src.at_id("powers", pid)

    def at(self, obj: str) -> Loc:
        """A finding about a province (object 'BUL', 'BUL/ec' or 'KIE-HEL') points at its line; any other at the
        file."""
        key = obj.split("-")[0].split("/")[0]
        return next((loc for pid, loc in self.ids if pid == key), self.file())

    def file(self) -> Loc:
        return Loc(self.src.file)


def _f(m: Map, message: str, obj: str) -> Finding:
    return flag(message, obj, m.at(obj))


RULES.load_rule("rs.map.schema", "Regeln", "map.yaml is a valid board file", scope="map-file")


@RULES.rule("rs.map.unique", "Regeln", "each province id and name is used once", scope="map")
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


@RULES.rule("rs.map.centres", "Anzahl VZ", "34 supply centres, all on land", scope="map")
def centres(m: Map):
    scs = m.board.supply_centres()
    found = fact_finding("supply_centres", len(scs), "the number of supply centres on the map", m.file())
    if found:
        yield found
    for pid in scs:
        if m.P[pid].type not in ("land", "coast"):
            kind = m.P[pid].type
            yield _f(m, f"{pid} is {'an' if kind[:1] in 'aeiou' else 'a'} {kind} but marked as a supply centre", pid)


@RULES.rule("rs.map.neutral", "Regeln", "the twelve neutral supply centres of the standard board", scope="map")
def neutral(m: Map):
    homes = {c for pw in m.board.powers for c in pw.homes}
    got = set(m.board.supply_centres()) - homes
    want = set(FACTS.value("neutral_centres"))
    fact = FACTS["neutral_centres"]
    scs = set(m.board.supply_centres())
    for c, how in [(c, "is a home centre on the map" if c in scs else "is not a supply centre on the map")
                   for c in sorted(want - got)] + \
                  [(c, "is a supply centre on the map, but nobody's home") for c in sorted(got - want)]:
        yield replace(_f(m, f"{c} {how}; the neutral centres of the standard board, which {FACTS.cite(fact.key)} "
                            f"plays on (\"{fact.quote}\"), are {', '.join(fact.value)}", c), section=fact.section)


@RULES.rule("rs.map.standard", "Regeln", "19 seas, 14 inland and 42 coastal provinces as on the standard board",
            scope="map", severity="warning")
def standard(m: Map):
    kinds = Counter(p.type for p in m.P.values())
    for t, n in STANDARD_COUNTS.items():
        if kinds[t] != n:
            yield _f(m, f"{kinds[t]} provinces of type {t}; the standard board has {n}", t)


@RULES.rule("rs.map.reference", "Regeln", "every neighbour named is a province, or a coast of one, and listed once",
            scope="map")
def reference(m: Map):
    for p, n in m.army_moves():
        if n not in m.P:
            yield _f(m, f"{p.id}: army neighbour {n} is not a province", p.id)
    fleet = m.board.fleet_nodes()
    for node, nbrs in fleet.items():
        for n in nbrs:
            if n not in fleet:
                if n in m.P and m.P[n].coasts:  # a province named without its coast ("BUL/xx" is no province)
                    coasts = ", ".join(n + "/" + c for c in m.P[n].coasts)
                    yield _f(m, f"{node}: fleet neighbour {n} has split coasts; name the coast ({coasts})", node)
                else:
                    yield _f(m, f"{node}: fleet neighbour {n} is not a sea, coast or coast of a province", node)
        if len(set(nbrs)) != len(nbrs):
            yield _f(m, f"{node} lists a fleet neighbour twice", node)


@RULES.rule("rs.map.terrain", "Regeln", "armies move over land, fleets not inland", scope="map")
def terrain(m: Map):
    for p, n in m.army_moves():
        if n in m.P and m.P[n].type not in ("land", "coast", "impassable"):  # impassable: rs.map.switzerland
            yield _f(m, f"{p.id}: armies cannot move to {n} ({m.P[n].type})", p.id)
    for p in m.P.values():
        if p.army and p.type not in ("land", "coast"):
            yield _f(m, f"{p.id} ({p.type}) cannot have army moves", p.id)
        if p.type == "land" and (p.fleet or p.coasts):
            yield _f(m, f"{p.id} is inland but lists fleet moves", p.id)


@RULES.rule("rs.map.coasts", "Regeln", "a province with split coasts lists fleet moves per coast", scope="map")
def coasts(m: Map):
    for p in m.P.values():
        if p.coasts and p.fleet:
            yield _f(m, f"{p.id} has split coasts; list its fleet moves per coast only", p.id)


@RULES.rule("rs.map.symmetric", "Regeln", "every border is listed from both sides", scope="map")
def symmetric(m: Map):
    for unit, graph in (("army", m.board.army_graph()), ("fleet", m.board.fleet_nodes())):
        for a, nbrs in graph.items():
            for b in nbrs:
                if b in graph and a not in graph[b]:
                    yield _f(m, f"{unit} move {a}-{b} is listed at {a} but {b} does not list {a}", f"{a}-{b}")


@RULES.rule("rs.map.switzerland", "Schweiz, Mont-Blanc-Tunnel",
            "Switzerland is the one impassable province, and no move enters it", scope="map")
def switzerland(m: Map):
    imp = sorted(p.id for p in m.P.values() if p.type == "impassable")
    found = fact_finding("switzerland", ", ".join(imp) or "none", "the impassable province",
                         m.at(imp[0]) if imp else m.file())
    if found:
        yield found
    for sw in (m.P[i] for i in imp):
        for p in m.P.values():
            if sw.id in p.army or sw.id in p.fleet or any(sw.id in v for v in p.coasts.values()):
                yield _f(m, f"{p.id} lists a move into impassable {sw.id}", p.id)
        for t in sw.touches:
            if t not in m.P or m.P[t].type not in ("land", "coast"):
                yield _f(m, f"{sw.id} touches {t}, which is not a land province", t)


@RULES.rule("rs.map.tunnel", "Schweiz, Mont-Blanc-Tunnel",
            "the tunnel joins the five provinces around Switzerland, for conventional armies and the Borg",
            scope="map",
            reading="conventional armies are the armies of a normal build: A®mazonen, Drecksackarmeen and space "
                    "monsters (which move like armies) do not pass the tunnel, as the passage names 'konventionelle "
                    "Armeen' and the A®mazonen passage sets them apart from 'konventionelle (männliche!)' units")
def tunnel(m: Map):
    t = m.board.tunnel
    found = fact_finding("tunnel.provinces", len(t.joins), "the number of provinces the tunnel joins", m.file(),
                         "tunnel")
    if found:
        yield found
    for sw in (p for p in m.P.values() if p.type == "impassable"):
        joins, touches = sorted(t.joins), sorted(sw.touches)
        if joins != touches:
            yield _f(m, f"the tunnel joins {', '.join(joins)} but the provinces bordering {sw.id} are "
                        f"{', '.join(touches) or 'none'}; it joins all of them and only them", "tunnel")
    found = fact_finding("tunnel.units", sorted(t.units), "who may pass the tunnel", m.file(), "tunnel")
    if found:
        yield found


@RULES.rule("rs.map.islands", "Superhirn",
            "Iceland and Crete: build-only islands for the Superhirn's units, bordering the document's seas",
            scope="map")
def islands(m: Map):
    borders = {f.key.split(".")[1]: f.key for f in FACTS if f.key.startswith("borders.")}
    for iid in sorted(borders):
        isl = m.P.get(iid)
        if isl is None:
            yield _f(m, f"the build-only island {iid} is missing", iid)
            continue
        got = sorted({n.split("/")[0] for n in isl.fleet} | set(isl.army))
        for found in (fact_finding(borders[iid], got, f"the provinces {iid} borders", m.at(iid), iid),
                      fact_finding("islands.open_to", isl.only or "anyone", f"who may stand on {iid}", m.at(iid),
                                   iid)):
            if found:
                yield found
        if isl.type != "island":
            yield _f(m, f"{iid} is a build-only island (type: island), not a {isl.type}", iid)
    for p in m.P.values():
        if p.id not in borders and (p.type == "island" or p.only):
            yield _f(m, f"{p.id} is not one of the document's build-only islands ({', '.join(sorted(borders))})",
                     p.id)


@RULES.rule("rs.map.homes", "Regeln", "each power's home centres are the standard ones, and supply centres",
            scope="map")
def homes(m: Map):
    for pw in m.board.powers:
        yield from _as_documented(m, pw, "homes", pw.homes, "home centres")
        for c in pw.homes:
            if c not in m.P or not m.P[c].sc:
                yield _f(m, f"{pw.id}'s home {c} is not a supply centre", pw.id)


@RULES.rule("rs.map.start", "Regeln", "each power starts with the standard units", scope="map")
def start(m: Map):
    for pw in m.board.powers:
        yield from _as_documented(m, pw, "start", pw.start, "starting units")


def _as_documented(m: Map, pw: Power, fact: str, values: Iterable[str], what: str) -> Iterator[Finding]:
    """A finding when a power's list differs from the rule document's (where it gives one)."""
    key = f"{fact}.{pw.id}"
    if key in FACTS:
        found = fact_finding(key, sorted(values), f"{pw.id}'s {what}", m.at_power(pw.id), pw.id)
        if found:
            yield found


@RULES.rule("rs.map.powers", "Regeln", "the seven powers and the four extra players", scope="map")
def powers(m: Map):
    for key, got, what in (("powers", [p.id for p in m.board.powers], "the powers"),
                           ("roles", [r.id for r in m.board.roles], "the extra players")):
        found = fact_finding(key, sorted(got), what, m.src.at(key), key)
        if found:
            yield found


@RULES.rule("rs.map.numbers", "Regeln", "the rule numbers map.yaml restates are the document's", scope="map")
def numbers(m: Map):
    rules = m.board.rules
    for key in fields_of(rules):  # the twin's fields: not model_dump(), not the schema a cached read skips
        value = getattr(rules, key)
        if value is not None:
            found = fact_finding(key, value, f"rules.{key}", m.src.at("rules", key), key)
            if found:
                yield found


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
        """(power id, how many ``cid`` counters it gets) for each of the document's seven powers."""
        got = self.per_group(cid)
        return [(p, got.get(p, 0)) for p in FACTS.value("powers")]

    def groups_of(self, c) -> list[str]:
        return [g.id for g in self.sheet.groups] if c.groups == "all" else list(c.groups or [])


RULES.load_rule("rs.counters.schema", "Regeln", "counters.yaml is a valid counter sheet", scope="counters-file")


@RULES.rule("rs.counters.groups", "Regeln", "every player with units has counters in the map's colour",
            scope="counters")
def counter_groups(s: Sheet):
    groups = {g.id: g for g in s.sheet.groups}
    for pl in s.board.powers + s.board.roles:
        g = groups.get(pl.id)
        if g is None and pl.id != "narr":  # the Narr owns no units
            yield flag(f"no counter colours for {pl.id}", pl.id, s.src.at("groups"))
        elif g is not None and g.colour.lower() != pl.colour.lower():
            yield flag(f"{pl.id}'s counters are {g.colour} but the map colours it {pl.colour}", pl.id,
                       s.src.at_id("groups", pl.id), "warning")


# counter id -> (the fact saying how many each power gets, what they are)
PER_POWER = {"lama": ("lama_herds_per_power", "lama herd counters"),
             "amazon": ("special_armies_max", "A®mazone counters"),
             "drecksack": ("special_armies_max", "Drecksackarmee counters"),
             "twins": ("twins_per_player", "Siamese-twin counters")}
# counter id -> (the fact saying how many there are, what they are); the hyperspace link has two ends
UNIQUE = {"borg": ("borg", "Borg counters"), "tardis": ("tardis", "Tardis counters"),
          "link-a+link-b": ("hyperspace_ends", "hyperspace-link ends (link-a, link-b)")}


@RULES.rule("rs.counters.count", "Regeln",
            "every special piece the document gives each power, the unique pieces as often as the document has them",
            scope="counters")
def counter_count(s: Sheet):
    for cid, (key, what) in PER_POWER.items():
        for p, got in s.per_power(cid):
            found = fact_finding(key, got, f"{p}'s {what}", s.at(cid), f"{cid}/{p}")
            if found:
                yield found
    for cids, (key, what) in UNIQUE.items():
        got = sum(sum(s.per_group(cid).values()) for cid in cids.split("+"))
        found = fact_finding(key, got, f"the number of {what}", s.at(cids.split("+")[0]), cids)
        if found:
            yield found
    for cid in ("link-a", "link-b"):
        if sum(s.per_group(cid).values()) != 1:
            yield flag(f"one {cid} counter marks one end of the hyperspace link; the sheet has "
                       f"{sum(s.per_group(cid).values())}", cid, s.at(cid))
    for cid in ("sea-monster", "space-monster"):
        c = s.counter(cid)
        if c is None or c.count < 1:
            yield flag(f"no {cid} counters", cid, s.at(cid))
    for cid in ("army", "fleet", "birds"):
        for p, got in s.per_power(cid):
            if got < 1:
                yield flag(f"{p} has no {cid} counters", f"{cid}/{p}", s.at(cid))


@RULES.rule("rs.counters.owners", "Regeln; Lama; Doktor, Tardis; Narr",
            "llama herds are the seven powers', the Tardis the Doktor's, the Narr has no pieces, the Borg and the "
            "monsters nobody's", scope="counters")
def counter_owners(s: Sheet):
    powers = FACTS.value("powers")
    for c in s.sheet.counters:
        groups = s.groups_of(c)
        if c.id == "lama":
            for g in groups:
                if g not in powers:
                    yield replace(flag(f"lama herds for {g}: only the seven powers settle herds (\"Jede der "
                                       "sieben Großmächte darf im Winter 1900 ... eine Lamaherde ansiedeln\")",
                                       f"lama/{g}", s.at(c.id)), section=FACTS["lama_herds_per_power"].section)
        elif c.id == "tardis" and groups != ["doktor"]:
            yield replace(flag(f"the Tardis is the Doktor's alone (\"Der DOKTOR beginnt das Spiel mit einer einzigen "
                               f"Einheit, dem unzerstörbaren TARDIS\"); the sheet prints it for "
                               f"{', '.join(groups) or 'nobody'}", "tardis", s.at(c.id)),
                          section=FACTS["tardis"].section)
        elif c.id in ("borg", "sea-monster", "space-monster") and groups:
            yield flag(f"{c.id} counters belong to nobody; the sheet prints them for {', '.join(groups)}", c.id,
                       s.at(c.id))
        elif "narr" in groups:
            yield replace(flag(f"{c.id} counters for the Narr, who never has units of his own (\"Er hat nie "
                               "eigene Einheiten\")", f"{c.id}/narr", s.at(c.id)), section="Narr")


@RULES.rule("rs.counters.twins", "Siamesische Zwillinge", "Siamese twins are one double-width counter",
            scope="counters")
def counter_twins(s: Sheet):
    twins = s.counter("twins")
    if twins is not None and twins.width != 2:
        yield flag("Siamese twins stand on two neighbouring provinces and are never parted: one double-width counter "
                   "(width: 2)", "twins", s.at("twins"))


# counter id -> its strength fact; must the front print it? (the monsters, A®mazonen and Drecksackarmeen fight
# with a strength other than a unit's usual one; birds never hold a province, so theirs may go unprinted)
STRENGTH = {"amazon": True, "drecksack": True, "sea-monster": True, "space-monster": True, "birds": False}


@RULES.rule("rs.counters.strength", "Regeln",
            "a strength printed on a counter is the document's: monsters 2, A®mazonen, Drecksackarmeen and birds 0",
            scope="counters")
def counter_strength(s: Sheet):
    for cid, required in STRENGTH.items():
        c = s.counter(cid)
        if c is None or c.count < 1:
            continue
        key = f"strength.{cid}"
        if c.number is None and required:
            yield flag(f"{cid} counters must show their strength {FACTS.value(key)}; they show none", cid, s.at(cid))
        for side, face in (("front", c), ("back", c.back)):
            if face is not None and face.number is not None:
                found = fact_finding(key, _number(face.number), f"the strength on the {side} of the {cid} counters",
                                     s.at(cid), cid)
                if found:
                    yield found


def _number(n):
    """A printed number as the fact states it (``"2"`` and ``2`` print alike)."""
    try:
        return int(str(n).strip())
    except ValueError:
        return str(n)


@RULES.rule("rs.counters.devil", "Teuflische Einheit", "devil's-bargain markers have two sides", scope="counters")
def counter_devil(s: Sheet):
    devil = s.counter("devil")
    if devil is None or devil.back is None:
        yield flag("devil's-bargain markers need two sides (two seasons, then one: \"für die nächsten zwei "
                   "Jahreszeiten\")", "devil", s.at("devil"))


def check_counters(board: Board, path: Path) -> list[Finding]:
    """The counter sheet prints what the seed asks for and in the map's power colours."""
    from pnp.layout.kinds import read_doc

    try:
        _, sheet, raw = read_doc(path)
    except DataErrors as exc:
        return RULES.run(exc, "counters-file")
    return RULES.run(Sheet(board, sheet, Source.of(path, raw)), "counters")
