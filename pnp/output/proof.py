"""Proof pages: every distinct card face (and back) alone at 1:1 with its
trim, bleed and safe zone drawn over it, to check a layout before printing
a whole deck.

The guides: the trim (where the cutter goes) as a solid line, the outer edge
of the bleed dashed, the safe zone (what must survive an imprecise cut)
dotted, each in a colour and a dash of its own so they read in greyscale too.
"""
from __future__ import annotations

from typing import Any

from pnp.model.assets import Asset, Item
from pnp.scene import Box, Group, Page, Rect, Text, style, translate
from pnp.scene.primitives import Node
from pnp.load.words import ENGINE

MARGIN = 12.0  # mm around the card for the caption and the guide key
DEFAULT_SAFE = 3.0
MIN_W = 70.0  # mm of page beside the margins, so the caption and the guide key fit beside a small token
_TRIM = style(stroke="#d00000", width=0.25)
_BLEED = style(stroke="#0050c8", width=0.25, dash=(1.5, 1.0))
_SAFE = style(stroke="#008a3c", width=0.25, dash=(0.4, 0.6))
_HALO = style(stroke="white", width=0.7)


def proof_pages(asset: Asset, bleed: float, lang: str = "de") -> list[Page]:
    """One page per distinct face of ``asset`` (then its backs), card at 1:1."""
    safe = getattr(asset, "safe", None)
    safe = DEFAULT_SAFE if safe is None else safe
    words = _WORDS[lang]
    faces = asset.faces or []
    pages = [_page(item, False, bleed, safe, f"{item.label} ×{copies}", words) for item, copies in faces]
    if asset.back is not None:
        pages.append(_page(asset.back, asset.back.back is not None, bleed, safe, words["back"], words))
    else:  # backs of their own (per type, double-sided counters): each distinct back once
        seen = set()
        for item, _ in faces:
            key = item.back_key if item.back_key is not None else id(item)
            if item.back is not None and key not in seen:
                seen.add(key)
                pages.append(_page(item, True, bleed, safe, f"{words['back']}: {item.label}", words))
    return pages


def _page(item: Item, back: bool, bleed: float, safe: float, caption: str, words: dict[str, Any]) -> Page:
    room = max(item.w, MIN_W)
    w, h = room + 2 * MARGIN, item.h + 2 * MARGIN + 8
    x0, y0 = MARGIN, MARGIN + 4
    draw = item.back if back and item.back is not None else item.front  # callers ask for a back only where there is one
    card = Group([draw(bleed)], transform=translate(x0, y0))
    clipped = Group([card], clip=Rect(x0 - bleed, y0 - bleed, item.w + 2 * bleed, item.h + 2 * bleed))
    boxes = [((x0, y0, item.w, item.h), _TRIM),
             ((x0 - bleed, y0 - bleed, item.w + 2 * bleed, item.h + 2 * bleed), _BLEED),
             ((x0 + safe, y0 + safe, item.w - 2 * safe, item.h - 2 * safe), _SAFE)]
    # each guide on a white halo, so it shows on any ground
    halos: list[Node] = [Rect(*b, _HALO) for b, _ in boxes]
    guides = Group(halos + [Rect(*b, st) for b, st in boxes], id="guides")
    head = Text(x0, y0 - bleed - 6.5, caption, size=9, weight="bold", box=(room, 5), wrap=False, shrink=True,
                min_size=6)
    key = Text(x0, y0 + item.h + bleed + 3, f"{words['trim']} — {words['bleed']} - - {words['safe']} · · ·",
               size=6, box=(room + MARGIN, 4), wrap=False, shrink=True, min_size=6)
    content = Group([clipped, guides, head, key], id="proof")
    return Page(w, h, content, trim=Box(x0, y0, item.w, item.h),
                bleed=Box(x0 - bleed, y0 - bleed, item.w + 2 * bleed, item.h + 2 * bleed), label=caption)


_WORDS = ENGINE.section("proof")
