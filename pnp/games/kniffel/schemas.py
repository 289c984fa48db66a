"""The schema of a filled Bilanz (see :mod:`.tally`): it validates the file ``pnp check`` and
``pnp kniffel tally`` read; :mod:`.tally` holds the plain twins and adds the Bilanz up."""
from __future__ import annotations

from typing import Union

from pydantic import Field

from pnp.model.base import Strict
from pnp.games.kniffel import tally


class Entry(Strict, tally.Entry):
    vorgabe: Union[str, int] = Field(description="seed label, e.g. 1en, 5+1, '2,4,6', '>21'")
    dice: Union[str, list[int]] = Field(description="the set: six dice 1..6, e.g. '1,2,3,4,5,5'")
    points: int | None = Field(None, description="points written on the sheet, checked if given")


class FilledBilanz(Strict, tally.FilledBilanz):
    player: str | None = None
    sets: list[Entry] = Field(min_length=1, max_length=18)
    total: int | None = Field(None, description="total written on the sheet, checked if given")
