"""Speed, memory and file size of a deck with art, against a bare-reportlab floor in the same run.

    python benchmarks/bench_art.py [--runs 5] [--quick]

The deck is the starter example (examples/starter-deck) with 500 rows of its own SVG and PNG
art, two copies each: 1,000 cards, 112 sheets. The floor is a plain reportlab script that draws
the same cards — ground and panel in the type's colour, name, a row of coins, the picture in its
window, two lines of rule text, the type in words; 3 x 3 on A4 with crop marks — reading each
distinct picture once (svglib for SVG) and placing it as a form XObject, as a careful hand-written
script would. pnp and the floor take turns, run for run (see bench_speed.py), and the ratio is the
median of the pairs' ratios. pnp runs with its defaults (every core, the cache warm after the first
run, as a designer's rebuild). Targets from issue #32 are printed beside each row.
"""
from __future__ import annotations

import csv
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_speed import PNP, ROOT, arguments, paired, run  # noqa: E402

STARTER = ROOT / "examples" / "starter-deck"

FLOOR = r'''
import csv, sys, textwrap
from reportlab.graphics import renderPDF
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from svglib.svglib import svg2rlg
game, out, font_dir = sys.argv[1], sys.argv[2], sys.argv[3]
pdfmetrics.registerFont(TTFont("R", font_dir + "/DejaVuSans.ttf"))
pdfmetrics.registerFont(TTFont("B", font_dir + "/DejaVuSans-Bold.ttf"))
COL = {"goods": "#2e7d32", "coin": "#b8860b", "event": "#6a1b9a"}
LABEL = {"goods": "Ware", "coin": "Münze", "event": "Ereignis"}
cards = []
for row in csv.DictReader(open(game + "/cards.csv", encoding="utf-8")):
    cards += [row] * int(row["copies"])
c = Canvas(out, pagesize=(210 * mm, 297 * mm))
forms = {}
def picture(name):  # each distinct picture read once, a form XObject drawn by every card
    if name not in forms:
        path = game + "/" + name
        c.beginForm(name.replace("/", "_"), 0, 0, 1, 1)
        if name.endswith(".svg"):
            d = svg2rlg(path)
            c.scale(1 / d.width, 1 / d.height)
            renderPDF.draw(d, c, 0, 0)
            forms[name] = d.width / d.height
        else:
            im = ImageReader(path)
            c.drawImage(im, 0, 0, 1, 1, mask="auto")
            w, h = im.getSize()
            forms[name] = w / h
        c.endForm()
    return name.replace("/", "_"), forms[name]
for i, card in enumerate(cards):
    slot = i % 9
    if i and slot == 0:
        c.showPage()
    x, y = (10.5 + (slot % 3) * 63) * mm, (297 - 16.5 - (slot // 3 + 1) * 88) * mm
    if slot == 0:
        for k in range(4):
            c.line((10.5 + k * 63) * mm, 4 * mm, (10.5 + k * 63) * mm, 8 * mm)
    col = COL[card["type"]]
    c.setFillColor(col); c.rect(x - 3 * mm, y - 3 * mm, 69 * mm, 94 * mm, stroke=0, fill=1)
    c.setFillColor("#fbf8ef"); c.roundRect(x + 3 * mm, y + 3 * mm, 57 * mm, 82 * mm, 2 * mm, stroke=0, fill=1)
    c.setFillColor("black"); c.setFont("B", 12); c.drawString(x + 5.5 * mm, y + 77 * mm, card["name"])
    c.setLineWidth(0.5)
    for k in range(int(card["cost"])):
        c.circle(x + (7.75 + k * 5.1) * mm, y + 72.75 * mm, 2 * mm, stroke=1, fill=0)
    c.setFillColor("white"); c.setStrokeColor("#555555")
    c.rect(x + 5 * mm, y + 40 * mm, 53 * mm, 30 * mm, stroke=1, fill=1)
    name, aspect = picture(card["art"])
    w, h = (53 * mm, 53 * mm / aspect) if aspect > 53 / 30 else (30 * mm * aspect, 30 * mm)
    c.saveState(); c.translate(x + 31.5 * mm - w / 2, y + 55 * mm - h / 2); c.scale(w, h); c.doForm(name)
    c.restoreState()
    c.setFillColor("black"); c.setFont("R", 9)
    for k, line in enumerate(textwrap.wrap(card["text"].replace(":coin:", "o"), 34)[:4]):
        c.drawCentredString(x + 31.5 * mm, y + (30 - k * 4) * mm, line)
    c.setFillColor(col); c.setFont("B", 7); c.drawCentredString(x + 31.5 * mm, y + 5.5 * mm, LABEL[card["type"]])
c.save()
'''


def make_art_game(folder: Path, rows: int, name: str) -> Path:
    """The starter deck as game ``name`` with ``rows`` rows (two copies each) of its own art."""
    game = folder / name
    shutil.rmtree(game, ignore_errors=True)
    shutil.copytree(STARTER, game)
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace("name: starter-deck", f"name: {name}"), encoding="utf-8")
    with open(STARTER / "cards.csv", encoding="utf-8") as fh:
        head, *body = list(csv.reader(fh))
    with open(game / "cards.csv", "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(head)
        for i in range(rows):
            r = list(body[i % len(body)])
            r[0], r[3] = f"{r[0]} {i}", "2"
            w.writerow(r)
    return game


def main() -> None:
    runs, quick = arguments(__doc__)
    work = Path(tempfile.mkdtemp(prefix="pnp-bench-art-"))
    data = work / "data"
    floor_py = work / "floor.py"
    floor_py.write_text(FLOOR, encoding="utf-8")
    sizes = [500] if quick else [500, 2500]
    rows, mem = [], {}
    for n in sizes:
        name = f"art{n}"
        game = make_art_game(data, n, name)
        floor_pdf = work / f"floor{n}.pdf"
        floor = [sys.executable, str(floor_py), str(game), str(floor_pdf), str(ROOT / "fonts")]
        cmd = [*PNP, "build", name, "--data", str(data), "--out", str(work / "out"), "-f", "pdf", "--duplex", "none"]
        (wall, mb, best), ratio, fl = paired(cmd, floor, runs)
        pdf = work / "out" / name / "market.pdf"
        size = pdf.stat().st_size / floor_pdf.stat().st_size
        mem[n] = mb
        target = "<= 2x"
        rows.append((f"{n} starter rows with art ({2 * n:,} cards), PDF", wall, best, fl[0], ratio, mb, size, target))
    print(f"{'job':<44} {'pnp s':>7} {'best s':>7} {'floor s':>8} {'ratio':>6} {'peak MB':>8} {'size':>6}  target")
    for name, wall, best, fl, ratio, mb, size, target in rows:
        print(f"{name:<44} {wall:7.2f} {best:7.2f} {fl:8.2f} {ratio:5.2f}x {mb:8.0f} {size:5.2f}x  {target}, "
              "size <= 1.2x")
    if 2500 in mem:
        print(f"peak memory 5,000 / 1,000 cards with art: {mem[2500]:.0f} / {mem[500]:.0f} MB = "
              f"{mem[2500] / mem[500]:.2f} (target <= 1.3)")
    print(f"pnp --help: {statistics.median(run([*PNP, '--help'])[0] for _ in range(runs)):.3f} s (target <= 0.1 s)")


if __name__ == "__main__":
    main()
