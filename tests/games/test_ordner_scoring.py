"""Moves, accounts and the final strike, with hand-worked examples."""
from __future__ import annotations

from itertools import product
from pathlib import Path

import pytest

from pnp.load.errors import DataErrors
from pnp.games.ordnerstruktur.model import ACCOUNTS, CANONICAL, moves, move_account
from pnp.games.ordnerstruktur.scoring import (FACTS, final_score, parse_path, path_problems, score_path,
                                              score_players, strike)
from pnp.games.ordnerstruktur.structure import Structure, load_structure

DATA = Path(__file__).resolve().parents[2] / "data" / "ordnerstruktur" / "structures"
A = {name: i for i, name in enumerate(ACCOUNTS)}


def acc(*names):
    return frozenset(A[n] for n in names)


# ------------------------------------------------------------------ moves


def test_each_pair_name_has_four_moves_never_itself_or_its_complement():
    names = CANONICAL["paare"]
    for a in names:
        legal = [b for b in names if move_account("paare", a, b) is not None]
        complement = next(b for b in names if not set(a.split()) & set(b.split()))
        assert len(legal) == 4 and a not in legal and complement not in legal


def test_move_feeds_the_account_of_dropped_and_added_people():
    # the seed's example: Wald is dropped and Stadt added -> account Wald zu Stadt = Stadt–Wald
    assert ACCOUNTS[move_account("paare", "Wald Wüste", "Stadt Wüste")] == "Stadt–Wald"
    assert ACCOUNTS[move_account("paare", "Stadt Wüste", "Wald Wüste")] == "Stadt–Wald"  # reverse: same account
    assert ACCOUNTS[move_account("paare", "Stadt Wald", "Stadt Höhle")] == "Wald–Höhle"
    # the 24 moves of the full game: 12 transfers (drop x, add y), each account reached 4 times
    counts = {}
    for a, b in product(CANONICAL["paare"], repeat=2):
        k = move_account("paare", a, b)
        if k is not None:
            counts[k] = counts.get(k, 0) + 1
    assert counts == {k: 4 for k in range(6)}


def test_simplified_variant_three_moves_and_account_is_the_pair():
    for a in CANONICAL["voelker"]:
        legal = [b for b in CANONICAL["voelker"] if move_account("voelker", a, b) is not None]
        assert len(legal) == 3 and a not in legal
    assert ACCOUNTS[move_account("voelker", "Höhle", "Wald")] == "Wald–Höhle"


@pytest.mark.parametrize("variant,per", [("paare", 4), ("voelker", 3)])
def test_number_of_legal_paths_by_enumeration(variant, per):
    names = CANONICAL[variant]
    for depth in (1, 2, 3, 4):
        n = sum(1 for seq in product(names, repeat=depth + 1)
                if all(move_account(variant, x, y) is not None for x, y in zip(seq, seq[1:])))
        assert n == len(names) * per ** depth == moves(variant).paths(depth)
    assert moves("paare").paths() == 6_291_456 and moves("voelker").paths() == 236_196


# ------------------------------------------------------------------ strike (hand-worked)

N = None


@pytest.mark.parametrize("sums,struck,score", [
    # all six used, all different: highest 6 and lowest 1 go, 2+3+4+5 stay
    ([1, 2, 3, 4, 5, 6], acc("Stadt–Wald", "Wüste–Höhle"), 14),
    # tie for highest: both 10s go, and the lowest 5
    ([10, 10, 5, 7, N, N], acc("Stadt–Wald", "Stadt–Wüste", "Stadt–Höhle"), 7),
    # tie for lowest: both 2s go, and the 9
    ([2, 2, 9, 4, 4, N], acc("Stadt–Wald", "Stadt–Wüste", "Stadt–Höhle"), 8),
    # a 0 as lowest is struck (two tied zeros both), and the 8
    ([0, 0, 5, 6, N, 8], acc("Stadt–Wald", "Stadt–Wüste", "Wüste–Höhle"), 11),
    # a used account with sum 0 is the lowest: the 5 survives
    ([0, 5, 10, 20, N, N], acc("Stadt–Wald", "Wald–Wüste"), 15),
    # the same without the 0 entry: no entry is not struck and not the lowest, so the 5 goes
    ([N, 5, 10, 20, N, N], acc("Stadt–Wüste", "Wald–Wüste"), 10),
    # all used accounts equal: all are highest and lowest
    ([4, N, 4, 4, N, N], acc("Stadt–Wald", "Stadt–Höhle", "Wald–Wüste"), 0),
    # one used account is both highest and lowest
    ([N, N, 30, N, N, N], acc("Stadt–Höhle"), 0),
    ([10, 20, N, N, N, N], acc("Stadt–Wald", "Stadt–Wüste"), 0),
    # highest tie and lowest tie at once
    ([9, 9, 1, 1, 5, 6], acc("Stadt–Wald", "Stadt–Wüste", "Stadt–Höhle", "Wald–Wüste"), 11),
])
def test_strike_rule(sums, struck, score):
    assert strike(sums) == struck
    assert final_score(sums) == (struck, score)


def test_hand_worked_path_through_erste_schritte():
    s = load_structure(DATA / "erste-schritte.yaml")
    path = parse_path("Stadt Höhle, Stadt Wald, Wald Wüste, Stadt Wald, Stadt Höhle, Stadt Wald, Stadt Wüste, "
                      "Wald Wüste, Stadt Wald, Stadt Höhle, Wald Höhle", s)
    r = score_path(s, path)
    # 10 -> Wald–Höhle; 0, 4, 20 -> Stadt–Wüste; 0 -> Wald–Wüste; 3, 0 -> Stadt–Wald; 0, 0, 8 -> Wald–Höhle
    assert r.sums == (3, 24, None, 0, 18, None)
    assert r.struck == acc("Stadt–Wüste", "Wald–Wüste")  # 24 highest, 0 lowest
    assert r.score == 21
    assert r.as_json() == {"accounts": dict(zip(ACCOUNTS, (3, 24, None, 0, 18, None))),
                           "struck": ["Stadt–Wüste", "Wald–Wüste"], "score": 21}
    assert [e.points for e in r.entries] == [10, 0, 4, 0, 0, 0, 3, 20, 8, 0]


def test_path_parsing_is_forgiving_on_order_and_ascii():
    s = load_structure(DATA / "erste-schritte.yaml")
    assert parse_path("Wueste Hoehle , Wald  Stadt", s) == ["Wüste Höhle", "Stadt Wald"]


def test_illegal_paths_list_every_problem():
    s = load_structure(DATA / "erste-schritte.yaml")
    probs = path_problems(s, ["Stadt Wald", "Stadt Wald", "Wüste Höhle", "Nirgendwo"])
    text = "\n".join(map(str, probs))
    assert len(probs) == 4
    assert "11 names, got 4" in text and "'Nirgendwo'" in text
    assert "step 1->2" in text and "same name" in text
    assert "step 2->3" in text and "complementary" in text
    assert text.count("(Ordnerstruktur, §Spielablauf [") == 2, "an illegal step cites the game and its passage"
    with pytest.raises(DataErrors):
        score_path(s, ["Stadt Wald"] * 11)
    v = load_structure(DATA / "vier-voelker.yaml")
    assert len(path_problems(v, ["Stadt", "Wald"] * 5 + ["Stadt"])) == 0
    assert len(path_problems(v, ["Stadt", "Stadt"] + ["Wald", "Höhle"] * 4 + ["Wald"])) == 1


# ------------------------------------------------------------------ several players


def all_fives(variant="voelker") -> Structure:
    names = CANONICAL[variant]
    return Structure("Fünfen", "t", variant, names, tuple(tuple([5] * len(names)) for _ in range(10)))


def test_multiplayer_shared_totals_decide_the_strike():
    s = all_fives()
    p1 = ["Stadt", "Wald", "Wüste", "Höhle"] * 2 + ["Stadt", "Wald", "Wüste"]
    p2 = ["Stadt", "Wüste"] * 5 + ["Stadt"]
    solo1, solo2 = score_path(s, p1), score_path(s, p2)
    # P1: S–W 15, W–Wü 15, Wü–H 10, H–S 10: both highest and both lowest tied -> 0 alone
    assert solo1.sums == (15, None, 10, 15, None, 10) and solo1.score == 0
    # P2: all ten transfers into Stadt–Wüste -> 50, the only used account -> 0 alone
    assert solo2.sums == (None, 50, None, None, None, None) and solo2.score == 0
    m = score_players([(s, p1), (s, p2)])
    # totals 15, 50, 10, 15, -, 10: highest 50 and the two 10s are struck
    assert m.totals == (15, 50, 10, 15, None, 10)
    assert m.struck == acc("Stadt–Wüste", "Stadt–Höhle", "Wüste–Höhle")
    assert [p.score for p in m.players] == [30, 0] and m.winners == [0]
    assert m.as_json()["players"][0]["score"] == 30


def test_multiplayer_reports_every_players_bad_path():
    s = all_fives()
    with pytest.raises(DataErrors) as exc:
        score_players([(s, ["Stadt"] * 11), (s, ["Wald"] * 3)])
    files = {p.file for p in exc.value.problems}
    assert files == {"player 1", "player 2"}


# ------------------------------------------------------------------ edges and exact messages


def test_no_used_account_strikes_nothing_and_scores_nothing():
    assert strike([N] * 6) == frozenset()
    assert final_score([N] * 6) == (frozenset(), 0)
    assert final_score([0, N, N, N, N, N]) == (acc("Stadt–Wald"), 0)


def test_negative_and_zero_sums_are_used_like_any_other():
    # -3 is the lowest, 7 the highest; 0 and 2 stay
    assert final_score([-3, 0, 2, 7, N, N]) == (acc("Stadt–Wald", "Wald–Wüste"), 2)


STEP_CITE = FACTS.cite("Spielablauf")  # "Ordnerstruktur, §Spielablauf [...]"


def test_every_problem_of_a_path_says_exactly_what_and_where():
    s = load_structure(DATA / "erste-schritte.yaml")
    names = "Stadt Wald, Stadt Wüste, Stadt Höhle, Wald Wüste, Wald Höhle, Wüste Höhle"
    probs = path_problems(s, ["Stadt Wald", "Stadt Wald", "Wüste Höhle", "Nirgendwo"], where="player 2")
    assert [str(p) for p in probs] == [
        "player 2: a path names one file per subfolder 1-11: 11 names, got 4",
        f"player 2: subfolder 4: 'Nirgendwo' is not a file name of this structure; expected one of {names}",
        "player 2: step 1->2: 'Stadt Wald' -> 'Stadt Wald' keeps the same name; a move must swap one people "
        f"({STEP_CITE})",
        "player 2: step 2->3: 'Stadt Wald' -> 'Wüste Höhle' swaps both peoples (the complementary name is not "
        f"allowed; keep one people and swap the other) ({STEP_CITE})",
    ]
    assert {(p.file, p.line, p.col) for p in probs} == {("player 2", 0, 0)}  # typed, not read from a file
    assert [str(p) for p in path_problems(s, ["Stadt Wald", "Nirgendwo", "Stadt Wald"])][1:] == [
        f"PATH: subfolder 2: 'Nirgendwo' is not a file name of this structure; expected one of {names}"]
    legal = ["Stadt Wald", "Stadt Wüste"] * 5 + ["Stadt Wald"]
    assert path_problems(s, legal) == []
    assert len(path_problems(s, legal + ["Stadt Wüste"])) == 1  # twelve names: only the length is wrong
    last_wrong = legal[:10] + [legal[9]]  # only the step into subfolder 11 is illegal
    assert [str(p) for p in path_problems(s, last_wrong)] == [
        "PATH: step 10->11: 'Stadt Wüste' -> 'Stadt Wüste' keeps the same name; a move must swap one people "
        f"({STEP_CITE})"]
    with pytest.raises(DataErrors) as exc:
        score_path(s, legal[:10])
    assert [str(p) for p in exc.value.problems] == ["PATH: a path names one file per subfolder 1-11: 11 names, got 10"]


def test_each_entry_records_its_subfolder_move_points_and_account():
    s = load_structure(DATA / "erste-schritte.yaml")
    path = parse_path("Stadt Höhle, Stadt Wald, Wald Wüste, Stadt Wald, Stadt Höhle, Stadt Wald, Stadt Wüste, "
                      "Wald Wüste, Stadt Wald, Stadt Höhle, Wald Höhle", s)
    es = score_path(s, path).entries
    assert [e.subfolder for e in es] == list(range(1, 11))
    assert (es[0].name, es[0].next_name, es[0].points, ACCOUNTS[es[0].account]) == (
        "Stadt Höhle", "Stadt Wald", 10, "Wald–Höhle")
    assert (es[9].name, es[9].next_name, ACCOUNTS[es[9].account]) == ("Stadt Höhle", "Wald Höhle", "Stadt–Wald")
    assert [e.points for e in es] == [s.points(k, path[k - 1]) for k in range(1, 11)]


def test_typed_names_match_in_either_order_with_ascii_umlauts():
    s = load_structure(DATA / "erste-schritte.yaml")
    assert parse_path("Hoehle Wueste,Wald Stadt,  Stadt   Höhle ", s) == ["Wüste Höhle", "Stadt Wald", "Stadt Höhle"]
    # what matches no name is kept as typed, so the problems can name it
    assert parse_path("stadt wald, Stadt, Stadt Wald Höhle, Stadt Stadt", s) == [
        "stadt wald", "Stadt", "Stadt Wald Höhle", "Stadt Stadt"]
    v = load_structure(DATA / "vier-voelker.yaml")
    assert parse_path("Wueste, Hoehle,Stadt", v) == ["Wüste", "Höhle", "Stadt"]
    assert parse_path("Stadt Wald", v) == ["Stadt Wald"]


def test_players_tied_for_the_best_score_all_win():
    s = all_fives()
    p = ["Stadt", "Wald", "Wüste", "Höhle"] * 2 + ["Stadt", "Wald", "Wüste"]
    m = score_players([(s, p), (s, p)])
    assert m.totals == (30, None, 20, 30, None, 20)
    assert m.struck == acc("Stadt–Wald", "Wald–Wüste", "Stadt–Höhle", "Wüste–Höhle")
    assert [r.score for r in m.players] == [0, 0] and m.winners == [0, 1]
    assert [r.struck for r in m.players] == [m.struck, m.struck]


def test_multiplayer_json_names_accounts_and_winners():
    s = all_fives()
    p1 = ["Stadt", "Wald", "Wüste", "Höhle"] * 2 + ["Stadt", "Wald", "Wüste"]
    p2 = ["Stadt", "Wüste"] * 5 + ["Stadt"]
    m = score_players([(s, p1), (s, p2)])
    assert m.as_json() == {
        "totals": dict(zip(ACCOUNTS, (15, 50, 10, 15, None, 10))),
        "struck": ["Stadt–Wüste", "Stadt–Höhle", "Wüste–Höhle"],
        "players": [{"accounts": dict(zip(ACCOUNTS, (15, None, 10, 15, None, 10))), "score": 30},
                    {"accounts": dict(zip(ACCOUNTS, (None, 50, None, None, None, None))), "score": 0}],
        "winners": [0],
    }
    assert m.players[0].entries and len(m.players[1].entries) == 10
