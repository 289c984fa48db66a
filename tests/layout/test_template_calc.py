"""Template filters and arithmetic: {name|upper}, {cost|02d}, {damage + 1}. Parsed once, no eval;
a wrong expression is the layout's file:line, a value it cannot use is the card's row."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pdfread import text
from pnp.cli.main import app
from pnp.layout.compile import compile_layout
from pnp.layout.expr import ExprError, Ref, Scope, template
from pnp.layout.vocabulary import Layout

TABLES = {"bonus": {"fire": 2, "default": 0}, "word": {"fire": "Feuer"}}


def render(t, **values):
    return template(t).render(Scope(values, TABLES))


@pytest.mark.parametrize("t, values, expected", [
    ("{name|upper}", {"name": "Blitz bolt"}, "BLITZ BOLT"),
    ("{name|lower}", {"name": "Blitz Bolt"}, "blitz bolt"),
    ("{name|title}", {"name": "blitz bolt"}, "Blitz Bolt"),
    ("{name|lower|title}", {"name": "BLITZ"}, "Blitz"),
    ("{cost|02d}", {"cost": 3}, "03"),
    ("{cost|03d}", {"cost": 3.0}, "003"),  # a whole float is a whole number
    ("{weight|.1f} kg", {"weight": 2}, "2,0 kg"),  # the game's language's decimal mark (German here)
    ("{bonus|+d}", {"bonus": 2}, "+2"),
    ("Damage {damage + 1}", {"damage": 4}, "Damage 5"),
    ("{damage + 1}", {"damage": "4"}, 5),  # one calculation alone keeps its number
    ("{cost * 2 - 1}", {"cost": 3}, 5),
    ("{(cost + 1) * 2}", {"cost": 3}, 8),
    ("{cost / 2}", {"cost": 3}, 1.5),
    ("{cost // 2} {cost % 2}", {"cost": 3}, "1 1"),
    ("{-cost}", {"cost": 3}, -3),
    ("{cost / 3}", {"cost": 1}, 0.333333),
    ("{cost + bonus[type]}", {"cost": 3, "type": "fire"}, 5),
    ("{word[type]|upper}", {"type": "fire"}, "FEUER"),
    ("{(damage + 1)|02d}", {"damage": 8}, "09"),
    ("{opt|upper}", {"opt": None}, ""),
])
def test_filters_and_arithmetic(t, values, expected):
    assert render(t, **values) == expected


def test_numbers_take_the_languages_decimal_and_thousands_marks():
    t = template("{weight|.1f} · {cost / 2} · {big|,.1f} · {paths|,d}")
    values = {"weight": 2.5, "cost": 3, "big": 1234.5, "paths": 6291456}
    assert t.render(Scope(values, {}, lang="en")) == "2.5 · 1.5 · 1,234.5 · 6,291,456"
    assert t.render(Scope(values, {}, lang="de")) == "2,5 · 1,5 · 1.234,5 · 6.291.456"  # never 14.3 in German
    assert template("{n|05d}").render(Scope({"n": 1234}, {}, lang="de")) == "01234"  # no grouping asked: none


def test_references_inside_calculations_are_known_to_the_layout():
    assert template("{a + b[c]} {d|upper}").refs == [Ref("a"), Ref("c", "b"), Ref("d")]


@pytest.mark.parametrize("t, message", [
    ("{damage + 1}", "damage is 'viel', not a number"),
    ("{opt + 1}", "opt is empty, not a number"),
    ("{cost / zero}", "division by zero"),
    ("{weight|d}", "2.5 is not a whole number"),
])
def test_a_value_a_calculation_cannot_use_is_the_cards_error(t, message):
    with pytest.raises(ExprError, match=message):
        render(t, damage="viel", opt=None, cost=3, zero=0, weight=2.5)


@pytest.mark.parametrize("t, message", [
    ("{name|shout}", "unknown filter 'shout'"),
    ("{cost +}", "expected {field}"),
    ("{cost|.9z}", "unknown filter"),
    ("{(cost}", "expected {field}"),
    ("{na me}", "expected {field}"),
])
def test_a_wrong_expression_is_refused_when_parsed(t, message):
    with pytest.raises(ExprError, match=message):
        template(t)


def test_arithmetic_on_a_text_field_is_the_layouts_error():
    lay = Layout.model_validate({"kind": "layout", "fields": {"name": "text", "cost": "integer 0..9"},
                                 "elements": [{"type": "text", "text": "{name + 1}"}]})
    with pytest.raises(ExprError, match="calculates with the field 'name', declared as 'text'"):
        compile_layout(lay)
    lay = Layout.model_validate({"kind": "layout", "fields": {"type": "text"}, "tables": {"t": {"a": "x"}},
                                 "elements": [{"type": "text", "text": "{t[type] * 2}"}]})
    with pytest.raises(ExprError, match="table 't'"):
        compile_layout(lay)


@pytest.fixture
def game(make_deck_game):
    def make(element: str, rows: str) -> Path:
        return make_deck_game("calc", "kind: layout\nfields: {name: text, damage: integer 0..99, note: text?}\n"
                                      "elements:\n"
                                      "  - {type: rect, frame: bleed, fill: white}\n"
                                      f"  - {element}\n", "cards.csv", {"cards.csv": "name,damage,note\n" + rows})

    return make


def test_filters_and_arithmetic_reach_the_pdf(tmp_path, game):
    data = game("{type: text, y: 10, h: 8, text: '{name|upper} {damage + 1} {damage|03d}'}",
                 "Ogre,4,\nImp,9,\n")
    res = CliRunner().invoke(app, ["build", "calc", "--data", str(data), "--out", str(tmp_path / "o"), "-f", "pdf"])
    assert res.exit_code == 0, res.output
    words = text(tmp_path / "o" / "calc" / "deck.pdf")
    assert "OGRE 5 004" in words and "IMP 10 009" in words


def test_a_wrong_expression_names_the_layout_line(tmp_path, game):
    data = game("{type: text, text: '{name|shout}'}", "Ogre,4,\n")
    res = CliRunner().invoke(app, ["build", "calc", "--data", str(data), "--out", str(tmp_path / "o")])
    assert res.exit_code == 2 and "Traceback" not in res.output
    assert "card.yaml:5:" in res.output and "unknown filter 'shout'" in res.output


def test_a_value_the_calculation_cannot_use_names_the_cards_row(tmp_path, game):
    data = game("{type: text, text: '{note + 1}'}", "Ogre,4,x\nImp,9,\n")
    (tmp_path / "data" / "calc" / "card.yaml").write_text(
        (tmp_path / "data" / "calc" / "card.yaml").read_text().replace("note: text?", "note: number?"))
    (tmp_path / "data" / "calc" / "cards.csv").write_text("name,damage,note\nOgre,4,2\nImp,9,\n")
    res = CliRunner().invoke(app, ["build", "calc", "--data", str(data), "--out", str(tmp_path / "o")])
    assert res.exit_code == 2 and "Traceback" not in res.output
    assert "cards.csv:3: '{note + 1}': note is empty, not a number (elements.1, " in res.output
    assert "card.yaml:5)" in res.output  # the card's row, and the element's line in its layout
