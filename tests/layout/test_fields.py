"""Typed field declarations: parsing, conversion of raw cells, and the messages designers see."""
from __future__ import annotations

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.load.errors import DataErrors
from pnp.load.loader import load_yaml
from pnp.layout.fields import FieldType, as_text, parse_field, parse_fields, shown

BOOL_WORDS = "yes or no (true/false, ja/nein, 1/0, x or empty)"
IMAGE_WORDS = "an image file in the game folder (.png, .jpg, .jpeg, .svg, .gif, .webp, .bmp, .tif, .tiff)"


@pytest.mark.parametrize("declaration, raw, value", [
    ("text", "  Wolf  ", "Wolf"),
    ("text", "two\r\nlines", "two\nlines"),
    ("text", 42.0, "42"),
    ("text", 2.5, "2.5"),
    ("text", datetime.date(2024, 1, 5), "2024-01-05"),
    ("text", datetime.time(9, 30), "09:30:00"),
    ("text", True, "true"),
    ("text", False, "false"),
    ("text", {"de": "Wolf", "en": "wolf"}, {"de": "Wolf", "en": "wolf"}),
    ("text", {"en": "wolf", "de": "Wolf"}, {"de": "Wolf", "en": "wolf"}),
    ("text", {"de": "Wolf"}, {"de": "Wolf"}),
    ("text", {"en": "wolf"}, {"en": "wolf"}),  # a text in any one language
    ("text", {"pt-BR": "lobo", "zh_Hant": "狼"}, {"pt-BR": "lobo", "zh_Hant": "狼"}),
    ("text = '#2b2d42'", "", "#2b2d42"),  # the quotes only protect the value
    ("text = \"#2b2d42\"", "", "#2b2d42"),
    ("text = \"a\"b\"", "", 'a"b'),
    ("text = \"a'", "", "\"a'"),  # quotes that do not match are part of the value
    ("text = 'a", "", "'a"),
    ("text = a'", "", "a'"),
    ("text = '", "", "'"),
    ("text = XrayX", "", "XrayX"),  # only quotes are taken off
    ("text?", "", None),
    ("text?", None, None),
    ("integer 0..9", "3", 3),
    ("integer 0..9", " +7 ", 7),
    ("integer 0..9", 9, 9),
    ("integer 0..9", 3.0, 3),  # spreadsheets store whole numbers as floats
    ("integer 0..9", "3,0", 3),
    ("integer", "-12345678901234567890", -12345678901234567890),
    ("integer 1..", "500", 500),
    ("integer 1..", "1", 1),  # both bounds belong to the range
    ("integer 3..3", "3", 3),
    ("number 0..2.5", "0", 0.0),
    ("number 0..2.5", 2.5, 2.5),
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
    ("bool", "true", True),
    ("bool", "TRUE", True),
    ("bool", "false", False),
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
    ("bool", 0, False),
    ("bool", 0.0, False),
    ("bool?", "", False),  # an empty cell is a clear no, optional or not
    ("bool = yes", "", True),
    ("choice creature|spell|land", "Spell", "spell"),
    ("choice Green Forest | Sea", "green forest", "Green Forest"),
    ("choice 1|2|3", 2.0, "2"),
    ("choice a|b = b", None, "b"),
    ("choice a|b = b", "A", "a"),
    ("image", "art/wolf.png", "art/wolf.png"),
    ("image", "art\\wolf.PNG", "art/wolf.PNG"),
    ("image", "./art/../wolf.svg", "wolf.svg"),
    ("image", "Bilder/bär.jpeg", "Bilder/bär.jpeg"),
    # beside the game folder: whether it stays inside the data folder is checked where the file is read
    ("image", "../common/logo.png", "../common/logo.png"),
    ("image", "art/../../secret.png", "../secret.png"),
    ("image", "..\\..\\secret.png", "../../secret.png"),
    ("image", "a.jpg", "a.jpg"),
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
    ("text", {"German": "Wolf"}, "expected text, got a mapping"),  # keys are language codes
    ("text", {"de": "Wolf", "e": "wolf"}, "expected text, got a mapping"),
    ("text", {"de": 3}, "expected text, got a mapping"),
    ("text", {3: "drei"}, "expected text, got a mapping"),
    ("text", {}, "expected text, got a mapping"),
    ("choice a|b", {"a": 1}, "expected one of a, b, got a mapping"),
    ("integer 0..9", 1e15, "expected an integer from 0 to 9, got 1000000000000000.0"),  # too big to show as whole
    ("integer 0..9", 999999999999999.0, "expected an integer from 0 to 9, got 999999999999999"),
    ("integer 1..200 = 1", "201", "expected an integer from 1 to 200, got 201"),
    ("image", "..", f'expected {IMAGE_WORDS}, got ".."'),  # a folder, not a picture
    ("image", "art/wolf\x00.png",
     f'expected {IMAGE_WORDS}, got "art/wolf\\u0000.png": a file name relative to the game folder is needed'),
    ("image", "wolf.psd", f'expected {IMAGE_WORDS}, got "wolf.psd"'),
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
    assert shown("y" * 40) == '"' + "y" * 40 + '"'  # 40 characters are shown whole, 41 are not
    assert shown("y" * 41) == '"' + "y" * 39 + '…"'
    assert shown("Bär") == '"Bär"'  # as written, not as \\u escapes


@pytest.mark.parametrize("raw, text, show", [(None, "", "nothing"), ("  ", "", "nothing"), (True, "true", "true"),
                                             (False, "false", "false"), (3.0, "3", "3"), (2.5, "2.5", "2.5"),
                                             (" a\r\nb ", "a\nb", '"a\\nb"'), ([1], "[1]", "a list"),
                                             ({"a": 1}, "{'a': 1}", "a mapping")])
def test_a_value_as_text_and_as_a_message_shows_it(raw, text, show):
    assert as_text(raw) == text
    assert shown(raw) == show


@pytest.mark.parametrize("declaration, message", [
    ("integer 9..0", "the range 9..0 is empty: 9 is above 0"),
    ("number 2,5..1", "the range 2,5..1 is empty: 2.5 is above 1"),
    ("integer 0..2.5", 'the bound 2.5 is not a whole number'),
    ("integer zero..9", 'the bound "zero" is not a whole number'),
    ("number 0..x", 'the bound "x" is not a number'),
    ("number 0..5..9", 'the bound "5..9" is not a number'),
    ("text = ''", "the default: expected text, got nothing"),
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
    assert parse_field("integer").choices == () and parse_field("text = x").choices == ()
    assert type(cost.low) is type(cost.high) is int and type(weight.high) is float
    assert (cost.declaration, copies.declaration) == ("Integer 0..9", "integer 1..200 = 1")
    assert (copies.low, copies.high, copies.has_default) == (1, 200, True)
    opt = parse_field("integer 0..9 ?")
    assert (opt.kind, opt.low, opt.high, opt.optional) == ("integer", 0, 9, True)


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


@pytest.mark.parametrize("declaration", ["integer ..5", "integer -1..5", "number 1..5", "text", "integer"])
def test_copies_is_a_whole_number_never_negative(tmp_path, declaration):
    path = tmp_path / "layout.yaml"
    path.write_text(f"fields:\n  copies: {declaration}\n")
    with pytest.raises(DataErrors) as info:
        parse_fields(load_yaml(path)["fields"], "layout.yaml")
    assert [str(p) for p in info.value.problems] == [
        "layout.yaml:2:11: field copies: copies is how often a card is printed: declare it as an "
        "integer with a lower bound of 0 or more, e.g. 'integer 1..99 = 1'"]


def test_fields_that_are_not_a_mapping_say_where(tmp_path):
    path = tmp_path / "layout.yaml"
    path.write_text("kind: layout\nfields:\n  - name\n  - cost\n")
    with pytest.raises(DataErrors) as info:
        parse_fields(load_yaml(path)["fields"], "layout.yaml")
    assert [str(p) for p in info.value.problems] == ["layout.yaml:3:3: fields: expected a mapping of name: type"]


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
