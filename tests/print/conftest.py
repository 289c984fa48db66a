"""One build of every shipped game for the print tests (PDF and SVG), shared by them all."""
from __future__ import annotations

import json
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def printed(tmp_path_factory) -> Path:
    """output/ of `pnp build all -f pdf,svg` for the five games (built once per test session)."""
    from pnp.model.assets import BuildOptions
    from pnp.output.build import build_games
    from pnp.model.game import discover
    from pnp.load.paths import SHIPPED_DATA

    out = tmp_path_factory.mktemp("printed")
    build_games(list(discover(SHIPPED_DATA).values()), BuildOptions(), ["pdf", "svg"], out, jobs=2)
    return out
