"""Colours, texts (de/en) and small drawing helpers shared by the printables."""
from __future__ import annotations

from pnp.scene import Group, Rect, Text, color, mix, style
from pnp.scene.style import WHITE
from pnp.games.ordnerstruktur.model import ACCOUNTS, PAIRS, PEOPLES
from pnp.load.words import ENGINE, Words

PT = 25.4 / 72  # mm per point

#: one colour per people, used on heads, tiles, accounts and the transitions card
PEOPLE_COLOUR = {
    "Stadt": color("#3f6fb5"),
    "Wald": color("#2e8b47"),
    "Wüste": color("#d49a1c"),
    "Höhle": color("#8a5a3c"),
}
INK = color("#202020")
GRID = style(stroke="#404040", width=0.3)
THIN = style(stroke="#808080", width=0.2)
SHADE = mix(color("#909090"), WHITE, 0.8)
TOTAL_FILL = mix(color("#d49a1c"), WHITE, 0.8)

WORDS = Words.beside(__file__)
TEXT = WORDS.section("look")


def num(n: int, lang: str) -> str:
    """Thousands grouped the local way: 6.291.456 (de), 6,291,456 (en)."""
    return f"{n:,}".replace(",", ENGINE(lang, "number.thousands"))


def t(lang: str, key: str):
    return TEXT[lang][key]


def peoples_in(name: str) -> list[str]:
    return [p for p in PEOPLES if p in name.split(" ")]


def account_peoples(index: int) -> tuple[str, str]:
    return PAIRS[index]


def chips(x: float, y: float, peoples: list[str], size: float = 2.6, gap: float = 0.8) -> Group:
    """Small colour squares, one per people, left to right from (x, y) top-left."""
    g = Group()
    for k, p in enumerate(peoples):
        g.add(Rect(x + k * (size + gap), y, size, size, style(fill=PEOPLE_COLOUR[p], stroke=None), radius=0.4))
    return g


def label(x, y, text, size=9.0, weight="regular", anchor="start", fill=INK) -> Text:
    return Text(x, y, text, size=size, weight=weight, anchor=anchor, fill=fill)


def boxed(x, y, w, h, text, size=9.0, weight="regular", anchor="middle", fill=INK, shrink=True) -> Text:
    """Text centred vertically in a box, shrunk to fit."""
    return Text(x, y, text, size=size, weight=weight, anchor=anchor, fill=fill, box=(w, h), wrap=False,
                shrink=shrink, valign="middle")


