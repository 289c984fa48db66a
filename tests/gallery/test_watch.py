"""Watch mode in a thread: a save rebuilds, bad data is reported with its
line and the watcher keeps going, the next good save rebuilds again, and
setting the stop event ends it."""
from __future__ import annotations

import re
import threading

import pytest

from pypdf import PdfReader
from waiting import PATIENCE, wait_until

from pnp.model.assets import BuildOptions
from pnp.cli.watch import watch


def _wait_for(pred) -> bool:
    try:
        return bool(wait_until(pred, "a line of the watcher"))
    except AssertionError:
        return False


def _fill(pdf):
    """The swatch's fill colour as written in the PDF's content stream."""
    return PdfReader(str(pdf)).pages[0].get_contents().get_data()


def test_watch_rebuilds_on_save_survives_errors_and_stops(swatch_game, tmp_path):
    out = tmp_path / "out"
    lines: list[str] = []
    stop = threading.Event()
    t = threading.Thread(target=watch, args=("swatch", swatch_game, out, BuildOptions(), ["pdf"]),
                         kwargs=dict(echo=lines.append, stop=stop, debounce=0.2), daemon=True)
    t.start()
    pdf = out / "swatch" / "swatch.pdf"
    try:
        assert _wait_for(lambda: any(line.startswith("watching") for line in lines)), lines
        assert pdf.is_file() and (out / "index.html").is_file()  # the gallery is written before "watching"
        red = _fill(pdf)

        look = swatch_game / "swatch" / "look.yaml"
        n = len(lines)
        look.write_text("fill: '#0000ff'\n")
        assert _wait_for(lambda: any(line.startswith("rebuilt") for line in lines[n:])), lines
        assert any("changed:" in line and "look.yaml" in line for line in lines[n:])
        blue = _fill(pdf)
        assert blue != red

        n = len(lines)
        look.write_text("fill: '#0000ff'\nbroken: [\n")  # unclosed list: a YAML syntax error
        assert _wait_for(lambda: any("nothing was written" in line for line in lines[n:])), lines
        assert any(re.search(r"look\.yaml:\d+:\d+", line) for line in lines[n:]), lines[n:]
        assert _fill(pdf) == blue  # the last good output is untouched
        assert t.is_alive()

        n = len(lines)
        look.write_text("fill: '#00ff00'\n")
        assert _wait_for(lambda: any(line.startswith("rebuilt") for line in lines[n:])), lines
        assert _fill(pdf) not in (red, blue)

        n = len(lines)  # an editor saving via a temp file renamed over the original
        tmp = swatch_game / "swatch" / "sedAb12Z"
        tmp.write_text("fill: '#ffff00'\n")
        tmp.replace(look)
        assert _wait_for(lambda: any(line.startswith("rebuilt") for line in lines[n:])), lines
        reported = [line for line in lines[n:] if line.startswith(("changed", "removed"))]
        assert reported == ["changed: swatch/look.yaml"], reported

        n = len(lines)  # an editor's swap file, then a real save: the rebuild names only the real file
        (swatch_game / "swatch" / ".look.yaml.swp").write_text("editor junk")
        look.write_text("fill: '#00ffff'\n")
        assert _wait_for(lambda: any(line.startswith("rebuilt") for line in lines[n:])), lines
        reported = [line for line in lines[n:] if line.startswith(("changed", "removed"))]
        assert reported == ["changed: swatch/look.yaml"], reported
    finally:
        stop.set()
        t.join(timeout=PATIENCE)
    assert not t.is_alive()


def _interrupted(args: list[str], game, sig: str) -> tuple[int, str, str]:
    """Run ``python args`` (a watcher), wait until it watches, send it ``sig``; (exit code, out, err)."""
    import os
    import signal
    import subprocess
    import sys

    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(game.parent / "mods")] + sys.path))
    proc = subprocess.Popen([sys.executable, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    hung = threading.Timer(PATIENCE, proc.kill)  # a watcher that never says "watching" ends the wait
    hung.start()
    try:
        seen = ""
        while "watching" not in seen:  # a line at a time, until the watcher says it watches (or ends)
            line = proc.stdout.readline()
            assert line, seen + proc.stderr.read()
            seen += line
        proc.send_signal(getattr(signal, sig))
        out, err = proc.communicate(timeout=PATIENCE)
    finally:
        hung.cancel()
        if proc.poll() is None:
            proc.kill()
    return proc.returncode, out, err


def test_ctrl_c_stops_cleanly(swatch_game, tmp_path):
    """SIGINT (Ctrl-C) ends the watcher function with a message, no traceback; it returns."""
    code = ("import sys; from pathlib import Path; from pnp.model.assets import BuildOptions; from pnp.cli.watch import watch; "
            "watch('swatch', Path(sys.argv[1]), Path(sys.argv[2]), BuildOptions(), ['pdf'], "
            "echo=lambda s: print(s, flush=True))")
    code, out, err = _interrupted(["-c", code, str(swatch_game), str(tmp_path / "out")], swatch_game, "SIGINT")
    assert code == 0, err
    assert "stopped." in out and "Traceback" not in err


@pytest.mark.parametrize("sig", ["SIGINT", "SIGTERM"])
def test_pnp_watch_ends_with_130_when_interrupted(swatch_game, tmp_path, sig, monkeypatch):
    """The README's exit table: 130 for Ctrl-C and SIGTERM, for pnp watch as for every command."""
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    code, out, err = _interrupted(["-m", "pnp.cli.main", "watch", "swatch", "--data", str(swatch_game),
                                   "--out", str(tmp_path / "out"), "-f", "pdf"], swatch_game, sig)
    assert code == 130, err
    assert "stopped." in out and "Traceback" not in err
