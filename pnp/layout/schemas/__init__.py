"""The schemas of pnp's own element kinds: what a layout file may say of a grid, a table, a chart ...

Each module here holds the pydantic models of the kinds one module of :mod:`pnp.layout` draws
(``schemas/boards.py`` for :mod:`pnp.layout.boards`), each listing as a base its *plain twin*, the
class of the same name the drawing module keeps (see :mod:`pnp.model.plain`). They are imported
when a layout is validated, never by a build that reads its layouts from pnp's cache.
"""
from __future__ import annotations

from typing import Annotated, Union

from pydantic import Field

_ONE = Annotated[str, Field(max_length=300)]
PartTemplate = Union[_ONE, Annotated[list[_ONE], Field(min_length=1, max_length=8)]]  # the first that gives something
