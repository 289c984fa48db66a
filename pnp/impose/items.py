"""The two value types the print layer works with."""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Callable

from pnp.model.assets import SheetSpec
from pnp.scene import Group


@dataclass
class Item:
    """Something with a trim size that gets cut out.

    ``front(bleed)`` / ``back(bleed)`` return a Group drawn in the item's own
    coordinates: the trim is the box (0, 0, w, h); the background must extend
    to (-bleed, -bleed, w + 2 bleed, h + 2 bleed) so cutting slightly off
    still shows no white edge. ``back`` is None for single-sided items.
    """

    w: float
    h: float
    front: Callable[[float], Group]
    back: Callable[[float], Group] | None = None
    label: str = ""
    back_key: object = None  # equal keys: the same back design (proofs and exports show it once)


def sheet_from_options(opts: SheetSpec, **overrides) -> SheetSpec:
    """The sheet part of build options (a BuildOptions is a SheetSpec plus more), changed by ``overrides``."""
    base = {f.name: getattr(opts, f.name) for f in fields(SheetSpec)}
    base.update(back_offset=tuple(opts.back_offset), **overrides)
    return SheetSpec(**base)
