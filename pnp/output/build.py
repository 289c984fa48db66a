"""Building a game: gather its assets (generic kinds + rules module) and
write them in every requested format, atomically."""
from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from pnp.model.assets import Asset, BuildOptions
from pnp.output import loaded
from pnp.render.formats import FORMATS, applies, format_of, needs_every_page
from pnp.load.errors import DataErrors, Problem
from pnp.layout.documents import documents
from pnp.model.game import Game
from pnp.layout.kinds import KINDS
from pnp.scene.fonts import FontError
from pnp.output.files import Staging
from pnp.scene.text import TextOverflow


@dataclass(frozen=True)
class Written:
    game: str
    path: Path
    pages: int
    bytes: int


def collect_assets(game: Game, opts: BuildOptions) -> list[Asset]:
    """Every asset a game builds, in a stable order, each knowing where it comes from."""
    from pnp.load.budget import BudgetError
    from pnp.load.loader import display_path

    assets: list[Asset] = []
    for path, kind, doc in documents(game):
        if kind is None:
            continue
        renderer = KINDS[kind].renderer()
        if renderer is not None:
            try:
                assets.extend(_from(renderer(doc, game, opts, path.stem), display_path(path)))
            except BudgetError as exc:  # a kind that knows at once it would make too much
                raise DataErrors([Problem(display_path(path), 0, 0, str(exc))]) from None
    assets.extend(_from(game.rules().assets(game, opts), f"rules module {game.manifest.rules}"))
    assets.extend(_contact_sheets(assets))
    from pnp.output.guide import NAME

    taken = next((a for a in assets if a.name == NAME), None)
    if taken is not None:
        raise DataErrors([Problem(taken.source or display_path(game.folder), 0, 0,
                                  f"the asset name {NAME!r} is the print guide pnp adds to every build; rename it")])
    return assets


def _from(assets: Iterable[Asset], source: str) -> list[Asset]:
    out = list(assets)
    for a in out:
        a.source = a.source or source
    return out


def _contact_sheets(assets: list[Asset]) -> list[Asset]:
    """A PNG contact sheet (``<name>-contact-sheet.png``, which the gallery
    shows as the asset's preview) for every asset with faces that has none yet."""
    names = {a.name for a in assets}
    out = []
    for a in assets:
        if a.faces and f"{a.name}-contact-sheet" not in names:
            def page(a=a):
                from pnp.layout.builtin.preview import contact_sheet

                return [contact_sheet(a)]

            out.append(Asset(f"{a.name}-contact-sheet", f"{a.title} – contact sheet", page, formats=("png",),
                             description="every distinct face once, small", source=a.source, preview_of=a.name))
    return out


def plan(assets: Iterable[Asset], formats: Iterable[str], folder: str = "") -> list[tuple[Asset, tuple[str, ...]]]:
    """Each asset with the requested formats it supports (assets wanting none are dropped).

    Two assets that could write the same file, or a file where another one
    needs a folder, are a data error naming both, before anything is written.
    """
    items = [(a, tuple(f for f in FORMATS if f in formats and applies(f, a.formats))) for a in assets]
    items = [(a, fmts) for a, fmts in items if fmts]
    _check_collisions(items, folder)
    return items


_PAGE = re.compile(r"^(?P<stem>.+)-p\d{2,}$")


def _check_collisions(items, folder: str) -> None:
    """Output names are fixed by asset name and format, except the page count of
    one-file-per-page formats, so ``t`` (``t-p01.svg`` ...) is checked against any ``t-pNN``."""
    owner: dict[tuple[str, str], Asset] = {}  # (stem, format) -> asset
    problems = []

    def clash(a: Asset, b: Asset, what: str):
        problems.append(Problem(folder or "build", 0, 0, f"{what}: asset {a.name!r} (from {a.source or '?'}) and "
                                                         f"asset {b.name!r} (from {b.source or '?'}); rename one"))

    for a, fmts in items:
        for f in fmts:
            key = (a.name, f)
            if key in owner:
                clash(owner[key], a, f"both write {a.name}.{f}")
            owner[key] = a
    for (stem, f), a in owner.items():
        m = _PAGE.match(stem)
        if m and not FORMATS[f].one_file and (m["stem"], f) in owner:
            clash(owner[(m["stem"], f)], a, f"a multi-page {f} of {m['stem']!r} is also named {stem}.{f}")
    files = {f"{stem}.{f}" for stem, f in owner}
    folders = {"/".join(name.split("/")[:i]) for name, _ in owner for i in range(1, name.count("/") + 1)}
    for path in sorted(files & folders):
        stem, f = path.rsplit(".", 1)
        other = next(a for (n, _), a in owner.items() if n.startswith(path + "/"))
        clash(owner[(stem, f)], other, f"{path} is a file of one and a folder of the other")
    if problems:
        raise DataErrors(problems)


def write_asset(asset: Asset, fmts: tuple[str, ...], staging: Staging, prefix: str,
                opts: BuildOptions, drawer=None) -> list[tuple[str, int]]:
    """Write one asset in its formats into staging; returns (relative path, pages).
    A ``drawer`` (:mod:`pnp.output.drawer`) draws the pages this process makes."""
    from pnp.load.budget import Tally
    from pnp.render import write_formats
    from pnp.render.survey import SafeZoneWatch

    from pnp.impose.duplex import Sides, paired

    watch = SafeZoneWatch(asset.safe) if asset.faces and asset.safe is not None and not asset.preview_of else None
    sides = Sides()
    written = None

    def pages():  # every file prints safely double-sided: pages on their own get blank backs in a 2-sided file
        return paired(asset.iter_pages(), sides)

    if drawer is not None:
        from pnp.output.drawer import DrawerFailed

        try:
            written, found, _shapes = drawer.draw(pages(), fmts, staging.dir / prefix, asset.name,
                                                  opts.dpi, asset.title, watch and watch.safe, opts.limits)
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


def _splittable(asset: Asset, fmts) -> bool:
    """Pages that stream (no format needs them all at once, as SVG does) of enough cut pieces."""
    return (callable(asset.pages) and not needs_every_page(fmts) and bool(asset.faces)
            and sum(copies for _, copies in asset.faces) >= SPLIT_PIECES)


def build_games(games: list[Game], opts: BuildOptions, formats: list[str], out_dir: Path,
                progress: Callable[[str, int, int], None] | None = None,
                warn: Callable[[str], None] | None = None, jobs: int = 1,
                changed: Iterable[Path] | None = None, drawer=None, force: bool = False) -> list[Written]:
    """Build games into ``out_dir/<game>/``: every game is staged whole, then all
    are swapped in, or none (see :mod:`pnp.output.files`). Each folder gets a manifest.
    Warnings found while drawing (a picture printed below 200 dpi) go to ``warn``.

    ``changed`` (watch mode) names the files saved since the last build: when
    each of them is a deck, board, counter or score-sheet file, only the assets
    made from them (and those of the game's rules module, which may read any
    file) are drawn again and the other files are taken over from the last
    build by hard link; any other change (a layout, symbols, a picture, a
    spreadsheet) rebuilds everything.

    ``drawer`` (:mod:`pnp.output.drawer`), forked by ``pnp build`` before it read
    the data, draws a big deck when there is nothing else to run beside it.

    A build replaces only folders it made: an ``out_dir/<game>`` that exists without a
    pnp manifest is refused before anything is read, unless ``force``.
    """
    from pnp.load.loader import display_path

    if not force:
        owned(out_dir, [g.name for g in games])
    work = []
    problems: list[Problem] = []
    for g in games:
        try:
            work.append((g, plan(collect_assets(g, opts.for_game(g)), formats, display_path(g.folder))))
        except DataErrors as exc:
            problems += exc.problems
    problems += _too_big(work, opts)
    if problems:
        raise DataErrors(problems)
    loaded()  # the collector runs again from here
    done = 0
    staged: list[tuple[str, str, int]] = []
    with Staging(out_dir) as st:
        files: dict[str, list] = {g.name: [] for g, _ in work}
        if changed is not None:
            work = [(g, _reuse(g, items, Path(out_dir) / g.name, st, changed, files[g.name], staged))
                    for g, items in work]
        total = sum(len(items) for _, items in work)
        facts: dict[str, tuple] = {}

        def meanwhile():  # while the workers draw, the build's own process runs the checkers
            for g, _ in work:
                facts[g.name] = _game_facts(g)

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
            from pnp.output.guide import guide_asset

            for g, _ in work:
                guide = guide_asset(g, files[g.name], opts.for_game(g))
                for rel, pages in write_asset(guide, ("pdf",), st, f"{g.name}/", opts.for_game(g)):
                    staged.append((g.name, rel, pages))
                    files[g.name].append((guide, rel.split("/", 1)[1], pages))
        for g, _ in work:
            write_manifest(st.dir / g.name, g, files[g.name], opts.for_game(g), facts.get(g.name))
        st.commit([g.name for g, _ in work])
    if warn is not None:
        for msg in dict.fromkeys(m for _, items in work for a, _ in items for m in a.warnings):
            warn(msg)
    return [Written(game, out_dir / rel, pages, (out_dir / rel).stat().st_size) for game, rel, pages in staged]


def owned(out_dir: Path, names: Iterable[str], command: str = "build") -> None:
    """Refuse (OutputError) when ``out_dir/<name>`` is there but pnp did not make it (a link, a
    file, or a folder without a manifest): ``pnp <command>`` would replace whatever someone
    keeps there (``pnp build`` only without ``--force``)."""
    from pnp.output.files import OutputError

    from pnp.output.files import KEEP

    def made(p: Path) -> bool:  # by a build (its manifest), or by pnp tts / pnp export alone (their folders)
        return read_manifest(p) is not None or all(e.name in KEEP and e.is_dir() and not e.is_symlink()
                                                   for e in p.iterdir())

    foreign = []
    for name in names:
        p = Path(out_dir) / name
        if p.is_symlink() or (p.exists() and (not p.is_dir() or not made(p))):
            foreign.append(str(p))
    if foreign:
        raise OutputError(f"{', '.join(foreign)}: {'this is' if len(foreign) == 1 else 'these are'} not a folder "
                          f"pnp {command} made (no {MANIFEST}), and pnp {command} replaces it whole; move it away"
                          + (", choose another --out, or pass --force to replace it" if command == "build"
                             else " or choose another --out"))


def _reuse(game: Game, items, old: Path, st: Staging, changed, files: list, staged: list):
    """The items to draw again after ``changed``; the other assets' files are linked
    from the last build into staging (and listed in ``files``/``staged``)."""
    import shutil

    from pnp.load.loader import display_path

    manifest = read_manifest(old)
    touched = {display_path(Path(p)) for p in changed}
    leaves = {display_path(p) for p, kind, _ in documents(game) if kind in KINDS and KINDS[kind].leaf}
    if manifest is None or not touched <= leaves:
        return items
    by_asset: dict[str, list] = {}
    for e in manifest.get("files", []):
        by_asset.setdefault(e["asset"], []).append(e)
    redo = []
    for asset, fmts in items:
        old_files = by_asset.get(asset.name, [])
        if asset.source in touched or asset.source.startswith("rules module") or asset.computed \
                or {e["format"] for e in old_files} != set(fmts) \
                or not all((old / e["file"]).is_file() for e in old_files):
            redo.append((asset, fmts))
            continue
        asset.two_sided = any(e.get("duplex") for e in old_files)
        for e in old_files:
            rel = f"{game.name}/{e['file']}"
            target = st.path(rel)
            try:
                os.link(old / e["file"], target)
            except OSError:
                shutil.copyfile(old / e["file"], target)
            files.append((asset, e["file"], e["pages"]))
            staged.append((game.name, rel, e["pages"]))
    return redo


def _too_big(work, opts: BuildOptions) -> list[Problem]:
    """Before anything is drawn, what every asset says it will make, held to the build's
    limits: the sheets of decks, counter and token sheets, the shapes each asset draws."""
    import math

    from pnp.load.budget import BudgetError
    from pnp.load.loader import display_path
    from pnp.impose.grid import DoesNotFit, plan_grid
    from pnp.impose.items import sheet_from_options
    from pnp.layout.builtin.card import TIGHT_MARGIN

    problems = []
    pictures = {digest: size for _, items in work for asset, _ in items for digest, size in asset.pictures.items()}
    try:
        opts.limits.check_pictures(sum(p for p, _ in pictures.values()), sum(e for _, e in pictures.values()),
                                   "the games of this build")
    except BudgetError as exc:
        problems.append(Problem(", ".join(display_path(g.folder) for g, _ in work), 0, 0, str(exc)))
    for g, items in work:
        o = opts.for_game(g)
        for asset, fmts in items:
            try:
                if asset.shapes is not None:
                    o.limits.check_shapes(asset.shapes, asset.name)
                if asset.pages_at_least and "pdf" in fmts:
                    file, line, col, what = asset.budget_at or (asset.source or asset.name, 0, 0, asset.description)
                    try:
                        o.limits.check_pages(asset.pages_at_least, f"{asset.name}: {what}")
                    except BudgetError as exc:
                        problems.append(Problem(file, line, col, str(exc)))
                    continue
                if not asset.faces or "pdf" not in fmts:
                    continue
                first = asset.faces[0][0]
                pieces = sum(copies for _, copies in asset.faces)
                per_page, why = 0, None
                for margin in dict.fromkeys((o.margin, min(o.margin, TIGHT_MARGIN))):  # a deck narrows it to fit
                    try:
                        per_page = plan_grid(first.w, first.h, sheet_from_options(o, margin=margin)).per_page
                        break
                    except DoesNotFit as exc:
                        why = why or exc
                if not per_page:  # larger than the paper: said before drawing, with the paper it needs
                    problems.append(Problem(asset.source or asset.name, 0, 0, f"{asset.name}: {why}"))
                    continue
                sheets = math.ceil(pieces / per_page) * (2 if any(i.back for i, _ in asset.faces) else 1)
                o.limits.check_pages(sheets, f"{asset.name}: {pieces:,} pieces")
            except BudgetError as exc:
                problems.append(Problem(asset.source or asset.name, 0, 0, str(exc)))
    return problems


_WORK: list = []  # what the forked build workers draw: set before the pool starts, read by _unit


def _unit(index: tuple[int, int], drawer=None):
    """Draw one asset in its formats into staging (in a worker, or in the build's own process,
    where ``drawer()`` gives a drawer process for a big deck)."""
    from pnp.load.budget import BudgetError
    from pnp.load.cache import save_tables

    gi, ai = index
    g, items, opts, staging = _WORK[gi]
    asset, fmts = items[ai]
    try:
        d = drawer() if drawer is not None and _splittable(asset, fmts) else None
        written = write_asset(asset, fmts, staging, f"{g.name}/", opts, d), list(asset.warnings), asset.two_sided
        save_tables()  # words hyphenated, texts fitted: a worker process ends without exit handlers
        return written
    except BudgetError as exc:
        raise DataErrors([Problem(asset.source or g.name, 0, 0, f"{asset.name}: {exc}")]) from None
    except (TextOverflow, FontError) as exc:  # a text names its own file:line when it knows it
        text = str(exc)
        raise DataErrors([Problem("", 0, 0, text) if re.match(r"^\S+:\d+", text)
                          else Problem(asset.source or g.name, 0, 0, f"{asset.name}: {text}")]) from None


def _render(work, st: Staging, opts: BuildOptions, jobs: int, meanwhile: Callable[[], None] = lambda: None,
            drawer=None):
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
    own = []  # the drawers forked here, stopped here

    def a_drawer():
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
        _warm_up({f for _, items in work for _, fmts in items for f in fmts})
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
    format's writer and its own warm-up (SVG: the common font subsets). The PDF fonts are
    left to each worker, which registers only the faces it draws, at the same time as the others."""
    for fmt in sorted(formats):
        FORMATS[fmt].warm()


def _pair(work, u):
    g, items = work[u[0]]
    return g, items[u[1]]


MANIFEST = "manifest.json"


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _game_facts(game: Game) -> tuple[list[dict], tuple]:
    """What a manifest says of the game's data: each source file with its sha256, and the
    rules checker's verdict. A file that is a link out of the data folder is not read (not even
    to hash it): the game uses none, or the build had stopped."""
    from pnp.checks import verdict
    from pnp.load.paths import is_inside

    sources = [{"file": p.relative_to(game.folder).as_posix(), "sha256": _sha256(p)}
               for p in sorted(game.folder.rglob("*")) if p.is_file()
               and not any(part.startswith(".") or part == "__pycache__"  # Python's, from a rules.py
                           for part in p.relative_to(game.folder).parts) and is_inside(p, game.roots)]
    return sources, verdict(game)


def write_manifest(folder: Path, game: Game, files: list[tuple[Asset, str, int]], opts: BuildOptions,
                   facts: tuple | None = None) -> Path:
    """``manifest.json``: every file with its bytes, sha256, pages, asset and format; the
    data files it was made from with their sha256; pnp's version and the options.
    Sorted and without time stamps, so unchanged data gives the same bytes."""
    from dataclasses import asdict

    from pnp import __version__
    entries = []
    for asset, rel, pages in files:
        p = folder / rel
        entries.append({"file": rel, "bytes": p.stat().st_size, "sha256": _sha256(p), "pages": pages,
                        "format": format_of(rel), "asset": asset.name, "title": asset.title,
                        "min_text_pt": asset.min_text_pt,
                        "duplex": (opts.duplex if asset.two_sided and format_of(rel) == "pdf" else None),
                        "preview_of": asset.preview_of, "source": asset.source})
    sources, (result, findings) = facts or _game_facts(game)
    options = asdict(opts)
    del options["limits"]  # how much a build may make is not what it made
    if not options["ink_saver"]:  # said only when on: a normal build's manifest stays as it was
        del options["ink_saver"]
    doc = {"game": game.name, "pnp": __version__, "options": options,
           "files": sorted(entries, key=lambda e: e["file"]), "sources": sources,
           "checks": {"verdict": result, "findings": [list(f) for f in findings]}}
    path = folder / MANIFEST
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, ensure_ascii=False, indent=1, sort_keys=True, default=str) + "\n",
                    encoding="utf-8")
    return path


def read_manifest(folder: Path) -> dict | None:
    """A game folder's manifest, or None when it has none (not built by pnp) or it is unreadable."""
    try:
        return json.loads((Path(folder) / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
