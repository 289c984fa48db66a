"""Packing: every item lands once, nothing overlaps, marks stay off other items."""
from dataclasses import replace

import pytest

from pnp.impose.items import SheetSpec
from pnp.impose.packing import pack, spacing

from .test_grid import _mirror
from .helpers import card, centre, find, overlaps, placed, seg_hits_box, segments

SHEET = SheetSpec(paper="a4", margin=8, bleed=3, duplex="none")


def mixed(backs=False):
    sizes = [(25, 25)] * 23 + [(30, 60)] * 7 + [(50, 50)] * 5 + [(40, 20)] * 6 + [(80, 120)] * 2
    return [card(w, h, back=backs and i % 2 == 0, label=f"t{i}") for i, (w, h) in enumerate(sizes)]


def test_every_item_on_exactly_one_page_without_overlaps():
    items = mixed()
    pages = list(pack(items, SHEET))
    seen = []
    gap = spacing(SHEET)
    assert gap == pytest.approx(2 * 3 + 1 + 4)
    for p in pages:
        ps = placed(p, "item-")
        seen += list(ps)
        for a, (ta, ca, _) in ps.items():
            assert ta.x >= 8 - 1e-9 and ta.right <= p.width - 8 + 1e-9
            assert ta.y >= 8 - 1e-9 and ta.bottom <= p.height - 8 + 1e-9
            for b, (tb, cb, _) in ps.items():
                if a < b:
                    # trims are at least one spacing apart, so bleeds never touch
                    assert not overlaps(ta.grow(gap / 2 - 1e-6), tb.grow(gap / 2 - 1e-6)), (a, b)
    assert sorted(seen, key=lambda s: int(s.split("-")[1])) == [f"item-{i}" for i in range(len(items))]
    # packing is worth it: fewer pages than one item per page, and deterministic
    assert len(pages) < len(items) / 4
    again = [sorted((k, v[0]) for k, v in placed(p, "item-").items()) for p in pack(mixed(), SHEET)]
    assert again == [sorted((k, v[0]) for k, v in placed(p, "item-").items()) for p in pages]


def test_sizes_survive_packing():
    items = mixed()
    for p in pack(items, SHEET):
        for key, (trim, _, t) in placed(p, "item-").items():
            it = items[int(key.split("-")[1])]
            assert sorted((trim.w, trim.h)) == pytest.approx(sorted((it.w, it.h)))


def test_crop_marks_stay_off_every_item_and_its_bleed():
    for p in pack(mixed(), SHEET):
        ps = placed(p, "item-")
        (marks, _), = find(p.content, "crop-marks")
        segs = list(segments(marks))
        assert len(segs) == 8 * len(ps)  # eight marks per item, none clipped at this margin
        for a, b in segs:
            for trim, clip, _ in ps.values():
                assert not seg_hits_box(a, b, clip), (a, b, clip)
        # each trim corner's edges are continued by a mark
        for trim, _, _ in ps.values():
            for x in (trim.x, trim.right):
                assert any(a[0] == b[0] == pytest.approx(x) and max(a[1], b[1]) <= trim.y for a, b in segs)


def test_cut_lines_outline_each_item():
    pages = list(pack(mixed(), replace(SHEET, crop_marks=False, cut_lines=True)))
    assert spacing(replace(SHEET, crop_marks=False)) == pytest.approx(6)
    for p in pages:
        (cuts, _), = find(p.content, "cut-lines")
        assert len(cuts.children) == len(placed(p, "item-"))
        assert not list(find(p.content, "crop-marks"))


def test_item_too_wide_is_turned_and_too_big_is_refused():
    pages = list(pack([card(250, 150, back=False)], SHEET))
    (trim, _, t), = placed(pages[0], "item-").values()
    assert (trim.w, trim.h) == pytest.approx((150, 250))
    with pytest.raises(ValueError, match=r"item 2 \(huge\).*tile"):
        list(pack([card(20, 20), card(300, 400, label="huge")], SHEET))


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_follow_their_fronts(duplex):
    sheet = replace(SHEET, duplex=duplex, back_offset=(0.5, 1.0))
    pages = list(pack(mixed(backs=True), sheet))
    assert any(p.label.startswith("Rückseiten") for p in pages)
    for front, back in zip(pages, pages[1:]):
        if not (front.label.startswith("Vorder") and back.label.startswith("Rück")):
            continue
        fronts = placed(front, "item-")
        backs = placed(back, "back-")
        assert backs
        for key, (btrim, _, bt) in backs.items():
            ftrim = fronts["item-" + key.split("-")[1]][0]
            cx, cy = centre(ftrim)
            w, h = front.width, front.height
            want = _mirror(duplex, w, h, (cx, cy))
            assert centre(btrim) == pytest.approx((want[0] + 0.5, want[1] + 1.0))
            assert bt.a * bt.d - bt.b * bt.c == pytest.approx(1)


def test_short_items_stack_inside_a_tall_shelf():
    items = [card(60, 120, back=False)] + [card(25, 25, back=False) for _ in range(6)]
    pages = list(pack(items, replace(SHEET, orientation="portrait")))
    assert len(pages) == 1
    ps = placed(pages[0], "item-")
    tall = ps["item-0"][0]
    small = [ps[f"item-{i}"][0] for i in range(1, 7)]
    # all tokens sit beside the tall item, within its shelf, stacked in columns
    assert all(t.y >= tall.y - 1e-9 and t.bottom <= tall.bottom + 1e-9 for t in small)
    columns = {round(t.x, 6) for t in small}
    assert len(columns) == 2  # 3 per column: 3 x 25 + 2 x 11 = 97 <= 120
    assert small[1].y - small[0].bottom == pytest.approx(spacing(SHEET))


def test_auto_orientation_takes_fewer_pages():
    # 120 x 80 mm, 14 mm from the paper edge (6 blank + crop marks and bleed), 11 mm apart: portrait holds
    # 1 x 3 per page (3 pages), landscape 2 x 2 (2 pages)
    items = [card(120, 80, back=False) for _ in range(8)]
    portrait = list(pack(items, replace(SHEET, orientation="portrait")))
    auto = list(pack(items, replace(SHEET, orientation="auto")))
    assert (len(portrait), len(auto)) == (3, 2)
    assert auto[0].width > auto[0].height


def test_every_packed_front_gets_a_back_page_when_any_item_has_one():
    items = [card(60, 90, back=False) for _ in range(9)] + [card(25, 25)]
    pages = list(pack(items, replace(SHEET, duplex="long", orientation="portrait")))
    fronts = [p for p in pages if p.label.startswith("Vorder")]
    backs = [p for p in pages if p.label.startswith("Rück")]
    assert len(fronts) >= 2 and len(backs) == len(fronts)
    assert [p.label[:5] for p in pages] == ["Vorde", "Rücks"] * len(fronts)
