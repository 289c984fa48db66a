"""What a game's rules module may define, and the one place that reads it.

``game.yaml`` names a rules module (``rules: pnp.games.<game>...``, or a
``rules.py`` in a folder the user trusts). pnp asks it for these hooks, each
optional -- :class:`RulesModule` is their typed contract:

``build(game, opts) -> Iterable[Asset]``
    assets beyond what the data kinds draw (a player aid, a solution sheet).
``check(game, state=None) -> Iterable[Finding]``
    the rules checker: ``pnp check`` (``state`` is its ``--state`` file), the
    gallery's verdict and the build manifest. Without it a game has no checker.
``RULES: RuleBook``
    the rules ``check`` enforces, each citing its passage: ``pnp check --list-rules``.
``FILES: tuple[str, ...]``
    patterns (``"positions/*.yaml"``) of the game folder's YAML files without
    ``kind:`` that the module reads; any other such file is an error.
``OPTIONS: dict[str, str]``
    the ``-o KEY=VALUE`` settings ``build`` and the sources read, each with what it does.
``SOURCES: dict[str, Callable[[Game, BuildOptions], SourceData]]``
    named sources of plain data a sheet (``kind: sheet``) draws: ``records:
    {source: NAME}`` gives one page per record of the list it returns,
    ``values: {source: NAME}`` a mapping every page reads, and an element that
    takes rows (``rows: {source: NAME}``) reads its list. A source computes
    (a solved path, a histogram's counts, a state read from a file) and
    returns plain data (:data:`SourceData`), never scene objects: how it looks
    is the sheet's. It gets the build's options (``opts.lang``, ``opts.paper``,
    ``opts.extra`` for ``-o`` settings it lists in ``OPTIONS``). The first line
    of its docstring says what it gives.

A game's own commands (``pnp kniffel ...``) are not a hook: they are
registered in :mod:`pnp.games` so that ``pnp --help`` lists them without
importing any game. ``examples/minimal-game/rules.py`` defines every hook
and does nothing; a test builds and checks it.
"""
from __future__ import annotations

import re
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Protocol, Sequence, Union, runtime_checkable

from pnp.load.classes import dataclass

if TYPE_CHECKING:  # pragma: no cover
    from pnp.checks.finding import Finding
    from pnp.checks.rulebook import RuleBook
    from pnp.model.assets import Asset, BuildOptions
    from pnp.model.game import Game


# What a source returns: plain values, lists and mappings of them (a record is a mapping of field
# name to value; a list of records is a table). Nothing else crosses from a game's code to a sheet.
Plain = Union[str, int, float, bool, None, Sequence["Plain"], Mapping[str, "Plain"]]
Record = Mapping[str, Plain]
SourceData = Union[Sequence[Record], Record]
Source = Callable[["Game", "BuildOptions"], SourceData]


@runtime_checkable
class RulesModule(Protocol):
    """Every hook a rules module may define (a module defines the ones it needs)."""

    FILES: Sequence[str]
    OPTIONS: Mapping[str, str]
    RULES: "RuleBook"
    SOURCES: Mapping[str, Source]

    def build(self, game: "Game", opts: "BuildOptions") -> "Iterable[Asset]": ...

    def check(self, game: "Game", state: Path | None = None) -> "Iterable[Finding]": ...


SOURCE_NAME = r"[a-z0-9][a-z0-9_-]{0,59}"  # how a sheet names a source: records: {source: NAME}
HOOKS = ("build", "check", "RULES", "FILES", "OPTIONS", "SOURCES")  # what RulesModule declares, in its order


class HookError(TypeError):
    """A rules module defines a hook with the wrong type."""


@dataclass(frozen=True)
class Rules:
    """A rules module's hooks, each read once, with what stands in for a missing one:
    no assets, no checker, no rule book, no files, no settings, no sources."""

    build: "Callable[[Game, BuildOptions], Iterable[Asset]] | None" = None
    check: "Callable[..., Iterable[Finding]] | None" = None
    book: "RuleBook | None" = None
    files: tuple[str, ...] = ()
    options: Mapping[str, str] = field(default_factory=dict)
    sources: Mapping[str, Source] = field(default_factory=dict)

    @classmethod
    def of(cls, module: Any) -> "Rules":
        """The hooks ``module`` defines (None: no rules module). A hook of the wrong type is a
        :class:`HookError` naming it."""
        if module is None:
            return cls()
        got = {name: getattr(module, name) for name in HOOKS if hasattr(module, name)}
        _check_functions(got)
        files = _checked_files(got.get("FILES", ()))
        options = _checked_options(got.get("OPTIONS", {}))
        sources = _checked_sources(got.get("SOURCES", {}))
        book = _checked_book(got.get("RULES"))
        return cls(got.get("build"), got.get("check"), book, tuple(files), dict(options), dict(sources))

    def assets(self, game: "Game", opts: "BuildOptions") -> "Iterable[Asset]":
        return self.build(game, opts) if self.build is not None else ()

    def findings(self, game: "Game", state: Path | None = None) -> "Iterable[Finding] | None":
        """The checker's findings, or None for a game without a checker."""
        if self.check is None:
            return None
        return self.check(game, state) if state is not None else self.check(game)


def _check_functions(got: Mapping[str, Any]) -> None:
    for name in ("build", "check"):
        if name in got and not callable(got[name]):
            raise HookError(f"{name} must be a function, not {type(got[name]).__name__}")


def _checked_files(files: Any) -> Sequence[str]:
    if isinstance(files, str) or not all(isinstance(p, str) for p in files):
        raise HookError("FILES must be a tuple of file patterns such as 'positions/*.yaml'")
    return files


def _checked_options(options: Any) -> Mapping[str, str]:
    if not isinstance(options, Mapping) or not all(isinstance(k, str) and isinstance(v, str)
                                                   for k, v in options.items()):
        raise HookError("OPTIONS must map each setting's name to what it does")
    return options


def _checked_sources(sources: Any) -> Mapping[str, Source]:
    if not isinstance(sources, Mapping) or not all(
            isinstance(k, str) and re.fullmatch(SOURCE_NAME, k) and callable(v) for k, v in sources.items()):
        raise HookError("SOURCES must map each source's name (lower case letters, digits, - and _) to a "
                        "function (game, opts) returning plain data")
    return sources


def _checked_book(book: Any) -> "RuleBook | None":
    if book is not None and not callable(getattr(book, "run", None)):
        raise HookError("RULES must be a pnp.checks.RuleBook")
    return book
