"""pnp export and pnp preflight: every shipped profile's output read back (pixel size,
dpi metadata, PDF boxes, page order, colour space, output intent), and a deliberately
broken deck whose blurry art, text in the cut and missing bleed preflight must name."""
from __future__ import annotations

import io
import json
import shutil
import textwrap
from pathlib import Path

import pikepdf
import pytest
from PIL import Image
from typer.testing import CliRunner

import pdfread

from pnp.cli.main import app
from pnp.model.assets import BuildOptions
from pnp.model.game import discover
from pnp.output.export import export, load_profile, profile_names
from pnp.output.preflight import preflight
from pnp.render.pdffacts import read_facts

ROOT = Path(__file__).resolve().parents[2]
MM = 72 / 25.4
runner = CliRunner()


@pytest.fixture(scope="module")
def kafkas(tmp_path_factory):
    data = tmp_path_factory.mktemp("data")
    shutil.copytree(ROOT / "data" / "kafkas-halle", data / "kafkas-halle")
    return discover(data)["kafkas-halle"]


@pytest.fixture(scope="module")
def exported(kafkas, tmp_path_factory):
    out = tmp_path_factory.mktemp("out")
    return {name: export(kafkas, BuildOptions(), load_profile(name), out) for name in profile_names()}


def test_every_shipped_profile_loads_and_cites_its_numbers():
    names = profile_names()
    assert {"thegamecrafter", "makeplayingcards", "drivethrucards", "printerstudio", "pdf-x", "tts"} <= set(names)
    for name in names:
        p = load_profile(name)
        if p.output in ("images", "card-pdf"):
            assert p.sources, f"{name}: a shop profile says where its sizes come from"


@pytest.mark.parametrize("name, px", [("thegamecrafter", (825, 1125)), ("makeplayingcards", (822, 1122)),
                                      ("printerstudio", (822, 1122))])
def test_card_images_have_the_templates_pixels_and_300_dpi(exported, name, px):
    w = exported[name]
    pngs = sorted(w.folder.glob("deck/*.png"))
    assert len(pngs) == 17 + 1  # every distinct face and the one back
    for p in pngs:
        with Image.open(p) as im:
            assert im.size == px
            assert im.mode == "RGB"
            assert round(im.info["dpi"][0]) == 300
    readme = (w.folder / "README.txt").read_text()
    counts = [int(line.split("×")[0]) for line in readme.splitlines() if "× " in line and ".png" in line]
    assert sum(counts) == 50 and len(counts) == 17  # the order has every copy of the 50-card deck


def test_card_image_is_the_card_with_bleed_to_every_edge(exported):
    """The category band of a face runs into the bleed: the top row of pixels is the band's colour."""
    with Image.open(exported["thegamecrafter"].folder / "deck" / "001-nach-links.png") as im:
        top = im.convert("L").crop((0, 0, 825, 3))
        bottom = im.convert("L").crop((0, 1122, 825, 1125))
        assert top.getextrema()[1] < 200 and bottom.getextrema()[1] < 200


def test_drivethrucards_pdf_pages_back_then_front_for_every_copy(exported):
    w = exported["drivethrucards"]
    pdf = w.folder / "deck.pdf"
    facts = read_facts(pdf)
    assert len(facts.pages) == 100  # 50 cards, back and front each
    for p in facts.pages:
        assert p.trim[2:] == pytest.approx((63.5, 88.9), abs=0.01)
        assert p.media[2:] == pytest.approx((63.5 + 2 * 3.175, 88.9 + 2 * 3.175), abs=0.01)
    assert all(facts.fonts.values()) and facts.fonts
    texts = pdfread.text(pdf).split("\f")
    assert "Genehmigung" in texts[0] and "Nach Links" in texts[1]  # back of card 1, then its front
    assert "Nach Links" in texts[7] and "Nach Rechts" in texts[9]  # 4 copies of the first card, then the next


def test_drivethrucards_gets_cmyk_with_its_output_intent(exported):
    """Every colour and picture converted with the shipped FOGRA39 profile (at most 240 % ink),
    black text in black ink alone, the profile embedded as the PDF's output intent."""
    from pnp.render.cmyk import ICC_DIR

    pdf = exported["drivethrucards"].folder / "deck.pdf"
    facts = read_facts(pdf)
    assert set().union(*(p.colour_ops for p in facts.pages)) == {"cmyk"}
    assert 150 < max(p.max_ink for p in facts.pages) <= 240
    assert facts.output_intents == ["FOGRA39"]
    with pikepdf.open(pdf) as doc:
        intent = doc.Root.OutputIntents[0]
        assert intent.S == "/GTS_PDFX" and str(intent.RegistryName) == "http://www.color.org"
        assert int(intent.DestOutputProfile.N) == 4
        assert intent.DestOutputProfile.read_bytes() == (ICC_DIR / "fogra39-240.icc").read_bytes()
        stream = pikepdf.unparse_content_stream(pikepdf.parse_content_stream(doc.pages[1]))
    assert b"0 0 0 1 k" in stream  # the card's black text: black ink alone
    readme = (exported["drivethrucards"].folder / "README.txt").read_text()
    assert "Colour: CMYK, converted with the ICC profile" in readme and "black ink alone" in readme


def test_copy_shop_pdfs_carry_an_srgb_output_intent(exported):
    w = exported["pdf-x"]
    pdfs = sorted(w.folder.rglob("*.pdf"))
    assert pdfs
    for p in pdfs:
        with pikepdf.open(p) as pdf:
            intents = pdf.Root.OutputIntents
            assert len(intents) == 1 and intents[0].S == "/GTS_PDFX"
            assert int(intents[0].DestOutputProfile.N) == 3
    deck = read_facts(w.folder / "deck.pdf")
    assert all(pg.trim != pg.media for pg in deck.pages)  # the card sheets keep crop marks around the cut


def test_tts_profile_writes_the_saved_object(exported):
    w = exported["tts"]
    obj = json.loads((w.folder / "deck.json").read_text())
    assert len(obj["ObjectStates"][0]["ContainedObjects"]) == 50


def test_export_is_deterministic(kafkas, exported, tmp_path):
    for name in ("thegamecrafter", "drivethrucards", "pdf-x"):
        again = export(kafkas, BuildOptions(), load_profile(name), tmp_path)
        first = exported[name].folder
        for f in sorted(p for p in first.rglob("*") if p.is_file()):
            assert f.read_bytes() == (again.folder / f.relative_to(first)).read_bytes(), f.name


def test_the_shipped_deck_passes_the_game_crafters_preflight(kafkas):
    found, counts = preflight(kafkas, BuildOptions(), load_profile("thegamecrafter"))
    assert found == [] and counts == {"card sides": 18, "files": 18}


def test_the_shipped_deck_passes_drivethrucards_preflight_in_cmyk(kafkas):
    found, counts = preflight(kafkas, BuildOptions(), load_profile("drivethrucards"))
    assert found == [] and counts["files"] == 1


def test_a_deck_in_cmyk_passes_drivethrucards_until_the_ink_is_too_heavy(tmp_path):
    """Colours given as cmyk(...) are written as CMYK; preflight then checks the ink limit."""
    game = tmp_path / "data" / "ink"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("name: ink\ntitle: Ink\n")
    (game / "face.yaml").write_text(textwrap.dedent("""\
        kind: layout
        fields:
          name: text
          band: text
        elements:
          - {type: rect, frame: bleed, fill: "cmyk(0, 0, 0, 0)"}
          - {type: rect, frame: bleed, h: 14, fill: "{band}"}
          - {type: text, x: 5, y: 20, w: 53, h: 8, text: "{name}", size: 12, colour: "cmyk(0.6, 0.4, 0.4, 1)"}
        """))
    (game / "deck.yaml").write_text(textwrap.dedent("""\
        kind: deck
        name: deck
        title: Ink deck
        card: poker
        layout: face.yaml
        back: {title: Ink, colour: "cmyk(0.9, 0.5, 0, 0.2)", ink: "cmyk(0, 0, 0, 0)"}
        cards:
          - {name: Sanft, band: "cmyk(0.2, 0.6, 0, 0.1)", copies: 3}
          - {name: Satt, band: "cmyk(1, 1, 1, 1)"}
        """))
    found, counts = preflight(discover(tmp_path / "data")["ink"], BuildOptions(), load_profile("drivethrucards"))
    assert counts["card sides"] == 3  # two faces and the shipped back
    assert [(f.check, f.message) for f in found] == [("ink", "page 8 lays down up to 400 % ink; the shop takes "
                                                              "at most 240 %")]


def _png(w: int, h: int) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (w, h), (40, 90, 160)).save(buf, format="PNG")
    return buf.getvalue()


@pytest.fixture
def broken(tmp_path):
    """A deck of four cards: one fine, one with blurry art, one with text in the cut, one whose
    coloured band stops at the cut instead of running into the bleed."""
    game = tmp_path / "data" / "shop"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("name: shop\ntitle: Shop\n")
    (game / "sharp.png").write_bytes(_png(900, 600))
    (game / "blurry.png").write_bytes(_png(30, 20))
    (game / "face.yaml").write_text(textwrap.dedent("""\
        kind: layout
        safe: 3
        fields:
          name: text
          art: image
          edge: text?
          mark: text?
          bare: bool = false
        elements:
          - {type: rect, frame: bleed, fill: white}
          - {type: rect, when: "not bare", frame: bleed, h: 14, fill: "#223366"}
          - {type: rect, when: "bare", h: 11, fill: "#223366"}
          - {type: text, x: 5, y: 15, w: 53, h: 8, text: "{name}", size: 12, weight: bold}
          - {type: image, x: 5, y: 25, w: 53, h: 35, src: "{art}"}
          - {type: text, when: edge, x: -1, y: 80, w: 40, h: 5, text: "{edge}", size: 7}
          - {type: symbol, when: mark, symbol: "{mark}", at: bottom-right, anchor: bottom-right, x: -1, y: -1,
             w: 6, h: 6}
        """))
    (game / "symbols.yaml").write_text(textwrap.dedent("""\
        kind: symbols
        title: Marks
        symbols:
          - id: stern
            name: Stern
            parts:
              - {type: square, size: 80}
        """))
    (game / "deck.yaml").write_text(textwrap.dedent("""\
        kind: deck
        name: deck
        title: Shop deck
        card: poker
        layout: face.yaml
        cards:
          - {name: Klar, art: sharp.png, copies: 2}
          - {name: Unscharf, art: blurry.png}
          - {name: Am Rand, art: sharp.png, edge: Kleingedrucktes}
          - {name: Ohne Beschnitt, art: sharp.png, bare: true}
          - {name: Gestirnt, art: sharp.png, mark: stern}
        """))
    return tmp_path / "data"


def test_preflight_names_each_broken_card(broken):
    game = discover(broken)["shop"]
    found, counts = preflight(game, BuildOptions(), load_profile("thegamecrafter"))
    by = {(f.check, f.where.split(" (")[0]) for f in found}
    assert by == {("image-dpi", "deck: Unscharf"), ("safe-zone", "deck: Am Rand"), ("bleed", "deck: Ohne Beschnitt"),
                  ("safe-zone", "deck: Gestirnt")}
    assert [f.message for f in found if "Gestirnt" in f.where] == ["symbol 'stern' reaches 1.6 mm into the 3.175 mm "
                                                                    "safe zone"]
    found = [f for f in found if "Gestirnt" not in f.where]
    where = {f.check: f.where for f in found}
    assert "deck.yaml:8" in where["image-dpi"]  # the card's row in the data
    msg = {f.check: f.message for f in found}
    assert "crosses the cut" in msg["safe-zone"] and "Kleingedrucktes" in msg["safe-zone"]
    assert "30 × 20 px" in msg["image-dpi"]
    assert "on the top side" in msg["bleed"]  # the band reaches the cut only at the top


def test_preflight_command_exits_1_and_writes_nothing(broken, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = runner.invoke(app, ["preflight", "shop", "-p", "thegamecrafter", "--data", str(broken)])
    assert r.exit_code == 1, r.output
    assert "FAIL  bleed" in r.output and "Ohne Beschnitt" in r.output
    assert not (tmp_path / "output").exists()


def test_build_warns_of_text_in_the_safe_zone(broken, tmp_path):
    r = runner.invoke(app, ["build", "shop", "--data", str(broken), "--out", str(tmp_path / "out"), "-f", "pdf"])
    assert r.exit_code == 0, r.output
    assert "'Kleingedrucktes' comes" in r.output and "safe zone" in r.output


def test_export_command_and_a_profile_of_ones_own(kafkas, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    data = str(kafkas.folder.parent)
    r = runner.invoke(app, ["export", "kafkas-halle", "-p", "thegamecrafter", "--data", data])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "output/kafkas-halle/export/thegamecrafter/README.txt").is_file()
    mine = tmp_path / "club.yaml"
    mine.write_text(textwrap.dedent("""\
        kind: export-profile
        name: club
        title: Our club's cutter
        output: images
        dpi: 150
        bleed_mm: 2
        safe_mm: 2
        products:
          - {name: poker, trim_mm: [63, 88]}
        """))
    r = runner.invoke(app, ["export", "kafkas-halle", "-p", str(mine), "--data", data])
    assert r.exit_code == 0, r.output
    with Image.open(tmp_path / "output/kafkas-halle/export/club/deck/back.png") as im:
        assert im.size == (round(67 / 25.4 * 150), round(92 / 25.4 * 150))
    assert (tmp_path / "output/kafkas-halle/export/thegamecrafter/README.txt").is_file()  # the other export stays
    r = runner.invoke(app, ["export", "kafkas-halle", "-p", "drivethrucards", "--data", data])
    assert r.exit_code == 0 and "preflight ok" in r.output, r.output  # converted to CMYK, checked
    assert (tmp_path / "output/kafkas-halle/export/drivethrucards/deck.pdf").is_file()


def test_a_pdf_per_card_side(kafkas, tmp_path):
    mine = tmp_path / "pdfs.yaml"
    mine.write_text(textwrap.dedent("""\
        kind: export-profile
        name: pdfs
        title: One PDF per side
        output: images
        format: pdf
        bleed_mm: 3
        products:
          - {name: poker, trim_mm: [63.5, 88.9]}
        """))
    w = export(kafkas, BuildOptions(), load_profile(str(mine)), tmp_path / "out")
    pdfs = sorted(w.folder.glob("deck/*.pdf"))
    assert len(pdfs) == 18
    facts = read_facts(pdfs[0])
    assert len(facts.pages) == 1 and facts.pages[0].trim[2:] == pytest.approx((63.5, 88.9), abs=0.01)
    assert facts.pages[0].media[2:] == pytest.approx((69.5, 94.9), abs=0.01)
    assert "nach-links.pdf" in (w.folder / "README.txt").read_text()
    found, _ = preflight(kafkas, BuildOptions(), load_profile(str(mine)))
    assert found == []


def test_bad_profiles_are_data_errors(kafkas, tmp_path):
    data = str(kafkas.folder.parent)
    r = runner.invoke(app, ["export", "kafkas-halle", "-p", "nosuch", "--data", data, "--out", str(tmp_path)])
    assert r.exit_code == 2 and "thegamecrafter" in r.output
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: export-profile\nname: bad\ntitle: Bad\noutput: images\ndpi: lots\n")
    r = runner.invoke(app, ["export", "kafkas-halle", "-p", str(bad), "--data", data, "--out", str(tmp_path)])
    assert r.exit_code == 2 and "bad.yaml:5" in r.output and "Traceback" not in r.output
    assert not (tmp_path / "kafkas-halle").exists()


def test_counters_no_shop_sells_are_named(tmp_path):
    game = discover(ROOT / "data")["rather-silly"]
    r = runner.invoke(app, ["export", "rather-silly", "-p", "thegamecrafter", "--data", str(ROOT / "data"),
                            "--out", str(tmp_path)])
    assert r.exit_code == 2 and "15 × 15 mm" in r.output and "no card of that size" in r.output
    assert game is not None


def test_a_failed_export_leaves_the_last_one_untouched(kafkas, tmp_path, monkeypatch):
    """All or nothing, as a build: a fault after some files leaves the earlier export as it was."""
    import pnp.render.png as png

    first = export(kafkas, BuildOptions(), load_profile("thegamecrafter"), tmp_path)
    before = {p.relative_to(first.folder): p.read_bytes() for p in first.folder.rglob("*") if p.is_file()}
    real, calls = png.png_bytes, []

    def flaky(*a, **k):
        calls.append(1)
        if len(calls) == 5:
            raise OSError(28, "No space left on device")
        return real(*a, **k)

    monkeypatch.setattr(png, "png_bytes", flaky)
    with pytest.raises(OSError):
        export(kafkas, BuildOptions(lang="en"), load_profile("thegamecrafter"), tmp_path)
    after = {p.relative_to(first.folder): p.read_bytes() for p in first.folder.rglob("*") if p.is_file()}
    assert after == before
    assert not [p for p in (tmp_path / "kafkas-halle" / "export").iterdir() if p.name.startswith(".pnp-")]


def test_preflight_checks_against_the_copy_shop_by_default(kafkas, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = runner.invoke(app, ["preflight", "kafkas-halle", "--data", str(kafkas.folder.parent)])
    assert r.exit_code == 0, r.output
    # the pdf-x profile's imposed sheets: 18 card sides and the 7 distinct tokens, each at its own size
    assert "preflight ok: 25 card sides, 6 files" in r.output
