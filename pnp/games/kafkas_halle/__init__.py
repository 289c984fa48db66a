"""Kafkas Halle (seed 000_b69832241c10d319.txt): tokens, player aid and checker.

The deck, the symbols and the board are generic kinds (deck.yaml,
symbols.yaml, board.yaml); this module adds what is special to the game.
"""
from __future__ import annotations

FILES = ("seed-facts.yaml",)  # the data files without a kind this module reads (an old copy of the facts, compared with them)

OPTIONS = {"square_mm": "side of a printed square in mm (board and tokens)"}  # the -o KEY=VALUE settings this game reads

from pnp.games.kafkas_halle.checker import RULES, check  # noqa: F401  (the rules module's check and rule book)
from pnp.load.words import Words

WORDS = Words.beside(__file__)


def _board(game):
    from pnp.layout.documents import documents

    boards = [(path, doc) for path, kind, doc in documents(game) if kind == "board"]
    return boards[0][1] if boards else None


def build(game, opts):
    """The token sheet (sized to the board's squares) and the player aid (de and en)."""
    from pnp.model.assets import Asset
    from pnp.layout.builtin.square_board import square_mm
    from pnp.games.kafkas_halle.aid import aid_page, card_page
    from pnp.games.kafkas_halle.tokens import token_pages

    board = _board(game)
    if board is not None and opts.ink_saver:
        board = board.saving_ink()
    if board is not None:
        sq = square_mm(board, opts)
        yield Asset("tokens", WORDS(opts.lang, "assets.tokens", mm=sq), lambda: token_pages(board, sq, opts), min_text_pt=5.0,
                    description=f"12 Sperren, 4 barriers, 2 standees, Z1/Z2 for {sq:g} mm squares")
    margin = max(opts.margin, 12.0)
    cards, categories = _cards(game)

    def aid():
        for lang in ("de", "en"):  # the rules on the front, the card list on the back
            yield aid_page(lang, opts.paper, margin)
            if cards:
                yield card_page(cards, categories, lang, opts.paper, margin)

    yield Asset("player-aid", WORDS(opts.lang, "assets.aid"),
                aid, description="player aid with every card's cost and effect, German and English")


def _cards(game) -> tuple[list[dict], dict]:
    """The deck's cards and its layout's category names, as the data gives them."""
    from pnp.load.loader import load_yaml

    path = game.folder / "deck.yaml"
    if not path.is_file():
        return [], {}
    deck = load_yaml(path)
    cards = [c for c in deck.get("cards", []) if isinstance(c, dict)] if isinstance(deck.get("cards"), list) else []
    layout_file = game.path(str(deck.get("layout", "")))  # inside the data folder, like every path a game names
    names = {}
    if layout_file.suffix == ".yaml" and layout_file.is_file():
        names = (load_yaml(layout_file).get("tables") or {}).get("category") or {}
    return cards, names
