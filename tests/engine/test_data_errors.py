"""Bad YAML always becomes `file:line:col: message`, never a traceback."""
from __future__ import annotations

import textwrap

import pytest

from pnp.load.errors import DataErrors
from pnp.load.loader import MAX_DEPTH, load_model, load_yaml
from pnp.model.game import GameManifest, discover
from pnp.layout.kinds import load_doc


def write(tmp_path, name, text: str | bytes):
    p = tmp_path / name
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(textwrap.dedent(text), encoding="utf-8")
    return p


def problems(fn, *args):
    with pytest.raises(DataErrors) as info:
        fn(*args)
    return [str(p) for p in info.value.problems]


CASES = [
    ("syntax", "name: [unclosed\n", r"game.yaml:2:1: YAML syntax"),
    ("unknown key", "name: x\ntitle: X\ncolour: red\n", "game.yaml:3:1: unknown key 'colour'"),
    ("wrong type", "name: x\ntitle: X\nseed: [1, 2]\n", "game.yaml:3:7: 'seed': Input should be a valid string"),
    ("missing field", "name: x\n", "missing required key 'title'"),
    ("bad pattern", "name: Not Valid\ntitle: X\n", "game.yaml:1:7: 'name': String should match pattern"),
    ("duplicate key", "name: x\nname: y\ntitle: X\n", "game.yaml:2:1: YAML syntax: duplicate key \"name\""),
    ("empty file", "", "game.yaml:1:1: the file is empty"),
    ("not a mapping", "- just\n- a list\n", "Input should be a valid dictionary"),
    ("tab indentation", "name: x\ntitle:\n\t- X\n", "game.yaml:3:1: YAML syntax"),
]


@pytest.mark.parametrize("label,text,expected", CASES, ids=[c[0] for c in CASES])
def test_bad_manifest_messages(tmp_path, label, text, expected):
    p = write(tmp_path, "game.yaml", text)
    msgs = problems(load_model, p, GameManifest)
    assert any(expected in m for m in msgs), msgs
    assert all(m.startswith(str(p)) or m.startswith("game.yaml") or "game.yaml" in m for m in msgs)


def test_non_utf8_names_line(tmp_path):
    p = write(tmp_path, "x.yaml", b"a: 1\nb: caf\xe9\n")
    (msg,) = problems(load_yaml, p)
    assert ":2:" in msg and "not UTF-8" in msg and "0xe9" in msg


def test_binary_garbage(tmp_path):
    p = write(tmp_path, "x.yaml", b"\x00\x01\x02garbage")
    (msg,) = problems(load_yaml, p)
    assert "binary data" in msg


def test_nan_rejected(tmp_path):
    p = write(tmp_path, "x.yaml", "size: .nan\n")
    (msg,) = problems(load_yaml, p)
    assert "NaN" in msg


def test_deep_nesting_limit_named(tmp_path):
    text = "a: " + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "\n"
    p = write(tmp_path, "x.yaml", text)
    (msg,) = problems(load_yaml, p)
    assert f"deeper than {MAX_DEPTH}" in msg


def test_alias_bomb_limited(tmp_path):
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 8):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i-1}"] * 10) + "]")
    p = write(tmp_path, "x.yaml", "\n".join(lines) + "\n")
    (msg,) = problems(load_yaml, p)
    assert "too large" in msg


def test_unknown_kind_points_at_key(tmp_path):
    p = write(tmp_path, "deck.yaml", "title: t\nkind: dekc\n")
    (msg,) = problems(load_doc, p)
    assert "deck.yaml:2:7: 'kind': unknown kind 'dekc'" in msg


def test_all_errors_in_one_run(tmp_path):
    a = tmp_path / "a"
    b = tmp_path / "b"
    a.mkdir()
    b.mkdir()
    write(a, "game.yaml", "name: a\n")
    write(b, "game.yaml", "name: b\ntitle: B\nextra: 1\n")
    msgs = problems(discover, tmp_path)
    assert len(msgs) == 2
    assert any("a/game.yaml" in m and "title" in m for m in msgs)
    assert any("b/game.yaml:3:1: unknown key 'extra'" in m for m in msgs)
