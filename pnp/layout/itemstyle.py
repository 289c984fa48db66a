"""How the many small parts of one element look: a grid's cells, a network's nodes and
edges, a track's spaces.

Their properties (``fill: "{terrain[terrain]}"``, ``label: "{at}"``) are templates
filled once per part, from the part's own record (a row of ``terrain.csv``), the
fields the element names for each part (``at``, ``col``, ``row`` ...) and the
card's fields. They are parsed and their tables checked when the layout is
compiled; the names they read are checked when the records are first read,
since only then are the columns known.

A lookup of an empty value (a cell the spreadsheet does not list) in a table
without a ``default`` gives nothing -- no fill, no label -- rather than an error;
a value the table does not know is an error naming the record's row.

A property may also be a list of templates: the first that gives something is
used, so ``fill: ["{power[owner]}", "{land[type]}"]`` colours a home centre by
its owner and every other place by its type.

Hatching (``hatch: diagonal``) puts a line pattern over a fill, so regions differ
in a grey print and to colour-blind eyes, not by hue alone.
"""
from __future__ import annotations

from typing import Any, Iterable, Sequence

from pnp.layout.compile import CardError, colour_value
from pnp.layout.elements import Tables
from pnp.layout.expr import ExprError, Ref, Scope, Template, template
from pnp.scene import WHITE, Color, Ellipse, Group, Hatch, Polygon, Style, color
from pnp.scene.style import ColourError, contrast, mix

# pattern name -> hatch line angles (degrees clockwise from the x axis, as pnp's Hatch)
PATTERNS: dict[str, tuple[float, ...]] = {
    "none": (), "horizontal": (0.0,), "vertical": (90.0,), "diagonal": (-45.0,), "antidiagonal": (45.0,),
    "grid": (0.0, 90.0), "crosshatch": (45.0, -45.0), "steep": (-60.0,), "antisteep": (60.0,),
}
PATTERN_HELP = ("a hatch pattern over the fill: " + ", ".join(PATTERNS)
                + ", or an angle in degrees; a template such as '{pattern[terrain]}'")




class ItemScope(Scope):
    """A part's scope: like a card's, but an empty value with no table entry gives nothing."""

    def get(self, ref: Ref) -> Any:
        if ref.table is not None:
            value = self.values.get(ref.name)
            table = self.tables[ref.table]
            if (value is None or value == "") and "" not in table and "default" not in table:
                return None
        return super().get(ref)


class Templates:
    """The templated properties of one element, parsed once."""

    def __init__(self, props: dict[str, Any], tables: Tables, where: str, colours: Iterable[str] = ()) -> None:
        self.where = where
        self.parsed: dict[str, list[Template]] = {}
        for name, text in props.items():
            if text is None:
                continue
            choices = []
            for one in (text if isinstance(text, (list, tuple)) else [text]):
                try:
                    t = template(str(one))
                except ExprError as exc:
                    raise ExprError(f"{where}: '{name}': {exc}") from None
                for ref in t.refs:
                    if ref.table is not None and ref.table not in tables:
                        raise ExprError(f"{where}: '{name}': unknown table {ref.table!r}; the layout's tables are "
                                        f"{', '.join(tables) or 'none'}")
                if name in colours:
                    _check_colours(t, tables, f"{where}: '{name}'")
                choices.append(t)
            self.parsed[name] = choices

    def names(self) -> set[str]:
        return {r.name for ts in self.parsed.values() for t in ts for r in t.refs}

    def check(self, known: Iterable[str], what: str) -> None:
        """CardError naming the first property that reads a name no record, part or card has."""
        known = set(known)
        for prop, ts in self.parsed.items():
            for r in (r for t in ts for r in t.refs):
                if r.name not in known:
                    raise CardError(f"{self.where} '{prop}' reads {{{r.name}}}, which {what} do not have; "
                                    f"they have {', '.join(sorted(known)) or 'nothing'}")

    def has(self, name: str) -> bool:
        return name in self.parsed

    def value(self, name: str, scope: Scope) -> Any:
        """The property's value for one part: its first template that gives something."""
        v = None
        for t in self.parsed.get(name, ()):
            try:
                v = t.render(scope)
            except ExprError as exc:
                raise CardError(str(exc)) from None
            if v is not None and v != "":
                return v
        return v

    def text(self, name: str, scope: Scope) -> str:
        v = self.value(name, scope)
        if v is None:
            return ""
        return _plain(v, scope)

    def colour(self, name: str, scope: Scope) -> Color | None:
        return colour_value(self.value(name, scope))

    def number(self, name: str, scope: Scope, what: str) -> float | None:
        v = self.value(name, scope)
        if v is None or v == "":
            return None
        try:
            x = float(str(v).replace(",", "."))
        except ValueError:
            raise CardError(f"{self.where} '{name}': {what}: expected a number, got {v!r}") from None
        if x != x or x in (float("inf"), float("-inf")):
            raise CardError(f"{self.where} '{name}': {what}: expected a number, got {v!r}")
        return x


def _plain(v: Any, scope: Scope) -> str:
    v = scope.text(v)
    if v is None:
        return ""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def _check_colours(t: Template, tables: Tables, where: str) -> None:
    """A constant colour, and every entry of a table a lone lookup reaches, parse as colours."""
    try:
        if t.constant:
            color(str(t.parts[0]))
        elif len(t.parts) == 1 and t.refs[0].table is not None:
            for value in tables[t.refs[0].table].values():
                color(value if isinstance(value, str) else str(value))
    except ColourError as exc:
        raise ExprError(f"{where}: {exc}") from None


def hatch_angles(value: Any, what: str) -> tuple[float, ...]:
    """The line angles a ``hatch`` value asks for: a pattern name or a number of degrees."""
    if value is None or value == "":
        return ()
    key = str(value).strip().lower()
    if key in PATTERNS:
        return PATTERNS[key]
    try:
        angle = float(key)
    except ValueError:
        raise CardError(f"{what}: unknown hatch pattern {value!r}; use {', '.join(PATTERNS)} or an angle "
                        "in degrees") from None
    if not -360 <= angle <= 360:
        raise CardError(f"{what}: hatch angle {angle:g} is not between -360 and 360 degrees")
    return (angle,)


def hatches(angles: tuple[float, ...], fill: Color | None, ink: Color | None, spacing: float,
            width: float) -> list[Hatch]:
    """Hatch styles for the angles; without an ink, lines that stand out from the fill."""
    if not angles:
        return []
    if ink is None:
        ground = fill or WHITE
        ink = mix(contrast(ground), ground, 0.25)
    return [Hatch(a, spacing, width, ink) for a in angles]


def label_ink(given: Color | None, ground: Color | None) -> Color:
    """The colour of a label: as given, else near-black or white to read on its ground."""
    if given is not None:
        return given
    return contrast(ground or WHITE)


def fitted_size(text: str, size: float, least: float, weight: str, width: float, what: str) -> float:
    """The type size (``size`` or less, down to ``least``) at which ``text`` is at most ``width`` mm
    wide; a CardError naming ``what`` when it is not even at ``least``."""
    from pnp.scene import fonts

    missing = fonts.missing_glyph(text, "sans", weight)
    if missing is not None:
        raise CardError(f"{what}: the character {missing!r} (U+{ord(missing):04X}) is not in the bundled font")
    w = fonts.string_width(text, size, "sans", weight)
    if w <= width + 1e-6:
        return size
    smaller = max(least, size * width / w)
    w = fonts.string_width(text, smaller, "sans", weight)
    if w > width + 1e-6:
        raise CardError(f"{what}: {text[:30]!r} is {w - width:.1f} mm too wide for its {max(width, 0):.1f} mm "
                        f"at {least:g} pt")
    return smaller


def cap(size_pt: float, weight: str = "regular") -> float:
    """The height of a capital letter at ``size_pt``, in mm."""
    from pnp.scene import fonts

    return fonts.cap_height(size_pt, "sans", weight)


def centred_text(out: Group, text: str, x: float, base: float, size: float, weight: str, ink: Color,
                 clear: Color | None = None) -> tuple[float, float, float, float]:
    """``text`` centred on x with its baseline at ``base``; on a ``clear`` patch (hatch lines stop short
    of it) when one is given. Returns its box (x0, y0, x1, y1), descenders included."""
    from pnp.scene import Rect, Text, fonts, style

    w = fonts.string_width(text, size, "sans", weight)
    c = cap(size, weight)
    _, desc = fonts.ascent_descent(size, "sans", weight)
    if clear is not None:
        pad = 0.5
        out.add(Rect(x - w / 2 - pad, base - c - pad, w + 2 * pad, c + 2 * pad + 0.3, style(fill=clear), radius=0.4))
    out.add(Text(x, base, text, size=size, weight=weight, anchor="middle", fill=ink))
    return (x - w / 2, base - c, x + w / 2, base + desc)


SHAPES = ("circle", "ellipse", "square", "diamond", "hex", "none")


def outline(shape: str, cx: float, cy: float, w: float, h: float) -> list[tuple[float, float]]:
    """The outline of a ``shape`` w x h mm centred on (cx, cy), as points (curves as 72 of them)."""
    import math

    if shape in ("circle", "ellipse"):
        return [(cx + w / 2 * math.cos(t), cy + h / 2 * math.sin(t))
                for t in (2 * math.pi * i / 72 for i in range(72))]
    if shape == "square":
        return [(cx - w / 2, cy - h / 2), (cx + w / 2, cy - h / 2), (cx + w / 2, cy + h / 2), (cx - w / 2, cy + h / 2)]
    if shape == "diamond":
        return [(cx, cy - h / 2), (cx + w / 2, cy), (cx, cy + h / 2), (cx - w / 2, cy)]
    if shape == "hex":  # pointy: w across the flats
        r = h / 2
        return [(cx + w / 2 * math.cos(math.radians(a)) / math.cos(math.radians(30)), cy + r * math.sin(math.radians(a)))
                for a in (-90, -30, 30, 90, 150, 210)]
    return [(cx, cy)]


def shape_node(shape: str, cx: float, cy: float, w: float, h: float, st: Style) -> Ellipse | Polygon | None:
    """The scene primitive of a ``shape`` (None for ``none``)."""
    if shape in ("circle", "ellipse"):
        return Ellipse(cx, cy, w / 2, h / 2, st)
    if shape == "none":
        return None
    return Polygon(outline(shape, cx, cy, w, h), st)


def rim(points: Sequence[tuple[float, float]], cx: float, cy: float, tx: float, ty: float) -> tuple[float, float]:
    """Where the ray from (cx, cy) towards (tx, ty) leaves the convex outline ``points``."""
    dx, dy = tx - cx, ty - cy
    best = None
    n = len(points)
    if n < 3:
        return (cx, cy)
    for i in range(n):
        (x0, y0), (x1, y1) = points[i], points[(i + 1) % n]
        ex, ey = x1 - x0, y1 - y0
        den = dx * ey - dy * ex
        if abs(den) < 1e-12:
            continue
        t = ((x0 - cx) * ey - (y0 - cy) * ex) / den
        u = ((x0 - cx) * dy - (y0 - cy) * dx) / den
        if t >= 0 and -1e-9 <= u <= 1 + 1e-9 and (best is None or t < best):
            best = t
    if best is None:
        return (cx, cy)
    return (cx + dx * best, cy + dy * best)
