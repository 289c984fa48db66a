"""Clouded Klin Zha's facts (``facts.yaml`` beside this module), read once."""
from __future__ import annotations

from pnp.checks.facts import Facts

FACTS = Facts.beside(__file__)
PIECES: dict[str, int] = FACTS.value("setup.pieces")  # piece id -> pieces per side
LIMIT: int = FACTS.value("under_cloud_limit.per_corner_fewer_than")  # cells under cloud per corner, fewer than
