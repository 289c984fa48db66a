"""``pnp preflight``: check the files a profile would send before they are sent.

Two kinds of check. On each card side's scene (what will be printed): text
inside the safe zone, raster images sharp enough at their printed size, and
artwork that runs into the bleed on every side where it reaches the cut. On the
written files (what the shop receives): pixel size and recorded resolution of
images, fonts embedded, trim boxes, page count, colour space, output intent,
file size. Each finding names the card with the data row it comes from.
"""
from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.model.profile import Profile
from pnp.scene.primitives import Box, Page

if TYPE_CHECKING:  # pragma: no cover
    from pnp.render.survey import Survey

EPS = 0.05  # mm: measuring slack


@dataclass
class Finding:
    check: str  # safe-zone, overlap, image-dpi, bleed, pixels, resolution, fonts, trim, pages, colour, output-intent, file-size
    ok: bool
    where: str  # "card (file:line)" or a file name
    message: str


def text_in_safe_zone(seen: "Survey", trim: Box, safe: float, where: str) -> list[Finding]:
    from pnp.render.survey import safe_zone_overlap

    found = []
    for t in seen.texts:
        over = safe_zone_overlap(t.box, trim, safe)
        if over > EPS:
            cut = safe_zone_overlap(t.box, trim, 0.0)
            what = f"crosses the cut by {cut:.1f} mm" if cut > EPS else \
                f"reaches {over:.1f} mm into the {safe:g} mm safe zone"
            found.append(Finding("safe-zone", False, where, f"{t.named} {what}"))
    return found


def image_resolution(seen: "Survey", min_dpi: float, where: str) -> list[Finding]:
    return [Finding("image-dpi", False, where, f"a {p.pixels[0]} × {p.pixels[1]} px image prints at "
                    f"{p.dpi:.0f} dpi; the shop wants {min_dpi:g}")
            for p in seen.pictures if p.dpi is not None and p.dpi + 0.5 < min_dpi]


def bleed_sides(page: Page, trim: Box, where: str, dpi: float = 72) -> list[Finding]:
    """Sides where artwork reaches the cut but the bleed beyond it is bare paper."""
    import numpy as np

    from pnp.render.png import render_image

    grey = np.asarray(render_image(page, dpi).convert("L"), dtype=np.uint8)
    k = grey.shape[1] / page.width  # px per mm
    x0, y0 = round(trim.x * k), round(trim.y * k)
    x1, y1 = round((trim.x + trim.w) * k), round((trim.y + trim.h) * k)
    bx, by = max(x0, 1), max(y0, 1)
    strips = {  # side: (bleed strip, the same width just inside the cut)
        "left": (grey[y0:y1, x0 - bx:x0], grey[y0:y1, x0:x0 + bx]),
        "right": (grey[y0:y1, x1:x1 + bx], grey[y0:y1, x1 - bx:x1]),
        "top": (grey[y0 - by:y0, x0:x1], grey[y0:y0 + by, x0:x1]),
        "bottom": (grey[y1:y1 + by, x0:x1], grey[y1 - by:y1, x0:x1]),
    }
    bare = []
    for side, (outside, inside) in strips.items():
        if outside.size == 0 or inside.size == 0:
            bare.append(side)
            continue
        if (outside >= 250).mean() > 0.5 and (inside >= 250).mean() < 0.5:
            bare.append(side)
    if not bare:
        return []
    return [Finding("bleed", False, where, f"artwork stops at the cut on the {', '.join(bare)} "
                    f"side{'s' if len(bare) > 1 else ''}: the bleed there is bare paper")]


def _card_findings(plan, profile: Profile, progress=None) -> tuple[list[Finding], int]:
    from pnp.output.export import side_page
    from pnp.render.survey import survey

    found, n = [], 0
    for deck in plan.decks:
        safe = profile.safe_mm
        if profile.output == "sheets":  # the data's own safe zone; small counters get a tenth of their side
            safe = deck.asset.safe if deck.asset.safe is not None else min(safe, min(deck.trim) / 10)
        for side in deck.sides():
            page = side_page(deck, side, profile)
            where = f"{deck.asset.name}: {side.label} ({side.source})"
            trim, seen = page.trim_box, survey(page)  # one walk measures text, symbols and pictures
            found += text_in_safe_zone(seen, trim, safe, where)
            found += image_resolution(seen, profile.min_image_dpi, where)
            found += bleed_sides(page, trim, where)
            n += 1
            if progress:
                progress(side.label)
    return found, n


def _file_findings(folder: Path, written, profile: Profile) -> list[Finding]:
    from pnp.output.export import image_pixels, pdf_order
    from pnp.render.pdffacts import png_facts, read_facts

    found = []
    expect = {}
    if written.plan is not None:
        for deck in written.plan.decks:
            name = deck.asset.name.replace("/", "-")
            if profile.output == "images" and profile.format == "png":
                expect.update({f"{name}/{side.stem}.png": image_pixels(deck, profile) for side in deck.sides()})
            elif profile.output == "images":
                expect.update({f"{name}/{side.stem}.pdf": (1, deck.trim) for side in deck.sides()})
            elif profile.output == "card-pdf":
                expect[f"{name}.pdf"] = (len(pdf_order(deck, profile)), deck.trim)
    for rel, _pages, _what in written.files:
        path = folder / rel
        size_mb = path.stat().st_size / 1e6
        if profile.max_file_mb is not None and size_mb > profile.max_file_mb:
            found.append(Finding("file-size", False, rel, f"{size_mb:.1f} MB; the shop takes at most "
                                 f"{profile.max_file_mb:g} MB"))
        if path.suffix == ".png" and profile.output == "images":
            size, dpi, mode = png_facts(path)
            want = expect.get(rel)
            if want is not None and size != want:
                found.append(Finding("pixels", False, rel, f"{size[0]} × {size[1]} px; the template is "
                                     f"{want[0]} × {want[1]} px"))
            if dpi is None or abs(dpi[0] - profile.dpi) > 0.5:
                found.append(Finding("resolution", False, rel, f"records {dpi and dpi[0]} dpi; the shop wants "
                                     f"{profile.dpi}"))
            if profile.colour == "cmyk" or mode != "RGB":
                found.append(Finding("colour", False, rel, f"{mode}; the shop asks for {profile.colour.upper()}"))
        elif path.suffix == ".pdf":
            facts = read_facts(path)
            bare = sorted(name for name, embedded in facts.fonts.items() if not embedded)
            if bare:
                found.append(Finding("fonts", False, rel, f"fonts not embedded: {', '.join(bare)}"))
            want = expect.get(rel)
            if want is not None:
                pages, (tw, th) = want
                if len(facts.pages) != pages:
                    found.append(Finding("pages", False, rel, f"{len(facts.pages)} pages; the order asks for {pages}"))
                off = [i + 1 for i, p in enumerate(facts.pages)
                       if abs(p.trim[2] - tw) > EPS or abs(p.trim[3] - th) > EPS]
                if off:
                    found.append(Finding("trim", False, rel, f"pages {_ranges(off)} have a trim box other than "
                                         f"{tw:g} × {th:g} mm"))
            if not all(p.trim != p.media for p in facts.pages) and profile.output != "sheets":
                found.append(Finding("trim", False, rel, "a page has no bleed around its trim box"))
            spaces = set().union(*(p.colour_ops for p in facts.pages)) if facts.pages else set()
            if profile.colour == "cmyk" and spaces - {"cmyk", "gray"}:
                rgb = [i + 1 for i, p in enumerate(facts.pages) if "rgb" in p.colour_ops]
                found.append(Finding("colour", False, rel, f"pages {_ranges(rgb)} have RGB colours; the shop asks for "
                                     "CMYK"))
            ink = max((p.max_ink for p in facts.pages), default=0.0)
            if profile.max_ink is not None and ink > profile.max_ink:
                heavy = [i + 1 for i, p in enumerate(facts.pages) if p.max_ink > profile.max_ink]
                found.append(Finding("ink", False, rel, f"pages {_ranges(heavy)} lay down up to {ink:g} % ink; the "
                                     f"shop takes at most {profile.max_ink} %"))
            if profile.output == "sheets" and not facts.output_intents:
                found.append(Finding("output-intent", False, rel, "no output intent"))
    return found


def overlapping_text(plan) -> list[Finding]:
    """Text that overlaps another element of its card side, found when the sides were drawn
    (every side of the plan must be drawn first): one finding per card and pair of elements."""
    found = []
    for deck in plan.decks if plan is not None else ():
        for o in dict.fromkeys(getattr(deck.asset, "overlaps", ())):
            found.append(Finding("overlap", False, f"{deck.asset.name}: {o.card} ({o.source})", o.message))
    return found


def _ranges(nums: list[int]) -> str:
    return ", ".join(str(n) for n in nums[:8]) + (" …" if len(nums) > 8 else "")


CHECKS = ("safe-zone", "overlap", "image-dpi", "bleed", "pixels", "resolution", "fonts", "trim", "pages", "colour", "ink",
          "output-intent", "file-size")


def check_written(written, profile: Profile, progress=None) -> tuple[list[Finding], dict[str, int]]:
    """Every failed check on an export, and how many card sides and files were checked."""
    found: list[Finding] = []
    sides = 0
    if written.plan is not None:
        found, sides = _card_findings(written.plan, profile, progress)
        found += overlapping_text(written.plan)
    found += _file_findings(written.folder, written, profile)
    return found, {"card sides": sides, "files": len(written.files)}


def preflight(game, opts, profile: Profile, progress=None) -> tuple[list[Finding], dict[str, int]]:
    """Export into a temporary folder (the output folder is not touched) and check it."""
    from pnp.output.export import export

    with tempfile.TemporaryDirectory(prefix="pnp-preflight-") as tmp:
        return check_written(export(game, opts, profile, Path(tmp), progress), profile, progress)
