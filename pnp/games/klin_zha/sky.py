"""Cloud layouts resolved on the board: which cell is normal, cloud edge or under cloud.

A layout names cells under each cloud; edge cells are listed or derived from
the clouds (cells sharing an edge with a cloud cell, or also those sharing
just a corner). Moving clouds shift by whole edge lengths along a lattice
direction each step, so up cells stay up; cells pushed off the board drop off.
"""
from __future__ import annotations

from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.load.classes import dataclass
from pnp.model.trilattice import Cell, TriGrid
from pnp.load.errors import DataErrors
from pnp.checks import Source
from pnp.load.loader import display_path, load_model, load_yaml

if TYPE_CHECKING:  # pragma: no cover - the build reads the plain twins (pnp.games.klin_zha.plain)
    from pnp.games.klin_zha.schemas import CloudLayout, Position, VariantRules

SCHEMAS = "pnp.games.klin_zha.schemas"  # validates a file the cache does not hold yet

NORMAL, EDGE, UNDER = "normal", "edge", "under"


@dataclass
class Layout:
    name: str  # file stem, e.g. "light"
    src: Source  # the file and its marked YAML document (for line numbers)
    model: CloudLayout


@dataclass(frozen=True)
class Sky:
    """One resolved step of a layout."""

    clouds: dict[str, frozenset[Cell]]
    edge: frozenset[Cell]
    step: int = 0
    unknown: tuple[str, ...] = field(default=())  # names that are not cells (reported by the checker)

    @property
    def under(self) -> frozenset[Cell]:
        out: set[Cell] = set()
        for cells in self.clouds.values():
            out |= cells
        return frozenset(out)

    def state(self, cell: Cell) -> str:
        if cell in self.under:
            return UNDER
        if cell in self.edge:
            return EDGE
        return NORMAL


# ------------------------------------------------------------------ loading


def load_layout(path: Path) -> Layout:
    src = Source.read(path)
    return Layout(path.stem, src, load_model(path, f"{SCHEMAS}:CloudLayout"))


def load_layouts(folder: Path) -> list[Layout]:
    """Every layout in ``folder`` (sorted by name); all problems reported at once."""
    out, problems = [], []
    for p in sorted(folder.glob("*.yaml")):
        try:
            out.append(load_layout(p))
        except DataErrors as exc:
            problems += exc.problems
    if problems:
        raise DataErrors(problems)
    return out


def load_rules(path: Path) -> VariantRules:
    return load_model(path, f"{SCHEMAS}:VariantRules")


def load_position(path: Path) -> tuple[Position, Any, str]:
    return load_model(path, f"{SCHEMAS}:Position"), load_yaml(path), display_path(path)


# ------------------------------------------------------------------ resolving


def cloud_cells(g: TriGrid, cells) -> tuple[list[Cell], list[str]]:
    """Cells of a cloud entry and the names that are not cells."""
    if cells == "all":
        return g.cells(), []
    good, bad = [], []
    for n in cells:
        (good.append(g.cell(n)) if g.is_name(n) else bad.append(n))
    return good, bad


def derive_edges(g: TriGrid, under: set[Cell] | frozenset[Cell], mode: str) -> frozenset[Cell]:
    around = g.edge_neighbours if mode == "by-edge" else g.corner_neighbours
    out: set[Cell] = set()
    for c in under:
        out.update(around(c))
    return frozenset(out - set(under))


def shift_cells(g: TriGrid, cells, direction: str, distance: int) -> frozenset[Cell]:
    """Translate by whole edges; cells leaving the board drop off."""
    moved = (g.shift(c, direction, distance) for c in cells)
    return frozenset(c for c in moved if c is not None)


def resolve(g: TriGrid, layout: CloudLayout, step: int = 0) -> Sky:
    unknown: list[str] = []
    clouds: dict[str, frozenset[Cell]] = {}
    for cloud in layout.clouds:
        cells, bad = cloud_cells(g, cloud.cells)
        unknown += bad
        clouds[cloud.name] = frozenset(cells)
    if step and layout.moving:
        for drift in layout.moving.drift:
            if drift.cloud in clouds:
                clouds[drift.cloud] = shift_cells(g, clouds[drift.cloud], drift.direction, drift.distance * step)
    under: set[Cell] = set()
    for cells in clouds.values():
        under |= cells
    if layout.edges == "listed":
        edge_cells, bad = cloud_cells(g, layout.edge_cells)
        unknown += bad
        edge = frozenset(c for c in edge_cells if c not in under)
    else:
        edge = derive_edges(g, under, layout.edges)
    return Sky(clouds, edge, step, tuple(unknown))


def blind(g: TriGrid, sky: Sky) -> bool:
    """The blind variant: every cell of the board lies under cloud (by one cloud or several)."""
    return len(sky.under) == len(g.cells())


def steps(layout: CloudLayout) -> int:
    """How many overlays a layout prints (1 + the moving steps)."""
    return 1 + (layout.moving.steps if layout.moving else 0)


def layout_yaml(doc: dict) -> str:
    """Write a layout dict as YAML in a fixed, readable form (deterministic)."""
    def loc(v):
        return f"{{de: \"{v['de']}\", en: \"{v['en']}\"}}" if isinstance(v, dict) else f"\"{v}\""

    lines = [f"title: {loc(doc['title'])}", f"edges: {doc.get('edges', 'by-edge')}", "clouds:"]
    for c in doc["clouds"]:
        cells = c["cells"] if c["cells"] == "all" else "[" + ", ".join(c["cells"]) + "]"
        lines += [f"  - name: \"{c['name']}\"", f"    cells: {cells}"]
    if doc.get("moving"):
        m = doc["moving"]
        lines += ["moving:", f"  every: {m['every']}", f"  steps: {m['steps']}", "  drift:"]
        for d in m["drift"]:
            lines.append(f"    - {{cloud: \"{d['cloud']}\", direction: {d['direction']}, distance: {d['distance']}}}")
    return "\n".join(lines) + "\n"
