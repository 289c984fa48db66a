"""Fuzzing the scalars YAML turns into values before any schema sees them.

ruamel builds dates, numbers and booleans itself; a value that looks like one but is not
(2023-02-29, 25:00 o'clock, ``!!int abc``, ``!!bool maybe``, 5,000 digits) used to escape as
ValueError/KeyError, and a mapping used as a key as TypeError. Every such document must end
in a positioned DataErrors (or load), for the loader and every kind.
"""
from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.load.errors import DataErrors
from pnp.load.loader import load_yaml
from pnp.layout.kinds import KINDS, load_doc

EXAMPLES = int(os.environ.get("PNP_FUZZ_EXAMPLES", "150"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize="PNP_FUZZ_EXAMPLES" not in os.environ,
                    database=None, suppress_health_check=list(HealthCheck))

dates = st.builds(lambda y, m, d: f"{y:04d}-{m:02d}-{d:02d}", st.integers(0, 9999), st.integers(0, 19),
                  st.integers(0, 39))
times = st.builds(lambda d, h, mi, s: f"{d}t{h:02d}:{mi:02d}:{s:02d}", dates, st.integers(0, 29),
                  st.integers(0, 69), st.integers(0, 69))
tagged = st.builds(lambda tag, v: f"!!{tag} {v}",
                   st.sampled_from(["int", "float", "bool", "null", "str", "timestamp", "binary", "set", "omap",
                                    "python/object:os.system", "map", "seq"]),
                   st.sampled_from(["abc", "0b102", "0x", "maybe", "1e999", "-", "2023-02-29", "aGVsbG8=", "[a]",
                                    "{a: 1}", "''"]))
numbers = st.one_of(st.builds(lambda n: "1" + "0" * n, st.integers(3000, 6000)),
                    st.sampled_from(["0o99", "0x1g", "1_000", ".inf", "-.inf", ".nan", "1e400", "0b2", "+", "1:20"]))
keys = st.sampled_from(["? {a: [1]}\n:", "? [a, {b: 1}]\n:", "[a, b]:", "{a: 1}:", "? {a: {b: 1}}\n:", "title:"])
scalars = st.one_of(dates, times, tagged, numbers, st.text(max_size=20))


@st.composite
def documents(draw):
    lines = [f"kind: {draw(st.sampled_from(sorted(KINDS)))}"]
    for _ in range(draw(st.integers(1, 4))):
        where = draw(st.sampled_from(["top", "list", "flow", "key"]))
        v = draw(scalars)
        if where == "top":
            lines.append(f"{draw(st.sampled_from(['title', 'size', 'name', 'x']))}: {v}")
        elif where == "list":
            lines += ["items:", f"  - {v}"]
        elif where == "flow":
            lines.append(f"cards: [{{id: a, name: {v}}}]")
        else:
            k = draw(keys)
            lines.append(f"{k} {v}")
    return "\n".join(lines) + "\n"


@SETTINGS
@given(text=documents())
def test_odd_scalars_end_in_data_errors(tmp_path_factory, fuzz_counts, text):
    fuzz_counts["yaml scalars/keys/tags"] += 1
    p = tmp_path_factory.mktemp("sc") / "x.yaml"
    p.write_text(text, encoding="utf-8")
    for load in (load_yaml, load_doc):
        try:
            load(p)
        except DataErrors as exc:
            for pr in exc.problems:
                assert pr.message and pr.file
        except (ImportError, AttributeError) as exc:  # a kind whose schema is not in this checkout
            assert "schemas" in str(exc) or "has no attribute" in str(exc)


def test_known_crashers_are_positioned(tmp_path):
    for text, where, words in (("kind: deck\ntitle: 2023-02-29\n", (2, 8), "cannot be read as a date"),
                               ("kind: deck\ntitle: !!bool maybe\n", (2, 8), "true or false"),
                               ("kind: deck\n? {a: [1]}\n: x\n", (2, 3), "a key must be plain text"),
                               ("kind: deck\nn: 1" + "0" * 5000 + "\n", (2, 4), "whole number")):
        p = tmp_path / "x.yaml"
        p.write_text(text, encoding="utf-8")
        try:
            load_yaml(p)
        except DataErrors as exc:
            pr = exc.problems[0]
            assert (pr.line, pr.col) == where and words in pr.message, str(pr)
        else:
            raise AssertionError(f"{text[:30]!r} loaded")
