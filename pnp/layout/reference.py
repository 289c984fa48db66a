"""The layout reference in docs/layouts.md, written from the schema itself.

``python -m pnp.layout.reference`` prints it and ``... --write`` puts it into
docs/layouts.md (after registering an element kind); a test keeps the copy in
the docs equal to what the schema says, so the reference cannot drift. Every
registered element kind gets its table, then the layout file's keys and the
deck file's keys.
"""
from __future__ import annotations

import types
import typing
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from pnp.layout.vocabulary import Layout, Sheet, kinds
from pnp.model.base import I18n
from pnp.model.deck import Deck
from pnp.model.layout import Placed

COMMON = set(Placed.model_fields)


def _type(info: FieldInfo) -> str:
    return _name(info.annotation)


def _name(ann: Any) -> str:
    origin = typing.get_origin(ann)
    args = typing.get_args(ann)
    if origin is typing.Annotated:
        return _name(args[0])
    if origin is typing.Literal:
        return ", ".join(f"`{a}`" for a in args)
    if origin in (typing.Union, types.UnionType):
        names = [n for n in (_name(a) for a in args) if n != "none"]
        return " or ".join(dict.fromkeys(names))
    if origin in (list, tuple):
        return "list"
    if origin is dict:
        return "mapping"
    if ann is type(None):
        return "none"
    if ann is I18n:
        return "{de: …, en: …}"
    shown = getattr(ann, "__reference__", None)  # a model that says how a designer writes it: {source: name}
    if shown:
        return shown
    if isinstance(ann, type) and issubclass(ann, BaseModel) and ann.model_config.get("extra") == "forbid":
        # a model a designer writes as a mapping: {source: name}
        return "{" + ", ".join(f"{k}: …" for k in ann.model_fields) + "}"
    if isinstance(ann, type) and issubclass(ann, BaseModel):
        return "mapping"
    if ann is typing.Any:
        return "list, file name or mapping"
    return {float: "number", int: "whole number", str: "text", bool: "true/false"}.get(ann, getattr(ann, "__name__", str(ann)))


def _default(info: FieldInfo) -> str:
    if info.is_required():
        return "required"
    if info.default_factory is not None:
        made = info.get_default(call_default_factory=True)
        return f"`{made}`" if made else "–"  # an empty list or mapping
    d = info.default
    if d is None or d == "":
        return "–"
    if isinstance(d, bool):
        return f"`{str(d).lower()}`"
    return f"`{d}`"


def _table(model: type[BaseModel], skip: set[str]) -> list[str]:
    rows = ["| property | type | default | meaning |", "|---|---|---|---|"]
    for name, info in model.model_fields.items():
        if name in skip or (name == "type" and model is not Deck):
            continue
        desc = (info.description or "").replace("|", "\\|")
        rows.append(f"| `{info.alias or name}` | {_type(info)} | {_default(info)} | {desc} |")
    return rows


def reference() -> str:
    out = ["### Placing any element", "",
           "Every element takes these; see *Frames and anchors* above.", ""]
    out += _table(Placed, set()) + [""]
    for kind in kinds():
        kind.model().model_rebuild()  # a container's list of elements is a forward reference until built
        out += [f"### `{'` / `'.join(kind.names)}`", ""]
        if kind.about and not kind.about.startswith("Placed"):
            out += [kind.about, ""]
        own = {n for n in COMMON if kind.model().model_fields[n].default != Placed.model_fields[n].default}
        out += _table(kind.model(), COMMON - own) + [""]  # a placing property shows where a kind changes it
    Layout.model_rebuild()  # its list of elements too
    out += ["### The layout file", ""] + _table(Layout, set()) + [""]
    out += ["### The deck file", ""] + _table(Deck, set()) + [""]
    same = {n for n, f in Layout.model_fields.items() if f.description == Sheet.model_fields[n].description}
    out += ["### The sheet file", "", "A layout of `kind: sheet` (docs/sheets.md); what it says besides a layout "
            "file, or otherwise:", ""] + _table(Sheet, same | {"kind"}) + [""]
    return "\n".join(out)


START, END = "<!-- reference:", "<!-- end of reference -->"


def write(doc: Path) -> None:
    """Replace the reference section of ``doc`` (between its marker comments) with :func:`reference`."""
    text = doc.read_text(encoding="utf-8")
    head = text.index("\n", text.index(START)) + 1
    doc.write_text(text[:head] + reference().rstrip("\n") + "\n" + text[text.index(END):], encoding="utf-8")


if __name__ == "__main__":  # pragma: no cover
    import sys

    if sys.argv[1:] == ["--write"]:
        write(Path(__file__).resolve().parents[2] / "docs" / "layouts.md")
    else:
        print(reference())
