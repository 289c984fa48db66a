"""What an export tells the user to order: one upload group per different back (a deck per back
where the shop's product has one back), with counts, in README.txt and in the summary; each
back written once; nouns in the right number."""
from __future__ import annotations

import re
import shutil
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

import pdfread

from pnp.cli.main import app
from pnp.model.assets import BuildOptions
from pnp.model.game import discover
from pnp.output.export import export, load_profile

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    """The example deck (8 card types, 23 cards, three backs by type) and Kafkas Halle (one back)."""
    d = tmp_path_factory.mktemp("data")
    shutil.copytree(ROOT / "examples" / "starter-deck", d / "starter-deck")
    shutil.copytree(ROOT / "data" / "kafkas-halle", d / "kafkas-halle")
    return d


@pytest.fixture(scope="module")
def games(data):
    return discover(data)


def _faces(readme: str) -> list[tuple[int, str]]:
    return [(int(m.group(1)), m.group(2)) for m in re.finditer(r"^ +(\d+) ×  (\S+)", readme, re.M)]


def test_three_backs_at_the_game_crafter_are_three_decks(games, tmp_path):
    w = export(games["starter-deck"], BuildOptions(), load_profile("thegamecrafter"), tmp_path)
    backs = sorted(p.name for p in (w.folder / "market").glob("back*.png"))
    assert backs == ["back-1.png", "back-2.png", "back-3.png"]  # each different back once, not one per card
    assert len(list((w.folder / "market").glob("*.png"))) == 8 + 3
    readme = (w.folder / "README.txt").read_text()
    assert ("Markttag – Karten: order 3 decks (poker 63.5 × 88.9 mm), one per back, of 9, 9 and 5 cards "
            "(The Game Crafter prints one back per deck)") in readme
    assert "  8 card types, 23 cards in all, 3 different backs, bleed 3.175 mm" in readme
    blocks = re.split(r"^  deck \d of 3, ", readme, flags=re.M)[1:]
    assert [b.split(",")[0] for b in blocks] == ["9 cards", "9 cards", "5 cards"]
    for n, block in enumerate(blocks, 1):
        assert block.splitlines()[0].endswith(f"back: market/back-{n}.png")
        faces = _faces(block)
        assert sum(c for c, _ in faces) == int(block.split(" ")[0])
    assert [f for _, f in _faces(blocks[1])] == ["market/004-kupfermuenze.png", "market/005-silbermuenze.png"]


def test_a_shop_that_takes_a_back_per_card_gets_faces_paired_with_backs(games, tmp_path):
    w = export(games["starter-deck"], BuildOptions(), load_profile("makeplayingcards"), tmp_path)
    assert sorted(p.name for p in (w.folder / "market").glob("back*.png")) == ["back-1.png", "back-2.png",
                                                                                "back-3.png"]
    readme = (w.folder / "README.txt").read_text()
    assert "order 1 deck of 23 cards (poker 63.5 × 88.9 mm) with 3 different backs, each card with its own" in readme
    assert "    6 ×  market/004-kupfermuenze.png  (Kupfermünze)  back: market/back-2.png" in readme
    assert sum(c for c, _ in _faces(readme)) == 23


def test_one_back_for_the_whole_deck(games, tmp_path):
    w = export(games["kafkas-halle"], BuildOptions(), load_profile("thegamecrafter"), tmp_path)
    readme = (w.folder / "README.txt").read_text()
    assert "Kafkas Halle – Genehmigungskarten: order 1 deck of 50 cards (poker 63.5 × 88.9 mm), all with one back" \
        in readme
    assert "  17 card types, 50 cards in all, 1 back, bleed 3.175 mm" in readme
    assert "  back:  deck/back.png  (every card)" in readme
    assert sum(c for c, _ in _faces(readme)) == 50


def test_drivethrucards_pages_pair_each_card_with_its_own_back(games, tmp_path):
    w = export(games["starter-deck"], BuildOptions(), load_profile("drivethrucards"), tmp_path)
    texts = pdfread.text(w.folder / "market.pdf").split("\f")
    assert len(texts) == 46  # 23 cards, back and front each
    assert "Waren" in texts[0] and "Apfelkorb" in texts[1]  # goods: the goods back
    assert "Münzen" in texts[18] and "Kupfermünze" in texts[19]  # after 9 goods cards: coins
    assert "Ereignis" in texts[36] and "Marktschreier" in texts[37]
    readme = (w.folder / "README.txt").read_text()
    assert "order 1 deck of 23 cards (poker 63.5 × 88.9 mm) with 3 different backs" in readme
    assert "  market.pdf, pages: each card's back, then its front; every copy has its own pages" in readme


def test_single_sided_cards_and_a_back_of_ones_own(tmp_path):
    """Backs by type: a deck per back, even of one card; a deck without backs is single-sided."""
    game = tmp_path / "data" / "mixed"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("name: mixed\ntitle: Mixed\n")
    (game / "face.yaml").write_text("kind: layout\nfields: {name: text, type: text?}\n"
                                    "elements:\n  - {type: text, x: 5, y: 10, w: 50, h: 10, text: '{name}'}\n")
    (game / "deck.yaml").write_text(textwrap.dedent("""\
        kind: deck
        name: deck
        title: Gemischt
        card: poker
        layout: face.yaml
        backs:
          by: type
          layouts:
            a: {title: A}
            b: {title: B}
        cards:
          - {name: Eins, type: a, copies: 2}
          - {name: Zwei, type: b}
          - {name: Drei, type: a}
        """))
    w = export(discover(tmp_path / "data")["mixed"], BuildOptions(), load_profile("thegamecrafter"), tmp_path / "out")
    readme = (w.folder / "README.txt").read_text()
    assert "order 2 decks (poker 63.5 × 88.9 mm), one per back, of 3 and 1 cards" in readme
    assert "  deck 1 of 2, 3 cards, back: deck/back-1.png" in readme
    assert "  deck 2 of 2, 1 card, back: deck/back-2.png" in readme
    (game / "deck.yaml").write_text(textwrap.dedent("""\
        kind: deck
        name: deck
        title: Einseitig
        card: poker
        layout: face.yaml
        back: none
        cards:
          - {name: Eins}
        """))
    w = export(discover(tmp_path / "data")["mixed"], BuildOptions(), load_profile("thegamecrafter"), tmp_path / "out")
    readme = (w.folder / "README.txt").read_text()
    assert "Einseitig: order 1 deck of 1 card (poker 63.5 × 88.9 mm), single-sided" in readme
    assert "  1 card type, 1 card in all, no back, bleed 3.175 mm" in readme
    assert not list(w.folder.rglob("back*.png"))


def test_the_summary_says_what_to_order_in_the_right_number(data, tmp_path):
    r = runner.invoke(app, ["export", "kafkas-halle", "-p", "drivethrucards", "--data", str(data),
                            "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0].startswith("1 file for DriveThruCards in ")
    assert lines[1] == "  Kafkas Halle – Genehmigungskarten: order 1 deck of 50 cards (poker 63.5 × 88.9 mm), all with one back"
    assert lines[2].startswith("preflight ok: 18 card sides, 1 file; checks: safe-zone, overlap, image-dpi, bleed, fonts")
    assert "pdfx-header" in lines[2] and "transparency" in lines[2] and "pixels" not in lines[2]
    r = runner.invoke(app, ["export", "starter-deck", "-p", "thegamecrafter", "--data", str(data),
                            "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[1] == ("  Markttag – Karten: order 3 decks (poker 63.5 × 88.9 mm), one per back, of 9, 9 "
                                        "and 5 cards (The Game Crafter prints one back per deck)")
    assert "11 files" in r.output and " 1 files" not in r.output
    assert r.output.splitlines()[2].endswith("checks: safe-zone, overlap, image-dpi, bleed, pixels, resolution")
    r = runner.invoke(app, ["export", "starter-deck", "-p", "tts", "--data", str(data), "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[-1].endswith("; no check applies to what Tabletop Simulator gets")


@pytest.fixture
def renamed_modes():
    """The card modes registered again under other names: the export, its README and preflight
    must go by what a mode's files hold, never by its name."""
    from pnp.output.modes import MODES, Mode, register, unregister

    made = [register(Mode("packs", "card images again", MODES["images"].writer, products=True, holds="side")),
            register(Mode("deck-pdf", "a PDF per deck again", MODES["card-pdf"].writer, products=True,
                          formats=("pdf",), holds="deck"))]
    yield
    for mode in made:
        unregister(mode.name)


def _renamed(shop: str, output: str, folder: Path) -> Path:
    text = (ROOT / "pnp" / "output" / "profiles" / f"{shop}.yaml").read_text(encoding="utf-8")
    text = re.sub(r"^output: .*$", f"output: {output}", text, flags=re.M).replace(f"name: {shop}", f"name: {output}")
    (folder / f"{output}.yaml").write_text(text, encoding="utf-8")
    return folder / f"{output}.yaml"


def test_a_mode_of_another_name_is_exported_and_checked_by_what_it_holds(games, renamed_modes, tmp_path):
    import pikepdf
    from PIL import Image

    from pnp.output.preflight import check_written

    profile = load_profile(str(_renamed("thegamecrafter", "packs", tmp_path)))
    w = export(games["starter-deck"], BuildOptions(), profile, tmp_path / "out")
    readme = (w.folder / "README.txt").read_text()
    assert "Markttag – Karten: order 3 decks (poker 63.5 × 88.9 mm), one per back" in readme
    with Image.open(w.folder / "market" / "back-1.png") as im:
        assert im.size == (825, 1125)  # the shop template's pixels, as for images
        im.resize((800, 1125)).save(w.folder / "market" / "back-1.png", dpi=(300, 300))
    found, _ = check_written(w, profile)
    assert [(f.check, f.where) for f in found] == [("pixels", "market/back-1.png")]

    profile = load_profile(str(_renamed("drivethrucards", "deck-pdf", tmp_path)))
    w = export(games["kafkas-halle"], BuildOptions(), profile, tmp_path / "out")
    assert "PDF: PDF/X-1a:2003" in (w.folder / "README.txt").read_text()
    with pikepdf.open(w.folder / "deck.pdf", allow_overwriting_input=True) as pdf:
        assert len(pdf.pages) == 100  # a back and a front per copy, as for card-pdf
        del pdf.pages[-1]
        pdf.save(w.folder / "deck.pdf")
    found, _ = check_written(w, profile)
    assert [(f.check, f.message.split(";")[0]) for f in found] == [("pages", "99 pages")]
