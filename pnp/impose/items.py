"""The sheet a build's options describe; ``Item`` and ``SheetSpec`` live in the model."""
from __future__ import annotations

from dataclasses import fields
from typing import Any

from pnp.model.assets import Item, SheetSpec  # noqa: F401  (the print layer's value types, defined with the model)


def sheet_from_options(opts: SheetSpec, **overrides: Any) -> SheetSpec:
    """The sheet part of build options (a BuildOptions is a SheetSpec plus more), changed by ``overrides``."""
    base = {f.name: getattr(opts, f.name) for f in fields(SheetSpec)}
    base.update(back_offset=tuple(opts.back_offset), **overrides)
    return SheetSpec(**base)
