"""pnp's own games, one package each: the rules module a data folder's ``game.yaml``
names (its hooks: :mod:`pnp.model.rules`) and, for some, commands of their own.

A game's commands are registered here, in :data:`COMMANDS`: ``pnp NAME ...``
runs the typer app ``app`` of the module named, and ``about`` is its line in
``pnp --help`` and its help. They are listed here rather than found by importing
the games, so ``pnp --help`` imports no game; only the command being run is
imported. The game's cli module makes its app with :func:`command_app`, which
gives it the registered help.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:  # pragma: no cover
    import typer


class GameCommands(NamedTuple):  # a NamedTuple, not a dataclass: `pnp --help` reads this and dataclasses costs 1 ms
    name: str  # pnp NAME ...
    app: str  # "module:app" of the typer app holding the commands
    about: str  # the app's help; its first sentence is its line in `pnp --help`

    @property
    def module(self) -> str:
        return self.app.partition(":")[0]


COMMANDS: dict[str, GameCommands] = {c.name: c for c in (
    GameCommands("clouds", "pnp.games.klin_zha.cli:app",
                 "Clouded Klin Zha: random cloud layouts, terminal previews and single overlays."),
    GameCommands("kniffel", "pnp.games.kniffel.cli:app",
                 "18-Kniffel: score a set, tally a Bilanz, find the best split of a roll. Dice are comma lists "
                 "(1,2,3,4,5,5); Vorgaben are the seed's labels (3en, 5+1, 2,4,6, '<21') or names (Fünferpasch, "
                 "gt21, lt21)."),
    GameCommands("ordner", "pnp.games.ordnerstruktur.cli:app",
                 "Ordnerstruktur: score a path, solve a structure exhaustively, make random structures."),
    GameCommands("silly", "pnp.games.rather_silly.cli:app",
                 "Rather Silly Diplomacy: neighbours of a province, a starting game-state file, a position on the map."),
)}


def command_app(module: str) -> "typer.Typer":
    """The typer app the cli module ``module`` (its ``__name__``) adds its commands to."""
    import typer

    (commands,) = [c for c in COMMANDS.values() if c.module == module]
    return typer.Typer(help=commands.about, no_args_is_help=True, add_completion=False, rich_markup_mode=None,
                       pretty_exceptions_enable=False)
