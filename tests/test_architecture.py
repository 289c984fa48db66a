"""The folders of pnp/ import each other only in the pipeline's direction
(docs/architecture.md has the table this test holds the code to)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from drawing import DRAWING, drawing_imports, imports as module_imports

ROOT = Path(__file__).resolve().parents[1]
PNP = ROOT / "pnp"

# folder -> the folders it may import (besides itself)
ALLOWED = {
    "load": set(),
    "scene": {"load"},
    "model": {"load", "scene"},
    "impose": {"load", "scene", "model"},
    "layout": {"load", "scene", "model", "impose"},
    "render": {"load", "scene"},
    "checks": {"load", "model"},
    "output": {"load", "scene", "model", "impose", "layout", "render", "checks"},
    "games": {"load", "model", "layout", "checks", "output"},  # a game computes; drawing is the engine's
    "cli": {"load", "scene", "model", "impose", "layout", "render", "checks", "output", "games"},
}
# single modules a lower folder may use, each with the reason
SERVICES = {
    ("layout", "pnp.render.images"): "the image service: the backend that draws a picture is the one "
                                     "that can read its pixel size, which layouts need to fit it",
}




REFERENCE = re.compile(r"^(pnp(?:\.[a-z_][a-z0-9_]*)+):[A-Za-z_]\w*$")  # "module:name" in a registry


def imports(tree: ast.AST):
    """(line, module) of every pnp import, leaving out those under ``if TYPE_CHECKING:``, and of
    every ``"pnp.module:name"`` string: registries name what they import on first use that way."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip |= {id(n) for n in ast.walk(node)}
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "pnp":
            if node.module == "pnp":
                for a in node.names:
                    yield node.lineno, f"pnp.{a.name}"
            else:
                yield node.lineno, node.module
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.split(".")[0] == "pnp":
                    yield node.lineno, a.name
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and REFERENCE.match(node.value):
            yield node.lineno, REFERENCE.match(node.value)[1]


def violations(pnp: Path = PNP) -> list[str]:
    out = []
    for path in sorted(pnp.rglob("*.py")):
        if path.parent == pnp:
            continue  # pnp/__init__.py: the version only
        src = path.relative_to(pnp).parts[0]
        for line, mod in imports(ast.parse(path.read_text(encoding="utf-8"))):
            parts = mod.split(".")
            if len(parts) < 2 or not (pnp / parts[1]).is_dir():
                continue
            dst = parts[1]
            if dst == src or dst in ALLOWED[src]:
                continue
            if any(src == s and (mod == m or mod.startswith(m + ".")) for s, m in SERVICES):
                continue
            out.append(f"{path.relative_to(pnp.parent)}:{line}: {src}/ imports {mod}")
    return out


def test_every_folder_is_in_the_table():
    folders = {p.name for p in PNP.iterdir() if (p / "__init__.py").is_file()}  # words/ holds data, not code
    assert folders == set(ALLOWED)


def test_imports_follow_the_pipeline():
    assert violations() == []


def test_no_loose_modules_at_the_top():
    assert sorted(p.name for p in PNP.glob("*.py")) == ["__init__.py"]


def test_the_check_sees_a_wrong_import(tmp_path):
    """A scene module importing the model is reported with its file and line; a type-only
    import is not a dependency."""
    fake = tmp_path / "pnp"
    (fake / "scene").mkdir(parents=True)
    (fake / "model").mkdir()
    (fake / "scene" / "bad.py").write_text(
        "import os\nfrom pnp.model.base import Strict\nfrom typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from pnp.model.game import Game\n", encoding="utf-8")
    found = violations(fake)
    assert len(found) == 1 and re.search(r"scene/bad\.py:2: scene/ imports pnp\.model\.base", found[0])


def test_the_check_sees_a_registry_naming_a_module_upward(tmp_path):
    """A registry that names what it imports on first use as "module:name" depends on that module."""
    fake = tmp_path / "pnp"
    (fake / "model").mkdir(parents=True)
    (fake / "layout").mkdir()
    (fake / "model" / "kinds.py").write_text('KINDS = {"deck": "pnp.layout.card:deck_assets"}\n'
                                             'ABOUT = "see pnp.layout.card for the deck"\n', encoding="utf-8")
    assert violations(fake) == ["pnp/model/kinds.py:1: model/ imports pnp.layout.card"]


def test_the_architecture_page_shows_this_table():
    """docs/architecture.md lists every folder with what it may import, as above."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    for folder, allowed in ALLOWED.items():
        row = next((line for line in text.splitlines() if line.startswith(f"| `{folder}/`")), None)
        assert row is not None, folder
        cells = [c.strip() for c in row.strip("|").split("|")]
        may = {w.strip("` /") for w in cells[-1].split(",") if w.strip() and w.strip() != "—"}
        assert may == allowed, (folder, may)


# ------------------------------------------------------------------ games compute, the engine draws

GAMES = PNP / "games"
def drawing_games(games: Path = GAMES) -> dict[str, set[str]]:
    """Each module of ``games`` importing a drawing package (absolute or relative), with what it imports."""
    out = {}
    for path in sorted(games.rglob("*.py")):
        found = drawing_imports(path)
        if found:
            out[path.relative_to(games).as_posix()] = found
    return out


def test_no_game_module_draws():
    """No module in pnp/games/ imports pnp.scene, pnp.impose or pnp.render (relative imports resolved):
    a game computes and hands data to a layout; the engine draws (issue #31)."""
    drawing = {m: sorted(d) for m, d in drawing_games().items()}
    assert not drawing, f"game modules that draw (hand plain data to a layout instead, docs/sheets.md): {drawing}"


def test_the_games_check_sees_every_way_of_importing_drawing(tmp_path):
    """Absolute, relative and package imports of each drawing package are all found; computing ones not."""
    games = tmp_path / "pnp" / "games"
    game = games / "g"
    game.mkdir(parents=True)
    for folder in (tmp_path / "pnp", games, game):
        (folder / "__init__.py").write_text("", encoding="utf-8")
    spellings = {"a.py": "from pnp.scene import Group\n", "b.py": "from ...impose.items import Item\n",
                 "c.py": "from ... import render\n", "d.py": "import pnp.render.pdf as pdf\n",
                 "e.py": "from pnp import scene\n",
                 "ok.py": "from . import e\nfrom ...model.base import tr\nfrom pnp.load.words import Words\n"}
    for name, body in spellings.items():
        (game / name).write_text(body, encoding="utf-8")
    found = drawing_games(games)
    assert sorted(found) == ["g/a.py", "g/b.py", "g/c.py", "g/d.py", "g/e.py"]
    assert found["g/b.py"] >= {"pnp.impose.items"} and found["g/c.py"] == {"pnp.render"}
    assert module_imports(game / "ok.py") == {"pnp.games.g", "pnp.games.g.e", "pnp.model.base", "pnp.model.base.tr",
                                       "pnp.load.words", "pnp.load.words.Words"}
    assert {d.split(".")[1] for mods in found.values() for d in mods} == {p.split(".")[1] for p in DRAWING}
