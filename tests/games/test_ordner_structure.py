"""Structure files: every rule of the seed's Spielvorbereitung, good and broken data."""
from __future__ import annotations

from pathlib import Path

import pytest

from pnp.load.errors import DataErrors
from pnp.games.ordnerstruktur.model import CANONICAL, SEED
from pnp.games.ordnerstruktur.structure import dump_yaml, load_structure, violations_of

DATA = Path(__file__).resolve().parents[2] / "data" / "ordnerstruktur" / "structures"
PAARE = list(CANONICAL["paare"])
VOELKER = list(CANONICAL["voelker"])


def good_grid() -> list[list]:
    return [[5, 0, 10, 0, 3, 2], [0, 8, 0, 12, 0, 0], [4, 4, 4, 4, 4, 0], [0, 0, 25, 0, 0, 5],
            [10, 0, 0, 0, 10, 0], [0, 15, 0, 0, 0, 0], [3, 3, 3, 3, 3, 0], [0, 0, 0, 20, 0, 5],
            [8, 0, 2, 0, 0, 10], [0, 5, 0, 0, 10, 0]]


def write(tmp_path: Path, rows, names=None, variant="paare", extra: str = "") -> Path:
    """Line 1 title, 2 author, 3 variant, 4 names, 5 'rows:', row i (0-based) on line 6 + i."""
    names = PAARE if names is None else names
    fmt = lambda v: str(v).lower() if isinstance(v, bool) else (repr(v) if isinstance(v, str) else str(v))  # noqa: E731
    text = (f"title: Test\nauthor: Tester\nvariant: {variant}\nnames: [{', '.join(map(str, names))}]\nrows:\n"
            + "".join("  - [" + ", ".join(fmt(x) for x in r) + "]\n" for r in rows) + extra)
    p = tmp_path / "s.yaml"
    p.write_text(text, encoding="utf-8")
    return p


def rules(path: Path) -> list[str]:
    return [v.rule for v in violations_of(path)]


def test_shipped_structures_are_valid_and_cover_both_variants():
    files = sorted(DATA.glob("*.yaml"))
    variants = set()
    for f in files:
        s = load_structure(f)
        assert sum(s.row_sums) == 200 and max(s.row_sums) <= 60 and max(s.column_sums) <= 100
        variants.add(s.variant)
    assert variants == {"paare", "voelker"}


def test_good_grid_loads_with_names_in_any_column_order(tmp_path):
    grid = good_grid()
    order = [3, 0, 5, 1, 4, 2]
    p = write(tmp_path, [[r[j] for j in order] for r in grid], names=[PAARE[j] for j in order])
    s = load_structure(p)
    assert s.points(4, "Stadt Höhle") == 25 and s.points(8, "Wald Wüste") == 20
    assert dict(zip(s.names, s.column_sums))["Stadt Höhle"] == 44


def test_negative_number_is_reported_with_subfolder_file_and_position(tmp_path):
    g = good_grid()
    g[2][1], g[2][0] = -4, 12  # keeps the total at 200
    p = write(tmp_path, g)
    vs = violations_of(p)
    assert [v.rule for v in vs] == ["ordner.non-negative"]
    v = vs[0]
    assert (v.line, v.col) == (8, 10) and "subfolder 3" in v.object and "Stadt Wüste" in v.object
    with pytest.raises(DataErrors) as exc:
        load_structure(p)
    assert str(exc.value).startswith(f"{p}:8:10: subfolder 3, file 'Stadt Wüste': -4") and SEED in str(exc.value)


@pytest.mark.parametrize("bad", [2.5, 3.0, True, "7", None])
def test_cells_must_be_whole_numbers(tmp_path, bad):
    g = good_grid()
    g[6][2] = bad
    p = write(tmp_path, g)
    assert rules(p) == ["ordner.whole-number"]
    assert violations_of(p)[0].line == 12


def test_zero_is_allowed_everywhere_it_keeps_the_sums(tmp_path):
    g = good_grid()
    g[0] = [0, 0, 0, 0, 0, 0]
    g[5][1] += 20  # row 6: 35
    assert rules(write(tmp_path, g)) == []


@pytest.mark.parametrize("delta", [+1, -1, -200])
def test_total_must_be_exactly_200(tmp_path, delta):
    g = good_grid()
    if delta == -200:
        g = [[0] * 6 for _ in range(10)]
    else:
        g[9][1] += delta
    vs = violations_of(write(tmp_path, g))
    assert [v.rule for v in vs] == ["ordner.total"]
    assert str(200 + delta if delta != -200 else 0) in vs[0].message


def test_subfolder_limit_60(tmp_path):
    g = [[0] * 6 for _ in range(10)]
    g[0] = [20, 20, 21, 0, 0, 0]  # 61
    for i in range(1, 10):
        g[i] = [0, 0, 0, 5, 5, 5]
    g[1][3] += 4  # total 200, columns <= 100
    vs = violations_of(write(tmp_path, g))
    assert [v.rule for v in vs] == ["ordner.subfolder-limit"]
    assert vs[0].object == "subfolder 1" and "61" in vs[0].message and vs[0].line == 6
    g[0] = [20, 20, 20, 0, 0, 0]
    g[1][3] += 1  # exactly 60 is fine
    assert rules(write(tmp_path, g)) == []


def test_name_limit_100(tmp_path):
    g = [[0] * 6 for _ in range(10)]
    for i in range(7):
        g[i][0] = 15  # Stadt Wald: 105
    g[7][1], g[8][2], g[9][3] = 35, 30, 30
    vs = violations_of(write(tmp_path, g))
    assert [v.rule for v in vs] == ["ordner.name-limit"]
    assert "Stadt Wald" in vs[0].object and "105" in vs[0].message and vs[0].line == 4
    g[6][0], g[7][1] = 10, 40  # exactly 100
    assert rules(write(tmp_path, g)) == []


def test_subfolder_11_carries_no_numbers(tmp_path):
    g = good_grid() + [[0, 0, 0, 0, 0, 0]]
    vs = violations_of(write(tmp_path, g))
    assert [v.rule for v in vs] == ["ordner.subfolder-11"] and vs[0].line == 16
    assert "subfolder 11" in vs[0].object


def test_too_few_subfolders_and_wrong_row_length(tmp_path):
    g = good_grid()
    g[4] = g[4] + [0]
    vs = violations_of(write(tmp_path, g[:9]))
    assert sorted(v.rule for v in vs) == ["ordner.rows", "ordner.rows"]
    assert any("expected 10" in v.message for v in vs) and any("subfolder 5" == v.object for v in vs)


def test_names_must_be_the_six_pairs_each_once(tmp_path):
    names = ["Stadt Wald", "Wüste Stadt", "Stadt Höhle", "Wald Wüste", "Wald Höhle", "Wald Höhle"]
    vs = violations_of(write(tmp_path, good_grid(), names=names))
    msgs = " | ".join(v.message for v in vs)
    assert [v.rule for v in vs] == ["ordner.names"] * 3
    assert "'Stadt Wüste'" in msgs and "listed twice" in msgs and "'Wüste Höhle'" in msgs


def test_voelker_variant_names_are_the_four_peoples(tmp_path):
    rows = [[5, 5, 5, 5]] * 10
    assert rules(write(tmp_path, rows, names=VOELKER, variant="voelker")) == []
    vs = violations_of(write(tmp_path, rows, names=["Stadt", "Wald", "Wüste", "Stadt Wald"], variant="voelker"))
    assert [v.rule for v in vs] == ["ordner.names", "ordner.names"]
    # pair names do not belong to the simplified variant and vice versa
    assert "ordner.names" in rules(write(tmp_path, rows, names=VOELKER, variant="paare"))


def test_schema_keys_unknown_missing_and_bad_variant(tmp_path):
    p = tmp_path / "s.yaml"
    p.write_text("title: X\nvariant: sechs\ncolour: red\nnames: []\nrows: []\n", encoding="utf-8")
    msgs = [str(v.problem()) for v in violations_of(p)]
    joined = "\n".join(msgs)
    assert "missing required key 'author'" in joined and "unknown key 'colour'" in joined
    assert "'variant'" in joined and f"{p}:3:1" in joined


def test_every_violation_in_one_report(tmp_path):
    g = good_grid() + [[1] * 6]
    g[0][0] = -5
    g[3][1] = "viel"
    p = write(tmp_path, g, names=PAARE[:5] + ["Wüste Stadt"], extra="farbe: rot\n")
    with pytest.raises(DataErrors) as exc:
        load_structure(p)
    lines = [pr.line for pr in exc.value.problems]
    assert lines == sorted(lines)
    text = str(exc.value)
    for needle in ("unknown key 'farbe'", "'Wüste Stadt'", "-5 is negative", "'viel' is not a whole number",
                   "subfolder 11"):
        assert needle in text
    assert all(SEED in str(pr) for pr in exc.value.problems)


def test_yaml_syntax_error_is_a_violation_not_a_traceback(tmp_path):
    p = tmp_path / "s.yaml"
    p.write_text("title: [unclosed\n", encoding="utf-8")
    vs = violations_of(p)
    assert vs and vs[0].rule == "ordner.yaml" and vs[0].line >= 1


def test_dump_yaml_round_trips(tmp_path):
    s = load_structure(DATA / "erste-schritte.yaml")
    p = tmp_path / "again.yaml"
    p.write_text(dump_yaml(s), encoding="utf-8")
    t = load_structure(p)
    assert (t.rows, t.names, t.title, t.variant) == (s.rows, s.names, s.title, s.variant)


def test_the_game_check_holds_every_shipped_structure_and_the_one_given(tmp_path):
    import shutil

    from pnp.games.ordnerstruktur.rules import check
    from pnp.model.game import discover

    folder = tmp_path / "data" / "ordnerstruktur"
    shutil.copytree(DATA.parent, folder)
    game = discover(tmp_path / "data")["ordnerstruktur"]
    assert check(game) == []
    g = good_grid()
    g[9][1] += 1
    state = write(tmp_path, g)
    assert [(f.rule, f.where.split(":")[0].rsplit("/", 1)[-1]) for f in check(game, state)] == [("ordner.total", "s.yaml")]
    (folder / "structures" / "zz.yaml").write_text(state.read_text(encoding="utf-8"), encoding="utf-8")
    assert [(f.rule, f.where.split(":")[0].rsplit("/", 1)[-1]) for f in check(game)] == [("ordner.total", "zz.yaml")]
    assert [(f.rule, f.where.split(":")[0].rsplit("/", 1)[-1]) for f in check(game, state)] == [
        ("ordner.total", "zz.yaml"), ("ordner.total", "s.yaml")]  # every file's findings, the state's last
    for p in (folder / "structures").glob("*.yaml"):
        p.unlink()
    assert [(f.rule, f.severity, f.message) for f in check(game)] == [
        ("ordner.structures", "warning", f"no structure files in {folder / 'structures'}")]
