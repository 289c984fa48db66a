"""The umpire's paper: d6 direction table and record sheets with small board diagrams."""
from __future__ import annotations

from pnp.layout.builtin.trigrid import DIRECTIONS, TriGrid, board_group, cell_names
from pnp.model.base import tr
from pnp.impose.layout import document_page
from pnp.scene import Circle, Group, Path, Rect, Text, style, translate
from pnp.scene.style import color
from pnp.games.klin_zha.overlay import direction_arrow
from pnp.load.words import Words

WORDS = Words.beside(__file__)
LINE = style(stroke="#444444", width=0.25)


def _w(key: str, lang: str) -> str:
    return WORDS[lang]["directions"][key]


def mini_board(kit, edge: float, name_size: float | None = 6.0) -> Group:
    """A small copy of the board (corner tints, names) to write piece marks into."""
    g = TriGrid(kit.board.size, edge, kit.board.naming)
    grp = board_group(kit.board, g, names=False, hatch=False)
    if name_size:  # a board too small for readable names shows none
        grp.add(cell_names(g, size=name_size, fill="#666666"))
    return grp


def d6_table_page(kit, opts):
    lang = opts.lang
    words = WORDS[lang]["d6"]
    r = kit.rules
    page, box = document_page(opts.paper, "portrait", 12.0, words["title"], WORDS(lang, "game"))
    c = page.content
    x, y = box.x, box.y + 4
    c.add(Text(x, y, words["intro"], size=9.5, box=(box.w, 18), line_height=1.3))
    y += 19
    c.add(Rect(x - 2, y - 2.5, box.w + 4, 21, style(fill="#f7f7f7", stroke="#888888", width=0.3, dash=(1.2, 0.8))))
    c.add(Text(x, y, words["open"], size=8.5, box=(box.w, 17), line_height=1.25))
    y += 26
    col = [x, x + 18, x + 50, x + 80, x + 118]
    for cx, h in zip(col, words["heads"]):
        c.add(Text(cx, y, h, size=10, weight="bold"))
    y += 3
    row_h = 13.0
    for i in range(6):
        top = y + i * row_h
        if i % 2 == 0:
            c.add(Rect(x - 2, top, box.w + 4, row_h, style(fill="#f0f0f0")))
        d = r.d6_directions[i]
        c.add(Text(col[0] + 3, top + 9, str(i + 1), size=16, weight="bold"))
        c.add(Text(col[1], top + 8.5, _w(d, lang), size=11))
        ux, uy = DIRECTIONS[d][1]
        c.add(direction_arrow(col[2] + 8 - ux * 5, top + row_h / 2 - uy * 5, (ux, uy), 10, width=0.8))
        dist = r.d6_distance[i]
        c.add(Text(col[3], top + 8.5, words["cell" if dist == 1 else "cells"].format(n=dist), size=11))
        turns = r.d6_turns[i]
        c.add(Text(col[4], top + 8.5, words["turns"].format(n=turns), size=11))
    y += 6 * row_h + 10
    # a compass on a small board: the six arrows from the centre
    g = TriGrid(kit.board.size, 9.0, kit.board.naming)
    bx = x + (box.w - g.width) / 2
    c.add(Group([mini_board(kit, 9.0, None)], transform=translate(bx, y)))
    cx, cy = g.centre()
    for i, d in enumerate(r.d6_directions):
        ux, uy = DIRECTIONS[d][1]
        c.add(Group([direction_arrow(cx + ux * 2, cy + uy * 2, (ux, uy), 17, colour="#b00020", width=0.7),
                     Circle(cx + ux * 23, cy + uy * 23, 3.2, style(fill="white", stroke="#b00020", width=0.4)),
                     Text(cx + ux * 23, cy + uy * 23 + 1.5, str(i + 1), size=10, weight="bold", anchor="middle",
                          fill=color("#b00020"))], transform=translate(bx, y)))
    y += g.height + 10
    moving = [lay for lay in kit.layouts if lay.model.moving]
    if moving:
        c.add(Text(x, y, words["prerolled"], size=9.5, weight="bold"))
        y += 5
        for lay in moving:
            m = lay.model.moving
            drift = "; ".join(f"{d.cloud}: {_w(d.direction, lang)} {d.distance}" for d in m.drift)
            every = words["every"].format(n=m.every)
            c.add(Text(x, y, f"{tr(lay.model.title, lang)}: {every}, {m.steps}× — {drift}",
                       size=8.5, box=(box.w, 10), line_height=1.2))
            y += 9
    return page


def _fields(c: Group, x: float, y: float, w: float, labels: list[str], size=8.5) -> None:
    step = w / len(labels)
    for i, lab in enumerate(labels):
        c.add(Text(x + i * step, y, lab, size=size))
        c.add(Path(style=LINE).move(x + i * step + len(lab) * size * 0.21 + 1.5, y + 0.8)
              .line(x + (i + 1) * step - 4, y + 0.8))


def setup_sheet_pages(kit, opts):
    lang = opts.lang
    words = WORDS[lang]["setup"]
    page, box = document_page(opts.paper, "portrait", 10.0, words["title"], words["sub"])
    c = page.content
    x, y = box.x, box.y + 3
    _fields(c, x, y, box.w, words["fields"])
    y += 7
    _fields(c, x, y, box.w, words["sides"])
    y += 5
    edge = min(box.w / kit.board.size, 16.5)
    g = TriGrid(kit.board.size, edge, kit.board.naming)
    c.add(Group([mini_board(kit, edge, 6.0)], transform=translate(x + (box.w - g.width) / 2, y)))
    y += g.height + 4
    c.add(Text(x, y, words["note"], size=7.5, fill=color("#444444")))
    y += 5
    # table: piece | mark | green cells | gold cells
    cols = [x, x + 38, x + 56, x + 56 + (box.w - 56) / 2]
    for cx, h in zip(cols, words["heads"]):
        c.add(Text(cx + 1, y + 4, h, size=8.5, weight="bold"))
    y += 6
    rh = 6.2
    for i, p in enumerate(kit.rules.pieces):
        top = y + i * rh
        c.add(Rect(x, top, box.w, rh, style(fill="#f3f3f3" if i % 2 == 0 else None, stroke="#bbbbbb", width=0.2)))
        c.add(Text(cols[0] + 1, top + 4.3, f"{tr(p.name, lang)} ×{p.count}", size=8.5))
        c.add(Text(cols[1] + 1, top + 4.3, p.mark, size=8.5, weight="bold"))
        for side_x in (cols[2], cols[3]):
            for k in range(p.count):
                c.add(Rect(side_x + 1 + k * 14, top + 0.9, 12.5, rh - 1.8, style(stroke="#888888", width=0.2)))
    return [page]


def position_sheet_pages(kit, opts, per_page: int = 2):
    words = WORDS[opts.lang]["position"]
    page, box = document_page(opts.paper, "portrait", 10.0, words["title"], words["sub"])
    c = page.content
    cols = 1 if per_page <= 2 else 2  # two sketches a page: cells big enough for 6 pt names
    rows = per_page // cols
    cw, ch = box.w / cols, box.h / rows
    edge = min((cw - 6) / kit.board.size, (ch - 14) / (kit.board.size * 0.8660254))
    g = TriGrid(kit.board.size, edge, kit.board.naming)
    for i in range(per_page):
        cx, cy = box.x + (i % cols) * cw, box.y + (i // cols) * ch
        c.add(Rect(cx + 1, cy + 1, cw - 2, ch - 2, style(stroke="#bbbbbb", width=0.2)))
        _fields(c, cx + 3, cy + 6, cw - 6, words["fields"], size=7.5)
        c.add(Text(cx + 3, cy + 10.5, words["marks"],
                   size=6.5, fill=color("#444444")))
        c.add(Group([mini_board(kit, edge, 6.0)], transform=translate(cx + (cw - g.width) / 2, cy + 12.5)))
    return [page]
