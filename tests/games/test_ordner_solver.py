"""The exhaustive solver against a plain-Python brute force, and the path counts."""
from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from pnp.games.ordnerstruktur.model import CANONICAL
from pnp.games.ordnerstruktur.randomgen import random_structure
from pnp.games.ordnerstruktur.scoring import score_path
from pnp.games.ordnerstruktur.solver import brute_force, decode, solve, solve_structure
from pnp.games.ordnerstruktur.structure import load_structure

DATA = Path(__file__).resolve().parents[2] / "data" / "ordnerstruktur" / "structures"


@pytest.mark.parametrize("variant", ["paare", "voelker"])
@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5])
def test_solver_matches_brute_force_on_small_structures(variant, depth):
    rng = random.Random(f"{variant}{depth}")
    n = len(CANONICAL[variant])
    for _ in range(6):
        # small values so ties and zeros are common
        grid = [[rng.choice([0, 0, 0, 1, 2, 3, 5, 8]) for _ in range(n)] for _ in range(depth)]
        assert solve(grid, variant) == brute_force(grid, variant)


def test_solver_matches_brute_force_with_threads_and_shuffled_columns():
    rng = random.Random(7)
    names = list(CANONICAL["paare"])
    rng.shuffle(names)
    grid = [[rng.randint(0, 9) for _ in range(6)] for _ in range(7)]  # depth 7: the threaded path
    assert solve(grid, "paare", names, workers=2) == brute_force(grid, "paare", names)


def test_decode_walks_legal_moves_in_column_order():
    names = CANONICAL["paare"]
    assert decode(0, "paare", names, 2) == ("Stadt Wald", "Stadt Wüste", "Stadt Wald")
    assert decode(6 * 16 - 1, "paare", names, 2)[0] == "Wüste Höhle"


def test_full_structures_count_every_path_and_best_path_scores_best():
    for f, paths in (("erste-schritte.yaml", 6 * 4 ** 10), ("vier-voelker.yaml", 4 * 3 ** 10)):
        s = load_structure(DATA / f)
        t = time.perf_counter()
        sol = solve_structure(s)
        took = time.perf_counter() - t
        assert sol.paths == paths == sum(sol.histogram.values())
        assert score_path(s, sol.best_path).score == sol.best == max(sol.histogram)
        assert sol.optimal_paths == sol.histogram[sol.best] >= 1
        assert took < 5.0  # the benchmark tracks the real target (< 2 s)


def test_random_structure_solution_is_consistent():
    s = random_structure(11)
    sol = solve_structure(s, workers=1)
    assert sol == solve_structure(s, workers=2)
    assert score_path(s, sol.best_path).score == sol.best
    j = sol.as_json()
    assert set(j) == {"best", "best_path", "optimal_paths", "paths", "histogram"}
    assert sum(j["histogram"].values()) == 6 * 4 ** 10


from hypothesis import given, settings, strategies as st  # noqa: E402

from pnp.games.ordnerstruktur.structure import Structure, check_raw  # noqa: E402


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["paare", "voelker"]), st.integers(1, 4), st.data())
def test_solver_equals_brute_force_property(variant, depth, data):
    n = len(CANONICAL[variant])
    grid = data.draw(st.lists(st.lists(st.integers(0, 6), min_size=n, max_size=n), min_size=depth, max_size=depth))
    assert solve(grid, variant) == brute_force(grid, variant)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10 ** 9), st.sampled_from(["paare", "voelker"]))
def test_random_structures_always_obey_the_limits(seed, variant):
    s: Structure = random_structure(seed, variant)
    raw = {"title": s.title, "author": s.author, "variant": s.variant, "names": list(s.names),
           "rows": [list(r) for r in s.rows]}
    assert check_raw(raw, "random")[0] == []
