"""The schemas of Rather Silly Diplomacy's data files: aids.yaml, map.yaml and game-state files.

They validate a file when pnp reads it first (and in ``pnp check`` and ``pnp silly``); what the
build reads afterwards, from pnp's cache, are their plain twins (:mod:`pnp.model.plain`) in the
modules that use them: :mod:`.aids`, :mod:`.mapdata` and :mod:`.state`. A twin holds the methods,
each schema here its fields and checks.
"""
from __future__ import annotations

import re
from typing import Literal

from pydantic import Field, field_validator, model_validator

from pnp.model.base import Localised, Strict
from pnp.games.rather_silly import aids, mapdata, state
from pnp.games.rather_silly.mapdata import ABBR

# ------------------------------------------------------------------ aids.yaml


class Phases(Strict, aids.Phases):
    title: Localised
    intro: Localised
    steps: list[Localised] = Field(min_length=11, max_length=11)
    victory: Localised


class Role(Strict, aids.Role):
    id: str
    title: Localised
    points: list[Localised] = Field(min_length=1)
    goal: Localised


class Additions(Strict, aids.Additions):
    build_only: Localised
    borders: Localised
    tunnel_units: Localised
    tunnel_joins: Localised


class AidsFile(Strict, aids.AidsFile):
    phases: Phases
    roles: list[Role] = Field(min_length=4, max_length=4)
    additions: Additions


# ------------------------------------------------------------------ map.yaml


class Sea(Strict, mapdata.Sea):
    id: str = Field(pattern=ABBR)
    de: str
    en: str
    x: float = Field(ge=0, le=1000)
    y: float = Field(ge=0, le=1000)
    fleet: list[str] = Field(default_factory=list)


class Land(Strict, mapdata.Land):
    id: str = Field(pattern=ABBR)
    de: str
    en: str
    type: Literal["land", "coast", "island", "impassable"]
    x: float = Field(ge=0, le=1000)
    y: float = Field(ge=0, le=1000)
    sc: bool = False
    army: list[str] = Field(default_factory=list)
    fleet: list[str] = Field(default_factory=list)
    coasts: dict[str, list[str]] | None = None
    touches: list[str] = Field(default_factory=list, description="provinces bordering an impassable one")
    only: str | None = Field(None, description="the only role that may occupy this province")


class Tunnel(Strict, mapdata.Tunnel):
    de: str
    en: str
    joins: list[str]
    units: list[str]


class Power(Strict, mapdata.Power):
    id: str
    de: str
    en: str
    colour: str
    text: str
    homes: list[str] = Field(default_factory=list)
    start: list[str] = Field(default_factory=list, description="Spring 1901 units, e.g. 'A VIE', 'F STP/sc'")

    @field_validator("start")
    @classmethod
    def _start(cls, v):
        for u in v:
            if not re.match(r"^[AF] [A-Z]{3}(/[a-z]{2})?$", u):
                raise ValueError(f"start unit {u!r}: write 'A PROV' or 'F PROV' (fleets on split coasts: 'F STP/sc')")
        return v


class RuleNumbers(Strict, mapdata.RuleNumbers):
    """The document's numbers as a map file may restate them. pnp uses its own transcription
    (facts.yaml); ``pnp check`` holds each number given here against it."""

    supply_centres: int | None = None
    victory_centres: int | None = None
    doktor_victory_points: int | None = None
    narr_year: int | None = None
    first_year: int | None = None
    lama_herds_per_power: int | None = None
    centres_per_special_army: int | None = None
    special_armies_max: int | None = None
    gay_fleet_every: int | None = None
    gay_fleets_from_year: int | None = None


class MapFile(Strict, mapdata.MapFile):
    seas: list[Sea]
    lands: list[Land]
    tunnel: Tunnel
    powers: list[Power]
    roles: list[Power]
    rules: RuleNumbers = Field(default_factory=RuleNumbers)


# ------------------------------------------------------------------ game-state files

UnitType = Literal["army", "fleet", "amazon", "drecksack", "bird", "twins", "tardis"]


class Unit(Strict, state.Unit):
    type: UnitType
    at: str | list[str]
    as_: list[Literal["army", "fleet"]] | None = Field(None, alias="as",
                                                        description="twins: the type of each twin")
    gay: bool = False
    devil: int | None = Field(None, description="seasons left of a devil's bargain (2 or 1)")
    superhirn_built: bool = False
    narr_commanded: bool = False

    @model_validator(mode="after")
    def _shape(self):
        if self.type == "twins":
            if not isinstance(self.at, list) or len(self.at) != 2:
                raise ValueError("twins stand on two provinces: at: [PROV, PROV]")
        elif isinstance(self.at, list):
            raise ValueError(f"a {self.type} stands on one province")
        if self.as_ is not None and self.type != "twins":
            raise ValueError(f"as: names the type of each Siamese twin; a {self.type} has no twins")
        return self


class FleetBuild(Strict, state.FleetBuild):
    year: int = Field(ge=1900, le=1999)
    gay: bool = False


class Holdings(Strict, state.Holdings):
    centres: list[str] = Field(default_factory=list)
    units: list[Unit] = Field(default_factory=list)
    lama_herds: list[str] = Field(default_factory=list)
    lamas_exploded: int = Field(0, ge=0)
    fleets_built: list[FleetBuild] = Field(default_factory=list)
    points: int = Field(0, ge=0, description="Doktor's victory points")


class Monster(Strict, state.Monster):
    type: Literal["sea-monster", "space-monster"]
    at: str


class GameState(Strict, state.GameState):
    year: int = Field(ge=1900, le=1999)
    season: Literal["spring", "autumn", "winter"]
    players: dict[str, Holdings]
    borg: str | None = None
    monsters: list[Monster] = Field(default_factory=list)
