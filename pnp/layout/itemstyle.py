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

Hatching (``hatch: diagonal``) puts a line pattern over a fill, so regions differ
in a grey print and to colour-blind eyes, not by hue alone.
"""
from __future__ import annotations

from typing import Any, Iterable

from pnp.layout.compile import CardError, colour_value
from pnp.layout.expr import ExprError, Ref, Scope, Template, template
from pnp.scene import Color, Hatch, color
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

    def __init__(self, props: dict[str, Any], tables: dict, where: str, colours: Iterable[str] = ()):
        self.where = where
        self.parsed: dict[str, Template] = {}
        for name, text in props.items():
            if text is None:
                continue
            try:
                t = template(str(text))
            except ExprError as exc:
                raise ExprError(f"{where}: '{name}': {exc}") from None
            for ref in t.refs:
                if ref.table is not None and ref.table not in tables:
                    raise ExprError(f"{where}: '{name}': unknown table {ref.table!r}; the layout's tables are "
                                    f"{', '.join(tables) or 'none'}")
            if name in colours:
                _check_colours(t, tables, f"{where}: '{name}'")
            self.parsed[name] = t

    def names(self) -> set[str]:
        return {r.name for t in self.parsed.values() for r in t.refs}

    def check(self, known: Iterable[str], what: str) -> None:
        """CardError naming the first property that reads a name no record, part or card has."""
        known = set(known)
        for prop, t in self.parsed.items():
            for r in t.refs:
                if r.name not in known:
                    raise CardError(f"{self.where} '{prop}' reads {{{r.name}}}, which {what} do not have; "
                                    f"they have {', '.join(sorted(known)) or 'nothing'}")

    def has(self, name: str) -> bool:
        return name in self.parsed

    def value(self, name: str, scope: Scope) -> Any:
        t = self.parsed.get(name)
        if t is None:
            return None
        try:
            return t.render(scope)
        except ExprError as exc:
            raise CardError(str(exc)) from None

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


def _plain(v, scope: Scope) -> str:
    v = scope.text(v)
    if v is None:
        return ""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def _check_colours(t: Template, tables: dict, where: str) -> None:
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
        ground = fill or color("white")
        ink = mix(contrast(ground), ground, 0.25)
    return [Hatch(a, spacing, width, ink) for a in angles]


def label_ink(given: Color | None, ground: Color | None) -> Color:
    """The colour of a label: as given, else near-black or white to read on its ground."""
    if given is not None:
        return given
    return contrast(ground or color("white"))


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
