"""YAML loading with positions, and schema validation with positioned errors.

:mod:`pnp.load.marked` keeps line/column marks on every mapping and sequence; pydantic
reports a location path for every problem; :func:`locate` joins the two so a
message points at ``data/x.yaml:12:5``.
"""
from __future__ import annotations

import hashlib
import math
import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping, TypeVar, overload

from pnp.load.errors import DataErrors, Problem, ValueAt
from pnp.load.paths import display_path

if TYPE_CHECKING:  # pragma: no cover
    from pydantic import BaseModel

    from pnp.load.marked import Marks, Pos

# Limits that keep hostile files from eating the machine; named in messages.
MAX_FILE_BYTES = 2_000_000
MAX_DEPTH = 40
MAX_NODES = 200_000

M = TypeVar("M", bound="BaseModel")


def _check_shape(node: Any, file: str, depth: int = 0, count: list[int] | None = None) -> None:
    count = count if count is not None else [0]
    count[0] += 1
    if count[0] > MAX_NODES:
        raise DataErrors([Problem(file, 0, 0, f"document too large: more than {MAX_NODES} values "
                                  "(an alias bomb or a runaway file?)")])
    if depth > MAX_DEPTH:
        line, col = locate(node, ())
        raise DataErrors([Problem(file, line, col, f"nesting deeper than {MAX_DEPTH} levels")])
    if isinstance(node, (dict, list)):
        for k, v in node.items() if isinstance(node, dict) else enumerate(node):
            if isinstance(v, float) and not math.isfinite(v):
                line, col = locate(node, (k,))
                raise DataErrors([Problem(file, line, col, f"the number {v} is not allowed (NaN/infinity)")])
            _check_shape(v, file, depth + 1, count)
    elif isinstance(node, float) and not math.isfinite(node):
        raise DataErrors([Problem(file, 0, 0, f"the number {node} is not allowed (NaN/infinity)")])


_SHA256: dict[tuple[int, int, int, int], str] = {}  # (device, inode, size, time) of a file -> sha256 of its bytes


def note_sha256(info: os.stat_result, digest: str) -> None:
    """Remember that the file ``info`` (taken before it was read) holds bytes of sha256 ``digest``."""
    _SHA256[(info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)] = digest


def file_sha256(path: "str | Path") -> str:
    """The sha256 of a file's bytes, not read again when this process noted them (a picture a
    build read: see :func:`note_sha256`) and the file has not changed since."""
    info = os.stat(path)
    key = (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)
    hit = _SHA256.get(key)
    if hit is not None:
        return hit
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    _SHA256[key] = h.hexdigest()
    return _SHA256[key]


def read_bounded(path: "str | Path", limit: int = MAX_FILE_BYTES, what: str = "a data file") -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, checked before reading.

    A folder, a device (a link to /dev/zero), a pipe or a socket is refused at
    once instead of hanging or filling memory; so is a file over the limit, even
    one that grows while it is read. Every refusal is a DataErrors naming the file.
    """
    path = Path(path)
    file = display_path(path)

    def refuse(message: str) -> DataErrors:
        return DataErrors([Problem(file, 0, 0, message)])

    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise refuse("file not found") from None
    except OSError as exc:
        raise refuse(f"cannot read file: {exc.strerror}") from None
    if stat.S_ISDIR(info.st_mode):
        raise refuse(f"this is a folder; expected {what}")
    if not stat.S_ISREG(info.st_mode):
        raise refuse(f"not a regular file (a device, pipe or socket); expected {what}")
    if info.st_size > limit:
        raise refuse(f"file is {info.st_size:,} bytes; the limit for {what} is {limit:,}")
    try:
        with open(path, "rb") as fh:
            raw = fh.read(limit + 1)
    except OSError as exc:
        raise refuse(f"cannot read file: {exc.strerror}") from None
    if len(raw) > limit:  # it grew after the check
        raise refuse(f"file is over {limit:,} bytes, the limit for {what}")
    return raw


def load_yaml(path: "str | Path", raw: bytes | None = None) -> Any:
    """Parse a YAML file, keeping line marks; every failure is a DataErrors. Read here, the
    parsed file is kept in pnp's cache; callers that pass the bytes ``raw`` keep what they
    build from it themselves (:func:`read_cached`)."""
    if raw is None:
        return read_cached(path, "yaml-v1", load_yaml)
    path = Path(path)
    file = display_path(path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise DataErrors([Problem(file, line, 0, f"not UTF-8 text (byte 0x{raw[exc.start]:02x}); save the file as UTF-8")]) from None
    if "\x00" in text:
        raise DataErrors([Problem(file, 0, 0, "binary data (NUL byte) in a YAML file")])
    from pnp.load.marked import YamlError, load

    try:
        data = load(text, MAX_DEPTH, MAX_NODES)
    except YamlError as exc:
        syntax = not exc.message.startswith(("nesting", "document too large"))
        raise DataErrors([Problem(file, exc.line, exc.col, ("YAML syntax: " if syntax else "") + exc.message)]) from None
    if data is None:
        raise DataErrors([Problem(file, 1, 1, "the file is empty; expected a YAML mapping")])
    _check_shape(data, file)
    return data


def locate(root: Any, loc: tuple, at_key: bool = False) -> tuple[int, int]:
    """Best (line, col) for a pydantic location path inside marked YAML data.

    Points at the value the path reaches (wrong type, bad value), or at the
    key itself with ``at_key`` (unknown keys); stops at the deepest part of
    the path that exists (missing keys point at their parent).
    """
    node = root
    lc = getattr(root, "lc", None)
    line, col = (lc.line + 1, lc.col + 1) if lc is not None and lc.line is not None else (1, 1)
    for i, key in enumerate(loc):
        lc = getattr(node, "lc", None)
        if lc is None:  # data without marks: the place found so far
            break
        try:
            found = _step(node, lc, key, at_key and i == len(loc) - 1)
        except Exception:
            break
        if found is None:
            break
        node, pos = found
        if pos is not None:
            line, col = pos[0] + 1, pos[1] + 1
    return line, col


def _step(node: Any, lc: "Marks", key: Any, at_key: bool) -> "tuple[Any, Pos | None] | None":
    """One step of :func:`locate`: the child ``key`` reaches in ``node`` and where it (or, with
    ``at_key``, its key) was written; None when ``node`` has no such child."""
    if isinstance(node, dict) and key in node:
        child = node[key]
        scalar = not isinstance(child, (dict, list))
        pos = lc.key(key) if at_key or not scalar else lc.value(key)
        if not scalar and not at_key:
            inner = getattr(child, "lc", None)
            if inner is not None and inner.line is not None and not isinstance(child, dict):
                pos = (inner.line, inner.col)
        return child, pos
    if isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node):
        return node[key], lc.item(key)
    return None


QUOTED = 40  # characters of a value a message quotes


def quote(value: Any) -> str:
    """``repr(value)`` as a message quotes it: at most QUOTED characters."""
    shown = repr(value)
    return shown if len(shown) <= QUOTED else shown[:QUOTED - 1] + "…"


def _describe(err: Mapping[str, Any]) -> str:
    loc = ".".join(str(p) for p in err["loc"] if not str(p).startswith("function-"))
    kind = err["type"]
    inp = err.get("input")
    if isinstance(inp, dict):
        shown = "a mapping"
    elif isinstance(inp, list):
        shown = "a list"
    elif not loc and isinstance(inp, str):  # the whole file is one text: not quoted, whatever it holds
        shown = f"a text of {len(inp):,} characters"
    else:
        shown = quote(inp)
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


def _at(data: Any, path: tuple) -> Any:
    """The value ``path`` reaches in ``data`` (None where it leads nowhere)."""
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _data_path(data: Any, loc: tuple) -> tuple:
    """A pydantic location as a path through the data, without the tag a tagged union adds
    after a list item (``elements.0.text.align`` for a text element is ``elements.0.align``),
    so it reads and is located as the user wrote it."""
    out: list = []
    node, tagged = data, True
    for part in loc:
        if not tagged and isinstance(node, dict) and node.get("type") == part:
            tagged = True  # the union's tag: once, right after the item's index
            continue
        out.append(part)
        tagged = not isinstance(part, int)
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            node = None
    return tuple(out)


def validate(model: type[M], data: Any, file: str, context: dict | None = None,
             where: Callable[[tuple], tuple[str, int, int]] | None = None) -> M:
    """Validate parsed YAML against a pydantic model; all errors at once. ``where(loc)`` gives
    (file, line, col) for data gathered from several files (a layout and the ones it extends)."""
    from pydantic import ValidationError  # here: a build that reads its data from the cache never validates

    try:
        return model.model_validate(data, context=context)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            loc = _data_path(data, tuple(p for p in err["loc"] if not str(p).startswith("function-")))
            part = (err.get("ctx") or {}).get("error")
            if isinstance(part, ValueAt):  # the check named the part of the value that is wrong
                loc += part.path
                err["input"] = _at(data, loc)
            err["loc"] = loc
            # for unknown/missing keys point at the parent mapping's key line
            if where is not None:
                problems.append(Problem(*where(loc), _describe(err)))
                continue
            line, col = locate(data, loc, at_key=err["type"] == "extra_forbidden" or
                               isinstance(part, ValueAt) and part.key)
            problems.append(Problem(file, line, col, _describe(err)))
        raise DataErrors(problems) from None


@overload
def load_model(path: "str | Path", model: type[M], context: dict | None = None) -> M: ...
@overload
def load_model(path: "str | Path", model: str, context: dict | None = None) -> Any: ...


def load_model(path: "str | Path", model: "type[M] | str", context: dict | None = None) -> Any:
    """Load a YAML file and validate it as ``model`` (a schema class, or its ``"module:Class"`` name,
    imported only when the file is validated: a file the cache holds needs no schema); without a
    ``context`` the result is kept in pnp's cache (see :func:`read_cached`) and read as its plain
    twin (:mod:`pnp.model.plain`)."""
    from pnp.load.registry import resolve

    if context is not None:
        return validate(resolve(model), load_yaml(path), display_path(Path(path)), context)
    name = model.replace(":", ".") if isinstance(model, str) else f"{model.__module__}.{model.__qualname__}"
    return read_cached(path, f"model-v1|{name}",
                       lambda p, data: validate(resolve(model), load_yaml(p, data), display_path(p)))


def read_cached(path: "str | Path", what: str, parse: Callable[[Path, bytes], Any],
                data: bytes | None = None) -> Any:
    """``parse(path, bytes)`` of a data file (a YAML file unless its ``data`` is given), kept in
    pnp's cache (:mod:`pnp.load.cache`) under ``what``, the digest of the bytes and the path: a
    file read before is not parsed and validated again. What ``parse`` raises (bad data) is
    raised every time, never kept. The models in what it returns are kept, and returned, as their
    plain twins (:func:`pnp.model.base.to_plain`), which read back without the schema library."""
    from pnp.load.cache import cached_object

    path = Path(path)
    if data is None:
        data = read_bounded(path, MAX_FILE_BYTES, "a YAML file")
    key = f"{what}|{display_path(path)}|{path.resolve()}|{hashlib.sha256(data).hexdigest()}"
    return cached_object("doc", key, lambda: _plain(parse(path, data)))


_KEPT_AS: list[Callable[[Any], Any]] = []  # turns what was validated into what is kept (see keep_as)


def keep_as(convert: Callable[[Any], Any]) -> None:
    """Have :func:`read_cached` keep and return ``convert(result)``: :mod:`pnp.model.base`, which
    every schema imports, names its :func:`~pnp.model.base.to_plain` here when it is imported, so
    a parse that validated something has set it by the time its result is kept."""
    _KEPT_AS[:] = [convert]


def _plain(value: Any) -> Any:
    for convert in _KEPT_AS:
        value = convert(value)
    return value
