"""The Kafkas Halle player aid, in German and in English (own words).

Per language a page with the turn, playing a card, forbids and their chains,
the draw pile and the optional Verzweifeln rule, and a page listing every card
with its copies, cost and effect (read from the deck's data, so it cannot drift).
"""
from __future__ import annotations

from pnp.scene import Group, Rect, Text, color, style
from pnp.scene.text import layout
from pnp.load.words import Words

PT = 25.4 / 72
BODY = 12.5  # pt: readable at arm's length
HEAD = 14.0

WORDS = Words.beside(__file__)
SECTIONS = WORDS.section("aid")


def _stack(sections, box, body: float, head: float) -> tuple[Group, float]:
    """The sections stacked from the top of ``box``; returns (group, bottom y)."""
    ink = color("#1a1a1a")
    g = Group()
    y = box.y + 2
    for h_text, b_text in sections:
        g.add(Rect(box.x, y, 2.2, head * PT * 1.1, style(fill="#8a3a8f")))
        g.add(Text(box.x + 5, y + head * PT * 0.95, h_text, size=head, weight="bold", fill=ink))
        y += head * PT * 1.6
        lines = layout(Text(box.x + 5, y, b_text, size=body, box=(box.w - 5, 400.0), line_height=1.3))
        h = len(lines) * body * PT * 1.3
        g.add(Text(box.x + 5, y, b_text, size=body, box=(box.w - 5, h + 1), fill=ink, line_height=1.3))
        y += h + body * PT * 1.2
    return g, y


def aid_page(lang: str, paper: str = "a4", margin: float = 14.0):
    """One page of the aid; the type shrinks (not below 9 pt) until it fits the paper."""
    from pnp.impose.layout import document_page

    title, sections = SECTIONS[lang]
    page, box = document_page(paper, "portrait", margin, title)
    body, head = BODY, HEAD
    while True:
        g, bottom = _stack(sections, box, body, head)
        if bottom <= box.bottom or body <= 9.0:
            break
        body, head = body - 0.5, head - 0.5
    if bottom > box.bottom:
        raise ValueError(f"player aid ({lang}) needs {bottom - box.y:.0f} mm but the page has {box.h:.0f} mm")
    g.id = f"player-aid-{lang}"
    page.content.add(g)
    return page


CARD_WORDS = WORDS.section("cards")


def card_page(cards: list[dict], categories: dict, lang: str, paper: str = "a4", margin: float = 14.0):
    """Every card by category: name, copies, cost and effect, one row each."""
    from pnp.impose.layout import document_page

    def text(v) -> str:
        return v.get(lang) or v.get("de", "") if isinstance(v, dict) else str(v)

    head, c_name, c_copies, c_cost, c_effect, foot = CARD_WORDS[lang]
    total = sum(int(c["copies"]) for c in cards)
    page, box = document_page(paper, "portrait", margin, head.format(n=total))
    ink, size = color("#1a1a1a"), 10.0
    xs = (box.x, box.x + 46, box.x + 63, box.x + 80)
    widths = (44, 15, 15, box.w - 80)
    g = Group(id=f"card-list-{lang}")
    y = box.y + 2
    for x, word in zip(xs, (c_name, c_copies, c_cost, c_effect)):
        g.add(Text(x, y + size * PT, word, size=size, weight="bold", fill=ink))
    y += size * PT * 1.6
    order = list(dict.fromkeys(c["category"] for c in cards))
    for cat in order:
        members = [c for c in cards if c["category"] == cat]
        y += 2
        g.add(Rect(box.x, y, box.w, 6.2, style(fill="#e6e6e6")))
        g.add(Text(box.x + 1.5, y + 4.4, f"{text(categories.get(cat, cat))} ({sum(int(c['copies']) for c in members)})",
                   size=size + 1, weight="bold", fill=ink))
        y += 7.5
        for c in members:
            cells = (text(c["name"]), f"{int(c['copies'])}×", str(c["cost"]), text(c.get("text", "")))
            row = [Text(x, y, v, size=size, box=(w, 40.0), fill=ink, weight="bold" if i == 0 else "regular")
                   for i, (x, v, w) in enumerate(zip(xs, cells, widths))]
            h = max(len(layout(t)) for t in row) * size * PT * 1.2
            for t in row:
                t.box = (t.box[0], h + 1)
                g.add(t)
            y += h + 1.8
    g.add(Text(box.x, y + 3 + size * PT, foot, size=size - 1, fill=color("#444444")))
    if y + 6 > box.bottom:
        raise ValueError(f"card list ({lang}) needs {y + 6 - box.y:.0f} mm but the page has {box.h:.0f} mm")
    page.content.add(g)
    return page
