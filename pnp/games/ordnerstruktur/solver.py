"""Exhaustive solver: every path through a structure, scored exactly.

The full game has 6 * 4^10 = 6,291,456 paths, the four-people variant
4 * 3^10 = 236,196. Path prefixes are kept in numpy arrays grouped by the
name they stand on: per group a (6, rows) int16 array of account sums (-1 =
no entry yet, an unused account, see ``scoring``), the path number so far and
the points collected. Because every prefix in a group takes the same four
moves, a move adds one scalar to one fixed account row of the whole group,
so each level costs a few vector operations per (name, move). The last move
is not stored: its 24 blocks are scored directly (highest/lowest over used
accounts, ties struck) and folded into a histogram. Path numbers are
start * deg^depth + the move digits in column order, so "the first optimal
path" is well defined and decodable. Exact: nothing is pruned.

``brute_force`` walks the same paths in plain Python through
:func:`scoring.final_score`; tests compare the two on small structures.
"""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Sequence

import numpy as np

from pnp.games.ordnerstruktur.model import ACCOUNTS, Moves, moves
from pnp.games.ordnerstruktur.scoring import final_score
from pnp.load.classes import dataclass

NO_ENTRY = -1


@dataclass(frozen=True)
class Solution:
    best: int
    best_path: tuple[str, ...]  # the first optimal path in enumeration order
    optimal_paths: int
    paths: int
    histogram: dict[int, int]  # score -> number of paths, ascending scores

    def as_json(self) -> dict:
        return {"best": self.best, "best_path": list(self.best_path), "optimal_paths": self.optimal_paths,
                "paths": self.paths, "histogram": {str(k): v for k, v in self.histogram.items()}}

    @property
    def mean(self) -> float:
        return sum(k * v for k, v in self.histogram.items()) / self.paths


def _grow(groups: dict, grid: np.ndarray, level: int, mv: Moves) -> dict:
    """One level deeper: every prefix ending at column n takes each legal move."""
    deg = mv.degree
    new: dict[int, list] = {m: [] for m in range(len(mv.names))}
    for n, (S, ids, tot) in groups.items():
        p = grid[level, n]
        for d, (m, a) in enumerate(zip(mv.nxt[n], mv.acc[n])):
            S2 = S.copy()
            row = S2[a]
            np.maximum(row, 0, out=row)
            row += p
            new[m].append((S2, ids * deg + d, tot + p))
    return {m: (np.concatenate([x[0] for x in parts], axis=1), np.concatenate([x[1] for x in parts]),
                np.concatenate([x[2] for x in parts]))
            for m, parts in new.items() if parts}


def _last_level(S: np.ndarray, tot: np.ndarray, a: int, p: int) -> np.ndarray:
    """Scores (int32) of the prefixes in S after one more entry of ``p`` into account ``a``.

    Unused accounts hold -1: as int16 they never win the maximum, and seen as
    uint16 (65535) they never win the minimum; so hi/lo are over used accounts.
    """
    v = np.maximum(S[a], 0)
    v += p
    U = S.view(np.uint16)
    hi = v.copy()
    lo = v.view(np.uint16).copy()
    others = [k for k in range(S.shape[0]) if k != a]
    for k in others:
        np.maximum(hi, S[k], out=hi)
        np.minimum(lo, U[k], out=lo)
    lo = lo.view(np.int16)
    n_hi = (v == hi).astype(np.int16)
    n_lo = (v == lo).astype(np.int16)
    for k in others:
        n_hi += S[k] == hi
        n_lo += S[k] == lo
    n_lo *= hi != lo
    score = tot.astype(np.int32) + p
    score -= n_hi.astype(np.int32) * hi
    score -= n_lo.astype(np.int32) * lo
    return score


def _blocks(grid: np.ndarray, mv: Moves):
    """(S, ids, tot, a, p, d) for every block of complete paths with a common last move."""
    depth = grid.shape[0]
    groups = {n: (np.full((len(ACCOUNTS), 1), NO_ENTRY, dtype=np.int16), np.array([n], dtype=np.int64),
                  np.zeros(1, dtype=np.int16)) for n in range(len(mv.names))}
    for level in range(depth - 1):
        groups = _grow(groups, grid, level, mv)
    for n, (S, ids, tot) in groups.items():
        for d, a in enumerate(mv.acc[n]):
            yield S, ids, tot, a, int(grid[depth - 1, n]), d


def decode(number: int, variant: str, names: Sequence[str], depth: int) -> tuple[str, ...]:
    """The path with the given number in enumeration order."""
    mv = moves(variant, tuple(names))
    deg = mv.degree
    digits = []
    for _ in range(depth):
        number, d = divmod(number, deg)
        digits.append(d)
    col = number
    path = [col]
    for d in reversed(digits):
        col = mv.nxt[col][d]
        path.append(col)
    return tuple(mv.names[c] for c in path)


def solve(grid, variant: str, names: Sequence[str] | None = None, workers: int = 1) -> Solution:
    """Best score, first best path, its count and the score histogram over all paths.

    ``grid`` has one row per numbered subfolder (10 for a real structure;
    fewer in tests) and one column per name in ``names`` order.
    """
    mv = moves(variant, tuple(names) if names else None)
    g = np.asarray(grid, dtype=np.int16)
    if g.ndim != 2 or g.shape[0] < 1 or g.shape[1] != len(mv.names):
        raise ValueError(f"grid must be depth x {len(mv.names)} with depth >= 1, got {g.shape}")
    if g.min() < 0 or g.sum() > 10_000:
        raise ValueError("grid values must be >= 0 and sum to at most 10000")
    deg = mv.degree

    def one(block):
        S, ids, tot, a, p, d = block
        sc = _last_level(S, tot, a, p)
        top = int(sc.max())
        first = int((ids[sc == top]).min()) * deg + d
        return np.bincount(sc, minlength=1), top, first

    blocks = list(_blocks(g, mv))
    if workers > 1 and len(blocks) > 1 and g.shape[0] >= 7:
        with ThreadPoolExecutor(workers) as pool:
            results = list(pool.map(one, blocks))
    else:
        results = [one(b) for b in blocks]
    size = max(len(r[0]) for r in results)
    counts = np.zeros(size, dtype=np.int64)
    for c, _, _ in results:
        counts[:len(c)] += c
    best = max(r[1] for r in results)
    first = min(r[2] for r in results if r[1] == best)
    hist = {int(k): int(v) for k, v in enumerate(counts) if v}
    return Solution(best, decode(first, variant, mv.names, g.shape[0]), int(counts[best]), int(counts.sum()), hist)


def solve_structure(structure, workers: int = 1) -> Solution:
    return solve(structure.rows, structure.variant, structure.names, workers)


# ------------------------------------------------------------------ reference


def brute_force(grid: Sequence[Sequence[int]], variant: str, names: Sequence[str] | None = None) -> Solution:
    """The same answer by walking every path in plain Python (slow; for tests)."""
    mv = moves(variant, tuple(names) if names else None)
    depth = len(grid)
    hist: dict[int, int] = {}
    best, best_path, n = -1, (), 0

    def walk(col: int, level: int, sums: list, path: list) -> None:
        nonlocal best, best_path, n
        if level == depth:
            _, s = final_score(sums)
            n += 1
            hist[s] = hist.get(s, 0) + 1
            if s > best:
                best, best_path = s, tuple(mv.names[c] for c in path)
            return
        for nx, a in zip(mv.nxt[col], mv.acc[col]):
            old = sums[a]
            sums[a] = (old or 0) + grid[level][col]
            path.append(nx)
            walk(nx, level + 1, sums, path)
            path.pop()
            sums[a] = old

    for start in range(len(mv.names)):
        walk(start, 0, [None] * len(ACCOUNTS), [start])
    hist = dict(sorted(hist.items()))
    return Solution(best, best_path, hist[best], n, hist)
