"""Fixtures for the gallery, preview, TTS and watch tests (helpers live in galhelp.py)."""
from __future__ import annotations

import sys
import textwrap

import pytest

from galhelp import CHECKED_RULES, build_real_games


@pytest.fixture(scope="session")
def real_output(tmp_path_factory):
    """(out, data, built games, index.html) for real games built into a temp folder."""
    from pnp.gallery import write_gallery

    out, data, built, skipped = build_real_games(tmp_path_factory.mktemp("real"))
    if not built:
        pytest.skip("no game in data/ builds yet: " + "; ".join(skipped or ["no games"]))
    return out, data, built, write_gallery(out, data)


@pytest.fixture
def swatch_game(tmp_path, monkeypatch):
    """A data folder with one tiny game 'swatch' whose colour comes from look.yaml."""
    mods = tmp_path / "mods"
    mods.mkdir()
    mod = f"swatch_rules_{abs(hash(str(tmp_path))) % 10**8}"
    (mods / f"{mod}.py").write_text(CHECKED_RULES)
    monkeypatch.syspath_prepend(str(mods))
    data = tmp_path / "data"
    (data / "swatch").mkdir(parents=True)
    (data / "swatch" / "game.yaml").write_text(textwrap.dedent(f"""\
        name: swatch
        title: Swatch game
        seed: seed.txt
        rules: {mod}
    """))
    (data / "swatch" / "look.yaml").write_text("fill: '#ff0000'\n")
    yield data
    sys.modules.pop(mod, None)
