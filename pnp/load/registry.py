"""What every registry of pnp is made of: entries by name, and lazy references.

A registry (data kinds, output formats, export modes) maps a name to an entry
with a ``name`` field; :meth:`Registry.register` refuses a name that is taken
by another entry. Entries name the code they use as ``"module:name"``
strings, imported by :func:`resolve` on first use, so that reading a registry
(``pnp --help`` does) costs no import of what it lists.
"""
from __future__ import annotations

import importlib
from typing import Any, Callable, Generic, TypeVar

E = TypeVar("E")


def resolve(ref: "str | Callable | Any") -> Any:
    """The object a ``"module:name"`` string names (anything else as it is)."""
    if not isinstance(ref, str):
        return ref
    mod, _, name = ref.partition(":")
    return getattr(importlib.import_module(mod), name)


def preload(ref: "str | Any") -> None:
    """Import the module a ``"module:name"`` string names, without looking the name up yet."""
    if isinstance(ref, str):
        importlib.import_module(ref.partition(":")[0])


class Registry(dict[str, E], Generic[E]):
    """Entries by name, in the order they were registered."""

    def __init__(self, what: str):
        super().__init__()
        self.what = what  # "format", "kind", ... for messages

    def register(self, entry: E) -> E:
        name = entry.name  # type: ignore[attr-defined]
        if name in self and self[name] != entry:
            raise ValueError(f"{self.what} {name!r} is registered already")
        self[name] = entry
        return entry

    def unregister(self, name: str) -> None:
        """Take an entry out again (a test that registered one cleans up with this)."""
        del self[name]
