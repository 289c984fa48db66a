"""File tiles: subfolder and name on the front, Machtpunkte on the back.

A tile lies face down on its mat cell (front up, so the player sees which
file it is); turning it over reveals the points, as confirming a file does
in the seed's screen version. Tiles are the size of a mat cell.
"""
from __future__ import annotations

from pnp.impose.items import Item
from pnp.scene import Group, Rect, Text, mix, style
from pnp.scene.style import WHITE
from pnp.games.ordnerstruktur.look import INK, PEOPLE_COLOUR, boxed, chips, peoples_in, t
from pnp.games.ordnerstruktur.mat import TILE
from pnp.games.ordnerstruktur.model import NUMBERED, SUBFOLDERS
from pnp.games.ordnerstruktur.structure import Structure

STRIP = 9.0  # mm, the dark subfolder strip on the front


def _front(subfolder: int, name: str, w: float, h: float):
    ps = peoples_in(name)

    def draw(bleed: float) -> Group:
        tint = mix(PEOPLE_COLOUR[ps[0]], WHITE, 0.85)
        g = Group(id=f"tile-front-{subfolder}-{name}")
        g.add(Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, style(fill=tint)))
        g.add(Rect(-bleed, -bleed, STRIP + bleed, h + 2 * bleed, style(fill="#303030")))
        g.add(boxed(0, 0, STRIP, h, str(subfolder), size=12, weight="bold", fill=WHITE))
        g.add(chips(STRIP + 2, 2, ps, size=2.4))
        g.add(boxed(STRIP + 1, 3.5, w - STRIP - 2, h - 4.5, name, size=9, weight="bold"))
        return g
    return draw


def _back(subfolder: int, name: str, points: int | None, w: float, h: float, lang: str):
    def draw(bleed: float) -> Group:
        g = Group(id=f"tile-back-{subfolder}-{name}")
        g.add(Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, style(fill="#fbf6e9")))
        g.add(Rect(1.2, 1.2, w - 2.4, h - 2.4, style(stroke="#d49a1c", width=0.4), radius=1.2))
        big = str(points) if points is not None else "–"
        g.add(boxed(0, 0.6, w, h - 4, big, size=16 if points is not None else 12, weight="bold"))
        small = f"{subfolder} · {name}" + ("" if points is not None else f" · {t(lang, 'no_number')}")
        g.add(Text(w / 2, h - 1.9, small, size=5, anchor="middle", fill=INK))
        return g
    return draw


def _blank_back(subfolder: int, name: str, w: float, h: float, lang: str):
    """A back to write the Machtpunkte on by hand (subfolder 11: says it holds none)."""
    if subfolder > NUMBERED:
        return _back(subfolder, name, None, w, h, lang)

    def draw(bleed: float) -> Group:
        g = Group(id=f"tile-back-{subfolder}-{name}")
        g.add(Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, style(fill="#fbf6e9")))
        g.add(Rect(1.2, 1.2, w - 2.4, h - 2.4, style(stroke="#d49a1c", width=0.4), radius=1.2))
        g.add(Rect(w / 2 - 8, 2.2, 16, h - 6.4, style(fill="white", stroke="#808080", width=0.3), radius=1))
        g.add(Text(w / 2, h - 1.9, f"{subfolder} · {name} · {t(lang, 'write_points')}", size=5, anchor="middle",
                   fill=INK))
        return g
    return draw


def blank_tile_items(variant: str, lang: str = "de") -> list[Item]:
    """Every tile of a variant with a blank back, for a structure designed on paper."""
    from pnp.games.ordnerstruktur.model import CANONICAL

    w, h = TILE[variant]
    return [Item(w, h, _front(r, name, w, h), _blank_back(r, name, w, h, lang), label=f"{r} {name}")
            for r in range(1, SUBFOLDERS + 1) for name in CANONICAL[variant]]


def tile_items(structure: Structure, lang: str = "de") -> list[Item]:
    """All 11 x names tiles, subfolder by subfolder, names in column order."""
    w, h = TILE[structure.variant]
    items = []
    for r in range(1, SUBFOLDERS + 1):
        for name in structure.names:
            pts = structure.points(r, name) if r <= NUMBERED else None
            items.append(Item(w, h, _front(r, name, w, h), _back(r, name, pts, w, h, lang), label=f"{r} {name}"))
    return items


def foldover_items(structure: "Structure | list[Item]", lang: str = "de") -> list[Item]:
    """Tiles for printers without duplex: front above, back below a dashed fold line.

    Folded along the line (the back half goes behind), the points read upright
    when the tile is turned over its fold edge, top to bottom.
    """
    from pnp.scene import Path, translate

    out = []
    for it in (structure if isinstance(structure, list) else tile_items(structure, lang)):
        w, h = it.w, it.h

        def draw(bleed: float, it=it, w=w, h=h) -> Group:
            g = Group(id=f"tile-fold-{it.label}")
            g.add(Group([it.front(bleed)], clip=Rect(-bleed, -bleed, w + 2 * bleed, h + bleed)))
            g.add(Group([Group([it.back(bleed)], transform=translate(0, h))],
                        clip=Rect(-bleed, h, w + 2 * bleed, h + bleed)))
            g.add(Path(style=style(stroke="#606060", width=0.2, dash=(1.2, 1.2))).move(0, h).line(w, h))
            return g

        out.append(Item(w, 2 * h, draw, None, label=it.label))
    return out
