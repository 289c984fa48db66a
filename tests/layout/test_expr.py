"""The layout language's templates and conditions: parsed once, no eval, names checked."""
from __future__ import annotations

import pytest

from pnp.layout.expr import Cond, ExprError, Ref, Scope, check_names, condition, template

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


# ------------------------------------------------------------------ edges, one operator at a time

# (condition, cost: result) at 2, 3 and 4 around the limit 3: a flipped or loosened operator
# changes at least one of them (`cost <= 3` behaving as `< 3` breaks the middle column)
EDGES = [
    ("cost < 3", (True, False, False)),
    ("cost <= 3", (True, True, False)),
    ("cost > 3", (False, False, True)),
    ("cost >= 3", (False, True, True)),
    ("cost == 3", (False, True, False)),
    ("cost != 3", (True, False, True)),
    ("3 > cost", (True, False, False)),
    ("3 >= cost", (True, True, False)),
    ("3 < cost", (False, False, True)),
    ("3 <= cost", (False, True, True)),
]


@pytest.mark.parametrize("text, results", EDGES, ids=[e[0] for e in EDGES])
@pytest.mark.parametrize("kind", [int, float, str], ids=["int", "float", "text"])
def test_each_comparison_at_below_and_above_its_limit(text, results, kind):
    cond = condition(text)
    assert tuple(cond.test(scope(cost=kind(v))) for v in (2, 3, 4)) == results


@pytest.mark.parametrize("text, value, expected", [
    ("cost <= 2.5", 2.5, True), ("cost < 2.5", 2.5, False), ("cost >= -1", -1, True), ("cost > -1", -1, False),
    ("cost < 0", -0.5, True), ("cost == 3", "3.0", True), ("cost == '3'", 3.0, True), ("cost != '3'", 3, False),
])
def test_decimals_negatives_and_numbers_written_as_text(text, value, expected):
    assert condition(text).test(scope(cost=value)) is expected


@pytest.mark.parametrize("value", [None, "", "many"])
@pytest.mark.parametrize("op", ["<", "<=", ">", ">="])
def test_an_empty_or_wordy_field_is_neither_below_nor_above_a_number(value, op):
    assert condition(f"cost {op} 3").test(scope(cost=value)) is False


@pytest.mark.parametrize("text, values, expected", [
    ("type == 'spell'", {"type": "spell"}, True),
    ("type == 'spell'", {"type": "Spell"}, False),  # text compares exactly
    ("type != 'spell'", {"type": "land"}, True),
    ("type == ''", {"type": None}, True),  # an unset field equals empty text ...
    ("type != ''", {"type": None}, False),
    ("type == 'None'", {"type": None}, False),  # ... and never the word None
    ("type == \"a b\"", {"type": "a b"}, True),
    ("name == type", {"name": "x", "type": "x"}, True),  # two fields
    ("name == type", {"name": "2", "type": 2.0}, True),
    ("name != type", {"name": "x", "type": "y"}, True),
    ("name == type", {"name": "", "type": None}, True),  # unset on either side is empty text
    ("name == type", {"name": "None", "type": None}, False),
    ("type == name", {"name": "None", "type": None}, False),
])
def test_equality_of_text_fields_and_empty_values(text, values, expected):
    assert condition(text).test(scope(**values)) is expected


@pytest.mark.parametrize("value, expected", [(None, False), ("", False), (0, False), (0.0, False), (False, False),
                                             (1, True), (-1, True), ("x", True), ("0", True), (True, True)])
def test_a_field_alone_is_true_when_set_and_not_empty_zero_or_false(value, expected):
    assert condition("rare").test(scope(rare=value)) is expected
    assert condition("not rare").test(scope(rare=value)) is (not expected)


@pytest.mark.parametrize("text, a, b, c, expected", [
    ("a or b and c", True, False, False, True),  # and binds tighter than or
    ("(a or b) and c", True, False, False, False),
    ("a and b or c", False, False, True, True),
    ("a and (b or c)", False, False, True, False),
    ("not a and b", False, True, False, True),  # not binds tightest
    ("not (a and b)", True, False, False, True),
    ("not not a", True, False, False, True),
    ("a and b and c", True, True, False, False),
    ("a and b and c", True, True, True, True),
    ("a or b or c", False, False, True, True),
    ("a or b or c", False, False, False, False),
])
def test_and_or_not_and_brackets(text, a, b, c, expected):
    assert condition(text).test(scope(a=a, b=b, c=c)) is expected


def test_conditions_parse_into_trees_by_precedence():
    a, b, c = Ref("a"), Ref("b"), Ref("c")
    assert condition("a") == Cond("truth", (a,))
    assert condition("a > 2") == Cond("cmp", (a, ">", 2.0))
    assert condition("'x' != t[b]") == Cond("cmp", ("x", "!=", Ref("b", "t")))
    assert condition("a or b and not c") == Cond("or", (Cond("truth", (a,)), Cond("and", (
        Cond("truth", (b,)), Cond("not", (Cond("truth", (c,)),))))))
    assert condition("(a or b) and c") == Cond("and", (Cond("or", (Cond("truth", (a,)), Cond("truth", (b,)))),
                                                       Cond("truth", (c,))))
    assert condition("((a))") == Cond("truth", (a,))
    assert condition("  a >= -1.5  ") == Cond("cmp", (a, ">=", -1.5))


def test_a_lookup_in_a_condition_and_its_names():
    cond = condition("colour[type] == '#345678' and cost >= 1")
    assert cond.test(scope(type="spell", cost=1)) is True
    assert cond.test(scope(type="land", cost=1)) is False
    assert cond.refs() == [Ref("type", "colour"), Ref("cost")]
    assert condition("not (a or b[c])").refs() == [Ref("a"), Ref("c", "b")]
    assert condition("3 < cost").refs() == [Ref("cost")]
    assert condition("my-field and x_2").refs() == [Ref("my-field"), Ref("x_2")]


@pytest.mark.parametrize("bad, message", [
    ("cost >", "condition 'cost >': expected a field, number or 'text', found the end"),
    ("cost > and", "condition 'cost > and': expected a field, number or 'text', found 'and'"),
    ("(cost > 0", "condition '(cost > 0': expected ), found the end"),
    ("cost > 0)", "condition 'cost > 0)': unexpected ')'"),
    ("cost 0", "condition 'cost 0': unexpected '0'"),
    ("colour[type", "condition 'colour[type': expected ], found the end"),
    ("colour[3]", "condition 'colour[3]': expected name, found '3'"),
    ("'x'", "condition \"'x'\": a number or text alone is not a condition"),
    ("cost ~ 3", "condition 'cost ~ 3': cannot read '~ 3'"),
    ("cost > or", "condition 'cost > or': expected a field, number or 'text', found 'or'"),
    ("cost > not", "condition 'cost > not': expected a field, number or 'text', found 'not'"),
    ("a and", "condition 'a and': expected a field, number or 'text', found the end"),
    ("cost ~ 123456789 123456789 123", "condition 'cost ~ 123456789 123456789 123': cannot read '~ 123456789 12345678'"),
    ("cost > 3 ~  ", "condition 'cost > 3 ~': cannot read '~'"),  # messages quote the condition without trailing spaces
    ("   ", "empty condition"),
])
def test_bad_conditions_say_exactly_what_is_wrong(bad, message):
    with pytest.raises(ExprError) as exc:
        condition(bad)
    assert str(exc.value) == message


# ------------------------------------------------------------------ templates at their edges


def test_template_parts_and_references():
    t = template("a{x}b{t[y]}{{c}}")
    assert t.parts == ("a", Ref("x"), "b", Ref("y", "t"), "{c}")
    assert t.refs == [Ref("x"), Ref("y", "t")] and not t.constant
    assert template("{ t [ y ] }").parts == (Ref("y", "t"),)  # spaces inside the braces are allowed
    assert template("{{}}").parts == ("{}",) and template("{{}}").constant
    assert template("").parts == ("",)
    assert template("}}{x}").parts == ("}", Ref("x"))


@pytest.mark.parametrize("values, expected", [
    ({"name": "Blitz", "cost": None}, "Blitz: "),  # an unset field prints nothing, never "None"
    ({"name": None, "cost": 0}, ": 0"),
    ({"name": True, "cost": False}, "ja: "),
    ({"name": "x", "cost": 2.0}, "x: 2"),  # a whole float as an integer
    ({"name": "x", "cost": 2.5}, "x: 2,5"),  # the German decimal mark
    ({"name": "x", "cost": -3}, "x: -3"),
])
def test_filled_in_text_shows_each_value_as_a_card_does(values, expected):
    assert template("{name}: {cost}").render(scope(**values)) == expected


def test_filled_in_text_uses_the_languages_words():
    english = Scope({"name": True, "cost": 2.5}, TABLES, lang="en")
    assert template("{name}: {cost}").render(english) == "yes: 2.5"
    assert template("{cost}-{cost}").render(Scope({"cost": 0.25}, TABLES, lang="de")) == "0,25-0,25"


def test_a_template_that_is_one_reference_gives_the_value_itself():
    t = template("{cost}")
    assert t.render(scope(cost=None)) is None
    assert t.render(scope(cost=2.0)) == 2.0 and isinstance(t.render(scope(cost=2.0)), float)
    assert t.render(scope(cost=True)) is True
    assert template("{word[cost]}").render(scope(cost=3)) == "drei"
    assert template(" {cost}").render(scope(cost=3)) == " 3"


def test_lookups_use_the_text_of_the_value_then_the_default():
    tables = {"colour": {"spell": "blue", "": "white", "3": "three", "default": "grey"}}
    t = template("{colour[type]}")
    assert t.render(Scope({"type": "spell"}, tables)) == "blue"
    assert t.render(Scope({"type": None}, tables)) == "white"  # unset: the entry for ""
    assert t.render(Scope({"type": 3}, tables)) == "three"
    assert t.render(Scope({"type": "swamp"}, tables)) == "grey"
    assert t.render(Scope({}, tables)) == "white"


def test_values_and_table_entries_go_through_the_scope_text():
    s = Scope({"name": {"de": "Blitz", "en": "Bolt"}, "type": "spell"},
              {"word": {"spell": {"de": "Zauber", "en": "Spell"}, "default": {"de": "?", "en": "?"}}},
              text=lambda v: v["en"] if isinstance(v, dict) else v, lang="en")
    assert s.lang == "en"
    assert template("{name} ({word[type]})").render(s) == "Bolt (Spell)"
    assert template("{word[name]}").render(Scope({"name": "x"}, s.tables, s.text)) == "?"
    assert Scope({}, {}).lang == "de"


def test_missing_entry_names_the_table_field_and_value():
    with pytest.raises(ExprError) as exc:
        template("{word[cost]}").render(scope(cost=None))
    assert str(exc.value) == "table 'word' has no entry for cost = '' and no 'default'"


@pytest.mark.parametrize("bad, message", [
    ("ab}c", "unmatched '}' at position 3 of 'ab}c' (write '}}' for a brace)"),
    ("ab{c", "unclosed '{' at position 3 of 'ab{c'"),
    ("a{b c}", "'{b c}' in 'a{b c}': expected {field}, {table[field]}, arithmetic such as {cost + 1} or a filter such as {name|upper}"),
    ("{}", "'{}' in '{}': expected {field}, {table[field]}, arithmetic such as {cost + 1} or a filter such as {name|upper}"),
    ("{1x}", "'{1x}' in '{1x}': expected {field}, {table[field]}, arithmetic such as {cost + 1} or a filter such as {name|upper}"),
])
def test_bad_templates_say_exactly_where(bad, message):
    with pytest.raises(ExprError) as exc:
        template(bad)
    assert str(exc.value) == message


def test_unknown_names_list_what_the_layout_has():
    with pytest.raises(ExprError) as exc:
        check_names([Ref("a")], {}, {}, "text 2")
    assert str(exc.value) == "text 2: unknown field 'a'; the layout's fields are none"
    with pytest.raises(ExprError) as exc:
        check_names([Ref("x"), Ref("y", "t")], {"x": 1, "y": 1}, {}, "box")
    assert str(exc.value) == "box: unknown table 't'; the layout's tables are none"
    with pytest.raises(ExprError) as exc:
        check_names([Ref("y", "t")], {"y": 1}, {"u": {}, "v": {}}, "box")
    assert str(exc.value) == "box: unknown table 't'; the layout's tables are u, v"
    check_names([Ref("y", "u"), Ref("x")], {"x": 1, "y": 1}, {"u": {}}, "box")  # all known: no error
