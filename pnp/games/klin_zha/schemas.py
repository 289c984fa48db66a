"""Data shapes of Clouded Klin Zha: the variant's rules data, cloud layouts and positions (the
schemas; what the build reads are their plain twins in :mod:`pnp.games.klin_zha.plain`).

Cell names are validated by the checker (it knows the board), not here, so a
layout with a typo still loads and every bad name is reported at once.
"""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field

from pnp.model.base import ColourField, Localised, Strict
from pnp.games.klin_zha import plain
from pnp.games.klin_zha.plain import DIRECTION_NAMES


class Side(Strict, plain.Side):
    id: Literal["green", "gold"]
    name: Localised
    colour: ColourField
    ink: ColourField = "white"  # text colour on the side's tokens


class PieceType(Strict, plain.PieceType):
    """How a piece is called and marked; how many a side has is a fact (facts.yaml), which
    ``count`` may restate (the checker compares it) and the kit fills in."""

    id: str = Field(pattern=r"^[a-z][a-z-]*$")
    name: Localised
    count: int | None = Field(None, ge=1, le=10, description="pieces per side; the document's number if left out")
    mark: str = Field(min_length=1, max_length=3, description="short mark printed on the token")


class CloudLimit(Strict, plain.CloudLimit):
    """What an older rules.yaml said about the per-corner limit: the limit is a fact now, and
    anything said here is compared with it."""

    per_corner_fewer_than: int | None = Field(None, ge=1, le=81)
    source: str = Field("", description="where the limit comes from (seed and passage)")
    exempt_layouts: list[str] = Field(default_factory=list, description="layout names the limit does not apply to")


class SetupRules(Strict, plain.SetupRules):
    allow_half_spaces: bool | None = None
    source: str = ""


class VariantRules(Strict, plain.VariantRules):
    """data/klin-zha/rules.yaml: the user's choices for the kit (side colours, piece names and
    marks, token sizes, the umpire's d6 tables). The document's numbers are facts (facts.yaml);
    ``under_cloud_limit`` and ``setup`` only restate them, and the checker compares what they say."""

    sides: list[Side] = Field(min_length=2, max_length=2)
    pieces: list[PieceType] = Field(min_length=1)
    under_cloud_limit: CloudLimit | None = None
    setup: SetupRules | None = None
    token_mm: float = Field(13.0, ge=6, le=40, description="token diameter")
    neutral_tokens: int = Field(10, ge=0, le=40, description="neutral tokens per colour")
    d6_directions: list[Literal["right", "down-right", "down-left", "left", "up-left", "up-right"]] = Field(
        default=list(DIRECTION_NAMES), min_length=6, max_length=6)
    d6_distance: list[Annotated[int, Field(ge=0, le=8)]] = Field(
        default=[1, 1, 1, 2, 2, 3], min_length=6, max_length=6, description="Y: cells a cloud moves for each d6 roll")
    d6_turns: list[Annotated[int, Field(ge=1, le=50)]] = Field(
        default=[3, 3, 4, 4, 5, 6], min_length=6, max_length=6, description="X: turns until the next move, per d6 roll")


class Cloud(Strict, plain.Cloud):
    name: str = Field(min_length=1, max_length=40)
    cells: Union[Literal["all"], list[str]] = Field(description="cell names under this cloud, or 'all'")


class Drift(Strict, plain.Drift):
    """How one cloud moves at each step of a moving-cloud game."""

    cloud: str
    direction: Literal["right", "down-right", "down-left", "left", "up-left", "up-right"]
    distance: int = Field(1, ge=0, le=8, description="cells (whole edge lengths) per step")


class Moving(Strict, plain.Moving):
    every: int = Field(ge=1, le=50, description="X: the clouds move after this many turns")
    steps: int = Field(ge=1, le=12, description="how many moves to print overlays for")
    drift: list[Drift] = Field(min_length=1)


class CloudLayout(Strict, plain.CloudLayout):
    title: Localised
    description: Localised | None = None
    edges: Literal["by-edge", "by-corner", "listed"] = Field(
        "by-edge", description="edge cells: derived from cells sharing an edge (or a corner) with a cloud, or listed")
    edge_cells: list[str] = Field(default_factory=list)
    clouds: list[Cloud] = Field(min_length=1)
    moving: Moving | None = None


PieceCells = Union[str, list[str]]


class Position(Strict, plain.Position):
    """Where the pieces stand: per side, piece id -> cell or list of cells."""

    title: Localised | None = None
    layout: str | None = Field(None, description="cloud layout name (file stem in clouds/) for the player views")
    step: int = Field(0, ge=0, le=12, description="moving clouds: which step's overlay applies")
    phase: Literal["setup", "game"] = "setup"
    allow_half_spaces: bool | None = None
    green: dict[str, PieceCells] = Field(default_factory=dict)
    gold: dict[str, PieceCells] = Field(default_factory=dict)
