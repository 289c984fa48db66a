"""examples/designer-game, built end to end from YAML and spreadsheets alone, read back from the PDFs:
a tiled hex map with its track, a road map, a two-column aid with a table, a score pad, the print
guide; every text at 6 pt or more and 6 mm
clear of the paper's edge."""
from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pdfread import text, words
from tests.sheets.conftest import build

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "designer-game"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("designer")
    shutil.copytree(EXAMPLE, root / "data" / "designer-game")
    out = {}
    for lang in ("de", "en"):
        code, log = build(root / "data", root / lang, "-f", "pdf", "--lang", lang, game="designer-game")
        assert code == 0, log
        assert "warning" not in log, log
        out[lang] = root / lang / "designer-game"
    return out


def _sizes(pdf: Path) -> list[tuple[float, float]]:
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return [tuple(round(v * 25.4 / 72, 1) for v in doc[i].get_size()) for i in range(len(doc))]
    finally:
        doc.close()


def _chars(pdf: Path):
    """(size in pt, x0, y0, x1, y1 in mm) of every printed character."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        for i in range(len(doc)):
            page = doc[i]
            h = page.get_height()
            tp = page.get_textpage()
            for c in range(tp.count_chars()):
                ch = tp.get_text_range(c, 1)
                if not ch.strip():
                    continue
                left, bottom, right, top = tp.get_charbox(c)
                k = 25.4 / 72
                size = pdfium.raw.FPDFText_GetFontSize(tp, c) / k  # pnp's PDFs draw in mm: the size is in mm
                yield i, ch, size, left * k, (h - top) * k, right * k, (h - bottom) * k, page.get_width() * k, h * k
    finally:
        doc.close()


def test_the_aid_is_two_columns_with_its_table_in_each_language(built):
    de = built["de"] / "aid.pdf"
    assert _sizes(de) == [(210.0, 297.0)]
    page = " ".join(text(de).split())
    for want in ("Grenzland in Kürze", "50 Punkte", "1. Einkommen", "Gelände Bewegung Punkte", "Hügel 2 3",
                 "Tipp: Ein Lager", "Spielende", "1/1"):
        assert want in page, want
    xs = {round(w[1]) for w in words(de) if w[0] == "Spielende"} | {round(w[1]) for w in words(de) if w[0] == "Ein"}
    assert min(xs) < 20
    second = [w for w in words(de) if w[1] > 105]
    assert second, "the second column holds text"
    en = " ".join(text(built["en"] / "aid.pdf").split())
    assert "Borderland in brief" in en and "Terrain Move Points" in en and "Kürze" not in en


def test_the_score_pad_has_twelve_numbered_rounds_and_a_sums_row_twice(built):
    pad = built["de"] / "pad.pdf"
    pages = text(pad).split("\f")
    assert len(pages) == 2 and pages[0] == pages[1]
    ws = [w[0] for w in words(pad)]
    assert ws[ws.index("Runde") + 1:ws.index("Runde") + 13] == [str(n) for n in range(1, 13)]
    assert "Summe" in ws and "Total" in " ".join(text(built["en"] / "pad.pdf").split())


TILED = {"map.pdf"}  # text extraction also reports what a tile's window clips: its ink is measured instead


def test_every_text_is_6_pt_or_more_and_6_mm_from_the_paper_edge(built):
    from pdfread import rasters

    for pdf in sorted(built["de"].glob("*.pdf")):
        for i, ch, size, x0, y0, x1, y1, w, h in _chars(pdf):
            assert size >= 5.95, (pdf.name, i, ch, size)
            assert pdf.name in TILED or min(x0, y0, w - x1, h - y1) >= 5.9, (pdf.name, i, ch, x0, y0, x1, y1)
    band = round(6 * 100 / 25.4)
    for name in TILED:
        for i, im in enumerate(rasters(built["de"] / name, 100)):
            grey = im.convert("L")
            w, h = grey.size
            for box in ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h)):
                assert grey.crop(box).getextrema()[0] >= 250, (name, i, box)


def test_the_map_is_tiled_over_four_a4_pages_with_every_hex_label_and_the_track(built):
    pdf = built["de"] / "map.pdf"
    assert _sizes(pdf) == [(297.0, 210.0)] * 4
    seen = {w[0] for i in range(4) for w in words(pdf, i)}
    hexes = {f"{c}{r}" for c in "ABCDEFGHIJKL" for r in range(1, 10)}
    assert hexes <= seen, sorted(hexes - seen)
    assert {str(n) for n in range(51)} <= seen  # the track's spaces 0..50


def test_the_road_map_names_every_town(built):
    page = " ".join(text(built["de"] / "roads.pdf").split())
    for town in ("Nordhafen", "Altburg", "Furtheim", "Hohenstein", "Südmark", "Westtal"):
        assert town in page


def test_the_print_guide_names_each_file(built):
    guide = " ".join(text(built["de"] / "print-guide.pdf").split())
    for row in ("aid.pdf Spielhilfe 1 einseitig", "pad.pdf Wertungsblock 2 einseitig"):
        assert row in guide, (row, guide)
    assert "Druckanleitung – Grenzland" in guide
    assert "Print guide – Borderland" in " ".join(text(built["en"] / "print-guide.pdf").split())
