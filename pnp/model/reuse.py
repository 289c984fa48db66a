"""Layouts that reuse each other: named styles, ``extends`` and ``remove``.

Both work on the YAML as read (line marks kept), before the schema sees it,
so a problem is still reported at the file and line where it was written:

- :func:`apply_styles` gives every element the properties of its ``style``
  (a name, or a list of names of which later ones win). The element's own
  keys win over the style's; ``"+= 2"``, ``"-= 1"``, ``"*= 1.5"`` or ``"/= 2"``
  change the style's number instead of replacing it. A style may name its own
  ``style`` to start from. A style key that no element kind takes is an
  error; a key this element's kind does not take (``fill`` on a text) is
  left out for it.
- :func:`resolve` follows ``extends`` from layout to layout (at most
  :data:`MAX_DEPTH`, no cycles), merging the base's fields, tables, styles,
  icons and settings with the extending file's (the extending file's win), and
  its elements: an element with the id of a base element replaces it where it
  stood, other elements are added after the base's, ``remove: [id, ...]``
  drops base elements. Styles are applied after the merge, so a layout that
  redefines a style restyles the base's elements too.
"""
from __future__ import annotations

import re
from dataclasses import field
from pathlib import Path
from typing import Any, Callable

from pnp.load.classes import dataclass
from pnp.load.errors import DataErrors, Problem
from pnp.load.marked import MDict, MList, Marks, Pos

MAX_DEPTH = 10
_RELATIVE = re.compile(r"^\s*([-+*/])=\s*(-?\d+(?:\.\d+)?)\s*$")
_CHANGE = re.compile(r"^\s*[-+*/]=\s*[^\s{]*\s*$")  # a relative value, well written or not
_WORDS = ("text", "when", "d")  # keys whose value is text, never a change of a number
_HOW = "write '+= 2', '-= 1', '*= 1.5' or '/= 2'"
_NOT_STYLED = ("type", "id", "elements", "style")
_MERGED = ("fields", "tables", "styles", "icons", "fonts")

# one key of a mapping as read: (key, value, where the key was written, where its value was)
Item = tuple[Any, Any, "Pos | None", "Pos | None"]
Keys = Callable[[], dict[str, set[str]]]  # every element type -> the keys it takes


def _pos(node: Any, key: Any = None, at_key: bool = False) -> tuple[int, int]:
    lc = getattr(node, "lc", None)
    if lc is None:
        return (0, 0)
    if key is None:
        return (lc.line + 1, lc.col + 1)
    p = lc.key(key) if at_key else lc.value(key)
    if p is None and not at_key:
        p = lc.key(key)
    return (p[0] + 1, p[1] + 1) if p is not None else (lc.line + 1, lc.col + 1)


def _copy(node: Any, items: list[Item]) -> dict[Any, Any]:
    """A mapping like ``node`` (marked if it is) holding (key, value, key mark, value mark) items."""
    if not isinstance(node, MDict):
        return {k: v for k, v, _, _ in items}
    out = MDict()
    out.lc = marks = Marks(node.lc.line, node.lc.col)
    for k, v, km, vm in items:
        out[k] = v
        if km is not None:
            marks._keys[k] = km
        if vm is not None:
            marks._values[k] = vm
    return out


def _items(node: Any) -> list[Item]:
    lc = getattr(node, "lc", None)
    return [(k, v, lc.key(k) if lc else None, lc.value(k) if lc else None) for k, v in node.items()]


# ------------------------------------------------------------------ styles


@dataclass
class _Styling:
    styles: dict[Any, Any]
    file_of: Callable[[Any], str]
    kinds: dict[str, set[str]]
    problems: list[Problem] = field(default_factory=list)
    done: dict[str, Any] = field(default_factory=dict)

    def fail(self, node: Any, key: Any, message: str, at_key: bool = False) -> None:
        self.problems.append(Problem(self.file_of(node), *_pos(node, key, at_key), message))

    def style(self, name: str, node: Any, key: Any, seen: tuple[str, ...] = ()) -> list[Item] | None:
        """The items of a style, its own ``style`` applied first; None (and a problem) if unknown."""
        if not isinstance(name, str) or name not in self.styles:
            known = ", ".join(self.styles) or "none (add 'styles:' to the layout)"
            self.fail(node, key, f"unknown style {name!r}; the layout's styles are {known}")
            return None
        if name in seen:
            self.fail(node, key, f"the style {name!r} is based on itself ({' -> '.join((*seen, name))})")
            return None
        if name in self.done:
            return self.done[name]
        body = self.styles[name]
        if not isinstance(body, dict):
            self.fail(self.styles, name, f"style {name!r}: expected a mapping of element properties, "
                                         "e.g. {size: 12, weight: bold}")
            return None
        known_keys: set[str] = set().union(*self.kinds.values())
        own = []
        for k, v, km, vm in _items(body):
            if k in ("type", "id", "elements"):
                self.fail(body, k, f"style {name!r}: '{k}' belongs to each element, not to a style", at_key=True)
            elif k != "style" and known_keys and k not in known_keys:
                self.fail(body, k, f"style {name!r}: no element takes '{k}'", at_key=True)
            elif k != "style":
                own.append((k, v, km, vm))
        items: list[Item] = []
        if "style" in body:
            for base in _names(body["style"]):
                got = self.style(base, body, "style", (*seen, name))
                items = _over(items, got or [], self, body)
        items = _over(items, own, self, body)
        self.done[name] = items
        return items

    def element(self, el: Any) -> Any:
        """The element with its styles applied (groups' elements too)."""
        if not isinstance(el, dict):
            return el
        items = _items(el)
        if "style" in el:
            items = _over(self._styled(el), [it for it in items if it[0] != "style"], self, el)
        else:
            self._no_changes(el, items)
        if isinstance(el.get("elements"), list):
            children = self._children(el["elements"])
            items = [(k, children if k == "elements" else v, km, vm) for k, v, km, vm in items]
        out = _copy(el, items)
        _ORIGIN.carry(el, out)
        return out

    def _styled(self, el: dict[Any, Any]) -> list[Item]:
        """The items the element's styles give it, those its kind takes."""
        styled: list[Item] = []
        for name in _names(el["style"]):
            got = self.style(name, el, "style")
            styled = _over(styled, got or [], self, el)
        kind = el.get("type")
        allowed = self.kinds.get(kind) if isinstance(kind, str) else None
        if allowed is not None:
            styled = [it for it in styled if it[0] in allowed]
        if any(isinstance(n, str) and isinstance(self.styles.get(n), dict)
               and self.file_of(self.styles.get(n)) != self.file_of(el) for n in _names(el["style"])):  # a style from another file: point at `style:`
            at = _items_marks(el, "style")[1]
            styled = [(k, v, at, at) for k, v, _, _ in styled]
        return styled

    def _no_changes(self, el: dict[Any, Any], items: list[Item]) -> None:
        """Without a style, a relative value ('+= 2') has nothing to change."""
        for k, v, _km, _vm in items:
            if isinstance(v, str) and k not in _WORDS and _CHANGE.match(v):
                self.fail(el, k, f"'{k}: {v.strip()}' changes a style's number, but the element names no "
                                 f"style; give the number itself or a style: that gives {k}")

    def _children(self, inner: list[Any]) -> list[Any]:
        """A group's elements, each styled, marked like the list they came from."""
        if not isinstance(inner, MList):
            return [self.element(c) for c in inner]
        children = MList(self.element(c) for c in inner)
        children.lc = inner.lc
        return children


def _names(v: Any) -> list[Any]:
    return list(v) if isinstance(v, list) else [v]


def _over(under: list[Item], over: list[Item], st: "_Styling | _Failures", node: Any) -> list[Item]:
    """``over``'s items on top of ``under``'s; relative values change the number beneath them."""
    out = {it[0]: it for it in under}
    for k, v, km, vm in over:
        m = _RELATIVE.match(v) if isinstance(v, str) else None
        if m is None and isinstance(v, str) and k not in _WORDS and _CHANGE.match(v):
            st.fail(node, k, f"'{k}: {v.strip()}': a change needs a number; {_HOW}")
            continue
        if m:
            below = out.get(k)
            base = below[1] if below is not None else None
            if isinstance(base, bool) or not isinstance(base, (int, float)):
                st.fail(node, k, f"'{k}: {v.strip()}' changes the style's number, but the style gives "
                                 f"{'no ' + k if below is None else repr(base)}")
                continue
            x = float(m.group(2))
            op = m.group(1)
            if op == "/" and x == 0:
                st.fail(node, k, f"'{k}: {v.strip()}' divides by zero")
                continue
            value = {"+": base + x, "-": base - x, "*": base * x, "/": base / x if x else 0}[op]
            value = round(value, 6)
            v = int(value) if float(value).is_integer() and isinstance(base, int) and op in "+-" else value
        out[k] = (k, v, km, vm)
    return list(out.values())


def apply_styles(raw: dict[Any, Any], file: str, file_of: Callable[[Any], str] | None = None,
                 keys: Keys | None = None) -> dict[Any, Any]:
    """``raw`` (a layout as read) with every element's ``style`` applied; DataErrors, positioned.
    ``keys()``: every element type with the keys it takes (default: read from the layout schema)."""
    if keys is None:
        from pnp.model.layout import element_keys

        keys = element_keys

    styles = raw.get("styles") or {}
    if not isinstance(styles, dict):
        return raw  # the schema says what is wrong with it
    elements = raw.get("elements")
    if not isinstance(elements, list) or not any(isinstance(e, dict) for e in elements):
        return raw
    st = _Styling(styles, file_of or (lambda node: file), keys())
    for name in styles:
        st.style(name, styles, name)
    styled = [st.element(e) for e in elements]
    if st.problems:
        raise DataErrors(list(dict.fromkeys(st.problems)))
    new: list[Any] = styled
    if isinstance(elements, MList):
        new = MList(styled)
        new.lc = elements.lc
    return _copy(raw, [(k, new if k == "elements" else v, km, vm) for k, v, km, vm in _items(raw)])


# ------------------------------------------------------------------ extends


class _Origins:
    """Which file each element mapping was written in (by object identity, while a resolution runs)."""

    def __init__(self) -> None:
        self.files: dict[int, str] = {}
        self.keep: list[Any] = []  # the nodes whose ids files holds, kept alive

    def mark(self, node: Any, file: str) -> None:
        if isinstance(node, dict):
            self.files[id(node)] = file
            self.keep.append(node)
            for child in node.get("elements") or () if isinstance(node.get("elements"), list) else ():
                self.mark(child, file)

    def carry(self, old: Any, new: Any) -> None:
        if id(old) in self.files:
            self.files[id(new)] = self.files[id(old)]
            self.keep.append(new)


_ORIGIN = _Origins()

# reads the layout a reference names, relative to a file: (path, raw, shown) or DataErrors
Reader = Callable[[str, Path], tuple[Path, dict[Any, Any], str]]


@dataclass
class Resolved:
    """A layout with its bases merged in and its styles applied, as YAML data with marks."""

    raw: dict[Any, Any]
    file: str  # the extending file, shown in messages
    chain: list[tuple[Path, dict[Any, Any], str]]  # (path, raw, shown) of every file read, the extending one first
    origins: _Origins

    def where(self, loc: tuple[Any, ...]) -> tuple[str, int, int]:
        """(file, line, col) of a path into :attr:`raw` (``('elements', 3, 'fill')``)."""
        from pnp.load.loader import locate

        file, node = self.origins.files.get(id(self.raw), self.file), self.raw
        for part in loc:
            try:
                node = node[part]
            except (KeyError, IndexError, TypeError):
                break
            file = self.origins.files.get(id(node), file)
        return (file, *locate(self.raw, loc))


def resolve(path: Path, raw: dict[Any, Any], shown: str, read: Reader, keys: Keys | None = None) -> Resolved:
    """The layout ``raw`` (read from ``path``, shown as ``shown``) with its ``extends`` chain merged.

    ``read(ref, from_path)`` returns (path, raw, shown) of the layout ``ref`` names, or raises DataErrors;
    ``keys`` as for :func:`apply_styles`.
    """
    global _ORIGIN
    origins = _Origins()
    outer, _ORIGIN = _ORIGIN, origins
    try:
        return _resolve(path, raw, shown, read, origins, keys)
    finally:
        _ORIGIN = outer


def _resolve(path: Path, raw: dict[Any, Any], shown: str, read: Reader, origins: _Origins,
             keys: Keys | None = None) -> Resolved:
    chain = [(path, raw, shown)]
    while chain[-1][1].get("extends") is not None:
        p, r, s = chain[-1]
        ref = r["extends"]
        where = (s, *_pos(r, "extends"))
        if len(chain) > MAX_DEPTH:
            raise DataErrors([Problem(*where, f"more than {MAX_DEPTH} layouts extend each other")])
        if not isinstance(ref, str):
            raise DataErrors([Problem(*where, "'extends': expected a layout file (base.yaml) or a shipped layout's name")])
        try:
            nxt = read(ref, p)
        except DataErrors as exc:  # problems without a file are about the reference itself
            raise DataErrors([q if q.file else Problem(*where, f"'extends: {ref}': {q.message}")
                              for q in exc.problems]) from None
        if any(Path(c[0]).resolve() == Path(nxt[0]).resolve() for c in chain):
            names = " -> ".join(c[2] for c in chain) + f" -> {nxt[2]}"
            raise DataErrors([Problem(*where, f"layouts extend each other in a circle: {names}")])
        chain.append(nxt)
    for p, r, s in chain:
        origins.mark(r, s)
        for k in _MERGED:
            if isinstance(r.get(k), dict):
                origins.files[id(r[k])] = s
                origins.keep.append(r[k])
                for body in r[k].values():
                    if isinstance(body, dict):
                        origins.files[id(body)] = s
                        origins.keep.append(body)
    merged = chain[-1][1]
    for p, r, s in reversed(chain[:-1]):
        merged = _merge(merged, r, s, origins)
    styled = apply_styles(merged, shown, lambda node: origins.files.get(id(node), shown), keys)
    origins.files[id(styled)] = shown
    return Resolved(styled, shown, chain, origins)


@dataclass
class _Failures:
    """Problems of one file, collected the way :class:`_Styling` collects them."""

    file: str
    problems: list[Problem]

    def fail(self, node: Any, key: Any, message: str, at_key: bool = False) -> None:
        self.problems.append(Problem(self.file, *_pos(node, key, at_key), message))


def _merge(base: dict[Any, Any], child: dict[Any, Any], shown: str, origins: _Origins) -> dict[Any, Any]:
    problems: list[Problem] = []
    items = {k: (k, v, km, vm) for k, v, km, vm in _items(base) if k not in ("extends", "remove")}
    for k, v, km, vm in _items(child):
        if k in ("extends", "remove", "elements"):
            continue
        if k in _MERGED and isinstance(v, dict) and isinstance(items.get(k, (0, None))[1], dict):
            under = items[k][1]
            if k == "styles" or k == "tables":  # a style or table is merged key by key too
                entries = _merged_entries(k, under, v, shown, problems, origins)
            else:
                entries = [it for it in _items(under) if it[0] not in v] + _items(v)
            merged = _copy(v, entries)
            origins.files[id(merged)] = shown
            origins.keep.append(merged)
            items[k] = (k, merged, km, vm)
        else:
            items[k] = (k, v, km, vm)
    elements = _merged_elements(base, child, shown, problems)
    if problems:
        raise DataErrors(problems)
    km = _items_marks(child if "elements" in child else base, "elements")[0]
    items["elements"] = ("elements", elements, km, None)
    out = _copy(child if isinstance(child, MDict) else base, list(items.values()))
    return out


def _merged_entries(k: str, under: dict[Any, Any], v: dict[Any, Any], shown: str, problems: list[Problem],
                    origins: _Origins) -> list[Item]:
    """The entries of the base's ``styles`` or ``tables`` (``under``) with the child's (``v``): an
    entry both give is merged key by key; in a style, '+= 2' changes the base style's number."""
    entries: list[Item] = []
    for name, body, nkm, nvm in _items(under):
        if name in v and isinstance(body, dict) and isinstance(v[name], dict):
            if k == "styles":
                merged_items = _over(_items(body), _items(v[name]), _Failures(shown, problems), v[name])
            else:
                merged_items = _items(body) + _items(v[name])
            inner = _copy(v[name], merged_items)
            origins.files[id(inner)] = shown
            origins.keep.append(inner)
            entries.append((name, inner, nkm, _items_marks(v, name)[1] if getattr(v, "lc", None) else nvm))
        elif name in v:
            entries.append((name, v[name], *(_items_marks(v, name))))
        else:
            entries.append((name, body, nkm, nvm))
    return entries + [it for it in _items(v) if it[0] not in under]


def _merged_elements(base: dict[Any, Any], child: dict[Any, Any], shown: str, problems: list[Problem]) -> MList:
    """The base's elements, less those the child's ``remove`` names, each of the child's elements
    replacing the base's of its id or added after them; with the marks of where they were written."""
    elements = list(base.get("elements") or [])
    remove = child.get("remove") or []
    for i, rid in enumerate(remove if isinstance(remove, list) else []):
        if not _drop(elements, rid):
            problems.append(Problem(shown, *_item_pos(remove, i), f"remove: the base layout has no element with the "
                                                                   f"id {rid!r}{_ids(base)}"))
    for el in child.get("elements") or []:
        eid = el.get("id") if isinstance(el, dict) else None
        if eid is None or not _replace(elements, eid, el):
            elements.append(el)
    out = MList(elements)
    src = child.get("elements") if isinstance(child.get("elements"), MList) else base.get("elements")
    where = getattr(src, "lc", None)
    out.lc = Marks(where.line, where.col) if where is not None else Marks(0, 0)
    out.lc._items = [(e.lc.line, e.lc.col) if getattr(e, "lc", None) else None for e in elements]
    return out


def _items_marks(node: Any, key: Any) -> tuple[Pos | None, Pos | None]:
    lc = getattr(node, "lc", None)
    return (lc.key(key), lc.value(key)) if lc else (None, None)


def _item_pos(lst: Any, i: int) -> tuple[int, int]:
    lc = getattr(lst, "lc", None)
    p = lc.item(i) if lc is not None else None
    return (p[0] + 1, p[1] + 1) if p else (0, 0)


def _ids(base: dict[Any, Any]) -> str:
    found: list[str] = []

    def walk(els: Any) -> None:
        for e in els or ():
            if isinstance(e, dict):
                if e.get("id"):
                    found.append(str(e["id"]))
                if isinstance(e.get("elements"), list):
                    walk(e["elements"])

    walk(base.get("elements"))
    return f"; its ids are {', '.join(found)}" if found else " (its elements have no ids)"


def _drop(elements: list[Any], eid: Any) -> bool:
    for i, e in enumerate(elements):
        if isinstance(e, dict) and e.get("id") == eid:
            del elements[i]
            return True
        if isinstance(e, dict) and isinstance(e.get("elements"), list):
            inner = list(e["elements"])
            if _drop(inner, eid):
                elements[i] = _with_children(e, inner)
                return True
    return False


def _replace(elements: list[Any], eid: Any, new: Any) -> bool:
    for i, e in enumerate(elements):
        if isinstance(e, dict) and e.get("id") == eid:
            elements[i] = new
            return True
        if isinstance(e, dict) and isinstance(e.get("elements"), list):
            inner = list(e["elements"])
            if _replace(inner, eid, new):
                elements[i] = _with_children(e, inner)
                return True
    return False


def _with_children(group: dict[Any, Any], children: list[Any]) -> dict[Any, Any]:
    lst = MList(children)
    where = getattr(group["elements"], "lc", None)
    lst.lc = Marks(where.line, where.col) if where is not None else Marks(0, 0)
    lst.lc._items = [(e.lc.line, e.lc.col) if getattr(e, "lc", None) else None for e in children]
    out = _copy(group, [(k, lst if k == "elements" else v, km, vm) for k, v, km, vm in _items(group)])
    _ORIGIN.carry(group, out)
    return out


__all__ = ["apply_styles", "resolve", "Resolved", "MAX_DEPTH"]
