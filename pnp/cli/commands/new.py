"""`pnp new`: scaffold a game folder (the scaffold itself is pnp.cli.scaffold)."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from pnp.checks.contract import guarded


@guarded
def new(
    name: str = typer.Argument(..., help="Folder/game name for the new game (lower case, digits, dashes)."),
    data: Path = typer.Option(Path("data"), "--data", file_okay=False, help="Folder to create the game in."),
    from_table: Optional[Path] = typer.Option(None, "--from", help="A card list (.csv, .tsv, .xlsx, .ods): its "
                                                                  "columns become fields and a first layout shows "
                                                                  "them all."),
) -> None:
    """Scaffold a new game folder that builds as is: a deck, a symbol and a board, or a deck from your spreadsheet."""
    from pnp.cli.scaffold import scaffold, scaffold_from_table

    folder = scaffold_from_table(name, data, from_table) if from_table else scaffold(name, data)
    typer.echo(f"created {folder}; try: pnp build {name} --data {data}")
