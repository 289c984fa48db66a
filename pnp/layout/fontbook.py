"""The fonts a layout may name: declared ones (its own ``fonts:``, then its game's),
font files in the data folder, pnp's own DejaVu Sans and installed families.

Every ``font:`` and every declaration resolves to a :class:`pnp.scene.fonts.Family`
before anything is drawn, and every face is opened and checked then (outlines,
licence bits), so a bad font is a ``file:line`` error naming the declaration.
"""
from __future__ import annotations

from dataclasses import field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, TypeVar

from pnp.load.classes import dataclass
from pnp.load.errors import DataErrors, Problem
from pnp.scene import fonts
from pnp.scene.fonts import Face, Family, FontError

if TYPE_CHECKING:
    from pnp.model.fonts import FontFamilySpec
    from pnp.model.game import Game
    from pnp.model.layout import LayoutBase

T = TypeVar("T")

FONT_SUFFIXES = (".ttf", ".otf", ".ttc", ".otc")
ROLES = {"regular": "regular", "bold": "bold", "italic": "italic", "bold_italic": "bold-italic"}


class FontRefError(ValueError):
    """A font reference that names no usable font."""


def is_file_ref(ref: str) -> bool:
    return "/" in ref or "\\" in ref or ref.lower().endswith(FONT_SUFFIXES)


@dataclass
class Layer:
    """The ``fonts:`` of one file: its declarations, the folder file paths are relative to,
    and where to point an error (the file as shown and its YAML with line marks)."""

    decls: dict[str, Any]
    folder: Path
    shown: str
    raw: Any = None


@dataclass
class FontBook:
    layers: list[Layer]
    roots: tuple  # where font files may lie (Game.roots: the data folder, pnp's shipped data)
    folder: Path | None = None  # the folder of the file whose elements name fonts: their paths start there
    _done: dict[str, Family] = field(default_factory=dict)
    _busy: set[str] = field(default_factory=set)

    def family(self, ref: str, folder: Path | None = None) -> Family:
        """The family ``ref`` names (a declared name, a file or an installed family); FontRefError if none."""
        ref = ref.strip()
        for layer in self.layers:
            if ref in layer.decls:
                return self._declared(ref, layer)
        return self._direct(ref, folder or self.folder or (self.layers[0].folder if self.layers else self.roots[0]))

    def check(self) -> None:
        """Resolve every declaration now; all problems at once, each at its line."""
        problems = []
        for layer in self.layers:
            for name in layer.decls:
                try:
                    self._declared(name, layer)
                except DataErrors as exc:
                    problems += exc.problems
        if problems:
            raise DataErrors(list(dict.fromkeys(problems)))

    # ------------------------------------------------------------ declarations
    def _declared(self, name: str, layer: Layer) -> Family:
        key = f"{layer.shown}#{name}"
        if key in self._done:
            return self._done[key]
        if key in self._busy:
            raise self._problem(layer, (name,), f"font {name!r} falls back on itself")
        self._busy.add(key)
        try:
            fam = self._make(name, layer.decls[name], layer)
        finally:
            self._busy.discard(key)
        self._done[key] = fam
        return fam

    def _make(self, name: str, decl: str | FontFamilySpec, layer: Layer) -> Family:
        if isinstance(decl, str):
            fam = self._at(layer, (name,), lambda: self._ref(decl, layer))
            return fam if fam.bundled else Family(fam.name if not is_file_ref(decl) else name, fam.regular, fam.bold,
                                                  fam.italic, fam.bold_italic, fam.fallback, origin=fam.origin)
        faces: dict[str, Face | None] = {}
        for attr, role in ROLES.items():
            ref = getattr(decl, attr)
            key = "bold-italic" if attr == "bold_italic" else attr
            faces[role] = None if ref is None else self._at(layer, (name, key), partial(self._face, ref, role, layer))
        fallback = tuple(self._at(layer, (name, "fallback", i), partial(self._ref, ref, layer))
                         for i, ref in enumerate(decl.fallback))
        origin = self._ref(decl.regular, layer).origin
        regular = faces["regular"]
        assert regular is not None  # a family's regular face is required (FontFamilySpec)
        return Family(name, regular, faces["bold"], faces["italic"], faces["bold-italic"], fallback,
                      origin=origin)

    def _face(self, ref: str, role: str, layer: Layer) -> Face:
        """The face of ``role`` (bold ...) of the family a declaration's reference names."""
        return self._ref(ref, layer).face(role)

    def _ref(self, ref: str, layer: Layer) -> Family:
        """A reference inside a declaration: a declared name (of this file or the game's) or a font."""
        for other in self.layers[self.layers.index(layer):]:
            if ref in other.decls:
                return self._declared(ref, other)
        return self._direct(ref, layer.folder)

    def _at(self, layer: Layer, loc: tuple, make: Callable[[], T]) -> T:
        try:
            return make()
        except (FontRefError, FontError) as exc:
            raise self._problem(layer, loc, str(exc)) from None

    def _problem(self, layer: Layer, loc: tuple, message: str) -> DataErrors:
        from pnp.load.loader import locate

        line, col = locate(layer.raw, ("fonts", *loc)) if layer.raw is not None else (0, 0)
        return DataErrors([Problem(layer.shown, line, col, f"'fonts.{'.'.join(map(str, loc))}': {message}")])

    # ------------------------------------------------------------ files and installed fonts
    def _direct(self, ref: str, folder: Path) -> Family:
        if is_file_ref(ref):
            return file_family(ref, folder, self.roots)
        return installed_family(ref)


def file_family(ref: str, folder: Path, roots: tuple) -> Family:
    """A font file named relative to ``folder``, which must lie inside ``roots``
    (:func:`pnp.load.paths.resolve_inside`, the check every path a game names goes through)."""
    from pnp.load.paths import is_inside

    path = folder / ref.replace("\\", "/")
    if Path(ref).is_absolute() or not is_inside(path, roots):
        raise FontRefError(f"font file {ref!r} is outside the data folder; put it in the game folder "
                           f"(e.g. fonts/{Path(ref).name})")
    if not path.suffix.lower() in FONT_SUFFIXES:
        raise FontRefError(f"font file {ref!r}: expected a TrueType or OpenType font (.ttf, .otf, .ttc, .otc)")
    if not path.is_file():
        from pnp.load.loader import display_path

        raise FontRefError(f"font file {ref!r} not found (no file {display_path(path)}; a path starts at the "
                           "folder of the file that names it)")
    face = Face(str(path.resolve()))
    fonts.check_face(face)
    return Family(path.stem, face)


def installed_family(name: str) -> Family:
    """pnp's own DejaVu Sans, or the installed family (or face) of that name."""
    if name.casefold() in ("sans", fonts.bundled().name.casefold()):
        return fonts.bundled()
    from pnp.scene import fontconfig

    try:
        fam = fontconfig.find(name)
    except FontError as exc:
        raise FontRefError(f"font {name!r}: {exc}, so installed fonts cannot be looked up; name a font file in "
                           "the game folder instead (fonts/NAME.ttf)") from None
    if fam is None:
        raise FontRefError(f"no font file or installed font family is called {name!r} (a file needs its suffix: "
                           ".ttf or .otf; `fc-list : family` lists the installed families)")
    for f in fam.faces().values():
        fonts.check_face(f)
    return fam


def game_fonts(game: Game | None) -> list[Layer]:
    """The game's own ``fonts:`` as a layer (read once per game)."""
    if game is None or not game.manifest.fonts:
        return []
    cached = game.__dict__.get("_font_layer")
    if cached is None:
        from pnp.load.loader import display_path, load_yaml

        path = game.folder / "game.yaml"
        cached = game.__dict__["_font_layer"] = [Layer(dict(game.manifest.fonts), game.folder, display_path(path),
                                                       load_yaml(path))]
    return cached


def book_for(layout: LayoutBase, folder: Path, shown: str, raw: Any, game: Game | None) -> FontBook:
    """The fonts a layout may name: its own declarations first, then its game's."""
    layers = ([Layer(dict(layout.fonts), folder, shown, raw)] if layout.fonts else []) + game_fonts(game)
    from pnp.layout.files import roots_of

    book = FontBook(layers, roots_of(game, folder), folder)
    book.check()
    return book
