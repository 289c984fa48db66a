"""Render benchmark: a synthetic deck through pnp vs. a bare-reportlab floor.

    python benchmarks/bench_render.py [--cards 500] [--out /tmp/bench]

Each card: bleed background, colour band, title, cost numeral, copies
"4×", a vector icon; 3×3 on A4 with crop marks and duplex backs. The floor
draws the same primitives straight with the reportlab canvas. Prints
seconds (wall and CPU: CPU time is steadier on a busy machine), ms per card, the ratio, peak memory (max RSS of each run) and the
wall time of the whole `pnp`-style run including interpreter start-up.
Target: pnp per card within 3× the floor; 500 cards < 1.5 s with start-up.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

COLOURS = ["#c0392b", "#2471a3", "#229954", "#b9770e"]


def pnp_deck(n: int, path: str) -> None:
    from pnp.backends.pdf import write_pdf
    from pnp.imposition.grid import impose
    from pnp.imposition.items import Item, SheetSpec
    from pnp.scene import Group, Path as P, Rect, Text, color, style, translate

    icon = P(style=style(fill="black"))
    icon.move(10, 0).line(30, 0).line(30, -8).line(45, 6).line(30, 20).line(30, 12).line(10, 12).close()
    white, back_fill = style(fill="white"), style(fill="#333366")
    bands = [style(fill=c) for c in COLOURS]  # a component parses its card type's colours once

    def card(i: int) -> Item:
        band = bands[i % 4]

        def front(bleed: float) -> Group:
            g = Group()
            g.add(Rect(-bleed, -bleed, 63 + 2 * bleed, 88 + 2 * bleed, white))
            g.add(Rect(-bleed, -bleed, 63 + 2 * bleed, 14 + bleed, band))
            g.add(Text(31.5, 10, f"Karte {i}", size=12, weight="bold", anchor="middle", fill=color("white")))
            g.add(Text(5, 82, str(i % 3), size=20, weight="bold"))
            g.add(Text(58, 82, "4×", size=10, anchor="end"))
            g.add(Group([icon], transform=translate(4, 40)))
            return g

        def back(bleed: float) -> Group:
            return Group([Rect(-bleed, -bleed, 63 + 2 * bleed, 88 + 2 * bleed, back_fill),
                          Text(31.5, 46, "pnp", size=16, weight="bold", anchor="middle", fill=color("white"))])

        return Item(63, 88, front, back, label=f"c{i}")

    sheet = SheetSpec(paper="a4", orientation="portrait", bleed=3, duplex="long")
    write_pdf(impose((card(i) for i in range(n)), sheet), path, title="bench")


def floor_deck(n: int, path: str) -> None:
    from reportlab import rl_config
    from reportlab.lib.units import mm
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    rl_config.useA85 = 0  # binary streams, as pnp writes them: compare like with like
    root = Path(__file__).resolve().parent.parent / "fonts"
    pdfmetrics.registerFont(TTFont("F", str(root / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont("FB", str(root / "DejaVuSans-Bold.ttf")))
    from reportlab.lib.colors import HexColor, black, white

    c = Canvas(path, pagesize=(210 * mm, 297 * mm), invariant=1)
    bands, back_col = [HexColor(h) for h in COLOURS], HexColor("#333366")  # parsed once, like pnp
    x0, y0 = (210 - 3 * 63) / 2, (297 - 3 * 88) / 2

    def marks():  # at every cut line, in the margin on all four sides
        c.setLineWidth(0.25)
        for k in range(4):
            x = (x0 + k * 63) * mm
            c.line(x, 2 * mm, x, (y0 - 4) * mm)
            c.line(x, (297 - 2) * mm, x, (297 - y0 + 4) * mm)
            y = (y0 + k * 88) * mm
            c.line(2 * mm, y, (x0 - 4) * mm, y)
            c.line((210 - 2) * mm, y, (210 - x0 + 4) * mm, y)

    for first in range(0, n, 9):
        chunk = range(first, min(n, first + 9))
        for i in chunk:
            j = i - first
            x, y = (x0 + (j % 3) * 63) * mm, (297 - y0 - (j // 3 + 1) * 88) * mm  # rows top-down
            c.setFillColor(white)
            c.rect(x - 3 * mm, y - 3 * mm, 69 * mm, 94 * mm, stroke=0, fill=1)
            c.setFillColor(bands[i % 4])
            c.rect(x - 3 * mm, y + 74 * mm, 69 * mm, 17 * mm, stroke=0, fill=1)
            c.setFillColor(white)
            c.setFont("FB", 12)
            c.drawCentredString(x + 31.5 * mm, y + 78 * mm, f"Karte {i}")
            c.setFillColor(black)
            c.setFont("FB", 20)
            c.drawString(x + 5 * mm, y + 6 * mm, str(i % 3))
            c.setFont("F", 10)
            c.drawRightString(x + 58 * mm, y + 6 * mm, "4×")
            p = c.beginPath()
            for k, (px, py) in enumerate([(10, 0), (30, 0), (30, -8), (45, 6), (30, 20), (30, 12), (10, 12)]):
                (p.moveTo if k == 0 else p.lineTo)(x + (4 + px) * mm, y + (48 - py) * mm)
            p.close()
            c.drawPath(p, stroke=0, fill=1)
        marks()
        c.showPage()
        for i in chunk:
            j = i - first
            x, y = (x0 + (2 - j % 3) * 63) * mm, (297 - y0 - (j // 3 + 1) * 88) * mm
            c.setFillColor(back_col)
            c.rect(x - 3 * mm, y - 3 * mm, 69 * mm, 94 * mm, stroke=0, fill=1)
            c.setFillColor(white)
            c.setFont("FB", 16)
            c.drawCentredString(x + 31.5 * mm, y + 42 * mm, "pnp")
        c.showPage()
    c.save()


def run_child(which: str, n: int, out: Path) -> tuple[float, float, float, float]:
    """Run one variant in a fresh interpreter:
    (wall s incl. start-up, drawing wall s, drawing CPU s, peak RSS MB)."""
    t = time.perf_counter()
    res = subprocess.run([sys.executable, __file__, "--cards", str(n), "--out", str(out), "--child", which],
                         check=True, capture_output=True, text=True, env=dict(os.environ, PYTHONHASHSEED="0"))
    wall = time.perf_counter() - t
    draw, cpu, rss = (float(v) for v in res.stdout.split())
    return wall, draw, cpu, rss


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", type=int, default=500)
    ap.add_argument("--out", default=tempfile.gettempdir())
    ap.add_argument("--repeat", type=int, default=3,
                    help="runs per variant; the fastest counts (the machine may be busy)")
    ap.add_argument("--child", choices=["pnp", "floor"], help=argparse.SUPPRESS)
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.child:
        fn = pnp_deck if args.child == "pnp" else floor_deck
        fn(9, str(out / f"warm-{args.child}.pdf"))  # font parsing and imports, once
        t, cpu = time.perf_counter(), time.process_time()
        fn(args.cards, str(out / f"bench-{args.child}.pdf"))
        import resource

        print(f"{time.perf_counter() - t:.6f} {time.process_time() - cpu:.6f} "
              f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.1f}")
        return
    n = args.cards
    runs = {k: [run_child(k, n, out) for _ in range(max(1, args.repeat))] for k in ("floor", "pnp")}
    f_wall, f_draw, f_cpu, f_rss = (min(col) for col in zip(*runs["floor"]))
    p_wall, p_draw, p_cpu, p_rss = (min(col) for col in zip(*runs["pnp"]))
    print(f"cards: {n} (3x3 on A4, crop marks, duplex backs); best of {max(1, args.repeat)} runs")
    print(f"pnp:   {p_draw:.3f} s drawing ({p_cpu:.3f} s CPU)  {1000 * p_cpu / n:.3f} ms/card CPU  "
          f"run incl. start-up {p_wall:.3f} s  peak RSS {p_rss:.0f} MB")
    print(f"floor: {f_draw:.3f} s drawing ({f_cpu:.3f} s CPU)  {1000 * f_cpu / n:.3f} ms/card CPU  "
          f"run incl. start-up {f_wall:.3f} s  peak RSS {f_rss:.0f} MB (bare reportlab canvas)")
    print(f"ratio: {p_cpu / f_cpu:.2f}x CPU, {p_draw / f_draw:.2f}x wall  (target <= 3x)")
    if n == 500:
        print(f"target 500 cards < 1.5 s incl. start-up: {'met' if p_wall < 1.5 else 'NOT met'}")


if __name__ == "__main__":
    main()
