"""A game's data files, read by their kinds (:mod:`pnp.layout.kinds`) once per Game.

Every YAML file of the game folder but ``game.yaml`` is either a kind's file or
one the rules module says it reads (its ``FILES``); anything else is an error.
All files are read before failing, so one run reports every problem.
"""
from __future__ import annotations

import os
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

from pnp.layout.kinds import KINDS, read_doc
from pnp.load.errors import DataErrors, Problem
from pnp.model.plain.game import Game, inside


def loaded(game: Game) -> list[tuple[Path, str | None, Any, Any]]:
    """(path, kind, model-or-raw, raw) of every data file; kept on the Game."""
    if game._loaded is None:
        from pnp.load.loader import display_path, locate

        own = game.rules().files
        paths, problems = _yaml_files(game)
        out = []
        for p in paths:
            rel = p.relative_to(game.folder).as_posix()
            if p.name == "game.yaml":
                continue
            try:
                inside(p, game.roots, (p, 0, 0), None)  # a link out of the data folder is not read
                entry = (p, *read_doc(p))
            except DataErrors as exc:
                problems += exc.problems
                continue
            if entry[1] is None and not any(fnmatch(rel, pat) for pat in own):
                line, col = locate(entry[3], ())
                problems.append(Problem(display_path(p), line, col,
                                        f"no 'kind:' here, and the game's rules module does not read this file; "
                                        f"give it one of the kinds {', '.join(KINDS)} (or move it out of the "
                                        f"game folder)"))
                continue
            out.append(entry)
        if problems:
            raise DataErrors(problems)
        game._loaded = out
    return game._loaded


def _yaml_files(game: Game) -> tuple[list[Path], list[Problem]]:
    """The YAML files of the game folder and of the folders it links to, and a problem for every
    linked folder that leads out of the data folder (a rules module globs its folders, so a folder
    link is judged as a file link is). Hidden files and folders are skipped, a folder linked
    twice is walked once."""
    found, problems, seen = [], [], set()
    stack = [game.folder]
    while stack:
        folder = stack.pop()
        real = os.path.realpath(folder)
        if real in seen:
            continue
        seen.add(real)
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as exc:
            from pnp.load.loader import display_path

            problems.append(Problem(display_path(folder), 0, 0, f"cannot read this folder ({exc.strerror})"))
            continue
        for entry in entries:
            if entry.name.startswith("."):
                continue
            path = folder / entry.name
            if entry.name.endswith((".yaml", ".yml")):  # a folder of that name is reported by read_doc
                found.append(path)
            elif entry.is_dir():  # links followed
                if entry.is_symlink():
                    try:
                        inside(path, game.roots, (path, 0, 0), None)
                    except DataErrors as exc:
                        problems += [Problem(q.file, q.line, q.col, q.message.replace("this file", "this folder"))
                                     for q in exc.problems]
                        continue
                stack.append(path)
    return sorted(found), problems


def documents(game: Game) -> list[tuple[Path, str | None, object]]:
    """Every YAML file of a game except game.yaml, loaded: (path, kind, model-or-raw).
    Components and checkers share the one read."""
    return [(p, kind, doc) for p, kind, doc, _raw in loaded(game)]


def source(game: Game | None, doc: object) -> tuple[Path, Any] | None:
    """(path, raw YAML with line marks) of a model that ``documents`` loaded."""
    if game is None:
        return None
    for p, _kind, d, raw in loaded(game):
        if d is doc:
            return p, raw
    return None


def accepted_options(game: Game) -> dict[str, str]:
    """Every ``-o KEY`` the game reads: its kinds' settings and its rules module's ``OPTIONS``."""
    out: dict[str, str] = {}
    for _, kind, _doc in documents(game):
        if kind is not None and kind in KINDS:
            out.update(KINDS[kind].options)
    out.update(game.rules().options)
    return out
