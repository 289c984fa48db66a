"""A tiny throw-away game with its own rules module, for engine tests."""
from __future__ import annotations

import sys
import textwrap

import pytest

RULES = '''
from pnp.assets import Asset
from pnp.checks import Finding
from pnp.scene import Group, Page, Rect, Text, style


def _page(i):
    g = Group()
    g.add(Rect(10, 10, 50, 30, style(fill="#336699", stroke="black", width=0.5)))
    g.add(Text(10, 60, f"Seite {i}: äöü ß „x“ ½", size=12))
    return Page(100, 80, g, label=f"p{i}")


def build(game, opts):
    n = int(opts.extra.get("pages", 2))
    yield Asset("sheet", "Test sheet", lambda: (_page(i) for i in range(1, n + 1)))
    yield Asset("single", "One page", [_page(0)])


def check(game, state=None):
    if state is not None and "bad" in state.name:
        return [Finding("test.rule", "state is bad", "seed.txt", object="x")]
    return []
'''


@pytest.fixture
def tiny_game(tmp_path, monkeypatch):
    """data dir with one game 'tiny' whose rules module lives in tmp_path."""
    mod_dir = tmp_path / "mods"
    mod_dir.mkdir()
    name = f"tiny_rules_{abs(hash(str(tmp_path))) % 10**8}"
    (mod_dir / f"{name}.py").write_text(RULES)
    monkeypatch.syspath_prepend(str(mod_dir))
    data = tmp_path / "data"
    (data / "tiny").mkdir(parents=True)
    (data / "tiny" / "game.yaml").write_text(textwrap.dedent(f"""\
        name: tiny
        title: Tiny
        seed: seed.txt
        rules: {name}
    """))
    yield data
    sys.modules.pop(name, None)
