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
from dataclasses import dataclass
from typing import Callable

from pnp.checks.facts import Facts

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


def _face(n: int) -> Vorgabe:
    names = {1: ("Einsen", "Ones"), 2: ("Zweien", "Twos"), 3: ("Dreien", "Threes"),
             4: ("Vieren", "Fours"), 5: ("Fünfen", "Fives"), 6: ("Sechsen", "Sixes")}
    return Vorgabe(f"{n}en", "bonus", *names[n], test=lambda d, n=n: n in d, face=n)


VORGABEN: tuple[Vorgabe, ...] = (
    *(_face(n) for n in range(1, 7)),
    Vorgabe("6+0", "pasch", "Sechserpasch (Kniffel)", "six of a kind", lambda d: _counts(d) == [6]),
    Vorgabe("5+1", "pasch", "Fünferpasch", "five of a kind plus one other", lambda d: _counts(d) == [5, 1]),
    Vorgabe("4+2", "pasch", "Viererpasch", "exactly four of a kind", lambda d: _counts(d)[0] == 4),
    Vorgabe("3+3", "pasch", "Dreierpasch", "exactly three of a kind", lambda d: 3 in _counts(d)),
    Vorgabe("2+2+2", "pasch", "Zweierpasch", "three different pairs", lambda d: _counts(d) == [2, 2, 2]),
    Vorgabe(">21", "pasch", "Große Chance", "sum above 21", lambda d: sum(d) > 21),
    Vorgabe("1-6", "strasse", "Lange Straße", "1 to 6 once each", lambda d: set(d) == {1, 2, 3, 4, 5, 6}),
    Vorgabe("1-5", "strasse", "Kleine Straße", "1 to 5 plus any die", lambda d: {1, 2, 3, 4, 5} <= set(d)),
    Vorgabe("2-6", "strasse", "Große Straße", "2 to 6 plus any die", lambda d: {2, 3, 4, 5, 6} <= set(d)),
    Vorgabe("2,4,6", "strasse", "Gerades Haus", "even numbers only", lambda d: all(x % 2 == 0 for x in d)),
    Vorgabe("1,3,5", "strasse", "Schiefes Haus", "odd numbers only", lambda d: all(x % 2 == 1 for x in d)),
    Vorgabe("<21", "strasse", "Kleine Chance", "sum below 21", lambda d: sum(d) < 21),
)
BLOCKS = ("bonus", "pasch", "strasse")
LABELS = tuple(v.label for v in VORGABEN)
INDEX = {v.label: i for i, v in enumerate(VORGABEN)}


def _key(text: str) -> str:
    t = unicodedata.normalize("NFKC", text).strip().lower().replace("ß", "ss")
    for a, b in (("ä", "ae"), ("ö", "oe"), ("ü", "ue")):
        t = t.replace(a, b)
    return "".join(ch for ch in t if ch.isalnum())


# alternative spellings people type (shells make '>' and '<' awkward)
_ALIASES: dict[str, str] = {}
for _v in VORGABEN:
    for _name in (_v.name_de.split(" (")[0], _v.name_en):
        _ALIASES[_key(_name)] = _v.label
_ALIASES.update({"kniffel": "6+0", "gt21": ">21", "lt21": "<21", "over21": ">21", "under21": "<21",
                 "einer": "1en", "1er": "1en", "2er": "2en", "3er": "3en", "4er": "4en", "5er": "5en", "6er": "6en"})


def vorgabe(label: str) -> Vorgabe:
    """Look up a Vorgabe by its seed label (``3en``, ``5+1``, ``2,4,6``, ``<21``) or German/English name."""
    text = str(label).strip()
    compact = text.replace(" ", "")
    if compact in INDEX:
        return VORGABEN[INDEX[compact]]
    alias = _ALIASES.get(_key(text))
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
