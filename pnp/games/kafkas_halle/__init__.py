"""Kafkas Halle (seed 000_b69832241c10d319.txt): tokens, player aid and checker.

The deck, the symbols and the board are generic kinds (deck.yaml,
symbols.yaml, board.yaml); this module adds what is special to the game.
"""
from __future__ import annotations

FILES = ("seed-facts.yaml",)  # the data files without a kind this module reads

OPTIONS = {"square_mm": "side of a printed square in mm (board and tokens)"}  # the -o KEY=VALUE settings this game reads

from .checker import RULES, check  # noqa: F401  (the rules module's check and rule book)


def _board(game):
    from ...game import documents

    boards = [(path, doc) for path, kind, doc in documents(game) if kind == "board"]
    return boards[0][1] if boards else None


def build(game, opts):
    """The token sheet (sized to the board's squares) and the player aid (de and en)."""
    from ...assets import Asset
    from ...components.square_board import square_mm
    from .aid import aid_page
    from .tokens import token_pages

    board = _board(game)
    if board is not None:
        sq = square_mm(board, opts)
        title = "Spielsteine" if opts.lang == "de" else "Tokens"
        yield Asset("tokens", f"Kafkas Halle – {title} ({sq:g} mm)", lambda: token_pages(board, sq, opts), min_text_pt=5.0,
                    description=f"12 Sperren, 4 barriers, 2 standees, Z1/Z2 for {sq:g} mm squares")
    margin = max(opts.margin, 12.0)
    yield Asset("player-aid", "Kafkas Halle – Spielhilfe" if opts.lang == "de" else "Kafka's Hall – player aid",
                lambda: [aid_page("de", opts.paper, margin), aid_page("en", opts.paper, margin)],
                description="player aid, German and English")
