"""The Clouded Klin Zha rules: board, token sheet, cloud layouts and (optionally) a position.

Each scope has its context: ``board`` (:class:`Board`), ``rules`` (:class:`RulesFile`, the
user's rules.yaml), ``tokens`` (:class:`Tokens`), ``layout`` (:class:`Clouds`, one layout in
clouds/) and ``position`` (:class:`Setup`). The numbers come from the document's facts
(facts.yaml beside this module); no data file switches a rule off.
"""
from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from pnp.checks import Finding, RuleBook, Source, flag
from pnp.load.classes import dataclass
from pnp.model.trilattice import Cell, TriGrid
from pnp.games.klin_zha.facts import FACTS, LIMIT, PIECES
from pnp.games.klin_zha.sky import Layout, blind, resolve, steps

if TYPE_CHECKING:  # pragma: no cover - the kit holds their plain twins
    from pnp.games.klin_zha.schemas import Position, VariantRules

RULES = RuleBook(FACTS.document, FACTS.title)
SIDES = ("green", "gold")


@dataclass
class Board:
    size: int
    file: str


@dataclass
class RulesFile:
    """The user's rules.yaml: names, marks and looks, and whatever it restates of the facts."""

    rules: VariantRules
    src: Source


@dataclass
class Tokens:
    rules: VariantRules
    sheet: object  # pnp.model.counters.CounterSheet
    src: Source


@dataclass
class Clouds:
    """One cloud layout on the board."""

    g: TriGrid
    rules: VariantRules
    lay: Layout

    @property
    def m(self):
        return self.lay.model

    def at(self, *loc):
        return self.lay.src.at(*loc)

    @cached_property
    def entries(self) -> list[tuple[int, object, int, str, Cell | None]]:
        """(cloud index, cloud, entry index, name, cell or None) for every cell a cloud names."""
        out = []
        for i, cloud in enumerate(self.m.clouds):
            names = self.g.names() if cloud.cells == "all" else cloud.cells
            for j, n in enumerate(names):
                out.append((i, cloud, 0 if cloud.cells == "all" else j, n,
                            self.g.cell(n) if self.g.is_name(n) else None))
        return out

    @cached_property
    def owner(self) -> dict[Cell, str]:
        """Each cell under cloud -> the first cloud that covers it."""
        out: dict[Cell, str] = {}
        for _i, cloud, _j, _n, c in self.entries:
            if c is not None:
                out.setdefault(c, cloud.name)
        return out

    def edge_entries(self) -> list[tuple[int, str, Cell | None]]:
        if self.m.edges != "listed":
            return []
        return [(j, n, self.g.cell(n) if self.g.is_name(n) else None) for j, n in enumerate(self.m.edge_cells)]


@dataclass
class Setup:
    """A position file: where each side's pieces stand."""

    g: TriGrid
    rules: VariantRules
    pos: Position
    src: Source
    layouts: dict[str, Layout] | None = None  # None: no layouts to check the position's name against

    @cached_property
    def regions(self):
        corners, half = self.g.regions()
        return {c: t for t, cs in corners.items() for c in cs}, set(half)

    @property
    def setup(self) -> bool:
        return self.pos.phase == "setup"

    def known(self, side: str):
        """(piece id, the cells as written) of each piece of ``side`` the rules know."""
        for pid, val in getattr(self.pos, side).items():
            if pid in PIECES:
                yield pid, val

    def cells(self):
        """(side, piece id, cell name, key path) of every placed piece the rules know."""
        for side in SIDES:
            for pid, val in self.known(side):
                names = [val] if isinstance(val, str) else list(val)
                for j, n in enumerate(names):
                    yield side, pid, n, (side, pid) if isinstance(val, str) else (side, pid, j)

    def corners_used(self, side: str) -> set[str]:
        corner_of, half = self.regions
        return {corner_of[self.g.cell(n)] for s, _pid, n, _loc in self.cells() if s == side and self.g.is_name(n)
                and self.g.cell(n) not in half and self.g.cell(n) in corner_of}


# ------------------------------------------------------------------ board and tokens


@RULES.rule("board.size", "Umsetzung (einem normalen KlinZha-Brett)",
            "the board has 9 cells per side (81 cells)", scope="board")
def board_size(b: Board):
    n = FACTS.value("board.size")
    if b.size != n:
        yield flag(f"a Klin Zha board has {n} cells per side ({n * n} cells); this one has {b.size}", "board", b.file)


@RULES.rule("rules.facts", "Aufstellung der Figuren; Playtest",
            "rules.yaml names every piece of a side and changes none of the document's numbers", scope="rules")
def rules_facts(r: RulesFile):
    yield from FACTS.restated(r.src)  # messages name the file: rules.yaml
    raw = r.src.raw.get("pieces") if isinstance(r.src.raw, dict) else None
    listed = []
    for i, p in enumerate(raw if isinstance(raw, list) else []):
        if not isinstance(p, dict):
            continue
        pid = str(p.get("id"))
        listed.append(pid)
        if pid not in PIECES:
            yield flag(f"rules.yaml names piece {pid!r}, which is not a Klin Zha piece; a side has "
                       f"{', '.join(f'{n} {k}' for k, n in PIECES.items())}", pid, r.src.at("pieces", i, "id"))
        elif p.get("count") is not None and p.get("count") != PIECES[pid]:
            yield flag(f"rules.yaml gives a side {p.get('count')} {pid}; {FACTS.cite('setup.pieces')} says "
                       f"{PIECES[pid]} (\"{FACTS['setup.pieces'].quote}\")", pid, r.src.at("pieces", i, "count"))
    missing = [k for k in PIECES if k not in listed]
    if missing:
        yield flag(f"rules.yaml has no name and mark for {', '.join(missing)}; a side has "
                   f"{', '.join(f'{n} {k}' for k, n in PIECES.items())}", "pieces", r.src.at("pieces"))


@RULES.rule("tokens.sides", "Aufstellung der Figuren", "the token sheet has a group per side", scope="tokens")
def token_sides(t: Tokens):
    groups = [g.id for g in t.sheet.groups]
    for side in SIDES:
        if side not in groups:
            yield flag(f"the token sheet has no group {side!r}", "tokens", t.src.at("groups"))


@RULES.rule("tokens.count", "Aufstellung der Figuren (normalen Regeln)",
            "every piece of both sides has its tokens", scope="tokens")
def token_count(t: Tokens):
    groups = [g.id for g in t.sheet.groups]
    by_id = {c.id: c for c in t.sheet.counters}
    for pid, count in PIECES.items():
        c = by_id.get(pid)
        if c is None:
            yield flag(f"no token for {pid!r}; each side needs {count}", "tokens", t.src.at("counters"))
            continue
        sides = groups if c.groups == "all" else (c.groups or [])
        for side in SIDES:
            if side in sides and c.count != count:
                yield flag(f"{side} {pid}: {c.count} token(s) printed, a side has {count}", "tokens",
                           t.src.at_id("counters", pid))
            elif side not in sides:
                yield flag(f"no {side} token for {pid!r}", "tokens", t.src.at_id("counters", pid))


@RULES.rule("tokens.neutral", "Aufstellung der Figuren (neutrale Figuren der entsprechenden Farbe)",
            "enough neutral tokens for pieces at cloud edges", scope="tokens", severity="warning")
def token_neutral(t: Tokens):
    neutral = next((c for c in t.sheet.counters if c.id == "neutral"), None)
    if t.rules.neutral_tokens and (neutral is None or neutral.count < t.rules.neutral_tokens):
        yield flag(f"the umpire needs {t.rules.neutral_tokens} neutral tokens per colour for pieces at cloud edges",
                   "tokens", t.src.at_id("counters", "neutral"))


# ------------------------------------------------------------------ cloud layouts


@RULES.rule("layout.cloud-name", "Umsetzung (eindeutig erkennbar)", "each cloud has its own name", scope="layout")
def cloud_name(k: Clouds):
    names = [c.name for c in k.m.clouds]
    for i, n in enumerate(names):
        if names.index(n) != i:
            yield flag(f"cloud name {n!r} is used twice", k.lay.name, k.at("clouds", i, "name"))


@RULES.rule("layout.cell-name", "Umsetzung (welcher Kategorie ein jedes Feld angehört)",
            "every cell a layout names is a cell of the board", scope="layout")
def cell_name(k: Clouds):
    for i, cloud, j, n, c in k.entries:
        if c is None:
            yield flag(f"cloud {cloud.name!r}: {n!r} is not a cell of the board (row letter A-I, then L and R, "
                       "e.g. A19, I55)", k.lay.name, k.at("clouds", i, "cells", j))
    for j, n, c in k.edge_entries():
        if c is None:
            yield flag(f"edge cell {n!r} is not a cell of the board", k.lay.name, k.at("edge_cells", j))


@RULES.rule("layout.classified-once", "Grundidee (Felder drei verschiedener Typen)",
            "every cell is exactly one of normal, cloud edge, under cloud", scope="layout")
def classified_once(k: Clouds):
    owner: dict[Cell, str] = {}
    for i, cloud, j, n, c in k.entries:
        if c in owner:
            yield flag(f"{k.g.name(c)} is under both {owner[c]!r} and {cloud.name!r}; every cell must have exactly "
                       "one class", k.lay.name, k.at("clouds", i, "cells", j))
        elif c is not None:
            owner[c] = cloud.name
    seen: set[Cell] = set()
    for j, n, c in k.edge_entries():
        if c in seen:
            yield flag(f"edge cell {n} is listed twice", k.lay.name, k.at("edge_cells", j))
        if c in k.owner:
            yield flag(f"{n} is listed as a cloud edge but lies under cloud {k.owner[c]!r}", k.lay.name,
                       k.at("edge_cells", j))
        if c is not None:
            seen.add(c)


@RULES.rule("layout.edge-touches", "Grundidee (halb von einer Wolke bedeckt)",
            "a listed edge cell touches a cloud cell", scope="layout", severity="warning")
def edge_touches(k: Clouds):
    for j, n, c in k.edge_entries():
        if c is not None and c not in k.owner and not set(k.g.corner_neighbours(c)) & set(k.owner):
            yield flag(f"edge cell {n} touches no cloud cell (neither by edge nor corner); the seed's edge cells are "
                       "half covered by a cloud", k.lay.name, k.at("edge_cells", j))


@RULES.rule("layout.edge-cells", "Grundidee (Feld am Rande einer Wolke)",
            "edge cells are listed only when the layout says edges: listed", scope="layout", severity="warning")
def edge_cells(k: Clouds):
    if k.m.edges != "listed" and k.m.edge_cells:
        yield flag(f"edge_cells are listed but edges: {k.m.edges} derives them; set edges: listed or drop the list",
                   k.lay.name, k.at("edge_cells"))


@RULES.rule("layout.moving", "Mögliche Erweiterung (daß die Wolken beweglich werden)",
            "moving clouds drift clouds the layout has, with derived edges", scope="layout")
def moving(k: Clouds):
    if not k.m.moving:
        return
    names = [c.name for c in k.m.clouds]
    for i, d in enumerate(k.m.moving.drift):
        if d.cloud not in names:
            yield flag(f"drift names cloud {d.cloud!r}, which the layout does not have (clouds: {', '.join(names)})",
                       k.lay.name, k.at("moving", "drift", i, "cloud"))
    if k.m.edges == "listed":
        yield flag("moving clouds need derived edges (edges: by-edge or by-corner); listed edge cells cannot "
                   "follow the clouds", k.lay.name, k.at("edges"))


@RULES.rule("layout.corner-limit", "Playtest (auf unter 8 pro Ecke begrenzt ... Blindvariante)",
            "fewer than 8 cells per corner fully under cloud at every step, unless the whole board is under cloud "
            "(the blind variant)", scope="layout",
            reading="German and English differ: 'unter 8 pro Ecke' (fewer than 8 per corner) against 'not more than 8 "
                    "fields per edge'. pnp follows the German: 8 cells of a corner under cloud are too many, and "
                    "'Ecke' is a corner region of the board (the English 'edge' reads as a slip). The blind variant "
                    "is decided by the cells: at a step where every cell lies under cloud the limit does not apply, "
                    "however many clouds cover the board and whatever the file is called.")
def corner_limit(k: Clouds):
    corners, _ = k.g.regions()
    for step in range(steps(k.m)):
        sky = resolve(k.g, k.m, step)
        if blind(k.g, sky):
            continue
        for tip, cells in corners.items():
            n = sum(1 for c in cells if c in sky.under)
            if n >= LIMIT:
                at = f" after move {step}" if step else ""
                yield flag(f"corner {tip}: {n} cells fully under cloud{at}; the limit is fewer than {LIMIT} per corner "
                           "unless the whole board is under cloud (blind)", k.lay.name, k.at("clouds"))


# ------------------------------------------------------------------ positions


@RULES.rule("position.layout", "Mögliche Erweiterung (nach X Zügen)",
            "a position names a layout of clouds/ and one of its steps", scope="position")
def position_layout(s: Setup):
    pos = s.pos
    if s.layouts is None or pos.layout is None:
        return
    lay = s.layouts.get(pos.layout)
    if lay is None:
        yield flag(f"no cloud layout {pos.layout!r} in clouds/ (have {', '.join(s.layouts)})", "position",
                   s.src.at("layout"))
    elif pos.step >= steps(lay.model):
        yield flag(f"layout {pos.layout!r} has steps 0..{steps(lay.model) - 1}, not {pos.step}", "position",
                   s.src.at("step"))


@RULES.rule("position.piece", "Aufstellung der Figuren (normalen Regeln)", "only the game's pieces", scope="position")
def position_piece(s: Setup):
    ids = list(PIECES)
    for side in SIDES:
        for pid in getattr(s.pos, side):
            if pid not in ids:
                yield flag(f"{side}: unknown piece {pid!r}; expected one of {', '.join(ids)}", side,
                           s.src.at(side, pid))


@RULES.rule("position.count", "Aufstellung der Figuren (normalen Regeln)",
            "a side never has more pieces than the rules give it, and sets up all of them", scope="position")
def position_count(s: Setup):
    want = PIECES
    for side in SIDES:
        for pid, val in s.known(side):
            n = 1 if isinstance(val, str) else len(val)
            if n > want[pid] or (s.setup and n != want[pid]):
                yield flag(f"{side} has {n} {pid}(s) on the board; a side has {want[pid]}", side, s.src.at(side, pid))
        missing = [pid for pid in want if pid not in getattr(s.pos, side)]
        if s.setup and missing:
            yield flag(f"{side} has not placed: {', '.join(missing)}", side, s.src.at(side))


@RULES.rule("position.cell-name", "Umsetzung (einem normalen KlinZha-Brett)",
            "every piece stands on a cell of the board", scope="position")
def position_cell_name(s: Setup):
    for side, pid, n, loc in s.cells():
        if not s.g.is_name(n):
            yield flag(f"{side} {pid}: {n!r} is not a cell of the board", side, s.src.at(*loc))


@RULES.rule("position.one-per-cell", "Aufstellung der Figuren (auf dem bereits eine Figur steht)",
            "one piece per cell", scope="position")
def one_per_cell(s: Setup):
    occupied: dict[Cell, str] = {}
    for side, pid, n, loc in s.cells():
        if not s.g.is_name(n):
            continue
        c = s.g.cell(n)
        if c in occupied:
            yield flag(f"{n} holds both {occupied[c]} and {side} {pid}; only one piece may stand on a cell", side,
                       s.src.at(*loc))
        occupied.setdefault(c, f"{side} {pid}")


@RULES.rule("position.half-space", "Aufstellung der Figuren (in eine Ecke)",
            "at setup no piece on a half-space cell", scope="position",
            reading="'in eine Ecke' by the normal rules: the lines from the board's centre to the midpoints of its "
                    "sides cut the half-space cells, which belong to no corner, so a side sets up on whole corner "
                    "cells only.")
def half_space(s: Setup):
    if not s.setup:
        return
    for side, pid, n, loc in s.cells():
        if s.g.is_name(n) and s.g.cell(n) in s.regions[1]:
            yield flag(f"{side} {pid} on {n}: half-space cells (cut by the centre lines) are not part of any corner "
                       "at setup", side, s.src.at(*loc))


@RULES.rule("position.facts", "Aufstellung der Figuren (in eine Ecke)",
            "a position cannot switch a rule of the document off", scope="position")
def position_facts(s: Setup):
    if s.pos.allow_half_spaces is not None:
        found = FACTS.compare("setup.allow_half_spaces", s.pos.allow_half_spaces, "the position's allow_half_spaces",
                              s.src.at("allow_half_spaces"), "position")
        if found is not None:
            yield found


@RULES.rule("position.one-corner", "Aufstellung der Figuren (in eine Ecke ... in einer der verbleibenden Ecken)",
            "at setup each side stands in one corner, and not the other side's", scope="position")
def one_corner(s: Setup):
    if not s.setup:
        return
    used = {side: s.corners_used(side) for side in SIDES}
    for side in SIDES:
        if len(used[side]) > 1:
            yield flag(f"{side} stands in {len(used[side])} corners ({', '.join(sorted(used[side]))}); a side sets up "
                       "inside one corner", side, s.src.at(side))
    if used["green"] and used["green"] == used["gold"]:
        yield flag(f"both sides set up in corner {', '.join(sorted(used['green']))}; the second player takes one of the "
                   "remaining corners", "setup", s.src.at())


# ------------------------------------------------------------------ entry points


def check_layout(g: TriGrid, rules: VariantRules, lay: Layout, ids=None) -> list[Finding]:
    return RULES.run(Clouds(g, rules, lay), "layout", ids=ids)


def check_position(kit, position: tuple, layouts: list[Layout] | None = None) -> list[Finding]:
    """``position`` as :func:`.sky.load_position` returns it; ``layouts`` to check its layout name against."""
    pos, raw, file = position
    named = {lay.name: lay for lay in layouts} if layouts else None
    return RULES.run(Setup(kit.grid(), kit.rules, pos, Source(file, raw), named), "position")


def check_kit(kit, position: tuple | None = None, tokens: tuple | None = None) -> list[Finding]:
    """Board, token sheet ((sheet, Source) if there is one), every layout and, given, a position."""
    out = RULES.run(Board(kit.board.size, kit.board_file), "board")
    out += RULES.run(RulesFile(kit.rules, kit.rules_src), "rules")
    if tokens is not None:
        out += RULES.run(Tokens(kit.rules, *tokens), "tokens")
    g = kit.grid()
    for lay in kit.layouts:
        out += check_layout(g, kit.rules, lay)
    if position is not None:
        out += check_position(kit, position, kit.layouts)
    return out
