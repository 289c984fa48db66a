"""The layout reference in docs/layouts.md, written from the schema itself.

``python -m pnp.layout.reference`` prints it; a test keeps the copy in the
docs equal to what the schema says, so the reference cannot drift.
"""
from __future__ import annotations

import typing

from pydantic.fields import FieldInfo

from pnp.model import layout as schema

ELEMENTS = [schema.RectEl, schema.EllipseEl, schema.LineEl, schema.PolygonEl, schema.TextEl, schema.TextBoxEl,
            schema.SymbolEl, schema.ImageEl, schema.IconsEl, schema.GroupEl]
COMMON = set(schema.Placed.model_fields)
schema.GroupEl.model_rebuild()  # resolves its forward reference to Element, which a build never needs to read


def _type(info: FieldInfo) -> str:
    ann = info.annotation
    return _name(ann)


def _name(ann) -> str:
    origin = typing.get_origin(ann)
    args = typing.get_args(ann)
    if origin is typing.Annotated:
        return _name(args[0])
    if origin is typing.Literal:
        return ", ".join(f"`{a}`" for a in args)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        names = [n for n in (_name(a) for a in args) if n != "none"]
        return " or ".join(dict.fromkeys(names))
    if origin in (list, tuple):
        return "list"
    if origin is dict:
        return "mapping"
    if ann is type(None):
        return "none"
    return {float: "number", int: "whole number", str: "text", bool: "true/false"}.get(ann, getattr(ann, "__name__", str(ann)))


def _default(info: FieldInfo) -> str:
    if info.is_required():
        return "required"
    d = info.default
    if d is None:
        return "–"
    if isinstance(d, str):
        return f"`{d}`" if d else "–"
    return f"`{d}`"


def _table(model, skip: set) -> list[str]:
    rows = ["| property | type | default | meaning |", "|---|---|---|---|"]
    for name, info in model.model_fields.items():
        if name in skip or name == "type":
            continue
        desc = (info.description or "").replace("|", "\\|")
        rows.append(f"| `{name}` | {_type(info)} | {_default(info)} | {desc} |")
    return rows


def reference() -> str:
    out = ["### Placing any element", "",
           "Every element takes these; see *Frames and anchors* above.", ""]
    out += _table(schema.Placed, set()) + [""]
    for model in ELEMENTS:
        kinds = typing.get_args(model.model_fields["type"].annotation)
        doc = (model.__doc__ or "").strip().splitlines()[0] if model.__doc__ else ""
        out += [f"### `{'` / `'.join(kinds)}`", ""]
        if doc and not doc.startswith("Placed"):
            out += [doc, ""]
        out += _table(model, COMMON) + [""]
    out += ["### The layout file", ""] + _table(schema.Layout, {"elements"}) + [""]
    return "\n".join(out)


if __name__ == "__main__":  # pragma: no cover
    print(reference())
