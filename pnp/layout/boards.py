"""Element kinds for boards: ``grid`` (square, hex and triangle cells from data).

Registered here, imported by :mod:`pnp.layout.vocabulary`; usable in any layout,
a card's or a sheet's. The geometry is :mod:`pnp.model.grids`; what each cell
looks like comes from templates filled per cell (:mod:`pnp.layout.itemstyle`)
with the cell's record (``cells: terrain.csv``) and its name ``at`` (``C4``),
``col`` and ``row``.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from pnp.layout.compile import CardError, MM_PER_PT
from pnp.layout.elements import ElementKind, register
from pnp.layout.itemstyle import (PATTERN_HELP, ItemScope, Templates, cap, centred_text, fitted_size, hatch_angles,
                                  hatches, label_ink)
from pnp.layout.records import RECORDS_HELP, RecordsRef, inline_rows
from pnp.model.grids import Grid, column_index
from pnp.model.layout import Placed
from pnp.scene import Box, Group, Path, Polygon, Text, color, style

Mm = Annotated[float, Field(gt=0, le=2000, allow_inf_nan=False)]
Pt = Annotated[float, Field(ge=5, le=72, allow_inf_nan=False)]
Width = Annotated[float, Field(ge=0, le=20, allow_inf_nan=False)]
Template = Annotated[str, Field(max_length=300)]
Weight = Literal["regular", "bold"]


def coord_margin(size_pt: float) -> float:
    """mm beside the cells that edge coordinates of ``size_pt`` take."""
    return size_pt * MM_PER_PT + 2.0


class GridEl(Placed):
    """A board's grid of square, hex or triangle cells; each cell's fill, hatching, label and icon from data."""

    type: Literal["grid"]
    shape: Literal["square", "hex", "triangle"] = Field(
        "square", description="square cells, hexes, or triangles making one big triangle (apex up)")
    orientation: Literal["flat", "pointy"] = Field(
        "flat", description="hex: flat (a flat side on top, hexes in columns) or pointy (a corner on top, in rows)")
    offset: Literal["odd", "even"] = Field(
        "odd", description="hex: odd shifts columns B, D, ... half a hex down (flat) or rows 2, 4, ... half a hex "
                           "right (pointy); even shifts the others")
    naming: Literal["row-index", "takzh"] = Field(
        "row-index", description="triangle cell names: row letter + place in the row (A1 at the apex), or takzh: "
                                 "row letter + the two diagonal numbers (A19 at the apex of 9 rows)")
    cols: Annotated[int, Field(ge=1, le=200)] | None = Field(None, description="columns (square and hex)")
    rows: Annotated[int, Field(ge=1, le=200)] = Field(description="rows; a triangle's cells per side")
    size: Mm | None = Field(None, description="mm: a square's side, a hex across its flats, a triangle's edge; "
                                              "without it the cells fill the box (w, h)")
    cells: RecordsRef | None = Field(None, description="each cell's record, found by its column 'at' (C4) or "
                                                       "'col' and 'row': " + RECORDS_HELP)
    fill: Template | None = Field(None, description="cell colour, a template such as '{terrain[terrain]}'")
    hatch: Template | None = Field(None, description=PATTERN_HELP)
    hatch_colour: Template | None = Field(None, description="colour of the hatch lines (default: one that "
                                                            "stands out from the fill)")
    hatch_spacing: Annotated[float, Field(ge=0.5, le=20, allow_inf_nan=False)] = Field(
        2.0, description="mm between hatch lines")
    stroke: Template | None = Field("black", description="colour of the cell lines; none: no lines")
    stroke_width: Width = Field(0.3, description="cell line width in mm")
    label: Template | None = Field(None, description="text in each cell, e.g. '{at}' or '{name}'")
    label_at: Literal["top", "center", "bottom"] = Field(
        "top", description="where in the cell the label sits (on a triangle: top and bottom are by its flat side)")
    label_size: Pt = Field(6.5, description="label size in points")
    label_min: Pt = Field(6.0, description="smallest size a long label may shrink to")
    label_weight: Weight = Field("regular", description="label face")
    label_colour: Template | None = Field(None, description="label colour (default: dark or white, "
                                                            "whichever reads on the fill)")
    icon: Template | None = Field(None, description="a symbol id drawn in the cell, e.g. '{icon}'")
    icon_size: Annotated[float, Field(gt=0, le=500, allow_inf_nan=False)] | None = Field(
        None, description="mm; default: as big as fits beside the label")
    icon_colour: Template | None = Field(None, description="icon ink (default: the symbol's)")
    coords: Literal["none", "outside"] = Field(
        "none", description="outside: column letters above and below, row numbers (a triangle's row letters) "
                            "left and right of the cells")
    coord_size: Pt = Field(7.0, description="size of the edge coordinates in points")

    @model_validator(mode="before")
    @classmethod
    def _size_is_the_box(cls, data: Any):
        """With ``size``, the box is the cells (plus the edge coordinates): w and h follow from it."""
        if not isinstance(data, dict) or data.get("size") is None:
            return data
        try:
            grid = _grid_of(data, float(data["size"]))
            m = coord_margin(float(data.get("coord_size", 7.0))) if data.get("coords") == "outside" else 0.0
        except (TypeError, ValueError, KeyError):
            return data  # the fields' own validation says what is wrong
        w, h = grid.width + 2 * m, grid.height + 2 * m
        for key, value in (("w", w), ("h", h)):
            given = data.get(key)
            if given is None:
                continue
            if not isinstance(given, (int, float)) or abs(float(given) - value) > 0.01:
                raise ValueError(f"'{key}': a grid of {data.get('cols') or data.get('rows')} × {data.get('rows')} "
                                 f"cells of {data['size']} mm is {w:.2f} × {h:.2f} mm; leave w and h out, or "
                                 f"leave size out to fit the cells into w × h")
        return {**data, "w": w, "h": h}

    @model_validator(mode="after")
    def _columns(self):
        if self.shape == "triangle" and self.cols is not None:
            raise ValueError("'cols': a triangle grid has rows only (its cells per side)")
        if self.shape != "triangle" and self.cols is None:
            raise ValueError(f"'cols': a {self.shape} grid needs cols (and rows)")
        if self.label_min > self.label_size:
            raise ValueError("'label_min' is larger than 'label_size'")
        Grid(self.shape, self.cols or self.rows, self.rows, 1.0, self.orientation, self.offset, self.naming)
        return self


def _grid_of(data, size: float) -> Grid:
    shape = data.get("shape", "square")
    rows = int(data["rows"])
    cols = int(data.get("cols") or rows)
    return Grid(shape, cols, rows, size, data.get("orientation", "flat"), data.get("offset", "odd"),
                data.get("naming", "row-index"))


GRID_OWN = ("fill", "hatch", "hatch_colour", "stroke", "label", "label_colour", "icon", "icon_colour")
_COLOURS = ("fill", "hatch_colour", "stroke", "label_colour", "icon_colour")


class _Cells:
    """A grid's cells matched with their records (once per set of records)."""

    def __init__(self, grid: Grid, rows, what: str):
        self.by_cell: dict[str, Any] = {}
        self.columns: set[str] = set()
        for row in rows:
            self.columns.update(k for k in row.values)
            cell = _cell_of(grid, row, what)
            if cell.name in self.by_cell:
                raise CardError(f"{row.where}: {what}: cell {cell.name} is listed twice "
                                f"(also at {self.by_cell[cell.name].where})")
            self.by_cell[cell.name] = row


def _cell_of(grid: Grid, row, what: str):
    at = row.get("at")
    first, last = grid.first_last()
    if at is not None and at != "":
        cell = grid.find(str(at))
        if cell is None:
            raise CardError(f"{row.where}: {what}: no cell {at!r} on this grid (its cells run {first} to {last})")
        return cell
    col, r = row.get("col"), row.get("row")
    if col is None or r is None:
        raise CardError(f"{row.where}: {what}: a cell's record names its cell in a column 'at' (such as "
                        f"{grid.cells[min(2, len(grid.cells) - 1)].name}) or in columns 'col' and 'row'")
    ci = column_index(str(col)) if not str(col).strip().isdigit() else int(str(col).strip()) - 1
    try:
        ri = int(str(r).strip())
    except ValueError:
        ri = None
    cell = grid.cell(ci + 1, ri) if ci is not None and ri is not None else None
    if cell is None:
        raise CardError(f"{row.where}: {what}: no cell at col {col}, row {r} on this grid "
                        f"(its cells run {first} to {last})")
    return cell


def grid_body(el: GridEl, fields, tables, where, ids, book=None):
    t = Templates({k: getattr(el, k) for k in GRID_OWN}, tables, where, _COLOURS)
    inline = inline_rows(el.cells, f"grid ({where}) cells") if isinstance(el.cells, list) else None
    margin = coord_margin(el.coord_size) if el.coords == "outside" else 0.0
    builtins = {"at", "col", "row"} | ({"corner", "half_space", "facing"} if el.shape == "triangle" else set())
    made: dict = {}  # (size, records) -> (grid, cells): the same on every card

    def draw(ctx, box: Box, g: Group):
        size = el.size or _fitting_size(el, box.w - 2 * margin, box.h - 2 * margin)
        rows = inline if inline is not None else (() if el.cells is None else _rows(ctx, el.cells, where))
        key = (round(size, 9), id(rows))
        if key not in made:
            if len(made) > 8:
                made.clear()
            grid = Grid(el.shape, el.cols or el.rows, el.rows, size, el.orientation, el.offset, el.naming)
            cells = _Cells(grid, rows, f"grid ({where}) cells")
            t.check(cells.columns | builtins | set(ctx.scope.values) | set(fields), "the cells")
            made[key] = (grid, cells, rows)
        grid, cells, _ = made[key]
        ox = box.x + margin + (box.w - 2 * margin - grid.width) / 2
        oy = box.y + margin + (box.h - 2 * margin - grid.height) / 2
        g.add(_draw_cells(el, t, grid, cells, ctx, ox, oy, tables, where))
        if el.coords == "outside":
            g.add(_coordinates(el, grid, ox, oy))

    return draw


def _rows(ctx, ref, where: str):
    data = ctx.card.data
    if data is None:
        raise CardError(f"grid ({where}) cells: this layout is drawn without a game folder to read records from")
    return data.rows(ref, f"grid ({where}) cells")


def _fitting_size(el: GridEl, w: float, h: float) -> float:
    unit = Grid(el.shape, el.cols or el.rows, el.rows, 1.0, el.orientation, el.offset, el.naming)
    size = min(w / unit.width, h / unit.height)
    if size <= 0:
        raise CardError(f"grid: its box of {w:.1f} × {h:.1f} mm holds no cells")
    return size


def _draw_cells(el: GridEl, t: Templates, grid: Grid, cells: _Cells, ctx, ox: float, oy: float, tables,
                where: str) -> Group:
    fills, hatch_group, lines, icons, labels = (Group(id=None) for _ in range(5))
    strokes: dict = {}  # (colour) -> Path of every cell outline in that colour
    base = ctx.scope
    r_in = grid.inradius
    for cell in grid.cells:
        row = cells.by_cell.get(cell.name)
        values = dict(base.values)
        if row is not None:
            values.update({k: v for k, v in row.values.items() if v is not None})
        values.update({"at": cell.name, "col": cell.col, "row": cell.row}, **dict(cell.fields))
        scope = ItemScope(values, tables, base.text, base.lang)
        what = f"{row.where}: grid ({where}) cell {cell.name}" if row is not None else f"grid ({where}) cell {cell.name}"
        try:
            pts = [(ox + x, oy + y) for x, y in cell.corners]
            fill = t.colour("fill", scope)
            angles = hatch_angles(t.value("hatch", scope), what)
            if fill is not None:
                fills.add(Polygon(pts, style(fill=fill)))
            for h in hatches(angles, fill, t.colour("hatch_colour", scope), el.hatch_spacing, 0.2):
                hatch_group.add(Polygon(pts, style(hatch=h)))
            ink = t.colour("stroke", scope)
            if ink is not None and el.stroke_width > 0:
                path = strokes.get(ink)
                if path is None:
                    path = strokes[ink] = Path(style=style(stroke=ink, width=el.stroke_width, join="round"))
                path.move(*pts[0])
                for p in pts[1:]:
                    path.line(*p)
                path.close()
            cx, cy = ox + cell.centre[0], oy + cell.centre[1]
            text = t.text("label", scope)
            label_box = None
            if text:
                label_box = _label(el, grid, cell, text, pts, cx, cy, fill, angles, t.colour("label_colour", scope),
                                   labels, what)
            sid = t.text("icon", scope)
            if sid:
                _icon(el, ctx, sid, cx, cy, r_in, cell, label_box, t.colour("icon_colour", scope), icons, what)
        except CardError as exc:
            msg = str(exc)
            raise CardError(msg if msg.startswith(what) else f"{what}: {msg}") from None
    for path in strokes.values():
        lines.add(path)
    out = Group(id=None)
    for part in (fills, hatch_group, lines, icons, labels):
        if part.children:
            out.add(part)
    return out


def _label(el: GridEl, grid: Grid, cell, text: str, pts, cx: float, cy: float, fill, angles, colour, out: Group,
           what: str):
    """The cell's label, fitted between the cell's sides; returns its box (x0, y0, x1, y1)."""
    from pnp.model.grids import chord

    r_in = grid.inradius
    c = cap(el.label_size, el.label_weight)
    if grid.shape == "triangle" and el.label_at != "center":
        up = dict(cell.fields).get("facing") == "up"
        base = cy + r_in * 0.62 if up else cy - r_in * 0.62 + c
    elif el.label_at == "top":
        base = cy - r_in + max(0.8, r_in * 0.2) + c
    elif el.label_at == "bottom":
        base = cy + r_in - max(0.8, r_in * 0.2)
    else:
        base = cy + c / 2
    top = base - c
    spans = [chord(pts, y) for y in (top, base)]
    if any(s is None for s in spans):
        raise CardError(f"{what}: the label {text!r} does not fit in a {grid.size:g} mm cell")
    x0, x1 = max(s[0] for s in spans), min(s[1] for s in spans)
    room = (x1 - x0) - 2 * max(0.4, r_in * 0.08)
    size = fitted_size(text, el.label_size, el.label_min, el.label_weight, room, f"{what}: label")
    mid = (x0 + x1) / 2 if grid.shape != "triangle" else cx
    clear = (fill or color("white")) if angles else None  # hatch lines stop short of the label
    x0, y0, x1, _ = centred_text(out, text, mid, base, size, el.label_weight, label_ink(colour, fill), clear)
    return (x0, y0, x1, base)


def _icon(el: GridEl, ctx, sid: str, cx: float, cy: float, r_in: float, cell, label_box, ink, out: Group,
          what: str):
    syms = ctx.card.symbols
    if syms is None or sid not in syms.by_id:
        raise CardError(f"{what}: icon {sid!r} is not in the game's symbol libraries")
    size = el.icon_size or r_in * 1.1
    y = cy
    if label_box is not None:
        gap = 0.6
        if label_box[3] <= cy:  # label above the centre: the icon sits below it
            y = max(cy, label_box[3] + gap + size / 2)
        elif label_box[1] >= cy:
            y = min(cy, label_box[1] - gap - size / 2)
        else:
            raise CardError(f"{what}: a centred label leaves no room for the icon {sid!r}; put the label at the "
                            "top or bottom")
        size = min(size, 2 * (r_in - abs(y - cy)) * 0.95)
        if size <= 0:
            raise CardError(f"{what}: no room for the icon {sid!r} beside the label")
    out.add(syms.draw(sid, cx - size / 2, y - size / 2, size, ink))


def _coordinates(el: GridEl, grid: Grid, ox: float, oy: float) -> Group:
    out = Group(id="coordinates")
    size = el.coord_size
    c = cap(size)
    gap = 1.0
    for name, x in grid.column_marks():
        out.add(Text(ox + x, oy - gap, name, size=size, anchor="middle"))
        out.add(Text(ox + x, oy + grid.height + gap + c, name, size=size, anchor="middle"))
    for name, y in grid.row_marks():
        side = gap
        if grid.shape == "triangle":  # clear of the slanting side all the way up the letter
            r = int(round(y / (grid.size * 3 ** 0.5 / 2) + 0.5))
            left, right = grid.row_edge(r, "left"), grid.row_edge(r, "right")
            side = gap + c * 0.6
        else:
            left, right = 0.0, grid.width
        out.add(Text(ox + left - side, oy + y + c / 2, name, size=size, anchor="end"))
        out.add(Text(ox + right + side, oy + y + c / 2, name, size=size, anchor="start"))
    return out


register(ElementKind(GridEl, grid_body, own=GRID_OWN))
