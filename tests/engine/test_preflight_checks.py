"""Every preflight check fails on a file made bad in exactly its way, one at a time, and
passes the same file just inside its limit; each test asserts the whole set of findings.

The PDF checks start from a good two-page PDF/X-1a:2003 file as DriveThruCards gets it
(the back and the front of one card with a picture), break one thing with pikepdf and
read the file back as preflight does."""
from __future__ import annotations

import dataclasses
import shutil
import textwrap
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

from pnp.model.assets import BuildOptions
from pnp.model.game import discover
from pnp.output.export import export, load_profile
from pnp.output.preflight import (CHECKS, PDF_CHECKS, PDFX_CHECKS, Finding, bleed_sides, check_written, checks_for,
                                  file_size, image_resolution, pdf_checks, png_checks, text_in_safe_zone)
from pnp.render.pdffacts import read_facts, srgb_icc
from pnp.render.survey import Picture, Survey, TextBox
from pnp.scene import Box, Group, Page, Rect, style

PT = 72 / 25.4
DTC = load_profile("drivethrucards")
X1A = " (PDF/X-1a:2003, ISO 15930-4:2003: "
WANT = (2, (63.5, 88.9))  # two pages, poker trim


def _mini_game(game: Path, art_px: int, elements: str, names: list[str]) -> None:
    """A game of one poker deck: a square picture of ``art_px`` px, the face's ``elements``, a card per name."""
    game.mkdir()
    (game / "game.yaml").write_text("name: mini\ntitle: Mini\n")
    Image.new("RGB", (art_px, art_px), (40, 90, 160)).save(game / "art.png")
    (game / "face.yaml").write_text("kind: layout\nfields: {name: text}\nelements:\n" + textwrap.dedent(elements))
    (game / "deck.yaml").write_text("kind: deck\nname: deck\ntitle: Mini\ncard: poker\nlayout: face.yaml\n"
                                    "back: {title: Mini}\ncards:\n" + "".join(f"  - {{name: {n}}}\n" for n in names))


@pytest.fixture(scope="module")
def mini(tmp_path_factory) -> Path:
    """A data folder with one game of one card with a sharp picture."""
    data = tmp_path_factory.mktemp("data")
    # 320 px at 25.4 mm: 320 dpi, 317 as printed
    _mini_game(data / "mini", 320, """\
          - {type: rect, frame: bleed, fill: "#f3e9d2"}
          - {type: image, x: 19, y: 10, w: 25.4, h: 25.4, src: art.png}
          - {type: text, x: 6, y: 50, w: 50, h: 10, text: "{name}", size: 14, weight: bold}
          - {type: text, x: 6, y: 62, w: 50, h: 10, text: "{name}", size: 10}
""", ["Karte"])
    return data


@pytest.fixture(scope="module")
def good(mini, tmp_path_factory) -> Path:
    """deck.pdf for DriveThruCards: page 1 the back, page 2 the front with a picture."""
    written = export(discover(mini)["mini"], BuildOptions(), DTC, tmp_path_factory.mktemp("out"))
    return written.folder / "deck.pdf"


def test_preflight_reports_its_progress_and_leaves_nothing(mini, tmp_path, monkeypatch):
    from pnp.output.preflight import preflight

    monkeypatch.setenv("TMPDIR", str(tmp_path))
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)
    calls: list[str] = []
    seen: list[str] = []

    def progress(label: str) -> None:
        calls.append(label)
        seen.extend(p.name for p in tmp_path.iterdir())

    found, counts = preflight(discover(mini)["mini"], BuildOptions(), DTC, progress=progress)
    assert found == [] and counts == {"card sides": 2, "files": 1}
    assert calls == ["deck.pdf", "Karte", "back"]  # the file written, then each card side checked
    assert seen and all(name.startswith("pnp-preflight-") for name in seen)  # a folder a user can tell is pnp's
    assert list(tmp_path.iterdir()) == []


def findings(path: Path, profile=DTC, want=WANT) -> set[tuple[str, str]]:
    found = pdf_checks("deck.pdf", read_facts(path), want, profile)
    assert {f.check for f in found} <= set(checks_for(profile))  # what fails is among what the summary says it ran
    return _pairs(found)


def _pairs(found: list[Finding], where: str = "deck.pdf") -> set[tuple[str, str]]:
    """(check, message) of each finding; every one a failure, of the file named."""
    assert all(f.ok is False and f.where == where for f in found)
    return {(f.check, f.message) for f in found}


def broken(good: Path, tmp_path: Path, mutate, **save) -> Path:
    """A copy of ``good`` with ``mutate(pdf)`` applied."""
    out = tmp_path / "broken.pdf"
    with pikepdf.open(good) as pdf:
        mutate(pdf)
        pdf.save(out, **save)
    return out


def asks(check: str) -> str:
    from pnp.model.pdfx import VERSIONS

    return X1A + VERSIONS["PDF/X-1a:2003"].requirements[check] + ")"


def _append(pdf, n: int, ops: bytes) -> None:
    page = pdf.pages[n]
    page.contents_add(pikepdf.Stream(pdf, ops))


def _box(page, name: str, **moves) -> None:
    """Move edges of a page box (x0, y0, x1, y1) by mm."""
    b = [float(v) for v in page.obj[name]]
    for i, edge in enumerate(("x0", "y0", "x1", "y1")):
        b[i] += moves.get(edge, 0) * PT
    page.obj[name] = pikepdf.Array(b)


def _gs(pdf, n: int, **entries) -> None:
    page = pdf.pages[n]
    res = page.obj.Resources
    if "/ExtGState" not in res:
        res.ExtGState = pikepdf.Dictionary()
    res.ExtGState.GSx = pikepdf.Dictionary({f"/{k}": v for k, v in entries.items()})


def _picture(pdf):
    ((_, pic),) = pdf.pages[1].Resources.XObject.items()
    return pic


# ------------------------------------------------------------------ the good file


def test_the_good_file_passes_every_check(good):
    assert findings(good) == set()
    facts = read_facts(good)
    assert [p.colour_ops for p in facts.pages] == [{"cmyk"}, {"cmyk"}]
    assert len(facts.subsets) == 2 and facts.header == "1.4" and facts.document_id


def test_the_summary_names_the_checks_each_shop_gets():
    run = {name: checks_for(load_profile(name)) for name in ("drivethrucards", "thegamecrafter", "pdf-x", "tts")}
    assert run["drivethrucards"] == [c for c in CHECKS if c not in ("pixels", "resolution", "file-size")]
    assert run["thegamecrafter"] == ["safe-zone", "overlap", "image-dpi", "bleed", "pixels", "resolution"]
    assert run["pdf-x"] == ["safe-zone", "overlap", "image-dpi", "bleed", "fonts", "subset-tags", "pages", "trim",
                            "output-intent"]  # RGB, no ink limit, imposed sheets: no colour, ink or bleed-box check
    assert run["tts"] == []
    x4 = DTC.model_copy(update={"pdfx": "PDF/X-4", "max_file_mb": 50.0})
    assert "transparency" not in checks_for(x4) and "pdfx-xmp" in checks_for(x4) and checks_for(x4)[-1] == "file-size"


def test_every_pdf_check_is_listed_in_the_summary():
    assert set(PDF_CHECKS) | set(PDFX_CHECKS) <= set(CHECKS) and len(CHECKS) == len(set(CHECKS))
    from pnp.model.pdfx import VERSIONS

    for version in VERSIONS.values():
        assert set(version.requirements) <= set(PDF_CHECKS) | set(PDFX_CHECKS)  # every requirement has its check


# ------------------------------------------------------------------ bleed box and page boxes


def test_a_bleed_box_equal_to_the_trim_box(good, tmp_path):
    def same(pdf):
        for page in pdf.pages:
            page.obj.BleedBox = page.obj.TrimBox

    msg = "pages 1, 2: the bleed box reaches less than 3.175 mm beyond the trim on the {} side; a shop's RIP " \
          "crops what lies outside it"
    assert findings(broken(good, tmp_path, same)) == {("bleed-box", msg.format(s))
                                                      for s in ("left", "bottom", "right", "top")}


@pytest.mark.parametrize("short, fails", [(0.1, True), (0.051, True), (0.05, False), (0.04, False)])
def test_bleed_missing_on_the_right_side_only(good, tmp_path, short, fails):
    path = broken(good, tmp_path, lambda pdf: _box(pdf.pages[1], "/BleedBox", x1=-short))
    right = ("bleed-box", "page 2: the bleed box reaches less than 3.175 mm beyond the trim on the right side; a "
                          "shop's RIP crops what lies outside it")
    assert findings(path) == ({right} if fails else set())


@pytest.mark.parametrize("by, fails", [(0.1, True), (0.051, True), (0.05, False)])
@pytest.mark.parametrize("edge", ["x0", "y0", "x1", "y1"])
def test_a_bleed_box_past_the_media_box(good, tmp_path, edge, by, fails):
    out = {"x0": -by, "y0": -by, "x1": by, "y1": by}[edge]
    path = broken(good, tmp_path, lambda pdf: _box(pdf.pages[0], "/BleedBox", **{edge: out}))
    assert findings(path) == ({("page-boxes", "page 1: the trim box is not inside the bleed box, or the bleed box "
                                              "not inside the media box" + asks("page-boxes"))} if fails else set())


def test_a_small_bleed_is_checked_too(good, tmp_path):
    small = DTC.model_copy(update={"bleed_mm": 0.5})
    assert findings(good, small) == set()
    path = broken(good, tmp_path, lambda pdf: _box(pdf.pages[0], "/BleedBox", x0=2.775))  # 0.4 mm left of the cut
    assert findings(path, small) == {("bleed-box", "page 1: the bleed box reaches less than 0.5 mm beyond the trim "
                                                   "on the left side; a shop's RIP crops what lies outside it")}
    assert findings(path, DTC.model_copy(update={"bleed_mm": 0.0})) == set()  # no bleed asked for
    inside = broken(good, tmp_path, lambda pdf: _box(pdf.pages[0], "/BleedBox", x0=3.275))  # 0.1 mm inside the cut
    assert findings(inside, DTC.model_copy(update={"bleed_mm": 0.0, "pdfx": None})) == set()
    sheets = DTC.model_copy(update={"output": "sheets"})
    # imposed sheets: the cards carry the bleed, so no bleed-box finding; the boxes must still nest for PDF/X
    assert findings(inside, sheets) == {("page-boxes", "page 1: the trim box is not inside the bleed box, or the bleed "
                                                       "box not inside the media box" + asks("page-boxes"))}


def test_a_page_without_a_trim_box(good, tmp_path):
    def drop(pdf):
        del pdf.pages[0].obj["/TrimBox"]

    assert findings(broken(good, tmp_path, drop)) == {
        ("page-boxes", "page 1 has neither TrimBox nor ArtBox" + asks("page-boxes")),
        ("trim", "page 1 has a trim box other than 63.5 × 88.9 mm"),
        ("trim", "page 1 has no bleed around the trim box"),
        *{("bleed-box", f"page 1: the bleed box reaches less than 3.175 mm beyond the trim on the {s} side; a "
                        "shop's RIP crops what lies outside it") for s in ("left", "bottom", "right", "top")}}


def test_an_art_box_stands_for_the_trim_box(good, tmp_path):
    def art(pdf):
        pdf.pages[0].obj.ArtBox = pdf.pages[0].obj.TrimBox

    assert findings(broken(good, tmp_path, art)) == set()

    def only_art(pdf):
        art(pdf)
        del pdf.pages[0].obj["/TrimBox"]

    # PDF/X's page-box rule takes the ArtBox; the shop's trim is still read from the TrimBox (the media box without one)
    assert findings(broken(good, tmp_path, only_art)) == {
        ("trim", "page 1 has a trim box other than 63.5 × 88.9 mm"), ("trim", "page 1 has no bleed around the trim box"),
        *{("bleed-box", f"page 1: the bleed box reaches less than 3.175 mm beyond the trim on the {s} side; a "
                        "shop's RIP crops what lies outside it") for s in ("left", "bottom", "right", "top")}}


@pytest.mark.parametrize("shrink, fails", [(0.2, True), (0.051, True), (0.05, False), (0.04, False)])
def test_a_wrong_trim_box(good, tmp_path, shrink, fails):
    path = broken(good, tmp_path, lambda pdf: [_box(p, "/TrimBox", x1=-shrink) for p in pdf.pages])
    assert findings(path) == ({("trim", "pages 1, 2 have a trim box other than 63.5 × 88.9 mm")} if fails else set())
    path = broken(good, tmp_path, lambda pdf: _box(pdf.pages[1], "/TrimBox", y0=shrink))
    assert findings(path) == ({("trim", "page 2 has a trim box other than 63.5 × 88.9 mm")} if fails else set())


def test_two_pages_without_bleed_around_the_trim(good, tmp_path):
    def bare(pdf):
        for page in pdf.pages:
            page.obj.TrimBox = page.obj.BleedBox = page.obj.MediaBox

    assert findings(broken(good, tmp_path, bare)) == {
        ("trim", "pages 1, 2 have no bleed around the trim box"),
        ("trim", "pages 1, 2 have a trim box other than 63.5 × 88.9 mm"),
        *{("bleed-box", f"pages 1, 2: the bleed box reaches less than 3.175 mm beyond the trim on the {s} side; a "
                        "shop's RIP crops what lies outside it") for s in ("left", "bottom", "right", "top")}}


def test_an_imposed_sheet_needs_no_bleed_around_its_trim_box(good, tmp_path):
    """A sheet's items carry their own bleed: the sheet's trim box may be its media box."""
    def bare(pdf):
        for page in pdf.pages:
            page.obj.TrimBox = page.obj.BleedBox = page.obj.MediaBox

    sheets = load_profile("pdf-x")
    assert checks_for(sheets)[-2:] == ["trim", "output-intent"]  # the trim check runs, without its bleed part
    assert findings(broken(good, tmp_path, bare), sheets, want=None) == set()


def test_many_pages_are_listed_up_to_eight(good, tmp_path):
    def pages(n):
        def grow(pdf):
            for _ in range(n - 2):
                pdf.pages.append(pdf.pages[1])
            for page in pdf.pages:
                page.obj.BleedBox = page.obj.TrimBox
        return grow

    msg = "{}: the bleed box reaches less than 3.175 mm beyond the trim on the {} side; a shop's RIP crops what " \
          "lies outside it"
    sides = ("left", "bottom", "right", "top")
    eight = findings(broken(good, tmp_path, pages(8)), want=None)
    assert eight == {("bleed-box", msg.format("pages 1, 2, 3, 4, 5, 6, 7, 8", s)) for s in sides}
    nine = findings(broken(good, tmp_path, pages(9)), want=None)
    assert nine == {("bleed-box", msg.format("pages 1, 2, 3, 4, 5, 6, 7, 8 …", s)) for s in sides}


@pytest.mark.parametrize("width, fails", [(63.5504, False), (63.551, True)])
def test_boxes_are_measured_to_the_thousandth_of_a_mm(good, width, fails):
    facts = read_facts(good)
    page = dataclasses.replace(facts.pages[1], trim=(*facts.pages[1].trim[:2], width, 88.9))
    facts = dataclasses.replace(facts, pages=[facts.pages[0], page])
    found = _pairs(pdf_checks("deck.pdf", facts, WANT, DTC.model_copy(update={"bleed_mm": 0.0})))
    assert found == ({("trim", "page 2 has a trim box other than 63.5 × 88.9 mm")} if fails else set())


def test_a_file_without_pages(good):
    facts = dataclasses.replace(read_facts(good), pages=[])
    assert _pairs(pdf_checks("deck.pdf", facts, WANT, DTC)) == {("pages", "0 pages; the order asks for 2")}


def test_a_missing_page(good, tmp_path):
    def drop(pdf):
        del pdf.pages[1]

    assert findings(broken(good, tmp_path, drop)) == {("pages", "1 page; the order asks for 2")}
    assert findings(good, want=(3, WANT[1])) == {("pages", "2 pages; the order asks for 3")}
    assert findings(good, want=None) == set()  # a file the order does not fix


# ------------------------------------------------------------------ version keys, XMP, information


def test_no_pdfx_version_key(good, tmp_path):
    def drop(pdf):
        del pdf.docinfo["/GTS_PDFXVersion"]

    assert findings(broken(good, tmp_path, drop)) == {("pdfx-version", "GTS_PDFXVersion is missing"
                                                       + asks("pdfx-version"))}


def test_a_wrong_conformance_key(good, tmp_path):
    def wrong(pdf):
        pdf.docinfo["/GTS_PDFXConformance"] = pikepdf.String("PDF/X-1a:2001")

    assert findings(broken(good, tmp_path, wrong)) == {("pdfx-version", "GTS_PDFXConformance says 'PDF/X-1a:2001'"
                                                        + asks("pdfx-version"))}


def test_no_xmp_metadata(good, tmp_path):
    def drop(pdf):
        del pdf.Root["/Metadata"]

    assert findings(broken(good, tmp_path, drop)) == {("pdfx-xmp", "the file has no XMP metadata" + asks("pdfx-xmp"))}


def test_xmp_naming_another_version(good, tmp_path):
    def other(pdf):
        with pdf.open_metadata(set_pikepdf_as_editor=False) as meta:
            meta["pdfxid:GTS_PDFXVersion"] = "PDF/X-3:2003"
            del meta["pdfx:GTS_PDFXVersion"]

    assert findings(broken(good, tmp_path, other)) == {("pdfx-xmp", "the XMP metadata names 'PDF/X-3:2003'"
                                                        + asks("pdfx-xmp"))}

    def none(pdf):
        with pdf.open_metadata(set_pikepdf_as_editor=False) as meta:
            del meta["pdfxid:GTS_PDFXVersion"]
            del meta["pdfx:GTS_PDFXVersion"]

    assert findings(broken(good, tmp_path, none)) == {("pdfx-xmp", "the XMP metadata names no PDF/X version"
                                                       + asks("pdfx-xmp"))}


def test_the_older_xmp_key_alone_is_enough_for_x_1a(good, tmp_path):
    def old(pdf):
        with pdf.open_metadata(set_pikepdf_as_editor=False) as meta:
            del meta["pdfxid:GTS_PDFXVersion"]

    assert findings(broken(good, tmp_path, old)) == set()


@pytest.mark.parametrize("keys", [["Title"], ["CreationDate"], ["ModDate"], ["Title", "ModDate"]])
def test_document_information_without_a_title_or_dates(good, tmp_path, keys):
    def drop(pdf):
        for key in keys:
            del pdf.docinfo[f"/{key}"]

    assert findings(broken(good, tmp_path, drop)) == {("pdfx-info", f"the document information has no {', '.join(keys)}"
                                                       + asks("pdfx-info"))}


def test_trapped(good, tmp_path):
    def drop(pdf):
        del pdf.docinfo["/Trapped"]

    assert findings(broken(good, tmp_path, drop)) == {("trapped", "Trapped is missing" + asks("trapped"))}

    def unknown(pdf):
        pdf.docinfo["/Trapped"] = pikepdf.Name("/Unknown")

    assert findings(broken(good, tmp_path, unknown)) == {("trapped", "Trapped says /Unknown" + asks("trapped"))}

    def true(pdf):  # trapped, and saying so in both places: fine
        pdf.docinfo["/Trapped"] = pikepdf.Name("/True")
        with pdf.open_metadata(set_pikepdf_as_editor=False) as meta:
            meta["pdf:Trapped"] = "True"

    assert findings(broken(good, tmp_path, true)) == set()

    def unsaid(pdf):  # the XMP may leave Trapped to the document information
        with pdf.open_metadata(set_pikepdf_as_editor=False) as meta:
            del meta["pdf:Trapped"]

    assert findings(broken(good, tmp_path, unsaid)) == set()

    def differ(pdf):
        with pdf.open_metadata(set_pikepdf_as_editor=False) as meta:
            meta["pdf:Trapped"] = "True"

    assert findings(broken(good, tmp_path, differ)) == {
        ("trapped", "the XMP metadata says Trapped True, the document information False" + asks("trapped"))}


@pytest.mark.parametrize("header, fails", [("1.5", True), ("1.4", False), ("1.3", False)])
def test_the_header_version(good, tmp_path, header, fails):
    path = broken(good, tmp_path, lambda pdf: None, force_version=header)
    assert findings(path) == ({("pdfx-header", f"the header says PDF {header}" + asks("pdfx-header"))} if fails
                              else set())


def test_a_header_that_is_no_version(good):
    facts = dataclasses.replace(read_facts(good), header="1.x")
    assert _pairs(pdf_checks("deck.pdf", facts, WANT, DTC)) == {("pdfx-header", "the header says PDF 1.x"
                                                                 + asks("pdfx-header"))}


def test_no_document_id(good):
    """qpdf always writes an ID, so the reading is checked on a hand-made file and the check on the facts."""
    facts = dataclasses.replace(read_facts(good), document_id=False)
    assert _pairs(pdf_checks("deck.pdf", facts, WANT, DTC)) == {
        ("document-id", "the trailer has no ID" + asks("document-id"))}


def test_a_file_without_an_id_reads_so(tmp_path):
    body = b"%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> " \
           b"endobj\n3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 100 100]>> endobj\n"
    xref = len(body)
    path = tmp_path / "noid.pdf"
    path.write_bytes(body + b"xref\n0 4\n0000000000 65535 f \n0000000009 00000 n \n0000000054 00000 n \n"
                     b"0000000111 00000 n \ntrailer <</Size 4/Root 1 0 R>>\nstartxref\n" + str(xref).encode()
                     + b"\n%%EOF\n")
    facts = read_facts(path)
    assert facts.document_id is False and facts.xmp is None and facts.info == {}


# ------------------------------------------------------------------ transparency


@pytest.mark.parametrize("key, value, says", [("ca", 0.5, "constant alpha 0.5"), ("CA", 0.99, "constant alpha 0.99"),
                                              ("BM", pikepdf.Name("/Multiply"), "blend mode Multiply"),
                                              ("BM", pikepdf.Array([pikepdf.Name("/Screen")]), "blend mode Screen"),
                                              ("SMask", pikepdf.Dictionary(S=pikepdf.Name("/Luminosity")),
                                               "a soft mask")])
def test_transparency_in_a_graphics_state(good, tmp_path, key, value, says):
    path = broken(good, tmp_path, lambda pdf: _gs(pdf, 1, **{key: value}))
    assert findings(path) == {("transparency", f"page 2 uses {says}" + asks("transparency"))}


@pytest.mark.parametrize("key, value", [("ca", 1.0), ("CA", 1), ("BM", pikepdf.Name("/Normal")),
                                        ("BM", pikepdf.Name("/Compatible")), ("SMask", pikepdf.Name("/None"))])
def test_graphics_states_without_transparency_pass(good, tmp_path, key, value):
    assert findings(broken(good, tmp_path, lambda pdf: _gs(pdf, 1, **{key: value}))) == set()


def test_a_picture_with_a_soft_mask(good, tmp_path):
    def mask(pdf):
        alpha = pikepdf.Stream(pdf, bytes(320 * 320))
        alpha.Type, alpha.Subtype = pikepdf.Name.XObject, pikepdf.Name.Image
        alpha.Width, alpha.Height, alpha.BitsPerComponent = 320, 320, 8
        alpha.ColorSpace = pikepdf.Name.DeviceGray
        _picture(pdf).SMask = alpha

    assert findings(broken(good, tmp_path, mask)) == {("transparency", "page 2 uses a soft mask"
                                                       + asks("transparency"))}


def test_a_transparency_group_on_every_page(good, tmp_path):
    def group(pdf):
        for page in pdf.pages:
            page.obj.Group = pikepdf.Dictionary(S=pikepdf.Name.Transparency, CS=pikepdf.Name.DeviceCMYK)

    assert findings(broken(good, tmp_path, group)) == {("transparency", "pages 1, 2 use a transparency group"
                                                        + asks("transparency"))}


X4 = DTC.model_copy(update={"pdfx": "PDF/X-4"})


@pytest.fixture(scope="module")
def good_x4(mini, tmp_path_factory) -> Path:
    return export(discover(mini)["mini"], BuildOptions(), X4, tmp_path_factory.mktemp("x4")).folder / "deck.pdf"


def asks4(check: str) -> str:
    from pnp.model.pdfx import VERSIONS

    return " (PDF/X-4, ISO 15930-7: " + VERSIONS["PDF/X-4"].requirements[check] + ")"


def test_a_good_pdf_x_4_file(good_x4, tmp_path):
    assert findings(good_x4, X4) == set()
    path = broken(good_x4, tmp_path, lambda pdf: _gs(pdf, 1, ca=0.5))
    assert findings(path, X4) == set()  # transparency is allowed
    assert findings(broken(good_x4, tmp_path, lambda pdf: None, force_version="1.7"), X4) == {
        ("pdfx-header", "the header says PDF 1.7" + asks4("pdfx-header"))}


@pytest.mark.parametrize("keys", [["xmpMM:DocumentID"], ["xmpMM:VersionID"], ["xmpMM:RenditionClass"],
                                  ["xmpMM:DocumentID", "xmpMM:RenditionClass"]])
def test_pdf_x_4_xmp_without_its_identity(good_x4, tmp_path, keys):
    def drop(pdf):
        with pdf.open_metadata(set_pikepdf_as_editor=False) as meta:
            for k in keys:
                del meta[k]

    assert findings(broken(good_x4, tmp_path, drop), X4) == {
        ("pdfx-xmp", f"the XMP metadata has no {', '.join(keys)}" + asks4("pdfx-xmp"))}


def test_pdf_x_4_reads_the_version_from_the_pdfxid_key_alone(good_x4, tmp_path):
    def old_key_only(pdf):
        with pdf.open_metadata(set_pikepdf_as_editor=False) as meta:
            del meta["pdfxid:GTS_PDFXVersion"]

    assert findings(broken(good_x4, tmp_path, old_key_only), X4) == {
        ("pdfx-xmp", "the XMP metadata names no PDF/X version" + asks4("pdfx-xmp"))}

    def two(pdf):
        with pdf.open_metadata(set_pikepdf_as_editor=False) as meta:
            meta["pdfxid:GTS_PDFXVersion"] = "PDF/X-4p"

    x1a = broken(good_x4, tmp_path, two)  # an X-4 file held to X-1a, whose XMP names two versions
    assert findings(x1a) == {("pdfx-xmp", "the XMP metadata names 'PDF/X-4p' or 'PDF/X-4'" + asks("pdfx-xmp")),
                             ("pdfx-header", "the header says PDF 1.6" + asks("pdfx-header")),
                             ("pdfx-version", "GTS_PDFXVersion says 'PDF/X-4'" + asks("pdfx-version")),
                             ("pdfx-version", "GTS_PDFXConformance is missing" + asks("pdfx-version"))}


def test_pdf_x_4_names_its_version_without_a_conformance_key(good_x4, tmp_path):
    def wrong(pdf):
        pdf.docinfo["/GTS_PDFXVersion"] = pikepdf.String("PDF/X-4p")

    assert findings(broken(good_x4, tmp_path, wrong), X4) == {
        ("pdfx-version", "GTS_PDFXVersion says 'PDF/X-4p'" + asks4("pdfx-version"))}


def test_pdf_x_4_allows_transparency(good, tmp_path):
    x4 = load_profile("drivethrucards").model_copy(update={"pdfx": "PDF/X-4"})
    path = broken(good, tmp_path, lambda pdf: _gs(pdf, 1, ca=0.5))
    assert findings(path, x4) == {  # written as X-1a: only its version keys are wrong, the alpha is fine
        ("pdfx-version", "GTS_PDFXVersion says 'PDF/X-1:2003'" + asks4("pdfx-version")),
        ("pdfx-xmp", "the XMP metadata names 'PDF/X-1:2003'" + asks4("pdfx-xmp")),
        ("pdfx-xmp", "the XMP metadata has no xmpMM:DocumentID, xmpMM:VersionID, xmpMM:RenditionClass"
         + asks4("pdfx-xmp"))}


# ------------------------------------------------------------------ colour and ink


def test_an_rgb_colour(good, tmp_path):
    path = broken(good, tmp_path, lambda pdf: _append(pdf, 1, b"0.2 0.4 0.6 rg 0 0 10 10 re f"))
    assert findings(path) == {("colour", "page 2 uses RGB colour; the shop asks for CMYK" + asks("colour"))}


def test_grey_is_allowed(good, tmp_path):
    path = broken(good, tmp_path, lambda pdf: _append(pdf, 0, b"0.5 g 0.2 G 0 0 10 10 re B"))
    assert findings(path) == set()


@pytest.mark.parametrize("space", [
    pikepdf.Array([pikepdf.Name.Separation, pikepdf.Name("/Gold"), pikepdf.Name.DeviceCMYK,
                   pikepdf.Dictionary(FunctionType=2, Domain=[0, 1], C0=[0, 0, 0, 0], C1=[0, 0.2, 1, 0], N=1)]),
    pikepdf.Array([pikepdf.Name.DeviceN, pikepdf.Array([pikepdf.Name("/Gold")]), pikepdf.Name.DeviceCMYK,
                   pikepdf.Dictionary(FunctionType=2, Domain=[0, 1], C0=[0, 0, 0, 0], C1=[0, 0.2, 1, 0], N=1)]),
])
def test_spot_colours_are_allowed(good, tmp_path, space):
    def spot(pdf):
        pdf.pages[0].Resources.ColorSpace = pikepdf.Dictionary(CS0=space)
        _append(pdf, 0, b"/CS0 cs 1 sc 0 0 10 10 re f")

    assert findings(broken(good, tmp_path, spot)) == set()


def test_a_colour_space_of_another_kind_is_named(good, tmp_path):
    def pattern(pdf):
        _append(pdf, 0, b"/Pattern cs 0 0 10 10 re f")

    assert findings(broken(good, tmp_path, pattern)) == {("colour", "page 1 uses pattern colour; the shop asks for "
                                                                    "CMYK" + asks("colour"))}


def test_an_rgb_picture(good, tmp_path):
    def rgb(pdf):
        _picture(pdf).ColorSpace = pikepdf.Name.DeviceRGB

    assert findings(broken(good, tmp_path, rgb)) == {("colour", "page 2 uses RGB colour; the shop asks for CMYK"
                                                      + asks("colour"))}


def test_an_icc_based_colour_space_and_lab_on_two_pages(good, tmp_path):
    def spaces(pdf):
        icc = pikepdf.Stream(pdf, srgb_icc())
        icc.N = 3
        for n, space in enumerate((pikepdf.Array([pikepdf.Name.ICCBased, icc]),
                                   pikepdf.Array([pikepdf.Name.Lab, pikepdf.Dictionary(WhitePoint=[0.95, 1, 1.09])]))):
            pdf.pages[n].Resources.ColorSpace = pikepdf.Dictionary(CS0=space)
            _append(pdf, n, b"/CS0 cs 0.5 0.5 0.5 sc 0 0 10 10 re f")

    assert findings(broken(good, tmp_path, spaces)) == {("colour", "pages 1, 2 use ICC-based, Lab colour; the shop "
                                                                   "asks for CMYK" + asks("colour"))}


def test_an_rgb_base_of_an_indexed_picture(good, tmp_path):
    def indexed(pdf):
        _picture(pdf).ColorSpace = pikepdf.Array([pikepdf.Name.Indexed, pikepdf.Name.DeviceRGB, 0,
                                                  pikepdf.String(b"\x00\x00\x00")])

    assert findings(broken(good, tmp_path, indexed)) == {("colour", "page 2 uses RGB colour; the shop asks for CMYK"
                                                          + asks("colour"))}


@pytest.mark.parametrize("k, fails", [(b"0.6 0.6 0.6 0.61", True), (b"0.6 0.6 0.6 0.6", False)], ids=["k-0.61", "k-0.6"])
def test_ink_just_over_and_at_the_limit(good, tmp_path, k, fails):
    path = broken(good, tmp_path, lambda pdf: _append(pdf, 1, k + b" k 0 0 10 10 re f"))
    assert findings(path) == ({("ink", "page 2 lays down up to 241 % ink; the shop takes at most 240 %")} if fails
                              else set())


def test_ink_on_two_pages_is_said_in_the_plural(good, tmp_path):
    path = broken(good, tmp_path, lambda pdf: [_append(pdf, n, b"1 1 1 0 K 0 0 10 10 re S") for n in (0, 1)])
    assert findings(path) == {("ink", "pages 1, 2 lay down up to 300 % ink; the shop takes at most 240 %")}


def test_a_profile_without_an_ink_limit_takes_any(good, tmp_path):
    path = broken(good, tmp_path, lambda pdf: _append(pdf, 1, b"1 1 1 1 k 0 0 10 10 re f"))
    assert findings(path, DTC.model_copy(update={"max_ink": None})) == set()


# ------------------------------------------------------------------ fonts


def test_an_unembedded_font(good, tmp_path):
    def bare(pdf):
        font = next(iter(pdf.pages[1].Resources.Font.values()))
        del font.FontDescriptor["/FontFile2"]

    with pikepdf.open(good) as pdf:
        first = str(next(iter(pdf.pages[1].Resources.Font.values())).BaseFont)[1:]
    assert findings(broken(good, tmp_path, bare)) == {("fonts", f"fonts not embedded: {first}" + asks("fonts"))}

    def both(pdf):
        for font in pdf.pages[1].Resources.Font.values():
            del font.FontDescriptor["/FontFile2"]

    (found,) = findings(broken(good, tmp_path, both))
    with pikepdf.open(good) as pdf:
        names = sorted(str(f.BaseFont)[1:] for f in pdf.pages[1].Resources.Font.values())
    assert found == ("fonts", f"fonts not embedded: {', '.join(names)}" + asks("fonts"))


def test_two_fonts_with_one_subset_tag(good, tmp_path):
    def same(pdf):
        a, b = list(pdf.pages[1].Resources.Font.values())[:2]
        b.BaseFont = pikepdf.Name("/" + str(a.BaseFont)[1:7] + str(b.BaseFont)[7:])

    (found,) = findings(broken(good, tmp_path, same))
    with pikepdf.open(broken(good, tmp_path, same)) as pdf:
        a, b = [str(f.BaseFont)[1:] for f in list(pdf.pages[1].Resources.Font.values())[:2]]
    assert found == ("subset-tags", f"2 embedded fonts share the subset tag {a[:6]}+ ({a}, {b}); each needs its own")


def test_a_font_without_a_subset_tag_is_no_clash(good, tmp_path):
    def untagged(pdf):
        for font in pdf.pages[1].Resources.Font.values():
            font.BaseFont = pikepdf.Name("/" + str(font.BaseFont)[8:])

    assert findings(broken(good, tmp_path, untagged)) == set()


# ------------------------------------------------------------------ output intent


def _intent(pdf):
    return pdf.Root.OutputIntents[0]


def test_no_output_intent(good, tmp_path):
    def drop(pdf):
        del pdf.Root["/OutputIntents"]

    assert findings(broken(good, tmp_path, drop)) == {("output-intent", "no output intent" + asks("output-intent"))}


@pytest.mark.parametrize("change, says", [
    (lambda pdf: _intent(pdf).__delitem__("/OutputConditionIdentifier"),
     "the output intent has no OutputConditionIdentifier"),
    (lambda pdf: _intent(pdf).__delitem__("/Info"), "the output intent has no Info"),
    (lambda pdf: pdf.Root.OutputIntents.append(pdf.Root.OutputIntents[0]), "2 PDF/X output intents (S /GTS_PDFX); "
                                                                           "there must be one"),
    (lambda pdf: setattr(_intent(pdf), "S", pikepdf.Name("/GTS_PDFA1")), "0 PDF/X output intents (S /GTS_PDFX); "
                                                                         "there must be one"),
    (lambda pdf: setattr(_intent(pdf), "DestOutputProfile", pikepdf.Stream(pdf, srgb_icc())),
     "the output profile is a 'mntr' profile for RGB, not an output (prtr) profile for CMYK"),
    (lambda pdf: [_intent(pdf).__delitem__(k) for k in ("/DestOutputProfile", "/RegistryName")],
     "the output intent embeds no output profile and names no registry"),
])
def test_an_output_intent_missing_a_part(good, tmp_path, change, says):
    assert findings(broken(good, tmp_path, change)) == {("output-intent", says + asks("output-intent"))}


def test_an_output_profile_for_rgb_even_of_the_printer_class(good, tmp_path):
    def rgb_printer(pdf):
        icc = bytearray(srgb_icc())
        icc[12:16] = b"prtr"
        _intent(pdf).DestOutputProfile = pikepdf.Stream(pdf, bytes(icc))

    assert findings(broken(good, tmp_path, rgb_printer)) == {
        ("output-intent", "the output profile is a 'prtr' profile for RGB, not an output (prtr) profile for CMYK"
         + asks("output-intent"))}


def test_a_registered_condition_needs_no_embedded_profile(good, tmp_path):
    assert findings(broken(good, tmp_path, lambda pdf: _intent(pdf).__delitem__("/DestOutputProfile"))) == set()


def test_without_a_version_an_output_intent_is_all_a_cmyk_shop_needs(good, tmp_path):
    plain = DTC.model_copy(update={"pdfx": None})
    path = broken(good, tmp_path, lambda pdf: _intent(pdf).__delitem__("/Info"))
    assert findings(path, plain) == set()
    path = broken(good, tmp_path, lambda pdf: pdf.Root.__delitem__("/OutputIntents"))
    assert findings(path, plain) == {("output-intent", "no output intent")}
    rgb = load_profile("thegamecrafter").model_copy(update={"output": "images", "format": "pdf"})
    assert findings(path, rgb) == set()  # an RGB shop that takes PDFs asks for none
    copy_shop = load_profile("pdf-x")  # imposed sheets in RGB: the sRGB intent is what the copy shop's RIP reads
    assert findings(path, copy_shop, want=None) == {("output-intent", "no output intent")}


# ------------------------------------------------------------------ what PDF/X forbids besides


def test_an_encrypted_file(good, tmp_path):
    rc4 = pikepdf.Encryption(owner="o", user="", R=3, aes=False, metadata=False)  # PDF 1.4's encryption
    path = broken(good, tmp_path, lambda pdf: None, encryption=rc4)
    assert findings(path) == {("encryption", "the file is encrypted" + asks("encryption"))}


def test_javascript_and_actions(good, tmp_path):
    def js(pdf):
        pdf.Root.OpenAction = pikepdf.Dictionary(S=pikepdf.Name.JavaScript, JS=pikepdf.String("app.alert(1)"))

    assert findings(broken(good, tmp_path, js)) == {("actions", "the file holds the document's OpenAction"
                                                     + asks("actions"))}

    def page_aa(pdf):
        pdf.pages[1].obj.AA = pikepdf.Dictionary()
        pdf.Root.Names = pikepdf.Dictionary(JavaScript=pikepdf.Dictionary())

    assert findings(broken(good, tmp_path, page_aa)) == {
        ("actions", "the file holds document JavaScript; page 2's actions" + asks("actions"))}


def _annot(pdf, rect, subtype="/Link", action=False):
    annot = pikepdf.Dictionary(Type=pikepdf.Name.Annot, Subtype=pikepdf.Name(subtype), Rect=rect)
    if action:
        annot.A = pikepdf.Dictionary(S=pikepdf.Name.URI, URI=pikepdf.String("https://example.org"))
    pdf.pages[0].obj.Annots = pikepdf.Array([annot])


def test_annotations_inside_the_bleed_box(good, tmp_path):
    path = broken(good, tmp_path, lambda pdf: _annot(pdf, [20, 20, 40, 40]))
    assert findings(path) == {("actions", "page 1 has annotations inside the bleed box" + asks("actions"))}
    path = broken(good, tmp_path, lambda pdf: _annot(pdf, [20, 20, 40, 40], action=True))
    assert findings(path) == {("actions", "the file holds an annotation's action on page 1" + asks("actions")),
                              ("actions", "page 1 has annotations inside the bleed box" + asks("actions"))}


def test_annotations_on_two_pages(good, tmp_path):
    def both(pdf):
        for page in pdf.pages:
            page.obj.Annots = pikepdf.Array([pikepdf.Dictionary(Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Text,
                                                                Rect=[30, 30, 40, 40])])

    assert findings(broken(good, tmp_path, both)) == {("actions", "pages 1, 2 have annotations inside the bleed box"
                                                       + asks("actions"))}


@pytest.mark.parametrize("rect, subtype", [([200, 200, 220, 220], "/Link"), ([20, 20, 40, 40], "/PrinterMark")])
def test_annotations_outside_the_bleed_box_and_printers_marks_pass(good, tmp_path, rect, subtype):
    assert findings(broken(good, tmp_path, lambda pdf: _annot(pdf, rect, subtype))) == set()


def test_postscript_and_transfer_functions(good, tmp_path):
    def ps(pdf):
        xobj = pikepdf.Stream(pdf, b"% nothing")
        xobj.Type, xobj.Subtype = pikepdf.Name.XObject, pikepdf.Name.PS
        pdf.pages[0].Resources.XObject = pikepdf.Dictionary(PS0=xobj)

    assert findings(broken(good, tmp_path, ps)) == {("postscript", "the file holds a PostScript XObject"
                                                     + asks("postscript"))}
    path = broken(good, tmp_path, lambda pdf: _gs(pdf, 0, TR=pikepdf.Dictionary(FunctionType=2)))
    assert findings(path) == {("postscript", "the file holds a transfer function" + asks("postscript"))}
    def both(pdf):
        ps(pdf)
        _gs(pdf, 1, TR2=pikepdf.Dictionary(FunctionType=2))

    assert findings(broken(good, tmp_path, both)) == {
        ("postscript", "the file holds a PostScript XObject and a transfer function" + asks("postscript"))}
    for ok in ({"TR": pikepdf.Name("/Identity")}, {"TR2": pikepdf.Name("/Default")}):
        assert findings(broken(good, tmp_path, lambda pdf: _gs(pdf, 0, **ok))) == set()


def test_a_form_s_content_is_read_too(good, tmp_path):
    """Colour, transparency and pictures inside a form XObject count as the page's."""
    def form(pdf):
        f = pikepdf.Stream(pdf, b"/GSf gs 1 0 0 rg 0 0 5 5 re f")
        f.Type, f.Subtype, f.BBox = pikepdf.Name.XObject, pikepdf.Name.Form, [0, 0, 5, 5]
        f.Resources = pikepdf.Dictionary(ExtGState=pikepdf.Dictionary(GSf=pikepdf.Dictionary(ca=0.3)))
        pdf.pages[0].Resources.XObject = pikepdf.Dictionary(Fm0=f)
        _append(pdf, 0, b"/Fm0 Do")

    assert findings(broken(good, tmp_path, form)) == {
        ("colour", "page 1 uses RGB colour; the shop asks for CMYK" + asks("colour")),
        ("transparency", "page 1 uses constant alpha 0.3" + asks("transparency"))}


# ------------------------------------------------------------------ card images (PNG)


TGC = load_profile("thegamecrafter")


@pytest.mark.parametrize("facts, expect", [
    (((825, 1125), (300.0, 300.0), "RGB"), set()),
    (((825, 1124), (300.0, 300.0), "RGB"), {("pixels", "825 × 1124 px; the template is 825 × 1125 px")}),
    (((824, 1125), (300.0, 300.0), "RGB"), {("pixels", "824 × 1125 px; the template is 825 × 1125 px")}),
    (((825, 1125), (299.4, 299.4), "RGB"), {("resolution", "records 299.4 dpi; the shop wants 300")}),
    (((825, 1125), (299.6, 299.6), "RGB"), set()),
    (((825, 1125), (300.5, 300.5), "RGB"), set()),
    (((825, 1125), (300.6, 300.6), "RGB"), {("resolution", "records 300.6 dpi; the shop wants 300")}),
    (((825, 1125), (300.0, 299.4), "RGB"), {("resolution", "records 300 × 299.4 dpi; the shop wants 300")}),
    (((825, 1125), (299.4, 300.0), "RGB"), {("resolution", "records 299.4 × 300 dpi; the shop wants 300")}),
    (((825, 1125), None, "RGB"), {("resolution", "records no resolution; the shop wants 300")}),
    (((825, 1125), (300.0, 300.0), "RGBA"), {("colour", "RGBA; the shop asks for RGB")}),
])
def test_a_card_image(facts, expect):
    assert _pairs(png_checks("a.png", facts, (825, 1125), TGC), "a.png") == expect


def test_a_card_image_for_a_cmyk_shop_and_one_the_order_does_not_size():
    cmyk = TGC.model_copy(update={"colour": "cmyk"})
    assert [f.message for f in png_checks("a.png", ((825, 1125), (300.0, 300.0), "RGB"), None, cmyk)] == [
        "RGB; the shop asks for CMYK"]


def test_a_written_image_is_read_back(tmp_path):
    """Through the export's own file list: a card image saved at 299 dpi and one pixel short."""
    data = tmp_path / "data"
    shutil.copytree(Path(__file__).resolve().parents[2] / "data" / "kafkas-halle", data / "kafkas-halle")
    written = export(discover(data)["kafkas-halle"], BuildOptions(), TGC, tmp_path / "out")
    card = written.folder / "deck" / "001-nach-links.png"
    with Image.open(card) as im:
        im.crop((0, 0, 825, 1124)).save(card, dpi=(299, 299))
    found, counts = check_written(written, TGC)
    assert {(f.check, f.where, f.message) for f in found} == {
        ("pixels", "deck/001-nach-links.png", "825 × 1124 px; the template is 825 × 1125 px"),
        ("resolution", "deck/001-nach-links.png", "records 299 dpi; the shop wants 300")}
    assert counts == {"card sides": 18, "files": 18}


@pytest.mark.parametrize("size, fails", [(1_000_000, False), (1_000_001, True)])
def test_file_size_at_and_over_the_limit(size, fails):
    capped = TGC.model_copy(update={"max_file_mb": 1})
    assert file_size("a.pdf", size, capped) == ([Finding("file-size", False, "a.pdf", "1.0 MB; the shop takes at "
                                                                                        "most 1 MB")] if fails else [])
    assert file_size("a.pdf", 10 ** 9, TGC) == []  # no limit


# ------------------------------------------------------------------ what a card side shows


def _seen(texts=(), pictures=()) -> Survey:
    s = Survey()
    s.texts, s.pictures = list(texts), list(pictures)
    return s


TRIM = Box(3, 3, 63.5, 88.9)


@pytest.mark.parametrize("box, says", [
    ((6.05, 10, 20, 14), None),  # 0.05 mm into the 3 mm zone: measuring slack
    ((6, 6, 63.5, 88.9), None),  # exactly on the safe line, all round
    ((5.9, 10, 20, 14), "text 'Wort' reaches 0.1 mm into the 3 mm safe zone"),
    ((10, 5.9, 20, 14), "text 'Wort' reaches 0.1 mm into the 3 mm safe zone"),
    ((10, 10, 63.6, 14), "text 'Wort' reaches 0.1 mm into the 3 mm safe zone"),
    ((10, 80, 20, 89.0), "text 'Wort' reaches 0.1 mm into the 3 mm safe zone"),
    ((2, 10, 20, 14), "text 'Wort' crosses the cut by 1.0 mm"),
    ((2.95, 10, 20, 14), "text 'Wort' reaches 3.0 mm into the 3 mm safe zone"),  # on the cut, within slack
])
def test_text_in_the_safe_zone(box, says):
    found = text_in_safe_zone(_seen([TextBox("Wort", box, "")]), TRIM, 3.0, "card")
    assert [(f.check, f.where, f.message) for f in found] == ([("safe-zone", "card", says)] if says else [])


@pytest.mark.parametrize("box, says", [
    ((0, 1, 5, 5), None),  # exactly the 0.05 mm slack past the safe line
    ((0, 1, 5, 5.5), None),
    ((-0.05, 2, 5, 5), "text 'Wort' reaches 1.1 mm into the 1 mm safe zone"),  # on the cut within the slack
    ((-0.06, 2, 5, 5), "text 'Wort' crosses the cut by 0.1 mm"),
])
def test_the_safe_zone_s_slack_is_exact(box, says):
    safe = 0.05 if says is None else 1.0
    found = text_in_safe_zone(_seen([TextBox("Wort", box, "")]), Box(0, 0, 10, 10), safe, "card")
    assert found == ([Finding("safe-zone", False, "card", says)] if says else [])


@pytest.mark.parametrize("dpi, fails", [(299.0, True), (299.4, True), (299.5, False), (299.6, False), (300.0, False),
                                       (None, False)])
def test_image_resolution_at_the_edge(dpi, fails):
    found = image_resolution(_seen(pictures=[Picture((0, 0, 10, 10), (299, 150), dpi)]), 300, "card")
    assert found == ([Finding("image-dpi", False, "card", f"a 299 × 150 px image prints at {dpi:.0f} dpi; "
                                                          "the shop wants 300")] if fails else [])


def _card(cover: tuple[float, float, float, float], shade: str = "#203060") -> Page:
    """A 69.5 x 94.9 mm page with a 3 mm bleed and one rectangle of art (x0, y0, x1, y1 in mm)."""
    x0, y0, x1, y1 = cover
    return Page(69.5, 94.9, Group([Rect(x0, y0, x1 - x0, y1 - y0, style(fill=shade))]), trim=Box(3, 3, 63.5, 88.9))


@pytest.mark.parametrize("cover, says", [
    ((0, 0, 69.5, 94.9), None),  # art into the bleed everywhere
    ((3, 3, 66.5, 91.9), "artwork stops at the cut on the left, right, top, bottom sides: the bleed there is bare "
                         "paper"),
    ((0, 0, 66.5, 94.9), "artwork stops at the cut on the right side: the bleed there is bare paper"),
    ((3, 0, 69.5, 94.9), "artwork stops at the cut on the left side: the bleed there is bare paper"),
    ((0, 3, 69.5, 94.9), "artwork stops at the cut on the top side: the bleed there is bare paper"),
    ((0, 0, 69.5, 91.9), "artwork stops at the cut on the bottom side: the bleed there is bare paper"),
    ((10, 10, 50, 50), None),  # art that does not reach the cut needs no bleed
    ((0, 0, 69.5, 30), None),  # along a third of the sides: the art does not run along the cut
])
def test_bleed_on_each_side(cover, says):
    found = bleed_sides(_card(cover), Box(3, 3, 63.5, 88.9), "card")
    assert [(f.check, f.message) for f in found] == ([("bleed", says)] if says else [])


@pytest.mark.parametrize("share, flagged", [(0.6, True), (0.4, False)])
def test_bleed_only_where_art_covers_most_of_the_cut(share, flagged):
    """Art along more than half of the right cut, stopping there, is flagged; along less is not."""
    y1 = 3 + 88.9 * share
    page = Page(69.5, 94.9, Group([Rect(0, 0, 66.5, y1, style(fill="#203060")),
                                   Rect(0, 0, 69.5, 3, style(fill="#203060"))]), trim=Box(3, 3, 63.5, 88.9))
    sides = [f.message for f in bleed_sides(page, Box(3, 3, 63.5, 88.9), "card")]
    assert ("right" in " ".join(sides)) is flagged


@pytest.mark.parametrize("shade, flagged", [("#f0f0f0", True), ("#f9f9f9", True), ("#fafafa", False),
                                           ("#fbfbfb", False)])
def test_bleed_counts_near_white_as_paper(shade, flagged):
    found = bleed_sides(_card((3, 3, 66.5, 91.9), shade), Box(3, 3, 63.5, 88.9), "card")
    assert bool(found) is flagged


@pytest.mark.parametrize("shade", ["#ffff00", "#00ffff"])
def test_bleed_judges_paper_by_lightness_not_by_one_channel(shade):
    """Yellow and cyan art are no paper, though two of their three channels are full."""
    found = bleed_sides(_card((3, 3, 66.5, 91.9), shade), Box(3, 3, 63.5, 88.9), "card")
    assert found == [Finding("bleed", False, "card", "artwork stops at the cut on the left, right, top, bottom sides: "
                                                     "the bleed there is bare paper")]


@pytest.mark.parametrize("paper, flagged", [("#fafafa", True), ("#f9f9f9", False)])
def test_a_near_white_bleed_is_bare_paper(paper, flagged):
    """Art that stops at the cut over a bleed of grey 250 (paper to the eye) is flagged; over 249 it is not."""
    page = Page(69.5, 94.9, Group([Rect(0, 0, 69.5, 94.9, style(fill=paper)),
                                   Rect(3, 3, 63.5, 88.9, style(fill="#203060"))]), trim=Box(3, 3, 63.5, 88.9))
    says = "artwork stops at the cut on the left, right, top, bottom sides: the bleed there is bare paper"
    assert [f.message for f in bleed_sides(page, Box(3, 3, 63.5, 88.9), "card")] == ([says] if flagged else [])


def test_a_bleed_one_pixel_wide_is_still_looked_at():
    """0.4 mm of bleed is one pixel of the check's 72 dpi picture: art across it is bleed, not bare paper."""
    page = Page(64.3, 89.7, Group([Rect(0, 0, 64.3, 89.7, style(fill="#203060"))]), trim=Box(0.4, 0.4, 63.5, 88.9))
    assert bleed_sides(page, Box(0.4, 0.4, 63.5, 88.9), "card") == []


def test_a_page_with_no_room_for_bleed_is_bare_on_every_side():
    page = Page(63.5, 88.9, Group([Rect(0, 0, 63.5, 88.9, style(fill="#203060"))]), trim=Box(0, 0, 63.5, 88.9))
    assert [f.message for f in bleed_sides(page, Box(0, 0, 63.5, 88.9), "card")] == [
        "artwork stops at the cut on the left, right, top, bottom sides: the bleed there is bare paper"]


def test_each_overlap_found_when_drawing_is_one_finding_naming_card_and_row():
    """The same overlap met twice (a card side drawn twice) is said once; a deck without overlaps adds none."""
    from types import SimpleNamespace

    from pnp.layout.builtin.card import Overlap
    from pnp.output.preflight import overlapping_text

    a = Overlap("Karte", "cards.csv:2", "text elements.2 'Karte' overlaps icons elements.3 by 1.0 × 2.0 mm")
    b = Overlap("Zwei", "cards.csv:3", "text elements.2 'Zwei' overlaps rect elements.1 by 0.5 × 0.5 mm")
    matching = SimpleNamespace(decks=[SimpleNamespace(asset=SimpleNamespace(name="deck", overlaps=[a, b, a])),
                                      SimpleNamespace(asset=SimpleNamespace(name="plain"))])
    assert overlapping_text(matching) == [Finding("overlap", False, "deck: Karte (cards.csv:2)", a.message),
                                          Finding("overlap", False, "deck: Zwei (cards.csv:3)", b.message)]
    assert overlapping_text(None) == []


def test_findings_are_failures():
    assert Finding("x", False, "w", "m").ok is False


# ------------------------------------------------------------------ which safe zone, which files are expected


def _deck_with_safe(folder: Path, safe: float) -> Path:
    from onedeck import one_deck_game

    return one_deck_game(folder, "edge", f"""\
        kind: layout
        safe: {safe}
        fields: {{name: text}}
        elements:
          - {{type: rect, frame: bleed, fill: "#f3e9d2"}}
          - {{type: text, x: 2, y: 40, w: 30, h: 6, text: "{{name}}", size: 9}}
        """, ["{name: Rand}"])


def test_imposed_sheets_hold_text_to_the_data_s_own_safe_zone(tmp_path):
    """Text 2 mm inside the cut: fine for a layout whose safe zone is 1 mm on the copy shop's sheets,
    too close for The Game Crafter (1/8 in) and for a layout that keeps 3 mm."""
    from pnp.output.preflight import preflight

    loose = discover(_deck_with_safe(tmp_path / "a", 1))["edge"]
    assert [f for f in preflight(loose, BuildOptions(), load_profile("pdf-x"))[0] if f.check == "safe-zone"] == []
    found = preflight(loose, BuildOptions(), TGC)[0]
    assert [f.check for f in found] == ["safe-zone"] and "3.175 mm safe zone" in found[0].message
    strict = discover(_deck_with_safe(tmp_path / "b", 3))["edge"]
    found = preflight(strict, BuildOptions(), load_profile("pdf-x"))[0]
    assert [f.check for f in found] == ["safe-zone"] and "into the 3 mm safe zone" in found[0].message


def test_counters_without_a_safe_zone_of_their_own_keep_a_tenth_of_their_side(make_rules_game, monkeypatch):
    from pnp.output.preflight import preflight

    data = make_rules_game("chips", textwrap.dedent('''\
        from pnp.model.assets import Asset
        from pnp.impose.items import Item
        from pnp.scene import Group, Rect, Text, style

        def face(bleed):
            return Group([Rect(-bleed, -bleed, 20 + 2 * bleed, 20 + 2 * bleed, style(fill="#dddddd")),
                          Text(1.5, 10, "Chip", size=8)])

        def build(game, opts):
            from pnp.impose.grid import impose
            from pnp.impose.items import sheet_from_options

            items = [Item(20, 20, face, None, "chip")]
            yield Asset("chips", "Chips", lambda: impose(items, sheet_from_options(opts)), faces=[(items[0], 4)])
        '''))
    found = preflight(discover(data)["chips"], BuildOptions(), load_profile("pdf-x"))[0]
    assert [(f.check, f.message) for f in found] == [("safe-zone", "text 'Chip' reaches 0.5 mm into the 2 mm safe "
                                                                   "zone")]


def test_a_tabletop_export_has_no_cards_to_check(mini, tmp_path):
    tts = load_profile("tts")
    written = export(discover(mini)["mini"], BuildOptions(), tts, tmp_path)
    found, counts = check_written(written, tts)
    assert found == [] and counts == {"card sides": 0, "files": len(written.files)}


def test_a_card_pdf_profile_that_leaves_the_format_out_is_still_held_to_its_pages(mini, tmp_path):
    mine = tmp_path / "plain.yaml"
    mine.write_text("kind: export-profile\nname: plain\ntitle: Plain\noutput: card-pdf\nbleed_mm: 3\n"
                    "order: back-then-front\nproducts:\n  - {name: poker, trim_mm: [63.5, 88.9]}\n")
    profile = load_profile(str(mine))
    written = export(discover(mini)["mini"], BuildOptions(), profile, tmp_path / "out")
    pdf = written.folder / "deck.pdf"
    with pikepdf.open(pdf, allow_overwriting_input=True) as doc:
        del doc.pages[1]
        doc.save(pdf)
    found, _ = check_written(written, profile)
    assert [(f.check, f.where, f.message) for f in found] == [("pages", "deck.pdf", "1 page; the order asks for 2")]


def test_an_asset_with_a_slash_in_its_name_is_expected_in_its_folder(tmp_path):
    """Klin Zha's pieces/tokens go to pieces-tokens/; a card image of the wrong size there is named."""
    data = tmp_path / "data"
    shutil.copytree(Path(__file__).resolve().parents[2] / "data" / "klin-zha", data / "klin-zha")
    mine = tmp_path / "chips.yaml"
    mine.write_text("kind: export-profile\nname: chips\ntitle: Chips\noutput: images\nbleed_mm: 1\nsafe_mm: 1\n"
                    "min_image_dpi: 0\nproducts:\n  - {name: chip, trim_mm: [13, 13], pixels: [177, 177]}\n")
    profile = load_profile(str(mine))
    written = export(discover(data)["klin-zha"], BuildOptions(), profile, tmp_path / "out")
    first = sorted((written.folder / "pieces-tokens").glob("*.png"))[0]
    with Image.open(first) as im:
        im.crop((0, 0, 177, 176)).save(first, dpi=(300, 300))
    found = [f for f in check_written(written, profile)[0] if f.check == "pixels"]
    assert [(f.where, f.message) for f in found] == [(f"pieces-tokens/{first.name}",
                                                      "177 × 176 px; the template is 177 × 177 px")]


def test_every_card_side_s_findings_are_kept_and_name_the_card_and_its_row(tmp_path):
    """Two cards whose text reaches into the safe zone, whose picture is too coarse and whose art stops
    at the cut: each finding of each card, in order, names the deck, the card and the line of its row."""
    from pnp.output.preflight import preflight

    game = tmp_path / "mini"
    _mini_game(game, 100, """\
          - {type: rect, frame: card, fill: "#203060"}
          - {type: image, x: 19, y: 10, w: 25.4, h: 25.4, src: art.png}
          - {type: text, x: 1, y: 50, w: 50, h: 10, text: "{name}", size: 14}
""", ["Eins", "Zwei"])
    found, counts = preflight(discover(tmp_path)["mini"], BuildOptions(), DTC)
    assert counts == {"card sides": 3, "files": 1}
    expected = []
    for name, line in (("Eins", 8), ("Zwei", 9)):
        where = f"deck: {name} ({game / 'deck.yaml'}:{line})"
        expected += [Finding("safe-zone", False, where, f"text '{name}' reaches 2.2 mm into the 3.175 mm safe zone"),
                     Finding("image-dpi", False, where, "a 100 × 100 px image prints at 99 dpi; the shop wants 300"),
                     Finding("bleed", False, where, "artwork stops at the cut on the left, right, top, bottom sides: "
                                                    "the bleed there is bare paper")]
    assert found == expected


def test_two_bare_sides_are_said_in_the_plural():
    found = bleed_sides(_card((3, 0, 66.5, 94.9)), Box(3, 3, 63.5, 88.9), "card")
    assert [f.message for f in found] == ["artwork stops at the cut on the left, right sides: the bleed there is bare "
                                          "paper"]


def _pixel_card(*rects: tuple[float, float, float, float]) -> list[str]:
    """What the bleed check says of a 10 x 10 mm page drawn at one pixel per mm, trimmed 1 mm in on each side,
    with art in ``rects`` (x0, y0, x1, y1 in mm): every strip is 8 whole pixels long."""
    page = Page(10, 10, Group([Rect(x0, y0, x1 - x0, y1 - y0, style(fill="#203060")) for x0, y0, x1, y1 in rects]),
                trim=Box(1, 1, 8, 8))
    return [f.message for f in bleed_sides(page, Box(1, 1, 8, 8), "card", dpi=25.4)]


RIGHT = "artwork stops at the cut on the right side: the bleed there is bare paper"


@pytest.mark.parametrize("rows, says", [(4, []), (3, [RIGHT])])
def test_a_bleed_strip_of_exactly_half_paper_is_not_bare(rows, says):
    """Art fills the card to the cut and the bleed on three sides; beside the right cut it covers ``rows`` of the
    strip's 8 pixels: half paper is not more than half, 5 of 8 is."""
    assert _pixel_card((0, 0, 9, 10), (9, 1, 10, 1 + rows)) == says


@pytest.mark.parametrize("rows, says", [(4, []), (5, [RIGHT])])
def test_art_along_exactly_half_the_cut_needs_no_bleed(rows, says):
    """No bleed on the right, and art along ``rows`` of the right cut's 8 pixels: exactly half is not most of it."""
    assert _pixel_card((0, 0, 8, 10), (8, 1, 9, 1 + rows), (0, 0, 10, 1), (0, 9, 10, 10)) == says


def test_a_strip_of_one_pixel_is_looked_at():
    """A 3 x 3 mm page at one pixel per mm with a 1 mm trim: each strip is one pixel, art in it is bleed."""
    page = Page(3, 3, Group([Rect(0, 0, 3, 3, style(fill="#203060"))]), trim=Box(1, 1, 1, 1))
    assert bleed_sides(page, Box(1, 1, 1, 1), "card", dpi=25.4) == []


def test_a_written_file_over_the_shop_s_size_limit_is_named_and_one_at_it_passes(mini, tmp_path):
    """The file-size check on the export's own files: a limit of exactly the PDF's size passes, a byte less fails,
    and the finding names the file beside the card checks, which still run."""
    written = export(discover(mini)["mini"], BuildOptions(), DTC, tmp_path)
    size = (written.folder / "deck.pdf").stat().st_size
    at = DTC.model_copy(update={"max_file_mb": size / 1e6})
    assert check_written(written, at) == ([], {"card sides": 2, "files": 1})
    under = DTC.model_copy(update={"max_file_mb": (size - 1) / 1e6})
    found, counts = check_written(written, under)
    assert [(f.check, f.ok, f.where, f.message) for f in found] == [
        ("file-size", False, "deck.pdf", f"{size / 1e6:.1f} MB; the shop takes at most {(size - 1) / 1e6:g} MB")]
    assert counts == {"card sides": 2, "files": 1}


def test_a_card_side_s_own_pdf_is_held_to_one_page_of_the_trim(mini, tmp_path):
    """Card images written as PDFs (a file per side): a side's PDF with a second page is named, the others pass."""
    profile = TGC.model_copy(update={"output": "images", "format": "pdf"})
    written = export(discover(mini)["mini"], BuildOptions(), profile, tmp_path)
    assert check_written(written, profile)[0] == []
    rel = sorted(str(p.relative_to(written.folder)) for p in written.folder.rglob("*.pdf"))[0]
    with pikepdf.open(written.folder / rel, allow_overwriting_input=True) as pdf:
        pdf.pages.append(pdf.pages[0])
        pdf.save(written.folder / rel)
    assert [(f.check, f.where, f.message) for f in check_written(written, profile)[0]] == [
        ("pages", rel, "2 pages; the order asks for 1")]


def test_overlapping_text_found_while_exporting_is_a_finding_of_the_export(tmp_path):
    """Two text boxes drawn over each other on the face: preflight names the card and its row once."""
    from pnp.output.preflight import preflight

    game = tmp_path / "mini"
    _mini_game(game, 320, """\
          - {type: rect, frame: bleed, fill: "#f3e9d2"}
          - {type: text, x: 10, y: 40, w: 40, h: 10, text: "{name}", size: 12}
          - {type: text, x: 10, y: 42, w: 40, h: 10, text: "{name}", size: 12}
""", ["Karte"])
    found, counts = preflight(discover(tmp_path)["mini"], BuildOptions(), DTC)
    assert [(f.check, f.ok, f.where) for f in found] == [("overlap", False, f"deck: Karte ({game / 'deck.yaml'}:8)")]
    assert "overlaps" in found[0].message and counts == {"card sides": 2, "files": 1}
