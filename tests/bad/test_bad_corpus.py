"""The corpus of hand-written broken data: every case fails cleanly with its exact message.

Each folder ``tests/bad/<case>/`` holds

* ``case.yaml``: ``run:`` the command line after ``pnp`` (e.g. ``check klin-zha --state
  state.yaml``), ``exit:`` the expected exit code (2 = bad data, 1 = a rule check failed) and
  optionally ``base:`` the real game (folder in ``data/``) to copy first; without ``base`` the case
  folder's ``data/`` is the whole data folder;
* ``data/<game>/...``: files laid over the copy of the game (or a minimal game of its own);
* any other file (a state file) is copied next to ``data/``, so ``--state state.yaml`` finds it;
* ``xfail:`` (optional) names a known bug the case exposes; the case must then fail (strict), so
  the marker has to go when the bug is fixed;
* ``expected.txt``: the exact message lines. Every problem line the command prints (lines naming
  a file, ``--option``, or starting ``error:``) must be in it, in that order, and nothing else.

The command runs in a temporary folder with ``--data data`` (and ``--out out`` for builds),
so messages show paths such as ``data/klin-zha/board.yaml:12:5``.
"""
from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest
from ruamel.yaml import YAML
from typer.testing import CliRunner

from pnp import cli

HERE = Path(__file__).resolve().parent
REPO_DATA = HERE.parents[1] / "data"
CASES = sorted(p.name for p in HERE.iterdir() if (p / "case.yaml").is_file())

# a line that reports a problem: "data/x.yaml:3:1: ...", "  data/...: error: ...", "--option: ...", "error: ..."
PROBLEM = re.compile(r"^\s*(data/|state|--\w|error:|warning:|\S+\.yaml)")


@pytest.fixture(scope="module")
def app():
    if not cli.app.registered_groups:
        cli._mount_game_apps()
    return cli.app


def _setup(case: Path, tmp: Path) -> dict:
    spec = YAML(typ="safe").load((case / "case.yaml").read_text(encoding="utf-8"))
    data = tmp / "data"
    data.mkdir()
    base = spec.get("base")
    if base:
        shutil.copytree(REPO_DATA / base, data / base)
    for p in sorted(case.rglob("*")):
        rel = p.relative_to(case)
        if p.is_dir() or rel.name in ("case.yaml", "expected.txt"):
            continue
        dest = tmp / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(p, dest)
    return spec


def _problem_lines(text: str, tmp: Path) -> list[str]:
    text = text.replace(str(tmp) + "/", "").replace(str(tmp.resolve()) + "/", "")
    return [ln.strip() for ln in text.splitlines() if PROBLEM.match(ln)]


@pytest.mark.parametrize("name", CASES)
def test_bad_case(name, app, tmp_path, monkeypatch, request):
    case = HERE / name
    spec = _setup(case, tmp_path)
    if spec.get("xfail"):
        request.applymarker(pytest.mark.xfail(reason=spec["xfail"], strict=True))
    monkeypatch.chdir(tmp_path)
    args = shlex.split(spec["run"]) + ["--data", "data"]
    if args[0] == "build":
        args += ["--out", "out", "--format", "pdf,svg"]
    res = CliRunner().invoke(app, args)
    output = res.output  # stdout and stderr as the user sees them
    assert "Traceback" not in output, output
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    assert res.exit_code == spec["exit"], output
    expected = [ln.strip() for ln in (case / "expected.txt").read_text(encoding="utf-8").splitlines() if ln.strip()]
    assert _problem_lines(output, tmp_path) == expected, output
    out = tmp_path / "out"
    assert not out.exists() or not [p for p in out.rglob("*") if p.is_file()], "a failed build wrote files"


def test_corpus_size():
    """The issue asks for at least 30 cases across every game."""
    assert len(CASES) >= 30, CASES
