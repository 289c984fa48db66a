"""Which drawing packages a module imports: a game's modules that only compute import none of them."""
from __future__ import annotations

import ast
from pathlib import Path

DRAWING = ("pnp.scene", "pnp.impose", "pnp.render")


def package_of(path: Path) -> str:
    """The dotted package a Python file is in (``pnp/games/x/tokens.py`` -> ``pnp.games.x``), found by
    walking up the folders that hold an ``__init__.py``."""
    parts: list[str] = []
    folder = path.resolve().parent
    while (folder / "__init__.py").is_file():
        parts.insert(0, folder.name)
        folder = folder.parent
    return ".".join(parts)


def resolve(module: str | None, level: int, package: str) -> str:
    """The absolute name of ``from <level dots><module> import ...`` written in ``package``."""
    if not level:
        return module or ""
    base = package.split(".")
    if level > 1:
        base = base[:len(base) - (level - 1)]
    return ".".join([*base, *([module] if module else [])])


def imports(path: Path) -> set[str]:
    """Every module a Python file imports, relative imports resolved against its package: ``import a.b``
    and ``from a.b import c`` give ``a.b``; in pnp/games/x/, ``from ..scene import c`` gives ``pnp.scene``
    and ``from pnp import scene`` gives ``pnp`` and ``pnp.scene`` (a name imported may be a module)."""
    package = package_of(path)
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = resolve(node.module, node.level, package)
            if base:
                names.add(base)
            # what is imported may be a module too: from . import tokens, from pnp import scene
            names |= {f"{base}.{a.name}" if base else a.name for a in node.names if a.name != "*"}
    return names


def drawing_imports(path: Path) -> set[str]:
    """The drawing packages (or their modules) a Python file imports."""
    return {n for n in imports(path) if any(n == d or n.startswith(d + ".") for d in DRAWING)}
