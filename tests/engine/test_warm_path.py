"""A rebuild whose data files are all in pnp's cache imports no schema library (issue #32): the cache
keeps validated data as plain twins (pnp.model.plain), and nothing the build runs validates again.
Each build runs twice in a fresh process with one fresh cache: the first validates (and must import
pydantic), the second reads everything back."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import atexit, json, sys
report = sys.argv.pop(1)
atexit.register(lambda: open(report, "w").write(json.dumps(sorted(sys.modules))))
sys.argv[0] = "pnp"
from pnp.cli.entry import run
run()
"""

SCHEMA_LIBRARY = ("pydantic", "pydantic_core", "annotated_types")


def _modules(tmp_path: Path, cache: Path, *args: str) -> list[str]:
    report = tmp_path / "modules.json"
    report.unlink(missing_ok=True)
    env = {**os.environ, "PNP_CACHE_DIR": str(cache)}
    proc = subprocess.run([sys.executable, "-c", SCRIPT, str(report), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(report.read_text())


def _schema_modules(modules: list[str]) -> list[str]:
    return [m for m in modules if m.split(".")[0] in SCHEMA_LIBRARY]


BUILDS = [
    pytest.param(("build", "all", "-f", "pdf,svg,png"), id="every-game"),
    *(pytest.param(("build", name, "--data", "examples", "-f", "pdf,svg"), id=name)
      for name in ("starter-deck", "board-kit", "boss-rush", "designer-game", "playing-cards")),
]


@pytest.mark.parametrize("args", BUILDS)
def test_a_warm_rebuild_imports_no_schema_library(tmp_path, args):
    cache, out = tmp_path / "cache", tmp_path / "out"
    cold = _modules(tmp_path, cache, *args, "--out", str(out))
    assert _schema_modules(cold), "the first build validates its data: it imports pydantic"
    warm = _modules(tmp_path, cache, *args, "--out", str(out))
    assert not _schema_modules(warm), f"a warm rebuild imported {_schema_modules(warm)[:5]}"


def test_a_changed_file_is_validated_again(tmp_path):
    """The warm path is not a way round validation: an edited deck is read and checked afresh."""
    game = tmp_path / "games" / "starter-deck"
    game.parent.mkdir()
    subprocess.run(["cp", "-r", str(ROOT / "examples" / "starter-deck"), str(game)], check=True)
    cache, out = tmp_path / "cache", tmp_path / "out"
    build = ("build", "starter-deck", "--data", str(game.parent), "-f", "pdf", "--out", str(out))
    _modules(tmp_path, cache, *build)
    assert not _schema_modules(_modules(tmp_path, cache, *build))
    deck = next(p for p in game.glob("*.yaml") if "kind: deck" in p.read_text(encoding="utf-8"))
    deck.write_text(deck.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert _schema_modules(_modules(tmp_path, cache, *build)), "an edited file is validated again"
