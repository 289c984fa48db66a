"""Installed fonts by family name, found through fontconfig.

pnp asks fontconfig's own command-line tool (``fc-list``) rather than linking
the library: it is there wherever fontconfig is installed, answers the same
(``FONTCONFIG_FILE`` included) and needs no compiled Python package. A machine
without it gets an error that names the family and says so, never a guess.
"""
from __future__ import annotations

import shutil
import subprocess
from functools import lru_cache

from pnp.load.classes import dataclass
from pnp.scene.fonts import Face, Family, FontError

_FIELDS = "%{file}\t%{index}\t%{family}\t%{weight}\t%{slant}\t%{width}\t%{fontformat}\t%{fullname}\n"
_USABLE = ("TrueType", "CFF")  # outline formats pnp measures and embeds
REGULAR, BOLD = 80, 200  # fontconfig's weights of the regular and bold faces
NORMAL_WIDTH = 100


@dataclass(frozen=True)
class _Found:
    file: str
    index: int
    families: tuple[str, ...]
    weight: float
    slant: float
    width: float
    fullnames: tuple[str, ...]


def available() -> bool:
    return shutil.which("fc-list") is not None


def _escape(name: str) -> str:
    """A family name in fontconfig's pattern syntax (its separators escaped)."""
    return "".join("\\" + c if c in "\\-:,=" else c for c in name)


def _number(text: str, default: float) -> float:
    try:
        return float(text)
    except ValueError:  # a variable font gives a range, "[100 900]": its default instance is used
        return default


@lru_cache(maxsize=256)
def _list(pattern: str) -> tuple[_Found, ...]:
    exe = shutil.which("fc-list")
    if exe is None:
        raise FontError("fontconfig is not available on this machine")
    try:
        out = subprocess.run([exe, "--format", _FIELDS, pattern], capture_output=True, text=True, timeout=30,
                             check=False).stdout
    except (OSError, subprocess.SubprocessError) as exc:
        raise FontError(f"fontconfig did not answer ({exc})") from None
    found = []
    for line in out.splitlines():
        parts = line.split("\t")
        if len(parts) != 8 or parts[6] not in _USABLE or not parts[0].lower().endswith((".ttf", ".otf", ".ttc", ".otc")):
            continue
        found.append(_Found(parts[0], int(_number(parts[1], 0)), tuple(s.strip() for s in parts[2].split(",")),
                            _number(parts[3], REGULAR), _number(parts[4], 0), _number(parts[5], NORMAL_WIDTH),
                            tuple(s.strip() for s in parts[7].split(","))))
    return tuple(sorted(found, key=lambda f: (f.file, f.index)))


def _best(candidates: list[_Found], bold: bool, italic: bool) -> _Found | None:
    want = [c for c in candidates if (c.slant > 0) == italic]
    if not want:
        return None
    best = min(want, key=lambda c: (abs(c.width - NORMAL_WIDTH), abs(c.weight - (BOLD if bold else REGULAR)), c.file))
    if bold and best.weight < (REGULAR + BOLD) / 2:
        return None  # the family has no bold: drawn with its regular face, as a family file would be
    if not bold and best.weight > (REGULAR + BOLD) / 2:
        return None
    return best


def find(name: str) -> Family | None:
    """The installed family called ``name`` (its four faces where it has them), else the one
    installed face whose full name it is ("DejaVu Serif Bold"), else None. FontError when
    fontconfig is not there to ask."""
    key = name.strip().casefold()
    if not key:
        return None
    members = [f for f in _list(_escape(name.strip())) if key in (s.casefold() for s in f.families)]
    if members:
        faces = [_best(members, b, i) for b, i in ((False, False), (True, False), (False, True), (True, True))]
        regular = faces[0] or min(members, key=lambda c: (abs(c.weight - REGULAR), c.slant, c.file))
        _, bold, italic, bold_italic = (Face(f.file, f.index) if f else None for f in faces)
        return Family(name.strip(), Face(regular.file, regular.index), bold, italic, bold_italic, origin="installed")
    whole = [f for f in _list(f":fullname={_escape(name.strip())}") if key in (s.casefold() for s in f.fullnames)]
    if whole:
        return Family(name.strip(), Face(whole[0].file, whole[0].index), origin="installed")
    return None
