"""Schema of a score sheet / form (kind: score-sheet).

A score sheet is a table: rows grouped in blocks, one column per player (or
per game for a solo player). Rows are either filled in by hand or computed
from other rows, and the sheet says how, so a tally program can add up a
filled sheet with the very rules that are printed::

    kind: score-sheet
    title: {de: Bilanz, en: Score sheet}
    columns: {players: 4, max_players: 6, games: 6}
    blocks:
      - id: upper
        title: {de: Oberer Block, en: Upper block}
        rows:
          - {id: ones, label: "1en", explain: {de: nur Einsen zählen, en: ones only}}
          - {id: upper-sum, label: {de: Summe, en: Sum}, sum: block}
          - id: bonus
            label: Bonus
            bonus: {of: upper-sum, at_least: 63, points: 35}
    totals:
      - {id: total, label: {de: Gesamt, en: Total}, sum: [upper-sum, bonus]}
    legend:
      - {de: Grau unterlegte Zeilen werden ausgerechnet., en: Shaded rows are worked out.}

``sum: block`` adds every hand-filled row of the enclosing block; a list adds
the named rows. ``bonus`` gives ``points`` when row ``of`` reaches
``at_least``, else 0. A computed row may only refer to rows above it.
"""
from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import Field, model_validator

from pnp.model.base import ColourField, I18n, Localised, Strict
from pnp.model.plain import score_sheet as plain_score_sheet

RowId = Annotated[str, Field(pattern=r"^\S{1,40}$", description="row id, no spaces (e.g. 'ones', '5+1')")]


class Bonus(Strict, plain_score_sheet.Bonus):
    of: RowId = Field(description="row whose value is compared")
    at_least: int = Field(ge=-100000, le=100000, description="threshold (inclusive)")
    points: int = Field(ge=-100000, le=100000, description="points when the threshold is reached")
    source: str | None = Field(None, description="where the rule comes from (seed file, section)")


class Row(Strict, plain_score_sheet.Row):
    id: RowId
    label: Localised
    explain: Localised | None = Field(None, description="one-line explanation printed next to the label")
    sum: Literal["block"] | Annotated[list[RowId], Field(min_length=1)] | None = Field(
        None, description="computed: 'block' (all hand-filled rows of this block) or a list of row ids")
    bonus: Bonus | None = Field(None, description="computed: points when another row reaches a threshold")

    @model_validator(mode="after")
    def _one_formula(self) -> Self:
        if self.sum is not None and self.bonus is not None:
            raise ValueError(f"row {self.id!r}: give either 'sum' or 'bonus', not both")
        return self


class Block(Strict, plain_score_sheet.Block):
    id: RowId
    title: Localised
    colour: ColourField = Field("lightblue", description="colour of the block's heading band")
    rows: list[Row] = Field(min_length=1, max_length=60)


class Columns(Strict, plain_score_sheet.Columns):
    players: int = Field(4, ge=1, le=12, description="player columns printed by default")
    max_players: int = Field(6, ge=1, le=12, description="most player columns a build may ask for")
    games: int = Field(6, ge=1, le=12, description="game columns on a solo sheet (per_game)")
    player: Localised = Field(I18n.model_construct(de="Spieler", en="Player"), description="heading word for a player column")
    game: Localised = Field(I18n.model_construct(de="Spiel", en="Game"), description="heading word for a game column")
    name: Localised = Field(I18n.model_construct(de="Name", en="Name"), description="label of the name field")

    @model_validator(mode="after")
    def _range(self) -> Self:
        if self.players > self.max_players:
            raise ValueError(f"players ({self.players}) is more than max_players ({self.max_players})")
        return self


class Pads(Strict, plain_score_sheet.Pads):
    up: list[Literal[1, 2, 4]] = Field([1, 2, 4], min_length=1,
                                       description="sheets per page to build: 1 (full page), 2 (A5), 4 (A6)")
    copies: int = Field(1, ge=1, le=500, description="pages per pad file")


class ScoreSheet(Strict, plain_score_sheet.ScoreSheet):
    kind: Literal["score-sheet"]
    title: Localised
    subtitle: Localised | None = None
    seed: str | None = Field(None, description="rule document the sheet follows")
    accent: ColourField = Field("navy", description="colour of the title and computed-row marks")
    columns: Columns = Columns.model_construct()  # defaults constructed: no schema is built on import
    blocks: list[Block] = Field(min_length=1, max_length=20)
    totals: list[Row] = Field(default_factory=list, max_length=10)
    legend: list[Localised] = Field(default_factory=list, max_length=12)
    pads: Pads = Pads.model_construct()

    @model_validator(mode="after")
    def _references(self) -> Self:
        seen: list[str] = []
        for block in self.blocks:
            for row in block.rows:
                self._check_row(row, seen, block)
                seen.append(row.id)
        for row in self.totals:
            if row.sum == "block":
                raise ValueError(f"totals row {row.id!r}: 'sum: block' only works inside a block; list the rows")
            self._check_row(row, seen, None)
            seen.append(row.id)
        return self

    @staticmethod
    def _check_row(row: Row, seen: list[str], block: Block | None) -> None:
        if row.id in seen:
            raise ValueError(f"row id {row.id!r} is defined twice")
        refs = list(row.sum) if isinstance(row.sum, list) else []
        if row.bonus is not None:
            refs.append(row.bonus.of)
        for ref in refs:
            if ref not in seen:
                raise ValueError(f"row {row.id!r} refers to {ref!r}, which is not a row above it")
        if row.sum == "block" and block is not None and not block.entries:
            raise ValueError(f"row {row.id!r}: 'sum: block' but block {block.id!r} has no hand-filled rows")
