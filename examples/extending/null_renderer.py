"""The smallest renderer: it draws nothing and counts what it is asked to draw.

It implements the six calls every backend must (pnp.render.base.Renderer);
hatch lines and pictures reach it through Renderer's defaults, as shapes.
Run it: ``python examples/extending/null_renderer.py``.
"""
from collections import Counter

from pnp.render.base import Renderer, walk
from pnp.scene import Group, Hatch, Image, Page, Rect, Text, color, style


class NullRenderer(Renderer):
    def __init__(self):
        self.calls = Counter()

    def begin_page(self, page):
        self.calls["page"] += 1

    def end_page(self, page):
        pass

    def begin_group(self, group):
        self.calls["group"] += 1

    def end_group(self, group):
        pass

    def shape(self, node, style, alpha):
        self.calls[type(node).__name__] += 1

    def text(self, t, lines, alpha):
        self.calls["line"] += len(lines)


def sample() -> Page:
    """A page with a group, a hatched box, a line of text and a picture."""
    hatched = style(fill="white", stroke="black", hatch=Hatch(angle=45, spacing=2.0, width=0.2))
    return Page(60, 40, Group([Rect(5, 5, 20, 10, hatched), Text(5, 20, "pnp", size=10, fill=color("black")),
                               Image(30, 5, 20, 20, b"not read by this renderer")]))


if __name__ == "__main__":
    r = NullRenderer()
    walk(r, sample())
    print(dict(r.calls))
