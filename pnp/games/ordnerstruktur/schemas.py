"""The schema of a structure file's simple keys; :mod:`.structure` checks ``names`` and ``rows``
by hand (for better messages) and holds the plain twin."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from pnp.model.base import Strict
from pnp.games.ordnerstruktur import structure


class StructureHeader(Strict, structure.StructureHeader):
    """The simple keys; ``names`` and ``rows`` are checked by hand for better messages."""

    title: str = Field(min_length=1, description="name of the structure")
    author: str = Field(min_length=1, description="the passive player who designed it")
    variant: Literal["paare", "voelker"] = Field(description="paare: six pair names; voelker: four peoples")
    names: list[Any] = Field(description="column order of the file names")
    rows: list[Any] = Field(description="subfolders 1-10: one whole number per name")
    description: str | None = Field(None, description="free text for the designer")
