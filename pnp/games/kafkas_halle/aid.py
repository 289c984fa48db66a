"""The data of the Kafkas Halle player aid (drawn by data/kafkas-halle/aid.yaml).

The aid is German then English: per language a page of rules (the Markdown
files aid.<lang>.md of the game folder) and a page listing every card with its
copies, cost and effect. This module only computes that list from deck.yaml
(so it cannot drift from the deck) and the words of each page from the game's
catalogue; how it looks is the sheet's.
"""
from __future__ import annotations

from pnp.load.words import Words

WORDS = Words.beside(__file__)
LANGS = ("de", "en")  # the aid prints both, whatever the build's language


def _text(v, lang: str) -> str:
    return (v.get(lang) or v.get("de", "")) if isinstance(v, dict) else str(v)


def card_rows(cards: list[dict], categories: dict, lang: str) -> list[dict]:
    """A row naming each category with its number of cards, then a row per card of it."""
    rows: list[dict] = []
    for cat in dict.fromkeys(c["category"] for c in cards):
        members = [c for c in cards if c["category"] == cat]
        n = sum(int(c["copies"]) for c in members)
        rows.append({"name": f"{_text(categories.get(cat, cat), lang)} ({n})", "copies": "", "cost": "",
                     "effect": ""})
        rows.extend({"name": _text(c["name"], lang), "copies": f"{int(c['copies'])}×", "cost": str(c["cost"]),
                     "effect": _text(c.get("text", ""), lang)} for c in members)
    return rows


def aid_pages(game, opts) -> list[dict]:
    """One record per page of the aid: its language, part (rules or cards), heading and rows."""
    cards, categories = _cards(game)
    pages: list[dict] = []
    for lang in LANGS:
        pages.append({"language": lang, "part": "rules", "heading": WORDS(lang, "aid"), "cards": []})
        if cards:
            head, c_name, c_copies, c_cost, c_effect, foot = WORDS.section("cards")[lang]
            total = sum(int(c["copies"]) for c in cards)
            pages.append({"language": lang, "part": "cards", "heading": head.format(n=total),
                          "c_name": c_name, "c_copies": c_copies, "c_cost": c_cost, "c_effect": c_effect,
                          "foot": foot, "cards": card_rows(cards, categories, lang)})
    return pages


def _cards(game) -> tuple[list[dict], dict]:
    """The deck's cards and its layout's category names, as the data gives them."""
    from pnp.load.loader import load_yaml, locate
    from pnp.model.plain.game import inside

    path = game.folder / "deck.yaml"
    if not path.is_file():
        return [], {}
    deck = load_yaml(path)
    cards = [c for c in deck.get("cards", []) if isinstance(c, dict)] if isinstance(deck.get("cards"), list) else []
    rel = str(deck.get("layout", ""))  # inside the data folder, like every path a game names; else an error at its line
    layout_file = inside(game.folder / rel, game.roots, (path, *locate(deck, ("layout",))), rel, "layout")
    names = {}
    if layout_file.suffix == ".yaml" and layout_file.is_file():
        names = (load_yaml(layout_file).get("tables") or {}).get("category") or {}
    return cards, names
