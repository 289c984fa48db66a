"""The paths a PDF page paints, read back with pikepdf: every subpath's points in mm from the
page's top-left, with how it was painted (stroke, fill) and in which colours, so a test can
measure a printed shape against the size the data asks for.

Importable from every test folder (tests/ is on sys.path through its conftest).
"""
from __future__ import annotations

from dataclasses import dataclass

import pikepdf

PT = 72 / 25.4


@dataclass
class Painted:
    points: list[tuple[float, float]]  # mm, y down; curves give their end points only
    closed: bool
    op: str  # S, f*, B* ..., or "clip" for a clipping path
    stroke: tuple | None  # RGB 0..1
    fill: tuple | None
    width: float  # stroke width in mm (page scale)
    dash: tuple = ()  # dash lengths in mm (page scale); () when solid

    @property
    def stroked(self) -> bool:
        return self.op in ("S", "s", "B", "B*", "b", "b*")

    @property
    def filled(self) -> bool:
        return self.op in ("f", "f*", "F", "B", "B*", "b", "b*")


def _mul(m, n):
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2, e * a2 + f * c2 + e2,
            e * b2 + f * d2 + f2)


def painted(pdf, page: int = 0, clips: bool = False) -> list[Painted]:
    """Every subpath painted on ``page``, in drawing order; with ``clips`` the clipping paths too
    (op ``"clip"``)."""
    out: list[Painted] = []
    with pikepdf.open(pdf) as doc:
        p = doc.pages[page]
        height = float(p.mediabox[3]) - float(p.mediabox[1])
        ctm = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
        stack = []
        stroke = fill = None
        lw = 1.0
        dash: tuple = ()
        subs: list[tuple[list, bool]] = []
        clipping = False

        def dev(x, y):
            a, b, c, d, e, f = ctm
            px, py = a * x + c * y + e, b * x + d * y + f
            return (px / PT, (height - py) / PT)

        scale = lambda: (abs(ctm[0] * ctm[3] - ctm[1] * ctm[2])) ** 0.5 / PT  # noqa: E731
        for operands, op in pikepdf.parse_content_stream(p):
            name = str(op)
            v = [float(x) for x in operands] if name in ("cm", "m", "l", "c", "re", "w", "rg", "RG") else []
            if name == "q":
                stack.append((ctm, stroke, fill, lw, dash))
            elif name == "Q":
                ctm, stroke, fill, lw, dash = stack.pop()
            elif name == "d":
                dash = tuple(round(float(x) * scale(), 4) for x in operands[0])
            elif name == "cm":
                ctm = _mul(tuple(v), ctm)
            elif name == "w":
                lw = v[0] * scale()
            elif name == "rg":
                fill = tuple(v)
            elif name == "RG":
                stroke = tuple(v)
            elif name == "m":
                subs.append(([dev(*v)], False))
            elif name in ("l",):
                subs[-1][0].append(dev(*v))
            elif name == "c":
                subs[-1][0].append(dev(v[4], v[5]))
            elif name == "re":
                x, y, w, h = v
                subs.append(([dev(x, y), dev(x + w, y), dev(x + w, y + h), dev(x, y + h)], True))
            elif name == "h":
                pts, _ = subs[-1]
                subs[-1] = (pts, True)
            elif name in ("S", "s", "f", "f*", "F", "B", "B*", "b", "b*"):
                for pts, closed in subs:
                    out.append(Painted(pts, closed or name in ("s", "b", "b*"), name, stroke, fill, lw, dash))
                subs = []
            elif name in ("W", "W*"):
                clipping = True
            elif name == "n":
                if clipping and clips:
                    out += [Painted(pts, True, "clip", None, None, 0.0) for pts, _ in subs]
                subs, clipping = [], False
    return out
