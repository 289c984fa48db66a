"""The facts a game's checker holds data against: read from the package, cited by title and passage."""
from __future__ import annotations

import pytest

from pnp.checks.facts import Facts, citation
from pnp.checks.source import Loc


def _write(folder, text):
    (folder / "facts.yaml").write_text(text, encoding="utf-8")
    return Facts.beside(str(folder / "rules.py"))


def test_a_fact_differing_from_the_data_is_a_finding_citing_title_passage_and_quote(tmp_path):
    facts = _write(tmp_path, "document: doc.txt\ntitle: Spiel\nfacts:\n"
                             "  victory.centres: {value: 18, section: Sieg, quote: \"18 Zentren\"}\n"
                             "  lamas: {value: [a, b], section: Lamas}\n")
    assert facts.value("victory.centres") == 18 and "lamas" in facts and "x" not in facts
    assert [f.key for f in facts] == ["victory.centres", "lamas"]
    assert facts.compare("victory.centres", 18, "the victory condition") is None
    f = facts.compare("victory.centres", 17, "the victory condition", Loc("game.yaml", 3, 2), "victory")
    assert (f.file, f.line, f.col, f.object) == ("game.yaml", 3, 2, "victory")
    assert f.message == 'the victory condition is 17; Spiel, §Sieg [doc.txt] says 18 ("18 Zentren")'
    assert facts.compare("lamas", ["a"], "the herds").message == "the herds is a; Spiel, §Lamas [doc.txt] says a, b"
    assert facts.cite("Ein Abschnitt") == "Spiel, §Ein Abschnitt [doc.txt]"


def test_a_fact_without_its_passage_is_refused(tmp_path):
    with pytest.raises(ValueError, match="needs a value and the section"):
        _write(tmp_path, "document: d\ntitle: t\nfacts:\n  n: {value: 3}\n")


def test_citation_without_a_file_or_section():
    assert citation("Spiel", "", "") == "Spiel"
    assert citation("Spiel", "A", "") == "Spiel, §A"


def test_a_users_file_restating_a_fact_differently_is_a_finding_at_its_line(tmp_path):
    from pnp.checks.source import Source

    facts = _write(tmp_path, "document: doc.txt\ntitle: Spiel\nfacts:\n"
                             "  limit.per_corner: {value: 8, section: Playtest, quote: unter 8}\n"
                             "  limit.exempt: {value: [], section: Playtest}\n"
                             "  board.size: {value: 9, section: Brett}\n")
    data = tmp_path / "rules.yaml"
    data.write_text("colour: red\nlimit:\n  per_corner: 9\n  exempt: []\n", encoding="utf-8")
    found = list(facts.restated(Source.read(data)))
    assert [(f.object, f.line, f.col) for f in found] == [("limit.per_corner", 3, 15)]
    assert found[0].message == 'rules.yaml says limit.per_corner is 9; Spiel, §Playtest [doc.txt] says 8 ("unter 8")'
    data.write_text("limit: 8\nboard: {size: 9}\n", encoding="utf-8")  # not the shape of the facts: not a restatement
    assert list(facts.restated(Source.read(data), "my rules")) == []
    data.write_text("board: {size: 10}\n", encoding="utf-8")
    assert [f.message.split(";")[0] for f in facts.restated(Source.read(data), "my rules")] == \
        ["my rules says board.size is 10"]


def test_the_fingerprint_changes_with_any_fact(tmp_path):
    a = _write(tmp_path, "document: d\ntitle: t\nfacts:\n  n: {value: 3, section: S}\n").fingerprint
    other = tmp_path / "b"
    other.mkdir()
    b = _write(other, "document: d\ntitle: t\nfacts:\n  n: {value: 4, section: S}\n").fingerprint
    assert a != b and len(a) == 16
