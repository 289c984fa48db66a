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
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from pnp.games.kniffel.scoring import (BONUS_POINTS, BONUS_THRESHOLD, INDEX, ROLL_SIZE, SET_SIZE, VORGABEN, Dice,
                      KniffelInputError, parse_dice, score, vorgabe)

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


def best(roll: "Dice | str", open_labels, bonus_so_far: int = 0, top: int = 5) -> Advice:
    """Rank the ways to split ``roll`` (18 dice) and fill three of the ``open`` Vorgaben."""
    dice = parse_dice(roll if isinstance(roll, str) else list(roll), ROLL_SIZE, "roll")
    opened = _open_indices(open_labels)
    closed_max = sum(6 * VORGABEN[i].face for i in range(6) if i not in opened)
    if not 0 <= bonus_so_far <= closed_max:
        raise KniffelInputError(f"--bonus-so-far {bonus_so_far} is impossible: the filled Bonusblock rows "
                                f"can hold 0 to {closed_max} points")
    if top < 1:
        raise KniffelInputError("--top must be at least 1")
    counts = tuple(dice.count(f) for f in range(1, 7))
    a, b, c = _splits(counts)
    k = len(opened)
    cols = np.array(opened)
    table = np.ascontiguousarray(_SCORES[:, cols].T)  # (k, 462)
    sa, sb, sc = (np.ascontiguousarray(table[:, idx]) for idx in (a, b, c))  # (k, P) each
    is_bonus = np.array([VORGABEN[i].bonus_block for i in opened])
    need = BONUS_THRESHOLD - bonus_so_far  # > 0: bonus still to win

    tri = np.array(list(itertools.combinations(range(k), 3)), dtype=np.int64)
    # Upper bounds. The split list is closed under permuting (A, B, C), so the
    # best single-set score M[u] and the best two-set score PM[u, v] (two
    # different sets of one split) are the same whichever sets play the roles.
    m1 = sa.max(axis=1).astype(np.int64)
    pm = np.zeros((k, k), dtype=np.int64)
    for u in range(k - 1):
        pm[u, u + 1:] = (sa[u][None, :] + sb[u + 1:]).max(axis=1)
    ti, tj, tl = tri[:, 0], tri[:, 1], tri[:, 2]
    base = np.minimum(np.minimum(pm[ti, tj] + m1[tl], pm[ti, tl] + m1[tj]), pm[tj, tl] + m1[ti])
    bonus_cap = np.where(is_bonus, m1, 0)[tri].sum(axis=1)
    has_bonus = is_bonus[tri].any(axis=1) & (need > 0) & (bonus_cap >= need)
    track = bool(need > 0 and is_bonus.any())  # report best with / without the bonus
    low = -30000  # below any real value, fits int16
    sec_bound = np.where(has_bonus, base + BONUS_POINTS, low)
    order = np.argsort(-np.maximum(base, sec_bound), kind="stable")

    found: list[tuple] = []  # keys (-value, triple, pair), best first
    thr = low  # value of the current top-th option
    best_sec: tuple = (np.inf,)  # smallest key wins
    best_non: tuple = (np.inf,)
    for t in order:
        t = int(t)
        sb_t, base_t = int(sec_bound[t]), int(base[t])
        want_top = len(found) < top or max(base_t, sb_t) >= thr
        want_sec = track and has_bonus[t] and -sb_t <= best_sec[0]
        want_non = track and -base_t <= best_non[0]
        if not (want_top or want_sec or want_non):
            continue
        i, j, l = (int(x) for x in tri[t])
        val = sa[i] + sb[j] + sc[l]
        sec = None
        if has_bonus[t]:
            bb = sum(arr[row] for row, arr in ((i, sa), (j, sb), (l, sc)) if is_bonus[row])
            sec = bb >= need
            val = val + BONUS_POINTS * sec
        if want_top and (len(found) < top or int(val.max()) >= thr):
            n = len(val)
            if len(found) < top and n > top:  # no threshold yet: find this triple's top-th value
                cut = max(int(val[np.argpartition(val, n - top)[n - top]]), thr)
            else:
                cut = thr
            cand = np.flatnonzero(val >= cut)
            cand = cand[np.argsort(-val[cand], kind="stable")][:top]
            found = sorted(found + [(-int(val[p]), t, int(p)) for p in cand])[:top]
            if len(found) == top:
                thr = -found[-1][0]
        if want_sec and sec is not None:
            masked = np.where(sec, val, low)
            p = int(np.argmax(masked))
            if masked[p] > low:
                best_sec = min(best_sec, (-int(val[p]), t, p))
        if want_non:
            masked = val if sec is None else np.where(sec, low, val)
            p = int(np.argmax(masked))
            if masked[p] > low:
                best_non = min(best_non, (-int(val[p]), t, p))

    def make(key) -> Option:
        _, t, p = key
        sets = []
        for row, idx in zip(tri[t], (a, b, c)):
            d = _DICE[int(idx[p])]
            v = VORGABEN[opened[int(row)]]
            sets.append(Placement(d, v.label, score(d, v), v.test(d)))
        block = sum(s.points for s, row in zip(sets, tri[t]) if is_bonus[row])
        used = {opened[int(r)] for r in tri[t]}
        after = bonus_so_far + block
        remaining = sum(6 * VORGABEN[i].face for i in opened if i < 6 and i not in used)
        gained = 0
        if bonus_so_far >= BONUS_THRESHOLD:
            status = "already"
        elif after >= BONUS_THRESHOLD:
            status, gained = "secured", BONUS_POINTS
        elif k == 3:
            status = "missed"
        elif after + remaining < BONUS_THRESHOLD:
            status = "lost"
        else:
            status = "open"
        return Option(tuple(sets), sum(s.points for s in sets), bonus_so_far, after, status, gained)

    advice = Advice(dice, tuple(VORGABEN[i].label for i in opened), bonus_so_far, k == 3,
                    [make(key) for key in found])
    if track:
        if best_sec[0] != np.inf:
            advice.best_securing_bonus = make(best_sec)
        if best_non[0] != np.inf:
            advice.best_without_bonus = make(best_non)
    return advice
