"""A token sheet (kind: tokens) and a file of records (kind: records) as the build reads them: the
plain twins of :mod:`pnp.model.tokens`."""
from __future__ import annotations

from pnp.model.plain import Plain


class TokenType(Plain):
    """Tokens of one shape and size drawn with one layout (and one back layout)."""


class TokenSheet(Plain):
    """Token types with their counts, drawn with layouts."""


class RecordsFile(Plain):
    """Rows a layout's element reads (a grid's cells, a network's nodes or edges), written in YAML."""
