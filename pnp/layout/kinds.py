"""The registry of data kinds: what a YAML file in a game folder may declare as its ``kind:``.

A kind pairs a schema (what the file may say) with the function that turns a
validated document into assets (what it prints), so a designer adds a deck, a
board or a counter sheet by editing YAML only. The registry lives here, in
the layer that owns those functions; everything that lists kinds reads it
(reading a file, `pnp schema`, the `-o KEY=VALUE` settings a game accepts,
watch mode's partial rebuilds).

Schemas and functions are named as ``"module:name"`` and imported on first
use, so a command that reads no deck imports no deck code and ``pnp --help``
stays light; an extension may register the objects themselves. The
architecture test reads these strings as the imports they are.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from pnp.load.classes import dataclass
from pnp.load.errors import DataErrors, Problem
from pnp.load.registry import Registry, resolve


@dataclass(frozen=True)
class Kind:
    name: str  # what the file says: kind: NAME
    schema: "str | type"  # the pydantic model, or "module:Class"
    assets: "str | Callable | None"  # (doc, game, opts, stem) -> Iterable[Asset], or "module:function"; None: read by others
    about: str  # one line for `pnp schema` and messages
    options: tuple[tuple[str, str], ...] = ()  # the `-o KEY=VALUE` settings it reads: (key, what it does)
    leaf: bool = False  # no other file reads a file of this kind: a change to one redraws only its own assets

    def model(self) -> type:
        return resolve(self.schema)

    def renderer(self) -> Callable | None:
        return None if self.assets is None else resolve(self.assets)


KINDS: Registry[Kind] = Registry("kind")
register, unregister = KINDS.register, KINDS.unregister

for _kind in (
    Kind("deck", "pnp.model.deck:Deck", "pnp.layout.builtin.card:deck_assets",
         "a deck: card size, categories and card types with copies, texts and symbols", leaf=True),
    Kind("symbols", "pnp.model.symbols:SymbolLibrary", "pnp.layout.builtin.symbols:symbol_sheet_assets",
         "vector symbols built from reusable parts (arrows, bolts, squares, ...)"),
    Kind("board", "pnp.model.board:SquareBoard", "pnp.layout.builtin.square_board:board_assets",
         "a square-grid board with coordinates, marked squares and pieces",
         (("square_mm", "side of a printed square in mm"),), leaf=True),
    Kind("triboard", "pnp.model.trigrid:TriBoard", "pnp.layout.builtin.trigrid:triboard_assets",
         "a triangular-grid board (rows of up/down cells)",
         (("cell_mm", "edge of a printed cell in mm"), ("tile", "true: tile the board over sheets")), leaf=True),
    Kind("counters", "pnp.model.counters:CounterSheet", "pnp.layout.builtin.counters:counter_assets",
         "a counter/token sheet: square or round counters with counts, double-sided",
         (("counter_size", "side (or diameter) of a counter in mm"),), leaf=True),
    Kind("tokens", "pnp.model.tokens:TokenSheet", "pnp.layout.builtin.tokens:token_assets",
         "a token sheet: square, round, hex and bar tokens and fold-over standees drawn with layouts, "
         "double-sided or not", leaf=True),
    Kind("records", "pnp.model.tokens:RecordsFile", None,
         "rows a layout's element reads: a grid's cells, a network's nodes and edges"),
    Kind("layout", "pnp.layout.vocabulary:Layout", None,
         "the look of a card side as data: fields, lookup tables and elements (see docs/layouts.md)"),
    Kind("score-sheet", "pnp.model.score_sheet:ScoreSheet", "pnp.layout.builtin.score_sheet:score_sheet_assets",
         "a score sheet / form: rows and columns of boxes with labels and sums",
         (("players", "players on a sheet"), ("up", "sheets per page"), ("copies", "pages of each"),
          ("per_game", "true: one column per game instead of per player")), leaf=True),
    Kind("sheet", "pnp.layout.vocabulary:Sheet", "pnp.layout.builtin.sheet:sheet_assets",
         "a page, a board larger than the paper (tiled) or a piece to cut out, drawn from a layout: once, or "
         "once per record of a file or of a source of the game's rules module (see docs/sheets.md)", leaf=True),
):
    register(_kind)


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
    model = KINDS[k].model()
    read = getattr(model, "from_raw", None)  # a schema that prepares what it reads (layouts: styles, extends)
    return k, (read(raw, display_path(path)) if read else validate(model, raw, display_path(path))), raw


def load_doc(path: Path) -> tuple[str | None, Any]:
    """(kind, model) of a data file; see :func:`read_doc`."""
    kind, doc, _raw = read_doc(path)
    return kind, doc
