"""The layout language's two small expression forms, compiled once per layout.

Templates put a card's fields into any string: ``"{name}"``, ``"{copies}×"``,
``"{colour[type]}"`` (the table ``colour`` looked up by the value of the
field ``type``); ``{{`` and ``}}`` stand for literal braces.

Conditions decide whether an element is drawn::

    cost > 0
    type == 'spell' and not rare
    colour[type] != 'none' or (cost >= 3)

Operands are field names, table lookups ``table[field]``, numbers and quoted
strings; operators ``== != < <= > >=``, ``and``, ``or``, ``not`` and
parentheses. A field alone is true when it is set and not empty, zero or
false. There is no ``eval``: both forms are parsed here into small trees and
every name is checked against the layout's fields and tables before any card
is drawn.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Mapping

_NAME = r"[A-Za-z_][A-Za-z0-9_-]*"
_REF = re.compile(rf"^\s*({_NAME})\s*(?:\[\s*({_NAME})\s*\])?\s*$")


class ExprError(ValueError):
    """A template or condition that cannot be parsed or names something unknown."""


MAX_NESTING = 32  # parentheses and 'not's inside one another in a condition
SHOWN = 40  # characters of a template or condition a message quotes


def _q(text: str) -> str:
    """``text`` as a message quotes it: its first SHOWN characters."""
    return repr(text if len(text) <= SHOWN else text[:SHOWN - 1] + "…")


@dataclass(frozen=True)
class Ref:
    """A field (``name``) or a table lookup (``table[field]``)."""

    name: str
    table: str | None = None

    def names(self) -> tuple[str, ...]:
        return (self.name,)


class Scope:
    """What templates and conditions may read: field values, tables, language."""

    def __init__(self, values: Mapping[str, Any], tables: Mapping[str, Mapping[str, Any]],
                 text: Callable[[Any], Any] = lambda v: v, lang: str = "de"):
        self.values = values
        self.tables = tables
        self.text = text  # turns a localised value into plain text
        self.lang = lang

    def get(self, ref: Ref) -> Any:
        value = self.values.get(ref.name)
        if ref.table is None:
            return self.text(value)
        table = self.tables[ref.table]
        key = "" if value is None else str(value)
        if key in table:
            return self.text(table[key])
        if "default" in table:
            return self.text(table["default"])
        raise ExprError(f"table {ref.table!r} has no entry for {ref.name} = {_q(key)} and no 'default'")


# ------------------------------------------------------------------ templates


@dataclass(frozen=True)
class Template:
    parts: tuple  # str literals and Refs

    @property
    def refs(self) -> list[Ref]:
        return [p for p in self.parts if isinstance(p, Ref)]

    @property
    def constant(self) -> bool:
        return not self.refs

    def render(self, scope: Scope) -> Any:
        """The filled-in string; a template that is one reference returns its value as is."""
        if len(self.parts) == 1 and isinstance(self.parts[0], Ref):
            return scope.get(self.parts[0])
        out = []
        for p in self.parts:
            if isinstance(p, str):
                out.append(p)
            else:
                v = scope.get(p)
                out.append("" if v is None else show(v, scope.lang))
        return "".join(out)


def show(v: Any, lang: str) -> str:
    """A field value as printed text in ``lang``: true as its word for yes (false as nothing),
    a whole number without decimals, a fraction with the language's decimal mark."""
    from pnp.load.words import ENGINE

    if isinstance(v, bool):
        return ENGINE(lang, "yes") if v else ""
    if isinstance(v, float):
        if v.is_integer():
            return str(int(v))
        return repr(v).replace(".", ENGINE(lang, "number.decimal"))
    return str(v)


def template(text: str) -> Template:
    """Parse ``"...{field}...{table[field]}..."`` (``{{``/``}}`` escape braces)."""
    parts: list = []
    buf = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in "{}" and text[i:i + 2] in ("{{", "}}"):
            buf.append(ch)
            i += 2
            continue
        if ch == "}":
            raise ExprError(f"unmatched '}}' at position {i + 1} of {_q(text)} (write '}}}}' for a brace)")
        if ch == "{":
            end = text.find("}", i)
            if end < 0:
                raise ExprError(f"unclosed '{{' at position {i + 1} of {_q(text)}")
            m = _REF.match(text[i + 1:end])
            if not m:
                raise ExprError(f"{_q('{' + text[i + 1:end] + '}')} in {_q(text)}: expected {{field}} or {{table[field]}}")
            if buf:
                parts.append("".join(buf))
                buf = []
            first, second = m.groups()
            parts.append(Ref(second, first) if second else Ref(first))
            i = end + 1
            continue
        buf.append(ch)
        i += 1
    if buf or not parts:
        parts.append("".join(buf))
    return Template(tuple(parts))


# ------------------------------------------------------------------ conditions

_TOKEN = re.compile(rf"\s*(?:(?P<num>-?\d+(?:\.\d+)?)|(?P<str>'[^']*'|\"[^\"]*\")|(?P<op>==|!=|<=|>=|<|>|\(|\)|\[|\])"
                    rf"|(?P<name>{_NAME}))")
_OPS: dict[str, Callable[[Any, Any], bool]] = {
    "==": lambda a, b: a == b, "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
}


@dataclass(frozen=True)
class Cond:
    op: str  # and | or | not | cmp | truth | const
    args: tuple

    def refs(self) -> list[Ref]:
        out = []
        for a in self.args:
            if isinstance(a, Cond):
                out += a.refs()
            elif isinstance(a, Ref):
                out.append(a)
        return out

    def test(self, scope: Scope) -> bool:
        op, a = self.op, self.args
        if op == "and":
            return all(c.test(scope) for c in a)
        if op == "or":
            return any(c.test(scope) for c in a)
        if op == "not":
            return not a[0].test(scope)
        if op == "truth":
            return bool(scope.get(a[0]))
        left, rel, right = a
        x, y = _value(left, scope), _value(right, scope)
        if rel in ("==", "!="):
            x, y = _same_kind(x, y)
            return _OPS[rel](x, y)
        try:
            return _OPS[rel](float(x), float(y))
        except (TypeError, ValueError):
            return False  # an empty or non-numeric field is neither < nor > a number


def _value(operand, scope: Scope):
    return scope.get(operand) if isinstance(operand, Ref) else operand


def _same_kind(x, y):
    """Compare 3 with '3' and 3.0 alike: numbers as numbers, the rest as text."""
    try:
        return float(x), float(y)
    except (TypeError, ValueError):
        return ("" if x is None else str(x)), ("" if y is None else str(y))


def condition(text: str) -> Cond:
    tokens = _tokens(text)
    pos, depth = [0], [0]

    def peek():
        return tokens[pos[0]] if pos[0] < len(tokens) else (None, None)

    def take(kind=None, value=None):
        tok = peek()
        if tok[0] is None or (kind and tok[0] != kind) or (value and tok[1] != value):
            want = value or kind or "more"
            got = "the end" if tok[0] is None else _q(tok[1])
            raise ExprError(f"condition {_q(text)}: expected {want}, found {got}")
        pos[0] += 1
        return tok

    def operand():
        kind, val = peek()
        if kind == "num":
            take()
            return float(val)
        if kind == "str":
            take()
            return val[1:-1]
        if kind == "name" and val not in ("and", "or", "not"):
            take()
            if peek() == ("op", "["):
                take("op", "[")
                field = take("name")[1]
                take("op", "]")
                return Ref(field, val)
            return Ref(val)
        raise ExprError(f"condition {_q(text)}: expected a field, number or 'text', found "
                        f"{'the end' if kind is None else _q(val)}")

    def deeper():
        depth[0] += 1
        if depth[0] > MAX_NESTING:
            raise ExprError(f"condition {_q(text)}: more than {MAX_NESTING} parentheses or 'not's inside one another")

    def atom():
        if peek() == ("name", "not"):
            take()
            deeper()
            inner = Cond("not", (atom(),))
            depth[0] -= 1
            return inner
        if peek() == ("op", "("):
            take()
            deeper()
            inner = disj()
            take("op", ")")
            depth[0] -= 1
            return inner
        left = operand()
        kind, val = peek()
        if kind == "op" and val in _OPS:
            take()
            return Cond("cmp", (left, val, operand()))
        if not isinstance(left, Ref):
            raise ExprError(f"condition {_q(text)}: a number or text alone is not a condition")
        return Cond("truth", (left,))

    def conj():
        parts = [atom()]
        while peek() == ("name", "and"):
            take()
            parts.append(atom())
        return parts[0] if len(parts) == 1 else Cond("and", tuple(parts))

    def disj():
        parts = [conj()]
        while peek() == ("name", "or"):
            take()
            parts.append(conj())
        return parts[0] if len(parts) == 1 else Cond("or", tuple(parts))

    result = disj()
    if pos[0] != len(tokens):
        raise ExprError(f"condition {_q(text)}: unexpected {_q(tokens[pos[0]][1])}")
    return result


def _tokens(text: str) -> list[tuple[str, str]]:
    out = []
    i = 0
    text = text.rstrip()
    while i < len(text):
        m = _TOKEN.match(text, i)
        if not m or m.end() == i:
            raise ExprError(f"condition {_q(text)}: cannot read {text[i:].strip()[:20]!r}")
        kind = m.lastgroup
        out.append((kind, m.group(kind)))
        i = m.end()
    if not out:
        raise ExprError("empty condition")
    return out


def check_names(refs: list[Ref], fields, tables, where: str) -> None:
    """ExprError naming the first reference to an unknown field or table."""
    for r in refs:
        if r.name not in fields:
            raise ExprError(f"{where}: unknown field {r.name!r}; the layout's fields are {', '.join(fields) or 'none'}")
        if r.table is not None and r.table not in tables:
            raise ExprError(f"{where}: unknown table {r.table!r}; the layout's tables are "
                            f"{', '.join(tables) or 'none'}")
