"""What several commands do with their options: pick the games, turn the sheet options, --lang and
-o into build options, check them before any work, and show progress."""
from __future__ import annotations

import json
import math
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, Optional

if TYPE_CHECKING:  # pragma: no cover
    from pnp.cli.options import SheetArgs
    from pnp.load.budget import Limits
    from pnp.model.assets import BuildOptions
    from pnp.model.game import Game

Tick = Callable[..., None]  # tick(label, done, total=None): one step of a progress bar


def locate(game: str, data: Path) -> tuple[str, Path]:
    """GAME as a name and the folder holding it: a path to a game's folder (``data/my-game/``, one
    holding game.yaml) names that game, read from the folder around it; anything else is a name in DATA."""
    folder = Path(game)
    if game == "all" or not (folder / "game.yaml").is_file():
        return game, data
    from pnp.model.plain.game import discover

    for name, g in discover(folder.resolve().parent).items():
        if g.folder.resolve() == folder.resolve():
            return name, folder.resolve().parent
    return game, data  # the folder's game.yaml did not load: the name lookup below says what is wrong


def select_games(data: Path, game: str) -> "list[Game]":
    from pnp.load.errors import DataErrors, Problem
    from pnp.model.plain.game import discover

    game, data = locate(game, data)
    games = discover(data)
    if game == "all":
        return list(games.values())
    if game not in games:
        raise DataErrors([Problem(str(data), 0, 0, f"no game {game!r}; available: {', '.join(games) or '(none)'}")])
    return [games[game]]


def parse_extras(options: list[str]) -> dict[str, Any]:
    from pnp.load.errors import DataErrors, Problem

    extra: dict[str, Any] = {}
    for item in options:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise DataErrors([Problem("--option", 0, 0, f"expected KEY=VALUE, got {item!r}")])
        try:
            extra[key] = json.loads(value)
        except ValueError:
            extra[key] = value
        if isinstance(extra[key], float) and not math.isfinite(extra[key]):
            raise DataErrors([Problem(f"--option {key}", 0, 0, f"expected a finite number, got {value!r}")])
    return extra


@contextmanager
def progress_bar(what: str, quiet: bool = False) -> Iterator[Tick | None]:
    """A progress bar on the terminal (none when piped): yields ``tick(label, done, total)``."""
    if quiet or not sys.stderr.isatty():
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("{task.description:<42}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), transient=True) as bar:
        task = bar.add_task(what, total=None)

        def tick(label: str, done: int, total: int | None = None) -> None:
            bar.update(task, description=label[-42:], completed=done, total=total)

        yield tick


def build_options(args: "SheetArgs", option: list[str], limits: "Limits | None" = None,
                  ink_saver: bool = False) -> "BuildOptions":
    """The build options the sheet options, --lang, --dpi, --back-offset, -o, --ink-saver and the --max-…
    limits of a command give."""
    from pnp.load.budget import Limits
    from pnp.model.assets import BuildOptions

    sheet = sheet_settings(paper=args.paper, orientation=args.orientation and args.orientation.value,
                           margin=args.margin, gutter=args.gutter, bleed=args.bleed, crop_marks=args.crop_marks,
                           cut_lines=args.cut_lines, duplex=args.duplex and args.duplex.value)
    lang = args.lang
    return BuildOptions(**sheet, **given_lang(lang), given=frozenset(sheet) | ({"lang"} if lang else set()),
                        dpi=args.dpi, back_offset=parse_offset(args.back_offset), extra=parse_extras(option),
                        limits=limits or Limits(), ink_saver=ink_saver)


def given_lang(lang: Optional[str]) -> dict[str, Any]:  # keyword arguments of BuildOptions
    return {"lang": lang} if lang else {}


def sheet_settings(**given: Any) -> dict[str, Any]:
    """The sheet settings given on the command line (they beat a game's ``sheet:``)."""
    from pnp.load.errors import DataErrors, Problem
    from pnp.model.paper import paper_size

    out = {k: v for k, v in given.items() if v is not None}
    if "paper" in out:
        try:
            paper_size(out["paper"])
        except ValueError as exc:
            raise DataErrors([Problem("--paper", 0, 0, str(exc))]) from None
        out["paper"] = out["paper"].strip().lower()
    return out


def parse_format_option(text: str) -> list[str]:
    from pnp.render import parse_formats
    from pnp.load.errors import DataErrors, Problem

    try:
        return parse_formats(text)
    except ValueError as exc:
        raise DataErrors([Problem("--format", 0, 0, str(exc))]) from None


def check_options(games: "list[Game]", extra: dict[str, Any], also: dict[str, str] | None = None) -> None:
    """An ``-o KEY`` no selected game reads is a mistake: name the keys they do read."""
    from pnp.load.errors import DataErrors, Problem
    from pnp.layout.documents import accepted_options

    if not extra:
        return
    known = dict(also or {})
    for g in games:
        known.update(accepted_options(g))
    unknown = [k for k in extra if k not in known]
    if unknown:
        listed = "; ".join(f"{k} ({v})" for k, v in sorted(known.items())) or "none"
        names = ", ".join(g.name for g in games)
        raise DataErrors([Problem(f"--option {k}", 0, 0, f"{names} has no setting {k!r}; the settings are: {listed}")
                          for k in unknown])


def parse_offset(text: str) -> tuple[float, float]:
    from pnp.load.errors import DataErrors, Problem

    try:
        x, y = (float(v) for v in text.split(","))
        if not (math.isfinite(x) and math.isfinite(y)):
            raise ValueError
    except ValueError:
        raise DataErrors([Problem("--back-offset", 0, 0, f"expected X,Y in mm such as 0.5,-1, got {text!r}")]) from None
    if max(abs(x), abs(y)) > 20:
        raise DataErrors([Problem("--back-offset", 0, 0, f"{text!r}: an offset over 20 mm is not a printer error")])
    return (x, y)
