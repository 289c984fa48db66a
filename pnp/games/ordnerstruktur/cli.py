"""`pnp ordner ...`: score a path, solve a structure, make a random structure.

Heavy modules (pydantic, numpy) are imported inside the commands so that
`pnp --help` stays fast.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from pnp.checks.contract import guarded
from pnp.games import command_app

app = command_app(__name__)  # `pnp <command> ...`: registered in pnp.games.COMMANDS


def _fail(problems) -> None:
    """Report every problem; exit 1 when each is a step the rules forbid (the path breaks a rule of
    the game), 2 when anything is malformed (a wrong length, an unknown name, a broken structure)."""
    from pnp.games.ordnerstruktur.scoring import IllegalStep

    for p in problems:
        typer.echo(str(p), err=True)
    typer.echo(f"{len(problems)} problem(s); nothing was scored.", err=True)
    raise typer.Exit(1 if problems and all(isinstance(p, IllegalStep) for p in problems) else 2)


def _load(path: Path):
    from pnp.load.errors import DataErrors
    from pnp.games.ordnerstruktur.structure import load_structure

    try:
        return load_structure(path)
    except DataErrors as exc:
        _fail(exc.problems)


def _dump(obj) -> None:
    typer.echo(json.dumps(obj, ensure_ascii=False, indent=2))


@app.command()
@guarded
def score(
    structure: Path = typer.Argument(..., help="Structure YAML file."),
    path: str = typer.Argument(..., help="The 11 names, comma-separated, e.g. "
                               "'Stadt Wald,Stadt Wüste,...' (ue/oe for ü/ö is fine)."),
    as_json: bool = typer.Option(False, "--json", help="Print {accounts, struck, score} as JSON."),
):
    """Check a path through a structure, fill the six accounts and apply the final strike."""
    from pnp.load.errors import DataErrors
    from pnp.games.ordnerstruktur.model import ACCOUNTS
    from pnp.games.ordnerstruktur.scoring import parse_path, score_path

    s = _load(structure)
    try:
        result = score_path(s, parse_path(path, s))
    except DataErrors as exc:
        _fail(exc.problems)
    if as_json:
        _dump(result.as_json())
        return
    typer.echo(f"{s.title} ({s.variant}) by {s.author}")
    for e in result.entries:
        typer.echo(f"  {e.subfolder:>2} {e.name:<12} -> {e.next_name:<12} {e.points:>3} into {ACCOUNTS[e.account]}")
    typer.echo("accounts:")
    for i, (name, v) in enumerate(zip(ACCOUNTS, result.sums)):
        mark = "struck" if i in result.struck else ("no entry (never struck)" if v is None else "")
        typer.echo(f"  {name:<12} {'-' if v is None else v:>4}  {mark}")
    typer.echo(f"score: {result.score}")


@app.command()
@guarded
def solve(
    structure: Path = typer.Argument(..., help="Structure YAML file."),
    as_json: bool = typer.Option(False, "--json", help="Print {best, best_path, optimal_paths, paths, histogram}."),
    histogram: Optional[Path] = typer.Option(None, "--histogram", help="Also draw the score histogram to this .pdf, .svg or .png file (its look: histogramm.yaml of the game's data folder)."),
    workers: int = typer.Option(1, min=1, max=16, help="Threads for the last level (memory-bound: 1 is usually as fast)."),
    lang: str = typer.Option("de", "--lang", help="Language of the histogram's labels: de or en."),
):
    """Score every path of a structure: best score, a best path, how many reach it, all scores."""
    from pnp.games.ordnerstruktur.solver import solve_structure

    if histogram is not None and histogram.suffix.lower() not in (".svg", ".png", ".pdf"):
        typer.echo(f"--histogram {histogram}: use a .svg, .png or .pdf file name", err=True)
        raise typer.Exit(2)
    s = _load(structure)
    sol = solve_structure(s, workers)
    if histogram is not None:
        from pnp.games.ordnerstruktur.sources import solution_record
        from pnp.model.assets import BuildOptions
        from pnp.load.paths import SHIPPED_DATA
        from pnp.model.plain.game import discover
        from pnp.output.files import write_sheet

        game = discover(SHIPPED_DATA)["ordnerstruktur"]  # the chart's look: histogramm.yaml of the game's folder
        try:
            write_sheet(game.folder / "histogramm.yaml", game, BuildOptions(lang=lang),
                        [solution_record(structure.stem, s, lang, sol)], histogram, title=s.title)
        except ImportError as exc:
            typer.echo(f"--histogram {histogram}: this renderer is not available ({exc.name}); try .pdf", err=True)
            raise typer.Exit(2) from None
    if as_json:
        _dump(sol.as_json())
        return
    typer.echo(f"{s.title} ({s.variant}) by {s.author}: {sol.paths:,} paths")
    typer.echo(f"best score {sol.best}, reached by {sol.optimal_paths:,} path(s); mean {sol.mean:.2f}")
    typer.echo("best path: " + ", ".join(sol.best_path))
    top = max(sol.histogram.values())
    typer.echo("score     paths")
    for k, v in sol.histogram.items():
        typer.echo(f"{k:>5} {v:>9,}  " + "#" * max(1, round(40 * v / top)))
    if histogram is not None:
        typer.echo(f"histogram written to {histogram}")


@app.command("random")
@guarded
def random_cmd(
    seed: int = typer.Option(..., "--seed", help="Random seed; the same seed gives the same structure."),
    variant: str = typer.Option("paare", "--variant", help="paare (6 pair names) or voelker (4 peoples)."),
    out: Optional[Path] = typer.Option(None, "--out", help="Write the YAML here instead of printing it."),
):
    """Print a random structure that obeys every limit of the rules."""
    from pnp.games.ordnerstruktur.model import VARIANTS
    from pnp.games.ordnerstruktur.randomgen import random_structure
    from pnp.games.ordnerstruktur.structure import dump_yaml

    if variant not in VARIANTS:
        typer.echo(f"--variant: expected one of {', '.join(VARIANTS)}, got {variant!r}", err=True)
        raise typer.Exit(2)
    text = dump_yaml(random_structure(seed, variant))
    if out is None:
        typer.echo(text, nl=False)
    else:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
        typer.echo(f"wrote {out}")


@app.command()
@guarded
def multi(
    play: list[str] = typer.Option(..., "--play", help="STRUCTURE=PATH for one player; repeat per player."),
    as_json: bool = typer.Option(False, "--json", help="Print totals, struck accounts and each player's score."),
):
    """Several players, one structure each, sharing the six accounts (the seed's multiplayer idea)."""
    from pnp.load.errors import DataErrors, Problem
    from pnp.games.ordnerstruktur.model import ACCOUNTS
    from pnp.games.ordnerstruktur.scoring import parse_path, score_players


    plays, problems = [], []
    for k, item in enumerate(play, 1):
        file, sep, path = item.partition("=")
        if not sep:
            problems.append(Problem(f"--play {k}", 0, 0, f"expected STRUCTURE=PATH, got {item!r}"))
            continue
        s = _load(Path(file))
        plays.append((s, parse_path(path, s)))
    if problems:
        _fail(problems)
    try:
        res = score_players(plays)
    except DataErrors as exc:
        _fail(exc.problems)
    if as_json:
        _dump(res.as_json())
        return
    typer.echo("account        total  " + "  ".join(f"P{k + 1:<3}" for k in range(len(plays))))
    for i, name in enumerate(ACCOUNTS):
        t = res.totals[i]
        row = "  ".join(f"{'-' if p.sums[i] is None else p.sums[i]:>4}" for p in res.players)
        typer.echo(f"  {name:<12} {'-' if t is None else t:>4}  {row}  {'struck' if i in res.struck else ''}")
    typer.echo("scores: " + ", ".join(f"P{k + 1} {p.score}" for k, p in enumerate(res.players)))
    typer.echo("winner(s): " + ", ".join(f"P{k + 1}" for k in res.winners))
