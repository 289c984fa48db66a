"""Kafkas Halle positions against the material list of the rule document: exactly the pieces
it names, in the numbers it names, each on as many squares as it occupies. Every case is the
shipped board.yaml with one change, checked as a position in play (``--state``) and, where it
matters, as the start set-up; each asserts the EXACT findings (rule id, object)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.games.kafkas_halle import check
from pnp.games.kafkas_halle.facts import FACTS, RULES, SETUP
from pnp.load.paths import DEFAULT_DATA
from pnp.model.game import discover

BOARD = (DEFAULT_DATA / "kafkas-halle" / "board.yaml").read_text(encoding="utf-8")


def edited(*edits: tuple[str, str]) -> str:
    text = BOARD
    for old, new in edits:
        assert text.count(old) == 1, f"edit target {old!r} not unique in board.yaml"
        text = text.replace(old, new)
    return text


@pytest.fixture()
def game(tmp_path):
    shutil.copytree(DEFAULT_DATA / "kafkas-halle", tmp_path / "data" / "kafkas-halle")
    return discover(tmp_path / "data")["kafkas-halle"]


def in_play(game, tmp_path, *edits) -> set[tuple[str, str]]:
    """The findings of the edited board as a position in play (hall rules only)."""
    p = tmp_path / "state.yaml"
    p.write_text(edited(*edits), encoding="utf-8")
    return {(f.rule, f.object) for f in check(game, p)}


def at_start(game, *edits) -> set[tuple[str, str]]:
    """The findings of the game with its board.yaml edited (the start set-up)."""
    (game.folder / "board.yaml").write_text(edited(*edits), encoding="utf-8")
    game._loaded = None
    return {(f.rule, f.object) for f in check(game)}


F1 = "{piece: figur-1, id: F1, at: h8}"
F2 = "{piece: figur-2, id: F2, at: a1}"
H1 = "id: H1, at: [d3, e3]"
D1_E1 = "  - {piece: sperre, at: d1}\n  - {piece: sperre, at: e1}\n"
PIECES_END = '  - {id: figur-2, name: {de: Figur Spieler 2, en: figure player 2}, label: "2", shape: figure, colour: "#1f6fb2"}\n'


def test_the_shipped_board_is_the_start_position_and_a_legal_position_in_play(game, tmp_path):
    assert at_start(game) == set()
    assert in_play(game, tmp_path) == set()


def test_a_third_figure_is_no_material_zwei_spielfiguren(game, tmp_path):
    """"Kafkas Halle benötigt folgendes Spielmaterial: … zwei Spielfiguren": a third figure is refused."""
    third = (PIECES_END, PIECES_END + '  - {id: figur-3, name: {de: Figur Spieler 3, en: figure 3}, label: "3", '
                                      'shape: figure}\n')
    placed = (F2, F2 + "\n  - {piece: figur-3, id: F3, at: c3}")
    assert in_play(game, tmp_path, third, placed) == {("setup.material", "figur-3"), ("setup.material", "F3")}
    assert at_start(game, third, placed) == {("setup.material", "figur-3"), ("setup.material", "F3")}
    # a third object of a player's own figure is one figure too many
    assert in_play(game, tmp_path, (F2, F2 + "\n  - {piece: figur-2, id: F3, at: c3}")) == {("setup.count", "figur-2")}


def test_a_dragon_is_no_game_material(game, tmp_path):
    """"Kafkas Halle benötigt folgendes Spielmaterial: Ein Schachbrett, zwölf Sperren, …": a `drache` is none of it."""
    dragon = (PIECES_END, PIECES_END + "  - {id: drache, name: {de: Drache, en: dragon}, label: X}\n")
    placed = (F2, F2 + "\n  - {piece: drache, id: X1, at: c3}")
    assert in_play(game, tmp_path, dragon, placed) == {("setup.material", "drache"), ("setup.material", "X1")}
    # a dragon placed in a position without a piece list is still no material
    assert in_play(game, tmp_path, placed) == {("setup.material", "X1")}


def test_one_sperre_on_two_squares_sie_nehmen_jeweils_ein_feld_ein(game, tmp_path):
    """"Die Sperren: Sie nehmen jeweils ein Feld ein": one Sperre object covering d1 and e1 is refused."""
    one = (D1_E1, "  - {piece: sperre, at: [d1, e1]}\n")
    want = {("setup.count", "sperre"), ("setup.piece-squares", "sperre d1-e1")}
    assert in_play(game, tmp_path, one) == want
    assert at_start(game, one) == want


def test_a_sperre_type_covering_two_squares_is_a_variant_of_a_fact(game, tmp_path):
    two = ("label: S, shape: block,", "label: S, shape: block, squares: 2,")
    assert in_play(game, tmp_path, two) == {("setup.piece-squares", "sperre")}


def test_twelve_sperren_exactly(game, tmp_path):
    """"zwölf Sperren": a thirteenth is one too many, eleven one too few."""
    assert in_play(game, tmp_path, (D1_E1, D1_E1 + "  - {piece: sperre, at: c2}\n")) == {
        ("setup.count", "sperre"), ("setup.sperren", "Sperren")}
    assert in_play(game, tmp_path, (D1_E1, "  - {piece: sperre, at: d1}\n")) == {
        ("setup.count", "sperre"), ("setup.sperren", "Sperren")}


def test_sperren_never_move(game, tmp_path):
    """"Sperren sind unbeweglich": a Sperre on b6 instead of a6 breaks only that rule."""
    assert in_play(game, tmp_path, ("{piece: sperre, at: a6}", "{piece: sperre, at: b6}")) == {
        ("setup.sperren", "Sperren")}


def test_barriers_cover_two_side_by_side_squares(game, tmp_path):
    """"Die Barrieren: Sie nehmen jeweils zwei Felder ein … sie sind starre Balken"."""
    assert in_play(game, tmp_path, (H1, "id: H1, at: [d3, e3, f3]")) == {("setup.piece-squares", "H1")}
    assert in_play(game, tmp_path, (H1, "id: H1, at: d3")) == {("setup.piece-squares", "H1")}
    assert in_play(game, tmp_path, (H1, "id: H1, at: [d3, f3]")) == {("setup.barrier-shape", "H1")}
    # the legal side: pushed along its rank to c3-d3
    assert in_play(game, tmp_path, (H1, "id: H1, at: [c3, d3]")) == set()


def test_a_barrier_on_three_squares_in_board_yaml_is_a_finding_sie_nehmen_jeweils_zwei_felder_ein(game):
    """"Die Barrieren: Sie nehmen jeweils zwei Felder ein": the start set-up with a barrier on three
    squares fails the rule naming the fact (exit 1), as it does in play, not the board format (exit 2)."""
    assert ("setup.piece-squares", "H1") in at_start(game, (H1, "id: H1, at: [c3, d3, e3]"))


def test_light_barriers_lie_horizontally(game, tmp_path):
    """"Dabei stehen die hellen Barrieren waagerecht, die dunklen senkrecht"."""
    assert in_play(game, tmp_path, (H1, "id: H1, at: [d3, d2]")) == {("setup.barrier-orientation", "H1")}
    assert in_play(game, tmp_path, ("id: D1, at: [a4, a5]", "id: D1, at: [b3, c3]")) == {
        ("setup.barrier-orientation", "D1")}
    assert in_play(game, tmp_path, ("id: D1, at: [a4, a5]", "id: D1, at: [b2, b3]")) == set()


def test_no_barrier_on_a_goal_square(game, tmp_path):
    """"Barrieren können nicht auf Zielfelder geschoben werden"."""
    moved = (F1, "{piece: figur-1, id: F1, at: c3}")
    assert in_play(game, tmp_path, moved, (H1, "id: H1, at: [g8, h8]")) == {("setup.barrier-on-goal", "H1")}
    assert in_play(game, tmp_path, moved, (H1, "id: H1, at: [f8, g8]")) == set()


def test_only_both_figures_share_and_only_on_a_goal(game, tmp_path):
    """"Die Zielfelder sind die einzigen Felder, auf denen beide Spielfiguren gleichzeitig stehen können"."""
    assert in_play(game, tmp_path, (F1, "{piece: figur-1, id: F1, at: a1}")) == set()
    assert in_play(game, tmp_path, (F1, "{piece: figur-1, id: F1, at: c3}"),
                   (F2, "{piece: figur-2, id: F2, at: c3}")) == {("setup.overlap", "F1, F2")}
    assert in_play(game, tmp_path, (F1, "{piece: figur-1, id: F1, at: d1}")) == {("setup.overlap", "sperre d1, F1")}


def test_the_hall_is_a_chessboard(game, tmp_path):
    """"Ein Schachbrett … acht mal acht Einzelfeldern … (a1 bis h8)"."""
    assert in_play(game, tmp_path, ("files: 8", "files: 9")) == {("setup.board", "board")}
    assert in_play(game, tmp_path, (F1, "{piece: figur-1, id: F1, at: i8}")) == {("setup.square", "F1")}


def test_goal_marks(game, tmp_path):
    """"zwei Zielmarkierungen" on the goals, "auf a1 bzw. h8"."""
    z2 = "{id: z2, at: h8,"
    assert in_play(game, tmp_path, (z2, "{id: z2, at: g8,")) == {("setup.goal", "Z2")}
    z2_line = next(ln for ln in BOARD.splitlines(keepends=True) if z2 in ln)
    assert in_play(game, tmp_path, (z2_line, "")) == {("setup.count", "Z2")}
    assert in_play(game, tmp_path, (z2_line, z2_line + z2_line.replace("z2", "z3"))) == {("setup.material", "z3")}


def test_the_start_position(game):
    """"Die Figur jedes Spielers beginnt jeweils auf dem Zielfeld der anderen" and the barriers' start squares."""
    assert at_start(game, (F1, "{piece: figur-1, id: F1, at: a1}"), (F2, "{piece: figur-2, id: F2, at: h8}")) == {
        ("setup.figure-start", "F1"), ("setup.figure-start", "F2")}
    assert at_start(game, (H1, "id: H1, at: [c3, d3]")) == {("setup.barrier-start", "helle-barriere")}


def test_a_position_is_a_mapping(game, tmp_path):
    p = tmp_path / "list.yaml"
    p.write_text("- {piece: sperre, at: d1}\n", encoding="utf-8")
    assert {(f.rule, f.object) for f in check(game, p)} == {("setup.schema", "")}


def test_every_rule_of_the_hall_is_exercised_above():
    hall = {r.id for r in RULES if r.scope in ("hall", "start", "position")}
    assert hall == {"setup.schema", "setup.board", "setup.square", "setup.goal", "setup.material", "setup.count",
                    "setup.piece-squares", "setup.sperren", "setup.barrier-shape", "setup.barrier-orientation",
                    "setup.barrier-on-goal", "setup.barrier-start", "setup.overlap", "setup.figure-start"}


def test_the_facts_are_the_packages_with_their_passages():
    assert FACTS.title == "Kafkas Halle" and FACTS.document == "000_b69832241c10d319.txt"
    assert SETUP["material"] == {"sperre": 12, "helle-barriere": 2, "dunkle-barriere": 2, "figur-1": 1, "figur-2": 1}
    assert sum(c["copies"] for c in FACTS.value("deck.cards")) == FACTS.value("deck.total") == 50
    assert all(f.section and f.quote for f in FACTS)
    assert not (DEFAULT_DATA / "kafkas-halle" / "seed-facts.yaml").exists()


# the transcription the data folder used to hold, as it was last shipped
OLD_FACTS = (Path(__file__).resolve().parent / "old" / "kafkas-halle-seed-facts.yaml").read_text(encoding="utf-8")


def test_editing_a_copy_of_the_transcription_changes_nothing_but_is_reported(game):
    """Editing seed-facts.yaml used to make any change pass; now the package's facts decide."""
    old = game.folder / "seed-facts.yaml"
    old.write_text(OLD_FACTS, encoding="utf-8")
    assert check(game) == []
    assert OLD_FACTS.count("total: 50") == 1
    old.write_text(OLD_FACTS.replace("total: 50", "total: 51"), encoding="utf-8")
    deck = game.folder / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("category: bewegen\n    copies: 4", "category: bewegen\n    copies: 5", 1),
                    encoding="utf-8")
    game._loaded = None
    found = check(game)
    assert {(f.rule, f.object) for f in found} == {("facts.restated", "deck.total"), ("deck.total", "deck"),
                                                   ("deck.category-total", "Bewegen"), ("deck.copies", "Nach Links")}
    f = next(f for f in found if f.rule == "facts.restated")
    assert f.message == ('seed-facts.yaml says deck.total is 51; Kafkas Halle, §Spielmaterial '
                         '[000_b69832241c10d319.txt] says 50 ("fünfzig Genehmigungskarten")')
    line = OLD_FACTS.splitlines().index("  total: 50") + 1
    assert f.where.endswith(f"seed-facts.yaml:{line}:10")


def test_reading_orientation_is_the_boards_in_every_position(game, tmp_path):
    """The reading of "die hellen Barrieren waagerecht": along a rank in board terms, whatever the hall's turn.
    A light barrier along a file would look waagerecht to a player after a quarter turn; pnp refuses it."""
    assert in_play(game, tmp_path, (H1, "id: H1, at: [c2, c3]")) == {("setup.barrier-orientation", "H1")}
    assert in_play(game, tmp_path, (H1, "id: H1, at: [b2, c2]")) == set()
    assert next(r for r in RULES if r.id == "setup.barrier-orientation").reading


def test_reading_nothing_leaves_the_hall(game, tmp_path):
    """The reading of the material list in play: no piece is ever taken off, so a position without a dark barrier
    is one barrier short (a reading that let pieces leave would pass it)."""
    d2 = next(ln for ln in BOARD.splitlines(keepends=True) if "id: D2" in ln)
    assert in_play(game, tmp_path, (d2, "")) == {("setup.count", "dunkle-barriere")}
    assert next(r for r in RULES if r.id == "setup.material").reading


def test_reading_the_material_is_known_by_its_id_its_look_is_the_users(game, tmp_path):
    """The reading of "zwölf Sperren ... zwei Spielfiguren": a piece of the material is known by its id; how
    a Sperre or a figure looks (name, label, shape, colour) is the user's, while a Sperre renamed to another
    id is no longer one of the twelve (the other reading, ids free, could not tell a Sperre from a dragon)."""
    sperre = '  - {id: sperre, name: {de: Sperre, en: Block}, label: S, shape: block, colour: "#3c3c3c"}\n'
    look = '  - {id: sperre, name: {de: Mauer, en: Wall}, label: M, shape: disc, colour: "#aa0000"}\n'
    assert at_start(game, (sperre, look)) == set()
    assert in_play(game, tmp_path, (sperre, look)) == set()
    renamed = in_play(game, tmp_path, (sperre, sperre.replace("id: sperre", "id: stein")),
                      ("{piece: sperre, at: d1}", "{piece: stein, at: d1}"))
    assert {("setup.material", "stein"), ("setup.material", "stein d1"), ("setup.count", "sperre")} <= renamed
    assert "known by its id" in next(r for r in RULES if r.id == "setup.material").reading


@pytest.mark.parametrize("gone, rule, obj, message", [
    ("deck.yaml", "deck.missing", "deck", "no deck file (kind: deck) in the game folder"),
    ("board.yaml", "setup.missing", "board", "no board file (kind: board) in the game folder"),
])
def test_a_game_folder_without_its_deck_or_its_board(game, gone, rule, obj, message):
    (game.folder / gone).unlink()
    assert [(f.rule, f.object, f.message, f.where) for f in check(game)] == [(rule, obj, message, str(game.folder))]
