"""Building games: their assets (:mod:`pnp.output.plan`) drawn in every requested format,
in worker processes when there are enough, staged and swapped in atomically with a manifest
(:mod:`pnp.output.manifest`)."""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

from pnp.load.classes import dataclass
from pnp.model.assets import Asset, BuildOptions
from pnp.output.collector import data_loaded
from pnp.render.formats import FORMATS, needs_every_page
from pnp.load.errors import DataErrors, Problem
from pnp.load.registry import preload
from pnp.model.plain.game import Game
from pnp.scene.fonts import FontError
from pnp.output.files import Staging
from pnp.output.manifest import game_facts, owned, write_manifest
from pnp.output.plan import Planned, check_budgets, collect_assets, plan
from pnp.scene.text import TextOverflow

if TYPE_CHECKING:  # pragma: no cover
    from pnp.output.drawer import Drawer
    from pnp.scene import Page


Work = list[tuple[Game, Planned]]  # each game with its assets and the formats each is written in
# one asset drawn: (files written as (relative path, pages), its warnings, whether it is two-sided)
Drawn = tuple[list[tuple[str, int]], list[str], "bool | None"]
GameFile = tuple[Asset, str, int]  # (asset, file name in the game's folder, pages), as the manifest lists it


@dataclass(frozen=True)
class Written:
    game: str
    path: Path
    pages: int
    bytes: int


def write_asset(asset: Asset, fmts: tuple[str, ...], staging: Staging, prefix: str,
                opts: BuildOptions, drawer: "Drawer | None" = None) -> list[tuple[str, int]]:
    """Write one asset in its formats into staging; returns (relative path, pages).
    A ``drawer`` (:mod:`pnp.output.drawer`) draws the pages this process makes."""
    from pnp.load.budget import Tally
    from pnp.render import write_formats
    from pnp.render.survey import SafeZoneWatch

    from pnp.impose.duplex import Sides, paired

    watch = SafeZoneWatch(asset.safe) if asset.faces and asset.safe is not None and not asset.preview_of else None
    sides = Sides()
    written: list[tuple[str, int]] | None = None

    # every file prints safely double-sided: pages on their own get blank backs in a 2-sided file
    def pages() -> "Iterator[Page]":
        return paired(asset.iter_pages(), sides)

    if drawer is not None:
        from pnp.output.drawer import DrawerFailed

        try:
            written, found, _shapes = drawer.draw(pages(), fmts, staging.dir / prefix, asset.name,
                                                  opts.dpi, asset.title, watch.safe if watch is not None else None,
                                                  opts.limits)
            for rel, _ in written:
                staging.path(prefix + rel)
            if watch is not None:
                watch.found = found
        except DrawerFailed:  # drawn again here, where the same error is raised with its message
            written = None
    if written is None:
        written = write_formats(pages, fmts, asset.name, lambda rel: staging.path(prefix + rel),
                                dpi=opts.dpi, title=asset.title, observer=watch, limits=opts.limits,
                                tally=Tally(opts.limits))
    asset.two_sided = sides.double
    if watch is not None:  # the preflight check that matters at home too, as a warning
        for text in dict.fromkeys(text for _, text, _ in watch.found):
            over = max(o for _, t, o in watch.found if t == text)
            asset.warnings.append(f"{asset.source}: warning: {asset.name}: {text} comes {over:.1f} mm "
                                  f"into the {asset.safe:g} mm safe zone (pnp preflight names the card)")
    return [(prefix + rel, pages) for rel, pages in written]


SPLIT_PIECES = 18  # two sheets of poker cards: fewer are drawn sooner here than piped to a drawer
# raster pictures (pixels) over which a deck is drawn here: a deck of photos is little drawing and many bytes, which
# would cross the pipe to a drawer (40 phone photos, 113 MB: 1.6 s drawn here, 2.2 s with a drawer)
PIPED_PIXELS = 20_000_000


def _splittable(asset: Asset, fmts: Iterable[str]) -> bool:
    """Pages that stream (no format needs them all at once, as SVG does) of enough cut pieces, and
    not a deck of photos."""
    return (callable(asset.pages) and not needs_every_page(fmts) and bool(asset.faces)
            and sum(copies for _, copies in asset.faces or ()) >= SPLIT_PIECES
            and sum(pixels for pixels, _ in asset.pictures.values()) <= PIPED_PIXELS)


def build_games(games: list[Game], opts: BuildOptions, formats: list[str], out_dir: Path,
                progress: Callable[[str, int, int], None] | None = None,
                warn: Callable[[str], None] | None = None, jobs: int = 1,
                changed: Iterable[Path] | None = None, drawer: "Drawer | None" = None,
                force: bool = False) -> list[Written]:
    """Build games into ``out_dir/<game>/``: every game is staged whole, then all
    are swapped in, or none (see :mod:`pnp.output.files`). Each folder gets a manifest.
    Warnings found while drawing (a picture printed below 200 dpi) go to ``warn``.

    ``changed`` (watch mode) names the files saved since the last build: when
    each of them is a deck, board, counter or score-sheet file, only the assets
    made from them (and those of the game's rules module, which may read any
    file) are drawn again and the other files are taken over from the last
    build by hard link; any other change (a layout, symbols, a picture, a
    spreadsheet) rebuilds everything.

    ``drawer`` (:mod:`pnp.output.drawer`), a drawer process already started, draws a
    big deck when there is nothing else to run beside it (else one is forked when needed).

    A build replaces only folders it made: an ``out_dir/<game>`` that exists without a
    pnp manifest is refused before anything is read, unless ``force``.
    """
    if not force:
        owned(out_dir, [g.name for g in games])
    work = _planned(games, opts, formats)
    _before_drawing(work, jobs)
    data_loaded()  # the collector runs again from here
    done = 0
    staged: list[tuple[str, str, int]] = []
    with Staging(out_dir) as st:
        files: dict[str, list[GameFile]] = {g.name: [] for g, _ in work}
        if changed is not None:
            work = _unchanged(work, Path(out_dir), st, changed, files, staged)
        total = sum(len(items) for _, items in work)
        facts: dict[str, tuple[list[dict[str, Any]], tuple[Any, ...]]] = {}

        def meanwhile() -> None:  # while the workers draw, the build's own process runs the checkers
            for g, _ in work:
                facts[g.name] = game_facts(g)

        for (g, (asset, fmts)), (written, warnings, two_sided) in _render(work, st, opts, jobs, meanwhile, drawer):
            asset.warnings[:] = warnings
            asset.two_sided = two_sided
            for rel, pages in written:
                staged.append((g.name, rel, pages))
                files[g.name].append((asset, rel.split("/", 1)[1], pages))
            done += 1
            if progress:
                progress(f"{g.name}/{asset.name} ({','.join(fmts)})", done, total)
        if "pdf" in formats:  # what the build wrote, and how to print it: the print guide, last
            for g, _ in work:
                _write_guide(g, st, opts.for_game(g), files[g.name], staged)
        for g, _ in work:
            write_manifest(st.dir / g.name, g, files[g.name], opts.for_game(g), facts.get(g.name))
        st.commit([g.name for g, _ in work])
    if warn is not None:
        for msg in dict.fromkeys(m for _, items in work for a, _ in items for m in a.warnings):
            warn(msg)
    return [Written(game, out_dir / rel, pages, (out_dir / rel).stat().st_size) for game, rel, pages in staged]


def _unchanged(work: Work, out_dir: Path, st: Staging, changed: Iterable[Path], files: dict[str, list[GameFile]],
               staged: list[tuple[str, str, int]]) -> Work:
    """Watch mode: the assets a save did not touch taken over from the last build (by hard
    link), the others left to draw. Imported here: a plain build never needs it."""
    from pnp.output.unchanged import link_unchanged

    return [(g, link_unchanged(g, items, out_dir / g.name, st, changed, files[g.name], staged)) for g, items in work]


def _planned(games: list[Game], opts: BuildOptions, formats: list[str]) -> Work:
    """(game, [(asset, formats)]) of every game, or DataErrors with every game's problems and
    every budget a build would break, before anything is drawn."""
    from pnp.load.loader import display_path

    work: Work = []
    problems: list[Problem] = []
    for g in games:
        try:
            work.append((g, plan(collect_assets(g, opts.for_game(g)), formats, display_path(g.folder))))
        except DataErrors as exc:
            problems += exc.problems
    problems += check_budgets(work, opts)
    if problems:
        raise DataErrors(problems)
    return work


def _write_guide(g: Game, st: Staging, opts: BuildOptions, files: list[GameFile],
                 staged: list[tuple[str, str, int]]) -> None:
    """The game's print guide (what the build wrote, and how to print it), staged and listed."""
    from pnp.output.guide import guide_asset

    guide = guide_asset(g, files, opts)
    for rel, pages in write_asset(guide, ("pdf",), st, f"{g.name}/", opts):
        staged.append((g.name, rel, pages))
        files.append((guide, rel.split("/", 1)[1], pages))


# what the forked build workers draw: set before the pool starts, read by _unit
_WORK: list[tuple[Game, Planned, BuildOptions, Staging]] = []


def _unit(index: tuple[int, int], drawer: "Callable[[], Drawer] | None" = None) -> Drawn:
    """Draw one asset in its formats into staging (in a worker, or in the build's own process,
    where ``drawer()`` gives a drawer process for a big deck)."""
    from pnp.load.budget import BudgetError
    from pnp.load.cache import save_tables

    gi, ai = index
    g, items, opts, staging = _WORK[gi]
    asset, fmts = items[ai]
    try:
        d = drawer() if drawer is not None and _splittable(asset, fmts) else None
        written: Drawn = (write_asset(asset, fmts, staging, f"{g.name}/", opts, d), list(asset.warnings),
                          asset.two_sided)
        save_tables()  # words hyphenated, texts fitted: a worker process ends without exit handlers
        return written
    except BudgetError as exc:
        raise DataErrors([Problem(asset.source or g.name, 0, 0, f"{asset.name}: {exc}")]) from None
    except (TextOverflow, FontError) as exc:  # a text names its own file:line when it knows it
        text = str(exc)
        raise DataErrors([Problem("", 0, 0, text) if re.match(r"^\S+:\d+", text)
                          else Problem(asset.source or g.name, 0, 0, f"{asset.name}: {text}")]) from None


def _render(work: Work, st: Staging, opts: BuildOptions, jobs: int, meanwhile: Callable[[], None] = lambda: None,
            drawer: "Drawer | None" = None) -> Iterator[tuple[tuple[Game, tuple[Asset, tuple[str, ...]]], Drawn]]:
    """(game, (asset, formats)), (files written, warnings) for every asset, in build order.

    With ``jobs`` > 1 the assets are drawn by forked worker processes (each
    inherits the collected assets, so nothing is read twice), or, when there are
    too few assets to share out, a big deck's pages are drawn by a drawer process
    (the one given, else one forked on first need) while this one makes them.
    Files and manifests are byte-identical to a build in one process. Any error, Ctrl-C
    or SIGTERM stops every worker before the staging folder is removed.
    ``meanwhile`` runs once the drawing has started (in the workers' time when there are any).
    """
    global _WORK

    _WORK = [(g, items, opts, st) for g, items in work]
    units = [(gi, ai) for gi, (_, items) in enumerate(work) for ai in range(len(items))]
    own: list[Drawer] = []  # the drawers forked here, stopped here

    def a_drawer() -> "Drawer":
        if drawer is not None and drawer.pid:
            return drawer
        if not own or not own[-1].pid:
            from pnp.output.drawer import Drawer

            own.append(Drawer.start())
        return own[-1]

    try:
        if jobs <= 1 or len(units) < 4 or not _can_fork():
            meanwhile()
            parallel = a_drawer if jobs > 1 and hasattr(os, "fork") else None
            for u in units:
                yield _pair(work, u), _unit(u, parallel)
            return
        if drawer is not None:
            drawer.close()  # the worker processes share out the assets instead
        import multiprocessing

        pool = multiprocessing.get_context("fork").Pool(min(jobs, len(units)), initializer=_quiet_worker)
        try:
            results = pool.imap(_unit, units)  # handed to the workers at once
            meanwhile()
            for u, result in zip(units, results):
                yield _pair(work, u), result
            pool.close()
        except BaseException:
            pool.terminate()
            raise
        finally:
            pool.join()
    finally:
        _WORK = []
        for d in own:
            d.close()


def _before_drawing(work: Work, jobs: int) -> None:
    """What drawing will need, imported before the loaded data is frozen
    (:func:`pnp.output.collector.data_loaded`), so it is frozen with it: no collection while the
    pages are drawn walks those modules' objects again, in this process or in a child, and no
    child imports them again. The writer of each format the build writes; for worker processes
    (four assets or more) each format's warm-up too; for a drawer (a big deck), and for workers
    that write PDF, the PDF fonts (the build reads them for its print guide in any case)."""
    used = {f for _, items in work for _, fmts in items for f in fmts}
    for fmt in sorted(used):
        preload(FORMATS[fmt].writer)
    if jobs <= 1 or not hasattr(os, "fork"):
        return
    pool = sum(len(items) for _, items in work) >= 4 and _can_fork()
    if pool:
        _warm_up(used)
    if (pool and "pdf" in used) or any(_splittable(asset, fmts) for _, items in work for asset, fmts in items):
        from pnp.output.drawer import ready

        ready()


def _can_fork() -> bool:
    import multiprocessing  # here, not at the top: a build in one process never needs it

    return "fork" in multiprocessing.get_all_start_methods()


def _quiet_worker() -> None:
    """Ctrl-C is the build's to handle; SIGTERM (the pool stopping a worker) just ends it."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


def _warm_up(formats: set[str]) -> None:
    """Work every worker would repeat, done once before they are forked: importing each
    format's writer and its own warm-up (SVG: the common font subsets), and the safe-zone watch
    every asset is drawn with (the build draws its print guide with it too)."""
    import pnp.render.survey  # noqa: F401 - imported for the workers

    for fmt in sorted(formats):
        FORMATS[fmt].warm()


def _pair(work: Work, u: tuple[int, int]) -> tuple[Game, tuple[Asset, tuple[str, ...]]]:
    g, items = work[u[0]]
    return g, items[u[1]]
