"""`pnp export` and `pnp preflight`: the files a print shop profile asks for, written or only checked."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable, Optional

import typer

from pnp.checks.contract import guarded
from pnp.cli.common import check_options, given_lang, parse_extras, progress_bar, select_games
from pnp.cli.options import DataOpt, LangOpt

if TYPE_CHECKING:  # pragma: no cover
    from pnp.cli.common import Tick
    from pnp.model.assets import BuildOptions
    from pnp.model.game import Game
    from pnp.model.profile import Profile
    from pnp.output.preflight import Finding


def _profile_help() -> str:
    from pnp.output import profile_names  # a folder listing: cheap enough for pnp --help

    return f"A shipped profile ({', '.join(profile_names())}) or the path of your own profile's .yaml file."


ProfileOpt = typer.Option(..., "--profile", "-p", help=_profile_help())


@guarded
def export(
    game: str = typer.Argument(..., help="Game to send to a print shop."),
    profile: str = ProfileOpt,
    out: Path = typer.Option(Path("output"), "--out", help="Output folder; files go to OUT/<game>/export/<profile>/."),
    lang: Optional[str] = LangOpt(),
    option: list[str] = typer.Option([], "--option", "-o", help="Game-specific setting KEY=VALUE, repeatable."),
    data: Path = DataOpt,
) -> None:
    """Write what a print shop asks for (card images, a card-per-page PDF, imposed sheets or a Tabletop
    Simulator deck) with a README.txt of what to order; then preflight it. Exit 1 when a check fails."""
    from pnp.load.words import counted
    from pnp.output.export import export as write_export, order_lines
    from pnp.output.modes import mode_of
    from pnp.output.preflight import check_written

    prof, opts, games = _for_shop(profile, lang, option, data, game)
    failed = False
    for g in games:
        with progress_bar(f"{g.name}: exporting") as tick:
            written = write_export(g, opts.for_game(g), prof, out, progress=steps(tick))
            found = check_written(written, prof, progress=steps(tick))
        typer.echo(f"{counted(len(written.files), 'file')} for {prof.title} in {written.folder} (what to order: "
                   "README.txt)")
        for deck in written.matching.decks if written.matching is not None and mode_of(prof).products else ():
            for line in order_lines(deck, prof):
                typer.echo(f"  {line}")
        failed |= _findings(*found, prof)
    if failed:
        raise typer.Exit(1)


@guarded
def preflight(
    game: str = typer.Argument(..., help="Game whose print files to check."),
    profile: str = typer.Option("pdf-x", "--profile", "-p", help="What to check against: a shipped profile name or "
                                "your profile's .yaml file (default pdf-x: imposed sheets for a copy shop)."),
    lang: Optional[str] = LangOpt(),
    option: list[str] = typer.Option([], "--option", "-o", help="Game-specific setting KEY=VALUE, repeatable."),
    data: Path = DataOpt,
) -> None:
    """Check the files a profile would send, without writing them: text in the safe zone, images under the
    shop's dpi, bleed on every side, fonts embedded, trim and bleed boxes, pages, colour space, ink, file size, and
    each requirement of the PDF/X version the profile names (pdfx:). Exit 1 on a failure."""
    from pnp.output.preflight import preflight as run

    prof, opts, games = _for_shop(profile, lang, option, data, game)
    failed = False
    for g in games:
        with progress_bar(f"{g.name}: checking") as tick:
            found = run(g, opts.for_game(g), prof, progress=steps(tick))
        failed |= _findings(*found, prof)
    if failed:
        raise typer.Exit(1)


def _for_shop(profile: str, lang: str | None, option: list[str], data: Path,
              game: str) -> "tuple[Profile, BuildOptions, list[Game]]":
    """The profile, the build options and the games of an export or preflight, checked before any work."""
    from pnp.model.assets import BuildOptions
    from pnp.output.export import load_profile

    prof = load_profile(profile)
    opts = BuildOptions(**given_lang(lang), given=frozenset({"lang"} if lang else ()), extra=parse_extras(option))
    games = select_games(data, game)
    check_options(games, opts.extra)
    return prof, opts, games


def steps(tick: "Tick | None") -> Callable[[str], None] | None:
    """A ``progress(label)`` callback that moves a progress bar one step, or None without a bar."""
    if tick is None:
        return None
    done = [0]

    def step(label: str) -> None:
        done[0] += 1
        tick(label, done[0])

    return step


def _findings(found: "list[Finding]", counts: dict[str, int], profile: "Profile") -> bool:
    """Print failed checks as a table, then what was checked; True when something failed."""
    from pnp.load.words import counted
    from pnp.output.preflight import checks_for

    checked = ", ".join(counted(n, what[:-1], what) for what, n in counts.items() if n)
    if not found:
        run = checks_for(profile)
        typer.echo(f"preflight ok: {checked}; " + (f"checks: {', '.join(run)}" if run else
                                                   f"no check applies to what {profile.title} gets"))
        return False
    wide = max(len(f.check) for f in found)
    for f in found:
        typer.echo(f"FAIL  {f.check:<{wide}}  {f.where}: {f.message}")
    by: dict[str, int] = {}
    for f in found:
        by[f.check] = by.get(f.check, 0) + 1
    typer.echo(f"preflight: {len(found)} failed ({', '.join(f'{k} {v}' for k, v in by.items())}); checked {checked}")
    return True
