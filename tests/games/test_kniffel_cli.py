"""`pnp kniffel score|tally|best` through typer's test runner: output and exit codes."""
import json

import pytest
from typer.testing import CliRunner

from pnp.games.kniffel.cli import app

MARIA = "1,1,1,2,2,2,3,3,4,5,5,5,5,6,6,6,6,6"
runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args))


@pytest.mark.parametrize("dice,label,points,ok", [
    ("1,2,3,4,5,5", "1-5", 20, True), ("1,1,2,2,3,5", "5+1", -14, False), ("4,4,4,4,2,2", "4+2", 20, True),
    ("3,3,3,5,5,5", "3+3", 24, True), ("1,2,3,4,5,6", "<21", -21, False), ("1,2,3,4,5,6", ">21", -21, False),
    ("3,3,3,3,5,5", "5en", 10, True), ("3,3,3,3,5,5", "6en", 0, False)])
def test_score_json(dice, label, points, ok):
    r = run("score", dice, label, "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output) == {"points": points, "fulfilled": ok}
    r = run("score", dice, label)
    assert r.exit_code == 0 and r.output.strip() == str(points)


@pytest.mark.parametrize("args,msg", [
    (("score", "1,2,3,4,5", "1-5"), "exactly 6 dice"), (("score", "1,2,3,4,5,7", "1-5"), "not a die face"),
    (("score", "1,2,3,4,5,6", "7en"), "unknown Vorgabe"),
    (("best", MARIA, "--open", "6en", "--open", "5+1"), "three Vorgaben"),
    (("best", "1,2,3", "--open", "6en 5+1 1-5"), "exactly 18 dice"),
    (("best", MARIA, "--open", "6en 5+1 1-5", "--bonus-so-far", "100"), "impossible"),
])
def test_invalid_input_exits_2_with_a_message(args, msg):
    r = run(*args)
    assert r.exit_code == 2
    assert msg in r.output  # CliRunner mixes stderr into output
    assert "Traceback" not in r.output


def test_best_json_reproduces_the_seed_example():
    r = run("best", MARIA, "--open", "6en", "--open", "Fünferpasch", "--open", "1-5", "--bonus-so-far", "62",
            "--json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    top = d["options"][0]
    assert top["rank"] == 1 and top["total"] == 36 and top["bonus"]["status"] == "secured"
    assert sorted((s["vorgabe"], s["points"], tuple(s["dice"])) for s in top["sets"]) == [
        ("1-5", 20, (1, 2, 3, 4, 5, 5)), ("5+1", -14, (1, 1, 2, 2, 3, 5)), ("6en", 30, (5, 6, 6, 6, 6, 6))]
    alt = d["best_without_bonus"]
    assert alt["total"] == 55 and alt["bonus"]["status"] == "missed"
    assert sorted(s["points"] for s in alt["sets"]) == [0, 20, 35]
    assert len(d["options"]) == 5 and d["final_turn"] is True


def test_best_text_shows_both_choices():
    r = run("best", MARIA, "--open", "6en 5+1 1-5", "-b", "62", "--top", "1")
    assert r.exit_code == 0
    assert "30 − 14 + 20 = 36" in r.output and "bonus secured" in r.output
    assert "best without the bonus: 0 + 35 + 20 = 55" in r.output


def test_tally_exit_codes(tmp_path):
    sets = {"1en": "1,1,1,1,2,3", "2en": "2,2,2,2,1,3", "3en": "3,3,3,3,1,2", "4en": "4,4,4,4,1,2",
            "5en": "5,5,5,5,1,2", "6en": "6,6,6,6,1,2", "6+0": "3,3,3,3,3,3", "5+1": "1,1,2,2,3,5",
            "4+2": "4,4,4,4,2,2", "3+3": "3,3,3,5,5,5", "2+2+2": "1,1,2,2,3,3", ">21": "6,6,6,2,1,1",
            "1-6": "1,2,3,4,5,6", "1-5": "1,2,3,4,5,5", "2-6": "2,3,4,5,6,6", "2,4,6": "2,2,4,4,6,6",
            "1,3,5": "1,3,5,5,5,6", "<21": "1,2,3,4,5,6"}
    body = "sets:\n" + "".join(f'  - {{vorgabe: "{k}", dice: "{v}"}}\n' for k, v in sets.items())
    good = tmp_path / "good.yaml"
    good.write_text(body)
    r = run("tally", str(good), "--json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["total"] == 247 and d["sums"]["bonus"] == 36
    r = run("tally", str(good))
    assert r.exit_code == 0 and "Gesamt" in r.output and "247" in r.output
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(body + "total: 200\n")
    r = run("tally", str(wrong))
    assert r.exit_code == 1 and "total is 247, the sheet says 200" in r.output
    twice = tmp_path / "twice.yaml"
    twice.write_text(body.replace('"<21"', '"1-6"'))
    r = run("tally", str(twice))
    assert r.exit_code == 2 and "twice.yaml:19:" in r.output and "used twice" in r.output
    r = run("tally", str(tmp_path / "nope.yaml"))
    assert r.exit_code == 2 and "file not found" in r.output
