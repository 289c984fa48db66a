"""The bundled fonts: where they are, their metrics, glyph coverage and subsets.

All text in every output uses these files (never a system font), so a PDF and
an SVG of the same scene wrap and place text identically. This is the one
measuring service: the text layout and every backend ask it, and it reads the
TrueType tables with fontTools, so no drawing library is needed to measure (once
per font file: the widths are then read from pnp's cache on disk).
Widths are the ``hmtx`` advances in thousandths of an em, the same numbers
the PDF backend embeds, so a line measured here is the line the PDF draws.
"""
from __future__ import annotations

import io
import os
from dataclasses import dataclass
from functools import lru_cache
from itertools import repeat
from pathlib import Path

from pnp.load.errors import UserError

FONT_DIR = Path(os.environ.get("PNP_FONT_DIR", Path(__file__).resolve().parents[2] / "fonts"))
MM_PER_PT = 25.4 / 72.0

# family -> weight -> file name inside FONT_DIR
FAMILIES: dict[str, dict[str, str]] = {
    "sans": {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf",
             "italic": "DejaVuSans-Oblique.ttf", "bold-italic": "DejaVuSans-BoldOblique.ttf"},
}
LICENCES = {"sans": "LICENSE-DejaVu.txt"}
CSS_FAMILY = {"sans": "DejaVu Sans"}


class FontError(UserError):
    """A font file is missing or broken, or a character has no glyph."""


@dataclass(frozen=True)
class FontFace:
    family: str
    weight: str
    path: Path
    ps_name: str  # the name a backend registers the font under

    @property
    def svg_family(self) -> str:
        return CSS_FAMILY[self.family]


def face(family: str = "sans", weight: str = "regular") -> FontFace:
    try:
        fname = FAMILIES[family][weight]
    except KeyError:
        raise FontError(f"unknown font {family!r} weight {weight!r}; bundled: "
                        + ", ".join(f"{f} ({'/'.join(w)})" for f, w in FAMILIES.items())) from None
    return FontFace(family, weight, FONT_DIR / fname, f"pnp-{family}-{weight}")


@dataclass(frozen=True)
class Metrics:
    widths: dict[int, float]  # code point -> advance in 1/1000 em
    default: float  # advance of glyph 0, for code points the font lacks
    ascent: float  # 1/1000 em, positive
    descent: float  # 1/1000 em, positive
    cap: float  # 1/1000 em: top of "H" (DejaVu's OS/2 table is too old to state it)


def font_bytes(family: str = "sans", weight: str = "regular") -> bytes:
    """The font file's bytes, read once per process (backends embed them)."""
    return _read(family, weight)


@lru_cache(maxsize=None)
def _read(family: str, weight: str) -> bytes:
    from pnp.load.errors import DataErrors
    from pnp.load.loader import read_bounded

    f = face(family, weight)
    if not f.path.exists():
        raise FontError(f"{f.path.name}: font file missing from the fonts folder (restore it from git)")
    try:
        return read_bounded(f.path, 50_000_000, "a font file")
    except DataErrors as exc:
        raise FontError(str(exc)) from None


def _ttfont(family: str, weight: str):
    from fontTools.ttLib import TTFont, TTLibError

    try:
        return TTFont(io.BytesIO(_read(family, weight)), lazy=True, recalcTimestamp=False)
    except (TTLibError, OSError, ValueError, AssertionError) as exc:
        raise FontError(f"{face(family, weight).path.name}: not a usable TrueType font ({exc})") from None


@lru_cache(maxsize=None)
def metrics(family: str = "sans", weight: str = "regular") -> Metrics:
    """Read from pnp's cache on disk when this font file was measured before: parsing the
    tables with fontTools costs a tenth of a second per face, a build's start-up."""
    from pnp.load.cache import cached_data

    data = cached_data("metrics", f"metrics-v1|{_digest(family, weight)}", lambda: _measure(family, weight))
    if not (isinstance(data, tuple) and len(data) == 5):  # not metrics: measured again, never used
        data = _measure(family, weight)
    return Metrics(*data)


@lru_cache(maxsize=None)
def _digest(family: str, weight: str) -> str:
    """sha256 of the font file: what the cached metrics and subsets were made from."""
    import hashlib

    return hashlib.sha256(_read(family, weight)).hexdigest()


def _measure(family: str, weight: str) -> tuple:
    font = _ttfont(family, weight)
    try:
        k = 1000.0 / font["head"].unitsPerEm
        hmtx = font["hmtx"].metrics
        widths = {cp: hmtx[name][0] * k for cp, name in font.getBestCmap().items()}
        os2 = font["OS/2"]
        default = hmtx[font.getGlyphOrder()[0]][0] * k
        ascent, descent = os2.sTypoAscender * k, -os2.sTypoDescender * k
        cap = getattr(os2, "sCapHeight", 0) * k or _glyph_top(font, "H") * k
    except (KeyError, AttributeError, IndexError) as exc:
        raise FontError(f"{face(family, weight).path.name}: a table the layout needs is missing ({exc})") from None
    # a no-break space measures like a space, as the PDF writer treats it
    if 0x20 in widths:
        widths.setdefault(0xA0, widths[0x20])
    return widths, float(default), float(ascent), float(descent), float(cap)


def _glyph_top(font, char: str) -> float:
    """Top of ``char``'s outline in font units (0 when the font lacks it)."""
    name = font.getBestCmap().get(ord(char))
    if name is None:
        return 0.0
    glyph_set = font.getGlyphSet()
    from fontTools.pens.boundsPen import BoundsPen

    pen = BoundsPen(glyph_set)
    glyph_set[name].draw(pen)
    return pen.bounds[3] if pen.bounds else 0.0


def string_width(text: str, size_pt: float, family: str = "sans", weight: str = "regular") -> float:
    """Advance width of ``text`` in millimetres (no kerning, as every backend draws it)."""
    return _units(text, family, weight) * 0.001 * size_pt * MM_PER_PT


@lru_cache(maxsize=4096)
def _units(text: str, family: str, weight: str) -> float:
    """Advance width in font units per 1000 em; words recur across a deck, so it is kept."""
    m = metrics(family, weight)
    return sum(map(m.widths.get, map(ord, text), repeat(m.default)))


def ascent_descent(size_pt: float, family: str = "sans", weight: str = "regular") -> tuple[float, float]:
    """(ascent, descent) in millimetres, both positive."""
    m = metrics(family, weight)
    k = size_pt * MM_PER_PT / 1000.0
    return m.ascent * k, m.descent * k


def cap_height(size_pt: float, family: str = "sans", weight: str = "regular") -> float:
    """Height of the capital letters above the baseline, in millimetres."""
    return metrics(family, weight).cap * size_pt * MM_PER_PT / 1000.0


def missing_glyph(text: str, family: str = "sans", weight: str = "regular") -> str | None:
    """The first character of ``text`` the font cannot draw, or None."""
    drawable = _drawable(family, weight)
    if drawable.issuperset(text):
        return None
    return next(ch for ch in text if ch not in drawable)


@lru_cache(maxsize=None)
def _drawable(family: str, weight: str) -> frozenset:
    """Every character the font has a glyph for, plus the line breaks and tabs text may hold."""
    return frozenset(map(chr, metrics(family, weight).widths)) | {"\n", "\t"}


def check_glyphs(text: str, family: str = "sans", weight: str = "regular") -> None:
    """Raise FontError naming the first character the font cannot draw."""
    ch = missing_glyph(text, family, weight)
    if ch is not None:
        raise FontError(
            f"character {ch!r} (U+{ord(ch):04X}) is not in the bundled font "
            f"{face(family, weight).path.name}; use another character or add a font")


# Characters every embedded subset carries, so the SVGs of a build share a few subsets
# (made once per process) instead of one per file: German text, digits and punctuation.
COMMON = frozenset(chr(c) for c in range(0x20, 0x7F)) | frozenset("äöüÄÖÜßéèêàâçñ×–—„“”‚‘’…·•½¼¾°±→←↑↓")


def subset(chars: str, family: str = "sans", weight: str = "regular") -> bytes:
    """A WOFF font with the glyphs of ``chars`` and of :data:`COMMON` (for embedding in SVG).

    Hinting and layout tables are dropped, so the subset is small; the same
    characters always give the same bytes.
    """
    return _subset(frozenset(chars) | COMMON, family, weight)


@lru_cache(maxsize=64)
def _subset(chars: frozenset, family: str, weight: str) -> bytes:
    """Made once per character set and font, then read from pnp's cache on disk (a tenth of a
    second each, and a build of every game needs a dozen)."""
    from fontTools import version as ft_version

    from pnp.load.cache import cached

    key = "|".join(["woff-v1", _digest(family, weight), ft_version, "".join(sorted(chars))])
    return cached("woff", key, lambda: _make_subset(chars, family, weight))


def _make_subset(chars: frozenset, family: str, weight: str) -> bytes:
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
    font = _ttfont(family, weight)
    sub = ft_subset.Subsetter(opts)
    sub.populate(unicodes=sorted(ord(c) for c in chars if c not in "\n\t"))
    sub.subset(font)
    buf = io.BytesIO()
    font.flavor = "woff"
    font.save(buf, reorderTables=True)
    return buf.getvalue()


def fonts_report() -> list[dict]:
    rows = []
    for fam, weights in FAMILIES.items():
        for w in weights:
            f = face(fam, w)
            rows.append({"family": fam, "weight": w, "file": f"fonts/{f.path.name}", "exists": f.path.is_file(),
                         "licence": f"fonts/{LICENCES[fam]}"})
    return rows
