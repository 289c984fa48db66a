"""Kafkas Halle builds: the deck PDF read back against the seed text itself,
backs, per-card SVGs, the board, the tokens and the player aid."""
from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from pypdf import PdfReader

from pnp.model.assets import BuildOptions
from pnp.render import render_pdf_bytes, write
from pnp.output.build import build_games, collect_assets
from pnp.model.game import discover
from pnp.load.loader import load_yaml
from pnp.load.paths import DEFAULT_DATA


def seed_cards() -> dict[str, tuple[str, int, int]]:
    """Card name -> (category, copies, cost) from the game's facts, its cited transcription
    of the rule document (000_b69832241c10d319.txt, "Zu den Karten")."""
    from pnp.games.kafkas_halle.facts import FACTS

    return {c["name"]: (c["category"], c["copies"], c["cost"]) for c in FACTS.value("deck.cards")}


@pytest.fixture(scope="module")
def game():
    return discover(DEFAULT_DATA)["kafkas-halle"]


@pytest.fixture(scope="module")
def assets(game):
    return {a.name: a for a in collect_assets(game, BuildOptions())}


@pytest.fixture(scope="module")
def deck_pdf(assets):
    return PdfReader(io.BytesIO(render_pdf_bytes(assets["deck"].iter_pages())))


def test_seed_parse_sanity():
    cards = seed_cards()
    assert len(cards) == 17
    assert sum(c for _, c, _ in cards.values()) == 50


def test_deck_pdf_has_50_faces_matching_the_seed(deck_pdf):
    cards = seed_cards()
    pages = deck_pdf.pages
    # duplex: each front page is followed by its back page
    fronts = [p.extract_text() for p in pages[0::2]]
    backs = [p.extract_text() for p in pages[1::2]]
    assert len(fronts) == len(backs) == 6  # 50 cards, 9 per A4 sheet
    lines = Counter(line.strip() for t in fronts for line in t.splitlines())
    for name, (cat, copies, cost) in cards.items():
        assert lines[name] == copies, f"{name}: {lines[name]} faces, seed says {copies}"
    assert sum(lines[n] for n in cards) == 50
    # each band reads "<category> <cost>": category totals 18/14/10/8 and the costs
    bands = Counter()
    for line, n in lines.items():
        m = re.fullmatch(r"(Bewegen|Drehen|Schieben|Manipulieren) (\d)", line)
        if m:
            bands[(m[1], int(m[2]))] += n
    want = Counter()
    for cat, copies, cost in cards.values():
        want[(cat, cost)] += copies
    assert bands == want
    per_cat = Counter()
    for (cat, _), n in bands.items():
        per_cat[cat] += n
    assert per_cat == {"Bewegen": 18, "Manipulieren": 14, "Drehen": 10, "Schieben": 8}
    # copy counts and costs printed on the faces
    all_text = "\n".join(fronts)
    want_copies = Counter()
    want_costs = Counter()
    for _, copies, cost in cards.values():
        want_copies[copies] += copies
        want_costs[cost] += copies
    for copies, n in want_copies.items():
        assert all_text.count(f"{copies}×") == n
    for cost, n in want_costs.items():
        assert all_text.count(f"Handlungen: {cost}") == n


def test_backs_are_identical_and_carry_no_card_text(deck_pdf):
    cards = seed_cards()
    backs = deck_pdf.pages[1::2]
    texts = [p.extract_text() for p in backs]
    assert sum(t.count("Kafkas Halle") for t in texts) == 50
    assert sum(t.count("Genehmigung") for t in texts) == 50  # the per-language subtitle, in German
    for t in texts:
        assert not any(name in t for name in cards)
        assert "de=" not in t and "{" not in t
    # full sheets of backs draw exactly the same content
    full = [p.get_contents().get_data() for p in backs[:-1]]
    assert len(set(full)) == 1


def test_the_back_carries_no_face_symbol(game):
    """A back showing a face's symbol reads as that card when the deck lies face down."""
    deck = load_yaml(game.folder / "deck.yaml")
    on_faces = {c["symbol"] for c in deck["cards"]}
    assert deck["back"]["symbol"] not in on_faces


def test_english_back_is_english(game):
    assets = {a.name: a for a in collect_assets(game, BuildOptions(lang="en"))}
    pdf = PdfReader(io.BytesIO(render_pdf_bytes(assets["deck"].iter_pages())))
    assert "Permit" in pdf.pages[1].extract_text()


def test_deck_asset_faces_and_back(assets):
    deck = assets["deck"]
    assert deck.formats == ("pdf",)
    assert len(deck.faces) == 17 and sum(n for _, n in deck.faces) == 50
    assert deck.back is not None and deck.back.back is None
    names = {item.label: n for item, n in deck.faces}
    assert names == {k: v[1] for k, v in seed_cards().items()}
    assert (deck.faces[0][0].w, deck.faces[0][0].h) == (63.0, 88.0)


def test_one_svg_per_card_type(assets, tmp_path):
    cards = [a for n, a in assets.items() if n.startswith("cards/deck/") and n != "cards/deck/_back"]
    assert len(cards) == 17
    a = assets["cards/deck/mit-anlauf"]
    assert a.formats == ("svg", "png-cards")
    out = tmp_path / "c.svg"
    write("svg", a.iter_pages().__next__(), out)
    root = ET.parse(out).getroot()
    assert root.get("width") == "69mm" and root.get("height") == "94mm"  # 63 x 88 + 3 mm bleed
    texts = ["".join(t.itertext()) for t in root.iter() if t.tag.endswith("text")]
    assert "Mit Anlauf" in texts and "3×" in texts and "Bewegen" in texts


def test_contact_sheet_is_png_only(assets):
    a = assets["deck-contact-sheet"]
    assert a.formats == ("png",)
    page = next(a.iter_pages())
    assert page.width > 100 and page.height > 100


def test_board_diagram_and_tiled_board(assets):
    diagram = list(assets["board-diagram"].iter_pages())
    assert len(diagram) == 1
    board = list(assets["board-45mm"].iter_pages())
    assert len(board) > 1  # 8 x 45 mm does not fit an A4 sheet
    reader = PdfReader(io.BytesIO(render_pdf_bytes(diagram)))
    text = reader.pages[0].extract_text()
    assert "Sperre ×12" in text and "Z1" in text and "Z2" in text


def test_tokens_follow_square_size(game):
    """tokens.yaml sizes every piece from the side of a printed square (-o square_mm): a Sperre or goal
    marker 0.8 of it, a barrier one rigid bar over two squares, a standee on one square."""
    from pnp.layout.builtin.tokens import plan_tokens
    from pnp.layout.documents import documents

    doc = next(doc for _, kind, doc in documents(game) if kind == "tokens")
    for sq in (30.0, 45.0):
        pieces, _ = plan_tokens(doc, game, BuildOptions(extra={"square_mm": sq}), "tokens")
        made = Counter()
        for p in pieces:
            for values, _, copies, _ in p.tokens:
                made[(p.shape, values["label"])] += copies
        assert made == {("square", "S"): 12, ("square", "Z1"): 1, ("square", "Z2"): 1, ("bar", "H"): 2,
                        ("bar", "D"): 2, ("standee", "1"): 1, ("standee", "2"): 1}
        by_shape = {p.shape: p for p in pieces}
        assert abs(by_shape["bar"].w - 2 * sq * 0.92) < 1e-9  # one rigid piece over two squares
        assert abs(by_shape["square"].w - sq * 0.8) < 1e-9
        assert by_shape["standee"].h > sq * 2 and by_shape["standee"].w < sq
        assert all(p.w < sq for p in pieces if p.shape != "bar")  # single pieces fit one square


def test_token_sheet_and_player_aid_pdf(assets):
    tok = PdfReader(io.BytesIO(render_pdf_bytes(assets["tokens"].iter_pages())))
    text = "\n".join(p.extract_text() for p in tok.pages)
    assert text.count("Sperre") == 12
    aid = PdfReader(io.BytesIO(render_pdf_bytes(assets["player-aid"].iter_pages())))
    assert len(aid.pages) == 4  # rules and card list, German then English
    de, en = (aid.pages[i].extract_text() for i in (0, 2))
    assert "Verzweifeln" in de and "zwei Handlungen" in de
    assert "Despair" in en and "two actions" in en


def test_build_writes_every_asset_as_pdf(game, tmp_path):
    written = build_games([game], BuildOptions(extra={"square_mm": 30}), ["pdf"], tmp_path)
    names = sorted(p.path.name for p in written)
    assert {"deck.pdf", "symbols.pdf", "board-diagram.pdf", "board-30mm.pdf", "tokens.pdf",
            "player-aid.pdf"} <= set(names)
    deck = next(w for w in written if w.path.name == "deck.pdf")
    assert deck.pages == 12


def test_player_aid_lists_every_card_with_copies_cost_and_effect(assets, game):
    """Rules on the front, every card on the back, in both languages; read back from the PDF."""
    pdf = PdfReader(io.BytesIO(render_pdf_bytes(assets["player-aid"].iter_pages())))
    assert len(pdf.pages) == 4
    deck = load_yaml(game.folder / "deck.yaml")
    for page, lang in ((pdf.pages[1], "de"), (pdf.pages[3], "en")):
        text = " ".join(page.extract_text().split())
        assert ("Die 50 Genehmigungskarten" if lang == "de" else "The 50 permit cards") in text
        for c in deck["cards"]:
            name, effect = c["name"][lang], c["text"][lang]
            row = f"{name} {c['copies']}× {c['cost']} {effect}"
            assert " ".join(row.split()) in text or (name.split()[0] in text and effect in text), row
        for cat, n in (("Bewegen", 18), ("Drehen", 10), ("Schieben", 8), ("Manipulieren", 14)) if lang == "de" else \
                (("Move", 18), ("Turn", 10), ("Push", 8), ("Manipulate", 14)):
            assert f"{cat} ({n})" in text


def test_setup_diagram_names_the_seats_and_says_what_the_rule_leaves_open(assets):
    text = " ".join(PdfReader(io.BytesIO(render_pdf_bytes(assets["board-diagram"].iter_pages())))
                    .pages[0].extract_text().split())
    assert "Sitzplatz eines Spielers (Reihe a)" in text and "Sitzplatz des anderen Spielers (Reihe h)" in text
    assert "a1–a8 waagerecht zwischen den beiden Spielern" in text
    assert "legt die Regel nicht fest" in text
