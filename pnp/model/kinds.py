"""The registry of data kinds the engine understands.

A YAML file in a game folder whose top-level ``kind:`` is listed here is
validated with the kind's schema and rendered by the kind's component, with
no game code involved: that is how a designer adds a deck, a board or a
counter sheet by editing YAML only. Entries are import strings so that
``pnp --help`` stays light.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.load.errors import DataErrors, Problem


@dataclass(frozen=True)
class Kind:
    schema: str  # "module:Class" of the pydantic model
    assets: str | None  # "module:function(doc, game, opts, stem) -> Iterable[Asset]" or None
    about: str
    options: tuple[tuple[str, str], ...] = ()  # the `-o KEY=VALUE` settings it reads: (key, what it does)

    def model(self):
        mod, _, cls = self.schema.partition(":")
        return getattr(importlib.import_module(mod), cls)

    def renderer(self):
        if not self.assets:
            return None
        mod, _, fn = self.assets.partition(":")
        return getattr(importlib.import_module(mod), fn)


KINDS: dict[str, Kind] = {
    "deck": Kind("pnp.model.deck:Deck", "pnp.layout.builtin.card:deck_assets",
                 "a deck: card size, categories and card types with copies, texts and symbols"),
    "symbols": Kind("pnp.model.symbols:SymbolLibrary", "pnp.layout.builtin.symbols:symbol_sheet_assets",
                    "vector symbols built from reusable parts (arrows, bolts, squares, ...)"),
    "board": Kind("pnp.model.board:SquareBoard", "pnp.layout.builtin.square_board:board_assets",
                  "a square-grid board with coordinates, marked squares and pieces",
                  (("square_mm", "side of a printed square in mm"),)),
    "triboard": Kind("pnp.model.trigrid:TriBoard", "pnp.layout.builtin.trigrid:triboard_assets",
                     "a triangular-grid board (rows of up/down cells)",
                     (("cell_mm", "edge of a printed cell in mm"), ("tile", "true: tile the board over sheets"))),
    "counters": Kind("pnp.model.counters:CounterSheet", "pnp.layout.builtin.counters:counter_assets",
                     "a counter/token sheet: square or round counters with counts, double-sided",
                     (("counter_size", "side (or diameter) of a counter in mm"),)),
    "layout": Kind("pnp.model.layout:Layout", None,
                   "the look of a card side as data: fields, lookup tables and elements (see docs/layouts.md)"),
    "score-sheet": Kind("pnp.model.score_sheet:ScoreSheet", "pnp.layout.builtin.score_sheet:score_sheet_assets",
                        "a score sheet / form: rows and columns of boxes with labels and sums",
                        (("players", "players on a sheet"), ("up", "sheets per page"), ("copies", "pages of each"),
                         ("per_game", "true: one column per game instead of per player"))),
}


def kind_of(data: Any) -> str | None:
    if isinstance(data, dict):
        k = data.get("kind")
        return k if isinstance(k, str) else None
    return None


def read_doc(path: Path) -> tuple[str | None, Any, Any]:
    """Load a YAML data file; validate it if it declares a known kind.

    Returns (kind, model, raw) for known kinds and (None, raw, raw) for files
    without a kind (those belong to the game's rules module). ``raw`` keeps
    the line marks for later cross-checks. A valid file is kept in pnp's cache
    (:mod:`pnp.load.cache`) under the digest of its bytes and its path: the next
    build reads it back instead of parsing and validating it again.
    """
    from pnp.load.loader import read_cached

    return read_cached(path, "doc-v1", _read_doc)


def _read_doc(path: Path, data: bytes) -> tuple[str | None, Any, Any]:
    from pnp.load.loader import display_path, load_yaml, locate, validate

    raw = load_yaml(path, data)
    k = kind_of(raw)
    if k is None:
        return None, raw, raw
    if k not in KINDS:
        line, col = locate(raw, ("kind",))
        raise DataErrors([Problem(display_path(path), line, col,
                                  f"'kind': unknown kind {k!r}; expected one of {', '.join(KINDS)}")])
    return k, validate(KINDS[k].model(), raw, display_path(path)), raw


def load_doc(path: Path) -> tuple[str | None, Any]:
    """(kind, model) of a data file; see :func:`read_doc`."""
    kind, doc, _raw = read_doc(path)
    return kind, doc
