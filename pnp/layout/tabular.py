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

from typing import Annotated, Any, Literal, Union

from pydantic import Field

from pnp.layout.compile import CardError, _Colour, _length, _Str, colour_value
from pnp.layout.elements import ElementKind, register
from pnp.layout.expr import ExprError, Scope, show, template
from pnp.model.base import Localised, Strict
from pnp.model.layout import ROWS_HELP, Colour, Length, Placed, Points, Rows, StrokeWidth, one_of
from pnp.scene import Group, Path, Rect, style

PAD = 1.2  # mm between a cell's text and its lines
DEFAULT_ROW = 8.0  # mm: a row to write a number in by hand
MIN_ROW = 5.0  # mm: rather than rows lower than this, a table on a sheet runs on to the next page
Align = Literal["left", "center", "right"]


class TableColumn(Strict):
    """One column: its header, how wide, what its cells show."""

    label: Localised = Field("", description="the header; or {de: ..., en: ...}")
    width: Length | None = Field(None, description="mm or % of the table's width; default: a share of the rest")
    field: str | None = Field(None, max_length=60, description="the row's field it shows (default: the one its "
                                                                "label names)")
    value: Localised | None = Field(None, description="what a cell shows: rich text with the row's fields, "
                                                      "'{name} ({cost})'")
    align: Align | None = Field(None, description="default: the first column left, the others centred")
    sum: bool = Field(False, description="added up in the sums row")


class TableEl(Placed):
    """Rows and columns of boxes: a header, values from data or boxes to fill in, a sums row."""

    type: Literal["table"]
    columns: list[Union[Localised, TableColumn]] = Field(
        min_length=1, max_length=40, description="header labels, or {label, width, field, value, align, sum} each")
    rows: Annotated[Union[Annotated[int, Field(ge=0, le=500)], Rows],
                    one_of(f"a number of rows to fill in (0 to 500) or rows of data: {ROWS_HELP}")] = Field(
        0, description="how many rows to fill in by hand, or the rows: a file, {source: name}, {field: name}, a list")
    widths: list[Length] | None = Field(None, max_length=40, description="column widths in mm or %, in order")
    row_height: Annotated[float, Field(ge=3, le=100, allow_inf_nan=False)] | None = Field(
        None, description=f"mm; default: the box's height shared out when h is given, else {DEFAULT_ROW:g}")
    header: bool = Field(True, description="a first row with the column labels")
    numbers: bool = Field(False, description="the first column counts the rows: 1, 2, 3 ... (rounds, turns)")
    sums: Localised | None = Field(None, description="label of a last row adding up the columns with sum: true")
    size: Points = Field(9.0, description="type size in points")
    min_size: Points = Field(6.0, description="smallest size a cell's text may shrink to")
    colour: Colour = Field("black", description="text colour")
    stroke: Colour = Field("black", description="colour of the lines")
    stroke_width: StrokeWidth = Field(0.3, description="line width in mm (the frame and the header's line: 2×)")
    header_fill: Colour | None = Field("#d9d9d9", description="background of the header and sums rows")
    stripe: Colour | None = Field(None, description="background of every second row")
    row_fill: Colour | None = Field(None, description="background of each row of data, a template of the row's "
                                                      "fields such as '{colour[team]}' (over the stripe; empty or "
                                                      "none: no fill)")
    flow: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=60)] | None = Field(
        None, description="a name: tables of one flow continue one list of rows over the sheet's pages")


def _column(spec) -> TableColumn:
    # a bare label becomes a column without validating it again (it was, as part of the table): a
    # rebuild read from the cache builds no schema
    return spec if isinstance(spec, TableColumn) else TableColumn.model_construct(label=spec)


def _widths(el: TableEl, cols: list[TableColumn], total: float, heads: list[str]) -> list[float]:
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


def _table(el: TableEl, fields, tables, where, ids, book=None):
    from pnp.scene import richtext
    from pnp.scene import fonts

    cols = [_column(c) for c in el.columns]
    labels = [_Str(c.label, fields, tables, f"{where} columns.{i}") for i, c in enumerate(cols)]
    sums_label = _Str(el.sums, fields, tables, f"{where} sums") if el.sums is not None else None
    values = []
    for i, c in enumerate(cols):  # a cell's template reads the row's fields: checked per row, when drawn
        if c.value is None:
            values.append(None)
            continue
        try:
            texts = {"": c.value} if isinstance(c.value, str) else dict(c.value.texts)
            values.append({k: template(v) for k, v in texts.items()})
        except ExprError as exc:
            raise ExprError(f"{where} columns.{i}: {exc}") from None
    ink = _Colour(el.colour, fields, tables, f"{where} colour")
    line = _Colour(el.stroke, fields, tables, f"{where} stroke")
    head_fill = _Colour(el.header_fill, fields, tables, f"{where} header_fill")
    stripe = _Colour(el.stripe, fields, tables, f"{where} stripe")
    try:  # read per row, so only its tables are known before drawing
        row_fill = template(el.row_fill) if el.row_fill is not None else None
    except ExprError as exc:
        raise ExprError(f"{where} row_fill: {exc}") from None
    for ref in row_fill.refs if row_fill is not None else ():
        if ref.table is not None and ref.table not in tables:
            raise ExprError(f"{where} row_fill: unknown table {ref.table!r}; the tables are "
                            f"{', '.join(tables) or 'none'}")
    if el.sums is not None and not any(c.sum for c in cols):
        raise ExprError(f"{where}: 'sums' adds up the columns marked sum: true, and no column is")

    def body(ctx, box, g):
        scope = ctx.scope
        lang = ctx.card.lang
        heads = [str(t(scope) or "") for t in labels]
        if isinstance(el.rows, int):
            rows: list[dict] = [{} for _ in range(el.rows)]
        elif isinstance(el.rows, list):
            rows = [dict(r) for r in el.rows]
        else:
            if ctx.card.data is None:
                raise CardError(f"table ({where}): rows from data are read on a sheet (kind: sheet)")
            rows = [dict(r.values) for r in ctx.card.data.rows(el.rows, f"table ({where}) rows")]
        flow = ctx.card.flow
        key = el.flow or where
        start = flow.start.get(key, 0) if flow is not None else 0
        heads_n, sums_n = (1 if el.header else 0), (1 if el.sums is not None else 0)
        remaining = rows[start:]
        n = len(remaining) + heads_n + sums_n
        if n == 0:
            return
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
            last = start + k == len(rows)
            if not last:
                flow.rest[key] = start + k
            page_rows = remaining[:k]
        else:
            if n * rh > box.h + 0.05 or rh < 3:
                raise CardError(f"table ({where}): {n} rows of {rh:.1f} mm need {n * rh:.1f} mm; its box is "
                                f"{box.h:.1f} mm high (fewer rows, a smaller row_height, or a taller box)")
            page_rows, last = remaining, True
        n = len(page_rows) + heads_n + (sums_n if last else 0)
        widths = _widths(el, cols, box.w, heads)
        xs = [box.x]
        for w in widths:
            xs.append(xs[-1] + w)
        fill = ink(scope)
        st = style(stroke=line(scope), width=el.stroke_width)
        y = box.y
        out = Group(id=el.id and f"{el.id}-cells")

        def cell(text: str, i: int, top: float, bold: bool = False):
            if not text:
                return
            w, h = widths[i] - 2 * PAD, rh - 0.6
            align = cols[i].align or ("left" if i == 0 else "center")
            markup = f"**{text}**" if bold and "**" not in text else text
            try:
                fitted = richtext.fit(markup, w, h, el.size, min_size_pt=min(el.min_size, el.size),
                                      lang=lang if richtext.has_patterns(lang) else None,
                                      line_height=1.1, align=align, valign="middle")
            except richtext.Overflow as exc:
                raise CardError(f"table ({where}): the cell {text[:30]!r} does not fit its "
                                f"{widths[i]:.1f} × {rh:.1f} mm box: {exc}") from None
            except (richtext.MarkupError, fonts.FontError, ValueError) as exc:
                raise CardError(f"table ({where}): the cell {text[:30]!r}: {exc}") from None

            def icon(name, x, yy, size):
                syms = ctx.card.symbols
                if syms is None or name not in syms.by_id:
                    raise CardError(f"table ({where}) names icon :{name}: but the game has no symbol {name!r}")
                return syms.draw(name, x, yy, size, fill)

            out.add(richtext.to_scene(fitted, xs[i] + PAD, top + 0.3, fill, icon))

        bands = Group()
        if el.header:
            hf = head_fill(scope)
            if hf is not None:
                bands.add(Rect(box.x, y, box.w, rh, style(fill=hf)))
            for i, text in enumerate(heads):
                cell(text, i, y, bold=True)
            y += rh
        first_row = y
        totals: list[float | None] = [0.0 if c.sum else None for c in cols]
        if last and sums_label is not None:  # the sums of every row, on the page that ends the table
            for row in rows:
                for i, c in enumerate(cols):
                    if c.sum and not (el.numbers and i == 0):
                        v = _cell_value(c, values[i], heads[i], row, scope, lang, where)
                        if v not in (None, ""):
                            num = _number(v)
                            if num is None:
                                raise CardError(f"table ({where}): column {heads[i] or i + 1!r} adds up numbers; "
                                                f"a row has {v!r}")
                            totals[i] = (totals[i] or 0.0) + num
        for r, row in enumerate(page_rows, start):
            sf = stripe(scope) if r % 2 == 1 else None
            if row_fill is not None and row:
                own = _row_fill(row_fill, row, scope, where)
                sf = own if own is not None else sf
            if sf is not None:
                bands.add(Rect(box.x, y, box.w, rh, style(fill=sf)))
            for i, c in enumerate(cols):
                v = r + 1 if (el.numbers and i == 0) else _cell_value(c, values[i], heads[i], row, scope, lang, where)
                cell(show(v, lang) if v is not None else "", i, y)
            y += rh
        sums_top = None
        if sums_label is not None and last:
            sums_top = y
            hf = head_fill(scope)
            if hf is not None:
                bands.add(Rect(box.x, y, box.w, rh, style(fill=hf)))
            cell(str(sums_label(scope) or ""), 0, y, bold=True)
            filled = not isinstance(el.rows, int)
            for i, c in enumerate(cols):
                if c.sum and filled and i > 0:
                    cell(show(totals[i], lang), i, y, bold=True)
            y += rh
        lines = Path(style=st)
        for k in range(n + 1):
            yy = box.y + k * rh
            lines.move(box.x, yy).line(box.right, yy)
        for x in xs:
            lines.move(x, box.y).line(x, y)
        heavy = Path(style=style(stroke=line(scope), width=el.stroke_width * 2))
        heavy.move(box.x, box.y).line(box.right, box.y).line(box.right, y).line(box.x, y).close()
        if el.header and page_rows:
            heavy.move(box.x, first_row).line(box.right, first_row)
        if sums_top is not None:
            heavy.move(box.x, sums_top).line(box.right, sums_top)
        g.add(bands, lines, heavy, out)

    return body


def _row_fill(t, row: dict, scope: Scope, where: str):
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


def _cell_value(col: TableColumn, value, head: str, row: dict, scope: Scope, lang: str, where: str):
    """What a data row's cell shows: its ``value`` template, its ``field``, the field its label names."""
    if value is not None:
        from pnp.model.base import pick

        t = value[""] if "" in value else pick(value, lang)
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


register(ElementKind(TableEl, _table, points=("size", "min_size")))

__all__ = ["TableColumn", "TableEl"]
