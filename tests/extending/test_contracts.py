"""The typed contracts: a renderer (required calls, optional ones with defaults) and a game's
rules module, each with the do-nothing example in examples/extending/ run here."""
from __future__ import annotations

import runpy
from pathlib import Path

import pytest

from pnp.render import base
from pnp.render.base import OPTIONAL, REQUIRED, Renderer, walk
from pnp.scene import Group, Page, Rect, Text, color, style

ROOT = Path(__file__).resolve().parents[2]


def test_the_null_renderer_gets_hatch_lines_and_pictures_as_shapes():
    example = runpy.run_path(str(ROOT / "examples" / "extending" / "null_renderer.py"))
    r = example["NullRenderer"]()
    assert isinstance(r, Renderer)
    walk(r, example["sample"]())
    calls = dict(r.calls)
    # the box filled and outlined, and the picture's placeholder (Renderer.image); each hatch line a path
    assert calls["Rect"] == 3 and calls["Path"] >= 8 and calls["line"] == 1 and calls["page"] == 1


def test_every_backend_implements_the_required_calls_itself():
    from pnp.render.pdf import PdfRenderer
    from pnp.render.survey import Survey
    from pnp.render.svg import SvgRenderer

    for backend in (PdfRenderer, SvgRenderer, Survey, base.Tee):
        missing = [m for m in REQUIRED + OPTIONAL if getattr(backend, m) is getattr(Renderer, m)]
        assert missing == [], (backend.__name__, missing)


class Quiet(Renderer):
    """Every required call, doing nothing."""

    def begin_page(self, page): pass
    def end_page(self, page): pass
    def begin_group(self, group): pass
    def end_group(self, group): pass
    def shape(self, node, style, alpha): pass
    def text(self, t, lines, alpha): pass


def test_a_renderer_without_a_required_call_fails_loudly():
    class NoText(Quiet):
        text = Renderer.text

    page = Page(50, 50, Group([Rect(1, 1, 5, 5, style(fill="red")), Text(5, 20, "x", fill=color("black"))]))
    walk(Quiet(), page)
    with pytest.raises(NotImplementedError):
        walk(NoText(), page)


def test_the_default_segments_stroke_each_line_in_the_hatch_colour():
    seen = []

    class Shapes(Quiet):
        def shape(self, node, st, alpha):
            seen.append((type(node).__name__, st.stroke, st.stroke_width, alpha))

    Shapes().segments([(0, 0, 10, 0), (0, 5, 10, 5)], color("#123456"), 0.3, 0.5)
    assert seen == [("Path", color("#123456"), 0.3, 0.5)] * 2


def test_the_readme_names_every_data_kind_in_the_registry():
    import re

    from pnp.layout.kinds import KINDS

    line = re.search(r"^kind: deck +# (.*)$", (ROOT / "README.md").read_text(encoding="utf-8"), re.M)[1]
    assert line.split(" | ") == list(KINDS)
