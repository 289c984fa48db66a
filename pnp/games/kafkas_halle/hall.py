"""Kafkas Halle set-up rules: a board file (the start position, or a position in play).

Scope ``hall`` holds all game long: the Sperren never move, barriers keep their shape and
orientation and never stand on a goal, no two objects share a square (except both figures
on a goal). Scope ``start`` adds what only the start position must show: barriers and
figures on their start squares and the point symmetry of the seed's diagram.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from pnp.checks import Source, flag
from pnp.games.kafkas_halle.facts import RULES

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


@dataclass
class Hall:
    s: dict  # seed-facts.yaml: setup
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

    @cached_property
    def goals(self) -> dict[str, tuple[int, int] | None]:
        marks = {m.get("id"): m.get("at") for m in self.src.raw.get("marks") or [] if isinstance(m, dict)}
        return {g: parse_square(marks.get(g), *self.size) for g in self.s["goals"]}

    def barriers(self):
        """(seed facts of a barrier kind, a barrier of it, its two squares if it is a straight bar or None)."""
        for b in self.s["barriers"]:
            for o in self.of_piece(b["piece"]):
                yield b, o, straight(o)


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


@RULES.rule("setup.goal", "Die Spielfiguren (auf a1 bzw. h8)", "the goals are on a1 and h8", scope="hall")
def goals(h: Hall):
    for g, sq in h.s["goals"].items():
        if h.goals[g] != parse_square(sq, *h.size):
            got = name(h.goals[g]) if h.goals[g] else "nowhere"
            yield flag(f"goal {g.upper()} is on {got}; the seed puts it on {sq}", g.upper(), h.src.at("marks"))


@RULES.rule("setup.sperren", "Die Sperren (Sperren sind unbeweglich)",
            "twelve Sperren on the seed's squares; they never move", scope="hall")
def sperren(h: Hall):
    sp = h.s["sperren"]
    got = Counter(sq for o in h.of_piece(sp["piece"]) for sq in o.squares)
    want = Counter(parse_square(q, *h.size) for q in sp["squares"])
    missing = sorted(name(q) for q in want if q not in got)
    extra = sorted(name(q) for q in got if q not in want)
    if missing or extra or sum(got.values()) != len(sp["squares"]):
        parts = [f"{sum(got.values())} Sperren, the seed has {len(sp['squares'])}"]
        parts += [f"missing on {', '.join(missing)}"] if missing else []
        parts += [f"not in the seed: {', '.join(extra)}"] if extra else []
        yield flag("; ".join(parts), "Sperren", h.at())


@RULES.rule("setup.barrier-count", "Spielmaterial (zwei dunkle und zwei helle Barrieren)",
            "two light and two dark barriers", scope="hall")
def barrier_count(h: Hall):
    for b in h.s["barriers"]:
        n = len(h.of_piece(b["piece"]))
        if n != b["count"]:
            yield flag(f"{n} pieces {b['piece']}; the seed has {b['count']}", b["piece"], h.at())


@RULES.rule("setup.barrier-shape", "Die Barrieren (sie sind starre Balken)",
            "a barrier is a rigid bar over two orthogonally adjacent squares", scope="hall")
def barrier_shape(h: Hall):
    for _b, o, bar in h.barriers():
        if len(o.squares) != 2:
            yield flag(f"a barrier covers exactly two squares; {o.id} covers {len(o.squares)}", o.id, h.at(o))
        elif bar is None:
            yield flag(f"{o.id} on {name(o.squares[0])}-{name(o.squares[1])}: a barrier is a rigid bar over two "
                       "orthogonally adjacent squares", o.id, h.at(o))


@RULES.rule("setup.barrier-orientation", "Die Barrieren (die hellen Barrieren waagerecht, die dunklen senkrecht)",
            "light barriers lie horizontally, dark ones vertically", scope="hall")
def barrier_orientation(h: Hall):
    for b, o, bar in h.barriers():
        horizontal = bar is not None and bar[0][1] == bar[1][1]
        if bar is not None and (b["orientation"] == "horizontal") != horizontal:
            yield flag(f"{o.id} ({b['piece']}) lies {'horizontally' if horizontal else 'vertically'}; "
                       f"the seed has {b['piece']} {b['orientation']}", o.id, h.at(o))


@RULES.rule("setup.barrier-on-goal", "Die Spielfiguren (Barrieren können nicht auf Zielfelder geschoben werden)",
            "no barrier on a goal square", scope="hall")
def barrier_on_goal(h: Hall):
    goal_squares = {sq for sq in h.goals.values() if sq}
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
    goal_squares = {sq for sq in h.goals.values() if sq}
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


@RULES.rule("setup.figure-count", "Spielmaterial (zwei Spielfiguren)", "each player has one figure", scope="hall")
def figure_count(h: Hall):
    for f in h.s["figures"]:
        n = len(h.of_piece(f["piece"]))
        if n != 1:
            yield flag(f"{n} pieces {f['piece']}; each player has one figure", f["piece"], h.at())


@RULES.rule("setup.figure-start", "Die Spielfiguren (beginnt jeweils auf dem Zielfeld der anderen)",
            "a figure starts on the other player's goal", scope="start")
def figure_start(h: Hall):
    for f in h.s["figures"]:
        mine = h.of_piece(f["piece"])
        if len(mine) != 1:
            continue  # setup.figure-count
        fig, own = mine[0], h.goals.get(f["goal"])
        others = [g for g in h.s["goals"] if g != f["goal"]]
        want = h.goals.get(others[0]) if others else None
        if len(fig.squares) != 1 or want is None or fig.squares[0] != want:
            on_sq = ", ".join(name(q) for q in fig.squares) or "nowhere"
            yield flag(f"{fig.id} starts on {on_sq}; a figure starts on the OTHER player's goal "
                       f"({others[0].upper() if others else '?'}{' ' + name(want) if want else ''})"
                       + (" and not on its own" if own and fig.squares and fig.squares[0] == own else ""),
                       fig.id, h.at(fig))


@RULES.rule("setup.symmetry", "Zum Abschluss (die von mir vorgeschlagene Anfangsaufstellung)",
            "the start position looks the same after a 180° turn", scope="start")
def symmetry(h: Hall):
    files, ranks = h.size
    turn = lambda q: (files - 1 - q[0], ranks - 1 - q[1])  # noqa: E731
    figure_of_goal = {f["goal"]: f["piece"] for f in h.s["figures"]}
    goal_ids = list(h.s["goals"])
    swap = {}  # the two players swap roles under the turn
    if len(goal_ids) == 2:
        a, b = (figure_of_goal.get(g) for g in goal_ids)
        swap = {a: b, b: a}
    shapes = Counter((o.piece, frozenset(o.squares)) for o in h.objects)
    for o in h.objects:
        piece, image = swap.get(o.piece, o.piece), frozenset(turn(q) for q in o.squares)
        if shapes[(piece, image)] == 0:
            yield flag(f"{o.id} on {'-'.join(name(q) for q in o.squares)} has no partner {piece} on "
                       f"{'-'.join(name(q) for q in sorted(image))} after a 180° turn; the seed's set-up is "
                       "point-symmetric", o.id, h.at(o))
    if len(goal_ids) == 2 and all(h.goals.get(g) for g in goal_ids):
        a, b = goal_ids
        if turn(h.goals[a]) != h.goals[b]:
            yield flag(f"goals {name(h.goals[a])} and {name(h.goals[b])} are not opposite corners of a 180° turn",
                       f"{a.upper()}/{b.upper()}", h.src.at("marks"))
