"""Schema of the ``triboard`` kind: a triangular board of small triangles.

The corners and half-spaces may be listed in the data (so a reader sees them
without running anything); when they are, they must agree with the geometry
(lines from the board's centre to the side midpoints), cell by cell.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Literal

from pydantic import Field, ValidationInfo, field_validator

from pnp.model.base import ColourField, Localised, Strict
from pnp.model.plain import trigrid as plain_trigrid

if TYPE_CHECKING:  # pragma: no cover
    from pnp.model.trilattice import Cell, TriGrid


class TriCorner(Strict, plain_trigrid.TriCorner):
    """One of the three corners of the board, named by its tip."""

    tip: Literal["apex", "left", "right"] = Field(description="which point of the board: apex (top), left or right (base)")
    label: Localised | None = Field(None, description="printed next to the tip, e.g. a setup zone name")
    tint: ColourField | None = Field(None, description="background tint of the corner's cells")
    hatch: float | None = Field(None, ge=-180, le=180, allow_inf_nan=False,
                                description="direction (degrees) of thin lines across the corner's cells, "
                                            "so corners differ in a grey print, not by hue alone")
    cells: list[str] | None = Field(None, description="the corner's cells; checked against the geometry")


class TriBoard(Strict, plain_trigrid.TriBoard):
    kind: Literal["triboard"]
    title: Localised
    size: int = Field(9, ge=2, le=30, description="cells per side (9 gives 81 cells)")
    edge: float = Field(25.0, ge=5, le=200, allow_inf_nan=False, description="cell edge in mm")
    naming: Literal["takzh", "row-index"] = Field(
        "takzh", description="takzh: row letter + L + R (A19 = apex); row-index: row letter + position in row")
    show_names: bool = Field(True, description="print each cell's name small in the cell")
    name_size: float = Field(6.0, ge=3, le=24, description="cell name size in pt")
    line: ColourField = "black"
    line_width: float = Field(0.35, gt=0, le=3, description="cell line width in mm")
    up_fill: ColourField = "white"
    down_fill: ColourField = "white"
    corners: list[TriCorner] = Field(default_factory=list)
    half_spaces: list[str] | None = Field(None, description="cells cut by the centre-to-midpoint lines; checked")
    half_space_tint: ColourField | None = None
    registration: bool = Field(True, description="alignment marks at the three tips (same on every overlay)")
    margin: float = Field(4.5, ge=0, le=30, description="page margin in mm for the one-page print")
    scale_bar: bool = Field(True, description="a 100 mm bar to check the print scale")


    @field_validator("corners")
    @classmethod
    def _corners_match_geometry(cls, v: list[TriCorner], info: ValidationInfo) -> list[TriCorner]:
        if "size" not in info.data or "naming" not in info.data:
            return v
        from pnp.model.trilattice import TriGrid

        g = TriGrid(info.data["size"], 1.0, info.data["naming"])
        regions, _ = g.regions()
        seen: set[str] = set()
        for i, corner in enumerate(v):
            if corner.tip in seen:
                raise ValueError(f"corner {i + 1}: tip {corner.tip!r} is listed twice")
            seen.add(corner.tip)
            if corner.cells is None:
                continue
            _same_cells(g, corner.cells, regions[corner.tip], f"corner {corner.tip!r}")
        return v

    @field_validator("half_spaces")
    @classmethod
    def _half_spaces_match_geometry(cls, v: list[str] | None, info: ValidationInfo) -> list[str] | None:
        if v is None or "size" not in info.data or "naming" not in info.data:
            return v
        from pnp.model.trilattice import TriGrid

        g = TriGrid(info.data["size"], 1.0, info.data["naming"])
        _, cut = g.regions()
        _same_cells(g, v, cut, "half_spaces")
        return v


def _same_cells(g: "TriGrid", listed: list[str], expected: "Iterable[Cell]", what: str) -> None:
    bad = [n for n in listed if not g.is_name(n)]
    if bad:
        raise ValueError(f"{what}: no such cell {', '.join(bad)} on a {g.n}-per-side board")
    got = [g.cell(n) for n in listed]
    dup = sorted({g.name(c) for c in got if got.count(c) > 1})
    if dup:
        raise ValueError(f"{what}: listed twice: {', '.join(dup)}")
    missing = sorted(g.name(c) for c in set(expected) - set(got))
    extra = sorted(g.name(c) for c in set(got) - set(expected))
    if missing or extra:
        parts = []
        if missing:
            parts.append("missing " + ", ".join(missing))
        if extra:
            parts.append("not in it by geometry " + ", ".join(extra))
        raise ValueError(f"{what} disagrees with the geometry (centre-to-side-midpoint lines): " + "; ".join(parts))
