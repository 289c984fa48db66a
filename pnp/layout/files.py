"""Layout files: found by reference, read once, merged with the layouts they extend, compiled.

A deck or counter sheet names its layout as a file in the game folder
(``card.yaml``) or as a shipped layout (``classic-card``, from
``pnp/layout/shipped/``). A file in the game folder was read with the game's
other files; a shipped one is read once per process. A layout that
``extends`` another is merged with it here (:func:`pnp.model.reuse.resolve`),
and every problem points at the file and line where it was written.
"""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, cast

from pnp.load.errors import DataErrors, Problem

if TYPE_CHECKING:
    from pnp.layout.compile import Compiled
    from pnp.layout.elements import Tables
    from pnp.layout.fields import FieldType
    from pnp.model.game import Game
    from pnp.model.layout import Layout, LayoutPatch

Where = tuple[str, int, int]  # file, line, column

SHIPPED = Path(__file__).resolve().parent / "shipped"


@lru_cache(maxsize=64)
def _shipped(path: Path) -> tuple[Layout | LayoutPatch, Any]:
    """A shipped layout, read once per process: (model, raw YAML with marks)."""
    from pnp.load.loader import display_path, load_yaml, read_cached

    def parse(p: Path, data: bytes) -> tuple[Layout | LayoutPatch, Any]:
        from pnp.layout.vocabulary import Layout  # every kind, to validate (read back, a layout needs only its own)

        raw = load_yaml(p, data)
        return Layout.from_raw(raw, display_path(p)), raw

    return read_cached(path, "layout-v2", parse)


def shipped_layout(name: str) -> tuple[Layout | LayoutPatch, Any]:
    """The layout pnp ships as ``name`` (``classic-counter``): (model, raw YAML with marks),
    read once per process."""
    return _shipped((SHIPPED / f"{name}.yaml").resolve())


def roots_of(game: Game | None, folder: Path) -> tuple[Path, ...]:
    """Where the files a game names may lie (``Game.roots``); without a game, the folder above
    ``folder`` and pnp's shipped data."""
    from pnp.load.paths import SHIPPED_ROOTS

    return game.roots if game is not None else (Path(folder).parent, *SHIPPED_ROOTS)


def layout_file(ref: str, folder: Path) -> Path:
    """A layout reference: ``x.yaml`` in the game folder, or the name of a shipped layout."""
    if ref.endswith((".yaml", ".yml")):
        return folder / ref
    return SHIPPED / f"{ref}.yaml"


def _source(ref: str, path: Path, game: Game | None, where: Where) -> tuple[Layout | LayoutPatch, Any, str]:
    """(model, raw, shown) of the layout file ``path`` (named ``ref`` at ``where``)."""
    from pnp.load.loader import display_path, load_yaml

    try:
        found = _game_layout(game, path)
    except DataErrors as exc:
        raise DataErrors([Problem(*where, f"layout {ref!r}: {q.message}") for q in exc.problems]) from None
    if found is None and not path.is_file():
        shipped = ", ".join(sorted(p.stem for p in SHIPPED.glob("*.yaml") if p.stem != "marks"))
        if path.parent == SHIPPED:  # not a file name: the name of a shipped layout, or a mistake
            raise DataErrors([Problem(*where, f"layout {ref!r}: no shipped layout of that name (shipped: {shipped}); "
                                              "a layout file's name ends in .yaml")])
        raise DataErrors([Problem(*where, f"layout {ref!r}: no file {display_path(path)} and no shipped layout of "
                                          f"that name (shipped: {shipped})")])
    if found is None and path.resolve().is_relative_to(SHIPPED.resolve()):
        found = _shipped(path.resolve())
    if found is None:  # a layout file of a folder that is not a game's (a test's, a tool's)
        from pnp.layout.vocabulary import Layout

        raw = load_yaml(path)
        found = Layout.from_raw(raw, display_path(path)), raw
    return found[0], found[1], display_path(path)


def compiled_layout(ref: str, folder: Path, tables: Tables, where: Where,
                    game: Game | None = None) -> tuple[Compiled, dict[str, FieldType]]:
    """Load, validate and compile a layout and type its fields; problems point at the layout
    file (or at ``where`` for a layout that does not exist). Returns (compiled, fields).

    A layout in the game folder was read with the game's other files; a shipped
    one is read once per process. A layout that extends another is merged with
    its base here (:func:`pnp.model.reuse.resolve`).
    """
    from pnp.load.loader import locate
    from pnp.layout.compile import compile_layout
    from pnp.layout.expr import ExprError
    from pnp.layout.fields import parse_fields
    from pnp.model.plain.layout import LayoutPatch

    path = layout_file(ref, folder)
    if path.parent != SHIPPED:
        from pnp.model.plain.game import inside

        inside(path, roots_of(game, folder), where, ref, "layout")
    layout, raw, shown = _source(ref, path, game, where)
    at: Callable[[tuple], Where] = lambda loc: (shown, *locate(raw, loc))  # noqa: E731
    if isinstance(layout, LayoutPatch):
        layout, at, chain = _extended(path, raw, shown, game)
        fields: dict[str, FieldType] = {}
        for _p, r, s in reversed(chain):
            fields.update(parse_fields(r["fields"], s) if r.get("fields") else {})
    else:
        fields = parse_fields(raw.get("fields", {}), shown) if raw.get("fields") else {}
    from pnp.load.paths import is_inside

    roots = roots_of(game, folder)
    outside = [(name, src) for name, src in layout.icons.items() if not is_inside(folder / src, roots)]
    if outside:
        raise DataErrors([Problem(*at(("icons", name)), f"icon {name!r}: {src} is outside the data folder "
                                                         "(a game may use only files in it)") for name, src in outside])
    missing = [(name, src) for name, src in layout.icons.items() if not (folder / src).is_file()]
    if missing:
        raise DataErrors([Problem(*at(("icons", name)), f"icon {name!r}: no picture {src} in the game folder")
                          for name, src in missing])
    from pnp.layout.fontbook import book_for

    book = book_for(layout, path.parent, shown, raw, game)
    try:
        return compile_layout(layout, tables, book=book, locate=lambda loc: "{}:{}".format(*at(loc))), fields
    except (ExprError, ValueError) as exc:
        msg = str(exc)
        loc = _element_path(msg)
        raise DataErrors([Problem(*(at(loc) if loc else (shown, 0, 0)), msg)]) from None


def _extended(path: Path, raw: Any, shown: str,
              game: Game | None) -> tuple[Layout, Callable[[tuple], Where], list[tuple[Path, dict, str]]]:
    """A layout that extends another, merged and validated: (layout, where(loc), chain). The merge is
    redone each time (it is YAML, and says where each key was written); what it validates to is
    kept in pnp's cache under the merged data, so a rebuild validates nothing."""
    from pnp.layout.elements import element_keys
    from pnp.model.reuse import resolve

    home = (game.folder if game is not None else path.parent).resolve()

    def read(ref: str, from_path: Path) -> tuple[Path, dict, str]:
        p = layout_file(ref, from_path.parent)
        if ref.endswith((".yaml", ".yml")) and not p.resolve().is_relative_to(home):
            raise DataErrors([Problem("", 0, 0, "that file is outside the game folder")])
        _doc, base, base_shown = _source(ref, p, game, ("", 0, 0))
        return p, base, base_shown

    resolved = resolve(path, raw, shown, read, element_keys)

    def validated() -> Layout:
        from pnp.layout.vocabulary import Layout
        from pnp.load.loader import validate
        from pnp.model.base import to_plain

        return cast("Layout", to_plain(validate(Layout, resolved.raw, shown, where=resolved.where)))

    from pnp.load.cache import cached_object

    digest = hashlib.sha256(repr(resolved.raw).encode("utf-8", "surrogatepass")).hexdigest()
    layout = cast("Layout", cached_object("doc", f"layout-merged-v1|{digest}", validated))
    return layout, resolved.where, resolved.chain


def _game_layout(game: Game | None, path: Path) -> tuple[Any, Any] | None:
    """(model, raw) of the game's layout file ``path``; None for a file the game did not read;
    a file of another kind (a deck named as a layout) is the caller's error."""
    if game is None:
        return None
    from pnp.layout.documents import loaded

    for p, kind, doc, raw in loaded(game):
        if p.resolve() == path.resolve():
            if kind != "layout":
                what = f"a {kind} file, not a layout" if kind else "not a layout (it has no 'kind: layout')"
                raise DataErrors([Problem("", 0, 0, f"that file is {what}")])
            return doc, raw
    return None


def _element_path(msg: str) -> tuple:
    """('elements', 3, 'elements', 1) from a message starting 'elements.3.elements.1 ...'."""
    head = msg.split(" ", 1)[0].rstrip(":")
    parts = head.split(".")
    if not parts or parts[0] != "elements":
        return ()
    return tuple(int(p) if p.isdigit() else p for p in parts)
