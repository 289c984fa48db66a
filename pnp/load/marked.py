"""YAML with line marks, parsed by libyaml.

PyYAML's C parser composes the document into nodes that carry their start
marks; this module turns the nodes into plain dicts, lists and scalars that
remember where each key, value and item was written (``.lc``, the same
questions ruamel answers: ``key(k)``, ``value(k)``, ``item(i)``), so every
message can still say ``file:line:col``. Composing in C is about 25 times
faster than a pure-Python round-trip parser.

Plain scalars follow the YAML 1.2 core schema (``yes`` and ``on`` stay text,
``0o17`` is octal) plus dates; quoted scalars are always text. Explicit tags
``!!str !!int !!float !!bool !!null !!timestamp`` are honoured, any other tag
is refused. Anchors and aliases work as YAML defines them, and so do merge
keys: ``<<: *base`` (or ``<<: [*a, *b]``, the first one winning) copies the
keys of the named mappings that the mapping does not give itself, each
keeping the position where it was written. Duplicate keys, mappings used as
keys, values that cannot be built (``!!int abc``, 2023-02-29), documents
nested deeper than ``max_depth`` or expanding (through aliases and merges)
to more than ``max_nodes`` values are :class:`YamlError` with the position.
"""
from __future__ import annotations

import datetime
import math
import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Hashable

if TYPE_CHECKING:  # pragma: no cover
    import yaml

_PLAIN = "!plain"  # the tag every untagged plain scalar gets; resolved here, 1.2-style


@lru_cache(maxsize=None)
def _loader() -> "type[yaml.SafeLoader]":
    """PyYAML's loader with every plain scalar left to this module; imported only to parse
    (data read back from pnp's cache needs the classes below, not the parser)."""
    import yaml

    # the C loader where libyaml is installed; a base chosen at run time, which mypy cannot check
    class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
        yaml_implicit_resolvers: dict = {}

    _Loader.add_implicit_resolver(_PLAIN, re.compile(r".*", re.S), None)
    _Loader.yaml_implicit_resolvers[""] = [(_PLAIN, re.compile(r"^$"))]
    return _Loader


class YamlError(ValueError):
    def __init__(self, line: int, col: int, message: str):
        super().__init__(message)
        self.line, self.col, self.message = line, col, message


Pos = tuple[int, int]  # (line, column), 0-based


class Marks:
    """Where things are, 0-based like ruamel's ``lc``: the container itself, its keys, values, items."""

    __slots__ = ("line", "col", "_keys", "_values", "_items")

    def __init__(self, line: int, col: int):
        self.line, self.col = line, col
        self._keys: dict[Hashable, Pos | None] = {}
        self._values: dict[Hashable, Pos | None] = {}
        self._items: list[Pos | None] = []

    def key(self, k: Hashable) -> Pos | None:
        return self._keys.get(k)

    def value(self, k: Hashable) -> Pos | None:
        return self._values.get(k)

    def item(self, i: int) -> Pos | None:
        return self._items[i] if 0 <= i < len(self._items) else None


class MDict(dict[Any, Any]):
    __slots__ = ("lc",)
    lc: Marks


class MList(list[Any]):
    __slots__ = ("lc",)
    lc: Marks


_NULL = {"", "~", "null", "Null", "NULL"}
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_INT = re.compile(r"^[-+]?[0-9]+$")
_OCT = re.compile(r"^0o[0-7]+$")
_HEX = re.compile(r"^0x[0-9a-fA-F]+$")
_FLOAT = re.compile(r"^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$")
_INF = re.compile(r"^[-+]?\.(inf|Inf|INF)$")
_NAN = re.compile(r"^\.(nan|NaN|NAN)$")
_DATE = re.compile(r"^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt ][0-9].*)?$")
_TAG = "tag:yaml.org,2002:"


def _date(v: str) -> datetime.date:
    if len(v) <= 10:
        y, m, d = (int(p) for p in v.split("-"))
        return datetime.date(y, m, d)
    return datetime.datetime.fromisoformat(v.replace("t", "T").replace("Z", "+00:00").replace(" ", "T", 1))


def _plain(v: str) -> Any:
    if v in _NULL:
        return None
    if v in _BOOL:
        return _BOOL[v]
    if _INT.match(v):
        return int(v)
    if _OCT.match(v):
        return int(v[2:], 8)
    if _HEX.match(v):
        return int(v[2:], 16)
    if _FLOAT.match(v):
        return float(v)
    if _INF.match(v):
        return -math.inf if v.startswith("-") else math.inf
    if _NAN.match(v):
        return math.nan
    if _DATE.match(v):
        return _date(v)
    return v


def _bool(v: str) -> bool:
    if v in _BOOL:
        return _BOOL[v]
    raise ValueError(v)


def _null(v: str) -> None:
    if v in _NULL:
        return None
    raise ValueError(v)


_EXPLICIT: dict[str, Callable[[str], Any]] = {"str": str, "int": lambda v: int(v, 0) if v.startswith(("0x", "0o")) else int(v), "float": float,
             "bool": _bool, "null": _null, "timestamp": _date}
_WORDS = {"timestamp": "a date", "int": "a whole number", "float": "a number", "bool": "true or false",
          "null": "nothing (null)"}


def _scalar(node: "yaml.ScalarNode") -> Any:
    v, tag = node.value, node.tag
    build: Callable[[str], Any]
    if tag == _PLAIN:
        kind = "timestamp" if _DATE.match(v) else "int" if _INT.match(v) else "plain"
        build = _plain
    elif tag.startswith(_TAG) and tag[len(_TAG):] in _EXPLICIT:
        kind = tag[len(_TAG):]
        build = _EXPLICIT[kind]
    else:
        raise YamlError(node.start_mark.line + 1, node.start_mark.column + 1,
                        f"the tag {tag.replace(_TAG, '!!')} is not supported here")
    try:
        return build(v)
    except (ValueError, OverflowError):
        word = _WORDS.get(kind, kind)
        raise YamlError(node.start_mark.line + 1, node.start_mark.column + 1,
                        f"{v[:40]!r} cannot be read as {word}; put it in quotes if it is meant as text") from None


def _fmt(v: Any) -> str:
    """A value as a message quotes it: its first 40 characters."""
    text = f'"{v}"' if isinstance(v, str) else "a mapping" if isinstance(v, dict) else "a list" \
        if isinstance(v, list) else str(v)
    return text if len(text) <= 40 else text[:39] + "…"


class _Builder:
    def __init__(self, max_depth: int, max_nodes: int):
        self.max_depth, self.max_nodes, self.count = max_depth, max_nodes, 0

    def build(self, node: "yaml.Node", depth: int = 0) -> Any:
        self.count += 1
        if self.count > self.max_nodes:
            raise YamlError(0, 0, f"document too large: more than {self.max_nodes} values "
                                  "(an alias bomb or a runaway file?)")
        if depth > self.max_depth:
            raise YamlError(node.start_mark.line + 1, node.start_mark.column + 1,
                            f"nesting deeper than {self.max_depth} levels")
        m = node.start_mark
        if node.id == "scalar":
            return _scalar(node)
        if node.id == "sequence":
            seq = MList()
            seq.lc = marks = Marks(m.line, m.column)
            for item in node.value:
                marks._items.append((item.start_mark.line, item.start_mark.column))
                seq.append(self.build(item, depth + 1))
            return seq
        if node.id == "mapping":
            out = MDict()
            out.lc = marks = Marks(m.line, m.column)
            merges: list[MDict] = []
            for k, v in node.value:
                km = k.start_mark
                if k.id != "scalar":
                    raise YamlError(km.line + 1, km.column + 1,
                                    "a key must be plain text or a number, not a mapping or list")
                if k.tag == _TAG + "merge" or (k.tag == _PLAIN and k.value == "<<"):
                    merges.extend(self._merged(v, km, depth))
                    continue
                key = _scalar(k)
                value = self.build(v, depth + 1)
                if key in out:
                    raise YamlError(km.line + 1, km.column + 1,
                                    f"duplicate key {_fmt(key)} with value {_fmt(value)} "
                                    f"(original value: {_fmt(out[key])})")
                out[key] = value
                marks._keys[key] = (km.line, km.column)
                marks._values[key] = (v.start_mark.line, v.start_mark.column)
            for source in merges:  # keys written here win, then the first mapping merged
                for key, value in source.items():
                    if key not in out:
                        out[key] = value
                        marks._keys[key] = source.lc.key(key)
                        marks._values[key] = source.lc.value(key)
            return out
        raise YamlError(m.line + 1, m.column + 1, "unexpected YAML node")  # pragma: no cover


    def _merged(self, node: "yaml.Node", key_mark: "yaml.Mark", depth: int) -> list[MDict]:
        """The mappings a merge key (``<<``) names: one mapping, or a list of them."""
        items = node.value if node.id == "sequence" else [node]
        if not items or any(item.id != "mapping" for item in items):
            m = key_mark
            raise YamlError(m.line + 1, m.column + 1, "a merge key (<<) takes a mapping, usually an alias such as "
                                                      "*base, or a list of them")
        return [self.build(item, depth + 1) for item in items]


def load(text: str, max_depth: int = 40, max_nodes: int = 200_000) -> Any:
    """The document in ``text`` with marks; YamlError (positioned) for anything unreadable."""
    import yaml

    try:
        node = yaml.compose(text, Loader=_loader())
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        msg = exc.problem or "syntax error"
        if exc.context:
            msg += f" ({exc.context})"
        raise YamlError(line, col, msg.strip()) from None
    except yaml.YAMLError as exc:
        raise YamlError(0, 0, str(exc).splitlines()[0]) from None
    except RecursionError:
        raise YamlError(0, 0, f"nesting deeper than {max_depth} levels") from None
    if node is None:
        return None
    return _Builder(max_depth, max_nodes).build(node)
