"""Tally of a filled Bilanz and the 18-Kniffel checker, on good and broken data."""
import shutil
from pathlib import Path

import pytest

from pnp.load.errors import DataErrors
from pnp.model.game import discover
from pnp.games.kniffel.rules import check
from pnp.games.kniffel.scoring import LABELS
from pnp.games.kniffel.tally import load_sheet, tally_file

ROOT = Path(__file__).resolve().parents[2]
GAME_DIR = ROOT / "data" / "18-kniffel"

# One set per Vorgabe; the Bonusblock has four of each number -> exactly 84.
BONUS_SETS = {"1en": "1,1,1,1,2,3", "2en": "2,2,2,2,1,3", "3en": "3,3,3,3,1,2",
              "4en": "4,4,4,4,1,2", "5en": "5,5,5,5,1,2", "6en": "6,6,6,6,1,2"}
OTHER_SETS = {"6+0": "3,3,3,3,3,3",  # 18
              "5+1": "1,1,2,2,3,5",  # -14
              "4+2": "4,4,4,4,2,2",  # 20
              "3+3": "3,3,3,5,5,5",  # 24
              "2+2+2": "1,1,2,2,3,3",  # 12
              ">21": "6,6,6,2,1,1",  # 22
              "1-6": "1,2,3,4,5,6",  # 21
              "1-5": "1,2,3,4,5,5",  # 20
              "2-6": "2,3,4,5,6,6",  # 26
              "2,4,6": "2,2,4,4,6,6",  # 24
              "1,3,5": "1,3,5,5,5,6",  # -25
              "<21": "1,2,3,4,5,6"}  # -21 (sum exactly 21)


def write(tmp_path, sets, extra=""):
    lines = ["player: Test", "sets:"]
    for lab, dice in sets.items():
        lines.append(f'  - {{vorgabe: "{lab}", dice: "{dice}"}}')
    p = tmp_path / "filled.yaml"
    p.write_text("\n".join(lines) + "\n" + extra)
    return p


def test_tally_with_bonus(tmp_path):
    t = tally_file(write(tmp_path, {**BONUS_SETS, **OTHER_SETS}))
    v = t.values
    assert v["bonus-sum"] == 84 and v["bonus"] == 36 and v["bonus-total"] == 120
    assert v["pasch-total"] == 18 - 14 + 20 + 24 + 12 + 22
    assert v["strassen-total"] == 21 + 20 + 26 + 24 - 25 - 21
    assert t.total == 120 + 82 + 45 and not t.missing and not t.mismatches


def test_tally_without_bonus_one_point_short(tmp_path):
    sets = {**BONUS_SETS, "1en": "1,1,1,2,2,3", **OTHER_SETS}  # three 1s: 83
    t = tally_file(write(tmp_path, sets))
    assert t.values["bonus-sum"] == 83 and t.values["bonus"] == 0
    assert t.total == 83 + 82 + 45


def test_vorgabe_used_twice_is_an_error_with_its_line(tmp_path):
    sets = dict(OTHER_SETS)
    p = write(tmp_path, {**BONUS_SETS, **sets})
    text = p.read_text().replace('vorgabe: "4+2"', 'vorgabe: "5+1"')
    p.write_text(text)
    with pytest.raises(DataErrors) as exc:
        tally_file(p)
    msg = str(exc.value)
    line = text.splitlines().index(next(ln for ln in text.splitlines() if '"5+1", dice: "4,4,4,4,2,2"' in ln)) + 1
    assert f"filled.yaml:{line}:" in msg and "5+1 is used twice" in msg


@pytest.mark.parametrize("dice,msg", [("1,2,3,4,5", "exactly 6 dice"), ("1,2,3,4,5,9", "not a die face")])
def test_set_that_is_not_six_dice(tmp_path, dice, msg):
    p = write(tmp_path, {**BONUS_SETS, **OTHER_SETS, "2-6": dice})
    with pytest.raises(DataErrors, match=msg):
        tally_file(p)


def test_missing_vorgaben_unless_partial(tmp_path):
    p = write(tmp_path, BONUS_SETS)
    with pytest.raises(DataErrors, match="missing 12 of 18"):
        tally_file(p)
    t = tally_file(p, partial=True)
    assert t.missing == list(LABELS[6:]) and t.values["bonus"] == 36


def test_written_points_that_do_not_add_up(tmp_path):
    p = write(tmp_path, {**BONUS_SETS, **OTHER_SETS}, "total: 250\n")
    p.write_text(p.read_text().replace('dice: "1,1,2,2,3,5"}', 'dice: "1,1,2,2,3,5", points: 14}'))
    t = tally_file(p)
    assert len(t.mismatches) == 2
    assert "5+1 1,1,2,2,3,5 scores -14, the sheet says 14" in t.mismatches[0]
    assert "total is 247, the sheet says 250" in t.mismatches[1]


# ------------------------------------------------------------ checker

@pytest.fixture()
def game_copy(tmp_path):
    shutil.copytree(GAME_DIR, tmp_path / "18-kniffel")
    return tmp_path


def run_check(data_dir, state=None):
    return check(discover(data_dir)["18-kniffel"], state)


def test_shipped_data_passes():
    findings = run_check(ROOT / "data")
    assert findings == []


def test_state_file_is_tally_checked(game_copy, tmp_path):
    good = write(tmp_path, {**BONUS_SETS, **OTHER_SETS}, "total: 247\n")
    assert run_check(game_copy, good) == []
    bad = write(tmp_path, {**BONUS_SETS, **OTHER_SETS}, "total: 240\n")
    f = run_check(game_copy, bad)
    assert [x.rule for x in f] == ["kniffel.arithmetic"] and "247" in f[0].message
    twice = tmp_path / "twice.yaml"
    twice.write_text(good.read_text().replace('"<21"', '">21"'))
    f = run_check(game_copy, twice)
    assert any(x.rule == "kniffel.bilanz" and "used twice" in x.message and x.where for x in f)


BREAKS = {
    "bonus 66": ("points: 36 ", "points: 66 ", "kniffel.bonus", "36 points at 84"),
    "threshold 63": ("at_least: 84", "at_least: 63", "kniffel.bonus", "36 points at 84"),
    "renamed Vorgabe": ("- {id: 1-6, label: 1-6,", "- {id: 1-7, label: 1-6,", "kniffel.vorgaben",
                        "missing 1-6; not a Vorgabe: 1-7"),
    "total misses a block": ("sum: [bonus-total, pasch-total, strassen-total]", "sum: [bonus-total, pasch-total]",
                             "kniffel.total", "every Vorgabe once"),
    "bonus on the wrong row": ("of: bonus-sum", "of: 6en", "kniffel.bonus", "1en..6en each once"),
}


@pytest.mark.parametrize("case", BREAKS, ids=list(BREAKS))
def test_broken_bilanz_is_caught(game_copy, case):
    old, new, rule, msg = BREAKS[case]
    p = game_copy / "18-kniffel" / "bilanz.yaml"
    text = p.read_text()
    assert old in text
    p.write_text(text.replace(old, new, 1))
    f = run_check(game_copy)
    assert any(x.rule == rule and msg in x.message and x.severity == "error" for x in f), f


def test_vorgaben_moved_between_blocks(game_copy):
    p = game_copy / "18-kniffel" / "bilanz.yaml"
    text = p.read_text()
    line = next(ln for ln in text.splitlines() if ln.strip().startswith("- {id: \">21\""))
    text = text.replace(line + "\n", "")
    text = text.replace("      - {id: 1-6,", line + "\n      - {id: 1-6,")
    p.write_text(text)
    f = run_check(game_copy)
    assert any(x.rule == "kniffel.blocks" and "paschblock" in x.object for x in f)


def test_sheet_loads_as_the_tally_uses_it():
    sheet = load_sheet()
    assert [r.id for r in sheet.entries] == list(LABELS)


def test_vorgaben_out_of_order(game_copy):
    p = game_copy / "18-kniffel" / "bilanz.yaml"
    lines = p.read_text().splitlines(keepends=True)
    i = next(k for k, ln in enumerate(lines) if ln.strip().startswith("- {id: 1en,"))
    lines[i], lines[i + 1] = lines[i + 1], lines[i]
    p.write_text("".join(lines))
    f = run_check(game_copy)
    assert any(x.rule == "kniffel.vorgaben" and "order is 2en 1en 3en" in x.message for x in f)


def test_shipped_example_adds_up_and_ends_with_the_seed_turn():
    t = tally_file(GAME_DIR / "examples" / "maria.yaml")
    assert not t.mismatches and not t.missing and t.total == 326
    last = {ln.vorgabe: ln.points for ln in t.lines[-3:]}
    assert last == {"1-5": 20, "6en": 30, "5+1": -14}
    roll = sorted(d for ln in t.lines[-3:] for d in ln.dice)
    assert roll == [1, 1, 1, 2, 2, 2, 3, 3, 4, 5, 5, 5, 5, 6, 6, 6, 6, 6]
    assert t.values["bonus-sum"] - 30 == 62  # what Maria had before her last turn
