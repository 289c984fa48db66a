"""Tiling: windows overlap by exactly the overlap and add up to the item's size."""
from dataclasses import replace

import pytest

from pnp.impose.items import Item, SheetSpec
from pnp.impose.tiling import row_name, tile
from pnp.scene import Box, Group, Rect, style

from .helpers import find, seg_hits_box, segments

SHEET = SheetSpec(paper="a4", margin=8, bleed=0, lang="en")


def board(w, h):
    return Item(w, h, lambda b: Group(children=[Rect(-b, -b, w + 2 * b, h + 2 * b, style(fill="beige"))]))


def windows(pages):
    """Each page's visible window and trim box, mapped back to item coordinates."""
    out = []
    for p in pages:
        (win, _), = find(p.content, "window")
        art = win.children[0]
        dx, dy = art.transform.e, art.transform.f
        assert (art.transform.a, art.transform.d) == (1, 1)  # shifted only, never scaled
        c = win.clip
        out.append((Box(c.x - dx, c.y - dy, c.w, c.h),
                    Box(p.trim.x - dx, p.trim.y - dy, p.trim.w, p.trim.h), (dx, dy)))
    return out


def intervals(values):
    return sorted({(round(a, 6), round(b, 6)) for a, b in values})


@pytest.mark.parametrize("bleed", [0.0, 3.0])
def test_360_board_on_a4_overlaps_exactly_and_covers_exactly(bleed):
    sheet = replace(SHEET, bleed=bleed)
    pages = tile(board(360, 360), sheet, overlap=10)
    assert len(pages) == 4
    wins = windows(pages)
    xs = intervals((w.x, w.right) for w, _, _ in wins)
    ys = intervals((w.y, w.bottom) for w, _, _ in wins)
    for iv in (xs, ys):
        assert len(iv) == 2
        (a0, a1), (b0, b1) = iv
        assert a1 - b0 == pytest.approx(10, abs=1e-6)  # neighbours share exactly 10 mm
        assert a0 == pytest.approx(-bleed, abs=0.2) and b1 == pytest.approx(360 + bleed, abs=0.2)
    # the trimmed parts add up to exactly 360 x 360
    trims = [t for _, t, _ in wins]
    assert min(t.x for t in trims) == pytest.approx(0, abs=0.2)
    assert max(t.right for t in trims) == pytest.approx(360, abs=0.2)
    assert min(t.y for t in trims) == pytest.approx(0, abs=0.2)
    assert max(t.bottom for t in trims) == pytest.approx(360, abs=0.2)
    for p in pages:  # the window stays inside the printer-safe margin
        assert p.bleed.x >= 8 - 1e-9 and p.bleed.right <= p.width - 8 + 1e-9
        assert p.bleed.y >= 8 - 1e-9 and p.bleed.bottom <= p.height - 8 + 1e-9


@pytest.mark.parametrize("size,overlap", [((500, 300), 10), ((600, 420), 15), ((250, 150), 5),
                                          ((200, 700), 20)])
def test_any_board_is_covered_with_the_requested_overlap(size, overlap):
    w, h = size
    pages = tile(board(w, h), replace(SHEET, orientation="auto", bleed=2), overlap=overlap)
    wins = windows(pages)
    for axis, total in ((0, w), (1, h)):
        iv = intervals(((win.x, win.right) if axis == 0 else (win.y, win.bottom)) for win, _, _ in wins)
        assert iv[0][0] == pytest.approx(-2) and iv[-1][1] == pytest.approx(total + 2)
        for (a0, a1), (b0, b1) in zip(iv, iv[1:]):
            assert a1 - b0 == pytest.approx(overlap)
    # every page shows the same window size
    assert len({(round(x.w, 6), round(x.h, 6)) for x, _, _ in wins}) == 1


def test_labels_and_page_map():
    pages = tile(board(360, 360), SHEET, overlap=10, title="Board")
    assert [p.label for p in pages] == ["Board · A1 of 2×2", "Board · A2 of 2×2",
                                        "Board · B1 of 2×2", "Board · B2 of 2×2"]
    de = tile(board(360, 360), replace(SHEET, lang="de"))
    assert de[3].label == "B2 von 2×2"
    for k, p in enumerate(pages):
        (m, _), = find(p.content, "page-map")
        cells = [c for c in m.children if isinstance(c, Rect)]
        assert len(cells) == 4
        filled = [i for i, c in enumerate(cells) if c.style.fill is not None]
        assert filled == [k]  # row-major: A1, A2, B1, B2
    # windows advance rows downwards and columns rightwards
    wins = windows(pages)
    assert wins[1][0].x > wins[0][0].x and wins[2][0].y > wins[0][0].y


def test_seams_have_a_cut_line_and_crosses_on_both_pages():
    pages = tile(board(360, 360), SHEET, overlap=10)
    wins = windows(pages)
    (seams, t), = find(pages[0].content, "seams")
    dashed = [c for c in seams.children if not isinstance(c, Group)]
    assert len(dashed) == 2  # one vertical, one horizontal seam
    x_seam = dashed[0].ops[0][1]
    shared_x0, shared_x1 = wins[1][0].x, wins[0][0].right
    assert x_seam == pytest.approx((shared_x0 + shared_x1) / 2)
    crosses = [c for c in seams.children if isinstance(c, Group)]
    assert crosses
    for cross in crosses:  # every cross is visible on the two pages it joins
        circle = cross.children[0]
        inside = [w for w, _, _ in wins if w.x < circle.cx < w.right and w.y < circle.cy < w.bottom]
        assert len(inside) >= 2


def test_crop_marks_only_on_the_outer_edges_and_outside_the_art():
    pages = tile(board(360, 360), replace(SHEET, bleed=3), overlap=10)
    for p, (win, trim, (dx, dy)) in zip(pages, windows(pages)):
        (marks, _), = find(p.content, "crop-marks")
        segs = list(segments(marks))
        assert segs
        for a, b in segs:
            assert not seg_hits_box(a, b, p.bleed)
        # marks sit on the item's outer trim edges only (0 or 360 in item coordinates)
        for a, b in segs:
            if a[0] == b[0]:
                assert round(a[0] - dx, 6) in (0.0, 360.0)
            else:
                assert round(a[1] - dy, 6) in (0.0, 360.0)


def test_item_that_fits_gives_one_plain_page():
    pages = tile(board(150, 100), replace(SHEET, bleed=3), overlap=10, title="Small")
    assert len(pages) == 1
    p = pages[0]
    assert (p.trim.w, p.trim.h) == pytest.approx((150, 100))
    assert p.trim.x == pytest.approx((210 - 150) / 2)
    assert p.label == "Small · A1"
    assert not list(find(p.content, "seams")) and not list(find(p.content, "page-map"))


def test_impossible_overlap_is_refused():
    with pytest.raises(ValueError, match="overlap"):
        tile(board(1000, 1000), SHEET, overlap=250)


def test_row_names():
    assert [row_name(i) for i in (0, 1, 25, 26, 27)] == ["A", "B", "Z", "AA", "AB"]


def test_trim_that_fits_stays_on_one_page_with_the_bleed_the_margin_allows():
    # 280 x 190 fits A4 landscape's 281 x 194 printable area, but not with 3 mm bleed
    pages = tile(board(280, 190), replace(SHEET, bleed=3, orientation="landscape"))
    assert len(pages) == 1
    p = pages[0]
    assert (p.trim.w, p.trim.h) == pytest.approx((280, 190))
    assert p.trim.x - p.bleed.x == pytest.approx(0.5)  # (281 - 280) / 2
    assert p.trim.y - p.bleed.y == pytest.approx(2)  # (194 - 190) / 2
    assert p.bleed.x >= 8 - 1e-9 and p.bleed.right <= 297 - 8 + 1e-9
