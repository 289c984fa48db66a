"""18-Kniffel score sheets read structurally: every sum is the count of each Vorgabe (and the
bonus) it adds, so a grand total must count every Vorgabe once and the bonus once, whatever
numbers a probe would put in. A wrong sheet is the sheet's finding, never the Bilanz's.
Each case is the shipped bilanz.yaml with one change and asserts the EXACT findings."""
from __future__ import annotations

import shutil

import pytest
from typer.testing import CliRunner

from pnp.games.kniffel.rules import RULES, check
from pnp.games.kniffel.scoring import BLOCKS, FACTS, VORGABEN
from pnp.load.paths import DEFAULT_DATA
from pnp.model.game import discover

GAME = DEFAULT_DATA / "18-kniffel"
SHEET = (GAME / "bilanz.yaml").read_text(encoding="utf-8")
MARIA = GAME / "examples" / "maria.yaml"
TOTAL = "sum: [bonus-total, pasch-total, strassen-total]"


@pytest.fixture()
def data(tmp_path):
    shutil.copytree(GAME, tmp_path / "18-kniffel")
    return tmp_path


def findings(data, *edits, state=None):
    p = data / "18-kniffel" / "bilanz.yaml"
    text = SHEET
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    p.write_text(text, encoding="utf-8")
    return check(discover(data)["18-kniffel"], state)


def found(fs) -> set[tuple[str, str]]:
    return {(f.rule, f.object) for f in fs if f.severity == "error"}


def test_the_shipped_sheet_and_marias_bilanz_pass(data):
    assert findings(data, state=MARIA) == []


def test_a_total_that_leaves_out_the_paschblock_and_counts_the_strassenblock_twice(data):
    """"Für jede Vorgabe können und müssen insgesamt genau ein Mal Punkte eingetragen werden": a probe filling
    every Vorgabe with the same value cannot tell this total from the right one; counting each row can."""
    fs = findings(data, (TOTAL, "sum: [bonus-total, strassen-total, strassen-total]"))
    assert found(fs) == {("kniffel.total", "total")}
    assert fs[0].message == ("the grand total 'total' must add every Vorgabe once plus the bonus; it leaves out the "
                             "Paschblock (6+0 5+1 4+2 3+3 2+2+2 >21) and counts the Straßenblock (1-6 1-5 2-6 2,4,6 "
                             "1,3,5 <21) twice")


def test_with_that_sheet_marias_correct_326_is_not_reported_wrong(data):
    """"Am Ende werden die Punkte aufaddiert (Bonuspunkte nicht vergessen!)": Maria's 326 is right; the sheet is wrong."""
    fs = findings(data, (TOTAL, "sum: [bonus-total, strassen-total, strassen-total]"), state=MARIA)
    assert found(fs) == {("kniffel.total", "total")}
    assert not [f for f in fs if f.rule in ("kniffel.arithmetic", "kniffel.bilanz")]


def test_tally_with_a_wrong_sheet_blames_the_sheet(data):
    sheet = data / "bilanz.yaml"
    sheet.write_text(SHEET.replace(TOTAL, "sum: [bonus-total, strassen-total, strassen-total]"), encoding="utf-8")
    from pnp.games.kniffel.cli import app

    res = CliRunner().invoke(app, ["tally", str(MARIA), "--sheet", str(sheet)])
    assert res.exit_code == 1
    assert "kniffel.total [total]" in res.output and "total by the document is 326" in res.output
    assert "does not add up: " not in res.output
    assert CliRunner().invoke(app, ["tally", str(MARIA)]).exit_code == 0


@pytest.mark.parametrize("total,said", [
    ("sum: [bonus-sum, pasch-total, strassen-total]", "leaves out bonus"),
    ("sum: [bonus-total, bonus, pasch-total, strassen-total]", "counts bonus twice"),
    ("sum: [bonus-total, pasch-total]", "leaves out the Straßenblock (1-6 1-5 2-6 2,4,6 1,3,5 <21)"),
    ("sum: [bonus-total, pasch-total, strassen-total, 1-6]", "counts 1-6 twice"),
    ("sum: [bonus-total, pasch-total, strassen-total, 5en, 5en]", "counts 5en 3 times"),
])
def test_a_grand_total_counts_every_vorgabe_and_the_bonus_exactly_once(data, total, said):
    fs = findings(data, (TOTAL, total))
    assert found(fs) == {("kniffel.total", "total")} and said in fs[0].message


def test_any_total_that_counts_each_once_passes(data):
    rows = "1en, 2en, 3en, 4en, 5en, 6en, bonus, 6+0, 5+1, 4+2, 3+3, 2+2+2, '>21', strassen-total"
    assert findings(data, (TOTAL, f"sum: [{rows}]")) == []


def test_a_place_to_write_the_ranking_after_the_total_is_no_total(data):
    """"die Spieler nach ihrem Punktestand platziert": a hand-filled row after the grand total is fine."""
    legend = "legend:\n"
    assert findings(data, (legend, "  - {id: platz, label: {de: Platz, en: Place}}\n" + legend)) == []


def test_a_sheet_without_a_grand_total(data):
    total_rows = SHEET[SHEET.index("totals:"):SHEET.index("legend:")]
    assert found(findings(data, (total_rows, ""))) == {("kniffel.total", "totals")}


def test_the_bonus_looks_at_the_bonusblock_each_once(data):
    """"Beim Spielende werden die Punkte des Bonusblocks zunächst separat aufaddiert. Ergeben sie mindestens 84 Punkte"."""
    fs = findings(data, ("of: bonus-sum", "of: 6en"))
    assert found(fs) == {("kniffel.bonus", "bonus")} and "leaves out 1en 2en 3en 4en 5en" in fs[0].message
    sum_row = "        sum: block\n      - id: bonus\n"
    fs = findings(data, (sum_row, "        sum: [1en, 2en, 3en, 4en, 5en, 6en, 6en]\n      - id: bonus\n"))
    assert found(fs) == {("kniffel.sums", "bonus-sum")}  # reported once, at the row that counts 6en twice
    assert findings(data, (sum_row, "        sum: [1en, 2en, 3en, 4en, 5en, 6en]\n      - id: bonus\n")) == []


@pytest.mark.parametrize("old,new", [("points: 36 ", "points: 66 "), ("at_least: 84", "at_least: 63"),
                                     ("at_least: 84", "at_least: 85")])
def test_the_bonus_is_36_at_84_or_more(data, old, new):
    """"Ergeben sie mindestens 84 Punkte … so erhält der Spieler einen BONUS von 36 Punkten"."""
    assert found(findings(data, (old, new))) == {("kniffel.bonus", "bonus")}


def test_no_other_sum_counts_a_vorgabe_twice(data):
    extra = "totals:\n  - id: zwischen\n    label: Zwischensumme\n    sum: [1en, 1en]\n"
    assert found(findings(data, ("totals:\n", extra))) == {("kniffel.sums", "zwischen")}
    assert findings(data, ("totals:\n", extra.replace("[1en, 1en]", "[1en, 2en]"))) == []


def test_room_for_six_players_is_a_warning(data):
    fs = findings(data, ("players: 4 ", "players: 4 "), ("max_players: 6", "max_players: 5"))
    assert [(f.rule, f.severity) for f in fs] == [("kniffel.players", "warning")]


def test_a_bilanz_is_added_up_by_the_document_not_the_sheet(data, tmp_path):
    """The Bonusblock at exactly 84 earns the bonus, at 83 it does not, whatever the sheet's bonus row says."""
    sets = {"1en": "1,1,1,1,2,3", "2en": "2,2,2,2,1,3", "3en": "3,3,3,3,1,2", "4en": "4,4,4,4,1,2",
            "5en": "5,5,5,5,1,2", "6en": "6,6,6,6,1,2", "6+0": "3,3,3,3,3,3", "5+1": "1,1,2,2,3,5",
            "4+2": "4,4,4,4,2,2", "3+3": "3,3,3,5,5,5", "2+2+2": "1,1,2,2,3,3", ">21": "6,6,6,2,1,1",
            "1-6": "1,2,3,4,5,6", "1-5": "1,2,3,4,5,5", "2-6": "2,3,4,5,6,6", "2,4,6": "2,2,4,4,6,6",
            "1,3,5": "1,3,5,5,5,6", "<21": "1,2,3,4,5,6"}

    def bilanz(total, **change):
        p = tmp_path / "filled.yaml"
        p.write_text("sets:\n" + "".join(f'  - {{vorgabe: "{k}", dice: "{change.get(k, v)}"}}\n'
                                         for k, v in sets.items()) + f"total: {total}\n", encoding="utf-8")
        return p

    assert findings(data, state=bilanz(84 + 36 + 82 + 45)) == []
    assert found(findings(data, state=bilanz(84 + 82 + 45))) == {("kniffel.arithmetic", "state")}
    assert findings(data, state=bilanz(83 + 82 + 45, **{"1en": "1,1,1,2,2,3"})) == []
    # a sheet whose bonus comes at 63 is the sheet's fault; the Bilanz is still added up by the document
    assert found(findings(data, ("at_least: 84", "at_least: 63"), state=bilanz(83 + 82 + 45, **{"1en": "1,1,1,2,2,3"}))) \
        == {("kniffel.bonus", "bonus")}


def test_the_vorgaben_the_scorer_knows_are_the_documents():
    assert [[v.label for v in VORGABEN if v.block == b] for b in BLOCKS] == \
        [FACTS.value(f"vorgaben.{b}") for b in BLOCKS]
    assert FACTS.title == "18-Kniffel" and all(f.section and f.quote for f in FACTS)


def test_every_sheet_rule_is_exercised():
    assert {r.id for r in RULES if r.scope == "sheet"} == {
        "kniffel.vorgaben", "kniffel.blocks", "kniffel.bonus", "kniffel.total", "kniffel.sums", "kniffel.players"}


@pytest.mark.parametrize("label,dice,points", [
    ("4+2", "4,4,4,4,2,2", 20),    # the two others may be alike
    ("3+3", "3,3,3,5,5,5", 24),    # the other three differ from the triple, not from each other
    ("3+3", "3,3,3,3,5,5", -22),   # four of a kind is not "drei Mal eine Zahl"
    ("5+1", "5,5,5,5,5,5", -30),   # six alike is not five and one other
    (">21", "1,2,3,4,5,6", -21),   # strict: 21 is not more than 21
    ("<21", "1,2,3,4,5,6", -21),   # nor less
    ("3en", "1,1,2,2,4,5", 0),     # a Bonusblock row never goes below 0
])
def test_reading_of_the_pasch_and_chance_vorgaben(data, tmp_path, label, dice, points):
    """The reading kniffel.arithmetic states: a Bilanz writing these points passes, one writing the other
    reading's points (the negated value, or 0) is refused."""
    maria = MARIA.read_text(encoding="utf-8").replace("total: 326\n", "")  # the points alone are on trial
    line = next(ln for ln in maria.splitlines(keepends=True) if f'vorgabe: "{label}"' in ln or f"vorgabe: {label}," in ln)
    p = tmp_path / "filled.yaml"
    p.write_text(maria.replace(line, f'  - {{vorgabe: "{label}", dice: "{dice}", points: {points}}}\n'),
                 encoding="utf-8")
    assert findings(data, state=p) == []
    other = -points if points else -1
    p.write_text(maria.replace(line, f'  - {{vorgabe: "{label}", dice: "{dice}", points: {other}}}\n'),
                 encoding="utf-8")
    assert found(findings(data, state=p)) == {("kniffel.arithmetic", "Maria")}
    assert next(r for r in RULES if r.id == "kniffel.arithmetic").reading


# ------------------------------------------------------------------ where a finding points, and which sheets are read


def _line(text: str, needle: str) -> int:
    (i,) = [i for i, s in enumerate(text.splitlines(), 1) if s.strip() == needle]
    return i


def _where(fs) -> set[tuple[str, str, str]]:
    """(rule, object, file:line) of each error."""
    return {(f.rule, f.object, ":".join(f.where.rsplit("/", 1)[-1].split(":")[:2])) for f in fs
            if f.severity == "error"}


@pytest.mark.parametrize("edits, rule, obj, needle", [
    # a row of a block: the bonus row, the block's sum row
    ((("at_least: 84", "at_least: 85"),), "kniffel.bonus", "bonus", "- id: bonus"),
    ((("        sum: block\n      - id: bonus\n", "        sum: [1en, 2en, 3en, 4en, 5en, 6en, 6en]\n      - id: bonus\n"),),
     "kniffel.sums", "bonus-sum", "- id: bonus-sum"),
    # a row of the totals
    (((TOTAL, "sum: [bonus-total, pasch-total]"),), "kniffel.total", "total", "- id: total"),
    ((("totals:\n", "totals:\n  - id: zwischen\n    label: Z\n    sum: [1en, 1en]\n"),), "kniffel.sums", "zwischen",
     "- id: zwischen"),
    # a block
    ((("      - {id: 1-6, label", "      - {id: 1-7, label"),), "kniffel.blocks", "strassenblock", "- id: strassenblock"),
    # the whole list of blocks
    ((("totals:\n  - id: total\n    label: {de: Gesamt, en: Total}\n"
       "    explain: {de: \"drei Blocksummen zusammen\", en: \"the three block totals\"}\n"
       "    sum: [bonus-total, pasch-total, strassen-total]\n", "totals: []\n"),), "kniffel.total", "totals", "- id: bonusblock"),  # the blocks list's first line
])
def test_each_sheet_finding_points_at_the_line_that_is_wrong(data, edits, rule, obj, needle):
    text = SHEET
    for old, new in edits:
        text = text.replace(old, new)
    fs = [f for f in findings(data, *edits) if f.rule == rule]
    assert _where(fs) == {(rule, obj, f"bilanz.yaml:{_line(text, needle)}")}


def test_a_misspelled_vorgabe_is_named_in_the_vorgaben_and_the_block_it_stands_in(data):
    fs = findings(data, ("      - {id: 1-6, label", "      - {id: 1-7, label"))
    line = _line(SHEET, "- id: bonusblock")  # the blocks list's first line
    assert _where(fs) == {("kniffel.vorgaben", "", f"bilanz.yaml:{line}"),
                          ("kniffel.blocks", "strassenblock", f"bilanz.yaml:{_line(SHEET, '- id: strassenblock')}")}


def test_two_blocks_instead_of_three_is_said_of_the_sheet(data):
    start = SHEET.index("  - id: strassenblock")
    merged = SHEET[start:SHEET.index("totals:")]
    fs = findings(data, (merged, ""), (TOTAL, "sum: [bonus-total, pasch-total]"))
    blocks = [f for f in fs if f.rule == "kniffel.blocks"]
    assert [(f.object, f.message) for f in blocks] == [
        ("", "the seed groups the Vorgaben in three blocks (Bonus-, Pasch-, Straßenblock); the sheet has 2")]


def test_a_game_without_a_bilanz(data):
    (data / "18-kniffel" / "bilanz.yaml").unlink()
    assert [(f.rule, f.object) for f in check(discover(data)["18-kniffel"])] == [("kniffel.sheet", "bilanz")]


def test_every_score_sheet_of_the_folder_is_checked(data):
    """A second, broken sheet beside the shipped one: its findings, and only its, at its own lines."""
    broken = SHEET.replace("at_least: 84", "at_least: 85")
    (data / "18-kniffel" / "bilanz-2.yaml").write_text(broken, encoding="utf-8")
    fs = findings(data)
    assert {(f.rule, f.object, f.where.rsplit("/", 1)[-1].split(":")[0]) for f in fs} == {
        ("kniffel.bonus", "bonus", "bilanz-2.yaml")}
    (data / "18-kniffel" / "bilanz-2.yaml").write_text(SHEET, encoding="utf-8")
    fs = findings(data, ("at_least: 84", "at_least: 85"))
    assert {(f.rule, f.object, f.where.rsplit("/", 1)[-1].split(":")[0]) for f in fs} == {
        ("kniffel.bonus", "bonus", "bilanz.yaml")}


def test_a_block_holding_other_rows_says_what_it_should_hold_and_what_it_holds(data):
    fs = findings(data, ("      - {id: 1-6, label", "      - {id: 1-7, label"))
    assert [f.message for f in fs if f.rule == "kniffel.blocks"] == [
        "block 'strassenblock' should hold 1-6 1-5 2-6 2,4,6 1,3,5 <21 (Straßenblock), holds 1-7 1-5 2-6 2,4,6 1,3,5 <21"]
    start = SHEET.index("      - {id: 6+0,")
    pasch_rows = SHEET[start:SHEET.index("      - id: pasch-total")]
    fs = findings(data, (pasch_rows, ""), ("        sum: block\n  - id: strassenblock", "        sum: [bonus-sum]\n"
                                                                                       "  - id: strassenblock"))
    assert [f.message for f in fs if f.rule == "kniffel.blocks"] == [
        "block 'paschblock' should hold 6+0 5+1 4+2 3+3 2+2+2 >21 (Paschblock), holds nothing"]


def test_a_total_leaving_out_two_blocks_names_both(data):
    fs = findings(data, (TOTAL, "sum: [bonus-total]"))
    assert [f.message for f in fs] == [
        "the grand total 'total' must add every Vorgabe once plus the bonus; it leaves out the Paschblock (6+0 5+1 "
        "4+2 3+3 2+2+2 >21), the Straßenblock (1-6 1-5 2-6 2,4,6 1,3,5 <21)"]


def test_a_bonus_looking_at_another_block_leaves_out_one_and_counts_the_other_as_well(data):
    """The bonus row moved to the totals, looking at the Paschblock's sum."""
    bonus_row = SHEET[SHEET.index("      - id: bonus\n"):SHEET.index("      - id: bonus-total")]
    moved = "".join(line[4:] + "\n" for line in bonus_row.splitlines()).replace("of: bonus-sum", "of: pasch-total")
    fs = findings(data, (bonus_row, ""), ("sum: [bonus-sum, bonus]", "sum: [bonus-sum]"),
                  ("totals:\n", "totals:\n" + moved), (TOTAL, "sum: [bonus-total, bonus, pasch-total, strassen-total]"))
    assert [f.message for f in fs] == [
        "the bonus must look at the sum of the Bonusblock, 1en..6en each once; row 'pasch-total' leaves out the "
        "Bonusblock (1en 2en 3en 4en 5en 6en) and counts the Paschblock (6+0 5+1 4+2 3+3 2+2+2 >21) as well"]


def test_a_total_blames_a_sub_sum_for_what_it_counts_twice_and_still_names_its_own_faults(data):
    """zwischen counts 1en twice (kniffel.sums); the total adding zwischen and 2en counts 1en three times, which
    is zwischen's fault, and 2en twice, which is its own."""
    extra = "totals:\n  - id: zwischen\n    label: Z\n    sum: [1en, 1en]\n"
    fs = findings(data, ("totals:\n", extra), (TOTAL, "sum: [bonus-total, pasch-total, strassen-total, zwischen, 2en]"))
    assert [(f.rule, f.object, f.message) for f in fs] == [
        ("kniffel.total", "total", "the grand total 'total' must add every Vorgabe once plus the bonus; it counts 2en "
                                   "twice"),
        ("kniffel.sums", "zwischen", "row 'zwischen' counts 1en more than once; every Vorgabe is filled once and "
                                     "counted once")]


ONE_EN = '      - {id: 1en, label: 1en, explain: {de: "nur Einsen zählen, je 1 Punkt", en: "only ones count, 1 point each"}}\n'
TWO_EN = '      - {id: 2en, label: 2en, explain: {de: "nur Zweien zählen, je 2 Punkte", en: "only twos count, 2 points each"}}\n'
LABELS_SAID = "1en 2en 3en 4en 5en 6en 6+0 5+1 4+2 3+3 2+2+2 >21 1-6 1-5 2-6 2,4,6 1,3,5 <21"


@pytest.mark.parametrize("edits, says", [
    ((("      - {id: 1-6, label", "      - {id: 1-7, label"),), "missing 1-6; not a Vorgabe: 1-7"),
    (((ONE_EN, ""),), "missing 1en"),
    (((ONE_EN + TWO_EN, TWO_EN + ONE_EN),), "order is " + LABELS_SAID.replace("1en 2en", "2en 1en")),
])
def test_the_vorgaben_in_the_seeds_order_and_what_is_wrong_with_them(data, edits, says):
    fs = [f for f in findings(data, *edits) if f.rule == "kniffel.vorgaben"]
    assert [f.message for f in fs] == [f"the Bilanz must list the 18 Vorgaben in the seed's order ({LABELS_SAID}); {says}"]


def test_one_bonus_row_no_fewer_and_no_more(data):
    bonus_row = SHEET[SHEET.index("      - id: bonus\n"):SHEET.index("      - id: bonus-total")]
    fs = findings(data, (bonus_row, ""), ("sum: [bonus-sum, bonus]", "sum: [bonus-sum]"))
    assert [(f.rule, f.message) for f in fs] == [
        ("kniffel.bonus", "the sheet needs exactly one bonus row (36 points at 84 or more in the Bonusblock); found 0")]
    second = bonus_row.replace("id: bonus\n", "id: bonus-2\n")
    fs = findings(data, (bonus_row, bonus_row + second))
    assert [(f.rule, f.message) for f in fs] == [
        ("kniffel.bonus", "the sheet needs exactly one bonus row (36 points at 84 or more in the Bonusblock); found 2")]


def test_the_bonus_message_names_the_documents_numbers_and_the_sheets(data):
    fs = findings(data, ("points: 36 ", "points: 66 "))
    assert [f.message for f in fs] == ["the document's bonus is 36 points at 84 or more; the sheet says 66 at 84"]


def test_seven_player_columns_are_room_enough(data):
    assert findings(data, ("max_players: 6", "max_players: 7")) == []


def test_a_broken_total_after_another_totals_row_is_named_at_its_own_line(data):
    extra = "totals:\n  - id: zwischen\n    label: Z\n    sum: [1en, 2en]\n"
    edits = (("totals:\n", extra), (TOTAL, "sum: [bonus-total, pasch-total]"))
    text = SHEET.replace(*edits[0]).replace(*edits[1])
    assert _where(findings(data, *edits)) == {("kniffel.total", "total", f"bilanz.yaml:{_line(text, '- id: total')}")}


def test_a_game_without_a_bilanz_is_told_so_at_its_folder(data):
    (data / "18-kniffel" / "bilanz.yaml").unlink()
    assert [(f.object, f.message, f.where) for f in check(discover(data)["18-kniffel"])] == [
        ("bilanz", "no score-sheet (kind: score-sheet) in the game folder; the Bilanz is missing",
         str(data / "18-kniffel"))]


def test_a_filled_bilanz_is_judged_at_its_lines(data, tmp_path):
    """A wrong number of points is named at its set's line; a Vorgabe filled twice at the second one."""
    maria = MARIA.read_text(encoding="utf-8")
    p = tmp_path / "filled.yaml"
    p.write_text(maria.replace('dice: "4,4,4,4,1,3", points: 16}', 'dice: "4,4,4,4,1,3", points: 17}'), encoding="utf-8")
    line = _line(maria, '- {vorgabe: 4en, dice: "4,4,4,4,1,3", points: 16}')
    fs = findings(data, state=p)
    assert {(f.rule, f.object) for f in fs} == {("kniffel.arithmetic", "Maria")}
    assert all(f.where.startswith(f"{p}:{line}:") or f":{line}:" in f.where for f in fs)
    twice = maria.replace("{vorgabe: 1en, dice:", "{vorgabe: 2en, dice:")
    p.write_text(twice, encoding="utf-8")
    line = _line(twice, '- {vorgabe: 2en, dice: "1,1,1,3,4,6", points: 3}')
    fs = [f for f in findings(data, state=p) if f.rule == "kniffel.bilanz"]
    assert fs and {f.object for f in fs} == {"state"} and all(f":{line}:" in f.where for f in fs)


def test_two_missing_vorgaben_and_two_strangers_are_all_named(data):
    fs = [f for f in findings(data, (ONE_EN + TWO_EN, "")) if f.rule == "kniffel.vorgaben"]
    assert [f.message.split("; ")[-1] for f in fs] == ["missing 1en 2en"]
    fs = [f for f in findings(data, ("      - {id: 1-6, label", "      - {id: 1-7, label"),
                              ("      - {id: 1-5, label", "      - {id: 1-8, label")) if f.rule == "kniffel.vorgaben"]
    assert [f.message.split("; ", 1)[-1] for f in fs] == ["missing 1-6 1-5; not a Vorgabe: 1-7 1-8"]


def test_bonus_findings_point_at_the_blocks_or_the_bonus_row(data):
    bonus_row = SHEET[SHEET.index("      - id: bonus\n"):SHEET.index("      - id: bonus-total")]
    edits = ((bonus_row, ""), ("sum: [bonus-sum, bonus]", "sum: [bonus-sum]"))
    text = SHEET.replace(*edits[0]).replace(*edits[1])
    assert _where(findings(data, *edits)) == {("kniffel.bonus", "", f"bilanz.yaml:{_line(text, '- id: bonusblock')}")}
    assert _where([f for f in findings(data, ("of: bonus-sum", "of: 6en")) if f.rule == "kniffel.bonus"]) == {
        ("kniffel.bonus", "bonus", f"bilanz.yaml:{_line(SHEET, '- id: bonus')}")}


def test_no_grand_total_says_what_totals_must_have(data):
    total_rows = SHEET[SHEET.index("totals:"):SHEET.index("legend:")]
    assert [f.message for f in findings(data, (total_rows, ""))] == [
        "the sheet has no grand total: 'totals' must have a sum that adds every Vorgabe once plus the bonus"]


def test_a_sum_counting_two_vorgaben_twice_names_both(data):
    extra = "totals:\n  - id: zwischen\n    label: Z\n    sum: [1en, 1en, 2en, 2en]\n"
    assert [f.message for f in findings(data, ("totals:\n", extra))] == [
        "row 'zwischen' counts 1en 2en more than once; every Vorgabe is filled once and counted once"]


def test_room_for_six_players_is_named_at_max_players(data):
    fs = findings(data, ("max_players: 6", "max_players: 5"))
    assert [(f.object, f.message, f.where.rsplit("/", 1)[-1].split(":")[:2]) for f in fs] == [
        ("columns", "the seed allows 1 to 6 players; the sheet allows at most 5 columns",
         ["bilanz.yaml", str(_line(SHEET, "max_players: 6"))])]
