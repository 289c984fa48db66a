"""Every game's rules are registered by id with a citation of its rule document:
`pnp check --list-rules` shows them, good data passes them, broken data trips them by id,
and each finding carries the citation of the rule that made it."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli.main import app
from pnp.model.game import discover
from pnp.load.paths import DEFAULT_DATA

# the five games pnp ships: those whose rules are pnp's own (a game a user scaffolded into data/
# is not one of them, so the tests do not depend on a clean working tree)
GAMES = sorted(n for n, g in discover(DEFAULT_DATA).items() if (g.manifest.rules or "").startswith("pnp.games."))
BAD = Path(__file__).resolve().parents[1] / "bad"


def run(*args: str):
    res = CliRunner().invoke(app, list(args))
    assert "Traceback" not in res.output, res.output
    return res


@pytest.fixture(scope="module")
def listing(tmp_path_factory) -> dict:
    data = tmp_path_factory.mktemp("shipped")
    for game in GAMES:
        shutil.copytree(DEFAULT_DATA / game, data / game)
    res = run("check", "--list-rules", "all", "--json", "--data", str(data))
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


# the title each game's citations name its rule document by
TITLES = {"18-kniffel": "18-Kniffel", "kafkas-halle": "Kafkas Halle", "klin-zha": "Clouded Klin Zha",
          "ordnerstruktur": "Ordnerstruktur", "rather-silly": "Rather Silly Diplomacy"}


def test_five_games_each_list_rules_citing_their_own_document(listing):
    assert GAMES == sorted(listing) and len(GAMES) == 5
    seeds = {name: g.seed for name, g in discover(DEFAULT_DATA).items()}
    for name, book in listing.items():
        rules = book["rules"]
        assert book["document"] == seeds[name] and rules, name
        assert len({r["id"] for r in rules}) == len(rules), name
        for r in rules:
            titled = re.fullmatch(r"(.+), §(.+) \[([^\]]+)\]", r["citation"])
            if titled:  # "Kafkas Halle, §Die Sperren [000_b69832241c10d319.txt]"
                title, passage, doc = titled.groups()
                assert title == TITLES.get(name, title), r
            else:
                assert name not in TITLES, r
                doc, _, passage = r["citation"].partition(" §")
            assert doc == seeds[name] and passage.strip(), r
            assert r["about"] and r["severity"] in ("error", "warning", "info"), r


def test_text_listing_shows_id_description_and_citation():
    res = run("check", "--list-rules", "kafkas-halle")
    assert res.exit_code == 0
    lines = res.stdout.splitlines()
    assert lines[0].startswith("kafkas-halle: ") and lines[0].endswith("rules from 000_b69832241c10d319.txt")
    i = next(k for k, ln in enumerate(lines) if ln.split()[:1] == ["deck.category-total"])
    assert "Bewegen" in lines[i]
    assert lines[i + 1].split() == ["cites", "Kafkas", "Halle,", "§Die", "Genehmigungskarten", "(vier",
                                    "Kartenkategorien)", "[000_b69832241c10d319.txt]"]


def test_a_game_without_a_rule_book_says_so(make_rules_game):
    data = make_rules_game("tiny", "def check(game, state=None):\n    return []\n")
    res = run("check", "--list-rules", "tiny", "--data", str(data))
    assert res.exit_code == 0 and res.stdout.strip() == "tiny: no registered rules"
    assert json.loads(run("check", "--list-rules", "tiny", "--data", str(data), "--json").stdout) == \
        {"tiny": {"document": None, "rules": []}}


GOOD_STATES = {
    "18-kniffel": "examples/maria.yaml",
    "kafkas-halle": "board.yaml",  # the start position is a legal position in play
    "klin-zha": "positions/setup-example.yaml",
    "ordnerstruktur": "structures/vier-voelker.yaml",
    "rather-silly": "examples/state-1905-autumn.yaml",
}


@pytest.mark.parametrize("game", GAMES)
def test_shipped_data_and_example_state_pass(game):
    for extra in ([], ["--state", str(DEFAULT_DATA / game / GOOD_STATES[game])]):
        res = run("check", game, "--json", *extra)
        assert res.exit_code == 0, res.output
        verdict = json.loads(res.stdout)[game]
        assert verdict["ok"] and not [f for f in verdict["findings"] if f["severity"] == "error"], verdict


# (file in the game folder, text, replacement or None for a new file, --state file or None, rule ids expected)
BREAKS = {
    "18-kniffel": ("bilanz.yaml", "points: 36 ", "points: 66 ", None, {"kniffel.bonus"}),
    "kafkas-halle": ("deck.yaml", "category: bewegen\n    copies: 4", "category: bewegen\n    copies: 5", None,
                     {"deck.total", "deck.category-total", "deck.copies"}),
    "klin-zha": ("clouds/typo.yaml", "", "title: x\nclouds:\n  - {name: A, cells: [E37, E37, Z99]}\n", None,
                 {"layout.cell-name", "layout.classified-once"}),
    "ordnerstruktur": (None, "", "", BAD / "ordner-total-199" / "state.yaml", {"ordner.total"}),
    "rather-silly": ("map.yaml", "fleet: [MAO, TUN, WES]", "fleet: [MAO, TUN]", None, {"rs.map.symmetric"}),
}


@pytest.mark.parametrize("game", GAMES)
def test_broken_data_trips_rules_by_id_with_their_citation(game, tmp_path, listing):
    rel, old, new, state, want = BREAKS[game]
    shutil.copytree(DEFAULT_DATA / game, tmp_path / game)
    if rel:
        p = tmp_path / game / rel
        text = p.read_text(encoding="utf-8") if old else ""
        assert not old or text.count(old) >= 1, old
        p.write_text(text.replace(old, new, 1) if old else new, encoding="utf-8")
    res = run("check", game, "--data", str(tmp_path), "--json", *(["--state", str(state)] if state else []))
    assert res.exit_code == 1, res.output
    findings = json.loads(res.stdout)[game]["findings"]
    assert {f["rule"] for f in findings if f["severity"] == "error"} == want
    cites = {r["id"]: r["citation"] for r in listing[game]["rules"]}
    for f in findings:
        assert f["citation"] == cites[f["rule"]] and f["file"] and f["line"] > 0, f


@pytest.mark.parametrize("game", sorted(TITLES))
def test_facts_live_in_the_package_beside_the_rules_module_not_in_the_data_folder(game):
    """README: "What pnp transcribed from a rule document … lives in the package beside the game's rules
    module …; no edit in the data folder changes what the checker agrees with"."""
    import inspect

    from pnp.checks.facts import Facts

    g = discover(DEFAULT_DATA)[game]
    mod = g.module()
    facts = Facts.beside(inspect.getfile(mod))
    assert facts.document == g.seed and facts.title == TITLES[game] == mod.RULES.title
    assert all(f.section and f.quote for f in facts)
    assert not list((DEFAULT_DATA / game).rglob("seed-facts.yaml"))
