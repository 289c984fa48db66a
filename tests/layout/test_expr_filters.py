"""Template filters and number formats at their edges, by the text a card prints: zero, negatives,
halves, thousands in German and English, empty fields, and the exact message for each value or
format a filter cannot use."""
from __future__ import annotations

import pytest

from pnp.layout.compile import compile_layout
from pnp.layout.expr import ExprError, Scope, check_numbers, template
from pnp.layout.vocabulary import Layout


def de(t: str, **values):
    return template(t).render(Scope(values, {}, lang="de"))


def en(t: str, **values):
    return template(t).render(Scope(values, {}, lang="en"))


def fails(t: str, lang: str = "de", tables=None, **values) -> str:
    with pytest.raises(ExprError) as exc:
        template(t).render(Scope(values, tables or {}, lang=lang))
    return str(exc.value)


# ------------------------------------------------------------------ whole numbers


@pytest.mark.parametrize("f, x, expected", [
    ("02d", 0, "00"), ("02d", 7, "07"), ("02d", 123, "123"), ("02d", -3, "-3"), ("03d", -3, "-03"),
    ("+d", 0, "+0"), ("+d", 2, "+2"), ("+d", -2, "-2"),
    ("d", 4.0, "4"), ("02d", -0.0, "00"), ("d", "4", "4"), ("02d", " 4 ", "04"), ("02d", "4.0", "04"),
    ("02d", "4,0", "04"), ("02d", True + 1, "02"),
    ("x", 255, "ff"), ("X", 255, "FF"), ("#x", 255, "0xff"), ("b", 5, "101"), ("o", 8, "10"), ("c", 65, "A"),
    ("n", 1234, "1234"), ("05d", 1234, "01234"),  # no grouping asked: none
    ("X", "255", "FF"), ("x", " 255 ", "ff"), ("b", "5", "101"), ("o", "8,0", "10"), ("c", "65", "A"), ("n", "7", "7"),
])
def test_whole_number_formats(f, x, expected):
    assert de("{x|" + f + "}", x=x) == expected and en("{x|" + f + "}", x=x) == expected


@pytest.mark.parametrize("x, german, english", [
    (0, "0", "0"), (999, "999", "999"), (1000, "1.000", "1,000"), (-1000, "-1.000", "-1,000"),
    (6291456, "6.291.456", "6,291,456"), (-1234567, "-1.234.567", "-1,234,567"), (1000.0, "1.000", "1,000"),
])
def test_thousands_grouped_in_the_languages_marks(x, german, english):
    assert de("{x|,d}", x=x) == german and en("{x|,d}", x=x) == english
    assert de("{x|,}", x=x) == german and en("{x|,}", x=x) == english  # no type letter: the same marks


def test_a_fraction_where_a_whole_number_is_asked_names_it_in_the_languages_marks():
    assert fails("{x|d}", x=2.5) == "'{x|d}': 2,5 is not a whole number, which 'd' needs"
    assert fails("{x|02d}", "en", x=-0.5) == "'{x|02d}': -0.5 is not a whole number, which '02d' needs"
    assert fails("{x / 2|d}", x=3) == "'{x / 2|d}': 1,5 is not a whole number, which 'd' needs"
    assert fails("{x|,d}", x="2,5") == "'{x|,d}': 2,5 is not a whole number, which ',d' needs"


# ------------------------------------------------------------------ fractions


@pytest.mark.parametrize("f, x, german, english", [
    (".1f", 0, "0,0", "0.0"), (".1f", 2, "2,0", "2.0"), (".1f", -1.25, "-1,3", "-1.3"),
    (".2f", 0.005, "0,01", "0.01"), (".1f", "2,5", "2,5", "2.5"), (".1f", " 2.5 ", "2,5", "2.5"),
    # halves round away from zero, as people and spreadsheets round (Python alone would round 2.5 to 2), a
    # number as written (2.675 is 2.67499... in binary) and a zero without a sign (not -0)
    (".0f", 0.5, "1", "1"), (".0f", 1.5, "2", "2"), (".0f", 2.5, "3", "3"), (".0f", 3.5, "4", "4"),
    (".0f", -2.5, "-3", "-3"), (".2f", 2.675, "2,68", "2.68"), (".0f", -0.4, "0", "0"), (".0f", 2.4999, "2", "2"),
    (".1%", 0.0125, "1,3%", "1.3%"), (".0%", -0.004, "0%", "0%"), (".1f", 1e300, "1" + "0" * 300 + ",0", None),
    (",.2f", 1234.5, "1.234,50", "1,234.50"), (",.1f", -1234567.25, "-1.234.567,3", "-1,234,567.3"),
    (",.1f", 999.95, "1.000,0", "1,000.0"),  # a half carried into the thousands
    (".1%", 0.125, "12,5%", "12.5%"), (".0%", 0, "0%", "0%"), ("%", 1, "100,000000%", "100.000000%"),
    ("e", 1234.5, "1,234500e+03", "1.234500e+03"), (".2E", -0.00012, "-1,20E-04", "-1.20E-04"),
    ("g", 0.0001, "0,0001", "0.0001"), ("G", 1e20, "1E+20", "1E+20"), (",g", 1234567.0, "1,23457e+06", "1.23457e+06"),
    ("F", 2, "2,000000", "2.000000"), ("F", "2", "2,000000", "2.000000"), (".2E", "-0,00012", "-1,20E-04", "-1.20E-04"),
    ("G", "1e20", "1E+20", "1E+20"), ("g", "0.5", "0,5", "0.5"), ("e", "0", "0,000000e+00", "0.000000e+00"),
    (".0%", "0,25", "25%", "25%"), ("+.1f", 0, "+0,0", "+0.0"), ("08.2f", -3.5, "-0003,50", "-0003.50"),
])
def test_fraction_formats_at_zero_negatives_and_halves(f, x, german, english):
    assert de("{x|" + f + "}", x=x) == german
    if english is not None:
        assert en("{x|" + f + "}", x=x) == english


@pytest.mark.parametrize("f, x, german, english", [
    (">6", 2.5, "   2,5", "   2.5"), (">6", 2.0, "     2", "     2"), ("<4", 7, "7   ", "7   "),
    ("^5", -1, " -1  ", " -1  "), ("+", 3, "+3", "+3"), ("+", -0.5, "-0,5", "-0.5"), (",", 1234.5, "1.234,5", "1,234.5"),
    ("0=+6", -3.0, "-00003", "-00003"), ("*^9,.1f", 1234.5, "*1.234,5*", "*1,234.5*"),
    # padding with a dot or a comma stays a dot or a comma; the number's own marks follow the language
    (".>8.1f", 2.5, ".....2,5", ".....2.5"), (",>9,d", 12345, ",,,12.345", ",,,12,345"),
    (".<8,d", 12345, "12.345..", "12,345.."), (".>5", 2.5, "..2,5", "..2.5"), ("0>4", 7, "0007", "0007"),
])
def test_width_sign_and_padding_keep_the_languages_marks(f, x, german, english):
    assert de("{x|" + f + "}", x=x) == german and en("{x|" + f + "}", x=x) == english


@pytest.mark.parametrize("t, x, expected", [
    ("{x|>6}", "Blitz", " Blitz"), ("{x|<3}", "ab", "ab "), ("{x|*^7}", "ab", "**ab***"), ("{x|>4}", True, "  ja"),
    ("{x|>4}", "2,5", " 2,5"),  # text stays text
])
def test_a_width_pads_text_too(t, x, expected):
    assert de(t, x=x) == expected


@pytest.mark.parametrize("f", ["+", "=5", ",", "#", ">+5", "_"])
def test_a_number_only_format_on_text_is_the_cards_error(f):
    assert fails("{x|" + f + "}", x="Blitz") == f"'{{x|{f}}}': 'Blitz' is not a number, which '{f}' needs"
    long = "Ein sehr langer Kartenname, der nie endet"  # 42 characters: the message quotes 40
    assert fails("{x|" + f + "}", x=long) == f"'{{x|{f}}}': {long[:40]!r} is not a number, which '{f}' needs"
    assert fails("{x|" + f + "}", "en", x=True) == f"'{{x|{f}}}': 'yes' is not a number, which '{f}' needs"


# ------------------------------------------------------------------ empty and other values


@pytest.mark.parametrize("f", ["02d", "+d", ",d", "x", "c", ".1f", ",.2f", "%", "e", "g", ">6", ",", "+",
                               "upper", "lower", "title"])
@pytest.mark.parametrize("x", [None, ""])
def test_an_empty_field_prints_nothing_through_any_filter(f, x):
    assert de("[{x|" + f + "}]", x=x) == "[]"
    assert de("{x|" + f + "}", x=x) == ""
    assert de("{x|upper|" + f + "}", x=x) == ""


@pytest.mark.parametrize("x, german, english", [
    (True, "JA", "YES"), (False, "", ""), (0, "0", "0"), (2.0, "2", "2"), (2.5, "2,5", "2.5"),
    (0.1234567, "0,1234567", "0.1234567"),  # a field's value is shown whole, never rounded
    (-3, "-3", "-3"), ("blitz", "BLITZ", "BLITZ"),
])
def test_text_filters_show_any_value_as_the_card_prints_it(x, german, english):
    assert de("{x|upper}", x=x) == german and en("{x|upper}", x=x) == english


def test_a_calculation_rounds_to_six_decimals_and_drops_a_whole_floats_decimals():
    assert de("{x * 1|upper}", x=0.1234567) == "0,123457"  # a calculation's result is rounded, the field is not
    assert de("{1 / 3}") == 0.333333 and de("{2 / 3}") == 0.666667 and de("{x / 3}", x=-2) == -0.666667
    assert de("{0.1 + 0.2}") == 0.3 and de("{x / 4}", x=2) == 0.5
    four = de("{8 / 2}")
    assert four == 4 and type(four) is int
    assert de("{3|02d}") == "03" and de("{2.5}") == 2.5 and de("{7}") == 7
    assert de("{x + 0.0000004}", x=1) == 1 and type(de("{x + 0.0000004}", x=1)) is int
    assert de("{x}", x=0.1234567) == 0.1234567  # one field alone: its value as it is


@pytest.mark.parametrize("t, values, expected", [
    ("{x + 1}", {"x": "2,5"}, 3.5), ("{x + 1}", {"x": " 4 "}, 5), ("{x + 1}", {"x": "4.0"}, 5),
    ("{x - 1}", {"x": 0}, -1), ("{-x}", {"x": 0}, 0), ("{x % 3}", {"x": -1}, 2), ("{x // 2}", {"x": -3}, -2),
    ("{x * y}", {"x": -2, "y": -2.5}, 5),
])
def test_arithmetic_on_numbers_and_numbers_written_as_text(t, values, expected):
    assert de(t, **values) == expected


# ------------------------------------------------------------------ the card's errors, exactly


@pytest.mark.parametrize("t, values, message", [
    ("{x + 1}", {"x": "viel"}, "'{x + 1}': x is 'viel', not a number"),
    ("{x + 1}", {"x": None}, "'{x + 1}': x is empty, not a number"),
    ("{x + 1}", {"x": ""}, "'{x + 1}': x is empty, not a number"),
    ("{x + 1}", {"x": True}, "'{x + 1}': x is True, not a number"),
    ("{1 - x}", {"x": False}, "'{1 - x}': x is False, not a number"),
    ("{-x}", {"x": "viel"}, "'{-x}': x is 'viel', not a number"),
    ("{t[k] * 2}", {"k": "a"}, "'{t[k] * 2}': t[k] is 'zwei', not a number"),
    ("{x + 1}", {"x": "a" * 45}, "'{x + 1}': x is '" + "a" * 40 + "', not a number"),
    ("{x|02d}", {"x": "viel"}, "'{x|02d}': x is 'viel', not a number"),
    ("{x|.1f}", {"x": True}, "'{x|.1f}': x is True, not a number"),
    ("{x|d}", {"x": False}, "'{x|d}': x is False, not a number"),
    ("{t[k]|.1f}", {"k": "a"}, "'{t[k]|.1f}': t[k] is 'zwei', not a number"),
    ("{x|upper|02d}", {"x": "viel"}, "'{x|upper|02d}': the value is 'VIEL', not a number"),  # a filter's text
    ("{x|lower|.1f}", {"x": True}, "'{x|lower|.1f}': the value is 'ja', not a number"),
    ("{x / 0}", {"x": 1}, "'{x / 0}': division by zero"),
    ("{x // y}", {"x": 1, "y": 0}, "'{x // y}': division by zero"),
    ("{x % y}", {"x": 1, "y": 0.0}, "'{x % y}': division by zero"),
    ("{-(x / y)}", {"x": 1, "y": 0}, "'{-(x / y)}': division by zero"),  # inside a minus sign or a sum: the
    ("{(x / y) + 1}", {"x": 1, "y": 0}, "'{(x / y) + 1}': division by zero"),  # whole calculation is quoted
    ("{1 - x // y}", {"x": 1, "y": 0}, "'{1 - x // y}': division by zero"),
])
def test_a_value_a_calculation_cannot_use_is_said_exactly(t, values, message):
    assert fails(t, tables={"t": {"a": "zwei"}}, **values) == message


# ------------------------------------------------------------------ the layout's errors, exactly


def parse_error(t: str) -> str:
    with pytest.raises(ExprError) as exc:
        template(t)
    return str(exc.value)


@pytest.mark.parametrize("f", ["X", "e", "E", "%", "n", "c", "b", "o", "G", "F", "5", ">5", "+", "=5", ",", "_d", "#x",
                               ".2%", "0=+6", ".>8.1f", "*^9,.1f"])
def test_every_number_format_python_knows_is_accepted(f):
    assert template("{x|" + f + "}").parts[0].filters == (f,)


@pytest.mark.parametrize("f, message", [
    ("", "unknown filter ''"), ("shout", "unknown filter 'shout'"), ("UPPER", "unknown filter 'UPPER'"),
    (".1z", "unknown filter '.1z'"), ("1234d", "unknown filter '1234d'"), (".123f", "unknown filter '.123f'"),
    (".1c", "'.1c' is not a number format"), (",x", "',x' is not a number format"), (",c", "',c' is not a number format"),
    ("_c", "'_c' is not a number format"), (",b", "',b' is not a number format"),
])
def test_a_filter_that_is_not_one_is_said_exactly(f, message):
    t = "{x|" + f + "}"
    tail = "; the filters are upper, lower, title and number formats such as 02d or .1f" if "unknown" in message else ""
    assert parse_error(t) == f"{t!r} in {t!r}: {message}{tail}"


def test_messages_quote_40_characters_of_a_template():
    forty = "{x|shout}" + "a" * 31
    assert parse_error(forty) == (f"'{{x|shout}}' in {forty!r}: unknown filter 'shout'; the filters are upper, lower, "
                                  "title and number formats such as 02d or .1f")
    longer = forty + "b"
    assert parse_error(longer).startswith(f"'{{x|shout}}' in {longer[:39] + '…'!r}: unknown filter")
    assert parse_error("a" * 39 + "}") == f"unmatched '}}' at position 40 of {'a' * 39 + '}'!r} (write '}}}}' for a brace)"
    assert parse_error("a" * 40 + "}") == f"unmatched '}}' at position 41 of {'a' * 39 + '…'!r} (write '}}}}' for a brace)"


# ------------------------------------------------------------------ calculating with declared fields and tables


def compile_text(text: str, fields: dict, tables: dict | None = None):
    return compile_layout(Layout.model_validate({"kind": "layout", "fields": fields, "tables": tables or {},
                                                 "elements": [{"type": "text", "text": text}]}))


def layout_error(text: str, fields: dict, tables: dict | None = None) -> str:
    with pytest.raises(ExprError) as exc:
        compile_text(text, fields, tables)
    return str(exc.value)


@pytest.mark.parametrize("decl", ["integer", "integer 0..9", "number", "number?", "integer?", "number 0..1"])
def test_number_fields_may_be_calculated_with(decl):
    compile_text("Kosten: {cost + 1} {cost|02d}", {"cost": decl})


@pytest.mark.parametrize("decl", ["text", "text?", "bool", "list of text"])
def test_other_fields_may_not_even_after_text_or_a_lookup(decl):
    for text in ["Kosten: {name + 1}", "{name} {name * 2}", "{t[k] + name}", "{k|upper} {-name}"]:
        message = layout_error(text, {"name": decl, "k": "text"}, {"t": {"a": 1, "default": 0}})
        assert message.endswith(f"calculates with the field 'name', declared as {decl!r}; arithmetic needs an "
                                "integer or number field"), message
    compile_text("{name|upper} {name|>8} {name}", {"name": decl})  # a filter alone is no arithmetic


@pytest.mark.parametrize("entries", [{"a": 1, "b": 2.5, "c": "3", "d": "2,5", "e": " 4 ", "default": 0}])
def test_tables_of_numbers_calculate(entries):
    compile_text("{t[k] * 2}", {"k": "text"}, {"t": entries})
    t = template("{t[k] * 2}")
    assert [t.render(Scope({"k": k}, {"t": entries})) for k in "abcdez"] == [2, 5, 6, 5, 8, 0]


@pytest.mark.parametrize("bad, shown", [(True, "True"), (False, "False"), ("zwei", "'zwei'"), ("", "''"),
                                        ("1.2.3", "'1.2.3'")])
def test_a_table_with_an_entry_that_is_not_a_number_cannot_be_calculated_with(bad, shown):
    tables = {"t": {"a": 1, "b": bad, "c": 3}}
    message = layout_error("x {t[k] + 1}", {"k": "text"}, tables)
    assert message.endswith(f"'{{t[k] + 1}}' calculates with the table 't', but its entry 'b' is {shown}, not a number")
    compile_text("{t[k]|upper} {t[k]}", {"k": "text"}, tables)  # shown as text: fine


def test_check_numbers_reads_every_calculation_in_a_template():
    fields = {"a": "integer", "b": "text"}
    check_numbers(template("{a + 1} {b} {b|upper}"), fields, {}, "here")
    with pytest.raises(ExprError) as exc:
        check_numbers(template("{a} {a + 1} x {b - 1}"), fields, {}, "here")
    assert str(exc.value) == ("here: '{b - 1}' calculates with the field 'b', declared as 'text'; arithmetic needs an "
                              "integer or number field")


def test_the_padding_examples_of_docs_layouts():
    assert de("{name|>8}", name="Ogre") == "    Ogre" and de("{cost|.>4}", cost=7) == "...7"
    assert de("{cost|.>4}", cost=2.5) == ".2,5" and en("{cost|.>4}", cost=2.5) == ".2.5"
    assert de("{cost|.>4}", cost=None) == "" and de("{name|>8}", name="") == ""


def test_fields_known_only_by_name_may_be_calculated_with():
    """A deck whose fields come from its card list's header declares no kinds: the values decide."""
    lay = Layout.model_validate({"kind": "layout", "elements": [{"type": "text", "text": "x {cost + 1} {name|upper}"}]})
    compile_layout(lay, field_names=["cost", "name"])
    check_numbers(template("{a * 2}"), {"a": ""}, {}, "here")  # an empty declaration names no kind


def test_an_unknown_table_is_left_to_the_name_check():
    check_numbers(template("{t[k] + 1}"), {"k": "text"}, {}, "here")
    with pytest.raises(ExprError, match="unknown table 't'"):
        compile_text("{t[k] + 1}", {"k": "text"})


def test_a_number_format_on_text_names_the_cards_row_at_build(tmp_path, make_deck_game):
    from typer.testing import CliRunner

    from pnp.cli.main import app

    data = make_deck_game("calc", "kind: layout\nfields: {name: text, cost: number}\nelements:\n"
                                  "  - {type: rect, frame: bleed, fill: white}\n"
                                  "  - {type: text, text: '{cost|.>6} {name|+}'}\n", "cards.csv",
                          {"cards.csv": "name,cost\nOgre,2.5\n"})
    res = CliRunner().invoke(app, ["build", "calc", "--data", str(data), "--out", str(tmp_path / "o"), "-f", "pdf"])
    assert res.exit_code == 2 and "Traceback" not in res.output
    assert "cards.csv:2: '{name|+}': 'Ogre' is not a number, which '+' needs" in res.output
