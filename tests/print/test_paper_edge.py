"""Nothing a sheet needs comes within 6 mm of the paper's edge, where a home printer may leave the paper blank:
every page of every shipped game, rasterised, has no ink in that strip on any side (crop marks included: they
end 6 mm from the edge)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
from pnp.model.paper import PAGE_SAFE
from pnp.render.pdf import write_pdf

DPI = 150
PAPER = 245  # a pixel lighter than this is paper (anti-aliasing at the strip's inner edge stays out of it)


def inked_strip(pdf: Path) -> list[tuple[int, str, float]]:
    """(page, side, mm from the edge) of every page with ink in the PAGE_SAFE strip: the pixels that lie
    wholly inside it."""
    whole = int(PAGE_SAFE * DPI / 25.4)  # pixels wholly inside the strip
    found = []
    doc = pdfium.PdfDocument(str(pdf))
    try:
        for i in range(len(doc)):
            grey = np.asarray(doc[i].render(scale=DPI / 72).to_pil().convert("L")) < PAPER
            strips = {"left": grey[:, :whole], "right": grey[:, -whole:][:, ::-1],
                      "top": grey[:whole, :].T, "bottom": grey[-whole:, :][::-1].T}
            for side, strip in strips.items():
                cols = np.nonzero(strip.any(axis=0))[0]
                if cols.size:
                    found.append((i + 1, side, round(cols[0] * 25.4 / DPI, 2)))
    finally:
        doc.close()
    return found


def test_every_page_keeps_six_mm_clear(printed):
    pdfs = sorted(printed.rglob("*.pdf"))
    assert len(pdfs) > 60  # every game's files, not an empty folder
    bad = {str(p.relative_to(printed)): f for p in pdfs if (f := inked_strip(p))}
    assert bad == {}


def test_the_measure_sees_ink_in_the_strip(tmp_path):
    from pnp.scene import Group, Page, Path as Line, style

    pen = style(stroke="black", width=0.2)
    inside = Group(children=[Line(style=pen).move(6.2, 50).line(20, 50)])  # starts 6.1 mm from the edge
    outside = Group(children=[Line(style=pen).move(5.5, 60).line(20, 60),  # 5.4 mm from the left edge
                              Line(style=pen).move(100, 292).line(100, 296)])  # into the bottom strip
    write_pdf([Page(210, 297, inside)], tmp_path / "in.pdf")
    write_pdf([Page(210, 297, outside)], tmp_path / "out.pdf")
    assert inked_strip(tmp_path / "in.pdf") == []
    assert [(p, s) for p, s, _ in inked_strip(tmp_path / "out.pdf")] == [(1, "left"), (1, "bottom")]
