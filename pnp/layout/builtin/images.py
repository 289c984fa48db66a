"""Picture files a layout places, read once per build through :func:`pnp.render.images.read_picture`."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.layout.compile import CardError

if TYPE_CHECKING:
    from pnp.render.images import Picture


class Images:
    """Reads ``name`` relative to ``folder`` (inside ``roots`` only, see
    :func:`pnp.load.paths.resolve_inside`) and remembers what it read."""

    # (path, device, inode, mtime, size, roots) -> Picture or the CardError it gave: a file saved again is read again
    _cache: dict[tuple, Picture | CardError] = {}

    def __init__(self, folder: Path, roots: tuple[Path, ...] = ()) -> None:
        self.folder = Path(folder)
        self.roots = tuple(roots) or (self.folder,)

    def picture(self, name: str) -> Picture:
        """The checked picture (:class:`pnp.render.images.Picture`), or a CardError saying why not."""
        import os

        from pnp.render.images import ImageError, read_picture

        path = self.folder / name
        try:
            st = os.stat(path)  # the file it names now (a link followed): its identity, time and size
            key = (str(path), st.st_dev, st.st_ino, st.st_mtime_ns, st.st_size, self.roots)
        except OSError:
            key = None
        hit: Picture | CardError | None = self._cache.get(key) if key is not None else None
        if hit is None:
            try:
                hit = read_picture(path, name, self.roots, self.folder)
            except ImageError as exc:  # kept too: a broken picture on every card is read once
                hit = CardError(f"image {name!r}: {exc}")
            if key is not None:
                if len(self._cache) > 256:
                    self._cache.clear()
                self._cache[key] = hit
        if isinstance(hit, CardError):
            raise CardError(str(hit))
        return hit

    def load(self, name: str) -> tuple[bytes, str, tuple[int, int] | None]:
        pic = self.picture(name)
        return pic.data, pic.kind, pic.pixels

    def lost(self, name: str) -> tuple[str, ...]:
        """What the picture uses that pnp cannot draw (an SVG's filters, masks ...), as a message names it."""
        return self.picture(name).probe.lost

    def aspect(self, name: str) -> tuple[float, float]:
        from pnp.render.images import ImageError

        try:
            return (self.picture(name).aspect, 1.0)
        except ImageError as exc:  # svglib, reading it to draw, found what the checks let through
            raise CardError(f"image {name!r}: {exc}") from None


@lru_cache(maxsize=64)
def images_in(folder: Path, roots: tuple[Path, ...] = ()) -> Images:
    """The one reader for a game folder (made once, not once per card)."""
    return Images(folder, roots)
