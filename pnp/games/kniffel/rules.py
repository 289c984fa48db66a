"""Rules module of 18-Kniffel (named in data/18-kniffel/game.yaml).

``check`` holds the Bilanz data against the seed: the 18 Vorgaben in the
seed's order and blocks, a Bonusblock sum, the bonus of 36 at 84 or more,
and a grand total that adds every row once. With ``state`` it adds up a
filled Bilanz (see :mod:`.tally`) and reports what does not add up.
The pads themselves are the generic score-sheet kind; nothing to build here.
"""
from __future__ import annotations

from pathlib import Path

from ...checks import Finding
from ...data.errors import DataErrors
from ...game import Game, documents
from ...schemas.score_sheet import ScoreSheet
from .scoring import BLOCKS, BONUS_POINTS, BONUS_THRESHOLD, LABELS, SEED, VORGABEN

BLOCK_NAMES = {"bonus": "Bonusblock", "pasch": "Paschblock", "strasse": "Straßenblock"}


def _sheets(game: Game) -> list[tuple[Path, ScoreSheet]]:
    return [(p, d) for p, kind, d in documents(game) if kind == "score-sheet"]


def check_sheet(sheet: ScoreSheet, where: str = "") -> list[Finding]:
    out: list[Finding] = []

    def err(rule, msg, obj=""):
        out.append(Finding(f"kniffel.{rule}", msg, SEED, obj, "error", where))

    entries = [r.id for r in sheet.entries]
    if entries != list(LABELS):
        extra = [e for e in entries if e not in LABELS]
        lacking = [lab for lab in LABELS if lab not in entries]
        detail = []
        if lacking:
            detail.append(f"missing {' '.join(lacking)}")
        if extra:
            detail.append(f"not a Vorgabe: {' '.join(extra)}")
        if not detail:
            detail.append(f"order is {' '.join(entries)}")
        err("vorgaben", f"the Bilanz must list the 18 Vorgaben in the seed's order "
            f"({' '.join(LABELS)}); {'; '.join(detail)}")
    if len(sheet.blocks) != 3:
        err("blocks", f"the seed groups the Vorgaben in three blocks (Bonus-, Pasch-, Straßenblock); "
            f"the sheet has {len(sheet.blocks)}")
    else:
        for block, kind in zip(sheet.blocks, BLOCKS):
            want = [v.label for v in VORGABEN if v.block == kind]
            got = [r.id for r in block.entries]
            if got != want:
                err("blocks", f"block {block.id!r} should hold {' '.join(want)} ({BLOCK_NAMES[kind]}), "
                    f"holds {' '.join(got) or 'nothing'}", block.id)
    bonus_rows = [r for _, r in sheet.rows() if r.bonus is not None]
    if len(bonus_rows) != 1:
        err("bonus", f"the sheet needs exactly one bonus row (36 points at 84 or more in the Bonusblock); "
            f"found {len(bonus_rows)}")
    else:
        b = bonus_rows[0].bonus
        if (b.at_least, b.points) != (BONUS_THRESHOLD, BONUS_POINTS):
            err("bonus", f"the seed's bonus is {BONUS_POINTS} points at {BONUS_THRESHOLD} or more; "
                f"the sheet says {b.points} at {b.at_least}", bonus_rows[0].id)
    # the Bonusblock sum and grand total, probed with numbers
    if not out and sheet.totals:
        bonus_ids = [v.label for v in VORGABEN if v.bonus_block]
        base = {lab: 1 for lab in LABELS}
        probe = sheet.evaluate(base)
        b = bonus_rows[0]
        if probe[b.bonus.of] != 6 or sheet.evaluate({**base, **{i: 100 for i in bonus_ids}})[b.bonus.of] != 600:
            err("bonus", f"the bonus must look at the sum of 1en..6en; row {b.bonus.of!r} is something else",
                b.id)
        total = sheet.totals[-1].id
        low = probe[total]
        high = sheet.evaluate({**base, **{i: 14 for i in bonus_ids}})[total]
        if low != 18 or high != 6 * 14 + 12 + BONUS_POINTS:
            err("total", f"the grand total {total!r} must add every Vorgabe once plus the bonus "
                f"(probe: 18 x 1 gave {low}, expected 18; 84 in the Bonusblock gave {high}, "
                f"expected {6 * 14 + 12 + BONUS_POINTS})", total)
    if sheet.columns.max_players < 6:
        out.append(Finding("kniffel.players", f"the seed allows 1 to 6 players; the sheet allows at most "
                           f"{sheet.columns.max_players} columns", SEED, "columns", "warning", where))
    return out


def check(game: Game, state: Path | None = None) -> list[Finding]:
    from .tally import tally_file

    findings: list[Finding] = []
    sheets = _sheets(game)
    if not sheets:
        return [Finding("kniffel.sheet", "no score-sheet (kind: score-sheet) in the game folder; the Bilanz is missing",
                        SEED, "bilanz", "error", str(game.folder))]
    for path, sheet in sheets:
        findings += check_sheet(sheet, str(path))
    if state is not None:
        path, sheet = sheets[0]
        try:
            t = tally_file(Path(state), sheet)
        except DataErrors as exc:
            for p in exc.problems:
                findings.append(Finding("kniffel.bilanz", p.message, SEED, "state", "error",
                                        f"{p.file}:{p.line}" if p.line else p.file))
            return findings
        for m in t.mismatches:
            where, _, msg = m.partition(": ")
            findings.append(Finding("kniffel.arithmetic", msg, SEED, t.player or "state", "error", where))
    return findings
