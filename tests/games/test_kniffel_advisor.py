"""The best-split advisor: the seed's worked example and an independent brute force."""
import itertools
import random
from collections import Counter

import pytest

from pnp.games.kniffel.advisor import best
from pnp.games.kniffel.scoring import LABELS, VORGABEN, KniffelInputError, score, vorgabe

MARIA = "1,1,1,2,2,2,3,3,4,5,5,5,5,6,6,6,6,6"


def sets(option):
    return {p.vorgabe: (p.dice, p.points) for p in option.sets}


def test_seed_example_keeps_the_bonus_chance():
    adv = best(MARIA, ["6en", "Fünferpasch", "Kleine Straße"], bonus_so_far=62)
    assert adv.final_turn
    top = adv.options[0]
    assert sets(top) == {"1-5": ((1, 2, 3, 4, 5, 5), 20), "6en": ((5, 6, 6, 6, 6, 6), 30),
                         "5+1": ((1, 1, 2, 2, 3, 5), -14)}
    assert top.total == 36 and top.bonus_status == "secured" and top.bonus_gained == 36
    assert top.block_after == 92
    alt = adv.best_without_bonus
    assert sets(alt) == {"1-5": ((1, 2, 3, 4, 5, 5), 20), "5+1": ((5, 6, 6, 6, 6, 6), 35),
                         "6en": ((1, 1, 2, 2, 3, 5), 0)}
    assert alt.total == 55 and alt.bonus_status == "missed"
    assert adv.best_securing_bonus == top
    # ranking is by value, so the options list is sorted and all differ
    values = [o.value for o in adv.options]
    assert values == sorted(values, reverse=True)
    assert len({tuple((p.dice, p.vorgabe) for p in o.sets) for o in adv.options}) == len(adv.options)


def test_seed_example_with_bonus_already_safe_prefers_the_55():
    adv = best(MARIA, ["6en", "5+1", "1-5"], bonus_so_far=84)
    assert adv.options[0].total == 55 and adv.options[0].bonus_status == "already"
    assert adv.best_without_bonus is None and adv.best_securing_bonus is None


def _submultisets(counts, size):
    faces = sorted(counts)

    def rec(i, left):
        if i == len(faces):
            if left == 0:
                yield ()
            return
        for n in range(min(counts[faces[i]], left) + 1):
            for rest in rec(i + 1, left - n):
                yield (faces[i],) * n + rest
    yield from rec(0, size)


def brute(roll, open_labels, so_far):
    """Every (split, assignment) value, by plain recursion and permutation."""
    c = Counter(roll)
    values = []
    for a in _submultisets(c, 6):
        r = c - Counter(a)
        for b in _submultisets(r, 6):
            cc = tuple(sorted((r - Counter(b)).elements()))
            for trio in itertools.combinations(open_labels, 3):
                # A, B, C are ordered, so one fixed assignment per trio covers all
                pts = [score(s, v) for s, v in zip((a, b, cc), trio)]
                block = sum(p for p, v in zip(pts, trio) if vorgabe(v).bonus_block)
                bonus = 36 if so_far < 84 <= so_far + block else 0
                values.append(sum(pts) + bonus)
    return sorted(values, reverse=True)


@pytest.mark.parametrize("seed", range(6))
def test_matches_brute_force_on_random_rolls(seed):
    rng = random.Random(seed)
    roll = [rng.randint(1, 6) for _ in range(18)]
    k = 3 if seed % 2 == 0 else 4
    open_labels = rng.sample(LABELS, k)
    closed_max = sum(6 * v.face for v in VORGABEN[:6] if v.label not in open_labels)
    so_far = rng.randint(max(0, closed_max - 30), closed_max)
    expected = brute(roll, open_labels, so_far)
    adv = best(",".join(map(str, roll)), open_labels, so_far, top=5)
    assert [o.value for o in adv.options] == expected[:5]
    for o in adv.options:  # every reported option is a real split of the roll
        assert sorted(d for p in o.sets for d in p.dice) == sorted(roll)
        assert o.total == sum(score(p.dice, p.vorgabe) for p in o.sets)


def test_more_open_vorgaben_let_the_advisor_choose_three():
    roll = "6,6,6,6,6,6,1,2,3,4,5,6,2,2,4,4,6,6"
    adv = best(roll, LABELS, 0, top=3)
    assert not adv.final_turn
    top = adv.options[0]
    assert len({p.vorgabe for p in top.sets}) == 3
    # six sixes (36) + long straight (21) + even house (24) is the best this roll can do
    assert top.total == 36 + 21 + 24
    assert {p.bonus_status for p in adv.options} <= {"open", "lost", "secured"}


def test_bonus_lost_is_reported_when_out_of_reach():
    # 1en..5en filled with 10 points; only 6en is left in the Bonusblock (max 36) -> 46 < 84
    adv = best(MARIA, ["6en", "5+1", "1-5", "<21"], bonus_so_far=10)
    assert all(o.bonus_status == "lost" for o in adv.options)


@pytest.mark.parametrize("roll,open_labels,so_far,msg", [
    (MARIA, ["6en", "5+1"], 0, "three Vorgaben"),
    (MARIA, ["6en", "6en", "1-5"], 0, "listed twice"),
    (MARIA, ["6en", "5+1", "9en"], 0, "unknown Vorgabe"),
    ("1,2,3", ["6en", "5+1", "1-5"], 0, "exactly 18 dice"),
    (MARIA, ["6en", "5+1", "1-5"], 91, "impossible"),
    (MARIA, ["6en", "5+1", "1-5"], -1, "impossible"),
])
def test_invalid_input(roll, open_labels, so_far, msg):
    with pytest.raises(KniffelInputError, match=msg):
        best(roll, open_labels, so_far)


def test_deterministic():
    a = best(MARIA, LABELS[3:12], 20, top=8).as_dict()
    b = best(MARIA, LABELS[3:12], 20, top=8).as_dict()
    assert a == b


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=40, deadline=None)
@given(roll=st.lists(st.integers(1, 6), min_size=18, max_size=18),
       perm=st.permutations(list(range(18))),
       labels=st.lists(st.sampled_from(LABELS), min_size=3, max_size=8, unique=True),
       so_far=st.integers(0, 90))
def test_no_hand_made_split_beats_the_advisor(roll, perm, labels, so_far):
    closed_max = sum(6 * v.face for v in VORGABEN[:6] if v.label not in labels)
    so_far = min(so_far, closed_max)
    adv = best(roll, labels, so_far, top=1)
    dice = [roll[i] for i in perm]
    sets_ = [tuple(sorted(dice[i:i + 6])) for i in (0, 6, 12)]
    pts = [score(s, v) for s, v in zip(sets_, labels[:3])]
    block = sum(p for p, v in zip(pts, labels[:3]) if vorgabe(v).bonus_block)
    value = sum(pts) + (36 if so_far < 84 <= so_far + block else 0)
    assert adv.options[0].value >= value
