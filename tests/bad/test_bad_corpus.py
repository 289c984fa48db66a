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
  a file, ``--option``, or starting ``error:``) must be in it, in that order, and nothing else;
* ``data: false`` for commands without ``--data``; ``setup:`` a list of hostile files to make
  first: ``{fifo: path}``, ``{folder: path}`` (with ``mode: 0o777`` to set its mode),
  ``{link: path, to: /dev/zero}`` (``to`` relative to the link, or absolute; it takes the place
  of a folder of the base game),
  ``{big: path, bytes: N}``, ``{file: path, text: ...}`` (e.g. a file already in ``out/``; with
  ``times: N`` the text is repeated, between an optional ``head`` and ``tail``: big files stay small here).

Every case runs as its own ``pnp`` process in a temporary folder with ``--data data`` (and
``--out out`` for builds), under an address-space limit of 1.5 GB and a time limit, so a
blow-up fails the case instead of the machine; each case must also stay below half that limit
(its own assertion, so the cases may run in any order); messages show paths such as
``data/klin-zha/board.yaml:12:5``. Whatever the exit code, ``out/`` is afterwards exactly as it
was before (a failed build writes nothing and creates no folder), and nothing of a file outside
the data folder reaches the output: every such file in a case holds the word ``TOPSECRET``,
which must never be printed.
"""
from __future__ import annotations

import os
import re
import resource
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from ruamel.yaml import YAML

HERE = Path(__file__).resolve().parent
REPO_DATA = HERE.parents[1] / "data"
CASES = sorted(p.name for p in HERE.iterdir() if (p / "case.yaml").is_file())

# a line that reports a problem: "data/x.yaml:3:1: ...", "  data/...: error: ...", "--option: ...", "error: ..."
PROBLEM = re.compile(r"^\s*(data/|data:|state|--\w|error:|Error:|warning:|unknown |\S+\.yaml|\S+: no )")


MEMORY_LIMIT = 1536 * 1024 * 1024  # bytes of address space a case may use
TIME_LIMIT = 120  # seconds
SECRET = "TOPSECRET"  # in every file outside a case's data folder: never printed


def _limit():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def _run(args: list[str], cwd: Path) -> tuple[int, str, float]:
    """Run ``pnp args`` as a process under the limits: (exit code, stdout + stderr, peak MB)."""
    env = dict(os.environ, COLUMNS="200", PNP_CACHE_DIR=str(cwd / ".cache"))
    log = cwd / ".output"
    with open(log, "wb") as fh:
        proc = subprocess.Popen([sys.executable, "-m", "pnp.cli.main", *args], cwd=cwd, env=env, preexec_fn=_limit,
                                stdout=fh, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + TIME_LIMIT
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                proc.kill()
                proc.wait()
                pytest.fail(f"pnp {' '.join(args)} ran over {TIME_LIMIT} s")
            time.sleep(0.01)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return proc.returncode, log.read_text(encoding="utf-8", errors="replace"), usage.ru_maxrss / 1024


def _hostile(spec: dict, tmp: Path) -> None:
    for item in spec.get("setup") or []:
        path = tmp / (item.get("fifo") or item.get("folder") or item.get("link") or item.get("big")
                      or item.get("file"))
        path.parent.mkdir(parents=True, exist_ok=True)
        if "fifo" in item:
            os.mkfifo(path)
        elif "folder" in item:
            path.mkdir(exist_ok=True)
            if "mode" in item:
                os.chmod(path, int(item["mode"]))
        elif "link" in item:
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)  # a link in place of a folder of the base game
            path.symlink_to(item["to"])
        elif "file" in item:
            path.write_text(item.get("head", "") + item.get("text", "") * int(item.get("times", 1))
                            + item.get("tail", ""), encoding="utf-8")
        else:
            with open(path, "wb") as fh:
                fh.truncate(int(item["bytes"]))


def _snapshot(folder: Path) -> dict[str, bytes] | None:
    """Every file and folder under ``folder`` with its bytes (None: it does not exist)."""
    if not folder.exists() and not folder.is_symlink():
        return None
    return {str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else b"/")
            for p in sorted(folder.rglob("*"))}


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
def test_bad_case(name, tmp_path, request):
    case = HERE / name
    spec = _setup(case, tmp_path)
    _hostile(spec, tmp_path)
    if spec.get("xfail"):
        request.applymarker(pytest.mark.xfail(reason=spec["xfail"], strict=True))
    args = shlex.split(spec["run"]) + (["--data", "data"] if spec.get("data", True) else [])
    if args[0] in ("build", "proof", "tts"):
        args += ["--out", "out"]
    if args[0] == "build" and not {"-f", "--format"} & set(args):
        args += ["--format", "pdf,svg"]
    before = _snapshot(tmp_path / "out")
    code, output, peak = _run(args, tmp_path)
    assert "Traceback" not in output, output
    assert SECRET not in output, output
    assert peak < MEMORY_LIMIT / 2 ** 20 / 2, f"peak memory {peak:.0f} MB: near the address-space limit"
    assert code == spec["exit"], output
    expected = [ln.strip() for ln in (case / "expected.txt").read_text(encoding="utf-8").splitlines() if ln.strip()]
    assert _problem_lines(output, tmp_path) == expected, output
    if code != 0:
        assert _snapshot(tmp_path / "out") == before, "a failed command changed the output folder"


def test_corpus_size():
    """At least 60 cases, across every command that reads a file or an option."""
    assert len(CASES) >= 60, CASES
    runs = {YAML(typ="safe").load((HERE / c / "case.yaml").read_text(encoding="utf-8"))["run"].split()[0]
            for c in CASES}
    assert {"build", "check", "kniffel", "ordner", "clouds", "silly", "proof", "tts"} <= runs, runs
