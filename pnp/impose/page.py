"""Plain one-page documents (player aids, score sheets): a title, a footer and
the box in between for the content."""
from __future__ import annotations

from pnp.scene import Box, Group, Page, Path, Text, style
from pnp.model.paper import paper_size
from pnp.scene.units import MM_PER_PT

TITLE_SIZE = 16.0  # pt
FOOTER_SIZE = 7.0  # pt
RULE = style(stroke="darkgrey", width=0.3)
FOOTER_GREY = style(fill="grey").fill


def document_page(paper: str = "a4", orientation: str = "portrait", margin: float = 12.0,
                  title: str = "", footer: str = "") -> tuple[Page, Box]:
    """An empty page with ``title`` on top and ``footer`` (the game's name, say) at the bottom.

    Returns the page and the content box (page mm) left between them; add
    drawings to ``page.content``. ``orientation="auto"`` means portrait.
    """
    w, h = paper_size(paper, "portrait" if orientation == "auto" else orientation)
    if margin < 0 or 2 * margin >= min(w, h):
        raise ValueError(f"margin {margin} mm leaves no room on a {w:g} x {h:g} mm page")
    content = Group(id="document")
    top = margin
    if title:
        content.add(Text(margin, margin, title, size=TITLE_SIZE, weight="bold",
                         box=(w - 2 * margin, TITLE_SIZE * 1.3 * MM_PER_PT), shrink=True, wrap=False))
        rule_y = margin + TITLE_SIZE * 1.3 * MM_PER_PT + 1.5
        content.add(Path(style=RULE).move(margin, rule_y).line(w - margin, rule_y))
        top = rule_y + 4.0
    foot_base = h - margin
    if footer:  # play material names the game, never the tool or a file
        content.add(Text(w / 2, foot_base, footer, size=FOOTER_SIZE, anchor="middle", fill=FOOTER_GREY))
    bottom = foot_base - FOOTER_SIZE * MM_PER_PT - 3.0
    page = Page(w, h, content, label=title)
    return page, Box(margin, top, w - 2 * margin, bottom - top)
