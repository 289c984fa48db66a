"""`pnp proof`: every distinct card face and back at 1:1 with trim, bleed and safe zone."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from pnp.checks.contract import finite, guarded
from pnp.cli.common import check_options, given_lang, parse_extras, select_games
from pnp.cli.options import DataOpt, LangOpt


@guarded
def proof(
    game: str = typer.Argument(..., help="Game whose cards to proof."),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder; writes OUT/<game>-proof.pdf."),
    bleed: float = typer.Option(3.0, min=0, max=10, callback=finite, help="Bleed in mm shown around each card."),
    lang: Optional[str] = LangOpt("texts on the cards"),
    option: list[str] = typer.Option([], "--option", "-o", help="Game-specific setting KEY=VALUE, repeatable."),
    data: Path = DataOpt,
) -> None:
    """One page per distinct card face and back at 1:1, with trim, bleed and safe zone drawn over it."""
    from pnp.model.assets import BuildOptions
    from pnp.output.plan import collect_assets
    from pnp.load.errors import DataErrors, Problem
    from pnp.output.files import write_document
    from pnp.output.proof import proof_pages

    (g,) = select_games(data, game)
    opts = BuildOptions(**given_lang(lang), given=frozenset({"lang"} if lang else ()), bleed=bleed,
                        extra=parse_extras(option)).for_game(g)
    check_options([g], opts.extra)
    assets = [a for a in collect_assets(g, opts) if a.faces and not a.preview_of]
    pages = [p for a in assets for p in proof_pages(a, bleed, opts.lang)]
    if not pages:
        raise DataErrors([Problem(str(g.folder), 0, 0, "this game has no cards or counters to proof")])
    path = out / f"{g.name}-proof.pdf"
    write_document(path, pages, title=f"{g.name} proof")
    typer.echo(f"{path}: {len(pages)} page(s); check that text stays inside the dotted safe line")
    overlaps = [(a.name, o) for a in assets for o in dict.fromkeys(a.overlaps)]
    for name, o in overlaps:
        typer.echo(f"FAIL  overlap  {name}: {o}")
    if overlaps:
        typer.echo(f"proof: {len(overlaps)} text(s) overlap another element; move or shrink them in the layout")
        raise typer.Exit(1)
