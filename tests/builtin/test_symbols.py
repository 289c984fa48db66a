"""Symbols from YAML parts: they stay in their box, point the right way,
bad data is positioned, and the symbol sheet names every symbol."""
from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from pnp.render import render_pdf_bytes
from pnp.layout.builtin.symbols import draw_named, draw_symbol, symbol_sheet_page
from pnp.load.errors import DataErrors
from pnp.load.loader import load_model
from pnp.model.base import tr
from pnp.load.paths import DEFAULT_DATA
from pnp.scene import Group, Path, Text
from pnp.scene.geometry import normalise
from pnp.model.symbols import SymbolLibrary

KH = DEFAULT_DATA / "kafkas-halle" / "symbols.yaml"


@pytest.fixture(scope="module")
def lib():
    return load_model(KH, SymbolLibrary)


def points(node, fill_only=False):
    """Every path point (mm) under ``node``; with fill_only, only filled shapes."""
    out = []
    if isinstance(node, Group):
        for ch in node.children:
            out += points(ch, fill_only)
    elif isinstance(node, Path):
        if fill_only and node.style.fill is None:
            return out
        for op in normalise(node):
            nums = op[1:]
            out += [(nums[i], nums[i + 1]) for i in range(0, len(nums), 2)]
    elif isinstance(node, Text) and not fill_only:
        out.append((node.x, node.y))
    return out


def bbox(pts):
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def centroid(pts):
    return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)


def test_seventeen_symbols_each_fill_but_stay_in_their_box(lib):
    assert len(lib.shown) == 17  # the seal on the back is not on the sheet
    for s in lib.symbols:
        g = draw_symbol(s, 10.0, 20.0, 40.0)
        x0, y0, x1, y1 = bbox(points(g))
        # stroke widths reach a little past the path points; 1 mm slack
        assert x0 >= 10 - 1 and y0 >= 20 - 1 and x1 <= 50 + 1 and y1 <= 60 + 1, (s.id, (x0, y0, x1, y1))
        assert max(x1 - x0, y1 - y0) >= 40 * 0.55, s.id  # large enough to read


def test_arrows_point_where_their_names_say(lib):
    def head(sid):
        return centroid(points(draw_named(lib, sid, 0, 0, 100), fill_only=True))

    assert head("pfeil-rechts")[0] > 55 and head("pfeil-links")[0] < 45
    assert head("pfeil-vorwaerts")[1] < 45 and head("pfeil-zurueck")[1] > 55  # forward = away from the player
    ax, ay = head("anlauf")
    assert ax > 55 and ay < 45  # slanted up-right


def test_clockwise_and_counter_clockwise_are_mirror_images(lib):
    cw = points(draw_named(lib, "drehen-uhrzeigersinn", 0, 0, 100), fill_only=True)
    ccw = points(draw_named(lib, "drehen-gegen-uhrzeigersinn", 0, 0, 100), fill_only=True)
    mirrored = sorted((round(100 - x, 3), round(y, 3)) for x, y in cw)
    assert mirrored == sorted((round(x, 3), round(y, 3)) for x, y in ccw)
    assert centroid(cw)[0] != pytest.approx(centroid(ccw)[0], abs=1)


def test_nested_squares_nest(lib):
    g = draw_named(lib, "verbot-manipulation", 0, 0, 100)
    sizes = sorted(bbox(points(p))[2] - bbox(points(p))[0] for p in g.children)
    assert len(sizes) == 3 and sizes[0] < sizes[1] < sizes[2]


def test_unknown_symbol_names_the_known_ones(lib):
    with pytest.raises(KeyError) as exc:
        draw_named(lib, "pfeil-oben", 0, 0, 10)
    assert "pfeil-oben" in str(exc.value) and "pfeil-links" in str(exc.value)


def test_bad_path_and_duplicate_id_are_positioned(tmp_path):
    f = tmp_path / "s.yaml"
    f.write_text("kind: symbols\nsymbols:\n  - id: x\n    name: X\n    parts:\n"
                 "      - {type: path, d: 'M 0 0 L 10 q 5 5'}\n", encoding="utf-8")
    with pytest.raises(DataErrors) as exc:
        load_model(f, SymbolLibrary)
    (p,) = exc.value.problems
    assert p.line == 6
    assert "path 'd'" in p.message and "needs 2 numbers" in p.message
    f.write_text("kind: symbols\nsymbols:\n  - {id: x, name: X, parts: [{type: plus}]}\n"
                 "  - {id: x, name: Y, parts: [{type: smiley}]}\n", encoding="utf-8")
    with pytest.raises(DataErrors) as exc:
        load_model(f, SymbolLibrary)
    assert "defined twice" in str(exc.value)


def test_unknown_part_type_is_positioned(tmp_path):
    f = tmp_path / "s.yaml"
    f.write_text("kind: symbols\nsymbols:\n  - id: x\n    name: X\n    parts:\n      - {type: spiral}\n",
                 encoding="utf-8")
    with pytest.raises(DataErrors) as exc:
        load_model(f, SymbolLibrary)
    assert exc.value.problems[0].line == 6
    assert "arrow" in str(exc.value)  # says what is expected


def test_symbol_sheet_names_every_symbol_a_face_may_carry(lib):
    for lang in ("de", "en"):
        page = symbol_sheet_page(lib, lang)
        text = PdfReader(io.BytesIO(render_pdf_bytes([page]))).pages[0].extract_text()
        flat = " ".join(text.split())
        for s in lib.symbols:
            name = " ".join(tr(s.name, lang).split())
            if s.on_sheet:
                assert s.id in flat and name in flat, (lang, s.id)
            else:  # the back's seal
                assert s.id not in flat and name not in flat, (lang, s.id)


def test_a_big_library_spreads_over_pages():
    from pnp.layout.builtin.symbols import PER_PAGE, symbol_sheet_pages

    parts = [{"type": "plus"}]
    lib = SymbolLibrary(kind="symbols", symbols=[{"id": f"s{i}", "name": f"Zeichen {i}", "parts": parts}
                                                 for i in range(45)])
    pages = symbol_sheet_pages(lib)
    assert len(pages) == 3 and PER_PAGE == 20
    reader = PdfReader(io.BytesIO(render_pdf_bytes(pages)))
    texts = [" ".join(p.extract_text().split()) for p in reader.pages]
    assert "(1/3)" in texts[0] and "Zeichen 0" in texts[0] and "Zeichen 19" in texts[0]
    assert "Zeichen 20" not in texts[0] and "Zeichen 44" in texts[2]


def test_gegenspieler_bolts_are_filled_cartoon_bolts_not_a_rune_pair():
    """The rule document's "two parallel slanted bolts" must not read as the SS runes:
    both bolts are filled shapes with round joins, staggered along the diagonal."""
    from pnp.layout.builtin.symbols import game_symbols
    from pnp.model.game import discover
    from pnp.load.paths import SHIPPED_DATA
    from pnp.scene import Path

    symbols = game_symbols(discover(SHIPPED_DATA)["kafkas-halle"])
    g = symbols.draw("zwei-blitze", 0, 0, 100)
    paths = [n for n in _walk(g) if isinstance(n, Path)]
    dark = [p for p in paths if p.style.fill is not None and p.style.fill.r < 100]
    assert len(dark) == 2 and all(p.style.join == "round" and p.style.stroke_width >= 3 for p in dark)
    centres = []
    for p in dark:
        xs = [op[-2] for op in p.ops if op[0] in "MLC"]
        ys = [op[-1] for op in p.ops if op[0] in "MLC"]
        centres.append(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2))
    (x1, y1), (x2, y2) = centres
    assert abs(y2 - y1) > 15 and abs(x2 - x1) > 15  # one behind the other along the diagonal, not side by side


def _walk(g):
    for c in getattr(g, "children", []):
        yield c
        yield from _walk(c)
