"""The layout language's templates and conditions: parsed once, no eval, names checked."""
from __future__ import annotations

import pytest

from pnp.layout.expr import ExprError, Ref, Scope, check_names, condition, template

TABLES = {"colour": {"spell": "#345678", "land": "#55aa33", "default": "grey"}, "word": {"3": "drei"}}


def scope(**values):
    return Scope(values, TABLES)


def test_templates_fill_fields_and_lookups():
    t = template("{name} kostet {cost}× – {colour[type]}")
    assert [r for r in t.refs] == [Ref("name"), Ref("cost"), Ref("type", "colour")]
    assert t.render(scope(name="Blitz", cost=3, type="spell")) == "Blitz kostet 3× – #345678"
    assert t.render(scope(name="Ödland", cost=0, type="swamp")) == "Ödland kostet 0× – grey"  # table default


def test_a_single_reference_keeps_its_type_and_braces_escape():
    assert template("{cost}").render(scope(cost=3)) == 3
    assert template("{{literal}} {x}").render(scope(x=1.0)) == "{literal} 1"
    assert template("plain").constant and template("").render(scope()) == ""


@pytest.mark.parametrize("bad, msg", [("{name", "unclosed"), ("a}b", "unmatched"), ("{na me}", "expected {field}"),
                                      ("{t[a][b]}", "expected {field}")])
def test_bad_templates_say_where(bad, msg):
    with pytest.raises(ExprError, match=msg):
        template(bad)


def test_lookup_without_entry_or_default_is_an_error():
    with pytest.raises(ExprError, match="no entry for cost = '4'"):
        template("{word[cost]}").render(scope(cost=4))


@pytest.mark.parametrize("text, values, expected", [
    ("cost > 0", {"cost": 2}, True),
    ("cost > 0", {"cost": 0}, False),
    ("cost > 0", {"cost": None}, False),  # empty is neither greater nor smaller
    ("type == 'spell' and not rare", {"type": "spell", "rare": False}, True),
    ("type == 'spell' and not rare", {"type": "spell", "rare": True}, False),
    ("type == \"land\" or cost >= 3", {"type": "spell", "cost": 3}, True),
    ("not (type == 'land' or cost >= 3)", {"type": "spell", "cost": 1}, True),
    ("art", {"art": "wolf.png"}, True),
    ("art", {"art": ""}, False),
    ("cost == 3", {"cost": "3"}, True),  # numbers compare as numbers, whatever the source
    ("colour[type] == 'grey'", {"type": "swamp"}, True),
    ("cost != 2.5", {"cost": 2.5}, False),
])
def test_conditions(text, values, expected):
    assert condition(text).test(scope(**values)) is expected


@pytest.mark.parametrize("bad, msg", [("cost >", "expected a field"), ("cost > 0 and", "expected a field"),
                                      ("(cost > 0", "expected \\)"), ("3", "not a condition"),
                                      ("cost = 3", "cannot read"), ("", "empty condition"),
                                      ("__import__('os')", "unexpected")])
def test_bad_conditions_are_errors_not_code(bad, msg):
    with pytest.raises(ExprError, match=msg):
        condition(bad)


def test_unknown_names_are_found_before_any_card_is_drawn():
    check_names(condition("cost > 0 and colour[type] == 'x'").refs(), {"cost", "type"}, TABLES, "el")
    with pytest.raises(ExprError, match="el: unknown field 'kosten'; the layout's fields are cost, type"):
        check_names(template("{kosten}").refs, {"cost": 1, "type": 1}, TABLES, "el")
    with pytest.raises(ExprError, match="unknown table 'farbe'"):
        check_names(template("{farbe[type]}").refs, {"type": 1}, TABLES, "el")
