"""Rules module of 18-Kniffel (named in data/18-kniffel/game.yaml).

``check`` holds the Bilanz data against the document's facts (facts.yaml): the 18
Vorgaben in the document's order and blocks, a Bonusblock sum, the bonus of 36 at 84 or
more, and sums that add what they should: read structurally, each computed row is the
count of every Vorgabe (and the bonus) it adds, so the grand total must count each once.
With ``state`` it adds up a filled Bilanz by the document's arithmetic (see :mod:`.tally`),
not by the sheet's, so a wrong sheet is the sheet's finding and never the Bilanz's.
The pads themselves are the generic score-sheet kind; nothing to build here.
"""
from __future__ import annotations

from pnp.load.classes import dataclass

FILES = ("examples/*.yaml",)  # the data files without a kind this module reads

from collections import Counter
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.checks import Finding, Loc, RuleBook, Source, flag, from_problems
from pnp.load.errors import DataErrors
from pnp.layout.documents import loaded
from pnp.games.kniffel.scoring import BLOCKS, BONUS_POINTS, BONUS_THRESHOLD, FACTS, LABELS

if TYPE_CHECKING:  # pragma: no cover - the build reads their plain twins
    from pnp.model.game import Game
    from pnp.model.score_sheet import ScoreSheet

RULES = RuleBook(FACTS.document, FACTS.title)
BLOCK_NAMES = {"bonus": "Bonusblock", "pasch": "Paschblock", "strasse": "Straßenblock"}
IN_BLOCK = {b: FACTS.value(f"vorgaben.{b}") for b in BLOCKS}  # the document's Vorgaben of each block
ONCE = FACTS.value("vorgaben.once")


@dataclass
class Bilanz:
    """A score sheet of the game folder."""

    sheet: ScoreSheet
    src: Source = Source("")

    def at(self, row_or_block: str = "") -> Loc:
        """Where a row or block (by id) is in the sheet's file; the blocks list for ''."""
        for bi, block in enumerate(self.sheet.blocks):
            if block.id == row_or_block:
                return self.src.at("blocks", bi)
            for ri, row in enumerate(block.rows):
                if row.id == row_or_block:
                    return self.src.at("blocks", bi, "rows", ri)
        ti = next((i for i, r in enumerate(self.sheet.totals) if r.id == row_or_block), None)
        return self.src.at("blocks") if ti is None else self.src.at("totals", ti)

    @cached_property
    def bonus_rows(self) -> list:
        return [r for _, r in self.sheet.rows() if r.bonus is not None]

    def block_problems(self) -> list[tuple[str, str]]:
        """(block id, what is wrong) for blocks that do not hold the seed's Vorgaben."""
        if len(self.sheet.blocks) != 3:
            return [("", f"the seed groups the Vorgaben in three blocks (Bonus-, Pasch-, Straßenblock); the sheet "
                         f"has {len(self.sheet.blocks)}")]
        out = []
        for block, kind in zip(self.sheet.blocks, BLOCKS):
            want = IN_BLOCK[kind]
            got = [r.id for r in block.entries]
            if got != want:
                out.append((block.id, f"block {block.id!r} should hold {' '.join(want)} ({BLOCK_NAMES[kind]}), "
                                      f"holds {' '.join(got) or 'nothing'}"))
        return out

    @cached_property
    def counts(self) -> dict[str, Counter]:
        """Each row -> how often it counts each hand-filled row and each bonus row: a hand-filled or
        bonus row counts itself once, a sum adds up what its rows count."""
        out: dict[str, Counter] = {}
        for block, row in self.sheet.rows():
            if row.sum == "block":
                out[row.id] = Counter(r.id for r in block.entries)
            elif isinstance(row.sum, list):
                out[row.id] = sum((out[r] for r in row.sum), Counter())
            else:
                out[row.id] = Counter({row.id: 1})
        return out

    @property
    def grand_total(self) -> str | None:
        """The row that adds everything up: the last sum among the totals (rows after it, such as a place
        to write the ranking, are filled by hand)."""
        sums = [r.id for r in self.sheet.totals if r.sum is not None]
        return sums[-1] if sums else None

    def counted(self, row: str) -> Counter:
        """What ``row`` counts of the document's Vorgaben and the bonus (other rows are another rule's)."""
        mine = {r.id for r in self.sheet.entries if r.id in LABELS} | {r.id for r in self.bonus_rows}
        return Counter({k: n for k, n in self.counts[row].items() if k in mine})

    def inherited(self, row: str) -> set[str]:
        """What ``row`` counts more than once because a row it adds already does (that row is to blame)."""
        r = next(r for _b, r in self.sheet.rows() if r.id == row)
        parts = r.sum if isinstance(r.sum, list) else []
        return {k for p in parts for k, n in self.counted(p).items() if n > ONCE}


def _wrong_counts(got: Counter, want: list[str], inherited: "set[str] | None" = None) -> list[str]:
    """What a sum gets wrong against counting each of ``want`` exactly once, whole blocks named; a
    key counted more than once is left out when it is in ``inherited`` (all of them when None)."""
    def said(labels: list[str]) -> str:
        out, rest = [], list(labels)
        for b in BLOCKS:
            if IN_BLOCK[b] and all(x in rest for x in IN_BLOCK[b]):
                out.append(f"the {BLOCK_NAMES[b]} ({' '.join(IN_BLOCK[b])})")
                rest = [x for x in rest if x not in IN_BLOCK[b]]
        return ", ".join(out + ([" ".join(rest)] if rest else []))

    out_ = [k for k in want if got[k] == 0]
    more: dict[int, list[str]] = {}
    for k in want + [k for k in got if k not in want]:
        if got[k] > ONCE and (inherited is None or k in inherited):
            continue
        if got[k] > ONCE or (k not in want and got[k]):
            more.setdefault(got[k], []).append(k)
    parts = [f"leaves out {said(out_)}"] if out_ else []
    parts += [f"counts {said(ks)} {'twice' if n == 2 else f'{n} times' if n > 1 else 'as well'}"
              for n, ks in sorted(more.items())]
    return parts


@dataclass
class Filled:
    """A filled Bilanz given as ``--state``, added up by the document's arithmetic (no sheet's)."""

    path: Path

    @cached_property
    def tally(self):
        from pnp.games.kniffel.tally import read_filled, tally

        try:
            doc, src = read_filled(self.path)
            return tally(doc, None, src)
        except DataErrors as exc:
            return exc


@RULES.rule("kniffel.sheet", "Allgemeines (diese Abrechnungsbögen will ich hier BILANZEN nennen)",
            "the game folder has a Bilanz (kind: score-sheet)", scope="game")
def sheet_present(game: Game):
    if not _sheets(game):
        yield flag("no score-sheet (kind: score-sheet) in the game folder; the Bilanz is missing", "bilanz",
                   str(game.folder))


@RULES.rule("kniffel.vorgaben", "Vorgaben (18 Stück)",
            "the Bilanz lists the 18 Vorgaben in the seed's order", scope="sheet")
def vorgaben(b: Bilanz):
    entries = [r.id for r in b.sheet.entries]
    if entries == list(LABELS):
        return
    lacking = " ".join(lab for lab in LABELS if lab not in entries)
    extra = " ".join(e for e in entries if e not in LABELS)
    detail = [f"missing {lacking}"] * bool(lacking) + [f"not a Vorgabe: {extra}"] * bool(extra)
    order = " ".join(entries)
    yield flag(f"the Bilanz must list the 18 Vorgaben in the seed's order ({' '.join(LABELS)}); "
               + "; ".join(detail or [f"order is {order}"]), at=b.at())


@RULES.rule("kniffel.blocks", "Vorgaben (BONUSBLOCK ... PASCHBLOCK ... STRASSENBLOCK)",
            "three blocks holding the seed's Vorgaben", scope="sheet")
def blocks(b: Bilanz):
    for block_id, problem in b.block_problems():
        yield flag(problem, block_id, b.at(block_id))


@RULES.rule("kniffel.bonus", "Vorgaben (mindestens 84 Punkte ... einen BONUS von 36 Punkten)",
            "one bonus row: 36 points when 1en..6en, each counted once, add up to 84 or more", scope="sheet")
def bonus(b: Bilanz):
    rows = b.bonus_rows
    if len(rows) != 1:
        yield flag(f"the sheet needs exactly one bonus row (36 points at 84 or more in the Bonusblock); found "
                   f"{len(rows)}", at=b.at())
        return
    got = rows[0].bonus
    if (got.at_least, got.points) != (BONUS_THRESHOLD, BONUS_POINTS):
        yield flag(f"the document's bonus is {BONUS_POINTS} points at {BONUS_THRESHOLD} or more; the sheet says "
                   f"{got.points} at {got.at_least}", rows[0].id, b.at(rows[0].id))
    present = {r.id for r in b.sheet.entries}
    wrong = _wrong_counts(b.counted(got.of), [k for k in IN_BLOCK["bonus"] if k in present])  # twice: kniffel.sums
    if wrong:
        yield flag(f"the bonus must look at the sum of the Bonusblock, 1en..6en each once; row {got.of!r} "
                   + " and ".join(wrong), rows[0].id, b.at(rows[0].id))


@RULES.rule("kniffel.total", "Abrechnung (Bonuspunkte nicht vergessen); Vorgaben (genau ein Mal)",
            "the grand total adds every Vorgabe exactly once plus the bonus once", scope="sheet",
            reading="the grand total is the last sum among 'totals' (a hand-filled row after it, say the ranking, "
                    "is not a total); sums before it may add any rows, but none counts a row twice (kniffel.sums)")
def total(b: Bilanz):
    row = b.grand_total
    if row is None:
        yield flag("the sheet has no grand total: 'totals' must have a sum that adds every Vorgabe once plus "
                   "the bonus", "totals", b.at())
        return
    want = [r.id for r in b.sheet.entries if r.id in LABELS] + [r.id for r in b.bonus_rows[:1]]
    wrong = _wrong_counts(b.counted(row), want, b.inherited(row))
    if wrong:
        yield flag(f"the grand total {row!r} must add every Vorgabe once plus the bonus; it " + " and ".join(wrong),
                   row, b.at(row))


@RULES.rule("kniffel.sums", "Vorgaben (genau ein Mal Punkte eingetragen)",
            "no other sum counts a Vorgabe or the bonus more than once (the row that starts it is named)",
            scope="sheet")
def sums(b: Bilanz):
    for _block, r in b.sheet.rows():
        if r.sum is None or r.id == b.grand_total:
            continue
        twice = [k for k, n in b.counted(r.id).items() if n > ONCE and k not in b.inherited(r.id)]
        if twice:
            yield flag(f"row {r.id!r} counts {' '.join(twice)} more than once; every Vorgabe is filled once and "
                       "counted once", r.id, b.at(r.id))


@RULES.rule("kniffel.players", "Allgemeines (ein Spiel für 1 bis 6)",
            "room for six players", scope="sheet", severity="warning",
            reading="'1 bis 6 oder auch noch mehr Spieler': a sheet with fewer than six player columns is a warning, "
                    "not an error, and more than six are allowed")
def players(b: Bilanz):
    most = FACTS.value("players.max")
    if b.sheet.columns.max_players < most:
        yield flag(f"the seed allows 1 to {most} players; the sheet allows at most {b.sheet.columns.max_players} "
                   "columns", "columns", b.src.at("columns", "max_players"))


@RULES.rule("kniffel.bilanz", "Vorgaben (genau ein Mal Punkte eingetragen); Allgemeines (SETS zu jeweils 6 Würfeln)",
            "a filled Bilanz names each Vorgabe once with a set of six dice", scope="state")
def filled(f: Filled):
    if isinstance(f.tally, DataErrors):
        yield from from_problems(f.tally.problems, "state")


@RULES.rule("kniffel.arithmetic", "Vorgaben (als negativer Wert eingetragen); Abrechnung",
            "the points and the total written on a filled Bilanz are what the sets score", scope="state",
            reading="a Pasch counts exactly: 5+1, 4+2 and 3+3 need exactly five, four or three of one number, the "
                    "other dice different from it but not from each other (4,4,4,4,2,2 meets 4+2; 3,3,3,5,5,5 meets "
                    "3+3; 3,3,3,3,5,5 does not meet 3+3); >21 and <21 are strict (a sum of 21 meets neither); a "
                    "Bonusblock row never goes below 0; the bonus comes at 84 or more")
def arithmetic(f: Filled):
    if not isinstance(f.tally, DataErrors):
        for loc, msg in f.tally.wrong:
            yield flag(msg, f.tally.player or "state", loc)


def _sheets(game: Game) -> list[tuple[ScoreSheet, Source]]:
    return [(d, Source.of(p, raw)) for p, kind, d, raw in loaded(game) if kind == "score-sheet"]


def check_sheet(sheet: ScoreSheet, src: Source = Source("")) -> list[Finding]:
    return RULES.run(Bilanz(sheet, src), "sheet")


def check(game: Game, state: Path | None = None) -> list[Finding]:
    findings = RULES.run(game, "game")
    sheets = _sheets(game)
    for sheet, src in sheets:
        findings += check_sheet(sheet, src)
    if state is not None:
        findings += RULES.run(Filled(Path(state)), "state")
    return findings
