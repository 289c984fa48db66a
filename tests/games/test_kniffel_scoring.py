"""Every Vorgabe of 18-Kniffel (seed 004) with sets that fulfil it and sets that do not."""
import pytest

from pnp.games.kniffel.scoring import (LABELS, VORGABEN, KniffelInputError, fulfilled, parse_dice, score,
                                       vorgabe)


def d(text):
    return parse_dice(text)


def test_eighteen_vorgaben_in_seed_order():
    assert LABELS == ("1en", "2en", "3en", "4en", "5en", "6en",
                      "6+0", "5+1", "4+2", "3+3", "2+2+2", ">21",
                      "1-6", "1-5", "2-6", "2,4,6", "1,3,5", "<21")
    assert [v.block for v in VORGABEN] == ["bonus"] * 6 + ["pasch"] * 6 + ["strasse"] * 6


@pytest.mark.parametrize("face", range(1, 7))
def test_bonus_block_counts_matching_dice_only(face):
    label = f"{face}en"
    # seed example: four 3s and two 5s -> 12 on 3en, 10 on 5en, 0 elsewhere
    s = d("3,3,3,3,5,5")
    expected = {3: 12, 5: 10}.get(face, 0)
    assert score(s, label) == expected
    assert fulfilled(s, label) is (expected > 0)
    # never negative, even with a high sum and no match
    other = 1 if face != 1 else 2
    assert score((other,) * 6, label) == 0
    assert score((face,) * 6, label) == 6 * face


CASES = [
    # label, fulfilled sets, not-fulfilled sets
    ("6+0", ["4,4,4,4,4,4", "1,1,1,1,1,1"], ["4,4,4,4,4,5", "1,1,1,1,1,2"]),
    ("5+1", ["5,5,5,5,5,1", "6,6,6,6,6,5"], ["5,5,5,5,5,5", "5,5,5,5,1,1", "5,5,5,5,1,2"]),
    ("4+2", ["4,4,4,4,2,2", "4,4,4,4,2,3", "1,1,1,1,6,6"], ["4,4,4,4,4,2", "4,4,4,4,4,4", "4,4,4,2,2,2"]),
    ("3+3", ["3,3,3,5,5,5", "3,3,3,1,2,4", "3,3,3,5,5,6"], ["3,3,3,3,5,5", "3,3,1,1,2,2", "3,3,3,3,3,5"]),
    ("2+2+2", ["1,1,2,2,3,3", "2,2,4,4,6,6"], ["2,2,2,2,3,3", "1,1,2,2,3,4", "1,1,1,2,2,2"]),
    (">21", ["6,6,6,2,1,1", "4,4,4,4,3,3"], ["6,6,6,1,1,1", "1,2,3,4,5,6", "1,1,1,1,1,1"]),  # 22 / 22 vs 21 / 21 / 6
    ("1-6", ["1,2,3,4,5,6"], ["1,2,3,4,5,5", "2,2,3,4,5,6"]),
    ("1-5", ["1,2,3,4,5,5", "1,2,3,4,5,6", "1,1,2,3,4,5"], ["2,3,4,5,6,6", "1,2,3,4,6,6"]),
    ("2-6", ["2,3,4,5,6,6", "1,2,3,4,5,6", "2,2,3,4,5,6"], ["1,2,3,4,5,5", "2,3,4,6,6,6"]),
    ("2,4,6", ["2,2,4,4,6,6", "6,6,6,6,6,6", "2,2,2,2,2,2"], ["2,4,6,6,6,1", "2,4,6,6,6,5"]),
    ("1,3,5", ["1,1,3,3,5,5", "5,5,5,5,5,5"], ["1,3,5,5,5,6", "1,3,5,5,5,2"]),
    ("<21", ["1,2,3,4,5,5", "1,1,1,1,1,1"], ["1,2,3,4,5,6", "6,6,6,1,1,1", "6,6,6,6,6,6"]),  # 20 / 6 vs 21 / 21 / 36
]


@pytest.mark.parametrize("label,yes,no", CASES, ids=[c[0] for c in CASES])
def test_pasch_and_strassen_rules(label, yes, no):
    for text in yes:
        s = d(text)
        assert fulfilled(s, label), (label, text)
        assert score(s, label) == sum(s) > 0
    for text in no:
        s = d(text)
        assert not fulfilled(s, label), (label, text)
        assert score(s, label) == -sum(s) < 0


def test_sum_exactly_21_fulfils_neither_chance():
    for text in ("1,2,3,4,5,6", "6,6,6,1,1,1", "3,3,3,4,4,4"):
        s = d(text)
        assert sum(s) == 21
        assert score(s, ">21") == -21
        assert score(s, "<21") == -21


def test_seed_example_sets():
    assert score(d("1,2,3,4,5,5"), "1-5") == 20
    assert score(d("5,6,6,6,6,6"), "6en") == 30
    assert score(d("1,1,2,2,3,5"), "5+1") == -14
    assert score(d("5,6,6,6,6,6"), "5+1") == 35
    assert score(d("1,1,2,2,3,5"), "6en") == 0


@pytest.mark.parametrize("text,label", [("Große Straße", "2-6"), ("fuenferpasch", "5+1"), ("kniffel", "6+0"),
                                        ("gt21", ">21"), ("lt21", "<21"), (" 2, 4, 6 ", "2,4,6"), ("Sixes", "6en")])
def test_labels_and_names(text, label):
    assert vorgabe(text).label == label


@pytest.mark.parametrize("text,msg", [("1,2,3,4,5", "exactly 6"), ("1,2,3,4,5,7", "not a die face"),
                                      ("1,2,3,4,5,x", "not a die"), ("1,2,3,4,5,6,6", "exactly 6"),
                                      ("0,1,2,3,4,5", "not a die face"), ("", "exactly 6")])
def test_bad_sets_are_rejected_with_a_reason(text, msg):
    with pytest.raises(KniffelInputError, match=msg):
        parse_dice(text)


def test_unknown_label_lists_the_valid_ones():
    with pytest.raises(KniffelInputError, match="unknown Vorgabe '7en'.*1en 2en"):
        vorgabe("7en")


def test_exhaustive_over_all_462_sets():
    """Pasch Vorgaben exclude each other; a long straight is also both short ones; sums split three ways."""
    import itertools

    sets = list(itertools.combinations_with_replacement(range(1, 7), 6))
    assert len(sets) == 462
    counts = {lab: 0 for lab in LABELS}
    for s in sets:
        met = {lab for lab in LABELS if fulfilled(s, lab)}
        for lab in met:
            counts[lab] += 1
        assert len(met & {"6+0", "5+1", "4+2", "3+3", "2+2+2"}) <= 1, s
        if "1-6" in met:
            assert {"1-5", "2-6"} <= met
        assert (">21" in met) + ("<21" in met) + (sum(s) == 21) == 1
        for lab in LABELS[6:]:
            assert abs(score(s, lab)) == sum(s)
    # distinct multisets per rule, counted by hand from the count patterns
    assert counts["6+0"] == 6  # one per number
    assert counts["5+1"] == 30  # 6 numbers x 5 others
    assert counts["4+2"] == 6 * 5 + 6 * 10  # 4+2 of one other, or 4+1+1 of two others
    assert counts["2+2+2"] == 20  # choose three numbers
    assert counts["1-6"] == 1 and counts["1-5"] == 6 and counts["2-6"] == 6
    assert counts["2,4,6"] == counts["1,3,5"] == 28  # multisets of size 6 from 3 numbers


@pytest.mark.parametrize("v", VORGABEN, ids=LABELS)
def test_every_name_finds_its_vorgabe_however_it_is_typed(v):
    german = v.name_de.split(" (")[0]  # "Sechserpasch (Kniffel)": the part in brackets is a note
    plain = german.replace("ü", "ue").replace("ß", "ss")  # a keyboard without umlauts
    for typed in (v.label, f" {v.label} ", german, german.upper(), plain, plain.lower(), v.name_en,
                  v.name_en.title()):
        assert vorgabe(typed) is v, typed
    assert not any(ch in german.lower() for ch in "äö"), "add the new umlaut to _key"


@pytest.mark.parametrize("text,label", [("Sechserpasch", "6+0"), ("einer", "1en"), ("6er", "6en"), ("over21", ">21"),
                                        ("under21", "<21"), ("Große Chance", ">21"), ("Kleine Chance", "<21")])
def test_shorthands(text, label):
    assert vorgabe(text).label == label


@pytest.mark.parametrize("text", ["1,2,3,4,5,6", "1;2;3;4;5;6", "1 2 3 4 5 6", "6, 5; 4  3,,2 1", [6, 5, 4, 3, 2, 1],
                                  (1.0, 2.0, 3.0, 4.0, 5.0, 6.0)])
def test_dice_are_read_from_commas_semicolons_spaces_or_a_list(text):
    dice = parse_dice(text)
    assert dice == (1, 2, 3, 4, 5, 6) and all(type(x) is int for x in dice)


@pytest.mark.parametrize("raw,bad", [([1, 2, 3, 4, 5, 2.5], "2.5"), ([1, 2, 3, 4, 5, True], "True"),
                                     ([1, 2, 3, 4, 5, None], "None"), (["1", "2", "3", "4", "5", "x"], "'x'")])
def test_a_list_value_that_is_no_whole_number_is_not_a_die(raw, bad):
    with pytest.raises(KniffelInputError) as exc:
        parse_dice(raw)
    assert str(exc.value) == f"set {raw!r}: {bad} is not a die (whole numbers 1 to 6)"


def test_messages_name_what_was_read():
    cases = [(("1,2,3,4,5",), "set '1,2,3,4,5': needs exactly 6 dice, got 5"),
             (("1,2,3,4,5,7",), "set '1,2,3,4,5,7': 7 is not a die face (1 to 6)"),
             (("1,2,3,4,5,0",), "set '1,2,3,4,5,0': 0 is not a die face (1 to 6)"),
             (("1,2,3",), "set '1,2,3': needs exactly 6 dice, got 3"),
             (("1,2,3", 18, "roll"), "roll '1,2,3': needs exactly 18 dice, got 3")]
    for args, message in cases:
        with pytest.raises(KniffelInputError) as exc:
            parse_dice(*args)
        assert str(exc.value) == message
    assert parse_dice(",".join("6" * 18), count=18, what="roll") == (6,) * 18
    assert parse_dice("1,6", count=2) == (1, 6)


@pytest.mark.parametrize("dice", [(1, 2, 3, 4, 5), (1, 2, 3, 4, 5, 6, 6)])
def test_score_needs_a_set_of_six(dice):
    with pytest.raises(KniffelInputError) as exc:
        score(dice, "1en")
    assert str(exc.value) == f"a set has 6 dice, got {len(dice)}"


def test_a_vorgabe_or_its_label_scores_alike():
    for s in (d("1,2,3,4,5,6"), d("3,3,3,5,5,5"), d("2,2,4,4,6,6"), [6, 6, 6, 6, 6, 6]):
        for v in VORGABEN:
            assert fulfilled(s, v) is fulfilled(s, v.label)
            assert score(s, v) == score(s, v.label)
