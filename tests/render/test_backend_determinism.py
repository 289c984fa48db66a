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


def _texts_page():
    """Texts the walker draws and skips, nested and wrapped, and one whose lines are all empty."""
    from backend_readback import build_scene
    from pnp.scene.primitives import Group, Text

    page = build_scene()
    page.content.add(Text(20, 60, "unsichtbar", fill=None), Text(20, 62, ""), Text(20, 64, "\n"),
                     Group([Group([Text(30, 80, "Ein langer Satz, der umbrochen wird", box=(25, 20))])]),
                     Text(120, 80, "klein", box=(30, 5), shrink=True, valign="bottom", anchor="end"))
    return page


def test_text_laid_out_elsewhere_draws_the_same_bytes():
    """A drawer process draws pages whose text the build laid out (page.laid_out): same PDF and SVG."""
    import pickle

    from pnp.render.base import lay_out
    from pnp.render.pdf import render_pdf_bytes
    from pnp.render.svg import svg_string

    plain = _texts_page()
    laid = _texts_page()
    laid.laid_out = lay_out(laid)
    laid = pickle.loads(pickle.dumps(laid, pickle.HIGHEST_PROTOCOL))  # as the drawer receives it
    assert len(laid.laid_out) == 5 and len(laid.laid_out[3]) > 1
    assert laid.laid_out[2] == []  # "\n": two empty lines, nothing drawn, still one entry
    assert render_pdf_bytes([laid], title="t") == render_pdf_bytes([plain], title="t")
    assert svg_string(laid) == svg_string(plain)


def test_lines_that_do_not_match_the_page_are_refused():
    import pytest

    from pnp.render.base import lay_out
    from pnp.render.pdf import render_pdf_bytes

    for cut in (lambda lines: lines[:-1], lambda lines: lines + ([],)):
        page = _texts_page()
        page.laid_out = cut(lay_out(page))
        with pytest.raises(ValueError, match="than lines laid out"):
            render_pdf_bytes([page])
