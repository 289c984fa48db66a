"""A game's rules: small functions registered by id, each citing the passage it enforces.

::

    RULES = RuleBook("000_b69832241c10d319.txt")

    @RULES.rule("deck.total", cites="Die Genehmigungskarten", about="the deck has 50 cards", scope="deck")
    def deck_total(deck):
        if ...:
            yield flag("the deck has 51 cards; the seed has 50", "deck", deck.src.at("cards"))

``RULES.run(ctx, "deck")`` runs the rules of that scope in the order they were registered.
A scope names the context a rule reads (one deck file, one position, ...); the game's
``check`` builds each context once and runs the scopes that apply.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Iterable, Iterator

from pnp.load.classes import dataclass
from pnp.load.errors import DataErrors
from pnp.checks.finding import SEVERITIES, Finding, from_problems


@dataclass(frozen=True)
class Rule:
    id: str
    section: str  # the passage of the rule document
    about: str  # one line: what the rule holds
    fn: Callable[[Any], Iterable[Finding]]
    scope: str = ""
    severity: str = "error"
    reading: str = ""  # where the document is open to more than one reading: the one pnp picks, and why


class RuleBook:
    def __init__(self, document: str, title: str = ""):
        self.document = document  # the rule document's file name
        self.title = title  # the game's title: citations name the document by it
        self._rules: dict[str, Rule] = {}

    def rule(self, id: str, cites: str, about: str, scope: str = "", severity: str = "error",
             reading: str = "") -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Register the decorated ``fn(ctx) -> Iterable[Finding]`` as rule ``id``; ``reading`` says which
        reading of an ambiguous passage the rule follows (``pnp check --list-rules`` shows it)."""
        if id in self._rules:
            raise ValueError(f"rule {id!r} is registered twice")
        if severity not in SEVERITIES or not cites or not about:
            raise ValueError(f"rule {id!r}: a severity of {SEVERITIES}, a citation and a description are required")

        def register(fn: Callable[..., Any]) -> Callable[..., Any]:
            self._rules[id] = Rule(id, cites, about, fn, scope, severity, reading)
            return fn

        return register

    def load_rule(self, id: str, cites: str, about: str, scope: str) -> None:
        """Register rule ``id`` whose context is the DataErrors of a file that does not load:
        each problem becomes a finding of the rule."""
        self.rule(id, cites, about, scope)(_problems)

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)

    def citation(self, rule: Rule) -> str:
        from pnp.checks.facts import citation

        return citation(self.title, rule.section, self.document) if self.title else \
            f"{self.document} §{rule.section}"

    def run(self, ctx: Any, *scopes: str, ids: Iterable[str] | None = None) -> list[Finding]:
        """Findings of the rules in ``scopes`` (all when none given), optionally only ``ids``. A finding
        cites its rule's passage unless it names its own (a fact from another section of the document)."""
        only = set(ids) if ids is not None else None
        out = []
        for r in self._rules.values():
            if (scopes and r.scope not in scopes) or (only is not None and r.id not in only):
                continue
            out += [replace(f, rule=r.id, seed=self.document, section=f.section or r.section, title=self.title,
                            severity=f.severity or r.severity)
                    for f in r.fn(ctx)]
        return out

    def listing(self) -> list[dict]:
        return [{"id": r.id, "citation": self.citation(r), "about": r.about, "severity": r.severity,
                 "scope": r.scope, "reading": r.reading} for r in self]


def _problems(exc: DataErrors) -> Iterable[Finding]:
    return from_problems(exc.problems)
