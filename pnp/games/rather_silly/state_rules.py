"""The variant's bookkeeping rules, applied to a game state a game master writes down
(see state.py for the file), plus who has won (severity ``info``)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import chain
from pathlib import Path

from pnp.checks import Finding, Loc, Source, flag
from pnp.load.errors import DataErrors
from pnp.games.rather_silly.checker import RULES
from pnp.games.rather_silly.mapdata import Board, Province
from pnp.games.rather_silly.state import CONVENTIONAL, GameState, Unit


@dataclass(frozen=True)
class Stand:
    """One place a unit stands on (twins stand on two)."""

    pid: str
    unit: Unit
    place: str
    kind: str  # army | fleet: how it moves
    prov: Province
    loc: tuple  # key path of the unit in the file

    @property
    def label(self) -> str:
        return f"{self.pid} {self.unit.type} {self.place}"

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
    def powers(self) -> set[str]:
        return {p.id for p in self.board.powers}

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
        """(player, index, unit, key path) of every unit."""
        for pid, h in self.st.players.items():
            for ui, u in enumerate(h.units):
                yield pid, ui, u, ("players", pid, "units", ui)

    def places(self):
        """(player, unit, place, movement kind, key path) of every place a unit names."""
        for pid, _ui, u, loc in self.units():
            for place, kind in zip(u.places(), u.kinds()):
                yield pid, u, place, kind, loc

    @cached_property
    def stands(self) -> list[Stand]:
        """Every unit place that names a province."""
        return [Stand(pid, u, place, kind, self.P[place.split("/")[0]], loc)
                for pid, u, place, kind, loc in self.places() if not self.why_not(place)]

    def monsters(self):
        """(monster, its province, key path) of every monster on a real province."""
        for mi, m in enumerate(self.st.monsters):
            if not self.why_not(m.at):
                yield m, self.P[m.at.split("/")[0]], ("monsters", mi)

    @cached_property
    def owner(self) -> dict[str, str]:
        """Supply centre -> the first player listing it."""
        out: dict[str, str] = {}
        for pid, h in self.st.players.items():
            for c in h.centres:
                if c in self.scs:
                    out.setdefault(c, pid)
        return out


RULES.load_rule("rs.state.schema", "Spielablauf", "a state file names year, season and players' holdings",
                scope="state-file")



@RULES.rule("rs.state.year", "Siegbedingungen (ins Jahr 1921)",
            "the year lies between the 1900 set-up and 1921", scope="state")
def year(s: Play):
    R = s.board.rules
    if not R.first_year - 1 <= s.st.year <= R.narr_year:
        yield flag(f"year {s.st.year} is outside the game (1900 set-up to {R.narr_year})", at=s.at("year"))


@RULES.rule("rs.state.player", "Anzahl Spieler (11)", "every player is one of the eleven", scope="state")
def player(s: Play):
    known = s.powers | {r.id for r in s.board.roles}
    for pid in s.st.players:
        if pid not in known:
            yield flag(f"unknown player {pid!r}; expected one of {', '.join(sorted(known))}", pid,
                       s.at("players", pid))


@RULES.rule("rs.state.province", "Regeln (Standard-Diplomacy-Regeln)",
            "every place named is a province (and a real coast of it)", scope="state")
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


@RULES.rule("rs.state.centres", "Anzahl VZ (34)",
            "a player's centres are supply centres nobody else owns; 34 at most", scope="state")
def centres(s: Play):
    owner: dict[str, str] = {}
    for pid, h in s.st.players.items():
        for ci, c in enumerate(h.centres):
            loc = s.at("players", pid, "centres", ci)
            if c in s.P and c not in s.scs:
                yield flag(f"{pid} lists {c} as a centre, but it is not a supply centre", pid, loc)
            elif c in owner:
                yield flag(f"{c} is owned by both {owner[c]} and {pid}", c, loc)
            elif c in s.scs:
                owner[c] = pid
    total = sum(len(h.centres) for h in s.st.players.values())
    if total > s.board.rules.supply_centres:
        yield flag(f"{total} centres owned; the board has {s.board.rules.supply_centres}", at=s.at())


@RULES.rule("rs.narr.no-units", "Narr (Er hat nie eigene Einheiten)", "the Narr has no units", scope="state")
def narr_no_units(s: Play):
    h = s.st.players.get("narr")
    if h is not None and h.units:
        yield flag("the Narr never has units of his own; he only commands other players' units", "narr",
                   s.at("players", "narr", "units"))


@RULES.rule("rs.state.terrain",
            "Schweiz, Mont-Blanc-Tunnel (unzugänglich); Weltraummonster (zum Rückzug in Seegebiete); Regeln "
            "(Standard-Diplomacy-Regeln)",
            "armies on land, fleets at sea or on a named coast, nobody in Switzerland", scope="state")
def terrain(s: Play):
    for t in s.stands:
        base, prov, at = t.base, t.prov, s.at(*t.loc)
        if prov.type == "impassable":
            yield flag(f"{prov.en} is impassable; no unit can stand there", t.label, at)
        elif t.unit.type in ("tardis", "bird"):
            continue  # the Tardis lands anywhere; birds fly over land and sea
        elif t.kind == "army" and prov.type == "sea":
            yield flag(f"an army cannot stand in the sea area {base}", t.label, at)
        elif t.kind == "fleet" and prov.type == "land":
            yield flag(f"a fleet cannot stand in inland {base}", t.label, at)
        elif t.kind == "fleet" and prov.coasts and "/" not in t.place:
            yield flag(f"a fleet in {base} must name its coast ({', '.join(base + '/' + c for c in prov.coasts)})",
                       t.label, at)
    for m, prov, loc in s.monsters():
        if m.type == "space-monster" and prov.type == "sea":
            yield flag(f"a space monster is an army and dies at sea ({prov.id})", m.type, s.at(*loc))
        if m.type == "sea-monster" and prov.type == "land":
            yield flag(f"a sea monster is a fleet and cannot be inland ({prov.id})", m.type, s.at(*loc))


@RULES.rule("rs.islands.superhirn-only", "Superhirn (für alle anderen Einheiten unzugänglich)",
            "only Superhirn units on Iceland and Crete", scope="state")
def superhirn_only(s: Play):
    for t in s.stands:
        if t.prov.type != "impassable" and t.prov.only and t.pid != t.prov.only:
            yield flag(f"{t.prov.en} is a build-only province for Superhirn units; {t.pid}'s {t.unit.type} cannot "
                       "be there", t.label, s.at(*t.loc))
    for m, prov, loc in s.monsters():
        if prov.only:
            yield flag(f"{prov.en} is open to Superhirn units only", m.type, s.at(*loc))


@RULES.rule("rs.state.occupancy",
            "Doktor, Tardis (Als einzige Einheit kann er sich gleichzeitig mit anderen Einheiten im selben Gebiet "
            "aufhalten); Vögel (friedlich neben jeder anderen Einheitenart leben)",
            "one unit per province, besides the Tardis and birds", scope="state")
def occupancy(s: Play):
    who: dict[str, list[str]] = {}
    first: dict[str, tuple] = {}
    for t in s.stands:
        if t.prov.type != "impassable" and t.unit.type not in ("tardis", "bird"):
            who.setdefault(t.base, []).append(t.label)
            first.setdefault(t.base, t.loc)
    if s.st.borg and not s.why_not(s.st.borg):
        who.setdefault(s.st.borg.split("/")[0], []).append("Borg")
    for m, prov, _loc in s.monsters():
        who.setdefault(prov.id, []).append(m.type)
    for base, here in sorted(who.items()):
        if len(here) > 1:
            yield flag(f"{base} holds {len(here)} units ({'; '.join(here)}); only the Tardis and birds may share a "
                       "province", base, s.at(*first.get(base, ())))


@RULES.rule("rs.lamas.count", "Lama (im Winter 1900 in drei Spielfeldern)",
            "each power settles exactly three lama herds; nobody else has any", scope="state")
def lama_count(s: Play):
    n = s.board.rules.lama_herds_per_power
    for pid, h in s.st.players.items():
        at = s.at("players", pid, "lama_herds")
        if pid in s.powers and len(h.lama_herds) + h.lamas_exploded != n:
            yield flag(f"{pid} has {len(h.lama_herds)} lama herd(s) and {h.lamas_exploded} exploded; each power "
                       f"settles exactly {n} herds in Winter 1900", pid, at)
        elif pid not in s.powers and h.lama_herds:
            yield flag(f"{pid} is not one of the seven powers; only they have lama herds", pid, at)


@RULES.rule("rs.lamas.place", "Lama (keine Versorgungszentren)",
            "lama herds live outside supply centres", scope="state")
def lama_place(s: Play):
    for pid, h in s.st.players.items():
        for hi, herd in enumerate(h.lama_herds if pid in s.powers else ()):
            at = s.at("players", pid, "lama_herds", hi)
            if s.why_not(herd):
                yield flag(f"{pid}: lama herd: {s.why_not(herd)}", pid, at)
            elif herd in s.scs:
                yield flag(f"{pid}'s lama herd stands in {herd}, a supply centre; herds live only outside supply "
                           "centres", herd, at)
            elif s.P[herd].type in ("impassable", "island"):
                yield flag(f"{pid}'s lama herd cannot live in {s.P[herd].en}", herd, at)


@RULES.rule("rs.special-armies", "A®mazonen; Drecksarmee (Für alle 5 Versorgungszentren)",
            "one A®mazone and one Drecksackarmee per full five centres, three at most", scope="state")
def special_armies(s: Play):
    R = s.board.rules
    for pid, h in s.st.players.items():
        types = [u.type for u in h.units]
        allowed = min(R.special_armies_max, len(h.centres) // R.centres_per_special_army)
        for t, name in (("amazon", "A®mazonen"), ("drecksack", "Drecksackarmeen")):
            if types.count(t) > allowed:
                yield flag(f"{pid} has {types.count(t)} {name} but {len(h.centres)} centres allow {allowed} (one per "
                           f"full {R.centres_per_special_army}, at most {R.special_armies_max})", pid,
                           s.at("players", pid, "units", types.index(t)))


@RULES.rule("rs.twins.once", "Siamesische Zwillinge (nur einmal erlaubt)",
            "one Siamese-twin pair per player and game", scope="state")
def twins_once(s: Play):
    for pid, h in s.st.players.items():
        types = [u.type for u in h.units]
        if types.count("twins") > 1:
            yield flag(f"{pid} has {types.count('twins')} Siamese-twin pairs; a player may build one per game", pid,
                       s.at("players", pid, "units", types.index("twins")))


@RULES.rule("rs.twins.adjacent", "Siamesische Zwillinge (in zwei nebeneinander liegenden Provinzen)",
            "the twins stand on neighbouring provinces", scope="state")
def twins_adjacent(s: Play):
    for pid, _ui, u, loc in s.units():
        if u.type != "twins":
            continue
        (a, b), (ka, kb) = u.places(), u.kinds()
        if not s.why_not(a) and not s.why_not(b) and not s.board.adjacent(a, b, ka if ka == kb else None):
            yield flag(f"{pid}'s Siamese twins in {a} and {b} are not neighbours; the pair must stand on adjacent "
                       "provinces", f"{a}-{b}", s.at(*loc))


@RULES.rule("rs.devil.countdown", "Teuflische Einheit (für die nächsten zwei Jahreszeiten)",
            "a devil's bargain counts down 2, 1", scope="state")
def devil_countdown(s: Play):
    for pid, _ui, u, loc in s.units():
        if u.devil is not None and u.devil not in (1, 2):
            yield flag(f"{pid}'s {u.type} at {u.at}: a devil's bargain lasts two seasons (countdown 2 or 1), got "
                       f"{u.devil}", pid, s.at(*loc))


@RULES.rule("rs.devil.who", "Teuflische Einheit (jeder konventionellen Einheit ... dürfen ihre Seele nicht verkaufen)",
            "only conventional units sell their souls", scope="state")
def devil_who(s: Play):
    for pid, _ui, u, loc in s.units():
        if u.devil is not None and (u.type not in CONVENTIONAL or u.superhirn_built or pid == "wahrsager"):
            yield flag(f"{pid}'s {u.type} at {u.at} cannot sell its soul: only conventional units, not A®mazonen, "
                       "Drecksackarmeen, Superhirn-question or Wahrsager units", pid, s.at(*loc))


def _counted_builds(s: Play, pid: str):
    """(index in fleets_built, build) of the fleets that count, from Winter 1901 on."""
    return [(bi, b) for bi, b in enumerate(s.st.players[pid].fleets_built)
            if b.year >= s.board.rules.gay_fleets_from_year]


@RULES.rule("rs.gay-fleets.order", "Schwule Flotte (ist jede 5. von einem Spieler gebaute Flotte schwul)",
            "every fifth fleet built from Winter 1901 on is gay, the others are not", scope="state")
def gay_order(s: Play):
    R = s.board.rules
    for pid in s.st.players:
        for i, (bi, b) in enumerate(_counted_builds(s, pid), start=1):
            if b.gay != (i % R.gay_fleet_every == 0):
                yield flag(f"{pid}'s fleet build no. {i} (from Winter {R.gay_fleets_from_year}, built {b.year}) is "
                           f"{'gay' if b.gay else 'not gay'}; every {R.gay_fleet_every}th fleet built is gay, the "
                           "others are not", pid, s.at("players", pid, "fleets_built", bi))


@RULES.rule("rs.gay-fleets.count", "Schwule Flotte", "no more gay fleets on the board than were built", scope="state")
def gay_count(s: Play):
    for pid, h in s.st.players.items():
        on_board = sum(1 for u in h.units if u.gay)
        built = sum(1 for _, b in _counted_builds(s, pid) if b.gay)
        if h.fleets_built and on_board > built:
            yield flag(f"{pid} has {on_board} gay fleet(s) on the board but built only {built}", pid,
                       s.at("players", pid, "fleets_built"))


@RULES.rule("rs.doktor.points", "Doktor, Tardis (Für jedes zerstörte Monster erhält der DOKTOR einen Siegpunkt)",
            "only the Doktor collects victory points", scope="state")
def doktor_points(s: Play):
    for pid, h in s.st.players.items():
        if h.points and pid != "doktor":
            yield flag(f"{pid} has victory points; only the Doktor collects them", pid, s.at("players", pid, "points"))


@RULES.rule("rs.tardis.owner", "Doktor, Tardis (mit einer einzigen Einheit, dem unzerstörbaren TARDIS)",
            "the Tardis is the Doktor's", scope="state")
def tardis_owner(s: Play):
    for pid, _ui, u, loc in s.units():
        if u.type == "tardis" and pid != "doktor":
            yield flag(f"{pid} has a Tardis; it belongs to the Doktor alone", pid, s.at(*loc))


@RULES.rule("rs.tardis.one", "Doktor, Tardis (mit einer einzigen Einheit, dem unzerstörbaren TARDIS)",
            "there is exactly one Tardis", scope="state")
def tardis_one(s: Play):
    n = sum(1 for *_, u, _loc in s.units() if u.type == "tardis")
    if n > 1:
        yield flag(f"{n} Tardis units on the board; there is exactly one", "tardis", s.at())


@RULES.rule("rs.borg.neutral",
            "Borg (Versorgungszentren, in denen sich der BORG während der Anpassungsphase aufhält, werden "
            "augenblicklich neutral)",
            "a centre the Borg sits in at the adjustments is neutral", scope="state")
def borg_neutral(s: Play):
    b = s.st.borg.split("/")[0] if s.st.borg else None
    if b in s.owner and s.st.season == "winter":
        yield flag(f"the Borg sits in {b} during the adjustments, so {b} is neutral, not {s.owner[b]}'s", b,
                   s.at("borg"))


# ------------------------------------------------------------------ victory (info)


@RULES.rule("rs.victory.centres", "Siegbedingungen (Eroberung von 18 VZ nach den Herbstzügen)",
            "a player other than the Narr holding 18 centres after autumn wins", scope="state", severity="info")
def victory_centres(s: Play):
    R = s.board.rules
    for pid, h in s.st.players.items():
        if pid != "narr" and s.st.season in ("autumn", "winter") and len(h.centres) >= R.victory_centres:
            yield flag(f"{pid} holds {len(h.centres)} supply centres after the autumn moves: {R.victory_centres} win",
                       pid, s.at())


@RULES.rule("rs.victory.doktor", "Siegbedingungen (Erreichung von 30 Siegpunkten)",
            "the Doktor wins with 30 points plus centres", scope="state", severity="info")
def victory_doktor(s: Play):
    R = s.board.rules
    h = s.st.players.get("doktor")
    if h is not None and h.points + len(h.centres) >= R.doktor_victory_points:
        yield flag(f"the Doktor has {h.points} points + {len(h.centres)} centres = {h.points + len(h.centres)} >= "
                   f"{R.doktor_victory_points}: he wins", "doktor", s.at())


@RULES.rule("rs.victory.narr", "Siegbedingungen (sofern das Spiel ins Jahr 1921 gehen sollte)",
            "the Narr wins when the game reaches 1921", scope="state", severity="info")
def victory_narr(s: Play):
    if s.st.year >= s.board.rules.narr_year:
        yield flag(f"the game has reached {s.st.year}: the Narr wins", "narr", s.at())


@RULES.rule("rs.victory.none", "Siegbedingungen",
            "nobody has won yet: the three leaders by centres", scope="state", severity="info")
def victory_none(s: Play):
    if any(chain(victory_centres(s), victory_doktor(s), victory_narr(s))):
        return
    ranked = sorted(((len(h.centres), pid) for pid, h in s.st.players.items()), reverse=True)
    lead = ", ".join(f"{pid} {n}" for n, pid in ranked[:3]) or "nobody"
    yield flag(f"no winner yet after {s.st.season} {s.st.year}; most centres: {lead}", at=s.at())


def check_state_file(board: Board, path: Path) -> list[Finding]:
    """Load and check a state file (see state_rules.py); findings point at file:line:col where they can."""
    from pnp.load.loader import validate

    try:
        src = Source.read(path)
        st = validate(GameState, src.raw, src.file)
    except DataErrors as exc:
        return RULES.run(exc, "state-file")
    return RULES.run(Play(board, st, src), "state")
