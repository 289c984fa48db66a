"""Fixtures shared by every test folder."""
from __future__ import annotations

import re
import sys
import textwrap

import pytest
from hypothesis import HealthCheck, Phase, settings

# No property test fails for being slow: the machine may be busy with other work, so neither an
# example that takes long (deadline) nor slow data generation (too_slow) is an error
settings.register_profile("pnp", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("pnp")
# `make mutation` runs each mutant's tests with this profile: a property that fails says so at
# once instead of shrinking its example for minutes (which mutmut would call a timeout), and every
# run tries the same examples, with no example database carried from one mutant to the next
settings.register_profile("mutation", parent=settings.get_profile("pnp"), phases=(Phase.explicit, Phase.generate),
                          derandomize=True, database=None)


@pytest.fixture
def make_rules_game(tmp_path, monkeypatch):
    """Factory: a data folder ``tmp_path/data`` holding one game whose rules file
    (Python source given by the test) is ``rules.py`` in the game folder, trusted."""
    monkeypatch.setenv("PNP_TRUST", "1")

    def make(name: str, rules_source: str):
        data = tmp_path / "data"
        (data / name).mkdir(parents=True)
        (data / name / "rules.py").write_text(rules_source)
        (data / name / "game.yaml").write_text(textwrap.dedent(f"""\
            name: {name}
            title: {name.title()}
            seed: seed.txt
            rules: rules.py
        """))
        return data

    return make


@pytest.fixture
def make_deck_game(tmp_path):
    """Factory: a data folder ``tmp_path/data`` holding the game ``name``: a single-sided deck
    (deck.yaml, drawn with card.yaml) whose card list is ``cards`` (a YAML list or a file name),
    the layout ``layout`` and any ``files`` more (name -> text)."""

    def make(name: str, layout: str, cards: str, files: dict | None = None) -> "Path":
        game = tmp_path / "data" / name
        game.mkdir(parents=True)
        (game / "game.yaml").write_text(f"name: {name}\ntitle: {name.title()}\n")
        (game / "deck.yaml").write_text(f"kind: deck\ntitle: {name.title()}\nlayout: card.yaml\nback: none\n"
                                        f"cards: {cards}\n")
        (game / "card.yaml").write_text(layout)
        for rel, body in (files or {}).items():
            (game / rel).write_text(body)
        return tmp_path / "data"

    return make
