"""`pnp list`: the games in a data folder and what each builds."""
from __future__ import annotations

import json
from typing import Any
from pathlib import Path

import typer

from pnp.checks.contract import guarded
from pnp.cli.options import DataOpt, JsonOpt
from pnp.render.formats import FORMATS, applies


@guarded
def list_games(data: Path = DataOpt, as_json: bool = JsonOpt) -> None:
    """List the games in the data folder and what each one builds."""
    from pnp.model.assets import BuildOptions
    from pnp.output.plan import collect_assets
    from pnp.model.plain.base import tr
    from pnp.model.plain.game import discover

    rows: list[dict[str, Any]] = []
    for g in discover(data).values():
        opts = BuildOptions().for_game(g)
        assets = collect_assets(g, opts)
        rows.append({"game": g.name, "title": tr(g.manifest.title, opts.lang), "seed": g.seed,
                     "assets": [{"name": a.name, "title": a.title, "formats": [f for f in FORMATS if applies(f, a.formats)]}
                                for a in assets]})
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    for r in rows:
        typer.echo(f"{r['game']}  —  {r['title']}" + (f"  (rules: {r['seed']})" if r["seed"] else ""))
        for a in r["assets"]:
            typer.echo(f"    {a['name']:<28} {a['title']}  [{','.join(a['formats'])}]")
