"""``pnp export``: what a print shop asks for, written from the same items the
home-print sheets are imposed from.

A profile (``pnp.model.profile``) says what to write by naming an export mode
(:mod:`pnp.output.modes`): single card images at the shop template's pixel
size, one PDF per deck with a card side per page in the shop's order, the
imposed sheets with an output intent, or the Tabletop Simulator export. Files go to ``OUT/<game>/export/<profile>/`` all or nothing,
with a ``README.txt`` that says what to upload and how many of each card to
order, and a ``manifest.json``.
"""
from __future__ import annotations

import json
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

from pnp.load.classes import dataclass
from pnp.load.errors import DataErrors, Problem
from pnp.load.words import counted
from pnp.load.paths import file_stem
from pnp.load.loader import display_path, load_model, load_yaml
from pnp.model.assets import Asset, BuildOptions, Item
from pnp.output import PROFILES, profile_names
from pnp.output.modes import check as check_mode, mode_of
from pnp.render.formats import PDF
from pnp.scene import Group, Page, Rect, scale, translate
from pnp.scene.primitives import Box
from pnp.scene.units import MM_PER_INCH

if TYPE_CHECKING:  # pragma: no cover
    from pnp.model.game import Game
    from pnp.model.profile import Product, Profile
    from pnp.model.pdfx import Version
    from pnp.render.cmyk import Cmyk

Files = list[tuple[str, int, str]]  # (relative path, pages, what it is) of each file written
Progress = Callable[[str], None]  # told the relative path of each file written

SHIPPED = PROFILES
EXPORT = "export"


def load_profile(name: str) -> Profile:
    """A shipped profile by name, or the user's own by the path of its YAML file."""
    path = Path(name)
    if path.suffix.lower() not in (".yaml", ".yml"):
        if name not in profile_names():
            raise DataErrors([Problem("--profile", 0, 0, f"no profile {name!r}; shipped: {', '.join(profile_names())}"
                                      " (or give the path of your own profile's .yaml file)")])
        path = SHIPPED / f"{name}.yaml"
    elif not path.is_file():
        raise DataErrors([Problem(str(path), 0, 0, "no such profile file")])
    profile: Profile = load_model(path, "pnp.model.profile:Profile")  # kept validated in pnp's cache
    data = load_yaml(path)
    wrong = check_mode(profile)
    if wrong:
        from pnp.load.loader import locate

        raise DataErrors([Problem(display_path(path), *locate(data, keys), message) for keys, message in wrong])
    _check_pixels(profile, data, path)
    if profile.colour == "cmyk":  # the ICC file is read now, so a bad one is named before anything is drawn
        from pnp.load.loader import locate
        from pnp.load.paths import OutsideError, resolve_inside
        from pnp.render import cmyk

        icc = profile.icc
        try:
            if icc not in cmyk.SHIPPED:  # a file of the shop's, beside the profile and inside its folder
                folder = path.resolve().parent
                profile = profile.model_copy(update={"icc": str(resolve_inside(folder / icc, (folder,), icc,
                                                                               "the profile's folder"))})
            cmyk.load(profile.icc)
        except OutsideError as exc:
            line, col = locate(data, ("icc",))
            raise DataErrors([Problem(display_path(path), line, col, f"'icc': {exc}; put the ICC file beside "
                                      "the profile")]) from None
        except (DataErrors, cmyk.NotCmyk) as exc:
            why = exc.problems[0].message if isinstance(exc, DataErrors) else str(exc)
            line, col = locate(data, ("icc",))
            raise DataErrors([Problem(display_path(path), line, col, f"'icc': {icc}: {why}; expected "
                                      f"{', '.join(cmyk.SHIPPED)} or the path of a CMYK .icc file")]) from None
    return profile


def _check_pixels(profile: Profile, data: Any, path: Path) -> None:
    """A product's image size, held to the pixels pnp makes for one image before any is drawn."""
    from pnp.load.budget import BudgetError, Limits
    from pnp.load.loader import locate

    problems = []
    for i, product in enumerate(profile.products):
        if product.pixels is None:
            continue
        try:
            Limits().check_pixels(*product.pixels, f"a {product.name} image")
        except BudgetError:
            w, h = product.pixels
            problems.append(Problem(display_path(path), *locate(data, ("products", i, "pixels")),
                                    f"'pixels': {w:,} x {h:,} pixels is {w * h / 1e6:,.0f} megapixels for one card "
                                    f"image; pnp makes at most {Limits().megapixels} (a card at 300 dpi is about 1)"))
    if problems:
        raise DataErrors(problems)


def _check_images(matching: Matching, profile: Profile, opts: BuildOptions) -> None:
    """Before anything is drawn: each deck's card images within the pixels pnp makes for one image."""
    from pnp.load.budget import BudgetError

    if profile.output != "images" or profile.format != "png":
        return
    problems = []
    for deck in matching.decks:
        w, h = image_pixels(deck, profile)
        try:
            opts.limits.check_pixels(w, h, f"{deck.asset.name}: a card image")
        except BudgetError:
            problems.append(Problem(deck.asset.source or deck.asset.name, 0, 0,
                                    f"{deck.asset.name}: a card image of {w:,} x {h:,} pixels at {profile.dpi} dpi is "
                                    f"more than the {opts.limits.megapixels} megapixels pnp makes for one image; "
                                    "give the profile a lower dpi"))
    if problems:
        raise DataErrors(problems)


def converter(profile: Profile) -> "Cmyk | None":
    """What makes the profile's PDFs CMYK (a :class:`pnp.render.cmyk.Cmyk`), or None for RGB."""
    if profile.colour != "cmyk":
        return None
    from pnp.render import cmyk

    return cmyk.load(profile.icc)


@dataclass
class Side:
    """One card side to send: which item, front or back, and what it is."""

    item: Item
    back: bool
    label: str
    source: str  # file:line of the card's row, or the asset's data file
    copies: int
    stem: str = ""  # file stem (images) or "" (pages of a PDF)


@dataclass
class ShopDeck:
    """A deck of the build matched to one of the shop's products, its sides in print order."""

    asset: Asset
    product: Product
    trim: tuple[float, float]  # mm, in the card's own orientation
    fronts: list[Side]
    backs: list[Side]  # each different back once, with the copies of every card that has it
    back_of: "list[int | None]"  # per front: its back in ``backs`` (None: single-sided)

    def sides(self) -> list[Side]:
        return self.fronts + self.backs

    def groups(self) -> list[tuple["Side | None", list[Side]]]:
        """The fronts by the back they have, in the order of the backs (single-sided ones last)."""
        out: dict[int | None, list[Side]] = {k: [] for k in range(len(self.backs))}
        for f, k in zip(self.fronts, self.back_of):
            out.setdefault(k, []).append(f)
        return [(self.backs[k] if k is not None else None, fs) for k, fs in out.items() if fs]


@dataclass
class Matching:
    """Which decks go to which of the shop's products, and which assets none fits."""

    profile: Profile
    decks: list[ShopDeck] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # assets no product fits, with the reason


def card_sources(asset: Asset) -> list[str]:
    cards = getattr(asset.cards, "cards", None)
    if cards is not None and len(cards) == len(asset.faces or []):
        return [f"{c.source[0]}:{c.source[1]}" for c in cards]
    return [asset.source] * len(asset.faces or [])


def own_size(w: float, h: float) -> "Product":
    """The product a shop that prints any size makes of a ``w`` x ``h`` mm card."""
    from pnp.model.plain import make
    from pnp.model.plain.profile import Product as PlainProduct

    made: Any = make(PlainProduct, {"name": "own size", "trim_mm": (float(w), float(h)), "pixels": None},
                     frozenset({"name", "trim_mm"}))
    return made


def match_products(assets: list[Asset], profile: Profile) -> Matching:
    """Which decks go to which of the shop's products, side by side, in order. Imposed sheets
    (a copy shop) take every card and counter at its own size."""
    matching = Matching(profile)
    for asset in assets:
        if not asset.faces or asset.preview_of:
            continue
        if any(i.cut is not None for i, _ in asset.faces):  # a shop cuts rectangles, not a token's round outline
            matching.skipped.append(f"{asset.name}: round or hexagonal pieces, which {profile.title} cannot cut; "
                                f"print its PDF and cut them yourself")
            continue
        w = max(i.w for i, _ in asset.faces)
        h = max(i.h for i, _ in asset.faces)
        found = profile.product_for(w, h) if mode_of(profile).products else \
            (own_size(w, h), False)
        if found is None:
            sizes = ", ".join(f"{p.name} {p.trim_mm[0]:g} × {p.trim_mm[1]:g} mm" for p in profile.products)
            matching.skipped.append(f"{asset.name} ({w:g} × {h:g} mm): {profile.title} has no card of that size ({sizes})")
            continue
        product, turned = found
        trim = (product.trim_mm[1], product.trim_mm[0]) if turned else (product.trim_mm[0], product.trim_mm[1])
        fronts = []
        for n, ((item, copies), src) in enumerate(zip(asset.faces, card_sources(asset)), 1):
            fronts.append(Side(item, False, item.label or f"#{n}", src, copies, f"{n:03d}-{file_stem(item.label or '')[:40] or 'card'}"))
        backs, back_of = _backs(asset, fronts)
        matching.decks.append(ShopDeck(asset, product, trim, fronts, backs, back_of))
    return matching


def _backs(asset: Asset, fronts: list[Side]) -> tuple[list[Side], "list[int | None]"]:
    """Each different back of a deck once (cards whose backs look the same share one), and which
    one each front has."""
    if asset.back is not None:
        b = asset.back
        return [Side(b, b.back is not None, "back", asset.source, sum(f.copies for f in fronts), "back")], \
            [0] * len(fronts)
    backs: list[Side] = []
    back_of: "list[int | None]" = []
    seen: dict[object, int] = {}
    for f in fronts:
        if f.item.back is None:
            back_of.append(None)
            continue
        key = f.item.back_key if f.item.back_key is not None else ("own", id(f.item))
        if key not in seen:
            seen[key] = len(backs)
            backs.append(Side(f.item, True, "", f.source, 0))
        backs[seen[key]].copies += f.copies
        back_of.append(seen[key])
    for n, side in enumerate(backs, 1):
        side.label, side.stem = ("back", "back") if len(backs) == 1 else (f"back {n}", f"back-{n}")
    return backs, back_of


def _page_size(deck: ShopDeck, profile: Profile) -> tuple[float, float, float, float]:
    """(page w, page h, bleed x, bleed y) in mm: the template's pixels when the shop gives them."""
    tw, th = deck.trim
    px = deck.product.pixels
    if px is not None and mode_of(profile).holds == "side":
        pw, ph = (px if deck.trim == tuple(deck.product.trim_mm) else (px[1], px[0]))
        w, h = pw / profile.dpi * MM_PER_INCH, ph / profile.dpi * MM_PER_INCH
        return w, h, (w - tw) / 2, (h - th) / 2
    b = profile.bleed_mm
    return tw + 2 * b, th + 2 * b, b, b


def image_pixels(deck: ShopDeck, profile: Profile) -> tuple[int, int]:
    """The pixel size of each card side's image: the shop template's, or the page at the profile's dpi."""
    w, h, _, _ = _page_size(deck, profile)
    return round(w / MM_PER_INCH * profile.dpi), round(h / MM_PER_INCH * profile.dpi)


def side_page(deck: ShopDeck, side: Side, profile: Profile) -> Page:
    """One card side on a page of its own: the product's trim, the shop's bleed on every side
    (the bleed box is the whole page).

    The card is drawn at the product's size (a 63 x 88 mm card goes to 63.5 x 88.9 mm),
    with enough bleed of its own that the stretched card still covers the page.
    """
    w, h, bx, by = _page_size(deck, profile)
    item = side.item
    sx, sy = deck.trim[0] / item.w, deck.trim[1] / item.h
    own_bleed = max(bx / sx, by / sy) + 0.01
    draw = item.back if side.back and item.back is not None else item.front  # a back side has a back
    card = Group([draw(own_bleed)], transform=translate(bx, by) @ scale(sx, sy))
    trim = Box(bx, by, deck.trim[0], deck.trim[1])
    return Page(w, h, Group([card], clip=Rect(0, 0, w, h)), trim=trim, bleed=Box(0, 0, w, h), label=side.label,
                cuts=(trim,))


def pdf_order(deck: ShopDeck, profile: Profile) -> list[Side]:
    """The card-pdf pages in the shop's order, each card repeated by its copies when asked."""
    def back_of(i: int) -> "Side | None":
        k = deck.back_of[i]
        return None if k is None else deck.backs[k]

    reps = [f.copies if profile.repeat_copies else 1 for f in deck.fronts]
    if profile.order == "fronts-then-backs" or not deck.backs:
        fronts = [f for f, r in zip(deck.fronts, reps) for _ in range(r)]
        if not deck.backs:
            return fronts
        backs = [back_of(i) for i, r in enumerate(reps) for _ in range(r)] \
            if len(deck.backs) > 1 or profile.repeat_copies or None in deck.back_of else deck.backs[:1]
        return fronts + [b for b in backs if b is not None]
    out: list[Side] = []
    for i, (f, r) in enumerate(zip(deck.fronts, reps)):
        pair = [back_of(i), f] if profile.order == "back-then-front" else [f, back_of(i)]
        out += [s for s in pair if s is not None] * r
    return out


@dataclass
class Written:
    folder: Path
    files: Files
    matching: Matching | None
    readme: str


def export(game: "Game", opts: BuildOptions, profile: Profile, out_dir: Path,
           progress: Progress | None = None) -> Written:
    """Write the profile's files for ``game`` into ``out_dir/<game>/export/<profile>/``, all or nothing."""
    from pnp.output.manifest import owned
    from pnp.output.plan import collect_assets
    from pnp.output.files import Staging

    parent = Path(out_dir) / game.name / EXPORT
    owned(parent, [profile.name], "export")  # someone's folder of that name is not replaced
    assets = collect_assets(game, opts)
    with Staging(parent) as st:
        stage = st.dir / profile.name
        stage.mkdir()
        files, matching = mode_of(profile).write(ExportJob(game, assets, opts, profile, stage, parent / profile.name,
                                                            progress))
        readme = readme_text(game, profile, matching, files)
        (stage / "README.txt").write_text(readme, encoding="utf-8")
        manifest = {"game": game.name, "profile": profile.name, "output": profile.output,
                    "files": [{"file": f, "pages": n, "what": what} for f, n, what in files]}
        (stage / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=1) + "\n",
                                             encoding="utf-8")
        st.commit([profile.name])
    return Written(parent / profile.name, files, matching, readme)


@dataclass
class ExportJob:
    """What an export mode's writer (:mod:`pnp.output.modes`) is given."""

    game: "Game"
    assets: list[Asset]
    opts: BuildOptions
    profile: Profile
    stage: Path  # the folder to write into (staged: it is swapped in whole when the export is done)
    final: Path  # where the folder will be
    progress: Progress | None = None  # progress(label) after each file, or None


def write_cards(job: ExportJob) -> tuple[Files, Matching]:
    """images and card-pdf: each deck matched to one of the shop's products, side by side."""
    matching = match_products(job.assets, job.profile)
    if not matching.decks:
        raise DataErrors([Problem(job.game.name, 0, 0, f"nothing to send to {job.profile.title}: "
                                  + ("; ".join(matching.skipped) or "the game has no cards or counters"))])
    _check_images(matching, job.profile, job.opts)
    return _cards(matching, job.stage, job.progress), matching


def write_sheets(job: ExportJob) -> tuple[Files, Matching]:
    """sheets: the imposed sheets as pnp build makes them (the matching is what preflight checks)."""
    return _sheets(job.assets, job.profile, job.stage, job.progress), match_products(job.assets, job.profile)


def write_tts(job: ExportJob) -> tuple[Files, None]:
    """tts: the Tabletop Simulator export."""
    return _tts(job.assets, job.opts, job.stage, job.final), None


def pdfx_version(profile: Profile) -> "Version | None":
    """The :class:`pnp.model.pdfx.Version` the profile's PDFs claim, or None."""
    from pnp.model.pdfx import VERSIONS

    return VERSIONS[profile.pdfx] if profile.pdfx else None


def _write_pdf(pages: Iterable[Page], path: Path, title: str, profile: Profile, conv: "Cmyk | None",
               sides: "list[Side] | None" = None) -> int:
    """Write a shop's PDF: CMYK when asked, its output intent, and the PDF/X version it claims,
    with transparency composited away first when that version allows none. ``sides`` name the
    card of each page when an element cannot be composited."""
    from pnp.render import write
    from pnp.render.pdffacts import add_output_intent

    version = pdfx_version(profile)
    if version is not None and not version.transparency and conv is not None:
        pages = _flattened(pages, conv, profile, sides)
    n = write(PDF, pages, path, title=title, cmyk=conv)
    if conv is not None or mode_of(profile).holds == "sheets":  # a copy shop's RIP learns what RGB means
        add_output_intent(path, conv)
    from pnp.render.pdfx import claim, retag

    if version is not None:
        claim(path, version)
    else:
        retag(path)
    return n


def _flattened(pages: Iterable[Page], conv: "Cmyk", profile: Profile, sides: "list[Side] | None") -> Iterator[Page]:
    from pnp.load.budget import BudgetError
    from pnp.render.flatten import FlattenError, Flattener

    flattener = Flattener(conv, dpi=2 * profile.dpi)
    for i, page in enumerate(pages):
        try:
            yield flattener.page(page)
        except (FlattenError, BudgetError, OSError) as exc:
            side = sides[i] if sides is not None and i < len(sides) else None
            file, _, line = (side.source if side else profile.name).rpartition(":")
            if not line.isdigit():
                file, line = (side.source if side else profile.name), "0"
            raise DataErrors([Problem(file, int(line), 0, f"{side.label if side else page.label or 'a page'}: cannot "
                                      f"be made {profile.pdfx} (no transparency): {exc}")]) from None


def _cards(matching: Matching, stage: Path, progress: Progress | None) -> Files:
    from pnp.render.png import png_bytes

    profile = matching.profile
    conv = converter(profile)
    files: Files = []
    for deck in matching.decks:
        folder = deck.asset.name.replace("/", "-")
        if mode_of(profile).holds == "side":
            (stage / folder).mkdir(parents=True, exist_ok=True)
            for side in deck.sides():
                page = side_page(deck, side, profile)
                rel = f"{folder}/{side.stem}.{profile.format}"
                if profile.format == PDF:  # one PDF per card side, trim and bleed boxes set
                    _write_pdf([page], stage / rel, side.label, profile, conv, [side])
                else:
                    (stage / rel).write_bytes(png_bytes(page, size=image_pixels(deck, profile)))
                files.append((rel, 1, f"{'back' if side.back else 'front'}: {side.label} ×{side.copies}"))
                if progress:
                    progress(rel)
        else:
            order = pdf_order(deck, profile)
            rel = f"{folder}.pdf"
            n = _write_pdf((side_page(deck, s, profile) for s in order), stage / rel, deck.asset.title, profile, conv,
                           order)
            files.append((rel, n, f"{deck.asset.title}: {n} pages, {profile.order}"))
            if progress:
                progress(rel)
    return files


def _sheets(assets: list[Asset], profile: Profile, stage: Path, progress: Progress | None) -> Files:
    conv = converter(profile)
    files: Files = []
    for asset in assets:
        if asset.preview_of or not asset.wants(PDF):
            continue
        rel = f"{asset.name}.pdf"
        (stage / rel).parent.mkdir(parents=True, exist_ok=True)
        n = _write_pdf(asset.iter_pages(), stage / rel, asset.title, profile, conv)
        files.append((rel, n, asset.title))
        if progress:
            progress(rel)
    return files


def _tts(assets: list[Asset], opts: BuildOptions, stage: Path, final: Path) -> Files:
    from pnp.model.options import number
    from pnp.output.tts import MAX_DPI, export_asset

    base_url = (opts.extra or {}).get("tts_url")
    max_dpi = number(opts, "tts_dpi", MAX_DPI, 30, MAX_DPI, unit="dpi")
    files: Files = []
    for asset in assets:
        if asset.faces and not asset.preview_of:
            for p in export_asset(asset, stage, base_url, max_dpi, final):
                files.append((p.name, 1, f"Tabletop Simulator: {asset.title or asset.name}"))
    return files


def order_lines(deck: ShopDeck, profile: Profile) -> list[str]:
    """What to order of one deck, in a sentence or two: how many decks (one per different back when
    the shop's product has one back) of how many cards."""
    total = sum(f.copies for f in deck.fronts)
    size = f"{deck.product.name} {deck.trim[0]:g} × {deck.trim[1]:g} mm"
    groups = deck.groups()
    if len(deck.backs) > 1 and profile.backs == "one-per-deck" and mode_of(profile).holds == "side":
        sizes = [sum(f.copies for f in fronts) for _, fronts in groups]
        return [f"{deck.asset.title or deck.asset.name}: order {counted(len(groups), 'deck')} ({size}), one per "
                f"back, of {_listed(sizes)} cards ({profile.title} prints one back per deck)"]
    kind = f"{counted(total, 'card')} ({size})"
    if not deck.backs:
        return [f"{deck.asset.title or deck.asset.name}: order 1 deck of {kind}, single-sided"]
    if len(deck.backs) == 1:
        return [f"{deck.asset.title or deck.asset.name}: order 1 deck of {kind}, all with one back"]
    return [f"{deck.asset.title or deck.asset.name}: order 1 deck of {kind} with {len(deck.backs)} different backs, "
            f"each card with its own"]


def _listed(nums: list[int]) -> str:
    words = [f"{n:,}" for n in nums]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def readme_text(game: "Game", profile: Profile, matching: Matching | None, files: Files) -> str:
    """What to upload and how many of each card to order, in plain words."""
    lines = [f"{game.name} for {profile.title}", ""]
    if profile.sources:
        lines += ["Sizes from:"] + [f"  {s}" for s in profile.sources] + [""]
    if matching is not None and mode_of(profile).products:
        for deck in matching.decks:
            lines += order_lines(deck, profile)
            total = sum(f.copies for f in deck.fronts)
            backs = counted(len(deck.backs), "back", "different backs") if deck.backs else "no back"
            lines.append(f"  {counted(len(deck.fronts), 'card type')}, {counted(total, 'card')} in all, {backs}, "
                         f"bleed {profile.bleed_mm:g} mm")
            folder = deck.asset.name.replace("/", "-")
            if mode_of(profile).holds == "side":
                lines += _image_groups(deck, profile, folder)
            else:
                order = {"back-then-front": "each card's back, then its front",
                         "front-then-back": "each card's front, then its back",
                         "fronts-then-backs": "all fronts, then the backs"}[profile.order]
                lines.append(f"  {folder}.pdf, pages: {order}"
                             + ("; every copy has its own pages" if profile.repeat_copies else ""))
                for f in deck.fronts:
                    lines.append(f"  {f.copies:>3} ×  {f.label}")
            lines.append("")
        for s in matching.skipped:
            lines.append(f"Not included: {s}")
        if matching.skipped:
            lines.append("")
    else:
        lines += [f"  {rel}" + (f"  ({counted(n, 'page')})" if rel.endswith(".pdf") else "")
                  + (f": {what}" if what else "") for rel, n, what in files] + [""]
    lines += _pdf_lines(profile)
    if profile.notes:
        lines += [profile.notes, ""]
    return "\n".join(lines)


def _image_groups(deck: ShopDeck, profile: Profile, folder: str) -> list[str]:
    """The card images to upload, each face with its count, grouped by back."""
    def face(f: Side, back: "Side | None" = None) -> str:
        line = f"  {f.copies:>3} ×  {folder}/{f.stem}.{profile.format}  ({f.label})"
        return line + (f"  back: {folder}/{back.stem}.{profile.format}" if back is not None else "")

    groups = deck.groups()
    if len(deck.backs) > 1 and profile.backs == "per-card":
        lines = ["  each face with its back (choose a different back for each card):"]
        return lines + [face(f, back) for back, fronts in groups for f in fronts]
    lines = []
    for n, (back, fronts) in enumerate(groups, 1):
        if len(groups) > 1:
            cards = sum(f.copies for f in fronts)
            lines.append(f"  deck {n} of {len(groups)}, {counted(cards, 'card')}, "
                         + (f"back: {folder}/{back.stem}.{profile.format}" if back else "single-sided"))
        elif back is not None:
            lines.append(f"  back:  {folder}/{back.stem}.{profile.format}  (every card)")
        lines += [face(f) for f in fronts]
    return lines


def _pdf_lines(profile: Profile) -> list[str]:
    """What the PDFs are: the PDF/X version they claim, and their colour."""
    lines = []
    version = pdfx_version(profile)
    if version is not None:
        lines += [f"PDF: {version.name} ({version.standard}), as the file says in its document information and XMP "
                  "metadata: fonts embedded, trim and bleed boxes on every page"
                  + ("." if version.transparency else ", no transparency (pnp composites translucent art onto "
                                                        "what lies beneath it)."), ""]
    elif mode_of(profile).writes_pdf(profile):
        lines += ["PDF: no PDF/X version is claimed.", ""]
    conv = converter(profile)
    if conv is not None:
        lines += [f"Colour: CMYK, converted with the ICC profile \"{conv.description}\", which each PDF names as "
                  "its output intent; black and grey are black ink alone.", ""]
    return lines
