"""What a build will write, known before anything is drawn: every asset of a game collected
(its data kinds, its rules module, contact sheets), each with the requested formats it supports,
no two writing one file, and all of it held to the build's limits."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Iterable

from pnp.load.errors import DataErrors, Problem
from pnp.layout.documents import documents
from pnp.layout.kinds import KINDS
from pnp.model.assets import Asset, BuildOptions
from pnp.model.plain.game import Game
from pnp.render.formats import FORMATS, applies

if TYPE_CHECKING:
    from pnp.scene import Page

Planned = list[tuple[Asset, tuple[str, ...]]]  # each asset with the formats it is written in


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
            def page(a: Asset = a) -> list[Page]:
                from pnp.layout.builtin.preview import contact_sheet

                return [contact_sheet(a)]

            out.append(Asset(f"{a.name}-contact-sheet", f"{a.title} – contact sheet", page, formats=("png",),
                             description="every distinct face once, small", source=a.source, preview_of=a.name))
    return out


def plan(assets: Iterable[Asset], formats: Iterable[str], folder: str = "") -> Planned:
    """Each asset with the requested formats it supports (assets wanting none are dropped).

    Two assets that could write the same file, or a file where another one
    needs a folder, are a data error naming both, before anything is written.
    """
    items = [(a, tuple(f for f in FORMATS if f in formats and applies(f, a.formats))) for a in assets]
    items = [(a, fmts) for a, fmts in items if fmts]
    _check_collisions(items, folder)
    return items


_PAGE = re.compile(r"^(?P<stem>.+)-p\d{2,}$")


def _check_collisions(items: Planned, folder: str) -> None:
    """Output names are fixed by asset name and format, except the page count of
    one-file-per-page formats, so ``t`` (``t-p01.svg`` ...) is checked against any ``t-pNN``."""
    owner: dict[tuple[str, str], Asset] = {}  # (stem, format) -> asset
    problems = []

    def clash(a: Asset, b: Asset, what: str) -> None:
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


def check_budgets(work: list[tuple[Game, Planned]], opts: BuildOptions) -> list[Problem]:
    """Before anything is drawn, what every asset says it will make, held to the build's
    limits: the sheets of decks, counter and token sheets, the shapes each asset draws."""
    from pnp.load.budget import BudgetError
    from pnp.load.loader import display_path

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
                problems += _asset_budget(asset, fmts, o)
            except BudgetError as exc:
                problems.append(Problem(asset.source or asset.name, 0, 0, str(exc)))
    return problems


def _asset_budget(asset: Asset, fmts: tuple[str, ...], o: BuildOptions) -> list[Problem]:
    """The shapes an asset draws and the sheets it makes, held to ``o.limits`` (BudgetError when
    over, a problem when its pieces are larger than the paper)."""
    import math

    from pnp.load.budget import BudgetError
    from pnp.impose.grid import DoesNotFit, fit_grid
    from pnp.impose.items import sheet_from_options
    from pnp.layout.builtin.card import TIGHT_MARGIN

    if asset.shapes is not None:
        o.limits.check_shapes(asset.shapes, asset.name)
    if asset.pages_at_least and "pdf" in fmts:
        file, line, col, what = asset.budget_at or (asset.source or asset.name, 0, 0, asset.description)
        try:
            o.limits.check_pages(asset.pages_at_least, f"{asset.name}: {what}")
        except BudgetError as exc:
            return [Problem(file, line, col, str(exc))]
        return []
    if not asset.faces or "pdf" not in fmts:
        return []
    first = asset.faces[0][0]
    pieces = sum(copies for _, copies in asset.faces)
    per_page, why = 0, None
    for margin in dict.fromkeys((o.margin, min(o.margin, TIGHT_MARGIN))):  # a deck narrows it to fit
        try:
            per_page = fit_grid(first.w, first.h, sheet_from_options(o, margin=margin)).per_page
            break
        except DoesNotFit as exc:
            why = why or exc
    if not per_page:  # larger than the paper: said before drawing, with the paper it needs
        return [Problem(asset.source or asset.name, 0, 0, f"{asset.name}: {why}")]
    sheets = math.ceil(pieces / per_page) * (2 if any(i.back for i, _ in asset.faces) else 1)
    o.limits.check_pages(sheets, f"{asset.name}: {pieces:,} pieces")
    return []
