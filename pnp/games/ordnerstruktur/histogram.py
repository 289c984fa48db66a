"""The score distribution of a solved structure as a scene (for `pnp ordner solve --histogram`)."""
from __future__ import annotations

import math
from pathlib import Path

from pnp.scene import Group, Page, Path as ScenePath, Polygon, Rect, Text, style
from pnp.games.ordnerstruktur.look import INK, num, t
from pnp.games.ordnerstruktur.solver import Solution
from pnp.games.ordnerstruktur.structure import Structure

BAR = style(fill="#3f6fb5")
BEST = style(fill="#c81e1e")
AXIS = style(stroke="#202020", width=0.3)
TICK = style(stroke="#c0c0c0", width=0.15)


def _nice_step(top: float, ticks: int = 5) -> float:
    raw = top / ticks
    mag = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1
    for m in (1, 2, 2.5, 5, 10):
        if raw <= m * mag:
            return m * mag
    return 10 * mag


def histogram_group(sol: Solution, w: float, h: float, lang: str = "de") -> Group:
    """Bars of paths per score in a w x h mm box (top-left at 0, 0); the best score marked in red."""
    g = Group(id="histogram")
    left, bottom, top, right = 18.0, 10.0, 8.0, 3.0
    pw, ph = w - left - right, h - top - bottom
    hi_score = max(sol.histogram)
    n_bins = hi_score + 1
    peak = max(sol.histogram.values())
    step = _nice_step(peak)
    ymax = step * math.ceil(peak / step)
    bw = pw / n_bins
    # y grid and labels
    k = 0
    while k * step <= ymax + 1e-9:
        y = top + ph - ph * (k * step) / ymax
        g.add(ScenePath(style=TICK).move(left, y).line(left + pw, y))
        g.add(Text(left - 1.5, y + 1.0, num(int(k * step), lang),
                   size=6, anchor="end", fill=INK))
        k += 1
    # bars
    for score, count in sol.histogram.items():
        bh = ph * count / ymax
        g.add(Rect(left + score * bw + bw * 0.1, top + ph - bh, bw * 0.8, bh, BEST if score == sol.best else BAR))
    # x axis and labels
    g.add(ScenePath(style=AXIS).move(left, top + ph).line(left + pw, top + ph).move(left, top).line(left, top + ph))
    xstep = max(1, int(_nice_step(hi_score + 1, 10)))
    for s in range(0, hi_score + 1, xstep):
        x = left + (s + 0.5) * bw
        g.add(ScenePath(style=AXIS).move(x, top + ph).line(x, top + ph + 1.2))
        g.add(Text(x, top + ph + 4, str(s), size=6, anchor="middle", fill=INK))
    g.add(Text(left + pw / 2, h - 1, t(lang, "points"), size=7, anchor="middle", fill=INK))
    g.add(Text(left, top - 2.5, t(lang, "count"), size=7, anchor="middle", fill=INK))
    # best score marker (its bar is often too short to see)
    bx = left + (sol.best + 0.5) * bw
    g.add(Polygon([(bx - 1.6, top + 0.2), (bx + 1.6, top + 0.2), (bx, top + 2.6)], BEST))
    g.add(Text(bx - 2.2, top + 2.3, f"{t(lang, 'best')} {sol.best} · {num(sol.optimal_paths, lang)}×", size=6.5,
               weight="bold", anchor="end", fill=BEST.fill))
    return g


def histogram_page(structure: Structure, sol: Solution, lang: str = "de") -> Page:
    w, h = 180.0, 100.0
    content = Group(id="histogram-page")
    content.add(Rect(0, 0, w, h, style(fill="white")))
    content.add(Text(4, 6, f"{structure.title}: {t(lang, 'distribution')} ({num(sol.paths, lang)} {t(lang, 'paths')})", size=8, weight="bold",
                     fill=INK))
    content.add(Group([histogram_group(sol, w - 6, h - 10, lang)], transform=_shift(3, 8)))
    return Page(w, h, content, label="histogram")


def _shift(dx: float, dy: float):
    from pnp.scene import translate

    return translate(dx, dy)


def write_histogram(structure: Structure, sol: Solution, path: "str | Path", lang: str = "de") -> None:
    """Draw the histogram to .svg, .png or .pdf (by suffix) through the shared backends."""
    path = Path(path)
    page = histogram_page(structure, sol, lang)
    if path.suffix.lower() not in (".svg", ".png", ".pdf"):
        raise ValueError(f"--histogram {path}: use a .svg, .png or .pdf file name")
    from pnp.output.files import write_document

    write_document(path, [page], title=structure.title)
