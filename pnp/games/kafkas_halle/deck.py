"""Kafkas Halle deck rules: deck.yaml against the card list of the rule document.

Each rule reads one deck file (a :class:`Deck`) and compares it with the ``deck.`` facts
(facts.yaml beside the rules module), so a broken deck is caught against the document
rather than against itself.
"""
from __future__ import annotations

from collections import Counter
from functools import cached_property
from typing import Any

from pnp.checks import Loc, Source, flag
from pnp.games.kafkas_halle.facts import RULES
from pnp.load.classes import dataclass


def de(value: Any) -> str:
    if isinstance(value, dict):
        return str(value.get("de", ""))
    return "" if value is None else str(value)


@dataclass
class Deck:
    want: dict  # the facts under deck. (facts.DECK)
    src: Source  # the deck file
    symbol_ids: set
    layout_names: dict = None  # category id -> name from the layout's `category` table
    records: list = None  # the card list as the build reads it (pnp.layout.builtin.cardlist.deck_records)

    @cached_property
    def cards(self) -> list[tuple[int, dict]]:
        """(index, values) of every card row, its ``copies`` the number the build prints (1 unless given)."""
        if self.records is not None:
            return [(i, {**r.values, "copies": r.copies}) for i, r in enumerate(self.records)]
        return [(i, c) for i, c in enumerate(self.src.raw.get("cards") or []) if isinstance(c, dict)]

    def at(self, i: int, key: str | None = None) -> Loc:
        """Where card row ``i`` (and its ``key``) is: in the deck's YAML list, or the spreadsheet's row."""
        if isinstance(self.src.raw.get("cards"), list) or self.records is None:
            return self.src.at("cards", i) if key is None else self.src.at("cards", i, key)
        return Loc(*self.records[i].source)

    @cached_property
    def categories(self) -> dict:
        """Category id -> German name, from the deck's `categories` or its layout's `category` table."""
        listed = {c.get("id"): de(c.get("name")) for c in self.src.raw.get("categories") or [] if isinstance(c, dict)}
        return listed or {k: de(v) for k, v in (self.layout_names or {}).items()}

    def named(self):
        """(index, German name, label for messages, card) of every card."""
        for i, c in self.cards:
            name = de(c.get("name"))
            yield i, name, name or str(c.get("id")), c

    def category(self, card: dict) -> str:
        return self.categories.get(card.get("category"), str(card.get("category")))

    @cached_property
    def per_category(self) -> Counter:
        n: Counter = Counter()
        for _, c in self.cards:
            n[self.category(c)] += copies(c)
        return n

    @cached_property
    def by_name(self) -> dict[str, list[tuple[int, dict]]]:
        """German name -> its card rows (a deck may give one card type in several rows, e.g. one per card)."""
        out: dict = {}
        for i, c in self.cards:
            out.setdefault(de(c.get("name")), []).append((i, c))
        return out

    def differs(self, key: str):
        """(document's card, what the deck says, where) for each card type the deck gives another ``key``:
        copies added up over the type's rows, category and cost row by row."""
        for s in self.want["cards"]:
            rows = self.by_name.get(s["name"], [])
            if key == "copies" and rows:
                got = sum(copies(c) for _i, c in rows)
                if got != s[key]:
                    yield s, got, self.at(rows[0][0], key)
                continue
            for i, c in rows:
                got = self.category(c) if key == "category" else c.get(key)
                if got != s[key]:
                    yield s, got, self.at(i, key)


def copies(card: dict) -> int:
    v = card.get("copies", 0)
    return v if isinstance(v, int) else 0


@RULES.rule("deck.total", "Spielmaterial (fünfzig Genehmigungskarten)", "the deck holds fifty cards", scope="deck")
def total(d: Deck):
    n = sum(copies(c) for _, c in d.cards)
    if n != d.want["total"]:
        yield flag(f"the deck has {n} cards; the seed has {d.want['total']}", "deck", d.src.at("cards"))


@RULES.rule("deck.category-total", "Die Genehmigungskarten (vier Kartenkategorien)",
            "18 Bewegen, 14 Manipulieren, 10 Drehen and 8 Schieben cards", scope="deck")
def category_total(d: Deck):
    for cat, n in d.want["categories"].items():
        if d.per_category.get(cat, 0) != n:
            yield flag(f"category {cat} has {d.per_category.get(cat, 0)} cards; the seed has {n}", cat,
                       d.src.at("categories"))


@RULES.rule("deck.category-unknown", "Die Genehmigungskarten (vier Kartenkategorien)",
            "no category besides the seed's four", scope="deck")
def category_unknown(d: Deck):
    for cat in d.per_category:
        if cat not in d.want["categories"]:
            yield flag(f"category {cat!r} is not one of the seed's: {', '.join(d.want['categories'])}", cat,
                       d.src.at("categories"))


@RULES.rule("deck.card-missing", "Zu den Karten", "every card type of the seed is in the deck", scope="deck")
def card_missing(d: Deck):
    for s in d.want["cards"]:
        if s["name"] not in d.by_name:
            yield flag(f"card type {s['name']!r} ({s['copies']}× {s['category']}, cost {s['cost']}) is missing "
                       "from the deck", s["name"], d.src.at("cards"))


@RULES.rule("deck.card-category", "Zu den Karten", "each card type is in the seed's category", scope="deck")
def card_category(d: Deck):
    for s, got, at in d.differs("category"):
        yield flag(f"{s['name']!r} is in category {got}; the seed puts it in {s['category']}", s["name"], at)


@RULES.rule("deck.copies", "Zu den Karten", "each card type has the seed's number of copies", scope="deck")
def card_copies(d: Deck):
    for s, got, at in d.differs("copies"):
        yield flag(f"{s['name']!r} has {got} copies; the seed has {s['copies']}", s["name"], at)


@RULES.rule("deck.cost", "Zu den Karten (die Zahl in Klammern gibt die Anzahl der nötigen Handlungen an)",
            "each card type costs the seed's number of actions", scope="deck")
def card_cost(d: Deck):
    for s, got, at in d.differs("cost"):
        yield flag(f"{s['name']!r} costs {got} actions; the seed says {s['cost']}", s["name"], at)


@RULES.rule("deck.card-unknown", "Zu den Karten",
            "no card type the seed does not list (names match exactly)", scope="deck")
def card_unknown(d: Deck):
    names = {s["name"] for s in d.want["cards"]}
    for i, name, label, _c in d.named():
        if name not in names:
            yield flag(f"card type {name!r} is not in the seed (names must match exactly)", label, d.at(i, "name"))


@RULES.rule("deck.symbol", "Die Genehmigungskarten (ein simples, gut erkennbares Symbol)",
            "every card shows a symbol that a symbols file defines", scope="deck")
def card_symbol(d: Deck):
    for i, name, label, c in d.named():
        if c.get("symbol") is None:
            yield flag(f"{name!r} has no symbol", label, d.at(i))
        elif c["symbol"] not in d.symbol_ids:
            yield flag(f"{name!r} refers to symbol {c['symbol']!r}, which no symbols file defines", label,
                       d.at(i, "symbol"))


@RULES.rule("deck.forbid-cost", "Nun aber zu den Verboten (Sie benötigen NULL Handlungen)",
            "a forbid (Verbot ...) costs no action", scope="deck")
def forbid_cost(d: Deck):
    for i, name, _label, c in d.named():
        if name.startswith(d.want["forbid_prefix"]) and c.get("cost") != 0:
            yield flag(f"{name!r} is a forbid and must cost 0 actions (it is only played in reply); it costs "
                       f"{c.get('cost')}", name, d.at(i, "cost"))


@RULES.rule("deck.one-back", "Die Genehmigungskarten (deren Rückseiten ununterscheidbar sein sollten)",
            "every card has the same back", scope="deck")
def one_back(d: Deck):
    raw = d.src.raw
    if raw.get("backs") is not None:
        yield flag("the deck gives backs per card value ('backs:'), but every permit card must have the same "
                   "back: give one 'back:'", "deck", d.src.at("backs", key=True))
    elif raw.get("back") == "none":
        yield flag("the deck has no backs ('back: none'); the cards are drawn face down, so they need one back",
                   "deck", d.src.at("back"))
