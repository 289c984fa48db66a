"""Kafkas Halle (seed 000_b69832241c10d319.txt): tokens, player aid and checker.

The deck, the symbols and the board are generic kinds (deck.yaml,
symbols.yaml, board.yaml); this module adds what is special to the game.
"""
from __future__ import annotations


def build(game, opts):
    return []


def check(game, state=None):
    """Deck and set-up against seed-facts.yaml (see checker.py)."""
    from .checker import check as _check

    return _check(game, state)
