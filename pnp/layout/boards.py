"""Element kinds for boards: ``grid`` (square, hex and triangle cells from data), ``track``
(numbered spaces around a box: a score track) and ``registration`` (marks that line an
overlay up with the board under it).

Registered here, imported by :mod:`pnp.layout.vocabulary`; usable in any layout,
a card's or a sheet's. The geometry is :mod:`pnp.model.grids`; what each cell
looks like comes from templates filled per cell (:mod:`pnp.layout.itemstyle`)
with the cell's record (``cells: terrain.csv``) and its name ``at`` (``C4``),
``col`` and ``row``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, Sequence

from pnp.layout.compile import CardError
from pnp.layout.expr import ExprError, Scope
from pnp.layout.elements import Draw, DrawContext, ElementKind, Fields, Tables, register
from pnp.layout.itemstyle import (ItemScope, Templates, cap, centred_text, fitted_size, hatch_angles, hatches,
                                  label_ink)
from pnp.layout.data import Row, inline_rows
from pnp.model.grids import Grid, GridCell, column_index
from pnp.model.plain.layout import Placed
from pnp.scene import Box, Color, Group, Path, Polygon, Text, color, style
from pnp.scene.units import MM_PER_PT

if TYPE_CHECKING:  # pragma: no cover
    from pnp.layout.schemas import boards as schema
    from pnp.layout.fontbook import FontBook



def coord_margin(size_pt: float) -> float:
    """mm beside the cells that edge coordinates of ``size_pt`` take."""
    return size_pt * MM_PER_PT + 2.0


class GridEl(Placed):
    """A board's grid of square, hex or triangle cells; each cell's fill, hatching, label and icon from data."""


def _grid_of(data: dict[str, Any], size: float) -> Grid:
    shape = data.get("shape", "square")
    rows = int(data["rows"])
    cols = int(data.get("cols") or rows)
    return Grid(shape, cols, rows, size, data.get("orientation", "flat"), data.get("offset", "odd"),
                data.get("naming", "row-index"))


GRID_OWN = ("fill", "hatch", "hatch_colour", "stroke", "label", "label_colour", "icon", "icon_colour")
_COLOURS = ("fill", "hatch_colour", "stroke", "label_colour", "icon_colour")


class _Cells:
    """A grid's cells matched with their records (once per set of records)."""

    def __init__(self, grid: Grid, rows: Sequence[Row], what: str) -> None:
        self.by_cell: dict[str, Row] = {}
        self.columns: set[str] = set()
        for row in rows:
            self.columns.update(k for k in row.values)
            cell = _cell_of(grid, row, what)
            if cell.name in self.by_cell:
                raise CardError(f"{row.where}: {what}: cell {cell.name} is listed twice "
                                f"(also at {self.by_cell[cell.name].where})")
            self.by_cell[cell.name] = row


def _cell_of(grid: Grid, row: Row, what: str) -> GridCell:
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


def grid_body(el: schema.GridEl, fields: Fields, tables: Tables, where: str, ids: set[str],
              book: FontBook | None = None) -> Draw:
    t = Templates({k: getattr(el, k) for k in GRID_OWN}, tables, where, _COLOURS)
    inline = inline_rows(el.cells, f"grid ({where}) cells") if isinstance(el.cells, list) else None
    margin = coord_margin(el.coord_size) if el.coords == "outside" else 0.0
    builtins = {"at", "col", "row"} | ({"corner", "half_space", "facing"} if el.shape == "triangle" else set())
    # (size, records) -> (grid, cells): the same on every card
    made: dict[tuple[float, int], tuple[Grid, _Cells, Sequence[Row]]] = {}

    def draw(ctx: DrawContext, box: Box, g: Group) -> None:
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


def _rows(ctx: DrawContext, ref: Any, where: str) -> Sequence[Row]:
    data = ctx.card.data
    if data is None:
        raise CardError(f"grid ({where}) cells: this layout is drawn without a game folder to read records from")
    rows: Sequence[Row] = data.rows(ref, f"grid ({where}) cells")
    return rows


def _fitting_size(el: schema.GridEl, w: float, h: float) -> float:
    unit = Grid(el.shape, el.cols or el.rows, el.rows, 1.0, el.orientation, el.offset, el.naming)
    size = min(w / unit.width, h / unit.height)
    if size <= 0:
        raise CardError(f"grid: its box of {w:.1f} × {h:.1f} mm holds no cells")
    return size


def _draw_cells(el: schema.GridEl, t: Templates, grid: Grid, cells: _Cells, ctx: DrawContext, ox: float, oy: float,
                tables: Tables, where: str) -> Group:
    fills, hatch_group, lines, icons, labels = (Group(id=None) for _ in range(5))
    strokes: dict[Color, Path] = {}  # (colour) -> Path of every cell outline in that colour
    r_in = grid.inradius
    for cell in grid.cells:
        row = cells.by_cell.get(cell.name)
        scope = _cell_scope(cell, row, ctx.scope, tables)
        what = f"{row.where}: grid ({where}) cell {cell.name}" if row is not None else f"grid ({where}) cell {cell.name}"
        try:
            pts = [(ox + x, oy + y) for x, y in cell.corners]
            fill = t.colour("fill", scope)
            angles = hatch_angles(t.value("hatch", scope), what)
            if fill is not None:
                fills.add(Polygon(pts, style(fill=fill)))
            for h in hatches(angles, fill, t.colour("hatch_colour", scope), el.hatch_spacing, 0.2):
                hatch_group.add(Polygon(pts, style(hatch=h)))
            _outline(strokes, t.colour("stroke", scope), el.stroke_width, pts)
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


def _cell_scope(cell: GridCell, row: Row | None, base: Scope, tables: Tables) -> ItemScope:
    """What a cell's templates read: the card's values, its record's, its name, column and row, and
    what its shape says about it (a triangle's corner)."""
    values = dict(base.values)
    if row is not None:
        values.update({k: v for k, v in row.values.items() if v is not None})
    values.update({"at": cell.name, "col": cell.col, "row": cell.row}, **dict(cell.fields))
    return ItemScope(values, tables, base.text, base.lang)


def _outline(strokes: dict[Color, Path], ink: Color | None, width: float, pts: list[tuple[float, float]]) -> None:
    """The cell's outline, on the one path of its colour (none without an ink or a width)."""
    if ink is not None and width > 0:
        path = strokes.get(ink)
        if path is None:
            path = strokes[ink] = Path(style=style(stroke=ink, width=width, join="round"))
        path.move(*pts[0])
        for p in pts[1:]:
            path.line(*p)
        path.close()


def _label(el: schema.GridEl, grid: Grid, cell: GridCell, text: str, pts: list[tuple[float, float]], cx: float, cy: float,
           fill: Color | None, angles: tuple[float, ...], colour: Color | None, out: Group,
           what: str) -> tuple[float, float, float, float]:
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
    at_top, at_base = chord(pts, top), chord(pts, base)
    if at_top is None or at_base is None:
        raise CardError(f"{what}: the label {text!r} does not fit in a {grid.size:g} mm cell")
    x0, x1 = max(at_top[0], at_base[0]), min(at_top[1], at_base[1])
    room = (x1 - x0) - 2 * max(0.4, r_in * 0.08)
    size = fitted_size(text, el.label_size, el.label_min, el.label_weight, room, f"{what}: label")
    mid = (x0 + x1) / 2 if grid.shape != "triangle" else cx
    clear = (fill or color("white")) if angles else None  # hatch lines stop short of the label
    x0, y0, x1, _ = centred_text(out, text, mid, base, size, el.label_weight, label_ink(colour, fill), clear)
    return (x0, y0, x1, base)


def _icon(el: schema.GridEl, ctx: DrawContext, sid: str, cx: float, cy: float, r_in: float, cell: GridCell,
          label_box: tuple[float, float, float, float] | None, ink: Color | None, out: Group, what: str) -> None:
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


def _coordinates(el: schema.GridEl, grid: Grid, ox: float, oy: float) -> Group:
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




# ====================================================================== track



class TrackEl(Placed):
    """Numbered spaces around the edge of its box, evenly spread, corners included: a score track."""


TRACK_OWN = ("fill", "stroke", "label", "mark_fill")


def track_spaces(n: int, w: float, h: float, s: float, start: str = "top-left",
                 direction: str = "clockwise") -> list[tuple[float, float]]:
    """Top-left corners of ``n`` spaces of ``s`` mm around a w x h box: one in each corner, the rest
    spread over the four sides so the gaps between neighbours are as equal as they can be; in track
    order from ``start``. ValueError when they do not fit."""
    best = None
    inner = n - 4
    for a in range(inner // 2 + 1):
        for b in range(max(0, (inner - 4 - 2 * a + 1) // 2), (inner - 2 * a) // 2 + 1):
            rest = inner - 2 * a - 2 * b
            if not 0 <= rest <= 4:
                continue
            for extra in _subsets(rest):
                m = [a + ("top" in extra), b + ("right" in extra), a + ("bottom" in extra), b + ("left" in extra)]
                gaps = [(w - (m[0] + 2) * s) / (m[0] + 1), (h - (m[1] + 2) * s) / (m[1] + 1),
                        (w - (m[2] + 2) * s) / (m[2] + 1), (h - (m[3] + 2) * s) / (m[3] + 1)]
                if min(gaps) < -1e-9:
                    continue
                score = (round(max(gaps) - min(gaps), 9), m)
                if best is None or score < best[0]:
                    best = (score, m, gaps)
    if best is None:
        room = 2 * int((w + 1e-9) // s) + 2 * max(0, int((h + 1e-9) // s) - 2)
        raise ValueError(f"{n} spaces of {s:g} mm do not fit around a {w:g} × {h:g} mm box (it holds {room})")
    _, (mt, mr, mb, ml), (gt, gr, gb, gl) = best
    pts = [(0.0, 0.0)]  # clockwise from the top-left corner
    pts += [(s + i * (s + gt) + gt, 0.0) for i in range(mt)]
    pts += [(w - s, 0.0)]
    pts += [(w - s, s + i * (s + gr) + gr) for i in range(mr)]
    pts += [(w - s, h - s)]
    pts += [(w - s - s - i * (s + gb) - gb, h - s) for i in range(mb)]
    pts += [(0.0, h - s)]
    pts += [(0.0, h - s - s - i * (s + gl) - gl) for i in range(ml)]
    corner = {"top-left": 0, "top-right": mt + 1, "bottom-right": mt + mr + 2, "bottom-left": mt + mr + mb + 3}[start]
    order = pts[corner:] + pts[:corner]
    if direction == "counterclockwise":
        order = [order[0]] + order[1:][::-1]
    return order


def _subsets(r: int) -> list[tuple[str, ...]]:
    from itertools import combinations

    return list(combinations(("top", "right", "bottom", "left"), r))


def track_body(el: schema.TrackEl, fields: Fields, tables: Tables, where: str, ids: set[str],
               book: FontBook | None = None) -> Draw:
    from pnp.scene import Ellipse, Rect

    t = Templates({k: getattr(el, k) for k in TRACK_OWN}, tables, where, ("fill", "stroke", "mark_fill"))
    n = el.to - el.first + 1
    checked: list[bool] = []

    def draw(ctx: DrawContext, box: Box, g: Group) -> None:
        if not checked:  # a space's own names: its number n and its place i (from 0)
            t.check(set(fields) | set(ctx.scope.values) | {"n", "i"}, "a track's spaces")
            checked.append(True)
        try:
            spaces = track_spaces(n, box.w, box.h, el.size, el.start, el.direction)
        except ValueError as exc:
            raise CardError(f"track ({where}): {exc}") from None
        size = el.label_size or min(14.0, el.size * 0.5 / MM_PER_PT)  # a capital about a third of the space
        if size < 6:
            raise CardError(f"track ({where}): spaces of {el.size:g} mm are too small for numbers of 6 pt")
        shapes, labels = Group(), Group()
        base = ctx.scope
        for i, (x, y) in enumerate(spaces):
            number = el.first + i
            scope = ItemScope({**base.values, "n": number, "i": i}, tables, base.text, base.lang)
            marked = el.mark_every and number % el.mark_every == 0
            fill = t.colour("mark_fill", scope) if marked else t.colour("fill", scope)
            ink = t.colour("stroke", scope)
            st = style(fill=fill, stroke=ink, width=el.stroke_width * (2 if marked else 1))
            x, y = box.x + x, box.y + y
            if el.shape == "circle":
                shapes.add(Ellipse(x + el.size / 2, y + el.size / 2, el.size / 2, el.size / 2, st))
            else:
                shapes.add(Rect(x, y, el.size, el.size, st))
            text = t.text("label", scope)
            if text:
                weight = "bold" if el.bold_every and number % el.bold_every == 0 else "regular"
                what = f"track ({where}) space {number}"
                pt = fitted_size(text, size, 6.0, weight, el.size * 0.86, what)
                centred_text(labels, text, x + el.size / 2, y + el.size / 2 + cap(pt, weight) / 2, pt, weight,
                             label_ink(None, fill))
        g.add(shapes, labels)

    return draw




# ====================================================================== registration marks


class RegistrationEl(Placed):
    """Registration marks: the same marks on a board and on each overlay, so a transparency lines up."""


def registration_points(el: schema.RegistrationEl, box: Box) -> list[tuple[tuple[float, float], list]]:
    """Each mark's centre and the directions of the sides that meet there (for ticks)."""
    from pnp.layout.compile import _length

    x0, y0, x1, y1 = box.x, box.y, box.right, box.bottom
    if el.marks == "corners":
        pts = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        return [(p, [pts[i - 1], pts[(i + 1) % 4]]) for i, p in enumerate(pts)]
    if el.marks == "triangle":
        pts = [((x0 + x1) / 2, y0), (x1, y1), (x0, y1)]
        return [(p, [pts[i - 1], pts[(i + 1) % 3]]) for i, p in enumerate(pts)]
    assert el.points is not None  # the schema gives marks: points its points
    return [((box.x + _length(x, box.w), box.y + _length(y, box.h)), []) for x, y in el.points]


def registration_body(el: schema.RegistrationEl, fields: Fields, tables: Tables, where: str, ids: set[str],
                      book: FontBook | None = None) -> Draw:
    import math

    from pnp.scene import Circle
    from pnp.scene.style import ColourError

    try:
        ink = color(el.colour)
    except ColourError as exc:
        raise ExprError(f"{where}: 'colour': {exc}") from None
    st = style(stroke=ink, width=el.stroke_width)

    def draw(ctx: DrawContext, box: Box, g: Group) -> None:
        cx, cy = box.x + box.w / 2, box.y + box.h / 2
        out = Group(id="registration")
        for (x, y), neighbours in registration_points(el, box):
            d = math.hypot(x - cx, y - cy)
            if el.offset and d > 0:
                x, y = x + (x - cx) / d * el.offset, y + (y - cy) / d * el.offset
            r = el.size / 2
            p = Path(style=st)
            if el.mark == "ticks" and neighbours:
                for nx, ny in neighbours:  # each side through the corner, on past it
                    ux, uy = x - nx, y - ny
                    k = math.hypot(ux, uy) or 1.0
                    p.move(x - ux / k * r, y - uy / k * r).line(x + ux / k * r, y + uy / k * r)
            else:
                p.move(x - r, y).line(x + r, y).move(x, y - r).line(x, y + r)
            out.add(p)
            if el.mark == "target":
                out.add(Circle(x, y, r * 0.6, st))
        g.add(out)

    return draw


# ------------------------------------------------------------------ registration

SCHEMAS = "pnp.layout.schemas.boards"  # the kinds' schemas, imported when a layout is validated

register(ElementKind(f"{SCHEMAS}:GridEl", grid_body, own=GRID_OWN, points=("label_size", "label_min", "coord_size"),
                     twin=GridEl),
         ElementKind(f"{SCHEMAS}:TrackEl", track_body, own=TRACK_OWN, points=("label_size",), twin=TrackEl),
         ElementKind(f"{SCHEMAS}:RegistrationEl", registration_body, twin=RegistrationEl))
