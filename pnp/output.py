"""Atomic output: a build writes into a staging folder and moves files into
place only when every file of the build has been written.

So a failed or interrupted build leaves earlier outputs untouched and no
half-written files or temp folders behind.
"""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


class OutputError(Exception):
    """The output folder cannot be created or written."""


class Staging:
    """Collects files under a hidden temp folder next to the destination."""

    def __init__(self, dest: Path):
        self.dest = Path(dest)
        try:
            self.dest.mkdir(parents=True, exist_ok=True)
            self.dir = Path(tempfile.mkdtemp(prefix=".pnp-staging-", dir=self.dest))
            os.chmod(self.dir, 0o777 & ~_umask())
        except OSError as exc:
            raise OutputError(f"{self.dest}: cannot create output folder ({exc.strerror})") from None
        self.files: list[str] = []  # relative paths, in write order

    def path(self, rel: str) -> Path:
        """Where to write ``rel`` now; it appears at dest/rel on commit."""
        p = self.dir / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        self.files.append(rel)
        return p

    def commit(self) -> list[Path]:
        """Move every staged file into place (each move is an atomic rename)."""
        moved = []
        try:
            for rel in self.files:
                src, dst = self.dir / rel, self.dest / rel
                dst.parent.mkdir(parents=True, exist_ok=True)
                os.replace(src, dst)
                moved.append(dst)
        except OSError as exc:
            raise OutputError(f"{self.dest}: cannot write output ({exc.strerror})") from None
        finally:
            self.discard()
        return moved

    def discard(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> "Staging":
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is not None:
            self.discard()


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write one file via a temp file in the same folder and a rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".pnp-", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; outputs are for sharing
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_document(path: Path, pages, title: str = "", dpi: float = 150) -> int:
    """Write a stand-alone document (a game command's PDF, SVG or PNG, by the
    file's suffix) atomically: a temp file beside it, renamed into place."""
    from .backends import write_by_suffix

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".pnp-", suffix=path.suffix, dir=path.parent)
    os.close(fd)
    try:
        n = write_by_suffix(list(pages), tmp, dpi=dpi, title=title)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return n
