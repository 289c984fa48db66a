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
