"""Schema of ``game.yaml``: a game's name, title, seed document, rules module, language,
sheet settings and fonts.

Game discovery (:class:`Game`, :func:`discover`, :func:`inside`) lives in
:mod:`pnp.model.plain.game`, with the manifest's plain twins, so a build that reads its
manifests from the cache never imports this module; its names are kept here too.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator

from pnp.load.paths import DEFAULT_DATA, SHIPPED_ROOTS  # noqa: F401  (re-exported)
from pnp.load.paths import data_dir as resolve_data  # noqa: F401  (re-exported)
from pnp.model.base import LANG_CODE, Localised, Strict
from pnp.model.fonts import FontDecls
from pnp.model.plain import game as plain_game
from pnp.model.plain.game import Game, discover, inside  # noqa: F401  (re-exported)


class SheetSettings(Strict, plain_game.SheetSettings):
    """How this game's sheets are printed; `pnp build` options override each one."""

    paper: str | None = Field(None, description="a3, a4, a5, a6, letter, legal or WxH in mm (e.g. 230x310)")
    orientation: Literal["auto", "portrait", "landscape"] | None = None
    margin: Annotated[float, Field(ge=0, le=50, allow_inf_nan=False)] | None = Field(
        None, description="mm the printer cannot print at the paper edge")
    gutter: Annotated[float, Field(ge=0, le=20, allow_inf_nan=False)] | None = Field(
        None, description="mm between cut items (some cutters need 2-3 mm)")
    bleed: Annotated[float, Field(ge=0, le=10, allow_inf_nan=False)] | None = None
    crop_marks: bool | None = None
    cut_lines: bool | None = None
    duplex: Literal["long", "short", "none"] | None = None

    @field_validator("paper")
    @classmethod
    def _paper(cls, v: str | None) -> str | None:
        if v is not None:
            from pnp.model.paper import paper_size

            paper_size(v)
        return v


class GameManifest(Strict, plain_game.GameManifest):
    name: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", description="folder-safe game id")
    title: Localised
    seed: str | None = Field(None, description="file name of the rule document the checker cites")
    rules: str | None = Field(None, description="the rules module: pnp.games.<game>, or a Python file in the game "
                                                "folder (rules.py; runs only with pnp --trust)")
    description: Localised | None = None
    lang: str | None = Field(None, description="the language the game prints in (de, en, fr, ...): the default "
                                               "of every command's --lang, its hyphenation and pnp's own words",
                             pattern=LANG_CODE.pattern)
    # mypy reads Field(None, ...) as no default, so it thinks SheetSettings() needs every field
    sheet: SheetSettings = Field(default_factory=SheetSettings)  # type: ignore[arg-type]
    fonts: FontDecls = Field(default_factory=dict, description="fonts by name for every layout of the game")
