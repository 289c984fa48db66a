"""Fixtures for the gallery, preview, TTS and watch tests (helpers live in galhelp.py)."""
from __future__ import annotations


import pytest

from galhelp import CHECKED_RULES, build_real_games


@pytest.fixture(scope="session")
def real_output(tmp_path_factory):
    """(out, data, built games, index.html) for real games built into a temp folder."""
    from pnp.output.gallery import write_gallery

    out, data, built = build_real_games(tmp_path_factory.mktemp("real"))
    return out, data, built, write_gallery(out, data)


@pytest.fixture
def swatch_game(make_rules_game):
    """A data folder with one tiny game 'swatch' whose colour comes from look.yaml."""
    data = make_rules_game("swatch", CHECKED_RULES)
    (data / "swatch" / "look.yaml").write_text("fill: '#ff0000'\n")
    return data
