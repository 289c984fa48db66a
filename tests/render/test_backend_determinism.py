"""Same scene, fresh interpreters with different hash seeds: byte-identical files."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

SCRIPT = """
import hashlib, sys
sys.path.insert(0, {here!r})
from backend_readback import build_scene
from pnp.render.pdf import render_pdf_bytes
from pnp.render.png import png_bytes
from pnp.render.svg import svg_string
print(hashlib.sha256(render_pdf_bytes([build_scene(), build_scene()], title="t")).hexdigest(),
      hashlib.sha256(svg_string(build_scene()).encode()).hexdigest(),
      hashlib.sha256(png_bytes(build_scene(), dpi=60)).hexdigest())
"""


def digests(seed: str) -> str:
    env = dict(os.environ, PYTHONHASHSEED=seed)
    return subprocess.run([sys.executable, "-c", SCRIPT.format(here=str(HERE))], env=env, check=True,
                          capture_output=True, text=True).stdout


def test_outputs_do_not_depend_on_the_process():
    first = digests("1")
    assert len(first.split()) == 3
    assert digests("4242") == first
