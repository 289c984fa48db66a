"""Fuzzing the YAML loader and schemas: any input ends in DataErrors with a
positioned message, never another exception."""
from __future__ import annotations

import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.load.errors import DataErrors
from pnp.model.game import GameManifest
from pnp.layout.kinds import KINDS, load_doc

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-10**30, max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=40),
    st.sampled_from(["a1", "red", "#zzz", "cmyk(2,0,0,0)", "poker", "-5", "1e400", "~", "&a", "*b"]),
)
yaml_values = st.recursive(
    scalars,
    lambda children: st.one_of(st.lists(children, max_size=5),
                               st.dictionaries(st.text(string.ascii_lowercase + "_", min_size=1, max_size=10),
                                               children, max_size=5)),
    max_leaves=25,
)


def _dump(value) -> str:
    from io import StringIO

    from ruamel.yaml import YAML

    buf = StringIO()
    YAML(typ="safe").dump(value, buf)
    return buf.getvalue()


def _assert_clean(path):
    """Either the file loads, or every problem names this file and says something."""
    try:
        load_doc(path)
    except DataErrors as exc:
        assert exc.problems
        for p in exc.problems:
            assert p.file.endswith(path.name), p
            assert str(p).startswith(p.file) and p.message.strip(), p


@SETTINGS
@given(raw=st.binary(max_size=300))
def test_random_bytes(tmp_path_factory, raw):
    p = tmp_path_factory.mktemp("fz") / "x.yaml"
    p.write_bytes(raw)
    _assert_clean(p)


@SETTINGS
@given(text=st.text(alphabet=string.printable + "äöü€\u2028", max_size=200))
def test_random_text(tmp_path_factory, text):
    p = tmp_path_factory.mktemp("fz") / "x.yaml"
    p.write_text(text, encoding="utf-8")
    _assert_clean(p)


@SETTINGS
@given(kind=st.sampled_from(sorted(KINDS) + ["nonsense"]), body=st.dictionaries(
    st.text(string.ascii_lowercase + "_", min_size=1, max_size=12), yaml_values, max_size=8))
def test_random_documents_of_every_kind(tmp_path_factory, kind, body):
    body = dict(body)
    body["kind"] = kind
    p = tmp_path_factory.mktemp("fz") / "x.yaml"
    p.write_text(_dump(body), encoding="utf-8")
    _assert_clean(p)


@SETTINGS
@given(body=yaml_values)
def test_random_manifests(tmp_path_factory, body):
    from pnp.load.loader import load_model

    p = tmp_path_factory.mktemp("fz") / "game.yaml"
    p.write_text(_dump(body), encoding="utf-8")
    try:
        load_model(p, GameManifest)
    except DataErrors as exc:
        assert all(pr.message for pr in exc.problems)


def test_very_long_string(tmp_path):
    p = tmp_path / "game.yaml"
    p.write_text("name: x\ntitle: " + "A" * 1_000_000 + "\n")
    from pnp.load.loader import load_model

    m = load_model(p, GameManifest)
    assert len(m.title) == 1_000_000


def test_file_too_large_is_named(tmp_path):
    p = tmp_path / "game.yaml"
    p.write_text("name: x\ntitle: " + "A" * 3_000_000 + "\n")
    from pnp.load.loader import load_yaml

    try:
        load_yaml(p)
    except DataErrors as exc:
        assert "bytes; the limit for a YAML file is 2,000,000" in str(exc)
    else:
        raise AssertionError("no size limit")
