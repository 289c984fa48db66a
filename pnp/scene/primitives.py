"""The scene: a tree of drawing primitives in millimetres.

Coordinates: origin at the top-left of the page, x to the right, y downwards
(as in SVG). Every length is in millimetres except font sizes, which are in
typographic points because that is how people talk about type.

Components build these objects; backends only read them. Nothing here imports
a drawing library.
"""
from __future__ import annotations

import math
from dataclasses import field
from typing import TYPE_CHECKING, Union

from pnp.load.classes import dataclass
from pnp.scene.style import Color, Style

if TYPE_CHECKING:
    from pnp.scene.fonts import FamilyRef

# ---------------------------------------------------------------- transforms


@dataclass(frozen=True)
class Transform:
    """An affine matrix (a b c d e f) mapping (x, y) to (a x + c y + e, b x + d y + f)."""

    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    e: float = 0.0
    f: float = 0.0

    def __matmul__(self, o: "Transform") -> "Transform":
        """self @ o applies o first, then self."""
        return Transform(
            self.a * o.a + self.c * o.b,
            self.b * o.a + self.d * o.b,
            self.a * o.c + self.c * o.d,
            self.b * o.c + self.d * o.d,
            self.a * o.e + self.c * o.f + self.e,
            self.b * o.e + self.d * o.f + self.f,
        )

    def apply(self, x: float, y: float) -> tuple[float, float]:
        return (self.a * x + self.c * y + self.e, self.b * x + self.d * y + self.f)

    def inverse(self) -> "Transform":
        """The transform that undoes this one (ValueError when it flattens the plane)."""
        det = self.a * self.d - self.b * self.c
        if det == 0:
            raise ValueError("a transform that flattens the plane has no inverse")
        a, b, c, d = self.d / det, -self.b / det, -self.c / det, self.a / det
        return Transform(a, b, c, d, -(a * self.e + c * self.f), -(b * self.e + d * self.f))

    @property
    def is_identity(self) -> bool:
        return self == IDENTITY

    def __reduce__(self) -> str | tuple[type[Transform], tuple[float, ...]]:
        # the identity unpickles as the module's own IDENTITY, so `is IDENTITY` stays a fast test
        return "IDENTITY" if self == IDENTITY else (Transform, (self.a, self.b, self.c, self.d, self.e, self.f))


IDENTITY = Transform()


def translate(dx: float, dy: float) -> Transform:
    return Transform(e=dx, f=dy)


def scale(sx: float, sy: float | None = None) -> Transform:
    return Transform(a=sx, d=sx if sy is None else sy)


def rotate(degrees: float, cx: float = 0.0, cy: float = 0.0) -> Transform:
    """Rotate clockwise on the page (y points down) about (cx, cy)."""
    r = math.radians(degrees)
    cos, sin = math.cos(r), math.sin(r)
    if abs(cos) < 1e-12:
        cos = 0.0
    if abs(sin) < 1e-12:
        sin = 0.0
    rot = Transform(cos, sin, -sin, cos)
    return translate(cx, cy) @ rot @ translate(-cx, -cy)


def mirror_x(axis_x: float = 0.0) -> Transform:
    """Mirror left-right about the vertical line x = axis_x."""
    return Transform(a=-1, e=2 * axis_x)


def mirror_y(axis_y: float = 0.0) -> Transform:
    """Mirror top-bottom about the horizontal line y = axis_y."""
    return Transform(d=-1, f=2 * axis_y)


# ---------------------------------------------------------------- primitives


@dataclass
class Path:
    """A path of commands: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y),
    ("Q", x1, y1, x, y), ("A", cx, cy, rx, ry, start_deg, sweep_deg), ("Z",).

    Arcs are given in centre form (angles clockwise on the page, 0 = +x); a
    path that starts with an arc begins at the arc's start point.
    Backends call :func:`pnp.scene.geometry.normalise` to get only M/L/C/Z.
    """

    ops: list[tuple] = field(default_factory=list)
    style: Style = field(default_factory=Style)

    # small builder API so components read naturally
    def move(self, x: float, y: float) -> "Path":
        self.ops.append(("M", x, y))
        return self

    def line(self, x: float, y: float) -> "Path":
        self.ops.append(("L", x, y))
        return self

    def cubic(self, x1: float, y1: float, x2: float, y2: float, x: float, y: float) -> "Path":
        self.ops.append(("C", x1, y1, x2, y2, x, y))
        return self

    def quad(self, x1: float, y1: float, x: float, y: float) -> "Path":
        self.ops.append(("Q", x1, y1, x, y))
        return self

    def arc(self, cx: float, cy: float, rx: float, ry: float, start_deg: float, sweep_deg: float) -> "Path":
        self.ops.append(("A", cx, cy, rx, ry, start_deg, sweep_deg))
        return self

    def close(self) -> "Path":
        self.ops.append(("Z",))
        return self


@dataclass
class Rect:
    x: float
    y: float
    w: float
    h: float
    style: Style = field(default_factory=Style)
    radius: float = 0.0


@dataclass
class Ellipse:
    cx: float
    cy: float
    rx: float
    ry: float
    style: Style = field(default_factory=Style)


def Circle(cx: float, cy: float, r: float, style: Style | None = None) -> Ellipse:  # noqa: N802
    return Ellipse(cx, cy, r, r, style or Style())


@dataclass
class Polygon:
    points: list[tuple[float, float]]
    style: Style = field(default_factory=Style)
    closed: bool = True


@dataclass
class Text:
    """Text placed at (x, y).

    Without ``box``: (x, y) is the baseline point, ``anchor`` is start/middle/end.
    With ``box`` (w, h): (x, y) is the box's top-left; lines are wrapped to the
    box width when ``wrap``; when ``shrink`` the size is reduced (down to
    ``min_size``) until the text fits the box. ``anchor`` aligns lines within
    the box and ``valign`` (top/middle/bottom) places the block.
    """

    x: float
    y: float
    text: str
    size: float = 10.0  # points
    font: "FamilyRef" = "sans"  # a bundled family's key or a Family
    weight: str = "regular"  # regular | bold
    anchor: str = "start"  # start | middle | end
    fill: Color | None = Color(0, 0, 0)
    box: tuple[float, float] | None = None
    wrap: bool = True
    shrink: bool = False
    min_size: float = 6.0  # text read in play is never smaller; counters and tiles may allow 5
    line_height: float = 1.2  # multiple of the size
    valign: str = "top"  # top | middle | bottom
    opacity: float = 1.0
    source: str = ""  # file:line of the data this text comes from, for messages


@dataclass
class Image:
    """A raster image (PNG/JPEG bytes or a file path) stretched into the box."""

    x: float
    y: float
    w: float
    h: float
    source: "bytes | str"


@dataclass
class Group:
    children: list["Node"] = field(default_factory=list)
    transform: Transform = IDENTITY
    clip: "Path | Rect | Ellipse | Polygon | None" = None
    opacity: float = 1.0
    id: str | None = None  # kept as an id/label in SVG; lets tests find things

    def add(self, *nodes: "Node") -> "Group":
        self.children.extend(nodes)
        return self


Node = Union[Path, Rect, Ellipse, Polygon, Text, Image, Group]
Shape = Union[Path, Rect, Ellipse, Polygon]  # what is filled and stroked with a Style


# ---------------------------------------------------------------- pages


@dataclass(frozen=True)
class Box:
    """An axis-aligned box in page millimetres (top-left origin)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def grow(self, d: float) -> "Box":
        return Box(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)


@dataclass
class Page:
    """One sheet (or one stand-alone item) to render.

    ``trim`` is where the paper is cut (PDF TrimBox); ``bleed`` is how far the
    artwork runs past it (PDF BleedBox). Both default to the whole page.
    ``cuts`` lists the trim of every item imposed on a sheet, for checks
    (bleed, safe area) that need each card rather than the whole sheet.
    ``laid_out``: the lines of its texts, when the process that made the page laid
    them out for another that draws it (:func:`pnp.render.base.lay_out`).
    ``side``: ``front`` for a page whose back is the next page, ``back`` for that
    back, empty for a page printed on its own; a file is either all pages on
    their own or all pairs, so it prints safely double-sided
    (:func:`pnp.impose.duplex.paired`).
    """

    width: float
    height: float
    content: Group = field(default_factory=Group)
    trim: Box | None = None
    bleed: Box | None = None
    label: str = ""
    cuts: tuple[Box, ...] = ()
    laid_out: tuple | None = None
    side: str = ""  # "front": its back page follows; "back"; "": printed on its own (single-sided)

    @property
    def media(self) -> Box:
        return Box(0.0, 0.0, self.width, self.height)

    @property
    def trim_box(self) -> Box:
        return self.trim or self.media

    @property
    def bleed_box(self) -> Box:
        return self.bleed or self.trim or self.media
