"""What the build reads: validated data as plain objects, with no schema library behind them.

Each schema (a pydantic model in :mod:`pnp.model` and the element kinds of :mod:`pnp.layout`)
validates a file once; the cache keeps what it made, and the build reads it back. If what it
kept were pydantic models, reading it back would import pydantic and build the schema classes,
which is most of the time a rebuild of a small deck takes. So every schema class has a *plain
twin*: a class of the same name in a module without pydantic, holding the methods and
properties the build calls. The schema class lists its twin among its bases (``class
Deck(Strict, plain.Deck)``), so a validated model has those methods too; after validation,
:func:`pnp.model.base.to_plain` turns the model into its twin with the same field values, and
that is what the cache keeps and the build reads.

A twin is immutable like the models (``frozen``): it compares, hashes and prints by its fields,
and ``model_copy(update=...)``, ``model_dump()`` and ``model_fields_set`` work as on a model, so
code reads both alike. A schema class without a twin of its own (an extension's element kind)
stays a pydantic model, which the build reads as before.
"""
from __future__ import annotations

from typing import Any, TypeVar

P = TypeVar("P", bound="Plain")
SET = "_fields_set"  # the names of the fields the data gave (the others took their default)
EXTRA = "_extra"  # keys a schema lets the data add beyond its fields (a text's languages), kept apart
# from the attributes so that no key (``get`` is a language code) hides a method


class Plain:
    """The base of every plain twin: fields as attributes, set once."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        """An extra key the data gave (as a model answers it); asked only when nothing else is
        called ``name``. (For mypy: a twin's fields are declared by its schema class.)"""
        extra = self.__dict__.get(EXTRA)
        if extra is not None and name in extra:
            return extra[name]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def _fields(self) -> dict[str, Any]:
        out = {k: v for k, v in self.__dict__.items() if k[0] != "_"}
        out.update(self.__dict__.get(EXTRA) or {})
        return out

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash((type(self), tuple(self._fields().values())))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in self._fields().items())})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is validated data and cannot be changed; use model_copy")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is validated data and cannot be changed")

    @property
    def model_fields_set(self) -> set[str]:
        """The fields the data gave (not taken from their defaults)."""
        return set(self.__dict__.get(SET, ()))

    def model_copy(self: P, *, update: "dict[str, Any] | None" = None) -> P:
        """A copy with the fields in ``update`` changed (not validated, as a model's copy)."""
        out = object.__new__(type(self))
        out.__dict__.update(self.__dict__)
        if update:
            out.__dict__.update(update)
            out.__dict__[SET] = self.model_fields_set | set(update)
        return out

    def model_dump(self) -> dict[str, Any]:
        """The fields as a dict, nested twins as dicts too (lists and tuples kept)."""
        return {k: _dumped(v) for k, v in self._fields().items()}


def _dumped(value: Any) -> Any:
    if isinstance(value, Plain):
        return value.model_dump()
    if type(value) in (list, tuple):
        return type(value)(_dumped(v) for v in value)
    if type(value) is dict:
        return {k: _dumped(v) for k, v in value.items()}
    return value


def make(cls: type[P], fields: dict[str, Any], given: "frozenset[str] | None" = None,
         extra: "dict[str, Any] | None" = None) -> P:
    """A twin of class ``cls`` holding ``fields`` (every field, in the schema's order; ``given``: the
    names the data gave, all of them unless said; ``extra``: keys beyond the fields, in order)."""
    out = object.__new__(cls)
    out.__dict__.update(fields)
    out.__dict__[SET] = frozenset(fields) if given is None else given
    if extra:
        out.__dict__[EXTRA] = extra
    return out


def fields_of(obj: Any) -> dict[str, Any]:
    """The fields of a twin or a model, in the schema's order (a model's extra keys last)."""
    if isinstance(obj, Plain) and SET in obj.__dict__:
        return obj._fields()
    out = {k: getattr(obj, k) for k in type(obj).model_fields}
    out.update(getattr(obj, "__pydantic_extra__", None) or {})
    return out
