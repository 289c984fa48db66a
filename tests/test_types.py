"""The engine's code is typed: mypy (settings in pyproject.toml: every function annotated) runs on
every module of pnp/ outside games/ and finds nothing. UNTYPED is where a module would wait while
it is being typed (empty since issue #30); a listed module that mypy passes must leave it."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

UNTYPED: set[str] = set()


def _mypy(*targets: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                           "--cache-dir", str(ROOT / ".mypy_cache"), *targets],
                          cwd=ROOT, capture_output=True, text=True)


def _engine_modules() -> list[str]:
    return sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "pnp").rglob("*.py")
                  if "games" not in p.relative_to(ROOT / "pnp").parts)


def test_the_engine_passes_mypy_outside_the_untyped_list():
    done = _mypy(*_engine_modules())
    failing = set(re.findall(r"^(pnp/[^:]+\.py):\d+: error:", done.stdout, re.M))
    assert done.returncode in (0, 1), done.stderr
    new = sorted(failing - UNTYPED)
    assert not new, "mypy finds errors in typed modules:\n" + "\n".join(
        line for line in done.stdout.splitlines() if line.split(":")[0] in new)
    typed_now = sorted(UNTYPED - failing)
    assert not typed_now, f"these modules pass mypy now; take them out of UNTYPED: {typed_now}"


def test_the_untyped_list_names_real_modules():
    assert UNTYPED <= set(_engine_modules())


def test_mypy_sees_an_untyped_function(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def f(x):\n    return x\n\n\ndef g(n: int) -> str:\n    return n\n", encoding="utf-8")
    done = _mypy(str(bad))
    assert done.returncode == 1
    assert "bad.py:1: error: Function is missing a type annotation" in done.stdout
    assert "bad.py:6: error: Incompatible return value type" in done.stdout
