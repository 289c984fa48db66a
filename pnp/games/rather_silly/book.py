"""Rather Silly Diplomacy's rule book and the facts it holds data against.

``FACTS`` is what pnp transcribed from the rule document (``facts.yaml`` beside this
module, each fact with its section and words); ``RULES`` is the rule book every checker
module of the game registers its rules in, citing the document by title and section.
"""
from __future__ import annotations

from pnp.checks.facts import Facts
from pnp.checks.rulebook import RuleBook

FACTS = Facts.beside(__file__)
RULES = RuleBook(FACTS.document, FACTS.title)
