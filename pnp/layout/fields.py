"""Typed card fields, declared as short strings a designer writes by hand.

A declaration is ``KIND [ARGUMENTS][?] [= DEFAULT]``:

- ``text``: any text (surrounding spaces dropped, line breaks kept as ``\\n``).
- ``integer``, ``integer 0..9``, ``integer 1..``, ``integer ..9``: a whole number, bounds inclusive.
- ``number``, ``number 0..2.5``: a decimal number, returned as float. Text cells may use a
  decimal point or a German decimal comma ("2,5"); there are no thousands separators ("1,234"
  is 1.234) and no exponents. NaN and infinity are refused.
- ``bool``: true/false, yes/no, ja/nein, wahr/falsch (German Excel's CSV), 1/0, x; an empty cell
  is false (a column of crosses).
- ``choice a|b|c``: one of the words, matched ignoring case; the declared spelling is returned.
- ``image``: a file name relative to the game folder, with ``/`` or ``\\`` between folders and
  one of :data:`pnp.load.paths.PICTURE_SUFFIXES`; absolute paths are refused. ``..`` may reach a folder beside
  the game (``../common/logo.png``); whether the file exists, and lies inside the data folder,
  is checked later, by whoever knows the folders.

A trailing ``?`` makes a field optional: an empty value gives ``None``. ``= DEFAULT`` gives the
default for an empty value (and so also makes the field optional).
"""
from __future__ import annotations

import datetime as _dt
import json
import math
import posixpath
import re
from typing import Any, Mapping

from pnp.load.classes import dataclass
from pnp.load.errors import DataErrors, Problem
from pnp.load.loader import locate
from pnp.load.paths import PICTURE_SUFFIXES

KINDS = ("text", "integer", "number", "bool", "choice", "image")

# a plain decimal number as a cell or a YAML scalar shows it: "3", "-2", "2.5", "2,5", ".5"
_NUMBER = re.compile(r"[+-]?(?:\d{1,30}(?:[.,]\d{0,30})?|[.,]\d{1,30})")
_TRUE = {"true", "yes", "ja", "wahr", "1", "x"}
_FALSE = {"false", "no", "nein", "falsch", "0"}


def _num(x: float) -> str:
    """A number as a message shows it: 3 rather than 3.0."""
    if isinstance(x, float) and x.is_integer() and abs(x) < 1e15:
        return str(int(x))
    return str(x)


def as_text(raw: Any) -> str:
    """A cell or YAML scalar as text: 3.0 -> "3", True -> "true", a date -> "2024-01-05"."""
    if raw is None:
        return ""
    if isinstance(raw, bool):
        return "true" if raw else "false"
    if isinstance(raw, float):
        return _num(raw)
    if isinstance(raw, (_dt.date, _dt.time)):
        return raw.isoformat()
    return str(raw).replace("\r\n", "\n").strip()


def shown(raw: Any) -> str:
    """A value as the end of ``expected ..., got ...`` shows it."""
    if isinstance(raw, dict):
        return "a mapping"
    if isinstance(raw, (list, tuple)):
        return "a list"
    text = as_text(raw)
    if not text:
        return "nothing"
    if isinstance(raw, (bool, int, float, _dt.date, _dt.time)) or _NUMBER.fullmatch(text):
        return text
    if len(text) > 40:
        text = text[:39] + "…"
    return json.dumps(text, ensure_ascii=False)


def _parse_number(raw: Any) -> float | None:
    """A finite number from a number or a plain decimal text; None if it is neither."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, (int, float)):
        value = float(raw)
    elif isinstance(raw, str) and _NUMBER.fullmatch(raw.strip()):
        value = float(raw.strip().replace(",", "."))
    else:
        return None
    return value if math.isfinite(value) else None


@dataclass(frozen=True)
class FieldType:
    """One parsed declaration; :meth:`convert` types a raw value."""

    kind: str
    optional: bool = False
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()
    default: Any = None
    has_default: bool = False
    declaration: str = ""

    @property
    def required(self) -> bool:
        """True when an empty value (or a missing column) is an error."""
        return not (self.optional or self.has_default)

    @property
    def expected(self) -> str:
        """What a good value is, as ``expected ...`` in messages says it."""
        if self.kind in ("integer", "number"):
            what = "an integer" if self.kind == "integer" else "a number"
            if self.low is not None and self.high is not None:
                return f"{what} from {_num(self.low)} to {_num(self.high)}"
            if self.low is not None:
                return f"{what} of at least {_num(self.low)}"
            if self.high is not None:
                return f"{what} of at most {_num(self.high)}"
            return what
        if self.kind == "bool":
            return "yes or no (true/false, ja/nein, 1/0, x or empty)"
        if self.kind == "choice":
            return "one of " + ", ".join(self.choices)
        if self.kind == "image":
            return "an image file in the game folder (" + ", ".join(PICTURE_SUFFIXES) + ")"
        return "text"

    def convert(self, raw: Any) -> Any:
        """The typed value of ``raw`` (str, int, float, bool or None; spreadsheet dates too).

        Raises ValueError ``expected an integer from 0 to 9, got "zwei"``.
        """
        if raw is None or (isinstance(raw, str) and not raw.strip()):
            if self.has_default:
                return self.default
            if self.kind == "bool":
                return False
            if self.optional:
                return None
            raise ValueError(f"expected {self.expected}, got nothing")
        value = _CONVERTERS[self.kind](self, raw)
        if value is None:
            raise ValueError(f"expected {self.expected}, got {shown(raw)}")
        return value


def _integer(ft: FieldType, raw: Any) -> int | None:
    if isinstance(raw, str) and re.fullmatch(r"[+-]?\d{1,30}", raw.strip()):
        value = int(raw.strip())  # exact, also beyond float precision
    else:
        number = _parse_number(raw)
        if number is None or not number.is_integer():
            return None
        value = int(number)
    return value if _in_range(ft, value) else None


def _number(ft: FieldType, raw: Any) -> float | None:
    value = _parse_number(raw)
    return value if value is not None and _in_range(ft, value) else None


def _in_range(ft: FieldType, value: float) -> bool:
    return (ft.low is None or value >= ft.low) and (ft.high is None or value <= ft.high)


def _bool(ft: FieldType, raw: Any) -> bool | None:
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, (int, float)) and raw in (0, 1):
        return bool(raw)
    word = raw.strip().casefold() if isinstance(raw, str) else None
    return True if word in _TRUE else False if word in _FALSE else None


def _choice(ft: FieldType, raw: Any) -> str | None:
    if isinstance(raw, (dict, list, tuple)):
        return None
    word = as_text(raw).casefold()
    return next((c for c in ft.choices if c.casefold() == word), None)


def _text(ft: FieldType, raw: Any) -> "str | dict | None":
    """Text, or text per language ({de: ..., en: ...}, {en: ...}) as YAML card lists may give it."""
    if isinstance(raw, dict):
        from pnp.model.plain.base import LANG_CODE

        ok = raw and all(isinstance(k, str) and LANG_CODE.match(k) and isinstance(v, str) for k, v in raw.items())
        return dict(raw) if ok else None
    return None if isinstance(raw, (list, tuple)) else as_text(raw)


def _image(ft: FieldType, raw: Any) -> str | None:
    if not isinstance(raw, str):
        return None
    name = raw.strip().replace("\\", "/")
    if name.startswith("/") or ":" in name or "\x00" in name:
        why = "a file name relative to the game folder is needed"
    else:
        name = posixpath.normpath(name)
        if name.lower().endswith(PICTURE_SUFFIXES) and name != "..":
            return name
        return None
    raise ValueError(f"expected {ft.expected}, got {shown(raw)}: {why}")


_CONVERTERS = {"text": _text, "integer": _integer, "number": _number, "bool": _bool,
               "choice": _choice, "image": _image}


def parse_field(declaration: str) -> FieldType:
    """Parse ``integer 0..9 = 1`` and its kin; ValueError says what is wrong."""
    if not isinstance(declaration, str):
        raise ValueError(f"a field type is text such as 'integer 0..9', got {shown(declaration)}")
    decl = declaration.strip()
    spec, eq, default = decl.partition("=")
    kind, optional, args = _kind(spec)
    low, high, choices = _arguments(kind, args)
    field = FieldType(kind, optional, low, high, choices, declaration=decl)
    if not eq:
        return field
    return FieldType(kind, optional, low, high, choices, _default(field, default), True, decl)


def _kind(spec: str) -> tuple[str, bool, str]:
    """(kind, optional, arguments) of the part of a declaration before its ``=``."""
    spec = spec.strip()
    optional = spec.endswith("?")
    if optional:
        spec = spec[:-1]  # the spaces before the ? go with those around kind and arguments
    kind, _, args = spec.partition(" ")
    kind, args = kind.strip().lower(), args.strip()
    if not kind:
        raise ValueError(f"no field type given; the types are: {', '.join(KINDS)}")
    if kind not in KINDS:
        raise ValueError(f"unknown field type {shown(kind)}; the types are: {', '.join(KINDS)}")
    return kind, optional, args


def _arguments(kind: str, args: str) -> tuple[float | None, float | None, tuple[str, ...]]:
    """(low, high, choices) a kind's arguments give: a range of numbers, or a choice's words."""
    if kind in ("integer", "number") and args:
        return (*_parse_range(kind, args), ())
    if kind == "choice":
        return None, None, _choices(args)
    if args:
        raise ValueError(f"the type {kind} takes nothing after its name, got {shown(args)}")
    return None, None, ()


def _choices(args: str) -> tuple[str, ...]:
    choices = tuple(c.strip() for c in args.split("|"))
    if not args or not all(choices):
        raise ValueError("a choice lists its words between |, e.g. 'choice creature|spell|land'")
    folded = [c.casefold() for c in choices]
    twice = sorted({c for c in choices if folded.count(c.casefold()) > 1})
    if twice:
        raise ValueError(f"the choice {', '.join(twice)} is listed twice")
    return choices


def _default(field: FieldType, default: str) -> Any:
    """The value written after a declaration's ``=``, converted as the field converts a card's value."""
    if not default.strip():
        raise ValueError("nothing after '='; write the default value there or drop the '='")
    default = default.strip()
    if len(default) >= 2 and default[0] == default[-1] and default[0] in ("'", '"'):
        default = default[1:-1]  # `text = "#2b2d42"`: the quotes only protect the value
    try:
        return field.convert(default)
    except ValueError as exc:
        raise ValueError(f"the default: {exc}") from None


def _parse_range(kind: str, args: str) -> tuple[float | None, float | None]:
    first, sep, last = args.partition("..")
    if not sep or not (first.strip() or last.strip()):
        raise ValueError(f"a range is written 'LOW..HIGH' such as '0..9', got {shown(args)}")
    bounds: list[float | None] = []
    for text in (first.strip(), last.strip()):
        if not text:
            bounds.append(None)
            continue
        value = _parse_number(text)
        if value is None or (kind == "integer" and not value.is_integer()):
            word = "a whole number" if kind == "integer" else "a number"
            raise ValueError(f"the bound {shown(text)} is not {word}")
        bounds.append(int(value) if kind == "integer" else value)
    low, high = bounds
    if low is not None and high is not None and low > high:
        raise ValueError(f"the range {args} is empty: {_num(low)} is above {_num(high)}")
    return low, high


def parse_fields(raw: Mapping[str, Any], file: str) -> dict[str, FieldType]:
    """A layout's ``fields:`` mapping (ruamel data) typed; every problem positioned in ``file``."""
    if not isinstance(raw, dict):
        line, col = locate(raw, ())
        raise DataErrors([Problem(file, line, col, "fields: expected a mapping of name: type")])
    fields: dict[str, FieldType] = {}
    problems = []
    for name, declaration in raw.items():
        if not (isinstance(name, str) and name.isidentifier()):
            line, col = locate(raw, (name,), at_key=True)
            problems.append(Problem(file, line, col, f"field name {shown(name)}: use letters, "
                                    "digits and _ only, starting with a letter"))
            continue
        line, col = locate(raw, (name,))
        try:
            field = parse_field(declaration)
            if name == "copies":
                check_copies(field)
        except ValueError as exc:
            problems.append(Problem(file, line, col, f"field {name}: {exc}"))
            continue
        fields[name] = field
    if problems:
        raise DataErrors(problems)
    return fields


def check_copies(field: FieldType) -> None:
    """The ``copies`` field says how often a card is printed: a whole number, never negative."""
    if field.kind != "integer" or field.low is None or field.low < 0:
        raise ValueError("copies is how often a card is printed: declare it as an integer "
                         "with a lower bound of 0 or more, e.g. 'integer 1..99 = 1'")
