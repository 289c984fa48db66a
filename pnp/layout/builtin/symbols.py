"""Vector symbols built from the parts of a symbol library, and the symbol sheet.

Parts are laid out in a 100 x 100 unit box. Geometry is mapped to page
millimetres here (points transformed, widths scaled), so the scene holds only
plain paths in mm and every backend draws the same thing without having to
scale stroke widths itself.
"""
from __future__ import annotations

import math
from dataclasses import replace
from functools import cached_property, lru_cache
from pathlib import Path as FsPath
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Sequence, cast

from pnp.model.assets import Asset
from pnp.model.plain.base import tr
from pnp.scene import (BLACK, Color, Group, Node, Page, Path, Rect, Text, Transform, color, rotate,
                     scale, style, translate)
from pnp.scene.geometry import normalise
from pnp.model.plain import symbols as plain_symbols
from pnp.model.plain.symbols import DIRECTIONS, parse_path_d
from pnp.scene.units import PT_PER_MM

if TYPE_CHECKING:
    from pnp.model.assets import BuildOptions
    from pnp.model.game import Game
    from pnp.model.symbols import (ArrowPart, BoltPart, CurvedArrowPart, NestedSquaresPart, PathPart, PlusPart,
                                   SmileyPart, SquarePart, Symbol, SymbolLibrary, TextPart, UTurnPart)

CAP_HEIGHT = 0.73  # DejaVu Sans cap height as a fraction of the font size


# ------------------------------------------------------------------ geometry helpers


class _Pen:
    """Maps part-local unit coordinates to page mm and emits primitives."""

    def __init__(self, t: Transform, k: float, ink: Color | None):
        self.t = t  # local units -> mm
        self.k = k  # mm per local unit (uniform)
        self.ink = ink  # None: the colour "none", nothing painted
        self.out: list[Node] = []

    def _map_ops(self, ops: Sequence[tuple]) -> list[tuple]:
        mapped: list[tuple] = []
        for op in normalise(Path(list(ops))):
            if op[0] in ("M", "L"):
                mapped.append((op[0], *self.t.apply(op[1], op[2])))
            elif op[0] == "C":
                p1, p2, p3 = self.t.apply(*op[1:3]), self.t.apply(*op[3:5]), self.t.apply(*op[5:7])
                mapped.append(("C", *p1, *p2, *p3))
            else:
                mapped.append(op)
        return mapped

    def stroke(self, ops: Sequence[tuple], width: float, dash: Sequence[float] | None = None, cap: str = "butt",
               join: str = "round", ink: Color | None = None) -> None:
        st = style(stroke=ink or self.ink, width=width * self.k, cap=cap, join=join,
                   dash=[d * self.k for d in dash] if dash else None)
        self.out.append(Path(self._map_ops(ops), st))

    def fill(self, ops: Sequence[tuple], ink: Color | None = None) -> None:
        self.out.append(Path(self._map_ops(ops), style(fill=ink or self.ink)))

    def poly(self, pts: Sequence[tuple[float, float]], ink: Color | None = None) -> None:
        self.fill([("M", *pts[0]), *[("L", *p) for p in pts[1:]], ("Z",)], ink)

    def text(self, x: float, y: float, s: str, cap_units: float, bold: bool, ink: Color | None = None) -> None:
        cx, cy = self.t.apply(x, y)
        size_pt = cap_units * self.k / CAP_HEIGHT * PT_PER_MM
        self.out.append(Text(cx, cy + cap_units * self.k / 2, s, size=size_pt,
                             weight="bold" if bold else "regular", anchor="middle", fill=ink or self.ink))


def _rect_ops(x: float, y: float, w: float, h: float) -> list[tuple]:
    return [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]


def _head(pen: _Pen, tip: tuple[float, float], angle_deg: float, length: float, ink: Color | None = None,
          spread: float = 0.72) -> None:
    """A filled triangular arrow head with its tip at ``tip`` pointing along angle.

    ``spread`` is the half-width of the base relative to the head's length.
    """
    a = math.radians(angle_deg)
    ux, uy = math.cos(a), math.sin(a)
    nx, ny = -uy, ux
    bx, by = tip[0] - ux * length, tip[1] - uy * length
    hw = length * spread
    pen.poly([tip, (bx + nx * hw, by + ny * hw), (bx - nx * hw, by - ny * hw)], ink)


def _angle(direction: str | float) -> float:
    return DIRECTIONS[direction] if isinstance(direction, str) else float(direction)


# ------------------------------------------------------------------ parts


def _arrow(pen: _Pen, p: ArrowPart) -> None:
    a = _angle(p.direction)
    local = rotate(a)  # arrow drawn along +x, then turned
    pen_a = _Pen(pen.t @ local, pen.k, pen.ink)
    half = p.length / 2
    head = min(p.head, p.length * 0.6)
    shaft_end = half - head * 0.9
    dash = None
    if p.dash:
        dash = list(p.dash) if isinstance(p.dash, tuple) else [p.width * 1.4, p.width * 0.9]
    pen_a.stroke([("M", -half, 0), ("L", shaft_end, 0)], p.width, dash=dash, join="miter")
    _head(pen_a, (half, 0), 0, head)
    pen.out += pen_a.out


def _curved_arrow(pen: _Pen, p: CurvedArrowPart) -> None:
    sign = 1 if p.turn == "cw" else -1
    sweep = p.sweep
    if p.start is None:
        # leave the gap centred at the top of the circle
        gap_mid = 270.0
        start = gap_mid + (360 - sweep) / 2 if sign > 0 else gap_mid - (360 - sweep) / 2
    else:
        start = p.start
    r = p.radius
    # The arc runs its full sweep and the head sits on its end, pointing
    # along the tangent: on a tight curve a head squeezed onto the arc (or a
    # wide one) seems to point sideways, and players misread the turn.
    pen.stroke([("A", 0, 0, r, r, start, sign * sweep)], p.width)
    end_deg = start + sign * sweep
    end = math.radians(end_deg)
    base = (r * math.cos(end), r * math.sin(end))
    direction = end_deg + 90 * sign
    u = math.radians(direction)
    tip = (base[0] + math.cos(u) * p.head * 0.85, base[1] + math.sin(u) * p.head * 0.85)
    _head(pen, tip, direction, p.head, spread=0.6)


def _u_turn(pen: _Pen, p: UTurnPart) -> None:
    s, L, w = p.span / 2, p.length / 2, p.width
    bend_y = -L + s
    flip = 1 if p.head_on == "right" else -1
    # start at the foot of the leg without a head, go up, round, down
    x0, x1 = -s * flip, s * flip
    head = p.head
    ops = [("M", x0, L), ("L", x0, bend_y),
           ("A", 0, bend_y, s, s, 180 if flip > 0 else 0, 180 * flip),
           ("L", x1, L - head * 0.9)]
    pen.stroke(ops, w)
    _head(pen, (x1, L), 90, head)


# A lightning bolt pointing down, in a box 0.62 wide and 1 high, centred on 0.
_BOLT = [(0.06, -0.5), (-0.28, 0.06), (-0.02, 0.06), (-0.16, 0.5), (0.31, -0.12), (0.05, -0.12), (0.22, -0.5)]
_BOLT_ORIENT = {"vertical": 0.0, "horizontal": -90.0, "slanted": -42.0}


def _bolt(pen: _Pen, p: BoltPart) -> None:
    a = _BOLT_ORIENT[p.orientation] if isinstance(p.orientation, str) else float(p.orientation)
    pen_b = _Pen(pen.t @ rotate(a) @ scale(p.length), pen.k * p.length, pen.ink)
    pen_b.poly(_BOLT)
    if p.rounded:  # a cartoon bolt: the same shape outlined thickly with round joins
        outline = pen_b.out[-1]
        assert isinstance(outline, Path)  # what poly() just drew
        ink = outline.style.fill
        outline.style = style(fill=ink, stroke=ink, width=p.rounded * pen.k, join="round")
    pen.out += pen_b.out
    if p.letter:
        pen.text(p.letter_at[0], p.letter_at[1], p.letter, p.letter_size, True)


def _square(pen: _Pen, p: SquarePart) -> None:
    h = p.size / 2
    if p.fill:
        pen.fill(_rect_ops(-h, -h, p.size, p.size))
    else:
        pen.stroke(_rect_ops(-h, -h, p.size, p.size), p.width, join="miter")


def _nested(pen: _Pen, p: NestedSquaresPart) -> None:
    for size in p.sizes:
        h = size / 2 - p.width / 2  # outer edge of the stroke at the nominal size
        pen.stroke(_rect_ops(-h, -h, 2 * h, 2 * h), p.width, join="miter")


def _plus(pen: _Pen, p: PlusPart) -> None:
    h, t = p.size / 2, p.thickness / 2
    pen.poly([(-t, -h), (t, -h), (t, -t), (h, -t), (h, t), (t, t), (t, h), (-t, h), (-t, t), (-h, t),
              (-h, -t), (-t, -t)])


def _smiley(pen: _Pen, p: SmileyPart) -> None:
    r = p.size / 2 - p.width / 2
    pen.stroke([("A", 0, 0, r, r, 0, 360), ("Z",)], p.width)
    eye = r * 0.14
    for ex in (-r * 0.36, r * 0.36):
        pen.fill([("A", ex, -r * 0.28, eye, eye, 0, 360), ("Z",)])
    m = r * 0.55
    pen.stroke([("A", 0, 0, m, m, 25, 130)], p.width, cap="round")


def _text(pen: _Pen, p: TextPart) -> None:
    pen.text(0, 0, p.text, p.size, p.bold)


@lru_cache(maxsize=512)
def _parsed(d: str) -> tuple:
    """A part's path data, parsed once however often the symbol is drawn (a row of icons on every card)."""
    return tuple(parse_path_d(d))


def _path(pen: _Pen, p: PathPart) -> None:
    # raw paths are given in box coordinates: undo the part's centring
    ops = [(op[0], *[v - (p.at[i % 2]) for i, v in enumerate(op[1:])]) for op in _parsed(p.d)]
    if p.fill:
        pen.fill(ops)
    else:
        pen.stroke(ops, p.width)


# by a part's type (its 'type' key): a part read from the cache is a plain twin, one just validated a model
_DRAW: dict[str, Callable[[_Pen, Any], None]] = {"arrow": _arrow, "curved-arrow": _curved_arrow, "u-turn": _u_turn,
                                                 "bolt": _bolt, "square": _square, "nested-squares": _nested,
                                                 "plus": _plus, "smiley": _smiley, "text": _text, "path": _path}


def draw_symbol(symbol: Symbol, x: float, y: float, size: float, ink: "Color | str | None" = None) -> Group:
    """The symbol filling the square (x, y, size, size) in mm, as a Group of plain paths."""
    ink_c = color(ink) if isinstance(ink, str) else (ink or BLACK)  # None: "none" was asked for
    k = size / 100.0
    box = translate(x, y) @ scale(k)
    g = Group(id=f"symbol-{symbol.id}")
    for part in symbol.parts:
        t = box @ translate(*part.at) @ rotate(part.rotate) @ scale(part.scale)
        pen = _Pen(t, k * part.scale, color(part.colour) if part.colour else ink_c)
        _DRAW[part.type](pen, part)
        g.children += pen.out
    return g


def draw_named(library: SymbolLibrary, symbol_id: str, x: float, y: float, size: float,
               ink: Color | str | None = None) -> Group:
    """Look a symbol up by id and draw it; KeyError names the missing id and the known ones."""
    s = library.get(symbol_id)
    if s is None:
        raise KeyError(f"unknown symbol {symbol_id!r}; the library defines: {', '.join(library.ids)}")
    return draw_symbol(s, x, y, size, ink or library.ink)


# ------------------------------------------------------------------ the symbols a game can name


class Symbols:
    """Every symbol of the given libraries by id (first definition wins). The libraries
    are read on the first lookup: a deck that shows no symbol never reads the shipped marks."""

    def __init__(self, libraries: Iterable[SymbolLibrary] = (), *more: Callable[[], SymbolLibrary]) -> None:
        self._libraries, self._more = list(libraries), more

    @cached_property
    def by_id(self) -> dict[str, tuple[Symbol, str]]:
        out: dict[str, tuple[Symbol, str]] = {}
        for lib in [*self._libraries, *(load() for load in self._more)]:
            for s in lib.symbols:
                out.setdefault(s.id, (s, lib.ink))
        return out

    def draw(self, sid: str, x: float, y: float, size: float, ink: Color | str | None = None) -> Group:
        """The symbol ``sid`` in the square (x, y, size) in ``ink``. A card's marks and symbols sit at
        the same place card after card: the paths drawn there are made once and shared (scene nodes
        are not changed once drawn), each card getting a group of its own."""
        sym, lib_ink = self.by_id[sid]
        key = (sid, x, y, size, ink or lib_ink)
        try:
            drawn = self._drawn.get(key)
        except TypeError:  # an ink that is not a plain value: drawn afresh
            return draw_symbol(sym, x, y, size, ink or lib_ink)
        if drawn is None:
            drawn = draw_symbol(sym, x, y, size, ink or lib_ink)
            if len(self._drawn) >= 256:
                self._drawn.clear()
            self._drawn[key] = drawn
        return replace(drawn, children=list(drawn.children))

    @cached_property
    def _drawn(self) -> dict[tuple, Group]:
        return {}


@lru_cache(maxsize=None)
def _shipped_symbols() -> SymbolLibrary:
    from pnp.layout.files import SHIPPED

    return load_library(SHIPPED, "marks.yaml")


def game_symbols(game: Game | None) -> Symbols:
    """The game's symbol libraries (kind: symbols), then the shipped marks and pips."""
    libs: list[SymbolLibrary] = []
    if game is not None:
        from pnp.layout.documents import documents

        libs = [cast("SymbolLibrary", doc) for _, kind, doc in documents(game)
                if kind == "symbols" and isinstance(doc, plain_symbols.SymbolLibrary)]
    return Symbols(libs, _shipped_symbols)


# ------------------------------------------------------------------ symbol sheet


PER_PAGE = 20  # 4 x 5 cells: symbols stay about 35 mm on A4


def symbol_sheet_page(lib: SymbolLibrary, lang: str = "de", paper: tuple[float, float] = (210.0, 297.0), margin: float = 12.0,
                      symbols: "list[Symbol] | None" = None, part: str = "") -> Page:
    """Symbols of a library (default: all) on one page, each with its name and id."""
    pw, ph = paper
    symbols = lib.shown if symbols is None else symbols
    n = len(symbols)
    cols = 4 if n > 9 else 3
    rows = math.ceil(n / cols)
    title_h = 16.0
    cw = (pw - 2 * margin) / cols
    ch = min((ph - 2 * margin - title_h) / max(rows, 1), cw + 14)
    sym = min(cw - 10, ch - 16)
    content = Group(id="symbol-sheet")
    title = tr(lib.title, lang) + (f" ({part})" if part else "")
    content.add(Text(margin, margin + 8, title, size=18, weight="bold"))
    for i, s in enumerate(symbols):
        r, c = divmod(i, cols)
        x0, y0 = margin + c * cw, margin + title_h + r * ch
        content.add(Rect(x0 + 1, y0 + 1, cw - 2, ch - 2, style(stroke="lightgrey", width=0.3), radius=2))
        content.add(draw_symbol(s, x0 + (cw - sym) / 2, y0 + 3, sym, lib.ink))
        content.add(Text(x0 + 2, y0 + sym + 3.5, tr(s.name, lang), size=9, weight="bold", anchor="middle",
                         box=(cw - 4, 9), shrink=True, min_size=6.5, line_height=1.1, valign="middle"))
        content.add(Text(x0 + cw / 2, y0 + sym + 13.5, s.id, size=6.5, anchor="middle", fill=color("darkgrey")))
    return Page(pw, ph, content, label=title)


def symbol_sheet_pages(lib: SymbolLibrary, lang: str = "de", paper: tuple[float, float] = (210.0, 297.0)) -> list[Page]:
    """The symbol sheet, PER_PAGE symbols a page."""
    shown = lib.shown
    chunks = [shown[i:i + PER_PAGE] for i in range(0, len(shown), PER_PAGE)] or [[]]
    if len(chunks) == 1:
        return [symbol_sheet_page(lib, lang, paper)]
    return [symbol_sheet_page(lib, lang, paper, symbols=c, part=f"{k}/{len(chunks)}")
            for k, c in enumerate(chunks, 1)]


def symbol_sheet_assets(doc: SymbolLibrary, game: Game | None, opts: BuildOptions, stem: str) -> Iterator[Asset]:
    """Kind 'symbols': pages showing every symbol with its name."""
    from pnp.model.paper import paper_size

    paper = paper_size(opts.paper, "portrait")
    yield Asset(stem, tr(doc.title, opts.lang), lambda: symbol_sheet_pages(doc, opts.lang, paper),
                description="every symbol of the library with its name")


def load_library(folder: FsPath, file: str) -> SymbolLibrary:
    """Load the symbol library a deck refers to (a path relative to the game folder)."""
    from pnp.load.loader import load_model

    return load_model(FsPath(folder) / file, "pnp.model.symbols:SymbolLibrary")


__all__ = ["draw_symbol", "draw_named", "symbol_sheet_page", "symbol_sheet_assets", "parse_path_d",
           "load_library"]
