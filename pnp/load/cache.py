"""A cache on disk for slow results that depend only on their inputs (parsed
hyphenation patterns, font subsets), so the next build reads them instead of
making them again.

It lives in ``$PNP_CACHE_DIR``, else ``$XDG_CACHE_HOME/pnp`` or ``~/.cache/pnp``.
Each entry is named by a digest of everything it was made from and carries a
digest of its own bytes: a damaged entry is made again, never used. A folder
that cannot be written is simply not used.
"""
from __future__ import annotations

import hashlib
import marshal
import os
from pathlib import Path
from typing import Callable


def folder() -> Path:
    base = os.environ.get("PNP_CACHE_DIR")
    if base:
        return Path(base)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "pnp"


def cached(kind: str, key: "bytes | str", make: Callable[[], bytes]) -> bytes:
    """The bytes ``make()`` returns for ``key``, from the cache when an intact copy is there."""
    raw = key.encode() if isinstance(key, str) else key
    path = folder() / f"{kind}-{hashlib.sha256(raw).hexdigest()[:32]}"
    try:
        blob = path.read_bytes()
        digest, data = blob[:32], blob[32:]
        if hashlib.sha256(data).digest() == digest:
            return data
    except OSError:
        pass
    data = make()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}")
        tmp.write_bytes(hashlib.sha256(data).digest() + data)
        os.replace(tmp, path)
    except OSError:
        pass
    return data


def cached_data(kind: str, key: str, make: Callable[[], object]) -> object:
    """Like :func:`cached` for plain data (dicts, tuples, strings, numbers), kept in
    marshal's format (fast to read; the key names its version). An entry that does not
    read back is made again; the caller still checks its shape."""
    try:
        return marshal.loads(cached(kind, f"{key}|marshal{marshal.version}", lambda: marshal.dumps(make())))
    except (EOFError, ValueError, TypeError):
        return make()
