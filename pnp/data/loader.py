"""YAML loading with positions, and schema validation with positioned errors.

ruamel.yaml keeps line/column marks on every mapping and sequence; pydantic
reports a location path for every problem; :func:`locate` joins the two so a
message points at ``data/x.yaml:12:5``.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import DataErrors, Problem

# Limits that keep hostile files from eating the machine; named in messages.
MAX_FILE_BYTES = 2_000_000
MAX_DEPTH = 40
MAX_NODES = 200_000

M = TypeVar("M", bound=BaseModel)


def display_path(path: Path) -> str:
    """A path as messages show it: relative to the working folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _check_shape(node: Any, file: str, depth: int = 0, count: list[int] | None = None) -> None:
    count = count if count is not None else [0]
    count[0] += 1
    if count[0] > MAX_NODES:
        raise DataErrors([Problem(file, 0, 0, f"document too large: more than {MAX_NODES} values "
                                  "(an alias bomb or a runaway file?)")])
    if depth > MAX_DEPTH:
        line, col = locate(node, ())
        raise DataErrors([Problem(file, line, col, f"nesting deeper than {MAX_DEPTH} levels")])
    if isinstance(node, dict):
        for v in node.values():
            _check_shape(v, file, depth + 1, count)
    elif isinstance(node, list):
        for v in node:
            _check_shape(v, file, depth + 1, count)
    elif isinstance(node, float) and (math.isnan(node) or math.isinf(node)):
        raise DataErrors([Problem(file, 0, 0, f"the number {node} is not allowed (NaN/infinity)")])


def load_yaml(path: "str | Path") -> Any:
    """Parse a YAML file, keeping line marks; every failure is a DataErrors."""
    from ruamel.yaml import YAML
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    path = Path(path)
    file = display_path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise DataErrors([Problem(file, 0, 0, "file not found")]) from None
    except OSError as exc:
        raise DataErrors([Problem(file, 0, 0, f"cannot read file: {exc.strerror}")]) from None
    if len(raw) > MAX_FILE_BYTES:
        raise DataErrors([Problem(file, 0, 0, f"file is {len(raw)} bytes; the limit is {MAX_FILE_BYTES}")])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise DataErrors([Problem(file, line, 0, f"not UTF-8 text (byte 0x{raw[exc.start]:02x}); save the file as UTF-8")]) from None
    if "\x00" in text:
        raise DataErrors([Problem(file, 0, 0, "binary data (NUL byte) in a YAML file")])
    yaml = YAML(typ="rt")
    yaml.allow_duplicate_keys = False
    try:
        data = yaml.load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        msg = (exc.problem or exc.context or "YAML syntax error").strip()
        if "duplicate key" in str(exc):
            msg = "duplicate key " + msg.split("found duplicate key", 1)[-1].strip().split("\n")[0]
        raise DataErrors([Problem(file, line, col, f"YAML syntax: {msg}")]) from None
    except YAMLError as exc:
        raise DataErrors([Problem(file, 0, 0, f"YAML syntax: {str(exc).splitlines()[0]}")]) from None
    except (TypeError, ValueError, KeyError):
        # ruamel's constructors: an unhashable key, an impossible date (2024-02-30), `!!int abc`,
        # `!!bool maybe`, an integer of more than 4300 digits
        line, col, msg = _unreadable(text)
        raise DataErrors([Problem(file, line, col, f"YAML syntax: {msg}")]) from None
    except RecursionError:
        raise DataErrors([Problem(file, 0, 0, f"nesting deeper than {MAX_DEPTH} levels")]) from None
    if data is None:
        raise DataErrors([Problem(file, 1, 1, "the file is empty; expected a YAML mapping")])
    _check_shape(data, file)
    return data


_TAG_WORDS = {"timestamp": "a date", "int": "a whole number", "float": "a number", "bool": "true or false"}


def _unreadable(text: str) -> tuple[int, int, str]:
    """Where a document that parses cannot be built into values, and why."""
    from ruamel.yaml import YAML
    from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

    y = YAML(typ="rt")
    todo = [y.compose(text)]
    while todo:
        node = todo.pop()
        mark = node.start_mark
        if isinstance(node, MappingNode):
            for key, value in reversed(node.value):
                if not isinstance(key, ScalarNode):
                    return (key.start_mark.line + 1, key.start_mark.column + 1,
                            "a key must be plain text or a number, not a mapping or list")
                todo += [value, key]
        elif isinstance(node, SequenceNode):
            todo += reversed(node.value)
        elif isinstance(node, ScalarNode):
            try:
                y.constructor.construct_object(node)
            except Exception:
                word = _TAG_WORDS.get(node.tag.rsplit(":", 1)[-1], node.tag)
                return (mark.line + 1, mark.column + 1, f"{node.value[:40]!r} cannot be read as {word}; "
                        "put it in quotes if it is meant as text")
    return 0, 0, "the document cannot be read"


def locate(root: Any, loc: tuple, at_key: bool = False) -> tuple[int, int]:
    """Best (line, col) for a pydantic location path inside ruamel data.

    Points at the value the path reaches (wrong type, bad value), or at the
    key itself with ``at_key`` (unknown keys); stops at the deepest part of
    the path that exists (missing keys point at their parent).
    """
    node = root
    lc = getattr(root, "lc", None)
    line, col = (lc.line + 1, lc.col + 1) if lc is not None and lc.line is not None else (1, 1)
    for i, key in enumerate(loc):
        lc = getattr(node, "lc", None)
        last = i == len(loc) - 1
        try:
            if isinstance(node, dict) and key in node:
                child = node[key]
                scalar = not isinstance(child, (dict, list))
                pos = lc.key(key) if (at_key and last) or not scalar else lc.value(key)
                if not scalar and not (at_key and last):
                    inner = getattr(child, "lc", None)
                    if inner is not None and inner.line is not None and not isinstance(child, dict):
                        pos = (inner.line, inner.col)
            elif isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node):
                child = node[key]
                pos = lc.item(key)
            else:
                break
        except Exception:
            break
        node = child
        if pos is not None:
            line, col = pos[0] + 1, pos[1] + 1
    return line, col


def _describe(err: dict) -> str:
    loc = ".".join(str(p) for p in err["loc"] if not str(p).startswith("function-"))
    kind = err["type"]
    inp = err.get("input")
    if isinstance(inp, dict):
        shown = "a mapping"
    elif isinstance(inp, list):
        shown = "a list"
    else:
        shown = repr(inp)
        if len(shown) > 60:
            shown = shown[:57] + "..."
    if kind == "extra_forbidden":
        return f"unknown key '{loc}'"
    if kind == "missing":
        return f"missing required key '{loc}'"
    msg = err["msg"]
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    if not loc:  # a check on the whole file: the message says what is wrong
        return msg if kind == "value_error" else f"{msg} (got {shown})"
    return f"'{loc}': {msg} (got {shown})"


def validate(model: type[M], data: Any, file: str, context: dict | None = None) -> M:
    """Validate parsed YAML against a pydantic model; all errors at once."""
    try:
        return model.model_validate(data, context=context)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            loc = tuple(p for p in err["loc"] if not str(p).startswith("function-"))
            # for unknown/missing keys point at the parent mapping's key line
            line, col = locate(data, loc, at_key=err["type"] == "extra_forbidden")
            problems.append(Problem(file, line, col, _describe(err)))
        raise DataErrors(problems) from None


def load_model(path: "str | Path", model: type[M], context: dict | None = None) -> M:
    """Load a YAML file and validate it as ``model``."""
    data = load_yaml(path)
    return validate(model, data, display_path(Path(path)), context)
