"""The ``bars`` element: a bar chart of numbers from data (a histogram, counts per score)::

    - {type: bars, x: 10, y: 60, w: 180, h: 90, bars: {field: counts}, value: "{count}", label: "{score}",
       fill: "{colour[best]}", hatch: "{pattern[best]}", note: "{note}",
       x_title: {de: Punkte, en: Points}, y_title: {de: Wege, en: Paths}}

One bar per row of ``bars`` (a file, a source, ``{field: ...}``, a list), left to right in the rows'
order, as high as its ``value`` on an axis that starts at 0 and ends at a round number above the
largest. The y axis has round steps (1, 2, 2.5 or 5 times a power of ten) with light lines across,
numbered with the language's thousands mark; ``label`` is printed under every bar, or under every
n-th when they would run into each other. ``fill`` and ``hatch`` are templates per bar, so a bar
that stands out does by its pattern as well as its colour. ``note`` is a text above the chart with a
pointer down to its bar: a bar too short to see (the best score) is found by it.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, NamedTuple

from pnp.layout.compile import CardError
from pnp.load.classes import dataclass
from pnp.scene.units import MM_PER_PT
from pnp.layout.elements import Draw, DrawContext, ElementKind, Fields, Tables, register
from pnp.layout.data import Row, inline_rows
from pnp.layout.expr import Scope
from pnp.layout.itemstyle import ItemScope, Templates, hatch_angles, hatches
from pnp.model.plain.layout import Placed
from pnp.scene import Box, Color, Group, Path, Polygon, Rect, Text, color, fonts, style

if TYPE_CHECKING:  # pragma: no cover
    from pnp.layout.schemas import charts as schema
    from pnp.layout.fontbook import FontBook
    from pnp.model.base import Localised

BARS_OWN = ("value", "label", "fill", "hatch", "note")
MAX_BARS = 2000


class BarsEl(Placed):
    """A bar chart: one bar per row of data, on a y axis with round steps, a label under each bar."""


def nice_step(top: float, ticks: int = 5) -> float:
    """A round step (1, 2, 2.5 or 5 times a power of ten) that divides 0..top into about ``ticks``."""
    raw = top / ticks
    if raw <= 0:
        return 1.0
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if raw <= m * mag + 1e-12:
            return m * mag
    return 10 * mag


def axis_number(v: float, lang: str) -> str:
    """A tick's number in the language's marks: 12.500 and 2,5 in German, 12,500 and 2.5 in English."""
    from pnp.load.words import ENGINE

    if float(v).is_integer():
        return f"{int(v):,}".replace(",", ENGINE(lang, "number.thousands"))
    return f"{v:g}".replace(".", ENGINE(lang, "number.decimal"))


class _Bar(NamedTuple):
    value: float
    label: str
    fill: Color | None
    angles: tuple[float, ...]
    note: str


@dataclass
class _Plot:
    """Where the bars go: the plot's top-left (x0, y0), its size, one bar's slot and the y axis."""

    x0: float
    y0: float
    pw: float
    ph: float
    slot: float
    ymax: float
    ticks: list[float]
    text_h: float

    def y(self, v: float) -> float:
        """The height of value ``v`` on the page (the baseline is at y0 + ph)."""
        return self.y0 + self.ph - self.ph * v / self.ymax


def _bars(el: schema.BarsEl, fields: Fields, tables: Tables, where: str, ids: set[str],
          book: FontBook | None = None) -> Draw:
    t = Templates({k: getattr(el, k) for k in BARS_OWN}, tables, where, ("fill",))
    ink = color(el.colour)
    grid_ink = color(el.grid) if el.grid not in (None, "none") else None

    inline = (inline_rows([r if isinstance(r, dict) else {"value": r} for r in el.bars], f"bars ({where}) bars")
              if isinstance(el.bars, list) else None)

    def draw(ctx: DrawContext, box: Box, g: Group) -> None:
        rows = inline
        if rows is None:
            if ctx.card.data is None:
                raise CardError(f"bars ({where}): this layout is drawn without a game folder to read rows from")
            rows = ctx.card.data.rows(el.bars, f"bars ({where}) bars")
        if not rows:
            raise CardError(f"bars ({where}): the rows give no bars to draw")
        if len(rows) > MAX_BARS:
            raise CardError(f"bars ({where}): {len(rows):,} bars; a chart draws at most {MAX_BARS:,}")
        t.check(set(rows[0].values) | set(ctx.scope.values) | set(fields), "the rows")
        bars = [_bar(t, r, ctx.scope, tables, where) for r in rows]
        _chart(el, bars, box, ctx.card.lang, ink, grid_ink, g, where)

    return draw


def _bar(t: Templates, r: Row, base: Scope, tables: Tables, where: str) -> _Bar:
    """One row's bar: its value (0 or more), label, fill, hatch and note."""
    scope = ItemScope({**base.values, **{k: v for k, v in r.values.items() if v is not None}}, tables,
                      base.text, base.lang)
    what = f"{r.where}: bars ({where})"
    v = t.number("value", scope, what)
    if v is None or v < 0:
        raise CardError(f"{what}: a bar's value must be a number of 0 or more, got {v!r}")
    return _Bar(v, t.text("label", scope), t.colour("fill", scope), hatch_angles(t.value("hatch", scope), what),
                t.text("note", scope))


def _chart(el: schema.BarsEl, bars: list[_Bar], box: Box, lang: str, ink: Color | None, grid_ink: Color | None, g: Group,
           where: str) -> None:
    plot = _plot(el, bars, box, lang, where)
    lines, shapes, texts = Group(), Group(), Group()
    for v in plot.ticks:
        y = plot.y(v)
        if grid_ink is not None and v > 0:
            lines.add(Path(style=style(stroke=grid_ink, width=0.15)).move(plot.x0, y).line(plot.x0 + plot.pw, y))
        texts.add(Text(plot.x0 - 1.5, y + plot.text_h * 0.36, axis_number(v, lang), size=el.size, anchor="end",
                       fill=ink))
    every = _label_every(el, bars, plot.slot)
    axis = Path(style=style(stroke=ink, width=0.3))
    axis.move(plot.x0, plot.y0).line(plot.x0, plot.y0 + plot.ph).line(plot.x0 + plot.pw, plot.y0 + plot.ph)
    for i, bar in enumerate(bars):
        _draw_bar(el, plot, i, bar, every, ink, box, shapes, axis, texts)
    if el.y_title:
        texts.add(Text(box.x, box.y + plot.text_h * 0.8, pick_text(el.y_title, lang), size=el.size, fill=ink))
    if el.x_title:
        texts.add(Text(plot.x0 + plot.pw / 2, box.y + box.h - 0.3 * plot.text_h, pick_text(el.x_title, lang),
                       size=el.size, anchor="middle", fill=ink))
    g.add(lines, shapes, axis, texts)


def _plot(el: schema.BarsEl, bars: list[_Bar], box: Box, lang: str, where: str) -> _Plot:
    """The y axis' round steps, and the plot's place in the box: room left for the axis numbers,
    above for the y title and the notes, below for the labels and the x title."""
    top = max(b.value for b in bars) or 1.0
    step = nice_step(top)
    ymax = step * math.ceil(top / step - 1e-9)
    ticks = [k * step for k in range(int(round(ymax / step)) + 1)]
    text_h = el.size * MM_PER_PT
    tick_w = max(fonts.string_width(axis_number(v, lang), el.size, "sans", "regular") for v in ticks)
    notes = any(b.note for b in bars)
    left = tick_w + 2.0
    head = (text_h + 1.5 if el.y_title else 0.0) + (text_h + 3.5 if notes else 0.0)
    foot = (text_h + 2.5 if any(b.label for b in bars) else 1.0) + (text_h + 1.5 if el.x_title else 0.0)
    last = next((b.label for b in reversed(bars) if b.label), "")
    right = fonts.string_width(last, el.size, "sans", "regular") / 2  # the last label stays in the box
    pw, ph = box.w - left - right, box.h - head - foot - text_h / 2
    if pw < len(bars) * 0.5 or ph < 10:
        raise CardError(f"bars ({where}): a box of {box.w:.1f} × {box.h:.1f} mm is too small for "
                        f"{len(bars)} bars and their axes")
    # the plot's top-left; its baseline at y0 + ph
    return _Plot(box.x + left, box.y + head + text_h / 2, pw, ph, pw / len(bars), ymax, ticks, text_h)


def _label_every(el: schema.BarsEl, bars: list[_Bar], slot: float) -> int:
    """Label every n-th bar (1, 2, 5, 10, 20 ...) so that labels do not run into each other."""
    label_w = max((fonts.string_width(b.label, el.size, "sans", "regular") for b in bars if b.label), default=0.0)
    every = 1
    while every * slot < label_w + 1.5 and every < len(bars):
        every = next(m * 10 ** k for k in range(6) for m in (1, 2, 5) if m * 10 ** k > every)
    return every


def _draw_bar(el: schema.BarsEl, plot: _Plot, i: int, bar: _Bar, every: int, ink: Color | None, box: Box, shapes: Group,
              axis: Path, texts: Group) -> None:
    """Bar ``i`` with its hatch, its tick and label (when it is labelled) and its note with a pointer."""
    v, lab, fill, angles, note = bar
    x0, y0, ph, slot, text_h = plot.x0, plot.y0, plot.ph, plot.slot, plot.text_h
    bh = ph * v / plot.ymax
    bx, bw = x0 + i * slot + slot * el.gap / 2, slot * (1 - el.gap)
    if bh > 0:
        shapes.add(Rect(bx, y0 + ph - bh, bw, bh, style(fill=fill)))
        for h in hatches(angles, fill, None, 1.0, 0.2):
            shapes.add(Rect(bx, y0 + ph - bh, bw, bh, style(hatch=h)))
    cx = x0 + (i + 0.5) * slot
    if lab and i % every == 0:
        axis.move(cx, y0 + ph).line(cx, y0 + ph + 1.2)
        texts.add(Text(cx, y0 + ph + 1.5 + text_h, lab, size=el.size, anchor="middle", fill=ink))
    if note:
        tip = y0 - 0.3
        shapes.add(Polygon([(cx - 1.4, tip - 2.2), (cx + 1.4, tip - 2.2), (cx, tip)], style(fill=ink)))
        nw = fonts.string_width(note, el.size, "sans", "bold")
        nx = min(max(cx, box.x + nw / 2), box.x + box.w - nw / 2)
        texts.add(Text(nx, tip - 3.0, note, size=el.size, weight="bold", anchor="middle", fill=ink))


def pick_text(value: Localised, lang: str) -> str:
    """A title given once or per language, in ``lang``."""
    return value if isinstance(value, str) else value.get(lang)


# ------------------------------------------------------------------ registration

register(ElementKind("pnp.layout.schemas.charts:BarsEl", _bars, own=BARS_OWN, points=("size",), twin=BarsEl))


__all__ = ["BarsEl", "axis_number", "nice_step"]
