"""Dataclasses that are not compiled again in every process.

The standard library's ``dataclass`` writes each class's ``__init__``, ``__repr__``, ``__eq__``
(and, frozen, ``__hash__``, ``__setattr__``, ``__delattr__``) as source text and compiles it when
the class is made: about 1 ms a class on a slow machine, a tenth of a second of every pnp command
for the hundred-odd classes a build imports. :func:`dataclass` here *is* the standard one, with
one difference: the code compiled from a text is kept in pnp's cache (marshal, as Python keeps
``.pyc`` files; under the Python version), and the next process runs the kept code instead of
compiling the same text again. The text is the key, so what runs is what the text compiles to.

How: while it makes a class, the standard ``dataclass`` finds ``exec`` in its module first, so
:func:`dataclass` puts :func:`_exec` there for the length of the call. A Python whose
``dataclasses`` does not call ``exec`` simply compiles as before.
"""
from __future__ import annotations

import dataclasses
import marshal
import sys
from types import CodeType
from typing import Any, Callable, TypeVar, dataclass_transform, overload

T = TypeVar("T", bound=type)

MAX_KEPT = 4096  # texts kept: pnp's classes write about 500; an edited class adds new ones


def _table() -> Any:
    from pnp.load.cache import Table

    return Table("code", lambda: f"dataclass-code-v1|{sys.version}|marshal{marshal.version}", MAX_KEPT)


_KEPT: list[Any] = []  # the table, made on first use


def _exec(source: Any, globals: Any = None, locals: Any = None) -> None:
    """``exec`` for the texts ``dataclasses`` writes: compiled once, then kept."""
    if not isinstance(source, str):
        exec(source, globals, locals)
        return
    if not _KEPT:
        _KEPT.append(_table())
    table = _KEPT[0]
    code = table.get(source)
    if not isinstance(code, CodeType):  # not kept (or not readable as code): compiled, and kept
        code = compile(source, "<string>", "exec")
        table.put(source, code)
    exec(code, globals, locals)


@overload
def dataclass(cls: T, /) -> T: ...


@overload
def dataclass(*, eq: bool = True, order: bool = False, frozen: bool = False) -> Callable[[T], T]: ...


@dataclass_transform(field_specifiers=(dataclasses.field, dataclasses.Field))
def dataclass(cls: Any = None, /, *, eq: bool = True, order: bool = False, frozen: bool = False) -> Any:
    """``dataclasses.dataclass`` (these options), its methods compiled once and kept."""

    def make(c: Any) -> Any:
        module = vars(dataclasses)
        had = module.get("exec")
        module["exec"] = _exec
        try:
            return dataclasses.dataclass(eq=eq, order=order, frozen=frozen)(c)
        finally:
            if had is None:
                del module["exec"]
            else:
                module["exec"] = had

    return make if cls is None else make(cls)
