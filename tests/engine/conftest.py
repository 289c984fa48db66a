"""A tiny throw-away game with its own rules module, for engine tests."""
from __future__ import annotations


import pytest

RULES = '''
import time

from pnp.model.assets import Asset
from pnp.checks import Finding
from pnp.scene import Group, Page, Rect, Text, style

OPTIONS = {"pages": "pages of the sheet", "slow": "seconds per page", "no_single": "leave 'single' out",
           "also": "more one-page assets, comma-separated"}


def _page(i):
    g = Group()
    g.add(Rect(10, 10, 50, 30, style(fill="#336699", stroke="black", width=0.5)))
    g.add(Text(10, 60, f"Seite {i}: äöü ß „x“ ½", size=12))
    return Page(100, 80, g, label=f"p{i}")


def build(game, opts):
    n = int(opts.extra.get("pages", 2))
    slow = float(opts.extra.get("slow", 0))  # seconds per page, to interrupt a build half-way

    def pages():
        for i in range(1, n + 1):
            time.sleep(slow)
            yield _page(i)

    yield Asset("sheet", "Test sheet", pages)
    if not opts.extra.get("no_single"):
        yield Asset("single", "One page", [_page(0)])
    for name in filter(None, str(opts.extra.get("also", "")).split(",")):
        yield Asset(name, "Extra", [_page(7)])


def check(game, state=None):
    if state is not None and "bad" in state.name:
        return [Finding("test.rule", "state is bad", "seed.txt", object="x")]
    return []
'''


@pytest.fixture
def tiny_game(make_rules_game):
    """data dir with one game 'tiny' whose rules file is data/tiny/rules.py (trusted)."""
    return make_rules_game("tiny", RULES)


@pytest.fixture
def two_tiny_games(make_rules_game):
    """data dir with games 'tiny' and 'tiny2' sharing one rules module."""
    data = make_rules_game("tiny", RULES)
    (data / "tiny2").mkdir()
    (data / "tiny2" / "rules.py").write_text(RULES)
    (data / "tiny2" / "game.yaml").write_text((data / "tiny" / "game.yaml").read_text()
                                             .replace("name: tiny", "name: tiny2"))
    return data
