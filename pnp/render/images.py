"""Pictures as the backends see them, read and checked in one place.

:func:`read_picture` is the one way a picture file a game names gets in: the
path must lie inside the data folder (:func:`pnp.load.paths.resolve_inside`),
the file must be a regular file of bounded size, and its content is checked
whole before anything is drawn with it:

* PNG, JPEG, GIF, WebP, BMP and TIFF (pillow): the pixel size from the header is
  held to :data:`MAX_PICTURE_PIXELS` before a byte is decoded, then the whole
  picture is decoded once, so a damaged or truncated file is named now and not
  half-way through writing a PDF;
* SVG: parsed strictly (lxml; no DTD loaded, no network, internal entities
  only and libxml2's limits on their growth), so broken XML is an error and
  not a blank picture; at most :data:`MAX_SVG_ELEMENTS` elements counting every
  ``<use>`` copy, :data:`MAX_SVG_DEPTH` levels and :data:`MAX_SVG_PATH_DATA`
  characters of path data; a finite size of reasonable proportions; every number
  in its attributes finite and within :data:`MAX_SVG_NUMBER`. Pictures
  it links (``<image href="art/x.png">``) must lie in the folder of the game
  and pass the same checks; they are inlined as ``data:`` URIs, so the SVG
  draws the same in the PDF and in SVG output. Links to anything else (a URL,
  another SVG) are errors;
* a photo saved turned (its EXIF orientation tag says how a viewer shows it) is
  turned as it is shown, and a GIF, WebP, BMP or TIFF is made a PNG
  (:func:`placeable`): what every backend and check sees.

Every problem is an :class:`ImageError` whose message never quotes the
file's content. SVG art is drawn with svglib, which turns it into a reportlab
drawing (vector in the PDF); :func:`svg_drawing` keeps the last few drawings,
and pnp's cache keeps every parsed drawing and what checking each picture found,
by the digest of its bytes (:func:`digest_of`), so a picture on every card is
parsed once per build, and a worker process or a rebuild reads it back instead.
The backends place a picture by reference (a form or image XObject in the PDF,
a ``<symbol>`` in an SVG page), written once however many cards show it.
"""
from __future__ import annotations

import base64
import hashlib
import io
import math
import re
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, cast

from pnp.load.classes import dataclass
from pnp.scene.units import px_per_mm

if TYPE_CHECKING:
    from lxml.etree import _Element
    from PIL import Image as PILImage
    from reportlab.graphics.shapes import Drawing, Image as RlImage, Shape as RlShape

    from pnp.load.cache import Table

MAX_PICTURE_BYTES = 50_000_000  # a PNG or JPEG file
MAX_SVG_BYTES = 5_000_000  # an SVG file
MAX_PICTURE_PIXELS = 40_000_000  # one PNG or JPEG, decoded (a 500 mm square board at 300 dpi is 35)
# one SVG, every <use> copy counted: svglib parses about 2,000 a second (once: the drawing is kept in pnp's cache);
# a build's own budget of SVG elements (pnp.load.budget.Limits.svg_elements, which a flag raises) is lower
MAX_SVG_ELEMENTS = 50_000
MAX_SVG_DEPTH = 100  # nesting of SVG elements
MAX_SVG_PATH_DATA = 1_000_000  # characters of path and polygon data in one SVG
MAX_SVG_SIZE = 1_000_000.0  # width or height in any unit: beyond this it is not a picture's size
MAX_ASPECT = 1000.0  # longest side over shortest
MAX_SVG_NUMBER = 1e9  # any coordinate, length or factor in an SVG (the PDF writer takes none from 1e21 up)


class ImageError(ValueError):
    """Bytes that are not a picture pnp can place; the message says why."""


@dataclass(frozen=True)
class Probe:
    kind: str  # png | jpeg | svg
    pixels: tuple[int, int] | None  # None for vector art
    aspect: float | None  # width / height; None for SVG, whose shape svglib says (Picture.aspect)
    elements: int = 0  # SVG: elements drawn, <use> copies counted; raster: 0
    lost: tuple[str, ...] = ()  # SVG: what it uses that pnp cannot draw (filters, masks ...), as a message names it


@dataclass(frozen=True)
class Picture:
    """A checked picture: the bytes to draw (an SVG with its linked pictures inlined) and what
    they hold; ``decoded`` is the pixels decoded to check it, linked pictures included."""

    data: bytes
    probe: Probe
    decoded: int
    digest: str

    @property
    def kind(self) -> str:
        return self.probe.kind

    @property
    def pixels(self) -> tuple[int, int] | None:
        return self.probe.pixels

    @property
    def aspect(self) -> float:
        """Width over height. An SVG's is the one svglib draws it with: it is parsed for that
        when it is first placed (once per process), not when it is checked, so a build over its
        budget of SVG elements is refused before svglib, the slow part, reads any of them."""
        if self.probe.aspect is not None:
            return self.probe.aspect
        return svg_aspect(self.data)


@lru_cache(maxsize=None)
def _svg_readers() -> str:
    """The files of svglib and reportlab (size and time), what an SVG's drawing depends on besides
    its bytes; found without importing them."""
    import importlib.util
    import os

    out = []
    for package in ("svglib", "reportlab"):
        spec = importlib.util.find_spec(package)
        st = os.stat(spec.origin) if spec is not None and spec.origin else None
        out.append(f"{st.st_size}:{st.st_mtime_ns}" if st else "?")
    return "|".join(out)


def svg_aspect(data: bytes) -> float:
    """The width over height svglib draws an SVG with, kept with the pictures' facts by the digest
    of its bytes and svglib's and reportlab's files: a rebuild lays its cards out without reading
    the parsed drawing back (the process that writes the PDF does)."""
    key = f"svg-aspect|{digest_of(data)}|{_svg_readers()}"
    facts = _facts()
    kept = facts.get(key)
    if isinstance(kept, float):
        return kept
    d = svg_drawing(data)
    aspect = float(d.width) / float(d.height)
    facts.put(key, aspect)
    return aspect


def is_svg(data: bytes) -> bool:
    head = data[:512].lstrip()
    return head.startswith(b"<svg") or (head.startswith((b"<?xml", b"<!")) and b"<svg" in data[:4096])


def read_picture(path: "str | Path", name: str, roots: Iterable["str | Path"],
                 game_folder: "str | Path | None" = None) -> Picture:
    """The picture file ``path`` (written ``name`` in the data), checked whole (see the module
    docstring). ``roots``: where it may lie; ``game_folder``: where the pictures an SVG links
    may lie (default: the picture's own folder)."""
    import os

    from pnp.load.errors import DataErrors
    from pnp.load.loader import note_sha256, read_bounded
    from pnp.load.paths import OutsideError, resolve_inside

    try:
        real = resolve_inside(path, roots, name)
    except OutsideError as exc:
        raise ImageError("it is a link to a place outside the data folder" if exc.linked
                         else "it lies outside the data folder (a game may use only files in it)") from None
    limit = MAX_SVG_BYTES if Path(path).suffix.lower() == ".svg" else MAX_PICTURE_BYTES
    try:
        info: "os.stat_result | None" = os.stat(path)  # before reading: the digest of what is read is noted under it
    except OSError:
        info = None  # read_bounded says why
    try:
        data = read_bounded(path, max(MAX_SVG_BYTES, MAX_PICTURE_BYTES), "a picture")
    except DataErrors as exc:
        raise ImageError(exc.problems[0].message) from None
    svg = is_svg(data)
    if svg and len(data) > MAX_SVG_BYTES:
        raise ImageError(f"the SVG is {len(data):,} bytes; the limit is {MAX_SVG_BYTES:,}")
    if not svg and len(data) > limit:
        raise ImageError(f"the file is {len(data):,} bytes; the limit for a picture is {limit:,}")
    digest = digest_of(data)  # the bytes every card shows: the PDF writer asks again and is answered from memory
    if info is not None:  # and the manifest, hashing the game's files, does not read this one again
        note_sha256(info, digest)
    facts = _facts()
    fact_key = f"{digest}|{_limits()}"
    known = facts.get(fact_key)
    if known is not None:  # these very bytes passed the checks before, under the same limits
        kind, pixels, aspect, elements, lost, decoded, redrawn = known
        shown = placeable(data, digest) if redrawn else data
        return Picture(shown, Probe(kind, tuple(pixels) if pixels else None, aspect, elements, tuple(lost)), decoded,
                       hashlib.sha256(shown).hexdigest() if redrawn else digest)
    if svg:
        folder = Path(game_folder) if game_folder is not None else real.parent
        checked, probe, decoded = _svg(data, real.parent, (folder,))
    else:
        probe = _check_raster(data)
        checked, decoded = placeable(data, digest), _area(probe)
        if checked is not data:
            probe = _check_raster(checked)
            facts.put(fact_key, (probe.kind, probe.pixels, probe.aspect, 0, (), decoded, True))
            return Picture(checked, probe, decoded, hashlib.sha256(checked).hexdigest())
    if checked is data:  # an SVG that links other files is checked again each time: they may change
        facts.put(fact_key, (probe.kind, probe.pixels, probe.aspect, probe.elements, probe.lost, decoded, False))
        return Picture(data, probe, decoded, digest)
    return Picture(checked, probe, decoded, hashlib.sha256(checked).hexdigest())


EXIF_ORIENTATION = 0x0112  # the EXIF tag a camera sets when it was held turned: 1 upright, 2-8 turned or mirrored
RASTER = ("PNG", "JPEG", "GIF", "WEBP", "BMP", "TIFF")  # what pillow may open; PNG and JPEG are placed as they are
PLACED = ("PNG", "JPEG")


def placeable(data: bytes, digest: str) -> bytes:
    """A checked raster picture as the backends place it and a viewer shows it: a PNG or JPEG
    as the same bytes, unless its EXIF orientation says it is shown turned or mirrored; a GIF,
    WebP, BMP or TIFF (its first frame or page) as a PNG. Turned pixels are saved again in their
    own format (JPEG at quality 95), colour profile kept; what was made is kept in pnp's cache by
    the digest of the original."""
    from PIL import Image

    with Image.open(io.BytesIO(data), formats=RASTER) as im:
        if im.format in PLACED and im.getexif().get(EXIF_ORIENTATION, 1) not in range(2, 9):
            return data
    from PIL import __version__ as pillow

    from pnp.load.cache import cached

    return cached("placeable", f"placeable-v1|{pillow}|{digest}", lambda: _redrawn(data))


def _redrawn(data: bytes) -> bytes:
    from PIL import Image, ImageOps

    with Image.open(io.BytesIO(data), formats=RASTER) as im:
        fmt = im.format if im.format in PLACED else "PNG"
        profile = im.info.get("icc_profile")
        shown = ImageOps.exif_transpose(im)
        if fmt == "PNG" and shown.mode not in ("1", "L", "LA", "P", "RGB", "RGBA", "I;16"):
            alpha = "A" in shown.getbands() or "transparency" in shown.info
            shown = shown.convert("RGBA" if alpha else "RGB")  # CMYK, 32-bit and float pictures
        out = io.BytesIO()
        params: dict[str, object] = {"quality": 95} if fmt == "JPEG" else {}
        if profile:
            params["icc_profile"] = profile
        shown.save(out, fmt, **params)
    return out.getvalue()


def _limits() -> str:
    """The limits a picture was checked against (part of the key its facts are kept by)."""
    return repr((MAX_PICTURE_BYTES, MAX_SVG_BYTES, MAX_PICTURE_PIXELS, MAX_SVG_ELEMENTS, MAX_SVG_DEPTH,
                 MAX_SVG_PATH_DATA, MAX_SVG_SIZE, MAX_ASPECT, MAX_SVG_NUMBER))


def _facts() -> "Table":
    """What pnp found checking each picture (kind, pixel size, aspect, SVG elements, pixels
    decoded), by the digest of its bytes: kept in pnp's cache as text fits are, so a rebuild
    or a worker does not decode or parse a picture again to check it."""
    global _FACTS
    if _FACTS is None:
        from PIL import __version__ as pillow

        from pnp.load.cache import Table, code_fingerprint

        _FACTS = Table("pictures", lambda: f"picture-facts-v3|{code_fingerprint()}|{pillow}", 4096)
    return _FACTS


_FACTS: "Table | None" = None


def probe(data: bytes) -> Probe:
    """What a picture is (kind, pixel size, aspect), its content checked as :func:`read_picture`
    does (an SVG's links are not followed: they are errors here)."""
    if is_svg(data):
        return _svg(data, None, ())[1]
    return _check_raster(data)


_DIGESTS: "OrderedDict[int, tuple[bytes, str]]" = OrderedDict()  # id(bytes) -> (the bytes, kept alive; digest)
_PIXELS: dict[str, "tuple[int, int] | None"] = {}  # digest -> pixel size (None: SVG)


def digest_of(data: bytes) -> str:
    """The SHA-256 of a picture's bytes, the key it is kept and placed by. The same bytes object
    (the one a build reads a picture into, on every card that shows it) is hashed once."""
    hit = _DIGESTS.get(id(data))
    if hit is not None and hit[0] is data:
        return hit[1]
    digest = hashlib.sha256(data).hexdigest()
    _DIGESTS[id(data)] = (data, digest)
    while len(_DIGESTS) > 64:
        _DIGESTS.popitem(last=False)
    return digest


def pixels_of(data: bytes) -> tuple[int, int] | None:
    """The pixel size of an already checked picture (None for SVG), read from its header once
    per picture and process."""
    key = digest_of(data)
    if key in _PIXELS:
        return _PIXELS[key]
    size: tuple[int, int] | None = None
    if not is_svg(data):
        from PIL import Image

        with Image.open(io.BytesIO(data), formats=("PNG", "JPEG")) as im:
            size = im.size
    if len(_PIXELS) > 1024:
        _PIXELS.clear()
    _PIXELS[key] = size
    return size


# ---- PNG and JPEG ----------------------------------------------------------------------------


def _area(p: Probe) -> int:
    """The pixels of a raster picture's probe (which always has its pixel size)."""
    w, h = cast("tuple[int, int]", p.pixels)
    return w * h


_OTHERS = ((b"8BPS", "Photoshop"), (b"\x00\x00\x01\x00", "Windows icon"))  # at the start of the file
_BOXES = {b"heic": "HEIC", b"heix": "HEIC", b"mif1": "HEIF", b"avif": "AVIF"}  # after "ftyp", at byte 4


def _check_raster(data: bytes) -> Probe:
    import warnings

    from PIL import Image

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pillow's own bomb warning: our limit is lower and says more
        try:
            im = Image.open(io.BytesIO(data), formats=RASTER)
        except Image.DecompressionBombError:  # raised only while pillow has a limit: it is an int
            bomb = cast(int, Image.MAX_IMAGE_PIXELS)
            raise ImageError(f"its header claims more than {bomb * 2 / 1e6:,.0f} megapixels; "
                             f"the limit for a picture is {MAX_PICTURE_PIXELS / 1e6:,.0f}") from None
        except Exception:  # noqa: BLE001 - pillow raises many kinds; none of their texts helps
            other = next((name for magic, name in _OTHERS if data.startswith(magic)), None)
            other = _BOXES.get(data[8:12]) if data[4:8] == b"ftyp" else other
            if other is not None:
                article = "an" if other[0] in "AEIOU" else "a"
                raise ImageError(f"{article} {other} picture; save it as PNG or JPEG") from None
            raise ImageError("not a PNG, JPEG, GIF, WebP, BMP, TIFF or SVG picture (damaged, or saved in another "
                             "format)") from None
        with im:
            fmt = (im.format or "").lower()
            w, h = im.size
            if w < 1 or h < 1:
                raise ImageError(f"the picture is {w} x {h} pixels")
            if w * h > MAX_PICTURE_PIXELS:
                raise ImageError(f"the picture is {w:,} x {h:,} pixels ({w * h / 1e6:,.0f} megapixels); the limit "
                                 f"for a picture is {MAX_PICTURE_PIXELS / 1e6:,.0f} megapixels: scale it down")
            if max(w, h) / min(w, h) > MAX_ASPECT:
                raise ImageError(f"the picture is {w:,} x {h:,} pixels, a strip rather than a picture")
            try:
                im.load()  # decoded whole now: a damaged file is named before anything is drawn
            except Exception:  # noqa: BLE001 - truncated data, bad CRC, broken stream
                raise ImageError(f"the {fmt.upper()} file is damaged or cut short (its {w:,} x {h:,} pixels do "
                                 "not decode); save it again") from None
    return Probe("jpeg" if fmt == "mpo" else fmt, (w, h), w / h)


# ---- SVG ------------------------------------------------------------------------------------

_XLINK = "{http://www.w3.org/1999/xlink}href"

_UNITS = {"": 1.0, "px": 1.0, "pt": 4 / 3, "pc": 16.0, "mm": px_per_mm(96), "cm": 96 / 2.54, "in": 96.0,
          "em": 16.0, "ex": 8.0}
_LENGTH = re.compile(r"^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*([a-z%]*)\s*$")
_DATA_URI = re.compile(r"^data:image/(png|jpe?g);base64,", re.I)


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _svg(data: bytes, base: "Path | None", folders: tuple) -> tuple[bytes, Probe, int]:
    """(bytes to draw, probe, pixels decoded of linked pictures) of an SVG, checked."""
    data, elements, decoded, lost = _check_svg(data, base, folders)
    return data, Probe("svg", None, None, elements, lost), decoded


def _check_svg(data: bytes, base: "Path | None", folders: tuple) -> tuple[bytes, int, int, tuple[str, ...]]:
    """(bytes to draw, elements, pixels decoded of linked pictures, what svglib leaves out) of an SVG,
    checked."""
    from lxml import etree

    parser = etree.XMLParser(resolve_entities="internal", no_network=True, load_dtd=False, huge_tree=False,
                             recover=False, remove_comments=True)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        line = getattr(exc, "lineno", 0)
        why = str(exc.msg if hasattr(exc, "msg") else exc).split(",")[0][:80]
        raise ImageError(f"the SVG is not well-formed XML (line {line}: {why})") from None
    except Exception as exc:  # noqa: BLE001 - lxml's other refusals
        raise ImageError(f"the SVG cannot be read ({type(exc).__name__})") from None
    if _local(root.tag) != "svg":
        raise ImageError("the file's outer element is not <svg>")
    ids: dict[str, "_Element"] = {}
    count, path_data = 0, 0
    for el in root.iter():
        count += 1
        if count > MAX_SVG_ELEMENTS:
            raise ImageError(f"the SVG has more than {MAX_SVG_ELEMENTS:,} elements (the limit); simplify it, "
                             "or save it as PNG")
        if not isinstance(el.tag, str):
            continue
        i = el.get("id")
        if i is not None:
            ids.setdefault(i, el)
        for attr in ("d", "points"):
            v = el.get(attr)
            if v:
                path_data += len(v)
    if path_data > MAX_SVG_PATH_DATA:
        raise ImageError(f"the SVG has {path_data:,} characters of path data; the limit is {MAX_SVG_PATH_DATA:,}: "
                         "simplify it, or save it as PNG")
    elements, lost = _expanded(root, ids), _undrawn(root, ids)
    _check_size(root)
    _check_numbers(root)
    decoded, changed = 0, False
    for el in list(root.iter()):
        if not isinstance(el.tag, str):
            continue
        for attr in (_XLINK, "href"):
            ref = el.get(attr)
            if ref is None:
                continue
            tag = _local(el.tag)
            inlined, pixels = _link(ref.strip(), tag, base, folders)
            decoded += pixels
            if inlined is not None:
                el.set(attr, inlined)
                changed = True
    if changed:
        data = etree.tostring(root, xml_declaration=True, encoding="utf-8")
    return data, elements, decoded, lost


# what SVG art may use that svglib does not draw (it draws the rest, leaving these out), as messages name them
_UNDRAWN = (("filter", "filters (blurs, shadows)"), ("mask", "masks"), ("pattern", "pattern fills"),
            ("marker", "markers (arrow heads)"), ("foreignObject", "embedded HTML"))
_URL = re.compile(r"url\(\s*['\"]?#([^)'\"\s]+)")


def _undrawn(root: "_Element", ids: "dict[str, _Element]") -> tuple[str, ...]:
    """What the SVG uses that svglib leaves out: a filter, mask or marker an element applies, a fill
    or stroke of a pattern, an embedded HTML part (declared in ``<defs>`` and never used: nothing)."""
    found = set()
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        if _local(el.tag) == "foreignObject":
            found.add("foreignObject")
        style = dict(part.split(":", 1) for part in (el.get("style") or "").split(";") if ":" in part)
        props = {k.strip(): v for k, v in style.items()}
        for attr in ("filter", "mask", "marker-start", "marker-mid", "marker-end", "marker", "fill", "stroke"):
            ref = _URL.search(el.get(attr) or props.get(attr) or "")
            if ref is None:
                continue
            if attr in ("fill", "stroke"):
                target = ids.get(ref[1])
                if target is not None and _local(target.tag) == "pattern":
                    found.add("pattern")
            else:
                found.add(attr.split("-")[0])
    return tuple(name for key, name in _UNDRAWN if key in found)


def _expanded(root: "_Element", ids: "dict[str, _Element]") -> int:
    """Elements an SVG draws, every ``<use>`` copy of what it names counted; over the limit
    (a ``<use>`` bomb, a loop of uses, too deep) it is an ImageError."""
    sizes: dict[_Element, int] = {}  # element -> what it draws; keyed by the element itself, which the dict keeps
    busy: set[_Element] = set()  # alive, so lxml hands out the same object for the same node

    def size(el: "_Element", depth: int) -> int:
        key = el
        if key in sizes:
            return sizes[key]
        if depth > MAX_SVG_DEPTH:
            raise ImageError(f"the SVG nests elements (or <use> copies) deeper than {MAX_SVG_DEPTH} levels")
        if key in busy:
            raise ImageError("the SVG has a <use> element that copies itself (a loop of uses)")
        busy.add(key)
        n = 1
        for child in el:
            if not isinstance(child.tag, str):
                continue
            if _local(child.tag) in ("defs", "symbol"):  # not drawn where they stand: a <use> copy counts
                n += sum(1 for e in child.iter() if isinstance(e.tag, str))
            else:
                n += size(child, depth + 1)
            if n > MAX_SVG_ELEMENTS:
                break
        if _local(el.tag) == "use":
            ref = (el.get(_XLINK) or el.get("href") or "").strip()
            if ref.startswith("#") and ref[1:] in ids:
                n += size(ids[ref[1:]], depth + 1)
        busy.discard(key)
        if n > MAX_SVG_ELEMENTS:
            raise ImageError(f"the SVG draws more than {MAX_SVG_ELEMENTS:,} elements (<use> copies counted); "
                             "simplify it, or save it as PNG")
        sizes[key] = n
        return n

    return size(root, 0)


def _number(text: str, what: str) -> float:
    m = _LENGTH.match(text or "")
    if not m:
        raise ImageError(f"the SVG's {what} {text[:20]!r} is not a length")
    value, unit = float(m.group(1)), m.group(2)
    if unit == "%":
        return math.nan  # relative: the viewBox says
    if unit not in _UNITS or not math.isfinite(value):
        raise ImageError(f"the SVG's {what} {text[:20]!r} is not a length")
    value *= _UNITS[unit]
    if not (0 < value <= MAX_SVG_SIZE):
        raise ImageError(f"the SVG's {what} {text[:20]!r} is not a size a picture can have")
    return value


_NUMBER = re.compile(r"(?<![\d.])[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|\b(?:inf(?:inity)?|nan)\b", re.I)
_NAMES = re.compile(r"url\([^)]*\)|#[\w-]+")  # references and colours: names, not numbers
_NOT_NUMBERS = {"id", "class", "href", _XLINK, "font-family", "lang", "{http://www.w3.org/XML/1998/namespace}lang"}


def _check_numbers(root: "_Element") -> None:
    """Every number in the attributes of an SVG (coordinates, path data, transforms, style) is
    finite and at most :data:`MAX_SVG_NUMBER`: a ``scale(1e300)`` or ``r="inf"`` is refused here
    rather than by the PDF writer half-way through a page."""
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        for attr, value in el.attrib.items():
            if attr in _NOT_NUMBERS:
                continue
            for m in _NUMBER.finditer(_NAMES.sub(" ", value)):
                v = float(m.group(0))
                if not math.isfinite(v) or abs(v) > MAX_SVG_NUMBER:
                    name = attr.split("}")[-1]
                    raise ImageError(f"the SVG's <{_local(el.tag)}> has {name} {m.group(0)[:20]!r}: numbers in an SVG "
                                     f"must be finite and at most {MAX_SVG_NUMBER:,.0f}")
            if attr == "viewBox" and el is not root:
                box = [float(v) for v in _NUMBER.findall(value)[:4]]
                if len(box) < 4 or min(box[2:]) < 1 / MAX_SVG_NUMBER:
                    raise ImageError(f"the SVG's <{_local(el.tag)}> has a viewBox {value[:40]!r} without a width "
                                     f"and height of at least {1 / MAX_SVG_NUMBER:g}")


def _check_size(root: "_Element") -> None:
    """The SVG's width and height, else its viewBox, are finite, positive and within reason."""
    w, h = _side(root, "width"), _side(root, "height")
    box = root.get("viewBox")
    if box is not None:
        w, h = _viewbox_size(box, w, h)
    if math.isnan(w) or math.isnan(h):
        raise ImageError("the SVG has no width and height (give it a viewBox)")
    if not (1 / MAX_ASPECT <= w / h <= MAX_ASPECT):
        raise ImageError(f"the SVG is {w:g} x {h:g}, a strip rather than a picture")


def _side(root: "_Element", attr: str) -> float:
    """The SVG's width or height in px; NaN when it does not say (or says it in %)."""
    value = root.get(attr)
    return _number(value, attr) if value is not None else math.nan


def _viewbox_size(box: str, w: float, h: float) -> tuple[float, float]:
    """The SVG's size given its viewBox: the width and height it states, else the viewBox's."""
    parts = [p for p in re.split(r"[\s,]+", box.strip()) if p]
    try:
        vals = [float(p) for p in parts]
    except ValueError:
        vals = []
    if len(vals) != 4 or not all(math.isfinite(v) and abs(v) <= MAX_SVG_SIZE for v in vals) \
            or vals[2] <= 0 or vals[3] <= 0:
        raise ImageError(f"the SVG's viewBox {box[:40]!r} is not four finite numbers with a positive size")
    if math.isnan(w) or math.isnan(h):  # one side given: the viewBox gives the shape
        return vals[2], vals[3]
    if not (1 / MAX_SVG_NUMBER <= w / vals[2] <= MAX_SVG_NUMBER and 1 / MAX_SVG_NUMBER <= h / vals[3] <= MAX_SVG_NUMBER):
        raise ImageError(f"the SVG's viewBox {box[:40]!r} scales its drawing by more than {MAX_SVG_NUMBER:g} "
                         "to fit its width and height")
    return w, h


def _link(ref: str, tag: str, base: "Path | None", folders: tuple) -> tuple[str | None, int]:
    """A link in an SVG: (a data URI to put in its place or None to keep it, pixels decoded).
    Fragments (``#id``) stay; embedded PNG or JPEG data is checked; a file the SVG names must
    be a PNG or JPEG inside ``folders``; anything else is an ImageError."""
    if ref.startswith("#") or not ref:
        return None, 0
    m = _DATA_URI.match(ref)
    if m:
        try:
            raw = base64.b64decode(ref[m.end():], validate=False)
        except ValueError:
            raise ImageError(f"its <{tag}> holds a data: picture that does not decode") from None
        try:
            p = _check_raster(raw)
        except ImageError as exc:
            raise ImageError(f"the picture its <{tag}> holds: {exc}") from None
        return None, _area(p)
    shown = ref[:60]
    if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", ref) or ref.startswith("//"):
        raise ImageError(f"its <{tag}> links {shown!r}; pnp reads no URLs: put the picture in the game folder "
                         "and link it by its path there, or embed it")
    if base is None:
        raise ImageError(f"its <{tag}> links the file {shown!r}; embed the picture instead")
    path = base / ref.split("#", 1)[0]
    try:
        pic = read_picture(path, ref, folders)
    except ImageError as exc:
        raise ImageError(f"its <{tag}> links {shown!r}: {exc}") from None
    if pic.kind == "svg" or tag != "image":
        raise ImageError(f"its <{tag}> links {shown!r}, another SVG file; copy what it needs into this SVG "
                         "(linked PNG and JPEG pictures are drawn, other SVG files are not)")
    mime = "png" if pic.kind == "png" else "jpeg"
    return f"data:image/{mime};base64," + base64.b64encode(pic.data).decode("ascii"), pic.decoded


_DRAWINGS: "OrderedDict[tuple[str, object], Drawing]" = OrderedDict()  # (digest, variant) -> parsed drawing, newest last
KEEP_DRAWINGS = 16


def eight_bit(im: "PILImage.Image") -> "PILImage.Image":
    """A 16-bit grey picture (pillow opens a 16-bit grey PNG as mode I;16 or I) as 8-bit grey, its
    levels kept: pillow's own conversion clips every level above 255 to white. Other pictures as
    they are."""
    if im.mode not in ("I", "I;16", "I;16L", "I;16B"):
        return im
    import numpy as np
    from PIL import Image

    levels = np.clip(np.asarray(im, dtype=np.int64), 0, 65535) >> 8
    return Image.fromarray(levels.astype(np.uint8), "L")


def svg_drawing(data: bytes, variant: object = None) -> "Drawing":
    """The SVG as a reportlab Drawing (in points). The last :data:`KEEP_DRAWINGS` are kept
    by the digest of their bytes and ``variant`` (a caller that changes a drawing, such as
    CMYK conversion, names its variant), so a picture on every card is parsed once; the
    parsed drawing is kept in pnp's cache too (:func:`pnp.load.cache.cached_object`, by the
    digest), so a worker process or the next build reads it instead of parsing the SVG again."""
    key = (digest_of(data), variant)
    d = _DRAWINGS.get(key)
    if d is not None:
        _DRAWINGS.move_to_end(key)
        return d
    d = _parsed_svg(data, key[0])  # a copy of its own: a variant may change it
    _DRAWINGS[key] = d
    while len(_DRAWINGS) > KEEP_DRAWINGS:
        _DRAWINGS.popitem(last=False)
    return d


def _parsed_svg(data: bytes, digest: str) -> "Drawing":
    """The checked SVG parsed by svglib, tried once (:func:`_trial`), from pnp's cache when it
    was parsed before by any process; an SVG that cannot be drawn raises every time."""
    from pnp.load.cache import cached_object

    def parse() -> "Drawing":
        from svglib.svglib import svg2rlg

        try:
            d = svg2rlg(io.BytesIO(data))
        except Exception as exc:  # svglib/lxml raise many types for broken files
            raise ImageError(f"the SVG cannot be drawn ({type(exc).__name__})") from None
        if d is None:
            raise ImageError("the SVG cannot be read")
        if not (d.width and d.height and math.isfinite(d.width) and math.isfinite(d.height)):
            raise ImageError("the SVG has no usable width and height (give it a viewBox)")
        _drop_flat_groups(d)
        _plain_paths(d)
        _trial(d)
        return d

    return cached_object("svg", f"svg-drawing-v2|{_svg_readers()}|{digest}", parse)


def _trial(d: "Drawing") -> None:
    """Draw ``d`` once into a page that is thrown away (its pictures left out), so whatever in it
    reportlab cannot write is an ImageError now, named with the card that places it, and not a
    crash half-way through a PDF."""
    from reportlab.graphics.renderPDF import _PDFRenderer
    from reportlab.pdfgen.canvas import Canvas

    class Trial(_PDFRenderer):
        def drawImage(self, image: "RlImage") -> None:  # noqa: N802 - reportlab's name; pictures were checked already
            pass

    try:
        Trial().draw(d, Canvas(io.BytesIO()), 0, 0)
    except Exception as exc:  # noqa: BLE001 - reportlab raises many types for what it cannot write
        raise ImageError(f"the SVG cannot be drawn ({type(exc).__name__}: {str(exc)[:60]})") from None


def _plain_paths(node: "RlShape") -> None:
    """Each of svglib's own kinds of path (one only filled, one only clipping) made a plain reportlab
    path that draws the same: those kinds differ only in the properties they hand the renderer, so
    the same values set on the path itself draw the same bytes. A drawing kept in the cache then
    holds reportlab's classes alone, and reading it back does not import svglib (lxml, its CSS
    parsers: about a tenth of a second) in a build that parses no SVG."""
    from reportlab.graphics.shapes import Path as RlPath

    contents = getattr(node, "contents", None)
    if contents is None:
        return
    for i, child in enumerate(contents):
        t = type(child)
        if t is not RlPath and isinstance(child, RlPath) and t.__module__.startswith("svglib"):
            plain = RlPath.__new__(RlPath)
            plain.__dict__.update(child.__dict__)
            plain.__dict__.update({k: v for k, v in child.getProperties().items()
                                   if k in ("strokeWidth", "strokeColor", "fillColor")})
            contents[i] = plain
        else:
            _plain_paths(child)


def _drop_flat_groups(node: "RlShape") -> None:
    """Take out every group whose transform flattens it to a line or a point (``scale(0)``, a
    matrix of tiny factors): it draws nothing, and reportlab cannot undo such a transform."""
    contents = getattr(node, "contents", None)
    if contents is None:
        return
    kept = []
    for child in contents:
        t = getattr(child, "transform", None)
        if t is not None and len(t) == 6:
            det = t[0] * t[3] - t[1] * t[2]
            if not (math.isfinite(det) and abs(det) > 1e-100):
                continue
        _drop_flat_groups(child)
        kept.append(child)
    contents[:] = kept


def svg_strings(data: bytes) -> list[tuple[str, str]]:
    """(text, face) of every string an SVG picture draws: face is regular, bold, italic or
    bold-italic, read from the font svglib chose for it."""
    out: list[tuple[str, str]] = []

    def walk(node: "RlShape") -> None:
        text = getattr(node, "text", None)
        if isinstance(text, str) and hasattr(node, "fontName"):
            out.append((text, picture_face(node.fontName)))
        for child in getattr(node, "contents", ()):
            walk(child)

    walk(svg_drawing(data))
    return out


def picture_face(font_name: str) -> str:
    """The face (regular, bold, italic, bold-italic) a font name of an SVG picture asks for."""
    name = (font_name or "").lower()
    bold = "bold" in name or "black" in name or "heavy" in name
    italic = "italic" in name or "oblique" in name
    return ("bold-" if bold and italic else "bold" if bold else "") + ("italic" if italic else "") or "regular"
