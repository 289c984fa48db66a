"""Small fonts made for the tests with fontTools, so no font file needs a licence of its own:
a blocky pixel font as TrueType (glyf) or CFF-flavoured OpenType, with the letters a test
needs, a chosen family name and chosen licence bits (OS/2 fsType).

Each glyph is drawn from a 5 x 7 pixel grid; the shapes only need to differ (so a page shows
which font drew it), not to spell well. Every glyph is 600 units wide (upm 1000), wider than
DejaVu Sans's letters, so a test can tell by measuring which font set a line.

Importable from every test folder (tests/ is on sys.path through its conftest).
"""
from __future__ import annotations

import io
from pathlib import Path

CHARS = (" !\"'(),-.:;?0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
         "ÄÖÜäöüß×–’")
UPM, ADVANCE, PIXEL = 1000, 600, 100


def _pixels(ch: str) -> list[tuple[int, int]]:
    """Grid cells (column, row from the baseline up) of a glyph: an outline box with a
    pattern from the code point, so glyphs differ."""
    if ch == " ":
        return []
    code = ord(ch)
    cells = {(c, r) for c in range(5) for r in range(7) if c in (0, 4) or r in (0, 6)}
    for bit in range(15):
        if code >> (bit % 11) & 1:
            cells.add((1 + bit % 3, 1 + bit // 3))
    return sorted(cells)


def _contours(ch: str):
    for c, r in _pixels(ch):
        x, y = 50 + c * PIXEL, r * PIXEL
        yield [(x, y), (x, y + PIXEL), (x + PIXEL, y + PIXEL), (x + PIXEL, y)]  # clockwise: TrueType outer


def _draw(pen, ch: str):
    for contour in _contours(ch):
        pen.moveTo(contour[0])
        for pt in contour[1:]:
            pen.lineTo(pt)
        pen.closePath()
    return pen


def glyphs_of(names: dict[str, str]):
    """(glyph name, character drawn) of every glyph, .notdef first (drawn as a '?')."""
    return [(".notdef", "?"), *[(n, ch) for ch, n in names.items()]]


def make_font(path: "str | Path | None" = None, family: str = "Pnp Pixel Test", style: str = "Regular",
              cff: bool = False, fs_type: int = 0, chars: str = CHARS) -> bytes:
    """The font's bytes (and the file at ``path`` when given)."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    names = {ch: f"uni{ord(ch):04X}" for ch in chars}
    order = [".notdef", *names.values()]
    fb = FontBuilder(UPM, isTTF=not cff)
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap({ord(ch): n for ch, n in names.items()})
    metrics = {n: (ADVANCE, 50) for n in order}
    if cff:
        charstrings = {n: _draw(T2CharStringPen(ADVANCE, None), ch).getCharString() for n, ch in glyphs_of(names)}
        ps = f"{family.replace(' ', '')}-{style.replace(' ', '')}"
        fb.setupCFF(ps, {"FullName": f"{family} {style}"}, charstrings, {})
    else:
        fb.setupGlyf({n: _draw(TTGlyphPen(None), ch).glyph() for n, ch in glyphs_of(names)})
    fb.setupHorizontalMetrics(metrics)
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": family, "styleName": style,
                       "psName": f"{family.replace(' ', '')}-{style.replace(' ', '')}"})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200, sCapHeight=700,
                fsType=fs_type, usWeightClass=700 if "Bold" in style else 400)
    fb.setupPost()
    buf = io.BytesIO()
    fb.save(buf)
    data = buf.getvalue()
    if path is not None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_bytes(data)
    return data
