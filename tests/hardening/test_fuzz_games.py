"""Fuzzing each game's own files (no ``kind:``): structures, cloud layouts, positions,
game states, Bilanz tallies, the rules/map data.

Every game ships real examples; hypothesis mutates them (replace any value by a random one,
drop or add keys, duplicate or empty lists, change types) or corrupts their text, writes the
result and runs the game's own loader, checker and drawing entry points on it. Allowed
outcomes: a value, clean Findings, or DataErrors whose problems carry a file and a message.
Any other exception is a bug. The number of cases is printed at the end of the run
(see conftest.py).
"""
from __future__ import annotations

import copy
import os
import string
from functools import lru_cache
from io import StringIO
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from pnp.model.assets import BuildOptions
from pnp.checks import Finding
from pnp.load.errors import DataErrors

DATA = Path(__file__).resolve().parents[2] / "data"
# PNP_FUZZ_EXAMPLES=1000 for a long run; the default keeps the file near 20 s
EXAMPLES = int(os.environ.get("PNP_FUZZ_EXAMPLES", "40"))
# the default run is the same every time; a long run (PNP_FUZZ_EXAMPLES set) explores new cases
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize="PNP_FUZZ_EXAMPLES" not in os.environ,
                    database=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                           HealthCheck.data_too_large])

# ------------------------------------------------------------------ documents

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-10**12, max_value=10**12),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=30),
    st.sampled_from(["", "all", "Z99", "A19", "I11", "XYZ", "LON", "SPA/xx", "1en", "5+1", ">21", "7,7,7",
                     "1,2,3", "Stadt Wald", "paare", "voelker", "by-edge", "listed", "right", "army",
                     "twins", "winter", "-1", "0", "1e9", "#zzz"]),
)
values = st.recursive(
    scalars,
    lambda kids: st.one_of(st.lists(kids, max_size=6),
                           st.dictionaries(st.text(string.ascii_lowercase + "_", min_size=1, max_size=8), kids,
                                           max_size=4)),
    max_leaves=12,
)


def _load(path: Path):
    return YAML(typ="safe").load(path.read_text(encoding="utf-8"))


def _dump(doc) -> str:
    buf = StringIO()
    y = YAML(typ="safe")
    y.default_flow_style = None
    y.dump(doc, buf)
    return buf.getvalue()


def _paths(node, prefix=()):
    """Every location in a plain document (the root is ``()``)."""
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, prefix + (i,))


def _get(doc, path):
    for p in path:
        doc = doc[p]
    return doc


OPS = ("replace", "delete", "add-key", "duplicate", "empty", "wrap", "to-string", "negate",
       # edits that often stay valid, so the code behind validation gets odd but legal data
       "scale", "scale", "text", "text")
TEXTS = st.one_of(st.text(max_size=300), st.sampled_from(
    ["", " ", "ÄÖÜ äöü ß „quoted“ – ½ × €", "W" * 200, "a\nb\nc", "Zusätzliche Handlung " * 12]))


@st.composite
def mutated(draw, original):
    """The original document with one to three random edits."""
    doc = copy.deepcopy(original)
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(doc))
        path = draw(st.sampled_from(paths))
        op = draw(st.sampled_from(OPS))
        if not path:
            if op == "replace":
                doc = draw(values)
            continue
        parent, key = _get(doc, path[:-1]), path[-1]
        node = parent[key]
        if op == "replace":
            parent[key] = draw(values)
        elif op == "delete":
            del parent[key]
        elif op == "add-key" and isinstance(node, dict):
            node[draw(st.text(string.ascii_lowercase + "_", min_size=1, max_size=10))] = draw(values)
        elif op == "duplicate" and isinstance(node, list) and node:
            node.append(copy.deepcopy(node[draw(st.integers(0, len(node) - 1))]))
        elif op == "empty" and isinstance(node, (list, dict)):
            node.clear()
        elif op == "wrap":
            parent[key] = [node]
        elif op == "to-string" and not isinstance(node, (list, dict)):
            parent[key] = str(node)
        elif op == "negate" and isinstance(node, (int, float)) and not isinstance(node, bool):
            parent[key] = -node - 1
        elif op == "scale" and isinstance(node, (int, float)) and not isinstance(node, bool):
            factor = draw(st.sampled_from([0, 0.01, 0.1, 0.5, 0.99, 1.01, 1.5, 2, 3, 10]))
            parent[key] = type(node)(node * factor) if isinstance(node, int) else node * factor
        elif op == "text" and isinstance(node, str):
            parent[key] = draw(TEXTS)
    return doc


@st.composite
def corrupted(draw, text: str):
    """The original text with a few characters inserted, deleted or replaced."""
    chars = list(text)
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, max(0, len(chars) - 1)))
        what = draw(st.sampled_from(["insert", "delete", "replace"]))
        c = draw(st.sampled_from(list(":-[]{}#&*!|>'\"\t\n ,?%@`") + ["\u00e4", "\ufeff", "\x85"]))
        if what == "insert":
            chars.insert(i, c)
        elif what == "delete" and chars:
            del chars[i]
        elif chars:
            chars[i] = c
    return "".join(chars)


def documents(path: Path):
    """Mutated documents or corrupted text of a real example file."""
    return st.one_of(mutated(_load(path)).map(_dump), corrupted(path.read_text(encoding="utf-8")))


def _write(tmp_path_factory, text: str, name: str = "doc.yaml") -> Path:
    p = tmp_path_factory.mktemp("fz") / name
    p.write_text(text, encoding="utf-8")
    return p


def _clean_errors(exc: DataErrors) -> None:
    assert exc.problems
    for p in exc.problems:
        assert p.file and p.message, p
        assert "Traceback" not in p.message


def _clean_findings(findings) -> None:
    for f in findings:
        assert isinstance(f, Finding), f
        assert f.rule and f.message and f.severity in ("error", "warning", "info"), f


def _game(name):
    from pnp.model.game import discover

    return discover(DATA)[name]


# ------------------------------------------------------------------ Ordnerstruktur

STRUCTURE = DATA / "ordnerstruktur" / "structures" / "erste-schritte.yaml"


@SETTINGS
@given(text=documents(STRUCTURE), data=st.data())
def test_ordner_structures(tmp_path_factory, fuzz_counts, text, data):
    from pnp.games.ordnerstruktur.scoring import score_path
    from pnp.games.ordnerstruktur.structure import load_structure, violations_of

    fuzz_counts["ordnerstruktur structures"] += 1
    p = _write(tmp_path_factory, text)
    vs = violations_of(p)  # never raises: a list of positioned violations
    for v in vs:
        assert v.rule.startswith("ordner.") and v.message and v.file
    try:
        s = load_structure(p)
    except DataErrors as exc:
        _clean_errors(exc)
        assert vs or exc.problems[0].message == "not a structure"
        return
    assert not vs
    # a random path through a valid structure: scored, or refused with a message
    path = data.draw(st.lists(st.sampled_from(list(s.names) + ["Stadt", "Höhle Stadt", ""]), max_size=13))
    try:
        score_path(s, path)
    except DataErrors as exc:
        _clean_errors(exc)


# ------------------------------------------------------------------ Klin Zha


@lru_cache(maxsize=1)
def _kit():
    from pnp.games.klin_zha.rules import load_kit

    return load_kit(_game("klin-zha"))


LAYOUTS = sorted((DATA / "klin-zha" / "clouds").glob("*.yaml"))


@SETTINGS
@given(which=st.sampled_from(LAYOUTS), data=st.data())
def test_klin_zha_cloud_layouts(tmp_path_factory, fuzz_counts, which, data):
    from pnp.games.klin_zha.check import check_layout
    from pnp.games.klin_zha.sky import load_layout, resolve, steps

    fuzz_counts["klin-zha cloud layouts"] += 1
    kit = _kit()
    p = _write(tmp_path_factory, data.draw(documents(which)), which.name)
    try:
        lay = load_layout(p)
    except DataErrors as exc:
        _clean_errors(exc)
        return
    findings = check_layout(kit.grid(), kit.rules, lay)
    _clean_findings(findings)
    for step in range(steps(lay.model)):
        resolve(kit.grid(), lay.model, step)
    if not [f for f in findings if f.severity == "error"]:
        # a layout the checker passes must draw: the foils' source hands its cells over for every step
        from pnp.games.klin_zha.sources import skies

        recs = skies(_game("klin-zha"), BuildOptions(extra={"layout": str(p)}))
        assert len(recs) == steps(lay.model) and all(len(r["cells"]) == 81 for r in recs)


POSITION = DATA / "klin-zha" / "positions" / "setup-example.yaml"


@SETTINGS
@given(text=documents(POSITION))
def test_klin_zha_positions(tmp_path_factory, fuzz_counts, text):
    from pnp.games.klin_zha.check import check_position
    from pnp.games.klin_zha.sky import load_position
    from pnp.games.klin_zha.sources import view_record

    fuzz_counts["klin-zha positions"] += 1
    kit = _kit()
    p = _write(tmp_path_factory, text)
    try:
        pos = load_position(p)
    except DataErrors as exc:
        _clean_errors(exc)
        return
    _clean_findings(check_position(kit, pos, kit.layouts))
    try:
        for side in ("green", "gold"):
            assert view_record(kit, p, side, "de")["cells"]
    except DataErrors as exc:
        _clean_errors(exc)


@SETTINGS
@given(text=documents(DATA / "klin-zha" / "rules.yaml"))
def test_klin_zha_rules(tmp_path_factory, fuzz_counts, text):
    from pnp.games.klin_zha.sky import load_rules

    fuzz_counts["klin-zha rules"] += 1
    try:
        load_rules(_write(tmp_path_factory, text))
    except DataErrors as exc:
        _clean_errors(exc)


# ------------------------------------------------------------------ Rather Silly Diplomacy


@lru_cache(maxsize=1)
def _board():
    from pnp.games.rather_silly.mapdata import load_board

    return load_board(DATA / "rather-silly" / "map.yaml")


STATE = DATA / "rather-silly" / "examples" / "state-1905-autumn.yaml"


@SETTINGS
@given(text=documents(STATE))
def test_rather_silly_states(tmp_path_factory, fuzz_counts, text):
    from pnp.games.rather_silly.position import markers
    from pnp.games.rather_silly.state import load_state
    from pnp.games.rather_silly.state_rules import check_state_file

    fuzz_counts["rather-silly game states"] += 1
    p = _write(tmp_path_factory, text)
    findings = check_state_file(_board(), p)  # schema problems come back as findings
    _clean_findings(findings)
    try:
        st_ = load_state(p)
    except DataErrors as exc:
        _clean_errors(exc)
        assert any(f.rule == "rs.state.schema" for f in findings)
        return
    markers(_board(), st_, "de")  # what position.yaml draws (`pnp build rather-silly -o state=FILE`)


@settings(SETTINGS, max_examples=max(1, EXAMPLES // 5))  # 13 KB per case
@given(text=documents(DATA / "rather-silly" / "map.yaml"))
def test_rather_silly_map(tmp_path_factory, fuzz_counts, text):
    from pnp.games.rather_silly.checker import check_map_file

    fuzz_counts["rather-silly map"] += 1
    _clean_findings(check_map_file(_write(tmp_path_factory, text, "map.yaml")))


# ------------------------------------------------------------------ 18-Kniffel


@lru_cache(maxsize=1)
def _sheet():
    from pnp.games.kniffel.tally import load_sheet

    return load_sheet(DATA / "18-kniffel" / "bilanz.yaml")


BILANZ = DATA / "18-kniffel" / "examples" / "maria.yaml"


@SETTINGS
@given(text=documents(BILANZ), partial=st.booleans())
def test_kniffel_tallies(tmp_path_factory, fuzz_counts, text, partial):
    from pnp.games.kniffel.tally import tally_file

    fuzz_counts["18-kniffel tallies"] += 1
    try:
        t = tally_file(_write(tmp_path_factory, text), _sheet(), partial=partial)
    except DataErrors as exc:
        _clean_errors(exc)
        return
    assert isinstance(t.total, int)


@settings(SETTINGS, max_examples=max(1, EXAMPLES // 2))
@given(text=documents(DATA / "18-kniffel" / "bilanz.yaml"))
def test_kniffel_sheets(tmp_path_factory, fuzz_counts, text):
    """A mutated Bilanz that is still a valid score sheet: the game's checker and the
    tally must answer with findings or DataErrors, never crash on the odd sheet."""
    from pnp.games.kniffel.rules import check_sheet
    from pnp.games.kniffel.tally import tally_file
    from pnp.layout.kinds import load_doc

    fuzz_counts["18-kniffel sheets"] += 1
    try:
        kind, sheet = load_doc(_write(tmp_path_factory, text, "bilanz.yaml"))
    except DataErrors as exc:
        _clean_errors(exc)
        return
    if kind != "score-sheet":
        return
    _clean_findings(check_sheet(sheet))
    try:
        tally_file(BILANZ, sheet)
    except DataErrors as exc:
        _clean_errors(exc)


# ------------------------------------------------------------------ Kafkas Halle

KH = DATA / "kafkas-halle"
KH_FILES = ["deck.yaml", "board.yaml", "symbols.yaml"]


@SETTINGS
@example(text="- {piece: sperre, at: d1}\n")  # a state that is a list (crashed before e71621d)
@given(text=documents(KH / "board.yaml"))
def test_kafkas_halle_states(tmp_path_factory, fuzz_counts, text):
    """`pnp check kafkas-halle --state FILE`: a position is a board file in play."""
    from pnp.games.kafkas_halle import check

    fuzz_counts["kafkas-halle states"] += 1
    try:
        _clean_findings(check(_game("kafkas-halle"), _write(tmp_path_factory, text, "state.yaml")))
    except DataErrors as exc:
        _clean_errors(exc)


def _check_kh_copy(tmp_path_factory, which: str, text: str) -> None:
    import shutil

    from pnp.model.game import discover
    from pnp.games.kafkas_halle import check

    root = tmp_path_factory.mktemp("kh")
    shutil.copytree(KH, root / "kafkas-halle")
    (root / "kafkas-halle" / which).write_text(text, encoding="utf-8")
    try:
        _clean_findings(check(discover(root)["kafkas-halle"]))
    except DataErrors as exc:
        _clean_errors(exc)


@SETTINGS
@given(case=st.one_of(*(st.tuples(st.just(name), documents(KH / name)) for name in KH_FILES)))
def test_kafkas_halle_game_files(tmp_path_factory, fuzz_counts, case):
    """A copy of the game with its deck, board or symbols mutated: the checker (which compares
    them with the seed facts) answers with findings or DataErrors."""
    fuzz_counts["kafkas-halle game files"] += 1
    _check_kh_copy(tmp_path_factory, *case)


@SETTINGS
@example(text="seed: 000_b69832241c10d319.txt\nsetup: {}\n")  # crashed with KeyError 'deck' before facts.py
@given(text=documents(Path(__file__).resolve().parents[1] / "games" / "old" / "kafkas-halle-seed-facts.yaml"))
def test_kafkas_halle_seed_facts(tmp_path_factory, fuzz_counts, text):
    """An old copy of the facts left in the data folder, mutated: compared with the facts, never a crash."""
    fuzz_counts["kafkas-halle seed facts"] += 1
    _check_kh_copy(tmp_path_factory, "seed-facts.yaml", text)
