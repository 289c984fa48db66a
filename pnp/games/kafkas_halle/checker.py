"""Kafkas Halle checker: the deck and the set-up against the seed's facts.

The facts (counts, costs, squares) live in ``seed-facts.yaml``, transcribed from the rule
document; the rules (deck.py, hall.py) compare the deck and the board the user edits with
them. With ``state`` (a board YAML of a position in play) only the ``hall`` rules run.
Files are read as raw YAML so every finding can point at ``file:line:col``.
"""
from __future__ import annotations

from pathlib import Path

from pnp.checks import Finding, Source, flag
from pnp.load.loader import display_path, load_yaml
from pnp.model.game import loaded
from pnp.games.kafkas_halle import deck as _deck, hall as _hall  # noqa: F401  (they register their rules)
from pnp.games.kafkas_halle.deck import Deck
from pnp.games.kafkas_halle.facts import RULES
from pnp.games.kafkas_halle.hall import Hall

FACTS_FILE = "seed-facts.yaml"


def load_facts(game) -> dict:
    """The seed's facts, validated (positioned DataErrors if the file is damaged)."""
    from pnp.load.loader import load_model
    from pnp.games.kafkas_halle.facts import SeedFacts

    path = game.folder / FACTS_FILE
    load_model(path, SeedFacts)  # kept once valid; a missing file is a data error
    raw = next((r for p, _k, _d, r in loaded(game) if p == path), None)
    return load_yaml(path) if raw is None else raw


def sources(game, kind: str) -> list[Source]:
    """The game's files of one kind, from the shared read."""
    return [Source.of(p, raw) for p, k, _doc, raw in loaded(game) if k == kind]


@RULES.rule("deck.missing", "Spielmaterial (fünfzig Genehmigungskarten)",
            "the game folder has a deck file", scope="game")
def deck_missing(game):
    if not sources(game, "deck"):
        yield flag("no deck file (kind: deck) in the game folder", "deck", str(game.folder))


@RULES.rule("setup.missing", "Zum Abschluss (die von mir vorgeschlagene Anfangsaufstellung)",
            "the game folder has a board file", scope="game")
def setup_missing(game):
    if not sources(game, "board"):
        yield flag("no board file (kind: board) in the game folder", "board", str(game.folder))


def check(game, state: Path | None = None) -> list[Finding]:
    # load_facts reads the game through pnp.model.game.loaded: broken files are data
    # errors (exit 2) exactly as `pnp build` reports them, before any rule runs.
    facts = load_facts(game)
    if state is not None:
        src = Source.read(state)
        if not isinstance(src.raw, dict):
            return RULES.run(src, "position")
        return RULES.run(Hall(facts["setup"], src), "hall")
    symbol_ids = {s.get("id") for lib in sources(game, "symbols") for s in lib.raw.get("symbols") or []
                  if isinstance(s, dict)}
    findings = RULES.run(game, "game")
    names = {k: v for lay in sources(game, "layout")
             for k, v in ((lay.raw.get("tables") or {}).get("category") or {}).items()}
    for src in sources(game, "deck"):
        findings += RULES.run(Deck(facts["deck"], src, symbol_ids, names), "deck")
    for src in sources(game, "board"):
        findings += RULES.run(Hall(facts["setup"], src), "hall", "start")
    return findings
