"""Same data, same bytes: `pnp build all` (PDF, SVG and PNG) run under two different
PYTHONHASHSEED values and on two different days gives byte-identical files.

The second build runs with every clock of the process moved years ahead by
time-machine (it patches the C-level clock functions that reportlab, pillow
and the standard library read), in another time zone. Both builds run at the
same time to keep the test short; PNGs at 40 dpi.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

FAKE_DAY = "2031-02-03 04:05:06"

# start pnp on FAKE_DAY, and say which year the process saw
SHIFTED_CLOCK = f"""
import sys, time, time_machine
with time_machine.travel({FAKE_DAY!r}, tick=True):
    print("year", time.gmtime().tm_year, file=sys.stderr)
    sys.argv = ["pnp"] + sys.argv[1:]
    from pnp.cli.main import main
    try:
        main()
    except SystemExit as exc:
        sys.exit(exc.code)
"""


def _digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _command(out: Path, fake_day: bool) -> list[str]:
    args = ["build", "all", "--format", "pdf,svg,png", "--dpi", "40", "--out", str(out), "--json"]
    if not fake_day:
        return [sys.executable, "-m", "pnp.cli.main", *args]
    return [sys.executable, "-c", SHIFTED_CLOCK, *args]


def test_build_all_is_byte_identical_across_hash_seeds_and_days(tmp_path):
    runs = {"today": (tmp_path / "a", "1", False), "2031": (tmp_path / "b", "4242", True)}
    procs = {}
    for name, (out, seed, fake) in runs.items():
        env = dict(os.environ, PYTHONHASHSEED=seed, TZ="UTC" if not fake else "Asia/Kathmandu")
        procs[name] = subprocess.Popen(_command(out, fake), env=env, cwd=tmp_path,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    errors = {}
    for name, p in procs.items():
        so, se = p.communicate(timeout=900)
        errors[name] = se.decode()
        assert p.returncode == 0, f"{name}: {errors[name][-3000:]}"
    assert "year 2031" in errors["2031"]  # the moved clock really was in effect
    a, b = _digest(runs["today"][0]), _digest(runs["2031"][0])
    kinds = {Path(k).suffix for k in a}
    assert {".pdf", ".svg", ".png"} <= kinds, kinds
    assert len(a) > 100, len(a)
    assert sorted(a) == sorted(b), set(a) ^ set(b)
    differ = sorted(k for k in a if a[k] != b[k])
    assert not differ, f"{len(differ)} of {len(a)} files differ, e.g. {differ[:5]}"
