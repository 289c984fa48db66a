"""The ``ruler`` element: a scale in millimetres, to check that a page printed at 100 %.

::

    - {type: ruler, x: 15, y: 40, w: 100, h: 9}

Ticks every millimetre, longer ones every 5 and 10, numbers every 10; the
ruler is as long as its box (``w``), in whole millimetres.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.layout.compile import CardError, _Colour
from pnp.layout.elements import Draw, DrawContext, ElementKind, Fields, Tables, register
from pnp.model.plain.layout import Placed
from pnp.scene import Box, Group, Path, Text, style
from pnp.scene.units import MM_PER_PT

if TYPE_CHECKING:  # pragma: no cover
    from pnp.layout.schemas import rulers as schema
    from pnp.layout.fontbook import FontBook


class RulerEl(Placed):
    """A scale in millimetres as long as its box: ticks every mm, numbers every 10 mm."""


def _ruler(el: schema.RulerEl, fields: Fields, tables: Tables, where: str, ids: set[str],
           book: FontBook | None = None) -> Draw:
    ink = _Colour(el.colour, fields, tables, f"{where} colour")

    def body(ctx: DrawContext, box: Box, g: Group) -> None:
        length = int(box.w + 1e-6)
        if length < 10:
            raise CardError(f"ruler ({where}): a ruler needs a box at least 10 mm wide, got {box.w:.1f} mm")
        text_h = el.size * MM_PER_PT
        tick = max(1.0, box.h - text_h - 1.0)
        colour = ink(ctx.scope)
        p = Path(style=style(stroke=colour, width=0.15))
        p.move(box.x, box.y).line(box.x + length, box.y)
        for mm in range(length + 1):
            h = tick if mm % 10 == 0 else tick * 0.65 if mm % 5 == 0 else tick * 0.4
            p.move(box.x + mm, box.y).line(box.x + mm, box.y + h)
        g.add(p)
        from pnp.scene import fonts

        base = box.y + tick + 0.8 + text_h * 0.76
        last = length - length % 10
        for mm in range(0, length + 1, 10):  # each number centred under its tick (0 starts at it)
            anchor = "start" if mm == 0 else "middle"
            g.add(Text(box.x + mm, base, str(mm), size=el.size, anchor=anchor, fill=colour))
        if el.unit:
            half = fonts.string_width(str(last), el.size, "sans", "regular") / 2
            g.add(Text(box.x + last + half + 0.8, base, el.unit, size=el.size, fill=colour))

    return body


# ------------------------------------------------------------------ registration

register(ElementKind("pnp.layout.schemas.rulers:RulerEl", _ruler, points=("size",), twin=RulerEl))


__all__ = ["RulerEl"]
