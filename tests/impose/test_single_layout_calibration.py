"""Single-item pages, plain document pages and the duplex calibration sheet."""

import pytest

from pnp.impose.calibration import targets
from pnp.impose.grid import calibration_sheet
from pnp.impose.items import SheetSpec
from pnp.impose.page import document_page
from pnp.impose.single import single_page
from pnp.scene import Text

from .helpers import card, find


@pytest.mark.parametrize("bleed", [0.0, 3.0])
def test_single_page_is_trim_plus_bleed(bleed):
    p = single_page(card(63, 88), bleed)
    assert (p.width, p.height) == pytest.approx((63 + 2 * bleed, 88 + 2 * bleed))
    assert (p.trim.x, p.trim.y, p.trim.w, p.trim.h) == pytest.approx((bleed, bleed, 63, 88))
    assert (p.bleed.x, p.bleed.y, p.bleed.w, p.bleed.h) == pytest.approx((0, 0, 63 + 2 * bleed, 88 + 2 * bleed))
    art = p.content.children[0]
    assert (art.transform.e, art.transform.f) == pytest.approx((bleed, bleed))
    # the background fills the page exactly
    bg = art.children[0].children[0]
    assert art.transform.apply(bg.x, bg.y) == pytest.approx((0, 0))


def test_single_page_back():
    p = single_page(card(63, 88), 3, back=True)
    assert p.content.id == "back"
    with pytest.raises(ValueError, match="no back"):
        single_page(card(back=False, label="Ass"), 3, back=True)


def _texts(group):
    for ch in group.children:
        if isinstance(ch, Text):
            yield ch
        elif hasattr(ch, "children"):
            yield from _texts(ch)


def test_document_page_has_title_footer_and_free_box():
    page, box = document_page("a4", "portrait", 12, title="Spielhilfe", footer="Kafkas Halle")
    assert (page.width, page.height) == (210, 297)
    texts = list(_texts(page.content))
    assert [t.text for t in texts] == ["Spielhilfe", "Kafkas Halle"]
    title, foot = texts
    assert box.x == 12 and box.right == pytest.approx(198)
    assert box.y > title.y + 5  # below the title line
    assert box.bottom < foot.y - 2  # above the footer baseline
    assert foot.y <= 297 - 12
    land, lbox = document_page("letter", "landscape", 10)
    assert (land.width, land.height) == (279.4, 215.9)
    assert lbox.y == 10 and lbox.w == pytest.approx(259.4)
    with pytest.raises(ValueError, match="margin"):
        document_page(margin=120)


def flat(points):
    return [v for p in points for v in p]


def _scale_centres(page):
    (scales, t), = find(page.content, "calibration-scales")
    out = []
    for g in scales.children:
        axis = g.children[0]  # the horizontal scale line, -10..+10 mm around the centre
        (_, x0, y0), (_, x1, y1) = axis.ops
        out.append(t.apply((x0 + x1) / 2, y0))
    return out


@pytest.mark.parametrize("duplex,mirror", [("long", "x"), ("short", "y")])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (-1.0, 2.5)])
def test_calibration_scales_sit_behind_the_front_crosses(duplex, mirror, offset):
    front, back = calibration_sheet(SheetSpec(duplex=duplex, back_offset=offset))
    assert (front.width, front.height) == (210, 297)
    crosses = []
    (fr, _), = find(front.content, "calibration-front")
    for g in fr.children:
        if hasattr(g, "children") and g.children and not isinstance(g, Text):
            (_, x0, y0), (_, x1, y1) = g.children[0].ops
            crosses.append(((x0 + x1) / 2, y0))
    assert flat(crosses) == pytest.approx(flat(targets(210, 297)))
    want = [((210 - x) if mirror == "x" else x, (297 - y) if mirror == "y" else y) for x, y in crosses]
    want = [(x + offset[0], y + offset[1]) for x, y in want]
    assert flat(_scale_centres(back)) == pytest.approx(flat(want))
    assert any(f"{offset[0]:g}, {offset[1]:g} mm" in t.text for t in _texts(back.content))


def test_calibration_in_english_and_without_duplex_setting():
    front, back = calibration_sheet(SheetSpec(duplex="none", lang="en", paper="letter"))
    assert back.label == "Duplex calibration · back"
    assert (front.width, front.height) == (215.9, 279.4)
    assert _scale_centres(back)[1] == pytest.approx((215.9 - 35, 35))  # treated as long-edge
