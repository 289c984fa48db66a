"""The generic score-sheet kind: schema, formulas, layout, pads and crop marks.

Uses the 18-Kniffel Bilanz as the real-world sheet and small hand-made
sheets for the broken cases.
"""
import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.model.assets import BuildOptions
from pnp.layout.builtin.score_sheet import ColumnSpec, draw_sheet, pad_pages, pad_size, score_sheet_assets
from pnp.load.errors import DataErrors
from pnp.load.loader import load_model
from pnp.layout.kinds import load_doc
from pnp.scene import Group, Path as SPath, Rect, Text
from pnp.model.score_sheet import ScoreSheet

ROOT = Path(__file__).resolve().parents[2]
BILANZ = ROOT / "data" / "18-kniffel" / "bilanz.yaml"
MM = 72 / 25.4


@pytest.fixture(scope="module")
def doc():
    kind, d = load_doc(BILANZ)
    assert kind == "score-sheet"
    return d


def walk(node, t=None, out=None):
    """(node, transform) for every leaf, with group transforms applied."""
    from pnp.scene import IDENTITY

    t = t or IDENTITY
    out = [] if out is None else out
    if isinstance(node, Group):
        tt = t @ node.transform
        for ch in node.children:
            walk(ch, tt, out)
    else:
        out.append((node, t))
    return out


def find(node, gid):
    if isinstance(node, Group):
        if node.id == gid:
            return node
        for ch in node.children:
            r = find(ch, gid)
            if r is not None:
                return r
    return None


def pdf_text(pages):
    from pnp.render.pdf import render_pdf_bytes

    reader = PdfReader(io.BytesIO(render_pdf_bytes(pages)))
    return reader, ["".join(p.extract_text().split()) for p in reader.pages]


# ------------------------------------------------------------ schema + formulas

def test_evaluate_sums_bonus_and_total(doc):
    vals = {"1en": 4, "2en": 8, "3en": 12, "4en": 16, "5en": 20, "6en": 24, "5+1": -14, "<21": 20}
    out = doc.evaluate(vals)
    assert out["bonus-sum"] == 84 and out["bonus"] == 36 and out["bonus-total"] == 120
    assert out["pasch-total"] == -14 and out["strassen-total"] == 20 and out["total"] == 126
    out = doc.evaluate({**vals, "6en": 23})  # one short of 84: no bonus
    assert out["bonus-sum"] == 83 and out["bonus"] == 0 and out["total"] == 89
    with pytest.raises(KeyError, match="total"):
        doc.evaluate({"total": 5})  # computed rows cannot be filled in


BROKEN = {
    "unknown reference": ("sum: [a, zz]", "refers to 'zz'"),
    "forward reference": ("sum: [a, t2]", "refers to 't2'"),
    "both formulas": ("sum: [a]\n    bonus: {of: a, at_least: 1, points: 2}", "either 'sum' or 'bonus'"),
}


@pytest.mark.parametrize("case", BROKEN, ids=list(BROKEN))
def test_broken_formulas_are_positioned_errors(tmp_path, case):
    formula, msg = BROKEN[case]
    text = f"""kind: score-sheet
title: T
blocks:
  - id: b
    title: B
    rows:
      - {{id: a, label: A}}
totals:
  - id: t1
    label: T1
    {formula}
  - id: t2
    label: T2
    sum: [a]
"""
    p = tmp_path / "sheet.yaml"
    p.write_text(text)
    with pytest.raises(DataErrors) as exc:
        load_model(p, ScoreSheet)
    s = str(exc.value)
    assert msg in s and "sheet.yaml:" in s


def test_duplicate_row_id_and_unknown_key(tmp_path):
    p = tmp_path / "s.yaml"
    p.write_text("kind: score-sheet\ntitle: T\nblocks:\n  - id: b\n    title: B\n    rows:\n"
                 "      - {id: a, label: A}\n      - {id: a, label: A2}\n")
    with pytest.raises(DataErrors, match="defined twice"):
        load_model(p, ScoreSheet)
    p.write_text("kind: score-sheet\ntitle: T\nblocks:\n  - id: b\n    title: B\n    rows:\n"
                 "      - {id: a, label: A, colspan: 2}\n")
    with pytest.raises(DataErrors) as exc:
        load_model(p, ScoreSheet)
    assert "s.yaml:7" in str(exc.value) and "unknown key" in str(exc.value)


# ------------------------------------------------------------ layout

@pytest.mark.parametrize("w,h,n,explained", [(194, 281, 4, True), (89, 132, 4, False), (89, 132, 6, False)])
def test_sheet_fits_its_box_and_has_every_row(doc, w, h, n, explained):
    g = draw_sheet(doc, w, h, "de", ColumnSpec(n))
    for node, t in walk(g):
        if isinstance(node, Rect):
            x0, y0 = t.apply(node.x, node.y)
            x1, y1 = t.apply(node.x + node.w, node.y + node.h)
            assert -0.01 <= x0 and x1 <= w + 0.01 and -0.01 <= y0 and y1 <= h + 0.01
    for _, row in doc.rows():
        from pnp.layout.builtin.score_sheet import slug

        grp = find(g, f"row-{slug(row.id)}")
        assert grp is not None, row.id
        cells = [c for c in grp.children if isinstance(c, Rect) and c.style.stroke is not None]
        assert len(cells) == n  # one box per column
        texts = [c.text for c in grp.children if isinstance(c, Text)]
        assert texts[0].endswith(row.label if isinstance(row.label, str) else row.label.de)
        assert texts[0].startswith("Σ") == row.computed
        assert (len(texts) == 2) == (explained and row.explain is not None)
    legend = find(g, "legend")
    assert legend is not None and "minus Augensumme" in legend.children[0].text


def test_solo_sheet_has_name_field_and_game_numbers(doc):
    g = draw_sheet(doc, 194, 281, "en", ColumnSpec(6, per_game=True))
    assert find(g, "name-field") is not None
    heads = [c.text for c in find(g, "header").children if isinstance(c, Text)]
    assert heads == ["Game", "1", "2", "3", "4", "5", "6"]


# ------------------------------------------------------------ pads

def _trims(page):
    """Trim boxes of the imposed sheets: the clip rectangles of the cells."""
    out = []
    for ch in page.content.children:
        if isinstance(ch, Group) and (ch.id or "").startswith("card-"):
            c = ch.clip
            out.append((c.x, c.y, c.x + c.w, c.y + c.h))
    return out


@pytest.mark.parametrize("paper,up,size,pts", [
    ("a4", 2, (140.5, 194.0), (841.89, 595.28)), ("a4", 4, (97.0, 140.5), (595.28, 841.89)),
    ("letter", 2, (131.7, 199.9), (792.0, 612.0)), ("letter", 4, (99.95, 131.7), (612.0, 792.0))])
def test_n_up_pads_sizes_and_crop_marks_outside_every_trim(doc, paper, up, size, pts):
    opts = BuildOptions(paper=paper)
    w, h, _ = pad_size(paper, up, opts.margin)
    assert (round(w, 2), round(h, 2)) == size
    pages = pad_pages(doc, opts, up, ColumnSpec(4), copies=1)
    assert len(pages) == 1
    page = pages[0]
    trims = _trims(page)
    assert len(trims) == up
    for x0, y0, x1, y1 in trims:
        assert x1 - x0 == pytest.approx(w) and y1 - y0 == pytest.approx(h)
        assert x0 >= opts.margin - 1e-6 and y0 >= opts.margin - 1e-6
        assert x1 <= page.width - opts.margin + 1e-6 and y1 <= page.height - opts.margin + 1e-6
    marks = find(page.content, "crop-marks")
    segs = [n for n, _ in walk(marks) if isinstance(n, SPath)]
    assert len(segs) >= 8
    for seg in segs:
        pts_ = [op[1:3] for op in seg.ops if op[0] in "ML"]
        for x0, y0, x1, y1 in trims:
            for px, py in pts_:
                assert not (x0 < px < x1 and y0 < py < y1), "crop mark inside a trim"
            # a mark segment never crosses a trim either
            (ax, ay), (bx, by) = pts_
            assert max(ax, bx) <= x0 + 1e-6 or min(ax, bx) >= x1 - 1e-6 or max(ay, by) <= y0 + 1e-6 \
                or min(ay, by) >= y1 - 1e-6
    # every cut line (trim edge) has marks on it
    xs = sorted({round(t[0], 3) for t in trims} | {round(t[2], 3) for t in trims})
    mark_xs = {round(s.ops[0][1], 3) for s in segs if s.ops[0][1] == s.ops[1][1]}
    assert set(xs) <= mark_xs
    reader, texts = pdf_text(pages)
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(pts, abs=0.05)
    assert texts[0].count("2+2+2") == up and texts[0].count("ΣGesamt") == up


def test_one_up_fills_the_page_inside_the_margin(doc):
    opts = BuildOptions(paper="a4", lang="en")
    pages = pad_pages(doc, opts, 1, ColumnSpec(4), copies=1)
    page = pages[0]
    assert (page.width, page.height) == (210.0, 297.0)
    xs, ys = [], []
    for node, t in walk(page.content):
        if isinstance(node, Rect):
            for px, py in (t.apply(node.x, node.y), t.apply(node.x + node.w, node.y + node.h)):
                xs.append(px)
                ys.append(py)
    assert min(xs) == pytest.approx(8.0) and max(xs) == pytest.approx(202.0)
    assert min(ys) >= 8.0 and max(ys) <= 289.0 and max(ys) > 240  # the table uses the page
    _, texts = pdf_text(pages)
    for word in ("Bonus block", "Pasch block", "Street block", "Σ Total", "1,3,5", "<21", ">21", "2+2+2",
                 "only sixes count", "minus the sum"):
        assert word.replace(" ", "") in texts[0], word
    assert "Straßenblock" not in texts[0] and "Gesamt" not in texts[0]  # English build is English


def test_assets_from_options(doc):
    names = [a.name for a in score_sheet_assets(doc, None, BuildOptions(), "bilanz")]
    assert names == ["bilanz-1up", "bilanz-2up", "bilanz-solo-1up"]  # no 4-up: it could not print 6 pt
    assets = score_sheet_assets(doc, None, BuildOptions(extra={"up": 4, "copies": 3, "players": 6}), "bilanz")
    assert [a.name for a in assets] == ["bilanz-4up", "bilanz-4up-page"]
    assert assets[0].formats == ("pdf",) and assets[1].formats == ("svg", "png")
    assert len(list(assets[1].iter_pages())) == 1
    pages = list(assets[0].iter_pages())
    assert len(pages) == 3
    heads = find(pages[0].content, "s1-header")
    assert heads is not None and len([c for c in heads.children if isinstance(c, Rect)]) == 6
    only = score_sheet_assets(doc, None, BuildOptions(extra={"up": 2}), "bilanz")
    assert [a.name for a in only] == ["bilanz-2up"]  # an explicit size narrows the build
    solo = score_sheet_assets(doc, None, BuildOptions(extra={"per_game": 5, "up": 2}), "bilanz")
    assert [a.name for a in solo] == ["bilanz-solo-2up"]


@pytest.mark.parametrize("extra,msg", [({"players": 7}, "players: expected a whole number"), ({"players": 0}, "players: expected a whole number"),
                                       ({"up": 3}, "up must be 1, 2 or 4"), ({"copies": 0}, "copies: expected a whole number"),
                                       ({"copies": "many"}, "copies: expected a whole number"), ({"per_game": 13}, "per_game")])
def test_bad_options_are_data_errors(doc, extra, msg):
    with pytest.raises(DataErrors, match=msg):
        score_sheet_assets(doc, None, BuildOptions(extra=extra), "bilanz")


def test_same_data_same_bytes(doc):
    from pnp.render.pdf import render_pdf_bytes

    a = render_pdf_bytes(pad_pages(doc, BuildOptions(), 4, ColumnSpec(4), 2))
    b = render_pdf_bytes(pad_pages(doc, BuildOptions(), 4, ColumnSpec(4), 2))
    assert a == b


def test_sheets_on_one_page_have_unique_ids(doc):
    page = pad_pages(doc, BuildOptions(), 4, ColumnSpec(4), copies=1)[0]
    ids = []

    def collect(node):
        if isinstance(node, Group):
            if node.id:
                ids.append(node.id)
            for ch in node.children:
                collect(ch)
    collect(page.content)
    assert len(ids) == len(set(ids))
    assert {"s1-row-gt21", "s4-row-2_4_6", "s2-legend"} <= set(ids)


def test_printed_sizes_measure_what_the_layout_says(doc, tmp_path):
    """Render the 1-up and 4-up PDFs to pixels (5 px per mm) and measure the inked extents."""

    import numpy as np

    from pnp.render.pdf import render_pdf_bytes

    px = 5  # per mm at 127 dpi
    for up, pages in ((1, pad_pages(doc, BuildOptions(), 1, ColumnSpec(4), 1)),
                      (4, pad_pages(doc, BuildOptions(), 4, ColumnSpec(4), 1))):
        from pdfread import raster

        img = np.asarray(raster(render_pdf_bytes(pages), 127).convert("L"))
        assert abs(img.shape[0] - 297 * px) <= 1 and abs(img.shape[1] - 210 * px) <= 1
        dark = img < 128
        cols = np.flatnonzero(dark.any(axis=0))
        rows = np.flatnonzero(dark.any(axis=1))
        if up == 1:
            # the table frame runs from the left to the right margin (8 mm .. 202 mm)
            assert abs(cols[0] - 8 * px) <= 2 and abs(cols[-1] - 202 * px) <= 2
            assert rows[0] >= 8 * px - 1 and rows[-1] <= 289 * px + 1
        else:
            # crop marks are the outermost ink, 1 .. 5 mm outside the trim block (8 .. 202 mm)
            assert 3 * px - 2 <= cols[0] <= 7 * px and 203 * px <= cols[-1] <= 207 * px + 2
            # the middle cut at x = 105 mm carries a mark above the sheets
            assert dark[3 * px - 2:7 * px + 2, 105 * px - 2:105 * px + 3].any()
            # the sheets stay inside their trims: nothing inked within 1.4 mm of the cut
            assert not dark[20 * px:270 * px, 105 * px - 7:105 * px + 8].any()


def test_a_sheet_too_long_for_the_pad_is_a_clear_error():
    blocks = [{"id": f"b{j}", "title": f"B{j}", "rows": [{"id": f"b{j}r{i}", "label": "x"} for i in range(60)]}
              for j in range(2)]
    sheet = ScoreSheet.model_validate({"kind": "score-sheet", "title": "Long", "blocks": blocks})
    assert len(pad_pages(sheet, BuildOptions(), 1, ColumnSpec(2), 1)) == 1  # fits a full page
    with pytest.raises(DataErrors, match="no room for 120 rows; use fewer sheets per page"):
        pad_pages(sheet, BuildOptions(), 4, ColumnSpec(2), 1)


def test_svg_of_a_4up_page(doc, tmp_path):
    import xml.etree.ElementTree as ET

    from pnp.render.svg import write_svg

    page = pad_pages(doc, BuildOptions(paper="letter", lang="en"), 4, ColumnSpec(6), 1)[0]
    out = tmp_path / "p.svg"
    write_svg(page, out)
    root = ET.parse(out).getroot()
    assert root.attrib["width"] == "215.9mm" and root.attrib["height"] == "279.4mm"
    ids = [e.attrib["id"] for e in root.iter() if "id" in e.attrib]
    assert len(ids) == len(set(ids))
    assert {"s1-row-gt21", "s3-row-lt21", "s4-row-2_4_6"} <= set(ids)
    texts = [e.text for e in root.iter() if e.tag.endswith("text") and e.text]
    assert texts.count("2+2+2") == 4 and texts.count("Σ Total") == 4 and texts.count("Street block") == 4


def test_png_backend_measures_the_same(doc):
    import numpy as np

    from pnp.render.png import render_image

    page = pad_pages(doc, BuildOptions(), 1, ColumnSpec(4), 1)[0]
    img = np.asarray(render_image(page, dpi=127).convert("L"))  # 5 px per mm
    dark = img < 128
    cols = np.flatnonzero(dark.any(axis=0))
    assert abs(cols[0] - 40) <= 2 and abs(cols[-1] - 1010) <= 2  # 8 mm .. 202 mm


def test_the_score_sheet_schema_shows_editors_the_default_columns_and_pads(tmp_path):
    """The defaults are constructed without building a validator on import (a rebuild builds
    none), and `pnp schema` still hands them to editors."""
    import json

    from typer.testing import CliRunner

    from pnp.cli.main import app

    res = CliRunner().invoke(app, ["schema", "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    props = json.loads((tmp_path / "score-sheet.schema.json").read_text())["properties"]
    assert props["columns"]["default"]["players"] == 4
    assert props["columns"]["default"]["player"] == {"de": "Spieler", "en": "Player"}
    assert props["pads"]["default"] == {"up": [1, 2, 4], "copies": 1}


def test_an_accent_of_none_writes_title_and_sums_in_black(doc):
    """'none' is a colour the schema takes: the title and the computed rows' labels print in black
    (text must show), where a sheet with a computed row used to fail in mix() (found by typing)."""
    plain = doc.model_copy(update={"accent": "none"})
    g = draw_sheet(plain, 190.0, 275.0, "de", ColumnSpec(4))
    texts = [n for n, _ in walk(g) if isinstance(n, Text)]
    title = texts[0]  # drawn first
    sums = [t for t in texts if t.text.startswith("Σ ")]
    assert sums and all(t.fill is not None and t.fill.hex == "#000000" for t in sums + [title])
