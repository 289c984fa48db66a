"""Fonts: families and their faces, metrics, glyph coverage and fallback, subsets.

A :class:`Family` is up to four font files (regular, bold, italic, bold italic)
and the families that draw what it lacks (``fallback``); pnp's own DejaVu Sans
(``"sans"``, the default of every text) is the last resort of every family.
A family comes from a game's ``fonts:`` (files in its folder, or installed
families found through fontconfig, :mod:`pnp.scene.fontconfig`), or is the
bundled one. TrueType and CFF-flavoured OpenType files (and one font of a
collection) are read alike.

This is the one measuring service: the text layout and every backend ask it,
and it reads the font tables with fontTools, so no drawing library is needed to
measure (once per font file: the widths are then read from pnp's cache on disk).
Widths are the ``hmtx`` advances in thousandths of an em, the same numbers
the PDF backend embeds, so a line measured here is the line the PDF draws.
"""
from __future__ import annotations

import io
import os
from functools import lru_cache
from itertools import repeat
from pathlib import Path
from typing import TYPE_CHECKING, Union, cast

from pnp.load.classes import dataclass
from pnp.load.errors import UserError
from pnp.scene.units import MM_PER_PT

if TYPE_CHECKING:
    from fontTools.ttLib import TTFont

FONT_DIR = Path(os.environ.get("PNP_FONT_DIR", Path(__file__).resolve().parents[2] / "fonts"))
WEIGHTS = ("regular", "bold", "italic", "bold-italic")

# family -> weight -> file name inside FONT_DIR
FAMILIES: dict[str, dict[str, str]] = {
    "sans": {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf",
             "italic": "DejaVuSans-Oblique.ttf", "bold-italic": "DejaVuSans-BoldOblique.ttf"},
}
LICENCES = {"sans": "LICENSE-DejaVu.txt"}
CSS_FAMILY = {"sans": "DejaVu Sans"}
MAX_FONT_BYTES = 50_000_000


class FontError(UserError):
    """A font file is missing, broken or may not be embedded, or a character has no glyph."""


@dataclass(frozen=True)
class Face:
    """One font file, or one font of a collection (``index``)."""

    path: str
    index: int = 0

    @property
    def name(self) -> str:
        return Path(self.path).name + (f"#{self.index}" if self.index else "")


@dataclass(frozen=True)
class Family:
    """Faces by weight (a missing one is drawn with the nearest the family has: bold italic
    with bold, then italic, then regular) and the families that draw what it lacks."""

    name: str  # how messages, `pnp fonts` and SVG files call it
    regular: Face
    bold: Face | None = None
    italic: Face | None = None
    bold_italic: Face | None = None
    fallback: tuple["Family", ...] = ()
    bundled: str = ""  # the key in FAMILIES of one of pnp's own
    origin: str = "file"  # file (in a game folder) | installed (found through fontconfig) | bundled

    def face(self, weight: str = "regular") -> Face:
        order = {"regular": (), "bold": (self.bold,), "italic": (self.italic,),
                 "bold-italic": (self.bold_italic, self.bold, self.italic)}.get(weight)
        if order is None:
            raise FontError(f"unknown weight {weight!r}; use one of {', '.join(WEIGHTS)}")
        return next((f for f in order if f is not None), self.regular)

    def faces(self) -> dict[str, Face]:
        return {w: f for w, f in zip(WEIGHTS, (self.regular, self.bold, self.italic, self.bold_italic)) if f}


FamilyRef = Union[str, Family]  # "sans" (pnp's own) or a Family


@lru_cache(maxsize=None)
def bundled(key: str = "sans") -> Family:
    """One of pnp's own families by its key in FAMILIES."""
    try:
        files = FAMILIES[key]
    except KeyError:
        raise FontError(f"unknown font {key!r}; bundled: {', '.join(FAMILIES)}") from None
    regular, bold, italic, bold_italic = (Face(str(FONT_DIR / files[w])) if w in files else None for w in WEIGHTS)
    return Family(CSS_FAMILY.get(key, key), cast(Face, regular), bold, italic, bold_italic, bundled=key,
                  origin="bundled")


def family_of(ref: FamilyRef) -> Family:
    return ref if isinstance(ref, Family) else bundled(ref)


@dataclass(frozen=True)
class FontFace:
    """A face as a backend registers it."""

    family: str
    weight: str
    path: Path
    ps_name: str  # the name a backend registers the font under
    svg_family: str
    file: Face


def face(family: FamilyRef = "sans", weight: str = "regular") -> FontFace:
    fam = family_of(family)
    f = fam.face(weight)
    return _font_face(fam, weight, f)


def _font_face(fam: Family, weight: str, f: Face) -> FontFace:
    if fam.bundled and f == fam.face(weight):
        ps = f"pnp-{fam.bundled}-{weight}"
    else:
        ps = f"pnp-{_digest(f)[:16]}"
    return FontFace(fam.bundled or fam.name, weight, Path(f.path), ps, css_name(fam), f)


def css_name(fam: Family) -> str:
    """The family's name in SVG files: its own, without characters CSS would have to escape."""
    if fam.bundled:
        return CSS_FAMILY.get(fam.bundled, fam.bundled)
    clean = "".join(c for c in fam.name if c.isalnum() or c in " -_.").strip()
    return clean or "pnp font"


@dataclass(frozen=True)
class Metrics:
    widths: dict[int, float]  # code point -> advance in 1/1000 em
    default: float  # advance of glyph 0, for code points the font lacks
    ascent: float  # 1/1000 em, positive
    descent: float  # 1/1000 em, positive
    cap: float  # 1/1000 em: top of "H" (DejaVu's OS/2 table is too old to state it)


# ---------------------------------------------------------------- reading one face


def font_bytes(family: FamilyRef = "sans", weight: str = "regular") -> bytes:
    """The font file's bytes, read once per process (backends embed them)."""
    return face_bytes(family_of(family).face(weight))


@lru_cache(maxsize=None)
def face_bytes(f: Face) -> bytes:
    from pnp.load.errors import DataErrors
    from pnp.load.loader import read_bounded

    p = Path(f.path)
    if not p.exists():
        where = "the fonts folder (restore it from git)" if p.parent == FONT_DIR else str(p.parent)
        raise FontError(f"{p.name}: font file missing from {where}")
    try:
        return read_bounded(p, MAX_FONT_BYTES, "a font file")
    except DataErrors as exc:
        raise FontError(str(exc)) from None


def _ttfont(f: Face) -> "TTFont":
    """fontTools' view of the face, its tables read as they are asked for."""
    from fontTools.ttLib import TTFont, TTLibError

    try:
        return TTFont(io.BytesIO(face_bytes(f)), lazy=True, recalcTimestamp=False, fontNumber=f.index)
    except (TTLibError, OSError, ValueError, AssertionError, IndexError, KeyError) as exc:
        raise FontError(f"{f.name}: not a usable TrueType font or OpenType font ({exc})") from None


# fsType bits that forbid what pnp does with a font: embed it (restricted licence, bitmap only)
# or embed a subset of it (no subsetting)
_FORBIDS = {0x0002: "forbids embedding it in documents (restricted licence)",
            0x0100: "forbids embedding a subset of it, and pnp embeds only the glyphs a file uses",
            0x0200: "allows embedding only its bitmaps, not its outlines"}


def _check_licence(f: Face, font: "TTFont") -> None:
    fs = getattr(font["OS/2"], "fsType", 0) if "OS/2" in font else 0
    for bit, what in _FORBIDS.items():
        if fs & bit:
            raise FontError(f"{f.name}: the font's licence bits (OS/2 fsType {fs:#06x}) say its maker {what}; "
                            "a print file must carry its fonts, so use another font")


def _digest(f: Face) -> str:
    """sha256 of the face's file (and its index): what its cached metrics and subsets were made from."""
    return _file_digest(f.path) + (f"#{f.index}" if f.index else "")


@lru_cache(maxsize=None)
def _file_digest(path: str) -> str:
    import hashlib

    return hashlib.sha256(face_bytes(Face(path))).hexdigest()


@lru_cache(maxsize=None)
def face_metrics(f: Face) -> Metrics:
    """Read from pnp's cache on disk when this font file was measured before: parsing the
    tables with fontTools costs a tenth of a second per face, a build's start-up."""
    from pnp.load.cache import cached_data

    data = cached_data("metrics", f"metrics-v2|{_digest(f)}", lambda: _measure_face(f))
    if not (isinstance(data, tuple) and len(data) == 5):  # not metrics: measured again, never used
        data = _measure_face(f)
    return Metrics(*data)


def metrics(family: FamilyRef = "sans", weight: str = "regular") -> Metrics:
    return face_metrics(family_of(family).face(weight))


metrics.cache_clear = face_metrics.cache_clear  # type: ignore[attr-defined]


def _measure(family: FamilyRef = "sans", weight: str = "regular") -> tuple:
    return _measure_face(family_of(family).face(weight))


# tables a font needs to be measured here and embedded in a PDF (reportlab reads each)
_NEEDED = ("cmap", "head", "hhea", "hmtx", "maxp", "name", "post")


def _measure_face(f: Face) -> tuple:
    from fontTools.ttLib import TTLibError

    font = _ttfont(f)
    try:
        missing = [t for t in _NEEDED if t not in font]
        if missing:
            raise FontError(f"{f.name}: the font lacks the table(s) {', '.join(missing)} a font needs to be "
                            "measured and embedded (a damaged or stripped font?)")
        _check_licence(f, font)
        if "glyf" not in font and "CFF " not in font:
            raise FontError(f"{f.name}: the font has neither TrueType nor CFF outlines (a bitmap or colour font?)")
        k = 1000.0 / font["head"].unitsPerEm
        hmtx = font["hmtx"].metrics
        cmap = font.getBestCmap() or {}
        if not cmap:
            raise FontError(f"{f.name}: the font maps no character to a glyph (no Unicode cmap)")
        widths = {cp: hmtx[name][0] * k for cp, name in cmap.items()}
        os2 = font["OS/2"]
        default = hmtx[font.getGlyphOrder()[0]][0] * k
        ascent, descent = os2.sTypoAscender * k, -os2.sTypoDescender * k
        cap = getattr(os2, "sCapHeight", 0) * k or _glyph_top(font, "H") * k
    except (KeyError, AttributeError, IndexError, TypeError) as exc:
        raise FontError(f"{f.name}: a table the layout needs is missing ({exc})") from None
    except (TTLibError, ValueError, AssertionError, __import__("struct").error) as exc:  # read lazily, here
        raise FontError(f"{f.name}: not a usable TrueType font or OpenType font ({exc})") from None
    # a no-break space measures like a space, as the PDF writer treats it
    if 0x20 in widths:
        widths.setdefault(0xA0, widths[0x20])
    return widths, float(default), float(ascent), float(descent), float(cap)


def _glyph_top(font: "TTFont", char: str) -> float:
    """Top of ``char``'s outline in font units (0 when the font lacks it)."""
    name = (font.getBestCmap() or {}).get(ord(char))
    if name is None:
        return 0.0
    glyph_set = font.getGlyphSet()
    from fontTools.pens.boundsPen import BoundsPen

    pen = BoundsPen(glyph_set)
    glyph_set[name].draw(pen)
    return pen.bounds[3] if pen.bounds else 0.0


def check_face(f: Face) -> None:
    """Raise FontError unless the face can be measured and embedded."""
    face_metrics(f)


# ---------------------------------------------------------------- families: fallback


@lru_cache(maxsize=256)
def chain(family: FamilyRef = "sans", weight: str = "regular") -> tuple[Face, ...]:
    """The faces that draw text of ``family`` in ``weight``, in the order they are asked
    for a glyph: the family's own, its fallbacks', then pnp's own DejaVu Sans."""
    out: list[Face] = []
    seen: set[str] = set()

    def visit(fam: Family) -> None:
        if fam.name in seen and not fam.bundled:
            return
        seen.add(fam.name)
        f = fam.face(weight)
        if f not in out:
            out.append(f)
        for fb in fam.fallback:
            visit(fb)

    visit(family_of(family))
    last = bundled().face(weight)
    if last not in out:
        out.append(last)
    return tuple(out)


@lru_cache(maxsize=None)
def _covers(f: Face) -> frozenset:
    """Every character the face has a glyph for, plus the line breaks and tabs text may hold."""
    return frozenset(map(chr, face_metrics(f).widths)) | {"\n", "\t"}


def runs(text: str, family: FamilyRef = "sans", weight: str = "regular") -> list[tuple[Face, str]]:
    """``text`` split where the face drawing it changes (a character the family lacks is drawn
    by its first fallback that has it). A character no face has stays with the family's own."""
    faces = chain(family, weight)
    first = faces[0]
    if len(faces) == 1 or _covers(first).issuperset(text):
        return [(first, text)] if text else []
    out: list[tuple[Face, str]] = []
    for ch in text:
        f = next((f for f in faces if ch in _covers(f)), first)
        if out and out[-1][0] == f:
            out[-1] = (f, out[-1][1] + ch)
        else:
            out.append((f, ch))
    return out


def fallback_chars(text: str, family: FamilyRef = "sans", weight: str = "regular") -> str:
    """The characters of ``text`` the family's own face lacks but a fallback draws, in order."""
    faces = chain(family, weight)
    own = _covers(faces[0])
    if own.issuperset(text):
        return ""
    return "".join(dict.fromkeys(ch for ch in text if ch not in own and any(ch in _covers(f) for f in faces[1:])))


def string_width(text: str, size_pt: float, family: FamilyRef = "sans", weight: str = "regular") -> float:
    """Advance width of ``text`` in millimetres (no kerning, as every backend draws it)."""
    return _units(text, family, weight) * 0.001 * size_pt * MM_PER_PT


@lru_cache(maxsize=4096)
def _units(text: str, family: FamilyRef, weight: str) -> float:
    """Advance width in font units per 1000 em; words recur across a deck, so it is kept."""
    faces = chain(family, weight)
    if len(faces) == 1 or _covers(faces[0]).issuperset(text):
        m = face_metrics(faces[0])
        return sum(map(m.widths.get, map(ord, text), repeat(m.default)))
    total = 0.0
    for f, part in runs(text, family, weight):
        m = face_metrics(f)
        total += sum(map(m.widths.get, map(ord, part), repeat(m.default)))
    return total


def ascent_descent(size_pt: float, family: FamilyRef = "sans", weight: str = "regular") -> tuple[float, float]:
    """(ascent, descent) in millimetres, both positive."""
    m = metrics(family, weight)
    k = size_pt * MM_PER_PT / 1000.0
    return m.ascent * k, m.descent * k


def cap_height(size_pt: float, family: FamilyRef = "sans", weight: str = "regular") -> float:
    """Height of the capital letters above the baseline, in millimetres."""
    return metrics(family, weight).cap * size_pt * MM_PER_PT / 1000.0


def missing_glyph(text: str, family: FamilyRef = "sans", weight: str = "regular") -> str | None:
    """The first character of ``text`` that no face of the family (fallbacks and DejaVu
    Sans included) can draw, or None."""
    faces = chain(family, weight)
    if _covers(faces[0]).issuperset(text):
        return None
    for ch in text:
        if not any(ch in _covers(f) for f in faces):
            return ch
    return None


def check_glyphs(text: str, family: FamilyRef = "sans", weight: str = "regular") -> None:
    """Raise FontError naming the first character the font cannot draw."""
    ch = missing_glyph(text, family, weight)
    if ch is not None:
        raise FontError(glyph_message(ch, family, weight))


def glyph_message(ch: str, family: FamilyRef = "sans", weight: str = "regular") -> str:
    fam = family_of(family)
    what = f"the bundled font {fam.face(weight).name}" if fam.bundled else \
        f"the font {fam.name!r} ({fam.face(weight).name}), its fallbacks nor the bundled DejaVu Sans"
    return f"the character {ch!r} (U+{ord(ch):04X}) is not in {what}; use another character or add a font"


# ---------------------------------------------------------------- ink


@lru_cache(maxsize=64)
def _glyph_bounds(f: Face) -> "_Bounds":
    return _Bounds(f)


class _Bounds:
    """Outline bounds of a face's glyphs in 1/1000 em, read per character as asked and kept in
    pnp's cache by the face's digest: reading the outlines with fontTools costs a rebuild about
    a second (the glyph and name tables of every face a deck's texts use)."""

    def __init__(self, f: Face):
        from pnp.load.cache import Table

        self.face = f
        self.font: TTFont | None = None  # opened on the first character read from the file
        self.known: dict[str, tuple[float, ...]] = {}  # (x0, y0, x1, y1), or () for a glyph without ink
        self.kept = Table("glyph-bounds", lambda: f"glyph-bounds-v1|{_digest(f)}", 20000)

    def __call__(self, ch: str) -> tuple[float, ...]:
        b = self.known.get(ch)
        if b is None:
            kept = self.kept.get(ch)
            if isinstance(kept, tuple) and len(kept) in (0, 4):
                self.known[ch] = kept
                return kept
            b = self._read(ch)
            self.kept.put(ch, b)
        return b

    def _read(self, ch: str) -> tuple[float, ...]:
        """The bounds of ``ch``'s glyph, read from the font file (() for none or a blank glyph)."""
        if self.font is None:
            self.font = _ttfont(self.face)
            self.cmap: dict[int, str] = self.font.getBestCmap() or {}
            self.glyphs = self.font.getGlyphSet()
            self.k = 1000.0 / self.font["head"].unitsPerEm
        name = self.cmap.get(ord(ch))
        b: tuple[float, ...] = ()
        if name is not None:
            from fontTools.pens.boundsPen import BoundsPen

            pen = BoundsPen(self.glyphs)
            self.glyphs[name].draw(pen)
            if pen.bounds:
                b = tuple(v * self.k for v in pen.bounds)
        self.known[ch] = b
        return b


@lru_cache(maxsize=8192)
def ink(text: str, size_pt: float, family: FamilyRef = "sans", weight: str = "regular") \
        -> tuple[float, float, float, float] | None:
    """Where the glyphs of ``text`` put ink, in mm from the start of its baseline, y down:
    (left, top, right, bottom); None for text without ink (spaces). Kept per line: a deck's
    labels, footers and rule texts repeat card after card."""
    k = size_pt * MM_PER_PT / 1000.0
    x = 0.0
    box = None
    for f, part in runs(text, family, weight):
        m, bounds = face_metrics(f), _glyph_bounds(f)
        for ch in part:
            b = bounds(ch)
            if b:
                g = (x + b[0], -b[3], x + b[2], -b[1])
                box = g if box is None else (min(box[0], g[0]), min(box[1], g[1]), max(box[2], g[2]),
                                             max(box[3], g[3]))
            x += m.widths.get(ord(ch), m.default)
    if box is None:
        return None
    return (box[0] * k, box[1] * k, box[2] * k, box[3] * k)


# ---------------------------------------------------------------- subsets (SVG)

# Characters every embedded subset carries, so the SVGs of a build share a few subsets
# (made once per process) instead of one per file: German text, digits and punctuation.
COMMON = frozenset(chr(c) for c in range(0x20, 0x7F)) | frozenset("äöüÄÖÜßéèêàâçñ×–—„“”‚‘’…·•½¼¾°±→←↑↓")


def subset(chars: str, family: FamilyRef = "sans", weight: str = "regular") -> bytes:
    """A WOFF font with the glyphs of ``chars`` and of :data:`COMMON` (for embedding in SVG).

    Hinting and layout tables are dropped, so the subset is small; the same
    characters always give the same bytes.
    """
    return subset_face(chars, family_of(family).face(weight))


def subset_face(chars: str, f: Face) -> bytes:
    return _subset(frozenset(chars) | COMMON, f)


@lru_cache(maxsize=64)
def _subset(chars: frozenset, f: Face) -> bytes:
    """Made once per character set and font, then read from pnp's cache on disk (a tenth of a
    second each, and a build of every game needs a dozen)."""
    from fontTools import version as ft_version

    from pnp.load.cache import cached

    check_face(f)
    key = "|".join(["woff-v1", _digest(f), ft_version, "".join(sorted(chars))])
    return cached("woff", key, lambda: _make_subset(chars, f))


def _make_subset(chars: frozenset, f: Face) -> bytes:
    import logging

    from fontTools import subset as ft_subset

    logging.getLogger("fontTools").setLevel(logging.ERROR)  # tables it cannot subset are dropped, as wanted
    opts = ft_subset.Options()
    opts.hinting = False
    opts.layout_features = []
    opts.drop_tables += ["GSUB", "GPOS", "GDEF", "kern", "FFTM", "hdmx", "LTSH", "VDMX", "DSIG", "MATH"]
    opts.name_IDs = ["*"]
    opts.notdef_outline = True
    opts.flavor = "woff"
    font = _ttfont(f)
    sub = ft_subset.Subsetter(opts)
    sub.populate(unicodes=sorted(ord(c) for c in chars if c not in "\n\t"))
    sub.subset(font)
    buf = io.BytesIO()
    font.flavor = "woff"
    font.save(buf, reorderTables=True)
    return buf.getvalue()


# ---------------------------------------------------------------- TrueType for the PDF backend


def truetype_bytes(f: Face) -> bytes:
    """The face as a stand-alone TrueType file: as it is when it is one; one font of a
    collection taken out; CFF outlines turned into quadratic ones (the PDF writer embeds
    TrueType only). Made once per face and kept in pnp's cache on disk."""
    data = face_bytes(f)
    if data[:4] in (b"\x00\x01\x00\x00", b"true") and not f.index:
        return data
    check_face(f)
    from fontTools import version as ft_version

    from pnp.load.cache import cached

    return cached("ttf", f"truetype-v1|{_digest(f)}|{ft_version}", lambda: _to_truetype(f))


def _to_truetype(f: Face) -> bytes:
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(face_bytes(f)), fontNumber=f.index, recalcTimestamp=False)
    if "CFF " in font or "CFF2" in font:
        _quadratic(font)
    buf = io.BytesIO()
    font.save(buf)
    return buf.getvalue()


def _quadratic(font: "TTFont") -> None:
    """Replace the CFF table by glyf/loca with the same glyphs drawn in quadratic curves."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable

    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    upm = font["head"].unitsPerEm
    glyphs = {}
    for name in order:
        pen = TTGlyphPen(None)
        glyph_set[name].draw(Cu2QuPen(pen, max_err=upm / 1000, reverse_direction=True))
        glyphs[name] = pen.glyph()
    for tag in ("CFF ", "CFF2", "VORG"):
        if tag in font:
            del font[tag]
    glyf = font["glyf"] = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = glyphs
    font["loca"] = newTable("loca")
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for attr in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                 "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
        setattr(maxp, attr, 1 if attr == "maxZones" else 0)
    maxp.maxPoints = maxp.maxContours = maxp.maxCompositePoints = maxp.maxCompositeContours = 0
    maxp.maxComponentDepth = 0
    font["head"].indexToLocFormat = 0
    font["head"].glyphDataFormat = 0
    post = font["post"]
    post.formatType = 2.0
    post.extraNames = []
    post.mapping = {}
    post.glyphOrder = order
    font.sfntVersion = "\x00\x01\x00\x00"


# ---------------------------------------------------------------- the report


def fonts_report() -> list[dict]:
    rows = []
    for fam, weights in FAMILIES.items():
        for w in weights:
            f = face(fam, w)
            rows.append({"family": fam, "weight": w, "file": f"fonts/{f.path.name}", "exists": f.path.is_file(),
                         "licence": f"fonts/{LICENCES[fam]}"})
    return rows
