"""Schema of a counter sheet (kind: counters).

Counters are small square or round tokens. A sheet defines colour groups
(e.g. one per player), optional icons (drawn like symbols: parts in a 100 x
100 box) and counter types with how many to print per group::

    kind: counters
    title: {de: Spielsteine, en: Counters}
    size: 15                       # mm, side of a square / diameter of a round counter
    groups:
      - {id: red, name: Rot, colour: "#c62828", text: white}
    icons:
      - id: army
        name: Armee
        parts: [{type: path, d: "M 10 80 L 90 80 L 50 20 Z", fill: true}]
    counters:
      - id: army
        label: {de: Armee, en: Army}
        icon: army
        groups: all                # one run per group (or a list of group ids)
        count: 12                  # per group
      - id: monster
        label: Monster
        colour: black
        number: 2                  # a big strength number
        count: 4
      - id: countdown
        label: Teufel
        top: "2"
        back: {label: Teufel, top: "1"}   # a second state printed on the back
        count: 8
      - id: twins
        label: Zwillinge
        width: 2                   # double width: two cells side by side
        icon: [army, army]
        count: 1
"""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, model_validator

from pnp.model.base import ColourField, Localised, Strict
from pnp.model.symbols import Symbol
from pnp.model.plain import counters as plain_counters

Count = Annotated[int, Field(ge=0, le=2000)]
IconRef = Union[str, Annotated[list[str], Field(min_length=1, max_length=2)]]


class ColourSet(Strict, plain_counters.ColourSet):
    """One of a counter sheet's groups: a name and the colours its counters are printed in."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: Localised
    colour: ColourField
    text: ColourField = "black"
    short: Localised | None = Field(None, description="short name printed on counters (default: none)")
    mark: Localised | None = Field(None, description="a large initial or sign that tells the group's "
                                                                   "counters apart without colour (a grey print); a "
                                                                   "sheet's own layout prints it from the field mark")


class Face(Strict, plain_counters.Face):
    """What one side of a counter shows."""

    label: Localised | None = Field(None, description="name along the bottom edge")
    top: Localised | None = Field(None, description="small text along the top edge (a state, a countdown)")
    icon: IconRef | None = Field(None, description="icon id, or two ids side by side (one per cell of a pair)")
    number: int | str | None = Field(None, description="a big number, e.g. a strength")
    colour: ColourField | None = Field(None, description="background; default the group's colour")
    text: ColourField | None = Field(None, description="ink; default the group's text colour")
    anonymous: bool = Field(False, description="this side shows neither the group's colour nor its name, so "
                                               "every copy looks the same (for pieces laid face down)")


class CounterType(Face, plain_counters.CounterType):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    count: Count = 1
    groups: Union[Literal["all"], list[str], None] = Field(
        None, description="print a run for each of these groups ('all' = every group)")
    width: Literal[1, 2] = Field(1, description="2 = a double-width counter (a pair)")
    shape: Literal["square", "round"] | None = None
    back: Face | None = Field(None, description="the other state, printed on the back")
    show_group: bool = Field(True, description="print the group's short name, if it has one")
    about: Localised | None = Field(None, description="what the counter means; counters with 'about' get a "
                                                      "key page (<name>-key)")


class CounterSheet(Strict, plain_counters.CounterSheet):
    kind: Literal["counters"]
    title: Localised = "Spielsteine"
    name: str | None = Field(None, pattern=r"^[a-z0-9][a-z0-9/-]*$", description="output name (default: file stem)")
    size: Annotated[float, Field(ge=8, le=60)] = Field(15.0, description="mm: side of a square / diameter "
                                                       "of a round counter (build option counter_size overrides)")
    shape: Literal["square", "round"] = "square"
    layout: str | None = Field(None, min_length=1, max_length=200,
                               description="a layout for every face (a .yaml file in the game folder or a "
                                           "shipped layout); its fields come from: top, label, icon, icon2, "
                                           "number, mark (the group's), colour, ink. Default: classic-counter or "
                                           "classic-counter-round by shape")
    colour: ColourField = Field("white", description="background of counters without group or colour")
    text: ColourField = Field("black", description="ink of counters without group or text colour")
    groups: list[ColourSet] = Field(default_factory=list, description="colour sets, e.g. one per player")
    icons: list[Symbol] = Field(default_factory=list, description="icons drawn like symbols, 100 x 100 box")
    counters: list[CounterType] = Field(min_length=1, description="counter types with their counts")

    @model_validator(mode="after")
    def _references(self) -> "CounterSheet":
        gids = [g.id for g in self.groups]
        iids = [i.id for i in self.icons]
        for what, ids in (("group", gids), ("icon", iids), ("counter", [c.id for c in self.counters])):
            _unique(what, ids)
        for c in self.counters:
            _known_groups(c, gids)
            _known_icons(c, iids)
        return self


def _unique(what: str, ids: list[str]) -> None:
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise ValueError(f"{what} id {dup[0]!r} is defined twice")


def _known_groups(c: CounterType, gids: list[str]) -> None:
    if isinstance(c.groups, list):
        for g in c.groups:
            if g not in gids:
                raise ValueError(f"counter {c.id!r}: unknown group {g!r}; defined: {', '.join(gids) or 'none'}")
    elif c.groups == "all" and not gids:
        raise ValueError(f"counter {c.id!r}: groups: all, but the sheet defines no groups")


def _known_icons(c: CounterType, iids: list[str]) -> None:
    for face in (c, c.back):
        if face is None or face.icon is None:
            continue
        for i in ([face.icon] if isinstance(face.icon, str) else face.icon):
            if i not in iids:
                raise ValueError(f"counter {c.id!r}: unknown icon {i!r}; defined: {', '.join(iids) or 'none'}")
