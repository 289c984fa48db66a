"""Scale benchmark: a generated deck of 500 and of 5,000 cards built through the real deck kind.

    python benchmarks/bench_scale.py [--cards 500,5000] [--types 50] [--out /tmp/bench-scale]

For each size a temporary game folder gets a ``kind: deck`` YAML (``--types`` card types,
copies so the deck has the requested number of cards, four categories, a symbol per type from
a ``kind: symbols`` file) and is built with ``pnp build`` in a fresh child process
(``--format pdf``: the imposed deck, 3x3 poker cards with duplex backs). The child reports
its wall/CPU time and its own peak RSS (``resource.getrusage(RUSAGE_SELF).ru_maxrss``); a
third child only imports pnp and loads the 5,000-card game, the fixed part of the memory.

Scenes are streamed page by page, but reportlab keeps the content stream of every finished
page as uncompressed text until it writes the file (it compresses only while saving). So peak
memory may grow by the total size of those streams (read back from the PDF with pypdf and
decompressed), not with the cards or their scenes: the script checks that the growth stays
under that plus 15 MB and exits 1 otherwise.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SLACK_MB = 15.0

SYMBOLS = textwrap.dedent("""\
    kind: symbols
    title: Bench
    symbols:
      - {id: pfeil, name: Pfeil, parts: [{type: arrow, direction: right}]}
      - {id: blitz, name: Blitz, parts: [{type: bolt}]}
      - {id: plus, name: Plus, parts: [{type: plus}]}
      - {id: quadrat, name: Quadrat, parts: [{type: nested-squares, sizes: [90, 60]}]}
    """)
CATEGORIES = [("gehen", "#0b4f8a", "circle"), ("drehen", "#f0c419", "triangle"),
              ("schieben", "#d55e00", "diamond"), ("tauschen", "#8a3a8f", "square")]
SYMBOL_IDS = ["pfeil", "blitz", "plus", "quadrat"]


def deck_yaml(cards: int, types: int) -> str:
    if cards % types:
        raise SystemExit(f"--cards {cards} is not a multiple of --types {types}")
    copies = cards // types
    lines = ["kind: deck", "name: deck", "title: {de: Bench-Deck, en: Bench deck}", "card: poker", "categories:"]
    lines += [f"  - {{id: {c}, name: {c.title()}, colour: \"{col}\", mark: {mark}}}" for c, col, mark in CATEGORIES]
    lines.append("cards:")
    for i in range(types):
        cat = CATEGORIES[i % len(CATEGORIES)][0]
        lines += [f"  - id: karte-{i}", f"    name: {{de: Karte {i}, en: Card {i}}}", f"    category: {cat}",
                  f"    copies: {copies}", f"    cost: {i % 4}", f"    symbol: {SYMBOL_IDS[i % 4]}",
                  f"    text: {{de: Regeltext der Karte {i} mit ein paar Wörtern mehr., "
                  f"en: Rule text of card {i} with a few more words.}}"]
    lines += ["back: {title: Bench, symbol: quadrat}"]
    return "\n".join(lines) + "\n"


def make_game(data: Path, cards: int, types: int) -> None:
    g = data / "bench"
    g.mkdir(parents=True, exist_ok=True)
    (g / "game.yaml").write_text("name: bench\ntitle: Bench\n", encoding="utf-8")
    (g / "symbols.yaml").write_text(SYMBOLS, encoding="utf-8")
    (g / "deck.yaml").write_text(deck_yaml(cards, types), encoding="utf-8")


CHILD = r"""
import json, resource, sys, time
from pathlib import Path
mode, data, out = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
t0, c0 = time.perf_counter(), time.process_time()
from pnp.assets import BuildOptions
from pnp.build import build_games, collect_assets
from pnp.game import discover
games = list(discover(data).values())
result = {}
if mode == "build":
    written = build_games(games, BuildOptions(), ["pdf"], out)
    deck = next(w for w in written if w.path.name == "deck.pdf")
    result = {"pages": deck.pages, "pdf_bytes": deck.bytes}
else:  # load only: imports, YAML, validation, the asset list
    collect_assets(games[0], BuildOptions())
result.update(wall=time.perf_counter() - t0, cpu=time.process_time() - c0,
              maxrss_kb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
print(json.dumps(result))
"""


def child(mode: str, data: Path, out: Path) -> dict:
    r = subprocess.run([sys.executable, "-c", CHILD, mode, str(data), str(out)], capture_output=True, text=True,
                       cwd=ROOT)
    if r.returncode:
        raise SystemExit(f"child failed:\n{r.stderr[-3000:]}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def content_bytes(pdf: Path) -> int:
    """Total decompressed size of the page content streams: what reportlab held in memory."""
    from pypdf import PdfReader

    return sum(len(page.get_contents().get_data()) for page in PdfReader(pdf).pages)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cards", default="500,5000", help="comma list of deck sizes (two or more)")
    ap.add_argument("--types", type=int, default=50, help="card types in the deck (copies make up the rest)")
    ap.add_argument("--out", type=Path, default=None, help="work folder (default: a temp folder)")
    args = ap.parse_args()
    sizes = [int(s) for s in args.cards.split(",")]
    work = args.out or Path(tempfile.mkdtemp(prefix="pnp-bench-scale-"))
    rows = []
    for n in sizes:
        data = work / f"data-{n}"
        make_game(data, n, args.types)
        r = child("build", data, work / f"out-{n}")
        r["cards"] = n
        rows.append(r)
    base = child("load", work / f"data-{sizes[-1]}", work / "unused")
    # only now read the PDFs back: on Linux a child's ru_maxrss starts from the parent's RSS at
    # fork time, so the parent stays small while it starts the measured children
    for r in rows:
        r["stream_bytes"] = content_bytes(work / f"out-{r['cards']}" / "bench" / "deck.pdf")
    print(f"deck of poker cards, {args.types} types, 3x3 on A4 with duplex backs, PDF only; work folder {work}")
    print(f"{'cards':>6} {'pages':>6} {'wall s':>7} {'cpu s':>6} {'ms/card':>8} {'peak RSS MB':>12} {'PDF MB':>7} "
          f"{'streams MB':>11}")
    for r in rows:
        print(f"{r['cards']:>6} {r['pages']:>6} {r['wall']:>7.2f} {r['cpu']:>6.2f} {1000 * r['cpu'] / r['cards']:>8.2f} "
              f"{r['maxrss_kb'] / 1024:>12.1f} {r['pdf_bytes'] / 2**20:>7.2f} {r['stream_bytes'] / 2**20:>11.2f}")
    print(f"{'load':>6} {'-':>6} {base['wall']:>7.2f} {base['cpu']:>6.2f} {'-':>8} {base['maxrss_kb'] / 1024:>12.1f} "
          f"{'-':>7}   (imports + YAML + validation of the {sizes[-1]}-card game, nothing drawn)")
    small, big = rows[0], rows[-1]
    grow = (big["maxrss_kb"] - small["maxrss_kb"]) / 1024
    stream_grow = (big["stream_bytes"] - small["stream_bytes"]) / 2**20
    ok = grow <= stream_grow + SLACK_MB
    print(f"peak RSS grows {grow:.1f} MB from {small['cards']} to {big['cards']} cards "
          f"({big['cards'] / small['cards']:.0f}x the cards); reportlab's uncompressed page streams, held until "
          f"the file is written, grow {stream_grow:.1f} MB "
          f"({1024 * stream_grow / max(1, big['pages'] - small['pages']):.1f} KB per page); allowed: that + "
          f"{SLACK_MB:g} MB -> {'ok' if ok else 'TOO MUCH'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
