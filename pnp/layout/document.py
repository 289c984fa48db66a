"""The ``document`` element: a Markdown text set in columns, running on over as many pages as it needs.

::

    - {type: document, x: 10, y: 10, w: 190, h: 277, columns: 2, text: aid.md}
    - {type: document, frame: safe, text: {de: aid.de.md, en: aid.en.md}}
    - {type: document, frame: safe, text: "{rules}"}       # Markdown a record's field holds

The Markdown is read by markdown-it-py (CommonMark, with tables): headings,
paragraphs, bullet and numbered lists (nested), **bold**, *italic*, block
quotes, rules and tables; ``:name:`` draws the game's symbol in the line, as in
a text box. A text that ends in ``.md`` is a file of the game folder; any
other text is the Markdown itself.

The text is cut into units -- a line of a paragraph, a row of a table, a
heading -- laid top to bottom, column after column; a heading stays with the
line after it and a table's header is repeated in the next column. What does
not fit on the page continues on the next page of the sheet, which draws its
other elements (header, footer, page number) again: see ``Flow`` in
:mod:`pnp.layout.compile`. On a card, where there is no next page, a text that
does not fit is an error.
"""
from __future__ import annotations

import re
from dataclasses import astuple, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from pnp.layout.compile import CardError, _Colour, _ink, _Str
from pnp.layout.elements import Draw, DrawContext, ElementKind, Fields, Tables, register
from pnp.load.classes import dataclass
from pnp.model.plain.layout import Placed
from pnp.scene import Box, Group
from pnp.scene.primitives import Node
from pnp.scene.style import Color
from pnp.scene.units import pt_to_mm

if TYPE_CHECKING:
    from pnp.layout.schemas import document as schema
    from markdown_it.token import Token

    from pnp.layout.fontbook import FontBook
    from pnp.scene.richtext import Fitted

MAX_MARKDOWN_BYTES = 1_000_000
INDENT = 5.0  # mm per list level
TABLE_PAD = 1.2  # mm between a table cell's text and its lines
HEADING = {1: 1.6, 2: 1.3, 3: 1.12, 4: 1.0, 5: 1.0, 6: 1.0}  # heading sizes, times the body size


class DocumentEl(Placed):
    """A Markdown text in columns: headings, lists, **bold**, *italic*, :icons:, tables; runs on over pages."""


# ------------------------------------------------------------------ Markdown -> blocks


@dataclass(frozen=True)
class Block:
    kind: str  # heading | para | item | table | rule | quote
    markup: str = ""  # rich text (pnp.scene.richtext)
    level: int = 0  # heading level, or list depth (items, paragraphs in lists)
    bullet: str = ""
    rows: tuple[tuple[str, ...], ...] = ()  # table: (cells...) per row, the first the header
    aligns: tuple[str, ...] = ()  # table: left | center | right per column
    quote: bool = False


_ESCAPE = re.compile(r"([\\*])")


def _inline(tok: Token) -> str:
    """An inline token's children as rich-text markup: **bold**, *italic*, hard breaks, :icons:."""
    out = []
    for c in tok.children or ():
        t = c.type
        if t == "text":
            out.append(_ESCAPE.sub(r"\\\1", c.content))
        elif t == "code_inline":
            out.append(_ESCAPE.sub(r"\\\1", c.content))
        elif t in ("strong_open", "strong_close"):
            out.append("**")
        elif t in ("em_open", "em_close"):
            out.append("*")
        elif t == "softbreak":
            out.append(" ")
        elif t == "hardbreak":
            out.append("\n")
        elif t == "html_inline":
            continue
    return "".join(out).strip()


@lru_cache(maxsize=64)
def blocks(markdown: str) -> tuple[Block, ...]:
    """The blocks of a Markdown text, in order; kept in pnp's cache by the text's digest and the
    parser's files, so a rebuild (every build writes a print guide) does not import the parser."""
    import hashlib
    import importlib.util
    import os

    from pnp.load.cache import cached_data

    spec = importlib.util.find_spec("markdown_it")
    if spec is None or not spec.origin:
        return _parse(markdown)
    st = os.stat(spec.origin)
    key = f"md-blocks-v1|{st.st_size}:{st.st_mtime_ns}|{hashlib.sha256(markdown.encode()).hexdigest()}"
    kept = cached_data("markdown", key, lambda: tuple(astuple(b) for b in _parse(markdown)))
    try:
        return tuple(Block(*fields) for fields in kept)
    except TypeError:  # not the blocks' fields: parsed again, never used
        return _parse(markdown)


def _parse(markdown: str) -> tuple[Block, ...]:
    from markdown_it import MarkdownIt

    return _BlockReader(MarkdownIt("commonmark").enable("table").parse(markdown)).read()


class _BlockReader:
    """Walks markdown-it's tokens once, keeping the open lists and block quotes, and collects the blocks."""

    def __init__(self, tokens: list[Token]):
        self.tokens = tokens
        self.out: list[Block] = []
        self.lists: list[list] = []  # [ordered, next number] per open list
        self.quote = 0
        self.item_first = False

    def read(self) -> tuple[Block, ...]:
        i = 0
        while i < len(self.tokens):
            i = self.one(i)
        return tuple(self.out)

    def one(self, i: int) -> int:
        """Reads the token at ``i`` (with its content and closing tokens); the index of the next one."""
        tok = self.tokens[i]
        t = tok.type
        if t == "heading_open":
            self.out.append(Block("heading", _inline(self.tokens[i + 1]), int(tok.tag[1]), quote=self.quote > 0))
            return i + 3
        if t == "paragraph_open":
            self.paragraph(_inline(self.tokens[i + 1]))
            return i + 3
        if t == "table_open":
            return self.table(i + 1) + 1
        self.structure(tok)
        return i + 1

    def structure(self, tok: Token) -> None:
        """Lists and quotes opened and closed, a rule, a code block."""
        t = tok.type
        if t in ("bullet_list_open", "ordered_list_open"):
            start = int(tok.attrGet("start") or 1) if t == "ordered_list_open" else 0
            self.lists.append([t == "ordered_list_open", start])
        elif t in ("bullet_list_close", "ordered_list_close"):
            self.lists.pop()
        elif t == "list_item_open":
            self.item_first = True
        elif t == "blockquote_open":
            self.quote += 1
        elif t == "blockquote_close":
            self.quote -= 1
        elif t == "hr":
            self.out.append(Block("rule"))
        elif t in ("fence", "code_block"):
            text = tok.content.rstrip("\n")
            self.out.append(Block("para", _ESCAPE.sub(r"\\\1", text), len(self.lists), quote=self.quote > 0))

    def paragraph(self, markup: str) -> None:
        """A paragraph: a list item when it is the first of one, with its bullet or number."""
        lists = self.lists
        if lists and self.item_first:
            ordered, n = lists[-1]
            bullet = f"{n}." if ordered else ("•" if len(lists) % 2 else "–")
            if ordered:
                lists[-1][1] += 1
            self.out.append(Block("item", markup, len(lists), bullet, quote=self.quote > 0))
            self.item_first = False
        elif markup:
            self.out.append(Block("para", markup, len(lists), quote=self.quote > 0))

    def table(self, i: int) -> int:
        """The table whose tokens start at ``i``: its rows and the header's alignments; the index of its close."""
        tokens = self.tokens
        rows: list[tuple[str, ...]] = []
        aligns: list[str] = []
        row: list[str] = []
        while tokens[i].type != "table_close":
            tt = tokens[i]
            if tt.type == "tr_open":
                row = []
            elif tt.type == "tr_close":
                rows.append(tuple(row))
            elif tt.type in ("th_open", "td_open"):
                if not rows and tt.type == "th_open":
                    style = str(tt.attrGet("style") or "")
                    aligns.append("right" if "right" in style else "center" if "center" in style else "left")
                row.append(_inline(tokens[i + 1]))
            i += 1
        self.out.append(Block("table", rows=tuple(rows), aligns=tuple(aligns), level=len(self.lists),
                              quote=self.quote > 0))
        return i


# ------------------------------------------------------------------ blocks -> units


@dataclass
class Unit:
    """What is laid out as one piece: a line of a paragraph, a table row, a rule."""

    h: float  # mm
    draw: Callable[[float, float], list[Node]]  # (x, top) -> scene nodes
    before: float = 0.0  # mm of space above it, unless it opens a column
    keep: bool = False  # stays in the column of the unit after it (a heading)
    header: "Unit | None" = None  # a table row's header, repeated when the row opens a column


@dataclass
class _Setter:
    """Sets blocks at a column width with the element's looks; caches what it measured."""

    width: float
    size: float
    line_height: float
    lang: str
    align: str
    ink: Color | None
    heading_ink: Color | None
    icon: Callable[[str, float, float, float], Any]
    where: str
    units: list[Unit] = field(default_factory=list)

    def step(self, size: float) -> float:
        return pt_to_mm(size * self.line_height)

    def fit(self, markup: str, width: float, size: float, align: str = "left") -> Fitted:
        from pnp.scene import richtext
        from pnp.scene import fonts

        try:
            lang = self.lang if richtext.has_patterns(self.lang) else None
            return richtext.fit(markup, width, 10_000.0, size, min_size_pt=size, lang=lang,
                                line_height=self.line_height, align=align, valign="top")
        except richtext.Overflow as exc:
            if exc.width_mm <= 0:
                raise CardError(f"document ({self.where}): a paragraph {markup[:30]!r}... is more than 10 m long "
                                f"in a {width:.1f} mm column; split it") from None
            word = (exc.line or markup).split()[0] if (exc.line or markup).split() else markup
            shown = word if len(word) <= 40 else word[:37] + "..."
            raise CardError(f"document ({self.where}): {shown!r} is {exc.width_mm:.1f} mm wider than its "
                            f"{width:.1f} mm column at {exc.size_pt:g} pt; break it or widen the column") from None
        except (richtext.MarkupError, fonts.FontError, ValueError) as exc:
            raise CardError(f"document ({self.where}): {markup[:40]!r}: {exc}") from None

    def lines(self, markup: str, x: float, width: float, size: float, ink: Color | None, align: str = "left",
              before: float = 0.0, keep_first: bool = False, bullet: str = "", bar: bool = False) -> None:
        """A paragraph as one unit per line; ``bar``: a quote's line at its left."""
        from pnp.scene import richtext
        from pnp.scene import fonts

        fitted = self.fit(markup, width, size, align)
        asc, desc = fonts.ascent_descent(size, "sans")
        baselines = sorted({round(p.baseline_y if hasattr(p, "baseline_y") else p.top_y + p.size_mm, 4)
                            for p in fitted.pieces})
        if not baselines:
            return
        tops = [0.0] + [b + desc for b in baselines[:-1]]
        for k, (top, base) in enumerate(zip(tops, baselines)):
            pieces = tuple(p for p in fitted.pieces if abs((p.baseline_y if hasattr(p, "baseline_y")
                                                             else p.top_y + p.size_mm) - base) < 1e-3)
            one = richtext.Fitted(fitted.size_pt, pieces, 1, fitted.height_mm, fitted.width_mm, fitted.box,
                                  fitted.family)

            def draw(ux: float, utop: float, one: Fitted = one, top: float = top, k: int = k,
                     h: float = base + desc - top) -> list[Node]:
                nodes: list[Node] = [richtext.to_scene(one, ux + x, utop - top, _ink(ink), self.icon)]
                if bar:
                    from pnp.scene import Path, style

                    nodes.append(Path(style=style(stroke="#888888", width=0.8)).move(ux + x - 2.5, utop)
                                 .line(ux + x - 2.5, utop + h))
                if k == 0 and bullet:
                    from pnp.scene import Text

                    nodes.append(Text(ux + x - 1.2, utop - top + baselines[0], bullet, size=size, anchor="end",
                                      fill=ink, weight="bold" if bullet[0].isdigit() else "regular"))
                return nodes

            self.units.append(Unit(base + desc - top, draw, before if k == 0 else 0.0,
                                   keep=keep_first and k == 0))

    def table(self, b: Block, x: float, width: float) -> None:
        from pnp.scene import Group, Path, Rect, fonts, style

        size = self.size * 0.95
        n = max(len(r) for r in b.rows)
        rows = [tuple(r) + ("",) * (n - len(r)) for r in b.rows]
        natural, least = [0.0] * n, [0.0] * n
        for r in rows:
            for j, cell in enumerate(r):
                plain = cell.replace("**", "").replace("*", "")
                natural[j] = max(natural[j], fonts.string_width(plain, size, "sans", "bold") + 2 * TABLE_PAD)
                widest_word = max((fonts.string_width(w, size, "sans", "bold") for w in plain.split()), default=0.0)
                least[j] = max(least[j], widest_word + 2 * TABLE_PAD)
        rule = 0.25  # mm; the rules are drawn inside the block's width, so none pokes past its frame
        widths = _share(natural, least, width - rule)
        xs = [x + rule / 2]
        for w in widths:
            xs.append(xs[-1] + w)
        aligns = list(b.aligns) + ["left"] * (n - len(b.aligns))
        line = style(stroke="#555555", width=rule)
        head_fill = style(fill="#dddddd")
        made = []
        for r_i, r in enumerate(rows):
            head = r_i == 0
            fits = [self.fit((f"**{c}**" if head and c and "**" not in c else c) or " ", w - 2 * TABLE_PAD, size,
                             aligns[j]) if c else None for j, (c, w) in enumerate(zip(r, widths))]
            h = max((f.height_mm for f in fits if f is not None), default=self.step(size)) + 2 * TABLE_PAD

            def draw(ux: float, utop: float, fits: list[Fitted | None] = fits, h: float = h,
                     head: bool = head) -> list[Node]:
                from pnp.scene import richtext

                g = Group()
                if head:
                    g.add(Rect(ux + xs[0], utop, xs[-1] - xs[0], h, head_fill))
                for j, f in enumerate(fits):
                    if f is not None:
                        g.add(richtext.to_scene(f, ux + xs[j] + TABLE_PAD, utop + TABLE_PAD, _ink(self.ink), self.icon))
                p = Path(style=line).move(ux + xs[0], utop).line(ux + xs[-1], utop)
                p.move(ux + xs[0], utop + h).line(ux + xs[-1], utop + h)
                for xx in xs:
                    p.move(ux + xx, utop).line(ux + xx, utop + h)
                g.add(p)
                return [g]

            unit = Unit(h, draw, self.step(self.size) * 0.5 if head else 0.0)
            made.append(unit)
        header = made[0]
        for u in made[1:]:
            u.header = header
        if len(made) > 1:
            header.keep = True
        self.units.extend(made)


def _share(natural: list[float], least: list[float], width: float) -> list[float]:
    """Column widths filling ``width``: the natural widths when they fit (grown alike), else each
    column's widest word plus a share of the rest in proportion to how much more it would like."""
    total = sum(natural)
    if total <= width:
        return [w * width / total for w in natural]
    base = sum(least)
    if base >= width:
        return [w * width / base for w in least]
    want = [max(0.0, a - b) for a, b in zip(natural, least)]
    k = (width - base) / sum(want) if sum(want) else 0.0
    return [b + w * k for b, w in zip(least, want)]


def units(bs: tuple[Block, ...], s: _Setter) -> list[Unit]:
    """Every block as units at the setter's column width."""
    body = s.step(s.size)
    for n, b in enumerate(bs):
        x = (INDENT * b.level if b.kind in ("item", "para", "table") else 0.0) + (INDENT if b.quote else 0.0)
        width = s.width - x
        if width < 10:
            raise CardError(f"document ({s.where}): a column of {s.width:.1f} mm leaves no room for nested lists")
        first = not s.units
        if b.kind == "heading":
            size = s.size * HEADING[b.level]
            bold = "**" + b.markup.replace("**", "") + "**" if b.markup else ""
            s.lines(bold, x, width, size, s.heading_ink, before=0.0 if first else body * 0.9, keep_first=True,
                    bar=b.quote)
            if s.units:
                s.units[-1].keep = True
        elif b.kind == "para":
            s.lines(b.markup, x, width, s.size, s.ink, s.align, before=0.0 if first else body * 0.45, bar=b.quote)
        elif b.kind == "item":
            prev = bs[n - 1] if n else None
            gap = body * (0.15 if prev is not None and prev.kind == "item" else 0.45)
            s.lines(b.markup, x, width, s.size, s.ink, s.align, before=0.0 if first else gap, bullet=b.bullet,
                    bar=b.quote)
        elif b.kind == "rule":
            from pnp.scene import Path, style

            rule = style(stroke="#777777", width=0.3)

            def draw_rule(ux: float, utop: float, w: float = s.width) -> list[Node]:
                return [Path(style=rule).move(ux, utop + body * 0.3).line(ux + w, utop + body * 0.3)]

            s.units.append(Unit(body * 0.6, draw_rule, body * 0.3))
        elif b.kind == "table":
            s.table(b, x, width)
    return s.units


# ------------------------------------------------------------------ laying units into columns


def place(us: list[Unit], start: int, boxes: list[Box]) -> tuple[list[Node], int]:
    """(nodes, next unit) of units from ``start`` laid into the column boxes in turn."""
    nodes: list[Node] = []
    i = start
    for col in boxes:
        y = col.y
        opened = True
        while i < len(us):
            u = us[i]
            head = u.header if opened else None  # a table row opening a column: its header again above it
            need = (0.0 if opened else u.before) + u.h + (head.h if head is not None else 0.0)
            if u.keep and i + 1 < len(us):  # a heading stays with what follows it
                need += us[i + 1].before + us[i + 1].h
            if y + need > col.bottom + 1e-6:
                if opened:  # not even this fits an empty column
                    raise CardError(f"a piece of the document {u.h:.1f} mm high does not fit a {col.h:.1f} mm column")
                break
            if not opened:
                y += u.before
            if head is not None:
                nodes += head.draw(col.x, y)
                y += head.h
            nodes += u.draw(col.x, y)
            y += u.h
            opened = False
            i += 1
        if i >= len(us):
            break
    return nodes, i


def _columns(box: Box, n: int, gap: float) -> list[Box]:
    w = (box.w - gap * (n - 1)) / n
    return [Box(box.x + k * (w + gap), box.y, w, box.h) for k in range(n)]


def read_markdown(name: str, folder: Path) -> str:
    """A Markdown file of the game folder, read bounded."""
    from pnp.load.loader import read_bounded

    path = (Path(folder) / name)
    try:
        inside = path.resolve().is_relative_to(Path(folder).resolve())
    except OSError:
        inside = False
    if not inside or name.startswith("/") or ".." in name.replace("\\", "/").split("/"):
        raise CardError(f"the Markdown file {name!r} is outside the game folder")
    if not path.is_file():
        raise CardError(f"the Markdown file {name!r} is not in the game folder")
    raw = read_bounded(path, MAX_MARKDOWN_BYTES, "a Markdown file")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise CardError(f"{name}: not UTF-8 text; save it as UTF-8") from None


_FILE = re.compile(r"^[^\s{}]+\.(md|markdown)$", re.I)


def _document(el: schema.DocumentEl, fields: Fields, tables: Tables, where: str, ids: set[str],
              book: FontBook | None = None) -> Draw:
    text = _Str(el.text, fields, tables, where)
    ink = _Colour(el.colour, fields, tables, f"{where} colour")
    heading_ink = _Colour(el.heading_colour, fields, tables, f"{where} heading_colour")
    laid: dict[tuple, list[Unit]] = {}  # (markdown, width, lang, colours) -> units: the same text is set once per build

    def body(ctx: DrawContext, box: Box, g: Group) -> None:
        card = ctx.card
        value = text(ctx.scope)
        value = "" if value is None else str(value)
        if not value.strip():
            return
        if _FILE.match(value.strip()):
            folder = getattr(card.images, "folder", None) if card.data is None else card.data.folder
            if folder is None:
                raise CardError(f"document ({where}): {value!r} is a file, and this layout has no folder")
            try:
                markdown = read_markdown(value.strip(), folder)
            except CardError as exc:
                raise CardError(f"document ({where}): {exc}") from None
        else:
            markdown = value
        cols = _columns(box, el.columns, el.gap)
        fill, head = ink(ctx.scope), heading_ink(ctx.scope)
        key = (markdown, round(cols[0].w, 3), card.lang, repr(fill), repr(head))
        us = laid.get(key)
        if us is None:
            def icon(name: str, x: float, y: float, size: float) -> Any:
                if card.symbols is None or name not in card.symbols.by_id:
                    raise CardError(f"document ({where}) names icon :{name}: but the game has no symbol {name!r}")
                return card.symbols.draw(name, x, y, size, fill)

            setter = _Setter(cols[0].w, el.size, el.line_height, card.lang, el.align, fill, head or fill, icon, where)
            if len(laid) > 16:
                laid.clear()
            us = laid[key] = units(blocks(markdown), setter)
        flow = card.flow
        name = el.flow or where
        start = flow.start.get(name, 0) if flow is not None else 0
        try:
            nodes, stop = place(us, start, cols)
        except CardError as exc:
            raise CardError(f"document ({where}): {exc}") from None
        g.add(*nodes)
        if stop < len(us):
            if flow is None:
                raise CardError(f"document ({where}): the text does not fit its {box.w:.0f} × {box.h:.0f} mm box "
                                f"({len(us) - stop} of {len(us)} lines and rows left over); on a card there is no "
                                f"next page to run on to")
            flow.rest[name] = stop

    return body


# ------------------------------------------------------------------ registration

register(ElementKind("pnp.layout.schemas.document:DocumentEl", _document, points=("size",), twin=DocumentEl))


__all__ = ["DocumentEl", "blocks", "read_markdown"]
