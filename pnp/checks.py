"""Checker verdicts. Every finding names the rule, the object and the seed."""
from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Finding:
    rule: str  # short rule id, e.g. "deck.category-total"
    message: str  # own words: what is wrong and what the seed says
    seed: str  # the seed file name, e.g. "000_b69832241c10d319.txt"
    object: str = ""  # what it is about, e.g. "Bewegen" or "barrier H1"
    severity: str = "error"  # error | warning
    where: str = ""  # file:line when known

    def __str__(self) -> str:
        loc = f"{self.where}: " if self.where else ""
        obj = f" [{self.object}]" if self.object else ""
        return f"{loc}{self.severity}: {self.rule}{obj}: {self.message} (seed: {self.seed})"

    def as_dict(self) -> dict:
        return asdict(self)


def failed(findings: list[Finding]) -> bool:
    return any(f.severity == "error" for f in findings)
