"""Kafkas Halle's facts (``facts.yaml`` beside this module) and the rule book that holds the
user's deck and board against them.

``DECK`` and ``SETUP`` are the facts under ``deck.`` and ``setup.`` without their prefix, in
the shape the rules read (``SETUP["sperren"]["squares"]``); every value is the document's.
"""
from __future__ import annotations

from pnp.checks import RuleBook
from pnp.checks.facts import Facts

FACTS = Facts.beside(__file__)


def _part(prefix: str) -> dict:
    return {f.key[len(prefix):]: f.value for f in FACTS if f.key.startswith(prefix)}


DECK = _part("deck.")
SETUP = _part("setup.")
RULES = RuleBook(FACTS.document, FACTS.title)  # filled by checker.py, deck.py and hall.py
