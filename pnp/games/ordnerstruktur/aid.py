"""A one-page rules summary for the table, in our own words (de/en)."""
from __future__ import annotations

from pnp.impose.layout import document_page
from pnp.scene import Page, Text
from pnp.scene.text import layout
from pnp.games.ordnerstruktur.look import INK
from pnp.load.words import Words

WORDS = Words.beside(__file__)
SECTIONS = WORDS.section("aid")


def rules_page(lang: str, paper: str = "a4") -> Page:
    page, box = document_page(paper, "portrait", 14.0, WORDS[lang]["look"]["rules_title"], "Spielidee: Tobias Thulke")
    y = box.y
    for head, body in SECTIONS[lang]:
        page.content.add(Text(box.x, y + 4, head, size=11, weight="bold", fill=INK))
        y += 6
        h = 31.0
        page.content.add(Text(box.x, y, body, size=9.5, fill=INK, box=(box.w, h), shrink=True, line_height=1.3))
        lines = layout(Text(box.x, y, body, size=9.5, box=(box.w, h), shrink=True, line_height=1.3))
        y = lines[-1].y + 5
    if y > box.bottom:
        raise ValueError("the rules summary runs past the page")
    page.label = "regeln"
    return page
