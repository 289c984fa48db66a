"""The 18 Vorgaben of 18-Kniffel and how a set of six dice scores on each.

Facts from the seed (004_11737f81d62f93c2.txt): a set is six dice; the
Bonusblock (1en..6en) counts only the dice showing that number and is never
negative; every other Vorgabe scores the set's sum when fulfilled and minus
the sum when not. Pasch rules use exact counts ("verschiedene" really means
different from the pasch number); >21 and <21 are strict.
"""
from __future__ import annotations

import unicodedata
from collections import Counter
from functools import partial
from typing import Callable

from pnp.checks.facts import Facts
from pnp.load.classes import dataclass

FACTS = Facts.beside(__file__)  # the document's numbers (facts.yaml), each with its passage
SEED = FACTS.document
SET_SIZE: int = FACTS.value("dice.set")
ROLL_SIZE: int = FACTS.value("dice.roll")
BONUS_THRESHOLD: int = FACTS.value("bonus.at_least")  # at least 84 points in the Bonusblock ...
BONUS_POINTS: int = FACTS.value("bonus.points")  # ... earn a bonus of 36 (reduced from 66 in the revision)

Dice = tuple[int, ...]


class KniffelInputError(ValueError):
    """A set, roll or Vorgabe label that cannot be read; the message says why."""


def _counts(dice: Dice) -> list[int]:
    return sorted(Counter(dice).values(), reverse=True)


@dataclass(frozen=True)
class Vorgabe:
    label: str  # the seed's short label, e.g. "5+1"
    block: str  # bonus | pasch | strasse
    name_de: str
    name_en: str
    test: Callable[[Dice], bool]
    face: int = 0  # Bonusblock only: the number that counts

    @property
    def bonus_block(self) -> bool:
        return self.block == "bonus"


# Each rule is a named function (not built at import time), so a test run sees exactly the code
# that is in the file.
def _shows(face: int, dice: Dice) -> bool:
    return face in dice


def _six_of_a_kind(d: Dice) -> bool:
    return _counts(d) == [6]


def _five_and_one(d: Dice) -> bool:
    return _counts(d) == [5, 1]


def _four_of_a_kind(d: Dice) -> bool:
    return _counts(d)[0] == 4


def _three_of_a_kind(d: Dice) -> bool:
    return 3 in _counts(d)


def _three_pairs(d: Dice) -> bool:
    return _counts(d) == [2, 2, 2]


def _above_21(d: Dice) -> bool:
    return sum(d) > 21


def _one_to_six(d: Dice) -> bool:
    return set(d) == {1, 2, 3, 4, 5, 6}


def _one_to_five(d: Dice) -> bool:
    return {1, 2, 3, 4, 5} <= set(d)


def _two_to_six(d: Dice) -> bool:
    return {2, 3, 4, 5, 6} <= set(d)


def _even_only(d: Dice) -> bool:
    return all(x % 2 == 0 for x in d)


def _odd_only(d: Dice) -> bool:
    return all(x % 2 == 1 for x in d)


def _below_21(d: Dice) -> bool:
    return sum(d) < 21


_FACES = {1: ("Einsen", "Ones"), 2: ("Zweien", "Twos"), 3: ("Dreien", "Threes"),
          4: ("Vieren", "Fours"), 5: ("Fünfen", "Fives"), 6: ("Sechsen", "Sixes")}

VORGABEN: tuple[Vorgabe, ...] = (
    *(Vorgabe(f"{n}en", "bonus", de, en, partial(_shows, n), face=n) for n, (de, en) in _FACES.items()),
    Vorgabe("6+0", "pasch", "Sechserpasch (Kniffel)", "six of a kind", _six_of_a_kind),
    Vorgabe("5+1", "pasch", "Fünferpasch", "five of a kind plus one other", _five_and_one),
    Vorgabe("4+2", "pasch", "Viererpasch", "exactly four of a kind", _four_of_a_kind),
    Vorgabe("3+3", "pasch", "Dreierpasch", "exactly three of a kind", _three_of_a_kind),
    Vorgabe("2+2+2", "pasch", "Zweierpasch", "three different pairs", _three_pairs),
    Vorgabe(">21", "pasch", "Große Chance", "sum above 21", _above_21),
    Vorgabe("1-6", "strasse", "Lange Straße", "1 to 6 once each", _one_to_six),
    Vorgabe("1-5", "strasse", "Kleine Straße", "1 to 5 plus any die", _one_to_five),
    Vorgabe("2-6", "strasse", "Große Straße", "2 to 6 plus any die", _two_to_six),
    Vorgabe("2,4,6", "strasse", "Gerades Haus", "even numbers only", _even_only),
    Vorgabe("1,3,5", "strasse", "Schiefes Haus", "odd numbers only", _odd_only),
    Vorgabe("<21", "strasse", "Kleine Chance", "sum below 21", _below_21),
)
BLOCKS = ("bonus", "pasch", "strasse")
LABELS = tuple(v.label for v in VORGABEN)
INDEX = {v.label: i for i, v in enumerate(VORGABEN)}


def _key(text: str) -> str:
    """A name as compared: letters and digits, ß as ss and ü as ue (the only umlaut in the names)."""
    t = unicodedata.normalize("NFKC", text).lower().replace("ß", "ss").replace("ü", "ue")
    return "".join(ch for ch in t if ch.isalnum())


# alternative spellings people type (shells make '>' and '<' awkward)
_SHORTHANDS = {"kniffel": "6+0", "gt21": ">21", "lt21": "<21", "over21": ">21", "under21": "<21",
               "einer": "1en", "1er": "1en", "2er": "2en", "3er": "3en", "4er": "4en", "5er": "5en", "6er": "6en"}


def _aliases() -> dict[str, str]:
    """Names (German without the part in brackets, English) and shorthands -> label."""
    table = {_key(name): v.label for v in VORGABEN for name in (v.name_de.split(" (")[0], v.name_en)}
    table.update(_SHORTHANDS)
    return table


def vorgabe(label: str) -> Vorgabe:
    """Look up a Vorgabe by its seed label (``3en``, ``5+1``, ``2,4,6``, ``<21``) or German/English name."""
    text = str(label).strip()
    compact = text.replace(" ", "")
    if compact in INDEX:
        return VORGABEN[INDEX[compact]]
    alias = _aliases().get(_key(text))
    if alias:
        return VORGABEN[INDEX[alias]]
    raise KniffelInputError(f"unknown Vorgabe {text!r}; use one of: {' '.join(LABELS)}")


def parse_dice(text: "str | list | tuple", count: int = SET_SIZE, what: str = "set") -> Dice:
    """Read ``1,2,3,4,5,5`` (or a list of ints) as sorted dice; exactly ``count`` values 1..6."""
    if isinstance(text, str):
        parts = [p for p in text.replace(";", ",").replace(" ", ",").split(",") if p != ""]
    else:
        parts = list(text)
    dice = []
    for p in parts:
        try:
            if isinstance(p, bool):
                raise ValueError
            v = int(p) if not isinstance(p, float) or p.is_integer() else None
            if v is None:
                raise ValueError
        except (TypeError, ValueError):
            raise KniffelInputError(f"{what} {text!r}: {p!r} is not a die (whole numbers 1 to 6)") from None
        if not 1 <= v <= 6:
            raise KniffelInputError(f"{what} {text!r}: {v} is not a die face (1 to 6)")
        dice.append(v)
    if len(dice) != count:
        raise KniffelInputError(f"{what} {text!r}: needs exactly {count} dice, got {len(dice)}")
    return tuple(sorted(dice))


def fulfilled(dice: Dice, v: "Vorgabe | str") -> bool:
    """Does the set meet the Vorgabe? (Bonusblock: at least one matching die.)"""
    v = vorgabe(v) if isinstance(v, str) else v
    return bool(v.test(tuple(dice)))


def score(dice: Dice, v: "Vorgabe | str") -> int:
    """Points the six dice earn on Vorgabe ``v``."""
    v = vorgabe(v) if isinstance(v, str) else v
    dice = tuple(dice)
    if len(dice) != SET_SIZE:
        raise KniffelInputError(f"a set has {SET_SIZE} dice, got {len(dice)}")
    if v.bonus_block:
        return v.face * dice.count(v.face)
    total = sum(dice)
    return total if v.test(dice) else -total
