"""Which drawing packages a module imports: a game's modules that only compute import none of them."""
from __future__ import annotations

import ast
from pathlib import Path

DRAWING = ("pnp.scene", "pnp.impose", "pnp.render")


def imports(path: Path) -> set[str]:
    """Every module a Python file imports (``import a.b`` and ``from a.b import c`` give ``a.b``)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def drawing_imports(path: Path) -> set[str]:
    """The drawing packages (or their modules) a Python file imports."""
    return {n for n in imports(path) if any(n == d or n.startswith(d + ".") for d in DRAWING)}
