"""The generic square-board kind: positioned data errors, measured squares,
diagram contents, set-up hints and tiling at the chosen square size."""
from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest
from PIL import Image
from pypdf import PdfReader

from pnp.model.assets import BuildOptions
from pnp.render import render_pdf_bytes, write
from pnp.output.build import collect_assets
from pnp.layout.builtin.square_board import board_item, board_size, draw_board, edge_for
from pnp.load.errors import DataErrors
from pnp.load.loader import load_model
from pnp.model.game import discover
from pnp.impose.single import single_page
from pnp.load.paths import DEFAULT_DATA
from pnp.model.board import SquareBoard

BOARD = """\
kind: board
name: brett
title: Brett
files: 6
ranks: 5
square_mm: 25
pieces:
  - {id: stein, name: Stein, label: S}
  - {id: balken, name: Balken, label: B, shape: bar, squares: 2, colour: "#eeeeee"}
marks:
  - {id: ziel, at: f5, label: Z}
objects:
  - {piece: stein, at: a1}
  - {piece: balken, at: [c2, d2]}
"""


def make_game(tmp_path, text=BOARD):
    folder = tmp_path / "data" / "b"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text("name: b\ntitle: B\n", encoding="utf-8")
    (folder / "board.yaml").write_text(text, encoding="utf-8")
    return discover(tmp_path / "data")["b"]


def line_of(text, needle):
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.mark.parametrize("old,new,expect", [
    ("{piece: stein, at: a1}", "{piece: stein, at: g1}", "off the board (a1 to f5)"),
    ("{piece: stein, at: a1}", "{piece: stien, at: a1}", "unknown piece 'stien'; expected one of stein, balken"),
    ("at: [c2, d2]", "at: [c2, e2]", "c2 and e2 are not neighbours"),
    ("at: [c2, d2]", "at: [c2]", "covers 2 square(s); got 1"),
    ("{id: ziel, at: f5", "{id: ziel, at: f6", "mark 'ziel' on f6 is off the board"),
])
def test_bad_objects_are_positioned_errors(tmp_path, old, new, expect):
    text = BOARD.replace(old, new)
    game = make_game(tmp_path, text)
    with pytest.raises(DataErrors) as exc:
        collect_assets(game, BuildOptions())
    (p,) = exc.value.problems
    assert p.file.endswith("board.yaml") and p.line == line_of(text, new) and p.col > 0
    assert expect in p.message


def test_squares_measure_square_mm_on_the_png(tmp_path):
    doc = load_model(DEFAULT_DATA / "kafkas-halle" / "board.yaml", SquareBoard)
    sq, dpi = 20.0, 127  # 5 px per mm
    path = tmp_path / "b.png"
    write("png", single_page(board_item(doc, sq, "de"), 0.0), path, dpi=dpi)
    img = Image.open(path).convert("RGB")
    e = edge_for(sq)
    w, h, _ = board_size(doc, sq)
    assert img.size == (round(w * 5), round(h * 5))
    y = round((e + 4 * sq + sq * 0.3) * 5)  # rank 4, clear of the corner hints
    dark = [sum(img.getpixel((x, y))) < 600 for x in range(img.width)]
    runs, n = [], 0
    for d in dark[round(e * 5):round((e + 8 * sq) * 5)]:
        if d:
            n += 1
        elif n:
            runs.append(n)
            n = 0
    runs.append(n) if n else None
    assert len(runs) == 4
    assert all(abs(r - sq * 5) <= 2 for r in runs), runs


def test_diagram_has_pieces_coordinates_and_legend(tmp_path):
    game = discover(DEFAULT_DATA)["kafkas-halle"]
    a = next(x for x in collect_assets(game, BuildOptions()) if x.name == "board-diagram")
    page = next(a.iter_pages())
    out = tmp_path / "d.svg"
    write("svg", page, out)
    root = ET.parse(out).getroot()
    ids = [el.get("id") or "" for el in root.iter()]
    assert sum(i.startswith("piece-") for i in ids) == 18  # 12 Sperren, 4 barriers, 2 figures
    text = PdfReader(io.BytesIO(render_pdf_bytes([page]))).pages[0].extract_text()
    tokens = text.split()
    for f in "abcdefgh":
        assert tokens.count(f) >= 2  # file letters above and below
    assert "Sperre ×12" in text and "helle Barriere ×2" in text and "dunkle Barriere ×2" in text


def test_playing_board_shows_hints_not_pieces(tmp_path):
    doc = load_model(DEFAULT_DATA / "kafkas-halle" / "board.yaml", SquareBoard)
    g = draw_board(doc, 45.0, 3.0, "de", pieces=False, hints=True)
    ids = [getattr(ch, "id", "") or "" for ch in g.children]
    assert not any(i.startswith("piece-") for i in ids)
    assert sum(i.startswith("hint-") for i in ids) == 18


def test_tiling_follows_square_mm(tmp_path):
    game = make_game(tmp_path)
    big = {a.name: a for a in collect_assets(game, BuildOptions(extra={"square_mm": 60}))}
    small = {a.name: a for a in collect_assets(game, BuildOptions(extra={"square_mm": 20}))}
    assert len(list(big["brett-60mm"].iter_pages())) > 1
    (page,) = list(small["brett-20mm"].iter_pages())
    w, h, _ = board_size(load_model(tmp_path / "data/b/board.yaml", SquareBoard), 20.0)
    assert (page.trim_box.w, page.trim_box.h) == pytest.approx((w, h))
    for bad in ("huge", "5"):
        with pytest.raises(DataErrors, match="square_mm: expected a number of mm from 10 to 120"):
            collect_assets(game, BuildOptions(extra={"square_mm": bad}))


def test_a_piece_and_a_mark_coloured_none_draw_with_dark_labels(tmp_path):
    """'none' is a colour the schema takes (no paint): the labels on it read on the paper, in
    near-black, where the board used to fail on contrast() of no colour (found by typing)."""
    from pnp.layout.builtin.square_board import legend
    from pnp.scene import Text

    text = BOARD.replace('colour: "#eeeeee"', "colour: none").replace("label: Z}", "label: Z, colour: none}")
    (tmp_path / "board.yaml").write_text(text, encoding="utf-8")
    doc = load_model(tmp_path / "board.yaml", SquareBoard)
    drawn, _ = legend(doc, 0, 0, 180, "de")

    def texts(node):
        return [node] if isinstance(node, Text) else [t for ch in getattr(node, "children", []) for t in texts(ch)]

    inks = {t.text: t.fill for t in texts(drawn) + texts(draw_board(doc, 25.0, 3.0, "de"))}
    assert inks["B"].hex == inks["Z"].hex == "#1a1a1a"


@pytest.mark.parametrize("ink_saver", [False, True])
def test_a_piece_without_colour_lies_on_white_paper(tmp_path, ink_saver):
    """The model's side of 'colour: none': the piece's label ink and its ink-saving tint are those of
    the paper, and the whole diagram builds, plain and ink-saving."""
    game = make_game(tmp_path, BOARD.replace("{id: stein, name: Stein, label: S}",
                                             "{id: stein, name: Stein, label: S, colour: none}"))
    piece = load_model(game.folder / "board.yaml", SquareBoard).pieces[0]
    assert piece.label_ink() == "#1a1a1a" and piece.tint(0.5) == "#ffffff"  # dark on white, as on a white piece
    diagram = next(a for a in collect_assets(game, BuildOptions(ink_saver=ink_saver)) if a.name == "brett-diagram")
    text = PdfReader(io.BytesIO(render_pdf_bytes(list(diagram.iter_pages())))).pages[0].extract_text()
    assert "S" in text.split() and "Stein" in text
