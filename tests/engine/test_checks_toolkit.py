"""The checks toolkit (pnp/checks/): findings, source positions, rule books and the report."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnp.checks import Finding, Loc, Report, RuleBook, Source, failed, flag, from_problems
from pnp.load.errors import Problem

ROOT = Path(__file__).resolve().parents[2]


def test_source_points_at_the_key_path(tmp_path):
    p = tmp_path / "x.yaml"
    p.write_text("title: t\ncards:\n  - {id: a, cost: 1}\n  - {id: b, cost: 7}\n", encoding="utf-8")
    src = Source.read(p)
    assert src.file == str(p)  # outside the working folder: shown as given
    assert src.at("cards", 1, "cost") == Loc(str(p), 4, 19)
    assert src.at("cards", 1, "cost", key=True) == Loc(str(p), 4, 13)
    # a path that goes further than the data stops at the deepest part that exists
    assert src.at("cards", 1, "nope") == src.at("cards", 1) == Loc(str(p), 4, 5)
    assert str(src.at("title")) == f"{p}:1:8"
    assert Source("plain.yaml").at("anything") == Loc("plain.yaml")


def test_loc_text_leaves_out_what_is_unknown():
    assert [str(Loc("f.yaml")), str(Loc("f.yaml", 3)), str(Loc("f.yaml", 3, 9)), str(Loc("f.yaml", 0, 9))] == \
        ["f.yaml", "f.yaml:3", "f.yaml:3:9", "f.yaml"]
    assert str(Loc("f.yaml", 3, 9).problem("bad")) == "f.yaml:3:9: bad"


def _book() -> RuleBook:
    book = RuleBook("doc.txt")

    @book.rule("a.first", "Erster Abschnitt", "the first rule", scope="x")
    def first(ctx):
        if ctx["n"] > 1:
            yield flag(f"n is {ctx['n']}", "n", Loc("f.yaml", 2, 3))

    @book.rule("a.second", "Zweiter Abschnitt (kurz)", "the second rule", scope="y", severity="warning")
    def second(ctx):
        yield flag("always", at="f.yaml")
        yield flag("louder", severity="error")

    return book


def test_rule_book_stamps_id_document_passage_and_severity():
    book = _book()
    found = book.run({"n": 2})
    assert [(f.rule, f.severity, f.seed, f.section) for f in found] == [
        ("a.first", "error", "doc.txt", "Erster Abschnitt"),
        ("a.second", "warning", "doc.txt", "Zweiter Abschnitt (kurz)"),
        ("a.second", "error", "doc.txt", "Zweiter Abschnitt (kurz)")]
    assert found[0].where == "f.yaml:2:3" and found[0].citation == "doc.txt §Erster Abschnitt"
    assert str(found[0]) == "f.yaml:2:3: error: a.first [n]: n is 2 (doc.txt §Erster Abschnitt)"
    assert str(found[2]) == "error: a.second: louder (doc.txt §Zweiter Abschnitt (kurz))"


def test_a_titled_rule_book_cites_the_game_title_and_passage_with_the_file_in_brackets():
    book = RuleBook("doc.txt", "Kafkas Halle")

    @book.rule("k.one", "Zu den Karten", "one rule")
    def one(ctx):
        yield flag("too many", at=Loc("deck.yaml", 4, 1))

    (f,) = book.run(None)
    assert f.citation == "Kafkas Halle, §Zu den Karten [doc.txt]" == book.citation(next(iter(book)))
    assert str(f) == "deck.yaml:4:1: error: k.one: too many (Kafkas Halle, §Zu den Karten [doc.txt])"


def test_a_finding_that_names_its_own_passage_keeps_it():
    """A rule comparing data with facts from several sections cites each fact's section."""
    from dataclasses import replace

    book = RuleBook("doc.txt", "Spiel")

    @book.rule("a.facts", "Regeln", "the data states the facts", scope="x")
    def facts(ctx):
        yield replace(flag("victory is 17"), section="Sieg")
        yield flag("lamas are 2")

    assert [f.citation for f in book.run({})] == ["Spiel, §Sieg [doc.txt]", "Spiel, §Regeln [doc.txt]"]


def test_rule_book_runs_scopes_and_ids_in_registration_order():
    book = _book()
    assert [f.rule for f in book.run({"n": 2}, "y")] == ["a.second", "a.second"]
    assert [f.rule for f in book.run({"n": 2}, "x", "y", ids=["a.first"])] == ["a.first"]
    assert book.run({"n": 1}, "x") == []
    assert [r["id"] for r in book.listing()] == ["a.first", "a.second"]
    assert book.listing()[1]["citation"] == "doc.txt §Zweiter Abschnitt (kurz)"


def test_a_rule_states_the_reading_it_follows_and_the_listing_shows_it():
    from pnp.checks import rules_text

    book = RuleBook("doc.txt", "Spiel")

    @book.rule("s.one", "Abschnitt", "one rule", reading="'neben' counts diagonal neighbours")
    def one(ctx):
        return []

    @book.rule("s.two", "Abschnitt", "another rule")
    def two(ctx):
        return []

    assert [r["reading"] for r in book.listing()] == ["'neben' counts diagonal neighbours", ""]
    text = rules_text({"spiel": book}).splitlines()
    assert text[3] == "         reading: 'neben' counts diagonal neighbours" and len(text) == 6


def test_rule_book_refuses_a_second_rule_with_the_same_id_or_no_citation():
    book = _book()
    with pytest.raises(ValueError, match="registered twice"):
        book.rule("a.first", "Abschnitt", "again")
    with pytest.raises(ValueError, match="citation"):
        book.rule("a.third", "", "no passage")
    with pytest.raises(ValueError, match="severity"):
        book.rule("a.third", "Abschnitt", "odd", severity="fatal")


def test_data_problems_become_findings_and_back():
    (f,) = from_problems([Problem("s.yaml", 4, 2, "'year': bad")], "state")
    assert (f.file, f.line, f.col, f.object, f.message) == ("s.yaml", 4, 2, "state", "'year': bad")
    assert str(f.problem()) == "s.yaml:4:2: 'year': bad"
    assert str(f.problem("other words")) == "s.yaml:4:2: other words"


def test_report_exit_code_and_renderings():
    ok = Finding("r.w", "just so", "doc.txt", severity="warning")
    bad = Finding("r.e", "broken", "doc.txt", "obj", "error", "f.yaml", 3, 1, "Abschnitt")
    note = Finding("r.i", "who wins", "doc.txt", severity="info")
    report = Report()
    report.add("one", [ok, note])
    assert report.exit_code == 0 and not failed([ok, note])
    report.add("two", iter([bad]))
    assert report.exit_code == 1 and failed([bad])
    assert report.as_text().splitlines() == [
        "one: ok (0 error(s), 1 warning(s), 1 note(s))",
        "  warning: r.w: just so (doc.txt)",
        "  info: r.i: who wins (doc.txt)",
        "two: FAIL (1 error(s), 0 warning(s))",
        "  f.yaml:3:1: error: r.e [obj]: broken (doc.txt §Abschnitt)"]
    data = json.loads(report.as_json())
    assert data["one"]["ok"] is True and data["two"]["ok"] is False
    assert data["two"]["findings"][0] == {
        "rule": "r.e", "message": "broken", "seed": "doc.txt", "object": "obj", "severity": "error", "file": "f.yaml",
        "line": 3, "col": 1, "section": "Abschnitt", "title": "", "where": "f.yaml:3:1",
        "citation": "doc.txt §Abschnitt"}


def test_the_engine_names_no_game():
    names = [p.parent.name for p in (ROOT / "data").glob("*/game.yaml")  # the shipped games, not one a user
             if "rules: pnp.games." in p.read_text(encoding="utf-8")]  # scaffolded into data/ (my-game)
    names += [p.name for p in (ROOT / "pnp" / "games").iterdir() if p.is_dir() and not p.name.startswith("_")]
    words = {w for n in names for w in n.replace("-", "_").split("_") if len(w) > 3} - {"rather"}  # plain English
    for path in [*(ROOT / "pnp" / "cli").glob("*.py"), *(ROOT / "pnp" / "checks").glob("*.py")]:
        text = path.read_text(encoding="utf-8").lower()
        assert [w for w in words if w in text] == [], path
