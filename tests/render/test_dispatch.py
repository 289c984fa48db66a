"""pnp.render.write: one entry point per format, drawing modules loaded lazily."""
from __future__ import annotations

import subprocess
import sys

import pytest

from backend_readback import build_scene
from pnp import render as backends
@pytest.mark.parametrize("fmt,magic", [("pdf", b"%PDF-"), ("svg", b"<?xml"), ("png", b"\x89PNG")])
def test_write_each_format(fmt, magic, tmp_path):
    out = tmp_path / f"x.{fmt}"
    backends.write(fmt, build_scene(), out, dpi=50, title="x")
    assert out.read_bytes().startswith(magic)


def test_pdf_takes_many_pages_others_one(tmp_path):
    backends.write("pdf", iter([build_scene(), build_scene()]), tmp_path / "two.pdf")
    assert (tmp_path / "two.pdf").read_bytes().count(b"/Type /Page\n") == 2
    with pytest.raises(TypeError, match="one page"):
        backends.write("svg", [build_scene()], tmp_path / "x.svg")
    with pytest.raises(ValueError, match="unknown format 'tiff'"):
        backends.write("tiff", build_scene(), tmp_path / "x.tiff")
    assert list(backends.FORMATS) == ["pdf", "svg", "png", "png-cards"]
    assert [f.ext for f in backends.FORMATS.values()] == [".pdf", ".svg", ".png", ".png"]  # png-cards are PNGs


def test_importing_the_package_loads_no_drawing_library():
    code = ("import sys, pnp.render; "
            "print(sorted(m for m in ('reportlab', 'svgwrite', 'PIL') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert out.strip() == "[]"
