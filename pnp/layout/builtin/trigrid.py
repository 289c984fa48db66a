"""The generic ``triboard`` kind: a triangular board drawn on one page when it and its
registration marks fit the paper, else tiled. The lattice itself is pnp.model.trilattice."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable, Iterable, Iterator

from pnp.load.classes import dataclass
from pnp.model.trilattice import (DIRECTIONS, Cell, SQRT3, TIPS, TriGrid)
from pnp.scene import BLACK, Group, Page, Path, Polygon, Rect, Text, style, translate
from pnp.scene.style import Color, Hatch, color, mix
from pnp.layout.builtin.key import Swatch, swatch_legend
from pnp.load.words import ENGINE

if TYPE_CHECKING:
    from pnp.model.assets import Asset, BuildOptions, SheetSpec
    from pnp.model.game import Game
    from pnp.model.trigrid import TriBoard

REG_TICK = 3.0  # mm the sides are extended beyond each tip to form the registration marks
PAD_X = REG_TICK + 0.5  # mm left/right of the triangle inside the board item (holds the marks)
PAD_Y = REG_TICK * SQRT3 / 2 + 0.3  # above the apex / below the base: the ticks run at 60 degrees

_PAPERS = {"a4": (210.0, 297.0), "a3": (297.0, 420.0), "letter": (215.9, 279.4)}


def paper_dims(paper: str) -> tuple[float, float]:
    """Portrait (w, h) in mm of a named paper or "WxH"."""
    try:  # the imposition package's helper when present, so all assets agree
        from pnp.model.paper import paper_size

        w, h = paper_size(paper, "portrait")
        return (min(w, h), max(w, h))
    except ImportError:
        pass
    key = paper.lower().strip()
    if key in _PAPERS:
        return _PAPERS[key]
    across, _, down = key.partition("x")
    a, b = float(across), float(down)
    return (min(a, b), max(a, b))


def registration_marks(g: TriGrid, colour: str = "black", width: float = 0.3) -> Group:
    """At each tip the two sides run on REG_TICK mm past it: an X to line foils up on."""
    st = style(stroke=colour, width=width)
    tips = g.tips()
    grp = Group(id="registration")
    pairs = {"apex": ("left", "right"), "left": ("apex", "right"), "right": ("apex", "left")}
    for name in TIPS:
        tx, ty = tips[name]
        p = Path(style=st)
        for other in pairs[name]:
            ox, oy = tips[other]
            d = math.hypot(tx - ox, ty - oy)
            ux, uy = (tx - ox) / d, (ty - oy) / d
            p.move(tx - ux * REG_TICK, ty - uy * REG_TICK).line(tx + ux * REG_TICK, ty + uy * REG_TICK)
        grp.add(p)
    return grp


def cell_label_point(g: TriGrid, cell: Cell) -> tuple[float, float]:
    """Baseline point of a cell's small name: near the flat side, clear of a piece in the middle."""
    cx, cy = g.centroid(cell)
    off = g.inradius() * 0.62
    if cell.up:
        return cx, cy + off
    return cx, cy - off + g.edge * 0.07


def board_group(doc: TriBoard, g: TriGrid, lang: str = "de", names: bool | None = None, hatch: bool = True) -> Group:
    """The board in its own coordinates (apex at (W/2, 0)). ``hatch=False`` leaves the
    corners unhatched, for copies whose own hatching (cloud edges) must not be confused with it."""
    regions, cut = g.regions()
    tint: dict[Cell, Color | None] = {}
    hatches: dict[Cell, Hatch] = {}
    for corner in doc.corners:
        if corner.tint:
            for c in regions[corner.tip]:
                tint[c] = color(corner.tint)
        if corner.hatch is not None and hatch:
            for c in regions[corner.tip]:
                hatches[c] = corner_hatch(corner.hatch)
    if doc.half_space_tint:
        for c in cut:
            tint[c] = color(doc.half_space_tint)
    fills = Group(id="cells")
    fill_of: dict[Cell, Color | None] = {}
    for c in g.cells():
        base = color(doc.up_fill if c.up else doc.down_fill)
        fill = tint.get(c, base)
        if fill is not None and c in tint and base is not None and not c.up:  # a tint of "none" stays unpainted
            fill = mix(fill, BLACK, 0.08)  # keep up/down readable inside tinted corners
        fill_of[c] = fill or color("white")
        fills.add(Group([Polygon(g.vertices(c), style(fill=fill, hatch=hatches.get(c)))], id=f"cell-{g.name(c)}"))
    lines = Path(style=style(stroke=doc.line, width=doc.line_width, join="round", cap="round"))
    for t in range(1, g.n):  # inner lattice lines, three directions
        lines.move(*g.point(t, 0)).line(*g.point(t, t))
        lines.move(*g.point(t, t)).line(*g.point(g.n, t))  # parallel to the left side... and
        lines.move(*g.point(t, 0)).line(*g.point(g.n, g.n - t))  # ...to the right side
    outline = Polygon([g.point(0, 0), g.point(g.n, g.n), g.point(g.n, 0)],
                      style(stroke=doc.line, width=doc.line_width * 2.2, join="miter"))
    grp = Group([fills, lines, outline], id="board")
    show = doc.show_names if names is None else names
    if show:
        grp.add(cell_names(g, size=doc.name_size, clear={c: fill_of[c] for c in hatches}))
    return grp


def corner_hatch(angle: float) -> Hatch:
    """Thin grey lines, far enough apart to leave a cell's name readable."""
    return Hatch(angle, 2.4, 0.15, Color(0x8c, 0x8c, 0x8c))


def cell_names(g: TriGrid, size: float = 6.0, fill: str = "#444444", cells: Iterable[Cell] | None = None,
               clear: dict[Cell, Color | None] | None = None) -> Group:
    """Each cell's name; on the cells in ``clear`` a patch of the given colour under
    the name keeps hatching from crossing it."""
    from pnp.scene.fonts import cap_height, string_width

    grp = Group(id="cell-names")
    for c in (g.cells() if cells is None else cells):
        x, y = cell_label_point(g, c)
        name = g.name(c)
        if clear and c in clear:
            w, h = string_width(name, size) + 1.0, cap_height(size) + 1.0
            grp.add(Rect(x - w / 2, y - h + 0.5, w, h, style(fill=clear[c]), radius=0.5))
        grp.add(Text(x, y, name, size=size, anchor="middle", fill=color(fill)))
    return grp


@dataclass(frozen=True)
class BoardFrame:
    """Where the board sits: one page (page size + board origin) or tiled.

    Every asset drawn at board scale (board, overlays, umpire copies) uses the
    same frame, so the registration marks of all of them coincide.
    """

    grid: TriGrid
    page_w: float
    page_h: float
    ox: float  # board origin (apex line's left end, i.e. the board box's top-left) on the page
    oy: float
    tiled: bool
    margin: float
    paper: str = "a4"

    @property
    def item_size(self) -> tuple[float, float]:
        return self.grid.width + 2 * PAD_X, self.grid.height + 2 * PAD_Y


def board_frame(g: TriGrid, paper: str = "a4", orientation: str = "auto", margin: float = 4.5,
                force_tiles: bool = False) -> BoardFrame:
    pw, ph = paper_dims(paper)
    iw, ih = g.width + 2 * PAD_X, g.height + 2 * PAD_Y
    options = {"portrait": (pw, ph), "landscape": (ph, pw)}
    order = ["landscape", "portrait"] if orientation == "auto" else [orientation]
    if not force_tiles:
        for o in order:
            w, h = options[o]
            if iw <= w - 2 * margin + 1e-6 and ih <= h - 2 * margin + 1e-6:
                return BoardFrame(g, w, h, (w - iw) / 2 + PAD_X, (h - ih) / 2 + PAD_Y, False, margin, paper)
    w, h = options[order[0]]
    return BoardFrame(g, w, h, PAD_X, PAD_Y, True, margin, paper)


def board_pages(frame: BoardFrame, draw: Callable[[], Group], extras: Callable[[BoardFrame], Group] | None = None,
                title: str = "", label: str = "", sheet: SheetSpec | None = None, lang: str = "de") -> list[Page]:
    """Pages for something drawn at board scale.

    ``draw()`` returns a Group in board coordinates; ``extras(frame)`` a Group
    in page coordinates (title, legend, scale bar) used on single pages only.
    Boards that do not fit are split with the imposition tiler.
    """
    if not frame.tiled:
        content = Group([Group([draw()], transform=translate(frame.ox, frame.oy))])
        if extras is not None:
            content.add(extras(frame))
        return [Page(frame.page_w, frame.page_h, content, label=label)]
    from pnp.impose.items import Item, SheetSpec
    from pnp.impose.tiling import tile

    iw, ih = frame.item_size
    item = Item(iw, ih, lambda bleed: Group([draw()], transform=translate(PAD_X, PAD_Y)), None, label)
    spec = sheet or SheetSpec(paper=frame.paper, margin=max(frame.margin, 8.0), bleed=0.0, crop_marks=False,
                              duplex="none", lang=lang)
    return tile(item, spec, title=title)


def scale_bar(x: float, y: float, length: float = 100.0, lang: str = "de") -> Group:
    """A bar of ``length`` mm with cm ticks: measure it to check the printer used 100 %."""
    st = style(stroke="black", width=0.3)
    p = Path(style=st).move(x, y).line(x + length, y)
    for i in range(int(length // 10) + 1):
        tick = 2.5 if i % 5 == 0 else 1.5
        p.move(x + i * 10, y).line(x + i * 10, y - tick)
    text = ENGINE(lang, "board.scale", mm=length)
    return Group([p, Text(x, y + 3.2, text, size=6.5, fill=color("#333333"))], id="scale-bar")


def page_title(frame: BoardFrame, title: str, subtitle: str = "", lang: str = "de", bar: bool = True) -> Group:
    m = max(frame.margin, 4.0)
    grp = Group(id="page-title")
    grp.add(Text(m, m + 4.5, title, size=12, weight="bold"))
    if subtitle:
        grp.add(Text(m, m + 9.5, subtitle, size=7.5, fill=color("#333333")))
    if bar:
        grp.add(scale_bar(m, m + 17, 100.0, lang))
    return grp


def edge_option(opts: BuildOptions, default: float) -> float:
    """The cell edge: ``-o cell_mm=N`` when given (checked), else the data's."""
    from pnp.model.options import number

    return number(opts, "cell_mm", default, 5, 200)


def triboard_assets(doc: TriBoard, game: Game | None, opts: BuildOptions, stem: str) -> Iterator[Asset]:
    """The ``triboard`` kind: the printed board (one page, or tiled when too big)."""
    from pnp.model.assets import Asset
    from pnp.model.plain.base import tr

    g = doc.grid(edge_option(opts, doc.edge))
    lang = opts.lang
    from pnp.model.options import flag

    force_tiles = flag(opts, "tile")
    frame = board_frame(g, opts.paper, opts.orientation, doc.margin, force_tiles)
    title = tr(doc.title, lang)

    def draw() -> Group:
        grp = board_group(doc, g, lang)
        if doc.registration:
            grp.add(registration_marks(g, doc.line))
        return grp

    def extras(fr: BoardFrame) -> Group:
        sub = ENGINE(lang, "board.cells", n=g.n, cells=g.n * g.n, edge=g.edge)
        grp = Group([page_title(fr, title, sub, lang, doc.scale_bar)])
        rows: list[tuple[Swatch, str]] = []
        for corner in doc.corners:
            if (corner.tint or corner.hatch is not None) and corner.label:
                hatch = None if corner.hatch is None else corner_hatch(corner.hatch)
                rows.append((style(fill=corner.tint, stroke="black", width=0.2, hatch=hatch), tr(corner.label, lang)))
        if doc.half_space_tint:
            rows.append((style(fill=doc.half_space_tint, stroke="black", width=0.2),
                         ENGINE(lang, "board.half_space")))
        if rows:
            grp.add(swatch_legend(fr.page_w - fr.margin - 62, fr.margin + 2, rows))
        return grp

    yield Asset(stem, title, lambda: iter(board_pages(frame, draw, extras, title, stem, lang=lang)),
                description=f"{g.n * g.n}-cell triangular board at {g.edge:g} mm cell edge",
                cutting="tiles" if frame.tiled else "none")
