"""Kafkas Halle checker: the deck and the set-up against the seed's facts.

The facts (counts, costs, squares) live in ``seed-facts.yaml``, transcribed
from the rule document; the deck and the board the user edits are compared
with them, so a broken deck or set-up is caught against the seed rather
than against itself. With ``state`` (a board YAML of a position in play) only
what must hold all game long is checked: Sperren never move, barriers keep
their shape and orientation, no two objects share a square (except both
figures on a goal), no barrier on a goal.

Files are read as raw YAML so every finding can point at ``file:line``.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from ...checks import Finding
from ...data.loader import display_path, load_yaml, locate
from ...game import loaded

FACTS_FILE = "seed-facts.yaml"
FILES = "abcdefghijklmnopqrstuvwxyz"


# ------------------------------------------------------------------ helpers


def _de(value: Any) -> str:
    if isinstance(value, dict):
        return str(value.get("de", ""))
    return "" if value is None else str(value)


class _Report:
    def __init__(self, seed: str):
        self.seed = seed
        self.findings: list[Finding] = []

    def add(self, rule: str, obj: str, message: str, where: str = "", severity: str = "error"):
        self.findings.append(Finding(rule, message, self.seed, obj, severity, where))


def _where(path: Path, raw: Any, loc: tuple) -> str:
    line, _col = locate(raw, loc)
    return f"{display_path(path)}:{line}"


def _files_of_kind(game, kind: str) -> list[tuple[Path, Any]]:
    """(path, raw YAML) of the game's files of one kind, from the shared read."""
    return [(p, raw) for p, k, _doc, raw in loaded(game) if k == kind]


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


def _name(sq: tuple[int, int]) -> str:
    return f"{FILES[sq[0]]}{sq[1] + 1}"


# ------------------------------------------------------------------ deck


def check_deck(facts: dict, rep: _Report, path: Path, raw: dict, symbol_ids: set[str]) -> None:
    want = facts["deck"]
    cats = {c.get("id"): _de(c.get("name")) for c in raw.get("categories") or [] if isinstance(c, dict)}
    cards = [c for c in raw.get("cards") or [] if isinstance(c, dict)]

    def copies(c) -> int:
        v = c.get("copies", 0)
        return v if isinstance(v, int) else 0

    total = sum(copies(c) for c in cards)
    if total != want["total"]:
        rep.add("deck.total", "deck", f"the deck has {total} cards; the seed has {want['total']}",
                _where(path, raw, ("cards",)))
    per_cat: Counter = Counter()
    for c in cards:
        per_cat[cats.get(c.get("category"), str(c.get("category")))] += copies(c)
    for cat, n in want["categories"].items():
        if per_cat.get(cat, 0) != n:
            rep.add("deck.category-total", cat,
                    f"category {cat} has {per_cat.get(cat, 0)} cards; the seed has {n}", _where(path, raw, ("categories",)))
    for cat in per_cat:
        if cat not in want["categories"]:
            rep.add("deck.category-unknown", cat,
                    f"category {cat!r} is not one of the seed's: {', '.join(want['categories'])}",
                    _where(path, raw, ("categories",)))

    by_name = {}
    for i, c in enumerate(cards):
        by_name.setdefault(_de(c.get("name")), (i, c))
    seed_names = {s["name"] for s in want["cards"]}
    for s in want["cards"]:
        name = s["name"]
        if name not in by_name:
            rep.add("deck.card-missing", name,
                    f"card type {name!r} ({s['copies']}× {s['category']}, cost {s['cost']}) is missing from the deck",
                    _where(path, raw, ("cards",)))
            continue
        i, c = by_name[name]
        cat = cats.get(c.get("category"), str(c.get("category")))
        if cat != s["category"]:
            rep.add("deck.card-category", name, f"{name!r} is in category {cat}; the seed puts it in {s['category']}",
                    _where(path, raw, ("cards", i, "category")))
        if c.get("copies") != s["copies"]:
            rep.add("deck.copies", name, f"{name!r} has {c.get('copies')} copies; the seed has {s['copies']}",
                    _where(path, raw, ("cards", i, "copies")))
        if c.get("cost") != s["cost"]:
            rep.add("deck.cost", name, f"{name!r} costs {c.get('cost')} actions; the seed says {s['cost']}",
                    _where(path, raw, ("cards", i, "cost")))
    for i, c in enumerate(cards):
        name = _de(c.get("name"))
        if name not in seed_names:
            rep.add("deck.card-unknown", name or str(c.get("id")),
                    f"card type {name!r} is not in the seed (names must match exactly)",
                    _where(path, raw, ("cards", i, "name")))
        sym = c.get("symbol")
        if sym is None:
            rep.add("deck.symbol", name or str(c.get("id")), f"{name!r} has no symbol",
                    _where(path, raw, ("cards", i)))
        elif sym not in symbol_ids:
            rep.add("deck.symbol", name or str(c.get("id")),
                    f"{name!r} refers to symbol {sym!r}, which no symbols file defines",
                    _where(path, raw, ("cards", i, "symbol")))
        if name.startswith(want["forbid_prefix"]) and c.get("cost") != 0:
            rep.add("deck.forbid-cost", name,
                    f"{name!r} is a forbid and must cost 0 actions (it is only played in reply); it costs {c.get('cost')}",
                    _where(path, raw, ("cards", i, "cost")))


# ------------------------------------------------------------------ set-up


class _Object:
    def __init__(self, index: int, piece: str, oid: str, squares: list, raw_at: Any):
        self.index, self.piece, self.id, self.squares, self.raw_at = index, piece, oid, squares, raw_at

    def __repr__(self):
        return self.id


def _objects(raw: dict, files: int, ranks: int, rep: _Report, path: Path) -> list[_Object]:
    out = []
    for i, o in enumerate(raw.get("objects") or []):
        if not isinstance(o, dict):
            continue
        piece = str(o.get("piece", ""))
        at = o.get("at")
        ats = at if isinstance(at, list) else [at]
        sqs = []
        oid = str(o.get("id") or f"{piece} {'-'.join(str(a) for a in ats)}")
        for a in ats:
            sq = parse_square(a, files, ranks)
            if sq is None:
                rep.add("setup.square", oid, f"{a!r} is not a square of the {files}×{ranks} hall (a1 to "
                        f"{FILES[files - 1]}{ranks})", _where(path, raw, ("objects", i, "at")))
            else:
                sqs.append(sq)
        out.append(_Object(i, piece, oid, sqs, at))
    return out


def _goals(raw: dict, facts_goals: dict, files: int, ranks: int) -> dict[str, tuple[int, int] | None]:
    marks = {m.get("id"): m.get("at") for m in raw.get("marks") or [] if isinstance(m, dict)}
    return {g: parse_square(marks.get(g), files, ranks) for g in facts_goals}


def check_setup(facts: dict, rep: _Report, path: Path, raw: dict, start: bool = True) -> None:
    s = facts["setup"]
    files, ranks = s["files"], s["ranks"]
    if raw.get("files", files) != files or raw.get("ranks", ranks) != ranks:
        rep.add("setup.board", "board", f"the hall is {raw.get('files')}×{raw.get('ranks')}; the seed uses "
                f"a {files}×{ranks} chessboard", _where(path, raw, ("files",)))
    objs = _objects(raw, files, ranks, rep, path)
    where_obj = lambda o: _where(path, raw, ("objects", o.index))  # noqa: E731

    # goals
    goals = _goals(raw, s["goals"], files, ranks)
    for g, sq in s["goals"].items():
        if goals[g] != parse_square(sq, files, ranks):
            got = _name(goals[g]) if goals[g] else "nowhere"
            rep.add("setup.goal", g.upper(), f"goal {g.upper()} is on {got}; the seed puts it on {sq}",
                    _where(path, raw, ("marks",)))
    goal_squares = {sq for sq in goals.values() if sq}

    # Sperren: immovable, so checked in play too
    sp = s["sperren"]
    got = Counter(sq for o in objs if o.piece == sp["piece"] for sq in o.squares)
    want = Counter(parse_square(q, files, ranks) for q in sp["squares"])
    missing = sorted(_name(q) for q in want if q not in got)
    extra = sorted(_name(q) for q in got if q not in want)
    if missing or extra or sum(got.values()) != len(sp["squares"]):
        parts = [f"{sum(got.values())} Sperren, the seed has {len(sp['squares'])}"]
        if missing:
            parts.append(f"missing on {', '.join(missing)}")
        if extra:
            parts.append(f"not in the seed: {', '.join(extra)}")
        rep.add("setup.sperren", "Sperren", "; ".join(parts), _where(path, raw, ("objects",)))

    # barriers
    for b in s["barriers"]:
        mine = [o for o in objs if o.piece == b["piece"]]
        if len(mine) != b["count"]:
            rep.add("setup.barrier-count", b["piece"], f"{len(mine)} pieces {b['piece']}; the seed has {b['count']}",
                    _where(path, raw, ("objects",)))
        for o in mine:
            if len(o.squares) != 2:
                rep.add("setup.barrier-shape", o.id, f"a barrier covers exactly two squares; {o.id} covers "
                        f"{len(o.squares)}", where_obj(o))
                continue
            (f1, r1), (f2, r2) = o.squares
            if abs(f1 - f2) + abs(r1 - r2) != 1:
                rep.add("setup.barrier-shape", o.id, f"{o.id} on {_name(o.squares[0])}-{_name(o.squares[1])}: a "
                        "barrier is a rigid bar over two orthogonally adjacent squares", where_obj(o))
                continue
            horizontal = r1 == r2
            if (b["orientation"] == "horizontal") != horizontal:
                rep.add("setup.barrier-orientation", o.id,
                        f"{o.id} ({b['piece']}) lies {'horizontally' if horizontal else 'vertically'}; "
                        f"the seed has {b['piece']} {b['orientation']}", where_obj(o))
            for sq in o.squares:
                if sq in goal_squares:
                    rep.add("setup.barrier-on-goal", o.id, f"{o.id} covers the goal square {_name(sq)}; barriers "
                            "may never stand on a goal square", where_obj(o))
        if start:
            got_pairs = sorted(tuple(sorted(_name(q) for q in o.squares)) for o in mine)
            want_pairs = sorted(tuple(sorted(p)) for p in b["start"])
            if got_pairs != want_pairs:
                rep.add("setup.barrier-start", b["piece"],
                        f"{b['piece']} start on {', '.join('-'.join(p) for p in got_pairs)}; the seed has "
                        f"{', '.join('-'.join(p) for p in want_pairs)}", _where(path, raw, ("objects",)))

    # no two objects on one square (both figures may share a goal)
    figure_pieces = {f["piece"] for f in s["figures"]}
    on: dict[tuple[int, int], list[_Object]] = {}
    for o in objs:
        for sq in o.squares:
            on.setdefault(sq, []).append(o)
    for sq in sorted(on):
        here = on[sq]
        if len(here) < 2:
            continue
        if sq in goal_squares and all(o.piece in figure_pieces for o in here):
            continue
        names = ", ".join(o.id for o in here)
        rep.add("setup.overlap", names, f"{names} share square {_name(sq)}; only the two figures may share a "
                "square, and only a goal square", where_obj(here[1]))

    # figures
    for f in s["figures"]:
        mine = [o for o in objs if o.piece == f["piece"]]
        if len(mine) != 1:
            rep.add("setup.figure-count", f["piece"], f"{len(mine)} pieces {f['piece']}; each player has one figure",
                    _where(path, raw, ("objects",)))
            continue
        if start:
            own = goals.get(f["goal"])
            others = [g for g in s["goals"] if g != f["goal"]]
            want_sq = goals.get(others[0]) if others else None
            fig = mine[0]
            if len(fig.squares) != 1 or want_sq is None or fig.squares[0] != want_sq:
                on_sq = ", ".join(_name(q) for q in fig.squares) or "nowhere"
                rep.add("setup.figure-start", fig.id,
                        f"{fig.id} starts on {on_sq}; a figure starts on the OTHER player's goal "
                        f"({others[0].upper() if others else '?'}"
                        f"{' ' + _name(want_sq) if want_sq else ''})"
                        + (" and not on its own" if own and fig.squares and fig.squares[0] == own else ""),
                        where_obj(fig))

    if start:
        _check_symmetry(rep, path, raw, objs, goals, files, ranks, s)


def _check_symmetry(rep, path, raw, objs, goals, files, ranks, s) -> None:
    """The start position looks the same after turning the board by 180 degrees."""
    turn = lambda q: (files - 1 - q[0], ranks - 1 - q[1])  # noqa: E731
    figure_of_goal = {f["goal"]: f["piece"] for f in s["figures"]}
    goal_ids = list(s["goals"])
    # the two players swap roles under the turn
    swap = {}
    if len(goal_ids) == 2:
        a, b = goal_ids
        swap = {figure_of_goal.get(a): figure_of_goal.get(b), figure_of_goal.get(b): figure_of_goal.get(a)}
    shapes = Counter((o.piece, frozenset(o.squares)) for o in objs)
    for o in objs:
        piece = swap.get(o.piece, o.piece)
        image = frozenset(turn(q) for q in o.squares)
        if shapes[(piece, image)] == 0:
            rep.add("setup.symmetry", o.id,
                    f"{o.id} on {'-'.join(_name(q) for q in o.squares)} has no partner {piece} on "
                    f"{'-'.join(_name(q) for q in sorted(image))} after a 180° turn; the seed's set-up is "
                    "point-symmetric", _where(path, raw, ("objects", o.index)))
    if len(goal_ids) == 2 and all(goals.get(g) for g in goal_ids):
        a, b = goal_ids
        if turn(goals[a]) != goals[b]:
            rep.add("setup.symmetry", f"{a.upper()}/{b.upper()}",
                    f"goals {_name(goals[a])} and {_name(goals[b])} are not opposite corners of a 180° turn",
                    _where(path, raw, ("marks",)))


# ------------------------------------------------------------------ entry point


def load_facts(game) -> tuple[Path, dict]:
    """The seed's facts, validated (positioned DataErrors if the file is damaged)."""
    from ...data.loader import validate
    from .facts import SeedFacts

    path = game.folder / FACTS_FILE
    raw = next((r for p, _k, _d, r in loaded(game) if p == path), None)
    if raw is None:
        raw = load_yaml(path)  # missing: load_yaml reports it as a data error
    validate(SeedFacts, raw, display_path(path))
    return path, raw


def check(game, state: Path | None = None) -> list[Finding]:
    # load_facts reads the game through pnp.game.loaded: broken files are data
    # errors (exit 2) exactly as `pnp build` reports them, before any rule runs.
    facts_path, facts = load_facts(game)
    rep = _Report(str(facts.get("seed") or game.seed))
    if state is not None:
        state = Path(state)
        raw = load_yaml(state)
        if not isinstance(raw, dict):
            lc = getattr(raw, "lc", None)
            at = f":{lc.line + 1}:{lc.col + 1}" if lc is not None else ""
            rep.add("setup.schema", "", "a position is a board file (a mapping with files, ranks, pieces, "
                    f"objects), not a {'list' if isinstance(raw, list) else type(raw).__name__}",
                    f"{display_path(state)}{at}")
            return rep.findings
        check_setup(facts, rep, state, raw, start=False)
        return rep.findings

    symbol_ids = set()
    for _p, lib in _files_of_kind(game, "symbols"):
        symbol_ids |= {s.get("id") for s in lib.get("symbols") or [] if isinstance(s, dict)}
    decks = _files_of_kind(game, "deck")
    if not decks:
        rep.add("deck.missing", "deck", "no deck file (kind: deck) in the game folder", str(game.folder))
    for p, raw in decks:
        check_deck(facts, rep, p, raw, symbol_ids)
    boards = _files_of_kind(game, "board")
    if not boards:
        rep.add("setup.missing", "board", "no board file (kind: board) in the game folder", str(game.folder))
    for p, raw in boards:
        check_setup(facts, rep, p, raw, start=True)
    return rep.findings
