"""What the Kafkas Halle token sheet prints (data/kafkas-halle/tokens.yaml draws it).

The rule document (000_b69832241c10d319.txt, "Spielmaterial") asks for twelve
Sperren, two light and two dark barriers (rigid bars over two squares), two
figures and the two goal markers Z1/Z2. This module only counts them from the
set-up in board.yaml (so the sheet cannot drift from the board) and gives the
side of a printed square, ``-o square_mm`` or the board's ``square_mm``, so
the tokens fit the printed board and a household chessboard with the same
squares. How a token looks is the layouts' (token.yaml, barrier.yaml,
figure.yaml).
"""
from __future__ import annotations

from pnp.model.plain.base import tr
from pnp.model.options import number

PALE = 0.8  # a figure's ground: its colour this much of the way to white


SQUARE_MM = 45.0  # without a board in the folder: a household chessboard's squares


def _board(game, opts):
    """The game folder's board (kind: board) as this build prints it, or None."""
    from pnp.layout.documents import documents

    board = next((doc for _, kind, doc in documents(game) if kind == "board"), None)
    return board.saving_ink() if board is not None and opts.ink_saver else board


def board(game, opts) -> dict:
    """``square``: the side of a printed square in mm, as the board prints it."""
    b = _board(game, opts)
    return {"square": number(opts, "square_mm", b.square_mm if b is not None else SQUARE_MM, 10, 120)}


def _pieces(game, opts, shape: str) -> list[dict]:
    """One record per piece type of ``shape`` the set-up uses, ``copies`` as many as it places."""
    b = _board(game, opts)
    if b is None:
        return []
    counts: dict[str, int] = {}
    for o in b.objects:
        counts[o.piece] = counts.get(o.piece, 0) + 1
    return [{"label": p.label, "name": tr(p.name, opts.lang), "colour": p.colour, "ink": p.label_ink(),
             "ground": p.tint(PALE), "copies": counts[p.id]}
            for p in b.pieces if p.shape == shape and counts.get(p.id)]


def blocks(game, opts) -> list[dict]:
    """The Sperren (one square each), then a goal marker per marked square."""
    marks = [{"label": m.label, "name": tr(m.name, opts.lang), "colour": m.colour, "ink": m.label_ink(),
              "ground": m.tint(PALE), "copies": 1} for m in getattr(_board(game, opts), "marks", [])]
    return _pieces(game, opts, "block") + marks


def barriers(game, opts) -> list[dict]:
    """The light and the dark barriers."""
    return _pieces(game, opts, "bar")


def figures(game, opts) -> list[dict]:
    """The players' figures (fold-over standees)."""
    return _pieces(game, opts, "figure")


SOURCES = {"board": board, "blocks": blocks, "barriers": barriers, "figures": figures}
