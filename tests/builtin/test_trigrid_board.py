"""The generic triboard kind: schema errors, one-page fit, tiling, PDF measures."""
import re
import textwrap

import pytest
from pypdf import PdfReader

from pnp.model.assets import BuildOptions
from pnp.render.pdf import render_pdf_bytes
from pnp.layout.builtin.trigrid import PAD_Y, TriGrid, board_frame, triboard_assets
from pnp.load.errors import DataErrors
from pnp.layout.kinds import load_doc

MM = 72 / 25.4


def doc_from(tmp_path, text):
    p = tmp_path / "board.yaml"
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return load_doc(p)


def pages_of(doc, **extra):
    (asset,) = list(triboard_assets(doc, None, BuildOptions(extra=extra), "board"))
    return list(asset.iter_pages())


def test_minimal_board_renders_on_one_a4_landscape_page(tmp_path):
    kind, doc = doc_from(tmp_path, "kind: triboard\ntitle: Test\n")
    assert kind == "triboard" and doc.size == 9 and doc.edge == 25
    (page,) = pages_of(doc)
    assert (page.width, page.height) == (297.0, 210.0)
    pdf = PdfReader(__import__("io").BytesIO(render_pdf_bytes([page])))
    w, h = (float(v) / MM for v in pdf.pages[0].mediabox[2:])
    assert (round(w), round(h)) == (297, 210)


def test_frame_keeps_the_margin_and_the_tip_marks_on_the_page():
    g = TriGrid(9, 25.0)
    f = board_frame(g, "a4", "auto", 4.5)
    assert not f.tiled and (f.page_w, f.page_h) == (297.0, 210.0)
    assert f.oy - PAD_Y >= 4.5 - 1e-9
    assert f.page_h - (f.oy + g.height + PAD_Y) >= 4.5 - 1e-9
    # with the usual 8 mm margin it does not fit: the frame says so instead of shrinking
    assert board_frame(g, "a4", "auto", 8.0).tiled
    assert board_frame(TriGrid(9, 30.0), "a4", "auto", 4.5).tiled
    assert not board_frame(TriGrid(9, 30.0), "a3", "auto", 4.5).tiled


def test_big_cells_are_tiled_on_a4(tmp_path):
    _, doc = doc_from(tmp_path, "kind: triboard\ntitle: Test\nedge: 40\n")
    pages = pages_of(doc)
    assert len(pages) >= 4
    assert all({p.width, p.height} == {210.0, 297.0} for p in pages)
    # cell_mm from the command line overrides the data
    assert len(pages_of(doc, cell_mm=20)) == 1


def test_printed_names_are_25_mm_apart(tmp_path):
    _, doc = doc_from(tmp_path, "kind: triboard\ntitle: Test\nname_size: 7\n")
    from pdfread import words

    pos = {w: (x0, y0) for w, x0, y0, _x1, _y1 in words(render_pdf_bytes(pages_of(doc))) if re.fullmatch(r"[A-I]\d\d", w)}
    assert len(pos) == 81
    xc = lambda n: pos[n][0]  # noqa: E731
    assert xc("I22") - xc("I11") == pytest.approx(25.0, abs=0.3)
    assert xc("I99") - xc("I11") == pytest.approx(200.0, abs=0.3)
    # rows are h = 25 * sqrt(3) / 2 apart
    assert pos["I11"][1] - pos["H12"][1] == pytest.approx(25 * 3 ** 0.5 / 2, abs=0.3)


def test_row_index_board_of_another_size(tmp_path):
    _, doc = doc_from(tmp_path, "kind: triboard\ntitle: Klein\nsize: 5\nnaming: row-index\nedge: 30\n")
    (page,) = pages_of(doc)
    assert doc.grid().names()[:4] == ["A1", "B1", "B2", "B3"]


@pytest.mark.parametrize("text, expect", [
    ("kind: triboard\ntitle: T\nhalf_spaces: [E15, E59]\n", ["half_spaces", "missing", "I55"]),
    ("kind: triboard\ntitle: T\ncorners:\n  - {tip: apex, cells: [A19, XX1]}\n", ["corners", "XX1"]),
    ("kind: triboard\ntitle: T\ncorners:\n  - {tip: apex}\n  - {tip: apex}\n", ["listed twice"]),
    ("kind: triboard\ntitle: T\nline: bluish\n", ["line", "unknown colour"]),
    ("kind: triboard\ntitle: T\nsize: 1\n", ["size", "greater than or equal to 2"]),
    ("kind: triboard\ntitle: T\nnaming: chess\n", ["naming"]),
])
def test_bad_boards_fail_with_file_line_messages(tmp_path, text, expect):
    with pytest.raises(DataErrors) as exc:
        doc_from(tmp_path, text)
    msg = str(exc.value)
    assert re.search(r"board\.yaml:\d+:\d+: ", msg), msg
    for e in expect:
        assert e in msg, msg


def test_shipped_klin_zha_board_lists_match_the_geometry():
    from pnp.model.game import DEFAULT_DATA

    _, doc = load_doc(DEFAULT_DATA / "klin-zha" / "board.yaml")
    g = doc.grid()
    corners, cut = g.regions()
    assert sorted(doc.half_spaces) == sorted(g.name(c) for c in cut)
    assert {c.tip: sorted(c.cells) for c in doc.corners} == {t: sorted(g.name(c) for c in cs) for t, cs in corners.items()}
    assert all(len(c.cells) == 24 for c in doc.corners) and len(doc.half_spaces) == 9


@pytest.mark.parametrize("bad", ["abc", 2, 500, "nan"])
def test_bad_cell_mm_option_is_a_data_error(tmp_path, bad):
    _, doc = doc_from(tmp_path, "kind: triboard\ntitle: Test\n")
    with pytest.raises(DataErrors, match="cell_mm: expected a number of mm from 5 to 200"):
        pages_of(doc, cell_mm=bad)


def test_a_corner_tinted_none_leaves_its_cells_unpainted(tmp_path):
    """``tint: none`` is a colour the schema takes (no paint): the board draws, and the corner's
    down cells are not darkened from nothing (typing found mix() called on no colour)."""
    _, doc = doc_from(tmp_path, "kind: triboard\ntitle: T\ncorners:\n  - {tip: apex, tint: none, hatch: 45}\n")
    (page,) = pages_of(doc)
    assert render_pdf_bytes([page]).startswith(b"%PDF")
