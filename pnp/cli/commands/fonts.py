"""`pnp fonts`: pnp's bundled fonts, or those a game uses and how well they cover its texts."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from pnp.checks.contract import guarded
from pnp.cli.common import check_options, given_lang, parse_extras, select_games
from pnp.cli.options import DataOpt, JsonOpt, LangOpt


@guarded
def fonts(
    game: Optional[str] = typer.Argument(None, help="A game (see `pnp list`): the fonts its pages use and how "
                                                    "well each covers their text. Without: pnp's bundled fonts."),
    lang: Optional[str] = LangOpt("the texts looked at"),
    option: list[str] = typer.Option([], "--option", "-o", help="Game-specific setting KEY=VALUE, repeatable."),
    data: Path = DataOpt,
    as_json: bool = JsonOpt,
) -> None:
    """List fonts: pnp's bundled ones, or those a game uses, with the characters each lacks and what draws them."""
    if game is not None:
        from pnp.model.assets import BuildOptions
        from pnp.output.fontuse import font_use

        rows = []
        for g in select_games(data, game):
            opts = BuildOptions(**given_lang(lang), given=frozenset({"lang"} if lang else ()),
                                extra=parse_extras(option)).for_game(g)
            check_options([g], opts.extra)
            rows += [{"game": g.name, **r} for r in font_use(g, opts)]
        if as_json:
            typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
            return
        for r in rows:
            typer.echo(f"{r['game']}: {r['family']} {r['weight']} ({r['source']}: {r['file']})")
            line = f"    covers {r['covered']} of the {r['characters']} characters its texts use"
            for face, chars in r["fallback"].items():
                line += f"; {chars} drawn by {face}"
            if r["missing"]:
                line += f"; no font has {r['missing']}"
            typer.echo(line)
        return
    from pnp.scene import fonts as f
    sample = "äöüÄÖÜß®–„“×½"
    rows = f.fonts_report()
    for r in rows:
        try:
            f.check_glyphs(sample, r["family"], r["weight"])
            r["covers_sample"] = True
        except f.FontError as exc:
            r["covers_sample"] = str(exc)
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    for r in rows:
        ok = "ok" if r["covers_sample"] is True else r["covers_sample"]
        typer.echo(f"{r['family']:<6} {r['weight']:<8} {r['file']}  exists={r['exists']}  {sample}: {ok}")
    typer.echo(f"licence: {rows[0]['licence']}")
