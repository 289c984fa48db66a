"""`pnp build` and `pnp watch`: render games to print files, once or on every save."""
from __future__ import annotations

import json
import os
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, Optional

import typer

from pnp.checks.contract import _err, guarded
from pnp.cli.common import build_options, check_options, locate, parse_format_option, progress_bar, select_games
from pnp.cli.options import DataOpt, JsonOpt, SheetArgs, SheetOpts, with_sheet_options
from pnp.render.formats import FORMATS, defaults

if TYPE_CHECKING:  # pragma: no cover
    from pnp.model.assets import BuildOptions
    from pnp.model.game import Game
    from pnp.output.build import Written


@guarded
@with_sheet_options
def build(
    game: str = typer.Argument("all", help="Game name (see `pnp list`), a game's folder, or 'all'."),
    format: str = typer.Option(",".join(defaults()), "--format", "-f",
                               help="Comma list of formats: "
                                    + ", ".join(f"{n} ({f.about})" if f.opt_in else n for n, f in FORMATS.items())
                                    + "."),
    sheet: SheetArgs = SheetOpts,  # --paper ... --lang, --dpi, --back-offset
    out: Path = typer.Option(Path("output"), "--out", help="Output folder; each game gets a sub-folder."),
    max_pages: Optional[int] = typer.Option(None, "--max-pages", min=1,
                                            help="Refuse a build that would make more pages (default 2,000)."),
    max_megapixels: Optional[int] = typer.Option(None, "--max-megapixels", min=1,
                                                 help="Refuse a PNG page larger than this (default 100)."),
    max_shapes: Optional[int] = typer.Option(None, "--max-shapes", min=1,
                                             help="Refuse an asset that would draw more shapes (default 300,000)."),
    max_picture_megapixels: Optional[int] = typer.Option(
        None, "--max-picture-megapixels", min=1,
        help="Refuse a build whose different raster pictures (PNG, JPEG ...) hold more megapixels in all "
             "(default 1,000)."),
    max_svg_elements: Optional[int] = typer.Option(
        None, "--max-svg-elements", min=1,
        help="Refuse a build whose different SVG pictures hold more elements in all (default 10,000; svglib "
             "reads about 2,000 a second, once: the drawings are kept in the cache)."),
    jobs: int = typer.Option(0, "--jobs", "-j", min=0, max=64,
                             help="Processes drawing at once (0: one per CPU core; 1: no worker processes). "
                                  "The files are the same either way."),
    option: list[str] = typer.Option([], "--option", "-o",
                                     help="Game-specific setting KEY=VALUE, repeatable "
                                          "(e.g. square_mm=50, mirror=true, players=6, up=4, copies=10); "
                                          "an unknown KEY lists the game's settings."),
    force: bool = typer.Option(False, "--force", help="Replace OUT/<game> even when pnp did not make it (a "
                                                      "folder without pnp's manifest.json is refused otherwise)."),
    ink_saver: bool = typer.Option(False, "--ink-saver",
                                   help="A light print for home printers: outlines and light tints instead of dark "
                                        "fills (backs, bands, boards, tokens, cloud overlays); half the ink or less."),
    data: Path = DataOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Render games to print-ready files in OUT/<game>/ with a manifest.json; all games or none are replaced."""
    with _build_process():
        from pnp.load.budget import Limits

        formats = parse_format_option(format)
        limits = Limits(**{k: v for k, v in (("pages", max_pages), ("megapixels", max_megapixels),
                                              ("shapes", max_shapes), ("pictures", max_picture_megapixels),
                                              ("svg_elements", max_svg_elements)) if v})
        opts = build_options(sheet, option, limits, ink_saver)
        game, data = locate(game, data)
        games = select_games(data, game)
        check_options(games, opts.extra)
        written, gallery_path = _build_all(games, opts, formats, out, data, jobs, force, as_json)
        if as_json:
            typer.echo(json.dumps([{"game": w.game, "file": str(w.path), "pages": w.pages, "bytes": w.bytes}
                                   for w in written], indent=2))
            return
        _summary(written, out)
        typer.echo(f"gallery: {gallery_path}")


@contextmanager
def _build_process() -> Iterator[None]:
    """The process as a build wants it: no garbage collection while it imports and loads, and
    the collector as it was afterwards. No drawer process is forked here: the build forks one
    when a big deck comes (most builds have none, and a drawer forked before the data is read
    imported the PDF backend a second time, as the build does for its print guide)."""
    from pnp.output.collector import paused

    with paused():  # imports and loading make objects that live as long as the build
        yield


def _build_all(games: "list[Game]", opts: "BuildOptions", formats: list[str], out: Path, data: Path, jobs: int,
               force: bool, quiet: bool) -> "tuple[list[Written], Path]":
    """Build the games into OUT, then its gallery: the files written and the gallery's path."""
    from pnp.output.build import build_games

    if not force:  # before any work: the gallery this build would replace is pnp's (build_games checks
        from pnp.output.gallery import gallery_owned  # the game folders)

        gallery_owned(out)
    with progress_bar("building", quiet=quiet) as tick:
        written = build_games(games, opts, formats, out, progress=tick, warn=_err,
                              jobs=jobs or os.cpu_count() or 1, force=force)
    from pnp.output.gallery import write_gallery

    return written, write_gallery(out, data, recheck=False, force=force)


def _summary(written: "list[Written]", out: Path) -> None:
    """Files per game as a plain table (no terminal library: it would cost a build a
    twentieth of a second to start)."""
    rows = _summary_rows(written)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    typer.echo(f"written to {out}/")
    for k, r in enumerate(rows):
        typer.echo("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))))
        if k == 0:
            typer.echo("  ".join("-" * w for w in widths))


def _summary_rows(written: "list[Written]") -> list[tuple[str, ...]]:
    """The table's head and a row per game: its files, files per suffix, pages of the formats that
    are one file, and bytes."""
    by_game: dict[str, list[Written]] = {}
    for w in written:
        by_game.setdefault(w.game, []).append(w)
    paged = [f.name for f in FORMATS.values() if f.one_file]  # whose page count the table shows
    shown = list({f.ext: name for name, f in reversed(FORMATS.items())}.values())[::-1]  # one column a suffix
    rows: list[tuple[str, ...]] = [("game", "files", *shown, *(f"pages ({f})" for f in paged), "size")]
    for g, ws in by_game.items():
        n = {f: [w for w in ws if w.path.suffix == FORMATS[f].ext] for f in FORMATS}
        rows.append((g, str(len(ws)), *(str(len(n[f])) for f in shown),
                     *(str(sum(w.pages for w in n[f])) for f in paged), _human(sum(w.bytes for w in ws))))
    return rows


def _human(n: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return str(n)


@guarded
@with_sheet_options
def watch(
    game: str = typer.Argument(..., help="Game (name or folder) to rebuild when its data or the fonts change."),
    format: str = typer.Option(",".join(defaults()), "--format", "-f", help="Comma list of formats."),
    sheet: SheetArgs = SheetOpts,  # --paper ... --lang, --dpi, --back-offset
    out: Path = typer.Option(Path("output"), "--out", help="Output folder."),
    option: list[str] = typer.Option([], "--option", "-o", help="Game-specific setting KEY=VALUE, repeatable."),
    data: Path = DataOpt,
) -> None:
    """Rebuild GAME whenever a file in its data folder or in fonts/ is saved (Ctrl-C stops); takes every sheet
    option `pnp build` takes, and builds in the game's language unless --lang says otherwise."""
    from pnp.cli.watch import watch as run_watch

    opts = build_options(sheet, option)
    game, data = locate(game, data)
    check_options(select_games(data, game), opts.extra)
    formats = parse_format_option(format)
    if run_watch(game, data, out, opts, formats, echo=typer.echo):
        raise typer.Exit(130)  # interrupted, like any command: the exit code says so
