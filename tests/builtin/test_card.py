"""The generic deck kind: a small game folder with a deck and a symbol file,
built without any game code; bad references, sizes, pips, greyscale bands."""
from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest
from PIL import Image
from pypdf import PdfReader

from pnp.model.assets import BuildOptions
from pnp.render import render_pdf_bytes, write
from pnp.output.build import collect_assets
from pnp.load.errors import DataErrors
from pnp.model.game import discover
from pnp.load.paths import DEFAULT_DATA

GAME = """\
name: tiny
title: Tiny
"""

SYMBOLS = """\
kind: symbols
symbols:
  - id: pfeil
    name: Pfeil
    parts:
      - {type: arrow, direction: right}
  - id: blitz
    name: Blitz
    parts:
      - {type: bolt}
"""

DECK = """\
kind: deck
name: karten
title: Tiny
card: CARD
cost_style: STYLE
categories:
  - {id: los, name: Los, colour: "#0b4f8a", mark: circle}
  - {id: halt, name: Halt, colour: "#f0c419", mark: triangle}
cards:
  - id: weiter
    name: Weiter
    category: los
    copies: 3
    cost: 2
    symbol: pfeil
  - id: stopp
    name: Stopp
    category: halt
    copies: 2
    cost: 0
    symbol: blitz
back:
  title: Tiny
  symbol: blitz
"""


def make_game(tmp_path, deck=DECK, card="poker", cost_style="numeral"):
    folder = tmp_path / "data" / "tiny"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME, encoding="utf-8")
    (folder / "symbols.yaml").write_text(SYMBOLS, encoding="utf-8")
    (folder / "deck.yaml").write_text(deck.replace("CARD", card).replace("STYLE", cost_style), encoding="utf-8")
    return discover(tmp_path / "data")["tiny"], folder


def assets_of(game, **kw):
    return {a.name: a for a in collect_assets(game, BuildOptions(**kw))}


def test_small_deck_builds_without_game_code(tmp_path):
    game, _ = make_game(tmp_path)
    assets = assets_of(game)
    assert {"karten", "cards/karten/weiter", "cards/karten/stopp", "cards/karten/_back", "karten-contact-sheet", "symbols"} <= set(assets)
    deck = assets["karten"]
    assert [(i.label, n) for i, n in deck.faces] == [("Weiter", 3), ("Stopp", 2)]
    reader = PdfReader(io.BytesIO(render_pdf_bytes(deck.iter_pages())))
    assert len(reader.pages) == 2  # one sheet of fronts, one of backs
    lines = [s.strip() for s in reader.pages[0].extract_text().splitlines()]
    assert lines.count("Weiter") == 3 and lines.count("Stopp") == 2
    assert lines.count("Los 2") == 3 and lines.count("Halt 0") == 2
    assert reader.pages[1].extract_text().count("Tiny") == 5


@pytest.mark.parametrize("label, footer", [(None, None), ("{de: Handlungen, en: actions}", "actions: 2")])
def test_the_footer_names_the_cost_only_in_the_decks_words(tmp_path, label, footer):
    """A deck without cost_label printed ': 2' in its footer (no word before the colon); the
    badge already shows the number, so the footer says it only when the deck names it."""
    deck = DECK if label is None else DECK.replace("cost_style: STYLE", f"cost_style: STYLE\ncost_label: {label}")
    game, _ = make_game(tmp_path, deck=deck)
    deck = assets_of(game, lang="en")["karten"]
    page = PdfReader(io.BytesIO(render_pdf_bytes(deck.iter_pages()))).pages[0].extract_text()
    lines = [s.strip() for s in page.splitlines()]
    assert not any(ln.startswith(":") or " : " in ln for ln in lines), lines
    assert (footer is None and "2" not in " ".join(ln for ln in lines if ":" in ln)) or \
        sum(footer in ln for ln in lines) == 3, lines


def test_every_back_is_drawn_identically(tmp_path):
    game, _ = make_game(tmp_path)
    deck = assets_of(game)["karten"]
    backs = {repr(item.back(3.0)) for item, _ in deck.faces}
    assert len(backs) == 1
    assert repr(deck.back.front(3.0)) in backs


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_unknown_symbol_is_a_positioned_error(tmp_path):
    bad = DECK.replace("    symbol: pfeil", "    symbol: pfiel")
    game, folder = make_game(tmp_path, bad)
    with pytest.raises(DataErrors) as exc:
        assets_of(game)
    (p,) = exc.value.problems
    assert p.file.endswith("deck.yaml")
    assert p.line == _line_of(bad, "symbol: pfiel") and p.col > 1
    assert "'pfiel'" in p.message and "pfeil" in p.message  # names the known symbols


def test_unknown_category_is_a_positioned_error(tmp_path):
    bad = DECK.replace("    category: halt", "    category: halte")
    game, _ = make_game(tmp_path, bad)
    with pytest.raises(DataErrors) as exc:
        assets_of(game)
    (p,) = exc.value.problems
    assert p.line == _line_of(bad, "category: halte")
    assert "halte" in p.message and "los, halt" in p.message


def test_card_size_in_mm_and_per_card_svg(tmp_path):
    game, _ = make_game(tmp_path, card="50x70")
    assets = assets_of(game, bleed=2.0)
    item = assets["karten"].faces[0][0]
    assert (item.w, item.h) == (50.0, 70.0)
    out = tmp_path / "weiter.svg"
    write("svg", next(assets["cards/karten/weiter"].iter_pages()), out)
    root = ET.parse(out).getroot()
    assert (root.get("width"), root.get("height")) == ("54mm", "74mm")


def _find(group, prefix):
    out = []
    for ch in getattr(group, "children", []):
        if getattr(ch, "id", None) and ch.id.startswith(prefix):
            out.append(ch)
        out += _find(ch, prefix)
    return out


def test_pips_show_the_cost_as_dots(tmp_path):
    game, _ = make_game(tmp_path, cost_style="pips")
    deck = assets_of(game)["karten"]
    face = deck.faces[0][0].front(3.0)
    assert len(_find(face, "symbol-pip")) == 2  # "Weiter" costs 2: two pips in the badge


def test_category_bands_differ_in_greyscale_and_mark(tmp_path):
    """The Kafkas Halle categories must read apart without colour: band lightness
    measured on rendered PNGs differs clearly, and each has its own mark."""
    from pnp.impose.single import single_page

    game = discover(DEFAULT_DATA)["kafkas-halle"]
    deck = next(a for a in collect_assets(game, BuildOptions()) if a.name == "deck")
    first_of = {}
    for item, _ in deck.faces:
        face = item.front(3.0)
        mark = _find(face, "symbol-mark-")[0].id
        first_of.setdefault(mark, item)
    assert len(first_of) == 4  # four categories, four different marks
    greys = []
    dpi = 60
    for i, item in enumerate(first_of.values()):
        path = tmp_path / f"c{i}.png"
        write("png", single_page(item, 3.0), path, dpi=dpi)
        img = Image.open(path).convert("L")
        px = lambda mm: round(mm / 25.4 * dpi)  # noqa: E731
        greys.append(img.getpixel((px(3 + 14), px(3 + 2))))  # in the band, clear of mark and text
    greys.sort()
    assert min(b - a for a, b in zip(greys, greys[1:])) >= 25, greys


def test_poker_cards_go_3x3_on_a4_and_letter(tmp_path):
    from pnp.layout.builtin.card import deck_sheet
    from pnp.impose.grid import fit_grid

    game, folder = make_game(tmp_path)
    from pnp.load.loader import load_model
    from pnp.model.deck import Deck

    doc = load_model(folder / "deck.yaml", Deck)
    a4 = deck_sheet(doc, BuildOptions(paper="a4"))
    letter = deck_sheet(doc, BuildOptions(paper="letter"))
    assert a4.margin == 8.0  # the user's margin is kept when it already fits 9
    assert fit_grid(63, 88, a4).per_page == 9
    assert fit_grid(63, 88, letter).per_page == 9 and letter.margin == 5.0
    plan = fit_grid(63, 88, letter)
    assert plan.orientation == "portrait" and (plan.cols, plan.rows) == (3, 3)


def test_a_category_coloured_none_reads_on_the_paper(tmp_path):
    """'none' is a colour the schema takes (no paint): its band is the paper, written on in
    near-black, where the deck used to fail on contrast() of no colour (found by typing)."""
    from pnp.layout.builtin.cardlist import category_tables
    from pnp.load.loader import load_model
    from pnp.model.deck import Deck

    game, folder = make_game(tmp_path, deck=DECK.replace('colour: "#f0c419"', "colour: none"))
    tables = category_tables(load_model(folder / "deck.yaml", Deck), "de")
    assert (tables["ink"]["halt"], tables["tint"]["halt"], tables["edge"]["halt"]) == ("#1a1a1a", "#ffffff", "#ffffff")
    deck = assets_of(game)["karten"]
    assert "Stopp" in PdfReader(io.BytesIO(render_pdf_bytes(deck.iter_pages()))).pages[0].extract_text()
