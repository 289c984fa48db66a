"""Sheets (kind: sheet): pages, boards and pieces drawn from a layout, once or once per record.

A sheet's size decides how it reaches paper (:func:`geometry`):

- ``page``: the sheet is the paper (``size: page``, or a size equal to the
  build's paper either way up). Nothing is cut; the ``safe`` margin (6 mm) is
  measured from the paper's edge.
- ``piece``: smaller than the paper -- imposed like cards, several to a page,
  with bleed and crop marks (:func:`pnp.impose.grid.impose`).
- ``board``: larger than the paper -- tiled over several pages with overlap,
  cut lines and a page map (:func:`pnp.impose.tiling.tile`).

Every page is stamped by the layout engine (:mod:`pnp.layout.compile`) with
the page's record, the sheet's values and ``page``/``pages``. What it prints is
checked as print: any text under ``min_text`` pt, or any text or symbol that
comes into the safe margin, stops the build naming the element and its line.
"""
from __future__ import annotations

import re
from dataclasses import field
from pathlib import Path
from functools import partial
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, TypeVar

from pnp.load.classes import dataclass
from pnp.load.errors import DataErrors, Problem
from pnp.model.assets import Asset, BuildOptions, Item, SheetSpec
from pnp.model.plain.base import tr
from pnp.model.plain.sheet import CUT_SAFE, PAGE_SAFE
from pnp.scene import Group, Node, Page

if TYPE_CHECKING:
    from pnp.model.sheet import Sheet
    from pnp.layout.builtin.images import Images
    from pnp.layout.builtin.symbols import Symbols
    from pnp.layout.compile import Compiled, Flow
    from pnp.layout.data import Row, SheetData
    from pnp.model.game import Game

# what an element drew on a page: (its draw function, which carries .where and .kind; the nodes it drew)
Drawn = tuple[Any, list[Node]]
Piece = TypeVar("Piece")

# what every page knows besides its record: its number in its file, how many the file has, and whether it
# continues the text of the page before (a document that ran on)
PAGE_NAMES = ("page", "pages", "continued")
FIT = 0.5  # mm: a sheet this close to the paper's size is the paper
PAPER_MARGIN = 8.0  # mm round tiles and pieces: the 6 mm a printer may not print, and room for the tiles' marks


@dataclass(frozen=True)
class Geometry:
    """How a sheet reaches paper: its size in mm and whether it is the page, a piece or a board."""

    w: float
    h: float
    mode: str  # page | piece | board
    safe: float  # mm inside its edge that text and symbols keep clear of


def _paper(opts: BuildOptions) -> SheetSpec:
    """How pieces and tiles go onto the build's paper: its margin never under PAPER_MARGIN, so what a
    piece or a tile prints stays clear of the paper's edge whatever ``--margin`` says."""
    from dataclasses import replace

    from pnp.impose.items import sheet_from_options

    sheet = sheet_from_options(opts)
    return replace(sheet, margin=max(sheet.margin, PAPER_MARGIN))


def geometry(doc: Sheet, opts: BuildOptions) -> Geometry:
    """The sheet's size and mode on the build's paper (see the module's docstring)."""
    from pnp.model.paper import CARD_SIZES, PAPERS, paper_size, parse_wxh

    if doc.size == "page":
        w, h = paper_size(opts.paper, doc.orientation)
    elif doc.size in PAPERS:
        w, h = paper_size(doc.size, doc.orientation)
    elif doc.size in CARD_SIZES:
        w, h = CARD_SIZES[doc.size]
    else:
        wxh = parse_wxh(doc.size)
        assert wxh is not None  # checked by the schema
        w, h = wxh
    pw, ph = paper_size(opts.paper, "portrait")
    if any(abs(w - a) <= FIT and abs(h - b) <= FIT for a, b in ((pw, ph), (ph, pw))):
        mode = "page"
    else:
        sheet = _paper(opts)
        room = (pw - 2 * sheet.margin, ph - 2 * sheet.margin)
        fits = (w <= room[0] and h <= room[1]) or (w <= room[1] and h <= room[0])
        mode = "piece" if fits else "board"
    safe = doc.safe if doc.safe is not None else (PAGE_SAFE if mode == "page" else CUT_SAFE)
    return Geometry(w, h, mode, safe)


# ------------------------------------------------------------------ reading and compiling


@dataclass
class PreparedSheet:
    """A sheet read, its data loaded and its layout compiled: everything before drawing."""

    doc: Sheet
    name: str
    shown: str  # the sheet file as messages name it
    raw: Any
    geo: Geometry
    compiled: Compiled
    data: SheetData
    values: dict[str, Any]
    rows: list[Row]  # one empty row for a sheet without records
    symbols: Symbols
    images: Images
    counts_pages: bool  # a template reads {pages}: pages are counted before they are drawn
    warnings: list[str] = field(default_factory=list)
    ink_saver: bool = False  # draw each element's ink_saver variant (pnp build --ink-saver)

    def at(self, loc: tuple[str | int, ...]) -> tuple[str, int, int]:
        from pnp.load.loader import locate

        return (self.shown, *locate(self.raw, loc)) if self.raw is not None else (self.shown, 0, 0)


def prepare_sheet(doc: Sheet, game: Game | None, opts: BuildOptions, stem: str,
                  src: tuple[Path, Any] | None = None) -> PreparedSheet:
    """Read the sheet's data and compile its layout; every problem before any drawing. ``src``
    (path, raw YAML) places a sheet that is not a file of the game (pnp's own print guide)."""
    from pnp.layout.builtin.symbols import game_symbols
    from pnp.layout.builtin.images import images_in
    from pnp.layout.data import Row, SheetData
    from pnp.layout.documents import source
    from pnp.layout.fields import parse_fields
    from pnp.load.loader import display_path

    src = src if src is not None else source(game, doc)
    path, raw = src if src is not None else (Path(f"{stem}.yaml"), None)
    folder = game.folder if game is not None and Path(path).resolve().is_relative_to(game.folder.resolve()) \
        else Path(path).parent
    shown = display_path(Path(path))
    fields = parse_fields(raw["fields"], shown) if raw is not None and raw.get("fields") else {}
    data = SheetData(game, opts, folder, shown, raw, fields)
    values = data.values(doc.values) if doc.values is not None else {}
    rows = data.records(doc.records) if doc.records is not None else [Row({}, (shown, 0))]
    names = dict.fromkeys([*fields, *values, *(k for r in rows for k in r.values), *PAGE_NAMES])
    geo = geometry(doc, opts)
    compiled = _compile(doc, geo, names, shown, raw)
    plan = PreparedSheet(doc, doc.name or stem, shown, raw, geo, compiled, data, values, rows, game_symbols(game),
                         images_in(folder), _reads(doc, "pages"), ink_saver=bool(getattr(opts, "ink_saver", False)))
    _check_sizes(plan)
    return plan


def _compile(doc: Sheet, geo: Geometry, names: dict[str, None], shown: str, raw: Any) -> Compiled:
    from pnp.layout.files import _element_path
    from pnp.layout.compile import compile_layout
    from pnp.layout.expr import ExprError
    from pnp.load.loader import locate

    layout = doc.model_copy(update={"size": None, "safe": geo.safe})
    try:
        return compile_layout(layout, field_names=names)
    except (ExprError, ValueError) as exc:
        msg = str(exc)
        loc = _element_path(msg)
        line, col = locate(raw, loc) if (loc and raw is not None) else (0, 0)
        raise DataErrors([Problem(shown, line, col, msg)]) from None


def _reads(doc: Sheet, name: str) -> bool:
    """Whether any template or condition of the sheet reads the field ``name``."""
    pattern = re.compile(r"\{\s*" + re.escape(name) + r"\s*\}|(?<![\w-])" + re.escape(name) + r"(?![\w-])")
    text = repr(doc.elements)  # not model_dump: a sheet read back from the cache keeps its schema unbuilt
    return bool(pattern.search(text))


def _check_sizes(plan: PreparedSheet) -> None:
    """Every type size an element asks for (the properties its kind registers as ``points``), held
    to the sheet's ``min_text`` before drawing."""
    from pnp.layout.elements import kind_of

    least = plan.doc.min_text
    problems: list[Problem] = []

    def walk(elements: Iterable[Any], path: tuple[str | int, ...]) -> None:
        for i, el in enumerate(elements):
            kind = kind_of(el)
            for key in kind.points:
                v = getattr(el, key, None)
                if isinstance(v, (int, float)) and not isinstance(v, bool) and v < least - 1e-9:
                    problems.append(Problem(*plan.at((*path, i, key)),
                                            f"{'.'.join(map(str, (*path, i)))} ({el.type}): {key} {v:g} pt is below "
                                            f"the {least:g} pt a sheet's text may print at (min_text)"))
            if kind.children:
                walk(getattr(el, kind.children), (*path, i, kind.children))

    walk(plan.doc.elements, ("elements",))
    if problems:
        raise DataErrors(problems)


# ------------------------------------------------------------------ drawing


def asset_groups(plan: PreparedSheet, lang: str) -> list[tuple[str, list[Row]]]:
    """(asset name, rows) in the order the rows come: one group, or one per distinct ``asset`` name."""
    if plan.doc.asset is None:
        return [(plan.name, plan.rows)]
    from pnp.layout.compile import _text
    from pnp.layout.expr import ExprError, Scope, check_names, template
    from pnp.load.paths import file_stem

    try:
        t = template(plan.doc.asset)
        check_names(t.refs, plan.compiled.fields, plan.compiled.tables, "asset")
    except ExprError as exc:
        raise DataErrors([Problem(*plan.at(("asset",)), f"'asset': {exc}")]) from None
    groups: dict[str, list[Row]] = {}
    for row in plan.rows:
        scope = Scope({**plan.values, **row.values}, plan.compiled.tables, text=lambda v: _text(v, lang), lang=lang)
        try:
            rendered = str(t.render(scope) or "")
        except ExprError as exc:
            raise DataErrors([Problem(*_row_at(plan, row), f"'asset': {exc}")]) from None
        name = "/".join(filter(None, (file_stem(part) for part in rendered.split("/"))))
        if not name:
            raise DataErrors([Problem(*_row_at(plan, row), f"'asset': {plan.doc.asset!r} gives an empty file name "
                                                           "for this record")])
        groups.setdefault(name, []).append(row)
    return list(groups.items())


def _row_at(plan: PreparedSheet, row: Row) -> tuple[str, int, int]:
    if row.source[0].startswith("source ") or row.source[1] == 0:
        return plan.at(("records",))
    return (row.source[0], row.source[1], 0)


def _scope_values(plan: PreparedSheet, row: Row, page: int | None, pages: int | None,
                  continued: bool = False) -> dict[str, Any]:
    return {**plan.values, **row.values, "page": page, "pages": pages, "continued": continued}


def stamp(plan: PreparedSheet, row: Row, page: int | None, pages: int | None, bleed: float, lang: str,
          flow: Flow | None = None) -> Group:
    """One page of the sheet for ``row`` in its own coordinates (trim at 0, 0), checked as print.
    ``flow`` (:class:`pnp.layout.compile.Flow`) says where running text starts and learns where it stopped."""
    from pnp.layout.compile import Card, CardError

    drawn: list[Drawn] = []
    found: list[str] = []
    card = Card(plan.geo.w, plan.geo.h, bleed, lang, plan.symbols, plan.images,
                warn=lambda m: _warn(plan, row, m), data=plan.data, drawn=drawn, flow=flow, overlaps=found,
                ink_saver=plan.ink_saver)
    continued = bool(flow is not None and flow.start)
    plan.data.record = row.values  # what {field: ...} reads while this page is drawn
    try:
        group = plan.compiled.stamp(_scope_values(plan, row, page, pages, continued), card)
    except CardError as exc:
        where = _element_at(plan, str(exc)) or _row_at(plan, row)
        raise DataErrors([Problem(*where, str(exc))]) from None
    _check_print(plan, row, drawn)
    for message in found:  # no element over another: said as the build's warning, as on cards
        _warn(plan, row, f"{plan.name}, page {page}: {message}" if page else message)
    return group


def _element_at(plan: PreparedSheet, message: str) -> tuple[str, int, int] | None:
    """The line of the element a card error names (``... (elements.3) ...``), if it names one."""
    m = re.search(r"\b(elements(?:\.\d+(?:\.elements)?)*\.\d+)\b", message)
    if not m:
        return None
    loc = tuple(int(p) if p.isdigit() else p for p in m.group(1).split("."))
    return plan.at(loc)


def _warn(plan: PreparedSheet, row: Row, message: str) -> None:
    file, line, _ = _row_at(plan, row)
    text = f"{file}:{line}: warning: {message}" if line else f"{file}: warning: {message}"
    if text not in plan.warnings:
        plan.warnings.append(text)


def _check_print(plan: PreparedSheet, row: Row, drawn: list[Drawn]) -> None:
    """Text under ``min_text`` pt, and text or symbols in the safe margin: problems naming the element."""
    from pnp.scene.ink import ink_box

    geo, least = plan.geo, plan.doc.min_text
    problems: list[Problem] = []
    for draw, nodes in drawn:
        where = getattr(draw, "where", "an element")
        loc = tuple(int(p) if p.isdigit() else p for p in where.split(" ")[0].split("."))
        small = smallest_text(nodes)
        if small is not None and small[0] < least - 0.05:
            problems.append(Problem(*plan.at(loc), f"{where} ({draw.kind}): {small[1][:30]!r} prints at "
                                                   f"{small[0]:.1f} pt, below the {least:g} pt a sheet's text may "
                                                   f"print at (min_text); give it more room or fewer words"))
        for node, what in _needed(nodes):
            box = ink_box(node)
            if box is None:
                continue
            over = max(geo.safe - box[0], geo.safe - box[1], box[2] - (geo.w - geo.safe), box[3] - (geo.h - geo.safe))
            if over > 0.05:
                edge = "the paper's edge" if geo.mode == "page" else "the cut"
                problems.append(Problem(*plan.at(loc), f"{where} ({draw.kind}): {what} comes {over:.1f} mm into the "
                                                       f"{geo.safe:g} mm next to {edge}, where it may not print; "
                                                       f"move it inside (frame: safe) or set the sheet's safe"))
                break
    if problems:
        if row.source[1]:
            problems = [Problem(p.file, p.line, p.col, f"{p.message} (record {row.source[0]}:{row.source[1]})")
                        for p in problems]
        raise DataErrors(problems)


def smallest_text(nodes: Iterable[Node], k: float = 1.0) -> tuple[float, str] | None:
    """(size in pt as printed, its text) of the smallest text among ``nodes`` (group scales counted)."""
    from pnp.scene import Text

    best: tuple[float, str] | None = None
    for n in nodes:
        if isinstance(n, Text):
            if n.text.strip() and n.fill is not None:
                size = n.size * k
                if best is None or size < best[0]:
                    best = (size, n.text)
        elif isinstance(n, Group):
            t = n.transform
            inner = smallest_text(n.children, k * (abs(t.a * t.d - t.b * t.c) ** 0.5))
            if inner is not None and (best is None or inner[0] < best[0]):
                best = inner
    return best


def _needed(nodes: Iterable[Node]) -> Iterator[tuple[Node, str]]:
    """The parts of a page that carry information, each with what to call it: texts and symbols
    (backgrounds and frames may run to the edge and be cut)."""
    from pnp.scene import Text

    for n in nodes:
        if isinstance(n, Text):
            if n.text.strip():
                yield n, f"the text {n.text[:30]!r}"
        elif isinstance(n, Group):
            if n.id and n.id.startswith("symbol-"):
                yield n, f"the symbol {n.id[7:]!r}"
            else:
                for child, what in _needed(n.children):
                    yield _moved(child, n), what


def _moved(node: Node, group: Group) -> Node:
    """``node`` as drawn inside ``group`` (its transform and clip kept)."""
    from pnp.scene import IDENTITY

    if group.transform is IDENTITY and group.clip is None:
        return node
    return Group([node], transform=group.transform, clip=group.clip)


@dataclass
class Laid:
    """One page of a sheet's file: its record, where its running text starts, and the page drawn."""

    row: Row
    start: dict[str, int]
    art: Group  # the stamped group (drawn with ``bleed``)
    bleed: float


def lay_out(plan: PreparedSheet, rows: list[Row], lang: str, bleed: float) -> list[Laid]:
    """Every page of one file: each record (times ``copies``) stamped, and stamped again while a
    document has text left over (the other elements are drawn on every page). When a template reads
    ``pages``, the pages are stamped once more with their count."""
    from pnp.layout.compile import Flow

    out: list[Laid] = []
    for row in rows:
        for _ in range(plan.doc.copies * max(1, row.copies)):
            start: dict[str, int] = {}
            while True:
                flow = Flow(dict(start))
                art = stamp(plan, row, len(out) + 1, None, bleed, lang, flow)
                out.append(Laid(row, dict(start), art, bleed))
                if not flow.rest:
                    break
                start = dict(flow.rest)
    if plan.counts_pages:
        total = len(out)
        out = [Laid(p.row, p.start, stamp(plan, p.row, n, total, bleed, lang, Flow(dict(p.start))), bleed)
               for n, p in enumerate(out, 1)]
    return out


def sheet_pages(plan: PreparedSheet, rows: list[Row], opts: BuildOptions) -> Iterator[Page]:
    """The pages of one file of the sheet, as the sheet's mode puts them on paper."""
    lang = opts.lang
    sheet = _paper(opts)
    bleed = 0.0 if plan.geo.mode == "page" else sheet.bleed
    laid = lay_out(plan, rows, lang, bleed)
    total = len(laid) if plan.counts_pages else None
    if plan.geo.mode == "page":
        for n, p in enumerate(laid, 1):
            yield Page(plan.geo.w, plan.geo.h, Group([p.art], id="sheet"), label=_label(plan, n, total))
        return

    def front(p: Laid, n: int) -> Callable[[float], Group]:
        def draw(b: float) -> Group:
            if abs(b - p.bleed) < 1e-9:
                return p.art
            from pnp.layout.compile import Flow

            return stamp(plan, p.row, n, total, b, lang, Flow(dict(p.start)))

        return draw

    items = [Item(plan.geo.w, plan.geo.h, front(p, n), None, _label(plan, n, total)) for n, p in enumerate(laid, 1)]
    if plan.geo.mode == "piece":
        from pnp.impose.grid import impose, fit_grid

        for chunk in even_pages(items, fit_grid(plan.geo.w, plan.geo.h, sheet).per_page):
            yield from impose(chunk, sheet)
        return
    from pnp.impose.tiling import tile

    for p, item in zip(laid, items):
        yield from tile(item, sheet, plan.doc.overlap, title=_title(plan, p.row, lang))


NEAR_EMPTY = 1 / 3  # a last page of pieces holding less than this share of a full one: the pages share them


def even_pages(items: list[Piece], per_page: int) -> list[list[Piece]]:
    """The pieces of each page: full pages, unless the last would hold under a third of a page; then
    the same number of pages holds them evenly (66 pieces of 50 a page: 33 and 33, not 50 and 16)."""
    import math

    n = len(items)
    if n == 0 or per_page <= 0:
        return [items]
    pages = math.ceil(n / per_page)
    last = n - (pages - 1) * per_page
    size = per_page if last >= NEAR_EMPTY * per_page else math.ceil(n / pages)
    return [items[k:k + size] for k in range(0, n, size)]


def _label(plan: PreparedSheet, n: int, of: int | None) -> str:
    return f"{plan.name} {n}" + (f"/{of}" if of else "")


def _title(plan: PreparedSheet, row: Row, lang: str) -> str:
    """The sheet's title for ``row`` (its templates filled), or nothing."""
    from pnp.layout.compile import _text
    from pnp.layout.expr import ExprError, Scope, template

    if plan.doc.title is None:
        return ""
    text = tr(plan.doc.title, lang)
    scope = Scope(_scope_values(plan, row, None, None), plan.compiled.tables, text=lambda v: _text(v, lang), lang=lang)
    try:
        return str(template(text).render(scope) or "")
    except ExprError as exc:
        raise DataErrors([Problem(*plan.at(("title",)), f"'title': {exc}")]) from None


def _least_pages(plan: PreparedSheet, n: int, pieces: int, opts: BuildOptions) -> tuple[int, str]:
    """The fewest pages a file of ``n`` pages, boards or ``pieces`` makes, and what they count: the
    build holds them to its page budget before anything is drawn (a document running on adds pages)."""
    import math

    paper = _paper(opts)
    if plan.geo.mode == "piece":
        from pnp.impose.grid import fit_grid

        return math.ceil(pieces / fit_grid(plan.geo.w, plan.geo.h, paper).per_page), f"{pieces:,} pieces"
    if plan.geo.mode == "board":
        from pnp.impose.tiling import fit_tiles

        tiles = fit_tiles(plan.geo.w, plan.geo.h, paper, plan.doc.overlap)
        return n * tiles.rows * tiles.cols, f"{n:,} boards of {tiles.rows * tiles.cols} pages"
    copies = plan.doc.copies
    return n, f"{n // copies:,} records" + (f" × {copies} copies" if copies > 1 else "")


def sheet_assets(doc: Sheet, game: Game | None, opts: BuildOptions, stem: str) -> Iterator[Asset]:
    """Kind 'sheet': one asset, or one per record group (``asset:``); pages drawn when written."""
    plan = prepare_sheet(doc, game, opts, stem)
    mode = {"page": "page", "piece": "piece to cut out", "board": "board tiled over several pages"}[plan.geo.mode]
    for name, rows in asset_groups(plan, opts.lang):
        title = _title(plan, rows[0], opts.lang) if rows else ""
        n = len(rows) * doc.copies
        pieces = sum(doc.copies * max(1, r.copies) for r in rows) if plan.geo.mode == "piece" else 0
        least, counted = _least_pages(plan, n, pieces, opts)
        at = plan.at(("records",) if doc.records is not None else ("copies",))
        yield Asset(name, title or name, partial(sheet_pages, plan, rows, opts),
                    description=f"{n} × {plan.geo.w:g} × {plan.geo.h:g} mm {mode}", min_text_pt=doc.min_text,
                    warnings=plan.warnings, stock=doc.stock or ("card" if plan.geo.mode == "piece" else "paper"),
                    cutting={"page": "none", "piece": "pieces", "board": "tiles"}[plan.geo.mode], pieces=pieces,
                    pages_at_least=least, budget_at=(*at, counted), computed=_names_a_source(plan.raw))


def _names_a_source(raw: Any) -> bool:
    """Whether the sheet takes data from the game's code anywhere (``{source: name}`` as records,
    values, rows, cells, nodes ...): such a sheet depends on whatever files that code reads."""
    if isinstance(raw, dict):
        return (set(raw) == {"source"} and isinstance(raw["source"], str)) or any(map(_names_a_source, raw.values()))
    if isinstance(raw, list):
        return any(map(_names_a_source, raw))
    return False


def read_sheet(path: Path) -> tuple[Sheet, Any]:
    """A sheet file that is not a game's (pnp's own), validated once per process: (model, raw)."""
    from pnp.load.loader import display_path, load_yaml, read_cached, validate

    def parse(p: Path, data: bytes) -> tuple[Sheet, Any]:
        from pnp.layout.vocabulary import Sheet as Validated  # every kind, to validate (read back: only its own)

        raw = load_yaml(p, data)
        return validate(Validated, raw, display_path(p)), raw

    return read_cached(Path(path), "sheet-v1", parse)


__all__ = ["Geometry", "PreparedSheet", "geometry", "prepare_sheet", "read_sheet", "sheet_assets", "sheet_pages", "stamp"]
