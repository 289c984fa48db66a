"""Random valid structures from a seed, for trying the scorer and solver."""
from __future__ import annotations

import random

from pnp.games.ordnerstruktur.model import CANONICAL, MAX_NAME, MAX_SUBFOLDER, NUMBERED, TOTAL
from pnp.games.ordnerstruktur.structure import Structure


def random_structure(seed: int, variant: str = "paare") -> Structure:
    """A structure obeying every limit of the seed: total 200, subfolders <= 60, names <= 100.

    Points are dropped in small heaps on cells with random weights (cubed, so a
    few files get most of the points and many stay 0, as a designer might).
    """
    rng = random.Random(f"ordnerstruktur:{variant}:{seed}")
    names = CANONICAL[variant]
    n = len(names)
    weight = [[rng.random() ** 3 + 0.01 for _ in range(n)] for _ in range(NUMBERED)]
    grid = [[0] * n for _ in range(NUMBERED)]
    rows, cols = [0] * NUMBERED, [0] * n
    left = TOTAL
    while left:
        cells = [(i, j) for i in range(NUMBERED) for j in range(n)
                 if rows[i] < MAX_SUBFOLDER and cols[j] < MAX_NAME]
        i, j = rng.choices(cells, weights=[weight[i][j] for i, j in cells])[0]
        amount = min(rng.randint(1, 9), left, MAX_SUBFOLDER - rows[i], MAX_NAME - cols[j])
        grid[i][j] += amount
        rows[i] += amount
        cols[j] += amount
        left -= amount
    return Structure(title=f"Zufall {seed}", author="pnp random", variant=variant, names=names,
                     rows=tuple(tuple(r) for r in grid), description=f"pnp ordner random --seed {seed}")
