"""`pnp build --ink-saver`: a light print for home printers. Measured on the rasterised pages:
Kafkas Halle lays down at most half the ink of its normal build and no page keeps a solid dark
area (a 10 mm square); Klin Zha's blind cloud overlay stops being a solid slate. Layouts say
what they change in their elements' ``ink_saver``; a normal build is drawn as before."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
import pypdfium2 as pdfium
from typer.testing import CliRunner

from pnp.cli.main import app
from pnp.load.errors import DataErrors
from pnp.model.assets import BuildOptions
from pnp.model.game import discover
from pnp.output.build import collect_assets

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()
DPI = 40


def _pages(where: Path, dpi: float = DPI):
    """(file name, RGB array 0..1) of every page of the PDF ``where`` or of every PDF under it."""
    for pdf in [where] if where.is_file() else sorted(where.rglob("*.pdf")):
        doc = pdfium.PdfDocument(str(pdf))
        try:
            for page in doc:
                yield pdf.name, np.asarray(page.render(scale=dpi / 72).to_pil().convert("RGB"), dtype=np.float32) / 255
        finally:
            doc.close()


def ink(rgb: np.ndarray) -> float:
    """Ink of a page as a printer without a colour profile would lay it down: C, M, Y from the
    missing red, green and blue, the grey they share as black; summed over the page, in page-fulls."""
    a = 1 - rgb
    k = a.min(axis=2)
    return float(((a - k[..., None]).sum(axis=2) + k).mean())


def largest_dark_square_mm(rgb: np.ndarray, dpi: float = DPI, level: float = 110 / 255) -> float:
    grey = rgb @ np.array([0.299, 0.587, 0.114], dtype=np.float32)
    dark = (grey < level).astype(np.int64)
    table = np.pad(dark.cumsum(0).cumsum(1), ((1, 0), (1, 0)))
    size = 0
    while True:
        n = size + 1
        win = table[n:, n:] - table[:-n, n:] - table[n:, :-n] + table[:-n, :-n]
        if not (win == n * n).any():
            return size * 25.4 / dpi
        size = n


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    data = tmp_path_factory.mktemp("data")
    for game in ("kafkas-halle", "klin-zha"):
        shutil.copytree(ROOT / "data" / game, data / game)
    out = {}
    for name, extra in (("normal", []), ("saver", ["--ink-saver"])):
        folder = tmp_path_factory.mktemp(name)
        r = runner.invoke(app, ["build", "kafkas-halle", "--data", str(data), "--out", str(folder), "-f", "pdf",
                                "-j", "1", *extra])
        assert r.exit_code == 0, r.output
        r = runner.invoke(app, ["build", "klin-zha", "--data", str(data), "--out", str(folder), "-f", "pdf", "-j", "1",
                                *extra])
        assert r.exit_code == 0, r.output
        out[name] = folder
    return out


def test_kafkas_halle_takes_at_most_half_the_ink(builds):
    normal = sum(ink(p) for _, p in _pages(builds["normal"] / "kafkas-halle"))
    saver = sum(ink(p) for _, p in _pages(builds["saver"] / "kafkas-halle"))
    assert saver <= 0.5 * normal, (saver, normal)  # the bar
    assert saver < normal / 3  # data/kafkas-halle/README.md: "under a third of the ink" (measured: 0.30)
    assert saver > 0.1 * normal  # still a print: cards, board and tokens are there


def test_no_page_keeps_a_large_dark_area(builds):
    normal = {name: largest_dark_square_mm(p) for name, p in _pages(builds["normal"] / "kafkas-halle")}
    saver = [(name, largest_dark_square_mm(p)) for name, p in _pages(builds["saver"] / "kafkas-halle")]
    assert max(normal.values()) > 10  # the dark backs, the board's frame, the Sperren
    assert [(name, mm) for name, mm in saver if mm >= 10] == []


def test_the_blind_cloud_is_no_longer_a_slate(builds):
    def page(folder):
        ((_, rgb),) = list(_pages(folder / "klin-zha" / "clouds" / "blind.pdf", dpi=100))  # hatching: sharp
        return rgb

    normal, saver = page(builds["normal"]), page(builds["saver"])
    assert ink(saver) <= 0.6 * ink(normal)
    assert largest_dark_square_mm(normal, 100) > 5 and largest_dark_square_mm(saver, 100) < 2


def test_cloud_cells_keep_their_three_kinds_apart(builds):
    """In an ink-saving foil no cell is filled dense: under a cloud cross-hatched, at its edge hatched one
    way (about half the lines), a normal cell clear. Measured at each cell's middle on the page."""
    from pnp.model.trilattice import TriGrid
    from pnp.games.klin_zha.rules import load_kit
    from pnp.games.klin_zha.sky import resolve

    dpi = 100
    ((_, rgb),) = list(_pages(builds["saver"] / "klin-zha" / "clouds" / "2-medium.pdf", dpi=dpi))
    kit = load_kit(discover(ROOT / "data")["klin-zha"])
    g: TriGrid = kit.grid()
    ox, oy = (297 - g.width) / 2, (210 - g.height) / 2
    sky = resolve(g, next(lay for lay in kit.layouts if lay.name == "2-medium").model)
    by_state: dict[str, list[float]] = {"under": [], "edge": [], "normal": []}
    for cell in g.cells():
        cx, cy = g.centroid(cell)
        x, y, r = round((cx + ox) / 25.4 * dpi), round((cy + oy - 1.5) / 25.4 * dpi), round(2 / 25.4 * dpi)
        patch = rgb[y - r:y + r, x - r:x + r]
        by_state[sky.state(cell)].append(float((1 - patch).mean()))
    under, edge, normal = (sum(v) / len(v) for v in by_state.values())
    assert max(by_state["under"]) < 0.5  # no dense slate
    assert under > 1.4 * edge > 0 and normal < 0.02


def test_the_manifest_says_so_only_when_on(builds):
    saver = json.loads((builds["saver"] / "kafkas-halle" / "manifest.json").read_text())
    normal = json.loads((builds["normal"] / "kafkas-halle" / "manifest.json").read_text())
    assert saver["options"]["ink_saver"] is True and "ink_saver" not in normal["options"]


def test_the_gallery_says_which_build_saves_ink_and_how_to_make_one(builds):
    import re

    from pnp.output.gallery import write_gallery

    said = {}
    for name, folder in builds.items():
        page = write_gallery(folder, ROOT / "data", recheck=False).read_text(encoding="utf-8")
        sections = dict(re.findall(r'<section class="game" id="([^"]+)">(.*?)</section>', page, re.S))
        said[name] = {game for game, body in sections.items() if "Ink-saving build" in body}
        footer = page.split("<footer>", 1)[1]
        assert "pnp build GAME --ink-saver</code> prints the same components with half the ink or less" in footer
    assert said == {"normal": set(), "saver": {"kafkas-halle", "klin-zha"}}


def test_every_game_builds_with_the_ink_saver(tmp_path):
    for name, game in discover(ROOT / "data").items():
        for asset in collect_assets(game, BuildOptions(ink_saver=True)):
            for page in asset.iter_pages():
                assert page.width > 0, (name, asset.name)


# ------------------------------------------------------------------ a layout's ink_saver


def _game(tmp_path: Path, element: str) -> Path:
    from onedeck import one_deck_game

    return one_deck_game(tmp_path, "light", f"""\
        kind: layout
        fields: {{name: text, kind: text}}
        tables:
          ground: {{a: "#202020", b: "#303030"}}
          pale: {{a: "#f0f0f0"}}
        elements:
          - {element}
          - {{type: text, x: 5, y: 10, w: 50, h: 10, text: "{{name}}", colour: white, ink_saver: {{colour: black}}}}
        """, ["{name: Eins, kind: a}"])


def _face(data: Path, ink_saver: bool):
    (deck,) = [a for a in collect_assets(discover(data)["light"], BuildOptions(ink_saver=ink_saver))
               if a.name == "deck"]
    item, _ = deck.faces[0]
    return item.front(3.0)


def _leaves(node):
    if hasattr(node, "children"):
        for c in node.children:
            yield from _leaves(c)
    else:
        yield node


def test_an_element_draws_its_ink_saver_values_only_in_an_ink_saving_build(tmp_path):
    data = _game(tmp_path, '{type: rect, frame: bleed, fill: "{ground[kind]}", ink_saver: {fill: "{pale[kind]}", '
                           'stroke: "{ground[kind]}", stroke_width: 1}}')
    rect, text = list(_leaves(_face(data, False)))
    assert (rect.style.fill.hex, rect.style.stroke, text.fill.hex) == ("#202020", None, "#ffffff")
    rect, text = list(_leaves(_face(data, True)))
    assert (rect.style.fill.hex, rect.style.stroke.hex, rect.style.stroke_width, text.fill.hex) == (
        "#f0f0f0", "#202020", 1, "#000000")


def test_a_normal_build_draws_an_element_with_ink_saver_as_one_without(tmp_path):
    with_it = _face(_game(tmp_path / "a", '{type: rect, frame: bleed, fill: "#202020", ink_saver: {fill: white}}'),
                    False)
    without = _face(_game(tmp_path / "b", '{type: rect, frame: bleed, fill: "#202020"}'), False)
    assert list(_leaves(with_it))[0] == list(_leaves(without))[0]


@pytest.mark.parametrize("override, says", [
    ("{type: ellipse}", "'elements.0': ink_saver: 'type' cannot change; a rect element's ink_saver takes"),
    ("{filll: red}", "'elements.0': ink_saver: 'filll' cannot change"),
    ("{stroke_width: -1}", "'elements.0': ink_saver.stroke_width: Input should be greater than or equal to 0"),
    ("{fill: '{nosuch}'}", "unknown field 'nosuch'"),
    ("{fill: 'mauve-ish'}", "unknown colour 'mauve-ish'"),
])
def test_a_bad_ink_saver_is_a_data_error_at_its_line(tmp_path, override, says):
    data = _game(tmp_path, '{type: rect, frame: bleed, fill: "#202020", ink_saver: ' + override + "}")
    with pytest.raises(DataErrors) as err:
        _face(data, False)
    (problem,) = err.value.problems
    assert problem.file.endswith("face.yaml") and problem.line == 7 and says in problem.message


def test_a_card_whose_value_an_ink_saver_table_lacks_is_named_before_drawing(tmp_path):
    data = _game(tmp_path, '{type: rect, frame: bleed, fill: "{ground[kind]}", ink_saver: {fill: "{pale[kind]}"}}')
    deck = data / "light" / "deck.yaml"
    deck.write_text(deck.read_text().replace("kind: a}", "kind: b}"))
    with pytest.raises(DataErrors) as err:
        _face(data, False)
    (problem,) = err.value.problems
    assert "names unknown kind 'b'" in problem.message and "a" in problem.message
