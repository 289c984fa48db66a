"""`pnp ordner ...`: score, solve, random, multi; JSON shapes and exit codes."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.games.ordnerstruktur.cli import app
from pnp.games.ordnerstruktur.structure import load_structure, violations_of

DATA = Path(__file__).resolve().parents[2] / "data" / "ordnerstruktur" / "structures"
ERSTE = str(DATA / "erste-schritte.yaml")
VIER = str(DATA / "vier-voelker.yaml")
PATH = ("Stadt Höhle,Stadt Wald,Wald Wüste,Stadt Wald,Stadt Höhle,Stadt Wald,Stadt Wüste,Wald Wüste,"
        "Stadt Wald,Stadt Höhle,Wald Höhle")
runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args))


def test_score_json():
    r = run("score", ERSTE, PATH, "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["score"] == 21 and out["struck"] == ["Stadt–Wüste", "Wald–Wüste"]
    assert out["accounts"]["Stadt–Höhle"] is None and out["accounts"]["Wald–Höhle"] == 18


def test_score_text_marks_struck_and_unused():
    r = run("score", ERSTE, PATH)
    assert r.exit_code == 0
    assert "score: 21" in r.stdout and "no entry" in r.stdout and "struck" in r.stdout


def test_bad_path_lists_every_problem_exit_2():
    r = run("score", ERSTE, "Stadt Wald,Stadt Wald,Wüste Höhle,Foo")
    assert r.exit_code == 2
    assert r.stderr.count("PATH:") == 4 and "4 problem(s)" in r.stderr


def test_a_step_the_rules_forbid_is_a_rule_finding_exit_1():
    """"Dann streicht er ein Volk aus dem Namen der Datei und fügt ein neues Volk hinzu ... (Nicht
    denselben Namen und nicht den Namen mit den anderen beiden Völkern)": a well-formed path with such
    a step breaks a rule of the game (exit 1, the passage cited), in `score` and in `multi`."""
    names = PATH.split(",")
    same = ",".join([names[0], names[0]] + names[2:])
    other = ",".join(["Stadt Wald", "Wüste Höhle"] + names[2:])
    for path, why in ((same, "keeps the same name"), (other, "swaps both peoples")):
        r = run("score", ERSTE, path)
        assert r.exit_code == 1, r.output
        assert why in r.stderr and "§Spielablauf" in r.stderr and "nothing was scored" in r.stderr
        assert run("multi", "--play", f"{ERSTE}={PATH}", "--play", f"{ERSTE}={path}").exit_code == 1
    # a malformed path stays a usage problem, also when it breaks a rule as well
    assert run("score", ERSTE, ",".join(names[:10])).exit_code == 2
    assert run("score", ERSTE, same.replace(names[-1], "Foo")).exit_code == 2


def test_bad_structure_exit_2_with_positions(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(Path(ERSTE).read_text(encoding="utf-8").replace("[ 5,  0, 10,", "[-5,  0, 10,"), encoding="utf-8")
    r = run("solve", str(bad))
    assert r.exit_code == 2
    assert f"{bad}:8:6: subfolder 1, file 'Stadt Wald': -5 is negative" in r.stderr
    assert "190 Machtpunkte in all" in r.stderr and "2 problem(s)" in r.stderr


def test_solve_json_voelker_and_histogram_table():
    r = run("solve", VIER, "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["paths"] == 236_196 == sum(out["histogram"].values())
    assert out["histogram"][str(out["best"])] == out["optimal_paths"] and len(out["best_path"]) == 11
    r = run("solve", VIER)
    assert "236,196 paths" in r.stdout and f"best score {out['best']}" in r.stdout


@pytest.mark.parametrize("variant", ["paare", "voelker"])
def test_random_is_valid_and_deterministic(tmp_path, variant):
    texts = []
    for seed in (1, 2, 3, 1):
        out = tmp_path / f"r{seed}-{variant}.yaml"
        r = run("random", "--seed", str(seed), "--variant", variant, "--out", str(out))
        assert r.exit_code == 0, r.output
        assert violations_of(out) == []
        texts.append(out.read_text(encoding="utf-8"))
        assert load_structure(out).variant == variant
    assert texts[0] == texts[3] and texts[0] != texts[1]


def test_random_rejects_unknown_variant():
    assert run("random", "--seed", "1", "--variant", "drei").exit_code == 2


def test_multi_players_json():
    p2 = "Stadt,Wald,Stadt,Wüste,Höhle,Stadt,Wüste,Höhle,Wald,Wüste,Stadt"
    r = run("multi", "--play", f"{ERSTE}={PATH}", "--play", f"{VIER}={p2}", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    totals = out["totals"]
    p1 = out["players"][0]["accounts"]
    assert p1["Stadt–Wüste"] == 24 and totals["Stadt–Wüste"] == 24 + out["players"][1]["accounts"]["Stadt–Wüste"]
    assert run("multi", "--play", f"{ERSTE}=Stadt Wald").exit_code == 2


def test_solve_writes_histogram_pdf(tmp_path):
    from pypdf import PdfReader

    out = tmp_path / "h.pdf"
    r = run("solve", VIER, "--histogram", str(out))
    assert r.exit_code == 0, r.output
    text = PdfReader(str(out)).pages[0].extract_text()
    assert "Vier Völker" in text and "236" in text
    assert run("solve", VIER, "--histogram", str(tmp_path / "h.txt")).exit_code == 2


def test_solve_writes_histogram_svg_and_png(tmp_path):
    import xml.etree.ElementTree as ET

    from PIL import Image

    svg, png = tmp_path / "h.svg", tmp_path / "h.png"
    assert run("solve", VIER, "--histogram", str(svg), "--lang", "en").exit_code == 0
    root = ET.parse(svg).getroot()
    assert root.get("width") == "180mm" and root.get("height") == "100mm"
    ns = "{http://www.w3.org/2000/svg}"
    words = " ".join(t.text or "" for t in root.iter(f"{ns}text"))
    assert "236,196 paths" in words and "best score" in words
    out = json.loads(run("solve", VIER, "--json").stdout)
    reds = [r for r in root.iter(f"{ns}rect") if r.get("fill") == "#c81e1e"]
    assert len(reds) == 1  # the best score's bar
    assert run("solve", VIER, "--histogram", str(png)).exit_code == 0
    im = Image.open(png)
    assert abs(im.size[0] - 180 / 25.4 * 150) <= 2 and abs(im.size[1] - 100 / 25.4 * 150) <= 2
    assert out["best"] > 0
