"""The layout language's two small expression forms, compiled once per layout.

Templates put a card's fields into any string: ``"{name}"``, ``"{copies}×"``,
``"{colour[type]}"`` (the table ``colour`` looked up by the value of the
field ``type``); ``{{`` and ``}}`` stand for literal braces. Between the
braces may also stand arithmetic on numbers (``{damage + 1}``, ``{cost * 2 - 1}``,
``+ - * / // %`` and parentheses) and, after ``|``, filters applied in turn:
``upper``, ``lower``, ``title`` and number formats in Python's notation
(``{cost|02d}``, ``{weight|.1f}``, ``{bonus|+d}``).

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

import math
import re
from decimal import ROUND_HALF_UP, Context, Decimal
from typing import Any, Callable, Mapping, Union

from pnp.load.classes import dataclass

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
    parts: tuple[str | Ref | Calc, ...]  # str literals, Refs and Calcs

    @property
    def refs(self) -> list[Ref]:
        out: list[Ref] = []
        for p in self.parts:
            if isinstance(p, Ref):
                out.append(p)
            elif isinstance(p, Calc):
                out += p.refs
        return out

    @property
    def constant(self) -> bool:
        return not self.refs

    def render(self, scope: Scope) -> Any:
        """The filled-in string; a template that is one reference (or one calculation
        without filters) returns its value as is."""
        if len(self.parts) == 1 and isinstance(self.parts[0], Ref):
            return scope.get(self.parts[0])
        if len(self.parts) == 1 and isinstance(self.parts[0], Calc):
            return self.parts[0].value(scope)
        out = []
        for p in self.parts:
            if isinstance(p, str):
                out.append(p)
            else:
                v = scope.get(p) if isinstance(p, Ref) else p.value(scope)
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
    parts: list[str | Ref | Calc] = []
    buf = []
    i = 0
    while i < len(text):
        ch = text[i]
        if text[i:i + 2] in ("{{", "}}"):
            buf.append(ch)
            i += 2
            continue
        if ch == "}":
            raise ExprError(f"unmatched '}}' at position {i + 1} of {_q(text)} (write '}}}}' for a brace)")
        if ch == "{":
            end = text.find("}", i)
            if end == -1:
                raise ExprError(f"unclosed '{{' at position {i + 1} of {_q(text)}")
            m = _REF.match(text[i + 1:end])
            if buf:
                parts.append("".join(buf))
                buf = []
            if m:
                first, second = m.groups()
                parts.append(Ref(second, first) if second else Ref(first))
            else:
                parts.append(calc(text[i + 1:end], text))
            i = end + 1
            continue
        buf.append(ch)
        i += 1
    if buf or not parts:
        parts.append("".join(buf))
    return Template(tuple(parts))


# ------------------------------------------------------------------ calculations and filters

_CALC_TOKEN = re.compile(rf"\s*(?:(?P<num>\d+(?:\.\d+)?)|(?P<op>//|[-+*/%()\[\]])|(?P<name>{_NAME}))")
_ARITH: dict[str, Callable[[float, float], float]] = {
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b, "/": lambda a, b: a / b,
    "//": lambda a, b: a // b, "%": lambda a, b: a % b}
TEXT_FILTERS: dict[str, Callable[[str], str]] = {"upper": str.upper, "lower": str.lower, "title": str.title}
_SPEC = re.compile(r"^(?:.?[<>=^])?[+\- ]?#?0?\d{0,3}[,_]?(?:\.\d{1,2})?[bcdeEfFgGnoxX%]?$")


@dataclass(frozen=True)
class Calc:
    """``{damage + 1}``, ``{name|upper}``, ``{cost|02d}``: arithmetic on fields, then filters.

    ``expr`` is a Ref, a number, or a tuple ``(op, left, right)`` / ``("neg", operand)``.
    """

    source: str
    expr: Any
    filters: tuple[str, ...] = ()

    @property
    def refs(self) -> list[Ref]:
        return _expr_refs(self.expr)

    @property
    def numeric_refs(self) -> list[Ref]:
        """The references the arithmetic needs as numbers (none for a plain ``{x|upper}``)."""
        return [] if isinstance(self.expr, Ref) else self.refs

    def value(self, scope: Scope) -> Any:
        v = self.expr if not isinstance(self.expr, (Ref, tuple)) else _eval(self.expr, scope, self.source)
        if isinstance(v, float) and not isinstance(self.expr, Ref):
            v = round(v, 6)  # 1/3 prints as 0.333333; a format filter says more or fewer
            v = int(v) if v.is_integer() else v
        operand = self.expr  # what the first filter formats; the next ones format its text
        for f in self.filters:
            v = _apply_filter(f, v, operand, self.source, scope.lang)
            operand = None
        return v


def _expr_refs(e: CalcExpr) -> list[Ref]:
    if isinstance(e, Ref):
        return [e]
    if isinstance(e, tuple):
        return [r for part in e[1:] for r in _expr_refs(part)]
    return []


def _eval(e: CalcExpr, scope: Scope, source: str) -> Any:
    if isinstance(e, Ref):
        return scope.get(e)
    if not isinstance(e, tuple):
        return e
    if e[0] == "neg":
        return -_number(_eval(e[1], scope, source), e[1], source)
    a = _number(_eval(e[1], scope, source), e[1], source)
    b = _number(_eval(e[2], scope, source), e[2], source)
    try:
        return _ARITH[e[0]](a, b)
    except ZeroDivisionError:
        raise ExprError(f"'{{{source}}}': division by zero") from None


def _number(v: Any, operand: CalcExpr | None, source: str) -> float:
    """A value arithmetic can use: a number, or text that is one; else the card's error."""
    what = operand.name if isinstance(operand, Ref) else "the value"
    if isinstance(operand, Ref) and operand.table is not None:
        what = f"{operand.table}[{operand.name}]"
    if isinstance(v, bool) or v is None or v == "":
        raise ExprError(f"'{{{source}}}': {what} is {'empty' if v in (None, '') else v}, not a number")
    if isinstance(v, (int, float)):
        return v
    try:
        x = float(str(v).strip().replace(",", "."))
    except ValueError:
        raise ExprError(f"'{{{source}}}': {what} is {str(v)[:40]!r}, not a number") from None
    return int(x) if x.is_integer() else x


def _marks(out: str, lang: str) -> str:
    """A number Python formatted (``,`` grouping thousands, ``.`` the decimal mark) in the language's
    marks: 6.291.456 and 14,3 in German, 6,291,456 and 14.3 in English."""
    from pnp.load.words import ENGINE

    decimal, thousands = ENGINE(lang, "number.decimal"), ENGINE(lang, "number.thousands")
    return "".join(decimal if c == "." else thousands if c == "," else c for c in out)


_FILL = re.compile(r"^(.)[<>=^]")  # a format's padding character, given only before its alignment


def _local(x: int | float | Decimal, f: str, lang: str) -> str:
    """The number ``x`` formatted by ``f`` in the language's marks; padding with a dot or a comma
    stays what it is (it pads as a NUL first, which no number holds)."""
    m = _FILL.match(f)
    if m is None:
        return _marks(format(x, f), lang)
    return _marks(format(x, "\0" + f[1:]), lang).replace("\0", m.group(1))


_DIGITS = re.compile(r"\.(\d+)[fF%]$")  # the digits after the decimal mark a fixed-point format asks for


def _fixed(x: float, f: str) -> Decimal | float:
    """``x`` rounded as people round, for a fixed-point format ``f`` (``.1f``, ``.0%``): halves away from zero
    (2.5 -> 3, -2.5 -> -3, 2.675 -> 2.68 as written, not as binary holds it), and a result of zero unsigned
    (-0.4 -> 0, not -0). Python's formats would round halves to the even neighbour. Not a number or infinite:
    left as it is."""
    if not math.isfinite(x):
        return x
    m = _DIGITS.search(f)
    digits = int(m.group(1)) if m else 6
    d = Decimal(repr(x)).scaleb(2 if f.endswith("%") else 0)
    room = Context(prec=max(d.adjusted(), 0) + digits + 2)  # every digit of the largest float, exactly
    d = d.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP, context=room)
    if d.is_zero():
        d = abs(d)
    return d.scaleb(-2, context=room) if f.endswith("%") else d  # the digits as they are: '%' shows them all again


def _apply_filter(f: str, v: Any, operand: CalcExpr | None, source: str, lang: str) -> Any:
    """``v`` through the filter ``f``; ``operand`` is where ``v`` came from, for the message."""
    if f in TEXT_FILTERS:
        return TEXT_FILTERS[f]("" if v is None else show(v, lang))
    if v is None or v == "":
        return ""
    if f[-1] in "bcdoxXn":
        x = _number(v, operand, source)
        if isinstance(x, float):
            if not x.is_integer():
                raise ExprError(f"'{{{source}}}': {show(x, lang)} is not a whole number, which '{f}' needs")
            x = int(x)
        return _local(x, f, lang)
    if f[-1] in "fF%":
        return _local(_fixed(float(_number(v, operand, source)), f), f, lang)
    if f[-1] in "eEgG":
        return _local(float(_number(v, operand, source)), f, lang)
    if isinstance(v, (int, float)) and not isinstance(v, bool):  # a width, sign or grouping without a type
        return _local(int(v) if isinstance(v, float) and v.is_integer() else v, f, lang)
    try:
        return format(show(v, lang), f)
    except ValueError:  # a sign, '=', '#' or grouping: for numbers only
        raise ExprError(f"'{{{source}}}': {show(v, lang)[:40]!r} is not a number, which '{f}' needs") from None


def calc(inner: str, text: str) -> Calc:
    """``damage + 1``, ``name|upper``, ``cost|02d`` (the text between braces) parsed."""
    head, *rest = inner.split("|")
    filters = [f.strip() for f in rest]
    shown = _q("{" + inner + "}")
    expected = (f"{shown} in {_q(text)}: expected {{field}}, {{table[field]}}, arithmetic such as "
                "{cost + 1} or a filter such as {name|upper}")
    _check_filters(filters, f"{shown} in {_q(text)}")
    tokens = _calc_tokens(head)
    if not tokens:  # unreadable (None) or nothing at all
        raise ExprError(expected)
    parser = _CalcParser(tokens, f"{shown} in {_q(text)}", expected)
    expr = parser.sum_()
    if parser.pos != len(tokens):
        raise ExprError(expected)
    return Calc(inner.strip(), expr, tuple(filters))


def _check_filters(filters: list[str], at: str) -> None:
    """ExprError for a filter that is neither a text filter nor a number format Python accepts."""
    for f in filters:
        if f not in TEXT_FILTERS and not (f and _SPEC.match(f)):
            raise ExprError(f"{at}: unknown filter {f!r}; the filters are "
                            f"{', '.join(TEXT_FILTERS)} and number formats such as 02d or .1f")
        if f not in TEXT_FILTERS:
            try:
                format(1.0 if f[-1] in "eEfFgG%" else 1, f)
            except ValueError:
                raise ExprError(f"{at}: {f!r} is not a number format") from None


CalcExpr = Union[Ref, int, float, tuple]  # a tuple: (op, left, right) or ("neg", operand), of CalcExprs
_Token = tuple[Union[str, None], Union[str, None]]


class _CalcParser:
    """A calculation's tokens read as a sum of products of factors; ``at`` and ``expected`` make its errors."""

    def __init__(self, tokens: list[tuple[str, str]], at: str, expected: str):
        self.tokens, self.at, self.expected = tokens, at, expected
        self.pos = 0
        self.depth = 0

    def peek(self) -> _Token:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else (None, None)

    def take(self) -> tuple[str, str]:
        self.pos += 1
        return self.tokens[self.pos - 1]

    def deeper(self) -> None:
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise ExprError(f"{self.at}: more than {MAX_NESTING} parentheses or minus signs inside one another")

    def factor(self) -> CalcExpr:
        kind, val = self.peek()
        if (kind, val) == ("op", "-"):
            self.take()
            self.deeper()
            e = ("neg", self.factor())
            self.depth -= 1
            return e
        if (kind, val) == ("op", "("):
            self.take()
            self.deeper()
            inner_e = self.sum_()
            if self.peek() != ("op", ")"):
                raise ExprError(self.expected)
            self.take()
            self.depth -= 1
            return inner_e
        if kind == "num":
            x = float(self.take()[1])
            return int(x) if x.is_integer() else x
        if kind == "name":
            return self.reference(self.take()[1])
        raise ExprError(self.expected)

    def reference(self, name: str) -> Ref:
        """``name`` read: a field, or a table looked up by the field between the brackets after it."""
        if self.peek() != ("op", "["):
            return Ref(name)
        self.take()
        if self.peek()[0] != "name":
            raise ExprError(self.expected)
        field = self.take()[1]
        if self.peek() != ("op", "]"):
            raise ExprError(self.expected)
        self.take()
        return Ref(field, name)

    def product(self) -> CalcExpr:
        e = self.factor()
        while self.peek()[0] == "op" and self.peek()[1] in ("*", "/", "//", "%"):
            e = (self.take()[1], e, self.factor())
        return e

    def sum_(self) -> CalcExpr:
        e = self.product()
        while self.peek()[0] == "op" and self.peek()[1] in ("+", "-"):
            e = (self.take()[1], e, self.product())
        return e


def _calc_tokens(text: str) -> list[tuple[str, str]] | None:
    out, i, text = [], 0, text.rstrip()
    while i < len(text):
        m = _CALC_TOKEN.match(text, i)
        if not m or m.end() == i:
            return None
        kind = m.lastgroup
        assert kind is not None  # a match that read something matched one of the named groups
        out.append((kind, m.group(kind)))
        i = m.end()
    return out


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
    args: tuple[Any, ...]  # Conds (and, or, not), (left, op, right) (cmp), (Ref,) (truth)

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


def _value(operand: Operand, scope: Scope) -> Any:
    return scope.get(operand) if isinstance(operand, Ref) else operand


def _same_kind(x: Any, y: Any) -> tuple[Any, Any]:
    """Compare 3 with '3' and 3.0 alike: numbers as numbers, the rest as text."""
    try:
        return float(x), float(y)
    except (TypeError, ValueError):
        return ("" if x is None else str(x)), ("" if y is None else str(y))


_END = ("end", "")  # closes every token list, so the parser never looks past it


def condition(text: str) -> Cond:
    parser = _CondParser(text, _tokens(text) + [_END])
    result = parser.disj()
    if parser.peek() != _END:
        raise ExprError(f"condition {_q(text)}: unexpected {parser.found()}")
    return result


Operand = Union[Ref, float, str]  # a field or a lookup, a number, a quoted text


class _CondParser:
    """A condition's tokens read as ``or`` of ``and`` of atoms: ``not``, parentheses, a comparison or a field."""

    def __init__(self, text: str, tokens: list[tuple[str, str]]):
        self.text, self.tokens = text, tokens
        self.pos = 0
        self.depth = 0

    def peek(self) -> tuple[str, str]:
        return self.tokens[self.pos]

    def found(self) -> str:
        return "the end" if self.peek() == _END else _q(self.peek()[1])

    def advance(self) -> str:
        self.pos += 1
        return self.tokens[self.pos - 1][1]

    def expect(self, kind: str, value: str | None = None) -> str:
        if self.peek()[0] != kind or (value is not None and self.peek()[1] != value):
            raise ExprError(f"condition {_q(self.text)}: expected {value or kind}, found {self.found()}")
        return self.advance()

    def operand(self) -> Operand:
        kind, val = self.peek()
        if kind == "num":
            return float(self.advance())
        if kind == "str":
            return self.advance()[1:-1]
        if kind == "name" and val not in ("and", "or", "not"):
            self.advance()
            if self.peek() == ("op", "["):
                self.advance()
                field = self.expect("name")
                self.expect("op", "]")
                return Ref(field, val)
            return Ref(val)
        raise ExprError(f"condition {_q(self.text)}: expected a field, number or 'text', found {self.found()}")

    def deeper(self) -> None:
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise ExprError(f"condition {_q(self.text)}: more than {MAX_NESTING} parentheses or 'not's inside "
                            "one another")

    def atom(self) -> Cond:
        if self.peek() == ("name", "not"):
            self.advance()
            self.deeper()
            inner = Cond("not", (self.atom(),))
            self.depth -= 1
            return inner
        if self.peek() == ("op", "("):
            self.advance()
            self.deeper()
            inner = self.disj()
            self.expect("op", ")")
            self.depth -= 1
            return inner
        return self.comparison()

    def comparison(self) -> Cond:
        """``left == right`` and its kin, or a field alone (true when set)."""
        left = self.operand()
        kind, val = self.peek()
        if kind == "op" and val in _OPS:
            self.advance()
            return Cond("cmp", (left, val, self.operand()))
        if not isinstance(left, Ref):
            raise ExprError(f"condition {_q(self.text)}: a number or text alone is not a condition")
        return Cond("truth", (left,))

    def conj(self) -> Cond:
        parts = [self.atom()]
        while self.peek() == ("name", "and"):
            self.advance()
            parts.append(self.atom())
        return parts[0] if len(parts) == 1 else Cond("and", tuple(parts))

    def disj(self) -> Cond:
        parts = [self.conj()]
        while self.peek() == ("name", "or"):
            self.advance()
            parts.append(self.conj())
        return parts[0] if len(parts) == 1 else Cond("or", tuple(parts))


def _tokens(text: str) -> list[tuple[str, str]]:
    out = []
    i = 0
    text = text.rstrip()
    while i < len(text):
        m = _TOKEN.match(text, i)
        if not m or m.end() == i:
            raise ExprError(f"condition {_q(text)}: cannot read {text[i:].strip()[:20]!r}")
        kind = m.lastgroup
        assert kind is not None  # a match that read something matched one of the named groups
        out.append((kind, m.group(kind)))
        i = m.end()
    if not out:
        raise ExprError("empty condition")
    return out


def check_numbers(t: Template, fields: Mapping[str, Any], tables: Mapping[str, Mapping[str, Any]],
                  where: str) -> None:
    """ExprError when a template calculates with a field declared as something other than a
    number (``{name + 1}`` with ``name: text``) or with a table that holds text."""
    for part in t.parts:
        if not isinstance(part, Calc):
            continue
        for r in part.numeric_refs:
            if r.table is not None:
                bad = next(((k, v) for k, v in tables.get(r.table, {}).items() if not _numeric(v)), None)
                if bad is not None:
                    raise ExprError(f"{where}: '{{{part.source}}}' calculates with the table {r.table!r}, but its "
                                    f"entry {bad[0]!r} is {bad[1]!r}, not a number")
                continue
            decl = fields.get(r.name)
            kind = decl.split()[0].rstrip("?").lower() if isinstance(decl, str) and decl.split() else None
            if kind is not None and kind not in ("integer", "number"):
                raise ExprError(f"{where}: '{{{part.source}}}' calculates with the field {r.name!r}, declared as "
                                f"{decl!r}; arithmetic needs an integer or number field")


def _numeric(v: Any) -> bool:
    if isinstance(v, bool):
        return False
    if isinstance(v, (int, float)):
        return True
    try:
        float(str(v).replace(",", "."))
        return True
    except ValueError:
        return False


def check_names(refs: list[Ref], fields: Mapping[str, Any], tables: Mapping[str, Mapping[str, Any]],
                where: str) -> None:
    """ExprError naming the first reference to an unknown field or table."""
    for r in refs:
        if r.name not in fields:
            raise ExprError(f"{where}: unknown field {r.name!r}; the layout's fields are {', '.join(fields) or 'none'}")
        if r.table is not None and r.table not in tables:
            raise ExprError(f"{where}: unknown table {r.table!r}; the layout's tables are "
                            f"{', '.join(tables) or 'none'}")
