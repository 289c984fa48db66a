"""Rules module of 18-Kniffel (named in data/18-kniffel/game.yaml).

``check`` holds the Bilanz data against the seed: the 18 Vorgaben in the
seed's order and blocks, a Bonusblock sum, the bonus of 36 at 84 or more,
and a grand total that adds every row once. With ``state`` it adds up a
filled Bilanz (see :mod:`.tally`) and reports what does not add up.
The pads themselves are the generic score-sheet kind; nothing to build here.
"""
from __future__ import annotations

FILES = ("examples/*.yaml",)  # the data files without a kind this module reads

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from pnp.checks import Finding, Loc, RuleBook, Source, flag, from_problems
from pnp.load.errors import DataErrors
from pnp.model.game import Game, loaded
from pnp.model.score_sheet import ScoreSheet
from pnp.games.kniffel.scoring import BLOCKS, BONUS_POINTS, BONUS_THRESHOLD, LABELS, SEED, VORGABEN

RULES = RuleBook(SEED)
BLOCK_NAMES = {"bonus": "Bonusblock", "pasch": "Paschblock", "strasse": "Straßenblock"}


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
            want = [v.label for v in VORGABEN if v.block == kind]
            got = [r.id for r in block.entries]
            if got != want:
                out.append((block.id, f"block {block.id!r} should hold {' '.join(want)} ({BLOCK_NAMES[kind]}), "
                                      f"holds {' '.join(got) or 'nothing'}"))
        return out

    @cached_property
    def well_formed(self) -> bool:
        """Vorgaben, blocks and the one bonus row as the seed has them: the sums can be probed."""
        rows = self.bonus_rows
        return (bool(self.sheet.totals) and [r.id for r in self.sheet.entries] == list(LABELS)
                and not self.block_problems() and len(rows) == 1
                and (rows[0].bonus.at_least, rows[0].bonus.points) == (BONUS_THRESHOLD, BONUS_POINTS))

    def probe(self, bonus_block_value: int) -> dict:
        """Every row's value with 1 in each Vorgabe and ``bonus_block_value`` in each of 1en..6en."""
        base = {lab: 1 for lab in LABELS}
        return self.sheet.evaluate({**base, **{v.label: bonus_block_value for v in VORGABEN if v.bonus_block}})


@dataclass
class Filled:
    """A filled Bilanz given as ``--state``, added up with the game's sheet."""

    path: Path
    sheet: ScoreSheet

    @cached_property
    def tally(self):
        from pnp.games.kniffel.tally import tally_file

        try:
            return tally_file(self.path, self.sheet)
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
            "one bonus row: 36 points when 1en..6en add up to 84 or more", scope="sheet")
def bonus(b: Bilanz):
    rows = b.bonus_rows
    if len(rows) != 1:
        yield flag(f"the sheet needs exactly one bonus row (36 points at 84 or more in the Bonusblock); found "
                   f"{len(rows)}", at=b.at())
        return
    got = rows[0].bonus
    if (got.at_least, got.points) != (BONUS_THRESHOLD, BONUS_POINTS):
        yield flag(f"the seed's bonus is {BONUS_POINTS} points at {BONUS_THRESHOLD} or more; the sheet says "
                   f"{got.points} at {got.at_least}", rows[0].id, b.at(rows[0].id))
    elif b.well_formed and (b.probe(1)[got.of] != 6 or b.probe(100)[got.of] != 600):
        yield flag(f"the bonus must look at the sum of 1en..6en; row {got.of!r} is something else", rows[0].id,
                   b.at(rows[0].id))


@RULES.rule("kniffel.total", "Abrechnung (Bonuspunkte nicht vergessen)",
            "the grand total adds every Vorgabe once plus the bonus", scope="sheet")
def total(b: Bilanz):
    if not b.well_formed:
        return
    row = b.sheet.totals[-1].id
    low, high = b.probe(1)[row], b.probe(14)[row]
    if low != 18 or high != 6 * 14 + 12 + BONUS_POINTS:
        yield flag(f"the grand total {row!r} must add every Vorgabe once plus the bonus (probe: 18 x 1 gave {low}, "
                   f"expected 18; 84 in the Bonusblock gave {high}, expected {6 * 14 + 12 + BONUS_POINTS})", row,
                   b.at(row))


@RULES.rule("kniffel.players", "Allgemeines (ein Spiel für 1 bis 6)",
            "room for six players", scope="sheet", severity="warning")
def players(b: Bilanz):
    if b.sheet.columns.max_players < 6:
        yield flag(f"the seed allows 1 to 6 players; the sheet allows at most {b.sheet.columns.max_players} columns",
                   "columns", b.src.at("columns", "max_players"))


@RULES.rule("kniffel.bilanz", "Vorgaben (genau ein Mal Punkte eingetragen); Allgemeines (SETS zu jeweils 6 Würfeln)",
            "a filled Bilanz names each Vorgabe once with a set of six dice", scope="state")
def filled(f: Filled):
    if isinstance(f.tally, DataErrors):
        yield from from_problems(f.tally.problems, "state")


@RULES.rule("kniffel.arithmetic", "Vorgaben (als negativer Wert eingetragen); Abrechnung",
            "the points and the total written on a filled Bilanz are what the sets score", scope="state")
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
    if state is not None and sheets:
        findings += RULES.run(Filled(Path(state), sheets[0][0]), "state")
    return findings
