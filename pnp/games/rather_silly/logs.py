"""The Superhirn ledger, the Doktor's track, the season track and the Wahrsager's log (one A4/letter page
each, the Doktor's log running on). Still drawn by hand: not yet a layout (issue #31). Words from the
catalogue's ``aids`` section; numbers (years, the 30-point goal, shares) from the facts.
"""
from __future__ import annotations

from pnp.impose.layout import document_page
from pnp.scene import Group, Page, Path, Rect, Text, color, mix, style
from pnp.games.rather_silly.aids import W, _lang
from pnp.games.rather_silly.book import FACTS
from pnp.games.rather_silly.mapdata import Board
from pnp.load.words import ENGINE

PT = 25.4 / 72
GRID = style(stroke="#666666", width=0.25)
HEAD_FILL = color("#e8e8e8")
INK = color("#111111")


def _doc(opts, title: str) -> tuple[Page, object]:
    return document_page(opts.paper, "portrait", 12.0, title, W[_lang(opts)]["footer"])


def _sheet(opts, title: str, intro: str, size: float, gap: float):
    """A log or track page: its title, the intro paragraph, and where the content starts below it."""
    page, box = _doc(opts, title)
    g = page.content
    return page, box, g, box.y + _para(g, box.x, box.y, box.w, intro, size) + gap


def _para(g: Group, x: float, y: float, w: float, text: str, size: float = 10.0, weight: str = "regular",
          fill=INK) -> float:
    """A wrapped paragraph; returns its height in mm."""
    from pnp.scene.text import layout

    t = Text(x, y, text, size=size, weight=weight, box=(w, 400.0), fill=fill)
    lines = layout(t)
    g.add(t)
    if not lines:
        return 0.0
    return lines[-1].y - y + size * PT * 0.35


def _table(g: Group, x: float, y: float, widths: list[float], header: list[str], rows: list[list[str]],
           row_h: float, size: float = 8.0, shade: list[int] | None = None) -> float:
    """A ruled table; returns its height. ``shade`` greys whole columns (optional entries)."""
    total = sum(widths)
    n = len(rows) + 1
    g.add(Rect(x, y, total, row_h, style(fill=HEAD_FILL)))
    for ci in shade or []:
        cx = x + sum(widths[:ci])
        g.add(Rect(cx, y + row_h, widths[ci], row_h * len(rows), style(fill="#f3f3f3")))
    for ri, row in enumerate([header] + rows):
        cx = x
        for ci, cell in enumerate(row):
            if cell:
                g.add(Text(cx + 1.2, y + ri * row_h, cell, size=size, weight="bold" if ri == 0 else "regular",
                           box=(widths[ci] - 2.4, row_h), valign="middle", wrap=False, shrink=True, fill=INK))
            cx += widths[ci]
    for ri in range(n + 1):
        g.add(Path(style=GRID).move(x, y + ri * row_h).line(x + total, y + ri * row_h))
    cx = x
    for wdt in [0.0] + widths:
        cx += wdt
        g.add(Path(style=GRID).move(cx, y).line(cx, y + n * row_h))
    return n * row_h


def ledger_page(board: Board, opts) -> Page:
    lang = _lang(opts)
    w = W[lang]
    page, box, g, y = _sheet(opts, w["ledger"], w["ledger_intro"], 9.5, 4)
    # share look-up: n correct answers -> 1/n each
    shares = [(n, f"{100 / n:.1f}".rstrip("0").rstrip(".").replace(".", ENGINE(lang, "number.decimal")) + " %")
              for n in range(1, 9)]
    widths = [32.0] + [(box.w - 32.0) / len(shares)] * len(shares)
    y += _table(g, box.x, y, widths, [w["correct"]] + [str(n) for n, _ in shares],
                [[w["share"]] + [s for _, s in shares]], 7.0, 8.5) + 6
    players = [p for p in board.powers] + [r for r in board.roles if r.id in ("narr", "doktor")]
    seasons = _seasons(board, lang, with_winter=False)
    col0 = 26.0
    pw = (box.w - col0) / len(players)
    header = [w["season"]] + [p.name(lang) for p in players]
    avail = box.bottom - y
    row_h = max(4.2, min(6.5, avail / (len(seasons) + 1)))
    rows_fit = int(avail // row_h) - 1
    rows = [[s] + [""] * len(players) for s in seasons[:rows_fit]]
    _table(g, box.x, y, [col0] + [pw] * len(players), header, rows, row_h, 7.5)
    for i, p in enumerate(players):  # a colour chip above each player's column
        g.add(Rect(box.x + col0 + i * pw, y - 1.6, pw, 1.6, style(fill=p.colour)))
    return page


def _seasons(board: Board, lang: str, with_winter: bool) -> list[str]:
    w = W[lang]
    names = [w["spring"], w["autumn"]] + ([w["winter"]] if with_winter else [])
    # the Narr wins once the game reaches his year, so nothing is played in it
    return [f"{n} {y}" for y in range(FACTS.value("first_year"), FACTS.value("narr_year")) for n in names]


def doktor_pages(board: Board, opts) -> list[Page]:
    """The points track, then the season log, continued on further pages to the last season
    before the Narr's year (the Doktor may win after any phase, so every phase has a row)."""
    lang = _lang(opts)
    w = W[lang]
    goal = FACTS.value("doktor_victory_points")
    page, box, g, y = _sheet(opts, w["dtrack"], w["dtrack_intro"].format(goal=goal), 10, 6)
    per_row = 8
    cell = box.w / per_row
    doc_colour = color(board.player("doktor").colour) if board.player("doktor") else color("#00838f")
    for v in range(goal + 1):
        r, c = divmod(v, per_row)
        x0, y0 = box.x + c * cell, y + r * cell
        win = v == goal
        g.add(Rect(x0 + 1, y0 + 1, cell - 2, cell - 2,
                   style(fill=doc_colour if win else mix(doc_colour, color("white"), 0.88), stroke=doc_colour,
                         width=0.5), radius=1.5))
        g.add(Text(x0 + cell / 2, y0 + cell / 2 + 3, str(v), size=16, weight="bold", anchor="middle",
                   fill=color("white") if win else doc_colour))
    y += ((goal // per_row) + 1) * cell + 8
    row_h = 6.0
    widths = [box.w * 0.4, box.w * 0.2, box.w * 0.2, box.w * 0.2]
    head = [w["season"], w["points"], w["centres"], w["sum"] + f" (≥ {goal})"]
    rest = [[s, "", "", ""] for s in _seasons(board, lang, True)]
    pages = [page]
    while True:
        fit = max(1, int((box.bottom - y) // row_h) - 1)
        _table(g, box.x, y, widths, head, rest[:fit], row_h, 9)
        rest = rest[fit:]
        if not rest:
            return pages
        page, box = _doc(opts, w["dtrack"])
        pages.append(page)
        g, y = page.content, box.y


def season_page(board: Board, opts) -> Page:
    lang = _lang(opts)
    w = W[lang]
    a, b = FACTS.value("first_year"), FACTS.value("narr_year")
    page, box, g, y = _sheet(opts, w["strack"].format(a=a, b=b), w["strack_intro"].format(b=b), 10, 4)
    years = list(range(a, b + 1))
    row_h = min(10.0, (box.bottom - y) / (len(years) + 1))
    cols = [w["spring"], w["autumn"], w["winter"]]
    col_w = (box.w - 24) / 3
    g.add(Text(box.x, y + row_h * 0.7, w["year"], size=9, weight="bold", fill=INK))
    for i, c in enumerate(cols):
        g.add(Text(box.x + 24 + (i + 0.5) * col_w, y + row_h * 0.7, c, size=9, weight="bold", anchor="middle",
                   fill=INK))
    narr = board.player("narr")
    for r, yr in enumerate(years, 1):
        yy = y + r * row_h
        last = yr == b
        g.add(Text(box.x, yy + row_h * 0.68, str(yr), size=11, weight="bold",
                   fill=color(narr.colour) if last and narr else INK))
        if last:
            g.add(Rect(box.x + 24, yy + 0.8, box.w - 24, row_h - 1.6,
                       style(fill=narr.colour if narr else "#c0409a"), radius=1.5))
            g.add(Text(box.x + 24 + (box.w - 24) / 2, yy + row_h * 0.68, w["fool_wins"], size=11, weight="bold",
                       anchor="middle", fill=color("white")))
            continue
        for i in range(3):
            cx = box.x + 24 + (i + 0.5) * col_w
            s = row_h - 3
            g.add(Rect(cx - s / 2, yy + 1.5, s, s, style(stroke="#333333", width=0.35), radius=0.8))
    return page


def wahrsager_page(board: Board, opts) -> Page:
    lang = _lang(opts)
    w = W[lang]
    page, box, g, y = _sheet(opts, w["wlog"], w["wlog_intro"], 9.5, 4)
    seasons = _seasons(board, lang, with_winter=False)
    widths = [28.0, 30.0, 30.0, 34.0]
    widths.append(box.w - sum(widths))
    row_h = min(6.0, (box.bottom - y) / (len(seasons) + 1))
    rows = [[s, "", "", "", ""] for s in seasons]
    _table(g, box.x, y, widths, [w["season"], w["pred"] + " 1", w["pred"] + " 2", w["third"], w["result"]],
           rows, row_h, 7.5, shade=[3])
    return page
