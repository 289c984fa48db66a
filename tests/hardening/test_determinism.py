"""Same data, same bytes: `pnp build all` (PDF, SVG and PNG) run under two different
PYTHONHASHSEED values and on two different days gives byte-identical files.

The second build runs under libfaketime (``faketime '2031-02-03 04:05:06'``, Debian package
``faketime``) when it is installed, so every clock the process can read is years off; without
it, the clock is moved in-process before pnp starts (time.time/localtime/gmtime and
datetime.now), which covers what reportlab and pillow read. Both builds run at the same time
to keep the test short; PNGs at 40 dpi.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FAKE_DAY = "2031-02-03 04:05:06"

# start pnp with every Python clock set to FAKE_DAY (fallback when libfaketime is missing)
SHIFTED_CLOCK = f"""
import datetime, sys, time
fake = datetime.datetime.fromisoformat({FAKE_DAY!r}).timestamp()
offset = fake - time.time()
real_time, real_local, real_gm = time.time, time.localtime, time.gmtime
time.time = lambda: real_time() + offset
time.time_ns = lambda: int(time.time() * 1e9)
time.localtime = lambda t=None: real_local(time.time() if t is None else t)
time.gmtime = lambda t=None: real_gm(time.time() if t is None else t)
class FakeDateTime(datetime.datetime):
    @classmethod
    def now(cls, tz=None):
        return datetime.datetime.fromtimestamp(time.time(), tz)
    @classmethod
    def utcnow(cls):
        return datetime.datetime.utcfromtimestamp(time.time())
datetime.datetime = FakeDateTime
sys.argv = ["pnp"] + sys.argv[1:]
from pnp.cli import main
main()
"""


def _digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _command(out: Path, fake_day: bool) -> list[str]:
    args = ["build", "all", "--format", "pdf,svg,png", "--dpi", "40", "--out", str(out), "--json"]
    if not fake_day:
        return [sys.executable, "-m", "pnp.cli", *args]
    if shutil.which("faketime"):
        return ["faketime", FAKE_DAY, sys.executable, "-m", "pnp.cli", *args]
    return [sys.executable, "-c", SHIFTED_CLOCK, *args]


def test_build_all_is_byte_identical_across_hash_seeds_and_days(tmp_path):
    runs = {"today": (tmp_path / "a", "1", False), "2031": (tmp_path / "b", "4242", True)}
    procs = {}
    for name, (out, seed, fake) in runs.items():
        env = dict(os.environ, PYTHONHASHSEED=seed, TZ="UTC" if not fake else "Asia/Kathmandu")
        procs[name] = subprocess.Popen(_command(out, fake), env=env, cwd=tmp_path,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    for name, p in procs.items():
        so, se = p.communicate(timeout=900)
        assert p.returncode == 0, f"{name}: {se.decode()[-3000:]}"
    if shutil.which("faketime"):
        # the fake clock really was in effect for the second build
        probe = subprocess.run(["faketime", FAKE_DAY, sys.executable, "-c", "import time; print(time.gmtime().tm_year)"],
                               capture_output=True, text=True, check=True)
        assert probe.stdout.strip() == "2031"
    a, b = _digest(runs["today"][0]), _digest(runs["2031"][0])
    kinds = {Path(k).suffix for k in a}
    assert {".pdf", ".svg", ".png"} <= kinds, kinds
    assert len(a) > 100, len(a)
    assert sorted(a) == sorted(b), set(a) ^ set(b)
    differ = sorted(k for k in a if a[k] != b[k])
    assert not differ, f"{len(differ)} of {len(a)} files differ, e.g. {differ[:5]}"
