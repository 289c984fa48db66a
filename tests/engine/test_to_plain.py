"""to_plain and the Plain base (pnp.model.plain): a validated model becomes its twin wherever it
sits in what a parse returns, keeping its fields, extra keys, private values and which fields the
data gave; twins behave as frozen models do."""
from __future__ import annotations

import copy
import os
import pickle
import subprocess
import sys
from dataclasses import dataclass
from typing import NamedTuple

import pytest
from pydantic import BaseModel, ConfigDict

from pnp.model import plain
from pnp.model.base import I18n, Strict, to_plain, twin_of
from pnp.model.plain import Plain, fields_of, make


class Tag(Plain):
    def shout(self) -> str:
        return self.name.upper()


class TagModel(Strict, Tag):  # the twin must carry the schema's name
    name: str
    weight: int = 1


class Loose(Strict):  # no twin of its own: stays a model
    name: str


class Pair(NamedTuple):
    left: object
    right: object


@dataclass(frozen=True)
class Box:
    content: object
    label: str = ""


def test_a_twin_is_named_as_its_schema():
    with pytest.raises(TypeError, match="give them one name"):
        twin_of(TagModel)
    assert twin_of(Loose) is None


def test_models_inside_containers_become_twins():
    class Tag(Strict, globals()["Tag"]):  # noqa: N801 - the schema and its twin share the name
        name: str
        weight: int = 1

    m = Tag(name="a")
    got = to_plain({"list": [m], "tuple": (m,), "pair": Pair(m, 1), "box": Box(m, "x"), "loose": Loose(name="b")})
    for twin in (got["list"][0], got["tuple"][0], got["pair"].left, got["box"].content):
        assert type(twin) is globals()["Tag"] and twin.shout() == "A" and twin.weight == 1
        assert twin.model_fields_set == {"name"}
    assert isinstance(got["pair"], Pair) and isinstance(got["box"], Box) and got["box"].label == "x"
    assert type(got["loose"]) is Loose
    same = Box("no model")
    assert to_plain(same) is same  # nothing to change: the object itself


def test_extra_keys_and_texts_survive():
    twin = to_plain(I18n.model_validate({"de": "Zurück", "fr": "Dos"}))
    assert type(twin) is plain.base.I18n
    assert twin.texts == {"de": "Zurück", "fr": "Dos"} and twin.get("fr") == "Dos" and twin.get("en") == "Zurück"
    assert fields_of(twin) == {"de": "Zurück", "en": None, "fr": "Dos"}
    assert fields_of(I18n.model_validate({"de": "Zurück", "fr": "Dos"})) == fields_of(twin)


def test_twins_are_frozen_values():
    a = make(Tag, {"name": "a", "weight": 2})
    b = make(Tag, {"name": "a", "weight": 2}, frozenset({"name"}))
    assert a == b and hash(a) == hash(b) and repr(a) == "Tag(name='a', weight=2)"
    assert a != make(Tag, {"name": "a", "weight": 3}) and a != {"name": "a", "weight": 2}
    with pytest.raises(AttributeError):
        a.name = "b"
    with pytest.raises(AttributeError):
        del a.name
    c = a.model_copy(update={"weight": 5})
    assert c.weight == 5 and a.weight == 2 and b.model_copy(update={"weight": 1}).model_fields_set == {"name", "weight"}
    assert pickle.loads(pickle.dumps(a)) == a and copy.deepcopy(a) == a
    nested = make(Tag, {"name": "n", "weight": [make(Tag, {"name": "m", "weight": 0})]})
    assert nested.model_dump() == {"name": "n", "weight": [{"name": "m", "weight": 0}]}


def test_private_values_are_kept():
    class Priv(BaseModel, Tag):
        model_config = ConfigDict(frozen=True)
        name: str
        _memo: int = 0

        def model_post_init(self, context: object) -> None:
            self._memo = 7

    Priv.__name__ = "Tag"
    twin = to_plain(Priv(name="p"))
    assert twin._memo == 7 and fields_of(twin) == {"name": "p"}


def test_no_language_hides_a_method():
    """``get`` is a language code (Getmata): a text given in it still answers .get and .texts."""
    model = I18n.model_validate({"en": "Back", "get": "Gets"})
    twin = to_plain(model)
    assert twin.get("en") == model.get("en") == "Back" and twin.get("get") == model.get("get") == "Gets"
    assert twin.texts == model.texts == {"en": "Back", "get": "Gets"}
    assert twin.model_dump() == {"de": None, "en": "Back", "get": "Gets"}
    assert twin.model_fields_set == model.model_fields_set == {"en", "get"}
    with pytest.raises(AttributeError):
        twin.fr


def test_a_title_in_a_language_called_get_builds(tmp_path):
    env_cache = tmp_path / "cache"
    new = subprocess.run([sys.executable, "-m", "pnp.cli.entry", "new", "mygame", "--data", str(tmp_path)],
                         capture_output=True, text=True, env={**os.environ, "PNP_CACHE_DIR": str(env_cache)})
    assert new.returncode == 0, new.stderr
    manifest = tmp_path / "mygame" / "game.yaml"
    text = manifest.read_text(encoding="utf-8")
    assert "\ntitle:" in "\n" + text
    lines = ["title: {en: My game, get: Gets}" if line.startswith("title:") else line for line in text.splitlines()]
    manifest.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for _ in range(2):  # validated, then read back from the cache
        done = subprocess.run([sys.executable, "-m", "pnp.cli.entry", "build", "mygame", "--data", str(tmp_path),
                               "--out", str(tmp_path / "out"), "-f", "pdf"], capture_output=True, text=True,
                              env={**os.environ, "PNP_CACHE_DIR": str(env_cache)})
        assert done.returncode == 0, done.stderr
