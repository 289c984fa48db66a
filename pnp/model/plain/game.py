"""Game discovery, and a game's manifest (``game.yaml``) as the build reads it.

Every folder in the data directory with a ``game.yaml`` is a game. ``game.yaml`` names the game,
its seed document and its rules module, whose hooks (:mod:`pnp.model.rules`) :meth:`Game.rules`
reads. The engine never imports a game module by name; it only follows game.yaml. The game's data
files are read by :mod:`pnp.layout.documents`, by their kinds.

The manifest's schema is :mod:`pnp.model.game`; this module holds its plain twins
(:mod:`pnp.model.plain`) and imports the schema only to validate a manifest the cache does not
hold, so a rebuild finds its games without the schema library.
"""
from __future__ import annotations

import importlib
import re
from dataclasses import field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Sequence

from pnp.load.classes import dataclass
from pnp.load.errors import DataErrors, Problem
from pnp.load.loader import load_model
from pnp.load.paths import SHIPPED_ROOTS
from pnp.load.paths import data_dir as resolve_data
from pnp.model.plain import Plain, fields_of
from pnp.model.rules import HookError, Rules

if TYPE_CHECKING:  # pragma: no cover
    from pnp.model.game import GameManifest as GameManifestModel


class SheetSettings(Plain):
    """How this game's sheets are printed; `pnp build` options override each one."""

    def values(self) -> dict[str, Any]:
        """The settings the manifest gives (those not None)."""
        # the fields as they are (all plain values): model_dump would build a serializer first
        return {k: v for k, v in fields_of(self).items() if v is not None}


class GameManifest(Plain):
    """What ``game.yaml`` says: the game's name, title, rule document, rules module, language,
    sheet settings and fonts."""


@dataclass
class Game:
    folder: Path
    manifest: GameManifestModel
    # (path, kind, model, raw) of every data file, read once per Game object by pnp.layout.documents;
    # discover() makes new Game objects, so a rebuild always reads afresh.
    _loaded: list[tuple[Path, str | None, Any, Any]] | None = field(default=None, repr=False, compare=False)
    _rules: Rules | None = field(default=None, repr=False, compare=False)
    root: Path | None = None  # the data folder it was found in (default: the folder above it)

    @property
    def roots(self) -> tuple[Path, ...]:
        """Where every file this game names must lie (:func:`pnp.load.paths.resolve_inside`):
        its data folder, so games may share a folder beside them, and pnp's shipped data."""
        from pnp.load.paths import SHIPPED_ROOTS

        return (self.root if self.root is not None else self.folder.parent, *SHIPPED_ROOTS)

    @property
    def name(self) -> str:
        return self.manifest.name

    @property
    def seed(self) -> str:
        return self.manifest.seed or ""

    def path(self, rel: str) -> Path:
        """A file of the game folder by its name there, checked to lie inside the data folder."""
        return inside(self.folder / rel, self.roots, (self.folder / rel, 0, 0), None)

    def module(self) -> ModuleType | None:
        """The game's rules module: one of pnp's own games (``rules: pnp.games.x``), or a
        Python file in the game folder (``rules: rules.py``), which runs only when the
        user trusts the folder (``pnp --trust`` or PNP_TRUST=1). Nothing else is imported."""
        rules = self.manifest.rules
        if not rules:
            return None
        if re.fullmatch(r"pnp\.games(\.[a-z_][a-z0-9_]*)+", rules):
            try:
                return importlib.import_module(rules)
            except ModuleNotFoundError as exc:
                raise self._rules_problem(f"rules module {rules!r} not found ({exc.name})") from None
        if rules.endswith(".py") and not rules.startswith("/") and ".." not in Path(rules).parts:
            return self._rules_file(self.folder / rules)
        raise self._rules_problem(f"rules: {rules!r} is not allowed: name one of pnp's own games (pnp.games.…) "
                                  "or a Python file in this game folder (rules: rules.py)")

    def rules(self) -> Rules:
        """The hooks of the game's rules module (:mod:`pnp.model.rules`), each with its default."""
        if self._rules is None:
            try:
                self._rules = Rules.of(self.module())
            except HookError as exc:
                raise self._rules_problem(f"rules module {self.manifest.rules}: {exc}") from None
        return self._rules

    def _rules_problem(self, message: str) -> DataErrors:
        from pnp.load.loader import display_path, load_yaml, locate

        path = self.folder / "game.yaml"
        line, col = locate(load_yaml(path), ("rules",))
        return DataErrors([Problem(display_path(path), line, col, message)])

    def _rules_file(self, path: Path) -> ModuleType:
        import importlib.util
        import os
        import sys

        from pnp.load.paths import OutsideError, resolve_inside

        if os.environ.get("PNP_TRUST") != "1":
            raise self._rules_problem(f"rules: {path.name} is Python code that comes with this game folder; "
                                      "it runs only if you trust the folder: pnp --trust ... (or PNP_TRUST=1)")
        if not path.is_file():
            raise self._rules_problem(f"rules file {path.name} not found in the game folder")
        try:
            resolve_inside(path, (self.folder,), path.name, "the game folder")
        except OutsideError as exc:
            raise self._rules_problem(f"rules: {exc}") from None
        name = f"pnp_rules_{abs(hash(str(path.resolve())))}"
        if name not in sys.modules:
            spec = importlib.util.spec_from_file_location(name, path)
            assert spec is not None and spec.loader is not None, path  # a .py file always has a spec and loader
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            try:
                spec.loader.exec_module(module)
            except BaseException:
                del sys.modules[name]
                raise
        return sys.modules[name]


def discover(data_dir: Path | None = None) -> dict[str, Game]:
    """All games under ``data_dir`` keyed by name, in name order."""
    data_dir = resolve_data(data_dir)
    if not data_dir.is_dir():
        raise DataErrors([Problem(str(data_dir), 0, 0, "data folder not found")])
    games: dict[str, Game] = {}
    problems: list[Problem] = []
    roots = (data_dir, *SHIPPED_ROOTS)
    for sub in sorted(p for p in data_dir.iterdir() if (p / "game.yaml").is_file()):
        try:
            inside(sub / "game.yaml", roots, (sub / "game.yaml", 0, 0), None)
            m = load_model(sub / "game.yaml", "pnp.model.game:GameManifest")
        except DataErrors as exc:
            problems += exc.problems
            continue
        games[m.name] = Game(sub, m, root=data_dir)
    if problems:
        raise DataErrors(problems)
    return games


def inside(path: Path, roots: Sequence[Path], where: tuple[Path | str, int, int], name: str | None,
           key: str | None = None) -> Path:
    """``path`` when it lies inside ``roots`` (:func:`pnp.load.paths.resolve_inside`); else the
    data error "'key': 'name' is outside the data folder" at ``where`` = (file, line, col), the
    place that names it as ``name`` (None: the file itself, found in a game folder)."""
    from pnp.load.loader import display_path
    from pnp.load.paths import OutsideError, resolve_inside

    folder = f"the data folder {display_path(Path(roots[0]))}/"
    try:
        resolve_inside(path, roots, name, folder)
    except OutsideError as exc:
        file, line, col = where
        what = str(exc) if name is not None else \
            f"this file is {'a link to a place outside' if exc.linked else 'outside'} {folder}"
        raise DataErrors([Problem(display_path(Path(file)) if isinstance(file, Path) else file, line, col,
                                  (f"'{key}': " if key else "") + f"{what} (a game may use only files in it)")]) from None
    return path
