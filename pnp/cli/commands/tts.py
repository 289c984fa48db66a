"""`pnp tts`: decks and counters for Tabletop Simulator."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from pnp.checks.contract import guarded
from pnp.cli.common import check_options, given_lang, parse_extras, select_games
from pnp.cli.options import DataOpt, LangOpt


@guarded
def tts(
    game: str = typer.Argument(..., help="Game whose decks and counters to export."),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder; files go to OUT/<game>/tts/."),
    lang: Optional[str] = LangOpt("texts on the faces"),
    option: list[str] = typer.Option([], "--option", "-o",
                                     help="KEY=VALUE, repeatable: tts_url=https://host/dir/ (where you upload the "
                                          "images for online play), tts_dpi=150 (smaller sheets), game settings."),
    data: Path = DataOpt,
) -> None:
    """Export decks and counters for Tabletop Simulator (face sheets, back image, saved-object JSON)."""
    from pnp.model.assets import BuildOptions
    from pnp.output.tts import export

    from pnp.output.tts import OPTIONS as TTS_OPTIONS

    opts = BuildOptions(**given_lang(lang), given=frozenset({"lang"} if lang else ()), extra=parse_extras(option))
    games = select_games(data, game)
    check_options(games, opts.extra, TTS_OPTIONS)
    for g in games:
        for p in export(g, opts.for_game(g), out):
            typer.echo(str(p))
