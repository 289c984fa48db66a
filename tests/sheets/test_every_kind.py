"""Every registered element kind draws on a sheet: one box of the page per kind, each inked."""
from __future__ import annotations

import io

from PIL import Image

from pdfread import raster, text
from pnp.layout.vocabulary import kinds
from tests.sheets.conftest import build

# one placed example per element type, in a box of its own (the test below places them)
EXAMPLES = {
    "rect": "{type: rect, fill: '#777777'}",
    "ellipse": "{type: ellipse, fill: '#777777'}",
    "circle": "{type: circle, fill: '#777777'}",
    "line": "{type: line, points: [[0, 0], ['100%', '100%']], stroke: black, stroke_width: 1}",
    "polygon": "{type: polygon, points: [[0, 0], ['100%', 0], [0, '100%']], fill: '#777777'}",
    "text": "{type: text, text: Texte, size: 12}",
    "textbox": "{type: textbox, text: '**Kasten** mit Text', size: 10}",
    "symbol": "{type: symbol, symbol: coin}",
    "image": "{type: image, src: art.png}",
    "icons": "{type: icons, icon: coin, count: 3}",
    "group": "{type: group, elements: [{type: rect, fill: '#777777'}]}",
    "table": "{type: table, rows: 2, columns: [Spieler, Punkte]}",
    "document": "{type: document, text: '**Dokument** mit Text'}",
    "ruler": "{type: ruler}",
    "grid": "{type: grid, shape: hex, cols: 4, rows: 2, label: '{at}'}",
    "track": "{type: track, from: 0, to: 15, size: 7}",
    "registration": "{type: registration}",
    "star": "{type: star, fill: '#777777'}",
    "arc": "{type: arc, stroke: black, stroke_width: 1}",
    "path": "{type: path, d: 'M0 0 L 50 25 L 0 25 Z', fill: '#777777'}",
    "network": "{type: network, nodes: [{id: a, name: Ort, x: 0, y: 0}, {id: b, name: Stadt, x: 10, y: 5}], "
               "edges: [{from: a, to: b}]}",
    "bars": "{type: bars, bars: [{n: 3}, {n: 5}, {n: 2}], value: '{n}', label: '{n}', fill: '#777777'}",
}


def test_every_registered_kind_draws_on_a_sheet(sheet_game, tmp_path):
    registered = {k.names[0] for k in kinds()}
    assert registered <= set(EXAMPLES), f"give the new kind an example here: {registered - set(EXAMPLES)}"
    names = [name for name in EXAMPLES if name in registered]  # placed in the order written above
    boxes, elements = [], []
    for i, name in enumerate(names):  # 3 columns of 60 x 30 mm boxes from (12, 12)
        x, y = 12 + (i % 3) * 64, 12 + (i // 3) * 34
        boxes.append((name, x, y))
        elements.append(f"  - {EXAMPLES[name][:-1]}, x: {x}, y: {y}, w: 60, h: 30}}\n")
    png = io.BytesIO()
    Image.new("RGB", (60, 30), (90, 90, 90)).save(png, "PNG")
    data = sheet_game({"symbols.yaml": """
        kind: symbols
        title: S
        symbols:
          - {id: coin, name: Münze, parts: [{type: square, size: 70, fill: true}]}
    """, "art.png": png.getvalue(), "all.yaml": "kind: sheet\nelements:\n" + "".join(elements)})
    code, out = build(data, tmp_path / "o", "-f", "pdf")
    assert code == 0, out
    pdf = tmp_path / "o/g/all.pdf"
    page = text(pdf)
    for word in ("Texte", "Kasten", "Spieler", "Punkte", "Dokument"):
        assert word in page
    for name, x, y in boxes:
        im = raster(pdf, 50, crop_mm=(x, y, x + 60, y + 30)).convert("L")
        assert im.getextrema()[0] < 160, f"{name} drew nothing in its box"
