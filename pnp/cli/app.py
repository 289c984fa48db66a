"""The ``pnp`` Typer application and its root options; the commands register on it in main.py."""
from __future__ import annotations

import os

import typer

app = typer.Typer(
    help="pnp turns YAML game data into print-ready PDF, SVG and PNG files and checks it against "
         "the rule documents. Start with `pnp list`, then `pnp build all`.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root(trust: bool = typer.Option(False, "--trust", help="Run the Python rules file a game folder brings "
                                                           "(game.yaml: rules: rules.py). Only for folders you "
                                                           "trust: it is code, and it runs on your machine.")) -> None:
    if trust:
        os.environ["PNP_TRUST"] = "1"
