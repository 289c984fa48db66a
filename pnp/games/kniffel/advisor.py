"""Best ways to split a roll of 18 dice into three sets and fill three open Vorgaben.

Exact search: every distinct split of the roll into an ordered triple of
six-dice multisets (A, B, C) is enumerated once, as count vectors, so equal
dice are never told apart and no split is visited twice. For each choice of
three open Vorgaben (v1 < v2 < v3 in sheet order) set A goes to v1, B to v2
and C to v3; together that covers every (split, assignment) exactly once.

Per-set scores come from a table of all 462 six-dice multisets x 18
Vorgaben, built once; the roll's splits are cached per roll. Triples of
Vorgaben are visited in order of an upper bound so most are skipped once the
best options are known.

Ranking: points of the three sets, plus the bonus (36) when this turn lifts
the Bonusblock from below 84 to 84 or more. The advisor does not guess future
turns: when more than three Vorgaben are open it reports whether the bonus is
secured, still reachable (``open``) or out of reach (``lost``).
"""
from __future__ import annotations

import itertools
from dataclasses import field
from functools import lru_cache

import numpy as np

from pnp.games.kniffel.scoring import (BONUS_POINTS, BONUS_THRESHOLD, INDEX, ROLL_SIZE, SET_SIZE, VORGABEN, Dice,
                      KniffelInputError, parse_dice, score, vorgabe)
from pnp.load.classes import dataclass

_BASE = 7 ** np.arange(6, dtype=np.int64)  # count vector -> code (linear, so codes subtract)


def _all_sets() -> np.ndarray:
    rows = [c for c in itertools.product(range(SET_SIZE + 1), repeat=6) if sum(c) == SET_SIZE]
    return np.array(rows, dtype=np.int64)


_SETS = _all_sets()  # (462, 6) counts of faces 1..6
_CODES = _SETS @ _BASE
_LOOKUP = np.full(7 ** 6, -1, dtype=np.int64)
_LOOKUP[_CODES] = np.arange(len(_SETS))
_DICE: list[Dice] = [tuple(f + 1 for f in range(6) for _ in range(int(c[f]))) for c in _SETS]
# score of every multiset on every Vorgabe, in sheet order
_SCORES = np.array([[score(d, v) for v in VORGABEN] for d in _DICE], dtype=np.int16)
# _FITS[f][n]: which multisets have at most n dice showing face f + 1
_FITS = [np.array([_SETS[:, f] <= n for n in range(SET_SIZE + 1)]) for f in range(6)]


@lru_cache(maxsize=64)
def _splits(counts: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Indices (A, B, C) into the multiset table of every ordered split of the roll."""
    c = np.array(counts, dtype=np.int64)
    a_idx = np.flatnonzero(np.all(_SETS <= c, axis=1))
    rest = np.minimum(c[None, :] - _SETS[a_idx], SET_SIZE)  # (nA, 6), what is left per face
    ok = _FITS[0][rest[:, 0]]  # B fits the rest: face by face, from precomputed masks
    for f in range(1, 6):
        ok &= _FITS[f][rest[:, f]]
    ia, b = np.nonzero(ok)
    a = a_idx[ia]
    cc = _LOOKUP[int(c @ _BASE) - _CODES[a] - _CODES[b]]
    for arr in (a, b, cc):
        arr.setflags(write=False)
    return a, b, cc


@dataclass(frozen=True)
class Placement:
    dice: Dice
    vorgabe: str
    points: int
    fulfilled: bool

    def as_dict(self) -> dict:
        return {"dice": list(self.dice), "vorgabe": self.vorgabe, "points": self.points,
                "fulfilled": self.fulfilled}


@dataclass(frozen=True)
class Option:
    sets: tuple[Placement, Placement, Placement]
    total: int  # points of the three sets
    block_before: int  # Bonusblock points before this turn
    block_after: int
    bonus_status: str  # already | secured | missed | open | lost | none
    bonus_gained: int  # 36 if this turn secures the bonus, else 0

    @property
    def value(self) -> int:
        return self.total + self.bonus_gained

    def as_dict(self, rank: int | None = None) -> dict:
        d = {"sets": [p.as_dict() for p in self.sets], "total": self.total,
             "bonus": {"block_before": self.block_before, "block_after": self.block_after,
                       "status": self.bonus_status, "points": self.bonus_gained},
             "value": self.value}
        return {"rank": rank, **d} if rank is not None else d


@dataclass
class Advice:
    roll: Dice
    open: tuple[str, ...]
    bonus_so_far: int
    final_turn: bool
    options: list[Option] = field(default_factory=list)
    best_securing_bonus: Option | None = None
    best_without_bonus: Option | None = None

    def as_dict(self) -> dict:
        return {"roll": list(self.roll), "open": list(self.open), "bonus_so_far": self.bonus_so_far,
                "final_turn": self.final_turn,
                "options": [o.as_dict(i + 1) for i, o in enumerate(self.options)],
                "best_securing_bonus": self.best_securing_bonus.as_dict() if self.best_securing_bonus else None,
                "best_without_bonus": self.best_without_bonus.as_dict() if self.best_without_bonus else None}


def _open_indices(open_labels) -> list[int]:
    idx = []
    for lab in open_labels:
        v = vorgabe(lab)
        if INDEX[v.label] in idx:
            raise KniffelInputError(f"Vorgabe {v.label} is listed twice in --open")
        idx.append(INDEX[v.label])
    if len(idx) < 3:
        raise KniffelInputError(f"a turn fills three Vorgaben; --open lists {len(idx)} "
                                "(give every Vorgabe still open on the Bilanz, at least three)")
    return sorted(idx)


def _checked(roll: "Dice | str", open_labels, bonus_so_far: int, top: int) -> tuple[Dice, list[int]]:
    """The roll's dice and the open Vorgaben's indices, or KniffelInputError saying what is wrong."""
    dice = parse_dice(roll if isinstance(roll, str) else list(roll), ROLL_SIZE, "roll")
    opened = _open_indices(open_labels)
    closed_max = sum(6 * VORGABEN[i].face for i in range(6) if i not in opened)
    if not 0 <= bonus_so_far <= closed_max:
        raise KniffelInputError(f"--bonus-so-far {bonus_so_far} is impossible: the filled Bonusblock rows "
                                f"can hold 0 to {closed_max} points")
    if top < 1:
        raise KniffelInputError("--top must be at least 1")
    return dice, opened


_LOW = -30000  # below any real value, fits int16


class _Search:
    """One roll against the open Vorgaben: per-set score arrays of every split, an upper bound per
    triple of Vorgaben, and the options found so far (keys (-value, triple, split), best first)."""

    def __init__(self, dice: Dice, opened: list[int], bonus_so_far: int, top: int):
        self.opened, self.bonus_so_far, self.top = opened, bonus_so_far, top
        self.a, self.b, self.c = _splits(tuple(dice.count(f) for f in range(1, 7)))
        self.k = k = len(opened)
        table = np.ascontiguousarray(_SCORES[:, np.array(opened)].T)  # (k, 462)
        self.sa, self.sb, self.sc = (np.ascontiguousarray(table[:, idx]) for idx in (self.a, self.b, self.c))
        self.is_bonus = np.array([VORGABEN[i].bonus_block for i in opened])
        self.need = BONUS_THRESHOLD - bonus_so_far  # > 0: bonus still to win
        self.tri = np.array(list(itertools.combinations(range(k), 3)), dtype=np.int64)
        self.track = bool(self.need > 0 and self.is_bonus.any())  # report best with / without the bonus
        self._bounds()
        self.found: list[tuple] = []
        self.thr = _LOW  # value of the current top-th option
        self.best_sec: tuple = (np.inf,)  # smallest key wins
        self.best_non: tuple = (np.inf,)

    def _bounds(self) -> None:
        """Upper bounds. The split list is closed under permuting (A, B, C), so the best single-set
        score M[u] and the best two-set score PM[u, v] (two different sets of one split) are the same
        whichever sets play the roles."""
        sa, sb, k, tri = self.sa, self.sb, self.k, self.tri
        m1 = sa.max(axis=1).astype(np.int64)
        pm = np.zeros((k, k), dtype=np.int64)
        for u in range(k - 1):
            pm[u, u + 1:] = (sa[u][None, :] + sb[u + 1:]).max(axis=1)
        ti, tj, tl = tri[:, 0], tri[:, 1], tri[:, 2]
        self.base = np.minimum(np.minimum(pm[ti, tj] + m1[tl], pm[ti, tl] + m1[tj]), pm[tj, tl] + m1[ti])
        bonus_cap = np.where(self.is_bonus, m1, 0)[tri].sum(axis=1)
        self.has_bonus = self.is_bonus[tri].any(axis=1) & (self.need > 0) & (bonus_cap >= self.need)
        self.sec_bound = np.where(self.has_bonus, self.base + BONUS_POINTS, _LOW)

    def run(self) -> None:
        """Visit the triples in order of their bound, skipping those that cannot change a result."""
        for t in np.argsort(-np.maximum(self.base, self.sec_bound), kind="stable"):
            t = int(t)
            sb_t, base_t = int(self.sec_bound[t]), int(self.base[t])
            want_top = len(self.found) < self.top or max(base_t, sb_t) >= self.thr
            want_sec = self.track and self.has_bonus[t] and -sb_t <= self.best_sec[0]
            want_non = self.track and -base_t <= self.best_non[0]
            if want_top or want_sec or want_non:
                self._visit(t, want_top, want_sec, want_non)

    def _visit(self, t: int, want_top: bool, want_sec: bool, want_non: bool) -> None:
        i, j, l = (int(x) for x in self.tri[t])
        val = self.sa[i] + self.sb[j] + self.sc[l]
        sec = None
        if self.has_bonus[t]:
            bb = sum(arr[row] for row, arr in ((i, self.sa), (j, self.sb), (l, self.sc)) if self.is_bonus[row])
            sec = bb >= self.need
            val = val + BONUS_POINTS * sec
        if want_top and (len(self.found) < self.top or int(val.max()) >= self.thr):
            self._take_top(t, val)
        if want_sec and sec is not None:
            self.best_sec = min(self.best_sec, self._best_of(t, val, np.where(sec, val, _LOW)))
        if want_non:
            self.best_non = min(self.best_non, self._best_of(t, val, val if sec is None else np.where(sec, _LOW, val)))

    def _take_top(self, t: int, val: np.ndarray) -> None:
        top, n = self.top, len(val)
        if len(self.found) < top and n > top:  # no threshold yet: find this triple's top-th value
            cut = max(int(val[np.argpartition(val, n - top)[n - top]]), self.thr)
        else:
            cut = self.thr
        cand = np.flatnonzero(val >= cut)
        cand = cand[np.argsort(-val[cand], kind="stable")][:top]
        self.found = sorted(self.found + [(-int(val[p]), t, int(p)) for p in cand])[:top]
        if len(self.found) == top:
            self.thr = -self.found[-1][0]

    @staticmethod
    def _best_of(t: int, val: np.ndarray, masked: np.ndarray) -> tuple:
        """The key of the best split that ``masked`` leaves in, or (inf,) when it leaves none."""
        p = int(np.argmax(masked))
        return (-int(val[p]), t, p) if masked[p] > _LOW else (np.inf,)

    def option(self, key) -> Option:
        _, t, p = key
        sets = []
        for row, idx in zip(self.tri[t], (self.a, self.b, self.c)):
            d = _DICE[int(idx[p])]
            v = VORGABEN[self.opened[int(row)]]
            sets.append(Placement(d, v.label, score(d, v), v.test(d)))
        block = sum(s.points for s, row in zip(sets, self.tri[t]) if self.is_bonus[row])
        used = {self.opened[int(r)] for r in self.tri[t]}
        after = self.bonus_so_far + block
        remaining = sum(6 * VORGABEN[i].face for i in self.opened if i < 6 and i not in used)
        status, gained = _bonus_status(self.bonus_so_far, after, remaining, self.k == 3)
        return Option(tuple(sets), sum(s.points for s in sets), self.bonus_so_far, after, status, gained)


def _bonus_status(before: int, after: int, remaining: int, final_turn: bool) -> tuple[str, int]:
    """What this turn does to the bonus, and the points it gains by it."""
    if before >= BONUS_THRESHOLD:
        return "already", 0
    if after >= BONUS_THRESHOLD:
        return "secured", BONUS_POINTS
    if final_turn:
        return "missed", 0
    return ("lost", 0) if after + remaining < BONUS_THRESHOLD else ("open", 0)


def best(roll: "Dice | str", open_labels, bonus_so_far: int = 0, top: int = 5) -> Advice:
    """Rank the ways to split ``roll`` (18 dice) and fill three of the ``open`` Vorgaben."""
    dice, opened = _checked(roll, open_labels, bonus_so_far, top)
    search = _Search(dice, opened, bonus_so_far, top)
    search.run()
    advice = Advice(dice, tuple(VORGABEN[i].label for i in opened), bonus_so_far, search.k == 3,
                    [search.option(key) for key in search.found])
    if search.track:
        if search.best_sec[0] != np.inf:
            advice.best_securing_bonus = search.option(search.best_sec)
        if search.best_non[0] != np.inf:
            advice.best_without_bonus = search.option(search.best_non)
    return advice
