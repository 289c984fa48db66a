"""`pnp clean` and `pnp gallery`: what pnp keeps in an output folder besides the game folders."""
from __future__ import annotations

from pathlib import Path

import typer

from pnp.checks.contract import guarded
from pnp.cli.options import DataOpt


@guarded
def clean(
    game: str = typer.Argument("all", help="Game whose output folder to remove, or 'all'."),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder."),
) -> None:
    """Remove what `pnp build` wrote: game folders holding a pnp manifest.json, and the gallery.

    Folders without a manifest (not made by pnp) are never touched."""
    import shutil

    from pnp.output.manifest import read_manifest
    from pnp.load.errors import DataErrors, Problem
    from pnp.output.gallery import INDEX

    built = sorted(p for p in out.iterdir() if p.is_dir() and read_manifest(p) is not None) if out.is_dir() else []
    if game != "all":
        if game not in {p.name for p in built}:
            names = ", ".join(p.name for p in built) or "none"
            raise DataErrors([Problem(str(out), 0, 0, f"no built game {game!r} here; built games: {names}")])
        built = [out / game]
    for p in built:
        shutil.rmtree(p)
        typer.echo(f"removed {p}")
    if game == "all" and (out / INDEX).is_file():
        (out / INDEX).unlink()
        typer.echo(f"removed {out / INDEX}")


@guarded
def gallery(
    out: Path = typer.Option(Path("output"), "--out", help="Output folder to index."),
    data: Path = DataOpt,
) -> None:
    """Write OUT/index.html: a self-contained page previewing every built asset with checker verdicts."""
    from pnp.load.errors import DataErrors, Problem
    from pnp.output.gallery import write_gallery

    if not data.is_dir():
        raise DataErrors([Problem(str(data), 0, 0, "data folder not found")])

    typer.echo(str(write_gallery(out, data)))
