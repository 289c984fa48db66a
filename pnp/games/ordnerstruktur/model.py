"""Peoples, file names, legal moves and the six Machtübergabe accounts.

Both variants share the same six accounts, one per unordered pair of peoples
(seed: "6 Punktekonten für die 12 verschiedenen Machtübergaben"):

* ``paare`` — the file names are the six pairs of peoples. A move drops one
  people from the name and adds another, so it keeps exactly one people; the
  account is the pair {dropped, added}, i.e. the symmetric difference of the
  two names. From each name four moves are legal (not the same name, not its
  complement).
* ``voelker`` — the seed's simplification: the file names are the four
  peoples and a move goes to any other people. Its account is the pair
  {from, to}; three moves are legal from each name. (This reading is ours:
  the seed does not say which account such a move feeds.)
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from pnp.checks.facts import Facts
from pnp.load.classes import dataclass

FACTS = Facts.beside(__file__)  # the document's numbers and names (facts.yaml), each with its passage
SEED = FACTS.document

PEOPLES: tuple[str, ...] = tuple(FACTS.value("peoples"))
PAIRS: tuple[tuple[str, str], ...] = tuple(combinations(PEOPLES, 2))  # seed order

#: the six accounts, in the seed's pair order, as printed: "Stadt–Wald"
ACCOUNTS: tuple[str, ...] = tuple(f"{a}–{b}" for a, b in PAIRS)

SUBFOLDERS: int = FACTS.value("subfolders")  # subfolders "1".."11"
NUMBERED: int = FACTS.value("numbered")  # subfolders 1..10 carry Machtpunkte; 11 only closes the last move
TOTAL: int = FACTS.value("total")  # Machtpunkte in a structure, exactly
MAX_SUBFOLDER: int = FACTS.value("max_subfolder")  # at most per subfolder (row)
MAX_NAME: int = FACTS.value("max_name")  # at most per file name (column)

VARIANTS = ("paare", "voelker")


def pair_name(pair: "tuple[str, str] | frozenset[str]") -> str:
    """The seed's spelling of a pair name, peoples in seed order: 'Stadt Wald'."""
    a, b = sorted(pair, key=PEOPLES.index)
    return f"{a} {b}"


#: the canonical file names of each variant, in the seed's order
CANONICAL: dict[str, tuple[str, ...]] = {v: tuple(FACTS.value(f"names.{v}")) for v in VARIANTS}


def peoples_of(name: str) -> frozenset[str]:
    """The peoples a file name stands for ('Stadt Wald' -> {Stadt, Wald})."""
    return frozenset(name.split(" "))


def account_index(a: str, b: str) -> int:
    """Index into ACCOUNTS of the unordered people pair {a, b}."""
    return PAIRS.index(tuple(sorted((a, b), key=PEOPLES.index)))


def move_account(variant: str, frm: str, to: str) -> int | None:
    """The account a move from name ``frm`` to name ``to`` feeds, or None if illegal."""
    if variant == "paare":
        p, q = peoples_of(frm), peoples_of(to)
        if len(p & q) != 1:
            return None
        (dropped,), (added,) = tuple(p - q), tuple(q - p)
        return account_index(dropped, added)
    if variant == "voelker":
        if frm == to:
            return None
        return account_index(frm, to)
    raise ValueError(f"unknown variant {variant!r}")


def why_illegal(variant: str, frm: str, to: str) -> str:
    """Plain words for an illegal move (assumes move_account returned None)."""
    if frm == to:
        return "keeps the same name; a move must swap one people"
    return "swaps both peoples (the complementary name is not allowed; keep one people and swap the other)"


@dataclass(frozen=True)
class Moves:
    """The move table of a variant over a column order of names.

    ``nxt[i]`` lists the column indices reachable from column ``i`` (in column
    order) and ``acc[i]`` the account each of those moves feeds.
    """

    variant: str
    names: tuple[str, ...]
    nxt: tuple[tuple[int, ...], ...]
    acc: tuple[tuple[int, ...], ...]

    @property
    def degree(self) -> int:
        return len(self.nxt[0])

    def paths(self, depth: int = NUMBERED) -> int:
        """How many paths a structure of ``depth`` numbered subfolders has."""
        return len(self.names) * self.degree ** depth


@lru_cache(maxsize=None)
def moves(variant: str, names: tuple[str, ...] | None = None) -> Moves:
    names = tuple(names or CANONICAL[variant])
    nxt, acc = [], []
    for frm in names:
        row = [(j, move_account(variant, frm, to)) for j, to in enumerate(names)]
        row = [(j, a) for j, a in row if a is not None]
        nxt.append(tuple(j for j, _ in row))
        acc.append(tuple(a for _, a in row))
    return Moves(variant, names, tuple(nxt), tuple(acc))
