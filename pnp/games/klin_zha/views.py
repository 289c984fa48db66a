"""Player views: what Green (or Gold) is shown at the board for a given position.

Own pieces are always shown; enemy pieces on normal cells fully, at a cloud
edge as a neutral token of their colour, under a cloud not at all (seed:
Grundidee and Aufstellung).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.layout.builtin.key import key
from pnp.layout.builtin.trigrid import Cell, TriGrid, board_group
from pnp.load.errors import DataErrors, Problem
from pnp.model.base import tr
from pnp.model.paper import paper_size
from pnp.scene import Circle, Group, Page, Text, style, translate
from pnp.scene.style import color
from pnp.games.klin_zha.overlay import legend_rows, overlay_group
from pnp.games.klin_zha.sky import EDGE, NORMAL, UNDER, resolve
from pnp.load.words import Words

WORDS = Words.beside(__file__)

SIDES = ("green", "gold")


@dataclass(frozen=True)
class Seen:
    cell: Cell
    side: str
    piece: str | None  # None: a neutral token (only "a piece is there")


def position_files(kit) -> list[Path]:
    folder = kit.game.folder / "positions"
    return sorted(folder.glob("*.yaml")) if folder.is_dir() else []


def placed(g: TriGrid, pos) -> list[tuple[Cell, str, str]]:
    out = []
    for side in SIDES:
        for pid, val in getattr(pos, side).items():
            for n in ([val] if isinstance(val, str) else val):
                if g.is_name(n):
                    out.append((g.cell(n), side, pid))
    return out


def seen_by(g: TriGrid, sky, pos, viewer: str) -> list[Seen]:
    """What ``viewer`` sees of a position under ``sky``."""
    out = []
    for cell, side, pid in placed(g, pos):
        if side == viewer:
            out.append(Seen(cell, side, pid))
            continue
        state = sky.state(cell)
        if state == NORMAL:
            out.append(Seen(cell, side, pid))
        elif state == EDGE:
            out.append(Seen(cell, side, None))
        else:
            assert state == UNDER
    return out


def _layout_for(kit, pos, path: Path):
    if pos.layout is None:
        return None
    for lay in kit.layouts:
        if lay.name == pos.layout:
            return lay
    raise DataErrors([Problem(str(path), 0, 0, f"'layout': no cloud layout {pos.layout!r} in clouds/; "
                                               f"have {', '.join(l.name for l in kit.layouts)}")])


def token(x: float, y: float, r: float, fill, ink, mark: str | None) -> Group:
    grp = Group([Circle(x, y, r, style(fill=fill, stroke="#222222", width=0.3))])
    if mark is None:
        grp.add(Circle(x, y, r * 0.62, style(stroke=ink, width=0.35)))
    else:
        grp.add(Text(x, y + r * 0.38, mark, size=r * 2.1, weight="bold", anchor="middle", fill=color(ink)))
    return grp


def view_pages(kit, path: Path, viewer: str, opts) -> list[Page]:
    from pnp.games.klin_zha.sky import load_position

    pos, _, _ = load_position(path)
    lang = opts.lang
    words = WORDS[lang]
    lay = _layout_for(kit, pos, path)
    w, h = paper_size(opts.paper, "landscape")
    m = 10.0
    edge = min((h - 2 * m - 14) / (kit.board.size * 0.8660254), (w - 2 * m - 90) / kit.board.size)
    g = TriGrid(kit.board.size, edge, kit.board.naming)
    sky = resolve(g, lay.model, pos.step) if lay else None
    sides = {s.id: s for s in kit.rules.sides}
    marks = {p.id: p.mark for p in kit.rules.pieces}
    names = {p.id: tr(p.name, lang) for p in kit.rules.pieces}
    ox, oy = m, m + 12
    board = Group([board_group(kit.board, g, lang, hatch=False)], transform=translate(ox, oy))
    if sky is not None:
        board.add(overlay_group(g, sky, names_under=False, opacity=0.35))
    r = g.inradius() * 0.62
    pieces = Group(id="pieces")
    for s in seen_by(g, sky, pos, viewer) if sky else [Seen(c, sd, p) for c, sd, p in placed(g, pos)]:
        cx, cy = g.centroid(s.cell)
        side = sides[s.side]
        tok = token(cx, cy, r, side.colour, side.ink, None if s.piece is None else marks.get(s.piece, "?"))
        tok.id = f"seen-{g.name(s.cell)}-{s.side}-{s.piece or 'neutral'}"
        pieces.add(tok)
    board.add(pieces)
    content = Group([board])
    who = tr(sides[viewer].name, lang)
    title = words["view"]["title"].format(who=who, what=tr(pos.title, lang) or path.stem)
    content.add(Text(m, m + 5, title, size=13, weight="bold"))
    sub = words["view"]["layout"].format(name=lay.name, step=pos.step) if lay else words["view"]["clear"]
    content.add(Text(m, m + 10, sub, size=8, fill=color("#444444")))
    # legend column
    lx, ly = w - m - 82, m + 16
    content.add(Text(lx, ly, words["legend"]["title"], size=10, weight="bold"))
    ly += 4
    legend = Group(id="legend")
    for i, (sw, text) in enumerate(legend_rows(lang)):
        legend.add(key(sw(lx, ly + i * 9, 8, 5),
                       text=Text(lx + 10.5, ly + i * 9 + 2.5, text, size=6.8, box=(72, 8), line_height=1.1)))
    ly += 3 * 9 + 5
    for sid in SIDES:
        sd = sides[sid]
        legend.add(key(token(lx + 4, ly + 3, 3.6, sd.colour, sd.ink, None),
                       text=Text(lx + 10.5, ly + 4.2, words["view"]["neutral"].format(side=tr(sd.name, lang)),
                                 size=7)))
        ly += 9
    content.add(legend)
    ly += 3
    for p in kit.rules.pieces:
        content.add(Text(lx, ly, f"{p.mark}", size=7.5, weight="bold"))
        content.add(Text(lx + 8, ly, f"{names[p.id]} ×{p.count}", size=7.5))
        ly += 4.6
    if sky is not None:
        hidden = len(placed(g, pos)) - len(seen_by(g, sky, pos, viewer))
        neutral = sum(1 for s in seen_by(g, sky, pos, viewer) if s.piece is None)
        ly += 4
        content.add(Text(lx, ly, words["view"]["hidden"].format(hidden=hidden, neutral=neutral), size=7.5,
                         box=(80, 10)))
    return [Page(w, h, content, label=f"{path.stem} {viewer}")]
