"""Kafkas Halle decks are counted as the build reads them: a card list in a spreadsheet, one row
per physical card (copies left out, so 1 each) or a card type split over several rows all hold
the document's 50 cards. Each case asserts the EXACT findings."""
from __future__ import annotations

import csv
import io
import shutil

import pytest

from pnp.games.kafkas_halle import check
from pnp.games.kafkas_halle.facts import FACTS
from pnp.load.paths import DEFAULT_DATA
from pnp.model.game import discover

CARDS = FACTS.value("deck.cards")
SYMBOLS = {"Nach Links": "pfeil-links", "Nach Rechts": "pfeil-rechts", "Zurück": "pfeil-zurueck",
           "Vorwärts": "pfeil-vorwaerts", "Mit Anlauf": "anlauf", "Im Uhrzeigersinn": "drehen-uhrzeigersinn",
           "Gegen den Uhrzeigersinn": "drehen-gegen-uhrzeigersinn", "Um 180 Grad": "drehen-180",
           "Helle Barrieren": "blitz-h", "Dunkle Barrieren": "blitz-d", "Gegenspieler": "zwei-blitze",
           "Zusätzliche Handlung": "zwei-plus", "Genehmigung Tauschen": "smiley",
           "Verbot einer Bewegung": "verbot-bewegung", "Verbot einer Drehung": "verbot-drehung",
           "Verbot eines Schiebens": "verbot-schieben", "Verbot einer Manipulation": "verbot-manipulation"}


@pytest.fixture()
def game(tmp_path):
    shutil.copytree(DEFAULT_DATA / "kafkas-halle", tmp_path / "data" / "kafkas-halle")
    return discover(tmp_path / "data")["kafkas-halle"]


def with_cards(game, rows: list[dict], header: list[str]) -> set[tuple[str, str]]:
    """The game with its card list moved to cards.csv (the deck's other keys kept)."""
    out = io.StringIO()
    w = csv.DictWriter(out, header, lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    (game.folder / "cards.csv").write_text(out.getvalue(), encoding="utf-8")
    deck = game.folder / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    if "cards:\n" in text:
        deck.write_text(text[:text.index("cards:\n")] + "cards: cards.csv\n" + text[text.index("back:"):],
                        encoding="utf-8")
    game._loaded = None
    return {(f.rule, f.object) for f in check(game)}


def row(c: dict, **extra) -> dict:
    return {"id": c["name"].lower().replace(" ", "-"), "name": c["name"], "category": c["category"].lower(),
            "cost": c["cost"], "symbol": SYMBOLS[c["name"]], "text": c["name"], **extra}


def test_a_card_list_in_a_spreadsheet(game):
    rows = [row(c, copies=c["copies"]) for c in CARDS]
    assert with_cards(game, rows, ["id", "name", "category", "copies", "cost", "symbol", "text"]) == set()
    rows[0]["copies"] = 5
    assert with_cards(game, rows, ["id", "name", "category", "copies", "cost", "symbol", "text"]) == {
        ("deck.total", "deck"), ("deck.category-total", "Bewegen"), ("deck.copies", "Nach Links")}


def test_one_row_per_physical_card_counts_each_once(game):
    """A deck ported from a tool that lists every card: one row each, so a card type's copies add up over its rows."""
    rows = [dict(row(c, copies=1), id=f"{row(c)['id']}-{k}") for c in CARDS for k in range(c["copies"])]
    header = ["id", "name", "category", "copies", "cost", "symbol", "text"]
    assert len(rows) == 50
    assert with_cards(game, rows, header) == set()
    assert with_cards(game, rows[1:], header) == {
        ("deck.total", "deck"), ("deck.category-total", "Bewegen"), ("deck.copies", "Nach Links")}


def test_a_card_type_split_over_two_rows_adds_up(game):
    deck = game.folder / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    old = "  - id: nach-links\n    name: {de: Nach Links, en: Left}\n    category: bewegen\n    copies: 4\n"
    block = text[text.index(old):text.index("  - id: nach-rechts")]
    split = block.replace("copies: 4", "copies: 1") + block.replace("id: nach-links", "id: nach-links-2") \
        .replace("copies: 4", "copies: 3")
    deck.write_text(text.replace(block, split), encoding="utf-8")
    assert {(f.rule, f.object) for f in check(game)} == set()
    deck.write_text(text.replace(block, split.replace("copies: 3", "copies: 2")), encoding="utf-8")
    game._loaded = None
    assert {(f.rule, f.object) for f in check(game)} == {
        ("deck.total", "deck"), ("deck.category-total", "Bewegen"), ("deck.copies", "Nach Links")}
    # each row of a type must cost what the document says
    deck.write_text(text.replace(block, split.replace("copies: 3\n    cost: 1", "copies: 3\n    cost: 2")),
                    encoding="utf-8")
    game._loaded = None
    assert {(f.rule, f.object) for f in check(game)} == {("deck.cost", "Nach Links")}
