"""The ``pnp`` command line: the engine's commands registered in the order --help lists them, the
game commands mounted beside them, and the process exit.

Each command lives in its own module under pnp.cli.commands; heavy modules (reportlab, svgwrite,
pillow, game code) are imported inside the commands that need them, so ``pnp --help`` answers quickly.
"""
from __future__ import annotations

import importlib
import os
import sys
from typing import TYPE_CHECKING

import typer

from pnp.cli.app import app
from pnp.cli.entry import finish
from pnp.cli.commands import (build, calibrate, check, fonts, listing, new, outputs, proof, schema, shop,
                              tts)

if TYPE_CHECKING:  # pragma: no cover
    from typer.models import CommandInfo

for _name, _command in (("list", listing.list_games), (None, build.build), (None, calibrate.calibrate),
                        (None, outputs.clean), (None, check.check), (None, fonts.fonts), (None, schema.schema),
                        (None, new.new), (None, proof.proof), (None, outputs.gallery), (None, build.watch),
                        (None, tts.tts), (None, shop.export), (None, shop.preflight)):
    app.command(_name)(_command)


def _mount_game_apps(argv: list[str] | None = None) -> None:
    """Mount the game command ``argv`` runs for real and the others as entries for --help
    (every one for real when ``argv`` is None, as tests want)."""
    running = next((a for a in argv if not a.startswith("-")), None) if argv is not None else None
    engine = {_command_name(c): c for c in app.registered_commands}
    if running in engine:  # an engine command: no game's commands are needed, not even for its --help,
        app.registered_commands = [engine[running]]  # nor the others (typer makes each one's options)
        return
    from pnp.games import COMMANDS  # each game's commands, registered without importing the game

    for command, entry in COMMANDS.items():
        if argv is None or command == running:
            app.add_typer(importlib.import_module(entry.module).app, name=command)
        else:
            app.add_typer(typer.Typer(help=entry.about, no_args_is_help=True), name=command)


def _command_name(c: "CommandInfo") -> str:
    """The name a registered command is run by: its own, else its function's with dashes."""
    if c.name:
        return c.name
    assert c.callback is not None  # app.command() registers a function
    return c.callback.__name__.replace("_", "-")


def main() -> None:
    # pnp uses no pydantic plugins; looking for them scans every installed package (10 ms)
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    _mount_game_apps(sys.argv[1:])
    app()


def run() -> None:
    """The `pnp` command: :func:`main`, then the process ends as soon as the command is done
    (:func:`finish`)."""
    finish(invoke())


def invoke() -> "str | int | None":
    """:func:`main`, and the exit code (or message) it ended with."""
    try:
        main()
    except SystemExit as exc:
        return exc.code
    return 0


if __name__ == "__main__":
    run()
