"""The print guide every build adds: each PDF with its pages, sides, flip edge and paper, the cutting
order, a 100 mm ruler; in the game's language; double-sided files listed as such."""
from __future__ import annotations

import json

from pdfread import raster, text, words
from tests.sheets.conftest import build

FILES = {
    "pad.yaml": """
        kind: sheet
        title: {de: Wertungsblock, en: Score pad}
        elements: [{type: table, frame: safe, rows: 4, columns: [A, B]}]
    """,
    "map.yaml": """
        kind: sheet
        title: {de: Karte, en: Map}
        size: 420x297
        elements: [{type: rect, frame: bleed, fill: "#e8e0c8"}]
    """,
    "role.yaml": """
        kind: sheet
        title: Rolle
        size: a6
        records: [{n: 1}, {n: 2}, {n: 3}]
        elements: [{type: text, frame: safe, h: 8, text: "Rolle {n}", size: 12}]
    """,
    "tokens.yaml": """
        kind: counters
        name: tokens
        title: {de: Steine, en: Tokens}
        size: 15
        counters:
          - {id: a, label: A, count: 4}
          - {id: b, label: B, count: 2, back: {label: B2}}
    """,
}


def test_the_guide_lists_every_file_with_its_sides_paper_and_cutting_order(sheet_game, tmp_path):
    code, out = build(sheet_game(FILES), tmp_path / "o", "-f", "pdf")
    assert code == 0, out
    guide = tmp_path / "o/g/print-guide.pdf"
    page = " ".join(text(guide).split())
    assert "Druckanleitung – G" in page and "Maßstab prüfen" in page
    for row in ("pad.pdf Wertungsblock 1 einseitig Papier 80–120 g/m²",
                "map.pdf Karte 4 einseitig Papier 120–160 g/m², auf Pappe",
                "role.pdf Rolle · 3 Teile 2 einseitig Karton 250–300 g/m²",
                "tokens.pdf Steine · 4 Teile 1 einseitig Karton",
                "tokens-duplex.pdf Steine (doppelseitig) · 2 Teile 2 beidseitig, Wenden an der langen Kante"):
        assert row in page, (row, page)
    cutting = page.split("Schneiden, in dieser Reihenfolge")[1]
    order = [cutting.index(f) for f in ("map.pdf", "role.pdf", "tokens.pdf", "tokens-duplex.pdf")]
    assert order == sorted(order)  # the board is taped first, then the pieces are cut
    manifest = json.loads((tmp_path / "o/g/manifest.json").read_text())
    by_file = {e["file"]: e for e in manifest["files"]}
    assert by_file["tokens-duplex.pdf"]["duplex"] == "long" and by_file["tokens.pdf"]["duplex"] is None
    assert by_file["print-guide.pdf"]["asset"] == "print-guide"


def test_the_ruler_measures_100_mm(sheet_game, tmp_path):
    assert build(sheet_game({"pad.yaml": FILES["pad.yaml"]}), tmp_path / "o", "-f", "pdf")[0] == 0
    guide = tmp_path / "o/g/print-guide.pdf"
    ws = {w[0]: w for w in words(guide)}
    zero, hundred = ws["0"], ws["100"]
    assert abs((hundred[1] + hundred[3]) / 2 - zero[1] - 100) < 1.0  # the numbers run from 0 to 100 mm
    dpi = 300
    k = dpi / 25.4
    y_mm = zero[2] - 1.0  # only the long ticks reach down to just above the numbers
    img = raster(guide, dpi, aa=False)
    row = [x for x in range(img.width) if sum(img.getpixel((x, round(y_mm * k)))) < 300]
    ticks = [x for i, x in enumerate(row) if i == 0 or x - row[i - 1] > 2]
    assert len(ticks) == 11  # the long ticks at 0, 10, ..., 100 mm
    assert abs((ticks[-1] - ticks[0]) / k - 100.0) < 0.2


def test_the_guide_speaks_the_games_language_and_says_when_the_sides_are_short_edge(sheet_game, tmp_path):
    code, out = build(sheet_game(FILES), tmp_path / "o", "-f", "pdf", "--lang", "en", "--duplex", "short")
    assert code == 0, out
    page = " ".join(text(tmp_path / "o/g/print-guide.pdf").split())
    assert "Print guide – G" in page and "Check the scale" in page
    assert "double-sided, flip on the short edge" in page and "single-sided" in page and "Druck" not in page


def test_no_guide_without_a_pdf_and_a_name_it_may_not_take(sheet_game, tmp_path):
    data = sheet_game({"pad.yaml": FILES["pad.yaml"]})
    assert build(data, tmp_path / "o", "-f", "svg")[0] == 0
    assert not (tmp_path / "o/g/print-guide.pdf").exists()
    taken = sheet_game({"x.yaml": FILES["pad.yaml"].replace("kind: sheet", "kind: sheet\n        name: print-guide")},
                       name="h")
    code, out = build(taken, tmp_path / "p", "-f", "pdf", game="h")
    assert code == 2 and "the asset name 'print-guide' is the print guide pnp adds" in out, out


def test_a_file_mixing_pages_on_their_own_with_pairs_gets_blank_backs(sheet_game, tmp_path):
    rules = '''
        from pnp.model.assets import Asset
        from pnp.scene import Group, Page, Text

        def _page(label, side):
            return Page(210, 297, Group([Text(20, 30, label, size=12)]), label=label, side=side)

        def build(game, opts):
            yield Asset("mixed", "Gemischt", lambda: [_page("einzeln", ""), _page("vorne", "front"),
                                                      _page("hinten", "back"), _page("noch eins", "")])
    '''
    code, out = build(sheet_game({}, rules=rules), tmp_path / "o", "-f", "pdf")
    assert code == 0, out
    pages = [" ".join(p.split()) for p in text(tmp_path / "o/g/mixed.pdf").split("\f")]
    assert pages == ["einzeln", "", "vorne", "hinten", "noch eins", ""]  # each page on its own has a blank back
    manifest = json.loads((tmp_path / "o/g/manifest.json").read_text())
    assert {e["file"]: e["duplex"] for e in manifest["files"]}["mixed.pdf"] == "long"
    assert "mixed.pdf Gemischt 6 beidseitig" in " ".join(text(tmp_path / "o/g/print-guide.pdf").split())
