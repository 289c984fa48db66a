"""The two value types the print layer works with."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from pnp.model.assets import BuildOptions
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


@dataclass(frozen=True)
class SheetSpec:
    paper: str = "a4"  # a4 | letter | WxH (mm, e.g. "210x297")
    orientation: str = "auto"  # auto (whichever fits more) | portrait | landscape
    margin: float = 8.0
    gutter: float = 0.0
    bleed: float = 3.0
    crop_marks: bool = True
    cut_lines: bool = False
    duplex: str = "long"  # long | short | none
    back_offset: tuple[float, float] = (0.0, 0.0)
    crop_length: float = 4.0  # mm
    crop_gap: float = 1.0  # mm between the outer bleed and a crop mark's start
    rotate: bool = True  # grid/packing may turn items 90 degrees when that fits more
    lang: str = "de"  # language of page labels and printed instructions

    def __post_init__(self):
        for name in ("margin", "gutter", "bleed", "crop_length", "crop_gap"):
            v = getattr(self, name)
            if not isinstance(v, (int, float)) or v < 0:
                raise ValueError(f"sheet {name} must be 0 or more mm, got {v!r}")
        if self.orientation not in ("auto", "portrait", "landscape"):
            raise ValueError(f"sheet orientation must be auto, portrait or landscape, got {self.orientation!r}")
        if self.duplex not in ("long", "short", "none"):
            raise ValueError(f"duplex must be long, short or none, got {self.duplex!r}")
        if len(self.back_offset) != 2:
            raise ValueError(f"back_offset must be (x, y) in mm, got {self.back_offset!r}")


def sheet_from_options(opts: BuildOptions, **overrides) -> SheetSpec:
    base = dict(paper=opts.paper, orientation=opts.orientation, margin=opts.margin, gutter=opts.gutter,
                bleed=opts.bleed, crop_marks=opts.crop_marks, cut_lines=opts.cut_lines,
                duplex=opts.duplex, back_offset=tuple(opts.back_offset), lang=opts.lang)
    base.update(overrides)
    return SheetSpec(**base)
