"""Ordnerstruktur's rules in brief are data (data/ordnerstruktur/aid.yaml, aid.<lang>.md) drawn by the
engine; no game code draws them. Read back from the PDF the build writes, in both languages."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from drawing import drawing_imports
from pdfread import char_sizes, text, words
from pnp.cli.main import app

DATA = Path(__file__).resolve().parents[2] / "data"
PACKAGE = Path(__file__).resolve().parents[2] / "pnp" / "games" / "ordnerstruktur"
STILL_DRAWING: set[str] = set()  # every sheet of the game is a layout now (test_ordner_sheets.py reads them back)
# drew the rules page, the account sheets and transitions cards, the mats, the tiles, the solution sheet
# and its chart, and their look; now the YAML files of data/ordnerstruktur/ do, and the modules are gone
PORTED = {"aid.py", "sheets.py", "mat.py", "tiles.py", "histogram.py", "look.py"}


@pytest.fixture(scope="module", params=["de", "en"])
def aid(request, tmp_path_factory):
    out = tmp_path_factory.mktemp(f"ordner-aid-{request.param}")
    res = CliRunner().invoke(app, ["build", "ordnerstruktur", "--data", str(DATA), "--lang", request.param,
                                   "--out", str(out), "--format", "pdf"])
    assert res.exit_code == 0, res.output
    return request.param, out / "ordnerstruktur" / "regeln.pdf"


def test_the_ported_modules_do_not_draw():
    modules = {m.name: m for m in PACKAGE.glob("*.py")}
    assert not PORTED & set(modules), "a ported module is back"
    for name, m in sorted(modules.items()):
        drawing = drawing_imports(m)
        if name in STILL_DRAWING:
            assert drawing, f"{name} no longer draws: take it off STILL_DRAWING"
        else:
            assert not drawing, f"{name} imports {sorted(drawing)}"
    # nobody imports the old drawing modules either
    for m in (PACKAGE.parents[1]).rglob("*.py"):
        source = m.read_text(encoding="utf-8")
        for gone in PORTED:
            assert f"ordnerstruktur.{gone[:-3]} " not in source and f"ordnerstruktur.{gone[:-3]}\n" not in source, m


def test_the_rules_page_holds_every_section_of_the_markdown(aid):
    lang, pdf = aid
    page = " ".join(text(pdf).split())
    assert text(pdf).count("\f") <= 1  # one page
    md = (DATA / "ordnerstruktur" / f"aid.{lang}.md").read_text(encoding="utf-8")
    heads = [line[3:] for line in md.splitlines() if line.startswith("## ")]
    assert len(heads) == 6 and all(h in page for h in heads)
    title, credit = {"de": ("Ordnerstruktur — Kurzregeln", "Spielidee: Tobias Thulke"),
                     "en": ("Ordnerstruktur — rules in brief", "Game idea: Tobias Thulke")}[lang]
    assert title in page and credit in page
    # the numbers the rules turn on (seed 002): 11 subfolders, 6 files, 200 points, 60 per subfolder, 100 per name
    for n in ("11", "6", "200", "60", "100"):
        assert re.search(rf"(?<![0-9]){n}(?![0-9])", page), n


def test_the_rules_page_is_readable_and_clear_of_the_paper_edge(aid):
    _, pdf = aid
    sizes = [s for _, s in char_sizes(pdf)]
    assert sizes and min(sizes) >= 7.0 - 1e-6  # the credit is 7 pt, the text 11 pt
    assert max(sizes) >= 11.0
    w, h = 210.0, 297.0
    found = words(pdf, 0)
    assert len(found) > 300
    for word, x0, y0, x1, y1 in found:
        assert min(x0, y0, w - x1, h - y1) >= 12.0, (word, x0, y0, x1, y1)
