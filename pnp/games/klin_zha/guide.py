"""The umpire's one-page guide, typeset from guide.yaml (text is data, in both languages)."""
from __future__ import annotations

from pydantic import Field

from pnp.load.loader import load_model
from pnp.model.base import Localised, Strict, tr
from pnp.impose.layout import document_page
from pnp.scene import Text
from pnp.scene.text import layout
from pnp.load.words import Words

WORDS = Words.beside(__file__)

PT = 25.4 / 72


class Section(Strict):
    head: Localised
    text: Localised


class Guide(Strict):
    title: Localised
    sections: list[Section] = Field(min_length=1)


def load_guide(path) -> Guide:
    return load_model(path, Guide)


def guide_pages(guide: Guide, opts, size: float = 9.5):
    lang = opts.lang
    page, box = document_page(opts.paper, "portrait", 14.0, tr(guide.title, lang),
                              WORDS(lang, "game"))
    y = box.y + 2
    for s in guide.sections:
        page.content.add(Text(box.x, y + 4, tr(s.head, lang), size=size + 1.5, weight="bold"))
        y += 6.5
        body = Text(box.x, y, tr(s.text, lang), size=size, box=(box.w, box.bottom - y), line_height=1.3)
        lines = layout(body)
        page.content.add(body)
        y += len(lines) * size * 1.3 * PT + 4.5
    if y > box.bottom:
        from pnp.load.errors import DataErrors, Problem

        raise DataErrors([Problem("guide.yaml", 0, 0, f"the guide runs {y - box.bottom:.0f} mm past the page; "
                                                      "shorten the sections")])
    return [page]
