"""Kafkas Halle set-up rules: a board file (the start position, or a position in play).

Scope ``hall`` holds all game long: exactly the document's material is on the hall, each
piece on as many squares as it covers, the Sperren never move, barriers keep their shape
and orientation and never stand on a goal, no two objects share a square (except both
figures on a goal). Scope ``start`` adds what only the start position must show: barriers
and figures on their start squares. The goal squares are the document's (a1, h8) whatever
the file's marks say; a mark elsewhere is the mark's fault alone.
"""
from __future__ import annotations

from dataclasses import field
from functools import cached_property
from typing import Any

from pnp.checks import Source, flag
from pnp.games.kafkas_halle.facts import RULES
from pnp.load.classes import dataclass

FILES = "abcdefghijklmnopqrstuvwxyz"


def parse_square(sq: Any, files: int, ranks: int) -> tuple[int, int] | None:
    """'c5' -> (2, 4) zero-based (file, rank); None when malformed or off the board."""
    if not isinstance(sq, str) or len(sq) < 2:
        return None
    f = FILES.find(sq[0].lower())
    try:
        r = int(sq[1:]) - 1
    except ValueError:
        return None
    if not (0 <= f < files and 0 <= r < ranks):
        return None
    return f, r


def name(sq: tuple[int, int]) -> str:
    return f"{FILES[sq[0]]}{sq[1] + 1}"


@dataclass
class Object:
    index: int  # position in objects:
    piece: str
    id: str
    squares: list = field(default_factory=list)
    bad: list = field(default_factory=list)  # what `at` names that is not a square of the hall

    @property
    def size(self) -> int:
        """How many squares ``at`` names (off the board or not)."""
        return len(self.squares) + len(self.bad)


@dataclass
class Hall:
    s: dict  # the facts under setup. (facts.SETUP)
    src: Source  # the board or position file

    @property
    def size(self) -> tuple[int, int]:
        return self.s["files"], self.s["ranks"]

    def at(self, o: Object | None = None):
        """Where an object is, or the objects list."""
        return self.src.at("objects") if o is None else self.src.at("objects", o.index)

    @cached_property
    def objects(self) -> list[Object]:
        out = []
        for i, o in enumerate(self.src.raw.get("objects") or []):
            if not isinstance(o, dict):
                continue
            ats = o.get("at") if isinstance(o.get("at"), list) else [o.get("at")]
            piece = str(o.get("piece", ""))
            obj = Object(i, piece, str(o.get("id") or f"{piece} {'-'.join(str(a) for a in ats)}"))
            for a in ats:
                sq = parse_square(a, *self.size)
                (obj.squares.append(sq) if sq else obj.bad.append(a))
            out.append(obj)
        return out

    def of_piece(self, piece: str) -> list[Object]:
        return [o for o in self.objects if o.piece == piece]

    def piece_types(self):
        """(index, entry) of the file's piece types (``pieces:``)."""
        return _entries(self.src.raw.get("pieces"))

    def marks(self):
        """(index, entry) of the file's marked squares (``marks:``)."""
        return _entries(self.src.raw.get("marks"))

    @cached_property
    def goals(self) -> dict[str, tuple[int, int] | None]:
        """Each goal mark -> the square the file puts it on (None: not a square, or not there)."""
        marks = {m.get("id"): m.get("at") for _i, m in self.marks()}
        return {g: parse_square(marks.get(g), *self.size) for g in self.s["goals"]}

    @cached_property
    def goal_squares(self) -> dict[str, tuple[int, int]]:
        """Each goal -> its square as the document has it."""
        return {g: parse_square(sq, *self.size) for g, sq in self.s["goals"].items()}

    def barriers(self):
        """(seed facts of a barrier kind, a barrier of it, its two squares if it is a straight bar or None)."""
        for b in self.s["barriers"]:
            for o in self.of_piece(b["piece"]):
                yield b, o, straight(o)


def _entries(items: Any) -> list[tuple[int, dict]]:
    """(index, entry) of the mappings in a list; each entry's ``id`` as text (whatever the file wrote)."""
    return [(i, {**e, "id": str(e.get("id"))}) for i, e in enumerate(items if isinstance(items, list) else [])
            if isinstance(e, dict)]


def straight(o: Object):
    if len(o.squares) != 2:
        return None
    (f1, r1), (f2, r2) = o.squares
    return o.squares if abs(f1 - f2) + abs(r1 - r2) == 1 else None


@RULES.rule("setup.schema", "Das Schachbrett (acht mal acht Einzelfeldern)",
            "a position is a board file (a mapping)", scope="position")
def schema(src: Source):
    what = "list" if isinstance(src.raw, list) else type(src.raw).__name__
    yield flag("a position is a board file (a mapping with files, ranks, pieces, objects), not a " + what,
               at=src.at())


@RULES.rule("setup.board", "Das Schachbrett (acht mal acht Einzelfeldern)",
            "the hall is an 8×8 chessboard", scope="hall")
def board(h: Hall):
    raw, (files, ranks) = h.src.raw, h.size
    if raw.get("files", files) != files or raw.get("ranks", ranks) != ranks:
        yield flag(f"the hall is {raw.get('files')}×{raw.get('ranks')}; the seed uses a {files}×{ranks} chessboard",
                   "board", h.src.at("files"))


@RULES.rule("setup.square", "Das Schachbrett (a1 bis h8)", "every object stands on squares a1 to h8", scope="hall")
def squares(h: Hall):
    files, ranks = h.size
    for o in h.objects:
        for a in o.bad:
            yield flag(f"{a!r} is not a square of the {files}×{ranks} hall (a1 to {FILES[files - 1]}{ranks})", o.id,
                       h.src.at("objects", o.index, "at"))


@RULES.rule("setup.goal", "Die Spielfiguren (auf a1 bzw. h8)", "the goal marks are on a1 and h8", scope="hall")
def goals(h: Hall):
    for g, sq in h.goal_squares.items():
        at = [(i, m) for i, m in h.marks() if m.get("id") == g]
        if len(at) == 1 and h.goals[g] != sq:  # no mark, or two: setup.count
            got = name(h.goals[g]) if h.goals[g] else repr(at[0][1].get("at"))
            yield flag(f"goal {g.upper()} is on {got}; the document puts it on {name(sq)}", g.upper(),
                       h.src.at("marks", at[0][0]))


@RULES.rule("setup.material", "Spielmaterial (zwölf Sperren, zwei dunkle und zwei helle Barrieren, zwei "
            "Spielfiguren, zwei Zielmarkierungen)",
            "nothing on the hall but the game's material: Sperren, barriers, figures and the goal marks", scope="hall",
            reading="a marked square is one of the two Zielmarkierungen, so a position shows exactly the marks Z1 and "
                    "Z2 and no other; nothing leaves the hall in play, so a position in play holds all the material "
                    "the start does; a piece of the material is known by its id (sperre, helle-barriere, "
                    "dunkle-barriere, figur-1, figur-2), while its name, label, shape and colour are the user's")
def material(h: Hall):
    kinds = h.s["material"]
    listed = f"{', '.join(kinds)} and the goal marks {', '.join(g.upper() for g in h.s['goals'])}"
    for i, p in h.piece_types():
        if p.get("id") not in kinds:
            yield flag(f"piece type {p['id']!r} is no game material; the hall holds only {listed}",
                       p["id"], h.src.at("pieces", i, "id"))
    for o in h.objects:
        if o.piece not in kinds:
            yield flag(f"{o.id}: {o.piece!r} is no game material; the hall holds only {listed}", o.id, h.at(o))
    for i, m in h.marks():
        if m.get("id") not in h.s["goals"]:
            yield flag(f"mark {m['id']!r} is no game material; the only marks are the goal marks "
                       f"{', '.join(g.upper() for g in h.s['goals'])}", m["id"], h.src.at("marks", i))


@RULES.rule("setup.count", "Spielmaterial (zwölf Sperren, zwei dunkle und zwei helle Barrieren, zwei "
            "Spielfiguren, zwei Zielmarkierungen)",
            "12 Sperren, 2 light and 2 dark barriers, one figure per player and one mark per goal", scope="hall")
def count(h: Hall):
    for piece, n in h.s["material"].items():
        got = len(h.of_piece(piece))
        if got != n:
            yield flag(f"{got} pieces {piece}; the document has {n}", piece, h.at())
    for g in h.s["goals"]:
        got = sum(1 for _i, m in h.marks() if m.get("id") == g)
        if got != 1:
            yield flag(f"{got} goal marks {g.upper()}; the document marks each goal square once", g.upper(),
                       h.src.at("marks"))


@RULES.rule("setup.piece-squares", "Die Sperren (Sie nehmen jeweils ein Feld ein); Die Barrieren (Sie nehmen "
            "jeweils zwei Felder ein)",
            "a Sperre or a figure covers one square, a barrier two", scope="hall")
def piece_squares(h: Hall):
    want = h.s["squares"]
    for i, p in h.piece_types():
        n = p.get("squares", 1)
        if p.get("id") in want and n != want[p["id"]]:
            yield flag(f"piece type {p['id']!r} covers {n} square(s); a {p['id']} covers {want[p['id']]}",
                       p["id"], h.src.at("pieces", i, "squares"))
    for o in h.objects:
        if o.piece in want and o.size != want[o.piece]:
            yield flag(f"{o.id} covers {o.size} square(s); a {o.piece} covers {want[o.piece]}", o.id, h.at(o))


@RULES.rule("setup.sperren", "Die Sperren (Sperren sind unbeweglich)",
            "the Sperren stand on the document's squares; they never move", scope="hall")
def sperren(h: Hall):
    sp = h.s["sperren"]
    got = {sq for o in h.of_piece(sp["piece"]) for sq in o.squares}
    want = {parse_square(q, *h.size) for q in sp["squares"]}
    missing = sorted(name(q) for q in want - got)
    extra = sorted(name(q) for q in got - want)
    if missing or extra:
        parts = [f"missing on {', '.join(missing)}"] if missing else []
        parts += [f"not in the document: {', '.join(extra)}"] if extra else []
        yield flag("Sperren " + "; ".join(parts), "Sperren", h.at())


@RULES.rule("setup.barrier-shape", "Die Barrieren (sie sind starre Balken)",
            "a barrier's two squares lie side by side", scope="hall")
def barrier_shape(h: Hall):
    for _b, o, bar in h.barriers():
        if len(o.squares) == 2 and not o.bad and bar is None:
            yield flag(f"{o.id} on {name(o.squares[0])}-{name(o.squares[1])}: a barrier is a rigid bar over two "
                       "orthogonally adjacent squares", o.id, h.at(o))


@RULES.rule("setup.barrier-orientation", "Die Barrieren (die hellen Barrieren waagerecht, die dunklen senkrecht)",
            "light barriers lie horizontally, dark ones vertically", scope="hall",
            reading="waagerecht and senkrecht in the board's own terms: a light barrier lies along a rank (d3-e3), a "
                    "dark one along a file (a4-a5), in every position of the game. Turning the hall turns the board "
                    "with everything on it and barriers are only pushed, never turned, so what a player sees as "
                    "waagerecht after a quarter turn is still a light barrier along a rank.")
def barrier_orientation(h: Hall):
    for b, o, bar in h.barriers():
        horizontal = bar is not None and bar[0][1] == bar[1][1]
        if bar is not None and (b["orientation"] == "horizontal") != horizontal:
            yield flag(f"{o.id} ({b['piece']}) lies {'horizontally' if horizontal else 'vertically'}; "
                       f"the seed has {b['piece']} {b['orientation']}", o.id, h.at(o))


@RULES.rule("setup.barrier-on-goal", "Die Spielfiguren (Barrieren können nicht auf Zielfelder geschoben werden)",
            "no barrier on a goal square", scope="hall")
def barrier_on_goal(h: Hall):
    goal_squares = set(h.goal_squares.values())
    for _b, o, bar in h.barriers():
        for sq in bar or ():
            if sq in goal_squares:
                yield flag(f"{o.id} covers the goal square {name(sq)}; barriers may never stand on a goal square",
                           o.id, h.at(o))


@RULES.rule("setup.barrier-start", "Die Barrieren (Ihre Anfangspositionen)",
            "barriers start on the seed's squares", scope="start")
def barrier_start(h: Hall):
    for b in h.s["barriers"]:
        got = sorted(tuple(sorted(name(q) for q in o.squares)) for o in h.of_piece(b["piece"]))
        want = sorted(tuple(sorted(p)) for p in b["start"])
        if got != want:
            yield flag(f"{b['piece']} start on {', '.join('-'.join(p) for p in got)}; the seed has "
                       f"{', '.join('-'.join(p) for p in want)}", b["piece"], h.at())


@RULES.rule("setup.overlap",
            "Die Spielfiguren (die einzigen Felder, auf denen beide Spielfiguren gleichzeitig stehen können)",
            "one object per square; only both figures may share a goal square", scope="hall")
def overlap(h: Hall):
    figures = {f["piece"] for f in h.s["figures"]}
    goal_squares = set(h.goal_squares.values())
    on: dict[tuple[int, int], list[Object]] = {}
    for o in h.objects:
        for sq in o.squares:
            on.setdefault(sq, []).append(o)
    for sq in sorted(on):
        here = on[sq]
        if len(here) < 2 or (sq in goal_squares and all(o.piece in figures for o in here)):
            continue
        names = ", ".join(o.id for o in here)
        yield flag(f"{names} share square {name(sq)}; only the two figures may share a square, and only a goal "
                   "square", names, h.at(here[1]))


@RULES.rule("setup.figure-start", "Die Spielfiguren (beginnt jeweils auf dem Zielfeld der anderen)",
            "a figure starts on the other player's goal", scope="start")
def figure_start(h: Hall):
    for f in h.s["figures"]:
        mine = h.of_piece(f["piece"])
        if len(mine) != 1 or mine[0].size != 1 or mine[0].bad:
            continue  # setup.count, setup.piece-squares, setup.square
        fig, own = mine[0], h.goal_squares.get(f["goal"])
        others = [g for g in h.s["goals"] if g != f["goal"]]
        want = h.goal_squares.get(others[0]) if others else None
        if fig.squares[0] != want:
            yield flag(f"{fig.id} starts on {name(fig.squares[0])}; a figure starts on the OTHER player's goal "
                       f"({others[0].upper() if others else '?'}{' ' + name(want) if want else ''})"
                       + (" and not on its own" if fig.squares[0] == own else ""),
                       fig.id, h.at(fig))
