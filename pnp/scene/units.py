"""Lengths: scenes are in millimetres, type sizes and PDF pages in points (1/72 inch), pictures
in pixels at some dpi. Every conversion between them is made here, and only here, under names
that say which way they go (``tests/test_units.py`` fails on a second definition)."""
from __future__ import annotations

MM_PER_INCH = 25.4
PT_PER_INCH = 72.0
PT_PER_MM = PT_PER_INCH / MM_PER_INCH  # 2.8346...: a length in mm times this is in points
MM_PER_PT = MM_PER_INCH / PT_PER_INCH  # 0.3527...: a size in points times this is in mm


def mm_to_pt(mm: float) -> float:
    """A length in millimetres, in points."""
    return mm * PT_PER_MM


def pt_to_mm(pt: float) -> float:
    """A length (or type size) in points, in millimetres (by inches, as text layout has always
    computed it: the last bit can differ from ``pt * MM_PER_PT``, and output stays byte-identical)."""
    return pt * MM_PER_INCH / PT_PER_INCH


def mm_to_px(mm: float, dpi: float) -> float:
    """A length in millimetres, in pixels at ``dpi``."""
    return mm / MM_PER_INCH * dpi


def px_per_mm(dpi: float) -> float:
    """How many pixels a millimetre is at ``dpi``."""
    return dpi / MM_PER_INCH


def dpi_of(px: float, mm: float) -> float:
    """The resolution at which ``px`` pixels span ``mm`` millimetres."""
    return px / (mm / MM_PER_INCH)
