"""Kafkas Halle's permit cards set as a printer would (#28), read back from the PDFs pnp writes:
no hyphenated word where the text fits at 90 % of its size or more, one title size for the
deck, footers centred in the band a trimmed card shows, the category name clear of the badge."""
from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from typer.testing import CliRunner

from pdfread import words
from pnp.cli.main import app

runner = CliRunner()
DATA = Path(__file__).resolve().parents[2] / "data"
MM = 25.4 / 72
CARD_W, CARD_H = 63.0, 88.0
X0, Y0 = 12.0, 16.0  # where a proof page puts the card's trim


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("kafkas")
    res = runner.invoke(app, ["build", "kafkas-halle", "--data", str(DATA), "--out", str(out), "--format", "pdf"])
    assert res.exit_code == 0, res.output
    assert "overlaps" not in res.output, res.output
    res = runner.invoke(app, ["proof", "kafkas-halle", "--data", str(DATA), "--out", str(out)])
    assert res.exit_code == 0, res.output
    return out


def _deck_cards():
    from pnp.model.game import discover
    from pnp.model.assets import BuildOptions
    from pnp.output.build import collect_assets

    g = discover(DATA)["kafkas-halle"]
    deck = next(a for a in collect_assets(g, BuildOptions().for_game(g)) if a.name == "deck")
    return deck.cards


def test_every_rule_text_fits_at_90_percent_or_more_without_a_hyphen():
    """The data's side of the promise: each text fits unbroken at >= 90 % of its 7.5 pt."""
    from pnp.scene.richtext import fit

    plan = _deck_cards()
    for card in plan.cards:
        f = fit(card.values["text"].get("de") if isinstance(card.values["text"], dict) else card.values["text"],
                63 - 10, 11.5, 7.5, 6.0, lang="de", align="center", valign="middle", line_height=1.15)
        assert f.size_pt >= 0.9 * 7.5 and f.hyphens == 0, (card.label, f.size_pt)


def hyphenated(pdf_path) -> list[str]:
    """Every word of the PDF broken at a line's end. PDFium reads such a line-end hyphen as
    U+FFFE and joins the halves ("Gegen\ufffeüber"); a plain "-" before a line break counts too."""
    doc = pdfium.PdfDocument(str(pdf_path))
    found = []
    for i in range(len(doc)):
        page = doc[i].get_textpage().get_text_range()
        found += [m.group().replace("\ufffe", "-") for m in re.finditer(r"\w*(?:\ufffe|-\r?\n)\w*", page)]
    return found


def test_no_word_on_the_cards_is_hyphenated(built):
    assert hyphenated(built / "kafkas-halle" / "deck.pdf") == []


def test_the_hyphen_check_sees_a_broken_word(tmp_path):
    """The check above can fail: the same text in a box too narrow to set it whole breaks words."""
    from pnp.scene import Page, Text
    from pnp.scene.richtext import fit, to_scene
    from pnp.render.pdf import write_pdf

    three_lines = 10 * MM + 2 * 10 * 1.2 * MM + 0.01  # at 10 pt and no smaller, only a hyphen makes it fit
    f = fit("Dreh das ganze Brett eine Vierteldrehung rechtsherum.", 37.5, three_lines, 10, 10, lang="de")
    page = Page(60, 60)
    page.content.add(to_scene(f, 5, 5))
    write_pdf([page], tmp_path / "narrow.pdf")
    assert f.hyphens and hyphenated(tmp_path / "narrow.pdf"), [p.text for p in f.pieces]


def _card_pages(doc) -> int:
    """How many proof pages show the deck's faces: they come first, then the deck's back, then the tokens."""
    return next(i for i in range(len(doc)) if "Rückseite" in doc[i].get_textpage().get_text_range())


def _title_sizes(pdf_path) -> dict[str, set[float]]:
    """The title line of each proof page (the card's name, 18 to 26 mm below its top edge) ->
    the font sizes its characters are set in."""
    out: dict[str, set[float]] = {}
    doc = pdfium.PdfDocument(str(pdf_path))
    for i in range(_card_pages(doc)):
        page = doc[i]
        height = page.get_height()
        tp = page.get_textpage()
        chars, sizes = [], set()
        for k in range(tp.count_chars()):
            left, bottom, right, top = tp.get_charbox(k)
            y = (height - (top + bottom) / 2) * MM
            ch = tp.get_text_range(k, 1)
            if Y0 + 18 <= y <= Y0 + 26 and ch.strip():
                chars.append(ch)
                sizes.add(round(pdfium_c.FPDFText_GetFontSize(tp.raw, k), 3))
        out["".join(chars)] = sizes
    return out


def test_every_title_of_the_deck_has_one_size(built):
    titles = _title_sizes(built / "kafkas-halle-proof.pdf")
    assert len(titles) == 17 and "GegendenUhrzeigersinn" in titles, titles
    assert len(set().union(*titles.values())) == 1, titles


def test_footers_sit_in_the_middle_of_their_band_and_the_category_clears_the_badge(built):
    proof = built / "kafkas-halle-proof.pdf"
    doc = pdfium.PdfDocument(str(proof))
    band_top, band_bottom = Y0 + CARD_H - 11, Y0 + CARD_H  # the band the trimmed card shows
    badge_left = X0 + CARD_W - 9.5 - 6.6 - 0.25
    for i in range(_card_pages(doc)):
        found = {w[0]: w for w in words(proof, i)}
        copies = next(w for t, w in found.items() if re.fullmatch(r"\d+×", t))
        middle = (copies[2] + copies[4]) / 2  # digits and × stand on the baseline: their box is the capitals'
        assert abs(middle - (band_top + band_bottom) / 2) < 0.35, (i, copies)
        if "Manipulieren" in found:
            assert badge_left - found["Manipulieren"][3] >= 2.0, found["Manipulieren"]
