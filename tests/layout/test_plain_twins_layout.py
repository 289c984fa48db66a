"""Layouts, sheets and every element kind are kept in pnp's cache as plain twins (issue #32): what
a rebuild reads back equals what validating the file gives, draws the same, and needs no pydantic.
The schemas stay what validation, ``pnp schema`` and the reference read."""
from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import BaseModel

from pnp.layout import elements
from pnp.layout.compile import Card, compile_layout
from pnp.layout.kinds import _read_doc, read_doc
from pnp.layout.vocabulary import Layout, kinds
from pnp.model.base import to_plain
from pnp.model.plain import Plain
from pnp.model.plain import layout as plain

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(p for folder in ("data", "examples", "pnp/layout/shipped", "pnp/output")
               for p in (ROOT / folder).rglob("*.yaml")
               if p.read_text(encoding="utf-8").lstrip().startswith(("kind: layout", "kind: sheet"))
               or "\nkind: layout" in p.read_text(encoding="utf-8") or "\nkind: sheet" in p.read_text(encoding="utf-8"))


def models_in(value, path="") -> list[str]:
    """Where in ``value`` a pydantic model is left (a twin holds none)."""
    if isinstance(value, BaseModel):
        return [path or "."]
    if isinstance(value, Plain):
        return [m for k, v in value.__dict__.items() for m in models_in(v, f"{path}.{k}")]
    if isinstance(value, (list, tuple)):
        return [m for i, v in enumerate(value) for m in models_in(v, f"{path}[{i}]")]
    if isinstance(value, dict):
        return [m for k, v in value.items() for m in models_in(v, f"{path}[{k!r}]")]
    return []


def test_every_layout_and_sheet_file_of_pnp_is_found():
    assert len(FILES) >= 50 and any(p.name == "print-guide.yaml" for p in FILES)
    assert any(p.parent.name == "shipped" for p in FILES) and any("data" in p.parts for p in FILES)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_cached_twin_is_the_validated_file(path, tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    kind, fresh, _raw = _read_doc(path, path.read_bytes())  # validated now, never cached
    cold = read_doc(path)[1]  # validated and kept
    warm = read_doc(path)[1]  # read back from the cache
    assert kind in ("layout", "sheet")
    assert isinstance(fresh, BaseModel) and not isinstance(warm, BaseModel)
    assert type(warm).__name__ == type(fresh).__name__ and isinstance(warm, type(fresh).__mro__[1:])
    assert warm == cold == to_plain(fresh)
    assert models_in(warm) == []
    assert warm.model_fields_set == fresh.model_fields_set
    for el_fresh, el_warm in zip(fresh.elements, warm.elements):
        if isinstance(el_fresh, dict):  # a layout that extends another keeps its elements as data
            assert el_warm == el_fresh
            continue
        assert elements.kind_of(el_fresh) is elements.kind_of(el_warm)
        assert (el_warm._saver is None) == (el_fresh.ink_saver is None)


# one element of every kind pnp has, with its data written in (no game folder needed)
EVERY_KIND = [
    {"type": "rect", "frame": "bleed", "fill": "#eeeeee", "ink_saver": {"fill": "white", "stroke": "black"}},
    {"type": "ellipse", "x": 2, "y": 2, "w": 8, "h": 6, "fill": "{colour[kind]}"},
    {"type": "circle", "x": 12, "y": 2, "w": 6, "h": 6, "stroke": "black"},
    {"type": "line", "x": 2, "y": 10, "w": 20, "h": 1, "points": [[0, 0], ["100%", "100%"]]},
    {"type": "polygon", "x": 24, "y": 2, "w": 6, "h": 6, "points": [[0, 0], ["100%", 0], [0, "100%"]], "fill": "red"},
    {"type": "hexagon", "x": 32, "y": 2, "w": 6, "h": 6, "fill": "blue"},
    {"type": "text", "id": "title", "x": 2, "y": 12, "w": 59, "h": 6, "text": "{name}", "size": 9},
    {"type": "textbox", "x": 2, "y": 18, "w": 59, "h": 8, "text": {"de": "**Fett** und *schräg*", "en": "Bold"}},
    {"type": "symbol", "x": 2, "y": 2, "w": 4, "h": 4, "symbol": "coin"},
    {"type": "icons", "x": 6, "y": 2, "w": 12, "h": 3, "icon": "pip", "count": 3},
    {"type": "image", "x": 2, "y": 80, "w": 5, "h": 5, "src": "art.png"},
    {"type": "group", "x": 2, "y": 27, "w": 20, "h": 8, "elements": [{"type": "rect", "fill": "#777777"}]},
    {"type": "table", "x": 2, "y": 36, "w": 59, "h": 10, "rows": 1, "columns": ["Spieler", {"label": "Punkte", "sum": True}],
     "size": 6},
    {"type": "document", "x": 2, "y": 47, "w": 59, "h": 8, "text": "**Dokument** mit Text", "size": 6},
    {"type": "ruler", "x": 2, "y": 56, "w": 40, "h": 5, "size": 6},
    {"type": "grid", "x": 2, "y": 62, "shape": "square", "cols": 3, "rows": 2, "size": 4, "label": "{at}",
     "label_size": 5, "label_min": 5},
    {"type": "track", "x": 20, "y": 62, "w": 20, "h": 12, "from": 0, "to": 7, "size": 5, "label_size": 6},
    {"type": "registration", "x": 42, "y": 62, "w": 18, "h": 12, "size": 3},
    {"type": "star", "x": 40, "y": 2, "w": 6, "h": 6, "fill": "gold"},
    {"type": "arc", "x": 48, "y": 2, "w": 6, "h": 6, "end": 180, "pie": True, "fill": "green"},
    {"type": "path", "x": 56, "y": 2, "w": 6, "h": 6, "d": "M0 0 L 10 5 L 0 5 Z", "fill": "black"},
    {"type": "network", "x": 2, "y": 75, "w": 30, "h": 12, "label": None,
     "nodes": [{"id": "a", "name": "Ort", "x": 0, "y": 0}, {"id": "b", "name": "Stadt", "x": 10, "y": 5}],
     "edges": [{"from": "a", "to": "b"}]},
    {"type": "bars", "x": 34, "y": 75, "w": 27, "h": 12, "bars": [{"n": 3}, {"n": 5}], "value": "{n}", "size": 5},
]
VALUES = {"name": "Karte", "kind": "a"}
# symbols and pictures a card is drawn with (in the test and in the process that imports no pydantic)
FAKES = '''
PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                    "1f15c4890000000d4944415478da63f8cfc0f01f0005000201a1a3b4c90000000049454e44ae426082")


class Symbols:
    by_id = {"coin": None, "pip": None}

    def draw(self, sid, x, y, size, ink=None):
        from pnp.scene import Group, Rect

        return Group([Rect(x, y, size, size)], id=f"sym-{sid}")


class Images:
    def load(self, name):
        return PNG, "png", (1, 1)

    def aspect(self, name):
        return 1.0, 1.0

    def lost(self, name):
        return ()
'''
exec(FAKES)


def every_kind() -> BaseModel:
    return Layout.model_validate({"kind": "layout", "fields": {"name": "text", "kind": "text"},
                                  "tables": {"colour": {"a": "red", "default": "blue"}}, "elements": EVERY_KIND})


def test_the_layout_of_every_kind_names_every_kind():
    assert {el["type"] for el in EVERY_KIND} == {name for kind in kinds() for name in kind.names}


@pytest.mark.parametrize("ink_saver", [False, True])
def test_a_twin_draws_what_its_model_draws(ink_saver):
    model = every_kind()
    twin = to_plain(model)
    assert models_in(twin) == [] and twin == to_plain(model)
    card = Card(63, 88, 3, "de", Symbols(), Images(), ink_saver=ink_saver)
    assert repr(compile_layout(twin).stamp(VALUES, card)) == repr(compile_layout(model).stamp(VALUES, card))


def test_a_table_column_given_by_its_label_is_a_column_once_validated():
    table = next(el for el in every_kind().elements if el.type == "table")
    assert [type(c).__name__ for c in table.columns] == ["TableColumn", "TableColumn"]
    assert table.columns[0].label == "Spieler" and table.columns[0].model_fields_set == {"label"}


def test_an_element_kind_answers_for_its_model_and_its_twin():
    for model in every_kind().elements:
        twin = to_plain(model)
        kind = elements.kind_of(twin)
        assert kind is elements.kind_of(model) and kind.twin is type(twin) and kind.model() is type(model)
        assert type(model).__bases__[-1] is kind.twin and kind.twin.__name__ == type(model).__name__
        assert isinstance(model, kind.twin) and issubclass(kind.twin, plain.Placed)


def test_every_kind_of_pnp_names_its_schema_and_has_a_twin():
    for kind in kinds():
        assert isinstance(kind.schema, str) and kind.schema.startswith(("pnp.model.layout:", "pnp.layout.schemas."))
        assert kind.twin is not None and not issubclass(kind.twin, BaseModel)


def test_the_keys_a_style_may_give_are_the_schemas_fields():
    from pnp.model.layout import element_keys

    assert elements.element_keys() == element_keys()
    assert "label_size" in elements.element_keys()["grid"] and "radius" in elements.element_keys()["rect"]


def test_an_extension_kind_without_a_twin_stays_a_model():
    from typing import Literal

    from pnp.model.layout import Placed

    class Banner(Placed):
        type: Literal["banner-x"]

    elements.register(elements.ElementKind(Banner, parts=lambda el: [{"type": "rect", "fill": "red"}]))
    try:
        lay = Layout.model_validate({"kind": "layout", "elements": [{"type": "banner-x"}, {"type": "rect"}]})
        kept = to_plain(lay)
        assert isinstance(kept.elements[0], Banner) and not isinstance(kept.elements[1], BaseModel)
        assert elements.kind_of(kept.elements[0]).schema is Banner
        assert compile_layout(kept).stamp({}, Card(63, 88, 3)).children
    finally:
        elements.unregister(Banner)


DRAW_WITHOUT_SCHEMAS = """
import pickle, sys
from pnp.layout.compile import Card, compile_layout
layout = pickle.loads(sys.stdin.buffer.read())
""" + FAKES + """
VALUES = {"name": "Karte", "kind": "a"}
for ink_saver in (False, True):
    g = compile_layout(layout).stamp(VALUES, Card(63, 88, 3, "de", Symbols(), Images(), ink_saver=ink_saver))
import pnp.layout.vocabulary, pnp.layout.builtin.sheet, pnp.layout.files, pnp.layout.itemstyle, pnp.layout.data
from pnp.layout.elements import kind_of
assert kind_of(layout.elements[0]).twin is type(layout.elements[0])
print(len(g.children), sorted(m for m in sys.modules if m.split(".")[0] in ("pydantic", "pydantic_core")
                               or m in ("pnp.model.layout", "pnp.model.sheet") or m.startswith("pnp.layout.schemas")))
"""


def test_a_layout_read_back_is_drawn_without_the_schema_library():
    """What a warm rebuild does with a layout: unpickle its twin, compile and stamp it (every kind, and
    the ink-saving variants); neither pydantic nor a schema module is imported."""
    kept = pickle.dumps(to_plain(every_kind()), pickle.HIGHEST_PROTOCOL)
    out = subprocess.run([sys.executable, "-c", DRAW_WITHOUT_SCHEMAS], input=kept, capture_output=True, cwd=ROOT,
                         check=True).stdout.decode()
    drawn, imported = out.split(" ", 1)
    assert int(drawn) >= len(EVERY_KIND) - 2 and imported.strip() == "[]", out


READ_SHEET = """
import sys
from pnp.layout.builtin.sheet import read_sheet
from pnp.output.guide import SHEET
doc, raw = read_sheet(SHEET)
print(type(doc).__module__, "pydantic" in sys.modules)
"""


def test_a_sheet_read_back_from_the_cache_needs_no_schema(tmp_path):
    env = {"PNP_CACHE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    first = subprocess.run([sys.executable, "-c", READ_SHEET], capture_output=True, cwd=ROOT, env=env, check=True)
    again = subprocess.run([sys.executable, "-c", READ_SHEET], capture_output=True, cwd=ROOT, env=env, check=True)
    assert first.stdout.decode().split() == ["pnp.model.plain.sheet", "True"]  # validated: pydantic
    assert again.stdout.decode().split() == ["pnp.model.plain.sheet", "False"], again.stderr.decode()
