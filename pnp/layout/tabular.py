"""The ``table`` element: rows and columns of boxes, with a header, values from data and sums.

A table is a score pad, a ledger, an account sheet or a list on a player aid::

    - {type: table, x: 10, y: 40, w: 190, rows: 12, columns: [Player, "1", "2", "3", Total]}
    - {type: table, frame: safe, rows: {source: cards}, sums: Summe,
       columns: [{label: Karte, value: "**{name}**"}, {label: Kosten, field: cost, sum: true}]}

``rows`` is a number of empty rows to fill in by hand, or rows of data (a
file, a source of the game's rules module, ``{field: ...}`` of the page's
record, or a list; see docs/sheets.md). A column shows the row's value of the
field its label names (``Player`` shows ``player``), of its ``field``, or its
``value`` template (rich text: ``**bold**``, ``:icon:``); a column no row has a
value for stays empty to write in. ``sums`` adds a row adding up the columns
marked ``sum: true`` (left empty on a pad, to add up by hand).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from pnp.layout.compile import CardError, Flow, _Colour, _length, _Str, colour_value
from pnp.layout.elements import Draw, DrawContext, ElementKind, Fields, Tables, register
from pnp.layout.expr import ExprError, Scope, Template, show, template
from pnp.load.classes import dataclass
from pnp.model.plain import Plain
from pnp.model.plain.layout import Placed
from pnp.scene import Box, Color, Group, Path, Rect, Style, style

if TYPE_CHECKING:  # pragma: no cover
    from pnp.layout.schemas import tabular as schema
    from pnp.layout.fontbook import FontBook
    from pnp.model.base import Localised

PAD = 1.2  # mm between a cell's text and its lines
DEFAULT_ROW = 8.0  # mm: a row to write a number in by hand
MIN_ROW = 5.0  # mm: rather than rows lower than this, a table on a sheet runs on to the next page


class TableColumn(Plain):
    """One column: its header, how wide, what its cells show."""


class TableEl(Placed):
    """Rows and columns of boxes: a header, values from data or boxes to fill in, a sums row."""


def _column(spec: Localised | schema.TableColumn) -> schema.TableColumn:
    assert isinstance(spec, TableColumn), spec  # a bare label became a column when the table was validated
    return spec


def _widths(el: schema.TableEl, cols: list[schema.TableColumn], total: float, heads: list[str]) -> list[float]:
    """Each column's width in mm: given ones as given, the rest share what is left in proportion to
    their labels' widths (at least 12 mm each), so 'Player' is wider than '1'."""
    from pnp.scene import fonts

    given = [(el.widths[i] if el.widths and i < len(el.widths) else c.width) for i, c in enumerate(cols)]
    fixed = [None if g is None else _length(g, total) for g in given]
    rest = total - sum(w for w in fixed if w is not None)
    free = [i for i, w in enumerate(fixed) if w is None]
    natural = {i: max(12.0, fonts.string_width(heads[i], el.size, "sans", "bold") + 2 * PAD + 4)
               for i in free}
    k = rest / sum(natural.values()) if free else 0.0
    out = [w if w is not None else natural[i] * k for i, w in enumerate(fixed)]
    if any(w <= 2 * PAD for w in out) or abs(sum(out) - total) > 0.05:
        raise CardError(f"the column widths ({', '.join(f'{w:.1f}' for w in out)} mm) do not fill the table's "
                        f"{total:.1f} mm")
    return out


def _number(v: Any) -> float | None:
    if isinstance(v, bool) or v is None:
        return None
    if isinstance(v, (int, float)):
        return float(v)
    text = str(v).strip().replace(",", ".")
    try:
        return float(text)
    except ValueError:
        return None


@dataclass
class _Spec:
    """A table element compiled once per layout: its columns and the templates of its labels, cells
    and colours, filled per page."""

    el: schema.TableEl
    where: str
    cols: list[schema.TableColumn]
    labels: list[_Str]
    sums_label: _Str | None
    values: list[dict[str, Template] | None]  # per column: its value template per language ("" for all)
    ink: _Colour
    line: _Colour
    head_fill: _Colour
    stripe: _Colour
    row_fill: Template | None


def _table(el: schema.TableEl, fields: Fields, tables: Tables, where: str, ids: set[str],
           book: FontBook | None = None) -> Draw:
    cols = [_column(c) for c in el.columns]
    spec = _Spec(el, where, cols,
                 labels=[_Str(c.label, fields, tables, f"{where} columns.{i}") for i, c in enumerate(cols)],
                 sums_label=_Str(el.sums, fields, tables, f"{where} sums") if el.sums is not None else None,
                 values=_value_templates(cols, where),
                 ink=_Colour(el.colour, fields, tables, f"{where} colour"),
                 line=_Colour(el.stroke, fields, tables, f"{where} stroke"),
                 head_fill=_Colour(el.header_fill, fields, tables, f"{where} header_fill"),
                 stripe=_Colour(el.stripe, fields, tables, f"{where} stripe"),
                 row_fill=_row_fill_template(el, tables, where))
    if el.sums is not None and not any(c.sum for c in cols):
        raise ExprError(f"{where}: 'sums' adds up the columns marked sum: true, and no column is")

    def body(ctx: DrawContext, box: Box, g: Group) -> None:
        _draw(spec, ctx, box, g)

    return body


def _value_templates(cols: list[schema.TableColumn], where: str) -> list[dict[str, Template] | None]:
    """Each column's ``value`` as a template per language; a cell's template reads the row's fields, so
    its names are checked per row, when drawn."""
    values: list[dict[str, Template] | None] = []
    for i, c in enumerate(cols):
        if c.value is None:
            values.append(None)
            continue
        try:
            texts = {"": c.value} if isinstance(c.value, str) else dict(c.value.texts)
            values.append({k: template(v) for k, v in texts.items()})
        except ExprError as exc:
            raise ExprError(f"{where} columns.{i}: {exc}") from None
    return values


def _row_fill_template(el: schema.TableEl, tables: Tables, where: str) -> Template | None:
    """``row_fill`` parsed; read per row, so only its tables are known before drawing."""
    try:
        row_fill = template(el.row_fill) if el.row_fill is not None else None
    except ExprError as exc:
        raise ExprError(f"{where} row_fill: {exc}") from None
    for ref in row_fill.refs if row_fill is not None else ():
        if ref.table is not None and ref.table not in tables:
            raise ExprError(f"{where} row_fill: unknown table {ref.table!r}; the tables are "
                            f"{', '.join(tables) or 'none'}")
    return row_fill


def _draw(spec: _Spec, ctx: DrawContext, box: Box, g: Group) -> None:
    """One page's part of the table: the rows that fit (the rest run on when the table flows)."""
    el, where, scope = spec.el, spec.where, ctx.scope
    heads = [str(t(scope) or "") for t in spec.labels]
    rows = _rows(el, ctx, where)
    flow = ctx.card.flow
    key = el.flow or where
    start = flow.start.get(key, 0) if flow is not None else 0
    heads_n, sums_n = (1 if el.header else 0), (1 if el.sums is not None else 0)
    if len(rows[start:]) + heads_n + sums_n == 0:
        return
    rh, page_rows, last = _page(el, box, rows, start, flow, key, where)
    n = len(page_rows) + heads_n + (sums_n if last else 0)
    widths = _widths(el, spec.cols, box.w, heads)
    xs = [box.x]
    for w in widths:
        xs.append(xs[-1] + w)
    cells = _Cells(spec, ctx, widths, xs, rh, spec.ink(scope))
    st = style(stroke=spec.line(scope), width=el.stroke_width)
    bands = Group()
    y = box.y
    if el.header:
        _band(bands, spec.head_fill(scope), box, y, rh)
        for i, text in enumerate(heads):
            cells.cell(text, i, y, bold=True)
        y += rh
    first_row = y
    totals = _totals(spec, rows, heads, scope, ctx.card.lang) if last and spec.sums_label is not None else None
    for r, row in enumerate(page_rows, start):
        _data_row(spec, cells, bands, r, row, heads, scope, box, y)
        y += rh
    sums_top = None
    if spec.sums_label is not None and totals is not None:
        sums_top = y
        _sums_row(spec, cells, bands, spec.sums_label, totals, scope, box, y)
        y += rh
    g.add(bands, *_rules(spec, st, scope, box, xs, rh, n, y, first_row if el.header and page_rows else None,
                         sums_top), cells.out)


def _rows(el: schema.TableEl, ctx: DrawContext, where: str) -> list[dict[str, Any]]:
    """The table's rows: empty ones to fill in, its own list, or records read from data."""
    if isinstance(el.rows, int):
        return [{} for _ in range(el.rows)]
    if isinstance(el.rows, list):
        return [dict(r) for r in el.rows]
    if ctx.card.data is None:
        raise CardError(f"table ({where}): rows from data are read on a sheet (kind: sheet)")
    return [dict(r.values) for r in ctx.card.data.rows(el.rows, f"table ({where}) rows")]


def _page(el: schema.TableEl, box: Box, rows: list[dict[str, Any]], start: int, flow: Flow | None, key: str,
          where: str) -> tuple[float, list[dict[str, Any]], bool]:
    """The row height, the rows this page holds and whether it ends the table. Rows of data that do
    not fit run on to the next page when the table flows (``flow.rest``); boxes to fill in must fit."""
    heads_n, sums_n = (1 if el.header else 0), (1 if el.sums is not None else 0)
    remaining = rows[start:]
    n = len(remaining) + heads_n + sums_n
    if el.row_height is not None:
        rh = el.row_height
    elif el.h is not None:
        rh = box.h / n
    else:
        rh = min(DEFAULT_ROW, box.h / n)
    if (n * rh > box.h + 0.05 or rh < MIN_ROW) and flow is not None and remaining \
            and not isinstance(el.rows, int):  # rows of data run on; boxes to fill in must fit
        rh = el.row_height or DEFAULT_ROW  # rows run on to the next page: each as high as it should be
        room = int((box.h + 0.05) // rh) - heads_n
        k = len(remaining) if len(remaining) + sums_n <= room else min(room, len(remaining) - 1)
        if k < 1:
            raise CardError(f"table ({where}): not one row of {rh:.1f} mm fits its {box.h:.1f} mm box")
        if start + k != len(rows):
            flow.rest[key] = start + k
        return rh, remaining[:k], start + k == len(rows)
    if n * rh > box.h + 0.05 or rh < 3:
        raise CardError(f"table ({where}): {n} rows of {rh:.1f} mm need {n * rh:.1f} mm; its box is "
                        f"{box.h:.1f} mm high (fewer rows, a smaller row_height, or a taller box)")
    return rh, remaining, True


class _Cells:
    """Draws the text of cells, fitted to their boxes, into ``out``."""

    def __init__(self, spec: _Spec, ctx: DrawContext, widths: list[float], xs: list[float], rh: float,
                 fill: Color | None) -> None:
        self.spec, self.ctx, self.widths, self.xs, self.rh, self.fill = spec, ctx, widths, xs, rh, fill
        self.out = Group(id=spec.el.id and f"{spec.el.id}-cells")

    def cell(self, text: str, i: int, top: float, bold: bool = False) -> None:
        from pnp.scene import fonts, richtext

        if not text:
            return
        el, where, lang = self.spec.el, self.spec.where, self.ctx.card.lang
        w, h = self.widths[i] - 2 * PAD, self.rh - 0.6
        align = self.spec.cols[i].align or ("left" if i == 0 else "center")
        markup = f"**{text}**" if bold and "**" not in text else text
        try:
            fitted = richtext.fit(markup, w, h, el.size, min_size_pt=min(el.min_size, el.size),
                                  lang=lang if richtext.has_patterns(lang) else None,
                                  line_height=1.1, align=align, valign="middle")
        except richtext.Overflow as exc:
            raise CardError(f"table ({where}): the cell {text[:30]!r} does not fit its "
                            f"{self.widths[i]:.1f} × {self.rh:.1f} mm box: {exc}") from None
        except (richtext.MarkupError, fonts.FontError, ValueError) as exc:
            raise CardError(f"table ({where}): the cell {text[:30]!r}: {exc}") from None
        # to_scene hands the fill to Text, which takes None (no paint) too; its signature says Color
        self.out.add(richtext.to_scene(fitted, self.xs[i] + PAD, top + 0.3, cast(Color, self.fill), self._icon))

    def _icon(self, name: str, x: float, y: float, size: float) -> Group:
        syms = self.ctx.card.symbols
        if syms is None or name not in syms.by_id:
            raise CardError(f"table ({self.spec.where}) names icon :{name}: but the game has no symbol {name!r}")
        drawn: Group = syms.draw(name, x, y, size, self.fill)
        return drawn


def _band(bands: Group, fill: Color | None, box: Box, y: float, rh: float) -> None:
    """A row's background, when it has one."""
    if fill is not None:
        bands.add(Rect(box.x, y, box.w, rh, style(fill=fill)))


def _totals(spec: _Spec, rows: list[dict[str, Any]], heads: list[str], scope: Scope,
            lang: str) -> list[float | None]:
    """The sum of every row of each column marked ``sum`` (None for the others)."""
    el, where = spec.el, spec.where
    totals: list[float | None] = [0.0 if c.sum else None for c in spec.cols]
    for row in rows:
        for i, c in enumerate(spec.cols):
            if c.sum and not (el.numbers and i == 0):
                v = _cell_value(c, spec.values[i], heads[i], row, scope, lang, where)
                if v not in (None, ""):
                    num = _number(v)
                    if num is None:
                        raise CardError(f"table ({where}): column {heads[i] or i + 1!r} adds up numbers; "
                                        f"a row has {v!r}")
                    totals[i] = (totals[i] or 0.0) + num
    return totals


def _data_row(spec: _Spec, cells: _Cells, bands: Group, r: int, row: dict[str, Any], heads: list[str],
              scope: Scope, box: Box, y: float) -> None:
    """Row ``r`` (counted over all pages): its background (stripe or its own fill) and its cells."""
    el, lang = spec.el, cells.ctx.card.lang
    sf = spec.stripe(scope) if r % 2 == 1 else None
    if spec.row_fill is not None and row:
        own = _row_fill(spec.row_fill, row, scope, spec.where)
        sf = own if own is not None else sf
    _band(bands, sf, box, y, cells.rh)
    for i, c in enumerate(spec.cols):
        v = r + 1 if (el.numbers and i == 0) else _cell_value(c, spec.values[i], heads[i], row, scope, lang,
                                                               spec.where)
        cells.cell(show(v, lang) if v is not None else "", i, y)


def _sums_row(spec: _Spec, cells: _Cells, bands: Group, label: _Str, totals: list[float | None], scope: Scope,
              box: Box, y: float) -> None:
    """The sums row: its label and, under rows of data, each summed column's total (a pad leaves them
    empty, to add up by hand)."""
    _band(bands, spec.head_fill(scope), box, y, cells.rh)
    cells.cell(str(label(scope) or ""), 0, y, bold=True)
    filled = not isinstance(spec.el.rows, int)
    for i, c in enumerate(spec.cols):
        if c.sum and filled and i > 0:
            cells.cell(show(totals[i], cells.ctx.card.lang), i, y, bold=True)


def _rules(spec: _Spec, st: Style, scope: Scope, box: Box, xs: list[float], rh: float, n: int, bottom: float,
           header_line: float | None, sums_top: float | None) -> tuple[Path, Path]:
    """The table's lines: thin ones between rows and columns, heavy ones round it, under the header
    and over the sums."""
    lines = Path(style=st)
    for k in range(n + 1):
        yy = box.y + k * rh
        lines.move(box.x, yy).line(box.right, yy)
    for x in xs:
        lines.move(x, box.y).line(x, bottom)
    heavy = Path(style=style(stroke=spec.line(scope), width=spec.el.stroke_width * 2))
    heavy.move(box.x, box.y).line(box.right, box.y).line(box.right, bottom).line(box.x, bottom).close()
    if header_line is not None:
        heavy.move(box.x, header_line).line(box.right, header_line)
    if sums_top is not None:
        heavy.move(box.x, sums_top).line(box.right, sums_top)
    return lines, heavy


def _row_fill(t: Template, row: dict[str, Any], scope: Scope, where: str) -> Color | None:
    """A data row's own background: ``row_fill`` filled in with the row's fields (and the page's)."""
    merged = {**scope.values, **row}
    for ref in t.refs:
        if ref.name not in merged:
            raise CardError(f"table ({where}): row_fill reads {{{ref.name}}}, which the row does not have; its "
                            f"fields are {', '.join(row) or 'none'}")
    try:
        v = t.render(Scope(merged, scope.tables, scope.text, scope.lang))
    except ExprError as exc:
        raise CardError(f"table ({where}) row_fill: {exc}") from None
    if isinstance(v, str) and v.strip().lower() == "none":
        return None
    try:
        return colour_value(v)
    except CardError as exc:
        raise CardError(f"table ({where}) row_fill: {exc}") from None


def _cell_value(col: schema.TableColumn, value: dict[str, Template] | None, head: str, row: dict[str, Any], scope: Scope,
                lang: str, where: str) -> Any:
    """What a data row's cell shows: its ``value`` template, its ``field``, the field its label names."""
    if value is not None:
        from pnp.model.plain.base import pick

        # pick() chooses among any values per language, though typed for text
        t = value[""] if "" in value else cast(Template, pick(cast("dict[str, str]", value), lang))
        merged = {**scope.values, **row}
        for ref in t.refs:
            if ref.name not in merged:
                keys = ", ".join(row) or "none"
                raise CardError(f"table ({where}): column {head!r} shows {{{ref.name}}}, which the row does not "
                                f"have; its fields are {keys}")
        try:
            return t.render(Scope(merged, scope.tables, scope.text, scope.lang))
        except ExprError as exc:
            raise CardError(f"table ({where}): {exc}") from None
    if not row:
        return None
    if col.field is not None:
        if col.field not in row:
            raise CardError(f"table ({where}): column {head!r} shows the field {col.field!r}, which the row "
                            f"does not have; its fields are {', '.join(row)}")
        return scope.text(row[col.field])
    folded = {str(k).casefold(): v for k, v in row.items()}
    v = folded.get(head.strip().casefold())
    return None if v is None else scope.text(v)


# ------------------------------------------------------------------ registration

register(ElementKind("pnp.layout.schemas.tabular:TableEl", _table, points=("size", "min_size"), twin=TableEl))


__all__ = ["TableColumn", "TableEl"]
