"""``pnp preflight``: check the files a profile would send before they are sent.

Two kinds of check. On each card side's scene (what will be printed): text
inside the safe zone, raster images sharp enough at their printed size, and
artwork that runs into the bleed on every side where it reaches the cut. On the
written files (what the shop receives): pixel size and recorded resolution of
images, fonts embedded with a subset tag each, trim and bleed boxes, page count,
colour space, ink, output intent, file size, and every requirement of the PDF/X
version the profile names (:class:`pnp.model.pdfx.Version`), each finding citing
the requirement it breaks. Each finding names the card with the data row it
comes from, or the file.
"""
from __future__ import annotations

import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator

from pnp.load.classes import dataclass
from pnp.load.words import counted
from pnp.output.modes import mode_of
from pnp.render.formats import FORMATS, PDF, format_of
from pnp.scene.primitives import Box, Page

if TYPE_CHECKING:  # pragma: no cover
    from pnp.model.assets import BuildOptions
    from pnp.model.game import Game
    from pnp.model.profile import Profile
    from pnp.model.pdfx import Version
    from pnp.output.export import Matching, Written
    from pnp.render.pdffacts import PdfFacts
    from pnp.render.survey import Survey

Progress = Callable[[str], None]  # told each card side or file checked
PdfWant = tuple[int, tuple[float, float]]  # what the order fixes of a PDF: (pages, trim size in mm)
PngFacts = tuple[tuple[int, int], "tuple[float, float] | None", str]  # (pixel size, recorded dpi, mode)
Box4 = tuple[float, float, float, float]  # a PDF box in mm: x, y, width, height

EPS = 0.05  # mm: measuring slack


@dataclass
class Finding:
    check: str  # one of CHECKS
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
    # a picture has a dpi only when it has pixels (render.survey), so pixels is set here
    return [Finding("image-dpi", False, where,
                    f"a {p.pixels[0]} × {p.pixels[1]} px image prints at "  # type: ignore[index]
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


def _card_findings(matching: "Matching", profile: Profile,
                   progress: Progress | None = None) -> tuple[list[Finding], int]:
    from pnp.output.export import side_page
    from pnp.render.survey import survey

    found: list[Finding] = []
    n = 0
    for deck in matching.decks:
        safe = profile.safe_mm
        if mode_of(profile).holds == "sheets":  # the data's own safe zone; small counters get a tenth of their side
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


def _expected(written: "Written", profile: Profile) -> dict[str, Any]:
    """File -> what it should be: a PNG's pixel size, or a PDF's (pages, trim size in mm)."""
    from pnp.output.export import image_pixels, pdf_order

    expect: dict[str, Any] = {}  # a PDF's PdfWant, or an image's pixel size
    holds = mode_of(profile).holds
    for deck in written.matching.decks if written.matching is not None else ():
        name = deck.asset.name.replace("/", "-")
        if holds == "side" and profile.format == PDF:
            expect.update({f"{name}/{side.stem}.{PDF}": (1, deck.trim) for side in deck.sides()})
        elif holds == "side":
            expect.update({f"{name}/{side.stem}.{profile.format}": image_pixels(deck, profile)
                           for side in deck.sides()})
        elif holds == "deck":
            expect[f"{name}.{PDF}"] = (len(pdf_order(deck, profile)), deck.trim)
    return expect


def _file_findings(folder: Path, written: "Written", profile: Profile) -> list[Finding]:
    from pnp.render.pdffacts import png_facts, read_facts

    found: list[Finding] = []
    expect = _expected(written, profile)
    side_images = mode_of(profile).holds == "side"
    for rel, _pages, _what in written.files:
        path = folder / rel
        found += file_size(rel, path.stat().st_size, profile)
        fmt = format_of(path)
        if fmt == PDF:
            found += pdf_checks(rel, read_facts(path), expect.get(rel), profile)
        elif side_images and fmt in FORMATS and FORMATS[fmt].from_pdf:  # a card side rasterised at the template's size
            found += png_checks(rel, png_facts(path), expect.get(rel), profile)
    return found


def overlapping_text(matching: "Matching | None") -> list[Finding]:
    """Text that overlaps another element of its card side, found when the sides were drawn
    (every side of the matching must be drawn first): one finding per card and pair of elements."""
    found = []
    for deck in matching.decks if matching is not None else ():
        for o in dict.fromkeys(getattr(deck.asset, "overlaps", ())):
            found.append(Finding("overlap", False, f"{deck.asset.name}: {o.card} ({o.source})", o.message))
    return found


def file_size(rel: str, size: int, profile: Profile) -> list[Finding]:
    mb = size / 1e6
    if profile.max_file_mb is not None and mb > profile.max_file_mb:
        return [Finding("file-size", False, rel, f"{mb:.1f} MB; the shop takes at most {profile.max_file_mb:g} MB")]
    return []


def png_checks(rel: str, facts: PngFacts, want: tuple[int, int] | None, profile: Profile) -> list[Finding]:
    """A card image: its pixel size (the template's), the resolution it records, RGB."""
    size, dpi, mode = facts
    found = []
    if want is not None and size != want:
        found.append(Finding("pixels", False, rel, f"{size[0]} × {size[1]} px; the template is "
                             f"{want[0]} × {want[1]} px"))
    if dpi is None or any(abs(d - profile.dpi) > 0.5 for d in dpi):
        said = "no resolution" if dpi is None else " × ".join(f"{d:g}" for d in dict.fromkeys(dpi)) + " dpi"
        found.append(Finding("resolution", False, rel, f"records {said}; the shop wants {profile.dpi}"))
    if profile.colour == "cmyk" or mode != "RGB":
        found.append(Finding("colour", False, rel, f"{mode}; the shop asks for {profile.colour.upper()}"))
    return found


def pdf_checks(rel: str, facts: "PdfFacts", want: PdfWant | None, profile: Profile) -> list[Finding]:
    """Every check of a PDF the shop receives; ``want`` is (pages, trim size) when the order fixes them.
    With a PDF/X version named by the profile, each finding of one of its requirements cites it."""
    from pnp.output.export import pdfx_version

    version = pdfx_version(profile)
    said = [(check, message) for check, test in PDF_CHECKS.items() for message in test(facts, want, profile, version)]
    if version is None:
        return [Finding(check, False, rel, message) for check, message in said]
    said += [(check, message) for check, test in PDFX_CHECKS.items() for message in test(facts, version)]
    asks = version.requirements
    return [Finding(check, False, rel, message + (f" ({version.name}, {version.standard}: {asks[check]})"
                                                   if check in asks else "")) for check, message in said]


def _pages(nums: list[int]) -> str:
    return ("page " if len(nums) == 1 else "pages ") + _ranges(nums)


def _ranges(nums: list[int]) -> str:
    return ", ".join(str(n) for n in nums[:8]) + (" …" if len(nums) > 8 else "")


def _fonts(facts: "PdfFacts", want: PdfWant | None, profile: Profile, version: "Version | None") -> Iterator[str]:
    bare = sorted(name for name, embedded in facts.fonts.items() if not embedded)
    if bare:
        yield f"fonts not embedded: {', '.join(bare)}"


def _subset_tags(facts: "PdfFacts", want: PdfWant | None, profile: Profile, version: "Version | None") -> Iterator[str]:
    from pnp.render.pdfx import SUBSET_TAG

    by_tag: dict[str, list[str]] = {}
    for base in facts.subsets:
        m = SUBSET_TAG.match(base)
        if m:
            by_tag.setdefault(m.group(1), []).append(base)
    for tag, names in by_tag.items():
        if len(names) > 1:
            yield f"{len(names)} embedded fonts share the subset tag {tag}+ ({', '.join(names)}); each needs its own"


def _over(mm: float) -> bool:
    """More than the measuring slack (to the 1/1000 mm a PDF's boxes are read to)."""
    return round(mm, 3) > EPS


def _off(mm: float) -> bool:
    return _over(abs(mm))


def _page_count(facts: "PdfFacts", want: PdfWant | None, profile: Profile, version: "Version | None") -> Iterator[str]:
    if want is not None and len(facts.pages) != want[0]:
        yield f"{counted(len(facts.pages), 'page')}; the order asks for {want[0]}"


def _trim(facts: "PdfFacts", want: PdfWant | None, profile: Profile, version: "Version | None") -> Iterator[str]:
    if want is not None:
        tw, th = want[1]
        off = [i + 1 for i, p in enumerate(facts.pages) if _off(p.trim[2] - tw) or _off(p.trim[3] - th)]
        if off:
            yield f"{_pages(off)} {'has' if len(off) == 1 else 'have'} a trim box other than {tw:g} × {th:g} mm"
    if mode_of(profile).holds != "sheets":  # a sheet's items carry their own bleed
        bare = [i + 1 for i, p in enumerate(facts.pages) if p.trim == p.media]
        if bare:
            yield f"{_pages(bare)} {'has' if len(bare) == 1 else 'have'} no bleed around the trim box"


SIDES = ("left", "bottom", "right", "top")  # the order of a PDF box's edges, y up


def _bleed_box(facts: "PdfFacts", want: PdfWant | None, profile: Profile, version: "Version | None") -> Iterator[str]:
    """A card's BleedBox: the shop's bleed beyond the trim on every side, within the page."""
    if not ONLY_WHEN["bleed-box"](profile):
        return
    short: dict[str, list[int]] = {}
    for i, p in enumerate(facts.pages, 1):
        (tx, ty, tw, th), (bx, by, bw, bh) = p.trim, p.bleed
        beyond = (tx - bx, ty - by, (bx + bw) - (tx + tw), (by + bh) - (ty + th))
        for side, d in zip(SIDES, beyond):
            if _over(profile.bleed_mm - d):
                short.setdefault(side, []).append(i)
    for side, pages in short.items():
        yield (f"{_pages(pages)}: the bleed box reaches less than {profile.bleed_mm:g} mm beyond the trim on the "
               f"{side} side; a shop's RIP crops what lies outside it")


def _page_boxes(facts: "PdfFacts", version: "Version") -> Iterator[str]:
    for i, p in enumerate(facts.pages, 1):
        if "TrimBox" not in p.boxes and "ArtBox" not in p.boxes:
            yield f"page {i} has neither TrimBox nor ArtBox"
        elif not (_within(p.trim, p.bleed) and _within(p.bleed, p.media)):
            yield f"page {i}: the trim box is not inside the bleed box, or the bleed box not inside the media box"


def _within(inner: Box4, outer: Box4) -> bool:
    ix, iy, iw, ih = inner
    ox, oy, ow, oh = outer
    return not any(_over(past) for past in (ox - ix, oy - iy, ix + iw - (ox + ow), iy + ih - (oy + oh)))


def _colour(facts: "PdfFacts", want: PdfWant | None, profile: Profile, version: "Version | None") -> Iterator[str]:
    if not ONLY_WHEN["colour"](profile):
        return
    allowed = {"cmyk", "gray", "separation", "devicen"}
    bad = [(i, sorted(p.colour_ops - allowed)) for i, p in enumerate(facts.pages, 1) if p.colour_ops - allowed]
    if bad:
        kinds = sorted({k for _, ks in bad for k in ks})
        said = ", ".join(_SPACE_WORDS.get(k, k) for k in kinds)
        pages = [i for i, _ in bad]
        yield f"{_pages(pages)} {'uses' if len(pages) == 1 else 'use'} {said} colour; the shop asks for CMYK"


_SPACE_WORDS = {"rgb": "RGB", "lab": "Lab", "icc": "ICC-based"}


def _ink(facts: "PdfFacts", want: PdfWant | None, profile: Profile, version: "Version | None") -> Iterator[str]:
    if not ONLY_WHEN["ink"](profile):
        return
    # profile.max_ink is set: ONLY_WHEN["ink"] above
    heavy = [(i, p.max_ink) for i, p in enumerate(facts.pages, 1)
             if p.max_ink > profile.max_ink]  # type: ignore[operator]
    if heavy:
        yield (f"{_pages([i for i, _ in heavy])} {'lays' if len(heavy) == 1 else 'lay'} down up to "
               f"{max(ink for _, ink in heavy):g} % ink; the shop takes at most {profile.max_ink} %")


def _output_intent(facts: "PdfFacts", want: PdfWant | None, profile: Profile, version: "Version | None") -> Iterator[str]:
    if not facts.intents:
        if version is not None or profile.colour == "cmyk" or mode_of(profile).holds == "sheets":
            yield "no output intent"
        return
    if version is None:
        return
    pdfx = [i for i in facts.intents if i.subtype == "/GTS_PDFX"]
    if len(pdfx) != 1:
        yield f"{len(pdfx)} PDF/X output intents (S /GTS_PDFX); there must be one"
        return
    intent = pdfx[0]
    if not intent.condition:
        yield "the output intent has no OutputConditionIdentifier"
    if not intent.info:
        yield "the output intent has no Info"
    if intent.profile is None:
        if not intent.registry:
            yield "the output intent embeds no output profile and names no registry"
    elif intent.profile[12:16] != b"prtr" or intent.profile[16:20] != b"CMYK":
        kind, space = _tag(intent.profile[12:16]), _tag(intent.profile[16:20])
        yield f"the output profile is a {kind!r} profile for {space}, not an output (prtr) profile for CMYK"


def _tag(raw: bytes) -> str:
    """An ICC header's four-letter signature as text."""
    return "".join(map(chr, raw)).strip()


def _pdfx_header(facts: "PdfFacts", version: "Version") -> Iterator[str]:
    said = _version_number(facts.header)
    # a version's own header (pnp.model.pdfx) is always a number such as 1.3
    if said is None or said > _version_number(version.header):  # type: ignore[operator]
        yield f"the header says PDF {facts.header}"


def _version_number(text: str) -> "tuple[int, ...] | None":
    try:
        return tuple(int(p) for p in text.split("."))
    except ValueError:
        return None


def _pdfx_version(facts: "PdfFacts", version: "Version") -> Iterator[str]:
    for key, value in (("GTS_PDFXVersion", version.info_version), ("GTS_PDFXConformance", version.conformance)):
        got = facts.info.get(key)
        if value is not None and got != value:
            yield f"{key} is missing" if got is None else f"{key} says {got!r}"


def _pdfx_xmp(facts: "PdfFacts", version: "Version") -> Iterator[str]:
    if facts.xmp is None:
        yield "the file has no XMP metadata"
        return
    keys = ("pdfxid:GTS_PDFXVersion",) if version.xmp_identity else ("pdfxid:GTS_PDFXVersion", "pdfx:GTS_PDFXVersion")
    said = [facts.xmp[k] for k in keys if k in facts.xmp]
    if version.info_version not in said:
        yield f"the XMP metadata names {' or '.join(repr(v) for v in said) if said else 'no PDF/X version'}"
    if version.xmp_identity:
        missing = [k for k in ("xmpMM:DocumentID", "xmpMM:VersionID", "xmpMM:RenditionClass") if not facts.xmp.get(k)]
        if missing:
            yield f"the XMP metadata has no {', '.join(missing)}"


def _pdfx_info(facts: "PdfFacts", version: "Version") -> Iterator[str]:
    missing = [k for k in ("Title", "CreationDate", "ModDate") if not facts.info.get(k)]
    if missing:
        yield f"the document information has no {', '.join(missing)}"


def _trapped(facts: "PdfFacts", version: "Version") -> Iterator[str]:
    trapped = facts.info.get("Trapped")
    if trapped not in ("/True", "/False"):
        yield "Trapped is missing" if trapped is None else f"Trapped says {trapped}"
    elif facts.xmp is not None and facts.xmp.get("pdf:Trapped", trapped[1:]) != trapped[1:]:
        yield f"the XMP metadata says Trapped {facts.xmp['pdf:Trapped']}, the document information {trapped[1:]}"


def _document_id(facts: "PdfFacts", version: "Version") -> Iterator[str]:
    if not facts.document_id:
        yield "the trailer has no ID"


def _transparency(facts: "PdfFacts", version: "Version") -> Iterator[str]:
    if version.transparency:
        return
    by: dict[str, list[int]] = {}
    for i, p in enumerate(facts.pages, 1):
        for what in p.transparency:
            by.setdefault(what, []).append(i)
    for what in sorted(by):
        yield f"{_pages(by[what])} {'uses' if len(by[what]) == 1 else 'use'} {what}"


def _encryption(facts: "PdfFacts", version: "Version") -> Iterator[str]:
    if facts.encrypted:
        yield "the file is encrypted"


def _actions(facts: "PdfFacts", version: "Version") -> Iterator[str]:
    if facts.actions:
        yield f"the file holds {'; '.join(facts.actions)}"
    inside = [i for i, p in enumerate(facts.pages, 1) if p.annotations]
    if inside:
        yield f"{_pages(inside)} {'has' if len(inside) == 1 else 'have'} annotations inside the bleed box"


def _postscript(facts: "PdfFacts", version: "Version") -> Iterator[str]:
    kinds = sorted({k for p in facts.pages for k in p.postscript})
    if kinds:
        yield f"the file holds {' and '.join(kinds)}"


# the checks of every PDF a shop gets, in the order findings are listed: name -> test(facts, want, profile, version)
PDF_CHECKS = {
    "fonts": _fonts, "subset-tags": _subset_tags, "pages": _page_count, "trim": _trim, "bleed-box": _bleed_box,
    "colour": _colour, "ink": _ink, "output-intent": _output_intent,
}
# PDF checks that apply to some profiles only: name -> applies(profile)
ONLY_WHEN = {
    "bleed-box": lambda profile: mode_of(profile).holds != "sheets" and profile.bleed_mm > 0,  # a card's own page
    "colour": lambda profile: profile.colour == "cmyk",
    "ink": lambda profile: profile.max_ink is not None,
}
# what a PDF/X version asks besides: name -> test(facts, version)
PDFX_CHECKS = {
    "page-boxes": _page_boxes, "pdfx-header": _pdfx_header, "pdfx-version": _pdfx_version, "pdfx-xmp": _pdfx_xmp,
    "pdfx-info": _pdfx_info, "trapped": _trapped, "document-id": _document_id, "transparency": _transparency,
    "encryption": _encryption, "actions": _actions, "postscript": _postscript,
}
CARD_CHECKS = ("safe-zone", "overlap", "image-dpi", "bleed")  # on each card side's scene
IMAGE_CHECKS = ("pixels", "resolution")  # on each card side's image
CHECKS = (*CARD_CHECKS, *IMAGE_CHECKS, *PDF_CHECKS, *PDFX_CHECKS, "file-size")


def checks_for(profile: Profile) -> list[str]:
    """The checks preflight runs for ``profile``, in the order of CHECKS: the card checks when its
    mode sends card sides, the image checks for card images, the PDF checks when it writes PDFs (those
    of ONLY_WHEN when they apply) and those its PDF/X version asks for, the file size when the shop
    limits it."""
    from pnp.output.export import pdfx_version

    mode, version = mode_of(profile), pdfx_version(profile)
    asks = version.requirements if version is not None else {}
    run = list(CARD_CHECKS) if mode.holds is not None else []
    if mode.holds == "side" and profile.format in FORMATS and FORMATS[profile.format].from_pdf:
        run += IMAGE_CHECKS
    if mode.writes_pdf(profile):
        run += [c for c in PDF_CHECKS if c not in ONLY_WHEN or ONLY_WHEN[c](profile)]
        run += [c for c in PDFX_CHECKS if c in asks]
    if profile.max_file_mb is not None:
        run.append("file-size")
    return run


def check_written(written: "Written", profile: Profile,
                  progress: Progress | None = None) -> tuple[list[Finding], dict[str, int]]:
    """Every failed check on an export, and how many card sides and files were checked."""
    found: list[Finding] = []
    sides = 0
    if written.matching is not None:
        found, sides = _card_findings(written.matching, profile, progress)
        found += overlapping_text(written.matching)
    found += _file_findings(written.folder, written, profile)
    return found, {"card sides": sides, "files": len(written.files)}


def preflight(game: "Game", opts: "BuildOptions", profile: Profile,
              progress: Progress | None = None) -> tuple[list[Finding], dict[str, int]]:
    """Export into a temporary folder (the output folder is not touched) and check it."""
    from pnp.output.export import export

    with tempfile.TemporaryDirectory(prefix="pnp-preflight-") as tmp:
        return check_written(export(game, opts, profile, Path(tmp), progress), profile, progress)
