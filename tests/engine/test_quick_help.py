"""`pnp --help` answered from the cache: the same text as Typer's, without importing Typer, and
asked again whenever what the text depends on changes."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from pnp.cli import entry

# the console script's code, run as `pnp` would run it (sys.argv[0] names the program in "Usage:")
SCRIPT = "import sys; sys.argv[0] = 'pnp'; from pnp.cli.entry import run; run()"


def pnp(args: list[str], cache, columns: int = 80, importtime: bool = False) -> subprocess.CompletedProcess:
    env = {**os.environ, "PNP_CACHE_DIR": str(cache), "COLUMNS": str(columns)}
    flags = ["-X", "importtime"] if importtime else []
    return subprocess.run([sys.executable, *flags, "-c", SCRIPT, *args], capture_output=True, text=True, env=env,
                          timeout=120)


def loaded(proc: subprocess.CompletedProcess) -> set[str]:
    return {line.rsplit("|", 1)[1].strip() for line in proc.stderr.splitlines() if line.startswith("import time")}


def live(args: list[str], columns: int) -> str:
    """What Typer prints for ``args`` in a process that never saw a cache."""
    code = ("import sys; sys.argv = ['pnp', *sys.argv[1:]]; from pnp.cli.main import run; run()")
    env = {**os.environ, "COLUMNS": str(columns), "PNP_CACHE_DIR": os.devnull}
    proc = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


@pytest.mark.parametrize("args", [["--help"], ["build", "--help"], ["silly", "--help"]])
def test_a_help_text_asked_twice_is_typers_text_the_second_time_without_typer(tmp_path, args):
    first = pnp(args, tmp_path)
    second = pnp(args, tmp_path, importtime=True)
    assert first.returncode == second.returncode == 0
    assert first.stdout == second.stdout == live(args, 80)
    assert "Usage: pnp" in first.stdout and "--help" in first.stdout
    modules = loaded(second)
    assert not {m for m in modules if m.split(".")[0] in {"typer", "click", "pydantic", "reportlab", "yaml"}}
    assert "pnp.cli.main" not in modules
    assert sum(m.startswith("pnp") for m in modules) <= 5, sorted(m for m in modules if m.startswith("pnp"))


def test_the_kept_text_follows_the_terminal_width(tmp_path):
    narrow, wide = pnp(["--help"], tmp_path, 60), pnp(["--help"], tmp_path, 80)
    again = pnp(["--help"], tmp_path, 60)
    assert narrow.stdout == again.stdout == live(["--help"], 60) != wide.stdout
    assert max(map(len, narrow.stdout.splitlines())) <= 60 < max(map(len, wide.stdout.splitlines()))


def test_a_failed_help_request_is_not_kept(tmp_path):
    for _ in range(2):
        proc = pnp(["no-such-command", "--help"], tmp_path)
        assert proc.returncode == 2 and "No such command" in proc.stderr and proc.stdout == ""
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("help-")]
    assert pnp(["--help"], tmp_path).returncode == 0
    assert len([p for p in tmp_path.iterdir() if p.name.startswith("help-")]) == 1


def test_a_damaged_kept_text_is_asked_for_again(tmp_path):
    good = pnp(["--help"], tmp_path).stdout
    (kept,) = [p for p in tmp_path.iterdir() if p.name.startswith("help-")]
    kept.write_bytes(kept.read_bytes()[:-5] + b"XXXXX")
    assert pnp(["--help"], tmp_path).stdout == good


@pytest.mark.parametrize("argv, asked", [
    (["--help"], True), (["build", "--help"], True), (["silly", "neighbours", "--help"], True),
    (["build", "kafkas-halle", "--help"], True),
    ([], False), (["build"], False), (["--trust", "--help"], False), (["build", "--help", "x"], False),
    (["build", "-f", "pdf", "--help"], False), (["Build", "--help"], False), (["build", "-h"], False),
    (["a", "b", "c", "d", "--help"], False), (["build", "--data=x", "--help"], False),
])
def test_only_command_words_then_help_are_a_help_request(argv, asked):
    assert entry.asked_for_help(argv) is asked


def test_the_key_names_the_words_the_width_the_sources_and_typer(monkeypatch):
    from pnp.load import cache

    base = entry.help_key(["--help"])
    assert entry.help_key(["build", "--help"]) != base
    monkeypatch.setenv("COLUMNS", "61")
    narrow = entry.help_key(["--help"])
    assert narrow != base
    monkeypatch.setattr(cache, "source_stamp", lambda: "another pnp")
    other = entry.help_key(["--help"])
    assert other != narrow
    monkeypatch.setattr(sys, "argv", ["python -m pnp.cli.entry", "--help"])  # "Usage:" names the program
    assert entry.help_key(["--help"]) != other
    import typer

    assert os.path.dirname(typer.__file__) in base


def test_the_source_stamp_follows_every_source_file(tmp_path):
    from pnp.load import cache

    src = tmp_path / "pkg"
    (src / "sub").mkdir(parents=True)
    (src / "a.py").write_text("x = 1\n")
    (src / "sub" / "b.py").write_text("y = 1\n")
    (src / "notes.txt").write_text("not a source")
    stamps = [cache.source_stamp.__wrapped__(src)]
    (src / "notes.txt").write_text("still not a source")
    stamps.append(cache.source_stamp.__wrapped__(src))
    (src / "sub" / "b.py").write_text("y = 2\n")
    stamps.append(cache.source_stamp.__wrapped__(src))
    (src / "sub" / "c.py").write_text("")
    stamps.append(cache.source_stamp.__wrapped__(src))
    assert stamps[0] == stamps[1] and len(set(stamps[1:])) == 3


def test_help_run_as_a_module_is_not_answered_with_the_scripts_text(tmp_path):
    env = {**os.environ, "PNP_CACHE_DIR": str(tmp_path), "COLUMNS": "80"}
    script = pnp(["--help"], tmp_path)
    module = [subprocess.run([sys.executable, "-m", "pnp.cli.entry", "--help"], capture_output=True, text=True,
                             env=env, timeout=120) for _ in range(2)]
    assert script.stdout.startswith("Usage: pnp [OPTIONS]")
    assert all(m.returncode == 0 and m.stdout.startswith("Usage: python -m pnp.cli.entry") for m in module)
    assert pnp(["--help"], tmp_path).stdout == script.stdout
