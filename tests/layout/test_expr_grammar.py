"""The two small grammars of the layout language read exactly: a calculation's tree (precedence,
left to right, minus signs, lookups), a condition's, and the nesting limit of each -- 32 levels
deep are read, 33 are an error, and any number side by side is fine."""
from __future__ import annotations

import pytest

from pnp.layout.expr import MAX_NESTING, Calc, Cond, ExprError, Ref, Scope, calc, condition, template


def tree(inner: str):
    return calc(inner, "{" + inner + "}").expr


@pytest.mark.parametrize("inner, expected", [
    ("a", Ref("a")),
    ("2", 2), ("2.0", 2), ("2.5", 2.5),
    ("t[f]", Ref("f", "t")),
    ("a - b - c", ("-", ("-", Ref("a"), Ref("b")), Ref("c"))),
    ("a / b // c % d", ("%", ("//", ("/", Ref("a"), Ref("b")), Ref("c")), Ref("d"))),
    ("a + b * c", ("+", Ref("a"), ("*", Ref("b"), Ref("c")))),
    ("(a + b) * c", ("*", ("+", Ref("a"), Ref("b")), Ref("c"))),
    ("-a * 2", ("*", ("neg", Ref("a")), 2)),
    ("- -a", ("neg", ("neg", Ref("a")))),
    ("t[f] + 1 ", ("+", Ref("f", "t"), 1)),
])
def test_a_calculation_is_read_into_its_tree(inner, expected):
    assert tree(inner) == expected


def test_whole_numbers_are_read_as_whole_numbers():
    assert type(tree("2")) is int and type(tree("2.0")) is int and type(tree("2.5")) is float


def test_a_calculation_keeps_its_source_and_filters():
    c = calc(" a + 1 | upper | 02d ", "x")
    assert c == Calc("a + 1 | upper | 02d", ("+", Ref("a"), 1), ("upper", "02d"))


@pytest.mark.parametrize("inner", ["", "a +", "a b", "(a", "(a b)", "t[", "t[1]", "t[f", "t[f g]", "a)", "a $", ")",
                                   "*a", "t[f]]"])
def test_a_calculation_that_is_not_one_says_what_is_expected(inner):
    with pytest.raises(ExprError) as exc:
        tree(inner)
    assert str(exc.value) == (f"'{{{inner}}}' in '{{{inner}}}': expected {{field}}, {{table[field]}}, arithmetic "
                              "such as {cost + 1} or a filter such as {name|upper}")


def test_filters_are_checked_in_turn_and_name_the_template():
    with pytest.raises(ExprError) as exc:
        calc("a|upper|shout", "card {a|upper|shout}")
    assert str(exc.value) == ("'{a|upper|shout}' in 'card {a|upper|shout}': unknown filter 'shout'; the filters are "
                              "upper, lower, title and number formats such as 02d or .1f")
    with pytest.raises(ExprError) as exc:
        calc("a|,b", "{a|,b}")
    assert str(exc.value) == "'{a|,b}' in '{a|,b}': ',b' is not a number format"
    with pytest.raises(ExprError, match="unknown filter ''"):
        calc("a|", "{a|}")
    assert calc("a|.1%", "x").filters == (".1%",) and calc("a|title", "x").filters == ("title",)


def _nested(depth: int) -> str:
    return "(" * depth + "a" + ")" * depth


@pytest.mark.parametrize("text, value", [(_nested(MAX_NESTING), 1), ("-" * MAX_NESTING + "a", 1),
                                         ("-" * (MAX_NESTING - 1) + "a", -1),
                                         (" + ".join([_nested(MAX_NESTING)] * 3), 3),
                                         (" - ".join(["-a"] * 40), 38),
                                         ("(a) + " + _nested(MAX_NESTING), 2),
                                         ("((a)) + " + _nested(MAX_NESTING), 2),
                                         ("-a + " + "-" * MAX_NESTING + "a", 0)])
def test_a_calculation_nested_32_deep_is_read_and_side_by_side_any_number(text, value):
    assert template("{" + text + "}").render(Scope({"a": 1}, {})) == value


@pytest.mark.parametrize("text", [_nested(MAX_NESTING + 1), "-" * (MAX_NESTING + 1) + "a",
                                  "(a) + " + _nested(MAX_NESTING + 1), "-a + " + "-" * (MAX_NESTING + 1) + "a",
                                  "(" * MAX_NESTING + "-a" + ")" * MAX_NESTING])
def test_a_calculation_nested_33_deep_is_an_error(text):
    with pytest.raises(ExprError) as exc:
        calc(text, text)
    assert str(exc.value).endswith(": more than 32 parentheses or minus signs inside one another")
    assert str(exc.value).startswith("'{" + text[:5])


@pytest.mark.parametrize("text, expected", [
    ("a", Cond("truth", (Ref("a"),))),
    ("t[f]", Cond("truth", (Ref("f", "t"),))),
    ("a == 'x'", Cond("cmp", (Ref("a"), "==", "x"))),
    ('a != "y z"', Cond("cmp", (Ref("a"), "!=", "y z"))),
    ("-3 <= t[f]", Cond("cmp", (-3.0, "<=", Ref("f", "t")))),
    ("a and b or c", Cond("or", (Cond("and", (Cond("truth", (Ref("a"),)), Cond("truth", (Ref("b"),)))),
                                 Cond("truth", (Ref("c"),))))),
    ("a and (b or c)", Cond("and", (Cond("truth", (Ref("a"),)), Cond("or", (Cond("truth", (Ref("b"),)),
                                                                              Cond("truth", (Ref("c"),))))))),
    ("not a > 1", Cond("not", (Cond("cmp", (Ref("a"), ">", 1.0)),))),
    ("a or b or c", Cond("or", tuple(Cond("truth", (Ref(n),)) for n in "abc"))),
])
def test_a_condition_is_read_into_its_tree(text, expected):
    assert condition(text) == expected


@pytest.mark.parametrize("text, message", [
    ("", "empty condition"),
    ("  ", "empty condition"),
    ("a ==", "condition 'a ==': expected a field, number or 'text', found the end"),
    ("and", "condition 'and': expected a field, number or 'text', found 'and'"),
    ("a and or", "condition 'a and or': expected a field, number or 'text', found 'or'"),
    ("t[1]", "condition 't[1]': expected name, found '1'"),
    ("t[f", "condition 't[f': expected ], found the end"),
    ("t[f g]", "condition 't[f g]': expected ], found 'g'"),
    ("(a", "condition '(a': expected ), found the end"),
    ("(a b)", "condition '(a b)': expected ), found 'b'"),
    ("a b", "condition 'a b': unexpected 'b'"),
    ("a)", "condition 'a)': unexpected ')'"),
    ("'x'", "condition \"'x'\": a number or text alone is not a condition"),
    ("3", "condition '3': a number or text alone is not a condition"),
    ("a $ b", "condition 'a $ b': cannot read '$ b'"),
])
def test_a_condition_that_is_not_one_says_exactly_what(text, message):
    with pytest.raises(ExprError) as exc:
        condition(text)
    assert str(exc.value) == message


@pytest.mark.parametrize("text, holds", [("not " * MAX_NESTING + "a", True), (_nested(MAX_NESTING), True),
                                         (" and ".join([_nested(MAX_NESTING)] * 3), True),
                                         (" or ".join(["not a"] * 40), False),
                                         ("not " * (MAX_NESTING - 1) + "(a)", False),
                                         ("(a) and " + _nested(MAX_NESTING), True),
                                         ("((a)) and " + _nested(MAX_NESTING), True),
                                         ("not a or " + "not " * MAX_NESTING + "a", True)])
def test_a_condition_nested_32_deep_is_read_and_side_by_side_any_number(text, holds):
    assert condition(text).test(Scope({"a": 1}, {})) is holds


@pytest.mark.parametrize("text", ["not " * (MAX_NESTING + 1) + "a", _nested(MAX_NESTING + 1),
                                  "(a) and " + _nested(MAX_NESTING + 1), "not a or " + "not " * (MAX_NESTING + 1) + "a",
                                  "not " * MAX_NESTING + "(a)"])
def test_a_condition_nested_33_deep_is_an_error(text):
    with pytest.raises(ExprError) as exc:
        condition(text)
    assert str(exc.value).endswith(": more than 32 parentheses or 'not's inside one another")
    assert str(exc.value).startswith("condition '")
