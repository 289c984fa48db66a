"""RGB to CMYK, for a print shop that asks for CMYK files.

Colours and pictures go through a CMYK ICC profile with littleCMS (pillow's ImageCms),
relative colorimetric with black point compensation, the usual choice for artwork with
flat colours. Exact greys, black text above all, become black ink alone at the lightness
the profile gives them: a black built from four inks blurs small type as soon as the
plates are a hair out of register. Colours the data gives as cmyk(...) are kept as given.

pnp ships one profile (``icc/fogra39-240.icc``; ``icc/README.md`` says how it was made);
an export profile may name a shop's own file instead.
"""
from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, cast

from pnp.scene.style import Color

if TYPE_CHECKING:
    from PIL import Image as PILImage

ICC_DIR = Path(__file__).parent / "icc"
# name -> file, and the printing condition it describes as registered with the ICC (a PDF
# output intent names it, with the registry)
SHIPPED = {"fogra39-240": ("fogra39-240.icc", "FOGRA39")}
REGISTRY = "http://www.color.org"


class NotCmyk(ValueError):
    """The file is not a CMYK ICC profile littleCMS can use."""


class Cmyk:
    """Converts sRGB colours and pictures to one CMYK profile."""

    def __init__(self, icc: bytes, condition: str = "Custom", registry: str | None = None):
        """``condition``, in ``registry`` when given: the printing condition the profile describes."""
        from PIL import Image, ImageCms

        self.icc, self.condition, self.registry = icc, condition, registry
        try:
            prof = ImageCms.ImageCmsProfile(io.BytesIO(icc))
            self.description = ImageCms.getProfileDescription(prof).strip() or condition
        except (OSError, ValueError, ImageCms.PyCMSError):
            raise NotCmyk("not an ICC profile (damaged, or another kind of file)") from None
        space = prof.profile.xcolor_space.strip()
        if space != "CMYK":
            raise NotCmyk(f"an ICC profile for {space or 'an unknown colour space'}, not CMYK")
        relative, bpc = ImageCms.Intent.RELATIVE_COLORIMETRIC, ImageCms.Flags.BLACKPOINTCOMPENSATION
        srgb, lab = ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB")
        try:  # a profile cut short or damaged reads, but its tables do not convert
            self._to_cmyk = ImageCms.buildTransform(srgb, prof, "RGB", "CMYK", relative, flags=bpc)
            to_lab = ImageCms.buildTransform(prof, lab, "CMYK", "LAB", relative)
            # the lightness of every grey as the colour path prints it, and of black ink alone
            greys = self._to_cmyk.apply(Image.frombytes("RGB", (256, 1),
                                                        bytes(v for v in range(256) for _ in range(3))))
            grey_l = to_lab.apply(greys).getchannel(0).tobytes()
            k_img = to_lab.apply(Image.frombytes("CMYK", (256, 1), bytes(b for k in range(256) for b in (0, 0, 0, k))))
        except (OSError, ValueError, ImageCms.PyCMSError):
            raise NotCmyk("a CMYK profile whose tables cannot convert colours (damaged, or cut short)") from None
        k_l = k_img.getchannel(0).tobytes()
        self._k = [min(range(256), key=lambda k: (abs(k_l[k] - grey_l[v]), -k)) for v in range(256)]
        self._seen: dict[tuple[int, int, int], Color] = {}

    def colour(self, col: Color) -> Color:
        """``col`` with its CMYK (0..1) set; a colour that has one already is kept."""
        if col.cmyk is not None:
            return col
        key = (col.r, col.g, col.b)
        out = self._seen.get(key)
        if out is None:
            if col.r == col.g == col.b:
                cmyk = (0.0, 0.0, 0.0, self._k[col.r] / 255)
            else:
                from PIL import Image

                px = self._to_cmyk.apply(Image.new("RGB", (1, 1), key)).getpixel((0, 0))
                c, m, y, k = cast("tuple[int, int, int, int]", px)  # a CMYK image's pixel
                cmyk = (c / 255, m / 255, y / 255, k / 255)
            out = self._seen[key] = Color(col.r, col.g, col.b, cmyk)
        return out

    def inks(self, col: Color) -> tuple[float, float, float, float]:
        """The CMYK (0..1) ``col`` is printed in: its own, or what the profile makes of it."""
        return cast("tuple[float, float, float, float]", self.colour(col).cmyk)  # colour() always sets it

    def picture(self, im: "PILImage.Image") -> "tuple[PILImage.Image, PILImage.Image | None]":
        """A pillow image as (CMYK image, its alpha channel or None)."""
        from pnp.render.images import eight_bit

        im, alpha = eight_bit(im), None
        if im.mode in ("RGBA", "LA", "PA") or (im.mode == "P" and "transparency" in im.info):
            im = im.convert("RGBA")
            alpha = im.getchannel("A")
        if im.mode == "CMYK":
            return im, alpha
        return self._to_cmyk.apply(im.convert("RGB")), alpha


@lru_cache(maxsize=8)
def load(name_or_path: str) -> Cmyk:
    """The shipped profile ``name_or_path`` names, or the ICC file at that path; a file that
    cannot be read is a DataErrors naming it, one that is no CMYK profile a :class:`NotCmyk`."""
    if name_or_path in SHIPPED:
        file, condition = SHIPPED[name_or_path]
        return Cmyk((ICC_DIR / file).read_bytes(), condition, REGISTRY)
    from pnp.load.loader import read_bounded

    return Cmyk(read_bounded(name_or_path, what="an ICC profile"))
