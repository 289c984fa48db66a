"""Kafkas Halle's token sheet is data (data/kafkas-halle/tokens.yaml, token.yaml, barrier.yaml,
figure.yaml) on the engine's token sheet, sized from -o square_mm by the game's sources. Read back
from the PDF: every piece of the rule document's material, text of 5 pt at least, nothing within
6 mm of the paper's edge, pages packed evenly, and a clear error where the tokens get too small."""
from __future__ import annotations

from collections import Counter

import pytest
from typer.testing import CliRunner

from pdfread import char_sizes, raster, text
from pnp.cli.main import app
from pnp.load.paths import DEFAULT_DATA
from pnp.model.assets import BuildOptions
from pnp.model.game import discover
from pnp.output.build import collect_assets
from pnp.render import render_pdf_bytes

MM = 25.4


@pytest.fixture(scope="module")
def game():
    return discover(DEFAULT_DATA)["kafkas-halle"]


def token_pdf(game, tmp_path, square: float) -> bytes:
    opts = BuildOptions(extra={"square_mm": square})
    tokens = next(a for a in collect_assets(game, opts) if a.name == "tokens")
    path = tmp_path / f"tokens-{square:g}.pdf"
    path.write_bytes(render_pdf_bytes(tokens.iter_pages()))
    return path


@pytest.mark.parametrize("square", [30.0, 45.0, 60.0])
def test_the_material_of_the_rule_document_on_even_pages(game, tmp_path, square):
    """12 Sperren, 2 light and 2 dark barriers, 2 figures (a standee prints its name on both faces),
    Z1 and Z2; no page holds a handful while another is full."""
    pdf = token_pdf(game, tmp_path, square)
    pages = text(pdf).split("\f")
    names = Counter()
    per_page = []
    for page in pages:
        words = " ".join(page.split())
        found = Counter({n: words.count(n) for n in ("Sperre", "helle Barriere", "dunkle Barriere",
                                                     "Figur Spieler 1", "Figur Spieler 2", "Ziel Spieler 1",
                                                     "Ziel Spieler 2")})
        names += found
        per_page.append(sum(found.values()) - found["Figur Spieler 1"] // 2 - found["Figur Spieler 2"] // 2)
    assert names == {"Sperre": 12, "helle Barriere": 2, "dunkle Barriere": 2, "Figur Spieler 1": 2,
                     "Figur Spieler 2": 2, "Ziel Spieler 1": 1, "Ziel Spieler 2": 1}
    if len(per_page) > 1:
        assert min(per_page) >= 4, per_page  # tokens per page (a standee once): never a lone few


@pytest.mark.parametrize("square", [30.0, 45.0])
def test_text_is_5_pt_and_nothing_within_6_mm_of_the_paper_edge(game, tmp_path, square):
    pdf = token_pdf(game, tmp_path, square)
    sizes = [s for _, s in char_sizes(pdf)]
    assert sizes and min(sizes) >= 5.0 - 0.05
    dpi = 100
    for i in range(len(text(pdf).split("\f"))):
        grey = raster(pdf, dpi, i).convert("L").point(lambda v: 255 if v < 250 else 0)
        x0, y0, x1, y1 = grey.getbbox()
        w, h = grey.size
        assert min(x0, y0, w - x1, h - y1) * MM / dpi >= 6.0, (i, (x0, y0, x1, y1))


def test_tokens_too_small_for_their_text_are_an_error_at_the_sheet(tmp_path):
    res = CliRunner().invoke(app, ["build", "kafkas-halle", "--out", str(tmp_path), "--format", "pdf",
                                   "-o", "square_mm=20"])
    assert res.exit_code == 2, res.output
    assert "tokens.yaml:" in res.output and "below the 5 pt tokens may print at" in res.output
    assert "Traceback" not in res.output
