"""A data folder holding one game with one one-sided poker deck, for tests that need a layout of
their own and nothing else."""
from __future__ import annotations

import textwrap
from pathlib import Path


def one_deck_game(folder: Path, name: str, layout: str, cards: list[str]) -> Path:
    """``folder/data/<name>`` with ``face.yaml`` (``layout``, dedented) and a deck ``deck`` of ``cards``
    (each a YAML flow mapping); returns the data folder."""
    game = folder / "data" / name
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(f"name: {name}\ntitle: {name.title()}\n", encoding="utf-8")
    (game / "face.yaml").write_text(textwrap.dedent(layout), encoding="utf-8")
    rows = "".join(f"  - {c}\n" for c in cards)
    (game / "deck.yaml").write_text(f"kind: deck\nname: deck\ntitle: {name.title()}\ncard: poker\nlayout: face.yaml\n"
                                    f"back: none\ncards:\n{rows}", encoding="utf-8")
    return folder / "data"
