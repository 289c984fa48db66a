"""Clouded Klin Zha's data as the build reads it: the plain twins (:mod:`pnp.model.plain`) of the
schemas in :mod:`pnp.games.klin_zha.schemas`, which hold the fields and validate the files.

The cache keeps these, so a rebuild reads rules.yaml, the cloud layouts and positions without the
schema library. They hold no fields and no methods of their own: the kit reads the fields.
"""
from __future__ import annotations

from pnp.model.plain import Plain

DIRECTION_NAMES = ("right", "down-right", "down-left", "left", "up-left", "up-right")


class Side(Plain):
    """A side's name and colours."""


class PieceType(Plain):
    """How a piece is called and marked."""


class CloudLimit(Plain):
    """What an older rules.yaml said about the per-corner limit."""


class SetupRules(Plain):
    """What rules.yaml says about the set-up."""


class VariantRules(Plain):
    """data/klin-zha/rules.yaml."""


class Cloud(Plain):
    """One cloud of a layout and the cells under it."""


class Drift(Plain):
    """How one cloud moves at each step."""


class Moving(Plain):
    """A moving-cloud game's steps and drifts."""


class CloudLayout(Plain):
    """A cloud layout (data/klin-zha/clouds/*.yaml)."""


class Position(Plain):
    """Where the pieces stand."""
