"""Millimetres, points and inches convert in one module, pnp/scene/units.py, under names that say
which way they go: no other module of pnp/ defines a conversion constant or writes the numbers
behind one (25.4 mm an inch, 0.3528 mm a point, 2.8346 points a mm)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from pnpsource import HAND_DRAWN, PNP, modules

from pnp.scene.units import MM_PER_PT, PT_PER_MM, dpi_of, mm_to_pt, mm_to_px, pt_to_mm, px_per_mm

UNITS = "scene/units.py"

# a constant's name that can only be a unit factor: PT, MM, PTS, MM_PER_PT, PT_PER_MM, POINTS_PER_MM, ...
_NAME = re.compile(r"^_?(PTS?|MM|POINTS?|INCH(ES)?|(MM|PTS?|POINTS?|PX)_PER_(MM|PTS?|POINTS?|INCH))$")


def _suspect(value: object) -> bool:
    """25.4, or a rounded mm-per-point or point-per-mm factor."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return value == 25.4 or abs(value - 25.4 / 72) < 5e-4 or abs(value - 72 / 25.4) < 5e-3


def findings(tree: ast.Module, rel: str) -> list[str]:
    """``rel:line: what`` for every unit constant or conversion number in the module ``tree``."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and _suspect(node.value):
            out.append(f"{rel}:{node.lineno}: the number {node.value!r} (use pnp.scene.units)")
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, (ast.AnnAssign, ast.AugAssign)) else []
        for t in targets:
            if isinstance(t, ast.Name) and _NAME.match(t.id):
                out.append(f"{rel}:{node.lineno}: defines {t.id} (use pnp.scene.units)")
    return out


def violations(root: Path = PNP, skip: frozenset[str] = HAND_DRAWN) -> list[str]:
    return [f for rel, tree in modules(root, skip | {UNITS}) for f in findings(tree, rel)]


def test_one_module_defines_the_units():
    assert violations() == []


def test_the_exclusions_name_modules_that_exist():
    """A hand-drawing module that was deleted leaves the list (tests/handdrawn.py)."""
    assert [rel for rel in sorted(HAND_DRAWN) if not (PNP / rel).is_file()] == []


@pytest.mark.parametrize("src, hit", [
    ("PT = 25.4 / 72  # mm per point\n", ["defines PT", "25.4"]),
    ("def f(size):\n    return size * 0.3528\n", ["0.3528"]),
    ("MM_PER_PT = 0.35277\n", ["defines MM_PER_PT", "0.35277"]),
    ("PTS_PER_MM = 2.835\n", ["defines PTS_PER_MM", "2.835"]),
    ("points = 3\nmm = 2\n", []),
    ("from pnp.scene.units import MM_PER_PT\nline = 12 * MM_PER_PT * 1.2\n", []),
])
def test_the_check_sees_a_second_definition(tmp_path, src, hit):
    (tmp_path / "m.py").write_text(src, encoding="utf-8")
    found = violations(tmp_path, frozenset())
    assert len(found) == len(hit) and all(h in f for h, f in zip(hit, found)), found


def test_the_names_say_which_way_they_go():
    assert pt_to_mm(72) == pytest.approx(25.4) and mm_to_pt(25.4) == pytest.approx(72)
    assert 12 * MM_PER_PT == pytest.approx(4.2333, abs=1e-4) and 10 * PT_PER_MM == pytest.approx(28.3465, abs=1e-4)
    assert mm_to_px(25.4, 300) == pytest.approx(300) and px_per_mm(254) == pytest.approx(10)
    assert dpi_of(300, 25.4) == pytest.approx(300)
