"""PDF files after writing: add an output intent, and read back what a print shop
looks at (page boxes, fonts and whether they are embedded, colour operators,
output intents). pikepdf does the reading and writing; the sRGB profile comes
from littleCMS through pillow, the CMYK one from :mod:`pnp.render.cmyk`.
"""
from __future__ import annotations

from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Union

from pnp.load.classes import dataclass
from pnp.scene.units import PT_PER_MM

if TYPE_CHECKING:
    import pikepdf

    from pnp.render.cmyk import Cmyk

Resources = Union["pikepdf.Object", "dict[str, pikepdf.Object]"]  # a resource dictionary; {} when it has none


def srgb_icc() -> bytes:
    """An sRGB ICC profile, byte for byte the same every time: littleCMS stamps the creation
    time into the header (bytes 24-35), so that is set to 2000-01-01, and the profile ID
    (an MD5 over the header, bytes 84-99) is left zero, which ICC allows ("not calculated")."""
    from PIL import ImageCms

    icc = bytearray(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    icc[24:36] = (2000).to_bytes(2, "big") + b"".join(n.to_bytes(2, "big") for n in (1, 1, 0, 0, 0))
    icc[84:100] = bytes(16)
    return bytes(icc)


def add_output_intent(path: Path, cmyk: "Cmyk | None" = None) -> None:
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
    media: tuple[float, float, float, float]  # mm: x, y, width, height
    trim: tuple[float, float, float, float]  # the MediaBox when the page names no TrimBox
    bleed: tuple[float, float, float, float]  # the MediaBox when the page names no BleedBox
    colour_ops: set[str] = field(default_factory=set)  # rgb, cmyk, gray, icc, lab, separation, devicen, pattern
    text: bool = False
    max_ink: float = 0.0  # the largest C + M + Y + K of a CMYK colour on the page, in %
    boxes: set[str] = field(default_factory=set)  # the boxes the page names itself: MediaBox, TrimBox, ...
    transparency: set[str] = field(default_factory=set)  # e.g. "a soft mask", "constant alpha 0.5"
    annotations: int = 0  # annotations (printer's marks aside) inside the bleed box
    postscript: set[str] = field(default_factory=set)  # "a PostScript XObject", "a transfer function"


@dataclass
class Intent:
    """An output intent as the file gives it."""

    subtype: str  # /GTS_PDFX for PDF/X
    condition: str  # OutputConditionIdentifier
    info: str
    registry: str
    profile: bytes | None  # the embedded ICC profile, or None


@dataclass
class PdfFacts:
    pages: list[PageFacts]
    fonts: dict[str, bool]  # base font name -> embedded
    output_intents: list[str]  # their condition identifiers
    header: str = ""  # the PDF version the file header names, e.g. "1.4"
    info: dict[str, str] = field(default_factory=dict)  # the document information, keys without the slash
    xmp: dict[str, str] | None = None  # XMP properties (prefix:name -> text); None without an XMP stream
    document_id: bool = False  # the trailer has an ID
    intents: list[Intent] = field(default_factory=list)
    subsets: list[str] = field(default_factory=list)  # base font name of every embedded font object
    encrypted: bool = False
    actions: list[str] = field(default_factory=list)  # JavaScript and actions found, by where they are


_OPS = {"rg": "rgb", "RG": "rgb", "k": "cmyk", "K": "cmyk", "g": "gray", "G": "gray"}
_SPACES = {"/DeviceRGB": "rgb", "/DeviceCMYK": "cmyk", "/DeviceGray": "gray", "/CalRGB": "rgb", "/CalGray": "gray",
           "/Lab": "lab", "/ICCBased": "icc", "/Separation": "separation", "/DeviceN": "devicen",
           "/Pattern": "pattern", "/RGB": "rgb", "/CMYK": "cmyk", "/G": "gray"}
XMP_KEYS = ("pdfxid:GTS_PDFXVersion", "pdfx:GTS_PDFXVersion", "pdfx:GTS_PDFXConformance", "pdf:Trapped",
            "xmpMM:DocumentID", "xmpMM:VersionID", "xmpMM:RenditionClass")


def _box(page: "pikepdf.Page", name: str) -> tuple[float, float, float, float]:
    b = page.obj.get(name) or page.obj.get("/MediaBox") or page.mediabox
    x0, y0, x1, y1 = (float(v) / PT_PER_MM for v in b)
    return (round(x0, 3), round(y0, 3), round(x1 - x0, 3), round(y1 - y0, 3))


def _embedded(font: "pikepdf.Object") -> bool:
    if font.get("/Subtype") == "/Type3":
        return True  # drawn with PDF operators, nothing to embed
    desc = font.get("/FontDescriptor")
    if desc is None and "/DescendantFonts" in font:
        desc = font.DescendantFonts[0].get("/FontDescriptor")
    return desc is not None and any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))


def space_kind(space: "pikepdf.Object | None", resources: "Resources | None" = None) -> str:
    """What a colour space is: rgb, cmyk, gray, lab, icc, separation, devicen, pattern; an
    Indexed space is what its base is, a named one is looked up in ``resources``."""
    import pikepdf

    if isinstance(space, pikepdf.Name):
        if str(space) in _SPACES:
            return _SPACES[str(space)]
        named = None
        if resources is not None:
            spaces: Resources = (resources or {}).get("/ColorSpace", {})
            named = spaces.get(str(space))
        return space_kind(named) if named is not None else "unknown"
    if isinstance(space, pikepdf.Array) and len(space) > 0:
        head = str(space[0])
        if head in ("/Indexed", "/I") and len(space) > 1:
            return space_kind(space[1], resources)
        return _SPACES.get(head, "unknown")
    return "unknown"


class _Reader:
    """One page's content, and the forms, patterns and pictures it uses, read once."""

    def __init__(self, facts: PageFacts):
        self.facts = facts
        self.seen: set[object] = set()  # (object, generation) of an indirect object, else id()

    def content(self, stream: "pikepdf.Object | pikepdf.Page", resources: "Resources | None") -> None:
        import pikepdf

        f = self.facts
        for op in pikepdf.parse_content_stream(stream):
            name = str(op.operator)
            if name in _OPS:
                f.colour_ops.add(_OPS[name])
                if name in ("k", "K"):
                    f.max_ink = max(f.max_ink, round(sum(float(v) for v in op.operands) * 100, 1))
            elif name in ("cs", "CS") and op.operands:
                f.colour_ops.add(space_kind(op.operands[0], resources))
            elif name in ("Tj", "TJ", "'", '"'):
                f.text = True
            elif name == "INLINE IMAGE":
                cs = op.operands[0].obj.get("/CS", op.operands[0].obj.get("/ColorSpace"))
                if cs is not None:
                    f.colour_ops.add(space_kind(cs, resources))
        self.resources(resources)

    def resources(self, res: "Resources | None") -> None:
        if res is None:
            return
        for _, gs in (res.get("/ExtGState") or {}).items():
            self.graphics_state(gs)
        for _, sh in (res.get("/Shading") or {}).items():
            self.facts.colour_ops.add(space_kind(sh.get("/ColorSpace"), res))
        self.patterns(res)
        for _, x in (res.get("/XObject") or {}).items():
            key = x.objgen if x.is_indirect else id(x)
            if key not in self.seen:
                self.seen.add(key)
                self.xobject(x, res)

    def graphics_state(self, gs: "pikepdf.Object") -> None:
        """Transparency (soft masks, alpha, blend modes) and transfer functions an ExtGState sets."""
        import pikepdf

        f = self.facts
        if gs.get("/SMask") is not None and gs.get("/SMask") != pikepdf.Name("/None"):
            f.transparency.add("a soft mask")
        for key in ("/CA", "/ca"):
            if key in gs and float(gs[key]) < 1:
                f.transparency.add(f"constant alpha {float(gs[key]):g}")
        blend = gs.get("/BM")
        blends = list(blend) if isinstance(blend, pikepdf.Array) else [blend] if blend is not None else []
        for b in blends:
            if str(b) not in ("/Normal", "/Compatible"):
                f.transparency.add(f"blend mode {str(b)[1:]}")
        for key in ("/TR", "/TR2"):
            if key in gs and str(gs[key]) != "/Identity" and not (key == "/TR2" and str(gs[key]) == "/Default"):
                f.postscript.add("a transfer function")

    def patterns(self, res: "Resources") -> None:
        import pikepdf

        for _, pat in (res.get("/Pattern") or {}).items():
            if "/Shading" in pat:
                self.facts.colour_ops.add(space_kind(pat.Shading.get("/ColorSpace"), res))
            elif pat.objgen not in self.seen and isinstance(pat, pikepdf.Stream):
                self.seen.add(pat.objgen)
                self.content(pat, pat.get("/Resources"))

    def xobject(self, x: "pikepdf.Object", res: "Resources") -> None:
        """An image's soft mask and colour space, a form's transparency group and content, a
        PostScript XObject."""
        f = self.facts
        kind = x.get("/Subtype")
        if kind == "/Image":
            if x.get("/SMask") is not None or x.get("/SMaskInData", 0) != 0:
                f.transparency.add("a soft mask")
            if not x.get("/ImageMask", False) and "/ColorSpace" in x:
                f.colour_ops.add(space_kind(x.ColorSpace, res))
        elif kind == "/Form":
            group = x.get("/Group")
            if group is not None and group.get("/S") == "/Transparency":
                f.transparency.add("a transparency group")
            self.content(x, x.get("/Resources"))
        elif kind == "/PS":
            f.postscript.add("a PostScript XObject")


def read_facts(path: Path) -> PdfFacts:
    import pikepdf

    fonts = _Fonts()
    with pikepdf.open(path) as pdf:
        intents = _intents(pdf)
        pages = [_page_facts(page, fonts) for page in pdf.pages]
        info = {str(k)[1:]: str(v) for k, v in pdf.docinfo.items()} if "/Info" in pdf.trailer else {}
        facts_out = PdfFacts(pages, fonts.embedded, [i.condition for i in intents], header=str(pdf.pdf_version),
                             info=info, xmp=_xmp(pdf), document_id="/ID" in pdf.trailer, intents=intents,
                             subsets=fonts.subsets, encrypted=pdf.is_encrypted, actions=_actions(pdf))
    return facts_out


def _intents(pdf: "pikepdf.Pdf") -> list[Intent]:
    return [Intent(str(oi.get("/S", "")), str(oi.get("/OutputConditionIdentifier", "")),
                   str(oi.get("/Info", "")), str(oi.get("/RegistryName", "")),
                   oi.DestOutputProfile.read_bytes() if "/DestOutputProfile" in oi else None)
            for oi in pdf.Root.get("/OutputIntents", [])]


class _Fonts:
    """The fonts of a file's pages: base name -> embedded, and every font object once (its base name)."""

    def __init__(self) -> None:
        self.embedded: dict[str, bool] = {}
        self.subsets: list[str] = []
        self.seen: set[object] = set()

    def add(self, font: "pikepdf.Object") -> None:
        base = str(font.get("/BaseFont", "?")).lstrip("/")
        self.embedded[base] = _embedded(font)
        key = font.objgen if font.is_indirect else id(font)
        if key not in self.seen:
            self.seen.add(key)
            self.subsets.append(base)


def _page_facts(page: "pikepdf.Page", fonts: _Fonts) -> PageFacts:
    """What one page holds; its fonts go into ``fonts``."""
    facts = PageFacts(_box(page, "/MediaBox"), _box(page, "/TrimBox"), _box(page, "/BleedBox"),
                      boxes={k[1:] for k in ("/MediaBox", "/CropBox", "/BleedBox", "/TrimBox", "/ArtBox")
                             if k in page.obj})
    res: Resources = page.obj.get("/Resources", {})
    _Reader(facts).content(page, res)
    group = page.obj.get("/Group")
    if group is not None and group.get("/S") == "/Transparency":
        facts.transparency.add("a transparency group")
    for annot in page.obj.get("/Annots", []):
        if annot.get("/Subtype") != "/PrinterMark" and _overlaps(annot.get("/Rect"), facts.bleed):
            facts.annotations += 1
    for _, font in (res.get("/Font") or {}).items():
        fonts.add(font)
    return facts


def _xmp(pdf: "pikepdf.Pdf") -> dict[str, str] | None:
    if "/Metadata" not in pdf.Root:
        return None
    meta = pdf.open_metadata()
    return {k: str(meta[k]) for k in XMP_KEYS if k in meta}


def _overlaps(rect: "pikepdf.Object | None", box: tuple[float, float, float, float]) -> bool:
    if rect is None or len(rect) != 4:
        return False
    x0, y0, x1, y1 = (float(v) / PT_PER_MM for v in rect)
    bx, by, bw, bh = box
    return min(x0, x1) < bx + bw and max(x0, x1) > bx and min(y0, y1) < by + bh and max(y0, y1) > by


def _actions(pdf: "pikepdf.Pdf") -> list[str]:
    """Where the file holds JavaScript or actions: the catalogue's, the pages', the annotations'."""
    found = []
    root = pdf.Root
    for key in ("/OpenAction", "/AA"):
        if key in root:
            found.append(f"the document's {key[1:]}")
    names = root.get("/Names")
    if names is not None and "/JavaScript" in names:
        found.append("document JavaScript")
    if "/AcroForm" in root:
        found.append("a form")
    for i, page in enumerate(pdf.pages, 1):
        if "/AA" in page.obj:
            found.append(f"page {i}'s actions")
        for annot in page.obj.get("/Annots", []):
            if "/A" in annot or "/AA" in annot:
                found.append(f"an annotation's action on page {i}")
    return found


def png_facts(path: Path) -> tuple[tuple[int, int], tuple[float, float] | None, str]:
    """Pixel size, recorded dots per inch and colour mode of an image file."""
    from PIL import Image

    with Image.open(path) as im:
        dpi = im.info.get("dpi")
        return im.size, (round(float(dpi[0]), 1), round(float(dpi[1]), 1)) if dpi else None, im.mode
