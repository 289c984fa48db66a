"""Previews of a deck or counter sheet as scenes: a contact sheet (every
distinct face once, small, with its copy count) and a "hand" (a fan of cards
as a player holds them, for READMEs and the gallery).

Both work from ``asset.faces`` (distinct faces with copy counts), so they never
re-read game data, and both are plain pages rendered by the PNG backend.
"""
from __future__ import annotations

import math
from pathlib import Path


from pnp.model.assets import Asset, Item
from pnp.scene.fonts import string_width
from pnp.scene import Group, Page, Rect, Text, rotate, scale, style, translate
from pnp.scene.units import pt_to_mm

PAD = 6.0  # mm around the sheet and between faces
LABEL = 7.0  # mm of caption under each face
HEADER = 12.0  # mm for the title line
CORNER = 3.0  # mm radius the preview cuts card corners to

_INK = style(fill="#222222")
_BORDER = style(stroke="#555555", width=0.3)
_BG = style(fill="#f4f1ea")


def _faces(asset: Asset) -> list[tuple[Item, int]]:
    faces = list(asset.faces or [])
    if not faces:
        raise ValueError(f"asset {asset.name!r} has no faces to preview")
    return faces


def _face_group(item: Item, radius: float = CORNER) -> Group:
    """The face trimmed (no bleed), cut to rounded corners, with a thin edge."""
    r = min(radius, item.w / 4, item.h / 4)
    face = Group([item.front(0.0)], clip=Rect(0, 0, item.w, item.h, radius=r))
    edge = Rect(0, 0, item.w, item.h, style=_BORDER, radius=r)
    return Group([face, edge])


def _columns(n: int, w: float, h: float) -> int:
    """Columns that make the sheet roughly 4:3 landscape."""
    cols = round(math.sqrt(n * (h + LABEL + PAD) / (w + PAD) * 4 / 3))
    return max(1, min(n, cols))


def contact_sheet(asset: Asset) -> Page:
    """Every distinct face once, at print size, captioned ``label ×copies``.

    Faces keep their real millimetre size (so captions read at their point
    size); render at a low dpi for a small image. Mixed sizes are placed in
    cells as big as the biggest face.
    """
    faces = _faces(asset)
    cw = max(item.w for item, _ in faces)
    ch = max(item.h for item, _ in faces)
    cols = _columns(len(faces), cw, ch)
    rows = math.ceil(len(faces) / cols)
    total = sum(copies for _, copies in faces)
    captions = [f"{item.label or f'#{i + 1}'}  ×{copies}" for i, (item, copies) in enumerate(faces)]
    # one caption size for the whole sheet: the longest caption fits its cell
    widest = max(string_width(c, 10) for c in captions)
    cap_size = max(4.0, min(10.0, 10 * (cw + PAD * 0.8) / widest)) if widest else 10.0
    label = min(LABEL, pt_to_mm(cap_size) * 1.4 + 1.5)  # caption row height, mm
    width = PAD + cols * (cw + PAD)
    height = HEADER + PAD + rows * (ch + label + PAD)
    root = Group([Rect(0, 0, width, height, style=_BG)], id="contact-sheet")
    root.add(Text(PAD, HEADER - 2, f"{asset.title or asset.name} — {len(faces)} faces, {total} pieces",
                  size=14, weight="bold", fill=_INK.fill))
    for i, (item, copies) in enumerate(faces):
        r, c = divmod(i, cols)
        x = PAD + c * (cw + PAD) + (cw - item.w) / 2
        y = HEADER + PAD + r * (ch + label + PAD) + (ch - item.h) / 2
        cell = Group([_face_group(item)], transform=translate(x, y), id=f"face-{i + 1}")
        root.add(cell)
        root.add(Text(PAD * 0.6 + c * (cw + PAD), HEADER + PAD + r * (ch + label + PAD) + ch + 1.0, captions[i],
                      size=cap_size, box=(cw + PAD * 0.8, label - 1.0), shrink=True, wrap=False,
                      anchor="middle", fill=_INK.fill))
    return Page(width, height, root, label=f"{asset.name} contact sheet")


def _pick(faces: list[tuple[Item, int]], n: int) -> list[Item]:
    """n faces for the fan: spread over the distinct faces, repeating if fewer."""
    if len(faces) >= n:
        step = len(faces) / n
        return [faces[int(i * step)][0] for i in range(n)]
    return [faces[i % len(faces)][0] for i in range(n)]


def hand(asset: Asset, n: int = 5, spread: float = 48.0) -> Page:
    """n cards fanned as if held in one hand: rotated about a point below them.

    ``spread`` is the angle in degrees between the outermost cards.
    """
    if n < 1:
        raise ValueError("a hand needs at least one card")
    cards = _pick(_faces(asset), n)
    h = max(c.h for c in cards)
    pivot_y = h * 1.6  # from the pivot (the holding thumb) to the cards' top edge
    angles = [0.0] if n == 1 else [-spread / 2 + spread * i / (n - 1) for i in range(n)]
    # bounding box of every rotated card corner, in a frame where the pivot is (0, 0)
    placed = []
    xs, ys = [], []
    for card, a in zip(cards, angles):
        t = rotate(a) @ translate(-card.w / 2, -pivot_y)
        for px, py in ((0, 0), (card.w, 0), (0, card.h), (card.w, card.h)):
            x, y = t.apply(px, py)
            xs.append(x)
            ys.append(y)
        placed.append((card, t))
    margin = 4.0
    ox, oy = -min(xs) + margin, -min(ys) + margin
    width = max(xs) - min(xs) + 2 * margin
    height = max(ys) - min(ys) + 2 * margin
    root = Group(id="hand")
    shadow = style(fill="#000000", opacity=0.18)
    for i, (card, t) in enumerate(placed):
        place = translate(ox, oy) @ t
        r = min(CORNER, card.w / 4, card.h / 4)
        root.add(Group([Rect(0.8, 1.2, card.w, card.h, style=shadow, radius=r)], transform=place))
        root.add(Group([_face_group(card)], transform=place, id=f"card-{i + 1}"))
    return Page(width, height, root, label=f"{asset.name} hand")


def scaled(page: Page, factor: float) -> Page:
    """The same page drawn ``factor`` times its size (for thumbnails in mm)."""
    return Page(page.width * factor, page.height * factor,
                Group([page.content], transform=scale(factor)), label=page.label)
