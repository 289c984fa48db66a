"""Kafkas Halle checker: the deck and the set-up against the document's facts.

The facts (counts, costs, material, squares) are pnp's, in ``facts.yaml`` beside the rules
module, each with its passage; the rules (deck.py, hall.py) compare the deck and the board
the user edits with them. With ``state`` (a board YAML of a position in play) only the
``hall`` rules run. Files are read as raw YAML so every finding can point at ``file:line:col``.
"""
from __future__ import annotations

from pathlib import Path

from pnp.checks import Finding, Source, flag
from pnp.layout.documents import loaded
from pnp.games.kafkas_halle import deck as _deck, hall as _hall  # noqa: F401  (they register their rules)
from pnp.games.kafkas_halle.deck import Deck
from pnp.games.kafkas_halle.facts import DECK, FACTS, RULES, SETUP
from pnp.games.kafkas_halle.hall import Hall

# A copy of the transcription pnp once kept in the data folder. It is no longer what the
# checker trusts; if a data folder still has one, what it says is compared with the facts.
OLD_FACTS = "seed-facts.yaml"


def sources(game, kind: str | None) -> list[Source]:
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


@RULES.rule("facts.restated", "Spielmaterial; Zu den Karten; Die Sperren; Die Barrieren; Die Spielfiguren",
            f"a data file that restates the document's facts ({OLD_FACTS}) restates them as the document has them",
            scope="game")
def restated(game):
    for src in sources(game, None):
        if Path(src.file).name == OLD_FACTS and isinstance(src.raw, dict):
            yield from FACTS.restated(src, OLD_FACTS)


def check(game, state: Path | None = None) -> list[Finding]:
    # every file is read through pnp.layout.documents.loaded first: broken files are data errors
    # (exit 2) exactly as `pnp build` reports them, before any rule runs.
    loaded(game)
    if state is not None:
        src = Source.read(state)
        if not isinstance(src.raw, dict):
            return RULES.run(src, "position")
        return RULES.run(Hall(SETUP, src), "hall")
    symbol_ids = {s.get("id") for lib in sources(game, "symbols") for s in lib.raw.get("symbols") or []
                  if isinstance(s, dict)}
    findings = RULES.run(game, "game")
    names = {k: v for lay in sources(game, "layout")
             for k, v in ((lay.raw.get("tables") or {}).get("category") or {}).items()}
    from pnp.layout.builtin.cardlist import deck_records

    for path, kind, doc, raw in loaded(game):
        if kind == "deck":  # the card list as the build reads it: a YAML list or a spreadsheet, copies applied
            records = deck_records(doc, game, path.stem)
            findings += RULES.run(Deck(DECK, Source.of(path, raw), symbol_ids, names, records), "deck")
    for src in sources(game, "board"):
        findings += RULES.run(Hall(SETUP, src), "hall", "start")
    return findings
