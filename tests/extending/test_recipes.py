"""docs/extending.md, recipe by recipe: each test runs the recipe's code blocks (those marked
``<!-- test: NAME -->``), then checks that pnp does what the recipe promises."""
from __future__ import annotations

import json
import re
import shutil
import sys
import types
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from pnp.cli import main as cli
from pnp.games import COMMANDS
from pnp.layout import elements, vocabulary  # noqa: F401  (every built-in element kind registered first)
from pnp.layout.kinds import KINDS
from pnp.output.modes import MODES
from pnp.render.formats import FORMATS

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "extending.md"
runner = CliRunner()


def blocks(name: str, lang: str = "python") -> list[str]:
    found = re.findall(rf"<!-- test: {re.escape(name)} -->\n```{lang}\n(.*?)```", DOC.read_text(encoding="utf-8"),
                       re.S)
    assert found, f"docs/extending.md has no {lang} block marked {name}"
    return found


def run(name: str, monkeypatch, module: str | None = None, index: int | None = None) -> types.ModuleType:
    """The recipe's python blocks (or only block ``index``) run as the module ``module``."""
    mod = types.ModuleType(module or f"recipe_{name.replace('-', '_')}")
    monkeypatch.setitem(sys.modules, mod.__name__, mod)
    code = blocks(name)
    for src in code if index is None else [code[index]]:
        exec(compile(src, f"docs/extending.md ({name})", "exec"), mod.__dict__)
    return mod


@pytest.fixture(autouse=True)
def registries():
    """Every registry as it was before the test: a recipe's registration stays in its test."""
    saved = [(reg, dict(reg)) for reg in (FORMATS, KINDS, COMMANDS, MODES)]
    kinds = [k.schema for k in elements.kinds()]
    yield
    for reg, before in saved:
        reg.clear()
        reg.update(before)
    elements.unregister(*[k.schema for k in elements.kinds() if k.schema not in kinds])


CARDS_LAYOUT = """\
kind: layout
size: poker
fields: {name: text, cost: integer 0..9, copies: integer 1..9 = 1, sold: bool = false}
elements:
  - {type: rect, frame: bleed, fill: "#dde8f0"}
  - {type: text, frame: safe, h: 8, text: "{name}", size: 12}
  - {type: badge, at: top-right, anchor: top-right, x: -4, y: 4, w: 14, h: 14, text: "{cost}",
     fill: "#ff8800", size: 14}
  - {type: cross, frame: safe, when: "sold"}
"""

PLAIN_LAYOUT = """\
kind: layout
size: poker
fields: {name: text, copies: integer 1..9 = 1}
elements:
  - {type: rect, frame: bleed, fill: "#dde8f0"}
  - {type: text, frame: safe, h: 8, text: "{name}", size: 12}
"""


def deck_game(tmp_path: Path, layout: str, cards: str) -> Path:
    data = tmp_path / "data"
    folder = data / "shop"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text("name: shop\ntitle: Shop\n", encoding="utf-8")
    (folder / "card.yaml").write_text(layout, encoding="utf-8")
    (folder / "cards.csv").write_text(cards, encoding="utf-8")
    (folder / "deck.yaml").write_text("kind: deck\nname: market\ntitle: Market\ncard: poker\nlayout: card.yaml\n"
                                      "cards: cards.csv\n", encoding="utf-8")
    return data


def flat(group):
    for c in group.children:
        yield from (flat(c) if hasattr(c, "children") else [c])


# ------------------------------------------------------------------ element kind

def test_an_element_kind_made_of_existing_ones_and_one_with_a_body(tmp_path, monkeypatch):
    from pdfread import raster, text

    from pnp.layout.compile import Card, compile_layout
    from pnp.layout.reference import reference
    from pnp.layout.vocabulary import Layout
    from pnp.scene import Ellipse, Path as ScenePath, Text

    run("element-kind", monkeypatch)
    lay = Layout.model_validate(__import__("yaml").safe_load(CARDS_LAYOUT))
    scene = compile_layout(lay).stamp({"name": "Apfel", "cost": 3, "copies": 1, "sold": True}, Card(63, 88, 3))
    prims = list(flat(scene))
    disc = next(p for p in prims if isinstance(p, Ellipse))
    assert (round(disc.cx, 2), round(disc.cy, 2), disc.rx) == (63 - 4 - 7, 4 + 7, 7)  # in the badge's box
    assert disc.style.fill.hex == "#ff8800"
    assert any(isinstance(p, Text) and p.text == "3" and p.weight == "bold" for p in prims)  # the template, filled
    cross = next(p for p in prims if isinstance(p, ScenePath))
    assert [op[0] for op in cross.ops] == ["M", "L", "M", "L"] and cross.ops[0][1:] == (3, 3)  # the safe frame

    # the union, the schema and the reference derive from the registry
    res = runner.invoke(cli.app, ["schema", "--out", str(tmp_path / "schemas")])
    assert res.exit_code == 0, res.output
    schema = json.loads((tmp_path / "schemas" / "layout.schema.json").read_text())
    assert {"BadgeEl", "CrossEl"} <= set(schema["$defs"])
    assert "### `badge`" in reference() and "A disc with a short text centred on it" in reference()

    # a card list builds with it: the numbers printed, the discs orange
    data = deck_game(tmp_path, CARDS_LAYOUT, "name,cost,copies,sold\nApfel,3,2,false\nBirne,7,1,true\n")
    res = runner.invoke(cli.app, ["build", "shop", "--data", str(data), "--out", str(tmp_path / "out"), "-f", "pdf",
                                  "-j", "1"])
    assert res.exit_code == 0, res.output
    pdf = tmp_path / "out" / "shop" / "market.pdf"
    assert {"Apfel", "Birne", "3", "7"} <= set(text(pdf).split())
    px = np.asarray(raster(pdf, 50)).astype(int)
    orange = int(((px[..., 0] > 230) & (abs(px[..., 1] - 136) < 20) & (px[..., 2] < 30)).sum())
    assert orange > 3 * 40  # three badges of about 7 mm radius at 50 dpi: well over 40 px each

    # an element with a misspelt property is a data error naming the file and line
    (data / "shop" / "card.yaml").write_text(CARDS_LAYOUT.replace("size: 14}", "size: 14, sise: 3}"))
    res = runner.invoke(cli.app, ["build", "shop", "--data", str(data), "--out", str(tmp_path / "out2"), "-f", "pdf"])
    assert res.exit_code == 2 and "card.yaml:8:33" in res.output and "sise" in res.output, res.output


def test_an_element_kind_cannot_take_a_name_that_is_taken(monkeypatch):
    from typing import Literal

    from pnp.model.layout import Placed

    class Rect2(Placed):
        type: Literal["rect"]

    with pytest.raises(ValueError, match="'rect' is registered already"):
        elements.register(elements.ElementKind(Rect2, parts=lambda el: []))


def test_parts_that_are_not_elements_are_an_error_naming_the_element():
    from typing import Literal

    from pnp.layout.compile import compile_layout
    from pnp.layout.expr import ExprError
    from pnp.layout.vocabulary import Layout
    from pnp.model.layout import Placed

    class Odd(Placed):
        type: Literal["odd"]

    elements.register(elements.ElementKind(Odd, parts=lambda el: [{"type": "rect", "radius": -1}]))
    lay = Layout.model_validate({"kind": "layout", "elements": [{"type": "odd", "id": "o"}]})
    with pytest.raises(ExprError, match=r"elements.0 \(id 'o'\): the parts of 'odd' are not valid elements: 0.rect.radius"):
        compile_layout(lay)


# ------------------------------------------------------------------ output format

TEXT_PAGES = '''
from pnp.model.assets import Asset
from pnp.scene import Group, Page, Text
MADE = []


def build(game, opts):
    def pages():
        for i in (1, 2):
            MADE.append(i)
            yield Page(100, 80, Group([Text(10, 20, f"Seite {i}", size=12)]), label=f"p{i}")

    yield Asset("sheet", "Sheet", pages)
'''


def test_an_output_format_is_one_writer_and_one_registration(tmp_path, monkeypatch, make_rules_game):
    run("output-format", monkeypatch)
    data = make_rules_game("words", TEXT_PAGES)
    out = tmp_path / "out"
    res = runner.invoke(cli.app, ["build", "words", "--data", str(data), "--out", str(out), "-f", "pdf,txt",
                                  "-j", "1"])
    assert res.exit_code == 0, res.output
    assert (out / "words" / "sheet.txt").read_text(encoding="utf-8") == "--- p1\nSeite 1\n--- p2\nSeite 2\n"
    assert (out / "words" / "sheet.pdf").is_file()
    mod = sys.modules[[m for m in sys.modules if m.startswith("pnp_rules_")][-1]]
    assert mod.MADE == [1, 2]  # made once for both formats
    entry = next(e for e in json.loads((out / "words" / "manifest.json").read_text())["files"]
                 if e["file"] == "sheet.txt")
    assert (entry["format"], entry["pages"]) == ("txt", 2)
    assert '<a href="words/sheet.txt">TXT</a> (2 pages,' in (out / "index.html").read_text(encoding="utf-8")
    assert "txt" in res.output.splitlines()[1]  # the summary's header has a column for it
    listed = runner.invoke(cli.app, ["list", "--data", str(data), "--json"])
    assert json.loads(listed.output)[0]["assets"][0]["formats"] == ["pdf", "svg", "png", "txt"]
    bad = runner.invoke(cli.app, ["build", "words", "--data", str(data), "--out", str(out), "-f", "doc"])
    assert bad.exit_code == 2 and "use pdf, svg, png, png-cards, txt" in bad.output


# ------------------------------------------------------------------ data kind

def test_a_data_kind_is_a_schema_a_function_and_one_registration(tmp_path, monkeypatch):
    from pdfread import text

    run("data-kind", monkeypatch)
    folder = tmp_path / "data" / "fair"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text("name: fair\ntitle: Fair\n", encoding="utf-8")
    (folder / "welcome.yaml").write_text("kind: banner\nname: welcome\ntext: {de: Willkommen, en: Welcome}\n",
                                         encoding="utf-8")
    out = tmp_path / "out"
    res = runner.invoke(cli.app, ["build", "fair", "--data", str(tmp_path / "data"), "--out", str(out), "-f", "pdf",
                                  "--lang", "en"])
    assert res.exit_code == 0, res.output
    assert text(out / "fair" / "welcome.pdf").split() == ["Welcome"]
    res = runner.invoke(cli.app, ["schema", "--out", str(tmp_path / "schemas")])
    assert json.loads((tmp_path / "schemas" / "banner.schema.json").read_text())["title"] == "Banner"
    (folder / "welcome.yaml").write_text("kind: banner\nname: welcome\ntext: Hallo\ncolour: red\n", encoding="utf-8")
    res = runner.invoke(cli.app, ["build", "fair", "--data", str(tmp_path / "data"), "--out", str(out)])
    assert res.exit_code == 2 and "welcome.yaml:4" in res.output and "colour" in res.output, res.output
    assert KINDS["banner"].leaf


# ------------------------------------------------------------------ game

def test_the_minimal_game_defines_every_hook_and_builds(tmp_path, monkeypatch):
    from pnp.model.game import discover
    from pnp.model.rules import HOOKS, RulesModule

    monkeypatch.setenv("PNP_TRUST", "1")
    data = tmp_path / "data"
    shutil.copytree(ROOT / "examples" / "extending" / "minimal-game", data / "minimal-game")
    game = discover(data)["minimal"]
    module = game.module()
    assert isinstance(module, RulesModule) and all(hasattr(module, h) for h in HOOKS)
    rules = game.rules()
    assert (rules.files, dict(rules.options), len(rules.book)) == (("notes/*.yaml",), module.OPTIONS, 1)
    out = tmp_path / "out"
    res = runner.invoke(cli.app, ["--trust", "build", "minimal", "--data", str(data), "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert json.loads((out / "minimal" / "manifest.json").read_text())["checks"]["verdict"] == "ok"
    res = runner.invoke(cli.app, ["--trust", "check", "--list-rules", "minimal", "--data", str(data)])
    assert res.exit_code == 0 and "minimal.nothing" in res.output and "nothing is ever wrong" in res.output
    res = runner.invoke(cli.app, ["--trust", "build", "minimal", "--data", str(data), "--out", str(out),
                                  "-o", "greeting=hi", "-f", "pdf"])
    assert res.exit_code == 0, res.output  # OPTIONS makes the setting known
    (data / "minimal-game" / "notes").mkdir()
    (data / "minimal-game" / "notes" / "n.yaml").write_text("anything: 1\n")  # FILES: the module reads it
    (data / "minimal-game" / "stray.yaml").write_text("anything: 1\n")  # nobody does
    res = runner.invoke(cli.app, ["--trust", "check", "minimal", "--data", str(data)])
    assert res.exit_code == 2 and "stray.yaml" in res.output and "n.yaml" not in res.output, res.output


def test_a_hook_of_the_wrong_type_names_the_hook_and_the_rules_line(tmp_path, make_rules_game):
    data = make_rules_game("broken", "FILES = 'notes/*.yaml'\n")
    res = runner.invoke(cli.app, ["--trust", "build", "broken", "--data", str(data), "--out", str(tmp_path / "o")])
    assert res.exit_code == 2 and "game.yaml:4" in res.output and "FILES must be a tuple" in res.output, res.output
    assert "Traceback" not in res.output


def test_a_game_command_is_one_registration_and_help_does_not_import_it(monkeypatch):
    monkeypatch.setattr(cli.app, "registered_groups", [])
    monkeypatch.setattr(cli.app, "registered_commands", list(cli.app.registered_commands))
    run("game", monkeypatch, index=0)
    cli._mount_game_apps(["--help"])
    res = runner.invoke(cli.app, ["--help"])
    assert "hello" in res.output and "Hello: greet the table." in res.output
    assert "hello_game.cli" not in sys.modules  # listed without importing the game
    monkeypatch.setattr(cli.app, "registered_groups", [])
    run("game", monkeypatch, module="hello_game.cli", index=1)
    cli._mount_game_apps(["hello", "greet", "Anna"])
    res = runner.invoke(cli.app, ["hello", "greet", "Anna"])
    assert res.exit_code == 0 and res.output == "Hallo, Anna!\n", res.output
    assert runner.invoke(cli.app, ["hello", "--help"]).output.count("Hello: greet the table.") == 1


# ------------------------------------------------------------------ shop profile

def test_a_shop_profile_is_a_yaml_file_and_a_new_mode_one_registration(tmp_path, monkeypatch):
    from PIL import Image

    data = deck_game(tmp_path, PLAIN_LAYOUT, "name,copies\nApfel,2\nBirne,1\n")
    (yaml_block,) = blocks("shop-profile", "yaml")
    profile = tmp_path / "corner-shop.yaml"
    profile.write_text(yaml_block, encoding="utf-8")
    out = tmp_path / "out"
    res = runner.invoke(cli.app, ["export", "shop", "-p", str(profile), "--data", str(data), "--out", str(out)])
    assert res.exit_code == 0, res.output
    sent = out / "shop" / "export" / "corner-shop"
    with Image.open(sent / "market" / "001-apfel.png") as im:
        assert im.size == (round((63.5 + 6) / 25.4 * 300), round((88.9 + 6) / 25.4 * 300))
    assert "Corner Shop" in (sent / "README.txt").read_text(encoding="utf-8")

    run("shop-profile", monkeypatch)
    profile.write_text(yaml_block.replace("output: images", "output: order-list"), encoding="utf-8")
    res = runner.invoke(cli.app, ["export", "shop", "-p", str(profile), "--data", str(data), "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert (sent / "order.txt").read_text(encoding="utf-8") == "2 x Apfel\n1 x Birne\n"
    profile.write_text(yaml_block.replace("output: images", "output: stickers"), encoding="utf-8")
    res = runner.invoke(cli.app, ["export", "shop", "-p", str(profile), "--data", str(data), "--out", str(out)])
    assert res.exit_code == 2 and "corner-shop.yaml:5" in res.output and "unknown output 'stickers'" in res.output
    assert "order-list" in res.output  # the registered modes are named
