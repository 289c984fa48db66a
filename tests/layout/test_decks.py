"""Decks made the designer's way, end to end through the CLI: a spreadsheet card
list, a layout, pictures, inline icons, per-type backs; read back from what pnp writes."""
from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pdfread import raster, text, words
from pnp.cli.main import app

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NS = "{http://www.w3.org/2000/svg}"
CARDS = {"Apfelkorb": 4, "Käserad": 3, "Wollballen": 2, "Kupfermünze": 6, "Silbermünze": 3, "Marktschreier": 2,
         "Regenschauer": 2, "Stadtfest": 1}


@pytest.fixture
def starter(tmp_path):
    """A copy of examples/ (the starter deck) to build and break."""
    shutil.copytree(EXAMPLES, tmp_path / "examples")
    return tmp_path / "examples"


def build(data, out, *args):
    res = runner.invoke(app, ["build", "starter-deck", "--data", str(data), "--out", str(out), *args])
    return res


@pytest.fixture
def built(starter, tmp_path):
    res = build(starter, tmp_path / "out")
    assert res.exit_code == 0, res.output
    return tmp_path / "out" / "starter-deck"


def test_starter_deck_builds_every_card_of_the_sheet(built):
    pdf = built / "market.pdf"
    fronts = [i for i in range(len(PdfReader(pdf).pages)) if i % 2 == 0]  # duplex: a back page after each front
    names = [w for i in fronts for w, *_ in words(pdf, i)]
    for name, copies in CARDS.items():
        assert names.count(name) == copies, name
    assert sum(CARDS.values()) == 23 and len(fronts) == 3
    assert sorted(p.name for p in (built / "cards" / "market").glob("_*.svg")) == [
        "_back-coin.svg", "_back-event.svg", "_back-goods.svg"]  # a back per type, named by it


def test_rich_text_and_inline_icons_reach_the_pdf(built):
    pdf = built / "market.pdf"
    fonts = {str(f["/BaseFont"]) for page in PdfReader(pdf).pages for f in page["/Resources"]["/Font"].values()
             if hasattr(f, "keys")}
    assert any("Bold" in f for f in fonts) and any("Oblique" in f for f in fonts)  # **Sofort:** and *Nicht stapelbar.*
    assert "Sofort:" in text(pdf, 0) and "stapelbar." in text(pdf, 0)
    # the coin icon inside "Lege :coin: ab": ink between the words "Lege" and "ab" on the first card
    ws = words(pdf, 0)
    lege = next(w for w in ws if w[0] == "Lege")
    ab = next(w for w in ws if w[0] == "ab" and abs(w[2] - lege[2]) < 1 and w[1] > lege[3])
    img = np.asarray(raster(pdf, 300).convert("L"))
    k = 300 / 25.4
    gap = img[int(lege[2] * k):int(lege[4] * k), int(lege[3] * k) + 2:int(ab[1] * k) - 2]
    assert (gap < 100).sum() > 20


def test_pictures_in_every_format(built):
    pdf = PdfReader(built / "market.pdf")
    first = pdf.pages[0]
    xobjects = first["/Resources"].get("/XObject", {})
    assert any(x.get_object()["/Subtype"] == "/Image" for x in xobjects.values())  # wool.png stays raster
    # apples.svg stays vector: its red apple is drawn, not pasted as a picture, in a form XObject
    # that each card showing the picture draws
    forms = [x.get_object() for x in xobjects.values() if x.get_object()["/Subtype"] == "/Form"]
    ops = b"".join(f.get_data() for f in forms)
    assert b"0.776471 0.156863 0.156863 rg" in ops or b".776471 .156863 .156863 rg" in ops
    svg = ET.parse(built / "cards" / "market" / "apfelkorb.svg").getroot()
    hrefs = [e.get("{http://www.w3.org/1999/xlink}href") or e.get("href") for e in svg.iter(NS + "image")]
    assert hrefs and hrefs[0].startswith("data:image/svg+xml;base64,")
    from PIL import Image

    png = np.asarray(Image.open(built / "market-contact-sheet.png").convert("RGB"))
    red = (png[..., 0] > 180) & (png[..., 1] < 80) & (png[..., 2] < 80)
    assert red.sum() > 100


def test_backs_follow_the_card_type(built):
    pdf = built / "market.pdf"
    labels = [w for w, *_ in words(pdf, 1)]  # the back page of the first sheet: Apfelkorb x4, Käserad x3, Woll x2
    assert labels.count("Waren") == 9 and "Münzen" not in labels
    assert "Münzen" in [w for w, *_ in words(pdf, 3)]


def test_the_same_geometry_in_pdf_svg_and_png(built, tmp_path):
    svg = ET.parse(built / "cards" / "market" / "kaeserad.svg").getroot()
    assert (svg.get("width"), svg.get("height")) == ("69mm", "94mm")  # poker card plus 3 mm bleed
    assert svg.get("data-trim") == "3 3 63 88"
    assert any(g.get("transform") == "matrix(1 0 0 1 3 3)" for g in svg.iter(NS + "g"))  # the card, moved by the bleed
    title = next(t for t in svg.iter(NS + "text") if t.text == "Käserad")
    x_svg = float(title.get("x"))  # in the card's own (trim) coordinates
    pdf = built / "market.pdf"
    kase = [w for w in words(pdf, 0) if w[0] == "Käserad"]
    assert kase
    # the PDF sheet: cards 63 x 88 mm in a 3 x 3 grid centred on A4; every copy at the same place in its cell
    xs = sorted({round(w[1] - x_svg, 2) for w in kase})  # the word box starts at the glyph, 0.4 mm in
    assert xs == pytest.approx([10.5 + 0.39, 73.5 + 0.39, 136.5 + 0.39], abs=0.1), xs


def test_another_sheet_with_the_same_columns_works_unchanged(starter, tmp_path):
    (starter / "starter-deck" / "cards.csv").write_text(
        "name,type,cost,copies,art,text\n"
        "Honigtopf,goods,2,2,art/apples.svg,Tausche :heart: gegen :coin:.\n"
        "Goldmünze,coin,0,1,art/coin.svg,:coin::coin::coin:\n", encoding="utf-8")
    res = build(starter, tmp_path / "o", "-f", "pdf")
    assert res.exit_code == 0, res.output
    names = [w for w, *_ in words(tmp_path / "o" / "starter-deck" / "market.pdf", 0)]
    assert names.count("Honigtopf") == 2 and names.count("Goldmünze") == 1


@pytest.mark.parametrize("row, message", [
    ("Zwerg,goods,zwei,1,art/apples.svg,x", 'cards.csv:10: column cost: expected an integer from 0 to 9, got "zwei"'),
    ("Zwerg,tools,1,1,art/apples.svg,x", "cards.csv:10: column type: expected one of goods, coin, event"),
    ("Zwerg,goods,1,1,art/missing.png,x", "'art': card 'Zwerg' shows the image 'art/missing.png', which is not a file"),
    ("Zwerg,goods,1,1,art/apples.svg," + "Sehr langer Text " * 40,
     "cards.csv:10: text box (elements.6): overflows by"),
])
def test_a_bad_row_names_its_line_and_nothing_is_written(starter, tmp_path, row, message):
    sheet = starter / "starter-deck" / "cards.csv"
    sheet.write_text(sheet.read_text(encoding="utf-8") + row + "\n", encoding="utf-8")
    out = tmp_path / "o"
    res = build(starter, out)
    assert res.exit_code == 2, res.output
    assert message in res.output and "Traceback" not in res.output
    assert not out.exists() or not (out / "starter-deck").exists()


def test_cards_from_xlsx_and_ods(starter, tmp_path):
    files = Path(__file__).parent / "files"
    for suffix in (".xlsx", ".ods"):
        game = starter / "starter-deck"
        shutil.copy(files / f"cards{suffix}", game / f"sheet{suffix}")
        (game / "plain.yaml").write_text(
            "kind: deck\nname: plain\ntitle: Plain\nlayout: plain-card.yaml\ncards: sheet" + suffix +
            "\ncolumns: {Name: name, Kosten: cost}\nback: none\n", encoding="utf-8")
        (game / "plain-card.yaml").write_text(
            "kind: layout\nfields: {name: text, cost: integer 0..9, type: text?, weight: number?, rare: bool,"
            " art: text?, text: text?, copies: integer 0..9 = 1}\n"
            "elements:\n  - {type: text, text: '{name} {cost}', h: 8, size: 12}\n", encoding="utf-8")
        res = build(starter, tmp_path / suffix[1:], "-f", "pdf")
        assert res.exit_code == 0, res.output
        assert "Wolf" in text(tmp_path / suffix[1:] / "starter-deck" / "plain.pdf")


def test_proof_pages_show_trim_bleed_and_safe_zone(starter, tmp_path):
    res = runner.invoke(app, ["proof", "starter-deck", "--data", str(starter), "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    pdf = tmp_path / "starter-deck-proof.pdf"
    reader = PdfReader(pdf)
    assert len(reader.pages) == 8 + 3  # every distinct face, then each of the three backs once
    page = reader.pages[0]
    pt = 72 / 25.4
    trim = [round(float(v) / pt, 2) for v in page.trimbox]
    assert round(trim[2] - trim[0], 2) == 63 and round(trim[3] - trim[1], 2) == 88  # 1:1
    img = np.asarray(raster(pdf, 200))
    k = 200 / 25.4
    x_safe = int((12 + 3) * k)  # the safe line 3 mm inside the trim, green and dotted
    col = img[int(40 * k):int(60 * k), x_safe - 2:x_safe + 3]
    assert ((col[..., 1] > 100) & (col[..., 0] < 80) & (col[..., 2] < 120)).any()
    assert "Schnitt" in text(pdf, 0)


def test_new_from_a_sheet_builds_as_it_is(tmp_path):
    res = runner.invoke(app, ["new", "markt", "--from", str(EXAMPLES / "starter-deck" / "cards.csv"),
                              "--data", str(tmp_path / "d")])
    assert res.exit_code == 0, res.output
    game = tmp_path / "d" / "markt"
    layout = (game / "card.yaml").read_text()
    assert "cost: integer 0..9" in layout and "type: choice coin|event|goods" in layout and "art: image" in layout
    assert (game / "art" / "wool.png").is_file() and (game / "symbols.yaml").is_file()
    res = runner.invoke(app, ["build", "markt", "--data", str(tmp_path / "d"), "--out", str(tmp_path / "o"),
                              "-f", "pdf"])
    assert res.exit_code == 0, res.output
    assert text(tmp_path / "o" / "markt" / "deck.pdf", 0).count("Apfelkorb") == 4


def test_kafkas_halle_requires_one_back_for_every_card(tmp_path):
    from pnp.load.paths import SHIPPED_DATA

    data = tmp_path / "data"
    shutil.copytree(SHIPPED_DATA / "kafkas-halle", data / "kafkas-halle")
    deck = data / "kafkas-halle" / "deck.yaml"
    body = deck.read_text(encoding="utf-8")
    body = re.sub(r"(?ms)^back:.*\Z", "backs:\n  by: category\n  layouts: {default: classic-back}\n", body)
    deck.write_text(body, encoding="utf-8")
    res = runner.invoke(app, ["check", "kafkas-halle", "--data", str(data)])
    assert res.exit_code == 1, res.output
    assert "deck.one-back" in res.output and "every permit card must have the same back" in res.output


def test_docs_reference_is_the_schema():
    from pnp.layout.reference import reference

    doc = (Path(__file__).resolve().parents[2] / "docs" / "layouts.md").read_text(encoding="utf-8")
    start = doc.index("<!-- reference:")
    section = doc[doc.index("\n", start) + 1:doc.index("<!-- end of reference -->")]
    assert section.strip() == reference().strip()


def test_the_kinds_come_in_one_order_whichever_module_is_imported_first():
    """Reading a cached document imports its elements' modules first; the reference and the schema
    must not change with that."""
    import subprocess
    import sys

    def order(first: str) -> str:
        code = f"import {first}, pnp.layout.vocabulary as v; print([k.names[0] for k in v.kinds()])"
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout

    assert order("pnp.layout.document") == order("pnp.layout.charts") == order("pnp.layout.vocabulary")


def test_a_low_resolution_picture_is_a_warning_with_its_row(starter, tmp_path):
    from PIL import Image

    Image.new("RGB", (120, 80), (200, 180, 150)).save(starter / "starter-deck" / "art" / "wool.png")  # 120 px over 45 mm
    res = build(starter, tmp_path / "o", "-f", "pdf")
    assert res.exit_code == 0, res.output
    assert "cards.csv:4: warning: image 'art/wool.png' prints at 68 dpi (below 200" in res.output


def test_a_character_the_font_lacks_names_the_card_row(starter, tmp_path):
    sheet = starter / "starter-deck" / "cards.csv"
    sheet.write_text(sheet.read_text(encoding="utf-8") + "Runenstein \u16a0,goods,1,1,art/apples.svg,x\n",
                     encoding="utf-8")
    res = build(starter, tmp_path / "o")
    assert res.exit_code == 2
    assert "cards.csv:10: text (elements.2 (id 'title')): the character" in res.output and "U+16A0" in res.output
