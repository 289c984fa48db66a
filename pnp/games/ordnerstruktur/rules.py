"""Ordnerstruktur's rules module (named in data/ordnerstruktur/game.yaml).

The rules in brief are data (aid.yaml, aid.<lang>.md, drawn by the engine).
``build`` renders the play kit for both variants and, for every structure in
``structures/``, its play mat, its file tiles and a solution sheet;
``check`` validates every structure (or the one given as ``state``).
"""
from __future__ import annotations

FILES = ("structures/*.yaml",)  # the data files without a kind this module reads

from pathlib import Path
from typing import Iterable

from pnp.model.assets import Asset, BuildOptions
from pnp.checks import Finding, flag
from pnp.load.errors import DataErrors
from pnp.games.ordnerstruktur.model import VARIANTS
from pnp.games.ordnerstruktur.structure import RULES

STRUCTURES = "structures"

from pnp.games.ordnerstruktur.sources import mats, solutions, variants

#: what the sheets of data/ordnerstruktur/ print, computed (docs/sheets.md, section 5)
SOURCES = {"mats": mats, "solutions": solutions, "variants": variants}


def structure_files(game) -> list[Path]:
    return sorted((game.folder / STRUCTURES).glob("*.yaml"))


def _load_all(game):
    from pnp.games.ordnerstruktur.structure import load_structure

    out, problems = [], []
    for p in structure_files(game):
        try:
            out.append((p.stem, load_structure(p)))
        except DataErrors as exc:
            problems += exc.problems
    if problems:
        raise DataErrors(problems)
    return out


def build(game, opts: BuildOptions) -> Iterable[Asset]:
    from pnp.impose.grid import impose
    from pnp.impose.items import sheet_from_options
    from pnp.games.ordnerstruktur.look import t
    from pnp.games.ordnerstruktur.tiles import blank_tile_items, foldover_items, tile_items

    lang, paper = opts.lang, opts.paper
    structures = _load_all(game)  # fail before any drawing, with every problem

    for v in VARIANTS:
        vname = t(lang, "variant")[v]
    sheet = sheet_from_options(opts)
    for v in VARIANTS:  # the blank kit: design a structure on paper and play it without pnp
        vname = t(lang, "variant")[v]
        blank = (lambda v=v: blank_tile_items(v, lang)) if opts.duplex != "none" else \
            (lambda v=v: foldover_items(blank_tile_items(v, lang), lang))
        yield Asset(f"leer-{v}-plaettchen", f"{t(lang, 'tiles')} ({t(lang, 'blank')}, {vname})",
                    (lambda blank=blank: impose(blank(), sheet)), min_text_pt=5.0,
                    description="every tile of the variant with a blank back to write the Machtpunkte on")
    for stem, s in structures:
        # without duplex printing the tiles fold over: front and back on one side, fold line between
        make = foldover_items if opts.duplex == "none" else tile_items
        yield Asset(f"{stem}-plaettchen", f"{t(lang, 'tiles')}: {s.title}",
                    (lambda s=s, make=make: impose(make(s, lang), sheet)), min_text_pt=5.0,
                    description="one tile per file: subfolder and name on the front, Machtpunkte on the back "
                                "(duplex; fold-over with --duplex none)")


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
