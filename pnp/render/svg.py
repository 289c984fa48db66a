"""SVG backend: a :class:`~pnp.render.base.Renderer` writing one page per
SVG file through svgwrite.

The document is sized in millimetres with a viewBox in millimetres, so user
units are mm and shapes are written with the scene's numbers unchanged.
Text stays text (one <text> per laid-out line), so the file can be edited;
the glyphs it uses are embedded as a subset of the bundled font (a data URL
in an @font-face rule), so the page looks the same on a machine that does
not have the font. Group opacity is multiplied into each child, exactly as
the PDF backend does, so the formats agree where translucent children overlap.
"""
from __future__ import annotations

import base64
import os
import re
from typing import TYPE_CHECKING, Iterable, Sequence, Union, cast

import svgwrite

from pnp.scene import fonts
from pnp.scene.primitives import Ellipse, Group, Image, Page, Polygon, Rect, Shape, Text
from pnp.scene.style import Color, Style
from pnp.scene.text import Line
from pnp.render.base import Renderer, walk
from pnp.render.shapes import outline
from pnp.scene.units import MM_PER_PT

if TYPE_CHECKING:
    from pnp.render.hatch import Segment
    from svgwrite.base import BaseElement

    from pnp.load.budget import Tally
    from pnp.render import Job

FilePath = Union[str, "os.PathLike[str]"]


def _n(v: float) -> str:
    s = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _d(ops: Iterable[tuple]) -> str:
    out = []
    for op in ops:
        k = op[0]
        if k == "Z":
            out.append("Z")
        else:
            out.append(k + " ".join(_n(v) for v in op[1:]))
    return " ".join(out)


def _css_face(weight: str) -> tuple[bool, bool]:
    """(bold, italic) for a weight key of fonts.FAMILIES: "bold", "italic", "bold-italic"."""
    parts = weight.split("-")
    return "bold" in parts, "italic" in parts


class SvgRenderer(Renderer):
    def __init__(self) -> None:
        self.dwg: svgwrite.Drawing = None  # the page being drawn, from begin_page on

    # ids -------------------------------------------------------------
    def _id(self, prefix: str) -> str:
        self._ids += 1
        while f"{prefix}{self._ids}" in self._used:
            self._ids += 1
        self._used[f"{prefix}{self._ids}"] = 1  # a later scene group called "clip1" gets "clip1-2"
        return f"{prefix}{self._ids}"

    def _unique(self, wanted: str) -> str:
        """The scene id, or ``id-2``, ``id-3``... when a component reuses it (ids must be unique)."""
        n = self._used.get(wanted, 0) + 1
        self._used[wanted] = n
        if n == 1:
            return wanted
        cand = f"{wanted}-{n}"
        while cand in self._used:
            n += 1
            cand = f"{wanted}-{n}"
        self._used[wanted] = n
        self._used[cand] = 1
        return cand

    def _paint(self, el: "BaseElement", st: Style, alpha: float) -> None:
        a = alpha * st.opacity
        if st.fill is not None:
            el["fill"] = st.fill.hex
            el["fill-rule"] = "evenodd"
            if a < 1:
                el["fill-opacity"] = _n(a)
        else:
            el["fill"] = "none"
        if st.stroke is not None and st.stroke_width > 0:
            el["stroke"] = st.stroke.hex
            el["stroke-width"] = _n(st.stroke_width)
            if st.dash:
                el["stroke-dasharray"] = " ".join(_n(d) for d in st.dash)
            if st.join != "miter":
                el["stroke-linejoin"] = st.join
            if st.cap != "butt":
                el["stroke-linecap"] = st.cap
            if a < 1:
                el["stroke-opacity"] = _n(a)

    # Renderer ----------------------------------------------------------
    def begin_page(self, page: Page) -> None:
        self.dwg = svgwrite.Drawing(size=(f"{_n(page.width)}mm", f"{_n(page.height)}mm"),
                                    viewBox=f"0 0 {_n(page.width)} {_n(page.height)}", debug=False,
                                    profile="full")
        tb, bb = page.trim_box, page.bleed_box
        self.dwg.attribs["data-trim"] = " ".join(_n(v) for v in (tb.x, tb.y, tb.w, tb.h))
        self.dwg.attribs["data-bleed"] = " ".join(_n(v) for v in (bb.x, bb.y, bb.w, bb.h))
        if page.label:
            self.dwg.set_desc(title=page.label)
        self._ids = 0
        self._used: dict[str, int] = {}  # scene ids seen so far -> how often
        self._chars: dict[tuple[str, str], tuple[fonts.Face, set[str]]] = {}  # (css family, weight) -> glyphs
        self._css: dict[str, fonts.Family] = {}  # css family name -> the family it stands for
        self._stack = [self.dwg]
        self._pictures: dict[str, str] = {}  # picture digest -> the id of its <symbol> in this page

    def end_page(self, page: Page) -> None:
        css = []
        for (name, weight), (face, chars) in sorted(self._chars.items(), key=lambda kv: kv[0]):
            data = base64.b64encode(fonts.subset_face("".join(sorted(chars)), face)).decode("ascii")
            bold, italic = _css_face(weight)
            css.append(f"@font-face{{font-family:'{name}';"
                       f"font-style:{'italic' if italic else 'normal'};"
                       f"font-weight:{'bold' if bold else 'normal'};"
                       f"src:url(data:font/woff;base64,{data}) format('woff')}}")
        if css:
            self.dwg.defs.add(self.dwg.style("".join(css)))

    def begin_group(self, g: Group) -> None:
        el = self.dwg.g()
        if g.id:
            el["id"] = self._unique(g.id)
        tr = g.transform
        if not tr.is_identity:
            el["transform"] = "matrix(" + " ".join(_n(v) for v in (tr.a, tr.b, tr.c, tr.d, tr.e, tr.f)) + ")"
        if g.clip is not None:
            cid = self._id("clip")
            cp = self.dwg.defs.add(self.dwg.clipPath(id=cid))
            cp.add(self.dwg.path(d=_d(outline(g.clip)), **{"clip-rule": "evenodd"}))
            el["clip-path"] = f"url(#{cid})"
        self._stack.append(el)

    def end_group(self, g: Group) -> None:
        el = self._stack.pop()
        self._stack[-1].add(el)

    def shape(self, n: Shape, st: Style, alpha: float) -> None:
        if type(n) is Rect and n.radius <= 0:
            el = self.dwg.rect(insert=(_n(n.x), _n(n.y)), size=(_n(n.w), _n(n.h)))
        elif type(n) is Ellipse:
            el = self.dwg.ellipse(center=(_n(n.cx), _n(n.cy)), r=(_n(n.rx), _n(n.ry)))
        elif type(n) is Polygon:
            pts = [(_n(x), _n(y)) for x, y in n.points]
            el = self.dwg.polygon(pts) if n.closed else self.dwg.polyline(pts)
        else:  # paths, and rounded rects as the shared cubic outline so curves match the PDF
            ops = outline(n)
            if not ops:
                return
            el = self.dwg.path(d=_d(ops))
        self._paint(el, st, alpha)
        self._stack[-1].add(el)

    def segments(self, segs: Sequence[Segment], color: Color, width: float, alpha: float) -> None:
        d = " ".join(f"M{_n(x1)} {_n(y1)} L{_n(x2)} {_n(y2)}" for x1, y1, x2, y2 in segs)
        el = self.dwg.path(d=d, fill="none", stroke=color.hex)
        el["stroke-width"] = _n(width)
        if alpha < 1:
            el["stroke-opacity"] = _n(alpha)
        self._stack[-1].add(el)

    def _family(self, fam: "fonts.Family") -> str:
        """The CSS name of ``fam`` in this file: its own, numbered when another family has it."""
        name = base = fonts.css_name(fam)
        n = 1
        while self._css.setdefault(name, fam) != fam:
            n += 1
            name = f"{base} {n}"
        return name

    def _font_list(self, family: "fonts.FamilyRef", weight: str, text: str) -> str:
        """The font-family of a text: its family, then the fallbacks that draw some of its
        characters, each embedded with the characters it draws."""
        fam = fonts.family_of(family)
        if len(fonts.chain(fam, weight)) == 1:  # pnp's own: one face draws everything
            name = self._family(fam)
            self._chars.setdefault((name, weight), (fam.face(weight), set()))[1].update(text)
            return _css_ref(name)
        names: list[str] = []
        for face, part in fonts.runs(text, fam, weight) or [(fam.face(weight), "")]:
            owner = _owner(fam, face, weight)
            name = self._family(owner)
            self._chars.setdefault((name, weight), (face, set()))[1].update(part)
            if name not in names:
                names.append(name)
        own = self._family(fam)
        names = [own] + [n for n in names if n != own]
        if len(names) == 1:
            return _css_ref(names[0])
        return ", ".join(f"'{n}'" if " " in n else _css_ref(n) for n in names)

    def text(self, t: Text, lines: list[Line], alpha: float) -> None:
        a = alpha * t.opacity
        bold, italic = _css_face(t.weight)
        parent = self._stack[-1]
        fill = cast(Color, t.fill)  # the walker draws only texts with paint
        for ln in lines:
            el = self.dwg.text(ln.text, insert=(_n(ln.x), _n(ln.y)))
            el["font-family"] = self._font_list(t.font, t.weight, ln.text)
            el["font-size"] = _n(ln.size * MM_PER_PT)
            if bold:
                el["font-weight"] = "bold"
            if italic:
                el["font-style"] = "italic"
            if t.anchor != "start":
                el["text-anchor"] = t.anchor
            el["fill"] = fill.hex
            if a < 1:
                el["fill-opacity"] = _n(a)
            el["xml:space"] = "preserve"
            el["style"] = "font-kerning:none"  # the layout (and the PDF) use unkerned advances
            parent.add(el)

    def image(self, im: Image, alpha: float) -> None:
        """A picture once per page, as a ``<symbol>`` in the page's defs (a unit square the
        picture fills), and a ``<use>`` of it in each box that shows it."""
        from pnp.render.images import digest_of

        src = im.source
        data = bytes(src) if isinstance(src, (bytes, bytearray)) else open(os.fspath(src), "rb").read()
        key = digest_of(data)
        sid = self._pictures.get(key)
        if sid is None:
            sid = self._pictures[key] = self._unique(f"picture-{key[:12]}")
            symbol = self.dwg.symbol(id=sid, viewBox="0 0 1 1", preserveAspectRatio="none")
            pic = self.dwg.image(href=_data_uri(data), insert=(0, 0), size=(1, 1))
            pic["preserveAspectRatio"] = "none"
            symbol.add(pic)
            self.dwg.defs.add(symbol)
        el = self.dwg.use(f"#{sid}", insert=(_n(im.x), _n(im.y)), size=(_n(im.w), _n(im.h)))
        if alpha < 1:
            el["opacity"] = _n(alpha)
        self._stack[-1].add(el)


def _data_uri(data: bytes) -> str:
    """A picture as the data: URI an SVG file carries it in (an SVG with text gets its fonts)."""
    from pnp.render.images import is_svg

    if is_svg(data) and b"<text" in data:
        data = _with_fonts(data)
    mime = "image/svg+xml" if is_svg(data) else "image/jpeg" if data[:3] == b"\xff\xd8\xff" else "image/png"
    return f"data:{mime};base64," + base64.b64encode(data).decode("ascii")


# Words CSS reads as a generic family or a keyword when unquoted: a font declared as `serif` or
# `monospace` would draw in the viewer's own serif or monospace instead of the embedded face.
_CSS_KEYWORDS = frozenset({"serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "emoji", "math",
                           "fangsong", "ui-serif", "ui-sans-serif", "ui-monospace", "ui-rounded", "inherit",
                           "initial", "unset", "revert", "revert-layer", "default"})
_IDENT = re.compile(r"-?[^\W\d][\w-]*\Z")


def _css_ref(name: str) -> str:
    """``name`` as a font-family value naming that family: bare when CSS reads it as such
    (``DejaVu Sans``), quoted when a word would be a keyword or no identifier (``'serif'``,
    ``'8bit'``, ``'fonts.title'``)."""
    words = name.split(" ")
    if all(_IDENT.match(w) and w.lower() not in _CSS_KEYWORDS for w in words):
        return name
    return f"'{name}'"


_ROOT = re.compile(rb"<svg\b[^>]*>")


def _with_fonts(data: bytes) -> bytes:
    """An SVG picture with text, its text set in pnp's DejaVu Sans embedded in it (subsets of the
    faces it uses), as the PDF draws it: a viewer needs no font of its own."""
    from pnp.render.images import svg_strings

    used: dict[str, set[str]] = {}
    for text, face in svg_strings(data):
        used.setdefault(face, set()).update(text)
    css = []
    for weight, chars in sorted(used.items()):
        woff = base64.b64encode(fonts.subset("".join(sorted(chars)), "sans", weight)).decode("ascii")
        bold, italic = _css_face(weight)
        css.append(f"@font-face{{font-family:'DejaVu Sans';font-style:{'italic' if italic else 'normal'};"
                   f"font-weight:{'bold' if bold else 'normal'};src:url(data:font/woff;base64,{woff}) format('woff')}}")
    css.append("text,tspan,textPath{font-family:'DejaVu Sans'!important;font-kerning:none}")
    m = _ROOT.search(data)
    if m is None:
        return data
    style = ("<style>" + "".join(css) + "</style>").encode("ascii")
    return data[:m.end()] + style + data[m.end():]


def _owner(fam: "fonts.Family", face: "fonts.Face", weight: str) -> "fonts.Family":
    """The family among ``fam`` and its fallbacks (or pnp's own) whose face ``face`` is."""
    todo = [fam]
    while todo:
        f = todo.pop(0)
        if f.face(weight) == face:
            return f
        todo.extend(f.fallback)
    return fonts.bundled()


def svg_string(page: Page, tally: "Tally | None" = None) -> str:
    """The page as an SVG document string; a ``tally`` counts its shapes against the budget."""
    r = SvgRenderer()
    drawn = walk(r, page)
    if tally is not None:
        tally.add(drawn, f"page {page.label or ''}".strip())
    return '<?xml version="1.0" encoding="utf-8"?>\n' + r.dwg.tostring() + "\n"


def write_svg(page: Page, path: FilePath, tally: "Tally | None" = None) -> int:
    with open(os.fspath(path), "w", encoding="utf-8") as fh:
        fh.write(svg_string(page, tally))
    return 1


def write_files(job: "Job") -> list[tuple[str, int]]:
    """The ``svg`` format's writer (:mod:`pnp.render.formats`): one file per page."""
    pages = job.listed()
    return [(rel, write_svg(page, job.target(rel), job.counts("svg")))
            for rel, page in zip(job.names("svg", len(pages)), pages)]


def write_page(job: "Job", page: Page, n: int) -> str:
    """The ``svg`` format's page writer: page ``n`` into ``stem-pNN.svg`` as it passes (the
    job names a lone page ``stem.svg`` when all are made); returns the file's name."""
    rel = f"{job.stem}-p{n:02d}.svg"
    write_svg(page, job.target(rel), job.counts("svg"))
    return rel


def warm_up() -> None:
    """Make the font subsets most SVGs embed, once, before build workers are forked."""
    for weight in fonts.FAMILIES["sans"]:
        fonts.subset("", "sans", weight)
