"""Every command of the README's CLI tour runs as written and succeeds.

The lines are read from README.md itself, so the tour cannot drift from the tool.
They run in order in an empty folder holding a copy of data/ (the tour's paths
are relative to the repository), as a user would type them.
"""
from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LONG_RUNNING = {"watch"}  # runs until Ctrl-C; tests/engine/test_watch.py covers it


def tour() -> list[list[str]]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("## CLI tour", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    out = []
    for line in block.splitlines():
        line = re.sub(r"\s+#.*$", "", line).strip()
        if not line:
            continue
        args = shlex.split(line)
        if args[0].endswith("pnp"):
            out.append(args[1:])
    return out


def test_the_tour_is_read():
    cmds = tour()
    assert len(cmds) >= 20
    assert ["build", "all"] in cmds and ["check", "all"] in cmds


def test_every_tour_command_succeeds(tmp_path):
    shutil.copytree(ROOT / "data", tmp_path / "data")
    env = {**os.environ, "PNP_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT)}
    failed, built = [], False
    for args in tour():
        if args[0] in LONG_RUNNING:
            continue
        if args[0] == "clean":  # before the tour's last line removes them: what it built is there
            built = (tmp_path / "output" / "index.html").is_file() and \
                (tmp_path / "output" / "kafkas-halle" / "manifest.json").is_file()
        proc = subprocess.run([sys.executable, "-m", "pnp.cli.main", *args], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=300)
        if proc.returncode != 0 or "Traceback" in proc.stderr:
            failed.append(f"pnp {' '.join(args)} -> {proc.returncode}: {(proc.stderr or proc.stdout)[-400:]}")
    assert failed == []
    assert built
    assert not (tmp_path / "output" / "kafkas-halle").exists()  # pnp clean removed it
    assert (tmp_path / "output" / "position.pdf").stat().st_size > 10_000
    assert (tmp_path / "output" / "hist.svg").is_file()
    assert (tmp_path / "output" / "my-games" / "my-game" / "game.yaml").is_file()


def test_the_tour_writes_nothing_outside_output(tmp_path):
    """Run in a clone, the tour must not break the clone's own tests: every file it writes is in
    output/ (git-ignored), none in the repository's folders or beside them."""
    shutil.copytree(ROOT / "data", tmp_path / "data")
    (tmp_path / "output").mkdir()
    before = {p for p in tmp_path.rglob("*") if p.is_file()}
    env = {**os.environ, "PNP_CACHE_DIR": str(tmp_path / "output" / ".cache"), "PYTHONPATH": str(ROOT)}
    for args in tour():
        if args[0] in LONG_RUNNING or args[0] in ("build", "tts", "export", "gallery", "clean"):
            continue  # their default --out is output/ (covered by the test above); the rest is what matters
        subprocess.run([sys.executable, "-m", "pnp.cli.main", *args], cwd=tmp_path, env=env, capture_output=True,
                       timeout=300)
    new = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file() and p not in before)
    assert new and [p for p in new if not p.startswith("output/")] == []
