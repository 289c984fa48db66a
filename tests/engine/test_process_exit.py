"""`pnp` ends its process without tearing the interpreter down (pnp.cli.main.run), yet as a
normal exit would: exit handlers run, every line of output arrives, the exit code is the command's."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

SCRIPT = """
import atexit, sys
marker = sys.argv.pop(1)
atexit.register(lambda: open(marker, "w").write("exit handlers ran"))
sys.argv[0] = "pnp"
from pnp.cli.main import run
run()
"""


def _pnp(tmp_path, *args):
    marker = tmp_path / "marker"
    marker.unlink(missing_ok=True)
    proc = subprocess.run([sys.executable, "-c", SCRIPT, str(marker), *args], capture_output=True, text=True)
    return proc, marker.read_text() if marker.exists() else None


def test_a_command_that_succeeds(tmp_path):
    proc, marker = _pnp(tmp_path, "list", "--json")
    assert proc.returncode == 0, proc.stderr
    assert marker == "exit handlers ran"
    games = json.loads(proc.stdout)  # all of it, flushed before the process ended
    assert {"kafkas-halle", "18-kniffel"} <= {g["game"] for g in games}


def test_a_command_that_fails_keeps_its_code_and_message(tmp_path):
    proc, marker = _pnp(tmp_path, "build", "kafkas-halle", "-f", "tiff")
    assert proc.returncode == 2 and "tiff" in proc.stderr and "Traceback" not in proc.stderr
    assert marker == "exit handlers ran"
    proc, marker = _pnp(tmp_path, "no-such-command")
    assert proc.returncode == 2 and "No such command" in proc.stderr and marker == "exit handlers ran"


TEARDOWN = """
import atexit, runpy, sys

class Watch:  # its __del__ runs only when the interpreter is torn down
    def __del__(self):
        print("torn down", flush=True)

watch = Watch()
atexit.register(lambda: print("exit handlers ran", flush=True))
sys.argv = ["pnp", "list"]
runpy.run_module({module!r}, run_name="__main__")
"""


@pytest.mark.parametrize("module", ["pnp.cli", "pnp.cli.main", "pnp.cli.entry"])
def test_python_dash_m_ends_without_teardown(module):
    """`python -m pnp.cli` and `python -m pnp.cli.main` run the command, its exit handlers and
    flushes, then end: an object that would be freed by a teardown never is."""
    proc = subprocess.run([sys.executable, "-c", TEARDOWN.format(module=module)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert "kafkas-halle" in proc.stdout and "exit handlers ran" in proc.stdout
    assert "torn down" not in proc.stdout


def test_the_installed_command_is_run():
    from importlib.metadata import entry_points

    (pnp,) = [e for e in entry_points(group="console_scripts") if e.name == "pnp"]
    assert pnp.value == "pnp.cli.entry:run"  # which runs pnp.cli.main's run, or prints a kept help text


def test_a_kept_help_text_ends_the_process_as_a_command_does(tmp_path):
    """A help request answered from the cache runs the exit handlers and flushes too."""
    import os

    script = SCRIPT.replace("from pnp.cli.main import run", "from pnp.cli.entry import run")
    env = {**os.environ, "PNP_CACHE_DIR": str(tmp_path / "cache")}
    for i in range(2):  # Typer's answer, then the kept one
        marker = tmp_path / f"m{i}"
        proc = subprocess.run([sys.executable, "-c", script, str(marker), "--help"], capture_output=True, text=True,
                              env=env, timeout=120)
        assert proc.returncode == 0 and proc.stdout.startswith("Usage: pnp") and proc.stderr == ""
        assert marker.read_text() == "exit handlers ran"
