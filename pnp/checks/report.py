"""What ``pnp check`` prints, and its one exit-code rule."""
from __future__ import annotations

import json
from typing import Iterable

from pnp.checks.finding import Finding, failed
from pnp.checks.rulebook import RuleBook


class Report:
    """Findings per game. Exit code 1 when any finding is an error (a rule fails), else 0."""

    def __init__(self) -> None:
        self.games: dict[str, list[Finding]] = {}
        self.read: dict[str, tuple[int, bool]] = {}

    def add(self, game: str, findings: Iterable[Finding], files: int = 0, rules: bool = True) -> None:
        """The findings for a game, how many of its data files were read and validated,
        and whether it has rules to check beyond its files' schemas."""
        self.games[game] = list(findings)
        self.read[game] = (files, rules)

    @property
    def exit_code(self) -> int:
        return 1 if any(failed(fs) for fs in self.games.values()) else 0

    def as_json(self) -> str:
        return json.dumps({name: {"ok": not failed(fs), "files": self.read.get(name, (0, True))[0],
                                  "rules_checker": self.read.get(name, (0, True))[1],
                                  "findings": [f.as_dict() for f in fs]}
                           for name, fs in self.games.items()}, ensure_ascii=False, indent=2)

    def as_text(self) -> str:
        lines = []
        for name, fs in self.games.items():
            count = {s: sum(1 for f in fs if f.severity == s) for s in ("error", "warning")}
            notes = len(fs) - count["error"] - count["warning"]
            extra = f", {notes} note(s)" if notes else ""
            files, rules = self.read.get(name, (0, True))
            what = f"; {files} data file(s) valid" + ("" if rules else ", no rules checker") if files else ""
            lines.append(f"{name}: {'FAIL' if count['error'] else 'ok'} ({count['error']} error(s), "
                         f"{count['warning']} warning(s){extra}{what})")
            lines += [f"  {f}" for f in fs]
        return "\n".join(lines)


def rules_json(books: dict[str, RuleBook | None]) -> str:
    return json.dumps({name: {"document": book.document if book else None,
                              "rules": book.listing() if book else []}
                       for name, book in books.items()}, ensure_ascii=False, indent=2)


def rules_text(books: dict[str, RuleBook | None]) -> str:
    lines = []
    for name, book in books.items():
        if book is None:
            lines.append(f"{name}: no registered rules")
            continue
        lines.append(f"{name}: {len(book)} rules from {book.document}")
        width = max(len(r.id) for r in book) if len(book) else 0
        for r in book:
            sev = "" if r.severity == "error" else f" ({r.severity})"
            lines.append(f"  {r.id:<{width}}  {r.about}{sev}")
            lines.append(f"  {'':<{width}}  cites {book.citation(r)}")
            if r.reading:
                lines.append(f"  {'':<{width}}  reading: {r.reading}")
    return "\n".join(lines)
