"""Where pnp finds things, and the one rule for which files a game may name
(kept import-free so the CLI starts fast)."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable

ROOT = Path(__file__).resolve().parents[2]
SHIPPED_DATA = ROOT / "data"  # the five games that come with pnp
# pnp's own data a game may name: the shipped games, layouts (pnp/layout/shipped) and profiles
SHIPPED_ROOTS = (SHIPPED_DATA, ROOT / "pnp" / "layout" / "shipped", ROOT / "pnp" / "output" / "profiles")
# the picture files a game may name (pnp.render.images reads and checks them)
PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg", ".gif", ".webp", ".bmp", ".tif", ".tiff")


def data_dir(given: "Path | None" = None) -> Path:
    """The data folder: ``--data`` as given; without it ``./data`` when the working
    folder has one, else the games shipped with pnp."""
    if given is not None:
        return Path(given)
    here = Path("data")
    return here if here.is_dir() else SHIPPED_DATA


DEFAULT_DATA = SHIPPED_DATA


def file_stem(text: str) -> str:
    """A name for a file made from a card's name: lower case, German letters spelt out,
    anything else between letters and digits a single hyphen ("" when nothing is left)."""
    import re

    v = text.lower()
    for a, b in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")):
        v = v.replace(a, b)
    return re.sub(r"[^a-z0-9]+", "-", v).strip("-")


class OutsideError(ValueError):
    """A path a data file names that resolves outside the folders it may reach; ``linked``
    when the path itself lies inside and a symbolic link on the way leads out."""

    def __init__(self, name: str, folder: str = "the data folder", linked: bool = False):
        self.name, self.folder, self.linked = name, folder, linked
        super().__init__(f"{name!r} is a link to a place outside {folder}" if linked
                         else f"{name!r} is outside {folder}")


def _real(path: "str | Path") -> str:
    return os.path.realpath(os.fspath(path))


def resolve_inside(path: "str | Path", roots: Iterable["str | Path"], name: "str | None" = None,
                   folder: str = "the data folder") -> Path:
    """The containment check every path a game names goes through: card lists, layouts,
    symbols, pictures (and the pictures an SVG links), fonts, included YAML, a profile's ICC
    file, the data files found in a game folder.

    ``path`` (relative paths are taken from the working folder, so join them to the naming
    file's folder first) is resolved the way the operating system will open it, every
    symbolic link and ``..`` followed, and must then lie in one of ``roots`` (themselves
    resolved): usually ``Game.roots``, the ``--data`` folder (games may share a ``common/``
    folder beside them) and pnp's shipped data. A path that does not exist yet is judged by
    where it would be. Returns the resolved path; raises :class:`OutsideError` (a
    ``ValueError`` whose message is ``'<name>' is outside <folder>``, ``name`` being the
    path as the user wrote it) otherwise. Callers turn it into a positioned problem, e.g.
    ``raise DataErrors([Problem(file, line, col, f"'cards': {exc}")])``, and never read a
    file they did not pass through here first.
    """
    roots = list(roots)
    real = _real(path)
    if any(_under(real, _real(r)) for r in roots):
        return Path(real)
    plain = os.path.normpath(os.path.abspath(path))  # where it seems to be, links not followed
    linked = any(_under(plain, os.path.normpath(os.path.abspath(r))) or _under(plain, _real(r)) for r in roots)
    raise OutsideError(str(path) if name is None else name, folder, linked)


def _under(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def is_inside(path: "str | Path", roots: Iterable["str | Path"]) -> bool:
    """Whether :func:`resolve_inside` accepts ``path``."""
    try:
        resolve_inside(path, roots)
    except OutsideError:
        return False
    return True


def display_path(path: Path) -> str:
    """A path as messages show it: relative to the working folder when inside it, by the name it
    was given (a symbolic link is shown as the link, not as where it leads)."""
    path = Path(path)
    try:
        return str(Path(os.path.abspath(path)).relative_to(os.path.abspath(os.getcwd())))
    except ValueError:
        pass
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
