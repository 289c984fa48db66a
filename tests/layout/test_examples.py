"""The examples of issue 29: Boss Rush's three decks from one folder, written with extends and
styles, and the standard 54-card deck as a product plus two jokers."""
from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
from PIL import Image
from typer.testing import CliRunner

from pdfread import text
from pnp.cli.main import app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _build(tmp_path, game, *args):
    data = tmp_path / "examples"
    shutil.copytree(EXAMPLES / game, data / game)
    res = CliRunner().invoke(app, ["build", game, "--data", str(data), "--out", str(tmp_path / "o"), *args])
    assert res.exit_code == 0, res.output
    return tmp_path / "o" / game


def test_boss_rush_builds_three_decks_from_one_folder(tmp_path):
    folder = EXAMPLES / "boss-rush"
    layouts = [p for p in folder.glob("*.yaml") if "kind: layout" in p.read_text(encoding="utf-8")]
    assert sum("extends: base.yaml" in p.read_text(encoding="utf-8") for p in layouts) == 3
    assert all("style: " in p.read_text(encoding="utf-8") or "styles:" in p.read_text(encoding="utf-8")
               for p in layouts if p.name != "back.yaml")
    lines = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in folder.glob("*.yaml"))
    assert lines < 122  # squib's own: 197 lines of YAML and 56 of Ruby; written out by hand in pnp: 122
    out = _build(tmp_path, "boss-rush", "-f", "pdf,svg,png-cards")
    for deck, card in (("heroes", "ritterin"), ("bosses", "knochendrache"), ("loot", "grosse-axt")):
        assert (out / f"{deck}.pdf").is_file()
        assert {p.name for p in (out / "cards" / deck).iterdir()} >= {f"{card}.svg", f"{card}.png", "_back.svg",
                                                                      "_back.png"}
    assert "RITTERIN" in text(out / "heroes.pdf") and "WAFFE" in text(out / "loot.pdf")
    # each deck's band is its own colour: the base's style, restyled by the extending layout
    for deck, card, rgb in (("heroes", "ritterin", (0x1d, 0x4e, 0x89)), ("bosses", "lich", (0x6b, 0x1d, 0x1d)),
                            ("loot", "turmschild", (0x2f, 0x6b, 0x3a))):
        px = np.asarray(Image.open(out / "cards" / deck / f"{card}.png").convert("RGB"))
        assert tuple(px[20, px.shape[1] // 2]) == rgb, deck


def test_the_standard_deck_is_a_product_and_two_jokers(tmp_path):
    deck = (EXAMPLES / "playing-cards" / "deck.yaml").read_text(encoding="utf-8")
    assert "product:" in deck and "copies: 2" in deck and not list((EXAMPLES / "playing-cards").glob("*.csv"))
    out = _build(tmp_path, "playing-cards", "-f", "pdf,svg")
    fronts = text(out / "cards.pdf")
    assert fronts.count("JOKER") == 2 and fronts.count("♥") >= 13 * 3
    cards = sorted(p.stem for p in (out / "cards" / "cards").glob("*.svg") if not p.stem.startswith("_"))
    assert len(cards) == 53  # 52 and the joker (printed twice)
    red = '"#c62828"'
    assert red in (out / "cards" / "cards" / "heart-k.svg").read_text()
    assert red in (out / "cards" / "cards" / "diamond-2.svg").read_text()
    assert red not in (out / "cards" / "cards" / "spade-k.svg").read_text()
