"""Word catalogues: every language of a catalogue has the same keys (a missing word fails here,
not on a print run), every word the code asks for exists, and the catalogues ship with the package."""
from __future__ import annotations

import ast
import fnmatch
import tomllib
from pathlib import Path

import pytest

from pnp.load.words import ENGINE, Words, shape

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = sorted(p for p in (ROOT / "pnp").rglob("words") if p.is_dir() and list(p.glob("*.yaml")))


def test_every_catalogue_is_found():
    names = {str(p.relative_to(ROOT / "pnp")) for p in FOLDERS}
    assert {"words", "games/klin_zha/words", "games/rather_silly/words"} <= names


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: str(p.relative_to(ROOT)))
def test_languages_have_the_same_keys(folder):
    words = Words(folder)
    assert set(words.langs()) >= {"de", "en"}
    base = shape(words["en"])
    for lang in words.langs():
        assert shape(words[lang]) == base, f"{folder.relative_to(ROOT)}/{lang}.yaml differs from en.yaml in its keys"


def test_a_missing_language_reads_english():
    assert ENGINE["fr"] is ENGINE["en"]
    assert ENGINE("fr", "board.playing") == "playing board"


def _keys_asked_for(path: Path):
    """String keys passed to ``WORDS(lang, "a.b")`` / ``ENGINE(lang, "a.b")`` / ``.section("a")``."""
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.Call) or len(node.args) < 1:
            continue
        f = node.func
        if isinstance(f, ast.Name) and f.id in ("WORDS", "ENGINE") and len(node.args) >= 2:
            arg = node.args[1]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                yield f.id, arg.value, node.lineno
        elif isinstance(f, ast.Attribute) and f.attr == "section" and isinstance(f.value, ast.Name):
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                yield f.value.id, arg.value, node.lineno


def test_every_key_the_code_asks_for_exists():
    missing, seen = [], 0
    for path in sorted((ROOT / "pnp").rglob("*.py")):
        for owner, key, line in _keys_asked_for(path):
            words = ENGINE if owner == "ENGINE" else Words.beside(str(path))
            for lang in ("de", "en"):
                node = words[lang]
                for part in key.split("."):
                    node = node.get(part) if isinstance(node, dict) else None
                seen += 1
                if node is None:
                    missing.append(f"{path.relative_to(ROOT)}:{line}: {key!r} missing in {lang}")
    assert seen > 40
    assert not missing, "\n".join(missing)


def test_catalogues_and_layouts_are_package_data():
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["pnp"]
    data = [p.relative_to(ROOT / "pnp").as_posix() for p in (ROOT / "pnp").rglob("*")
            if p.is_file() and p.suffix not in (".py", ".pyc")]
    assert data
    lost = [d for d in data if not any(fnmatch.fnmatch(d, g) for g in globs)]
    assert not lost, f"files under pnp/ that a wheel would leave out: {lost}"
