"""Typed field declarations: parsing, conversion of raw cells, and the messages designers see."""
from __future__ import annotations

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.load.errors import DataErrors
from pnp.load.loader import load_yaml
from pnp.layout.fields import FieldType, parse_field, parse_fields

BOOL_WORDS = "yes or no (true/false, ja/nein, 1/0, x or empty)"
IMAGE_WORDS = "an image file in the game folder (.png, .jpg, .jpeg, .svg)"


@pytest.mark.parametrize("declaration, raw, value", [
    ("text", "  Wolf  ", "Wolf"),
    ("text", "two\r\nlines", "two\nlines"),
    ("text", 42.0, "42"),
    ("text", 2.5, "2.5"),
    ("text", datetime.date(2024, 1, 5), "2024-01-05"),
    ("text?", "", None),
    ("text?", None, None),
    ("integer 0..9", "3", 3),
    ("integer 0..9", " +7 ", 7),
    ("integer 0..9", 9, 9),
    ("integer 0..9", 3.0, 3),  # spreadsheets store whole numbers as floats
    ("integer 0..9", "3,0", 3),
    ("integer", "-12345678901234567890", -12345678901234567890),
    ("integer 1..", "500", 500),
    ("integer ..0", "-4", -4),
    ("integer 1..200 = 1", "", 1),
    ("integer 1..200 = 1", None, 1),
    ("integer 1..200 = 1", "5", 5),
    ("integer 0..9?", " ", None),
    ("number 0..2.5", "2,5", 2.5),  # German decimal comma
    ("number 0..2.5", "2.5", 2.5),
    ("number 0..2.5", ",5", 0.5),
    ("number 0..2.5", 1, 1.0),
    ("number", "1,234", 1.234),  # one separator, never a thousands separator
    ("number -1,5..0", "-1.5", -1.5),
    ("bool", "x", True),
    ("bool", "X", True),
    ("bool", "Ja", True),
    ("bool", "WAHR", True),
    ("bool", "yes", True),
    ("bool", "1", True),
    ("bool", 1, True),
    ("bool", 1.0, True),
    ("bool", True, True),
    ("bool", "", False),
    ("bool", None, False),
    ("bool", "nein", False),
    ("bool", "FALSCH", False),
    ("bool", "no", False),
    ("bool", "0", False),
    ("bool", False, False),
    ("bool = yes", "", True),
    ("choice creature|spell|land", "Spell", "spell"),
    ("choice Green Forest | Sea", "green forest", "Green Forest"),
    ("choice 1|2|3", 2.0, "2"),
    ("choice a|b = b", None, "b"),
    ("image", "art/wolf.png", "art/wolf.png"),
    ("image", "art\\wolf.PNG", "art/wolf.PNG"),
    ("image", "./art/../wolf.svg", "wolf.svg"),
    ("image", "Bilder/bär.jpeg", "Bilder/bär.jpeg"),
    # beside the game folder: whether it stays inside the data folder is checked where the file is read
    ("image", "../common/logo.png", "../common/logo.png"),
    ("image", "art/../../secret.png", "../secret.png"),
    ("image", "..\\..\\secret.png", "../../secret.png"),
    ("image?", "", None),
])
def test_convert_accepts(declaration, raw, value):
    result = parse_field(declaration).convert(raw)
    assert result == value
    assert type(result) is type(value)


@pytest.mark.parametrize("declaration, raw, message", [
    ("integer 0..9", "zwei", 'expected an integer from 0 to 9, got "zwei"'),
    ("integer 0..9", "12", "expected an integer from 0 to 9, got 12"),
    ("integer 0..9", 12.0, "expected an integer from 0 to 9, got 12"),
    ("integer 0..9", "2.5", "expected an integer from 0 to 9, got 2.5"),
    ("integer 0..9", True, "expected an integer from 0 to 9, got true"),
    ("integer 0..9", "", "expected an integer from 0 to 9, got nothing"),
    ("integer 0..9", None, "expected an integer from 0 to 9, got nothing"),
    ("integer 0..9", [1, 2], "expected an integer from 0 to 9, got a list"),
    ("integer 0..9", {"a": 1}, "expected an integer from 0 to 9, got a mapping"),
    ("integer 1..", "0", "expected an integer of at least 1, got 0"),
    ("integer ..9", "10", "expected an integer of at most 9, got 10"),
    ("integer", "1e3", 'expected an integer, got "1e3"'),
    ("number 0..2.5", float("nan"), "expected a number from 0 to 2.5, got nan"),
    ("number", float("inf"), "expected a number, got inf"),
    ("number", "nan", 'expected a number, got "nan"'),
    ("number", "1.234,5", 'expected a number, got "1.234,5"'),
    ("number 0..2.5", "3", "expected a number from 0 to 2.5, got 3"),
    ("bool", "vielleicht", f'expected {BOOL_WORDS}, got "vielleicht"'),
    ("bool", 2, f"expected {BOOL_WORDS}, got 2"),
    ("choice creature|spell|land", "dragon",
     'expected one of creature, spell, land, got "dragon"'),
    ("text", "   ", "expected text, got nothing"),
    ("text", ["a"], "expected text, got a list"),
    ("image", "wolf.gif", f'expected {IMAGE_WORDS}, got "wolf.gif"'),
    ("image", 3, f"expected {IMAGE_WORDS}, got 3"),
    ("image", "/etc/wolf.png",
     f'expected {IMAGE_WORDS}, got "/etc/wolf.png": a file name relative to the game folder is needed'),
    ("image", "C:\\art\\wolf.png",
     f'expected {IMAGE_WORDS}, got "C:\\\\art\\\\wolf.png": a file name relative to the game folder is needed'),
])
def test_convert_refuses(declaration, raw, message):
    with pytest.raises(ValueError) as info:
        parse_field(declaration).convert(raw)
    assert str(info.value) == message


def test_long_values_are_shortened_in_messages():
    with pytest.raises(ValueError) as info:
        parse_field("integer").convert("x" * 100)
    assert str(info.value) == 'expected an integer, got "' + "x" * 39 + '…"'


@pytest.mark.parametrize("declaration, message", [
    ("integer 9..0", "the range 9..0 is empty: 9 is above 0"),
    ("number 2,5..1", "the range 2,5..1 is empty: 2.5 is above 1"),
    ("integer 0..2.5", 'the bound 2.5 is not a whole number'),
    ("integer zero..9", 'the bound "zero" is not a whole number'),
    ("integer 0-9", 'a range is written \'LOW..HIGH\' such as \'0..9\', got "0-9"'),
    ("number ..", 'a range is written \'LOW..HIGH\' such as \'0..9\', got ".."'),
    ("integr 0..9", 'unknown field type "integr"; the types are: text, integer, number, bool, choice, image'),
    ("", "no field type given; the types are: text, integer, number, bool, choice, image"),
    ("? = 3", "no field type given; the types are: text, integer, number, bool, choice, image"),
    ("text 12", "the type text takes nothing after its name, got 12"),
    ("bool yes", 'the type bool takes nothing after its name, got "yes"'),
    ("choice", "a choice lists its words between |, e.g. 'choice creature|spell|land'"),
    ("choice a||b", "a choice lists its words between |, e.g. 'choice creature|spell|land'"),
    ("choice Spell|spell|land", "the choice Spell, spell is listed twice"),
    ("integer 1..200 = 0", "the default: expected an integer from 1 to 200, got 0"),
    ("choice a|b = c", 'the default: expected one of a, b, got "c"'),
    ("integer =", "nothing after '='; write the default value there or drop the '='"),
    (3, "a field type is text such as 'integer 0..9', got 3"),
])
def test_bad_declarations_say_why(declaration, message):
    with pytest.raises(ValueError) as info:
        parse_field(declaration)
    assert str(info.value) == message


def test_declaration_parts():
    cost = parse_field(" Integer 0..9 ")
    assert (cost.kind, cost.low, cost.high, cost.required, cost.has_default) == ("integer", 0, 9, True, False)
    assert cost.expected == "an integer from 0 to 9"
    copies = parse_field("integer 1..200 = 1")
    assert (copies.required, copies.optional, copies.default) == (False, False, 1)
    text = parse_field("text?")
    assert (text.kind, text.optional, text.required) == ("text", True, False)
    weight = parse_field("number 0..2,5?")
    assert (weight.low, weight.high, weight.optional) == (0.0, 2.5, True)
    kinds = parse_field("choice creature | spell|land")
    assert kinds.choices == ("creature", "spell", "land")
    assert isinstance(parse_field("image"), FieldType)


def test_parse_fields_positions_every_problem(tmp_path):
    path = tmp_path / "layout.yaml"
    path.write_text("fields:\n"
                    "  name: text\n"
                    "  cost: integer 9..0\n"
                    "  my art: image\n"
                    "  copies: text\n"
                    "  kind: choice a|b\n")
    data = load_yaml(path)
    with pytest.raises(DataErrors) as info:
        parse_fields(data["fields"], "layout.yaml")
    assert [str(p) for p in info.value.problems] == [
        "layout.yaml:3:9: field cost: the range 9..0 is empty: 9 is above 0",
        'layout.yaml:4:3: field name "my art": use letters, digits and _ only, starting with a letter',
        "layout.yaml:5:11: field copies: copies is how often a card is printed: declare it as an "
        "integer with a lower bound of 0 or more, e.g. 'integer 1..99 = 1'",
    ]


def test_parse_fields_gives_types_in_order(tmp_path):
    path = tmp_path / "layout.yaml"
    path.write_text("fields:\n  name: text\n  cost: integer 0..9\n  copies: integer 0..5 = 1\n")
    fields = parse_fields(load_yaml(path)["fields"], "layout.yaml")
    assert list(fields) == ["name", "cost", "copies"]
    assert fields["cost"] == parse_field("integer 0..9")


@given(st.one_of(st.text(max_size=30), st.integers(), st.floats(), st.booleans(), st.none()))
def test_convert_raises_only_value_error(raw):
    """Whatever a cell holds, every kind answers with a value or a ValueError, nothing else."""
    for declaration in ("text", "integer 0..9", "number -1..1", "bool", "choice a|b", "image", "text?"):
        try:
            parse_field(declaration).convert(raw)
        except ValueError as exc:
            assert str(exc).startswith("expected ")
