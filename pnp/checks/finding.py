"""A checker's verdict on one point."""
from __future__ import annotations

from dataclasses import asdict
from typing import Iterable, Iterator

from pnp.load.classes import dataclass
from pnp.load.errors import Problem
from pnp.checks.source import Loc

SEVERITIES = ("error", "warning", "info")  # only an error fails a check


@dataclass(frozen=True)
class Finding:
    rule: str  # rule id, e.g. "deck.category-total"
    message: str  # own words: what is wrong and what the rule document says
    seed: str = ""  # the rule document's file name, e.g. "000_b69832241c10d319.txt"
    object: str = ""  # what it is about, e.g. "Bewegen" or "barrier H1"
    severity: str = "error"
    file: str = ""
    line: int = 0
    col: int = 0
    section: str = ""  # the passage of the rule document, e.g. "Zu den Karten"
    title: str = ""  # the game's title, as the citation names the document

    @property
    def where(self) -> str:
        return str(Loc(self.file, self.line, self.col))

    @property
    def citation(self) -> str:
        """'Chess, §Moves [chess.txt]': the title and passage, the file in brackets."""
        from pnp.checks.facts import citation

        return citation(self.title, self.section, self.seed) if self.title else \
            (f"{self.seed} §{self.section}" if self.section else self.seed)

    def __str__(self) -> str:
        loc = f"{self.where}: " if self.file else ""
        obj = f" [{self.object}]" if self.object else ""
        return f"{loc}{self.severity}: {self.rule}{obj}: {self.message} ({self.citation})"

    def as_dict(self) -> dict:
        return {**asdict(self), "where": self.where, "citation": self.citation}

    def problem(self, text: str | None = None) -> Problem:
        """The finding as a data problem, for loaders that refuse what a rule rejects."""
        return Loc(self.file, self.line, self.col).problem(self.message if text is None else text)


def flag(message: str, obj: str = "", at: Loc | str = "", severity: str = "") -> Finding:
    """What a rule function yields; the rule book fills in the rule id, the document and the passage
    (and the rule's severity unless ``severity`` is given)."""
    at = at if isinstance(at, Loc) else Loc(at)
    return Finding("", message, object=obj, severity=severity, file=at.file, line=at.line, col=at.col)


def from_problems(problems: Iterable[Problem], obj: str = "") -> Iterator[Finding]:
    """Data problems (a file that does not load) as findings of the rule that needed the file."""
    for p in problems:
        yield flag(p.message, obj, Loc(p.file, p.line, p.col))


def failed(findings: Iterable[Finding]) -> bool:
    return any(f.severity == "error" for f in findings)
