"""The variant's rules, applied to a game state a game master writes down (see state.py for
the file), plus who has won (severity ``info``).

Every number comes from pnp's transcription of the rule document (``FACTS``), never from
the data folder. Where the document can be read two ways, the rule says which reading it
follows (``reading=``, shown by ``pnp check --list-rules``).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import cached_property
from itertools import chain
from pathlib import Path

from pnp.checks import Finding, Loc, Source, flag
from pnp.load.classes import dataclass
from pnp.load.errors import DataErrors
from pnp.games.rather_silly import checker  # noqa: F401  (the map's and counters' rules come first in the book)
from pnp.games.rather_silly.access import NAMES, barrier, borg_reach
from pnp.games.rather_silly.book import FACTS, RULES
from pnp.games.rather_silly.mapdata import Board
from pnp.games.rather_silly.state import GameState, Holdings, Unit

CONVENTIONAL = ("army", "fleet")  # the units of a normal build
SPECIAL_BUILDS = ("twins", "amazon", "drecksack", "bird")  # built at the winter adjustments, not at the start


@dataclass(frozen=True)
class Piece:
    """Anything that stands on one province: a unit (a Siamese twin is two pieces), the Borg,
    a monster."""

    owner: str | None  # the player, None for the Borg and the monsters
    kind: str  # army, fleet, amazon, drecksack, bird, tardis, borg, sea-monster, space-monster
    place: str  # PROV or PROV/coast
    loc: tuple  # its key path in the state file
    label: str

    @property
    def base(self) -> str:
        return self.place.split("/")[0]


@dataclass
class Play:
    board: Board
    st: GameState
    src: Source

    def at(self, *loc) -> Loc:
        """Where a key path is; the file alone for findings about the whole state."""
        return self.src.at(*loc) if loc else Loc(self.src.file)

    @property
    def P(self):  # noqa: N802  (the provinces)
        return self.board.provinces

    @cached_property
    def powers(self) -> list[str]:
        return FACTS.value("powers")

    @cached_property
    def known(self) -> set[str]:
        return set(FACTS.value("powers")) | set(FACTS.value("roles"))

    @cached_property
    def scs(self) -> set[str]:
        return set(self.board.supply_centres())

    def why_not(self, place: str) -> str | None:
        """None when ``place`` names a province (or a real coast), else why not."""
        base, _, coast = place.partition("/")
        p = self.P.get(base)
        if p is None:
            return f"{place} is not a province"
        if coast and coast not in p.coasts:
            return f"{base} has no coast {coast!r}"
        return None

    def units(self):
        """(player, unit, key path) of every unit."""
        for pid, h in self.st.players.items():
            for ui, u in enumerate(h.units):
                yield pid, u, ("players", pid, "units", ui)

    def places(self):
        """(player, unit, place, movement kind, key path) of every place a unit names."""
        for pid, u, loc in self.units():
            for place, kind in zip(u.places(), u.kinds()):
                yield pid, u, place, kind, loc

    @cached_property
    def pieces(self) -> list[Piece]:
        """Every piece on a real province, in file order: units, then the Borg, then the monsters."""
        out = [Piece(pid, kind if u.type == "twins" else u.type, place, loc, f"{pid} {u.type} {place}")
               for pid, u, place, kind, loc in self.places() if not self.why_not(place)]
        if self.st.borg and not self.why_not(self.st.borg):
            out.append(Piece(None, "borg", self.st.borg, ("borg",), "Borg"))
        out += [Piece(None, m.type, m.at, ("monsters", mi), m.type) for mi, m in enumerate(self.st.monsters)
                if not self.why_not(m.at)]
        return out

    def barred(self, kind: str):
        """A finding for every piece standing where the document forbids it, of one barrier kind."""
        for pc in self.pieces:
            b = barrier(self.board, pc.place, pc.kind, pc.owner)
            if b is not None and b.kind == kind:
                yield flag(b.message, pc.label, self.at(*pc.loc))

    @cached_property
    def owner(self) -> dict[str, str]:
        """Supply centre -> the first player listing it."""
        out: dict[str, str] = {}
        for pid, h in self.st.players.items():
            for c in h.centres:
                if c in self.scs:
                    out.setdefault(c, pid)
        return out


def cites(found: Finding, key: str) -> Finding:
    """The finding, citing the section of fact ``key`` instead of its rule's."""
    return replace(found, section=FACTS[key].section)


def said(key: str) -> str:
    """The document's words for fact ``key``, quoted."""
    return f'"{FACTS[key].quote}"'


def placed(u: Unit) -> str:
    """Where a unit stands, as a message names it: PROV, or PROV-PROV for a Siamese-twin pair."""
    return "-".join(u.places())


RULES.load_rule("rs.state.schema", "Spielablauf", "a state file names year, season and players' holdings",
                scope="state-file")


# ------------------------------------------------------------------ the game and its players


@RULES.rule("rs.state.year", "Siegbedingungen",
            "the phases run from the set-up in Winter 1900 to 1921, when the Narr has won", scope="state",
            reading="1921 itself is a legal year: the game has reached it and the Narr has won ('sofern das Spiel "
                    "ins Jahr 1921 gehen sollte'); 1922 and later never happen")
def year(s: Play):
    first, setup, last = FACTS.value("first_year"), FACTS.value("setup_year"), FACTS.value("narr_year")
    if not setup <= s.st.year <= last:
        yield flag(f"year {s.st.year} is outside the game: set-up in Winter {setup}, moves from {first}, and the "
                   f"Narr wins once it reaches {last} ({said('narr_year')})", at=s.at("year"))
    elif s.st.year < first and s.st.season != "winter":
        yield cites(flag(f"{s.st.season} {s.st.year} does not exist: {setup} has only the set-up in Winter {setup} "
                         f"({said('setup_year')}); the first moves are in Spring {first}", at=s.at("season")),
                    "setup_year")


@RULES.rule("rs.state.player", "Anzahl Spieler", "every player is one of the eleven", scope="state")
def player(s: Play):
    for pid in s.st.players:
        if pid not in s.known:
            yield flag(f"unknown player {pid!r}; the {FACTS.value('players')} players are "
                       f"{', '.join(sorted(s.known))}", pid, s.at("players", pid))


@RULES.rule("rs.state.province", "Regeln", "every place named is a province (and a real coast of it)", scope="state")
def province(s: Play):
    for pid, h in s.st.players.items():
        for ci, c in enumerate(h.centres):
            if c not in s.P:
                yield flag(f"{pid}: centre {c} is not a province", pid, s.at("players", pid, "centres", ci))
    for pid, u, place, _kind, loc in s.places():
        if s.why_not(place):
            yield flag(f"{pid}: {s.why_not(place)}", f"{pid} {u.type} {place}", s.at(*loc))
    if s.st.borg and s.why_not(s.st.borg):
        yield flag(f"Borg: {s.why_not(s.st.borg)}", "borg", s.at("borg"))
    for mi, m in enumerate(s.st.monsters):
        if s.why_not(m.at):
            yield flag(f"{m.type}: {s.why_not(m.at)}", m.type, s.at("monsters", mi))


@RULES.rule("rs.state.centres", "Anzahl VZ",
            "a player's centres are supply centres, each listed once and owned by one player; 34 at most",
            scope="state")
def centres(s: Play):
    owner: dict[str, str] = {}
    for pid, h in s.st.players.items():
        for ci, c in enumerate(h.centres):
            loc = s.at("players", pid, "centres", ci)
            if c in s.P and c not in s.scs:
                yield flag(f"{pid} lists {c} as a centre, but it is not a supply centre", pid, loc)
            elif c in owner:
                twice = f"{pid} lists {c} twice" if owner[c] == pid else f"{c} is owned by both {owner[c]} and {pid}"
                yield flag(twice, c, loc)
            elif c in s.scs:
                owner[c] = pid
    total = sum(len(h.centres) for h in s.st.players.values())
    if total > FACTS.value("supply_centres"):
        yield flag(f"{total} centres owned; the board has {FACTS.value('supply_centres')} "
                   f"({said('supply_centres')})", at=s.at())


@RULES.rule("rs.narr.no-units", "Narr", "the Narr has no units", scope="state")
def narr_no_units(s: Play):
    h = s.st.players.get("narr")
    if h is not None and h.units:
        yield flag('the Narr never has units of his own ("Er hat nie eigene Einheiten"); he only commands other '
                   "players' units", "narr", s.at("players", "narr", "units"))


@RULES.rule("rs.narr.no-centres", "Narr", "the Narr owns no supply centres", scope="state")
def narr_no_centres(s: Play):
    h = s.st.players.get("narr")
    if h is not None and h.centres:
        yield flag('the Narr owns no centres: he never has units to take them ("Er hat nie eigene Einheiten") and '
                   'does not win by them ("Jeder Spieler außer dem NARRen gewinnt durch Eroberung von 18 VZ")',
                   "narr", s.at("players", "narr", "centres"))


@RULES.rule("rs.narr.commands", "Narr",
            "units the Narr commands besides the first belong to other players than the first one's", scope="state")
def narr_commands(s: Play):
    led = [(pid, loc) for pid, u, loc in s.units() if u.narr_commanded]
    owners = Counter(pid for pid, _ in led)
    if led and 1 not in owners.values():  # no owner with a single unit: no unit can have been his first
        yield flag(f"the Narr commands {len(led)} units of {', '.join(sorted(owners))}: his further units must "
                   'belong to other players than his first one ("die aber anderen Spielern gehören müssen als die '
                   'zuerst herumkommandierte Einheit")', "narr", s.at(*led[0][1]))


# ------------------------------------------------------------------ where pieces may stand


@RULES.rule("rs.state.terrain", "Regeln",
            "armies (and A®mazonen, Drecksackarmeen, space monsters) on land; fleets and sea monsters at sea or on a "
            "named coast", scope="state",
            reading="sea monsters are fleets ('SEEMONSTER sind Flotten'), so on a split coast they name it like any "
                    "fleet")
def terrain(s: Play):
    yield from s.barred("terrain")


@RULES.rule("rs.switzerland.closed", "Schweiz, Mont-Blanc-Tunnel",
            "nothing stands in Switzerland: no unit, the Borg, a monster, the Tardis or birds", scope="state")
def switzerland_closed(s: Play):
    yield from s.barred("switzerland")


@RULES.rule("rs.islands.superhirn-only", "Superhirn",
            "only the Superhirn's own units stand on Iceland and Crete: no other unit, the Borg, a monster, the "
            "Tardis or birds", scope="state",
            reading="the islands take the Superhirn's own units (those he places when nobody answers), not the "
                    "powers' units built from Superhirn shares; the Borg and the monsters count among 'alle anderen "
                    "Einheiten'")
def superhirn_only(s: Play):
    yield from s.barred("island")


@RULES.rule("rs.state.occupancy", "Doktor, Tardis",
            "one piece per province (units, the Borg, monsters), besides the Tardis and birds", scope="state")
def occupancy(s: Play):
    who: dict[str, list[Piece]] = {}
    for pc in s.pieces:
        if s.P[pc.base].type != "impassable" and pc.kind not in ("tardis", "bird"):
            who.setdefault(pc.base, []).append(pc)
    for base, here in sorted(who.items()):
        if len(here) > 1:
            yield flag(f"{base} holds {len(here)} pieces ({'; '.join(p.label for p in here)}); only the Tardis "
                       '("Als einzige Einheit kann er sich gleichzeitig mit anderen Einheiten im selben Gebiet '
                       'aufhalten") and birds share a province', base, s.at(*here[0].loc))


@RULES.rule("rs.tardis.land", "Doktor, Tardis", "the Tardis never stays on a sea province", scope="state",
            reading="the dolphin ride ('Falls er in einem Meeresfeld landet, macht er einen Delphinritt zum "
                    "nächstgelegenen Landgebiet') holds wherever the Tardis would end a phase at sea, also when a "
                    "fleet carried it; the other reading would allow it at sea after moving with a fleet")
def tardis_land(s: Play):
    yield from s.barred("sea")


@RULES.rule("rs.birds.borg", "Vögel", "no birds in the Borg's province or next to it", scope="state",
            reading="'friedlich neben jeder anderen Einheitenart leben – außer neben BORG, der sie … aufisst': "
                    "'neben' means in the Borg's province or one it reaches in a move (it is amphibious and uses the "
                    "tunnel); the narrower reading, the Borg's own province only, would allow birds next to it")
def birds_borg(s: Play):
    borg = s.st.borg.split("/")[0] if s.st.borg and not s.why_not(s.st.borg) else None
    if borg is None:
        return
    near = set(borg_reach(s.board, borg)) | {borg}
    for pc in s.pieces:
        if pc.kind == "bird" and pc.base in near:
            where = "in the Borg's province" if pc.base == borg else f"next to the Borg in {borg}"
            yield flag(f"{pc.owner}'s birds in {pc.base} are {where}, which eats them (\"friedlich neben jeder "
                       'anderen Einheitenart leben – außer neben BORG, der sie selbstverständlich aufisst")', pc.label,
                       s.at(*pc.loc))


# ------------------------------------------------------------------ llamas


@RULES.rule("rs.lamas.count", "Lama", "each power settles exactly three llama herds; nobody else has any",
            scope="state")
def lama_count(s: Play):
    n = FACTS.value("lama_herds_per_power")
    for pid, h in s.st.players.items():
        at = s.at("players", pid, "lama_herds")
        if pid in s.powers and len(h.lama_herds) + h.lamas_exploded != n:
            yield flag(f"{pid} has {len(h.lama_herds)} lama herd(s) and {h.lamas_exploded} exploded; each power "
                       f"settles exactly {n} herds in Winter 1900 ({said('lama_herds_per_power')})", pid, at)
        elif pid in s.known and pid not in s.powers and (h.lama_herds or h.lamas_exploded):
            yield flag(f"{pid} is not one of the seven powers; only they settle lama herds", pid, at)


@RULES.rule("rs.lamas.place", "Lama",
            "llama herds live on provinces that are not supply centres (sea included: llamas are amphibious), never "
            "in Switzerland or on the islands", scope="state")
def lama_place(s: Play):
    for pid, h in s.st.players.items():
        for hi, herd in enumerate(h.lama_herds if pid in s.powers else ()):
            at = s.at("players", pid, "lama_herds", hi)
            if s.why_not(herd):
                yield flag(f"{pid}: lama herd: {s.why_not(herd)}", pid, at)
                continue
            base = herd.split("/")[0]
            if base in s.scs:
                yield flag(f"{pid}'s lama herd stands in {herd}, a supply centre; herds live only outside supply "
                           "centres (\"keine Versorgungszentren\")", herd, at)
            elif (b := barrier(s.board, herd, "lama")) is not None:
                yield flag(f"{pid}'s lama herd cannot live in {s.P[base].en}: {b.message}", herd, at)


# ------------------------------------------------------------------ special units


@RULES.rule("rs.special-armies", "A®mazonen",
            "one A®mazone and one Drecksackarmee per full five centres, three at most", scope="state",
            reading="the count follows the centres the state lists, in every season")
def special_armies(s: Play):
    per, most = FACTS.value("centres_per_special_army"), FACTS.value("special_armies_max")
    for pid, h in s.st.players.items():
        types = [u.type for u in h.units]
        allowed = min(most, len(h.centres) // per)
        for t, name in (("amazon", "A®mazonen"), ("drecksack", "Drecksackarmeen")):
            if types.count(t) > allowed:
                yield flag(f"{pid} has {types.count(t)} {name} but {len(h.centres)} centres allow {allowed} (one per "
                           f"full {per}, at most {most}: {said('special_armies_max')})", pid,
                           s.at("players", pid, "units", types.index(t)))


@RULES.rule("rs.twins.once", "Siamesische Zwillinge", "one Siamese-twin pair per player and game", scope="state")
def twins_once(s: Play):
    n = FACTS.value("twins_per_player")
    for pid, h in s.st.players.items():
        types = [u.type for u in h.units]
        if types.count("twins") > n:
            yield flag(f"{pid} has {types.count('twins')} Siamese-twin pairs; a player may build one per game "
                       f"({said('twins_per_player')})", pid, s.at("players", pid, "units", types.index("twins")))


@RULES.rule("rs.twins.adjacent", "Siamesische Zwillinge", "the twins stand on neighbouring provinces", scope="state")
def twins_adjacent(s: Play):
    for pid, u, loc in s.units():
        if u.type != "twins":
            continue
        (a, b), (ka, kb) = u.places(), u.kinds()
        if not s.why_not(a) and not s.why_not(b) and not s.board.adjacent(a, b, ka if ka == kb else None):
            yield flag(f"{pid}'s Siamese twins in {a} and {b} are not neighbours; the pair must stand on adjacent "
                       'provinces ("in zwei nebeneinander liegenden Provinzen")', f"{a}-{b}", s.at(*loc))


@RULES.rule("rs.devil.countdown", "Teuflische Einheit", "a devil's bargain counts down 2, 1", scope="state")
def devil_countdown(s: Play):
    n = FACTS.value("devil_seasons")
    for pid, u, loc in s.units():
        if u.devil is not None and not 1 <= u.devil <= n:
            yield flag(f"{pid}'s {u.type} at {placed(u)}: a devil's bargain lasts {n} seasons (countdown {n} to 1: "
                       f"{said('devil_seasons')}), got {u.devil}", pid, s.at(*loc))


@RULES.rule("rs.devil.who", "Teuflische Einheit",
            "only conventional units sell their souls: not the Superhirn's or the Wahrsager's units, not units built "
            "from Superhirn shares, A®mazonen, Drecksackarmeen, birds, twins or the Tardis", scope="state",
            reading="'jeder konventionellen Einheit' means the armies and fleets of a normal build, so Siamese twins "
                    "(built 'statt eines normalen Aufbaus') cannot sell their souls; and every unit of the Superhirn "
                    "and of the Wahrsager came from Superhirn questions or the Wahrsager's influence")
def devil_who(s: Play):
    for pid, u, loc in s.units():
        if u.devil is None:
            continue
        if u.type not in CONVENTIONAL:
            why = ("only the armies and fleets of a normal build are conventional, not "
                   f"{NAMES.get(u.type, 'Siamese twins')}")
        elif u.superhirn_built or pid == "superhirn":
            why = "units from Superhirn questions may not"
        elif pid == "wahrsager":
            why = "units the Wahrsager's influence made may not"
        else:
            continue
        yield flag(f"{pid}'s {u.type} at {placed(u)} cannot sell its soul: {why} (\"Die durch Superhirnfragen oder den "
                   'Einfluss des Wahrsagers entstandenen Einheiten dürfen ihre Seele nicht verkaufen, ebenso wie die '
                   'A®MAZONEN und DRECKSACKARMEEN")', pid, s.at(*loc))


# ------------------------------------------------------------------ gay fleets


def _gay_allowed(s: Play) -> bool:
    """True once the Winter 1901 adjustments are played."""
    y = FACTS.value("gay_fleets_from_year")
    return s.st.year > y or (s.st.year == y and s.st.season == "winter")


@RULES.rule("rs.gay-fleets.fleets", "Schwule Flotte", "only fleets are gay (a twin pair only with a fleet)",
            scope="state",
            reading="a Siamese-twin pair with one fleet may carry the gay flag for that fleet; a pair of armies may not")
def gay_fleets_only(s: Play):
    for pid, u, loc in s.units():
        if u.gay and "fleet" not in u.kinds():
            yield flag(f"{pid}'s {u.type} at {placed(u)} is marked gay, but only fleets are (\"jede 5. von einem "
                       'Spieler gebaute Flotte")', pid, s.at(*loc))


@RULES.rule("rs.gay-fleets.timing", "Schwule Flotte", "no gay fleet before the Winter 1901 adjustments",
            scope="state")
def gay_timing(s: Play):
    if _gay_allowed(s):
        return
    for pid, u, loc in s.units():
        if u.gay:
            yield flag(f"{pid}'s gay {u.type} at {placed(u)} in {s.st.season} {s.st.year}: the first gay fleets are "
                       f"built at the Winter {FACTS.value('gay_fleets_from_year')} adjustments "
                       f"({said('gay_fleets_from_year')})", pid, s.at(*loc))


@RULES.rule("rs.gay-fleets.order", "Schwule Flotte",
            "every fifth fleet built from Winter 1901 on is gay, the others are not", scope="state",
            reading="the count starts with the first fleet built at the Winter 1901 adjustments, the first builds "
                    "of the game; the starting fleets were not built and do not count")
def gay_order(s: Play):
    every, since = FACTS.value("gay_fleet_every"), FACTS.value("gay_fleets_from_year")
    for pid, h in s.st.players.items():
        for bi, b in enumerate(h.fleets_built):  # a build before Winter 1901 is rs.builds.timing's
            i = bi + 1
            if b.gay != (i % every == 0):
                yield flag(f"{pid}'s fleet build no. {i} (from Winter {since}, built {b.year}) is "
                           f"{'gay' if b.gay else 'not gay'}; every {every}th fleet built is gay, the others are not "
                           f"({said('gay_fleet_every')})", pid, s.at("players", pid, "fleets_built", bi))


@RULES.rule("rs.gay-fleets.count", "Schwule Flotte",
            "no more gay fleets on the board than the player's record of builds has", scope="state")
def gay_count(s: Play):
    if not _gay_allowed(s):
        return  # rs.gay-fleets.timing says it
    for pid, h in s.st.players.items():
        on_board = [ui for ui, u in enumerate(h.units) if u.gay and "fleet" in u.kinds()]  # gay armies: .fleets
        built = sum(1 for b in h.fleets_built if b.gay)
        if len(on_board) > built:
            yield flag(f"{pid} has {len(on_board)} gay fleet(s) on the board but its fleets_built records "
                       f"{built} gay build(s)", pid, s.at("players", pid, "units", on_board[0]))


# ------------------------------------------------------------------ what exists when


@RULES.rule("rs.setup.start", "Regeln",
            "the set-up (Winter 1900) is the standard start: starting units and home centres, nothing played yet; "
            "centres change first after the Autumn 1901 moves", scope="state")
def setup_start(s: Play):
    if s.st.autumns == 0:  # nobody has taken a centre yet
        yield from _home_centres(s)
    if not s.st.set_up:
        return
    for pid, h in s.st.players.items():
        yield from _start_units(s, pid, h)
        yield from _nothing_played(s, pid, h)


def _home_centres(s: Play):
    """Before the first autumn every power holds its home centres, and nobody else any."""
    for pid, h in s.st.players.items():
        homes = FACTS.value(f"homes.{pid}") if pid in s.powers else []
        if pid in s.known and pid != "narr" and sorted(h.centres) != homes:  # the Narr: rs.narr.no-centres
            rule = (f"every power holds its home centres ({', '.join(homes)}) and nobody else any" if homes else
                    "only the seven powers hold centres, each its home centres")
            yield flag(f"{pid} holds {', '.join(h.centres) or 'no centres'} in {s.st.season} {s.st.year}; before "
                       f"the first autumn {rule}", pid, s.at("players", pid, "centres"))


def _start_units(s: Play, pid: str, h: Holdings):
    """At the set-up a power has its standard armies and fleets; the Wahrsager and the Doktor none."""
    if pid in s.powers:
        units = sorted(f"{'A' if u.type == 'army' else 'F'} {u.at}" for u in h.units
                       if u.type in CONVENTIONAL and not u.superhirn_built)
        start = FACTS.value(f"start.{pid}")
        if units != start:
            yield flag(f"{pid}'s armies and fleets at the set-up are {', '.join(units) or 'none'}; the standard "
                       f"start is {', '.join(start)}", pid, s.at("players", pid, "units"))
    elif pid in ("wahrsager", "doktor") and any(u.type != "tardis" for u in h.units):
        yield flag(f"the {pid} has no units at the set-up (only the Doktor's Tardis, which arrives later)", pid,
                   s.at("players", pid, "units"))


def _nothing_played(s: Play, pid: str, h: Holdings):
    """At the set-up nobody has sold a soul, been led by the Narr, exploded a herd or scored."""
    played = [what for what, n in (("devil's bargains", sum(u.devil is not None for u in h.units)),
                                   ("units led by the Narr", sum(u.narr_commanded for u in h.units)),
                                   ("exploded herds", h.lamas_exploded), ("victory points", h.points)) if n]
    if played:
        yield flag(f"{pid} has {', '.join(played)} at the set-up, before any move of Spring "
                   f"{FACTS.value('first_year')}", pid, s.at("players", pid))


@RULES.rule("rs.builds.timing", "Spielablauf",
            "builds happen at the winter adjustments from Winter 1901 on: no twins, A®mazonen, Drecksackarmeen or "
            "birds before them, no recorded fleet build outside them", scope="state")
def builds_timing(s: Play):
    first = FACTS.value("first_year")
    last = s.st.year if s.st.season == "winter" else s.st.year - 1  # the last winter adjustments played
    for pid, u, loc in s.units():
        if u.type in SPECIAL_BUILDS and s.st.adjustments == 0:
            yield flag(f"{pid}'s {u.type} at {placed(u)} in {s.st.season} {s.st.year}: it is built at the winter "
                       f"adjustments, the first in Winter {first} (\"Nach den Herbstzügen finden die Anpassungen der "
                       'Versorgungszentren (VZ) statt")', pid, s.at(*loc))
    for pid, h in s.st.players.items():
        for bi, b in enumerate(h.fleets_built):
            if not first <= b.year <= last:
                yield flag(f"{pid} records a fleet built in {b.year}; in {s.st.season} {s.st.year} the winter "
                           f"adjustments played are {first}..{last}" if last >= first else
                           f"{pid} records a fleet built in {b.year}; no winter adjustments are played before "
                           f"Winter {first}", pid, s.at("players", pid, "fleets_built", bi))


@RULES.rule("rs.borg.arrival", "Borg",
            "the Borg is off the board until the Spring 1901 moves and on it from then on", scope="state")
def borg_arrival(s: Play):
    if s.st.set_up and s.st.borg:
        yield flag(f"the Borg is in {s.st.borg} at the set-up; it appears after the Spring "
                   f"{FACTS.value('first_year')} moves ({said('first_year')})", "borg", s.at("borg"))
    elif not s.st.set_up and not s.st.borg:
        yield flag(f"the Borg is not on the board in {s.st.season} {s.st.year}; it appears after the Spring "
                   f"{FACTS.value('first_year')} moves ({said('first_year')}) and, being indestructible "
                   f"({said('borg')}), never leaves it", "borg", s.at())


@RULES.rule("rs.tardis.arrival", "Doktor, Tardis",
            "the Tardis enters the board through the first hyperspace link, in Spring 1901", scope="state")
def tardis_arrival(s: Play):
    if not s.st.set_up:
        return
    for pid, u, loc in s.units():
        if u.type == "tardis":
            yield flag(f"the Tardis is in {u.at} at the set-up; it arrives along the first hyperspace link (\"bewegt "
                       'sich entlang der ersten HYPERSPACE-VERBINDUNG auf das Spielbrett")', pid, s.at(*loc))


def _monster_count(s: Play, kind: str, key: str, played: int, after: str):
    allowed = played * FACTS.value(key)
    found = [mi for mi, m in enumerate(s.st.monsters) if m.type == kind]
    if len(found) > allowed:
        yield flag(f"{len(found)} {kind}s in {s.st.season} {s.st.year}, but only {allowed} can have appeared: one "
                   f"after each {after} ({said(key)})", kind, s.at("monsters", found[allowed]))


@RULES.rule("rs.monsters.sea-count", "Seemonster",
            "no more sea monsters than springs played: one horde appears after each spring retreat", scope="state",
            reading="a horde ('eine Horde SEEMONSTER') is one sea-monster unit, a fleet of strength 2")
def sea_monster_count(s: Play):
    yield from _monster_count(s, "sea-monster", "sea_monsters_per_spring", s.st.springs, "spring retreat")


@RULES.rule("rs.monsters.space-count", "Weltraummonster",
            "no more space monsters than autumns played: they fall after each autumn retreat", scope="state")
def space_monster_count(s: Play):
    yield from _monster_count(s, "space-monster", "space_monsters_per_autumn", s.st.autumns, "autumn retreat")


@RULES.rule("rs.superhirn.count", "Superhirn",
            "at most one unit from Superhirn questions per summer and winter played, for the Superhirn and for "
            "each player", scope="state",
            reading="the Superhirn's own units and each player's Superhirn-built units come at most one per summer "
                    "or winter ('in jedem beliebigen Sommer oder Winter – aber nie mehr als eine pro Jahreszeit'); an "
                    "autumn position is before its winter")
def superhirn_count(s: Play):
    rounds = s.st.springs + s.st.adjustments
    for pid, h in s.st.players.items():
        mine = [ui for ui, u in enumerate(h.units) if pid == "superhirn" or u.superhirn_built]
        if len(mine) > rounds:
            yield flag(f"{pid} has {len(mine)} units from Superhirn questions in {s.st.season} {s.st.year}; at most "
                       f"{rounds} summers and winters have passed, one such unit each (\"aber nie mehr als eine pro "
                       'Jahreszeit")', pid, s.at("players", pid, "units", mine[rounds]))


@RULES.rule("rs.supply.winter", "Regeln",
            "after the winter adjustments a power (or the Doktor) has no more units needing a centre than centres",
            scope="state",
            reading="a Siamese-twin pair replaces one build and needs one centre; A®mazonen and Drecksackarmeen (extra "
                    "per five centres), units from Superhirn questions ('Für sie wird kein Versorgungszentrum "
                    "benötigt') and the Tardis need none; birds, built instead of a unit, need one")
def supply_winter(s: Play):
    if s.st.season != "winter" or s.st.set_up:
        return
    for pid, h in s.st.players.items():
        if pid not in s.powers and pid != "doktor":
            continue
        need = sum(1 for u in h.units if u.type in CONVENTIONAL + ("twins", "bird") and not u.superhirn_built)
        if need > len(h.centres):
            yield flag(f"{pid} keeps {need} units that need a centre after the Winter {s.st.year} adjustments but holds "
                       f"{len(h.centres)} centres (standard rules: units beyond the centres are disbanded)", pid,
                       s.at("players", pid, "units"))


# ------------------------------------------------------------------ the Doktor, the Tardis, the Borg


@RULES.rule("rs.doktor.points", "Doktor, Tardis", "only the Doktor collects victory points", scope="state")
def doktor_points(s: Play):
    for pid, h in s.st.players.items():
        if h.points and pid != "doktor":
            yield flag(f"{pid} has victory points; only the Doktor collects them (\"Für jedes zerstörte Monster erhält "
                       'der DOKTOR einen Siegpunkt")', pid, s.at("players", pid, "points"))


@RULES.rule("rs.tardis.owner", "Doktor, Tardis", "the Tardis is the Doktor's", scope="state")
def tardis_owner(s: Play):
    for pid, u, loc in s.units():
        if u.type == "tardis" and pid != "doktor":
            yield flag(f"{pid} has a Tardis; it belongs to the Doktor alone ({said('tardis')})", pid, s.at(*loc))


@RULES.rule("rs.tardis.one", "Doktor, Tardis", "one Tardis at most (it may be away in the hyperspace)", scope="state")
def tardis_one(s: Play):
    n = sum(1 for _, u, _loc in s.units() if u.type == "tardis")
    if n > FACTS.value("tardis"):
        yield flag(f"{n} Tardis units on the board; there is one ({said('tardis')})", "tardis", s.at())


@RULES.rule("rs.borg.neutral", "Borg", "a centre the Borg sits in at the adjustments is neutral", scope="state")
def borg_neutral(s: Play):
    b = s.st.borg.split("/")[0] if s.st.borg else None
    if b in s.owner and s.st.season == "winter" and not s.st.set_up:  # Winter 1900 has no adjustments
        yield flag(f"the Borg sits in {b} during the adjustments, so {b} is neutral, not {s.owner[b]}'s "
                   '("Versorgungszentren, in denen sich der BORG während der Anpassungsphase aufhält, werden '
                   'augenblicklich neutral")', b, s.at("borg"))


# ------------------------------------------------------------------ victory (info)


@RULES.rule("rs.victory.centres", "Siegbedingungen",
            "a player other than the Narr holding 18 centres after autumn wins", scope="state", severity="info")
def victory_centres(s: Play):
    n = FACTS.value("victory_centres")
    for pid, h in s.st.players.items():
        if pid != "narr" and s.st.season in ("autumn", "winter") and len(h.centres) >= n:
            yield flag(f"{pid} holds {len(h.centres)} supply centres after the autumn moves: {n} win", pid, s.at())


@RULES.rule("rs.victory.doktor", "Doktor, Tardis", "the Doktor wins with 30 points plus centres", scope="state",
            severity="info",
            reading="the Doktor's points and centres add up ('werden des DOKTOR´s Siegpunkte zu seinen VZ addiert'), "
                    "after any phase; the Siegbedingungen's '30 Siegpunkten' alone would need 30 points")
def victory_doktor(s: Play):
    goal = FACTS.value("doktor_victory_points")
    h = s.st.players.get("doktor")
    if h is not None and h.points + len(h.centres) >= goal:
        yield flag(f"the Doktor has {h.points} points + {len(h.centres)} centres = {h.points + len(h.centres)} >= "
                   f"{goal}: he wins", "doktor", s.at())


@RULES.rule("rs.victory.narr", "Siegbedingungen", "the Narr wins when the game reaches 1921", scope="state",
            severity="info")
def victory_narr(s: Play):
    if s.st.year >= FACTS.value("narr_year"):
        yield flag(f"the game has reached {s.st.year}: the Narr wins", "narr", s.at())


@RULES.rule("rs.victory.none", "Siegbedingungen", "nobody has won yet: the three leaders by centres", scope="state",
            severity="info")
def victory_none(s: Play):
    if any(chain(victory_centres(s), victory_doktor(s), victory_narr(s))):
        return
    ranked = sorted(((len(h.centres), pid) for pid, h in s.st.players.items()), reverse=True)
    lead = ", ".join(f"{pid} {n}" for n, pid in ranked[:3]) or "nobody"
    yield flag(f"no winner yet after {s.st.season} {s.st.year}; most centres: {lead}", at=s.at())


def check_state_file(board: Board, path: Path) -> list[Finding]:
    """Load and check a state file (see state.py); findings point at file:line:col where they can."""
    from pnp.load.loader import validate
    from pnp.games.rather_silly import schemas  # the check validates the file as written

    try:
        src = Source.read(path)
        st = validate(schemas.GameState, src.raw, src.file)
    except DataErrors as exc:
        return RULES.run(exc, "state-file")
    return RULES.run(Play(board, st, src), "state")
