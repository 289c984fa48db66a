"""Image files a layout places, read from the game folder once per build."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pnp.layout.compile import CardError

MAX_IMAGE_BYTES = 50_000_000


class Images:
    """Reads ``name`` relative to ``folder`` (never outside it) and remembers what it read."""

    _cache: dict[Path, tuple] = {}

    def __init__(self, folder: Path):
        self.folder = Path(folder).resolve()

    def _get(self, name: str):
        path = (self.folder / name).resolve()
        if self.folder not in path.parents:
            raise CardError(f"image {name!r}: images must be files inside the game folder")
        if not path.exists():
            raise CardError(f"image {name!r} not found in the game folder")
        if not path.is_file():
            raise CardError(f"image {name!r} is not a regular file (a folder, device or pipe)")
        st = path.stat()
        key = (path, st.st_mtime_ns, st.st_size)  # a file saved again is read again (watch mode)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        from pnp.render.images import ImageError, probe

        size = st.st_size
        if size > MAX_IMAGE_BYTES:
            raise CardError(f"image {name!r} is {size:,} bytes; the limit is {MAX_IMAGE_BYTES:,}")
        from pnp.load.errors import DataErrors
        from pnp.load.loader import read_bounded

        try:
            data = read_bounded(path, MAX_IMAGE_BYTES, "an image")
        except DataErrors as exc:
            raise CardError(f"image {name!r}: {exc.problems[0].message}") from None
        try:
            info = probe(data)
        except ImageError as exc:
            raise CardError(f"image {name!r}: {exc}") from None
        self._cache[key] = hit = (data, info)
        return hit

    def load(self, name: str) -> tuple[bytes, str, tuple[int, int] | None]:
        data, info = self._get(name)
        return data, info.kind, info.pixels

    def aspect(self, name: str) -> tuple[float, float]:
        return (self._get(name)[1].aspect, 1.0)


@lru_cache(maxsize=64)
def images_in(folder: Path) -> Images:
    """The one reader for a game folder (resolving the folder once, not once per card)."""
    return Images(folder)
