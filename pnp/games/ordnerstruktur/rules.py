"""Ordnerstruktur's rules module (named in data/ordnerstruktur/game.yaml).

Everything the game prints is a sheet of data/ordnerstruktur/ drawn by the engine; this module
hands those sheets what they compute from (``SOURCES``: the structures' sums and tiles, their
exhaustive solutions, the moves of each variant; see pnp.games.ordnerstruktur.sources) and
``check`` validates every structure (or the one given as ``state``).
"""
from __future__ import annotations

FILES = ("structures/*.yaml",)  # the data files without a kind this module reads

from pathlib import Path

from pnp.checks import Finding, flag
from pnp.games.ordnerstruktur.sources import STRUCTURES, charts, mats, solutions, structure_files, tiles, variants
from pnp.games.ordnerstruktur.structure import RULES

#: what the sheets of data/ordnerstruktur/ print, computed (docs/sheets.md, section 5)
SOURCES = {"charts": charts, "mats": mats, "solutions": solutions, "tiles_paare": tiles("paare"), "tiles_voelker": tiles("voelker"),
           "variants": variants}


@RULES.rule("ordner.structures", "Die Ordnerstruktur (beliebig viele Ordnerstrukturen anlegen)",
            "the game folder ships structures to play", scope="game", severity="warning")
def structures_present(game):
    if not structure_files(game):
        yield flag(f"no structure files in {game.folder / STRUCTURES}")


def check(game, state: Path | None = None) -> list[Finding]:
    """Every broken rule in every shipped structure; with ``state``, that file too."""
    from pnp.games.ordnerstruktur.structure import violations_of

    findings = RULES.run(game, "game")
    for p in structure_files(game) + ([Path(state)] if state is not None else []):
        findings += violations_of(p)
    return findings
