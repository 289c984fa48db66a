"""``pnp clouds ...``: cloud layout tools for Clouded Klin Zha.

Heavy modules are imported inside the commands so ``pnp --help`` stays fast.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from pnp.checks.contract import finite, guarded
from pnp.games import command_app

app = command_app(__name__)  # `pnp <command> ...`: registered in pnp.games.COMMANDS

def _data(value):
    from pnp.load.paths import data_dir

    return data_dir(value)



def _kit(data: Path):
    from pnp.load.errors import DataErrors, Problem
    from pnp.model.plain.game import discover
    from pnp.games.klin_zha.rules import load_kit

    games = discover(data)
    if "klin-zha" not in games:
        raise DataErrors([Problem(str(data), 0, 0, "no klin-zha game folder here")])
    return load_kit(games["klin-zha"])




def ascii_board(g, sky) -> str:
    """One text line per row: '.' normal, '+' cloud edge, '#' under cloud."""
    sym = {"normal": ".", "edge": "+", "under": "#"}
    lines = []
    for r in range(1, g.n + 1):
        row = [c for c in g.cells() if c.row == r]
        lines.append(" " * (g.n - r) + "".join(sym[sky.state(c)] for c in row))
    return "\n".join(lines)


def _summary(g, sky) -> dict:
    from pnp.games.klin_zha.facts import LIMIT

    corners, half = g.regions()
    return {
        "under": sorted(g.name(c) for c in sky.under),
        "edge": sorted(g.name(c) for c in sky.edge),
        "under_per_corner": {t: sum(1 for c in cs if c in sky.under) for t, cs in corners.items()},
        "limit_fewer_than": LIMIT,
    }


@app.command("random")
@guarded
def random_cmd(
    seed: int = typer.Option(..., "--seed", help="Random seed: the same seed gives the same layout."),
    clouds: Optional[int] = typer.Option(None, "--clouds", min=1, help="Number of clouds (default 2-4 by the seed); "
                                         "a count the board cannot hold under the per-corner limit is refused, "
                                         "with the range it can."),
    moving: bool = typer.Option(False, "--moving", help="Add a drift per cloud, rolled on the d6 tables."),
    out: Optional[Path] = typer.Option(None, "--out", help="Write the layout YAML here (e.g. data/klin-zha/clouds/r7.yaml)."),
    as_json: bool = typer.Option(False, "--json", help="Print the layout and its counts as JSON."),
    data: Path = typer.Option(None, "--data", callback=_data, show_default="./data or the shipped games", file_okay=False, help="Data folder holding klin-zha/."),
):
    """Draw a random cloud layout that `pnp check` passes at every step of its movement."""
    from pnp.load.loader import validate
    from pnp.games.klin_zha.randomlayout import random_layout
    from pnp.games.klin_zha.schemas import CloudLayout
    from pnp.games.klin_zha.sky import layout_yaml, resolve

    kit = _kit(data)
    g = kit.grid()
    doc = random_layout(g, seed, kit.rules, clouds, moving)
    model = validate(CloudLayout, doc, f"random seed {seed}")
    text = layout_yaml(doc)
    if out is not None:
        from pnp.output.files import write_bytes_atomic

        write_bytes_atomic(out, text.encode())
    sky = resolve(g, model)
    if as_json:
        typer.echo(json.dumps({"seed": seed, "layout": doc, **_summary(g, sky)}, ensure_ascii=False, indent=2))
        return
    if out is None:
        typer.echo(text, nl=False)
    else:
        typer.echo(f"wrote {out}")
    typer.echo(ascii_board(g, sky), err=out is None)


@app.command("show")
@guarded
def show_cmd(
    layout: str = typer.Argument(..., help="Layout name (file stem in data/klin-zha/clouds/) or a YAML path."),
    step: int = typer.Option(0, "--step", min=0, help="Moving clouds: which step."),
    as_json: bool = typer.Option(False, "--json"),
    data: Path = typer.Option(None, "--data", callback=_data, show_default="./data or the shipped games", file_okay=False),
):
    """Print a layout as text: '.' normal, '+' cloud edge, '#' under cloud."""
    from pnp.games.klin_zha.sky import load_layout, resolve

    kit = _kit(data)
    lay = _find(kit, layout, load_layout)
    g = kit.grid()
    sky = resolve(g, lay.model, step)
    if as_json:
        typer.echo(json.dumps({"layout": lay.name, "step": step, **_summary(g, sky)}, indent=2))
        return
    typer.echo(ascii_board(g, sky))
    s = _summary(g, sky)
    typer.echo(f"under cloud per corner: {s['under_per_corner']} (limit: fewer than {s['limit_fewer_than']})")


def _find(kit, layout: str, load_layout):
    p = Path(layout)
    if p.suffix in (".yaml", ".yml") and p.is_file():
        return load_layout(p)
    for lay in kit.layouts:
        if lay.name == layout:
            return lay
    from pnp.load.errors import DataErrors, Problem

    raise DataErrors([Problem(layout, 0, 0, f"no cloud layout {layout!r}; have "
                                            f"{', '.join(l.name for l in kit.layouts)}")])


def _sheet_pages(data: Path, sheet: str, opts) -> list:
    """The pages the game's sheet file ``sheet`` (foils.yaml, views.yaml, ...) draws with ``opts``."""
    from pnp.layout.documents import loaded
    from pnp.layout.kinds import KINDS
    from pnp.model.plain.game import discover

    game = discover(data)["klin-zha"]
    for path, kind, doc, _raw in loaded(game):
        if path.name == sheet and kind in KINDS:
            return [page for asset in KINDS[kind].renderer()(doc, game, opts, path.stem) for page in asset.iter_pages()]
    from pnp.load.errors import DataErrors, Problem

    raise DataErrors([Problem(str(game.folder / sheet), 0, 0, f"no sheet {sheet} in the game folder")])


@app.command("overlay")
@guarded
def overlay_cmd(
    layout: str = typer.Argument(..., help="Layout name or YAML path."),
    out: Path = typer.Option(..., "--out", help="PDF file to write (all steps of a moving layout)."),
    mirror: bool = typer.Option(False, "--mirror", help="Mirror for printing on the back of the foil."),
    umpire: bool = typer.Option(False, "--umpire", help="The umpire copy (board + clouds + names) instead."),
    lang: str = typer.Option("de", "--lang", help="de or en."),
    data: Path = typer.Option(None, "--data", callback=_data, show_default="./data or the shipped games", file_okay=False),
):
    """Write one layout's foil (or umpire map) as a PDF at board scale, drawn by foils.yaml (umpire-maps.yaml)."""
    from pnp.model.assets import BuildOptions
    from pnp.output.files import write_document
    from pnp.games.klin_zha.sky import load_layout

    kit = _kit(data)
    lay = _find(kit, layout, load_layout)
    chosen = layout if Path(layout).suffix in (".yaml", ".yml") else lay.name
    opts = BuildOptions(lang=lang, extra={"mirror": mirror, "layout": chosen})
    pages = _sheet_pages(data, "umpire-maps.yaml" if umpire else "foils.yaml", opts)
    write_document(out, pages, title=lay.name)
    typer.echo(f"wrote {out} ({len(pages)} page(s))")


@app.command("views")
@guarded
def views_cmd(
    position: Path = typer.Argument(..., exists=True, dir_okay=False, help="Position YAML (green:/gold: piece -> cell)."),
    out: Path = typer.Option(Path("output/klin-zha/views"), "--out", file_okay=False,
                             help="Folder for <position>-green.pdf and <position>-gold.pdf."),
    lang: str = typer.Option("de", "--lang", help="de or en."),
    data: Path = typer.Option(None, "--data", callback=_data, show_default="./data or the shipped games", file_okay=False),
):
    """Render what Green and what Gold see of a position (for the umpire to set the board up), drawn by views.yaml."""
    from pnp.model.assets import BuildOptions
    from pnp.output.files import write_document
    from pnp.checks import failed
    from pnp.games.klin_zha.check import check_position
    from pnp.games.klin_zha.sky import load_position

    kit = _kit(data)
    findings = check_position(kit, load_position(position))
    for f in findings:
        typer.echo(str(f), err=True)
    if failed(findings):
        raise typer.Exit(1)
    pages = _sheet_pages(data, "views.yaml", BuildOptions(lang=lang, extra={"position": str(position)}))
    out.mkdir(parents=True, exist_ok=True)
    for side, page in zip(("green", "gold"), pages):
        target = out / f"{position.stem}-{side}.pdf"
        write_document(target, [page], title=f"{position.stem} {side}")
        typer.echo(f"wrote {target}")
