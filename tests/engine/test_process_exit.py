"""`pnp` ends its process without tearing the interpreter down (pnp.cli.main.run), yet as a
normal exit would: exit handlers run, every line of output arrives, the exit code is the command's."""
from __future__ import annotations

import json
import subprocess
import sys

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


def test_the_module_and_the_installed_command_both_end_this_way():
    from pathlib import Path

    import pnp.cli

    here = Path(pnp.cli.__file__).parent
    assert "run()" in (here / "__main__.py").read_text()
    assert (here / "main.py").read_text().rstrip().endswith('if __name__ == "__main__":\n    run()')
    pyproject = Path(pnp.cli.__file__).parents[2] / "pyproject.toml"
    assert 'pnp = "pnp.cli.main:run"' in pyproject.read_text()
