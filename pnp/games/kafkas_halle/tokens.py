"""The Kafkas Halle token sheet, sized to the square size of the board.

Pieces are cut from the sheet: 12 Sperren, 2 light and 2 dark barriers (each
one rigid 2×1 bar), 2 fold-over standees in the players' colours and the
goal markers Z1/Z2. Sizes follow ``square_mm`` so the tokens fit the printed
board and a household chessboard with the same squares. Colours and names
come from board.yaml, so the tokens match the set-up diagram.
"""
from __future__ import annotations

from pnp.model.base import tr
from pnp.scene import WHITE, Circle, Group, Path, Rect, Text, color, contrast, mix, rotate, style

PT = 25.4 / 72
CAP = 0.73
FOLD = style(stroke="#555555", width=0.25, dash=(1.5, 1.0))


def _mid(cx, cy, s, size_mm, ink, bold=True):
    """Text whose capitals are ``size_mm`` high, centred on (cx, cy)."""
    pt = size_mm / CAP / PT
    return Text(cx, cy + size_mm / 2, s, size=pt, weight="bold" if bold else "regular", anchor="middle", fill=ink)


def _square_token(label: str, name: str, fill, ink, size: float, gid: str):
    def front(bleed: float) -> Group:
        g = Group(id=gid)
        g.add(Rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, style(fill=fill)))
        g.add(Rect(size * 0.06, size * 0.06, size * 0.88, size * 0.88, style(stroke=ink, width=size * 0.02),
                   radius=size * 0.05))
        g.add(_mid(size / 2, size * 0.44, label, size * 0.36, ink))
        g.add(Text(size * 0.1, size * 0.72, name, size=size * 0.13 / PT, anchor="middle", fill=ink,
                   box=(size * 0.8, size * 0.16), shrink=True, wrap=False, valign="middle"))
        return g
    return front


def _bar_token(label: str, name: str, fill, ink, sq: float, gid: str):
    w, h = 2 * sq * 0.92, sq * 0.5

    def front(bleed: float) -> Group:
        g = Group(id=gid)
        g.add(Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, style(fill=fill)))
        g.add(Rect(h * 0.08, h * 0.08, w - h * 0.16, h * 0.84, style(stroke=ink, width=h * 0.03),
                   radius=h * 0.08))
        for cx in (w * 0.25, w * 0.75):
            g.add(_mid(cx, h / 2, label, h * 0.42, ink))
        g.add(Text(w * 0.35, h * 0.5 - h * 0.09, name, size=h * 0.15 / PT, anchor="middle", fill=ink,
                   box=(w * 0.3, h * 0.2), shrink=True, wrap=False, valign="middle"))
        return g
    return front, w, h


def _figure(g: Group, cx: float, top: float, w: float, h: float, fill, ink, label: str):
    """A simple person silhouette with a number, standing in the box (cx-w/2, top, w, h)."""
    head_r = w * 0.2
    g.add(Circle(cx, top + h * 0.08 + head_r, head_r, style(fill=fill, stroke=ink, width=w * 0.02)))
    body_top = top + h * 0.1 + 2 * head_r
    bw = w * 0.72
    body = Path(style=style(fill=fill, stroke=ink, width=w * 0.02))
    body.move(cx - bw / 2, top + h * 0.96).line(cx - bw / 2, body_top + bw * 0.3)
    body.quad(cx - bw / 2, body_top, cx, body_top).quad(cx + bw / 2, body_top, cx + bw / 2, body_top + bw * 0.3)
    body.line(cx + bw / 2, top + h * 0.96).close()
    g.add(body)
    g.add(_mid(cx, body_top + (top + h * 0.96 - body_top) * 0.5, label, w * 0.34, contrast(fill)))


def _standee(label: str, name: str, fill, sq: float, gid: str):
    """Fold-over standee: base tab | figure (upside down) | fold | figure | base tab."""
    w = sq * 0.62
    body = sq * 0.95
    tab = sq * 0.3
    h = 2 * tab + 2 * body
    pale = mix(fill, WHITE, 0.8)
    ink = color("#1a1a1a")

    def half(g: Group, y0: float):
        g.add(Rect(0, y0, w, body, style(fill=pale)))
        _figure(g, w / 2, y0 + body * 0.04, w, body * 0.86, fill, ink, label)
        g.add(Text(w * 0.05, y0 + body * 0.9, name, size=w * 0.1 / PT, anchor="middle", fill=ink,
                   box=(w * 0.9, body * 0.09), shrink=True, wrap=False, valign="middle"))

    def front(bleed: float) -> Group:
        g = Group(id=gid)
        g.add(Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, style(fill=fill)))
        lower = Group(id=f"{gid}-front")
        half(lower, tab + body)
        upper = Group(id=f"{gid}-back", transform=rotate(180, w / 2, tab + body / 2))
        half(upper, tab)
        g.add(upper, lower)
        for y in (tab, tab + body, tab + 2 * body):
            g.add(Path(style=FOLD).move(0, y).line(w, y))
        return g
    return front, w, h


def token_items(board, sq: float, lang: str) -> list:
    """Every token as an imposition item, in sheet order."""
    from pnp.impose.items import Item

    items = []
    counts: dict[str, int] = {}
    for o in board.objects:
        counts[o.piece] = counts.get(o.piece, 0) + 1
    for p in board.pieces:
        n = counts.get(p.id, 0)
        fill = color(p.colour)
        ink = color(p.ink) if p.ink else contrast(fill)
        name = tr(p.name, lang)
        for i in range(1, n + 1):
            gid = f"token-{p.id}-{i}"
            if p.shape == "bar":
                front, w, h = _bar_token(p.label, name, fill, ink, sq, gid)
                items.append(Item(w, h, front, None, f"{name} {i}"))
            elif p.shape == "figure":
                front, w, h = _standee(p.label, name, fill, sq, gid)
                items.append(Item(w, h, front, None, name))
            else:
                s = sq * 0.8
                items.append(Item(s, s, _square_token(p.label, name, fill, ink, s, gid), None, f"{name} {i}"))
    for m in board.marks:
        fill = color(m.colour)
        ink = color(m.ink) if m.ink else contrast(fill)
        s = sq * 0.8
        items.append(Item(s, s, _square_token(m.label, tr(m.name, lang), fill, ink, s, f"token-{m.id}"), None,
                          m.label))
    return items


def token_pages(board, sq: float, opts):
    from pnp.impose.items import sheet_from_options
    from pnp.impose.packing import pack

    return pack(token_items(board, sq, opts.lang), sheet_from_options(opts))
