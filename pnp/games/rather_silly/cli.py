"""`pnp silly ...`: small tools for a Rather Silly game master."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from pnp.checks.contract import guarded
from pnp.games import command_app

app = command_app(__name__)  # `pnp <command> ...`: registered in pnp.games.COMMANDS

def _data(value):
    from pnp.load.paths import data_dir

    return Path(value) if value is not None else data_dir() / "rather-silly"



def _board(data: Path):
    from pnp.games.rather_silly.mapdata import load_board

    return load_board(data / "map.yaml")


@app.command()
@guarded
def neighbours(
    province: str = typer.Argument(..., help="Abbreviation, e.g. BUL or STP/sc."),
    data: Path = typer.Option(None, "--data", callback=_data, show_default="./data/rather-silly or the shipped game", help="The rather-silly data folder."),
):
    """Where an army and a fleet can move from PROVINCE (tunnel included)."""
    from pnp.load.errors import DataErrors

    try:
        board = _board(data)
    except DataErrors as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(2)
    pid = province.upper() if "/" not in province else province.split("/")[0].upper() + "/" + province.split("/")[1].lower()
    base = pid.split("/")[0]
    if base not in board.provinces:
        typer.echo(f"unknown province {province!r}; known: {', '.join(sorted(board.provinces))}", err=True)
        raise typer.Exit(2)
    p = board.provinces[base]
    typer.echo(f"{p.id} {p.de} / {p.en} ({p.type}{', supply centre' if p.sc else ''})")
    if p.army:
        extra = [j for j in board.tunnel.joins if j != base] if base in board.tunnel.joins else []
        typer.echo("army:  " + ", ".join(p.army) + (f"   tunnel: {', '.join(extra)}" if extra else ""))
    fleet = board.fleet_nodes()
    for node in ([pid] if "/" in pid else [n for n in fleet if n.split("/")[0] == base]):
        if node in fleet:
            typer.echo(f"fleet{'' if node == base else ' ' + node}: " + ", ".join(fleet[node]))
    if p.only:
        typer.echo(f"open to {p.only} units only")


@app.command()
@guarded
def start(
    out: Optional[Path] = typer.Option(None, "--out", help="Write the file here instead of printing it."),
    data: Path = typer.Option(None, "--data", callback=_data, show_default="./data/rather-silly or the shipped game", help="The rather-silly data folder."),
):
    """A game-state file for Spring 1901 with every power's starting units."""
    from pnp.games.rather_silly.state import start_state_yaml

    text = start_state_yaml(_board(data))
    if out is None:
        typer.echo(text, nl=False)
    else:
        out.write_text(text, encoding="utf-8")
        typer.echo(f"wrote {out}")


@app.command()
@guarded
def show(
    state: Path = typer.Argument(..., help="A game-state YAML file."),
    out: Path = typer.Option(Path("position.pdf"), "--out", help="PDF to write."),
    lang: str = typer.Option("de", "--lang", help="de or en."),
    paper: str = typer.Option("a4", "--paper", help="a4 or letter."),
    data: Path = typer.Option(None, "--data", callback=_data, show_default="./data/rather-silly or the shipped game", help="The rather-silly data folder."),
):
    """Draw a game position: the schematic map with every unit, then the same position as a list."""
    from pnp.model.assets import BuildOptions
    from pnp.output.files import write_document
    from pnp.load.errors import DataErrors
    from pnp.games.rather_silly.position import position_pages
    from pnp.games.rather_silly.state import load_state

    try:
        board = _board(data)
        st = load_state(state)
    except DataErrors as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(2)
    write_document(out, position_pages(board, st, BuildOptions(lang=lang, paper=paper)),
                   title=f"Rather Silly {st.season} {st.year}")
    typer.echo(f"wrote {out}")
