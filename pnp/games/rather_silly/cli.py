"""`pnp silly ...`: small tools for a Rather Silly game master."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from pnp.checks.contract import guarded
from pnp.games import command_app

if TYPE_CHECKING:
    from pnp.games.rather_silly.access import Moves
    from pnp.games.rather_silly.mapdata import Board, Province

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
    as_json: bool = typer.Option(False, "--json", help="Print machine-readable JSON."),
):
    """Where pieces can move from PROVINCE, and for whom.

    Armies, the Mont-Blanc tunnel (conventional armies and the Borg only), fleets, the
    Borg; then the neighbours closed to some: Iceland and Crete take the Superhirn's own
    units only, Switzerland nobody."""
    import json

    from pnp.games.rather_silly.access import moves

    board = _board_or_exit(data)
    base, coast = _place_or_exit(board, province)
    p = board.provinces[base]
    m = moves(board, f"{base}/{coast}" if coast else base)
    if as_json:
        typer.echo(json.dumps({"province": base, "type": p.type, "supply_centre": p.sc, "army": m.army,
                               "tunnel": m.tunnel, "fleet": m.fleet, "superhirn_fleet": m.superhirn,
                               "borg": m.borg, "closed": m.closed}, ensure_ascii=False, indent=2))
        return
    _print_moves(p, m)


def _board_or_exit(data: Path) -> "Board":
    """The board of the data folder; a map that does not load ends the command (exit 2)."""
    from pnp.load.errors import DataErrors

    try:
        return _board(data)
    except DataErrors as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(2)


def _place_or_exit(board: "Board", province: str) -> tuple[str, str]:
    """(PROV, coast or '') as the user typed them, any case; an unknown province or coast ends the
    command (exit 2) naming the ones there are."""
    base, _, coast = province.partition("/")
    base, coast = base.upper(), coast.lower()
    if base not in board.provinces:
        typer.echo(f"unknown province {province!r}; known: {', '.join(sorted(board.provinces))}", err=True)
        raise typer.Exit(2)
    p = board.provinces[base]
    if coast and coast not in p.coasts:
        has = ", ".join(f"{base}/{c}" for c in p.coasts) or "none"
        typer.echo(f"{base} has no coast {coast!r}; its coasts: {has}", err=True)
        raise typer.Exit(2)
    return base, coast


def _print_moves(p: "Province", m: "Moves") -> None:
    """The moves from province ``p`` as lines for a game master: who may go where, then what is closed."""
    from pnp.games.rather_silly.access import province_kind

    base = p.id
    typer.echo(f"{p.id} {p.de} / {p.en} ({province_kind(p)}{', supply centre' if p.sc else ''})")
    if p.type == "island":
        typer.echo("open to the Superhirn's own units only: no other unit, the Borg, a monster, the Tardis or "
                   "birds may enter it")
    if p.type == "impassable":
        typer.echo(f"nobody may enter it; it borders {', '.join(p.touches)}, which the Mont-Blanc tunnel joins "
                   "for conventional armies and the Borg only")
    if m.army:
        typer.echo("army: " + ", ".join(m.army))
    if m.tunnel:
        typer.echo("tunnel: " + ", ".join(m.tunnel) + " (conventional armies and the Borg only)")
    for node, nbrs in m.fleet.items():
        typer.echo(f"fleet{'' if node == base else ' ' + node}: " + ", ".join(nbrs))
    if p.type == "island":
        for node, nbrs in m.superhirn.items():
            typer.echo("fleet (the Superhirn's own units only): " + ", ".join(nbrs))
    if m.borg:
        typer.echo("Borg: " + ", ".join(m.borg))
    for n, who in m.closed.items():
        if n != base:
            typer.echo(f"{n}: {who}")


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
    from pnp.games.rather_silly.state import load_state

    try:
        _board(data)
        st = load_state(state)
        pages = _position_pages(data, state, BuildOptions(lang=lang, paper=paper, extra={"state": str(state)}))
    except DataErrors as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(2)
    write_document(out, pages, title=f"Rather Silly {st.season} {st.year}")
    typer.echo(f"wrote {out}")


def _position_pages(data: Path, state: Path, opts) -> list:
    """The pages of the game's position.yaml (a sheet the engine draws) for this state file."""
    from pnp.layout.builtin.sheet import sheet_assets
    from pnp.layout.kinds import load_doc
    from pnp.load.loader import load_model
    from pnp.model.plain.game import Game

    sheet = data / "position.yaml"
    _kind, doc = load_doc(sheet)
    game = Game(data, load_model(data / "game.yaml", "pnp.model.game:GameManifest"))
    return [p for a in sheet_assets(doc, game, opts, sheet.stem) for p in a.iter_pages()]
