"""Benchmark the Ordnerstruktur solver (target: full variant < 2 s on 2 cores).

Run: .venv/bin/python benchmarks/bench_ordner.py [--repeat 5]
Prints, per structure and worker count, the best/median wall time of an
exhaustive solve, and the brute-force time at depth 6 for scale.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pnp.games.ordnerstruktur.randomgen import random_structure  # noqa: E402
from pnp.games.ordnerstruktur.solver import brute_force, solve, solve_structure  # noqa: E402
from pnp.games.ordnerstruktur.structure import load_structure  # noqa: E402


def timed(fn, repeat: int) -> tuple[float, float, object]:
    times, out = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return min(times), statistics.median(times), out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    cases = [(p.stem, load_structure(p)) for p in sorted((ROOT / "data/ordnerstruktur/structures").glob("*.yaml"))]
    cases += [(f"random-{k}", random_structure(k)) for k in (1, 2)]
    print(f"{'structure':<16} {'variant':<8} {'workers':>7} {'paths':>10} {'best s':>8} {'median s':>9} "
          f"{'Mpaths/s':>9}  best")
    for name, s in cases:
        for workers in (1, 2):
            best, med, sol = timed(lambda: solve_structure(s, workers), args.repeat)
            print(f"{name:<16} {s.variant:<8} {workers:>7} {sol.paths:>10,} {best:>8.3f} {med:>9.3f} "
                  f"{sol.paths / med / 1e6:>9.1f}  {sol.best} x{sol.optimal_paths}")
    s = cases[0][1]
    grid = [list(r) for r in s.rows[:6]]
    t, _, ref = timed(lambda: brute_force(grid, s.variant, s.names), 1)
    t2, _, fast = timed(lambda: solve(grid, s.variant, s.names), 3)
    assert ref == fast
    print(f"depth 6 check: brute force {t:.3f} s vs numpy {t2:.4f} s for {ref.paths:,} paths (identical)")


if __name__ == "__main__":
    main()
