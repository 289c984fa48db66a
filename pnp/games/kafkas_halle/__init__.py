"""Kafkas Halle (seed 000_b69832241c10d319.txt): tokens, player aid data and checker.

The deck, the symbols, the board and the player aid are data (deck.yaml,
symbols.yaml, board.yaml, aid.yaml); this module adds the token sheet, the
card list the aid shows (source ``aid``) and the checker.
"""
from __future__ import annotations

FILES = ("seed-facts.yaml",)  # the data files without a kind this module reads (an old copy of the facts, compared with them)

OPTIONS = {"square_mm": "side of a printed square in mm (board and tokens)"}  # the -o KEY=VALUE settings this game reads

from pnp.games.kafkas_halle.aid import aid_pages
from pnp.games.kafkas_halle.checker import RULES, check  # noqa: F401  (the rules module's check and rule book)
from pnp.load.words import Words

WORDS = Words.beside(__file__)
SOURCES = {"aid": aid_pages}  # what aid.yaml prints: per language a rules page and the card list


def _board(game):
    from pnp.layout.documents import documents

    boards = [(path, doc) for path, kind, doc in documents(game) if kind == "board"]
    return boards[0][1] if boards else None


def build(game, opts):
    """The token sheet, sized to the board's squares (the player aid is aid.yaml)."""
    from pnp.model.assets import Asset
    from pnp.layout.builtin.square_board import square_mm
    from pnp.games.kafkas_halle.tokens import token_pages

    board = _board(game)
    if board is not None and opts.ink_saver:
        board = board.saving_ink()
    if board is not None:
        sq = square_mm(board, opts)
        yield Asset("tokens", WORDS(opts.lang, "assets.tokens", mm=sq), lambda: token_pages(board, sq, opts), min_text_pt=5.0,
                    description=f"12 Sperren, 4 barriers, 2 standees, Z1/Z2 for {sq:g} mm squares")
