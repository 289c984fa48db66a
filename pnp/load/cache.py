"""A cache on disk for slow results that depend only on their inputs (parsed
hyphenation patterns, font subsets, validated data files), so the next build
reads them instead of making them again.

It lives in ``$PNP_CACHE_DIR``, else ``$XDG_CACHE_HOME/pnp`` or ``~/.cache/pnp``.
Each entry is named by a digest of everything it was made from and carries a
digest of its own bytes: a damaged entry is made again, never used. A folder
that cannot be written is simply not used.

The cache is the user's alone: a folder that belongs to someone else or that
others may write into is neither read nor written, and an entry is read only
when it is a regular file (never a link, a device or a pipe) of bounded size
that this user owns and nobody else may write; each refusal is one warning and
the build goes on without the cache.

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
from typing import Any, Callable, Hashable


def folder() -> Path:
    base = os.environ.get("PNP_CACHE_DIR")
    if base:
        return Path(base)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "pnp"


def _entry(kind: str, key: "bytes | str") -> Path:
    raw = key.encode() if isinstance(key, str) else key
    return folder() / f"{kind}-{hashlib.sha256(raw).hexdigest()[:32]}"


MAX_ENTRY_BYTES = 64_000_000  # no entry pnp writes comes near this
_WARNED: set[str] = set()


def _uid() -> "int | None":
    """This user's id (None where there are none); the one place the tests change who pnp is."""
    return os.getuid() if hasattr(os, "getuid") else None


def _warn(message: str) -> None:
    """Say ``message`` once per process: the build goes on without what it is about."""
    if message not in _WARNED:
        _WARNED.add(message)
        import sys

        print(f"warning: {message}", file=sys.stderr)


def _shown(path: Path) -> str:
    from pnp.load.paths import display_path  # not the loader: a warning may come while the loader is imported

    return display_path(path)


def _yours(st: os.stat_result) -> bool:
    """Owned by this user and writable by nobody else."""
    uid = _uid()
    return uid is None or (st.st_uid == uid and not st.st_mode & 0o022)


def _usable(d: Path, create: bool) -> bool:
    """Whether the cache folder ``d`` is this user's alone (made so when pnp creates it); a folder
    that is someone else's, or that others may write into, is neither read nor written, with a
    warning: an entry there could be anybody's."""
    try:
        st = os.stat(d)
    except FileNotFoundError:
        if not create:
            return False
        try:
            d.mkdir(parents=True, exist_ok=True, mode=0o700)
            st = os.stat(d)
        except OSError:
            return False
    except OSError:
        return False
    if not stat.S_ISDIR(st.st_mode):
        return False
    if not _yours(st):
        why = "not yours" if _uid() not in (None, st.st_uid) else "writable by others"
        _warn(f"the cache folder {_shown(d)} is {why}, so pnp neither reads nor writes it (make it yours alone with "
              "chmod 700, or set PNP_CACHE_DIR); the build goes on without it")
        return False
    return True


def check() -> None:
    """Judge the cache folder now (a command does before it forks, so its warning is said once)."""
    _usable(folder(), False)


def _load(path: Path, private: bool = False) -> "bytes | None":
    """An entry's bytes when intact and trusted, else None: the folder and the entry must be this
    user's and writable by nobody else, and the entry a regular file (never a link, a device or a
    pipe) of bounded size. ``private`` is kept for callers; every entry is held to it now."""
    if not _usable(folder(), False):
        return None
    try:
        st = os.lstat(path)
    except OSError:
        return None
    why = ("not a regular file" if not stat.S_ISREG(st.st_mode) else "not yours alone" if not _yours(st)
           else "too big" if st.st_size > MAX_ENTRY_BYTES else None)
    if why is not None:
        _warn(f"the cache entry {_shown(path)} is {why}, so pnp does not read it (deleting the cache folder is "
              "always safe); the build goes on without it")
        return None
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fh:
            st = os.fstat(fh.fileno())  # the file opened is the file checked
            if not stat.S_ISREG(st.st_mode) or not _yours(st) or st.st_size > MAX_ENTRY_BYTES:
                return None
            digest, data = fh.read(32), fh.read(MAX_ENTRY_BYTES)  # two reads: a big entry is not copied again
    except OSError:
        return None
    return data if hashlib.sha256(data).digest() == digest else None


def _store(path: Path, data: bytes, mode: int = 0o666) -> None:
    """Write an entry at once (a new name, then a rename); a folder that cannot be written, or is
    not this user's alone, is left."""
    if not _usable(folder(), True):
        return
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


def cached_data(kind: str, key: str, make: Callable[[], Any]) -> Any:
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

    def get(self, k: Hashable) -> Any:
        return self._load().get(k)

    def put(self, k: Hashable, v: Any) -> None:
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
def source_stamp(root: "Path | None" = None) -> str:
    """pnp's version, Python's, and the path, size and time of each of pnp's source files: what
    anything pnp keeps depends on besides its own inputs. Reads no module (a stat per file)."""
    import pnp

    root = root or Path(pnp.__file__).parent
    h = hashlib.sha256(f"{pnp.__version__}|{sys.version}|{pickle.HIGHEST_PROTOCOL}".encode())
    for rel in sorted(_sources(str(root), "")):
        st = os.stat(os.path.join(root, rel))
        h.update(f"|{rel}:{st.st_size}:{st.st_mtime_ns}".encode())
    return h.hexdigest()


def _sources(folder: str, rel: str) -> list[str]:
    """Every ``.py`` file under ``folder``, as paths relative to the root (``/`` between parts)."""
    out: list[str] = []
    with os.scandir(folder) as entries:
        for e in entries:
            if e.is_dir(follow_symlinks=False):
                out += _sources(e.path, f"{rel}{e.name}/")
            elif e.name.endswith(".py"):
                out.append(rel + e.name)
    return out


@lru_cache(maxsize=None)
def code_fingerprint(root: "Path | None" = None) -> str:
    """:func:`source_stamp` and the installed schema library (pydantic and its core, by the size
    and time of their files that name the version): what a validated document depends on besides
    its file. Imports neither: a build that reads every document from the cache never needs them."""
    return hashlib.sha256(f"{source_stamp(root)}|{_library_stamp()}".encode()).hexdigest()


def _library_stamp() -> str:
    import importlib.util

    out = []
    for name, files in (("pydantic", ("version.py", "__init__.py")), ("pydantic_core", ("__init__.py",))):
        spec = importlib.util.find_spec(name)
        origin = spec.origin if spec is not None else None
        for file in files:
            try:
                st = os.stat(os.path.join(os.path.dirname(origin), file)) if origin else None
            except OSError:
                st = None
            out.append(f"{name}/{file}:{st.st_size}:{st.st_mtime_ns}" if st else f"{name}/{file}:-")
    return "|".join(out)


def _objects() -> "Path | None":
    """The cache's sub-folder for pickles, private to this user (made so if it is not), or None."""
    if _uid() is None or not _usable(folder(), True):
        return None
    d = folder() / "objects"
    try:
        d.mkdir(parents=True, exist_ok=True, mode=0o700)
        st = d.stat()
        if st.st_uid != _uid() or not stat.S_ISDIR(st.st_mode):
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
