"""Words in catalogues: a folder with one YAML file per language (``de.yaml``,
``en.yaml``, ...), each a mapping from keys to texts (or to nested mappings and
lists). ``WORDS[lang]["key"]`` reads one; a regional language without a file
(``de-AT``) reads its language's (``de``), and a language without one the English one. Adding a language is adding a file: tests check that every file of
a catalogue has the same keys, so a missing word fails a test, not a print run.

The engine's catalogue is ``pnp/words/``; each game's is ``words/`` beside its
rules module.
"""
from __future__ import annotations

import re
from pathlib import Path
from functools import lru_cache
from typing import Any

FALLBACK = "en"


class Words:
    """One catalogue: ``words[lang]`` is that language's mapping, read once."""

    def __init__(self, folder: "str | Path"):
        self.folder = Path(folder)
        self._tables: dict[str, dict[str, Any]] = {}

    @classmethod
    def beside(cls, module_file: str) -> "Words":
        """The catalogue ``words/`` in the folder of the module file given (``__file__``);
        modules of one folder share one catalogue, read once."""
        return _catalogue(Path(module_file).resolve().parent / "words")

    def langs(self) -> list[str]:
        return sorted(p.stem for p in self.folder.glob("*.yaml"))

    def __getitem__(self, lang: str) -> dict[str, Any]:
        if lang not in self._tables:
            path = self.folder / f"{lang}.yaml"
            if not path.is_file():
                base = re.split(r"[-_]", lang)[0]  # de-AT, pt_BR: the language's own words, else English
                return self[base if base != lang else FALLBACK] if lang != FALLBACK else {}
            from pnp.load.loader import load_yaml, read_cached

            table = read_cached(path, "words-v1", load_yaml)
            if not isinstance(table, dict):
                raise ValueError(f"{path}: a word catalogue is a mapping of keys to texts")
            self._tables[lang] = table
        return self._tables[lang]

    def section(self, name: str) -> "Section":
        return Section(self, name)

    def __call__(self, lang: str, key: str, **values: Any) -> str:
        """The text for ``key`` (dots reach into nested mappings), formatted with ``values``."""
        node: Any = self[lang]
        for part in key.split("."):
            node = node[part]
        return node.format(**values) if values else node


class Section:
    """One top-level entry of a catalogue in every language: ``section[lang]``, ``lang in section``."""

    def __init__(self, words: Words, name: str):
        self.words, self.name = words, name

    def __getitem__(self, lang: str) -> Any:
        return self.words[lang][self.name]

    def __contains__(self, lang: object) -> bool:
        return lang in self.words.langs()


@lru_cache(maxsize=None)
def _catalogue(folder: Path) -> Words:
    return Words(folder)


def shape(value: Any) -> Any:
    """The keys of a catalogue entry without its texts, to compare languages."""
    if isinstance(value, dict):
        return {k: shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [shape(v) for v in value]
    return type(value).__name__


ENGINE = _catalogue(Path(__file__).resolve().parents[1] / "words")  # the engine's own words


def counted(n: int, noun: str, nouns: str | None = None) -> str:
    """``n`` with its noun in the right number: "1 file", "2 files" (``nouns`` for an irregular plural)."""
    return f"{n:,} {noun if n == 1 else nouns or noun + 's'}"
