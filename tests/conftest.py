"""Fixtures shared by every test folder."""
from __future__ import annotations

import re
import sys
import textwrap

import pytest


@pytest.fixture
def make_rules_game(tmp_path, monkeypatch):
    """Factory: a data folder ``tmp_path/data`` holding one game whose rules module
    (Python source given by the test) lives in ``tmp_path/mods`` on sys.path."""
    made: list[str] = []

    def make(name: str, rules_source: str):
        mods = tmp_path / "mods"
        mods.mkdir(exist_ok=True)
        module = f"{re.sub(r'[^a-z0-9]', '_', name)}_rules_{re.sub(r'[^a-z0-9]', '_', tmp_path.name.lower())}"
        (mods / f"{module}.py").write_text(rules_source)
        monkeypatch.syspath_prepend(str(mods))
        made.append(module)
        data = tmp_path / "data"
        (data / name).mkdir(parents=True)
        (data / name / "game.yaml").write_text(textwrap.dedent(f"""\
            name: {name}
            title: {name.title()}
            seed: seed.txt
            rules: {module}
        """))
        return data

    yield make
    for module in made:
        sys.modules.pop(module, None)
