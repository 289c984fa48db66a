"""`pnp check`: data and game states against the rule documents."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from pnp.checks.contract import guarded
from pnp.cli.common import select_games
from pnp.cli.options import DataOpt, JsonOpt


@guarded
def check(
    game: str = typer.Argument("all", help="Game name, a game's folder, or 'all'."),
    state: Optional[Path] = typer.Option(None, "--state", help="A game-state / position / structure file to check as well."),
    list_rules: bool = typer.Option(False, "--list-rules",
                                    help="List GAME's rules (id, description, the rule document's passage) instead of checking."),
    data: Path = DataOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Check data (and optionally a game state) against the rule documents. Exit 1 if a rule fails."""
    from pnp.checks import Report, rules_json, rules_text

    games = select_games(data, game)
    if list_rules:
        books = {g.name: g.rules().book for g in games}
        typer.echo(rules_json(books) if as_json else rules_text(books))
        return
    from pnp.load.errors import DataErrors
    from pnp.layout.documents import documents

    report, problems = Report(), []
    for g in games:  # every file of every game is read and validated, checker or not
        try:
            files = len(documents(g))
        except DataErrors as exc:
            problems += exc.problems
            continue
        found = g.rules().findings(g, state)
        if found is not None:
            report.add(g.name, found, files)
        else:
            report.add(g.name, [], files, rules=False)
    if problems:
        raise DataErrors(problems)
    typer.echo(report.as_json() if as_json else report.as_text())
    if report.exit_code:
        raise typer.Exit(report.exit_code)
