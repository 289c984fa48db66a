"""Watch mode in a thread: a save rebuilds, bad data is reported with its
line and the watcher keeps going, the next good save rebuilds again, and
setting the stop event ends it."""
from __future__ import annotations

import threading
import time

from pypdf import PdfReader

from pnp.assets import BuildOptions
from pnp.watch import watch


def _wait_for(pred, timeout=15.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return True
        time.sleep(0.05)
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
        assert pdf.is_file() and (out / "index.html").is_file()
        red = _fill(pdf)

        look = swatch_game / "swatch" / "look.yaml"
        n = len(lines)
        look.write_text("fill: '#0000ff'\n")
        assert _wait_for(lambda: any(line.startswith("rebuilt") for line in lines[n:])), lines
        assert any("changed:" in line and "look.yaml" in line for line in lines[n:])
        blue = _fill(pdf)
        assert blue != red

        n = len(lines)
        look.write_text("fill: '#0000ff'\nbroken: [\n")  # YAML syntax error on line 2
        assert _wait_for(lambda: any("nothing was written" in line for line in lines[n:])), lines
        assert any(":2:" in line and "look.yaml" in line for line in lines[n:]), lines[n:]
        assert _fill(pdf) == blue  # the last good output is untouched
        assert t.is_alive()

        n = len(lines)
        look.write_text("fill: '#00ff00'\n")
        assert _wait_for(lambda: any(line.startswith("rebuilt") for line in lines[n:])), lines
        assert _fill(pdf) not in (red, blue)

        n = len(lines)
        (swatch_game / "swatch" / ".look.yaml.swp").write_text("editor junk")
        time.sleep(0.6)
        assert not any(line.startswith(("changed", "rebuilt")) for line in lines[n:])
    finally:
        stop.set()
        t.join(timeout=5)
    assert not t.is_alive()
