"""YAML merge keys and anchors: accepted wherever pnp reads YAML, positions kept,
limits kept (a merge cannot blow a small file up past the value budget)."""
from __future__ import annotations

import pytest

from pnp.load.errors import DataErrors
from pnp.load.loader import load_yaml, locate
from pnp.load.marked import YamlError, load


def test_merge_copies_the_keys_the_mapping_does_not_give():
    d = load("base: &b {size: 12, weight: bold, colour: red}\n"
             "el:\n  <<: *b\n  colour: blue\n")
    assert d["el"] == {"colour": "blue", "size": 12, "weight": "bold"}
    # a merged key is found where it was written: in the anchored mapping
    assert d["el"].lc.value("size") == (0, 16)
    assert d["el"].lc.value("colour") == (3, 10)


def test_a_list_of_merges_lets_the_first_win():
    d = load("a: &a {x: 1, y: 1}\nb: &b {y: 2, z: 2}\nc:\n  <<: [*a, *b]\n  z: 3\n")
    assert d["c"] == {"z": 3, "x": 1, "y": 1}


def test_a_quoted_double_angle_key_is_just_a_key():
    assert load('m: {"<<": 1}\n')["m"] == {"<<": 1}


@pytest.mark.parametrize("text, line, col", [
    ("a: &a 3\nb:\n  <<: *a\n", 3, 3),
    ("a:\n  <<: [1, 2]\n", 2, 3),
    ("a:\n  <<: []\n", 2, 3),
])
def test_a_merge_of_something_else_is_a_positioned_error(text, line, col):
    with pytest.raises(YamlError) as exc:
        load(text)
    assert (exc.value.line, exc.value.col) == (line, col)
    assert "merge key (<<) takes a mapping" in exc.value.message


def test_merges_count_against_the_value_budget():
    text = "a: &a {" + ", ".join(f"k{i}: {i}" for i in range(50)) + "}\n"
    text += "b: &b [" + ", ".join("{<<: *a}" for _ in range(50)) + "]\n"
    text += "c: [" + ", ".join("*b" for _ in range(50)) + "]\n"
    with pytest.raises(YamlError, match="document too large"):
        load(text, max_nodes=100_000)


def test_merge_keys_work_in_a_game_file_and_errors_point_into_the_anchor(tmp_path):
    p = tmp_path / "layout.yaml"
    p.write_text("kind: layout\n"
                 "elements:\n"
                 "  - &title {type: text, size: 12, align: centre, text: '{name}'}\n"
                 "  - {<<: *title, y: 10}\n")
    from pnp.layout.kinds import load_doc

    raw = load_yaml(p)
    assert raw["elements"][1]["size"] == 12 and raw["elements"][1]["y"] == 10
    with pytest.raises(DataErrors) as exc:
        load_doc(p)
    lines = sorted((q.line, q.col) for q in exc.value.problems if "align" in q.message)
    assert lines == [(3, 42), (3, 42)]  # both elements' bad value is where it was written
