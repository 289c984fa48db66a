"""A cache on disk for slow results that depend only on their inputs (parsed
hyphenation patterns, font subsets, validated data files), so the next build
reads them instead of making them again.

It lives in ``$PNP_CACHE_DIR``, else ``$XDG_CACHE_HOME/pnp`` or ``~/.cache/pnp``.
Each entry is named by a digest of everything it was made from and carries a
digest of its own bytes: a damaged entry is made again, never used. A folder
that cannot be written is simply not used.

Validated data files are kept as pickles, which can hold Python objects and
would run code if someone else wrote them: they live in the sub-folder
``objects/``, which pnp keeps private to its user (mode 700, entries 600), and
are read only when they belong to this user and nobody else may write them.
Their key includes a fingerprint of pnp's own code, so a changed schema never
reads an old entry.
"""
from __future__ import annotations

import hashlib
import marshal
import os
import pickle
import stat
import sys
import weakref
from functools import lru_cache
from pathlib import Path
from typing import Callable


def folder() -> Path:
    base = os.environ.get("PNP_CACHE_DIR")
    if base:
        return Path(base)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "pnp"


def _entry(kind: str, key: "bytes | str") -> Path:
    raw = key.encode() if isinstance(key, str) else key
    return folder() / f"{kind}-{hashlib.sha256(raw).hexdigest()[:32]}"


def _load(path: Path, private: bool = False) -> "bytes | None":
    """An entry's bytes when intact (and, if ``private``, this user's alone), else None."""
    try:
        with open(path, "rb") as fh:
            st = os.fstat(fh.fileno())
            if private and (st.st_uid != os.getuid() or st.st_mode & 0o022):
                return None
            digest, data = fh.read(32), fh.read()  # two reads: a big entry is not copied again
    except OSError:
        return None
    return data if hashlib.sha256(data).digest() == digest else None


def _store(path: Path, data: bytes, mode: int = 0o666) -> None:
    """Write an entry at once (a new name, then a rename); a folder that cannot be written is left."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
        with os.fdopen(fd, "wb") as fh:
            fh.write(hashlib.sha256(data).digest())
            fh.write(data)
        os.replace(tmp, path)
    except OSError:
        return
    _prune(path.parent)


def read(kind: str, key: "bytes | str") -> "bytes | None":
    """The bytes kept for ``key``, or None when there is no intact entry."""
    return _load(_entry(kind, key))


def write(kind: str, key: "bytes | str", data: bytes) -> None:
    """Keep ``data`` for ``key``, replacing any entry at once."""
    _store(_entry(kind, key), data)


def cached(kind: str, key: "bytes | str", make: Callable[[], bytes]) -> bytes:
    """The bytes ``make()`` returns for ``key``, from the cache when an intact copy is there."""
    data = read(kind, key)
    if data is None:
        data = make()
        write(kind, key, data)
    return data


def cached_data(kind: str, key: str, make: Callable[[], object]) -> object:
    """Like :func:`cached` for plain data (dicts, tuples, strings, numbers), kept in
    marshal's format (fast to read; the key names its version). An entry that does not
    read back is made again; the caller still checks its shape."""
    try:
        return marshal.loads(cached(kind, f"{key}|marshal{marshal.version}", lambda: marshal.dumps(make())))
    except (EOFError, ValueError, TypeError):
        return make()


class Table:
    """A dict of plain data (marshal) that outlives the process: read from the cache on first use,
    written back by :func:`save_tables` when it grew; it keeps its newest ``limit`` entries."""

    def __init__(self, kind: str, key: Callable[[], str], limit: int):
        self.kind, self._key, self.limit = kind, key, limit
        self._data: "dict | None" = None
        self._grew = False
        _TABLES.add(self)

    def _load(self) -> dict:
        if self._data is None:
            self._k = self._key()
            raw = read(self.kind, self._k)
            try:
                data = marshal.loads(raw) if raw else {}
            except (EOFError, ValueError, TypeError):
                data = {}
            self._data = data if isinstance(data, dict) else {}
        return self._data

    def get(self, k):
        return self._load().get(k)

    def put(self, k, v) -> None:
        data = self._load()
        while data and len(data) >= self.limit:  # full: the oldest entries make room
            del data[next(iter(data))]
        if self.limit > 0:
            data[k] = v
            if not self._grew:
                self._grew = True
                _save_at_exit()

    def save(self) -> None:
        if self._grew:
            write(self.kind, self._k, marshal.dumps(self._data))
            self._grew = False

    def forget(self) -> None:
        """Read the cache afresh on next use (tests: as in a new process)."""
        self._data, self._grew = None, False


_TABLES: "weakref.WeakSet[Table]" = weakref.WeakSet()  # a table no longer in use is not written


@lru_cache(maxsize=None)
def _save_at_exit() -> None:
    import atexit

    atexit.register(save_tables)


def save_tables() -> None:
    """Write every table that grew (the build calls this after each asset: worker processes end
    without running exit handlers; other commands write at exit)."""
    for t in _TABLES:
        t.save()


@lru_cache(maxsize=None)
def code_fingerprint(root: "Path | None" = None) -> str:
    """pnp's version, the size and time of each of its source files, Python's and pydantic's
    versions: what a validated document depends on besides its file."""
    import pydantic

    import pnp

    root = root or Path(pnp.__file__).parent
    h = hashlib.sha256(f"{pnp.__version__}|{sys.version}|{pydantic.VERSION}|{pickle.HIGHEST_PROTOCOL}".encode())
    for p in sorted(root.rglob("*.py")):
        st = p.stat()
        h.update(f"|{p.relative_to(root).as_posix()}:{st.st_size}:{st.st_mtime_ns}".encode())
    return h.hexdigest()


def _objects() -> "Path | None":
    """The cache's sub-folder for pickles, private to this user (made so if it is not), or None."""
    if not hasattr(os, "getuid"):
        return None
    d = folder() / "objects"
    try:
        d.mkdir(parents=True, exist_ok=True, mode=0o700)
        st = d.stat()
        if st.st_uid != os.getuid() or not stat.S_ISDIR(st.st_mode):
            return None
        if st.st_mode & 0o077:
            os.chmod(d, 0o700)
    except OSError:
        return None
    return d


def cached_object(kind: str, key: str, make: Callable[[], object]) -> object:
    """What ``make()`` returns for ``key``, kept pickled in a folder only this user can
    write (else made every time). What ``make`` raises (bad data) is raised, never kept."""
    d = _objects()
    if d is None:
        return make()
    path = d / f"{kind}-{hashlib.sha256(f'{key}|{code_fingerprint()}'.encode()).hexdigest()[:32]}"
    data = _load(path, private=True)
    if data is not None:
        try:
            return pickle.loads(data)
        except Exception:  # noqa: BLE001 - from an older pnp or Python: made again
            pass
    obj = make()
    try:
        data = pickle.dumps(obj, pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):
        return obj
    _store(path, data, 0o600)
    return obj


MAX_OBJECTS = 2000  # kept files per folder; every edit of a data file makes a new entry, so the oldest go


@lru_cache(maxsize=None)
def _prune(d: Path) -> None:
    """Once per process that wrote an entry in ``d``: keep its newest ``MAX_OBJECTS`` files."""
    try:
        entries = [(e.stat().st_mtime_ns, e.path) for e in os.scandir(d) if e.is_file()]
    except OSError:
        return
    for _, path in sorted(entries)[:max(0, len(entries) - MAX_OBJECTS)]:
        try:
            os.unlink(path)
        except OSError:
            pass
