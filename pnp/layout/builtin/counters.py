"""Counter sheets (kind: counters): square or round tokens in group colours.

What a face looks like is a layout (shipped: ``classic-counter`` and
``classic-counter-round``); this module turns each counter side into the
layout's fields (top line, label, icons, number, colours) and imposes the
stamped faces. Counters with a ``back`` are printed on their own duplex
pages; single-sided ones never get blank back pages.
"""
from __future__ import annotations

from pathlib import Path
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterator

from pnp.load.classes import dataclass
from pnp.model.assets import Asset, BuildOptions, Item
from pnp.model.plain.base import tr
from pnp.scene import Color, Group, Page, Rect, Text, color
from pnp.load.words import ENGINE

if TYPE_CHECKING:
    from pnp.layout.compile import Compiled
    from pnp.load.errors import Problem
    from pnp.model.counters import CounterSheet, CounterType, Face
    from pnp.model.game import Game
    from pnp.model.symbols import Symbol

MIN_PT = 5.0  # counters are read up close: 5 pt is the floor on them (6 pt elsewhere)


@dataclass(frozen=True)
class Spec:
    """One counter to print: its type, its group (or None) and resolved sizes."""

    counter: CounterType
    group_id: str | None
    w: float
    h: float
    shape: str

    @property
    def label(self) -> str:
        return f"{self.counter.id}{'-' + self.group_id if self.group_id else ''}"


def counter_specs(doc: CounterSheet, size: float | None = None) -> list[Spec]:
    """Every counter to print, in data order, with its copies expanded."""
    s = size or doc.size
    out: list[Spec] = []
    for c in doc.counters:
        if c.groups == "all":
            gids: list[str | None] = [g.id for g in doc.groups]
        elif isinstance(c.groups, list):
            gids = list(c.groups)
        else:
            gids = [None]
        for gid in gids:
            spec = Spec(c, gid, s * c.width, s, c.shape or doc.shape)
            out.extend([spec] * c.count)
    return out


def _ink(doc: CounterSheet, spec: Spec, face: Face) -> tuple[Color | None, Color | None]:
    """(background, ink) of one side; None where the colour is "none"."""
    if face.anonymous:  # nothing of the owner shows
        return color(face.colour or doc.colour), color(face.text or doc.text)
    g = doc.group(spec.group_id) if spec.group_id else None
    bg = face.colour or spec.counter.colour or (g.colour if g else doc.colour)
    fg = face.text or spec.counter.text or (g.text if g else doc.text)
    return color(bg), color(fg)


def _hex(c: Color | None) -> str:
    return "none" if c is None else c.hex


def face_values(doc: CounterSheet, spec: Spec, face: Face, lang: str) -> dict[str, Any]:
    """The layout fields of one side: top line, label, icons, number and colours."""
    bg, fg = _ink(doc, spec, face)
    top = tr(face.top, lang)
    grp = doc.group(spec.group_id) if spec.group_id else None
    if not top and spec.counter.show_group and not face.anonymous and grp is not None and grp.short is not None:
        top = tr(grp.short, lang)
    icons = [] if face.icon is None else ([face.icon] if isinstance(face.icon, str) else list(face.icon))
    shows_group = spec.counter.show_group and not face.anonymous and grp is not None
    mark = tr(grp.mark, lang) if shows_group and grp is not None and grp.mark is not None else ""
    return {"top": top or None, "mark": mark or None, "label": tr(face.label, lang) or None, "icon": icons[0] if icons else None,
            "icon2": icons[1] if len(icons) > 1 else None,
            "number": None if face.number is None else str(face.number), "colour": _hex(bg), "ink": _hex(fg)}


@lru_cache(maxsize=None)
def _shipped_face(shape: str) -> Compiled:
    from pnp.layout.compile import compile_layout
    from pnp.layout.files import shipped_layout
    from pnp.model.plain.layout import Layout

    layout, _ = shipped_layout(f"classic-counter{'-round' if shape == 'round' else ''}")
    assert isinstance(layout, Layout), "the shipped counter faces extend no other layout"
    return compile_layout(layout)


class _Icons:
    """The sheet's icons as the symbol lookup a layout stamps with."""

    def __init__(self, doc: CounterSheet) -> None:
        self.by_id: dict[str, tuple[Symbol, str]] = {s.id: (s, doc.text) for s in doc.icons}

    def draw(self, sid: str, x: float, y: float, size: float, ink: Color | str | None = None) -> Group:
        from pnp.layout.builtin.symbols import draw_symbol

        sym, default = self.by_id[sid]
        return draw_symbol(sym, x, y, size, ink or default)


def draw_face(doc: CounterSheet, spec: Spec, face: Face, bleed: float, lang: str, copy: int = 1,
              side: str = "front", layout: Compiled | None = None, ink_saver: bool = False) -> Group:
    """One side of a counter in its own coordinates (trim = 0, 0, w, h), stamped with the
    sheet's layout (default: the shipped classic counter for its shape).

    The group id ``counter-<type>[-<group>]-<copy>[-back]`` is unique on a sheet,
    so SVG ids stay valid and tests can count counters."""
    from pnp.layout.compile import Card

    layout = layout or _shipped_face(spec.shape)
    art = layout.stamp(face_values(doc, spec, face, lang), Card(spec.w, spec.h, bleed, lang, _Icons(doc),
                                                                ink_saver=ink_saver))
    return Group([art], id=f"counter-{spec.label}-{copy}" + ("-back" if side == "back" else ""))


FACE_FIELDS = ("top", "label", "icon", "icon2", "number", "mark", "colour", "ink")


def sheet_layout(doc: CounterSheet, game: Game | None) -> Compiled | None:
    """The sheet's own face layout, compiled once and checked to use only the fields a face
    gives; None for the shipped ones."""
    if doc.layout is None:
        return None
    from pnp.load.errors import DataErrors, Problem
    from pnp.layout.documents import source
    from pnp.layout.files import compiled_layout

    from pnp.load.loader import display_path, locate

    src = source(game, doc) if game is not None else None
    where = (display_path(src[0]), *locate(src[1], ("layout",))) if src is not None else ("counters", 0, 0)
    folder = game.folder if game is not None else Path(".")
    layout, fields = compiled_layout(doc.layout, folder, {}, where, game)
    extra = sorted(set(fields) - set(FACE_FIELDS))
    if extra:
        raise DataErrors([Problem(*where, f"layout {doc.layout!r} has field(s) {', '.join(extra)} a counter "
                                          f"face does not give; a face gives {', '.join(FACE_FIELDS)}")])
    return layout


def counter_items(doc: CounterSheet, lang: str = "de", size: float | None = None, layout: Compiled | None = None,
                  ink_saver: bool = False) -> list[Item]:
    """Items for imposition, one per printed counter."""
    items = []
    copies: dict[str, int] = {}
    for spec in counter_specs(doc, size):
        c = spec.counter
        n = copies[spec.label] = copies.get(spec.label, 0) + 1
        front = (lambda b, s=spec, n=n: draw_face(doc, s, s.counter, b, lang, n, layout=layout, ink_saver=ink_saver))
        back = None if c.back is None else (lambda b, s=spec, n=n: draw_face(doc, s, s.counter.back, b, lang, n,
                                                                               "back", layout, ink_saver))
        items.append(Item(spec.w, spec.h, front, back, spec.label))
    return items


def counter_pages(doc: CounterSheet, opts: BuildOptions, size: float | None = None, layout: Compiled | None = None,
                  sides: str = "all") -> Iterator[Page]:
    """Pages of the sheet: runs of same-size counters, single-sided runs first,
    each imposed on its own so double-sided counters get back pages and
    single-sided ones do not. ``sides`` picks the ``single``- or ``double``-sided
    counters only (each is a file of its own when a sheet has both, so either
    file prints safely double-sided), or ``all``."""
    from pnp.impose.grid import impose
    from pnp.impose.items import sheet_from_options
    from pnp.impose.packing import pack

    sheet = sheet_from_options(opts, gutter=max(opts.gutter, 0.0))
    runs: dict[tuple[float, float, bool], list[Item]] = {}
    for it in counter_items(doc, opts.lang, size, layout, opts.ink_saver):
        runs.setdefault((round(it.w, 3), round(it.h, 3), it.back is not None), []).append(it)
    single = [k for k in runs if not k[2]] if sides != "double" else []
    double = [k for k in runs if k[2]] if sides != "single" else []
    for key in single:
        yield from impose(runs[key], sheet)
    if len(double) == 1:
        yield from impose(runs[double[0]], sheet)
    elif double:
        # few two-sided counters of several sizes: share sheets instead of half-empty grids
        yield from pack([it for key in double for it in runs[key]], sheet)


def _size(doc: CounterSheet, opts: BuildOptions) -> float:
    """Counter size: ``--set counter_size=18`` (opts.extra) overrides the data."""
    from pnp.model.options import number

    return number(opts, "counter_size", doc.size, 8, 60)


def counter_faces(doc: CounterSheet, lang: str, size: float, layout: Compiled | None = None,
                  ink_saver: bool = False) -> list[tuple[Item, int]]:
    """Distinct single-width counters with their copy counts (previews, Tabletop
    Simulator). Double-width pairs are left out: a face list holds one size."""
    out: list[tuple[Item, int]] = []
    seen: dict[tuple[str, str | None], int] = {}
    for spec in counter_specs(doc, size):
        if spec.counter.width != 1:
            continue
        key = (spec.counter.id, spec.group_id)
        if key in seen:
            item, n = out[seen[key]]
            out[seen[key]] = (item, n + 1)
            continue
        c = spec.counter
        front = (lambda b, s=spec: draw_face(doc, s, s.counter, b, lang, layout=layout, ink_saver=ink_saver))
        back = None if c.back is None else (lambda b, s=spec: draw_face(doc, s, s.counter.back, b, lang, 1, "back",
                                                                        layout, ink_saver))
        seen[key] = len(out)
        out.append((Item(spec.w, spec.h, front, back, spec.label), 1))
    return out


KEY_WORDS = ENGINE.section("counters_key")


def key_pages(doc: CounterSheet, opts: BuildOptions, layout: Compiled | None = None) -> list[Page]:
    """A key to the sheet: each counter type that has ``about``, drawn at its
    real size (front and back), with its count and meaning."""
    from pnp.impose.page import document_page
    from pnp.scene import translate

    lang = opts.lang
    key_word, back_word, each_word = KEY_WORDS[lang]
    title = f"{tr(doc.title, lang)} – {key_word}"
    pages: list[Page] = []
    page, box = document_page(opts.paper, "portrait", 12.0, title, tr(doc.title, lang))
    y = box.y
    s = doc.size
    for c in doc.counters:
        if c.about is None:
            continue
        gids = [g.id for g in doc.groups] if c.groups == "all" else (list(c.groups) if c.groups else [None])
        spec = Spec(c, gids[0], s * c.width, s, c.shape or doc.shape)
        faces = [(c, "front")] + ([(c.back, "back")] if c.back is not None else [])
        art_w = sum(spec.w for _ in faces) + 3 * (len(faces) - 1)
        row_h = s + 4
        if y + row_h > box.bottom:
            pages.append(page)
            page, box = document_page(opts.paper, "portrait", 12.0, title, tr(doc.title, lang))
            y = box.y
        x = box.x
        for face, side in faces:
            art = draw_face(doc, spec, face, 0.0, lang, 1, side, layout, opts.ink_saver)
            page.content.add(Group(children=[art], transform=translate(x, y), clip=Rect(0, 0, spec.w, spec.h),
                                   id=f"key-{c.id}-{side}"))
            x += spec.w + 3
        tx = box.x + max(art_w, 2 * s + 3) + 5
        name = tr(c.label, lang) or tr(c.top, lang) or c.id
        count = (each_word.format(n=c.count, g=len(gids)) if gids[0] is not None and len(gids) > 1
                 else f"{c.count}×")
        page.content.add(Text(tx, y + 3.6, f"{name}  ·  {count}", size=9, weight="bold"))
        back_text = ""
        if c.back is not None:
            back_text = tr(c.back.top, lang) or (tr(c.back.label, lang) if tr(c.back.label, lang) != tr(c.label, lang)
                                                 else "")
        about = tr(c.about, lang) + (f" ({back_word}: {back_text})" if back_text else "")
        page.content.add(Text(tx, y + 5.2, about, size=8.5, box=(box.right - tx, s - 4.5), shrink=True,
                              min_size=6.0))
        y += row_h
    pages.append(page)
    return pages


def counted(doc: CounterSheet) -> tuple[int, int]:
    """(counters printed, sides printed): each type's count times its groups, counted without
    making a single counter."""
    n = sides = 0
    for c in doc.counters:
        runs = len(doc.groups) if c.groups == "all" else len(c.groups) if isinstance(c.groups, list) else 1
        n += c.count * runs
        sides += c.count * runs * (2 if c.back is not None else 1)
    return n, sides


def check_faces(doc: CounterSheet, game: Game | None, lang: str, size: float, layout: Compiled | None = None) -> None:
    """Stamp every different face once before any page is drawn, so a label too long for its
    counter is a data error at the counter's line, not a failure half-way through the PDF.
    Faces that differ only in colour are stamped once."""
    from pnp.layout.compile import CardError
    from pnp.layout.documents import source
    from pnp.load.errors import DataErrors, Problem
    from pnp.load.loader import display_path, locate

    problems: list[Problem] = []
    seen: set[tuple] = set()
    for i, c in enumerate(doc.counters):
        gids = [g.id for g in doc.groups] if c.groups == "all" else (list(c.groups) if c.groups else [None])
        for gid in gids:
            spec = Spec(c, gid, size * c.width, size, c.shape or doc.shape)
            for face, side in [(c, "front")] + ([(c.back, "back")] if c.back is not None else []):
                values = face_values(doc, spec, face, lang)
                key = (spec.w, spec.h, spec.shape, *(v for k, v in sorted(values.items()) if k not in ("colour", "ink")))
                if key in seen:
                    continue
                seen.add(key)
                try:
                    draw_face(doc, spec, face, 0.0, lang, side=side, layout=layout)
                except CardError as exc:
                    src = source(game, doc) if game is not None else None
                    file, (line, col) = (display_path(src[0]), locate(src[1], ("counters", i))) if src else ("counters", (0, 0))
                    problems.append(Problem(file, line, col, f"counter {c.id!r}"
                                            + (f" ({gid})" if gid else "") + (" back" if side == "back" else "")
                                            + f": {exc}"))
                    break
            else:
                continue
            break  # one problem a counter
    if problems:
        raise DataErrors(problems)


def counter_assets(doc: CounterSheet, game: Game | None, opts: BuildOptions, stem: str) -> Iterator[Asset]:
    size = _size(doc, opts)
    title = tr(doc.title, opts.lang)
    name = doc.name or stem
    layout = sheet_layout(doc, game)
    face = layout or _shipped_face("square")
    n, sides = counted(doc)
    shapes = sides * face.elements
    opts.limits.check_shapes(shapes, f"{name}: {n:,} counters")  # before a single one is made
    check_faces(doc, game, opts.lang, size, layout)
    safe = face.layout.safe  # what text keeps clear of the cut
    specs = counter_specs(doc, size)
    backed = sum(1 for sp in specs if sp.counter.back is not None)
    if 0 < backed < len(specs) and opts.duplex != "none":  # single- and double-sided: a file for each
        faces = counter_faces(doc, opts.lang, size, layout, opts.ink_saver)
        yield Asset(name, title, lambda: counter_pages(doc, opts, size, layout, "single"), min_text_pt=MIN_PT,
                    safe=safe, description=f"{n - backed} one-sided counters, {size:g} mm",
                    faces=[(it, c) for it, c in faces if it.back is None], stock="card", shapes=shapes)
        yield Asset(f"{name}-duplex", f"{title} ({ENGINE(opts.lang, 'guide.double_file')})",
                    lambda: counter_pages(doc, opts, size, layout, "double"), min_text_pt=MIN_PT, safe=safe,
                    description=f"{backed} double-sided counters, {size:g} mm",
                    faces=[(it, c) for it, c in faces if it.back is not None], stock="card")
    else:
        yield Asset(name, title, lambda: counter_pages(doc, opts, size, layout), min_text_pt=MIN_PT, safe=safe,
                    description=f"{n} counters, {size:g} mm", faces=counter_faces(doc, opts.lang, size, layout, opts.ink_saver),
                    stock="card", shapes=shapes)
    if any(c.about is not None for c in doc.counters):
        yield Asset(f"{name}-key", f"{title} – {KEY_WORDS[opts.lang][0]}",
                    lambda: key_pages(doc, opts, layout), description="what each counter means", min_text_pt=MIN_PT)
