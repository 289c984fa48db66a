"""Square-grid boards (kind: board): a set-up diagram and a playing board.

The board is drawn in its own millimetre coordinates: a frame of width
``edge`` carrying the file letters and rank numbers on all four sides, then
the squares (rank 1 at the bottom, file a on the left, as in chess). The
diagram shows the pieces of the set-up; the playing board shows the marked
squares and only small grey set-up hints, so real pieces can stand on it.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from pnp.model.assets import Asset, BuildOptions, Item
from pnp.load.errors import DataErrors, Problem
from pnp.model.plain.base import tr
from pnp.scene import WHITE, Box, Circle, Color, Group, Node, Page, Rect, Text, Transform, color, contrast, style
from pnp.layout.builtin.key import key
from pnp.model.plain import board as plain_board
from pnp.model.plain.board import FILES, parse_square
from pnp.load.words import ENGINE
from pnp.scene.units import MM_PER_PT

if TYPE_CHECKING:
    from pnp.model.board import BoardObject, MarkedSquare, PieceType, SquareBoard
    from pnp.model.game import Game

CAP = 0.73  # cap height / font size (DejaVu Sans)


# ------------------------------------------------------------------ data checks


def board_problems(doc: SquareBoard, src: "tuple[Path, object] | None") -> list[Problem]:
    """Squares off the board, unknown pieces or marks, and two-square pieces not
    on two neighbouring squares, as file:line:col problems; ``src`` is the
    board's (path, raw YAML) from :func:`pnp.layout.documents.source`."""
    path, raw = src if src is not None else (None, None)

    def where(loc: tuple) -> tuple[str, int, int]:
        if raw is None or path is None:
            return (str(path or "board"), 0, 0)
        from pnp.load.loader import display_path, locate

        return (display_path(path), *locate(raw, loc))

    out: list[Problem] = []
    size = f"{FILES[0]}1 to {FILES[doc.files - 1]}{doc.ranks}"
    for i, m in enumerate(doc.marks):
        if not doc.on_board(m.at):
            out.append(Problem(*where(("marks", i, "at")), f"'at': mark {m.id!r} on {m.at} is off the board "
                                                          f"({size})"))
    known = [p.id for p in doc.pieces]
    for i, o in enumerate(doc.objects):
        p = doc.piece(o.piece)
        if p is None:
            out.append(Problem(*where(("objects", i, "piece")),
                               f"'piece': unknown piece {o.piece!r}; expected one of {', '.join(known) or 'none'}"))
            continue
        for j, sq in enumerate(o.at):
            if not doc.on_board(sq):
                out.append(Problem(*where(("objects", i, "at", j) if len(o.at) > 1 else ("objects", i, "at")),
                                   f"'at': {o.id or o.piece} on {sq} is off the board ({size})"))
        if len(o.at) != p.squares:
            out.append(Problem(*where(("objects", i, "at")),
                               f"'at': a {o.piece} covers {p.squares} square(s); got {len(o.at)}"))
        elif p.squares == 2 and all(doc.on_board(s) for s in o.at) and not adjacent(*o.at):
            out.append(Problem(*where(("objects", i, "at")),
                               f"'at': {o.id or o.piece} must cover two side-by-side squares; "
                               f"{o.at[0]} and {o.at[1]} are not neighbours"))
    return out


def adjacent(a: str, b: str) -> bool:
    (fa, ra), (fb, rb) = parse_square(a), parse_square(b)
    return abs(fa - fb) + abs(ra - rb) == 1


# ------------------------------------------------------------------ drawing


def edge_for(sq: float) -> float:
    """Frame width carrying the coordinates: enough for a readable letter."""
    return max(7.0, min(14.0, sq * 0.3))


def board_size(doc: SquareBoard, sq: float) -> tuple[float, float, float]:
    e = edge_for(sq)
    return doc.files * sq + 2 * e, doc.ranks * sq + 2 * e, e


def square_box(doc: SquareBoard, square: str, sq: float, edge: float) -> Box:
    f, r = parse_square(square)
    return Box(edge + f * sq, edge + (doc.ranks - 1 - r) * sq, sq, sq)


def _ink_on(ink: str | None, fill: Color | None) -> Color | None:
    """What a label is written in: ``ink``, else black or white, whichever reads on ``fill`` (on
    the paper when the fill is the colour "none")."""
    return color(ink) if ink else contrast(fill if fill is not None else WHITE)


def _text_mid(cx: float, cy: float, s: str, size_pt: float, ink: Color | None, bold: bool = True) -> Text:
    return Text(cx, cy + size_pt * MM_PER_PT * CAP / 2, s, size=size_pt, weight="bold" if bold else "regular",
                anchor="middle", fill=ink)


def draw_board(doc: SquareBoard, sq: float, bleed: float, lang: str, pieces: bool = True,
               hints: bool = False) -> Group:
    """The board at ``sq`` mm per square in its own coordinates (trim from 0, 0)."""
    w, h, e = board_size(doc, sq)
    col = doc.colours
    frame, frame_ink = color(col.frame), color(col.ink)
    g = Group(id="square-board")
    g.add(Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, style(fill=frame)))
    light, dark = color(col.light), color(col.dark)
    for f in range(doc.files):
        for r in range(doc.ranks):
            b = square_box(doc, f"{FILES[f]}{r + 1}", sq, e)
            g.add(Rect(b.x, b.y, sq, sq, style(fill=dark if (f + r) % 2 == 0 else light)))
    g.add(Rect(e, e, doc.files * sq, doc.ranks * sq, style(stroke=frame_ink, width=max(0.3, sq * 0.01))))
    # coordinates on all four sides (letters read from the side they are on)
    cs = min(e / MM_PER_PT * 0.55, 16.0)
    for f in range(doc.files):
        x = e + (f + 0.5) * sq
        g.add(_text_mid(x, e / 2, FILES[f], cs, frame_ink), _text_mid(x, h - e / 2, FILES[f], cs, frame_ink))
    for r in range(doc.ranks):
        y = e + (doc.ranks - 1 - r + 0.5) * sq
        g.add(_text_mid(e / 2, y, str(r + 1), cs, frame_ink), _text_mid(w - e / 2, y, str(r + 1), cs, frame_ink))
    # marked squares
    for m in doc.marks:
        if not doc.on_board(m.at):
            continue
        b = square_box(doc, m.at, sq, e)
        fill = color(m.colour)
        ink = _ink_on(m.ink, fill)
        g.add(Rect(b.x, b.y, sq, sq, style(fill=fill)))
        g.add(Rect(b.x + sq * 0.04, b.y + sq * 0.04, sq * 0.92, sq * 0.92, style(stroke=ink, width=sq * 0.02)))
        if m.label:
            size = sq / MM_PER_PT * 0.2
            g.add(Text(b.x + sq * 0.09, b.y + sq * 0.09 + size * MM_PER_PT * CAP, m.label, size=size, weight="bold",
                       fill=ink))
    for o in doc.objects:
        p = doc.piece(o.piece)
        if p is None or not all(doc.on_board(s) for s in o.at):
            continue
        if pieces:
            g.add(draw_piece(doc, p, o, sq, e))
        elif hints:
            g.add(_hint(doc, p, o, sq, e))
    return g


def draw_piece(doc: SquareBoard, p: PieceType, o: BoardObject, sq: float, e: float) -> Group:
    return piece_shape(p, [square_box(doc, s, sq, e) for s in o.at], sq, f"piece-{o.id or o.piece}-{o.at[0]}")


def piece_shape(p: PieceType, boxes: list[Box], sq: float, gid: str) -> Group:
    """A piece covering the given square boxes."""
    x0, y0 = min(b.x for b in boxes), min(b.y for b in boxes)
    x1, y1 = max(b.right for b in boxes), max(b.bottom for b in boxes)
    fill = color(p.colour)
    ink = _ink_on(p.ink, fill)
    g = Group(id=gid)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    outline = style(fill=fill, stroke=color("#1a1a1a"), width=sq * 0.025)
    if p.shape == "bar":
        thick = sq * 0.5
        if x1 - x0 > y1 - y0:  # lies along a rank
            g.add(Rect(x0 + sq * 0.08, cy - thick / 2, x1 - x0 - sq * 0.16, thick, outline, radius=sq * 0.06))
        else:
            g.add(Rect(cx - thick / 2, y0 + sq * 0.08, thick, y1 - y0 - sq * 0.16, outline, radius=sq * 0.06))
        for b in boxes:
            g.add(_text_mid(b.x + sq / 2, b.y + sq / 2, p.label, sq / MM_PER_PT * 0.3, ink))
    elif p.shape == "figure":
        g.add(Circle(cx, cy, sq * 0.28, outline))  # leaves a mark's corner label free
        g.add(_text_mid(cx, cy, p.label, sq / MM_PER_PT * 0.3, ink))
    elif p.shape == "disc":
        g.add(Circle(cx, cy, sq * 0.38, outline))
        g.add(_text_mid(cx, cy, p.label, sq / MM_PER_PT * 0.3, ink))
    else:
        s = sq * 0.76
        g.add(Rect(cx - s / 2, cy - s / 2, s, s, outline, radius=sq * 0.06))
        g.add(_text_mid(cx, cy, p.label, sq / MM_PER_PT * 0.36, ink))
    return g


def _hint(doc: SquareBoard, p: PieceType, o: BoardObject, sq: float, e: float) -> Group:
    """A small grey set-up hint in a square's lower right corner."""
    g = Group(id=f"hint-{o.id or o.piece}-{o.at[0]}")
    for s in o.at:
        b = square_box(doc, s, sq, e)
        size = sq / MM_PER_PT * 0.16
        g.add(Text(b.right - sq * 0.08, b.bottom - sq * 0.08, p.label or p.id[:1], size=size, weight="bold",
                   anchor="end", fill=color("#7a7a7a")))
    return g


def legend(doc: SquareBoard, x: float, y: float, w: float, lang: str, sq: float = 9.0) -> tuple[Group, float]:
    """Each piece type and marked square with its name and count; returns (group, height)."""
    g = Group(id="legend")
    entries: list[tuple[PieceType | MarkedSquare, str]] = []
    for p in doc.pieces:
        n = sum(1 for o in doc.objects if o.piece == p.id)
        entries.append((p, f"{tr(p.name, lang)} ×{n}"))
    for m in doc.marks:
        entries.append((m, f"{m.label} = {tr(m.name, lang)} ({m.at})" if m.name else m.label))
    cols = 2
    cw = w / cols
    row_h = sq + 3.0  # a two-square piece is drawn as large as a one-square one
    for i, (ent, text) in enumerate(entries):
        r, c = divmod(i, cols)
        ex, ey = x + c * cw, y + r * row_h
        glyph: list[Node]
        if isinstance(ent, plain_board.PieceType):
            boxes = [Box(0, 0, sq, sq), Box(sq, 0, sq, sq)][:ent.squares]
            shift = 0.0 if ent.squares == 2 else sq / 2
            glyph = [Group([piece_shape(ent, boxes, sq, f"legend-{ent.id}")], transform=_tr(ex + shift, ey))]
        else:
            fill = color(ent.colour)
            glyph = [Rect(ex + sq / 2, ey, sq, sq, style(fill=fill, stroke=color("#1a1a1a"), width=0.3)),
                     _text_mid(ex + sq, ey + sq / 2, ent.label, sq / MM_PER_PT * 0.3, _ink_on(ent.ink, fill))]
        g.add(key(*glyph, text=Text(ex + 2 * sq + 3, ey + sq / 2 + 10 * MM_PER_PT * CAP / 2, text, size=10,
                                    fill=color("#1a1a1a"), box=None)))
    rows = (len(entries) + cols - 1) // cols
    return g, rows * row_h


def _tr(x: float, y: float) -> Transform:
    from pnp.scene import translate

    return translate(x, y)


# ------------------------------------------------------------------ pages and assets


def square_mm(doc: SquareBoard, opts: BuildOptions) -> float:
    from pnp.model.options import number

    return number(opts, "square_mm", doc.square_mm, 10, 120)


SEAT_BAND = 8.0  # mm beside a side of the diagram for the words naming who sits there


def diagram_page(doc: SquareBoard, opts: BuildOptions) -> Page:
    """The set-up on one page: the board as large as fits, the seats beside it, the legend
    and the notes below."""
    from pnp.impose.page import document_page
    from pnp.scene import rotate
    from pnp.scene.text import set_lines

    lang = opts.lang
    page, box = document_page(opts.paper, "portrait", max(opts.margin, 10.0), tr(doc.title, lang))
    n_entries = len(doc.pieces) + len(doc.marks)
    legend_h = ((n_entries + 1) // 2) * 12.0 + 6
    notes = [Text(box.x + 4, 0, "\n".join(tr(n, lang) for n in doc.notes), size=8, box=(box.w - 8, box.h),
                  fill=color("#1a1a1a"))] if doc.notes else []
    notes_h = (len(set_lines(notes[0])) * 8 * 1.2 * MM_PER_PT + 4) if notes else 0.0
    pad = {side: 0.0 for side in ("left", "right", "top", "bottom")}
    for seat in doc.seats:
        pad[seat.side] = SEAT_BAND
    avail = min(box.w - pad["left"] - pad["right"], box.h - legend_h - notes_h - pad["top"] - pad["bottom"])
    # solve files*sq + 2*edge(sq) <= avail
    sq = avail / (max(doc.files, doc.ranks) + 0.6)
    while max(board_size(doc, sq)[0], board_size(doc, sq)[1]) > avail:
        sq -= 0.2
    bw, bh, _ = board_size(doc, sq)
    bx = box.x + pad["left"] + (box.w - pad["left"] - pad["right"] - bw) / 2
    by = box.y + pad["top"]
    page.content.add(Group([draw_board(doc, sq, 0.0, lang)], transform=_tr(bx, by), id="diagram"))
    seats = Group(id="seats")
    for seat in doc.seats:  # each label reads the right way up from its own seat
        x, y, turn = {"left": (bx - 3, by + bh / 2, 90), "right": (bx + bw + 3, by + bh / 2, -90),
                      "top": (bx + bw / 2, by - 3, 180), "bottom": (bx + bw / 2, by + bh + 3, 0)}[seat.side]
        seats.add(Group([Text(0, 9 * MM_PER_PT * CAP / 2, tr(seat.label, lang), size=9, weight="bold", anchor="middle",
                              fill=color("#1a1a1a"))], transform=_tr(x, y) @ rotate(turn)))
    if seats.children:
        page.content.add(seats)
    ly = by + bh + pad["bottom"] + 6
    lg, lh = legend(doc, box.x + 4, ly, box.w - 8, lang)
    page.content.add(lg)
    for t in notes:
        t.y = ly + lh + 2
        page.content.add(Group([t], id="notes"))
    return page


def board_item(doc: SquareBoard, sq: float, lang: str) -> Item:
    w, h, _ = board_size(doc, sq)
    return Item(w, h, lambda b: draw_board(doc, sq, b, lang, pieces=False, hints=True), None,
                f"{tr(doc.title, lang)} {sq:g} mm")


def board_assets(doc: SquareBoard, game: Game | None, opts: BuildOptions, stem: str) -> Iterable[Asset]:
    """Kind 'board': a one-page set-up diagram and the playing board at
    ``square_mm`` (``--set square_mm=..``), tiled over several sheets if needed."""
    from pnp.impose.items import sheet_from_options
    from pnp.impose.tiling import tile

    from pnp.layout.documents import source

    problems = board_problems(doc, source(game, doc))
    if problems:
        raise DataErrors(problems)
    name = doc.name or stem
    if opts.ink_saver:
        doc = doc.saving_ink()
    lang = opts.lang
    sq = square_mm(doc, opts)
    title = tr(doc.title, lang)
    yield Asset(f"{name}-diagram", title, lambda: [diagram_page(doc, opts)],
                description=f"{doc.files}×{doc.ranks} set-up diagram on one page")
    sheet = sheet_from_options(opts)
    item = board_item(doc, sq, lang)
    word = ENGINE(lang, "board.playing")
    yield Asset(f"{name}-{sq:g}mm", f"{title} – {word} {sq:g} mm",
                lambda: tile(item, sheet, overlap=10.0, title=f"{word} {sq:g} mm"),
                description=f"playing board, {sq:g} mm squares, {item.w:g} × {item.h:g} mm", cutting="tiles",
                stock="paper")
