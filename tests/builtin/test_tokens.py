"""Token sheets (kind: tokens): square, bar, circle, hex and standee pieces drawn with layouts, measured
back from the PDF at their declared size, double-sided ones in a duplex file of their own with mirrored
backs, cut lines for round and hexagonal pieces, crop marks only for the pieces on the page, bleed on
every side, and the errors of bad token data."""
from __future__ import annotations

import math
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pdfpaths import painted
from pdfread import char_sizes, raster, text
from pnp.cli import main as cli

TOL = 0.1

TOKEN = """\
kind: layout
fields: {label: text, name: text?, colour: text = "#444444"}
safe: 1
elements:
  - {type: rect, frame: bleed, fill: "{colour}"}
  - {type: text, at: center, anchor: center, w: "80%", h: "45%", text: "{label}", size: 12, weight: bold,
     colour: white, align: center, valign: middle}
  - {type: text, at: bottom, anchor: bottom, y: -1, w: "80%", h: 3, text: "{name}", size: 5, min_size: 5,
     colour: white, align: center}
"""
BACK = """\
kind: layout
fields: {label: text}
elements:
  - {type: rect, frame: bleed, fill: "#fff3c4"}
  - {type: text, at: center, anchor: center, w: "80%", h: "45%", text: "{label}", size: 9, align: center,
     valign: middle}
"""
FIGURE = """\
kind: layout
fields: {name: text}
elements:
  - {type: rect, frame: bleed, fill: "#f0e6d2"}
  - {type: rect, at: top, anchor: top, y: 3, w: 8, h: 14, fill: "#b71c1c", radius: 2}
  - {type: text, at: bottom, anchor: bottom, y: -1, w: "90%", h: 3, text: "{name}", size: 6, align: center}
"""
SHEET = """\
kind: tokens
name: tokens
title: Spielsteine
layout: token.yaml
tokens:
  - {shape: square, size: 16, count: 4, fields: {label: S, name: Sperre}}
  - {shape: bar, w: 36, h: 9, count: 2, fields: {label: B, colour: "#8d6e63"}}
  - {shape: standee, w: 15, h: 25, base: 8, layout: figure.yaml, fields: {name: Josef K.}}
  - {shape: circle, size: 14, back: back.yaml, records: pieces.csv}
  - {shape: hex, size: 20, count: 2, back: back.yaml, fields: {label: H, colour: "#1565c0"}}
"""


def game(tmp_path: Path, sheet: str = SHEET, pieces: str = "label,name,colour,copies\nFe,Fechter,#2e7d32,1\n"
                                                             "La,Lanzer,#c9a227,2\n") -> Path:
    data = tmp_path / "data"
    g = data / "tk"
    g.mkdir(parents=True)
    (g / "game.yaml").write_text("name: tk\ntitle: Tokens\n", encoding="utf-8")
    for name, body in (("token.yaml", TOKEN), ("back.yaml", BACK), ("figure.yaml", FIGURE), ("tokens.yaml", sheet),
                       ("pieces.csv", pieces)):
        (g / name).write_text(body, encoding="utf-8")
    return data


def build(data: Path, tmp_path: Path, *more):
    out = tmp_path / "out"
    res = CliRunner().invoke(cli.app, ["build", "tk", "--data", str(data), "--out", str(out), "-f", "pdf", "-j", "1",
                                       *more])
    return res, out / "tk"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("tokens")
    res, out = build(game(tmp), tmp)
    assert res.exit_code == 0, res.output
    return out


def bounds(pts):
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def marks(pdf, page=0):
    """Crop marks: short black lines, as (x, y) of the end nearer the piece is not needed -- their positions."""
    return [p for p in painted(pdf, page) if p.stroked and not p.closed and len(p.points) == 2
            and p.stroke == (0, 0, 0) and abs(p.width - 0.2) < 1e-3]


def test_single_and_double_sided_pieces_go_to_files_of_their_own(built):
    assert sorted(p.name for p in built.glob("tokens*.pdf")) == ["tokens-double-sided.pdf", "tokens.pdf"]
    import pikepdf

    with pikepdf.open(built / "tokens.pdf") as pdf:
        assert len(pdf.pages) == 1  # squares, bars and the standee: one-sided, no back pages
    with pikepdf.open(built / "tokens-double-sided.pdf") as pdf:
        assert len(pdf.pages) == 2  # a front and its back


def test_square_and_bar_pieces_measure_their_size_and_have_crop_marks_of_their_own(built):
    pdf = built / "tokens.pdf"
    bleed = 3.0
    clips = [bounds(p.points) for p in painted(pdf, clips=True) if p.op == "clip" and len(p.points) == 4]
    items = [c for c in clips if not any(o != c and o[0] <= c[0] and o[1] <= c[1] and c[2] <= o[2] and c[3] <= o[3]
                                         for o in clips)]  # a standee's faces are clipped inside its strip
    sizes = sorted((round(x1 - x0 - 2 * bleed, 2), round(y1 - y0 - 2 * bleed, 2)) for x0, y0, x1, y1 in items)
    # each piece is clipped to its cut grown by the bleed: 4 squares, 2 bars, a standee strip of 2 x 25 + 2 x 8
    assert sizes == [(15.0, 66.0)] + [(16.0, 16.0)] * 4 + [(36.0, 9.0)] * 2
    lines = marks(pdf)
    assert len(lines) == 8 * (4 + 2 + 1)  # crop marks for the pieces there are, none for empty places
    for x0, y0, x1, y1 in items:  # each piece's marks continue its cut edges, outside its bleed
        t = (x0 + bleed, y0 + bleed, x1 - bleed, y1 - bleed)
        on_edges = [p for p in lines if any(abs(p.points[0][0] - x) < 1e-3 and abs(p.points[1][0] - x) < 1e-3
                                            for x in (t[0], t[2]))
                    or any(abs(p.points[0][1] - y) < 1e-3 and abs(p.points[1][1] - y) < 1e-3 for y in (t[1], t[3]))]
        assert len(on_edges) >= 8


def test_a_standee_folds_at_its_base_and_between_its_faces(built):
    folds = [p for p in painted(built / "tokens.pdf") if p.dash and p.stroked and len(p.points) == 2]
    ys = sorted(round(p.points[0][1], 2) for p in folds)
    assert len(ys) == 3 and abs(ys[1] - ys[0] - 25) <= TOL and abs(ys[2] - ys[1] - 25) <= TOL
    assert all(abs(abs(p.points[1][0] - p.points[0][0]) - 15) <= TOL for p in folds)
    words = text(built / "tokens.pdf")
    assert words.count("Josef") == 2  # the front and, upside down, the back


def test_round_and_hex_pieces_get_a_cut_line_of_their_size_and_no_crop_marks(built):
    pdf = built / "tokens-double-sided.pdf"
    cuts = [p for p in painted(pdf) if p.stroked and p.closed and abs(p.width - 0.1) < 1e-3]
    circles = [bounds(p.points) for p in cuts if len(p.points) == 5]  # four quarter arcs
    hexes = [p.points for p in cuts if len(p.points) == 6]
    assert len(circles) == 3 and len(hexes) == 2
    for x0, y0, x1, y1 in circles:
        assert abs(x1 - x0 - 14) <= TOL and abs(y1 - y0 - 14) <= TOL
    for pts in hexes:
        cx, cy = sum(x for x, _ in pts) / 6, sum(y for _, y in pts) / 6
        mids = [((pts[i][0] + pts[i - 1][0]) / 2, (pts[i][1] + pts[i - 1][1]) / 2) for i in range(6)]
        assert all(abs(2 * math.dist((cx, cy), m) - 20) <= TOL for m in mids)  # 20 mm across the flats
    assert marks(pdf) == []


def test_backs_lie_mirrored_behind_their_fronts_for_long_edge_duplex(built):
    pdf = built / "tokens-double-sided.pdf"
    import pikepdf

    with pikepdf.open(pdf) as doc:
        width = float(doc.pages[0].mediabox[2]) * 25.4 / 72
    fronts = sorted(((x0 + x1) / 2, (y0 + y1) / 2) for x0, y0, x1, y1 in
                    (bounds(p.points) for p in painted(pdf, 0) if p.stroked and p.closed and abs(p.width - 0.1) < 1e-3))
    assert len(fronts) == 5
    backs = raster(pdf, 100, page=1)
    k = 100 / 25.4
    for x, y in fronts:  # the back's colour sits where the front, turned over the long edge, lies
        got = backs.getpixel((int((width - x) * k), int((y - 4.5) * k)))
        assert max(abs(u - v) for u, v in zip(got, (0xff, 0xf3, 0xc4))) < 12, (x, y, got)
    cuts = [bounds(p.points) for p in painted(pdf, 1) if p.stroked and p.closed]
    assert cuts == []  # the back carries no cut lines: cut from the front


def test_every_side_of_a_round_piece_has_bleed(built):
    pdf = built / "tokens-double-sided.pdf"
    img = raster(pdf, 200)
    k = 200 / 25.4
    for p in painted(pdf):
        if not (p.stroked and p.closed and abs(p.width - 0.1) < 1e-3 and len(p.points) == 5):
            continue
        x0, y0, x1, y1 = bounds(p.points)
        cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2
        inside = img.getpixel((int(cx * k), int((cy - r * 0.5) * k)))
        for a in range(0, 360, 30):  # 1.5 mm outside the cut, all round: still the token's colour
            px = int((cx + (r + 1.5) * math.cos(math.radians(a))) * k)
            py = int((cy + (r + 1.5) * math.sin(math.radians(a))) * k)
            got = img.getpixel((px, py))
            assert max(abs(u - v) for u, v in zip(got, inside)) < 40, (a, got, inside)


def test_tokens_print_their_text_at_5_pt_or_more_and_every_name(built):
    sizes = [s for f in ("tokens.pdf", "tokens-double-sided.pdf") for _, s in char_sizes(built / f)]
    assert min(sizes) >= 5 - 0.05
    words = text(built / "tokens-double-sided.pdf")
    assert "Fechter" in words and words.count("Lanzer") == 2


def test_the_same_data_gives_the_same_bytes(tmp_path, built):
    res, out = build(game(tmp_path), tmp_path)
    assert res.exit_code == 0, res.output
    for f in ("tokens.pdf", "tokens-double-sided.pdf"):
        assert (out / f).read_bytes() == (built / f).read_bytes()


# ------------------------------------------------------------------ errors

@pytest.mark.parametrize("sheet, words_", [
    (SHEET.replace("fields: {label: S, name: Sperre}", "fields: {label: S, nmae: Sperre}"),
     ["tokens.yaml:6", "no field 'nmae'"]),
    (SHEET.replace("{shape: bar, w: 36, h: 9,", "{shape: bar, size: 9,"), ["tokens.yaml", "needs w and h"]),
    (SHEET.replace("records: pieces.csv", "records: ../pieces.csv"), ["tokens.yaml:9", "inside the game folder"]),
    (SHEET.replace("layout: token.yaml\n", ""), ["no layout"]),
])
def test_bad_token_data_is_an_error_with_its_line(tmp_path, sheet, words_):
    res, _ = build(game(tmp_path, sheet), tmp_path)
    assert res.exit_code == 2, res.output
    assert all(w in res.output for w in words_), res.output
    assert "Traceback" not in res.output


def test_a_bad_row_of_the_records_names_its_line(tmp_path):
    res, _ = build(game(tmp_path, pieces="label,name,colour,copies\nFe,Fechter,#2e7d32,zwei\n"), tmp_path)
    assert res.exit_code == 2 and "pieces.csv:2" in res.output, res.output


def test_the_readme_example_of_the_schema_docstring_validates():
    import yaml

    from pnp.model import tokens

    example = textwrap.dedent(tokens.__doc__.split("::", 1)[1].split("\n\n", 2)[1])
    doc = tokens.TokenSheet.model_validate(yaml.safe_load(example))
    assert [t.shape for t in doc.tokens] == ["square", "bar", "circle", "hex", "standee"]


def test_the_svg_pages_cut_the_same_shapes(tmp_path):
    import re
    import xml.etree.ElementTree as ET

    res, out = build(game(tmp_path), tmp_path, "-f", "svg")
    assert res.exit_code == 0, res.output
    root = ET.parse(out / "tokens-double-sided-p01.svg").getroot()
    cuts = [e.get("d") for e in root.iter() if e.tag.endswith("path") and e.get("stroke-width") == "0.1"]
    sizes = []
    for d in cuts:
        nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", d)]
        x0, y0, x1, y1 = bounds(list(zip(nums[0::2], nums[1::2])))
        sizes.append((round(x1 - x0, 1), round(y1 - y0, 1)))
    # circles: 14 mm across (their curves' control points lie within); hexes: 20 mm across the flats
    assert sorted(sizes) == [(14.0, 14.0)] * 3 + [(23.1, 20.0)] * 2


# ------------------------------------------------------------------ sizes and records a game computes

RULES = """\
from pnp.model.options import number

OPTIONS = {"side": "side of a square in mm"}


def squares(game, opts):
    return {"side": number(opts, "side", 20, 5, 100)}


def pieces(game, opts):
    return [{"label": "A", "name": "Anna", "copies": 2}, {"label": "B", "name": "Bert"}]


def wrong(game, opts):
    return [1, 2]


SOURCES = {"squares": squares, "pieces": pieces, "wrong": wrong}
"""
COMPUTED = """\
kind: tokens
values: {source: squares}
layout: token.yaml
tokens:
  - {shape: square, size: "{side * 0.8}", records: {source: pieces}}
  - {shape: bar, w: "{side * 2}", h: "{side / 2}", fields: {label: C, colour: "#8d6e63"}}
"""


def computed_game(tmp_path: Path, sheet: str, monkeypatch) -> Path:
    data = game(tmp_path, sheet)
    monkeypatch.setenv("PNP_TRUST", "1")
    g = data / "tk"
    (g / "rules.py").write_text(RULES, encoding="utf-8")
    (g / "game.yaml").write_text("name: tk\ntitle: Tokens\nrules: rules.py\n", encoding="utf-8")
    return data


def pieces_of(pdf, colour) -> list[tuple[float, float]]:
    """(w, h) in mm of the filled backgrounds of ``colour`` (RGB 0..255): a piece with its bleed."""
    rgb = tuple(c / 255 for c in colour)
    out = []
    for p in painted(pdf):
        if p.filled and p.fill and all(abs(a - b) < 0.01 for a, b in zip(p.fill, rgb)):
            x0, y0, x1, y1 = bounds(p.points)
            out.append((round(x1 - x0, 1), round(y1 - y0, 1)))
    return out


@pytest.mark.parametrize("side", [20, 25])
def test_sizes_calculate_with_values_and_records_come_from_a_source(tmp_path, monkeypatch, side):
    """size: "{side * 0.8}" with values from the game's source, which reads -o side=...; the square
    tokens' records (and copies) from another source; each piece measured with its 3 mm bleed."""
    res, out = build(computed_game(tmp_path, COMPUTED, monkeypatch), tmp_path, "-o", f"side={side}")
    assert res.exit_code == 0, res.output
    pdf = out / "tokens.pdf"
    words = text(pdf).split()
    assert words.count("Anna") == 2 and words.count("Bert") == 1
    squares = pieces_of(pdf, (0x44, 0x44, 0x44))
    assert sorted(squares) == [(side * 0.8 + 6, side * 0.8 + 6)] * 3
    assert pieces_of(pdf, (0x8d, 0x6e, 0x63)) == [(side * 2 + 6, side / 2 + 6)]


@pytest.mark.parametrize("change, words_", [
    (('"{side * 0.8}"', '"{sid * 0.8}"'), ["tokens.yaml:5", "'{sid * 0.8}': it reads 'sid', which the sheet's "
                                                            "values do not have (side)"]),
    (('"{side * 0.8}"', '"{side - 20}"'), ["tokens.yaml:5", "gives 0", "expected a size in mm"]),
    (('"{side / 2}"', '"{side * 100}"'), ["tokens.yaml:6", "gives 2000", "(more than 0 to 300)"]),
    (("records: {source: pieces}", "records: {source: wrong}"), ["tokens.yaml:5", "source 'wrong', record 1"]),
    (("records: {source: pieces}", "records: {source: nope}"), ["tokens.yaml:5", "unknown source 'nope'"]),
    (("values: {source: squares}", "values: {source: pieces}"), ["tokens.yaml:2", "'values' needs a mapping"]),
])
def test_computed_sizes_and_records_that_are_wrong_name_their_line(tmp_path, monkeypatch, change, words_):
    res, _ = build(computed_game(tmp_path, COMPUTED.replace(*change), monkeypatch), tmp_path)
    assert res.exit_code == 2, res.output
    assert all(w in res.output for w in words_), res.output
    assert "Traceback" not in res.output


def test_text_a_layout_scaled_down_prints_under_5_pt_is_an_error(tmp_path, monkeypatch):
    """A layout drawn for a larger piece (size:) scales its text with the piece: under 5 pt it stops."""
    sheet = COMPUTED.replace("layout: token.yaml", "layout: big.yaml")
    data = computed_game(tmp_path, sheet, monkeypatch)
    (data / "tk" / "big.yaml").write_text(TOKEN.replace("safe: 1", "safe: 1\nsize: 40x40"), encoding="utf-8")
    res, _ = build(data, tmp_path)
    assert res.exit_code == 2, res.output
    assert "tokens.yaml:5" in res.output and "below the 5 pt tokens may print at" in res.output, res.output


def test_crop_marks_stay_6_mm_clear_of_the_paper_edge(tmp_path):
    """Even with --margin 0 nothing of a token sheet comes within 6 mm of the paper's edge."""
    res, out = build(game(tmp_path, SHEET.replace("count: 4", "count: 60")), tmp_path, "--margin", "0")
    assert res.exit_code == 0, res.output
    pdf = out / "tokens.pdf"
    for page in range(len(text(pdf).split("\f"))):
        grey = raster(pdf, 100, page).convert("L").point(lambda v: 255 if v < 250 else 0)
        x0, y0, x1, y1 = grey.getbbox()
        w, h = grey.size
        assert min(x0, y0, w - x1, h - y1) * 25.4 / 100 >= 6.0 - 0.3, (page, (x0, y0, x1, y1))


def test_pnp_proof_shows_each_token_once_at_1_to_1_with_its_guides(tmp_path):
    """As for cards: a page per distinct token (named, with its copies), then each double-sided one's back;
    the piece measures its size on the page (a 16 mm square between its trim guides)."""
    data = game(tmp_path)
    res = CliRunner().invoke(cli.app, ["proof", "tk", "--data", str(data), "--out", str(tmp_path / "proof")])
    assert res.exit_code == 0, res.output
    pdf = tmp_path / "proof" / "tk-proof.pdf"
    pages = [" ".join(p.split()) for p in text(pdf).split("\f")]
    heads = [p for p in pages if "×" in p]
    assert len(heads) == 6 and any("Sperre ×4" in p for p in heads) and any("Lanzer ×2" in p for p in heads)
    backs = pages[len(heads):]
    assert len(backs) == 3 and all(any(f": {n}" in p for n in ("Fechter", "Lanzer", "H")) for p in backs), backs
    trims = [p for p in painted(pdf, 0) if p.stroked and p.stroke and abs(p.stroke[0] - 0xd0 / 255) < 0.01
             and p.stroke[1] < 0.01]
    x0, y0, x1, y1 = bounds(trims[0].points)
    assert abs(x1 - x0 - 16) < TOL and abs(y1 - y0 - 16) < TOL


def test_a_print_shop_export_leaves_out_round_and_hex_pieces_and_says_so(tmp_path):
    """Shops cut rectangles: a token sheet with circles or hexes is skipped with the reason, its squares'
    sheet without them is planned at its own size."""
    from pnp.model.assets import BuildOptions
    from pnp.model.game import discover
    from pnp.output.build import collect_assets
    from pnp.output.export import load_profile, match_products

    data = game(tmp_path)
    assets = collect_assets(discover(data)["tk"], BuildOptions())
    matching = match_products(assets, load_profile("pdf-x"))
    assert [d.asset.name for d in matching.decks] == ["tokens"]  # squares, bar, standee
    assert any(s.startswith("tokens-double-sided: round or hexagonal pieces") for s in matching.skipped), matching.skipped
