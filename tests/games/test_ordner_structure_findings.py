"""Ordnerstruktur structure files: each rule's findings in full (object, line, column, message) for
one file per way it fails, the error text a broken file raises, and a structure written back as YAML.
test_ordner_structure.py holds the rules' edges; this file what a designer reads."""
from __future__ import annotations

from pathlib import Path

import pytest

from pnp.load.errors import DataErrors
from pnp.games.ordnerstruktur.model import CANONICAL, SEED
from pnp.games.ordnerstruktur.structure import Structure, check_raw, dump_yaml, load_structure, violations_of
from test_ordner_structure import PAARE, good_grid

VOELKER = list(CANONICAL["voelker"])


def grid(*cells) -> list[list]:
    """good_grid() with each (row, column, value) set."""
    out = good_grid()
    for i, j, v in cells:
        out[i][j] = v
    return out


SIXTY_ONE = [[20, 20, 21, 0, 0, 0]] + [[0, 0, 0, 5 + 4 * (i == 1), 5, 5] for i in range(1, 10)]
HUNDRED_FIVE = [[15, 0, 0, 0, 0, 0]] * 7 + [[0, 35, 0, 0, 0, 0], [0, 0, 30, 0, 0, 0], [0, 0, 0, 30, 0, 0]]


def write(tmp_path: Path, rows, names=None, variant="paare") -> Path:
    """Line 1 title, 2 author, 3 variant, 4 names, 5 'rows:', row i (0-based) on line 6 + i; a row
    that is a string is written as it is."""
    def cell(v):
        return "null" if v is None else repr(v) if isinstance(v, str) else str(v).lower() if isinstance(v, bool) \
            else str(v)
    names = PAARE if names is None else names
    text = (f"title: Test\nauthor: Tester\nvariant: {variant}\nnames: [{', '.join(map(str, names))}]\nrows:\n"
            + "".join(f"  - {r}\n" if isinstance(r, str) else "  - [" + ", ".join(map(cell, r)) + "]\n"
                      for r in rows))
    p = tmp_path / "s.yaml"
    p.write_text(text, encoding="utf-8")
    return p


# (test id, rows, write()'s keywords, every finding in file order: (rule, object, line, column, message))
FULL = [
    ('negative', grid((2, 1, -4), (2, 0, 12)), {},
     [('ordner.non-negative', "subfolder 3, file 'Stadt Wüste'", 8, 10,
       "-4 is negative; Machtpunkte are whole numbers >= 0 ('0' is allowed)")]),
    ('not-whole', grid((6, 2, 2.5), (6, 3, True), (6, 4, '7'), (6, 5, None)), {},
     [('ordner.whole-number', "subfolder 7, file 'Stadt Höhle'", 12, 12,
       '2.5 is not a whole number; every file holds one whole number of Machtpunkte'),
      ('ordner.whole-number', "subfolder 7, file 'Wald Wüste'", 12, 17,
       'True is not a whole number; every file holds one whole number of Machtpunkte'),
      ('ordner.whole-number', "subfolder 7, file 'Wald Höhle'", 12, 23,
       "'7' is not a whole number; every file holds one whole number of Machtpunkte"),
      ('ordner.whole-number', "subfolder 7, file 'Wüste Höhle'", 12, 28,
       'None is not a whole number; every file holds one whole number of Machtpunkte')]),
    ('one-too-many', grid((9, 1, 6)), {},
     [('ordner.total', 'total', 6, 3,
       'the files hold 201 Machtpunkte in all; exactly 200 are required (remove 1)')]),
    ('one-too-few', grid((9, 1, 4)), {},
     [('ordner.total', 'total', 6, 3,
       'the files hold 199 Machtpunkte in all; exactly 200 are required (add 1)')]),
    ('subfolder-61', SIXTY_ONE, {},
     [('ordner.subfolder-limit', 'subfolder 1', 6, 5,
       'its 6 files hold 61 Machtpunkte; a subfolder may hold at most 60')]),
    ('name-105', HUNDRED_FIVE, {},
     [('ordner.name-limit', "file name 'Stadt Wald'", 4, 9,
       'its 10 files hold 105 Machtpunkte; a file name may hold at most 100')]),
    ('subfolders-11-and-12', good_grid() + [[0] * 6, [1] * 6], {},
     [('ordner.subfolder-11', 'subfolder 11', 16, 5,
       'only subfolders 1-10 carry Machtpunkte; subfolder 11 only closes the last transfer and has no '
       'numbers (leave it out of rows)'),
      ('ordner.subfolder-11', 'subfolder 12', 17, 5,
       'there is no subfolder 12: a structure has 11 subfolders and rows lists 1-10')]),
    ('nine-rows-one-not-a-list-one-too-long', [good_grid()[0], '5', good_grid()[2] + ['x']] + good_grid()[3:9], {},
     [('ordner.rows', 'rows', 6, 3,
       '9 subfolder row(s) given; expected 10 (subfolders 1-10, one number per file; subfolder 11 has none)'),
      ('ordner.rows', 'subfolder 2', 7, 5,
       'expected a list of numbers, one per file name (got int)'),
      ('ordner.rows', 'subfolder 3', 8, 5,
       "7 number(s) given; expected 6, one per name in 'names' order"),
      ('ordner.whole-number', 'subfolder 3, column 7', 8, 24,
       "'x' is not a whole number; every file holds one whole number of Machtpunkte")]),
    ('names-misspelt-unknown-twice-missing', good_grid(), {'names': ['Wüste Stadt', 'Foo', 'Stadt Höhle', 'Stadt Höhle', 'Wald Höhle', 5]},
     [('ordner.names', 'names', 4, 8,
       "missing 'Stadt Wald', 'Stadt Wüste', 'Wald Wüste', 'Wüste Höhle': variant 'paare' has 6 file names "
       'per subfolder, each exactly once'),
      ('ordner.names', 'names, entry 1', 4, 9,
       "'Wüste Stadt' is not a file name of variant 'paare'; write it as the seed does: 'Stadt Wüste'"),
      ('ordner.names', 'names, entry 2', 4, 22,
       "'Foo' is not a file name of variant 'paare'; expected one of 'Stadt Wald', 'Stadt Wüste', 'Stadt "
       "Höhle', 'Wald Wüste', 'Wald Höhle', 'Wüste Höhle'"),
      ('ordner.names', 'names, entry 4', 4, 40,
       "'Stadt Höhle' is listed twice (also at position 3); each file name heads one column"),
      ('ordner.names', 'names, entry 6', 4, 65,
       "5 is not a file name of variant 'paare'; expected one of 'Stadt Wald', 'Stadt Wüste', 'Stadt Höhle', "
       "'Wald Wüste', 'Wald Höhle', 'Wüste Höhle'")]),
    ('names-a-people-twice-or-three', good_grid(), {'names': ['Stadt Stadt', 'Stadt Wald Höhle', 'Stadt Höhle', 'Wald Wüste', 'Wald Höhle', 'Wüste Höhle']},
     [('ordner.names', 'names', 4, 8,
       "missing 'Stadt Wald', 'Stadt Wüste': variant 'paare' has 6 file names per subfolder, each exactly "
       'once'),
      ('ordner.names', 'names, entry 1', 4, 9,
       "'Stadt Stadt' is not a file name of variant 'paare'; expected one of 'Stadt Wald', 'Stadt Wüste', "
       "'Stadt Höhle', 'Wald Wüste', 'Wald Höhle', 'Wüste Höhle'"),
      ('ordner.names', 'names, entry 2', 4, 22,
       "'Stadt Wald Höhle' is not a file name of variant 'paare'; expected one of 'Stadt Wald', 'Stadt "
       "Wüste', 'Stadt Höhle', 'Wald Wüste', 'Wald Höhle', 'Wüste Höhle'")]),
    ('voelker-with-a-pair', [[5, 5, 5, 5]] * 10, {'names': ['Stadt', 'Wald', 'Wüste', 'Stadt Wald'], 'variant': 'voelker'},
     [('ordner.names', 'names', 4, 8,
       "missing 'Höhle': variant 'voelker' has 4 file names per subfolder, each exactly once"),
      ('ordner.names', 'names, entry 4', 4, 29,
       "'Stadt Wald' is not a file name of variant 'voelker'; expected one of 'Stadt', 'Wald', 'Wüste', "
       "'Höhle'")]),
    ('names-pairs-out-of-seed-order', good_grid(), {'names': ['Stadt Wald', 'Stadt Wüste', 'Höhle Stadt', 'Wald Wüste', 'Höhle Wald', 'Wüste Höhle']},
     [('ordner.names', 'names', 4, 8,
       "missing 'Stadt Höhle', 'Wald Höhle': variant 'paare' has 6 file names per subfolder, each exactly "
       'once'),
      ('ordner.names', 'names, entry 3', 4, 34,
       "'Höhle Stadt' is not a file name of variant 'paare'; write it as the seed does: 'Stadt Höhle'"),
      ('ordner.names', 'names, entry 5', 4, 59,
       "'Höhle Wald' is not a file name of variant 'paare'; write it as the seed does: 'Wald Höhle'")]),
]


@pytest.mark.parametrize("rows,kw,expected", [c[1:] for c in FULL], ids=[c[0] for c in FULL])
def test_each_finding_says_what_and_where(tmp_path, rows, kw, expected):
    found = violations_of(write(tmp_path, rows, **kw))
    assert [(f.rule, f.object, f.line, f.col, f.message) for f in found] == expected
    assert {f.file for f in found} == {str(tmp_path / "s.yaml")}


def test_a_broken_file_raises_every_finding_with_its_place_and_the_seed(tmp_path):
    p = write(tmp_path, [[5, 5, 5, 5]] * 9 + [[5, 5, 5, -5]], names=VOELKER, variant="voelker")
    with pytest.raises(DataErrors) as exc:
        load_structure(p)
    assert str(exc.value) == (
        f"{p}:6:3: total: the files hold 190 Machtpunkte in all; exactly 200 are required (add 10) (seed {SEED})\n"
        f"{p}:15:15: subfolder 10, file 'Höhle': -5 is negative; Machtpunkte are whole numbers >= 0 ('0' is "
        f"allowed) (seed {SEED})")


def test_a_valid_file_is_a_structure_and_no_finding():
    raw = {"title": "T", "author": "A", "variant": "voelker", "names": VOELKER, "rows": [[5, 5, 5, 5]] * 10}
    found, s = check_raw(raw, "x.yaml")
    assert found == []
    assert s == Structure("T", "A", "voelker", tuple(VOELKER), ((5, 5, 5, 5),) * 10, source="x.yaml")
    assert check_raw({**raw, "description": "d"}, "x.yaml")[1].description == "d"
    assert check_raw({**raw, "rows": [[5, 5, 5, 5]] * 9}, "x.yaml")[1] is None


def test_sums_and_points_and_the_yaml_written_back(tmp_path):
    rows = ((5, 0, 10, 5),) + ((5, 5, 5, 5),) * 9
    s = Structure('Erste "Schritte"', "Bö", "voelker", ("Stadt", "Wald", "Wüste", "Höhle"), rows, description="a: b")
    assert s.row_sums == (20,) * 10 and s.column_sums == (50, 45, 55, 50)
    assert (s.points(1, "Wüste"), s.points(1, "Höhle"), s.points(10, "Stadt")) == (10, 5, 5)
    text = dump_yaml(s)
    assert text == ('title: "Erste \\"Schritte\\""\nauthor: "Bö"\nvariant: voelker\ndescription: "a: b"\n'
                    "names: [Stadt, Wald, Wüste, Höhle]\nrows:  # subfolders 1-10; subfolder 11 holds no numbers\n"
                    "  - [ 5,  0, 10,  5]  # 1: 20\n"
                    + "".join(f"  - [ 5,  5,  5,  5]  # {i}: 20\n" for i in range(2, 11))
                    + "# name sums: Stadt 50, Wald 45, Wüste 55, Höhle 50\n")
    p = tmp_path / "back.yaml"
    p.write_text(text, encoding="utf-8")
    t = load_structure(p)
    assert (t.title, t.author, t.variant, t.names, t.rows, t.description) == \
        (s.title, s.author, s.variant, s.names, s.rows, s.description)
    plain = dump_yaml(Structure("T", "A", "voelker", tuple(VOELKER), ((5, 5, 5, 5),) * 10))
    assert "description" not in plain and plain.splitlines()[3] == "names: [Stadt, Wald, Wüste, Höhle]"


HEAD = "title: T\nauthor: A\nvariant: voelker\n"
NAMES = "names: [Stadt, Wald, Wüste, Höhle]\n"
MALFORMED = [  # a file that is not the shape of a structure gets the schema's words, never a traceback
    ("a-list", "- 1\n- 2\n",
     [("ordner.schema", "", 1, 1, "Input should be a valid dictionary or instance of StructureHeader (got a list)")]),
    ("names-a-string", HEAD + "names: Stadt\nrows: []\n",
     [("ordner.schema", "", 4, 8, "'names': Input should be a valid list (got 'Stadt')"),
      ("ordner.rows", "rows", 5, 7, "0 subfolder row(s) given; expected 10 (subfolders 1-10, one number per file; "
                                    "subfolder 11 has none)")]),
    ("rows-a-string", HEAD + NAMES + "rows: viele\n",
     [("ordner.schema", "", 5, 7, "'rows': Input should be a valid list (got 'viele')")]),
    ("no-names", HEAD + "names: []\nrows:\n" + "  - [20]\n" * 10,
     [("ordner.names", "names", 4, 8, "missing 'Stadt', 'Wald', 'Wüste', 'Höhle': variant 'voelker' has 4 file "
                                      "names per subfolder, each exactly once")]),
    ("nine-good-rows", HEAD + NAMES + "rows:\n" + "  - [5, 5, 5, 5]\n" * 9,  # no total of nine rows either
     [("ordner.rows", "rows", 6, 3, "9 subfolder row(s) given; expected 10 (subfolders 1-10, one number per file; "
                                   "subfolder 11 has none)")]),
]


@pytest.mark.parametrize("text,expected", [c[1:] for c in MALFORMED], ids=[c[0] for c in MALFORMED])
def test_a_file_of_another_shape(tmp_path, text, expected):
    p = tmp_path / "s.yaml"
    p.write_text(text, encoding="utf-8")
    assert [(f.rule, f.object, f.line, f.col, f.message) for f in violations_of(p)] == expected
