"""The renderer interface and the one scene walker that feeds it.

A backend implements a handful of drawing calls; :func:`walk` visits the
scene in drawing order and does everything the backends would otherwise
repeat: group opacity multiplied into children, empty paint skipped, hatch
fills split into fill, hatch lines and outline, text laid out once with the
shared font metrics. A backend sees only what to draw, never the tree.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Callable, Protocol, Sequence, runtime_checkable

from pnp.scene.primitives import Ellipse, Group, Image, Node, Page, Path, Polygon, Rect, Shape, Text
from pnp.scene.style import Color, Style
from pnp.scene.text import Line, set_lines
from pnp.render.shapes import outline

if TYPE_CHECKING:  # pragma: no cover
    from pnp.render.hatch import Segment

SHAPES = (Rect, Path, Ellipse, Polygon)
_drawn = [0]  # nodes walked by this process, ever: walk() returns the difference a page made
POINTS_PER_SHAPE = 16  # a path or polygon counts one shape more for every so many of its points
Lines = Callable[[Text], list[Line]]  # a text's lines, as the walker asks for them


@runtime_checkable
class Renderer(Protocol):
    """What a backend implements; :func:`walk` calls it. Coordinates are scene millimetres (y down).

    Required: ``begin_page``, ``end_page``, ``begin_group``, ``end_group``, ``shape`` and
    ``text``. Optional: ``segments`` and ``image`` -- a backend that subclasses Renderer
    and leaves them out gets the defaults below, drawn through its own ``shape``.
    ``examples/extending/null_renderer.py`` is the smallest backend, and a test runs it.
    """

    def begin_page(self, page: Page) -> None:
        raise NotImplementedError

    def end_page(self, page: Page) -> None:
        raise NotImplementedError

    def begin_group(self, group: Group) -> None:
        """Enter ``group``: apply its transform, then clip to its clip shape
        (given in the group's own coordinates); every group is announced, so
        a backend that keeps ids (SVG) can, and others skip plain groups."""
        raise NotImplementedError

    def end_group(self, group: Group) -> None:
        raise NotImplementedError

    def shape(self, node: Shape, style: Style, alpha: float) -> None:
        """Fill and/or stroke a Rect, Ellipse, Polygon or Path (even-odd fill).

        ``style`` holds something to paint; ``alpha`` is the inherited group
        opacity, to be multiplied by ``style.opacity``.
        """
        raise NotImplementedError

    def text(self, t: Text, lines: list[Line], alpha: float) -> None:
        """Draw the laid-out, non-empty lines of ``t`` in its font and fill."""
        raise NotImplementedError

    def segments(self, segs: Sequence[Segment], color: Color, width: float, alpha: float) -> None:
        """Stroke straight segments (x1, y1, x2, y2), e.g. hatch lines. Default: one stroked
        two-point path per segment, through :meth:`shape`."""
        st = Style(stroke=color, stroke_width=width)
        for x1, y1, x2, y2 in segs:
            self.shape(Path(style=st).move(x1, y1).line(x2, y2), st, alpha)

    def image(self, im: Image, alpha: float) -> None:
        """Draw a picture into its box. Default: the box filled light grey through :meth:`shape`,
        so a backend without pictures still shows where one goes."""
        st = Style(fill=PLACEHOLDER)
        self.shape(Rect(im.x, im.y, im.w, im.h, st), st, alpha)


REQUIRED = ("begin_page", "end_page", "begin_group", "end_group", "shape", "text")
OPTIONAL = ("segments", "image")
PLACEHOLDER = Color(217, 217, 217)  # light grey


class Tee(Renderer):
    """Two renderers fed by one walk: a backend and an observer that measures what it draws."""

    def __init__(self, first: Renderer, second: Renderer):
        self.a, self.b = first, second

    def begin_page(self, page: Page) -> None:
        self.a.begin_page(page)
        self.b.begin_page(page)

    def end_page(self, page: Page) -> None:
        self.a.end_page(page)
        self.b.end_page(page)

    def begin_group(self, group: Group) -> None:
        self.a.begin_group(group)
        self.b.begin_group(group)

    def end_group(self, group: Group) -> None:
        self.a.end_group(group)
        self.b.end_group(group)

    def shape(self, node: Shape, style: Style, alpha: float) -> None:
        self.a.shape(node, style, alpha)
        self.b.shape(node, style, alpha)

    def segments(self, segs: Sequence[Segment], color: Color, width: float, alpha: float) -> None:
        self.a.segments(segs, color, width, alpha)
        self.b.segments(segs, color, width, alpha)

    def text(self, t: Text, lines: list[Line], alpha: float) -> None:
        self.a.text(t, lines, alpha)
        self.b.text(t, lines, alpha)

    def image(self, im: Image, alpha: float) -> None:
        self.a.image(im, alpha)
        self.b.image(im, alpha)


def _paints(st: Style) -> bool:
    return st.fill is not None or (st.stroke is not None and st.stroke_width > 0) or st.hatch is not None


def _shown(t: Text) -> bool:
    """A text with paint and characters: the walker lays it out and draws it."""
    return t.fill is not None and bool(t.text)


def text_lines(t: Text) -> list[Line]:
    """The lines of ``t`` a backend draws: its layout without empty lines."""
    return [ln for ln in set_lines(t) if ln.text]


def walk_node(r: Renderer, n: Node, alpha: float = 1.0, lines: Lines = text_lines) -> None:
    """Draw ``n`` with ``r``; ``lines(text)`` gives each text's lines."""
    # The hot path: `t is Group` tells mypy nothing about n, and a cast or an isinstance would cost
    # a call per node, so each branch names its node's type in a plain assignment mypy is told to trust.
    _drawn[0] += 1
    t = type(n)
    if t is Group:
        g: Group = n  # type: ignore[assignment]  # t is Group
        r.begin_group(g)
        a = alpha * g.opacity
        for child in g.children:
            walk_node(r, child, a, lines)
        r.end_group(g)
    elif t in SHAPES:
        s: Shape = n  # type: ignore[assignment]  # t is one of SHAPES
        if t is Path or t is Polygon:  # a long outline costs what many short ones do
            _drawn[0] += len(s.ops if t is Path else s.points) // POINTS_PER_SHAPE  # type: ignore[union-attr]
        st = s.style
        if not _paints(st):
            return
        hatch = st.hatch
        if hatch is None:
            r.shape(s, st, alpha)
            return
        # fill, then the shared hatch segments, then the outline on top
        if st.fill is not None:
            r.shape(s, replace(st, stroke=None, hatch=None), alpha)
        from pnp.render.hatch import hatch_segments  # here: few pages hatch anything

        segs = hatch_segments(outline(s), hatch)
        if segs:
            r.segments(segs, hatch.color, hatch.width, alpha * st.opacity)
        if st.stroke is not None and st.stroke_width > 0:
            r.shape(s, replace(st, fill=None, hatch=None), alpha)
    elif t is Text:
        txt: Text = n  # type: ignore[assignment]  # t is Text
        if not _shown(txt):
            return
        drawn = lines(txt)
        if drawn:
            r.text(txt, drawn, alpha)
    elif t is Image:
        im: Image = n  # type: ignore[assignment]  # t is Image
        r.image(im, alpha)
    else:
        raise TypeError(f"cannot draw {t.__name__}")


def lay_out(page: Page) -> tuple[list[Line], ...]:
    """The lines of every text :func:`walk` draws on ``page``, in drawing order. The process that
    makes a page for a drawer process (:mod:`pnp.output.drawer`) sends them along as
    ``page.laid_out``, and the drawer only draws."""
    out = []

    def visit(n: Node) -> None:  # type(n) once a node, as in walk_node
        t = type(n)
        if t is Group:
            g: Group = n  # type: ignore[assignment]  # t is Group
            for child in g.children:
                visit(child)
        elif t is Text:
            txt: Text = n  # type: ignore[assignment]  # t is Text
            if _shown(txt):
                out.append(text_lines(txt))

    visit(page.content)
    return tuple(out)


def walk(r: Renderer, page: Page) -> int:
    """Draw one page with ``r``, with the lines of ``page.laid_out`` when it has them; returns
    the nodes (groups, shapes, texts, images) it drew, which a build holds to its budget."""
    before = _drawn[0]
    r.begin_page(page)
    if page.laid_out is None:
        walk_node(r, page.content, 1.0)
    else:
        given = iter(page.laid_out)

        def next_lines(t: Text) -> list[Line]:
            lines = next(given, None)
            if lines is None:
                raise ValueError(f"page {page.label!r}: more texts than lines laid out")
            return lines

        walk_node(r, page.content, 1.0, next_lines)
        if next(given, None) is not None:
            raise ValueError(f"page {page.label!r}: fewer texts than lines laid out")
    r.end_page(page)
    return _drawn[0] - before
