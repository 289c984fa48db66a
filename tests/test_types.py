"""The engine's code is typed: mypy (settings in pyproject.toml: every function annotated) finds
nothing in the packages and modules listed here. The list grows as packages are typed, until it is
pnp/ outside games/."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

TYPED = [
    "pnp/checks",
    "pnp/load/__init__.py",
    "pnp/load/budget.py",
    "pnp/load/cache.py",
    "pnp/load/errors.py",
    "pnp/load/paths.py",
    "pnp/load/registry.py",
    "pnp/load/words.py",
    "pnp/scene/units.py",
    "pnp/model/fonts.py",
    "pnp/model/pdfx.py",
    "pnp/model/profile.py",
    "pnp/model/rules.py",
    "pnp/impose/calibration.py",
    "pnp/impose/page.py",
    "pnp/impose/single.py",
    "pnp/layout/kinds.py",
    "pnp/layout/vocabulary.py",
    "pnp/output/collector.py",
    "pnp/output/manifest.py",
    "pnp/output/plan.py",
    "pnp/output/unchanged.py",
]


def _mypy(*targets: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                           "--cache-dir", str(ROOT / ".mypy_cache"), *targets],
                          cwd=ROOT, capture_output=True, text=True)


def test_the_typed_packages_pass_mypy():
    done = _mypy(*TYPED)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_sees_an_untyped_function(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def f(x):\n    return x\n\n\ndef g(n: int) -> str:\n    return n\n", encoding="utf-8")
    done = _mypy(str(bad))
    assert done.returncode == 1
    assert "bad.py:1: error: Function is missing a type annotation" in done.stdout
    assert "bad.py:6: error: Incompatible return value type" in done.stdout
