"""PDF/X versions a print shop may ask for (a profile's ``pdfx:``), as facts: what each
one asks of a file, in pnp's words, with the standard that says so.

:func:`pnp.render.pdfx.claim` writes what a version asks a file to say; preflight
(:mod:`pnp.output.preflight`) checks each requirement of :attr:`Version.requirements`
and names it when a file breaks it.
"""
from __future__ import annotations

from pnp.load.classes import dataclass


@dataclass(frozen=True)
class Version:
    name: str  # what a profile names and README.txt says, e.g. "PDF/X-1a:2003"
    standard: str  # the ISO standard that defines it
    header: str  # the highest PDF version the file header may name
    info_version: str  # GTS_PDFXVersion of the document information and the XMP metadata
    conformance: str | None  # GTS_PDFXConformance, for the versions that have one
    transparency: bool  # may the file hold soft masks, constant alpha below 1, blend modes
    xmp_identity: bool  # the XMP must carry xmpMM:DocumentID, VersionID and RenditionClass

    @property
    def requirements(self) -> dict[str, str]:
        """Preflight check -> what this version asks of the file."""
        says = f"GTS_PDFXVersion ({self.info_version})" + (
            f" and GTS_PDFXConformance ({self.conformance})" if self.conformance else "")
        out = {
            "pdfx-header": f"the file header names PDF {self.header} or lower",
            "pdfx-version": f"the document information names the version: {says}",
            "pdfx-xmp": f"an XMP metadata stream names the version: GTS_PDFXVersion ({self.info_version})"
                        + (", with xmpMM:DocumentID, VersionID and RenditionClass" if self.xmp_identity else ""),
            "pdfx-info": "the document information has a Title, a CreationDate and a ModDate",
            "trapped": "the document information says Trapped True or False",
            "document-id": "the file trailer has a document ID",
            "output-intent": "one PDF/X output intent naming its condition, with Info and an embedded output "
                             "(prtr) profile",
            "page-boxes": "every page has a TrimBox, inside its BleedBox, inside its MediaBox",
            "fonts": "every font is embedded",
            "colour": "colours are CMYK or grey only (no RGB, Lab or ICC-based colour)",
            "transparency": "no transparency: no soft mask, no constant alpha below 1, no blend mode but Normal, "
                            "no transparency group",
            "encryption": "the file is not encrypted",
            "actions": "no JavaScript and no actions",
            "postscript": "no embedded PostScript and no transfer functions",
        }
        if self.transparency:
            del out["transparency"]
        return out


VERSIONS: dict[str, Version] = {v.name: v for v in (
    Version("PDF/X-1a:2003", "ISO 15930-4:2003", "1.4", "PDF/X-1:2003", "PDF/X-1a:2003", False, False),
    Version("PDF/X-4", "ISO 15930-7", "1.6", "PDF/X-4", None, True, True),
)}
