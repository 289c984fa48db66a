"""A tiny throw-away game with its own rules module, for engine tests."""
from __future__ import annotations


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
def tiny_game(make_rules_game):
    """data dir with one game 'tiny' whose rules module lives in tmp_path/mods."""
    return make_rules_game("tiny", RULES)
