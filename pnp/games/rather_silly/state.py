"""Game-state files for Rather Silly Diplomacy and the rules that apply to them.

A game master writes down a position after a phase::

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

``check_state`` returns findings for every broken rule plus an ``info``
victory report.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Callable, Literal

from pydantic import Field, model_validator

from ...checks import Finding
from ...data.errors import DataErrors
from ...data.loader import load_model
from ...data.schema import Strict
from .checker import SEED
from .mapdata import Board

UnitType = Literal["army", "fleet", "amazon", "drecksack", "bird", "twins", "tardis"]
CONVENTIONAL = ("army", "fleet")


class Unit(Strict):
    type: UnitType
    at: str | list[str]
    as_: list[Literal["army", "fleet"]] | None = Field(None, alias="as",
                                                        description="twins: the type of each twin")
    gay: bool = False
    devil: int | None = Field(None, description="seasons left of a devil's bargain (2 or 1)")
    superhirn_built: bool = False
    narr_commanded: bool = False

    @model_validator(mode="after")
    def _shape(self):
        if self.type == "twins":
            if not isinstance(self.at, list) or len(self.at) != 2:
                raise ValueError("twins stand on two provinces: at: [PROV, PROV]")
        elif isinstance(self.at, list):
            raise ValueError(f"a {self.type} stands on one province")
        if self.gay and self.type not in ("fleet", "twins"):
            raise ValueError("only fleets can be gay fleets")
        return self

    def places(self) -> list[str]:
        return list(self.at) if isinstance(self.at, list) else [self.at]

    def kinds(self) -> list[str]:
        """Movement type per place (army/fleet); special armies move like armies."""
        if self.type == "twins":
            return list(self.as_ or ["army", "army"])
        return ["fleet" if self.type == "fleet" else "army"]


class FleetBuild(Strict):
    year: int = Field(ge=1900, le=1999)
    gay: bool = False


class Holdings(Strict):
    centres: list[str] = Field(default_factory=list)
    units: list[Unit] = Field(default_factory=list)
    lama_herds: list[str] = Field(default_factory=list)
    lamas_exploded: int = Field(0, ge=0)
    fleets_built: list[FleetBuild] = Field(default_factory=list)
    points: int = Field(0, ge=0, description="Doktor's victory points")


class Monster(Strict):
    type: Literal["sea-monster", "space-monster"]
    at: str


class GameState(Strict):
    year: int = Field(ge=1900, le=1999)
    season: Literal["spring", "autumn", "winter"]
    players: dict[str, Holdings]
    borg: str | None = None
    monsters: list[Monster] = Field(default_factory=list)


def _f(rule, message, obj="", severity="error", where=""):
    return Finding(rule, message, SEED, obj, severity, where)


def load_state(path: Path) -> GameState:
    return load_model(path, GameState)


def _place_ok(board: Board, place: str) -> str | None:
    """None when ``place`` names a province (or a real coast), else why not."""
    base, _, coast = place.partition("/")
    p = board.provinces.get(base)
    if p is None:
        return f"{place} is not a province"
    if coast and coast not in p.coasts:
        return f"{base} has no coast {coast!r}"
    return None


def check_state(board: Board, st: GameState, where: "str | Callable[[tuple], str]" = "") -> list[Finding]:
    """Findings for ``st``. ``where`` is a file name, or a function turning a
    path inside the YAML (("players", "england", "units", 2)) into file:line:col."""
    out: list[Finding] = []
    P = board.provinces
    R = board.rules
    powers = {p.id for p in board.powers}
    roles = {r.id for r in board.roles}
    scs = set(board.supply_centres())

    def at(*loc) -> str:
        return where(loc) if callable(where) else where

    def err(rule, msg, obj="", loc: tuple = ()):
        out.append(_f(rule, msg, obj, "error", at(*loc)))

    if not R.first_year - 1 <= st.year <= R.narr_year:
        err("rs.state.year", f"year {st.year} is outside the game (1900 set-up to {R.narr_year})", loc=("year",))

    # who owns which centre
    owner: dict[str, str] = {}
    for pid, h in st.players.items():
        if pid not in powers | roles:
            err("rs.state.player", f"unknown player {pid!r}; expected one of {', '.join(sorted(powers | roles))}", pid,
                ("players", pid))
        for ci, c in enumerate(h.centres):
            loc = ("players", pid, "centres", ci)
            if c not in P:
                err("rs.state.province", f"{pid}: centre {c} is not a province", pid, loc)
            elif c not in scs:
                err("rs.state.centres", f"{pid} lists {c} as a centre, but it is not a supply centre", pid, loc)
            elif c in owner:
                err("rs.state.centres", f"{c} is owned by both {owner[c]} and {pid}", c, loc)
            else:
                owner[c] = pid

    # units: places, terrain, islands, occupancy
    occupants: dict[str, list[str]] = {}
    first_loc: dict[str, tuple] = {}
    for pid, h in st.players.items():
        if pid == "narr" and h.units:
            err("rs.narr.no-units", "the Narr never has units of his own; he only commands other players' units", pid,
                ("players", pid, "units"))
        for ui, u in enumerate(h.units):
            loc = ("players", pid, "units", ui)
            for place, kind in zip(u.places(), u.kinds()):
                why = _place_ok(board, place)
                label = f"{pid} {u.type} {place}"
                if why:
                    err("rs.state.province", f"{pid}: {why}", label, loc)
                    continue
                base = place.split("/")[0]
                prov = P[base]
                if prov.type == "impassable":
                    err("rs.state.terrain", f"{prov.en} is impassable; no unit can stand there", label, loc)
                    continue
                if prov.only and pid != prov.only:
                    err("rs.islands.superhirn-only", f"{prov.en} is a build-only province for Superhirn units; "
                        f"{pid}'s {u.type} cannot be there", label, loc)
                if u.type == "tardis":
                    continue  # the Tardis may share and lands anywhere
                if u.type == "bird":
                    continue  # birds fly over land and sea and live beside other units
                if kind == "army" and prov.type == "sea":
                    err("rs.state.terrain", f"an army cannot stand in the sea area {base}", label, loc)
                if kind == "fleet":
                    if prov.type == "land":
                        err("rs.state.terrain", f"a fleet cannot stand in inland {base}", label, loc)
                    elif prov.coasts and "/" not in place:
                        err("rs.state.terrain", f"a fleet in {base} must name its coast "
                            f"({', '.join(base + '/' + c for c in prov.coasts)})", label, loc)
                occupants.setdefault(base, []).append(label)
                first_loc.setdefault(base, loc)
    if st.borg:
        why = _place_ok(board, st.borg)
        if why:
            err("rs.state.province", f"Borg: {why}", "borg", ("borg",))
        else:
            occupants.setdefault(st.borg.split("/")[0], []).append("Borg")
    for mi, m in enumerate(st.monsters):
        loc = ("monsters", mi)
        why = _place_ok(board, m.at)
        base = m.at.split("/")[0]
        if why:
            err("rs.state.province", f"{m.type}: {why}", m.type, loc)
            continue
        if m.type == "space-monster" and P[base].type == "sea":
            err("rs.state.terrain", f"a space monster is an army and dies at sea ({base})", m.type, loc)
        if m.type == "sea-monster" and P[base].type == "land":
            err("rs.state.terrain", f"a sea monster is a fleet and cannot be inland ({base})", m.type, loc)
        if P[base].only:
            err("rs.islands.superhirn-only", f"{P[base].en} is open to Superhirn units only", m.type, loc)
        occupants.setdefault(base, []).append(m.type)
    for base, who in sorted(occupants.items()):
        if len(who) > 1:
            err("rs.state.occupancy", f"{base} holds {len(who)} units ({'; '.join(who)}); only the Tardis "
                "and birds may share a province", base, first_loc.get(base, ()))

    # per power bookkeeping
    for pid, h in st.players.items():
        n_centres = len(h.centres)
        types = Counter(u.type for u in h.units)
        if pid in powers:
            herds = len(h.lama_herds) + h.lamas_exploded
            if herds != R.lama_herds_per_power:
                err("rs.lamas.count", f"{pid} has {len(h.lama_herds)} lama herd(s) and {h.lamas_exploded} exploded; "
                    f"each power settles exactly {R.lama_herds_per_power} herds in Winter 1900", pid,
                    ("players", pid, "lama_herds"))
            for hi, herd in enumerate(h.lama_herds):
                loc = ("players", pid, "lama_herds", hi)
                why = _place_ok(board, herd)
                if why:
                    err("rs.lamas.place", f"{pid}: lama herd: {why}", pid, loc)
                elif herd in scs:
                    err("rs.lamas.place", f"{pid}'s lama herd stands in {herd}, a supply centre; herds live "
                        "only outside supply centres", herd, loc)
                elif P[herd].type in ("impassable", "island"):
                    err("rs.lamas.place", f"{pid}'s lama herd cannot live in {P[herd].en}", herd, loc)
        elif h.lama_herds:
            err("rs.lamas.count", f"{pid} is not one of the seven powers; only they have lama herds", pid,
                ("players", pid, "lama_herds"))
        allowed = min(R.special_armies_max, n_centres // R.centres_per_special_army)
        for t, name in (("amazon", "A®mazonen"), ("drecksack", "Drecksackarmeen")):
            if types[t] > allowed:
                err("rs.special-armies", f"{pid} has {types[t]} {name} but {n_centres} centres allow {allowed} "
                    f"(one per full {R.centres_per_special_army}, at most {R.special_armies_max})", pid,
                    ("players", pid, "units", [u.type for u in h.units].index(t)))
        if types["twins"] > 1:
            err("rs.twins.once", f"{pid} has {types['twins']} Siamese-twin pairs; a player may build one per game", pid,
                ("players", pid, "units", [u.type for u in h.units].index("twins")))
        for ui, u in enumerate(h.units):
            loc = ("players", pid, "units", ui)
            if u.type == "twins":
                a, b = u.places()
                k = u.kinds()
                unit_kind = k[0] if k[0] == k[1] else None
                if not _place_ok(board, a) and not _place_ok(board, b) and not board.adjacent(a, b, unit_kind):
                    err("rs.twins.adjacent", f"{pid}'s Siamese twins in {a} and {b} are not neighbours; the pair "
                        "must stand on adjacent provinces", f"{a}-{b}", loc)
            if u.devil is not None:
                if u.devil not in (1, 2):
                    err("rs.devil.countdown", f"{pid}'s {u.type} at {u.at}: a devil's bargain lasts two seasons "
                        f"(countdown 2 or 1), got {u.devil}", pid, loc)
                if u.type not in CONVENTIONAL or u.superhirn_built or pid == "wahrsager":
                    err("rs.devil.who", f"{pid}'s {u.type} at {u.at} cannot sell its soul: only conventional units, "
                        "not A®mazonen, Drecksackarmeen, Superhirn-question or Wahrsager units", pid, loc)
        # every fifth fleet built from the Winter 1901 adjustments on is gay
        counted = [(bi, b) for bi, b in enumerate(h.fleets_built) if b.year >= R.gay_fleets_from_year]
        for i, (bi, b) in enumerate(counted, start=1):
            should = i % R.gay_fleet_every == 0
            if b.gay != should:
                err("rs.gay-fleets.order", f"{pid}'s fleet build no. {i} (from Winter {R.gay_fleets_from_year}, "
                    f"built {b.year}) is {'gay' if b.gay else 'not gay'}; every {R.gay_fleet_every}th fleet built "
                    "is gay, the others are not", pid, ("players", pid, "fleets_built", bi))
        gay_on_board = sum(1 for u in h.units if u.gay)
        gay_built = sum(1 for _, b in counted if b.gay)
        if h.fleets_built and gay_on_board > gay_built:
            err("rs.gay-fleets.count", f"{pid} has {gay_on_board} gay fleet(s) on the board but built only "
                f"{gay_built}", pid, ("players", pid, "fleets_built"))
        if h.points and pid != "doktor":
            err("rs.doktor.points", f"{pid} has victory points; only the Doktor collects them", pid,
                ("players", pid, "points"))

    # the Tardis: one in the game, the Doktor's
    tardis = [(pid, ui) for pid, h in st.players.items() for ui, u in enumerate(h.units) if u.type == "tardis"]
    for pid, ui in tardis:
        if pid != "doktor":
            err("rs.tardis.owner", f"{pid} has a Tardis; it belongs to the Doktor alone", pid,
                ("players", pid, "units", ui))
    if len(tardis) > 1:
        err("rs.tardis.one", f"{len(tardis)} Tardis units on the board; there is exactly one", "tardis")
    # a centre where the Borg sits during the adjustments turns neutral at once
    if st.borg and st.season == "winter":
        b = st.borg.split("/")[0]
        if b in owner:
            err("rs.borg.neutral", f"the Borg sits in {b} during the adjustments, so {b} is neutral, "
                f"not {owner[b]}'s", b, ("borg",))

    total = sum(len(h.centres) for h in st.players.values())
    if total > R.supply_centres:
        err("rs.state.centres", f"{total} centres owned; the board has {R.supply_centres}")

    out.extend(victory_report(board, st, at()))
    return out


def victory_report(board: Board, st: GameState, where: str = "") -> list[Finding]:
    """Who has won (severity info): 18 centres after autumn, Doktor's 30, the Narr in 1921."""
    R = board.rules
    wins = []
    for pid, h in st.players.items():
        n = len(h.centres)
        if pid != "narr" and st.season in ("autumn", "winter") and n >= R.victory_centres:
            wins.append(_f("rs.victory.centres", f"{pid} holds {n} supply centres after the autumn moves: "
                           f"{R.victory_centres} win", pid, "info", where))
        if pid == "doktor" and h.points + n >= R.doktor_victory_points:
            wins.append(_f("rs.victory.doktor", f"the Doktor has {h.points} points + {n} centres = "
                           f"{h.points + n} >= {R.doktor_victory_points}: he wins", pid, "info", where))
    if st.year >= R.narr_year:
        wins.append(_f("rs.victory.narr", f"the game has reached {st.year}: the Narr wins", "narr", "info", where))
    if not wins:
        ranked = sorted(((len(h.centres), pid) for pid, h in st.players.items()), reverse=True)
        lead = ", ".join(f"{pid} {n}" for n, pid in ranked[:3]) or "nobody"
        wins.append(_f("rs.victory.none", f"no winner yet after {st.season} {st.year}; most centres: {lead}",
                       "", "info", where))
    return wins


def check_state_file(board: Board, path: Path) -> list[Finding]:
    """Load and check a state file; findings point at file:line:col where they can."""
    from ...data.loader import display_path, load_yaml, locate, validate

    file = display_path(Path(path))
    try:
        raw = load_yaml(path)
        st = validate(GameState, raw, file)
    except DataErrors as exc:
        return [_f("rs.state.schema", p.message, "", "error", f"{p.file}:{p.line}:{p.col}") for p in exc.problems]

    def where(loc: tuple) -> str:
        if not loc:
            return file
        line, col = locate(raw, loc)
        return f"{file}:{line}:{col}"

    return check_state(board, st, where)


def start_state_yaml(board: Board) -> str:
    """A game-state file for Spring 1901 with every power's starting units.

    Lama herds are left empty on purpose: each power places three in Winter
    1900, and the checker says so until they are filled in.
    """
    lines = [
        "# Rather Silly Diplomacy: position at the start of Spring 1901.",
        "# Fill in each power's three lama herds (not on supply centres), then check with",
        "#   pnp check rather-silly --state THIS_FILE",
        f"year: {board.rules.first_year}",
        "season: spring",
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
