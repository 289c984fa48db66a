"""Kafkas Halle's player aid is data (data/kafkas-halle/aid.yaml, aid.<lang>.md) drawn by the engine;
the game's Python only computes the card list. Read back from the PDF the build writes."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from drawing import drawing_imports
from pdfread import char_sizes, text, words
from pnp.cli.main import app

DATA = Path(__file__).resolve().parents[2] / "data"
PACKAGE = Path(__file__).resolve().parents[2] / "pnp" / "games" / "kafkas_halle"


@pytest.fixture(scope="module")
def aid_pdf(tmp_path_factory):
    out = tmp_path_factory.mktemp("kafkas-aid")
    res = CliRunner().invoke(app, ["build", "kafkas-halle", "--data", str(DATA), "--out", str(out), "--format", "pdf"])
    assert res.exit_code == 0, res.output
    return out / "kafkas-halle" / "player-aid.pdf"


def test_the_games_modules_compute_and_do_not_draw():
    """Every sheet of the game is data (the token sheet too, tokens.yaml): no module of the game imports
    pnp.scene, pnp.impose or pnp.render, absolute or relative, nor names a primitive."""
    modules = sorted(PACKAGE.glob("*.py"))
    assert {m.name for m in modules} >= {"__init__.py", "aid.py", "tokens.py"}
    primitives = re.compile(r"\b(Group|Rect|Circle|Ellipse|Polygon|Text|Item|Page)\(")
    for m in modules:
        drawing = drawing_imports(m)
        assert not drawing, f"{m.name} imports {sorted(drawing)}"
        assert not primitives.search(m.read_text(encoding="utf-8")), f"{m.name} builds primitives"


def test_the_aid_source_is_plain_data():
    from pnp.games.kafkas_halle import SOURCES
    from pnp.model.game import discover
    from pnp.model.assets import BuildOptions

    pages = SOURCES["aid"](discover(DATA)["kafkas-halle"], BuildOptions())
    assert [(p["language"], p["part"]) for p in pages] == [("de", "rules"), ("de", "cards"), ("en", "rules"),
                                                            ("en", "cards")]

    def plain(v):
        return isinstance(v, (str, int, float, bool, type(None))) or \
            (isinstance(v, list) and all(plain(x) for x in v)) or \
            (isinstance(v, dict) and all(isinstance(k, str) and plain(x) for k, x in v.items()))
    assert plain(pages)
    rows = pages[1]["cards"]
    assert sum(int(r["copies"].rstrip("×")) for r in rows if r["copies"]) == 50


def test_aid_pages_rules_then_cards_in_both_languages(aid_pdf):
    pages = text(aid_pdf).split("\f")
    assert len(pages) == 4
    de, de_cards, en, en_cards = (" ".join(p.split()) for p in pages)
    assert "Kafkas Halle – Spielhilfe" in de and "Kafka's Hall – player aid" in en
    assert "Die 50 Genehmigungskarten" in de_cards and "The 50 permit cards" in en_cards
    # what the document says about blocking, which the hand-drawn aid left out (issue #31)
    for phrase in ("halten dich auf", "beide Figuren zugleich", "verfallen alle Anläufe",
                   "Zielfelder auf", "schiebt sie vor sich her", "bleibt die ganze Barriere stehen"):
        assert phrase in de, phrase
    for phrase in ("stop you", "both figures may share", "all run-ups lapse", "shoved ahead of it",
                   "the whole barrier stops"):
        assert phrase in en, phrase


def test_aid_text_is_readable_and_clear_of_the_paper_edge(aid_pdf):
    sizes = [s for _, s in char_sizes(aid_pdf)]
    assert sizes and min(sizes) >= 6.0 - 1e-6
    w, h = 210.0, 297.0
    for page in range(4):
        for word, x0, y0, x1, y1 in words(aid_pdf, page):
            assert min(x0, y0, w - x1, h - y1) >= 6.0, (page, word, x0, y0, x1, y1)
