"""Schema of seed-facts.yaml: the rule document's numbers the checker uses.

Validated like every data file, so a damaged transcription is a positioned
data error rather than a crash inside the checker.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from pnp.checks import RuleBook
from pnp.model.base import Strict

Count = Annotated[int, Field(ge=0, le=1000)]
Square = Annotated[str, Field(pattern=r"^[a-z][1-9][0-9]?$")]


class SeedCard(Strict):
    name: str
    category: str
    copies: Count
    cost: Annotated[int, Field(ge=0, le=9)]


class DeckFacts(Strict):
    total: Count
    categories: dict[str, Count]
    cards: list[SeedCard] = Field(min_length=1)
    forbid_prefix: str = "Verbot"


class Sperren(Strict):
    piece: str
    squares: list[Square]


class BarrierFacts(Strict):
    piece: str
    orientation: Literal["horizontal", "vertical"]
    count: Count
    start: list[Annotated[list[Square], Field(min_length=2, max_length=2)]]


class FigureFacts(Strict):
    piece: str
    goal: str


class SetupFacts(Strict):
    files: Annotated[int, Field(ge=2, le=26)]
    ranks: Annotated[int, Field(ge=2, le=26)]
    sperren: Sperren
    barriers: list[BarrierFacts]
    goals: dict[str, Square]
    figures: list[FigureFacts]


class SeedFacts(Strict):
    seed: str
    deck: DeckFacts
    setup: SetupFacts


SEED = "000_b69832241c10d319.txt"
RULES = RuleBook(SEED)  # filled by deck.py and hall.py
