"""RGB to CMYK for print shops (pnp.render.cmyk): the shipped FOGRA39 profile, colours and
pictures in the PDF, a shop's own profile, and the errors a bad profile gets."""
from __future__ import annotations

import io
import math
import shutil
import textwrap
from pathlib import Path

import pikepdf
import pytest
from PIL import Image, ImageCms
from typer.testing import CliRunner

from pnp.cli.main import app
from pnp.load.errors import DataErrors
from pnp.output.export import load_profile
from pnp.render.cmyk import ICC_DIR, load
from pnp.render.pdf import write_pdf
from pnp.render.pdffacts import read_facts, srgb_icc
from pnp.scene.primitives import Group, Image as Picture, Page, Rect, Text
from pnp.scene.style import Color, style

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


@pytest.fixture(scope="module")
def fogra():
    return load("fogra39-240")


def _lab_of_cmyk(conv, cmyk) -> tuple[float, float, float]:
    prof = ImageCms.ImageCmsProfile(io.BytesIO(conv.icc))
    t = ImageCms.buildTransform(prof, ImageCms.createProfile("LAB"), "CMYK", "LAB",
                                ImageCms.Intent.RELATIVE_COLORIMETRIC)
    px = t.apply(Image.new("CMYK", (1, 1), tuple(round(v * 255) for v in cmyk))).getpixel((0, 0))
    return px[0] * 100 / 255, px[1] - 128, px[2] - 128


def _lab_of_rgb(rgb) -> tuple[float, float, float]:
    t = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB"), "RGB", "LAB",
                                ImageCms.Intent.RELATIVE_COLORIMETRIC)
    px = t.apply(Image.new("RGB", (1, 1), rgb)).getpixel((0, 0))
    return px[0] * 100 / 255, px[1] - 128, px[2] - 128


def test_paper_black_and_greys(fogra):
    assert fogra.colour(Color(255, 255, 255)).cmyk == (0, 0, 0, 0)  # no ink on white
    assert fogra.colour(Color(0, 0, 0)).cmyk == (0, 0, 0, 1)  # black text: black ink alone
    greys = [fogra.colour(Color(v, v, v)).cmyk for v in range(0, 256, 15)]
    assert all(c[:3] == (0, 0, 0) for c in greys)
    ks = [c[3] for c in greys]
    assert ks == sorted(ks, reverse=True) and ks[0] > ks[-1]  # lighter grey, less black ink
    for v in (128, 200):  # as light as on screen (darker greys are lifted to what the press can print)
        assert math.dist(_lab_of_cmyk(fogra, fogra.colour(Color(v, v, v)).cmyk), _lab_of_rgb((v, v, v))) < 2


def test_colours_keep_their_look_within_the_press_gamut(fogra):
    green = fogra.colour(Color(100, 150, 100)).cmyk
    assert math.dist(_lab_of_cmyk(fogra, green), _lab_of_rgb((100, 150, 100))) < 3
    c, m, y, k = fogra.colour(Color(255, 0, 0)).cmyk
    assert m > 0.85 and y > 0.85 and c < 0.05 and k < 0.05  # red is magenta and yellow
    for rgb in ((11, 79, 138), (34, 51, 102), (0, 0, 0), (20, 20, 20)):  # the profile's ink limit holds
        assert sum(fogra.colour(Color(*rgb)).cmyk) <= 2.4 + 1e-9
    given = Color(0, 0, 255, (1.0, 0.5, 0.0, 0.0))
    assert fogra.colour(given) is given  # a colour given as cmyk(...) is kept


def _page() -> Page:
    buf = io.BytesIO()
    Image.new("RGBA", (6, 4), (200, 30, 30, 100)).save(buf, "PNG")
    g = Group([Rect(0, 0, 50, 30, style(fill="#0b4f8a", stroke="#e07000", width=1)),
               Text(5, 20, "Schwarz", size=10),
               Picture(10, 5, 12, 8, buf.getvalue())])
    return Page(60, 40, g)


def test_a_pdf_in_cmyk_has_no_rgb_left_and_keeps_picture_transparency(fogra, tmp_path):
    write_pdf([_page()], tmp_path / "c.pdf", cmyk=fogra)
    facts = read_facts(tmp_path / "c.pdf")
    assert facts.pages[0].colour_ops == {"cmyk"}
    with pikepdf.open(tmp_path / "c.pdf") as pdf:
        (pic,) = pdf.pages[0].Resources.XObject.values()
        assert pic.ColorSpace == "/DeviceCMYK" and "/SMask" in pic
        assert set(pic.SMask.read_bytes()) == {100}  # the picture's alpha, unchanged
        ops = pikepdf.unparse_content_stream(pikepdf.parse_content_stream(pdf.pages[0]))
    assert b"0 0 0 1 k" in ops  # the text
    write_pdf([_page()], tmp_path / "rgb.pdf")  # without a profile: RGB as always
    assert read_facts(tmp_path / "rgb.pdf").pages[0].colour_ops == {"rgb"}


def _profile(tmp_path: Path, icc_line: str) -> Path:
    p = tmp_path / "shop.yaml"
    p.write_text(textwrap.dedent(f"""\
        kind: export-profile
        name: shop
        title: A shop with its own profile
        output: card-pdf
        format: pdf
        colour: cmyk
        {icc_line}
        products:
          - {{name: poker, trim_mm: [63.5, 88.9]}}
        """))
    return p


def test_a_shops_own_profile_is_read_relative_to_the_yaml(tmp_path):
    shutil.copy(ICC_DIR / "fogra39-240.icc", tmp_path / "theirs.icc")
    profile = load_profile(str(_profile(tmp_path, "icc: theirs.icc")))
    assert Path(profile.icc) == tmp_path / "theirs.icc"
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data" / "kafkas-halle", data / "kafkas-halle")
    r = runner.invoke(app, ["export", "kafkas-halle", "-p", str(tmp_path / "shop.yaml"), "--data", str(data),
                            "--out", str(tmp_path / "out")])
    assert r.exit_code == 0, r.output
    with pikepdf.open(tmp_path / "out/kafkas-halle/export/shop/deck.pdf") as pdf:
        intent = pdf.Root.OutputIntents[0]
        assert str(intent.OutputConditionIdentifier) == "Custom" and "/RegistryName" not in intent
        assert "FOGRA39" in str(intent.Info)  # the profile's own description


@pytest.mark.parametrize("icc, says", [("missing.icc", "file not found"),
                                       ("rgb.icc", "an ICC profile for RGB, not CMYK"),
                                       ("junk.icc", "not an ICC profile"),
                                       ("cut.icc", "a CMYK profile whose tables cannot convert colours")])
def test_a_bad_icc_file_is_named_with_its_line(tmp_path, icc, says):
    (tmp_path / "rgb.icc").write_bytes(srgb_icc())
    (tmp_path / "junk.icc").write_bytes(b"not a colour profile at all" * 10)
    (tmp_path / "cut.icc").write_bytes((ICC_DIR / "fogra39-240.icc").read_bytes()[:2000])  # its header, cut short
    path = _profile(tmp_path, f"icc: {icc}")
    with pytest.raises(DataErrors) as err:
        load_profile(str(path))
    (problem,) = err.value.problems
    assert (problem.line, problem.file.endswith("shop.yaml")) == (7, True)
    assert problem.message.startswith(f"'icc': {icc}: {says}") and "fogra39-240" in problem.message
    r = runner.invoke(app, ["export", "kafkas-halle", "-p", str(path), "--data", str(ROOT / "data"),
                            "--out", str(tmp_path / "out")])
    assert r.exit_code == 2 and "shop.yaml:7:" in r.output and "Traceback" not in r.output
    assert not (tmp_path / "out").exists()


def test_png_images_cannot_be_cmyk(tmp_path):
    path = tmp_path / "png.yaml"
    path.write_text("kind: export-profile\nname: png\ntitle: PNG\noutput: images\ncolour: cmyk\n"
                    "products:\n  - {name: poker, trim_mm: [63.5, 88.9]}\n")
    with pytest.raises(DataErrors, match="a PNG holds no CMYK"):
        load_profile(str(path))


def test_an_svg_picture_is_converted_too(fogra, tmp_path):
    svg = (b'<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10" '
           b'fill="#1060c0" stroke="#000000"/><circle cx="5" cy="5" r="3" fill="#ffffff" opacity="0.5"/></svg>')
    page = Page(30, 20, Group([Picture(2, 2, 20, 10, svg)]))
    write_pdf([page], tmp_path / "svg.pdf", cmyk=fogra)
    write_pdf([page], tmp_path / "svg-rgb.pdf")
    assert read_facts(tmp_path / "svg.pdf").pages[0].colour_ops == {"cmyk"}
    assert "rgb" in read_facts(tmp_path / "svg-rgb.pdf").pages[0].colour_ops
    for pdf in ("svg.pdf", "svg-rgb.pdf"):  # no unembedded font of reportlab's own comes along
        assert all(read_facts(tmp_path / pdf).fonts.values())


def test_preflight_still_names_rgb_pages_in_a_cmyk_order(tmp_path, monkeypatch):
    """The colour check stays on guard: a writer that leaves RGB is caught, with the pages."""
    import pnp.output.export as export_mod
    from pnp.model.assets import BuildOptions
    from pnp.model.game import discover
    from pnp.output.preflight import preflight

    monkeypatch.setattr(export_mod, "converter", lambda profile: None)  # as before CMYK conversion existed
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data" / "kafkas-halle", data / "kafkas-halle")
    found, _ = preflight(discover(data)["kafkas-halle"], BuildOptions(), load_profile("drivethrucards"))
    assert [(f.check, f.where) for f in found] == [("colour", "deck.pdf"), ("output-intent", "deck.pdf")]
    assert found[0].message.startswith("pages 1, 2, 3, 4, 5, 6, 7, 8 … use RGB colour; the shop asks for CMYK")
    assert "(PDF/X-1a:2003, ISO 15930-4:2003: colours are CMYK or grey only" in found[0].message
    assert found[1].message.startswith("no output intent (PDF/X-1a:2003")


def test_one_cmyk_pdf_per_card_side(tmp_path):
    profile = tmp_path / "sides.yaml"
    profile.write_text("kind: export-profile\nname: sides\ntitle: Sides\noutput: images\nformat: pdf\ncolour: cmyk\n"
                       "products:\n  - {name: poker, trim_mm: [63.5, 88.9]}\n")
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data" / "kafkas-halle", data / "kafkas-halle")
    r = runner.invoke(app, ["export", "kafkas-halle", "-p", str(profile), "--data", str(data),
                            "--out", str(tmp_path / "out")])
    assert r.exit_code == 0, r.output
    pdfs = sorted((tmp_path / "out/kafkas-halle/export/sides").rglob("*.pdf"))
    assert len(pdfs) == 18  # 17 faces and the back
    for pdf in pdfs:
        facts = read_facts(pdf)
        assert facts.output_intents == ["FOGRA39"] and facts.pages[0].colour_ops == {"cmyk"}


@pytest.mark.parametrize("icc, says", [("../theirs.icc", "'../theirs.icc' is outside the profile's folder"),
                                       ("/etc/passwd", "'/etc/passwd' is outside the profile's folder"),
                                       ("link.icc", "'link.icc' is a link to a place outside the profile's folder")])
def test_the_icc_file_lies_in_the_profiles_folder(tmp_path, icc, says):
    shutil.copy(ICC_DIR / "fogra39-240.icc", tmp_path / "theirs.icc")
    shop = tmp_path / "shop"
    shop.mkdir()
    (shop / "link.icc").symlink_to(tmp_path / "theirs.icc")
    path = _profile(shop, f"icc: {icc}")
    with pytest.raises(DataErrors) as err:
        load_profile(str(path))
    (problem,) = err.value.problems
    assert problem.line == 7 and problem.message == f"'icc': {says}; put the ICC file beside the profile"


def test_a_16_bit_grey_picture_keeps_its_grey_in_rgb_cmyk_and_flattened_files(fogra, tmp_path):
    """Pillow opens a 16-bit grey PNG as I;16 and clips it to white when it converts it; pnp
    takes the top 8 bits, so level 30000 of 65535 prints as the grey 117 of 255 in every file."""
    import numpy as np
    import pypdfium2 as pdfium

    from pnp.render.flatten import flatten

    buf = io.BytesIO()
    Image.new("I;16", (40, 40), 30000).save(buf, "PNG")
    with Image.open(io.BytesIO(buf.getvalue())) as im:
        assert im.mode.startswith("I")  # what the fix is for
    page = Page(30, 30, Group([Rect(0, 0, 30, 30, style(fill="#ffffff")), Picture(5, 5, 20, 20, buf.getvalue())]))
    write_pdf([page], tmp_path / "rgb.pdf")
    write_pdf([page], tmp_path / "cmyk.pdf", cmyk=fogra)
    write_pdf([flatten(page, fogra)], tmp_path / "flat.pdf", cmyk=fogra)
    for name in ("rgb", "cmyk", "flat"):
        doc = pdfium.PdfDocument(str(tmp_path / f"{name}.pdf"))
        grey = np.asarray(doc[0].render(scale=2).to_pil().convert("L"), dtype=float)
        doc.close()
        middle = grey[grey.shape[0] // 2 - 5:grey.shape[0] // 2 + 5, grey.shape[1] // 2 - 5:grey.shape[1] // 2 + 5]
        assert abs(middle.mean() - 117) < 20, (name, middle.mean())  # a grey, not paper white
