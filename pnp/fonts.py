"""The bundled fonts: where they are, their metrics, and glyph coverage.

All text in every output uses these files (never a system font), so a PDF,
an SVG and a PNG of the same scene wrap and place text identically. Metrics
come from reportlab's TrueType parser; that is measuring, not drawing.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

FONT_DIR = Path(os.environ.get("PNP_FONT_DIR", Path(__file__).resolve().parent.parent / "fonts"))

# family -> weight -> file name inside FONT_DIR
FAMILIES: dict[str, dict[str, str]] = {
    "sans": {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf"},
}
LICENCES = {"sans": "LICENSE-DejaVu.txt"}


class FontError(Exception):
    """A font file is missing or broken, or a character has no glyph."""


@dataclass(frozen=True)
class FontFace:
    family: str
    weight: str
    path: Path
    ps_name: str  # the name registered with reportlab and written into SVG

    @property
    def svg_family(self) -> str:
        return "DejaVu Sans"


def face(family: str = "sans", weight: str = "regular") -> FontFace:
    try:
        fname = FAMILIES[family][weight]
    except KeyError:
        raise FontError(f"unknown font {family!r} weight {weight!r}; bundled: "
                        + ", ".join(f"{f} ({'/'.join(w)})" for f, w in FAMILIES.items())) from None
    return FontFace(family, weight, FONT_DIR / fname, f"pnp-{family}-{weight}")


@lru_cache(maxsize=None)
def _ttf(family: str, weight: str):
    from reportlab.pdfbase.ttfonts import TTFont  # metrics only

    f = face(family, weight)
    if not f.path.is_file():
        raise FontError(f"{f.path}: font file missing (the fonts/ folder ships it; restore it from git)")
    try:
        return TTFont(f.ps_name, str(f.path))
    except Exception as exc:  # reportlab raises various types for bad files
        raise FontError(f"{f.path}: not a usable TrueType font ({exc})") from None


def ttfont(family: str = "sans", weight: str = "regular"):
    """The reportlab TTFont object (backends register it for embedding)."""
    return _ttf(family, weight)


def string_width(text: str, size_pt: float, family: str = "sans", weight: str = "regular") -> float:
    """Advance width of ``text`` in millimetres."""
    return _ttf(family, weight).stringWidth(text, size_pt) * 25.4 / 72.0


def ascent_descent(size_pt: float, family: str = "sans", weight: str = "regular") -> tuple[float, float]:
    """(ascent, descent) in millimetres, both positive."""
    f = _ttf(family, weight).face
    k = size_pt * 25.4 / 72.0 / 1000.0
    return f.ascent * k, -f.descent * k


def check_glyphs(text: str, family: str = "sans", weight: str = "regular") -> None:
    """Raise FontError naming the first character the font cannot draw."""
    cmap = _ttf(family, weight).face.charToGlyph
    for ch in text:
        if ch in "\n\t":
            continue
        if ord(ch) not in cmap:
            raise FontError(
                f"character {ch!r} (U+{ord(ch):04X}) is not in the bundled font "
                f"{face(family, weight).path.name}; use another character or add a font")


def fonts_report() -> list[dict]:
    rows = []
    for fam, weights in FAMILIES.items():
        for w in weights:
            f = face(fam, w)
            rows.append({"family": fam, "weight": w, "file": str(f.path), "exists": f.path.is_file(),
                         "licence": str(FONT_DIR / LICENCES[fam])})
    return rows
