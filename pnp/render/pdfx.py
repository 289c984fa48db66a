"""PDF/X: making a written PDF claim a version (a :class:`pnp.model.pdfx.Version`).

:func:`claim` writes what the version asks a file to say into a PDF that pnp drew in
CMYK with an output intent (:func:`pnp.render.pdffacts.add_output_intent`); preflight
(:mod:`pnp.output.preflight`) reads every requirement back.

What the file must *not* hold is the drawing's business: a PDF/X-1a file gets its
transparency composited away before it is drawn (:mod:`pnp.render.flatten`).
"""
from __future__ import annotations

import hashlib
import re
import uuid
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pikepdf

    from pnp.model.pdfx import Version

SUBSET_TAG = re.compile(r"^([A-Z]{6})\+(.+)$")
XMP_VERSION_KEYS = ("pdfxid:GTS_PDFXVersion", "pdfx:GTS_PDFXVersion")


def claim(path: Path, version: "Version") -> None:
    """Make the PDF at ``path`` say it is ``version``: the header, GTS_PDFXVersion (and
    GTS_PDFXConformance) with Trapped False in the document information, the same in an
    XMP metadata stream, a subset tag of its own for every embedded font, a document ID.
    The file stays byte for byte the same for the same drawing."""
    import pikepdf

    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        info = pdf.docinfo
        for key in [k for k, v in info.items() if str(v) == ""]:  # empty author, subject, keywords: say nothing
            del info[key]
        info.GTS_PDFXVersion = pikepdf.String(version.info_version)
        if version.conformance:
            info.GTS_PDFXConformance = pikepdf.String(version.conformance)
        info.Trapped = pikepdf.Name("/False")
        retag_subsets(pdf)
        with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
            meta.load_from_docinfo({k: v for k, v in info.items() if k in ("/Title", "/Creator", "/Producer",
                                                                            "/CreationDate", "/ModDate")})
            meta["pdf:Trapped"] = "False"
            for key in XMP_VERSION_KEYS:
                meta[key] = version.info_version
            if version.conformance:
                meta["pdfx:GTS_PDFXConformance"] = version.conformance
            if version.xmp_identity:  # the same drawing is the same document
                digest = hashlib.sha256(Path(path).read_bytes()).digest()
                meta["xmpMM:DocumentID"] = f"uuid:{uuid.UUID(bytes=digest[:16], version=4)}"
                meta["xmpMM:VersionID"] = "1"
                meta["xmpMM:RenditionClass"] = "default"
        pdf.save(path, deterministic_id=True, force_version=version.header)


def retag(path: Path) -> None:
    """Give every embedded font subset of the PDF at ``path`` a tag of its own (see :func:`retag_subsets`)."""
    import pikepdf

    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        retag_subsets(pdf)
        pdf.save(path, deterministic_id=True)


def retag_subsets(pdf: "pikepdf.Pdf") -> None:
    """Give every embedded font subset a tag no other font in the file has.

    reportlab tags the first subset of every font ``AAAAAA+``, so two fonts share a tag
    and a RIP may take one for the other. The new tag is six capitals drawn from a
    digest of the font's name and its embedded program, so it is the same on every run."""
    import pikepdf

    used: set[str] = set()
    for obj in pdf.objects:
        if not isinstance(obj, pikepdf.Dictionary) or obj.get("/Type") != "/Font" or "/BaseFont" not in obj:
            continue
        m = SUBSET_TAG.match(str(obj.BaseFont)[1:])
        if not m:
            continue
        name = m.group(2)
        desc = _descriptor(obj)
        program = b""
        if desc is not None:
            for key in ("/FontFile", "/FontFile2", "/FontFile3"):
                if key in desc:
                    program = desc[key].read_raw_bytes()
                    break
        seed = hashlib.sha256(name.encode() + program).digest()
        tag, n = _letters(seed), 0
        while tag in used:
            n += 1
            tag = _letters(hashlib.sha256(seed + n.to_bytes(4, "big")).digest())
        used.add(tag)
        new = pikepdf.Name(f"/{tag}+{name}")
        obj.BaseFont = new
        if desc is not None:
            desc.FontName = new
        for child in obj.get("/DescendantFonts", []):
            child.BaseFont = new
            if "/FontDescriptor" in child:
                child.FontDescriptor.FontName = new


def _descriptor(font: "pikepdf.Object") -> "pikepdf.Object | None":
    if "/FontDescriptor" in font:
        return font.FontDescriptor
    kids = font.get("/DescendantFonts")
    if kids:
        return kids[0].get("/FontDescriptor")
    return None


def _letters(digest: bytes) -> str:
    n = int.from_bytes(digest[:8], "big")
    out = []
    for _ in range(6):
        n, r = divmod(n, 26)
        out.append(chr(65 + r))
    return "".join(out)
