"""One game folder, many decks (each with backs), other kinds twice over; a face layout per card
type; card lists generated from a product plus extras; one PNG per card side with -f png-cards."""
from __future__ import annotations

import json
import textwrap
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from typer.testing import CliRunner

from pdfread import text
from pnp.cli.main import app

runner = CliRunner()

CARD = """\
kind: layout
fields: {name: text, type: text?}
elements:
  - {type: rect, frame: bleed, fill: white}
  - {type: text, x: 5, y: 5, w: 53, h: 8, text: "{name}"}
"""
BACK = """\
kind: layout
fields: {label: text}
elements:
  - {type: rect, frame: bleed, fill: "#203040"}
  - {type: text, frame: safe, valign: middle, align: center, colour: white, text: "{label}"}
"""


def _write(folder: Path, files: dict[str, str]) -> None:
    for name, body in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(textwrap.dedent(body), encoding="utf-8")


def _build(data: Path, out: Path, game: str, *args):
    return runner.invoke(app, ["build", game, "--data", str(data), "--out", str(out), *args])


def test_three_decks_with_backs_and_same_named_cards_share_a_folder(tmp_path):
    g = tmp_path / "data" / "rush"
    decks = {}
    for deck in ("heroes", "bosses", "loot"):
        decks[f"{deck}.yaml"] = f"""\
            kind: deck
            title: {deck.title()}
            layout: card.yaml
            back: {{layout: back.yaml, fields: {{label: {deck.title()}}}}}
            cards: [{{name: Schild}}, {{name: Schild}}, {{name: {deck.title()}}}]
            """
    _write(g, {"game.yaml": "name: rush\ntitle: Rush\n", "card.yaml": CARD, "back.yaml": BACK, **decks})
    res = _build(tmp_path / "data", tmp_path / "o", "rush", "-f", "pdf,svg,png-cards")
    assert res.exit_code == 0, res.output
    out = tmp_path / "o" / "rush"
    for deck in ("heroes", "bosses", "loot"):
        names = sorted(p.name for p in (out / "cards" / deck).iterdir())
        assert names == sorted(["schild.svg", "schild.png", "schild-2.svg", "schild-2.png", f"{deck}.svg",
                                f"{deck}.png", "_back.svg", "_back.png"]), names
        assert (out / f"{deck}.pdf").is_file()
        assert deck.title() in text(out / f"{deck}.pdf")
    manifest = json.loads((out / "manifest.json").read_text())
    files = [e["file"] for e in manifest["files"]]
    assert len(files) == len(set(files)) and "cards/loot/_back.png" in files


def test_several_of_every_kind_in_one_folder(tmp_path):
    g = tmp_path / "data" / "many"
    board = "kind: board\ntitle: B\nfiles: 4\nranks: 4\nsquare_mm: 20\n"
    counters = ("kind: counters\ntitle: C\nsize: 15\ngroups:\n  - {id: red, name: Rot, colour: '#c62828', text: white}\n"
                "counters:\n  - {id: s, label: Soldat, groups: all, count: 2}\n")
    sheet = ("kind: score-sheet\ntitle: S\nblocks:\n  - id: b\n    title: B\n    rows:\n"
             "      - {id: a, label: A}\n")
    deck = "kind: deck\ntitle: D\nlayout: card.yaml\nback: {layout: back.yaml, fields: {label: D}}\ncards: [{name: X}]\n"
    _write(g, {"game.yaml": "name: many\ntitle: Many\n", "card.yaml": CARD, "back.yaml": BACK,
               "a/deck.yaml": deck.replace("title: D", "name: first\ntitle: D"),
               "b/deck.yaml": deck.replace("title: D", "name: second\ntitle: D"),
               "boards/one.yaml": board, "boards/two.yaml": board,
               "counters/red.yaml": counters, "counters/blue.yaml": counters,
               "pads/p1.yaml": sheet, "pads/p2.yaml": sheet})
    for sub in ("a", "b"):
        _write(g / sub, {"card.yaml": CARD, "back.yaml": BACK})
    res = _build(tmp_path / "data", tmp_path / "o", "many", "-o", "up=1")
    assert res.exit_code == 0, res.output
    out = tmp_path / "o" / "many"
    assert (out / "cards" / "first" / "x.svg").is_file() and (out / "cards" / "second" / "_back.svg").is_file()
    for stem in ("one-diagram", "two-diagram", "red", "blue", "p1-1up", "p2-1up", "first", "second"):
        assert (out / f"{stem}.pdf").is_file(), stem


def test_two_decks_of_the_same_name_are_refused_naming_both(tmp_path):
    g = tmp_path / "data" / "twice"
    deck = "kind: deck\nname: d\ntitle: D\nlayout: card.yaml\nback: none\ncards: [{name: X}]\n"
    _write(g, {"game.yaml": "name: twice\ntitle: Twice\n", "card.yaml": CARD, "one.yaml": deck, "two.yaml": deck})
    res = _build(tmp_path / "data", tmp_path / "o", "twice")
    assert res.exit_code == 2 and "rename one" in res.output and "one.yaml" in res.output and "two.yaml" in res.output


def test_a_face_layout_per_type_like_backs(tmp_path):
    g = tmp_path / "data" / "types"
    _write(g, {"game.yaml": "name: types\ntitle: Types\n",
               "base.yaml": """\
                   kind: layout
                   fields: {name: text, type: choice hero|spell}
                   styles: {title: {size: 14, weight: bold}}
                   elements:
                     - {type: rect, frame: bleed, fill: white}
                     - {type: text, id: title, style: title, x: 5, y: 5, w: 53, h: 8, text: "{name}"}
                   """,
               "hero.yaml": """\
                   kind: layout
                   extends: base.yaml
                   fields: {power: integer 0..9}
                   elements:
                     - {type: text, x: 5, y: 20, w: 53, h: 6, text: "Kraft {power}"}
                   """,
               "spell.yaml": """\
                   kind: layout
                   extends: base.yaml
                   fields: {cost: integer 0..9}
                   elements:
                     - {type: text, id: title, style: title, x: 5, y: 5, w: 53, h: 8, text: "{name|upper}"}
                     - {type: text, x: 5, y: 20, w: 53, h: 6, text: "Kosten {cost}"}
                   """,
               "deck.yaml": """\
                   kind: deck
                   title: Types
                   layouts: {by: type, layouts: {hero: hero.yaml, spell: spell.yaml}}
                   back: none
                   cards: cards.csv
                   """,
               "cards.csv": "name,type,power,cost\nRitter,hero,5,\nFeuer,spell,,3\n"})
    res = _build(tmp_path / "data", tmp_path / "o", "types", "-f", "pdf")
    assert res.exit_code == 0, res.output
    t = text(tmp_path / "o" / "types" / "deck.pdf")
    assert "Ritter" in t and "Kraft 5" in t and "FEUER" in t and "Kosten 3" in t and "Kraft 0" not in t
    # a card that lacks what its own layout needs is its row's error
    (g / "cards.csv").write_text("name,type,power,cost\nRitter,hero,,\nFeuer,spell,,3\n")
    res = _build(tmp_path / "data", tmp_path / "o2", "types", "-f", "pdf")
    assert res.exit_code == 2 and "cards.csv:2: power: expected an integer from 0 to 9, got nothing" in res.output
    # a type without a layout names the line and what is listed
    (g / "cards.csv").write_text("name,type,power,cost\nRitter,hero,1,\n")
    (g / "deck.yaml").write_text((g / "deck.yaml").read_text().replace("spell: spell.yaml", "spel: spell.yaml"))
    res = _build(tmp_path / "data", tmp_path / "o3", "types", "-f", "pdf")
    assert res.exit_code == 0, res.output
    (g / "cards.csv").write_text("name,type,power,cost\nFeuer,spell,,3\n")
    res = _build(tmp_path / "data", tmp_path / "o4", "types", "-f", "pdf")
    assert res.exit_code == 2 and "cards.csv:2: no layout for type = 'spell'; 'layouts' lists hero, spel" in res.output


@pytest.mark.parametrize("picker, line", [
    ("layouts: {by: kind, layouts: {a: card.yaml, b: card.yaml}}", "deck.yaml:3:15: 'layouts.by'"),
    ("layout: card.yaml\nbacks: {by: kind, layouts: {a: back.yaml, b: back.yaml}}", "deck.yaml:4:13: 'backs.by'"),
])
def test_a_field_no_card_gives_cannot_pick_faces_or_backs(tmp_path, picker, line):
    g = tmp_path / "data" / "pick"
    _write(g, {"game.yaml": "name: pick\ntitle: Pick\n", "card.yaml": CARD, "back.yaml": BACK.replace("{label}", "B"),
               "deck.yaml": f"kind: deck\ntitle: P\n{picker}\ncards: [{{name: X, type: a}}, {{name: Y, type: b}}]\n"})
    res = _build(tmp_path / "data", tmp_path / "o", "pick", "-f", "pdf")
    assert res.exit_code == 2 and "Traceback" not in res.output, res.output
    assert f"{line}: no card gives the field 'kind'; it picks among a, b\n1 problem" in res.output, res.output


def test_layout_and_layouts_together_are_refused(tmp_path):
    g = tmp_path / "data" / "both"
    _write(g, {"game.yaml": "name: both\ntitle: Both\n", "card.yaml": CARD,
               "deck.yaml": "kind: deck\ntitle: B\nlayout: card.yaml\nlayouts: {by: type, layouts: {a: card.yaml}}\n"
                            "cards: [{name: X}]\n"})
    res = _build(tmp_path / "data", tmp_path / "o", "both")
    assert res.exit_code == 2 and "either 'layout'" in res.output


PLAYING = """\
kind: deck
title: Cards
layout: face.yaml
back: none
tables:
  ink: {heart: "#c62828", diamond: "#c62828", default: "#111111"}
cards:
  product: {suit: [spade, heart, diamond, club], value: [A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K]}
  extra: [{suit: joker, value: Joker, copies: 2}]
"""
FACE = """\
kind: layout
fields: {suit: choice spade|heart|diamond|club|joker, value: text, copies: integer 1..9 = 1}
elements:
  - {type: rect, frame: bleed, fill: white}
  - {type: text, x: 5, y: 5, w: 53, h: 10, size: 20, colour: "{ink[suit]}", text: "{value} {suit}"}
"""


def test_a_product_plus_extras_is_the_card_list(tmp_path):
    g = tmp_path / "data" / "play"
    _write(g, {"game.yaml": "name: play\ntitle: Play\n", "deck.yaml": PLAYING, "face.yaml": FACE})
    res = _build(tmp_path / "data", tmp_path / "o", "play", "-f", "pdf,svg")
    assert res.exit_code == 0, res.output
    out = tmp_path / "o" / "play"
    t = text(out / "deck.pdf")
    assert t.count("Joker joker") == 2 and "A spade" in t and "K club" in t and "10 heart" in t
    cards = sorted(p.stem for p in (out / "cards" / "deck").glob("*.svg"))
    assert len(cards) == 53 and cards[:3] == ["club-10", "club-2", "club-3"] and "joker-joker" in cards
    assert 'fill="#c62828"' in (out / "cards" / "deck" / "heart-q.svg").read_text()


@pytest.mark.parametrize("change, message", [
    (("value: [A, 2,", "value: [A, 2, {x: 1},"), "deck.yaml:8:64: 'cards.product.value.2': each value is one text"),
    (("suit: [spade, heart, diamond, club]", "suit: []"), "deck.yaml:8:19: 'cards.product.suit': expected a list of"),
    (("suit: [spade, heart, diamond, club]", "suit: spade"), "deck.yaml:8:19: 'cards.product.suit': expected a list"),
    (("product: {", "product: {colour: [red], "), "unknown key 'colour'"),
    (("suit: [spade,", "suit: [spades,"), "deck.yaml:8:20: 'suit': expected one of spade, heart, diamond, club, joker, got \"spades\"\n1 problem"),
    (("copies: 2", "copies: 0"), "deck.yaml:9:47: 'copies': expected an integer from 1 to 9, got 0"),
    (("  extra:", "  extras:"), "deck.yaml:9:3: 'cards.extras': unknown key; a generated card list has 'product' and 'extra'"),
    (("  extra: [", "  extra: 3 #"), "deck.yaml:9:10: 'cards.extra': 'extra' is a list of cards"),
])
def test_a_bad_generated_list_says_where(tmp_path, change, message):
    g = tmp_path / "data" / "play"
    _write(g, {"game.yaml": "name: play\ntitle: Play\n", "deck.yaml": PLAYING.replace(*change), "face.yaml": FACE})
    res = _build(tmp_path / "data", tmp_path / "o", "play", "-f", "pdf")
    assert res.exit_code == 2 and "Traceback" not in res.output, res.output
    assert message in res.output, res.output


def test_png_cards_are_each_side_with_its_bleed_at_the_dpi(tmp_path):
    g = tmp_path / "data" / "png"
    _write(g, {"game.yaml": "name: png\ntitle: PNG\n", "card.yaml": CARD, "back.yaml": BACK,
               "deck.yaml": "kind: deck\ntitle: D\nlayout: card.yaml\ncards: [{name: Eins}, {name: Zwei}]\n"
                            "backs: {by: type, layouts: {default: {layout: back.yaml, fields: {label: Rückseite}}}}\n"})
    res = _build(tmp_path / "data", tmp_path / "o", "png", "-f", "png-cards", "--dpi", "300")
    assert res.exit_code == 0, res.output
    out = tmp_path / "o" / "png"
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert files == ["cards/deck/_back.png", "cards/deck/eins.png", "cards/deck/zwei.png", "manifest.json"]
    img = Image.open(out / "cards" / "deck" / "_back.png")
    assert img.size == (round(69 / 25.4 * 300), round(94 / 25.4 * 300))
    assert round(img.info["dpi"][0]) == 300
    px = np.asarray(img.convert("RGB"))
    assert tuple(px[2, 2]) == (0x20, 0x30, 0x40)  # the back's colour reaches into the bleed

