"""Score sheets and pads (kind: score-sheet).

A sheet is drawn to fit any box: a title, a table whose rows are grouped in
blocks (hand-filled rows white, computed rows shaded and marked with Σ), one
column per player or per game, and a legend. Sizes follow the box: the row
height is what the page leaves, font sizes follow the row height, and the
one-line explanations are left out only when they would be unreadable.

Pads: ``up`` sheets per page. 1-up fills the page inside the printer margin
(nothing to cut). 2-up and 4-up halve and quarter the page as far as the
margin allows (A4: 140.5 x 194 and 97 x 140.5 mm; Letter: 131.7 x 199.9 and
99.95 x 131.7 mm): the trims fill the area inside the margin and butt, so one
cut separates two sheets, and crop marks on every cut line sit in the margin,
outside every trim. ``copies`` fills that many pages.

Build options (``-o key=value``): ``players`` (1..max_players), ``per_game``
(true or a number of game columns: a solo sheet), ``up`` (1, 2 or 4),
each narrowing the build (a plain build gives every ``pads.up`` size for the
default players plus one full-page solo sheet),
``copies`` (pages per pad file). With more than one copy the PDF holds all
pages and a ``-page`` asset gives one SVG/PNG page instead of many copies.
"""
from __future__ import annotations

import re
from functools import partial
from typing import TYPE_CHECKING

from pnp.load.classes import dataclass
from pnp.model.assets import Asset, BuildOptions
from pnp.load.errors import DataErrors, Problem
from pnp.model.plain.base import tr
from pnp.scene import BLACK, Color, Group, Page, Path, Rect, Style, Text, Transform, color, mix, style
from pnp.scene.style import WHITE
from pnp.scene.text import set_lines
from pnp.load.words import ENGINE
from pnp.scene.units import MM_PER_PT

if TYPE_CHECKING:
    from pnp.model.game import Game
    from pnp.model.score_sheet import Block, Row, ScoreSheet

GRID = style(stroke="#7a7a7a", width=0.2)
FRAME = style(stroke="#303030", width=0.4)
GREY_TEXT = color("#555555")
MIN_PT = 6.0  # nothing read in play is printed smaller
MIN_EXPLAIN_PT = 6.0  # smaller explanations are left out
PAD_SIZES = {1: "", 2: "A5", 4: "A6"}
PAD_WORDS = ENGINE.section("score_pad")
COLUMN_WORDS = ENGINE.section("score_columns")


def slug(row_id: str) -> str:
    """A scene/SVG-safe id for a row id such as '>21' or '2,4,6'."""
    s = row_id.replace(">", "gt").replace("<", "lt").replace("+", "p").replace(",", "_")
    return re.sub(r"[^A-Za-z0-9_-]", "_", s)


@dataclass(frozen=True)
class ColumnSpec:
    """What the value columns are: players (with name boxes) or games of one player."""

    count: int
    per_game: bool = False


# ------------------------------------------------------------------ drawing


def _text_w(text: str, size: float, weight: str = "regular") -> float:
    from pnp.scene import fonts
    return fonts.string_width(text, size, "sans", weight)


def _lines_height(text: str, width: float, size: float) -> float:
    lines = set_lines(Text(0, 0, text, size=size, box=(width, 10000.0)))
    return len(lines) * size * 1.2 * MM_PER_PT


def _label_text(row: Row, lang: str) -> str:
    return ("Σ " if row.computed else "") + tr(row.label, lang)


def draw_sheet(doc: ScoreSheet, w: float, h: float, lang: str, cols: ColumnSpec, id_prefix: str = "") -> Group:
    """The whole sheet in a w x h box (mm, origin top-left).

    Group ids (``row-<id>``, ``block-<id>``, ``header``, ``legend``, ...) get
    ``id_prefix`` so several sheets on one page keep unique SVG ids.
    """
    g = _draw(doc, w, h, lang, cols)
    if id_prefix:
        _prefix_ids(g, id_prefix)
    return g


def _prefix_ids(node: Group, prefix: str) -> None:
    if node.id:
        node.id = prefix + node.id
    for ch in node.children:
        if isinstance(ch, Group):
            _prefix_ids(ch, prefix)


def _accent(doc: ScoreSheet) -> Color:
    """The colour of the title and the computed rows; black for the colour "none" (text must show)."""
    return color(doc.accent) or BLACK


def _draw(doc: ScoreSheet, w: float, h: float, lang: str, cols: ColumnSpec) -> Group:
    g = Group(id="score-sheet")
    k = min(w / 190.0, h / 275.0)  # 1.0 for an A4 page inside the margin
    accent = _accent(doc)
    y = _title(g, doc, w, lang, cols, k)
    legend_pt = max(MIN_PT, 7.5 * k)
    legend = "\n".join("• " + tr(item, lang) for item in doc.legend)
    legend_h = _lines_height(legend, w, legend_pt) if legend else 0.0
    bottom = h - legend_h - (2.0 * k if legend else 0.0)
    t = _table(doc, w, h, bottom - y, lang, cols.count)
    table_top = y
    y = _header(g, doc, t, y, lang, cols)
    args = (t.u, w, t.x_vals, t.cw, t.n, t.label_w, t.explain_w, t.label_pt, t.explain_pt, lang, accent)
    for block in doc.blocks:
        y = _draw_block(g, block, y, *args)
    for row in doc.totals:
        grp = Group(id=f"row-{slug(row.id)}")
        _draw_row(grp, row, y, *args, total=True)
        g.add(grp)
        y += t.u
    g.add(Rect(0, table_top, w, y - table_top, style=FRAME))
    g.add(Path(style=FRAME).move(t.x_vals, table_top).line(t.x_vals, y))
    if legend:  # at the bottom
        g.add(Group(children=[Text(0, y + 2.0 * k, legend, size=legend_pt, box=(w, legend_h + 0.5),
                                   fill=GREY_TEXT)], id="legend"))
    return g


def _title(g: Group, doc: ScoreSheet, w: float, lang: str, cols: ColumnSpec, k: float) -> float:
    """Title, subtitle and (solo sheets) the name field; returns where the table starts."""
    accent = _accent(doc)
    title_pt = max(8.0, 16.0 * k)
    title_h = title_pt * 1.25 * MM_PER_PT
    g.add(Text(0, 0, tr(doc.title, lang), size=title_pt, weight="bold", fill=accent,
               box=(w * (0.55 if cols.per_game else 1.0), title_h), shrink=True, wrap=False, valign="middle"))
    y = title_h
    if cols.per_game:
        name = tr(doc.columns.name, lang)
        npt = max(6.0, 10.0 * k)
        nx = w * 0.58
        base = title_h * 0.8
        field = Group(id="name-field")
        field.add(Text(nx, base, name, size=npt, weight="bold"))
        lx = nx + _text_w(name, npt, "bold") + 1.5
        field.add(Path(style=style(stroke="black", width=0.25)).move(lx, base + 0.6).line(w, base + 0.6))
        g.add(field)
    sub_pt = max(MIN_PT, 8.0 * k)
    if doc.subtitle is not None:
        g.add(Text(0, y + 0.6 * k, tr(doc.subtitle, lang), size=sub_pt, fill=GREY_TEXT,
                   box=(w, sub_pt * 1.25 * MM_PER_PT), shrink=True, wrap=False, min_size=MIN_PT))
        y += sub_pt * 1.25 * MM_PER_PT + 0.6 * k
    return y + 2.5 * k


@dataclass(frozen=True)
class _Table:
    """The table's measures: row unit, type sizes, and the columns (label | explanation | n values)."""

    u: float
    label_pt: float
    explain_pt: float
    label_w: float
    explain_w: float
    cw: float
    n: int
    x_vals: float  # where the value columns start


def _table(doc: ScoreSheet, w: float, h: float, room: float, lang: str, n: int) -> _Table:
    """Row heights (header 1.2 u, block bands 0.75 u, rows u) and column widths, for ``room`` mm of
    the w x h sheet."""
    rows = doc.rows()
    units = 1.2 + 0.75 * len(doc.blocks) + len(rows)
    u = min(9.0, room / units)
    if u <= 2.0:
        raise DataErrors([Problem("score-sheet", 0, 0, f"a {w:.0f} x {h:.0f} mm sheet has no room for "
                                  f"{len(rows)} rows; use fewer sheets per page")])
    label_pt = max(MIN_PT, min(10.0, u / MM_PER_PT * 0.5))
    explain_pt = label_pt * 0.85
    label_w = max(_text_w(_label_text(r, lang), label_pt, "bold") for _, r in rows) + 3.0
    explain_need = max((_text_w(tr(r.explain, lang), explain_pt) for _, r in rows if r.explain), default=0.0) + 2.0
    cw = min(24.0, max(11.0, (w - label_w - explain_need) / n))
    explain_w = w - label_w - n * cw
    show_explain = explain_pt >= MIN_EXPLAIN_PT and explain_w >= 18.0 and explain_need > 2.0
    if not show_explain:
        cw = min(24.0, (w - label_w) / n)
        explain_w = 0.0
    if cw < 6.0:
        raise DataErrors([Problem("score-sheet", 0, 0, f"{n} columns do not fit a {w:.0f} mm wide sheet beside row "
                                                     f"labels {label_w:.0f} mm wide; shorten the longest label")])
    return _Table(u, label_pt, explain_pt, label_w, explain_w, cw, n, w - n * cw)


def _header(g: Group, doc: ScoreSheet, t: _Table, y: float, lang: str, cols: ColumnSpec) -> float:
    """The header row: name boxes (players) or game numbers (solo); returns where it ends."""
    hh = 1.2 * t.u
    head = Group(id="header")
    word = tr(doc.columns.game if cols.per_game else doc.columns.name, lang)
    head.add(Text(1.0, y, word, size=t.label_pt, weight="bold", fill=GREY_TEXT, box=(t.x_vals - 2.0, hh),
                  valign="middle", shrink=True, wrap=False))
    for c in range(t.n):
        x = t.x_vals + c * t.cw
        head.add(Rect(x, y, t.cw, hh, style=style(fill="white", stroke="#7a7a7a", width=0.2)))
        if cols.per_game:
            head.add(Text(x, y, str(c + 1), size=t.label_pt, weight="bold", anchor="middle", box=(t.cw, hh),
                          valign="middle", wrap=False))
        else:
            tiny = MIN_PT
            head.add(Text(x + 0.8, y + 0.6 + tiny * MM_PER_PT * 0.8, str(c + 1), size=tiny, fill=GREY_TEXT))
    g.add(head)
    return y + hh


def _draw_block(g: Group, block: Block, y: float, u: float, w: float, x_vals: float, cw: float, n: int,
                label_w: float, explain_w: float, label_pt: float, explain_pt: float, lang: str, accent: Color) -> float:
    band = 0.75 * u
    bg = Group(id=f"block-{slug(block.id)}")
    bg.add(Rect(0, y, w, band, style=style(fill=block.colour, stroke="#303030", width=0.3)))
    bg.add(Text(1.5, y, tr(block.title, lang), size=label_pt * 0.95, weight="bold", box=(w - 3.0, band),
                valign="middle", shrink=True, wrap=False))
    y += band
    for row in block.rows:
        grp = Group(id=f"row-{slug(row.id)}")
        _draw_row(grp, row, y, u, w, x_vals, cw, n, label_w, explain_w, label_pt, explain_pt, lang, accent)
        bg.add(grp)
        y += u
    g.add(bg)
    return y


def _draw_row(grp: Group, row: Row, y: float, u: float, w: float, x_vals: float, cw: float, n: int,
              label_w: float, explain_w: float, label_pt: float, explain_pt: float, lang: str, accent: Color,
              total: bool = False) -> None:
    shade = mix(accent, WHITE, 0.86) if row.computed else None
    if shade is not None:
        grp.add(Rect(0, y, x_vals, u, style=style(fill=shade)))
    grp.add(Path(style=GRID).move(0, y).line(x_vals, y))  # above: a shaded row must not hide it
    grp.add(Path(style=GRID).move(0, y + u).line(w, y + u))
    grp.add(Text(1.5, y, _label_text(row, lang), size=label_pt, weight="bold",
                 fill=accent if row.computed else color("black"), box=(label_w - 1.5, u),
                 valign="middle", shrink=True, wrap=False))
    if explain_w > 0 and row.explain is not None:
        grp.add(Text(label_w, y, tr(row.explain, lang), size=explain_pt, fill=GREY_TEXT,
                     box=(explain_w - 1.5, u - 0.4), valign="middle", shrink=True, min_size=MIN_PT,
                     line_height=1.1))
    cell_fill = mix(accent, WHITE, 0.93) if row.computed else WHITE
    for c in range(n):
        x = x_vals + c * cw
        grp.add(Rect(x, y, cw, u, style=_cell_style(cell_fill, total)))


def _cell_style(fill: Color, total: bool) -> Style:
    return style(fill=fill.hex, stroke="#303030" if total else "#7a7a7a", width=0.45 if total else 0.2)


# ------------------------------------------------------------------ pads


def _opt_int(opts: BuildOptions, key: str, default: int, lo: int, hi: int) -> int:
    from pnp.model.options import number

    return int(number(opts, key, default, lo, hi, unit="", integer=True))  # an int already: typed as one


def read_options(doc: ScoreSheet, opts: BuildOptions) -> tuple[list[int], list[ColumnSpec], int]:
    """(ups, column specs, copies) from the sheet's defaults and ``opts.extra``."""
    extra = opts.extra or {}
    if "up" in extra:
        up = extra["up"]
        if isinstance(up, bool) or up not in (1, 2, 4):
            raise DataErrors([Problem("--option up", 0, 0, f"up must be 1, 2 or 4 sheets per page, got {up!r}")])
        ups = [up]
    else:
        ups = sorted(set(doc.pads.up))
    copies = _opt_int(opts, "copies", doc.pads.copies, 1, 500)
    specs: list[ColumnSpec] = []
    per_game = extra.get("per_game", False)
    if per_game is True:
        specs.append(ColumnSpec(doc.columns.games, True))
    elif per_game not in (False, None, 0):
        specs.append(ColumnSpec(_opt_int(opts, "per_game", doc.columns.games, 1, 12), True))
    else:
        players = _opt_int(opts, "players", doc.columns.players, 1, doc.columns.max_players)
        specs.append(ColumnSpec(players))
        if "players" not in extra and "up" not in extra:
            specs.append(ColumnSpec(doc.columns.games, True))  # plain build: a solo sheet as well
    return ups, specs, copies


def pad_size(paper: str, up: int, margin: float) -> tuple[float, float, str]:
    """Trim size (w, h) of one sheet and the page orientation for ``up`` per page."""
    from pnp.model.paper import paper_size

    pw, ph = paper_size(paper, "portrait")
    aw, ah = pw - 2 * margin, ph - 2 * margin
    if up == 1:
        return aw, ah, "portrait"
    if up == 2:  # two portrait sheets side by side on a landscape page
        return ah / 2, aw, "landscape"
    return aw / 2, ah / 2, "portrait"


def pad_pages(doc: ScoreSheet, opts: BuildOptions, up: int, cols: ColumnSpec, copies: int) -> list[Page]:
    """``copies`` pages each holding ``up`` sheets."""
    from pnp.impose.grid import impose
    from pnp.impose.items import Item, sheet_from_options
    from pnp.model.paper import paper_size

    lang = opts.lang
    margin = opts.margin
    w, h, orient = pad_size(opts.paper, up, margin)
    if up == 1:
        pw, ph = paper_size(opts.paper, "portrait")
        sheet = draw_sheet(doc, w, h, lang, cols)
        sheet.transform = _translate(margin, margin)
        return [Page(pw, ph, Group(children=[sheet], id="page"), label=tr(doc.title, lang)) for _ in range(copies)]
    inset = max(3.0, 4.0 * min(w / 140.0, h / 194.0))
    drawn = [0]
    cache: dict[int, Group] = {}  # one drawing per position on the page, shared by all copies

    def front(bleed: float) -> Group:
        pos = drawn[0] % up + 1
        drawn[0] += 1
        if pos not in cache:
            inner = draw_sheet(doc, w - 2 * inset, h - 2 * inset, lang, cols, f"s{pos}-")
            inner.transform = _translate(inset, inset)
            cache[pos] = Group(children=[Rect(0, 0, w, h, style=style(fill="white")), inner])
        return cache[pos]

    item = Item(w, h, front, None, label=tr(doc.title, lang))
    spec = sheet_from_options(opts, orientation=orient, bleed=0.0, gutter=0.0, crop_marks=True, duplex="none",
                              rotate=False)
    return list(impose([item] * (up * copies), spec))


def _translate(x: float, y: float) -> Transform:
    from pnp.scene import translate

    return translate(x, y)


def _fits(doc: ScoreSheet, game: Game | None, opts: BuildOptions, up: int, cols: ColumnSpec) -> None:
    """Draw one sheet of the pad now, before any page: rows or columns that do not fit are
    named with the sheet's file."""
    w, h, _ = pad_size(opts.paper, up, opts.margin)
    try:
        draw_sheet(doc, w, h, opts.lang, cols)
    except DataErrors as exc:
        from pnp.layout.documents import source
        from pnp.load.loader import display_path

        src = source(game, doc) if game is not None else None
        if src is None:
            raise
        raise DataErrors([Problem(display_path(src[0]), 0, 0, p.message) if p.file == "score-sheet" else p
                          for p in exc.problems]) from None


def score_sheet_assets(doc: ScoreSheet, game: Game | None, opts: BuildOptions, stem: str) -> list[Asset]:
    ups, specs, copies = read_options(doc, opts)
    title = tr(doc.title, opts.lang)
    assets: list[Asset] = []
    for cols in specs:
        # the default solo sheet comes as one full page only
        for up in (ups if cols.per_game == bool(specs[0].per_game) else [1]):
            _fits(doc, game, opts, up, cols)
            name = f"{stem}-{'solo-' if cols.per_game else ''}{up}up"
            what = COLUMN_WORDS[opts.lang][cols.per_game].format(n=cols.count)
            size = f", {PAD_SIZES[up]}" if PAD_SIZES[up] else ""
            full = f"{title} ({up} {PAD_WORDS[opts.lang]}{size}; {what})"
            assets.append(Asset(
                name=name, title=full,
                pages=partial(pad_pages, doc, opts, up, cols, copies),
                formats=("pdf",) if copies > 1 else None,
                description=f"{up} sheet(s) per page, {copies} page(s)"))
            if copies > 1:  # identical pages: one SVG/PNG of a single page is enough
                assets.append(Asset(
                    name=f"{name}-page", title=full, formats=("svg", "png"),
                    pages=partial(pad_pages, doc, opts, up, cols, 1),
                    description="one page of the pad, for screens and editing"))
    return assets
