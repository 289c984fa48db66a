"""Engine print rules for every kind: crop marks only for used slots, no near-empty packed page,
files that print safely double-sided (pages on their own get blank backs once a file has backs)."""
from __future__ import annotations

import pytest

from pnp.impose.duplex import Sides, paired
from pnp.impose.grid import impose, fit_grid
from pnp.impose.items import SheetSpec
from pnp.impose.packing import pack
from pnp.scene import Group, Page

from .helpers import card, placed, segments

SHEET = SheetSpec(paper="a4", margin=8, bleed=3, duplex="none")


def _marks(page):
    out = []
    for g in page.content.children:
        if isinstance(g, Group) and g.id == "crop-marks":
            out += [((p.ops[0][1], p.ops[0][2]), (p.ops[1][1], p.ops[1][2])) for p in g.children]
    return out


def test_a_partial_last_sheet_marks_only_the_rows_and_columns_it_uses():
    plan = fit_grid(63, 88, SHEET)
    assert plan.per_page == 9
    pages = list(impose([card(back=False) for _ in range(9 + 2)], SHEET))
    full, last = _marks(pages[0]), _marks(pages[1])
    assert len(full) == 2 * 4 + 2 * 4  # butted cards: 4 vertical edges above and below, 4 horizontal ones beside
    used = [t for t, _, _ in placed(pages[1], "card-").values()]
    assert len(used) == 2
    ys = {round(a[1], 3) for a, b in last if abs(a[1] - b[1]) < 1e-9}  # horizontal marks: their y
    xs = {round(a[0], 3) for a, b in last if abs(a[0] - b[0]) < 1e-9}
    assert ys == {round(used[0].y, 3), round(used[0].bottom, 3)}  # one row of cards: its two edges only
    assert xs == {round(v, 3) for t in used for v in (t.x, t.right)}  # the two cards' columns only
    bottom = max(t.bottom for t in used)
    assert all(min(a[1], b[1]) < bottom + 12 for a, b in last)  # nothing marked down the empty rows


def test_packing_never_leaves_a_near_empty_last_page():
    tokens = [card(30, 30, back=False, label=f"t{i}") for i in range(24 + 3)]  # 24 fill a page
    pages = list(pack(tokens, SHEET))
    counts = [len(placed(p, "item-")) for p in pages]
    assert len(pages) == 2 and sum(counts) == 27
    assert min(counts) >= max(counts) / 3, counts  # not 24 and 3


def _page(side: str, label: str) -> Page:
    return Page(210, 297, Group(), label=label, side=side)


def test_pages_on_their_own_get_blank_backs_once_a_file_is_double_sided():
    pages = [_page("", "a"), _page("", "b"), _page("front", "c"), _page("back", "c'"), _page("", "d"),
             _page("front", "e")]
    sides = Sides()
    out = list(paired(pages, sides))
    assert [(p.label.split(" ")[0], p.side) for p in out] == [
        ("a", ""), ("a", "back"), ("b", ""), ("b", "back"), ("c", "front"), ("c'", "back"), ("d", ""), ("d", "back"),
        ("e", "front"), ("e", "back")]
    assert sides.double and sides.blanks == 4
    assert len(out) % 2 == 0  # a duplex printer pairs every page with the one after it


def test_a_single_sided_file_stays_as_it_is():
    pages = [_page("", str(i)) for i in range(200)]
    sides = Sides()
    assert [p.label for p in paired(pages, sides)] == [str(i) for i in range(200)] and not sides.double


def test_a_back_without_its_front_is_refused():
    with pytest.raises(ValueError, match="a back without a front"):
        list(paired([_page("back", "x")]))


def test_grid_and_pack_say_which_pages_are_fronts_and_backs():
    two = SheetSpec(paper="a4", margin=8, bleed=3, duplex="long")
    grid = list(impose([card() for _ in range(12)], two))
    assert [p.side for p in grid] == ["front", "back", "front", "back"]
    one = list(impose([card(back=False) for _ in range(12)], two))
    assert [p.side for p in one] == ["", ""]
    packed = list(pack([card(30, 30), card(40, 40, back=False)], two))
    assert [p.side for p in packed] == ["front", "back"]
    assert segments  # the helpers module stays in use


# --- 6 mm at the paper edge stay blank: a home printer may not print there -------------------------------------

def _segs(page):
    return [tuple(round(v, 6) for v in (*p, *q)) for g in _marks_groups(page) for p, q in segments(g)]


def _marks_groups(page):
    from .helpers import find

    return [g for g, _ in find(page.content, "crop-marks")]


def test_packed_pieces_keep_bleed_and_marks_six_mm_from_the_paper_edge():
    # margin 0 asked for: the trims still keep 6 + crop mark 4 + gap 1 + bleed 3 = 14 mm from the edge
    sheet = SheetSpec(paper="a4", margin=0, bleed=3, duplex="none", crop_marks=True)
    page = next(pack([card(30, 30, back=False) for _ in range(100)], sheet))
    trims = [t for t, _, _ in placed(page, "item-").values()]
    assert min(min(t.x, t.y, 210 - t.right, 297 - t.bottom) for t in trims) >= 14 - 1e-9
    ends = [v for s in _segs(page) for v in s]
    assert ends and min(ends) >= 6 - 1e-9
    assert max(s[2] for s in _segs(page)) <= 204 + 1e-9 and max(s[3] for s in _segs(page)) <= 291 + 1e-9


def test_pieces_cut_along_their_shape_keep_only_their_bleed_clear():
    from dataclasses import replace as changed

    round_token = changed(card(30, 30, back=False), cut=(("M", 0.0, 15.0), ("Z",)))
    page = next(pack([round_token for _ in range(100)], SheetSpec(paper="a4", margin=0, bleed=3, duplex="none")))
    trims = [t for t, _, _ in placed(page, "item-").values()]
    # 6 blank + bleed 3, no crop marks to make room for: 32 + 6 spacing per token, 5 x 7 between 9 and 201 x 288
    assert len(trims) == 35 and min(min(t.x, t.y) for t in trims) >= 9 - 1e-9
    assert max(t.right for t in trims) <= 201 + 1e-9 and max(t.bottom for t in trims) <= 288 + 1e-9
    assert _segs(page) == []


def test_a_corner_mark_whose_edge_lies_in_the_blank_strip_is_left_out():
    from pnp.impose.marks import corner_marks
    from pnp.scene import Box

    marks = corner_marks(Box(5, 20, 30, 30), reach=1, length=4, page_w=100, page_h=100)
    ends = {(m.ops[0][1], m.ops[0][2], m.ops[1][1], m.ops[1][2]) for m in marks}
    # the left edge x = 5 is in the strip: its two vertical marks go; the top and bottom edges' marks on the left
    # would run from 4 mm outwards: they go too; the right edge x = 35 keeps its marks, left of it nothing is cut
    assert ends == {(35, 15, 35, 19), (35, 51, 35, 55), (36, 20, 40, 20), (36, 50, 40, 50)}
