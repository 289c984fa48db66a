"""Adding up a filled Bilanz: every set scored by the rules, sums and bonus by the sheet.

A filled Bilanz is a small YAML file, one entry per Vorgabe::

    player: Maria                       # optional
    sets:
      - {vorgabe: 1-5, dice: "1,2,3,4,5,5", points: 20}   # points: what was written (optional)
      - {vorgabe: 6en, dice: [5, 6, 6, 6, 6, 6]}
      - {vorgabe: ">21", dice: "6,6,6,2,1,1"}             # quote '>21' and '<21' in YAML
    total: 312                          # optional: the total written on the sheet

The points of each set come from :mod:`.scoring`, and the total from the
document: every Vorgabe once, plus 36 when the Bonusblock reaches 84. The block
sums shown beside it come from the score-sheet data (``data/18-kniffel/bilanz.yaml``)
when one is given, so a sheet that adds up wrongly can never make a right Bilanz
look wrong (``pnp check`` reports the sheet).
"""
from __future__ import annotations

from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.load.classes import dataclass
from pnp.load.errors import DataErrors, Problem
from pnp.checks import Loc, Source
from pnp.load.loader import validate
from pnp.model.plain import Plain
from pnp.games.kniffel.scoring import BONUS_POINTS, BONUS_THRESHOLD, LABELS, KniffelInputError, parse_dice, \
    score, vorgabe

if TYPE_CHECKING:  # pragma: no cover
    from pnp.model.score_sheet import ScoreSheet

DEFAULT_SHEET = Path(__file__).resolve().parents[3] / "data" / "18-kniffel" / "bilanz.yaml"


# The plain twins of a filled Bilanz's schemas (pnp.games.kniffel.schemas).
class Entry(Plain):
    """One set of a filled Bilanz."""


class FilledBilanz(Plain):
    """A filled Bilanz file."""


@dataclass
class Line:
    vorgabe: str
    dice: tuple[int, ...]
    points: int
    fulfilled: bool
    written: int | None = None
    where: Loc = Loc()


@dataclass
class Tally:
    player: str | None
    lines: list[Line]
    values: dict[str, int]  # every row of the sheet, hand-filled and computed ({} without a sheet)
    missing: list[str]
    total: int  # by the document: every Vorgabe once, plus the bonus
    written_total: int | None = None
    wrong: list[tuple[Loc, str]] = field(default_factory=list)  # written numbers that disagree, and where

    @property
    def mismatches(self) -> list[str]:
        return [f"{loc}: {msg}" for loc, msg in self.wrong]

    def as_dict(self, sheet: ScoreSheet) -> dict:
        computed = [r.id for _, r in sheet.rows() if r.computed and r.id in self.values]
        return {"player": self.player,
                "sets": [{"vorgabe": ln.vorgabe, "dice": list(ln.dice), "points": ln.points,
                          "fulfilled": ln.fulfilled} for ln in self.lines],
                "sums": {rid: self.values[rid] for rid in computed},
                "total": self.total, "missing": self.missing, "mismatches": self.mismatches}


def load_sheet(path: Path | None = None) -> ScoreSheet:
    from pnp.load.loader import load_model

    return load_model(path or DEFAULT_SHEET, "pnp.model.score_sheet:ScoreSheet")


def read_filled(path: Path) -> tuple[FilledBilanz, Source]:
    """A filled Bilanz file, validated (positioned DataErrors)."""
    from pnp.games.kniffel.schemas import FilledBilanz

    src = Source.read(path)
    return validate(FilledBilanz, src.raw, src.file), src


def tally_file(path: Path, sheet: ScoreSheet | None = None, partial: bool = False) -> Tally:
    """Read and add up a filled Bilanz with a score sheet's sums beside it (the shipped Bilanz if
    none is given); every problem is a positioned DataErrors."""
    doc, src = read_filled(path)
    return tally(doc, sheet or load_sheet(), src, partial)


def document_total(lines: list[Line]) -> int:
    """The total by the document: the points of every filled Vorgabe, plus the bonus when the
    Bonusblock adds up to 84 or more."""
    block = sum(ln.points for ln in lines if vorgabe(ln.vorgabe).bonus_block)
    return sum(ln.points for ln in lines) + (BONUS_POINTS if block >= BONUS_THRESHOLD else 0)


def _read_set(i: int, e: Entry, src: Source, seen: dict[str, int]) -> Line | Problem:
    """Set ``i`` scored, or the one problem with it; a Vorgabe read for the first time goes into ``seen``."""
    try:
        v = vorgabe(str(e.vorgabe))
    except KniffelInputError as exc:
        return src.at("sets", i, "vorgabe").problem(f"'sets.{i}.vorgabe': {exc}")
    if v.label in seen:
        return src.at("sets", i, "vorgabe").problem(
            f"'sets.{i}.vorgabe': Vorgabe {v.label} is used twice (first in sets.{seen[v.label]}); "
            "each Vorgabe is filled exactly once")
    seen[v.label] = i
    try:
        dice = parse_dice(e.dice if isinstance(e.dice, str) else list(e.dice))
    except KniffelInputError as exc:
        return src.at("sets", i, "dice").problem(f"'sets.{i}.dice': {exc}")
    return Line(v.label, dice, score(dice, v), v.test(dice), e.points, src.at("sets", i))


def _read_sets(doc: FilledBilanz, src: Source, partial: bool) -> tuple[list[Line], list[str]]:
    """The scored sets and the Vorgaben not filled; every problem at once as DataErrors."""
    problems: list[Problem] = []
    lines: list[Line] = []
    seen: dict[str, int] = {}
    for i, e in enumerate(doc.sets):
        got = _read_set(i, e, src, seen)
        if isinstance(got, Line):
            lines.append(got)
        else:
            problems.append(got)
    missing = [lab for lab in LABELS if lab not in seen]
    if missing and not partial and not problems:
        problems.append(src.at("sets").problem(f"'sets': the Bilanz is not complete, missing "
                                               f"{len(missing)} of 18 Vorgaben: {' '.join(missing)}"))
    if problems:
        raise DataErrors(problems)
    return lines, missing


def _sheet_values(sheet: ScoreSheet | None, lines: list[Line], src: Source) -> dict[str, int]:
    """Every row of the score sheet with the sets filled in ({} without a sheet)."""
    if sheet is None:
        return {}
    absent = sorted(set(LABELS) - {r.id for r in sheet.entries})
    if absent:
        raise DataErrors([Problem(src.file, 0, 0, f"the score sheet has no rows for {', '.join(absent)}")])
    return sheet.evaluate({ln.vorgabe: ln.points for ln in lines})


def tally(doc: FilledBilanz, sheet: ScoreSheet | None, src: Source = Source("<bilanz>"),
          partial: bool = False) -> Tally:
    """Add up a filled Bilanz; ``sheet`` (if any) gives the block sums shown beside the total."""
    lines, missing = _read_sets(doc, src, partial)
    values = _sheet_values(sheet, lines, src)
    wrong = [(ln.where, f"{ln.vorgabe} {','.join(map(str, ln.dice))} scores {ln.points}, the sheet says {ln.written}")
             for ln in lines if ln.written is not None and ln.written != ln.points]
    t = Tally(doc.player, lines, values, missing, document_total(lines), doc.total, wrong)
    if doc.total is not None and doc.total != t.total:
        t.wrong.append((src.at("total"), f"total is {t.total}, the sheet says {doc.total}"))
    return t
