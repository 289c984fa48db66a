"""Random cloud layouts (`pnp clouds random`): valid at every step of their movement.

A random layout is drawn in the style of the shipped ones: each cloud keeps to one corner
(and the half-space cells beside it), has MIN_CELLS to MAX_CELLS cells, and clouds do not
touch. A corner holds fewer than the document's limit of cells under cloud, so it has room
for ``(limit - 1) // MIN_CELLS`` clouds: :func:`cloud_counts` derives the counts the
generator can always meet from the board and the limit, and the command refuses others up
front. Every draw is held against the checker's own layout rules at every step before it is
given out; a draw that fails (say a drift piles two clouds into one corner) is drawn again.
"""
from __future__ import annotations

import random as _random
from collections import Counter
from typing import TYPE_CHECKING

from pnp.checks import Source
from pnp.load.errors import DataErrors, Problem, UserError
from pnp.model.trilattice import Cell, TriGrid
from pnp.games.klin_zha.facts import LIMIT
from pnp.games.klin_zha.sky import Layout

if TYPE_CHECKING:  # pragma: no cover
    from pnp.games.klin_zha.schemas import VariantRules

MIN_CELLS, MAX_CELLS = 3, 7  # cells of one random cloud
STEPS = 3  # moves a moving layout prints overlays for
DRAWS = 400  # cloud draws per seed before giving up
DRIFTS = 40  # drift draws per cloud draw (moving layouts)


def cloud_counts(g: TriGrid) -> range:
    """The cloud counts a random layout can always have: per corner as many clouds of
    MIN_CELLS as fit under the limit, times the corners."""
    corners, _ = g.regions()
    return range(1, len(corners) * ((LIMIT - 1) // MIN_CELLS) + 1)


def counts_text(g: TriGrid) -> str:
    """Why the counts are what they are, for the refusal of another count."""
    counts = cloud_counts(g)
    corners, _ = g.regions()
    return (f"a random layout has {counts.start} to {counts.stop - 1} clouds: each keeps to one of the "
            f"{len(corners)} corners with at least {MIN_CELLS} cells, and a corner holds fewer than {LIMIT} "
            f"cells under cloud")


def random_layout(g: TriGrid, seed: int, rules: VariantRules, clouds: int | None = None,
                  moving: bool = False) -> dict:
    """A layout the checker passes at every step, drawn from a seeded RNG (same seed, same layout)."""
    from pnp.games.klin_zha.check import check_layout
    from pnp.games.klin_zha.schemas import CloudLayout  # `pnp clouds random` validates what it draws

    counts = cloud_counts(g)
    if clouds is not None and clouds not in counts:
        raise UserError(f"--clouds {clouds}: {counts_text(g)}")
    rng = _random.Random(seed)
    count = clouds or rng.randint(min(2, counts[-1]), min(4, counts[-1]))
    regions = g.regions()
    for _draw in range(DRAWS):
        made = _clouds(g, rng, count, regions)
        if made is None:
            continue
        doc: dict = {
            "title": {"de": f"Zufallswolken {seed}", "en": f"Random clouds {seed}"},
            "edges": "by-edge",
            "clouds": [{"name": f"Wolke {i + 1}", "cells": [g.name(c) for c in cells]} for i, cells in enumerate(made)],
        }
        for _drift in range(DRIFTS if moving else 1):
            if moving:
                doc["moving"] = {
                    "every": rules.d6_turns[rng.randrange(6)],
                    "steps": STEPS,
                    "drift": [{"cloud": c["name"], "direction": rules.d6_directions[rng.randrange(6)],
                               "distance": rules.d6_distance[rng.randrange(6)]} for c in doc["clouds"]],
                }
            lay = Layout("random", Source(f"random seed {seed}"), CloudLayout.model_validate(doc))
            if not [f for f in check_layout(g, rules, lay) if f.severity == "error"]:
                return doc
    raise DataErrors([Problem("random", 0, 0, f"no valid layout found for seed {seed} with {count} clouds in "
                                               f"{DRAWS} draws; try another seed")])


def _clouds(g: TriGrid, rng: _random.Random, count: int, regions) -> list[list[Cell]] | None:
    """``count`` clouds that do not touch, each in one corner and the half-spaces, a corner's cells
    under cloud fewer than the limit; None when a draw boxes itself in."""
    corners, half = regions
    halves = set(half)
    order: list[str] = []
    while len(order) < count:  # every corner once, in a random order, then again
        batch = list(corners)
        rng.shuffle(batch)
        order += batch
    order = order[:count]
    to_come = Counter(order)
    used = Counter()  # corner cells under cloud
    taken: set[Cell] = set()
    made = []
    for tip in order:
        to_come[tip] -= 1
        room = LIMIT - 1 - used[tip] - MIN_CELLS * to_come[tip]  # corner cells this cloud may take
        allowed = set(corners[tip]) | halves

        def free(c: Cell) -> bool:
            return c in allowed and c not in taken and not set(g.edge_neighbours(c)) & taken

        starts = [c for c in corners[tip] if free(c)]
        if not starts or room < 1:
            return None
        cloud, inside = [rng.choice(starts)], 1
        size = rng.randint(MIN_CELLS, MAX_CELLS)
        while len(cloud) < size:
            rim = sorted({n for c in cloud for n in g.edge_neighbours(c)} - set(cloud))
            rim = [n for n in rim if free(n) and (n in halves or inside < room)]
            if not rim:
                break
            n = rng.choice(rim)
            cloud.append(n)
            inside += n not in halves
        if len(cloud) < MIN_CELLS:
            return None
        used[tip] += inside
        taken |= set(cloud)
        made.append(sorted(cloud))
    return made
