"""Speed, memory and file size of a deck with art and of a deck in the classic look, each against a
bare-reportlab floor drawing the same cards in the same run.

    python benchmarks/bench_art.py [--runs 5] [--quick]

The deck with art is the starter example (examples/starter-deck) with 500 rows of its own SVG and PNG
art, two copies each: 1,000 cards, 112 sheets. Its floor is a plain reportlab script that draws
the same cards — ground and panel in the type's colour, name, a row of coins, the picture in its
window, two lines of rule text, the type in words; 3 x 3 on A4 with crop marks — reading each
distinct picture once (svglib for SVG) and placing it as a form XObject, as a careful hand-written
script would (a PNG or JPEG by its file name, so reportlab writes a JPEG as it is). The deck of
photos is the same deck with 40 rows, each a different 12-megapixel JPEG as a phone takes them. The classic deck is 500 unique cards in the shipped classic look (the deck names no
layout): four categories with their colours and marks, a symbol of the game's own on a tint, the
cost in the badge and in words, the name, rule text and the footer; its floor draws the same, each
symbol once per colour as a form XObject. pnp and the floor take turns, run for run (see
bench_speed.py), and the ratio is the median of the pairs' ratios; "cpu" is the same for processor
time (user + system, pnp's forked drawer included), which a busy machine disturbs far less than
wall-clock time. pnp runs with its defaults (every core) after one untimed first build, so every
timed run is a designer's rebuild with a warm cache. Targets from issue #32 are printed beside each row.
"""
from __future__ import annotations

import csv
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_speed import (CPU_RATIO, FLOOR as CARDS_FLOOR, ISSUE_FLOOR, PLACE, PNP, ROOT, arguments,  # noqa: E402
                         compile_pnp, paired, run)

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
from reportlab import rl_config
rl_config.useA85 = 0  # pictures as binary streams: reportlab's ASCII85 text takes seconds for a few photos
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
        else:  # by file name: reportlab writes a JPEG as it is and names it without decoding it
            c.drawImage(path, 0, 0, 1, 1, mask="auto")
            w, h = ImageReader(path).getSize()
            forms[name] = w / h
        c.endForm()
    return name.replace("/", "_"), forms[name]
for i, card in enumerate(cards):
    #PLACE
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
'''.replace("    #PLACE\n", PLACE)


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


PHOTOS = r"""
import csv, sys
import numpy as np
from PIL import Image
game, photos = sys.argv[1], int(sys.argv[2])
rng = np.random.default_rng(7)
x, y = np.meshgrid(np.linspace(0, 1, 4032, dtype=np.float32), np.linspace(0, 1, 3024, dtype=np.float32))
with open(game + "/cards.csv", encoding="utf-8") as fh:
    head, *body = list(csv.reader(fh))
for i, row in enumerate(body):
    shade = (i + 1) / photos
    rgb = np.stack([x * 255 * shade, y * 230, (x + y) * 100 + 20], -1) + rng.normal(0, 6, (3024, 4032, 1))
    Image.fromarray(np.clip(rgb, 0, 255).astype(np.uint8)).save(f"{game}/art/photo{i}.jpg", quality=88)
    row[4] = f"art/photo{i}.jpg"
with open(game + "/cards.csv", "w", newline="", encoding="utf-8") as fh:
    csv.writer(fh).writerows([head, *body])
"""


def make_photo_game(folder: Path, photos: int, name: str) -> Path:
    """The starter deck as game ``name`` with ``photos`` rows, two copies each, every row a
    different 12-megapixel JPEG photo (4,032 x 3,024, as a phone takes them; about 3 MB each).
    Made in a process of its own: the arrays would raise this one's peak memory, which every
    process it starts afterwards inherits as its own starting peak."""
    import subprocess

    game = make_art_game(folder, photos, name)
    subprocess.run([sys.executable, "-c", PHOTOS, str(game), str(photos)], check=True)
    return game


# ------------------------------------------------------------------ the classic look

# Four categories (colour, ink, tint, edge, mark), as the classic layout derives them from a deck's
# `categories`, and six symbols drawn from paths in their 100 x 100 box (origin top-left, y down).
CLASSIC_CATS = [("bewegen", "Bewegen", "#0b4f8a", "circle"), ("drehen", "Drehen", "#f0c419", "triangle"),
                ("schieben", "Schieben", "#d55e00", "diamond"), ("tauschen", "Tauschen", "#8a3a8f", "square")]
CLASSIC_SYMBOLS = {
    "pfeil": [("M 10 44 L 62 44 L 62 26 L 92 50 L 62 74 L 62 56 L 10 56 Z", True, 0)],
    "kreis": [("M 90 50 C 90 72 72 90 50 90 C 28 90 10 72 10 50 C 10 28 28 10 50 10 C 72 10 90 28 90 50 Z", False, 8),
              ("M 62 50 C 62 57 57 62 50 62 C 43 62 38 57 38 50 C 38 43 43 38 50 38 C 57 38 62 43 62 50 Z", True, 0)],
    "turm": [("M 25 90 L 75 90 L 70 40 L 30 40 Z", True, 0),
             ("M 22 40 L 22 15 L 35 15 L 35 25 L 45 25 L 45 15 L 55 15 L 55 25 L 65 25 L 65 15 L 78 15 L 78 40 Z",
              True, 0)],
    "welle": [("M 5 40 C 20 20 35 20 50 40 C 65 60 80 60 95 40", False, 8),
              ("M 5 65 C 20 45 35 45 50 65 C 65 85 80 85 95 65", False, 8)],
    "stern": [("M 50 4 L 61 38 L 97 38 L 68 60 L 79 95 L 50 73 L 21 95 L 32 60 L 3 38 L 39 38 Z", True, 0)],
    "tor": [("M 15 90 L 15 40 C 15 15 85 15 85 40 L 85 90", False, 10), ("M 15 60 L 85 60", False, 6)],
}
CLASSIC_TEXTS = ["Deine Figur geht ein Feld weiter.",
                 "Tausche zwei Karten deiner Hand mit der Auslage und ziehe dann eine Karte nach.",
                 "Drehe ein Plättchen um eine Vierteldrehung.",
                 "Schiebe eine Reihe um ein Feld; was hinausfällt, kommt auf der anderen Seite wieder herein."]


def make_classic_game(folder: Path, n: int, name: str) -> Path:
    """A deck of ``n`` unique cards in the shipped classic look: four categories with their marks,
    a symbol from the game's symbols file, the cost in the badge and in words, rule text."""
    game = folder / name
    shutil.rmtree(game, ignore_errors=True)
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(f"name: {name}\ntitle: Klassisch\nlang: de\n", encoding="utf-8")
    parts = "".join(f"  - id: {sid}\n    name: {sid}\n    parts:\n" + "".join(
        f"      - {{type: path, {'fill: true' if fill else f'width: {width}'}, d: \"{d}\"}}\n"
        for d, fill, width in shapes) for sid, shapes in CLASSIC_SYMBOLS.items())
    (game / "symbols.yaml").write_text(f"kind: symbols\ntitle: Symbole\nink: \"#1a1a1a\"\nsymbols:\n{parts}",
                                       encoding="utf-8")
    cats = "".join(f"  - {{id: {i}, name: {nm}, colour: \"{col}\", mark: {mark}}}\n" for i, nm, col, mark in CLASSIC_CATS)
    (game / "deck.yaml").write_text("kind: deck\nname: deck\ntitle: Klassisch\ncards: cards.csv\nback: none\n"
                                    f"cost_label: Kosten\ncategories:\n{cats}", encoding="utf-8")
    symbols = list(CLASSIC_SYMBOLS)
    with open(game / "cards.csv", "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["id", "name", "category", "cost", "symbol", "text"])
        for i in range(n):
            w.writerow([f"k{i}", f"Karte {i}", CLASSIC_CATS[i % 4][0], i % 4, symbols[i % len(symbols)],
                        CLASSIC_TEXTS[i % len(CLASSIC_TEXTS)]])
    return game


CLASSIC_FLOOR = r'''
import csv, re, sys
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
game, out, font_dir = sys.argv[1], sys.argv[2], sys.argv[3]
pdfmetrics.registerFont(TTFont("R", font_dir + "/DejaVuSans.ttf"))
pdfmetrics.registerFont(TTFont("B", font_dir + "/DejaVuSans-Bold.ttf"))
CATS, SYMBOLS = %r, %r
MARKS = {"circle": [("M 96 50 C 96 75.4 75.4 96 50 96 C 24.6 96 4 75.4 4 50 C 4 24.6 24.6 4 50 4 C 75.4 4 96 24.6 96 50 Z", True, 0)],
         "square": [("M 8 8 L 92 8 L 92 92 L 8 92 Z", True, 0)],
         "triangle": [("M 50 6 L 96.8 87 L 3.2 87 Z", True, 0)],
         "diamond": [("M 50 -2.5 L 102.5 50 L 50 102.5 L -2.5 50 Z", True, 0)]}
INK = {"#0b4f8a": "white", "#f0c419": "#1a1a1a", "#d55e00": "white", "#8a3a8f": "white"}
TINT = {"#0b4f8a": ("#dde6ef", "#85a7c4"), "#f0c419": ("#fdf7df", "#f8e28c"), "#d55e00": ("#f9e8db", "#eaae80"),
        "#8a3a8f": ("#efe3ef", "#c49cc7")}
cat = {c[0]: c for c in CATS}
c = Canvas(out, pagesize=(210 * mm, 297 * mm))
forms = {}
def symbol(shapes, colour, x, y, w, h):  # each symbol drawn once per colour as a form XObject, placed by every card
    key = (str(shapes), colour)
    if key not in forms:
        name = forms[key] = "f%%d" %% len(forms)
        c.beginForm(name, 0, 0, 100, 100)
        c.translate(0, 100); c.scale(1, -1)
        c.setFillColor(colour); c.setStrokeColor(colour)
        for d, fill, width in shapes:
            p, t = c.beginPath(), re.findall(r"[MLCZ]|-?[\d.]+", d)
            i = 0
            while i < len(t):
                op = t[i]; i += 1
                if op == "M": p.moveTo(float(t[i]), float(t[i + 1])); i += 2
                elif op == "L": p.lineTo(float(t[i]), float(t[i + 1])); i += 2
                elif op == "C": p.curveTo(*map(float, t[i:i + 6])); i += 6
                else: p.close()
            c.setLineWidth(width)
            c.drawPath(p, stroke=not fill, fill=fill)
        c.endForm()
    c.saveState(); c.translate(x, y); c.scale(w / 100, h / 100)
    c.doForm(forms[key]); c.restoreState()
for i, card in enumerate(csv.DictReader(open(game + "/cards.csv", encoding="utf-8"))):
    #PLACE
    _, label, col, mark = cat[card["category"]]
    ink, (tint, edge) = INK[col], TINT[col]
    top = y + 88 * mm
    c.setFillColor("white"); c.rect(x - 3 * mm, y - 3 * mm, 69 * mm, 94 * mm, stroke=0, fill=1)
    c.setFillColor(col); c.rect(x - 3 * mm, top - 16 * mm, 69 * mm, 19 * mm, stroke=0, fill=1)
    symbol(MARKS[mark], ink, x + 4 * mm, top - 12.5 * mm, 9 * mm, 9 * mm)
    c.setFillColor(ink); c.setFont("B", 12); c.drawString(x + 15 * mm, top - 9.5 * mm, label)
    c.setFillColor("white"); c.setStrokeColor("#1a1a1a"); c.setLineWidth(0.5 * mm)
    c.circle(x + 53.5 * mm, top - 8 * mm, 6.6 * mm, stroke=1, fill=1)
    c.setFillColor("#1a1a1a"); c.setFont("B", 22); c.drawCentredString(x + 53.5 * mm, top - 10.7 * mm, card["cost"])
    c.setFont("B", 14); c.drawCentredString(x + 31.5 * mm, top - 23.5 * mm, card["name"])
    c.setFillColor(tint); c.setStrokeColor(edge); c.setLineWidth(0.3 * mm)
    c.roundRect(x + 11.5 * mm, top - 65 * mm, 40 * mm, 40 * mm, 3 * mm, stroke=1, fill=1)
    symbol(SYMBOLS[card["symbol"]], "#1a1a1a", x + 14 * mm, top - 62.5 * mm, 35 * mm, 35 * mm)
    c.setFillColor("#1a1a1a"); c.setFont("R", 7.5)
    for k, line in enumerate(simpleSplit(card["text"], "R", 7.5, 53 * mm)):
        c.drawCentredString(x + 31.5 * mm, top - (70 + k * 3.05) * mm, line)
    c.setFillColor(col); c.rect(x - 3 * mm, y - 3 * mm, 69 * mm, 12 * mm, stroke=0, fill=1)
    symbol(MARKS[mark], ink, x + 3.9 * mm, y + 3.9 * mm, 4.2 * mm, 4.2 * mm)
    c.setFillColor(ink); c.setFont("B", 11); c.drawString(x + 9.5 * mm, y + 4 * mm, "1×")
    c.setFont("R", 8.5); c.drawRightString(x + 59 * mm, y + 4 * mm, "Kosten: " + card["cost"])
c.save()
'''.replace("    #PLACE\n", PLACE.replace("%", "%%")) % (CLASSIC_CATS, CLASSIC_SYMBOLS)

def main() -> None:
    runs, quick = arguments(__doc__)
    compile_pnp()
    work = Path(tempfile.mkdtemp(prefix="pnp-bench-art-"))
    data = work / "data"
    fonts = str(ROOT / "fonts")
    (work / "floor.py").write_text(FLOOR, encoding="utf-8")
    (work / "classic.py").write_text(CLASSIC_FLOOR, encoding="utf-8")

    def job(name: str, floor_py: str, pdf: str) -> tuple:
        """(pnp (median s, peak MB, best s), ratio, floor (median s, peak MB), PDF size / floor's)."""
        floor_pdf = work / f"{name}-floor.pdf"
        floor = [sys.executable, str(work / floor_py), str(data / name), str(floor_pdf), fonts]
        cmd = [*PNP, "build", name, "--data", str(data), "--out", str(work / "out"), "-f", "pdf", "--duplex", "none"]
        run(cmd)  # the first build, untimed: every timed run is a rebuild (a deck of photos checks each photo once)
        got = paired(cmd, floor, runs)
        return (*got, CPU_RATIO[tuple(cmd)], (work / "out" / name / pdf).stat().st_size / floor_pdf.stat().st_size)

    rows, mem = [], {}
    make_classic_game(data, 500, "classic500")
    rows.append(("500 cards of the classic look, PDF", *job("classic500", "classic.py", "deck.pdf"), "<= 2.5x"))
    make_photo_game(data, 40, "photos40")
    rows.append(("40 phone photos (12 MP JPEG, 80 cards), PDF", *job("photos40", "floor.py", "market.pdf"),
                 "<= 2x, size <= 1.2x"))
    for n in [500] if quick else [500, 2500]:
        make_art_game(data, n, f"art{n}")
        rows.append((f"{n} starter rows with art ({2 * n:,} cards), PDF", *job(f"art{n}", "floor.py", "market.pdf"),
                     "<= 2x, size <= 1.2x"))
        mem[n] = rows[-1][1][1]
    # pnp --help by turns with bench_speed's floor (500 plain cards), judged as there: 0.1 s where that floor took
    # ISSUE_FLOOR s
    (work / "cards.py").write_text(CARDS_FLOOR, encoding="utf-8")
    cards = [sys.executable, str(work / "cards.py"), "500", str(work / "cards.pdf"), fonts]
    (hwall, _, hbest), hratio, _ = paired([*PNP, "--help"], cards, runs)
    print(f"{'job':<44} {'pnp s':>7} {'best s':>7} {'floor s':>8} {'ratio':>6} {'cpu':>6} {'peak MB':>8} {'size':>6}  "
          "target")
    for name, (wall, mb, best), ratio, fl, cpu, size, target in rows:
        print(f"{name:<44} {wall:7.2f} {best:7.2f} {fl[0]:8.2f} {ratio:5.2f}x {cpu:5.2f}x {mb:8.0f} {size:5.2f}x  "
              f"{target}")
    if 2500 in mem:
        print(f"peak memory 5,000 / 1,000 cards with art: {mem[2500]:.0f} / {mem[500]:.0f} MB = "
              f"{mem[2500] / mem[500]:.2f} (target <= 1.3)")
    print(f"pnp --help: {hwall:.3f} s (best {hbest:.3f} s), {hratio:.2f}x the 500 plain cards' floor "
          f"(target <= 0.1 s, {0.1 / ISSUE_FLOOR:.2f}x)")

if __name__ == "__main__":
    main()
