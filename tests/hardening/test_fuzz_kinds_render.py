"""Fuzzing past validation: mutated copies of the real kind files (deck, symbols, board,
triboard, counters, score sheet) that still pass their schema must also draw.

The loader fuzz (test_fuzz_loader.py) shows that every document either validates or fails
with DataErrors. This file takes the documents that *do* validate - odd but legal values
such as a one-cell board, a 60 mm counter, a text of 300 characters, a symbol scaled to 5 -
and runs the kind's renderer on them through every page of every asset, and the first page
through the SVG backend. Allowed: pages, or DataErrors/FontError/ColourError naming the
problem (the CLI turns those into exit 2). Anything else is a crash a designer would meet
by editing YAML. Counts go to the summary (conftest.py).
"""
from __future__ import annotations

import os
import shutil

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_fuzz_games import DATA, _clean_errors, documents

from pnp.model.assets import BuildOptions
from pnp.load.errors import DataErrors

EXAMPLES = int(os.environ.get("PNP_FUZZ_EXAMPLES", "12"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize="PNP_FUZZ_EXAMPLES" not in os.environ,
                    database=None, suppress_health_check=list(HealthCheck))

# kind -> (real file, supporting files the renderer needs beside it)
SOURCES = {
    "deck": ("kafkas-halle/deck.yaml", ["kafkas-halle/symbols.yaml"]),
    "symbols": ("kafkas-halle/symbols.yaml", []),
    "board": ("kafkas-halle/board.yaml", []),
    "triboard": ("klin-zha/board.yaml", []),
    "counters": ("rather-silly/counters.yaml", ["rather-silly/counter.yaml"]),
    "counters-round": ("klin-zha/tokens.yaml", []),
    "score-sheet": ("18-kniffel/bilanz.yaml", []),
}


def _expected_errors():
    from pnp.scene.fonts import FontError
    from pnp.scene.style import ColourError
    from pnp.scene.text import TextOverflow  # a text too long for its box: a data error the build names

    return (FontError, ColourError, TextOverflow)


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_valid_mutants_draw(name, tmp_path_factory, fuzz_counts):
    src, extra = SOURCES[name]

    @SETTINGS
    @given(text=documents(DATA / src))
    def run(text):
        from pnp.output.build import collect_assets
        from pnp.render.svg import write_svg
        from pnp.model.game import discover

        root = tmp_path_factory.mktemp("kind")
        game = root / "mutant"
        game.mkdir()
        (game / "game.yaml").write_text("name: mutant\ntitle: Mutant\n", encoding="utf-8")
        for rel in extra:
            shutil.copyfile(DATA / rel, game / os.path.basename(rel))
        (game / os.path.basename(src)).write_text(text, encoding="utf-8")
        fuzz_counts[f"kind {name}"] += 1
        try:
            assets = collect_assets(discover(root)["mutant"], BuildOptions())
            first = True
            fuzz_counts[f"kind {name}: valid, drawn"] += 1
            for asset in assets:
                for page in asset.iter_pages():
                    if first:
                        write_svg(page, root / "first.svg")
                        first = False
        except DataErrors as exc:
            _clean_errors(exc)
        except _expected_errors() as exc:
            assert str(exc)

    run()
