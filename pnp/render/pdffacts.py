"""PDF files after writing: add an output intent, and read back what a print shop
looks at (page boxes, fonts and whether they are embedded, colour operators,
output intents). pikepdf does the reading and writing; the sRGB profile comes
from littleCMS through pillow, the CMYK one from :mod:`pnp.render.cmyk`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

PT = 72.0 / 25.4  # points per mm


def srgb_icc() -> bytes:
    """An sRGB ICC profile, byte for byte the same every time: littleCMS stamps the creation
    time into the header (bytes 24-35), so that is set to 2000-01-01, and the profile ID
    (an MD5 over the header, bytes 84-99) is left zero, which ICC allows ("not calculated")."""
    from PIL import ImageCms

    icc = bytearray(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    icc[24:36] = (2000).to_bytes(2, "big") + b"".join(n.to_bytes(2, "big") for n in (1, 1, 0, 0, 0))
    icc[84:100] = bytes(16)
    return bytes(icc)


def add_output_intent(path: Path, cmyk=None) -> None:
    """Say in the PDF which colours its numbers mean (a PDF/X-style output intent): sRGB, or
    the printing condition of the CMYK profile ``cmyk`` (a :class:`pnp.render.cmyk.Cmyk`)
    its colours were converted for, that profile embedded."""
    import pikepdf

    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        if cmyk is None:
            data, channels, condition, info = srgb_icc(), 3, "sRGB IEC61966-2.1", "sRGB IEC61966-2.1"
        else:
            data, channels, condition, info = cmyk.icc, 4, cmyk.condition, cmyk.description
        icc = pikepdf.Stream(pdf, data)
        icc["/N"] = channels
        intent = pikepdf.Dictionary(Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
                                    OutputConditionIdentifier=pikepdf.String(condition),
                                    Info=pikepdf.String(info), DestOutputProfile=icc)
        if cmyk is not None and cmyk.registry:
            intent.RegistryName = pikepdf.String(cmyk.registry)
        pdf.Root.OutputIntents = pikepdf.Array([pdf.make_indirect(intent)])
        # deterministic: no new document id, no modification date
        pdf.save(path, deterministic_id=True)


@dataclass
class PageFacts:
    media: tuple[float, float, float, float]  # mm
    trim: tuple[float, float, float, float]
    bleed: tuple[float, float, float, float]
    colour_ops: set[str] = field(default_factory=set)  # rgb, cmyk, gray
    text: bool = False
    max_ink: float = 0.0  # the largest C + M + Y + K of a CMYK colour on the page, in %


@dataclass
class PdfFacts:
    pages: list[PageFacts]
    fonts: dict[str, bool]  # base font name -> embedded
    output_intents: list[str]  # their condition identifiers


_OPS = {"rg": "rgb", "RG": "rgb", "k": "cmyk", "K": "cmyk", "g": "gray", "G": "gray"}
_IMAGE_SPACES = {"/DeviceRGB": "rgb", "/DeviceCMYK": "cmyk", "/DeviceGray": "gray"}


def _box(page, name: str) -> tuple[float, float, float, float]:
    b = page.obj.get(name) or page.obj.get("/MediaBox") or page.mediabox
    x0, y0, x1, y1 = (float(v) / PT for v in b)
    return (round(x0, 3), round(y0, 3), round(x1 - x0, 3), round(y1 - y0, 3))


def _embedded(font) -> bool:
    if font.get("/Subtype") == "/Type3":
        return True  # drawn with PDF operators, nothing to embed
    desc = font.get("/FontDescriptor")
    if desc is None and "/DescendantFonts" in font:
        desc = font.DescendantFonts[0].get("/FontDescriptor")
    return desc is not None and any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))


def read_facts(path: Path) -> PdfFacts:
    import pikepdf

    pages, fonts = [], {}
    with pikepdf.open(path) as pdf:
        intents = [str(oi.get("/OutputConditionIdentifier", "")) for oi in pdf.Root.get("/OutputIntents", [])]
        for page in pdf.pages:
            facts = PageFacts(_box(page, "/MediaBox"), _box(page, "/TrimBox"), _box(page, "/BleedBox"))
            for op in pikepdf.parse_content_stream(page):
                name = str(op.operator)
                if name in _OPS:
                    facts.colour_ops.add(_OPS[name])
                    if name in ("k", "K"):
                        facts.max_ink = max(facts.max_ink, round(sum(float(v) for v in op.operands) * 100, 1))
                elif name in ("Tj", "TJ"):
                    facts.text = True
            res = page.obj.get("/Resources", {})
            for _, font in (res.get("/Font") or {}).items():
                fonts[str(font.get("/BaseFont", "?")).lstrip("/")] = _embedded(font)
            for _, xobj in (res.get("/XObject") or {}).items():
                space = xobj.get("/ColorSpace")
                if isinstance(space, pikepdf.Name) and str(space) in _IMAGE_SPACES:
                    facts.colour_ops.add(_IMAGE_SPACES[str(space)])
            pages.append(facts)
    return PdfFacts(pages, fonts, intents)


def png_facts(path: Path) -> tuple[tuple[int, int], tuple[float, float] | None, str]:
    """Pixel size, recorded dots per inch and colour mode of an image file."""
    from PIL import Image

    with Image.open(path) as im:
        dpi = im.info.get("dpi")
        return im.size, (round(float(dpi[0]), 1), round(float(dpi[1]), 1)) if dpi else None, im.mode
