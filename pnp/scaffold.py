"""`pnp new NAME`: a starter game folder that builds as it is.

It holds one deck with one card type, the symbol that card shows, and a
small board, each a data kind the engine renders without any Python, so a
designer can copy entries and build on them.
"""
from __future__ import annotations

import re
from pathlib import Path

from .data.errors import DataErrors, Problem

_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,40}$")

FILES = {
    "game.yaml": """\
# A game is a folder with this file. `rules:` may name a Python module with
# build(game, opts) and check(game, state=None); without it the engine builds
# every YAML file below that declares a `kind:`.
name: {name}
title: {{de: "{title}", en: "{title}"}}
description: {{de: "Ein neues Spiel", en: "A new game"}}
""",
    "symbols.yaml": """\
# Symbols are drawn in a 100 x 100 box from reusable parts (see `pnp schema`).
kind: symbols
title: {{de: Symbole, en: Symbols}}
symbols:
  - id: pfeil
    name: {{de: Pfeil, en: arrow}}
    parts:
      - {{type: arrow, direction: right, length: 80, width: 13, head: 30}}
""",
    "deck.yaml": """\
# One deck; add card types under `cards:` (copies, cost, symbol, text).
kind: deck
name: deck
title: {{de: "{title} – Karten", en: "{title} – cards"}}
card: poker
categories:
  - {{id: aktion, name: {{de: Aktion, en: Action}}, colour: "#2471a3", mark: circle}}
cards:
  - id: weiter
    name: {{de: Weiter, en: Onwards}}
    category: aktion
    copies: 3
    cost: 1
    symbol: pfeil
    text: {{de: "Gehe ein Feld weiter.", en: "Move one square on."}}
back:
  title: "{title}"
""",
    "board.yaml": """\
# A square board; name squares like chess squares (a1 at the bottom left).
kind: board
name: board
title: {{de: "{title} – Brett", en: "{title} – board"}}
files: 5
ranks: 5
square_mm: 30
pieces:
  - {{id: figur, name: {{de: Figur, en: figure}}, label: "1", shape: figure, colour: "#c0392b"}}
marks:
  - {{id: ziel, at: e5, label: Z, name: {{de: Ziel, en: goal}}}}
objects:
  - {{piece: figur, at: a1}}
""",
}


def scaffold(name: str, data_dir: Path) -> Path:
    """Create ``data_dir/name`` with the starter files; refuse to overwrite."""
    if not _NAME.match(name):
        raise DataErrors([Problem("NAME", 0, 0, f"{name!r} is not a usable game name: use lower-case letters, "
                                  "digits and dashes, starting with a letter or digit")])
    folder = Path(data_dir) / name
    if folder.exists():
        raise DataErrors([Problem(str(folder), 0, 0, "already exists; choose another name or delete it first")])
    title = name.replace("-", " ").title()
    folder.mkdir(parents=True)
    for fname, text in FILES.items():
        (folder / fname).write_text(text.format(name=name, title=title), encoding="utf-8")
    return folder
