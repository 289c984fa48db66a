"""Building a game: gather its assets (generic kinds + rules module) and
write them in every requested format, atomically."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from .assets import Asset, BuildOptions
from .backends import FORMATS
from .data.errors import DataErrors, Problem
from .game import Game, documents
from .kinds import KINDS
from .output import Staging


@dataclass(frozen=True)
class Written:
    game: str
    path: Path
    pages: int
    bytes: int


def collect_assets(game: Game, opts: BuildOptions) -> list[Asset]:
    """Every asset a game builds, in a stable order; duplicate names are an error."""
    assets: list[Asset] = []
    for path, kind, doc in documents(game):
        if kind is None:
            continue
        renderer = KINDS[kind].renderer()
        if renderer is not None:
            assets.extend(renderer(doc, game, opts, path.stem))
    mod = game.module()
    if mod is not None and hasattr(mod, "build"):
        assets.extend(mod.build(game, opts))
    assets.extend(_contact_sheets(assets))
    seen: dict[str, Asset] = {}
    for a in assets:
        if a.name in seen:
            raise DataErrors([Problem(str(game.folder), 0, 0, f"two assets are both named {a.name!r}; rename one")])
        seen[a.name] = a
    return assets


def _contact_sheets(assets: list[Asset]) -> list[Asset]:
    """A PNG contact sheet (``<name>-contact-sheet.png``, which the gallery
    shows as the asset's preview) for every asset with faces that has none yet."""
    names = {a.name for a in assets}
    out = []
    for a in assets:
        if a.faces and f"{a.name}-contact-sheet" not in names:
            def page(a=a):
                from .preview import contact_sheet

                return [contact_sheet(a)]

            out.append(Asset(f"{a.name}-contact-sheet", f"{a.title} – contact sheet", page, formats=("png",),
                             description="every distinct face once, small"))
    return out


def plan(assets: Iterable[Asset], formats: Iterable[str]) -> list[tuple[Asset, tuple[str, ...]]]:
    """Each asset with the requested formats it supports (assets wanting none are dropped)."""
    items = [(a, tuple(f for f in FORMATS if f in formats and a.wants(f))) for a in assets]
    return [(a, fmts) for a, fmts in items if fmts]


def write_asset(asset: Asset, fmts: tuple[str, ...], staging: Staging, prefix: str,
                opts: BuildOptions) -> list[tuple[str, int]]:
    """Write one asset in its formats into staging; returns (relative path, pages)."""
    from .backends import write_formats

    written = write_formats(asset.iter_pages, fmts, asset.name, lambda rel: staging.path(prefix + rel),
                            dpi=opts.dpi, title=asset.title)
    return [(prefix + rel, pages) for rel, pages in written]


def build_games(games: list[Game], opts: BuildOptions, formats: list[str], out_dir: Path,
                progress: Callable[[str, int, int], None] | None = None) -> list[Written]:
    """Build games into ``out_dir/<game>/``. Nothing is moved into place unless
    every file of every game was written."""
    work = []
    problems: list[Problem] = []
    for g in games:
        try:
            work.append((g, plan(collect_assets(g, opts.for_game(g)), formats)))
        except DataErrors as exc:
            problems += exc.problems
    if problems:
        raise DataErrors(problems)
    total = sum(len(items) for _, items in work)
    done = 0
    staged: list[tuple[str, str, int]] = []
    with Staging(out_dir) as st:
        for g, items in work:
            for asset, fmts in items:
                for rel, pages in write_asset(asset, fmts, st, f"{g.name}/", opts):
                    staged.append((g.name, rel, pages))
                done += 1
                if progress:
                    progress(f"{g.name}/{asset.name} ({','.join(fmts)})", done, total)
        st.commit()
    return [Written(game, out_dir / rel, pages, (out_dir / rel).stat().st_size) for game, rel, pages in staged]
