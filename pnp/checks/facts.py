"""Facts pnp transcribed from a rule document, each with the passage it comes from.

A game's facts live in the package, in ``facts.yaml`` beside its rules module, never in
the data folder: the data folder is the game as its user edits it, and the facts are what
``pnp check`` holds that data against. Editing the data can make the checker disagree;
it can never change what the checker agrees with.

::

    document: rules-of-chess.txt
    title: Chess
    facts:
      board.files:
        value: 8
        section: The board
        quote: "eight files, a to h"

``Facts.beside(__file__)`` reads them once; ``FACTS["board.files"]`` is a :class:`Fact`,
``FACTS.value("board.files")`` its value, and ``FACTS.compare(key, actual, ...)`` a
finding (or None) for data that says something else.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

from pnp.checks.finding import Finding, flag
from pnp.checks.source import Loc, Source
from pnp.load.classes import dataclass


@dataclass(frozen=True)
class Fact:
    key: str
    value: Any
    section: str  # the passage of the rule document
    quote: str = ""  # the document's own words, as short as will do


@dataclass(frozen=True)
class Facts:
    document: str  # the rule document's file name
    title: str  # the game's title, as messages name the document
    facts: dict[str, Fact]

    @classmethod
    def beside(cls, module_file: str) -> "Facts":
        """The ``facts.yaml`` in the folder of the module file given (``__file__``), read once."""
        return _read(Path(module_file).resolve().parent / "facts.yaml")

    def __getitem__(self, key: str) -> Fact:
        return self.facts[key]

    def __contains__(self, key: object) -> bool:
        return key in self.facts

    def __iter__(self) -> Iterator[Fact]:
        return iter(self.facts.values())

    def value(self, key: str) -> Any:
        return self.facts[key].value

    @property
    def fingerprint(self) -> str:
        """A digest of every fact, for caches of results that depend on them."""
        import hashlib

        return hashlib.sha256(repr([(f.key, f.value, f.section) for f in self]).encode()).hexdigest()[:16]

    def cite(self, key_or_section: str) -> str:
        """'Chess, §The board [rules-of-chess.txt]' for a fact's key or a section."""
        section = self.facts[key_or_section].section if key_or_section in self.facts else key_or_section
        return citation(self.title, section, self.document)

    def compare(self, key: str, actual: Any, what: str, at: "Loc | str" = "", obj: str = "") -> Finding | None:
        """A finding when ``actual`` is not the fact's value: ``what`` names it in the message
        ("the number of files"), ``at`` is where the data says it."""
        fact = self.facts[key]
        if actual == fact.value:
            return None
        said = f' ("{fact.quote}")' if fact.quote else ""
        return flag(f"{what} is {_show(actual)}; {self.cite(key)} says {_show(fact.value)}{said}", obj, at)


    def restated(self, src: "Source", what: str = "") -> Iterator[Finding]:
        """A finding for every fact a user's file states otherwise. Each fact key is a dotted
        path into the file (``deck.total`` is ``deck: {total: ...}``); facts the file does not
        mention are not its business. ``what`` names the file in messages."""
        name = what or Path(src.file).name
        for fact in self:
            value, path = src.raw, fact.key.split(".")
            for part in path:
                value = value.get(part) if isinstance(value, dict) else None
            found = None if value is None else \
                self.compare(fact.key, _plain(value), f"{name} says {fact.key}", src.at(*path), fact.key)
            if found is not None:
                yield found


def citation(title: str, section: str, document: str) -> str:
    """How messages cite a passage: the game's title and section, the file in brackets."""
    head = f"{title}, §{section}" if section else title
    return f"{head} [{document}]" if document else head


def _show(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(map(str, value)) or "none"
    return str(value)


@lru_cache(maxsize=None)
def _read(path: Path) -> Facts:
    from pnp.load.loader import load_yaml

    raw = load_yaml(path)
    if not isinstance(raw, dict) or not isinstance(raw.get("facts"), dict):
        raise ValueError(f"{path}: a facts file holds document, title and a mapping facts")
    facts = {}
    for key, entry in raw["facts"].items():
        if not isinstance(entry, dict) or "value" not in entry or not entry.get("section"):
            raise ValueError(f"{path}: fact {key!r} needs a value and the section it comes from")
        facts[str(key)] = Fact(str(key), _plain(entry["value"]), str(entry["section"]), str(entry.get("quote", "")))
    return Facts(str(raw.get("document", "")), str(raw.get("title", "")), facts)


def _plain(value: Any) -> Any:
    """The value without the loader's line marks (plain dicts, lists, str, int, ...)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, str):
        return str(value)
    return value
