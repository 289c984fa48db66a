"""Clouded Klin Zha: the rules module named in data/klin-zha/game.yaml.

``check`` validates the board, every cloud layout in ``clouds/`` and, when
given, a position file. The module draws nothing: ``SOURCES`` compute what the
sheets in data/klin-zha/ (foils, umpire maps, views, umpire paper) show, and
the engine draws them, as it draws the board (``kind: triboard``) and tokens.
"""
from __future__ import annotations

from pnp.load.classes import dataclass

FILES = ("rules.yaml", "clouds/*.yaml", "positions/*.yaml")  # the data files without a kind this module reads

OPTIONS = {"mirror": "true: the cloud foils mirrored, to print on the back of the film",
           "layout": "a cloud layout's name (or file): the foils and umpire maps show it alone",
           "position": "a position file: the views show it alone"}  # the -o KEY=VALUE settings this game reads

from pathlib import Path
from typing import TYPE_CHECKING

from pnp.checks import Finding, Source
from pnp.model.trilattice import TriGrid
from pnp.load.loader import display_path
from pnp.layout.kinds import load_doc, read_doc
from pnp.games.klin_zha.check import RULES  # noqa: F401  (the rule book `pnp check --list-rules` shows)
from pnp.games.klin_zha.sky import Layout, load_layouts, load_position, load_rules

if TYPE_CHECKING:  # pragma: no cover - the kit holds its plain twin
    from pnp.model.game import Game
    from pnp.games.klin_zha.schemas import VariantRules


@dataclass
class Kit:
    """Everything the game's code reads from its data folder."""

    game: Game
    rules: VariantRules  # the user's rules.yaml, each piece's count the document's
    board: object  # pnp.model.trigrid.TriBoard
    board_file: str
    layouts: list[Layout]
    rules_src: Source = Source("")  # rules.yaml as written, for what it says about the facts

    def grid(self, edge: float | None = None) -> TriGrid:
        return self.board.grid(edge)


def load_kit(game: Game) -> Kit:
    folder = game.folder
    rules = load_rules(folder / "rules.yaml")
    _, board = load_doc(folder / "board.yaml")
    layouts = load_layouts(folder / "clouds")
    return Kit(game, with_fact_counts(rules), board, display_path(folder / "board.yaml"), layouts,
               Source.read(folder / "rules.yaml"))


def with_fact_counts(rules: VariantRules) -> VariantRules:
    """The rules with every piece's count the document's (a piece it does not know keeps what the
    file says, or 1): what the kit prints never departs from the facts, the checker says where the
    file does."""
    from pnp.games.klin_zha.facts import PIECES

    pieces = [p.model_copy(update={"count": PIECES.get(p.id) or p.count or 1}) for p in rules.pieces]
    return rules.model_copy(update={"pieces": pieces})


def check(game: Game, state: Path | None = None) -> list[Finding]:
    from pnp.games.klin_zha.check import check_kit

    kit = load_kit(game)
    position = load_position(Path(state)) if state is not None else None
    tokens = None
    sheet_path = game.folder / "tokens.yaml"
    if sheet_path.is_file():
        _kind, sheet, raw = read_doc(sheet_path)
        tokens = (sheet, Source.of(sheet_path, raw))
    return check_kit(kit, position, tokens)


# Layout findings that mean the overlay cannot be drawn as written (a name that
# is not a cell, a drift naming no cloud): the build refuses them instead of
# silently printing a transparency with cells missing.
UNPRINTABLE = ("layout.cell-name", "layout.moving")


def refuse_unprintable(kit: Kit) -> None:
    from pnp.load.errors import DataErrors
    from pnp.games.klin_zha.check import check_layout

    g = kit.grid()
    problems = [f.problem(f"{f.message} ({f.rule})") for lay in kit.layouts
                for f in check_layout(g, kit.rules, lay, ids=UNPRINTABLE) if f.severity == "error"]
    if problems:
        raise DataErrors(problems)


# What the sheets in data/klin-zha/ read (docs/sheets.md §5): the foils', umpire maps' and views' cells and
# tokens, the umpire's paper. The board itself is board.yaml (kind: triboard); every sheet is drawn from YAML.
from pnp.games.klin_zha.sources import skies, umpire_paper, views  # noqa: E402

SOURCES = {"skies": skies, "views": views, "umpire_paper": umpire_paper}
