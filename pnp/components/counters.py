"""Counter sheets (kind: counters): square or round tokens in group colours.

A counter face has up to four things, placed so they stay readable at 15 mm:
a small top line (a state or countdown, or the group's short name), an icon
row in the middle (one icon per cell of a double-width counter), an optional
big number on the right (a strength), and the label along the bottom. Font
sizes scale with the counter size. Counters with a ``back`` are printed on
their own duplex pages; single-sided ones never get blank back pages.
"""
from __future__ import annotations

import math

from dataclasses import dataclass
from typing import Iterable, Iterator

from ..assets import Asset, BuildOptions
from ..data.schema import tr
from ..scene import Circle, Group, Page, Rect, Text, color, style
from ..schemas.counters import CounterSheet, CounterType, Face

MIN_PT = 5.0  # counters are read up close: 5 pt is the floor on them (6 pt elsewhere)
BASE = 15.0  # mm: the size the font sizes below are tuned for


@dataclass(frozen=True)
class Spec:
    """One counter to print: its type, its group (or None) and resolved sizes."""

    counter: CounterType
    group_id: str | None
    w: float
    h: float
    shape: str
    corner: float

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
            spec = Spec(c, gid, s * c.width, s, c.shape or doc.shape, doc.corner * s / BASE)
            out.extend([spec] * c.count)
    return out


def _ink(doc: CounterSheet, spec: Spec, face: Face):
    if face.anonymous:  # nothing of the owner shows
        return color(face.colour or doc.colour), color(face.text or doc.text)
    g = doc.group(spec.group_id) if spec.group_id else None
    bg = face.colour or spec.counter.colour or (g.colour if g else doc.colour)
    fg = face.text or spec.counter.text or (g.text if g else doc.text)
    return color(bg), color(fg)


def draw_face(doc: CounterSheet, spec: Spec, face: Face, bleed: float, lang: str, copy: int = 1,
              side: str = "front") -> Group:
    """One side of a counter in its own coordinates (trim = 0, 0, w, h).

    The group id ``counter-<type>[-<group>]-<copy>[-back]`` is unique on a sheet,
    so SVG ids stay valid and tests can count counters."""
    from .symbols import draw_symbol

    w, h, k = spec.w, spec.h, spec.h / BASE
    bg, fg = _ink(doc, spec, face)
    g = Group(id=f"counter-{spec.label}-{copy}" + ("-back" if side == "back" else ""))
    g.add(Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, style(fill=bg)))
    inset = 0.7 * k
    if spec.shape == "round":
        g.add(Circle(w / 2, h / 2, h / 2 - 0.15, style(stroke=fg, width=0.3)))
    else:
        g.add(Rect(inset, inset, w - 2 * inset, h - 2 * inset, style(stroke=fg, width=0.2 * k),
                   radius=spec.corner))
    # on round counters keep text inside the circle: as wide as the circle is at the text's line
    def side_at(y_mid: float) -> float:
        if spec.shape != "round":
            return 1.1 * k
        r = h / 2 - 0.6
        half = math.sqrt(max(0.0, r * r - (y_mid - h / 2) ** 2))
        return max(1.1 * k, w / 2 - half)

    side = side_at(1.2 * k + 1.6 * k)

    top = tr(face.top, lang)
    grp = doc.group(spec.group_id) if spec.group_id else None
    if not top and spec.counter.show_group and not face.anonymous and grp is not None and grp.short is not None:
        top = tr(grp.short, lang)
    if top:
        g.add(Text(side, 1.2 * k, top, size=max(MIN_PT, 4.6 * k), box=(w - 2 * side, max(2.6 * k, 2.2)),
                   anchor="middle", valign="middle", wrap=False, shrink=True, min_size=MIN_PT, fill=fg))
    label = tr(face.label, lang)
    if label:
        lside = side_at(h - 4.3 * k + 1.1 * k)  # where the letters are widest: the x-height band
        g.add(Text(lside, h - 4.3 * k, label, size=max(MIN_PT, 5.4 * k), weight="bold",
                   box=(w - 2 * lside, max(3.2 * k, 2.2)), anchor="middle", valign="middle", wrap=False, shrink=True,
                   min_size=MIN_PT, fill=fg))

    # middle band: icons and/or the big number
    band_y, band_h = (4.0 * k, h - 8.4 * k) if (top or label) else (1.5 * k, h - 3 * k)
    icons = [] if face.icon is None else ([face.icon] if isinstance(face.icon, str) else list(face.icon))
    number = None if face.number is None else str(face.number)
    cells = spec.counter.width
    cell_w = w / cells
    if number is not None and icons:
        # icon left, number right, within each counter cell the icon sits centred
        num_w = 0.42 * w / cells * cells if cells == 1 else 0.3 * w
        icon_area = w - num_w
        _icons(g, icons, 0.0, band_y, icon_area, band_h, fg, draw_symbol, doc)
        g.add(Text(icon_area - 0.6 * k, band_y, number, size=15 * k, weight="bold", box=(num_w, band_h),
                   anchor="middle", valign="middle", wrap=False, shrink=True, min_size=MIN_PT, fill=fg))
    elif number is not None:
        g.add(Text(0, band_y, number, size=17 * k, weight="bold", box=(w, band_h), anchor="middle",
                   valign="middle", wrap=False, shrink=True, min_size=MIN_PT, fill=fg))
    elif icons:
        _icons(g, icons, 0.0, band_y, w, band_h, fg, draw_symbol, doc)
    if cells == 2:  # a faint divider shows the pair is two units joined
        from ..scene import Path

        g.add(Path(style=style(stroke=fg, width=0.25 * k, dash=(0.8 * k, 0.8 * k)))
              .move(cell_w, band_y).line(cell_w, band_y + band_h))
    return g


def _icons(g: Group, icons: list[str], x: float, y: float, w: float, h: float, ink, draw_symbol, doc) -> None:
    n = len(icons)
    size = min(h, w / n)
    step = w / n
    for i, iid in enumerate(icons):
        cx = x + step * (i + 0.5)
        g.add(draw_symbol(doc.icon(iid), cx - size / 2, y + (h - size) / 2, size, ink))


def counter_items(doc: CounterSheet, lang: str = "de", size: float | None = None):
    """Items for imposition, one per printed counter."""
    from ..imposition.items import Item

    items = []
    copies: dict[str, int] = {}
    for spec in counter_specs(doc, size):
        c = spec.counter
        n = copies[spec.label] = copies.get(spec.label, 0) + 1
        front = (lambda b, s=spec, n=n: draw_face(doc, s, s.counter, b, lang, n))
        back = None if c.back is None else (lambda b, s=spec, n=n: draw_face(doc, s, s.counter.back, b, lang, n,
                                                                               "back"))
        items.append(Item(spec.w, spec.h, front, back, spec.label))
    return items


def counter_pages(doc: CounterSheet, opts: BuildOptions, size: float | None = None) -> Iterator[Page]:
    """Pages of the sheet: runs of same-size counters, single-sided runs first,
    each imposed on its own so double-sided counters get back pages and
    single-sided ones do not."""
    from ..imposition.grid import impose
    from ..imposition.items import sheet_from_options
    from ..imposition.packing import pack

    sheet = sheet_from_options(opts, gutter=max(opts.gutter, 0.0))
    runs: dict[tuple[float, float, bool], list] = {}
    for it in counter_items(doc, opts.lang, size):
        runs.setdefault((round(it.w, 3), round(it.h, 3), it.back is not None), []).append(it)
    single = [k for k in runs if not k[2]]
    double = [k for k in runs if k[2]]
    for key in single:
        yield from impose(runs[key], sheet)
    if len(double) == 1:
        yield from impose(runs[double[0]], sheet)
    elif double:
        # few two-sided counters of several sizes: share sheets instead of half-empty grids
        yield from pack([it for key in double for it in runs[key]], sheet)


def _size(doc: CounterSheet, opts: BuildOptions) -> float:
    """Counter size: ``--set counter_size=18`` (opts.extra) overrides the data."""
    from ..options import number

    return number(opts, "counter_size", doc.size, 8, 60)


def counter_faces(doc: CounterSheet, lang: str, size: float) -> list[tuple]:
    """Distinct single-width counters with their copy counts (previews, Tabletop
    Simulator). Double-width pairs are left out: a face list holds one size."""
    from ..imposition.items import Item

    out: list[tuple] = []
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
        front = (lambda b, s=spec: draw_face(doc, s, s.counter, b, lang))
        back = None if c.back is None else (lambda b, s=spec: draw_face(doc, s, s.counter.back, b, lang, 1, "back"))
        seen[key] = len(out)
        out.append((Item(spec.w, spec.h, front, back, spec.label), 1))
    return out


KEY_WORDS = {"de": ("Legende", "Rückseite", "je {n} · {g} Farben"), "en": ("Key", "back", "{n} each · {g} colours")}


def key_pages(doc: CounterSheet, opts: BuildOptions) -> list[Page]:
    """A key to the sheet: each counter type that has ``about``, drawn at its
    real size (front and back), with its count and meaning."""
    from ..imposition.layout import document_page
    from ..scene import translate

    lang = opts.lang
    key_word, back_word, each_word = KEY_WORDS.get(lang, KEY_WORDS["en"])
    title = f"{tr(doc.title, lang)} – {key_word}"
    pages: list[Page] = []
    page, box = document_page(opts.paper, "portrait", 12.0, title, tr(doc.title, lang))
    y = box.y
    s = doc.size
    for c in doc.counters:
        if c.about is None:
            continue
        gids = [g.id for g in doc.groups] if c.groups == "all" else (list(c.groups) if c.groups else [None])
        spec = Spec(c, gids[0], s * c.width, s, c.shape or doc.shape, doc.corner)
        faces = [(c, "front")] + ([(c.back, "back")] if c.back is not None else [])
        art_w = sum(spec.w for _ in faces) + 3 * (len(faces) - 1)
        row_h = s + 4
        if y + row_h > box.bottom:
            pages.append(page)
            page, box = document_page(opts.paper, "portrait", 12.0, title, tr(doc.title, lang))
            y = box.y
        x = box.x
        for face, side in faces:
            art = draw_face(doc, spec, face, 0.0, lang, 1, side)
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


def counter_assets(doc: CounterSheet, game, opts: BuildOptions, stem: str) -> Iterable[Asset]:
    size = _size(doc, opts)
    title = tr(doc.title, opts.lang)
    n = len(counter_specs(doc, size))
    name = doc.name or stem
    yield Asset(name, title, lambda: counter_pages(doc, opts, size), min_text_pt=MIN_PT,
                description=f"{n} counters, {size:g} mm", faces=counter_faces(doc, opts.lang, size))
    if any(c.about is not None for c in doc.counters):
        yield Asset(f"{name}-key", f"{title} – {KEY_WORDS.get(opts.lang, KEY_WORDS['en'])[0]}",
                    lambda: key_pages(doc, opts), description="what each counter means", min_text_pt=MIN_PT)
