"""Walking a path, filling the accounts, and the final strike (Endabrechnung).

Reading of the seed's sentence "Kein Eintrag in einem Konto wird nicht
gestrichen": an account that received no entry at all is *unused*; it is
never struck and does not count when finding the highest and the lowest
account. An account whose entries add up to 0 is *used* (sum 0) and, as the
lowest, is struck. So the strike looks only at used accounts:

1. H = the highest sum among used accounts, L = the lowest;
2. every used account whose sum equals H or L is struck (ties strike all);
3. the score is the sum of the used accounts that are not struck.

With one used account, or all used accounts equal, everything is struck and
the score is 0. Unused accounts add nothing either way.
"""
from __future__ import annotations

from typing import Iterable, Sequence

from pnp.load.classes import dataclass
from pnp.load.errors import DataErrors, Problem
from pnp.games.ordnerstruktur.model import ACCOUNTS, FACTS, NUMBERED, SUBFOLDERS, move_account, why_illegal
from pnp.games.ordnerstruktur.structure import Structure

Sums = Sequence["int | None"]  # per account: its sum, or None when it got no entry


@dataclass(frozen=True)
class Entry:
    """One transfer: the file of ``subfolder`` goes to the account of the move to the next name."""

    subfolder: int
    name: str
    next_name: str
    points: int
    account: int


@dataclass(frozen=True)
class Result:
    sums: tuple["int | None", ...]  # per account, None = no entry
    struck: frozenset[int]
    score: int
    entries: tuple[Entry, ...] = ()

    def as_json(self) -> dict:
        return {"accounts": {ACCOUNTS[i]: s for i, s in enumerate(self.sums)},
                "struck": [ACCOUNTS[i] for i in sorted(self.struck)],
                "score": self.score}


def strike(sums: Sums) -> frozenset[int]:
    """Indices of the accounts struck in the final scoring (see module doc)."""
    used = [s for s in sums if s is not None]
    if not used:
        return frozenset()
    hi, lo = max(used), min(used)
    return frozenset(i for i, s in enumerate(sums) if s is not None and s in (hi, lo))


def final_score(sums: Sums) -> tuple[frozenset[int], int]:
    """The struck accounts and the points that remain."""
    struck = strike(sums)
    return struck, sum(s for i, s in enumerate(sums) if s is not None and i not in struck)


# ------------------------------------------------------------------ paths


def _canon(token: str, names: Sequence[str]) -> str | None:
    """Match a name typed on the command line: either people order, ue/oe for ü/ö."""
    t = " ".join(token.replace("ue", "ü").replace("oe", "ö").split())  # no name has a capital umlaut
    for n in names:
        if t == n or (" " in t and frozenset(t.split(" ")) == frozenset(n.split(" "))):
            return n
    return None


@dataclass(frozen=True)
class IllegalStep(Problem):
    """A step the rules forbid: the path is well formed but breaks a rule of the game (exit 1)."""


def parse_path(text: str, structure: Structure) -> list[str]:
    """'Stadt Wald, Stadt Wüste, ...' -> the structure's names (unknown tokens are kept
    as typed, so :func:`path_problems` reports them together with every other problem)."""
    tokens = [t.strip() for t in text.split(",")]
    return [_canon(t, structure.names) or t for t in tokens]


def path_problems(structure: Structure, path: Sequence[str], where: str = "PATH") -> list[Problem]:
    """Everything wrong with a path: its length and every illegal step."""
    problems = []
    if len(path) != SUBFOLDERS:
        problems.append(Problem(where, 0, 0, f"a path names one file per subfolder 1-{SUBFOLDERS}: "
                                f"{SUBFOLDERS} names, got {len(path)}"))
    for k, n in enumerate(path, 1):
        if n not in structure.names:
            problems.append(Problem(where, 0, 0, f"subfolder {k}: {n!r} is not a file name of this structure; "
                                    f"expected one of {', '.join(structure.names)}"))
    for k in range(len(path) - 1):
        a, b = path[k], path[k + 1]
        if a in structure.names and b in structure.names and move_account(structure.variant, a, b) is None:
            problems.append(IllegalStep(where, 0, 0, f"step {k + 1}->{k + 2}: '{a}' -> '{b}' "
                                    f"{why_illegal(structure.variant, a, b)} ({FACTS.cite('Spielablauf')})"))
    return problems


def entries(structure: Structure, path: Sequence[str], where: str = "PATH") -> tuple[Entry, ...]:
    probs = path_problems(structure, path, where)
    if probs:
        raise DataErrors(probs)
    return tuple(Entry(k + 1, path[k], path[k + 1], structure.points(k + 1, path[k]),
                       move_account(structure.variant, path[k], path[k + 1]))
                 for k in range(NUMBERED))


def fill(es: Iterable[Entry]) -> tuple["int | None", ...]:
    sums: list[int | None] = [None] * len(ACCOUNTS)
    for e in es:
        sums[e.account] = (sums[e.account] or 0) + e.points
    return tuple(sums)


def score_path(structure: Structure, path: Sequence[str]) -> Result:
    """Score one player's path through a structure (raises DataErrors if the path is illegal)."""
    es = entries(structure, path)
    sums = fill(es)
    struck, score = final_score(sums)
    return Result(sums, struck, score, es)


# ------------------------------------------------------------------ several players


@dataclass(frozen=True)
class MultiResult:
    """Shared account totals decide what is struck; then each player's own points count."""

    totals: tuple["int | None", ...]
    struck: frozenset[int]
    players: tuple[Result, ...]  # each player's own sums, the shared strike and own score

    @property
    def winners(self) -> list[int]:
        best = max(p.score for p in self.players)
        return [i for i, p in enumerate(self.players) if p.score == best]

    def as_json(self) -> dict:
        return {"totals": {ACCOUNTS[i]: s for i, s in enumerate(self.totals)},
                "struck": [ACCOUNTS[i] for i in sorted(self.struck)],
                "players": [{"accounts": {ACCOUNTS[i]: s for i, s in enumerate(p.sums)}, "score": p.score}
                            for p in self.players],
                "winners": self.winners}


def score_players(plays: Sequence[tuple[Structure, Sequence[str]]]) -> MultiResult:
    """The seed's multiplayer scoring: each player walks their own structure; the
    six accounts are shared. Per account the players' sums are added; the
    highest and lowest totals (ties: all tied; unused accounts as in the solo
    game) are struck; each player then scores their own sums in the rest."""
    problems: list[Problem] = []
    own: list[tuple] = []
    for k, (s, path) in enumerate(plays, 1):
        try:
            es = entries(s, path, f"player {k}")
            own.append((fill(es), es))
        except DataErrors as exc:
            problems += exc.problems
    if problems:
        raise DataErrors(problems)
    totals = tuple(None if all(o[0][i] is None for o in own) else sum(o[0][i] or 0 for o in own)
                   for i in range(len(ACCOUNTS)))
    struck = strike(totals)
    players = tuple(Result(sums, struck, sum(v for i, v in enumerate(sums) if v is not None and i not in struck), es)
                    for sums, es in own)
    return MultiResult(totals, struck, players)


__all__ = ["Entry", "Result", "MultiResult", "strike", "final_score", "parse_path", "path_problems",
           "entries", "fill", "score_path", "score_players"]
