"""Kafkas Halle (seed 000_b69832241c10d319.txt): what its sheets print, computed, and the checker.

Everything printed is data (deck.yaml, symbols.yaml, board.yaml, tokens.yaml,
aid.yaml); this module adds the sources those sheets read -- the card list the
aid shows, the pieces and sizes of the token sheet -- and the checker.
"""
from __future__ import annotations

FILES = ("seed-facts.yaml",)  # the data files without a kind this module reads (an old copy of the facts, compared with them)

OPTIONS = {"square_mm": "side of a printed square in mm (board and tokens)"}  # the -o KEY=VALUE settings this game reads

from pnp.games.kafkas_halle import tokens
from pnp.games.kafkas_halle.aid import aid_pages
from pnp.games.kafkas_halle.checker import RULES, check  # noqa: F401  (the rules module's check and rule book)
from pnp.load.words import Words

WORDS = Words.beside(__file__)
# what aid.yaml prints (per language a rules page and the card list) and tokens.yaml (pieces, square size)
SOURCES = {"aid": aid_pages, **tokens.SOURCES}
