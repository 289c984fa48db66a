"""`pnp new` makes a folder that builds as is and fails cleanly on misuse."""
from __future__ import annotations

from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli.main import app

runner = CliRunner()


def test_new_game_builds_and_checks(tmp_path):
    data = tmp_path / "data"
    res = runner.invoke(app, ["new", "mein-spiel", "--data", str(data)])
    assert res.exit_code == 0, res.output
    assert sorted(p.name for p in (data / "mein-spiel").iterdir()) == ["board.yaml", "deck.yaml", "game.yaml", "symbols.yaml"]
    out = tmp_path / "out"
    res = runner.invoke(app, ["build", "mein-spiel", "--data", str(data), "--out", str(out), "--format", "pdf,svg"])
    assert res.exit_code == 0, res.output
    deck = PdfReader(out / "mein-spiel" / "deck.pdf")
    text = deck.pages[0].extract_text()
    assert text.count("Onwards") == 3  # three copies of the one card type, in the game's language (lang: en)
    assert (out / "mein-spiel" / "cards" / "deck" / "weiter.svg").is_file()
    assert runner.invoke(app, ["check", "mein-spiel", "--data", str(data)]).exit_code == 0
    assert "warning" not in res.output, "a new game's first build is clean"
    for profile in ("thegamecrafter", "drivethrucards"):
        res = runner.invoke(app, ["preflight", "mein-spiel", "--data", str(data),
                                  "--profile", profile])
        assert res.exit_code == 0, f"{profile}: {res.output}"


def test_new_refuses_bad_name_and_existing(tmp_path):
    data = tmp_path / "data"
    res = runner.invoke(app, ["new", "Bad Name", "--data", str(data)])
    assert res.exit_code == 2 and "not a usable game name" in res.output
    runner.invoke(app, ["new", "x", "--data", str(data)])
    res = runner.invoke(app, ["new", "x", "--data", str(data)])
    assert res.exit_code == 2 and "already exists" in res.output


def test_adding_a_card_type_is_yaml_only(tmp_path):
    data = tmp_path / "data"
    runner.invoke(app, ["new", "g", "--data", str(data)])
    deck = data / "g" / "deck.yaml"
    deck.write_text(deck.read_text().replace("back:\n", """  - id: zurueck
    name: {de: Zurück, en: Back}
    category: aktion
    copies: 2
    cost: 2
    symbol: pfeil
back:
"""))
    out = tmp_path / "out"
    res = runner.invoke(app, ["build", "g", "--data", str(data), "--out", str(out), "--format", "pdf"])
    assert res.exit_code == 0, res.output
    text = PdfReader(out / "g" / "deck.pdf").pages[0].extract_text()
    assert text.count("Onwards") == 3 and text.count("Back") == 2
